"""agents package."""

__all__: list[str] = []
