"""Fighting Words: the letter and event deck, the challenge checker, their drawing and the fighting-words command."""
