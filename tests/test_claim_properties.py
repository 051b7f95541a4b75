"""Random debates from three roles never break the claim's invariants (hypothesis, no database).

Each example proposes a claim and lets random roles make random moves (some on a stale revision);
whatever the judge allows is appended to the log. After every action:

- the facts folded from the whole log are the facts the steps led to (judge and fold agree), and
  the version is the number of messages (every message's version is consecutive);
- agreement counts only for the current revision (recomputed from the log independently);
- a finalized claim has the votes its method requires;
- a finished claim takes no further step.
"""

from __future__ import annotations

from typing import Literal

from hypothesis import event, given, settings
from hypothesis import strategies as st

from protocols import (
    RULES,
    TERMINAL_STATES,
    AgentRole,
    ClaimAction,
    ClaimAgreed,
    ClaimChallenged,
    ClaimFacts,
    ClaimFinalized,
    ClaimMediated,
    ClaimRefined,
    ClaimTimeoutWarning,
    DebateMessage,
    FinalizationMethod,
    Move,
    Refusal,
    judge,
)
from tests.claimkit import EVIDENCE, action_for, agreed, proposal

ROLES = list(AgentRole)


def draw_turn(data: st.DataObject, facts: ClaimFacts) -> tuple[AgentRole, ClaimAction]:
    """A random role and move; mostly one the table allows in this state (to get far), sometimes any."""
    allowed = [m for m in Move if facts.status in RULES[m].states] or list(Move)
    ending = {Move.WITHDRAW, Move.STALL, Move.VOTE_REJECT}
    settling = {
        Move.AGREE,
        Move.DEFEND,
        Move.WARN_TIMEOUT,
        Move.MEDIATE,
        *(m for m in Move if m.startswith("finalize")),
    }
    # rejections end a debate early and refinements restart it: favour the moves that settle it
    onward = [m for m in allowed if m not in ending] + [m for m in allowed if m in settling] * 3 or [Move.AGREE]
    moves = data.draw(st.sampled_from([*[onward] * 12, allowed, list(Move)]))
    move = data.draw(st.sampled_from(moves))
    permitted = [r for r in ROLES if RULES[move].who.includes(r, facts.proposer)]
    if move is Move.AGREE:  # an agreement from whoever has not agreed yet, but never the one who owes an answer
        permitted = [r for r in permitted if r not in facts.agreed and r not in facts.open_challengers] or permitted
    role = data.draw(st.sampled_from([permitted, permitted, ROLES]).flatmap(st.sampled_from))
    stale = data.draw(st.sampled_from([False, False, False, True]))
    verdict: Literal["uphold", "reject"] = data.draw(st.sampled_from(["uphold", "uphold", "uphold", "reject"]))
    return role, action_for(move, facts, stale=stale, verdict=verdict)


def since_last_refinement(log: list[DebateMessage]) -> list[DebateMessage]:
    starts = [i for i, m in enumerate(log) if isinstance(m, ClaimRefined)]
    return log[starts[-1] + 1 :] if starts else log


def latest_votes(log: list[DebateMessage]) -> dict[AgentRole, tuple[str, int]]:
    latest: dict[AgentRole, tuple[str, int]] = {}
    for m in log:
        if isinstance(m, ClaimAgreed):
            latest[m.agreed_by] = ("agree", m.revision)
        elif isinstance(m, ClaimChallenged):
            latest[m.challenged_by] = ("challenge", m.revision)
    return latest


def check_finalized(log: list[DebateMessage], facts: ClaimFacts) -> None:
    final = log[-1]
    assert isinstance(final, ClaimFinalized) and final.revision == facts.revision
    agreeing = {r for r, (verdict, rev) in latest_votes(log).items() if verdict == "agree" and rev == facts.revision}
    current = since_last_refinement(log[:-1])
    match final.method:
        case FinalizationMethod.UNANIMOUS:
            assert agreeing == set(ROLES) and set(final.agreed_by) == set(ROLES)
        case FinalizationMethod.ASSUMED_CONSENT:
            warned = {m.waiting_for for m in current if isinstance(m, ClaimTimeoutWarning)}
            silent = set(ROLES) - agreeing
            assert silent and silent <= warned
        case FinalizationMethod.MEDIATED:
            rulings = [m for m in current if isinstance(m, ClaimMediated)]
            assert [m.verdict for m in rulings] == ["uphold"] and rulings[0].mediated_by is AgentRole.DATA


@settings(max_examples=200, deadline=None)
@given(proposer=st.sampled_from(ROLES), length=st.integers(1, 40), data=st.data())
def test_random_debates_keep_the_invariants(proposer: AgentRole, length: int, data: st.DataObject) -> None:
    log: list[DebateMessage] = [proposal(proposer), agreed(proposer)]  # as the store writes a proposal
    facts = ClaimFacts.fold(log)
    for _ in range(length):
        before = facts
        role, action = draw_turn(data, facts)
        outcome = judge(facts, role, action, evidence=[EVIDENCE])
        if isinstance(outcome, Refusal):
            continue
        assert before.status not in TERMINAL_STATES, "a finished claim took a step"
        log.extend(step.message for step in outcome)
        facts = facts.after_steps(outcome)
        assert facts.version == len(log)
        agreeing = {r for r, (v, rev) in latest_votes(log).items() if v == "agree" and rev == facts.revision}
        assert facts.agreed == agreeing
        assert all(m.revision == facts.revision for m in since_last_refinement(log) if isinstance(m, ClaimAgreed))
        if isinstance(log[-1], ClaimFinalized):
            check_finalized(log, facts)
    assert ClaimFacts.fold(log) == facts  # the judge's steps and the fold of the log agree
    final = log[-1]
    event(f"ended {final.method.value}" if isinstance(final, ClaimFinalized) else f"ended {facts.status.value}")
