"""Read models the repository returns (frozen; detached from any database session).

Timestamps are timezone-aware UTC (``AwareDatetime``: a naive one is refused here, not patched by readers).
"""

from __future__ import annotations

from dataclasses import dataclass

from pydantic import AwareDatetime, BaseModel, ConfigDict

from protocols import (
    AgentRole,
    Authority,
    ClaimState,
    DebateMessage,
    FinalizationMethod,
    Recency,
    ResearchConstraints,
    ResearchResult,
    Vote,
)

__all__ = ["ClaimRecord", "ClaimStep", "MessageRecord", "RunRecord", "SourceRecord", "StoredEvidence"]


class _Record(BaseModel):
    model_config = ConfigDict(frozen=True, arbitrary_types_allowed=True)


class RunRecord(_Record):
    id: str
    question: str
    context: str | None
    depth: str
    constraints: ResearchConstraints
    status: str
    trace_id: str
    model_id: str
    source_backend: str
    owner: str
    owner_since: AwareDatetime | None = None
    heartbeat_at: AwareDatetime | None = None
    lease_expires_at: AwareDatetime | None = None
    cancel_requested_at: AwareDatetime | None = None
    iteration: int
    tokens_used: int
    current_action: str
    error: str | None
    result: ResearchResult | None
    created_at: AwareDatetime
    updated_at: AwareDatetime
    finished_at: AwareDatetime | None
    agreed: int = 0
    rejected: int = 0
    pending: int = 0


class SourceRecord(_Record):
    id: str
    run_id: str
    content_hash: str
    kind: str
    locator: str
    title: str | None
    authority: Authority
    recency: Recency | None
    published: str | None
    text: str


class StoredEvidence(_Record):
    source_id: str
    locator: str
    title: str | None
    authority: Authority
    excerpt: str
    start: int
    end: int
    revision: int
    added_by: AgentRole
    role: str  # support | counter


class ClaimRecord(_Record):
    id: str
    run_id: str
    statement: str
    status: ClaimState
    revision: int
    proposer: AgentRole
    scope_index: int | None
    confidence: float
    finalization_method: FinalizationMethod | None
    version: int
    changed_iteration: int
    evidence: list[StoredEvidence]
    votes: list[Vote]
    reject_votes: list[AgentRole]
    created_at: AwareDatetime
    updated_at: AwareDatetime

    def evidence_for(self, revision: int | None = None) -> list[StoredEvidence]:
        """Supporting evidence up to ``revision`` (default: the current one)."""
        rev = self.revision if revision is None else revision
        return [e for e in self.evidence if e.role == "support" and e.revision <= rev]


@dataclass(frozen=True, slots=True)
class ClaimStep:
    """What a version-checked write returns: the claim's state right after it, read from the write itself.

    A plain frozen dataclass, not a model: it is built from values the database just returned, on the
    hot write path, where a model's construction cost as much as a statement.
    """

    claim_id: str
    run_id: str
    status: ClaimState
    version: int
    revision: int


class MessageRecord(_Record):
    seq: int
    run_id: str
    claim_id: str | None
    agent: str
    action: str
    revision: int | None
    iteration: int
    claim_version: int | None
    message: DebateMessage
    created_at: AwareDatetime
