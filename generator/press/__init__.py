"""Paper, cards and PDF: knows nothing of any game."""
