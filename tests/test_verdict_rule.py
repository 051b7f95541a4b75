"""The verdict rule over a debate's messages (``consensus.verdict``), read without a run."""

from __future__ import annotations

from datetime import UTC, datetime

from consensus.verdict import verdict_for
from protocols import AgentRole, ClaimChallenged, ClaimProposed, EvidenceRecord, Gap, GapCategory, Stance
from store import MessageRecord

QUESTION = "Is it true that the Orla trial was sponsored by a company based in Raleigh?"
EVIDENCE = EvidenceRecord(source_id="src_1", locator="a.md", excerpt="Sponsor: Lysholm Pharma.", start=0, end=24)
GAP = Gap(topic="a point", category=GapCategory.CONTRADICTORY_SOURCES, detail="sources disagree")


def _record(seq: int, message: ClaimProposed | ClaimChallenged) -> MessageRecord:
    return MessageRecord(
        seq=seq,
        run_id="run_1",
        claim_id=message.claim_id,
        agent="lead",
        action=type(message).__name__,
        revision=1,
        iteration=1,
        claim_version=seq,
        message=message,
        created_at=datetime.now(UTC),
    )


def _contested_claim(claim_id: str, stance: Stance | None, seq: int) -> list[MessageRecord]:
    proposed = ClaimProposed(
        claim_id=claim_id,
        statement=f"Statement {claim_id}.",
        evidence=[EVIDENCE],
        proposed_by=AgentRole.LEAD,
        confidence=0.6,
        stance=stance,
    )
    challenge = ClaimChallenged(
        claim_id=claim_id,
        revision=1,
        reason="another source",
        challenged_by=AgentRole.SKEPTIC,
        severity="major",
        basis="contradicted",
    )
    return [_record(seq, proposed), _record(seq + 1, challenge)]


def test_a_dispute_over_claims_that_take_no_side_leaves_the_check_insufficient() -> None:
    """Sources that disagree about a claim taking no side on the checked one (a profile's *should not
    be confused with a company in North Carolina*) do not make it ``disputed``; a dispute between
    claims that do take a side still does."""
    neutral = verdict_for(QUESTION, [], _contested_claim("clm_a", Stance.NEUTRAL, 1), [GAP])
    assert neutral is not None and neutral.verdict.value == "insufficient"
    assert "take no side" in neutral.rule
    sided = _contested_claim("clm_a", Stance.SUPPORTS, 1) + _contested_claim("clm_b", Stance.REFUTES, 3)
    disputed = verdict_for(QUESTION, [], sided, [GAP])
    assert disputed is not None and disputed.verdict.value == "disputed"
