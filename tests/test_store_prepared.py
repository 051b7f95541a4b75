"""The prepared write path: what the ``UPDATE ... RETURNING`` hands back, driver errors, old SQLite."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest
from sqlalchemy import bindparam, select, text
from sqlalchemy.exc import IntegrityError

from protocols import (
    AgentRole,
    ClaimAgreed,
    ClaimChallenged,
    ClaimEvent,
    ClaimState,
    EvidenceRecord,
    NotFound,
    StaleVersionError,
)
from store import ClaimStep, Repository
from store.models import tables
from store.prepared import Prepared, release_idle
from tests.conftest import Seeded, seed_claim


def _count(repo: Repository, table: str) -> int:
    with repo.engines.read.connect() as conn:
        return len(conn.execute(select(tables()[table])).all())


def test_claim_step_reads_what_apply_returned(repo: Repository, make_claim: Callable[..., Seeded]) -> None:
    claim = make_claim().claim
    assert repo.claim_step(claim.id) == ClaimStep(
        claim_id=claim.id, run_id=claim.run_id, status=ClaimState.UNDER_REVIEW, version=2, revision=1
    )
    msg = ClaimChallenged(claim_id=claim.id, revision=1, reason="r", challenged_by=AgentRole.SKEPTIC, severity="minor")
    step = repo.apply(
        claim.id, expected_version=2, event=ClaimEvent.CHALLENGE, message=msg, agent=AgentRole.SKEPTIC, iteration=1
    )
    assert step == repo.claim_step(claim.id)
    assert step.status is ClaimState.CHALLENGED and step.version == 3
    with pytest.raises(NotFound):
        repo.claim_step("clm_nope")


def test_a_driver_error_rolls_the_whole_write_back(repo: Repository, make_claim: Callable[..., Seeded]) -> None:
    claim = make_claim().claim
    ghost = EvidenceRecord(source_id="src_nope", locator="nowhere.md", excerpt="x", start=0, end=1)
    msg = ClaimAgreed(claim_id=claim.id, revision=1, agreed_by=AgentRole.DATA, final_statement=claim.statement)
    before = (_count(repo, "message"), _count(repo, "vote"))
    with pytest.raises(IntegrityError):  # the foreign key on source_id, raised as SQLAlchemy's error
        repo.apply(
            claim.id,
            expected_version=2,
            event=ClaimEvent.AGREE,
            message=msg,
            agent=AgentRole.DATA,
            iteration=1,
            vote="agree",
            evidence=[ghost],
        )
    assert repo.claim_step(claim.id).version == 2  # the UPDATE that ran first was rolled back too
    assert (_count(repo, "message"), _count(repo, "vote")) == before


def test_without_returning_the_write_reads_back_in_its_transaction(
    repo: Repository, make_claim: Callable[..., Seeded], monkeypatch: pytest.MonkeyPatch
) -> None:
    """SQLite before 3.35 has no ``RETURNING``: the same checks hold with a read inside the transaction."""
    monkeypatch.setattr(repo.engines.write.dialect, "update_returning", False)
    claim = make_claim().claim
    msg = ClaimAgreed(claim_id=claim.id, revision=1, agreed_by=AgentRole.DATA, final_statement=claim.statement)
    step = repo.apply(
        claim.id, expected_version=2, event=ClaimEvent.AGREE, message=msg, agent=AgentRole.DATA, iteration=1
    )
    assert (step.status, step.version, step.revision) == (ClaimState.UNDER_REVIEW, 3, 1)
    with pytest.raises(StaleVersionError):
        repo.apply(claim.id, expected_version=2, event=ClaimEvent.AGREE, message=msg, agent=AgentRole.DATA, iteration=1)
    assert repo.get_claim(claim.id).version == 3


def test_statements_needing_expansion_at_run_time_are_refused(repo: Repository) -> None:
    claim = tables()["claim"]
    with pytest.raises(ValueError, match="CASE"):
        Prepared.compile(select(claim.c.id).where(claim.c.status.in_(["a", "b"])), repo.engines.write.dialect)
    prepared = Prepared.compile(select(claim.c.id).where(claim.c.id == bindparam("p_id")), repo.engines.write.dialect)
    positional = prepared.order is not None  # sqlite3: qmark; psycopg: named
    assert prepared.bind({"p_id": "clm_1"}) == (["clm_1"] if positional else {"p_id": "clm_1"})


def test_kept_connections_return_to_the_pool_on_close(tmp_path: Path) -> None:
    repo = Repository.open(f"sqlite:///{tmp_path / 'own.db'}")
    seeded = seed_claim(repo)
    msg = ClaimAgreed(claim_id=seeded.claim.id, revision=1, agreed_by=AgentRole.DATA, final_statement="s")
    repo.apply(
        seeded.claim.id, expected_version=2, event=ClaimEvent.AGREE, message=msg, agent=AgentRole.DATA, iteration=1
    )
    assert repo.claim_step(seeded.claim.id).version == 3
    write_pool, read_pool = repo.engines.write.pool, repo.engines.read.pool
    # one connection kept for the next version read and write (claim_step reads on a write connection)
    assert write_pool.checkedout() == 1 and read_pool.checkedout() == 0
    release_idle(repo.engines.write)
    release_idle(repo.engines.read)
    assert write_pool.checkedout() == 0 and read_pool.checkedout() == 0
    repo.close()


def test_a_serialization_failure_is_a_stale_version(
    repo: Repository, make_claim: Callable[..., Seeded], store_kind: str
) -> None:
    """PostgreSQL reports a lost race under REPEATABLE READ as SQLSTATE 40001: the one retry rule covers it."""
    if store_kind != "postgresql":
        pytest.skip("SQLSTATE 40001 is PostgreSQL's; SQLite serializes writers with BEGIN IMMEDIATE")
    claim = make_claim().claim
    with pytest.raises(StaleVersionError, match="40001"), repo._core_write() as tx:
        tx.cursor.execute("SET TRANSACTION ISOLATION LEVEL REPEATABLE READ")
        tx.cursor.execute("SELECT version FROM claim WHERE id = %(id)s", {"id": claim.id})
        with repo.engines.write.begin() as other:  # another writer commits a change first
            other.execute(text("UPDATE claim SET version = version + 1 WHERE id = :id"), {"id": claim.id})
        tx.cursor.execute("UPDATE claim SET version = version + 1 WHERE id = %(id)s", {"id": claim.id})
    assert repo.get_claim(claim.id).version == claim.version + 1  # only the other writer's change
