"""The trace lives in the store: the same entries as the JSONL export, readable from another machine's home."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import anyio
import pytest

from agents.offline import OfflineReasoner
from agents.sources.corpus import LocalCorpus
from consensus.cli import main
from consensus.runtime import Researcher
from consensus.trace import TraceWriter, read_trace
from protocols import ResearchConstraints, ResearchRequest
from store import Repository

ROOT = Path(__file__).resolve().parent.parent
QUESTION = "When did Apollo 11 land on the Moon?"


def _research(home: Path, url: str) -> str:
    repo = Repository.open(url)
    corpus = LocalCorpus(ROOT / "examples" / "corpus", index_path=home / "index.db")
    researcher = Researcher(repo, OfflineReasoner(), corpus, home=home)
    constraints = ResearchConstraints(max_iterations=3, token_budget=50_000, max_sources=8)

    async def go() -> str:
        try:
            result = await researcher.research(ResearchRequest(question=QUESTION, constraints=constraints))
            return result.trace_id
        finally:
            await corpus.aclose()

    try:
        return anyio.run(go)
    finally:
        repo.close()


def test_the_store_holds_the_same_trace_as_the_file(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'c.db'}"
    trace_id = _research(tmp_path, url)
    repo = Repository.open(url)
    try:
        stored = repo.traces.steps(repo.get_run(trace_id).id)
    finally:
        repo.close()
    exported = read_trace(tmp_path / "traces" / f"{trace_id}.jsonl")
    assert len(stored) > 10 and stored == exported
    assert [e["step"] for e in stored] == list(range(1, len(stored) + 1))
    assert stored[0]["action"] == "run_started" and stored[-1]["action"] == "run_finished"
    assert any(e["action"] == "fetch_source" and e["content_hash"].startswith("sha256:") for e in stored)


def test_consensus_trace_reads_the_store_from_another_home(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    url = f"sqlite:///{tmp_path / 'shared.db'}"
    monkeypatch.setenv("CONSENSUS_TRACE_FILES", "0")  # no JSONL export at all
    trace_id = _research(tmp_path / "machine-a", url)
    assert not (tmp_path / "machine-a" / "traces").exists()
    monkeypatch.setenv("CONSENSUS_HOME", str(tmp_path / "machine-b"))  # another machine, the same store
    assert main(["--db", url, "trace", trace_id]) == 0
    text = capsys.readouterr().out
    assert f"Trace {trace_id}:" in text and "run_finished" in text
    assert main(["--db", url, "trace", trace_id, "--json"]) == 0
    lines = [json.loads(line) for line in capsys.readouterr().out.splitlines()]
    assert lines[0]["action"] == "run_started" and lines[-1]["action"] == "run_finished"
    shutil.rmtree(tmp_path / "machine-a")  # nothing of machine A is needed
    assert main(["--db", url, "show", trace_id]) == 0
    assert "Apollo" in capsys.readouterr().out


def test_store_writes_are_batched_and_flushed_on_close(tmp_path: Path) -> None:
    batches: list[int] = []
    writer = TraceWriter(None, store=lambda entries: batches.append(len(entries)))
    for i in range(120):
        writer.write("step", i=i)
    writer.close()
    writer.write("after close")  # ignored
    assert sum(batches) == 120 and len(batches) < 120
