"""The one exception type for user-facing errors: a single line saying what is wrong and how to fix it."""


class ParlourError(Exception):
    """One-line user error."""
