"""Fixed SQL for the hot write path: Core statements compiled once, run on the engine's own connection.

Why not ``Connection.execute`` for every statement: SQLAlchemy's per-statement machinery (events,
parameter processing, result set-up) costs about 50 µs a statement in Python, and on SQLite all of
it falls *inside* the write lock, between ``BEGIN IMMEDIATE`` and ``COMMIT``. Other writers then
meet a busy lock and SQLite's busy handler puts them to sleep for at least a millisecond, so eight
writer processes managed a tenth of plain ``sqlite3``'s throughput (bench/store_contention.py).

So each statement of a claim write is still built with SQLAlchemy Core from the models' tables, but
compiled ONCE per dialect (:class:`Prepared`: the SQL text, the driver's parameter order, and the
column types' bind processors) and executed on the pooled DBAPI connection of the write engine
(:func:`write_transaction`): the connection that the engine's ``connect`` event configured (WAL,
busy timeout, foreign keys), in one transaction that either commits whole or rolls back whole.
"""

from __future__ import annotations

import threading
import weakref
from collections.abc import Callable, Iterator, Mapping, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from typing import Any

from sqlalchemy.engine import Dialect, Engine
from sqlalchemy.exc import DBAPIError
from sqlalchemy.sql import ClauseElement
from sqlalchemy.sql.compiler import SQLCompiler

__all__ = ["Prepared", "Transaction", "fetch_one", "release_idle", "write_transaction"]

#: SQLite connections kept between statements per engine, outside its pool: checking a connection
#: out of SQLAlchemy's pool and back costs ~15 µs, as much as the statements of a write. At most
#: this many idle ones are kept, so the pool (5 + 10 overflow) always has room for ORM sessions.
_KEEP_IDLE = 4
_IDLE: weakref.WeakKeyDictionary[Engine, list[Any]] = weakref.WeakKeyDictionary()
_IDLE_LOCK = threading.Lock()


@dataclass(frozen=True)
class Prepared:
    """One Core statement compiled for one dialect: run it with :meth:`Transaction.execute`."""

    sql: str
    order: tuple[str, ...] | None  # positional drivers (sqlite3: qmark); None for named (psycopg)
    defaults: Mapping[str, Any]  # values Core bound itself (e.g. the states in a CASE)
    processors: Mapping[str, Callable[[Any], Any]]

    @classmethod
    def compile(cls, stmt: ClauseElement, dialect: Dialect, *, keys: Sequence[str] | None = None) -> Prepared:
        """Compile ``stmt``; for an ``INSERT``, ``keys`` names the columns given (all others omitted).

        Raises:
            ValueError: the statement needs parameters expanded at execution time (``IN`` lists),
                or a column default that only SQLAlchemy's execution context could compute.
        """
        compiled = stmt.compile(dialect=dialect, column_keys=list(keys) if keys is not None else None)
        assert isinstance(compiled, SQLCompiler)
        if "POSTCOMPILE" in compiled.string:
            raise ValueError("expanding parameters cannot be prepared once; use a CASE instead of IN")
        defaults, processors = {}, {}
        for name, bind in compiled.binds.items():
            if bind.callable is not None:
                raise ValueError(f"a column default must be computed per row: give {name!r} in {keys}")
            if bind.value is not None:
                defaults[name] = bind.value
            proc = bind.type.dialect_impl(dialect).bind_processor(dialect)
            if proc is not None:
                processors[name] = proc
        order = tuple(compiled.positiontup or ()) if compiled.positional else None
        return cls(compiled.string, order, defaults, processors)

    def fill(self, bound: Any, values: Mapping[str, Any]) -> None:
        """Set ``values`` in parameters :meth:`bind` made (for values known only inside the transaction)."""
        for name, value in values.items():
            proc = self.processors.get(name)
            value = proc(value) if proc is not None and value is not None else value
            if self.order is None:
                bound[name] = value
            else:
                for i, key in enumerate(self.order):
                    if key == name:
                        bound[i] = value

    def bind(self, values: Mapping[str, Any]) -> Sequence[Any] | dict[str, Any]:
        """The driver's parameters for ``values`` (types processed, in the driver's order)."""
        merged = {**self.defaults, **values} if self.defaults else dict(values)
        for name, proc in self.processors.items():
            value = merged.get(name)
            if value is not None:
                merged[name] = proc(value)
        if self.order is None:
            return merged
        get = merged.get
        return [get(name) for name in self.order]


