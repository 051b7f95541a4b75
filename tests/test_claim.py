"""The claim machine without a database: every (state, role, move), the guards, and the fold."""

from __future__ import annotations

import pytest

from protocols import (
    RULES,
    TRANSITIONS,
    AgentRole,
    ClaimDefended,
    ClaimEvent,
    ClaimFacts,
    ClaimFinalized,
    ClaimMediated,
    ClaimRejected,
    ClaimRejectVote,
    ClaimState,
    ClaimTimeoutWarning,
    FinalizationMethod,
    Move,
    Refusal,
    Step,
    advance,
    judge,
)
from tests.claimkit import CID, EVIDENCE, LOGS, D, L, S, action_for, agreed, challenged, facts_in, proposal, refined

St = ClaimState

#: For the canonical facts of each state (tests/claimkit.py: proposed by the lead, challenged by the
#: skeptic), what every role's move leads to where the table allows it: the claim's next state, or
#: the guard's refusal. Cells the table does not allow are checked against the table itself.
EXPECTED: dict[tuple[ClaimState, Move], dict[AgentRole, ClaimState | str]] = {
    (St.PROPOSED, Move.AGREE): {L: St.UNDER_REVIEW, S: St.UNDER_REVIEW, D: St.UNDER_REVIEW},
    (St.UNDER_REVIEW, Move.AGREE): {L: "lead already agreed", S: St.UNDER_REVIEW, D: St.UNDER_REVIEW},
    (St.CHALLENGED, Move.AGREE): {L: "lead already agreed", S: St.UNDER_REVIEW, D: St.CHALLENGED},
    (St.REFINED, Move.AGREE): {L: St.REFINED, S: St.UNDER_REVIEW, D: St.REFINED},
    (St.PROPOSED, Move.CHALLENGE): {S: St.CHALLENGED, D: St.CHALLENGED},
    (St.UNDER_REVIEW, Move.CHALLENGE): {S: St.CHALLENGED, D: St.CHALLENGED},
    (St.CHALLENGED, Move.CHALLENGE): {S: "skeptic already challenged", D: St.CHALLENGED},
    (St.REFINED, Move.CHALLENGE): {S: St.CHALLENGED, D: St.CHALLENGED},
    **{(state, Move.REFINE): {L: St.REFINED, S: St.REFINED, D: St.REFINED} for state in RULES[Move.REFINE].states},
    (St.CHALLENGED, Move.DEFEND): {L: St.CHALLENGED},
    **{(state, Move.WITHDRAW): {L: St.REJECTED} for state in RULES[Move.WITHDRAW].states},
    (St.CHALLENGED, Move.WARN_TIMEOUT): {L: St.CHALLENGED},
    (St.REFINED, Move.WARN_TIMEOUT): {L: St.REFINED},
    (St.UNDER_REVIEW, Move.FINALIZE_UNANIMOUS): {L: "not all three agents agree"},
    (St.REFINED, Move.FINALIZE_ASSUMED_CONSENT): {L: "assumed consent needs a warned"},
    (St.CHALLENGED, Move.FINALIZE_MEDIATED): {L: "no mediation upholds"},
    (St.CHALLENGED, Move.MEDIATE): {D: "no lead/skeptic deadlock"},
    (St.STALLED, Move.VOTE_REJECT): {L: St.STALLED, S: St.STALLED, D: St.STALLED},
    **{(state, Move.STALL): {L: St.STALLED} for state in RULES[Move.STALL].states},
}

CELLS = [(state, role, move) for state in ClaimState for role in AgentRole for move in Move]


@pytest.mark.parametrize(("state", "role", "move"), CELLS, ids=[f"{s}-{r}-{m}" for s, r, m in CELLS])
def test_every_state_role_and_move(state: ClaimState, role: AgentRole, move: Move) -> None:
    facts = facts_in(state)
    outcome = judge(facts, role, action_for(move, facts), evidence=[EVIDENCE])
    rule = RULES[move]
    if state not in rule.states:
        assert outcome == Refusal(f"{move.value} is not allowed on a {state.value} claim")
        return
    expected = EXPECTED[(state, move)].get(role)
    if expected is None:  # the table's role column refuses it
        assert not rule.who.includes(role, facts.proposer)
        assert outcome == Refusal(rule.wrong_role)
    elif isinstance(expected, ClaimState):  # (a StrEnum: test it before str)
        assert isinstance(outcome, tuple), outcome
        after = facts.after_steps(outcome)
        assert after.status is expected
        assert after.version == facts.version + len(outcome)
    else:
        assert isinstance(outcome, Refusal) and expected in outcome.reason


