"""consensus package."""

__all__: list[str] = []
