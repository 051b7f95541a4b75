"""Two copies of one page that disagree, one source each: no answer, and a gap that quotes both."""

from __future__ import annotations

from pathlib import Path

from protocols import GapCategory
from tests.corpuskit import research_over

PAGE = (
    "Quiet Harbour (film) Quiet Harbour is a Canadian {genre}, directed by Mara Lindqvist and released in 2005. "
    "The film follows a lighthouse keeper through one winter on the coast of Nova Scotia."
)


def test_an_even_split_is_a_contradiction_gap_quoting_both_sides(tmp_path: Path) -> None:
    pages = {"a.md": PAGE.format(genre="short film"), "b.md": PAGE.format(genre="documentary")}
    result = research_over(tmp_path, pages, 'What is the genre of "Quiet Harbour"?')
    assert not result.citations  # neither side is answered
    split = [g for g in result.gaps if g.category is GapCategory.CONTRADICTORY_SOURCES]
    assert split and "short film" in split[0].detail and "documentary" in split[0].detail
