"""Engines for the shared store: SQLite by default (WAL, busy timeout, foreign keys), PostgreSQL by URL.

SQLite needs two engines (PITFALLS.md): writes must start with ``BEGIN IMMEDIATE`` so that the busy
handler applies when a transaction takes the write lock, while read-only snapshots should not take
that lock at all. PostgreSQL uses one engine for both.
"""

from __future__ import annotations

import sqlite3
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from sqlalchemy import event, insert, inspect, text
from sqlalchemy.engine import Engine
from sqlalchemy.exc import ArgumentError, DatabaseError, OperationalError, ProgrammingError
from sqlmodel import SQLModel, create_engine, select

from protocols import ConfigurationError, SchemaMismatch
from store.models import SCHEMA_VERSION, SchemaMeta
from store.paths import consensus_home, default_database_url

__all__ = ["BUSY_TIMEOUT_MS", "Engines", "consensus_home", "default_database_url", "integrity_ok", "open_engines"]

BUSY_TIMEOUT_MS = 30_000


@dataclass(frozen=True)
class Engines:
    """A write engine and a read engine (the same object except on SQLite)."""

    write: Engine
    read: Engine
    url: str

    @property
    def is_sqlite(self) -> bool:
        return self.write.dialect.name == "sqlite"

    def dispose(self) -> None:
        self.write.dispose()
        if self.read is not self.write:
            self.read.dispose()


def _sqlite_engine(url: str, *, immediate: bool) -> Engine:
    engine = create_engine(url, connect_args={"check_same_thread": False, "timeout": BUSY_TIMEOUT_MS / 1000})

    @event.listens_for(engine, "connect")
    def _on_connect(dbapi_conn: Any, _record: Any) -> None:
        dbapi_conn.isolation_level = None  # we issue BEGIN ourselves (pysqlite's own is wrong here)
        cur = dbapi_conn.cursor()
        _enable_wal(cur)
        cur.execute(f"PRAGMA busy_timeout={BUSY_TIMEOUT_MS}")
        cur.execute("PRAGMA foreign_keys=ON")
        cur.execute("PRAGMA synchronous=NORMAL")
        cur.close()

    @event.listens_for(engine, "begin")
    def _on_begin(conn: Any) -> None:
        conn.exec_driver_sql("BEGIN IMMEDIATE" if immediate else "BEGIN")

    return engine


def _enable_wal(cur: Any) -> None:
    """``PRAGMA journal_mode=WAL``, retried while another connection holds the file.

    Switching a new file to WAL takes an exclusive lock without going through the busy handler, so
    two processes opening a fresh store at once got "database is locked" immediately. Once the
    file is in WAL mode (it stays so) the pragma takes no lock and this returns at once.
    """
    deadline = time.monotonic() + BUSY_TIMEOUT_MS / 1000
    while True:
        try:
            cur.execute("PRAGMA journal_mode=WAL")
            return
        except sqlite3.OperationalError as exc:
            if "locked" not in str(exc) or time.monotonic() > deadline:
                raise
            time.sleep(0.005)


def open_engines(url: str | None = None, *, create: bool = True) -> Engines:
    """Open the store at ``url`` (default: :func:`default_database_url`), creating tables if needed.

    Raises:
        ConfigurationError: the URL is malformed or the database cannot be opened.
        SchemaMismatch: the database belongs to another schema version or is not a consensus store.
    """
    url = url or default_database_url()
    try:
        if url.startswith("sqlite"):
            path = url.split("///", 1)[1] if "///" in url else ""
            if path and path != ":memory:":
                Path(path).expanduser().parent.mkdir(parents=True, exist_ok=True)
            engines = Engines(_sqlite_engine(url, immediate=True), _sqlite_engine(url, immediate=False), url)
        else:
            engine = create_engine(url, pool_pre_ping=True)
            engines = Engines(engine, engine, url)
    except (ArgumentError, ValueError, ImportError, OSError) as exc:  # OSError: parent is a file
        raise ConfigurationError(
            f"cannot open the database {url!r}: {exc}",
            suggestion="use sqlite:///path/to/consensus.db or postgresql+psycopg://user@host/db",
        ) from exc
    try:
        if not _schema_is_current(engines.read):
            _check_schema(engines.write, create=create)
    except DatabaseError as exc:  # locked, unreadable, or not a database file at all
        engines.dispose()
        raise ConfigurationError(
            f"cannot open the database {url!r}: {exc.orig}", suggestion="check the path or URL and permissions"
        ) from exc
    except SchemaMismatch:
        engines.dispose()
        raise
    return engines


def _schema_is_current(engine: Engine) -> bool:
    """True when the store already records this schema version: no reflection, no write lock."""
    try:
        with engine.connect() as conn:
            found = conn.execute(select(SchemaMeta.value).where(SchemaMeta.key == "schema_version")).scalar()
    except (OperationalError, ProgrammingError):  # no schema_meta table: a new (or foreign) database
        return False
    return found == str(SCHEMA_VERSION)


def _check_schema(engine: Engine, *, create: bool) -> None:
    # One write transaction (BEGIN IMMEDIATE on SQLite): processes opening a new store at the same
    # moment must neither both create it nor see its tables before its schema version is recorded.
    with engine.begin() as conn:
        tables = set(inspect(conn).get_table_names())
        if "schema_meta" not in tables:
            if tables:
                raise SchemaMismatch(
                    "this database was not created by consensus (no schema version recorded)",
                    suggestion="point CONSENSUS_DATABASE_URL or CONSENSUS_HOME at a new location",
                )
            if create:
                SQLModel.metadata.create_all(conn)
                conn.execute(insert(SchemaMeta).values(key="schema_version", value=str(SCHEMA_VERSION)))
            return
        found = conn.execute(select(SchemaMeta.value).where(SchemaMeta.key == "schema_version")).scalar()
        if found != str(SCHEMA_VERSION):
            raise SchemaMismatch(
                f"the database has schema version {found or 'unknown'}, this consensus needs {SCHEMA_VERSION}",
                suggestion="use a new CONSENSUS_HOME, or the consensus version that created this database",
            )
        SQLModel.metadata.create_all(conn)  # tables added within the same version (none yet)


def integrity_ok(engine: Engine) -> bool:
    """SQLite's ``PRAGMA integrity_check`` (True on other dialects)."""
    if engine.dialect.name != "sqlite":
        return True
    with engine.connect() as conn:
        return conn.execute(text("PRAGMA integrity_check")).scalar() == "ok"