def test_the_table_agrees_with_the_lifecycle() -> None:
    """Each move's own event is legal in every state the table allows it in."""
    own = {
        Move.AGREE: ClaimEvent.AGREE,
        Move.CHALLENGE: ClaimEvent.CHALLENGE,
        Move.REFINE: ClaimEvent.REFINE,
        Move.DEFEND: ClaimEvent.DEFEND,
        Move.WITHDRAW: ClaimEvent.WITHDRAW,
        Move.WARN_TIMEOUT: ClaimEvent.WARN_TIMEOUT,
        Move.FINALIZE_UNANIMOUS: ClaimEvent.FINALIZE,
        Move.FINALIZE_ASSUMED_CONSENT: ClaimEvent.ASSUME_CONSENT,
        Move.FINALIZE_MEDIATED: ClaimEvent.MEDIATE,
        Move.MEDIATE: ClaimEvent.REJECT,  # a rejecting mediation
        Move.VOTE_REJECT: ClaimEvent.REJECT,  # a carrying vote
        Move.STALL: ClaimEvent.STALL,
    }
    for move, rule in RULES.items():
        for state in rule.states:
            assert (state, own[move]) in TRANSITIONS, (move, state)
    assert set(RULES) == set(Move)


def test_a_stale_revision_is_refused_before_anything_else() -> None:
    facts = facts_in(St.REFINED)
    for move in (Move.AGREE, Move.CHALLENGE, Move.REFINE):
        outcome = judge(facts, D, action_for(move, facts, stale=True))
        assert outcome == Refusal("revision 1 is not the current one (2)")


def deadlock() -> ClaimFacts:
    """Lead proposed, skeptic challenged, lead defended: the data researcher may mediate."""
    defended = ClaimDefended(claim_id=CID, revision=1, defended_by=L, argument="two sources")
    return ClaimFacts.fold([proposal(), agreed(L), challenged(S), defended])


def test_a_rejecting_mediation_also_closes_the_thread() -> None:
    facts = deadlock()
    steps = judge(facts, D, action_for(Move.MEDIATE, facts, verdict="reject"))
    assert isinstance(steps, tuple)
    assert [(s.event, type(s.message)) for s in steps] == [(None, ClaimMediated), (ClaimEvent.REJECT, ClaimRejected)]
    after = facts.after_steps(steps)
    assert after.status is St.REJECTED and after.version == facts.version + 2
    assert isinstance(steps[1].message, ClaimRejected) and steps[1].message.reason.startswith("rejected by mediation")


def test_an_upholding_mediation_lets_the_lead_finalize_once() -> None:
    facts = deadlock()
    steps = judge(facts, D, action_for(Move.MEDIATE, facts, verdict="uphold"))
    assert isinstance(steps, tuple) and len(steps) == 1
    facts = facts.after_steps(steps)
    assert facts.mediation == "uphold" and facts.status is St.CHALLENGED
    assert judge(facts, D, action_for(Move.MEDIATE, facts)) == Refusal("this revision was already mediated")
    final = judge(facts, L, action_for(Move.FINALIZE_MEDIATED, facts))
    assert isinstance(final, tuple) and final[0].event is ClaimEvent.MEDIATE
    assert facts.after_steps(final).status is St.AGREED


def test_a_challenge_after_the_defence_reopens_the_deadlock() -> None:
    facts = deadlock().after(challenged(D))
    assert not facts.defended
    assert judge(facts, D, action_for(Move.MEDIATE, facts)) == Refusal("no lead/skeptic deadlock to mediate")


def test_a_reject_vote_that_carries_also_rejects() -> None:
    facts = facts_in(St.STALLED)
    first = judge(facts, S, action_for(Move.VOTE_REJECT, facts))
    assert isinstance(first, tuple) and [type(s.message) for s in first] == [ClaimRejectVote]
    facts = facts.after_steps(first)
    assert judge(facts, S, action_for(Move.VOTE_REJECT, facts)) == Refusal("skeptic already voted")
    second = judge(facts, D, action_for(Move.VOTE_REJECT, facts))
    assert isinstance(second, tuple)
    assert [(s.event, s.vote) for s in second] == [(None, "reject"), (ClaimEvent.REJECT, None)]
    rejected = second[1].message
    assert isinstance(rejected, ClaimRejected) and rejected.rejected_by == [S, D]
    assert facts.after_steps(second).status is St.REJECTED


