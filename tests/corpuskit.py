"""One research run over a small corpus written for the test (the offline backends, default limits)."""

from __future__ import annotations

from pathlib import Path

import anyio

from agents.offline import OfflineReasoner
from agents.sources.corpus import LocalCorpus
from consensus.runtime import Researcher
from protocols import ResearchRequest, ResearchResult
from store import Repository


def research_over(tmp_path: Path, docs: dict[str, str], question: str) -> ResearchResult:
    """Write ``docs`` (file name -> text) to a folder under ``tmp_path`` and ask ``question`` over it."""
    corpus_dir = tmp_path / "corpus"
    corpus_dir.mkdir()
    for name, text in docs.items():
        (corpus_dir / name).write_text(text, encoding="utf-8")
    corpus = LocalCorpus(corpus_dir, index_path=tmp_path / "index.db")
    repo = Repository.open(f"sqlite:///{tmp_path / 'store.db'}")
    researcher = Researcher(repo, OfflineReasoner(), corpus, home=tmp_path)

    async def go() -> ResearchResult:
        return await researcher.research(ResearchRequest(question=question))

    try:
        return anyio.run(go)
    finally:
        corpus.close()
        repo.close()
