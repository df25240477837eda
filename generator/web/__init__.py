"""`parlour serve` (the web extra): a page to choose, preview and print, and the referee's tools.

The routes call the same click commands and game functions as the terminal; flask and waitress
are imported only when the server starts, so the command line works without the extra."""
