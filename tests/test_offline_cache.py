"""The remembered word analysis gives the same answers as a fresh one, as fresh lists."""

from __future__ import annotations

from agents.offline import spans, words
from agents.offline.evidence import Found
from protocols import Authority

TEXT = "The lunar module Eagle touched down on July 20, 1969, in the Sea of Tranquility."


def test_remembered_analysis_equals_a_fresh_one() -> None:
    for fn in (words._content_words, words._events, words._tokens, words.stem, spans.readable):
        fn.cache_clear()
    fresh = (words.content_words(TEXT), words.canonical_events(TEXT), words.tokens(TEXT))
    again = (words.content_words(TEXT), words.canonical_events(TEXT), words.tokens(TEXT))
    assert fresh == again and "land" in fresh[0] and fresh[1][0][0] == "land"
    assert words._content_words.cache_info().hits >= 1


def test_a_caller_changing_its_list_does_not_change_the_next_answer() -> None:
    first = words.content_words(TEXT)
    expected = list(first)
    first.append("changed")
    first[0] = "changed"
    assert words.content_words(TEXT) == expected
    events = words.canonical_events(TEXT)
    events.clear()
    assert words.canonical_events(TEXT) != []


def test_a_remembered_span_keeps_its_own_context() -> None:
    start = TEXT.index("July")
    one = Found("src_1", "a.md", Authority.HIGH, TEXT, context="Apollo 11")
    other = Found("src_1", "a.md", Authority.HIGH, TEXT, context="Apollo 12")
    assert one == other  # equality leaves the context out; the cache must not
    first, second = spans.clean_span(one, start, start + 13), spans.clean_span(other, start, start + 13)
    assert first is not None and second is not None
    assert (first.context, second.context) == ("Apollo 11", "Apollo 12")