def test_unanimity_on_the_current_revision_finalizes() -> None:
    facts = ClaimFacts.fold([proposal(), agreed(L), agreed(S), agreed(D)])
    assert judge(facts, S, action_for(Move.FINALIZE_UNANIMOUS, facts)) == Refusal("only the lead finalizes claims")
    steps = judge(facts, L, action_for(Move.FINALIZE_UNANIMOUS, facts))
    assert isinstance(steps, tuple)
    final = steps[0].message
    assert isinstance(final, ClaimFinalized) and final.agreed_by == [D, L, S] and final.revision == 1
    assert steps[0].method is FinalizationMethod.UNANIMOUS


def test_votes_on_an_old_revision_do_not_count() -> None:
    facts = ClaimFacts.fold([proposal(), agreed(L), agreed(S), challenged(D), refined(L), agreed(S, 2)])
    assert facts.revision == 2 and facts.agreed == {S}
    assert judge(facts, L, action_for(Move.FINALIZE_UNANIMOUS, facts)) == Refusal(
        "finalize unanimous is not allowed on a refined claim"
    )


def test_assumed_consent_needs_a_warned_silent_challenger() -> None:
    facts = ClaimFacts.fold([proposal(), agreed(L), challenged(S), refined(L), agreed(L, 2), agreed(D, 2)])
    consent = action_for(Move.FINALIZE_ASSUMED_CONSENT, facts)
    assert isinstance(judge(facts, L, consent), Refusal)  # not warned yet
    warn = judge(facts, L, action_for(Move.WARN_TIMEOUT, facts))
    assert isinstance(warn, tuple) and isinstance(warn[0].message, ClaimTimeoutWarning)
    facts = facts.after_steps(warn)
    assert judge(facts, L, action_for(Move.WARN_TIMEOUT, facts)) == Refusal("skeptic was already warned")
    steps = judge(facts, L, consent)
    assert isinstance(steps, tuple) and steps[0].event is ClaimEvent.ASSUME_CONSENT
    final = steps[0].message
    assert isinstance(final, ClaimFinalized) and final.note.endswith("assumed consent: skeptic")


def test_only_one_who_owes_an_answer_is_warned() -> None:
    facts = facts_in(St.CHALLENGED)
    assert judge(facts, L, action_for(Move.WARN_TIMEOUT, facts, waiting=[D])) == Refusal("data owes no answer")


def test_a_refinement_must_change_something() -> None:
    facts = facts_in(St.UNDER_REVIEW)
    from protocols import RefineClaim, Stance

    same = RefineClaim(claim_id=CID, revision=1, statement=" The bridge opened in 1932. ")
    assert judge(facts, S, same) == Refusal("a refinement must change the statement or stance")
    restanced = RefineClaim(claim_id=CID, revision=1, statement="The bridge opened in 1932.", stance=Stance.REFUTES)
    steps = judge(facts, S, restanced)
    assert isinstance(steps, tuple)
    after = facts.after_steps(steps)
    assert after.stance is Stance.REFUTES and after.revision == 2 and after.agreed == frozenset()


def test_the_steps_carry_what_the_store_writes() -> None:
    facts = facts_in(St.CHALLENGED)
    challenge = judge(facts, D, action_for(Move.CHALLENGE, facts), evidence=[EVIDENCE])
    assert challenge == (
        Step(
            ClaimEvent.CHALLENGE,
            challenge[0].message if isinstance(challenge, tuple) else None,  # type: ignore[arg-type]
            vote="challenge",
            evidence=(EVIDENCE,),
            evidence_role="counter",
        ),
    )
    refine = judge(facts, L, action_for(Move.REFINE, facts), evidence=[EVIDENCE])
    assert isinstance(refine, tuple)
    assert refine[0].statement == "The bridge opened in 1932 (r2)." and refine[0].evidence_role == "support"


def test_the_fold_follows_the_lifecycle() -> None:
    with pytest.raises(ValueError, match="starts with its proposal"):
        ClaimFacts.fold([agreed(L)])
    facts = ClaimFacts.fold(LOGS[St.REFINED])
    assert (facts.status, facts.version, facts.revision) == (St.REFINED, 4, 2)
    assert facts.open_challengers == {S} and facts.statement == "The bridge opened in May 1932."
    assert advance(St.REFINED, ClaimEvent.CONCEDE) is St.UNDER_REVIEW
    assert facts.after(agreed(S, 2)).status is St.UNDER_REVIEW  # the last open challenger concedes
