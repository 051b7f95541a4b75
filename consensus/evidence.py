"""Locating a quoted excerpt in a stored source: the one rule that keeps citations honest.

An agent's quote is accepted only if it occurs in the stored source text, compared modulo
whitespace (runs of spaces/newlines count as one space). What gets stored is the *source's own*
span — ``text[start:end]`` — never the agent's copy, so a citation always shows the source's words.
"""

from __future__ import annotations

import re
from functools import lru_cache

__all__ = ["locate_excerpt"]

_SPACE = re.compile(r"\s+")


@lru_cache(maxsize=256)
def _normalized(text: str) -> tuple[str, tuple[int, ...]]:
    """Whitespace-collapsed text, and for each of its characters the offset in ``text``."""
    chars: list[str] = []
    offsets: list[int] = []
    previous_space = False
    for i, ch in enumerate(text):
        if ch.isspace():
            if previous_space:
                continue
            chars.append(" ")
            previous_space = True
        else:
            chars.append(ch)
            previous_space = False
        offsets.append(i)
    return "".join(chars), tuple(offsets)


def locate_excerpt(source_text: str, quote: str) -> tuple[int, int] | None:
    """Return ``(start, end)`` of ``quote`` in ``source_text`` (whitespace-insensitive), or None.

    The span is trimmed to the source's first and last non-space characters of the match, so
    ``source_text[start:end]`` is the verbatim excerpt to store.
    """
    needle = _SPACE.sub(" ", quote).strip()
    if not needle:
        return None
    haystack, offsets = _normalized(source_text)
    at = haystack.find(needle)
    if at < 0:
        return None
    start = offsets[at]
    end = offsets[at + len(needle) - 1] + 1
    return start, end
