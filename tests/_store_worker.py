"""A writer process for the store concurrency tests (run as ``python -m tests._store_worker``).

It opens the store at a URL, signals that it is ready, waits for a "go" file, then applies
read-modify-write transitions to the given claims from a few threads, retrying on a stale version.
Every exception is caught and reported in the JSON it prints at the end, so the test can assert that
none escaped (notably no "database is locked").

``--ops 0`` means "run until killed" (the SIGKILL test); progress is then only visible in the store.
"""

from __future__ import annotations

import argparse
import json
import sys
import threading
import time
import traceback
from pathlib import Path

from sqlalchemy import text

from protocols import AgentRole, ClaimAgreed, ClaimEvent, ClaimRejectVote, EvidenceRecord, StaleVersionError
from store import Repository


def read_snapshot(repo: Repository, claim_id: str) -> tuple[int, int, str]:
    """What a writer decides on: the claim's version, revision and statement (one cheap read)."""
    with repo.engines.read.connect() as conn:
        row = conn.execute(
            text("SELECT version, revision, statement FROM claim WHERE id = :id"), {"id": claim_id}
        ).one()
    return int(row[0]), int(row[1]), str(row[2])


def write_once(
    repo: Repository, claim_id: str, *, label: str, mode: str = "vote", evidence: EvidenceRecord | None = None
) -> int:
    """One read-modify-write: read the claim's version, apply one change at that version, retry on conflict.

    Modes (all keep an ``under_review`` claim legal): ``vote`` appends a reject vote with no event;
    ``agree`` applies an AGREE self-transition; ``heavy`` applies AGREE with a vote row and an evidence
    row too, so that one transaction writes several tables.

    Returns:
        The number of conflicts (stale versions) met before the change committed.
    """
    conflicts = 0
    while True:
        version, revision, statement = read_snapshot(repo, claim_id)
        message: ClaimAgreed | ClaimRejectVote
        if mode == "vote":
            message = ClaimRejectVote(claim_id=claim_id, voted_by=AgentRole.SKEPTIC, reason=label)
        else:
            message = ClaimAgreed(
                claim_id=claim_id,
                revision=revision,
                agreed_by=AgentRole.DATA,
                final_statement=statement,
                rationale=label,
            )
        try:
            repo.apply(
                claim_id,
                expected_version=version,
                event=None if mode == "vote" else ClaimEvent.AGREE,
                message=message,
                agent=AgentRole.DATA,
                iteration=0,
                vote="agree" if mode == "heavy" else None,
                evidence=[evidence] if mode == "heavy" and evidence is not None else (),
            )
            return conflicts
        except StaleVersionError:
            conflicts += 1


def first_evidence(repo: Repository, claim_id: str) -> EvidenceRecord:
    ev = repo.get_claim(claim_id).evidence[0]
    return EvidenceRecord(source_id=ev.source_id, locator=ev.locator, excerpt=ev.excerpt, start=ev.start, end=ev.end)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("url")
    parser.add_argument("--claims", nargs="+", required=True)
    parser.add_argument("--name", required=True)
    parser.add_argument("--threads", type=int, default=2)
    parser.add_argument("--ops", type=int, default=100, help="per thread; 0 = until killed")
    parser.add_argument("--mode", choices=["vote", "agree", "heavy"], default="vote")
    parser.add_argument("--ready", type=Path, required=True)
    parser.add_argument("--go", type=Path, required=True)
    args = parser.parse_args(argv)

    errors: list[str] = []
    applied = [0] * args.threads
    conflicts = [0] * args.threads
    repo = Repository.open(args.url)
    evidence = {claim_id: first_evidence(repo, claim_id) for claim_id in args.claims}

    def writer(index: int) -> None:
        try:
            i = 0
            while args.ops == 0 or i < args.ops:
                claim_id = args.claims[(index + i) % len(args.claims)]
                label = f"{args.name}-t{index}-{i}"
                mode = "agree" if args.mode == "vote" and index % 2 else args.mode  # mix events and no-events
                conflicts[index] += write_once(repo, claim_id, label=label, mode=mode, evidence=evidence[claim_id])
                applied[index] += 1
                i += 1
        except Exception:  # report everything: the test asserts that nothing escaped
            errors.append(traceback.format_exc())

    args.ready.write_text("ready")
    deadline = time.monotonic() + 60
    while not args.go.exists():
        if time.monotonic() > deadline:
            errors.append("never told to go")
            break
        time.sleep(0.01)
    threads = [threading.Thread(target=writer, args=(i,)) for i in range(args.threads)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    repo.close()
    json.dump({"applied": sum(applied), "conflicts": sum(conflicts), "errors": errors}, sys.stdout)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
