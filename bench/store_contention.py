"""Store contention: the project's version-checked writes next to plain ``sqlite3`` in the same run.

Every writer does ``--ops`` read-modify-write steps: read the claim's version and revision (one
``SELECT``), then one version-checked transaction — ``BEGIN IMMEDIATE``; ``UPDATE claim SET
status = CASE status ... END, version = version + 1 ... WHERE id = ? AND version = ? AND CASE ...
IS NOT NULL RETURNING ...``; ``INSERT INTO message ...``; ``COMMIT`` — and on a lost version check
read again and retry. Two implementations do exactly that:

- ``consensus``: :meth:`store.Repository.claim_step`, then :meth:`store.Repository.apply` (an
  ``agree`` event with a ``claim_agreed`` message), one repository per process as the program uses it;
- ``sqlite3``: the same two statements through the standard library, one connection per writer.

Writers are threads (of one process) or processes; they all share ONE claim (every write races
every other) or each own a DISTINCT claim (they only queue on SQLite's single write lock). Every
case runs on a fresh SQLite file (WAL, ``synchronous=NORMAL``), and afterwards every claim's version
and message log are checked: an acknowledged write that is not in the store is a lost update.

Run::

    .venv/bin/python bench/store_contention.py              # 200 ops per writer, 1/2/4/8 writers
    .venv/bin/python bench/store_contention.py --ops 500 --writers 8

The machine's noise matters more than its speed: compare ``ratio`` (project / sqlite3 in the same
run), not absolute numbers across runs. The last line sums the run up as ``name=value`` pairs.
"""

from __future__ import annotations

import argparse
import multiprocessing as mp
import sqlite3
import statistics
import tempfile
import threading
import time
import uuid
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path
from typing import Any, Protocol

IMPLS = ("consensus", "sqlite3")
MODES = ("threads", "processes")
LAYOUTS = ("distinct", "one")
TEXT = "The bridge opened in 1932. It carries eight lanes of traffic."


class Writer(Protocol):
    def write(self, claim_id: str, label: str) -> int: ...

    def close(self) -> None: ...


@dataclass(frozen=True)
class Spec:
    impl: str
    mode: str
    layout: str
    writers: int


@dataclass(frozen=True)
class Outcome:
    spec: Spec
    commits: int
    conflicts: int
    seconds: float
    lost: int

    @property
    def per_sec(self) -> float:
        return self.commits / self.seconds


# ---------------------------------------------------------------------------------- writers


class ProjectWriter:
    """Writes through :class:`store.Repository` (thread-safe; one per process)."""

    def __init__(self, db: Path) -> None:
        from store import Repository

        self.repo = Repository.open(f"sqlite:///{db}")

    def write(self, claim_id: str, label: str) -> int:
        from protocols import AgentRole, ClaimAgreed, ClaimEvent, StaleVersionError

        conflicts = 0
        while True:
            seen = self.repo.claim_step(claim_id)
            msg = ClaimAgreed(
                claim_id=claim_id,
                revision=seen.revision,
                agreed_by=AgentRole.DATA,
                final_statement=label,
                rationale=label,
            )
            try:
                self.repo.apply(
                    claim_id,
                    expected_version=seen.version,
                    event=ClaimEvent.AGREE,
                    message=msg,
                    agent=AgentRole.DATA,
                    iteration=0,
                )
                return conflicts
            except StaleVersionError:
                conflicts += 1

    def close(self) -> None:
        self.repo.close()


def _agree_sql() -> str:
    from protocols import TRANSITIONS, ClaimEvent

    moves = {s.value: n.value for (s, e), n in TRANSITIONS.items() if e is ClaimEvent.AGREE and s is not None}
    cases = "CASE status " + " ".join(f"WHEN '{s}' THEN '{n}'" for s, n in sorted(moves.items())) + " END"
    return (
        f"UPDATE claim SET version = version + 1, changed_iteration = ?, updated_at = ?, status = {cases}"
        f" WHERE id = ? AND version = ? AND {cases} IS NOT NULL RETURNING run_id, status, version, revision"
    )


