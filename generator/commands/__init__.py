"""Commands that belong to no one game: the pack, calibration, settings, templates and the word tools."""
