"""`python -m generator` runs the parlour command line."""

from generator.cli import main

main()