class PlainWriter:
    """The same transaction in plain ``sqlite3`` (one connection per writer)."""

    INSERT = (
        "INSERT INTO message (run_id, claim_id, agent, action, revision, iteration, claim_version,"
        " payload_json, created_at) VALUES (?, ?, 'data', 'claim_agreed', ?, 0, ?, ?, ?)"
    )

    def __init__(self, db: Path) -> None:
        import json

        self.dumps = json.dumps
        self.update = _agree_sql()
        self.conn = sqlite3.connect(db, timeout=30, isolation_level=None, check_same_thread=False)
        for pragma in ("journal_mode=WAL", "busy_timeout=30000", "foreign_keys=ON", "synchronous=NORMAL"):
            self.conn.execute(f"PRAGMA {pragma}")

    def write(self, claim_id: str, label: str) -> int:
        conflicts = 0
        while True:
            version, revision = self.conn.execute(
                "SELECT version, revision FROM claim WHERE id = ?", (claim_id,)
            ).fetchone()
            payload = self.dumps(
                {"action": "claim_agreed", "claim_id": claim_id, "revision": revision, "agreed_by": "data"}
                | {"final_statement": label, "rationale": label}
            )
            now = datetime.now().isoformat(" ")
            self.conn.execute("BEGIN IMMEDIATE")
            row = self.conn.execute(self.update, (0, now, claim_id, version)).fetchone()
            if row is None:
                self.conn.execute("ROLLBACK")
                conflicts += 1
                continue
            self.conn.execute(self.INSERT, (row[0], claim_id, row[3], row[2], payload, now))
            self.conn.execute("COMMIT")
            return conflicts

    def close(self) -> None:
        self.conn.close()


def make_writer(impl: str, db: Path) -> Writer:
    return ProjectWriter(db) if impl == "consensus" else PlainWriter(db)


# ---------------------------------------------------------------------------------- running


def _loop(writer: Writer, claim_id: str, ops: int, name: str) -> int:
    return sum(writer.write(claim_id, f"{name}-{i}") for i in range(ops))


def _process_main(impl: str, db: Path, claim_id: str, ops: int, name: str, barrier: Any, results: Any) -> None:
    writer = make_writer(impl, db)
    barrier.wait()
    results.put(_loop(writer, claim_id, ops, name))
    writer.close()


def _run_processes(spec: Spec, db: Path, claims: list[str], ops: int) -> tuple[float, int]:
    ctx = mp.get_context("spawn")  # no SQLite handle or lock crosses a fork
    barrier, results = ctx.Barrier(spec.writers + 1), ctx.Queue()
    procs = [
        ctx.Process(target=_process_main, args=(spec.impl, db, claims[i % len(claims)], ops, f"p{i}", barrier, results))
        for i in range(spec.writers)
    ]
    for p in procs:
        p.start()
    barrier.wait()
    started = time.perf_counter()
    conflicts = sum(results.get(timeout=600) for _ in procs)
    seconds = time.perf_counter() - started
    for p in procs:
        p.join()
        if p.exitcode != 0:
            raise RuntimeError(f"a writer process failed (exit {p.exitcode})")
    return seconds, conflicts


def _run_threads(spec: Spec, db: Path, claims: list[str], ops: int) -> tuple[float, int]:
    shared = make_writer(spec.impl, db) if spec.impl == "consensus" else None
    writers = [shared or make_writer(spec.impl, db) for _ in range(spec.writers)]
    barrier = threading.Barrier(spec.writers + 1)
    conflicts = [0] * spec.writers
    errors: list[BaseException] = []

    def work(i: int) -> None:
        barrier.wait()
        try:
            conflicts[i] = _loop(writers[i], claims[i % len(claims)], ops, f"t{i}")
        except BaseException as exc:
            errors.append(exc)

    threads = [threading.Thread(target=work, args=(i,)) for i in range(spec.writers)]
    for t in threads:
        t.start()
    barrier.wait()
    started = time.perf_counter()
    for t in threads:
        t.join()
    seconds = time.perf_counter() - started
    for w in {id(w): w for w in writers}.values():
        w.close()
    if errors:
        raise errors[0]
    return seconds, sum(conflicts)


