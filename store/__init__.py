"""The shared store: SQLModel tables, engines, and the version-checked repository."""

from store.engine import Engines, consensus_home, default_database_url, integrity_ok, open_engines
from store.faults import StoreFault
from store.models import SCHEMA_VERSION
from store.records import ClaimRecord, MessageRecord, RunRecord, SourceRecord, StoredEvidence
from store.repository import Repository

__all__ = [
    "SCHEMA_VERSION",
    "ClaimRecord",
    "Engines",
    "MessageRecord",
    "Repository",
    "RunRecord",
    "SourceRecord",
    "StoreFault",
    "StoredEvidence",
    "consensus_home",
    "default_database_url",
    "integrity_ok",
    "open_engines",
]
