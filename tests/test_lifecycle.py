"""The claim lifecycle (every state x event pair) and the vote-counting rules."""

from __future__ import annotations

import itertools
from collections.abc import Sequence

import pytest

from protocols import (
    OPEN_STATES,
    ROTATION,
    TERMINAL_STATES,
    TRANSITIONS,
    AgentRole,
    ClaimEvent,
    ClaimState,
    IllegalTransition,
    Vote,
    advance,
    agreed_on,
    is_unanimous,
    open_challengers,
    rejection_carried,
    vote_event,
)

S, E = ClaimState, ClaimEvent
LEAD, SKEPTIC, DATA = AgentRole.LEAD, AgentRole.SKEPTIC, AgentRole.DATA
ALL_PAIRS = list(itertools.product([None, *ClaimState], ClaimEvent))


@pytest.mark.parametrize(("state", "event"), ALL_PAIRS, ids=lambda x: "none" if x is None else str(x))
def test_every_state_event_pair(state: ClaimState | None, event: ClaimEvent) -> None:
    if (state, event) in TRANSITIONS:
        assert advance(state, event) is TRANSITIONS[(state, event)]
    else:
        with pytest.raises(IllegalTransition) as info:
            advance(state, event)
        assert event.value in str(info.value)
        assert info.value.code == "ILLEGAL_TRANSITION"


def test_table_mentions_only_known_states_and_events() -> None:
    for (state, event), target in TRANSITIONS.items():
        assert state is None or isinstance(state, ClaimState)
        assert isinstance(event, ClaimEvent)
        assert isinstance(target, ClaimState)
    # the table is neither empty nor everything: illegal pairs exist
    assert 0 < len(TRANSITIONS) < len(ALL_PAIRS)


def test_every_state_is_reachable_and_every_open_state_can_end() -> None:
    reachable = {target for target in TRANSITIONS.values()}
    assert reachable == set(ClaimState)
    for state in OPEN_STATES:
        assert advance(state, E.WITHDRAW) is S.REJECTED


def test_terminal_and_open_states_partition_the_states() -> None:
    assert {S.AGREED, S.REJECTED} == TERMINAL_STATES
    assert set(ClaimState) == TERMINAL_STATES | OPEN_STATES
    assert not TERMINAL_STATES & OPEN_STATES


@pytest.mark.parametrize("state", sorted(TERMINAL_STATES))
@pytest.mark.parametrize("event", list(ClaimEvent))
def test_terminal_states_accept_nothing(state: ClaimState, event: ClaimEvent) -> None:
    with pytest.raises(IllegalTransition):
        advance(state, event)


@pytest.mark.parametrize("event", [e for e in ClaimEvent if e is not E.PROPOSE])
def test_only_propose_creates_a_claim(event: ClaimEvent) -> None:
    with pytest.raises(IllegalTransition, match="no claim"):
        advance(None, event)


@pytest.mark.parametrize("state", list(ClaimState))
def test_propose_is_only_for_new_claims(state: ClaimState) -> None:
    with pytest.raises(IllegalTransition):
        advance(state, E.PROPOSE)


def _walk(events: Sequence[ClaimEvent], start: ClaimState | None = None) -> list[ClaimState]:
    states: list[ClaimState] = []
    state = start
    for event in events:
        state = advance(state, event)
        states.append(state)
    return states


def test_path_propose_agree_finalize() -> None:
    assert _walk([E.PROPOSE, E.AGREE, E.AGREE, E.AGREE, E.FINALIZE]) == [
        S.PROPOSED,
        S.UNDER_REVIEW,
        S.UNDER_REVIEW,
        S.UNDER_REVIEW,
        S.AGREED,
    ]


def test_path_challenge_refine_concede() -> None:
    assert _walk([E.PROPOSE, E.AGREE, E.CHALLENGE, E.REFINE, E.CONCEDE, E.FINALIZE]) == [
        S.PROPOSED,
        S.UNDER_REVIEW,
        S.CHALLENGED,
        S.REFINED,
        S.UNDER_REVIEW,
        S.AGREED,
    ]


def test_path_refine_warn_assume_consent() -> None:
    assert _walk([E.CHALLENGE, E.REFINE, E.WARN_TIMEOUT, E.ASSUME_CONSENT], start=S.UNDER_REVIEW) == [
        S.CHALLENGED,
        S.REFINED,
        S.REFINED,
        S.AGREED,
    ]


def test_path_challenge_defend_mediate() -> None:
    assert _walk([E.CHALLENGE, E.DEFEND, E.MEDIATE], start=S.UNDER_REVIEW) == [
        S.CHALLENGED,
        S.CHALLENGED,
        S.AGREED,
    ]


