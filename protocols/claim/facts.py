"""A claim's facts: the fold of its debate messages, and the lifecycle event each message is.

:func:`event_of` decides which event a message is for a claim (an agreement that answers the last
open challenge is a ``concede``); the fold and the judge both use it, so they cannot disagree.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, replace
from typing import Literal

from protocols.contract import FinalizationMethod, Stance
from protocols.lifecycle import ClaimEvent, ClaimState, advance
from protocols.messages import (
    ClaimAgreed,
    ClaimChallenged,
    ClaimDefended,
    ClaimFinalized,
    ClaimMediated,
    ClaimProposed,
    ClaimRefined,
    ClaimRejected,
    ClaimRejectVote,
    ClaimStalled,
    ClaimTimeoutWarning,
    DebateMessage,
    EvidenceRecord,
)
from protocols.roles import AgentRole
from protocols.rules import Vote, agreed_on, open_challengers, rejection_carried, vote_event

__all__ = ["ClaimFacts", "Step", "event_of"]

S, E, M = ClaimState, ClaimEvent, FinalizationMethod


@dataclass(frozen=True, slots=True)
class Step:
    """One write the action implies: a lifecycle event (or none), its message, and what goes with it."""

    event: ClaimEvent | None
    message: DebateMessage
    vote: Literal["agree", "challenge", "reject"] | None = None
    statement: str | None = None  # the new statement of a refinement
    evidence: tuple[EvidenceRecord, ...] = ()
    evidence_role: Literal["support", "counter"] = "support"
    method: FinalizationMethod | None = None


@dataclass(frozen=True, slots=True)
class ClaimFacts:
    """Everything the rules need to know about a claim: the fold of its debate messages.

    ``version`` counts the claim's messages (every write appends exactly one message and bumps the
    version by one), so it is the optimistic-lock token a write must name.
    """

    claim_id: str
    proposer: AgentRole
    status: ClaimState
    version: int
    revision: int
    statement: str
    stance: Stance | None = None
    votes: tuple[Vote, ...] = ()  # agree/challenge votes in log order (only the latest per role counts)
    reject_votes: tuple[AgentRole, ...] = ()  # votes to reject a stalled claim
    defended: bool = False  # the proposer defended since the last challenge (this revision)
    warned: tuple[AgentRole, ...] = ()  # timeout warnings since the last refinement
    mediation: Literal["uphold", "reject"] | None = None  # of the current revision

    @classmethod
    def proposed(cls, message: ClaimProposed) -> ClaimFacts:
        return cls(
            claim_id=message.claim_id,
            proposer=message.proposed_by,
            status=advance(None, E.PROPOSE),
            version=1,
            revision=1,
            statement=message.statement,
            stance=message.stance,
        )

    @classmethod
    def fold(cls, messages: Iterable[DebateMessage]) -> ClaimFacts:
        """The facts of a claim from its messages in log order (the first one is its proposal).

        Raises:
            ValueError: the log does not start with a proposal.
            IllegalTransition: the log holds a step the lifecycle forbids.
        """
        it = iter(messages)
        first = next(it, None)
        if not isinstance(first, ClaimProposed):
            raise ValueError("a claim's log starts with its proposal")
        facts = cls.proposed(first)
        for message in it:
            facts = facts.after(message)
        return facts

    @property
    def agreed(self) -> frozenset[AgentRole]:
        """Roles whose latest vote agrees with the current revision."""
        return frozenset(agreed_on(self.votes, self.revision))

    @property
    def open_challengers(self) -> frozenset[AgentRole]:
        """Roles whose latest vote is a challenge."""
        return frozenset(open_challengers(self.votes))

    @property
    def stall_votes(self) -> tuple[AgentRole, ...]:
        return tuple(sorted(set(self.reject_votes)))

    def challenged_current(self, role: AgentRole) -> bool:
        """``role``'s latest vote challenges the current revision."""
        mine = [v for v in self.votes if v.role is role]
        return bool(mine) and mine[-1].verdict == "challenge" and mine[-1].revision == self.revision

    def after(self, message: DebateMessage) -> ClaimFacts:
        """The facts once ``message`` is appended (one version later)."""
        event = event_of(self, message)
        facts = replace(self, version=self.version + 1)
        if event is not None:
            facts = replace(facts, status=advance(self.status, event))
        match message:
            case ClaimAgreed(agreed_by=role, revision=revision):
                return replace(facts, votes=(*facts.votes, Vote(role=role, revision=revision, verdict="agree")))
            case ClaimChallenged(challenged_by=role, revision=revision):
                vote = Vote(role=role, revision=revision, verdict="challenge")
                return replace(facts, votes=(*facts.votes, vote), defended=False)
            case ClaimRefined():
                stance = message.stance if message.stance is not None else facts.stance
                return replace(
                    facts,
                    revision=message.revision,
                    statement=message.refined_statement,
                    stance=stance,
                    defended=False,
                    warned=(),
                    mediation=None,
                )
            case ClaimDefended():
                return replace(facts, defended=True)
            case ClaimTimeoutWarning(waiting_for=role) if role not in facts.warned:
                return replace(facts, warned=(*facts.warned, role))
            case ClaimMediated(revision=revision, verdict=verdict) if revision == facts.revision:
                return replace(facts, mediation=verdict)
            case ClaimRejectVote(voted_by=role):
                return replace(facts, reject_votes=(*facts.reject_votes, role))
            case _:
                return facts

    def after_steps(self, steps: Sequence[Step]) -> ClaimFacts:
        facts = self
        for step in steps:
            facts = facts.after(step.message)
        return facts


def event_of(facts: ClaimFacts, message: DebateMessage) -> ClaimEvent | None:
    """The lifecycle event ``message`` is for a claim with ``facts`` (``None``: no state change)."""
    match message:
        case ClaimProposed():
            return E.PROPOSE
        case ClaimAgreed(agreed_by=role, revision=revision):
            return vote_event(facts.status, (*facts.votes, Vote(role=role, revision=revision, verdict="agree")))
        case ClaimChallenged():
            return E.CHALLENGE
        case ClaimRefined():
            return E.REFINE
        case ClaimDefended():
            return E.DEFEND
        case ClaimRejected():
            settled = (facts.status is S.CHALLENGED and facts.mediation == "reject") or (
                facts.status is S.STALLED and rejection_carried(facts.reject_votes)
            )
            return E.REJECT if settled else E.WITHDRAW
        case ClaimFinalized(method=method):
            return {M.UNANIMOUS: E.FINALIZE, M.ASSUMED_CONSENT: E.ASSUME_CONSENT, M.MEDIATED: E.MEDIATE}[method]
        case ClaimTimeoutWarning():
            return E.WARN_TIMEOUT
        case ClaimStalled():
            return E.STALL
        case _:  # ClaimRejectVote, ClaimMediated: recorded, no state change
            return None
