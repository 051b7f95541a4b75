"""Migrations: ordered, named steps recorded in the database; a store of the previous schema is upgraded.

``fixtures/store_v1.sql`` is a real store written by schema version 1 (consensus at 0bf3127: one
interrupted run, its scope, a source and a claim agreed by two agents), dumped with ``sqlite3 .dump``.
"""

from __future__ import annotations

import sqlite3
from contextlib import closing
from datetime import UTC, datetime
from pathlib import Path

import pytest
from sqlalchemy import inspect, select, text

import store.migrations as migrations
from protocols import AgentRole, ClaimState, ResearchRequest, ResearchTurn, SchemaMismatch
from store import SCHEMA_VERSION, Repository, open_engines
from store.migrations import MIGRATIONS, Migration
from store.models import MigrationRow
from store.timestamps import UTCDateTime

V1_DUMP = Path(__file__).parent / "fixtures" / "store_v1.sql"
V1_RUN = "run_01m83fjwq669j3qkgyv7"
V1_CLAIM = "clm_01m83fjwqw6f8rserq1w"


def _v1_store(path: Path) -> str:
    conn = sqlite3.connect(path)
    conn.executescript(V1_DUMP.read_text())
    conn.close()
    return f"sqlite:///{path}"


def _steps(repo: Repository) -> list[tuple[str, datetime]]:
    with repo.engines.read.connect() as conn:
        rows = conn.execute(select(MigrationRow.name, MigrationRow.applied_at).order_by(MigrationRow.name)).all()
    return [(str(name), at) for name, at in rows]


def test_a_new_store_records_every_step(repo: Repository) -> None:
    assert [name for name, _ in _steps(repo)] == [m.name for m in MIGRATIONS]
    assert len(MIGRATIONS) == SCHEMA_VERSION


def test_a_store_of_the_previous_schema_is_upgraded_and_keeps_its_runs(tmp_path: Path) -> None:
    url = _v1_store(tmp_path / "v1.db")
    repo = Repository.open(url)
    try:
        steps = _steps(repo)
        assert [name for name, _ in steps] == [m.name for m in MIGRATIONS]
        with repo.engines.read.connect() as conn:
            version = conn.execute(text("SELECT value FROM schema_meta WHERE key = 'schema_version'")).scalar()
        assert version == str(SCHEMA_VERSION)

        run = repo.get_run(V1_RUN)
        assert (run.status, run.iteration, run.tokens_used, run.owner) == ("interrupted", 1, 120, "oldhost:1")
        # the stored UTC wall time comes back aware, unchanged
        assert run.created_at == datetime(2026, 11, 23, 5, 55, 40, 902461, tzinfo=UTC)
        assert run.finished_at is not None and run.finished_at.tzinfo is UTC
        claim = repo.get_claim(V1_CLAIM)
        assert claim.status is ClaimState.UNDER_REVIEW and claim.version == 3
        assert [m.claim_version for m in repo.claim_debate(V1_CLAIM)] == [1, 2, 3]
        assert repo.list_sources(V1_RUN)[0].text.startswith("The bridge opened in 1932.")
        # and it takes new writes
        new = repo.create_run(ResearchRequest(question="Q?"), trace_id="t-new", model_id="m", source_backend="memory")
        assert repo.get_run(new.id).status == "running"
    finally:
        repo.close()

    again = Repository.open(url)  # nothing left to do: the steps keep their first application time
    try:
        assert _steps(again) == steps
    finally:
        again.close()


def _message_columns(repo: Repository) -> list[str]:
    with repo.engines.read.connect() as conn:
        return [c["name"] for c in inspect(conn).get_columns("message")]


def test_the_debate_log_loses_op_key_and_keeps_its_messages(tmp_path: Path) -> None:
    """SQLite cannot drop a UNIQUE column: the step rebuilds ``message`` and keeps every row and index."""
    url = _v1_store(tmp_path / "v1.db")
    with closing(sqlite3.connect(tmp_path / "v1.db")) as conn:
        assert "op_key" in {r[1] for r in conn.execute("PRAGMA table_info(message)")}
    repo, fresh = Repository.open(url), Repository.open(f"sqlite:///{tmp_path / 'new.db'}")
    try:
        assert "op_key" not in _message_columns(repo)
        assert _message_columns(repo) == _message_columns(fresh)
        with repo.engines.read.connect() as conn:
            indexes = {i["name"]: i["column_names"] for i in inspect(conn).get_indexes("message")}
            assert conn.execute(text("PRAGMA foreign_key_check")).all() == []
        assert indexes == {"ix_message_run_id": ["run_id"], "ix_message_claim_id": ["claim_id"]}
        before = repo.claim_debate(V1_CLAIM)
        assert [(m.seq, m.claim_version, m.message.action) for m in before] == [
            (1, 1, "claim_proposed"),
            (2, 2, "claim_agreed"),
            (3, 3, "claim_agreed"),
        ]
        repo.append_message(V1_RUN, ResearchTurn(agent=AgentRole.LEAD, focus_area="more"), agent="lead", iteration=2)
        assert [m.seq for m in repo.messages(V1_RUN)] == [1, 2, 3, 4]  # the log goes on where it was
    finally:
        repo.close()
        fresh.close()


