"""The one transaction each repository method runs in, and what a lost race looks like from it.

Writes go through the write engine (``BEGIN IMMEDIATE`` on SQLite, so concurrent writers queue on
the busy timeout instead of failing), and either commit whole or roll back whole. A PostgreSQL
serialization failure (40001/40P01) is raised as :class:`~protocols.StaleVersionError`, as a lost
compare-and-swap is, so one retry rule covers both.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager

from sqlalchemy.exc import DBAPIError
from sqlmodel import Session

from protocols import StaleVersionError
from store.engine import Engines
from store.prepared import Transaction, write_transaction

__all__ = ["read_session", "write_session", "write_sql"]

_SERIALIZATION_FAILURES = {"40001", "40P01"}


def _serialization_failure(exc: DBAPIError) -> Exception:
    """A PostgreSQL serialization failure as a :class:`~protocols.StaleVersionError`; else ``exc`` itself."""
    code = getattr(exc.orig, "sqlstate", None) or getattr(exc.orig, "pgcode", None)
    if code in _SERIALIZATION_FAILURES:
        return StaleVersionError(f"serialization failure ({code}); re-read and retry")
    return exc


@contextmanager
def write_session(engines: Engines) -> Iterator[Session]:
    """One ORM transaction on the write engine: committed when the block ends, rolled back if it raises."""
    try:
        with Session(engines.write, expire_on_commit=False) as session, session.begin():
            yield session
    except DBAPIError as exc:
        raise _serialization_failure(exc) from exc


@contextmanager
def write_sql(engines: Engines) -> Iterator[Transaction]:
    """One transaction of prepared Core SQL on the write engine (``BEGIN IMMEDIATE`` on SQLite)."""
    try:
        with write_transaction(engines.write) as tx:
            yield tx
    except DBAPIError as exc:
        raise _serialization_failure(exc) from exc


@contextmanager
def read_session(engines: Engines) -> Iterator[Session]:
    """One read-only ORM transaction on the read engine (a consistent snapshot of the store)."""
    with Session(engines.read, expire_on_commit=False) as session, session.begin():
        yield session
