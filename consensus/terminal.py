"""Text that is safe to put on a terminal: control characters made visible, never executed.

Documents, questions and model output are untrusted. Written raw to a terminal, an escape sequence
(``ESC [ 2 J`` clears the screen, ``ESC ] 52`` writes the clipboard), a carriage return (overwrites
the line) or a bidirectional override (U+202E reverses what follows) changes what the reader sees.
:func:`visible` replaces each such character with an escape that shows what it was: ``\\x1b``,
``\\r``, ``\\u202e``. Newlines and tabs are kept. The CLI passes everything it prints through it.

In JSON (``--json``, ``--format json``) every replacement is a ``\\uXXXX`` escape, which is valid
inside a JSON string and decodes back to the original character.
"""

from __future__ import annotations

import re

__all__ = ["visible"]

# C0 controls except tab and newline, DEL, C1 controls, the bidirectional controls and marks, and
# the Unicode line/paragraph separators (a terminal may treat them as line breaks).
_UNSAFE = re.compile("[\x00-\x08\x0b-\x1f\x7f-\x9f\u061c\u200e\u200f\u2028-\u202e\u2066-\u2069]")
_NAMED = {"\r": "\\r", "\x0b": "\\v", "\x0c": "\\f", "\x08": "\\b", "\x00": "\\0"}


def visible(text: str, *, json: bool = False) -> str:
    """``text`` with every character that a terminal would act on replaced by a visible escape.

    Args:
        text: any text.
        json: use ``\\uXXXX`` escapes only (the text is JSON, and stays valid JSON).

    Returns:
        The text unchanged when it has no such character.
    """
    if json:
        return _UNSAFE.sub(lambda m: f"\\u{ord(m.group()):04x}", text)
    return _UNSAFE.sub(_escape, text)


def _escape(match: re.Match[str]) -> str:
    char = match.group()
    if char in _NAMED:
        return _NAMED[char]
    code = ord(char)
    return f"\\x{code:02x}" if code < 0x100 else f"\\u{code:04x}"