def test_a_failing_step_leaves_the_store_as_it_was(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    url = _v1_store(tmp_path / "v1.db")

    def broken(_conn: object) -> None:
        raise RuntimeError("step failed")

    monkeypatch.setattr(migrations, "MIGRATIONS", (*MIGRATIONS, Migration("m999_broken", broken)))
    monkeypatch.setattr(migrations, "SCHEMA_VERSION", len(MIGRATIONS) + 1)
    with pytest.raises(RuntimeError, match="step failed"):
        open_engines(url)
    conn = sqlite3.connect(tmp_path / "v1.db")
    try:
        tables = {r[0] for r in conn.execute("SELECT name FROM sqlite_master WHERE type = 'table'")}
        version = conn.execute("SELECT value FROM schema_meta").fetchone()[0]
    finally:
        conn.close()
    assert "schema_migration" not in tables and version == "1"


def test_a_step_this_consensus_does_not_know_is_refused(repo: Repository) -> None:
    with repo.engines.write.begin() as conn:
        conn.execute(text("INSERT INTO schema_migration (name, applied_at) VALUES ('m900_future', '2030-01-01')"))
        conn.execute(text("UPDATE schema_meta SET value = '1' WHERE key = 'schema_version'"))  # leave the fast path
    with pytest.raises(SchemaMismatch, match="unknown steps: m900_future") as info:
        open_engines(repo.engines.url)
    assert info.value.suggestion and "upgrade consensus" in info.value.suggestion


def test_a_read_only_open_of_an_old_store_asks_for_an_upgrade(tmp_path: Path) -> None:
    url = _v1_store(tmp_path / "v1.db")
    with pytest.raises(SchemaMismatch, match="needs upgrading"):
        open_engines(url, read_only=True)


def test_timestamps_are_aware_utc_and_naive_ones_are_refused() -> None:
    from sqlalchemy.dialects import sqlite

    column = UTCDateTime()
    dialect = sqlite.dialect()
    assert column.process_result_value(datetime(2026, 1, 2, 3, 4, 5), dialect) == datetime(
        2026, 1, 2, 3, 4, 5, tzinfo=UTC
    )
    with pytest.raises(ValueError, match="naive datetime"):
        column.process_bind_param(datetime(2026, 1, 2), dialect)


def _to_schema_1_on_postgresql(repo: Repository) -> None:
    """Turn a new PostgreSQL store back into what schema 1 created there (naive timestamps, no later tables)."""
    with repo.engines.write.begin() as conn:
        conn.execute(text("DROP TABLE trace_step"))
        conn.execute(text("DROP TABLE schema_migration"))
        conn.execute(text("ALTER TABLE message ADD COLUMN op_key VARCHAR UNIQUE"))
        for column in ("owner_since", "heartbeat_at", "lease_expires_at", "cancel_requested_at"):
            conn.execute(text(f"ALTER TABLE run DROP COLUMN {column}"))
        for table, columns in migrations._V1_TIMESTAMPS.items():
            for column in columns:
                conn.execute(text(f'ALTER TABLE "{table}" ALTER COLUMN "{column}" TYPE timestamp without time zone'))
        conn.execute(text("UPDATE schema_meta SET value = '1' WHERE key = 'schema_version'"))


def test_a_postgresql_store_of_schema_1_is_upgraded(repo: Repository, store_kind: str) -> None:
    if store_kind != "postgresql":
        pytest.skip("the SQLite upgrade is tested on a real schema-1 file above")
    run = repo.create_run(ResearchRequest(question="Q?"), trace_id="t-old", model_id="m", source_backend="s")
    _to_schema_1_on_postgresql(repo)
    url = repo.engines.url
    repo.close()
    upgraded = Repository.open(url)
    try:
        assert [name for name, _ in _steps(upgraded)] == [m.name for m in MIGRATIONS]
        again = upgraded.get_run(run.id)
        assert again.created_at == run.created_at and again.created_at.tzinfo is UTC  # the UTC wall time kept
        with upgraded.engines.read.connect() as conn:
            kind = conn.execute(
                text(
                    "SELECT data_type FROM information_schema.columns WHERE table_schema = current_schema()"
                    " AND table_name = 'run' AND column_name = 'created_at'"
                )
            ).scalar()
        assert kind == "timestamp with time zone"
        with upgraded.engines.read.connect() as conn:
            assert "op_key" not in [c["name"] for c in inspect(conn).get_columns("message")]
        upgraded.traces.append(run.id, [{"step": 1, "action": "run_started"}])
        assert upgraded.leases.renew(run.id, "").held
    finally:
        upgraded.close()
