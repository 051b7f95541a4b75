"""What the integrity check costs when a store is opened.

Builds a SQLite store with ``--runs`` finished runs, each with ``--sources`` stored documents of
``--doc-kb`` KB and a few debate messages (about the size of a real run over the example corpus),
then times ``PRAGMA quick_check`` on it and a whole :func:`store.open_engines` (which runs it).
Run::

    .venv/bin/python bench/store_open.py               # 100 runs
    .venv/bin/python bench/store_open.py --runs 1000

Timings depend on the machine; the first open is cold (file pages not yet in the OS cache).
"""

from __future__ import annotations

import argparse
import sqlite3
import statistics
import tempfile
import time
from pathlib import Path

from protocols import AgentRole, ResearchRequest, ResearchTurn, SourceDocument
from store import Repository, open_engines


def build(path: Path, *, runs: int, sources: int, doc_kb: int) -> None:
    """Fill a new store at ``path`` with ``runs`` finished runs."""
    repo = Repository.open(f"sqlite:///{path}")
    try:
        for n in range(runs):
            run = repo.create_run(
                ResearchRequest(question=f"Question {n}?"), trace_id=f"t{n}", model_id="m", source_backend="s"
            )
            for s in range(sources):
                body = f"Document {n}-{s}. " + ("Some sentence of the document. " * (doc_kb * 32))
                repo.store_source(run.id, SourceDocument(kind="file", locator=f"d{n}-{s}.md", text=body))
            for i in range(10):
                repo.append_message(
                    run.id, ResearchTurn(agent=AgentRole.LEAD, focus_area=f"area {i}"), agent="lead", iteration=i
                )
            repo.finish_run(run.id, status="completed")
    finally:
        repo.close()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=100)
    parser.add_argument("--sources", type=int, default=10)
    parser.add_argument("--doc-kb", type=int, default=8)
    parser.add_argument("--repeat", type=int, default=20)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "consensus.db"
        build(path, runs=args.runs, sources=args.sources, doc_kb=args.doc_kb)
        size_mb = path.stat().st_size / 1e6
        checks, opens = [], []
        for _ in range(args.repeat):
            conn = sqlite3.connect(path)
            started = time.perf_counter()
            conn.execute("PRAGMA quick_check").fetchall()
            checks.append((time.perf_counter() - started) * 1000)
            conn.close()
            started = time.perf_counter()
            open_engines(f"sqlite:///{path}").dispose()
            opens.append((time.perf_counter() - started) * 1000)
        print(f"store: {args.runs} runs, {size_mb:.1f} MB")
        print(f"PRAGMA quick_check: median {statistics.median(checks):.1f} ms, max {max(checks):.1f} ms")
        print(f"open_engines (with the check): median {statistics.median(opens):.1f} ms, max {max(opens):.1f} ms")


if __name__ == "__main__":
    main()
