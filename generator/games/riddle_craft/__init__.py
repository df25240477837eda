"""Riddle Craft: the riddle cards, When Cards and tokens, their drawing and the riddle-craft command."""
