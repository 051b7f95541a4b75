"""Claude as a model backend: the only package under ``agents`` that imports ``anthropic``.

``backend`` holds the :class:`ClaudeBackend` (the Messages API with forced tool use), ``tools`` the
tool schemas and how their input becomes typed actions, ``prompts`` the prompt text and the bounded
debate window, ``errors`` the translation of the SDK's exceptions into :mod:`protocols` errors.
Importing this package loads the anthropic SDK: the CLI and the server import it only when a key
asks for Claude.
"""

from agents.claude.backend import BUDGET_NOTE, DEFAULT_MODEL, MIN_OUTPUT_TOKENS, ClaudeBackend

__all__ = ["BUDGET_NOTE", "DEFAULT_MODEL", "MIN_OUTPUT_TOKENS", "ClaudeBackend"]