def _seed(db: Path, count: int) -> list[str]:
    from protocols import AgentRole, EvidenceRecord, ResearchRequest, SourceDocument
    from store import Repository

    repo = Repository.open(f"sqlite:///{db}")
    try:
        run = repo.create_run(
            ResearchRequest(question="When did the bridge open?"),
            trace_id=str(uuid.uuid4()),
            model_id="bench",
            source_backend="memory",
        )
        src = repo.store_source(run.id, SourceDocument(kind="file", locator="bridge.md", text=TEXT))
        ev = [EvidenceRecord(source_id=src.id, locator=src.locator, excerpt=TEXT[:26], start=0, end=26)]
        return [
            repo.propose_claim(
                run.id,
                proposer=AgentRole.LEAD,
                statement=f"claim {i}: the bridge opened in 1932.",
                evidence=ev,
                scope_index=None,
                confidence=0.8,
                iteration=0,
            ).id
            for i in range(count)
        ]
    finally:
        repo.close()


def _lost_updates(db: Path, claims: list[str], expected: dict[str, int]) -> tuple[int, int]:
    """(commits found, lost updates): versions and message logs against acknowledged writes."""
    conn = sqlite3.connect(db)
    try:
        found = lost = 0
        for cid in claims:
            version = conn.execute("SELECT version FROM claim WHERE id = ?", (cid,)).fetchone()[0]
            versions = [
                r[0] for r in conn.execute("SELECT claim_version FROM message WHERE claim_id = ? ORDER BY seq", (cid,))
            ]
            found += version - 2  # a proposal is versions 1 and 2
            lost += max(0, expected[cid] - (version - 2))
            lost += 0 if versions == list(range(1, version + 1)) else 1
        return found, lost
    finally:
        conn.close()


def run_case(spec: Spec, folder: Path, ops: int) -> Outcome:
    db = folder / f"bench-{uuid.uuid4().hex}.db"
    claims = _seed(db, 1 if spec.layout == "one" else spec.writers)
    run = _run_threads if spec.mode == "threads" else _run_processes
    seconds, conflicts = run(spec, db, claims, ops)
    expected = {cid: 0 for cid in claims}
    for i in range(spec.writers):
        expected[claims[i % len(claims)]] += ops
    commits, lost = _lost_updates(db, claims, expected)
    lost += abs(spec.writers * ops - commits)
    return Outcome(spec, commits, conflicts, seconds, lost)


# ---------------------------------------------------------------------------------- report


@dataclass(frozen=True)
class Row:
    """One configuration, measured ``repeat`` times for each implementation (paired, interleaved)."""

    mode: str
    layout: str
    writers: int
    ours: list[Outcome]
    base: list[Outcome]

    @property
    def ratios(self) -> list[float]:
        return [o.per_sec / b.per_sec for o, b in zip(self.ours, self.base, strict=True)]

    @staticmethod
    def conflicts_per_write(outcomes: list[Outcome]) -> float:
        return sum(o.conflicts for o in outcomes) / sum(o.commits for o in outcomes)

    @property
    def lost(self) -> int:
        return sum(o.lost for o in self.ours + self.base)


def _median(values: list[float]) -> float:
    return statistics.median(values)


def format_table(rows: list[Row]) -> str:
    lines = [
        "| writers | as        | claims   | consensus writes/s | sqlite3 writes/s | ratio (range)     "
        "| conflicts/write consensus | conflicts/write sqlite3 | lost updates |",
        "|--------:|-----------|----------|-------------------:|-----------------:|-------------------"
        "|--------------------------:|------------------------:|-------------:|",
    ]
    for r in rows:
        ratio = f"{_median(r.ratios):.2f} ({min(r.ratios):.2f}-{max(r.ratios):.2f})"
        lines.append(
            f"| {r.writers:>7} | {r.mode:<9} | {r.layout:<8} | {_median([o.per_sec for o in r.ours]):>18,.0f} "
            f"| {_median([o.per_sec for o in r.base]):>16,.0f} | {ratio:<17} "
            f"| {Row.conflicts_per_write(r.ours):>25.2f} | {Row.conflicts_per_write(r.base):>23.2f} | {r.lost:>12} |"
        )
    return "\n".join(lines)


