"""How to play: each game's rules from templates/rules/*.toml, their drawing and the rules command."""
