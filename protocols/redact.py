"""Redaction of secrets from text that leaves a backend: the one function every boundary uses.

Backends and proxies sometimes echo a request back in an error body, headers included. Such text
must never reach the store (``run.error``), the trace, logs, stderr or an MCP client. Adapters pass
every vendor message through :func:`redact` when they translate an error; the runtime and the edges
(CLI, MCP server) pass what they store or show through it once more, for errors that did not come
from an adapter.

What is replaced with ``[REDACTED]``:

- the value of every configured secret: the environment variables in :data:`SECRET_ENV_VARS` and
  any value given in ``secrets`` (an adapter passes the key it was built with);
- the value of an ``Authorization``, ``Proxy-Authorization``, ``x-api-key`` or ``api-key`` header or
  JSON field, however it is quoted (``"x-api-key": "..."``, ``x-api-key: ...``, ``('x-api-key', '...')``);
- anything shaped like an Anthropic (``sk-ant-…``), Tavily (``tvly-…``) or other ``sk-…`` key.
"""

from __future__ import annotations

import os
import re
from collections.abc import Iterable

__all__ = ["REDACTED", "SECRET_ENV_VARS", "redact"]

#: What a secret is replaced with.
REDACTED = "[REDACTED]"
#: Environment variables whose values are secrets wherever they appear.
SECRET_ENV_VARS = ("ANTHROPIC_API_KEY", "TAVILY_API_KEY", "CONSENSUS_TOKEN")
#: Configured values shorter than this are not searched for (they would match ordinary words).
_MIN_SECRET_LENGTH = 8

_HEADER_NAMES = r"(?:proxy-)?authorization|x-api-key|api[-_]key"
# name, then a separator made of quotes, colons, commas, equals signs and spaces, then the value: a
# scheme word such as "Bearer" is kept and the credential after it replaced.
_HEADER_VALUE = re.compile(
    rf"""(?P<name>\b(?:{_HEADER_NAMES})\b)(?P<sep>['"]?\s*[:=,]\s*\(?\s*['"]?)"""
    r"""(?P<scheme>(?:bearer|basic|token)\s+)?(?!(?:bearer|basic|token)\b)(?P<value>[^\s'",;&()\[\]{}]+)""",
    re.IGNORECASE,
)
_KEY_SHAPES = re.compile(r"\b(?:sk-ant-[A-Za-z0-9_\-]{8,}|tvly-[A-Za-z0-9_\-]{8,}|sk-[A-Za-z0-9_\-]{20,})")


def _configured(secrets: Iterable[str | None]) -> list[str]:
    values = [os.environ.get(name, "") for name in SECRET_ENV_VARS]
    values += [s for s in secrets if s]
    found = {v.strip() for v in values if len(v.strip()) >= _MIN_SECRET_LENGTH}
    return sorted(found, key=len, reverse=True)  # a key that contains another is replaced whole


def redact(text: str, *, secrets: Iterable[str | None] = ()) -> str:
    """``text`` with every secret replaced by :data:`REDACTED`.

    Args:
        text: what is about to be stored, written or shown.
        secrets: values to redact besides the configured environment variables (e.g. the key an
            adapter was built with); empty and very short values are ignored.

    Returns:
        The redacted text (the same string when nothing matched).
    """
    text = _HEADER_VALUE.sub(lambda m: f"{m.group('name')}{m.group('sep')}{m.group('scheme') or ''}{REDACTED}", text)
    for value in _configured(secrets):
        text = text.replace(value, REDACTED)
    return _KEY_SHAPES.sub(REDACTED, text)
