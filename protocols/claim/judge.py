"""The judge: every step an action on a claim implies, or why it is refused. Pure; no I/O."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

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
from protocols.claim.facts import ClaimFacts, Step, event_of
from protocols.claim.table import RULES, ClaimAction, Refusal, StallClaim, move_of
from protocols.contract import FinalizationMethod
from protocols.lifecycle import ClaimEvent
from protocols.messages import (
    ClaimAgreed,
    ClaimChallenged,
    ClaimDefended,
    ClaimFinalized,
    ClaimMediated,
    ClaimRefined,
    ClaimRejected,
    ClaimRejectVote,
    ClaimStalled,
    ClaimTimeoutWarning,
    EvidenceRecord,
)
from protocols.roles import ROTATION, AgentRole
from protocols.rules import is_unanimous, rejection_carried

__all__ = ["judge"]

E, M = ClaimEvent, FinalizationMethod


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
    match action:  # a vote, refinement, defence or mediation names the revision it is about
        case (
            AgreeClaim(revision=named)
            | ChallengeClaim(revision=named)
            | RefineClaim(revision=named)
            | DefendClaim(revision=named)
            | MediateClaim(revision=named)
        ) if named != facts.revision:
            return Refusal(f"revision {named} is not the current one ({facts.revision})")
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
