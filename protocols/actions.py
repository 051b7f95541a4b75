"""What an agent sees (a snapshot of the debate) and what it returns (typed actions).

Agents never touch the store: the runtime hands them an :class:`AgentView` and applies the
:class:`Action` s they return, with the version of the claim they saw. Actions form one
discriminated union on ``kind``, which is also what the Claude backend is asked to produce.
"""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import BaseModel, ConfigDict, Field, TypeAdapter

from protocols.contract import (
    Authority,
    Depth,
    DiscoveryType,
    FinalizationMethod,
    Priority,
    Stance,
)
from protocols.lifecycle import ClaimState
from protocols.messages import ChallengeBasis, Severity
from protocols.roles import AgentRole

__all__ = [
    "Action",
    "ActionAdapter",
    "AgreeClaim",
    "ChallengeClaim",
    "ChallengeView",
    "ClaimView",
    "DefendClaim",
    "EvidenceQuote",
    "EvidenceView",
    "FinalizeClaim",
    "MediateClaim",
    "Pass",
    "ProposeClaim",
    "RaiseOpenQuestion",
    "RateSource",
    "RefineClaim",
    "ReportDiscovery",
    "ScopeQuestion",
    "SourceView",
    "AgentView",
    "VoteComplete",
    "VoteReject",
    "WarnTimeout",
    "WithdrawClaim",
]


class _Frozen(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


# ---------------------------------------------------------------- the snapshot an agent decides on


class ScopeQuestion(_Frozen):
    index: int
    text: str


class SourceView(_Frozen):
    id: str
    kind: str
    locator: str
    title: str | None = None
    authority: Authority = Authority.MEDIUM


class EvidenceView(_Frozen):
    source_id: str
    locator: str
    excerpt: str
    revision: int
    added_by: AgentRole


class ChallengeView(_Frozen):
    by: AgentRole
    revision: int
    reason: str
    severity: Severity
    basis: ChallengeBasis
    satisfied_by: str = ""
    counter_evidence: list[EvidenceView] = Field(default_factory=list, description="Quotes the challenger cited.")


class ClaimView(_Frozen):
    """One claim as it stands; ``version`` is the optimistic-lock token to act on it."""

    id: str
    version: int
    status: ClaimState
    revision: int
    statement: str
    proposer: AgentRole
    scope_index: int | None
    evidence: list[EvidenceView]
    agreed: list[AgentRole] = Field(description="Roles agreeing with the current revision.")
    challenges: list[ChallengeView] = Field(description="All challenges, every revision.")
    open_challengers: list[AgentRole] = Field(description="Challengers who still owe an answer.")
    defended: bool = Field(False, description="The proposer defended the current challenge.")
    warned: list[AgentRole] = Field(default_factory=list, description="Roles sent a timeout warning.")
    idle_iterations: int = Field(0, description="Iterations since the claim last changed.")
    mediation: Literal["uphold", "reject"] | None = None
    stall_votes: list[AgentRole] = Field(default_factory=list)
    stance: Stance | None = Field(None, description="Toward the checked claim (claim checks), as last set.")


class AgentView(_Frozen):
    """Everything an agent may know when it decides."""

    run_id: str
    role: AgentRole
    question: str
    context: str | None
    depth: Depth
    scope: list[ScopeQuestion]
    iteration: int
    my_turn_to_propose: bool
    claims: list[ClaimView]
    sources: list[SourceView]
    tokens_left: int
    min_agreed_claims: int
    completion_proposed: bool = False


# ---------------------------------------------------------------------------- what agents return


class EvidenceQuote(_Frozen):
    """A quote the agent says it found in a stored source; the runtime checks it is really there."""

    source_id: str
    quote: str = Field(..., min_length=1)


class ProposeClaim(_Frozen):
    kind: Literal["propose"] = "propose"
    statement: str = Field(..., min_length=1, max_length=2000)
    evidence: list[EvidenceQuote] = Field(..., min_length=1)
    scope_index: int | None = None
    confidence: float = Field(0.7, ge=0.0, le=1.0)
    stance: Stance | None = Field(
        None, description="In a claim check: whether the statement supports or refutes the checked claim."
    )


class AgreeClaim(_Frozen):
    kind: Literal["agree"] = "agree"
    claim_id: str
    revision: int
    rationale: str = ""


class ChallengeClaim(_Frozen):
    kind: Literal["challenge"] = "challenge"
    claim_id: str
    revision: int
    reason: str = Field(..., min_length=1)
    severity: Severity = "major"
    basis: ChallengeBasis = "other"
    satisfied_by: str = Field(..., min_length=1, description="What would make the challenger agree.")
    counter_evidence: list[EvidenceQuote] = Field(default_factory=list)


class RefineClaim(_Frozen):
    kind: Literal["refine"] = "refine"
    claim_id: str
    revision: int
    statement: str = Field(..., min_length=1, max_length=2000)
    evidence: list[EvidenceQuote] = Field(default_factory=list)
    reason: str = ""
    stance: Stance | None = Field(None, description="A corrected stance toward the checked claim, if any.")


class DefendClaim(_Frozen):
    kind: Literal["defend"] = "defend"
    claim_id: str
    revision: int
    argument: str = Field(..., min_length=1)
    evidence: list[EvidenceQuote] = Field(..., min_length=1)


class WithdrawClaim(_Frozen):
    kind: Literal["withdraw"] = "withdraw"
    claim_id: str
    reason: str
    conflicting_sources: bool = False


class FinalizeClaim(_Frozen):
    kind: Literal["finalize"] = "finalize"
    claim_id: str
    method: FinalizationMethod


class WarnTimeout(_Frozen):
    kind: Literal["warn_timeout"] = "warn_timeout"
    claim_id: str
    waiting_for: AgentRole


class MediateClaim(_Frozen):
    kind: Literal["mediate"] = "mediate"
    claim_id: str
    revision: int
    verdict: Literal["uphold", "reject"]
    reason: str
    conflicting_sources: bool = False


class VoteReject(_Frozen):
    """A vote to reject a stalled claim."""

    kind: Literal["vote_reject"] = "vote_reject"
    claim_id: str
    reason: str


class VoteComplete(_Frozen):
    kind: Literal["vote_complete"] = "vote_complete"
    coverage_assessment: str


class RateSource(_Frozen):
    kind: Literal["rate_source"] = "rate_source"
    source_id: str
    authority: Authority
    reason: str = ""


class ReportDiscovery(_Frozen):
    kind: Literal["discovery"] = "discovery"
    type: DiscoveryType
    query: str
    reason: str
    source_id: str | None = None
    suggested_researcher: str | None = None


class RaiseOpenQuestion(_Frozen):
    kind: Literal["open_question"] = "open_question"
    question: str
    context: str
    priority: Priority = Priority.MEDIUM
    source_id: str | None = None


class Pass(_Frozen):
    kind: Literal["pass"] = "pass"
    reason: str = ""


Action = Annotated[
    ProposeClaim
    | AgreeClaim
    | ChallengeClaim
    | RefineClaim
    | DefendClaim
    | WithdrawClaim
    | FinalizeClaim
    | WarnTimeout
    | MediateClaim
    | VoteReject
    | VoteComplete
    | RateSource
    | ReportDiscovery
    | RaiseOpenQuestion
    | Pass,
    Field(discriminator="kind"),
]

ActionAdapter: TypeAdapter[Action] = TypeAdapter(Action)