def summary(rows: list[Row], ops: int, repeat: int) -> str:
    pairs: dict[str, str] = {"ops": str(ops), "repeat": str(repeat)}
    top = max(r.writers for r in rows)
    for r in rows:
        if r.writers == top:
            tag = f"{r.layout}{r.writers}_{r.mode}"
            pairs[f"{tag}_writes_s"] = f"{_median([o.per_sec for o in r.ours]):.0f}"
            pairs[f"{tag}_ratio"] = f"{_median(r.ratios):.2f}"
            pairs[f"{tag}_conflicts_per_write"] = f"{Row.conflicts_per_write(r.ours):.2f}"
            pairs[f"{tag}_sqlite3_conflicts_per_write"] = f"{Row.conflicts_per_write(r.base):.2f}"
    pairs["min_median_ratio"] = f"{min(_median(r.ratios) for r in rows):.2f}"
    pairs["lost_updates"] = str(sum(r.lost for r in rows))
    return " ".join(f"{k}={v}" for k, v in pairs.items())


def measure(spec: tuple[str, str, int], folder: Path, *, ops: int, repeat: int) -> Row:
    """Both implementations, ``repeat`` times each, alternating who goes first (against drift)."""
    mode, layout, writers = spec
    ours: list[Outcome] = []
    base: list[Outcome] = []
    for i in range(repeat):
        for impl in IMPLS if i % 2 == 0 else IMPLS[::-1]:
            outcome = run_case(Spec(impl, mode, layout, writers), folder, ops)
            (ours if impl == "consensus" else base).append(outcome)
    return Row(mode, layout, writers, ours, base)


def cpu_per_write(folder: Path, *, ops: int = 1500, rounds: int = 6) -> dict[str, float]:
    """CPU microseconds per write of one writer alone, each implementation (best of ``rounds``, interleaved)."""
    writers = {}
    for impl in IMPLS:
        db = folder / f"cpu-{impl}.db"
        writers[impl] = (make_writer(impl, db), _seed(db, 1)[0])
    best = dict.fromkeys(IMPLS, float("inf"))
    for r in range(rounds):
        for impl, (writer, claim_id) in writers.items():
            started = time.process_time()
            _loop(writer, claim_id, ops, f"cpu{r}")
            best[impl] = min(best[impl], (time.process_time() - started) / ops * 1e6)
    for writer, _ in writers.values():
        writer.close()
    return best


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0] if __doc__ else None)
    parser.add_argument("--ops", type=int, default=200, help="writes per writer (default 200)")
    parser.add_argument("--repeat", type=int, default=3, help="paired runs per configuration (default 3)")
    parser.add_argument("--writers", type=int, nargs="+", default=[1, 2, 4, 8])
    parser.add_argument("--modes", nargs="+", choices=MODES, default=list(MODES))
    parser.add_argument("--layouts", nargs="+", choices=LAYOUTS, default=list(LAYOUTS))
    args = parser.parse_args(argv)

    with tempfile.TemporaryDirectory(prefix="consensus-bench-") as tmp:
        specs = [(m, lay, w) for m in args.modes for lay in args.layouts for w in args.writers]
        rows = [measure(spec, Path(tmp), ops=args.ops, repeat=args.repeat) for spec in specs]
        cpu = cpu_per_write(Path(tmp))
    print(
        f"{args.ops} version-checked writes per writer, {args.repeat} paired runs per row: medians;"
        " ratio = consensus / plain sqlite3, paired within the run\n"
    )
    print(format_table(rows))
    print(
        f"\nCPU per write, one writer alone (best of 6 x 1,500): consensus {cpu['consensus']:.0f} µs,"
        f" plain sqlite3 {cpu['sqlite3']:.0f} µs\n"
    )
    line = summary(rows, args.ops, args.repeat)
    print(f"{line} cpu_us_per_write={cpu['consensus']:.0f} sqlite3_cpu_us_per_write={cpu['sqlite3']:.0f}")


if __name__ == "__main__":
    main()
