"""SQLModel tables of the shared store.

Claims carry a ``version`` for optimistic locking: every state change is one
``UPDATE claim ... WHERE id = :id AND version = :expected`` plus one appended ``message`` row, in one
transaction. Votes, evidence and messages are append-only inserts. Source text is stored once per
SHA-256 in ``source_content``; ``source`` links a run to a content hash under a locator.
"""

from __future__ import annotations

from collections.abc import Mapping
from datetime import datetime

from sqlalchemy import Column, Table, Text, UniqueConstraint
from sqlmodel import Field, SQLModel

from store.timestamps import UTCDateTime, utcnow

__all__ = [
    "ClaimEvidenceRow",
    "ClaimRow",
    "DiscoveryRow",
    "MessageRow",
    "MigrationRow",
    "OpenQuestionRow",
    "RunRow",
    "SchemaMeta",
    "ScopeQuestionRow",
    "SourceContentRow",
    "SourceRow",
    "TraceStepRow",
    "VoteRow",
    "tables",
    "utcnow",
]


def tables() -> Mapping[str, Table]:
    """The Core tables behind the models, by name (for fixed SQL without an ORM session)."""
    return SQLModel.metadata.tables


class SchemaMeta(SQLModel, table=True):
    """``schema_version``: how many of :data:`store.migrations.MIGRATIONS` the database has."""

    __tablename__ = "schema_meta"
    key: str = Field(primary_key=True)
    value: str


class MigrationRow(SQLModel, table=True):
    """One applied migration step, by name (see :mod:`store.migrations`)."""

    __tablename__ = "schema_migration"
    name: str = Field(primary_key=True)
    applied_at: datetime = Field(default_factory=utcnow, sa_type=UTCDateTime)


class RunRow(SQLModel, table=True):
    __tablename__ = "run"
    id: str = Field(primary_key=True)
    question: str = Field(sa_column=Column(Text, nullable=False))
    context: str | None = Field(default=None, sa_column=Column(Text))
    depth: str
    constraints_json: str = Field(sa_column=Column(Text, nullable=False))
    status: str = Field(index=True)  # running | completed | cancelled | failed | degraded | interrupted
    trace_id: str = Field(index=True, unique=True)
    model_id: str
    source_backend: str
    owner: str = ""  # who runs it (host:pid); the lease below says whether it still does
    owner_since: datetime | None = Field(default=None, sa_type=UTCDateTime)  # when this owner took the run
    heartbeat_at: datetime | None = Field(default=None, sa_type=UTCDateTime)  # the owner's last lease renewal
    lease_expires_at: datetime | None = Field(default=None, sa_type=UTCDateTime)  # past it: orphaned
    cancel_requested_at: datetime | None = Field(default=None, sa_type=UTCDateTime)  # any server may ask
    iteration: int = 0
    tokens_used: int = 0
    current_action: str = ""
    result_json: str | None = Field(default=None, sa_column=Column(Text))
    error: str | None = Field(default=None, sa_column=Column(Text))
    created_at: datetime = Field(default_factory=utcnow, index=True, sa_type=UTCDateTime)
    updated_at: datetime = Field(default_factory=utcnow, sa_type=UTCDateTime)
    finished_at: datetime | None = Field(default=None, sa_type=UTCDateTime)


class ScopeQuestionRow(SQLModel, table=True):
    __tablename__ = "scope_question"
    __table_args__ = (UniqueConstraint("run_id", "idx"),)
    id: int | None = Field(default=None, primary_key=True)
    run_id: str = Field(foreign_key="run.id", index=True)
    idx: int
    text: str = Field(sa_column=Column(Text, nullable=False))


class SourceContentRow(SQLModel, table=True):
    __tablename__ = "source_content"
    content_hash: str = Field(primary_key=True)  # "sha256:<hex>"
    text: str = Field(sa_column=Column(Text, nullable=False))
    length: int
    created_at: datetime = Field(default_factory=utcnow, sa_type=UTCDateTime)