class Transaction:
    """A write transaction on a raw pooled connection; statements are :class:`Prepared`."""

    def __init__(self, cursor: Any, dialect: Dialect) -> None:
        self.cursor = cursor
        self.dialect = dialect

    def execute(self, stmt: Prepared, values: Mapping[str, Any]) -> Any:
        """Run one statement; returns the cursor (``fetchone()`` for ``RETURNING``, ``rowcount``)."""
        self.cursor.execute(stmt.sql, stmt.bind(values))
        return self.cursor

    def execute_bound(self, stmt: Prepared, bound: Any) -> Any:
        """Run one statement with parameters :meth:`Prepared.bind` made before the transaction."""
        self.cursor.execute(stmt.sql, bound)
        return self.cursor

    def execute_many(self, stmt: Prepared, rows: Sequence[Mapping[str, Any]]) -> None:
        self.cursor.executemany(stmt.sql, [stmt.bind(r) for r in rows])


def _acquire(engine: Engine) -> Any:
    idle = _IDLE.get(engine)
    if idle:
        try:
            return idle.pop()  # atomic: two threads never get the same connection
        except IndexError:
            pass
    return engine.raw_connection()


def _release(engine: Engine, conn: Any, *, healthy: bool) -> None:
    """Keep a healthy SQLite connection (no transaction open) for the next statement, else return it."""
    if healthy and engine.dialect.name == "sqlite":
        with _IDLE_LOCK:
            idle = _IDLE.setdefault(engine, [])
            if len(idle) < _KEEP_IDLE:
                idle.append(conn)
                return
    conn.close()  # back to the pool, which resets it


def release_idle(engine: Engine) -> None:
    """Give the connections kept for ``engine`` back to its pool (before disposing of it)."""
    with _IDLE_LOCK:
        idle = _IDLE.pop(engine, [])
    for conn in idle:
        conn.close()


@contextmanager
def write_transaction(engine: Engine) -> Iterator[Transaction]:
    """One transaction on a connection from ``engine``: ``BEGIN IMMEDIATE`` on SQLite.

    Commits when the block ends, rolls back on any exception. Driver errors are re-raised wrapped
    as SQLAlchemy's :class:`~sqlalchemy.exc.DBAPIError` subclasses, as ``Connection.execute`` would.
    """
    dialect = engine.dialect
    dbapi_error = dialect.loaded_dbapi.Error
    conn = _acquire(engine)
    healthy = False
    try:
        cursor = conn.cursor()
        sqlite = dialect.name == "sqlite"
        if sqlite:  # the engine's connect event turned pysqlite's own BEGIN off
            cursor.execute("BEGIN IMMEDIATE")
        yield Transaction(cursor, dialect)
        if sqlite:  # a cached statement: pysqlite's commit() prepares COMMIT afresh every time
            cursor.execute("COMMIT")
        else:
            conn.commit()
        healthy = True
    except dbapi_error as exc:
        conn.rollback()
        raise DBAPIError.instance(None, None, exc, dbapi_error, dialect=dialect) from exc
    except BaseException:
        conn.rollback()
        healthy = True  # our own exception (stale version, illegal event): the connection is fine
        raise
    finally:
        _release(engine, conn, healthy=healthy)


def fetch_one(engine: Engine, stmt: Prepared, values: Mapping[str, Any]) -> tuple[Any, ...] | None:
    """One row of a read-only statement, on a connection of ``engine`` (no write lock)."""
    dialect = engine.dialect
    dbapi_error = dialect.loaded_dbapi.Error
    conn = _acquire(engine)
    healthy = False
    try:
        cursor = conn.cursor()
        cursor.execute(stmt.sql, stmt.bind(values))
        row = cursor.fetchone()
        cursor.close()  # ends the statement, and with it SQLite's read snapshot, at once
        healthy = True
        return tuple(row) if row is not None else None
    except dbapi_error as exc:
        raise DBAPIError.instance(None, None, exc, dbapi_error, dialect=dialect) from exc
    finally:
        _release(engine, conn, healthy=healthy)  # SQLite autocommit: no read transaction stays open
