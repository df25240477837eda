"""The one error type parlour shows to users."""


class ParlourError(Exception):
    """One-line user error."""
