"""store package."""

__all__: list[str] = []
