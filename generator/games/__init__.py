"""One content model per game: what is printed, never how."""
