"""What ``depth`` and ``context`` change, seen from outside: sources read, effort, and the scope."""

from __future__ import annotations

from pathlib import Path

import anyio

from agents.offline import OfflineReasoner
from agents.sources.corpus import LocalCorpus
from consensus.runtime import Researcher
from protocols import Depth, ResearchRequest, ResearchResult
from store import Repository

EXAMPLE = Path(__file__).resolve().parent.parent / "examples" / "corpus"
QUESTION = "When did Apollo 11 land on the Moon, and how long did the moonwalk last?"


def run(
    tmp_path: Path, *, depth: Depth = Depth.BALANCED, context: str | None = None
) -> tuple[ResearchResult, Repository]:
    corpus = LocalCorpus(EXAMPLE, index_path=tmp_path / "index.db")
    repo = Repository.open(f"sqlite:///{tmp_path / 'store.db'}")
    researcher = Researcher(repo, OfflineReasoner(), corpus, home=tmp_path)

    async def go() -> ResearchResult:
        return await researcher.research(ResearchRequest(question=QUESTION, depth=depth, context=context))

    try:
        return anyio.run(go), repo
    finally:
        corpus.close()


def stored_sources(repo: Repository) -> int:
    return len(repo.list_sources(repo.list_runs()[0].id))


def test_shallow_reads_fewer_sources_than_deep_and_deep_researches_more(tmp_path: Path) -> None:
    shallow, shallow_repo = run(tmp_path / "shallow", depth=Depth.SHALLOW)
    deep, deep_repo = run(tmp_path / "deep", depth=Depth.DEEP)
    assert stored_sources(shallow_repo) < stored_sources(deep_repo)
    assert len(shallow_repo.scope(shallow_repo.list_runs()[0].id)) < len(deep_repo.scope(deep_repo.list_runs()[0].id))
    assert "2 hours 31 minutes" in shallow.answer and "2 hours 31 minutes" in deep.answer
    shallow_repo.close()
    deep_repo.close()


def test_context_steers_the_scope(tmp_path: Path) -> None:
    _, plain = run(tmp_path / "plain")
    _, focused = run(tmp_path / "focused", context="I know the landing date; focus on the moonwalk")
    first_plain = plain.scope(plain.list_runs()[0].id)[0].text
    first_focused = focused.scope(focused.list_runs()[0].id)[0].text
    assert first_plain.startswith("When") and "moonwalk" in first_focused
    plain.close()
    focused.close()
