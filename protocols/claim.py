"""The claim as one pure state machine: its facts, who may do what, and the judge.

No I/O here. A claim's *facts* are the fold of its debate messages (:meth:`ClaimFacts.fold`); the
*table* :data:`RULES` says, for every move an agent can make on a claim, who may make it and in
which states; :func:`judge` turns one ``(facts, role, action)`` into every step the action implies,
or a :class:`Refusal` that says why not. The referee (``consensus.referee``) only reads the facts
fresh, asks the judge and writes the steps in one version-checked transaction.

Moves, who may make them, and in which states (everything not listed is refused)::

    move               who                    states
    agree              anyone                 proposed, under_review, challenged, refined
    challenge          anyone but proposer    proposed, under_review, challenged, refined
    refine             anyone                 proposed, under_review, challenged, refined
    defend             the proposer           challenged
    withdraw           the proposer           proposed, under_review, challenged, refined, stalled
    warn_timeout       the lead               challenged, refined
    finalize           the lead               under_review (unanimous), refined (assumed consent),
                                              challenged (mediated)
    mediate            the data researcher    challenged
    vote_reject        anyone                 stalled
    stall              the lead (referee)     proposed, under_review, challenged, refined

An action may imply several steps, all judged here and written together: a reject vote that
carries also rejects the claim; a mediation that rejects also closes the thread. Which lifecycle
event a message is (an agreement that answers the last open challenge is a ``concede``) is decided
by :func:`event_of`, the same function the fold uses, so the judge and the fold cannot disagree.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, replace
from enum import StrEnum
from typing import Literal

from protocols.actions import (
    AgreeClaim,
    ChallengeClaim,
    DefendClaim,
    FinalizeClaim,
    MediateClaim,
    RefineClaim,
    VoteReject,
    WarnTimeout,
    WithdrawClaim,
)
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
from protocols.roles import ROTATION, AgentRole
from protocols.rules import Vote, agreed_on, is_unanimous, open_challengers, rejection_carried, vote_event

__all__ = [
    "RULES",
    "ClaimAction",
    "ClaimFacts",
    "Move",
    "Party",
    "Refusal",
    "Rule",
    "StallClaim",
    "Step",
    "event_of",
    "judge",
    "move_of",
]

S, E, M = ClaimState, ClaimEvent, FinalizationMethod


@dataclass(frozen=True, slots=True)
class StallClaim:
    """The referee's own move: an open claim that has not moved for a while is stalled (in the lead's name)."""

    claim_id: str
    reason: str
    kind: Literal["stall"] = "stall"


ClaimAction = (
    AgreeClaim
    | ChallengeClaim
    | RefineClaim
    | DefendClaim
    | WithdrawClaim
    | FinalizeClaim
    | WarnTimeout
    | MediateClaim
    | VoteReject
    | StallClaim
)


class Move(StrEnum):
    AGREE = "agree"
    CHALLENGE = "challenge"
    REFINE = "refine"
    DEFEND = "defend"
    WITHDRAW = "withdraw"
    WARN_TIMEOUT = "warn_timeout"
    FINALIZE_UNANIMOUS = "finalize unanimous"
    FINALIZE_ASSUMED_CONSENT = "finalize assumed_consent"
    FINALIZE_MEDIATED = "finalize mediated"
    MEDIATE = "mediate"
    VOTE_REJECT = "vote_reject"
    STALL = "stall"


class Party(StrEnum):
    ANYONE = "anyone"
    PROPOSER = "the proposer"
    NOT_PROPOSER = "anyone but the proposer"
    LEAD = "the lead"
    DATA = "the data researcher"

    def includes(self, role: AgentRole, proposer: AgentRole) -> bool:
        match self:
            case Party.ANYONE:
                return True
            case Party.PROPOSER:
                return role is proposer
            case Party.NOT_PROPOSER:
                return role is not proposer
            case Party.LEAD:
                return role is AgentRole.LEAD
            case Party.DATA:
                return role is AgentRole.DATA


@dataclass(frozen=True, slots=True)
class Rule:
    """Who may make a move, in which states, and what a refusal for the wrong role says."""

    who: Party
    states: frozenset[ClaimState]
    wrong_role: str = ""


_REVIEWED = frozenset({S.PROPOSED, S.UNDER_REVIEW, S.CHALLENGED, S.REFINED})

#: The table: every move, who may make it, in which states. A pair not covered is refused.
RULES: dict[Move, Rule] = {
    Move.AGREE: Rule(Party.ANYONE, _REVIEWED),
    Move.CHALLENGE: Rule(Party.NOT_PROPOSER, _REVIEWED, "a proposer cannot challenge its own claim"),
    Move.REFINE: Rule(Party.ANYONE, _REVIEWED),
    Move.DEFEND: Rule(Party.PROPOSER, frozenset({S.CHALLENGED}), "only the proposer defends its claim"),
    Move.WITHDRAW: Rule(Party.PROPOSER, _REVIEWED | {S.STALLED}, "only the proposer withdraws its claim"),
    Move.WARN_TIMEOUT: Rule(Party.LEAD, frozenset({S.CHALLENGED, S.REFINED}), "only the lead sends timeout warnings"),
    Move.FINALIZE_UNANIMOUS: Rule(Party.LEAD, frozenset({S.UNDER_REVIEW}), "only the lead finalizes claims"),
    Move.FINALIZE_ASSUMED_CONSENT: Rule(Party.LEAD, frozenset({S.REFINED}), "only the lead finalizes claims"),
    Move.FINALIZE_MEDIATED: Rule(Party.LEAD, frozenset({S.CHALLENGED}), "only the lead finalizes claims"),
    Move.MEDIATE: Rule(Party.DATA, frozenset({S.CHALLENGED}), "only the data researcher mediates"),
    Move.VOTE_REJECT: Rule(Party.ANYONE, frozenset({S.STALLED})),
    Move.STALL: Rule(Party.LEAD, _REVIEWED, "only the referee stalls claims, in the lead's name"),
}


@dataclass(frozen=True, slots=True)
class Refusal:
    """Why an action was not allowed (the claim is unchanged)."""

    reason: str


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


def move_of(action: ClaimAction) -> Move:
    match action:
        case FinalizeClaim(method=M.UNANIMOUS):
            return Move.FINALIZE_UNANIMOUS
        case FinalizeClaim(method=M.ASSUMED_CONSENT):
            return Move.FINALIZE_ASSUMED_CONSENT
        case FinalizeClaim():
            return Move.FINALIZE_MEDIATED
        case _:
            return Move(action.kind)


def judge(
    facts: ClaimFacts, role: AgentRole, action: ClaimAction, *, evidence: Sequence[EvidenceRecord] = ()
) -> tuple[Step, ...] | Refusal:
    """Every step ``action`` by ``role`` implies for a claim with ``facts``, or why it is refused.

    ``evidence`` is the action's quotes as located in their sources (the caller's I/O); it goes to
    the steps of a challenge (as counter-evidence), a refinement or a defence.
    """
    move = move_of(action)
    rule = RULES[move]
    if facts.status not in rule.states:
        return Refusal(f"{move.value} is not allowed on a {facts.status.value} claim")
    if not rule.who.includes(role, facts.proposer):
        return Refusal(rule.wrong_role)
    revision = getattr(action, "revision", facts.revision)
    if revision != facts.revision:
        return Refusal(f"revision {revision} is not the current one ({facts.revision})")
    found = tuple(evidence)
    match action:
        case AgreeClaim():
            return _agree(facts, role, action)
        case ChallengeClaim():
            return _challenge(facts, role, action, found)
        case RefineClaim():
            return _refine(facts, role, action, found)
        case DefendClaim():
            message = ClaimDefended(
                claim_id=facts.claim_id,
                revision=facts.revision,
                defended_by=role,
                argument=action.argument,
                additional_evidence=list(found),
            )
            return _steps(facts, Step(E.DEFEND, message, evidence=found))
        case WithdrawClaim():
            withdrawn = ClaimRejected(
                claim_id=facts.claim_id,
                reason=f"withdrawn by proposer: {action.reason}",
                rejected_by=[role],
                conflicting_sources=action.conflicting_sources,
            )
            return _steps(facts, Step(E.WITHDRAW, withdrawn))
        case FinalizeClaim():
            return _finalize(facts, action)
        case WarnTimeout():
            return _warn(facts, action)
        case MediateClaim():
            return _mediate(facts, role, action)
        case VoteReject():
            return _vote_reject(facts, role, action)
        case StallClaim():
            return _steps(facts, Step(E.STALL, ClaimStalled(claim_id=facts.claim_id, reason=action.reason)))


def _steps(facts: ClaimFacts, *steps: Step) -> tuple[Step, ...]:
    """The steps with each event as the fold will read it (an agreement may be a concede)."""
    out = []
    for step in steps:
        out.append(replace(step, event=event_of(facts, step.message)))
        facts = facts.after(step.message)
    return tuple(out)


def _agree(facts: ClaimFacts, role: AgentRole, action: AgreeClaim) -> tuple[Step, ...] | Refusal:
    if role in facts.agreed:
        return Refusal(f"{role.value} already agreed with this revision")
    message = ClaimAgreed(
        claim_id=facts.claim_id,
        revision=facts.revision,
        agreed_by=role,
        final_statement=facts.statement,
        rationale=action.rationale,
    )
    return _steps(facts, Step(E.AGREE, message, vote="agree"))


def _challenge(
    facts: ClaimFacts, role: AgentRole, action: ChallengeClaim, counter: tuple[EvidenceRecord, ...]
) -> tuple[Step, ...] | Refusal:
    if facts.challenged_current(role):
        return Refusal(f"{role.value} already challenged this revision")
    message = ClaimChallenged(
        claim_id=facts.claim_id,
        revision=facts.revision,
        reason=action.reason,
        challenged_by=role,
        severity=action.severity,
        basis=action.basis,
        satisfied_by=action.satisfied_by,
        counter_evidence=list(counter),
    )
    return _steps(facts, Step(E.CHALLENGE, message, vote="challenge", evidence=counter, evidence_role="counter"))


def _refine(
    facts: ClaimFacts, role: AgentRole, action: RefineClaim, found: tuple[EvidenceRecord, ...]
) -> tuple[Step, ...] | Refusal:
    statement = action.statement.strip()
    restanced = action.stance is not None and action.stance != facts.stance
    if statement == facts.statement and not restanced:
        return Refusal("a refinement must change the statement or stance")
    message = ClaimRefined(
        stance=action.stance,
        claim_id=facts.claim_id,
        revision=facts.revision + 1,
        original_statement=facts.statement,
        refined_statement=statement,
        refined_by=role,
        reason=action.reason,
        additional_evidence=list(found),
    )
    return _steps(facts, Step(E.REFINE, message, statement=statement, evidence=found))


def _finalize(facts: ClaimFacts, action: FinalizeClaim) -> tuple[Step, ...] | Refusal:
    note = ""
    match action.method:
        case M.UNANIMOUS:
            if not is_unanimous(facts.votes, facts.revision):
                return Refusal("not all three agents agree with the current revision")
        case M.MEDIATED:
            if facts.mediation != "uphold":
                return Refusal("no mediation upholds this claim")
            note = "deadlock settled by the data researcher"
        case M.ASSUMED_CONSENT:
            silent = sorted(r for r in facts.open_challengers if r not in facts.agreed)
            consent = set(ROTATION) - set(silent) <= facts.agreed
            if not silent or not all(r in facts.warned for r in silent) or not consent:
                return Refusal("assumed consent needs a warned, silent challenger and the others' agreement")
            note = "challenger timeout - assumed consent: " + ", ".join(r.value for r in silent)
    message = ClaimFinalized(
        claim_id=facts.claim_id,
        revision=facts.revision,
        statement=facts.statement,
        agreed_by=sorted(facts.agreed),
        method=action.method,
        note=note,
    )
    return _steps(facts, Step(E.FINALIZE, message, method=action.method))


def _warn(facts: ClaimFacts, action: WarnTimeout) -> tuple[Step, ...] | Refusal:
    waiting = action.waiting_for
    if waiting not in facts.open_challengers:
        return Refusal(f"{waiting.value} owes no answer")
    if waiting in facts.warned:
        return Refusal(f"{waiting.value} was already warned")
    message = ClaimTimeoutWarning(
        claim_id=facts.claim_id,
        waiting_for=waiting,
        message=f"Finalizing {facts.claim_id} by assumed consent next iteration unless {waiting.value} answers",
    )
    return _steps(facts, Step(E.WARN_TIMEOUT, message))


def _mediate(facts: ClaimFacts, role: AgentRole, action: MediateClaim) -> tuple[Step, ...] | Refusal:
    parties = {facts.proposer, *facts.open_challengers}
    deadlock = {AgentRole.LEAD, AgentRole.SKEPTIC} <= parties and AgentRole.DATA not in facts.open_challengers
    if not (deadlock and facts.defended):
        return Refusal("no lead/skeptic deadlock to mediate")
    if facts.mediation is not None:
        return Refusal("this revision was already mediated")
    ruling = ClaimMediated(
        claim_id=facts.claim_id,
        revision=facts.revision,
        mediated_by=role,
        verdict=action.verdict,
        reason=action.reason,
    )
    if action.verdict == "uphold":
        return _steps(facts, Step(None, ruling))
    rejected = ClaimRejected(
        claim_id=facts.claim_id,
        reason=f"rejected by mediation: {action.reason}",
        rejected_by=[role],
        conflicting_sources=action.conflicting_sources,
    )
    return _steps(facts, Step(None, ruling), Step(E.REJECT, rejected))


def _vote_reject(facts: ClaimFacts, role: AgentRole, action: VoteReject) -> tuple[Step, ...] | Refusal:
    if role in facts.stall_votes:
        return Refusal(f"{role.value} already voted")
    vote = Step(None, ClaimRejectVote(claim_id=facts.claim_id, voted_by=role, reason=action.reason), vote="reject")
    voters = [*facts.stall_votes, role]
    if not rejection_carried(voters):
        return _steps(facts, vote)
    rejected = ClaimRejected(claim_id=facts.claim_id, reason="stalled; rejected by majority vote", rejected_by=voters)
    return _steps(facts, vote, Step(E.REJECT, rejected))
