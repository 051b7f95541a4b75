"""What an agent returns: typed actions.

Agents never touch the store: the runtime hands them an :class:`~protocols.snapshot.AgentView` and
applies the :class:`Action` s they return, with the version of the claim they saw. Actions form one
discriminated union on ``kind``, which is also what the Claude backend is asked to produce.
"""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import BaseModel, ConfigDict, Field, TypeAdapter

from protocols.contract import Authority, DiscoveryType, FinalizationMethod, Priority, Stance
from protocols.messages import ChallengeBasis, Severity
from protocols.roles import AgentRole

__all__ = [
    "Action",
    "ActionAdapter",
    "AgreeClaim",
    "ChallengeClaim",
    "AgentClaimAction",
    "DefendClaim",
    "EvidenceQuote",
    "FinalizeClaim",
    "MediateClaim",
    "Pass",
    "ProposeClaim",
    "RaiseOpenQuestion",
    "RateSource",
    "RefineClaim",
    "ReportDiscovery",
    "VoteComplete",
    "VoteReject",
    "WarnTimeout",
    "WithdrawClaim",
]


class _Frozen(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


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


#: An agent's move on a claim already proposed: what the claim's table and judge rule on (protocols.claim).
AgentClaimAction = (
    AgreeClaim
    | ChallengeClaim
    | RefineClaim
    | DefendClaim
    | WithdrawClaim
    | FinalizeClaim
    | WarnTimeout
    | MediateClaim
    | VoteReject
)

Action = Annotated[
    ProposeClaim | AgentClaimAction | VoteComplete | RateSource | ReportDiscovery | RaiseOpenQuestion | Pass,
    Field(discriminator="kind"),
]

ActionAdapter: TypeAdapter[Action] = TypeAdapter(Action)
