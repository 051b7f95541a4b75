"""The verdict rule over a debate's messages (``consensus.verdict``), read without a run."""

from __future__ import annotations

from datetime import UTC, datetime

from consensus.verdict import dissent_gap, verdict_for
from protocols import (
    AgentRole,
    Authority,
    ClaimChallenged,
    ClaimProposed,
    ClaimState,
    EvidenceRecord,
    FinalizationMethod,
    Gap,
    GapCategory,
    Stance,
)
from store import ClaimRecord, MessageRecord, StoredEvidence

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


def _proposed(claim_id: str, stance: Stance | None, seq: int) -> MessageRecord:
    message = ClaimProposed(
        claim_id=claim_id,
        statement=f"Statement {claim_id}.",
        evidence=[EVIDENCE],
        proposed_by=AgentRole.LEAD,
        confidence=0.6,
        stance=stance,
    )
    return _record(seq, message)


def _contested_claim(claim_id: str, stance: Stance | None, seq: int) -> list[MessageRecord]:
    challenge = ClaimChallenged(
        claim_id=claim_id,
        revision=1,
        reason="another source",
        challenged_by=AgentRole.SKEPTIC,
        severity="major",
        basis="contradicted",
    )
    return [_proposed(claim_id, stance, seq), _record(seq + 1, challenge)]


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


def test_a_dispute_the_debate_settled_over_a_claim_taking_no_side_leaves_the_check_insufficient() -> None:
    """The agreed side of a dispute settled by the majority (*the festival takes its name from the
    2016 album*, against one source's 2022) takes no side on the checked claim (*visitors can camp
    on site*): the check is ``insufficient``, not ``disputed``; the dispute stays a gap."""
    agreed = _agreed("clm_a")
    settled = verdict_for(QUESTION, [agreed], _contested_claim("clm_a", None, 1), [GAP])
    assert settled is not None and settled.verdict.value == "insufficient", settled


def _agreed(claim_id: str, *sources: str) -> ClaimRecord:
    now = datetime.now(UTC)
    evidence = [
        StoredEvidence(
            source_id=source,
            locator=f"{source}.md",
            title=None,
            authority=Authority.MEDIUM,
            excerpt=f"Statement {claim_id}.",
            start=0,
            end=10,
            revision=1,
            added_by=AgentRole.LEAD,
            role="support",
        )
        for source in sources
    ]
    return ClaimRecord(
        id=claim_id,
        run_id="run_1",
        statement=f"Statement {claim_id}.",
        status=ClaimState.AGREED,
        revision=1,
        proposer=AgentRole.LEAD,
        scope_index=0,
        confidence=0.6,
        finalization_method=FinalizationMethod.UNANIMOUS,
        version=3,
        changed_iteration=1,
        evidence=evidence,
        votes=[],
        reject_votes=[],
        created_at=now,
        updated_at=now,
    )


def test_a_split_is_settled_by_the_majority_of_independent_sources_and_the_dissent_stays_a_gap() -> None:
    """A blog's *lured ashore by wreckers* against an inquiry and a review that found no evidence of it:
    two independent sources against one refute the claim, and the blog's claim is shown as a
    ``contradictory_sources`` gap; one against one, or two claims quoting one source, stay ``disputed``."""
    blog, inquiry, review = (
        _agreed("clm_blog", "src_blog"),
        _agreed("clm_inq", "src_inq"),
        _agreed("clm_rev", "src_rev"),
    )
    messages = [
        _proposed("clm_blog", Stance.SUPPORTS, 1),
        _proposed("clm_inq", Stance.REFUTES, 2),
        _proposed("clm_rev", Stance.REFUTES, 3),
    ]
    settled = verdict_for(QUESTION, [blog, inquiry, review], messages, [])
    assert settled is not None and settled.verdict.value == "refuted", settled
    assert "majority" in settled.rule
    gap = dissent_gap(settled, [blog, inquiry, review])
    assert gap is not None and gap.category is GapCategory.CONTRADICTORY_SOURCES
    assert "Statement clm_blog." in gap.detail and "clm_inq" not in gap.detail

    even = verdict_for(QUESTION, [blog, inquiry], messages[:2], [])
    assert even is not None and even.verdict.value == "disputed"
    assert dissent_gap(even, [blog, inquiry]) is None

    one_source = _agreed("clm_rev", "src_inq")  # two claims quoting the inquiry: one source, not two
    echoed = verdict_for(QUESTION, [blog, inquiry, one_source], messages, [])
    assert echoed is not None and echoed.verdict.value == "disputed"
