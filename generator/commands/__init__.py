"""Click commands, one module per job or game; each stays thin: parse, call games/press, write files."""
