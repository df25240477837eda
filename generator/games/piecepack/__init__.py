"""The piecepack kit to cut out: tiles, coins, dice, pawns and pyramids, their drawing and the piecepack command."""
