"""The shared store: SQLModel tables, engines, and the version-checked repository.

The names below load on first use (PEP 562), so that importing ``store`` for its paths — as
``consensus --help`` does through the configuration — does not import SQLAlchemy.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from store.engine import Engines, integrity_ok, open_engines
    from store.incremental import RunReader, RunSnapshot
    from store.migrations import SCHEMA_VERSION
    from store.paths import consensus_home, default_database_url
    from store.records import ClaimRecord, ClaimStep, MessageRecord, RunRecord, SourceRecord, StoredEvidence
    from store.repository import Repository

__all__ = [
    "SCHEMA_VERSION",
    "ClaimRecord",
    "ClaimStep",
    "Engines",
    "MessageRecord",
    "Repository",
    "RunReader",
    "RunRecord",
    "RunSnapshot",
    "SourceRecord",
    "StoreFault",
    "StoredEvidence",
    "consensus_home",
    "default_database_url",
    "integrity_ok",
    "open_engines",
]

_HOME = {
    "SCHEMA_VERSION": "store.migrations",
    "ClaimRecord": "store.records",
    "ClaimStep": "store.records",
    "Engines": "store.engine",
    "MessageRecord": "store.records",
    "Repository": "store.repository",
    "RunReader": "store.incremental",
    "RunRecord": "store.records",
    "RunSnapshot": "store.incremental",
    "SourceRecord": "store.records",
    "StoredEvidence": "store.records",
    "StoreFault": "protocols",
    "consensus_home": "store.paths",
    "default_database_url": "store.paths",
    "integrity_ok": "store.engine",
    "open_engines": "store.engine",
}


def __getattr__(name: str) -> Any:
    module = _HOME.get(name)
    if module is None:
        raise AttributeError(f"module 'store' has no attribute {name!r}")
    # __import__ (not importlib.import_module) goes through the interpreter's own import path, so
    # `python -X importtime` reports these modules like any other
    value = getattr(__import__(module, fromlist=[name]), name)
    globals()[name] = value  # later look-ups skip this hook
    return value
