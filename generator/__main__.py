"""`python -m generator` runs the parlour command line."""

from generator.console import main

main()
