"""Optimistic locking under real concurrency, on a real SQLite file and on a real PostgreSQL server.

Three proofs:

1. Writer threads hammering one claim lose no update and log exactly one message per change; the
   same workload without the version check does lose updates (so this test can fail).
2. Two writer processes on one store: no "database is locked" (or serialization failure) escapes,
   no update is lost.
3. A writer process killed with SIGKILL mid-run leaves a consistent database: every claim's version
   agrees with its message log, nothing half-applied.

No timing assertions: only counts and invariants.
"""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import threading
import time
from collections.abc import Callable
from pathlib import Path

import pytest
from sqlalchemy import create_engine, text
from sqlalchemy.engine import Engine
from sqlalchemy.pool import NullPool

from protocols import ClaimAgreed, ClaimRejectVote, ClaimState
from store import MessageRecord, Repository, integrity_ok
from tests._store_worker import first_evidence, write_once
from tests.conftest import Seeded, seed_claim

ROOT = Path(__file__).resolve().parent.parent
THREADS = 8
OPS_PER_THREAD = 200


def _run_threads(count: int, target: Callable[[int], None]) -> list[BaseException]:
    errors: list[BaseException] = []
    barrier = threading.Barrier(count)

    def run(index: int) -> None:
        barrier.wait()
        try:
            target(index)
        except BaseException as exc:
            errors.append(exc)

    threads = [threading.Thread(target=run, args=(i,)) for i in range(count)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    return errors


def _label(record: MessageRecord) -> str:
    message = record.message
    if isinstance(message, ClaimAgreed):
        return message.rationale
    assert isinstance(message, ClaimRejectVote)
    return message.reason


def test_threads_on_one_claim_lose_no_update(repo: Repository, make_claim: Callable[..., Seeded]) -> None:
    claim = make_claim().claim
    initial = claim.version
    conflicts = [0] * THREADS
    # a write over loopback costs ~10x one on a local file: fewer writes, the same collisions to prove
    ops = OPS_PER_THREAD if repo.engines.is_sqlite else OPS_PER_THREAD // 4

    def writer(index: int) -> None:
        for i in range(ops):
            label = f"t{index}-{i}"
            conflicts[index] += write_once(repo, claim.id, label=label, mode="agree" if index % 2 else "vote")

    assert _run_threads(THREADS, writer) == []

    total = THREADS * ops
    final = repo.get_claim(claim.id)
    assert final.version == initial + total
    assert final.status is ClaimState.UNDER_REVIEW
    debate = repo.claim_debate(claim.id)
    assert len(debate) - initial == total
    # one message per change, each at its own version, in commit order
    assert [m.claim_version for m in debate] == list(range(1, initial + total + 1))
    labels = [_label(m) for m in debate[initial:]]
    assert sorted(labels) == sorted(f"t{t}-{i}" for t in range(THREADS) for i in range(ops))
    assert sum(conflicts) > 0, "the writers never collided: this run proved nothing"
    assert integrity_ok(repo.engines.read)


def test_without_the_version_check_updates_are_lost(repo: Repository, make_claim: Callable[..., Seeded]) -> None:
    """The control experiment: a naive read-then-write (no ``WHERE version = :expected``) loses updates."""
    claim = make_claim().claim
    initial = claim.version
    ops = 50

    def naive_writer(_index: int) -> None:
        for _ in range(ops):
            with repo.engines.read.connect() as conn:
                read = conn.execute(text("SELECT version FROM claim WHERE id = :id"), {"id": claim.id}).scalar_one()
            time.sleep(0.0005)  # the think gap between read and write (an agent's is seconds)
            with repo.engines.write.begin() as conn:
                conn.execute(text("UPDATE claim SET version = :v WHERE id = :id"), {"v": read + 1, "id": claim.id})

    assert _run_threads(THREADS, naive_writer) == []
    assert repo.get_claim(claim.id).version < initial + THREADS * ops


# ------------------------------------------------------------------------------ processes


def _start_worker(
    tmp_path: Path, url: str, claims: list[str], *, name: str, threads: int, ops: int, mode: str = "vote"
) -> tuple[subprocess.Popen[str], Path]:
    ready = tmp_path / f"{name}.ready"
    command = [
        sys.executable,
        "-m",
        "tests._store_worker",
        url,
        "--claims",
        *claims,
        "--name",
        name,
        "--threads",
        str(threads),
        "--ops",
        str(ops),
        "--ready",
        str(ready),
        "--go",
        str(tmp_path / "go"),
        "--mode",
        mode,
    ]
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    proc = subprocess.Popen(command, cwd=ROOT, env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    return proc, ready


def _wait_until(condition: Callable[[], bool], *, timeout: float, what: str) -> None:
    deadline = time.monotonic() + timeout
    while not condition():
        if time.monotonic() > deadline:
            pytest.fail(f"timed out waiting for {what}")
        time.sleep(0.02)


def test_two_processes_on_one_store_lose_nothing_and_never_see_locked(
    repo: Repository, make_claim: Callable[..., Seeded], tmp_path: Path
) -> None:
    claim = make_claim().claim
    initial = claim.version
    threads, ops = 2, 100
    workers = [
        _start_worker(tmp_path, repo.engines.url, [claim.id], name=name, threads=threads, ops=ops) for name in "ab"
    ]
    try:
        _wait_until(lambda: all(ready.exists() for _, ready in workers), timeout=60, what="workers to start")
        (tmp_path / "go").write_text("go")
        reports = []
        for proc, _ in workers:
            out, err = proc.communicate(timeout=120)
            assert proc.returncode == 0, err
            reports.append(json.loads(out))
    finally:
        for proc, _ in workers:
            if proc.poll() is None:
                proc.kill()
                proc.wait()

    for report in reports:
        assert report["errors"] == []
        assert report["applied"] == threads * ops
    total = 2 * threads * ops
    assert repo.get_claim(claim.id).version == initial + total
    debate = repo.claim_debate(claim.id)
    assert [m.claim_version for m in debate] == list(range(1, initial + total + 1))
    assert sum(r["conflicts"] for r in reports) > 0, "the processes never collided: this run proved nothing"
    assert integrity_ok(repo.engines.read)


def _versions(engine: Engine) -> int:
    """The sum of all claims' versions, read on a connection of its own (while a writer runs)."""
    with engine.connect() as conn:
        return int(conn.execute(text("SELECT coalesce(sum(version), 0) FROM claim")).scalar_one())


@pytest.mark.skipif(not hasattr(signal, "SIGKILL"), reason="needs SIGKILL")
def test_writer_killed_mid_run_leaves_a_consistent_store(repo: Repository, tmp_path: Path) -> None:
    seeded = seed_claim(repo)
    claims = [seeded.claim] + [seed_claim(repo, run=seeded.run, statement=f"claim {i}").claim for i in range(3)]
    watcher = create_engine(repo.engines.url, poolclass=NullPool)  # nothing of the repository's
    start = _versions(watcher)
    proc, ready = _start_worker(
        tmp_path, repo.engines.url, [c.id for c in claims], name="victim", threads=2, ops=0, mode="heavy"
    )
    try:
        _wait_until(ready.exists, timeout=60, what="the worker to start")
        (tmp_path / "go").write_text("go")
        _wait_until(lambda: _versions(watcher) >= start + 60, timeout=60, what="the worker to commit")
        os.kill(proc.pid, signal.SIGKILL)
        proc.wait(timeout=30)
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait()
    assert proc.returncode == -signal.SIGKILL

    # reopen as a new process would (SQLite: WAL recovery), then check every invariant
    repo.close()
    after = Repository.open(repo.engines.url)
    try:
        assert integrity_ok(after.engines.read)
        assert _versions(watcher) >= start + 60
        with after.engines.read.connect() as conn:
            rows = conn.execute(
                text(
                    "SELECT c.id, c.version,"
                    " (SELECT count(*) FROM message m WHERE m.claim_id = c.id),"
                    " (SELECT max(m.claim_version) FROM message m WHERE m.claim_id = c.id),"
                    " (SELECT count(*) FROM vote v WHERE v.claim_id = c.id),"
                    " (SELECT count(*) FROM claim_evidence e WHERE e.claim_id = c.id)"
                    " FROM claim c"
                )
            ).all()
        assert len(rows) == len(claims)
        for claim_id, version, n_messages, max_version, n_votes, n_evidence in rows:
            # insert_proposal writes versions 1 and 2 (proposal + the proposer's agreement), with one
            # vote and one evidence row; each later change adds exactly one of each
            assert n_messages == version, claim_id
            assert max_version == version, claim_id
            assert n_votes == version - 1, claim_id
            assert n_evidence == version - 1, claim_id
        for claim in claims:
            debate = after.claim_debate(claim.id)
            assert [m.claim_version for m in debate] == list(range(1, len(debate) + 1))
        # and the store still takes writes
        evidence = first_evidence(after, claims[0].id)
        conflicts = write_once(after, claims[0].id, label="after the crash", mode="heavy", evidence=evidence)
        assert conflicts == 0
        assert after.get_claim(claims[0].id).version == next(r[1] for r in rows if r[0] == claims[0].id) + 1
    finally:
        after.close()
        watcher.dispose()
