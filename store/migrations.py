"""Schema migrations: ordered, named steps, each recorded in the database when applied (as simonw/llm does).

    MIGRATIONS      the steps, oldest first; a step's name never changes once released
    schema_migration one row per applied step (name, applied_at)
    schema_meta     ``schema_version`` = how many steps the database has applied

Opening a store (:func:`store.engine.open_engines`) brings it up to date in ONE write transaction
(``BEGIN IMMEDIATE`` on SQLite, an advisory lock on PostgreSQL), so two processes opening an old
store at once migrate it once, and nobody sees a half-migrated schema; a failing step rolls the whole
upgrade back. A new, empty database gets the current tables at once and every step recorded.

``schema_version`` is kept beside the step table for two readers: the current consensus, which opens
an up-to-date store with that one ``SELECT`` (no reflection, no lock), and an *older* consensus, which
refuses any other version with a clear message (so it never writes into a schema it does not know).
Version 1 of the schema recorded only ``schema_version = 1`` (no step table): it has applied exactly
the first step. A database with steps this consensus does not know came from a newer one: refused.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

from sqlalchemy import delete, insert, inspect, select, text
from sqlalchemy.engine import Connection
from sqlmodel import SQLModel, col

from protocols import SchemaMismatch
from store.models import MigrationRow, SchemaMeta, TraceStepRow
from store.timestamps import utcnow

__all__ = ["MIGRATIONS", "SCHEMA_VERSION", "Migration", "create_current", "migrate"]


@dataclass(frozen=True)
class Migration:
    """One step: its name (recorded once applied) and what it does to a database one step older."""

    name: str
    apply: Callable[[Connection], None]


def _initial(conn: Connection) -> None:
    """The tables of schema version 1 (consensus 0.1): every database has them from its creation."""


#: Timestamp columns of schema version 1 (a step acts on the schema as it was, not on today's models).
_V1_TIMESTAMPS = {
    "run": ("created_at", "updated_at", "finished_at"),
    "source_content": ("created_at",),
    "source": ("created_at",),
    "claim": ("created_at", "updated_at"),
    "message": ("created_at",),
    "discovery": ("created_at",),
    "open_question": ("created_at",),
}


def _utc_timestamps(conn: Connection) -> None:
    """Timestamps keep their zone: ``timestamp with time zone`` on PostgreSQL (the stored values were UTC).

    SQLite keeps the UTC wall time as text, as before: the column type re-attaches the zone on reading.
    """
    if conn.dialect.name != "postgresql":
        return
    for table, columns in _V1_TIMESTAMPS.items():
        for column in columns:
            alter = f'ALTER TABLE "{table}" ALTER COLUMN "{column}"'
            conn.execute(text(f"{alter} TYPE timestamptz USING \"{column}\" AT TIME ZONE 'UTC'"))


def _run_leases(conn: Connection) -> None:
    """Runs are owned by a lease (owner, since when, heartbeat, expiry) and can be asked to cancel.

    A run left ``running`` by schema 1 gets a lease that expired at its last heartbeat, so the
    next look at it finds it orphaned, as the process check of schema 1 would have.
    """
    for column in ("owner_since", "heartbeat_at", "lease_expires_at", "cancel_requested_at"):
        kind = "TIMESTAMP WITH TIME ZONE" if conn.dialect.name == "postgresql" else "DATETIME"
        conn.execute(text(f"ALTER TABLE run ADD COLUMN {column} {kind}"))
    conn.execute(
        text(
            "UPDATE run SET owner_since = created_at, heartbeat_at = updated_at, lease_expires_at = updated_at"
            " WHERE status = 'running'"
        )
    )


def _trace_steps(conn: Connection) -> None:
    """The trace moves into the store (``trace_step``), so any machine can read it; JSONL is an export."""
    TraceStepRow.__table__.create(conn)  # type: ignore[attr-defined]


#: The debate log without ``op_key`` on SQLite, as the models created it before (the indexes follow).
_SQLITE_MESSAGE = """CREATE TABLE message_new (
    seq INTEGER NOT NULL,
    run_id VARCHAR NOT NULL,
    claim_id VARCHAR,
    agent VARCHAR NOT NULL,
    action VARCHAR NOT NULL,
    revision INTEGER,
    iteration INTEGER NOT NULL,
    claim_version INTEGER,
    payload_json TEXT NOT NULL,
    created_at DATETIME NOT NULL,
    PRIMARY KEY (seq),
    FOREIGN KEY(run_id) REFERENCES run (id),
    FOREIGN KEY(claim_id) REFERENCES claim (id)
)"""
_MESSAGE_COLUMNS = "seq, run_id, claim_id, agent, action, revision, iteration, claim_version, payload_json, created_at"


def _drop_message_op_key(conn: Connection) -> None:
    """The debate log loses ``op_key``, a unique column nothing reads or writes any more.

    PostgreSQL drops the column with its unique constraint. SQLite cannot drop a column that has a
    UNIQUE constraint (its index belongs to the table), so the table is rebuilt as SQLite's
    documentation describes: a new table, the rows copied (``seq`` kept), the old one dropped, the
    new one renamed, its indexes made again. Nothing references ``message``, so with foreign keys on
    the drop deletes nothing elsewhere.
    """
    if conn.dialect.name == "postgresql":
        conn.execute(text("ALTER TABLE message DROP COLUMN op_key"))
        return
    conn.execute(text(_SQLITE_MESSAGE))
    conn.execute(text(f"INSERT INTO message_new ({_MESSAGE_COLUMNS}) SELECT {_MESSAGE_COLUMNS} FROM message"))
    conn.execute(text("DROP TABLE message"))
    conn.execute(text("ALTER TABLE message_new RENAME TO message"))
    conn.execute(text("CREATE INDEX ix_message_run_id ON message (run_id)"))
    conn.execute(text("CREATE INDEX ix_message_claim_id ON message (claim_id)"))


MIGRATIONS: tuple[Migration, ...] = (
    Migration("m001_initial", _initial),
    Migration("m002_utc_timestamps", _utc_timestamps),
    Migration("m003_run_leases", _run_leases),
    Migration("m004_trace_steps", _trace_steps),
    Migration("m005_drop_message_op_key", _drop_message_op_key),
)

#: The schema version this consensus writes: the number of steps.
SCHEMA_VERSION = len(MIGRATIONS)


def create_current(conn: Connection) -> None:
    """Create today's tables in an empty database and record every step as applied."""
    SQLModel.metadata.create_all(conn)
    now = utcnow()
    conn.execute(insert(MigrationRow), [{"name": m.name, "applied_at": now} for m in MIGRATIONS])
    conn.execute(insert(SchemaMeta).values(key="schema_version", value=str(SCHEMA_VERSION)))


