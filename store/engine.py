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

from sqlalchemy import event, inspect, text
from sqlalchemy.engine import Engine
from sqlalchemy.exc import ArgumentError, DatabaseError, OperationalError, ProgrammingError
from sqlmodel import create_engine, select

from protocols import ConfigurationError, SchemaMismatch
from store.faults import StoreFault, check_store, install_translation, store_label
from store.migrations import SCHEMA_VERSION, create_current, migrate
from store.models import SchemaMeta
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


def _sqlite_engine(url: str, *, immediate: bool, read_only: bool = False) -> Engine:
    engine = create_engine(url, connect_args={"check_same_thread": False, "timeout": BUSY_TIMEOUT_MS / 1000})

    @event.listens_for(engine, "connect")
    def _on_connect(dbapi_conn: Any, _record: Any) -> None:
        dbapi_conn.isolation_level = None  # we issue BEGIN ourselves (pysqlite's own is wrong here)
        cur = dbapi_conn.cursor()
        if not read_only:  # switching the journal mode writes the file header
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


def open_engines(url: str | None = None, *, create: bool = True, read_only: bool = False) -> Engines:
    """Open the store at ``url`` (default: :func:`default_database_url`), creating tables if needed.

    Opening checks the store (:func:`store.faults.check_store`: ``PRAGMA quick_check`` and the
    tables' columns). Every later driver failure that is a store fault (disk full, I/O error,
    damaged or read-only file) is raised as a :class:`~store.faults.StoreFault`.

    Args:
        url: the store URL.
        create: create the tables of a new, empty database.
        read_only: open a SQLite file without ever writing to it (``mode=ro``; ``immutable=1`` when
            even the WAL index cannot be opened, e.g. in a read-only folder). Nothing is created.

    Raises:
        ConfigurationError: the URL is malformed or the database cannot be opened.
        SchemaMismatch: the database belongs to another schema version or is not a consensus store.
        StoreFault: the store is damaged, read-only (when writing), or its tables do not match.
    """
    url = url or default_database_url()
    if read_only and url.startswith("sqlite"):
        return _open_read_only(url)
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
    _checked(engines, create=create and not read_only, read_only=read_only)
    return engines


def _open_read_only(url: str) -> Engines:
    path = Path(store_label(url)).expanduser().resolve()
    last: StoreFault | None = None
    for flags in ("mode=ro", "immutable=1"):
        ro_url = f"sqlite:///file:{path}?{flags}&uri=true"
        engine = _sqlite_engine(ro_url, immediate=False, read_only=True)
        engines = Engines(engine, engine, url)
        install_translation(engine, url)
        try:
            _checked(engines, create=False, read_only=True, translated=True)
        except StoreFault as exc:
            if exc.kind not in ("cannot_open", "read_only"):
                raise
            last = exc
            continue
        return engines
    assert last is not None
    raise last


def _checked(engines: Engines, *, create: bool, read_only: bool, translated: bool = False) -> None:
    """Check the schema and the file; dispose of the engines when the store is refused."""
    if not translated:
        for engine in {engines.write, engines.read}:
            install_translation(engine, engines.url)
    try:
        if not _schema_is_current(engines.read):  # the usual case costs one SELECT: no reflection, no lock
            _check_schema(engines.write, create=create, read_only=read_only)
        with engines.read.connect() as conn:  # a read transaction: writers of other processes go on
            check_store(conn, engines.url)
    except DatabaseError as exc:  # locked, or a failure that is not a store fault
        engines.dispose()
        raise ConfigurationError(
            f"cannot open the database {engines.url!r}: {exc.orig}",
            suggestion="check the path or URL and permissions",
        ) from exc
    except (SchemaMismatch, StoreFault):
        engines.dispose()
        raise


def _schema_is_current(engine: Engine) -> bool:
    """True when the store already records this schema version: no reflection, no write lock."""
    try:
        with engine.connect() as conn:
            found = conn.execute(select(SchemaMeta.value).where(SchemaMeta.key == "schema_version")).scalar()
    except (OperationalError, ProgrammingError, StoreFault):  # no schema_meta table: a new or foreign database
        return False
    return found == str(SCHEMA_VERSION)


#: Key of the PostgreSQL advisory lock held while a store's schema is created or migrated.
_SCHEMA_LOCK = 0x636F6E73  # "cons"


def _check_schema(engine: Engine, *, create: bool, read_only: bool) -> None:
    """Create a new store or bring an older one up to date (:mod:`store.migrations`), in one transaction.

    One write transaction (BEGIN IMMEDIATE on SQLite, an advisory lock on PostgreSQL): processes
    opening a new or old store at the same moment must neither both create or migrate it nor see its
    tables before its schema version is recorded.
    """
    with engine.begin() as conn:
        if conn.dialect.name == "postgresql":
            conn.execute(text("SELECT pg_advisory_xact_lock(:key)"), {"key": _SCHEMA_LOCK})
        tables = set(inspect(conn).get_table_names())
        if "schema_meta" not in tables:
            if tables:
                raise SchemaMismatch(
                    "this database was not created by consensus (no schema version recorded)",
                    suggestion="point CONSENSUS_DATABASE_URL or CONSENSUS_HOME at a new location",
                )
            if create:
                create_current(conn)
            return
        found = conn.execute(select(SchemaMeta.value).where(SchemaMeta.key == "schema_version")).scalar()
        migrate(conn, found, read_only=read_only)


def integrity_ok(engine: Engine) -> bool:
    """SQLite's ``PRAGMA integrity_check`` (True on other dialects)."""
    if engine.dialect.name != "sqlite":
        return True
    with engine.connect() as conn:
        return conn.execute(text("PRAGMA integrity_check")).scalar() == "ok"
