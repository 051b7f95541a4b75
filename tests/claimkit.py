"""Building blocks for the claim machine's tests: canonical facts per state and an action per move."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Literal

from protocols import (
    AgentRole,
    AgreeClaim,
    ChallengeClaim,
    ClaimAction,
    ClaimAgreed,
    ClaimChallenged,
    ClaimFacts,
    ClaimFinalized,
    ClaimProposed,
    ClaimRefined,
    ClaimRejected,
    ClaimStalled,
    ClaimState,
    DebateMessage,
    DefendClaim,
    EvidenceQuote,
    EvidenceRecord,
    FinalizationMethod,
    FinalizeClaim,
    MediateClaim,
    Move,
    RefineClaim,
    StallClaim,
    VoteReject,
    WarnTimeout,
    WithdrawClaim,
)

L, S, D = AgentRole.LEAD, AgentRole.SKEPTIC, AgentRole.DATA
CID = "clm_test"
EVIDENCE = EvidenceRecord(source_id="src_1", locator="a.md", excerpt="The bridge opened in 1932.", start=0, end=26)


def proposal(proposer: AgentRole = L, statement: str = "The bridge opened in 1932.") -> ClaimProposed:
    return ClaimProposed(claim_id=CID, statement=statement, evidence=[EVIDENCE], proposed_by=proposer, confidence=0.8)


def agreed(role: AgentRole, revision: int = 1) -> ClaimAgreed:
    return ClaimAgreed(claim_id=CID, revision=revision, agreed_by=role, final_statement="s")


def challenged(role: AgentRole, revision: int = 1) -> ClaimChallenged:
    return ClaimChallenged(claim_id=CID, revision=revision, reason="vague", challenged_by=role, severity="major")


def refined(role: AgentRole, revision: int = 2) -> ClaimRefined:
    return ClaimRefined(
        claim_id=CID,
        revision=revision,
        original_statement="The bridge opened in 1932.",
        refined_statement="The bridge opened in May 1932.",
        refined_by=role,
    )


#: A log that leaves a claim proposed by the lead in each state (the skeptic is the challenger).
LOGS: dict[ClaimState, list[DebateMessage]] = {
    ClaimState.PROPOSED: [proposal()],
    ClaimState.UNDER_REVIEW: [proposal(), agreed(L)],
    ClaimState.CHALLENGED: [proposal(), agreed(L), challenged(S)],
    ClaimState.REFINED: [proposal(), agreed(L), challenged(S), refined(L)],
    ClaimState.STALLED: [proposal(), agreed(L), ClaimStalled(claim_id=CID, reason="idle")],
    ClaimState.AGREED: [
        *(proposal(), agreed(L), agreed(S), agreed(D)),
        ClaimFinalized(
            claim_id=CID, revision=1, statement="s", agreed_by=[D, L, S], method=FinalizationMethod.UNANIMOUS
        ),
    ],
    ClaimState.REJECTED: [proposal(), agreed(L), ClaimRejected(claim_id=CID, reason="withdrawn", rejected_by=[L])],
}


def facts_in(state: ClaimState) -> ClaimFacts:
    facts = ClaimFacts.fold(LOGS[state])
    assert facts.status is state
    return facts


def action_for(
    move: Move,
    facts: ClaimFacts,
    *,
    stale: bool = False,
    verdict: Literal["uphold", "reject"] = "reject",
    waiting: Sequence[AgentRole] = (),
) -> ClaimAction:
    """A well-formed action making ``move`` on the claim (``stale``: naming the previous revision)."""
    rev, cid = (facts.revision - 1 if stale else facts.revision), facts.claim_id
    quote = [EvidenceQuote(source_id="src_1", quote="The bridge opened in 1932.")]
    match move:
        case Move.AGREE:
            return AgreeClaim(claim_id=cid, revision=rev)
        case Move.CHALLENGE:
            return ChallengeClaim(claim_id=cid, revision=rev, reason="vague", satisfied_by="a date")
        case Move.REFINE:
            return RefineClaim(claim_id=cid, revision=rev, statement=f"The bridge opened in 1932 (r{rev + 1}).")
        case Move.DEFEND:
            return DefendClaim(claim_id=cid, revision=rev, argument="two sources", evidence=quote)
        case Move.WITHDRAW:
            return WithdrawClaim(claim_id=cid, reason="cannot corroborate")
        case Move.WARN_TIMEOUT:
            return WarnTimeout(claim_id=cid, waiting_for=(list(waiting) or sorted(facts.open_challengers) or [S])[0])
        case Move.FINALIZE_UNANIMOUS:
            return FinalizeClaim(claim_id=cid, method=FinalizationMethod.UNANIMOUS)
        case Move.FINALIZE_ASSUMED_CONSENT:
            return FinalizeClaim(claim_id=cid, method=FinalizationMethod.ASSUMED_CONSENT)
        case Move.FINALIZE_MEDIATED:
            return FinalizeClaim(claim_id=cid, method=FinalizationMethod.MEDIATED)
        case Move.MEDIATE:
            return MediateClaim(claim_id=cid, revision=rev, verdict=verdict, reason="the sources agree")
        case Move.VOTE_REJECT:
            return VoteReject(claim_id=cid, reason="no progress")
        case Move.STALL:
            return StallClaim(claim_id=cid, reason="no progress")
