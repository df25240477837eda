"""The one exception type for user errors: printed as one line, exit code 2."""


class ParlourError(Exception):
    """One-line user error."""