class SourceRow(SQLModel, table=True):
    __tablename__ = "source"
    __table_args__ = (UniqueConstraint("run_id", "locator", "content_hash"),)
    id: str = Field(primary_key=True)
    run_id: str = Field(foreign_key="run.id", index=True)
    content_hash: str = Field(foreign_key="source_content.content_hash", index=True)
    kind: str
    locator: str
    title: str | None = None
    authority: str = "medium"
    recency: str | None = None
    published: str | None = None
    created_at: datetime = Field(default_factory=utcnow, sa_type=UTCDateTime)


class ClaimRow(SQLModel, table=True):
    __tablename__ = "claim"
    id: str = Field(primary_key=True)
    run_id: str = Field(foreign_key="run.id", index=True)
    statement: str = Field(sa_column=Column(Text, nullable=False))
    status: str
    revision: int = 1
    proposer: str
    scope_index: int | None = None
    confidence: float = 0.5
    finalization_method: str | None = None
    version: int = 1
    changed_iteration: int = 0
    created_at: datetime = Field(default_factory=utcnow, sa_type=UTCDateTime)
    updated_at: datetime = Field(default_factory=utcnow, sa_type=UTCDateTime)


class ClaimEvidenceRow(SQLModel, table=True):
    __tablename__ = "claim_evidence"
    id: int | None = Field(default=None, primary_key=True)
    claim_id: str = Field(foreign_key="claim.id", index=True)
    revision: int
    source_id: str = Field(foreign_key="source.id")
    start: int
    end: int
    excerpt: str = Field(sa_column=Column(Text, nullable=False))
    added_by: str
    role: str = "support"  # support | counter


class VoteRow(SQLModel, table=True):
    __tablename__ = "vote"
    id: int | None = Field(default=None, primary_key=True)
    claim_id: str = Field(foreign_key="claim.id", index=True)
    revision: int
    agent: str
    verdict: str  # agree | challenge | reject (a vote to reject a stalled claim)


class MessageRow(SQLModel, table=True):
    """The append-only debate log: one row per proposal, challenge, vote, warning, finalization..."""

    __tablename__ = "message"
    seq: int | None = Field(default=None, primary_key=True)
    run_id: str = Field(foreign_key="run.id", index=True)
    claim_id: str | None = Field(default=None, foreign_key="claim.id", index=True)
    agent: str
    action: str
    revision: int | None = None
    iteration: int = 0
    claim_version: int | None = None  # the claim's version after this message
    payload_json: str = Field(sa_column=Column(Text, nullable=False))
    created_at: datetime = Field(default_factory=utcnow, sa_type=UTCDateTime)


class DiscoveryRow(SQLModel, table=True):
    __tablename__ = "discovery"
    id: int | None = Field(default=None, primary_key=True)
    run_id: str = Field(foreign_key="run.id", index=True)
    payload_json: str = Field(sa_column=Column(Text, nullable=False))
    created_at: datetime = Field(default_factory=utcnow, sa_type=UTCDateTime)


class OpenQuestionRow(SQLModel, table=True):
    __tablename__ = "open_question"
    id: int | None = Field(default=None, primary_key=True)
    run_id: str = Field(foreign_key="run.id", index=True)
    payload_json: str = Field(sa_column=Column(Text, nullable=False))
    created_at: datetime = Field(default_factory=utcnow, sa_type=UTCDateTime)


class TraceStepRow(SQLModel, table=True):
    """One step of a run's trace (search, fetch with its content hash, decision, ruling, stop), in order."""

    __tablename__ = "trace_step"
    id: int | None = Field(default=None, primary_key=True)
    run_id: str = Field(foreign_key="run.id", index=True)
    step: int
    action: str
    entry_json: str = Field(sa_column=Column(Text, nullable=False))  # the whole entry, as the JSONL export has it
    created_at: datetime = Field(default_factory=utcnow, sa_type=UTCDateTime)
