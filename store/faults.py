"""Store faults: what a failing database means for the user, said in one line.

SQLite reports a full disk, an I/O error, a damaged file or a read-only file as a driver exception
deep inside a transaction. Every engine of the store translates those (a ``handle_error`` listener
installed by :func:`install_translation`) into a :class:`StoreFault` that names the store, says what
is wrong and what to do, so the CLI and the MCP server can show it like any other expected error.
Busy/locked and constraint errors are *not* translated: the repository's retry rules own them.

Opening a store also checks it (:func:`check_store`): ``PRAGMA quick_check`` (cheap: it skips the
index-content cross-check of ``integrity_check``) and that every table has the columns this schema
version declares, so a damaged or hand-edited database is refused before a run starts.

    ConsensusError
    └── StoreFault        code STORE_FAULT; ``kind`` is one of FAULT_KINDS
"""

from __future__ import annotations

import sqlite3
from typing import Any

from sqlalchemy import event, inspect, text
from sqlalchemy.engine import Connection, Engine
from sqlmodel import SQLModel

from protocols import StoreFault

__all__ = ["FAULT_KINDS", "StoreFault", "check_store", "fault_from", "install_translation", "store_label"]

FAULT_KINDS = ("disk_full", "io_error", "corrupt", "read_only", "cannot_open", "schema")

_BACKUP = "move it aside (the next run creates a new store) or restore it from a backup"


def store_label(url: str) -> str:
    """The file of a SQLite URL (without ``file:`` and query parts), else the URL itself."""
    if url.startswith("sqlite") and "///" in url:
        path = url.split("///", 1)[1].removeprefix("file:")
        return path.split("?", 1)[0]
    return url


def fault_from(exc: BaseException, *, url: str) -> StoreFault | None:
    """The :class:`StoreFault` a driver exception stands for, or None when it is not a store fault.

    Args:
        exc: a ``sqlite3.Error`` or a SQLAlchemy ``DBAPIError`` wrapping one (``.orig``).
        url: the store's URL, named in the message.
    """
    orig = getattr(exc, "orig", None) or exc
    if not isinstance(orig, sqlite3.Error):
        return None
    where = store_label(url)
    primary = (getattr(orig, "sqlite_errorcode", None) or 0) & 0xFF
    detail = str(orig)
    if primary == sqlite3.SQLITE_FULL:
        return StoreFault(
            f"the disk is full (or a file size limit was reached) while writing the store {where}",
            kind="disk_full",
            suggestion="free disk space (or raise the file size limit, `ulimit -f`) and run again",
        )
    if primary == sqlite3.SQLITE_IOERR:
        return StoreFault(
            f"an I/O error while using the store {where} ({detail})",
            kind="io_error",
            suggestion="check the disk (free space, the file size limit `ulimit -f`, hardware errors) and run "
            "again; if it persists, " + _BACKUP,
        )
    if primary in (sqlite3.SQLITE_CORRUPT, sqlite3.SQLITE_NOTADB):
        return _corrupt(where, detail)
    if primary in (sqlite3.SQLITE_READONLY, sqlite3.SQLITE_PERM):
        return StoreFault(
            f"the store {where} is read-only ({detail})",
            kind="read_only",
            suggestion="`consensus runs` and `show` can still read it; to research, make the file and its "
            "folder writable or point CONSENSUS_HOME at a writable folder",
        )
    if primary == sqlite3.SQLITE_CANTOPEN:
        return StoreFault(
            f"cannot open the store {where} ({detail})",
            kind="cannot_open",
            suggestion="check that the folder exists and that you may read (and write) it",
        )
    if primary == sqlite3.SQLITE_ERROR and ("no such column" in detail or "no such table" in detail):
        return _schema_drift(where, detail)
    return None


def install_translation(engine: Engine, url: str) -> None:
    """Make ``engine`` raise a :class:`StoreFault` instead of the driver error it stands for."""

    @event.listens_for(engine, "handle_error")
    def _translate(context: Any) -> None:
        fault = fault_from(context.original_exception, url=url)
        if fault is not None:
            raise fault from context.original_exception


def check_store(conn: Connection, url: str) -> None:
    """Refuse a damaged store or one whose tables do not match this schema version.

    Runs ``PRAGMA quick_check`` (SQLite only) and compares every table's columns with the models.

    Raises:
        StoreFault: ``corrupt`` or ``schema``, with what to do.
    """
    where = store_label(url)
    if conn.dialect.name == "sqlite":
        found = [str(r[0]) for r in conn.execute(text("PRAGMA quick_check")).fetchall()]
        # Lines such as "*** in database main ***" head the findings; the findings are what to show.
        rows = [line for row in found for line in row.splitlines() if not line.startswith("*** in database")]
        if rows != ["ok"]:
            raise _corrupt(where, "; ".join(rows[:3]) + (f" (+{len(rows) - 3} more)" if len(rows) > 3 else ""))
    inspector = inspect(conn)
    present = set(inspector.get_table_names())
    for table in SQLModel.metadata.sorted_tables:
        if table.name not in present:
            raise _schema_drift(where, f"no such table: {table.name}")
        columns = {c["name"] for c in inspector.get_columns(table.name)}
        missing = sorted(c.name for c in table.columns if c.name not in columns)
        if missing:
            raise _schema_drift(where, f"table {table.name} lacks column(s) {', '.join(missing)}")


def _corrupt(where: str, detail: str) -> StoreFault:
    return StoreFault(
        f"the store {where} is damaged ({detail})",
        kind="corrupt",
        suggestion=f"{_BACKUP}; `sqlite3 {where} .recover` may save its runs",
    )


def _schema_drift(where: str, detail: str) -> StoreFault:
    return StoreFault(
        f"the store {where} does not match the schema version recorded in it ({detail})",
        kind="schema",
        suggestion="the database was changed outside consensus: " + _BACKUP,
    )
