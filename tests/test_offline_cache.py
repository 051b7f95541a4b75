"""The memoized word analysis (agents.offline.cache) gives the originals' results, as fresh lists."""

from __future__ import annotations

import agents.offline  # noqa: F401  (importing the reasoner installs the cache)
from agents.offline import cache, candidates, relevance, spans, textfacts, words
from agents.offline.evidence import Found
from protocols import Authority

TEXTS = [
    "The lunar module Eagle touched down on July 20, 1969, in the Sea of Tranquility.",
    "Armstrong's moonwalk lasted 2 hours 31 minutes; the crews landed samples.",
    "",
    "| 1 | 2 | 3 |",
]


def test_memoized_functions_answer_as_the_originals() -> None:
    for text in TEXTS:
        assert cache.content_words(text) == cache._content_words(text)
        assert cache.canonical_events(text) == cache._canonical_events(text)
        assert cache.tokens(text) == cache._tokens(text)
        assert cache.readable(text) == cache._readable(text)
        for word in text.split():
            assert cache.stem(word) == cache._stem(word)


def test_a_caller_changing_its_list_does_not_change_the_next_answer() -> None:
    text = TEXTS[0]
    first = cache.content_words(text)
    expected = list(first)
    first.append("changed")
    first[0] = "changed"
    assert cache.content_words(text) == expected
    events = cache.canonical_events(text)
    events.clear()
    assert cache.canonical_events(text) == cache._canonical_events(text) != []


def test_a_memoized_span_keeps_its_own_context() -> None:
    text = TEXTS[0]
    start = text.index("July")
    one = Found("src_1", "a.md", Authority.HIGH, text, context="Apollo 11")
    other = Found("src_1", "a.md", Authority.HIGH, text, context="Apollo 12")
    assert one == other  # equality leaves the context out; the cache must not
    first, second = cache.clean_span(one, start, start + 13), cache.clean_span(other, start, start + 13)
    assert first == cache._clean_span(one, start, start + 13) and first is not None
    assert (first.context, second and second.context) == ("Apollo 11", "Apollo 12")


def test_the_roles_use_the_memoized_functions() -> None:
    assert words.content_words is cache.content_words
    assert words.stem is cache.stem
    assert spans.readable is cache.readable
    assert candidates.clean_span is cache.clean_span
    assert candidates.content_words is cache.content_words
    assert relevance.content_words is cache.content_words
    assert textfacts.canonical_events is cache.canonical_events
    cache.install()  # idempotent
    assert candidates.content_words is cache.content_words
