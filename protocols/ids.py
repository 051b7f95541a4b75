"""Prefixed, time-sortable identifiers (``run_…``, ``clm_…``, ``src_…``)."""

from __future__ import annotations

import os
import time

__all__ = ["new_id"]

_ALPHABET = "0123456789abcdefghjkmnpqrstvwxyz"  # Crockford base32, lower case


def _b32(value: int, width: int) -> str:
    out = []
    for _ in range(width):
        value, rem = divmod(value, 32)
        out.append(_ALPHABET[rem])
    return "".join(reversed(out))


def new_id(prefix: str) -> str:
    """``prefix_`` + 10 chars of milliseconds since the epoch + 10 random chars (ULID-like)."""
    millis = time.time_ns() // 1_000_000
    rand = int.from_bytes(os.urandom(7), "big")
    return f"{prefix}_{_b32(millis, 10)}{_b32(rand, 10)}"
