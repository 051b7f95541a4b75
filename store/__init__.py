"""The shared store: SQLModel tables, engines, and the version-checked repository."""

from store.engine import Engines, consensus_home, default_database_url, integrity_ok, open_engines
from store.models import SCHEMA_VERSION
from store.records import ClaimRecord, ClaimStep, MessageRecord, RunRecord, SourceRecord, StoredEvidence
from store.repository import Repository

__all__ = [
    "SCHEMA_VERSION",
    "ClaimRecord",
    "ClaimStep",
    "Engines",
    "MessageRecord",
    "Repository",
    "RunRecord",
    "SourceRecord",
    "StoredEvidence",
    "consensus_home",
    "default_database_url",
    "integrity_ok",
    "open_engines",
]
