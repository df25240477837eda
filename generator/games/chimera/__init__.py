"""Chimera's Lair: the cards, the checker, the referee's key, the pad and the deck, their drawing and the chimera command."""
