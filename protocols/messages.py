"""Debate messages: the append-only log of everything the agents did.

One pydantic model per message type of the consensus protocol, joined in the discriminated union
:data:`DebateMessage` on the ``action`` field, so a message read back from the store (or a trace)
parses into the right class. Every message round-trips JSON.
"""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import BaseModel, ConfigDict, Field, TypeAdapter

from protocols.contract import FinalizationMethod, Stance
from protocols.roles import AgentRole

__all__ = [
    "ChallengeBasis",
    "ClaimAgreed",
    "ClaimChallenged",
    "ClaimDefended",
    "ClaimFinalized",
    "ClaimMediated",
    "ClaimProposed",
    "ClaimRefined",
    "ClaimRejectVote",
    "ClaimRejected",
    "ClaimStalled",
    "ClaimTimeoutWarning",
    "ConflictResolutionNeeded",
    "DebateMessage",
    "EvidenceRecord",
    "ResearchComplete",
    "ResearchTurn",
    "Severity",
    "parse_message",
]

Severity = Literal["minor", "major", "critical"]
ChallengeBasis = Literal["single_source", "contradicted", "off_topic", "imprecise", "weak_source", "stance", "other"]


class _Message(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


class EvidenceRecord(_Message):
    """An excerpt as stored: the source's own text between ``start`` and ``end``."""

    source_id: str
    locator: str
    excerpt: str
    start: int = Field(..., ge=0)
    end: int = Field(..., ge=0)


class ClaimProposed(_Message):
    action: Literal["claim_proposed"] = "claim_proposed"
    claim_id: str
    statement: str
    evidence: list[EvidenceRecord]
    proposed_by: AgentRole
    confidence: float = Field(..., ge=0.0, le=1.0)
    scope_index: int | None = None
    stance: Stance | None = None


class ClaimChallenged(_Message):
    action: Literal["claim_challenged"] = "claim_challenged"
    claim_id: str
    revision: int
    reason: str
    challenged_by: AgentRole
    severity: Severity
    basis: ChallengeBasis = "other"
    satisfied_by: str = Field("", description="What evidence would make the challenger agree.")
    counter_evidence: list[EvidenceRecord] = Field(default_factory=list)


class ClaimRefined(_Message):
    action: Literal["claim_refined"] = "claim_refined"
    claim_id: str
    revision: int = Field(..., description="The new revision.")
    original_statement: str
    refined_statement: str
    refined_by: AgentRole
    reason: str = ""
    additional_evidence: list[EvidenceRecord] = Field(default_factory=list)
    stance: Stance | None = None


class ClaimDefended(_Message):
    action: Literal["claim_defended"] = "claim_defended"
    claim_id: str
    revision: int
    defended_by: AgentRole
    argument: str
    additional_evidence: list[EvidenceRecord] = Field(default_factory=list)


class ClaimAgreed(_Message):
    action: Literal["claim_agreed"] = "claim_agreed"
    claim_id: str
    revision: int
    agreed_by: AgentRole
    final_statement: str
    rationale: str = ""


class ClaimRejected(_Message):
    action: Literal["claim_rejected"] = "claim_rejected"
    claim_id: str
    reason: str
    rejected_by: list[AgentRole]
    conflicting_sources: bool = Field(False, description="Rejected because sources disagree.")


class ClaimFinalized(_Message):
    action: Literal["claim_finalized"] = "claim_finalized"
    claim_id: str
    revision: int
    statement: str
    agreed_by: list[AgentRole]
    method: FinalizationMethod
    note: str = ""


class ClaimTimeoutWarning(_Message):
    action: Literal["claim_timeout_warning"] = "claim_timeout_warning"
    claim_id: str
    waiting_for: AgentRole
    message: str


class ClaimStalled(_Message):
    action: Literal["claim_stalled"] = "claim_stalled"
    claim_id: str
    reason: str


class ClaimRejectVote(_Message):
    """A vote to reject a stalled claim (a majority rejects it)."""

    action: Literal["claim_reject_vote"] = "claim_reject_vote"
    claim_id: str
    voted_by: AgentRole
    reason: str


class ClaimMediated(_Message):
    action: Literal["claim_mediated"] = "claim_mediated"
    claim_id: str
    revision: int
    mediated_by: AgentRole
    verdict: Literal["uphold", "reject"]
    reason: str


class ResearchTurn(_Message):
    action: Literal["research_turn"] = "research_turn"
    agent: AgentRole
    focus_area: str


class ResearchComplete(_Message):
    action: Literal["research_complete"] = "research_complete"
    proposed_by: AgentRole
    total_claims_agreed: int
    coverage_assessment: str


class ConflictResolutionNeeded(_Message):
    action: Literal["conflict_resolution_needed"] = "conflict_resolution_needed"
    resource_id: str
    agent: AgentRole
    message: str


DebateMessage = Annotated[
    ClaimProposed
    | ClaimChallenged
    | ClaimRefined
    | ClaimDefended
    | ClaimAgreed
    | ClaimRejected
    | ClaimFinalized
    | ClaimTimeoutWarning
    | ClaimStalled
    | ClaimRejectVote
    | ClaimMediated
    | ResearchTurn
    | ResearchComplete
    | ConflictResolutionNeeded,
    Field(discriminator="action"),
]

_ADAPTER: TypeAdapter[DebateMessage] = TypeAdapter(DebateMessage)


def parse_message(data: str | bytes | dict[str, object]) -> DebateMessage:
    """Parse a message from JSON text or a dict into its concrete class."""
    if isinstance(data, dict):
        return _ADAPTER.validate_python(data)
    return _ADAPTER.validate_json(data)
