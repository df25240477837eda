"""How The Sorcerer's Chamber looks on paper: the board at any scale, the set-up page, the
full-size board, the cheat notes and the move diagrams."""
