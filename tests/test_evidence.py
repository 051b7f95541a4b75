"""Excerpts are located in the stored source modulo whitespace, and the source's own span is kept."""

from __future__ import annotations

from consensus.evidence import locate_excerpt

TEXT = "Intro line.\n\nThe crew   collected about\n21.5 kilograms of samples.  Then they left."


def test_exact_quote_is_found() -> None:
    span = locate_excerpt(TEXT, "Intro line.")
    assert span == (0, 11)


def test_whitespace_differences_are_tolerated_and_source_text_is_kept() -> None:
    span = locate_excerpt(TEXT, "The crew collected about 21.5 kilograms of samples.")
    assert span is not None
    start, end = span
    assert TEXT[start:end] == "The crew   collected about\n21.5 kilograms of samples."


def test_leading_and_trailing_space_in_quote_ignored() -> None:
    span = locate_excerpt(TEXT, "   Then they left.  ")
    assert span is not None and TEXT[span[0] : span[1]] == "Then they left."


def test_altered_quote_is_refused() -> None:
    assert locate_excerpt(TEXT, "The crew collected about 12 kilograms of samples.") is None
    assert locate_excerpt(TEXT, "the crew collected") is None  # case matters: verbatim means verbatim
    assert locate_excerpt(TEXT, "   ") is None