def migrate(conn: Connection, found: str | None, *, read_only: bool = False) -> list[str]:
    """Apply, in order, the steps the database has not recorded (in the caller's transaction).

    Args:
        conn: a connection inside the write transaction that opens the store.
        found: the database's recorded ``schema_version``.
        read_only: only check; a store that needs steps is refused.

    Returns:
        The names of the steps applied now (empty when the store was up to date).

    Raises:
        SchemaMismatch: the database comes from a newer consensus, records no usable version, or
            needs upgrading but may not be written.
    """
    version = int(found) if found is not None and found.isdigit() else None
    if version is None or version < 1:
        raise SchemaMismatch(
            f"the database records schema version {found!r}, which no consensus wrote",
            suggestion="point CONSENSUS_DATABASE_URL or CONSENSUS_HOME at a new location",
        )
    applied = _applied(conn, version)
    known = {m.name for m in MIGRATIONS}
    if version > SCHEMA_VERSION or not applied <= known:
        newer = sorted(applied - known)
        raise SchemaMismatch(
            f"the database has schema version {version}, newer than this consensus (it knows up to "
            f"{SCHEMA_VERSION})" + (f"; unknown steps: {', '.join(newer)}" if newer else ""),
            suggestion="upgrade consensus, or use a new CONSENSUS_HOME",
        )
    pending = [m for m in MIGRATIONS if m.name not in applied]
    if not pending:
        return []
    if read_only:
        raise SchemaMismatch(
            f"the database has schema version {version} and needs upgrading to {SCHEMA_VERSION}, "
            "but it is opened read-only",
            suggestion="run any consensus command once with write access to the store; it upgrades it",
        )
    _record(conn, applied, pending)
    return [m.name for m in pending]


def _applied(conn: Connection, version: int) -> set[str]:
    if MigrationRow.__tablename__ in inspect(conn).get_table_names():
        return set(conn.execute(select(col(MigrationRow.name))).scalars())
    return {m.name for m in MIGRATIONS[:version]}  # before the step table: the first `version` steps


def _record(conn: Connection, applied: set[str], pending: Sequence[Migration]) -> None:
    table = MigrationRow.__table__  # type: ignore[attr-defined]
    if not inspect(conn).has_table(table.name):
        table.create(conn)
        conn.execute(insert(table), [{"name": name, "applied_at": utcnow()} for name in sorted(applied)])
    for step in pending:
        step.apply(conn)
        conn.execute(insert(table).values(name=step.name, applied_at=utcnow()))
    conn.execute(delete(SchemaMeta).where(SchemaMeta.key == "schema_version"))  # type: ignore[arg-type]
    conn.execute(insert(SchemaMeta).values(key="schema_version", value=str(SCHEMA_VERSION)))
