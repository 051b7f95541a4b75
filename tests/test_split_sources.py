"""Two copies of one page that disagree, one source each: no answer, and a gap that quotes both."""

from __future__ import annotations

from pathlib import Path

import anyio

from agents.offline import OfflineReasoner
from agents.sources.corpus import LocalCorpus
from consensus.runtime import Researcher
from protocols import GapCategory, ResearchRequest, ResearchResult
from store import Repository

PAGE = (
    "Quiet Harbour (film) Quiet Harbour is a Canadian {genre}, directed by Mara Lindqvist and released in 2005. "
    "The film follows a lighthouse keeper through one winter on the coast of Nova Scotia."
)


def test_an_even_split_is_a_contradiction_gap_quoting_both_sides(tmp_path: Path) -> None:
    folder = tmp_path / "docs"
    folder.mkdir()
    (folder / "a.md").write_text(PAGE.format(genre="short film"))
    (folder / "b.md").write_text(PAGE.format(genre="documentary"))
    corpus = LocalCorpus(folder, index_path=tmp_path / "index.db")
    repo = Repository.open(f"sqlite:///{tmp_path / 'store.db'}")

    async def go() -> ResearchResult:
        researcher = Researcher(repo, OfflineReasoner(), corpus, home=tmp_path)
        return await researcher.research(ResearchRequest(question='What is the genre of "Quiet Harbour"?'))

    try:
        result = anyio.run(go)
    finally:
        corpus.close()
        repo.close()
    assert not result.citations  # neither side is answered
    split = [g for g in result.gaps if g.category is GapCategory.CONTRADICTORY_SOURCES]
    assert split and "short film" in split[0].detail and "documentary" in split[0].detail
