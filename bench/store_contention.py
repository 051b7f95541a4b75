"""Store contention: commits per second and conflicts per commit under optimistic locking.

Each writer thread does ``--ops`` read-modify-write transitions through :class:`store.Repository`:
read the claim's version, wait ``--gap-ms`` (a stand-in for an agent's thinking), apply one change
at that version, and on a :class:`~protocols.StaleVersionError` read again and retry. Writers either
all share ONE claim (the worst case: every write races every other) or each own a DISTINCT claim
(no logical conflict; they only queue on SQLite's single write lock).

Every case runs on a fresh SQLite file (WAL, ``BEGIN IMMEDIATE`` writes). Run::

    .venv/bin/python bench/store_contention.py                 # 200 ops, no gap
    .venv/bin/python bench/store_contention.py --gap-ms 5

Timings depend on the machine; compare rows with each other, not across machines.
"""

from __future__ import annotations

import argparse
import statistics
import tempfile
import threading
import time
import uuid
from dataclasses import dataclass
from pathlib import Path

from sqlalchemy import text

from protocols import (
    AgentRole,
    ClaimAgreed,
    ClaimEvent,
    EvidenceRecord,
    ResearchRequest,
    SourceDocument,
    StaleVersionError,
)
from store import Repository

TEXT = "The bridge opened in 1932. It carries eight lanes of traffic."


@dataclass(frozen=True)
class Case:
    layout: str  # "one claim" | "distinct claims"
    writers: int
    commits: int
    conflicts: int
    seconds: float
    p50_ms: float
    p99_ms: float

    @property
    def commits_per_sec(self) -> float:
        return self.commits / self.seconds

    @property
    def conflicts_per_commit(self) -> float:
        return self.conflicts / self.commits


def _seed(repo: Repository, count: int) -> list[str]:
    run = repo.create_run(
        ResearchRequest(question="When did the bridge open?"),
        trace_id=str(uuid.uuid4()),
        model_id="bench",
        source_backend="memory",
    )
    source = repo.store_source(run.id, SourceDocument(kind="file", locator="bridge.md", text=TEXT))
    excerpt = TEXT[:26]
    evidence = [EvidenceRecord(source_id=source.id, locator=source.locator, excerpt=excerpt, start=0, end=26)]
    return [
        repo.propose_claim(
            run.id,
            proposer=AgentRole.LEAD,
            statement=f"claim {i}: the bridge opened in 1932.",
            evidence=evidence,
            scope_index=None,
            confidence=0.8,
            iteration=0,
        ).id
        for i in range(count)
    ]


def _read(repo: Repository, claim_id: str) -> tuple[int, int, str]:
    with repo.engines.read.connect() as conn:
        row = conn.execute(
            text("SELECT version, revision, statement FROM claim WHERE id = :id"), {"id": claim_id}
        ).one()
    return int(row[0]), int(row[1]), str(row[2])


def _writer(
    repo: Repository, claim_id: str, *, name: str, ops: int, gap: float, conflicts: list[int], latencies: list[float]
) -> None:
    for i in range(ops):
        started = time.perf_counter()
        while True:
            version, revision, statement = _read(repo, claim_id)
            if gap:
                time.sleep(gap)
            message = ClaimAgreed(
                claim_id=claim_id,
                revision=revision,
                agreed_by=AgentRole.DATA,
                final_statement=statement,
                rationale=f"{name}-{i}",
            )
            try:
                repo.apply(
                    claim_id,
                    expected_version=version,
                    event=ClaimEvent.AGREE,
                    message=message,
                    agent=AgentRole.DATA,
                    iteration=0,
                )
                break
            except StaleVersionError:
                conflicts.append(1)
        latencies.append(time.perf_counter() - started)


def run_case(folder: Path, *, writers: int, shared: bool, ops: int, gap_ms: float) -> Case:
    repo = Repository.open(f"sqlite:///{folder / f'bench-{uuid.uuid4().hex}.db'}")
    try:
        claim_ids = _seed(repo, 1 if shared else writers)
        start_versions = {cid: repo.get_claim(cid).version for cid in claim_ids}
        conflicts: list[int] = []
        latencies: list[float] = []
        barrier = threading.Barrier(writers + 1)

        def work(index: int) -> None:
            barrier.wait()
            claim_id = claim_ids[0 if shared else index]
            _writer(
                repo, claim_id, name=f"w{index}", ops=ops, gap=gap_ms / 1000, conflicts=conflicts, latencies=latencies
            )

        threads = [threading.Thread(target=work, args=(i,)) for i in range(writers)]
        for t in threads:
            t.start()
        barrier.wait()
        started = time.perf_counter()
        for t in threads:
            t.join()
        seconds = time.perf_counter() - started
        commits = sum(repo.get_claim(cid).version - v for cid, v in start_versions.items())
        if commits != writers * ops:  # the whole point of the version check
            raise AssertionError(f"lost updates: {commits} commits for {writers * ops} operations")
        ordered = sorted(latencies)
        return Case(
            layout="one claim" if shared else "distinct claims",
            writers=writers,
            commits=commits,
            conflicts=len(conflicts),
            seconds=seconds,
            p50_ms=statistics.median(ordered) * 1000,
            p99_ms=ordered[min(len(ordered) - 1, int(len(ordered) * 0.99))] * 1000,
        )
    finally:
        repo.close()


def format_table(cases: list[Case], *, ops: int, gap_ms: float) -> str:
    lines = [
        f"ops per writer = {ops}, think gap = {gap_ms:g} ms",
        "",
        "| layout          | writers | commits | commits/s | conflicts | conflicts/commit | p50 ms | p99 ms |",
        "|-----------------|--------:|--------:|----------:|----------:|-----------------:|-------:|-------:|",
    ]
    for c in cases:
        lines.append(
            f"| {c.layout:<15} | {c.writers:>7} | {c.commits:>7} | {c.commits_per_sec:>9.0f} | {c.conflicts:>9} "
            f"| {c.conflicts_per_commit:>16.2f} | {c.p50_ms:>6.1f} | {c.p99_ms:>6.1f} |"
        )
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0] if __doc__ else None)
    parser.add_argument("--ops", type=int, default=200, help="transitions per writer (default 200)")
    parser.add_argument("--gap-ms", type=float, default=0.0, help="think time between read and write (default 0)")
    parser.add_argument("--writers", type=int, nargs="+", default=[1, 2, 4, 8])
    args = parser.parse_args(argv)

    cases: list[Case] = []
    with tempfile.TemporaryDirectory(prefix="consensus-bench-") as tmp:
        for shared in (True, False):
            for writers in args.writers:
                cases.append(run_case(Path(tmp), writers=writers, shared=shared, ops=args.ops, gap_ms=args.gap_ms))
    print(format_table(cases, ops=args.ops, gap_ms=args.gap_ms))


if __name__ == "__main__":
    main()
