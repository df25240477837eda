"""One package per game: its content model (what is printed), its drawing and its click command."""
