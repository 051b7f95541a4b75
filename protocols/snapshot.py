"""What an agent sees when it decides: a frozen snapshot of the run's debate.

The runtime builds an :class:`AgentView` from the store (``consensus.views``) for each decision;
``ClaimView.version`` is the optimistic-lock token the agent's actions on that claim are checked
against.
"""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict, Field

from protocols.contract import Authority, Depth, Stance
from protocols.lifecycle import ClaimState
from protocols.messages import ChallengeBasis, Severity
from protocols.roles import AgentRole

__all__ = ["AgentView", "ChallengeView", "ClaimView", "EvidenceView", "ScopeQuestion", "SourceView"]


class _Frozen(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


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