def test_path_challenge_mediator_rejects() -> None:
    assert advance(S.CHALLENGED, E.REJECT) is S.REJECTED


def test_path_stall_reject() -> None:
    assert _walk([E.STALL, E.REJECT], start=S.UNDER_REVIEW) == [S.STALLED, S.REJECTED]


@pytest.mark.parametrize("event", [E.FINALIZE, E.ASSUME_CONSENT])
def test_a_challenged_claim_cannot_be_finalized_or_assumed(event: ClaimEvent) -> None:
    # only mediation settles an open challenge in the claim's favour
    with pytest.raises(IllegalTransition):
        advance(S.CHALLENGED, event)


def test_finalize_only_from_under_review() -> None:
    assert {state for (state, event) in TRANSITIONS if event is E.FINALIZE} == {S.UNDER_REVIEW}


def test_assumed_consent_only_after_a_refinement() -> None:
    assert {state for (state, event) in TRANSITIONS if event is E.ASSUME_CONSENT} == {S.REFINED}


@pytest.mark.parametrize("event", [E.AGREE, E.CHALLENGE, E.REFINE, E.FINALIZE, E.CONCEDE])
def test_stalled_claim_only_goes_to_rejection(event: ClaimEvent) -> None:
    with pytest.raises(IllegalTransition):
        advance(S.STALLED, event)


# ------------------------------------------------------------------------------------ the rules


def agree(role: AgentRole, revision: int = 1) -> Vote:
    return Vote(role=role, revision=revision, verdict="agree")


def challenge(role: AgentRole, revision: int = 1) -> Vote:
    return Vote(role=role, revision=revision, verdict="challenge")


def test_latest_vote_wins() -> None:
    votes = [agree(SKEPTIC), challenge(SKEPTIC)]
    assert agreed_on(votes, 1) == set()
    assert open_challengers(votes) == {SKEPTIC}
    votes.append(agree(SKEPTIC))
    assert agreed_on(votes, 1) == {SKEPTIC}
    assert open_challengers(votes) == set()


def test_unanimity_needs_all_three_on_the_current_revision() -> None:
    votes = [agree(LEAD), agree(SKEPTIC)]
    assert not is_unanimous(votes, 1)
    votes.append(agree(DATA))
    assert is_unanimous(votes, 1)
    assert agreed_on(votes, 1) == set(ROTATION)


def test_agreements_on_an_old_revision_do_not_count_after_a_refinement() -> None:
    votes = [agree(LEAD, 1), agree(SKEPTIC, 1), agree(DATA, 1)]
    assert is_unanimous(votes, 1)
    # revision 2 exists now: nobody has agreed with it yet, not even the refiner
    assert agreed_on(votes, 2) == set()
    assert not is_unanimous(votes, 2)
    votes += [agree(DATA, 2), agree(LEAD, 2)]
    assert agreed_on(votes, 2) == {DATA, LEAD}
    assert not is_unanimous(votes, 2)
    votes.append(agree(SKEPTIC, 2))
    assert is_unanimous(votes, 2)


def test_a_challenge_on_an_old_revision_stays_open_until_answered() -> None:
    votes = [agree(LEAD, 1), challenge(SKEPTIC, 1)]
    assert open_challengers(votes) == {SKEPTIC}
    votes.append(agree(SKEPTIC, 2))
    assert open_challengers(votes) == set()


@pytest.mark.parametrize("state", [S.CHALLENGED, S.REFINED])
def test_vote_event_concedes_only_when_no_challenge_remains(state: ClaimState) -> None:
    one_open = [challenge(SKEPTIC), challenge(DATA), agree(SKEPTIC, 2)]
    assert vote_event(state, one_open) is E.AGREE
    none_open = [*one_open, agree(DATA, 2)]
    assert vote_event(state, none_open) is E.CONCEDE
    # and the event it picks is legal in that state
    assert advance(state, vote_event(state, none_open)) is S.UNDER_REVIEW
    assert advance(state, vote_event(state, one_open)) is state


@pytest.mark.parametrize("state", [S.PROPOSED, S.UNDER_REVIEW])
def test_vote_event_is_agree_outside_a_challenge(state: ClaimState) -> None:
    assert vote_event(state, [agree(LEAD), agree(SKEPTIC)]) is E.AGREE


@pytest.mark.parametrize(
    ("voters", "carried"),
    [
        ([], False),
        ([LEAD], False),
        ([LEAD, LEAD], False),  # one role voting twice is still one vote
        ([LEAD, SKEPTIC], True),
        ([SKEPTIC, DATA, SKEPTIC], True),
        ([LEAD, SKEPTIC, DATA], True),
    ],
)
def test_rejection_carried_by_majority(voters: list[AgentRole], carried: bool) -> None:
    assert rejection_carried(voters) is carried
