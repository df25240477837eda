"""The DejaVu TrueType faces parlour prints with, shipped inside the package as generator._fonts."""
