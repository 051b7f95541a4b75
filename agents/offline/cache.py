"""Memoized word analysis for the offline reasoner.

Every turn of every role re-reads the same few hundred passages, contexts and statements, and
:mod:`agents.offline.words` analyses each one again: on the example question a run calls
``content_words`` ~34,000 times on ~600 distinct texts, which was about 80 % of the reasoner's CPU
(and :func:`agents.offline.spans.clean_span` ~2,000 times on ~150 distinct spans). The analysis is a
pure function of the text, so it is computed once per text (or span) here.

:func:`install` puts the memoized functions in the place of the originals, in
:mod:`agents.offline.words` (whose own functions call each other through its globals) and in every
already imported module of :mod:`agents.offline` that imported them by name. Results are the
originals' results: lists are copied out of the cache, so a caller that changes a list it was
given cannot change what the next caller gets. The caches are bounded (least recently used text
dropped first) and thread-safe, so one reasoner may serve several runs and decide in worker
threads.
"""

from __future__ import annotations

import sys
from collections.abc import Callable
from functools import lru_cache
from types import FunctionType
from typing import Any

from agents.offline import spans, words
from agents.offline.evidence import Found
from agents.offline.words import Token

__all__ = ["install"]

#: Distinct texts remembered per function: a run reads a few hundred.
TEXTS = 4096
#: Distinct words remembered by the stemmer.
WORDS = 16384

_content_words = words.content_words
_canonical_events = words.canonical_events
_tokens = words.tokens
_stem = words.stem
_readable = spans.readable
_clean_span = spans.clean_span


@lru_cache(maxsize=TEXTS)
def _content_words_of(text: str) -> tuple[str, ...]:
    return tuple(_content_words(text))


@lru_cache(maxsize=TEXTS)
def _events_of(text: str) -> tuple[tuple[str, int, int], ...]:
    return tuple(_canonical_events(text))


@lru_cache(maxsize=TEXTS)
def _tokens_of(text: str) -> tuple[Token, ...]:
    return tuple(_tokens(text))


def content_words(text: str) -> list[str]:
    """:func:`agents.offline.words.content_words`, computed once per text."""
    return list(_content_words_of(text))


def canonical_events(text: str) -> list[tuple[str, int, int]]:
    """:func:`agents.offline.words.canonical_events`, computed once per text."""
    return list(_events_of(text))


def tokens(text: str) -> list[Token]:
    """:func:`agents.offline.words.tokens`, computed once per text (tokens are frozen)."""
    return list(_tokens_of(text))


@lru_cache(maxsize=TEXTS)
def _clean_span_of(item: Found, context: str, start: int, end: int) -> Found | None:
    del context  # part of the key only: a Found's equality leaves its context out
    return _clean_span(item, start, end)


def clean_span(item: Found, start: int, end: int) -> Found | None:
    """:func:`agents.offline.spans.clean_span`, computed once per sentence, context and span (results are frozen)."""
    return _clean_span_of(item, item.context, start, end)


stem = lru_cache(maxsize=WORDS)(_stem)
readable = lru_cache(maxsize=TEXTS)(_readable)

#: original -> memoized
_MEMOIZED: dict[Callable[..., Any], Callable[..., Any]] = {
    _content_words: content_words,
    _canonical_events: canonical_events,
    _tokens: tokens,
    _stem: stem,
    _readable: readable,
    _clean_span: clean_span,
}


def install() -> None:
    """Replace the originals by their memoized versions wherever :mod:`agents.offline` holds them.

    Idempotent. Only modules already imported are changed, so call it after importing the roles.
    """
    prefix = f"{__package__}."
    for name, module in list(sys.modules.items()):
        if module is None or not (name.startswith(prefix) and name != __name__):
            continue
        namespace = vars(module)
        for attr, value in list(namespace.items()):
            memoized = _MEMOIZED.get(value) if isinstance(value, FunctionType) else None
            if memoized is not None:
                namespace[attr] = memoized
