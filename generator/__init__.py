"""parlour: print-ready PDFs for five parlour games."""

__version__ = "0.1.0"
