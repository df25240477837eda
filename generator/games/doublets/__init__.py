"""Doublets, Lewis Carroll's word ladders: the puzzles, daily sheets, Jewels, scoring paper, their drawing and the doublets command."""
