"""The Sorcerer's Chamber (piecepack + pyramids): board, orb set-ups, moves, cheat notes, their drawing and the sorcerer command."""
