"""Duties every role has: vote on stalled claims, and vote for completion when the work is done.

Completion (the protocol's ``research_complete``): the scope is *covered* when every research
question has an agreed claim and at least ``min_agreed_claims`` claims are agreed (never more
than there are research questions, unless one asks for an overview). Every role votes
when the scope is covered and it has nothing left to propose (a factoid may have answers for
further entities that share its name), or when it found nothing left to propose and no claim is
under debate;
the skeptic and the data researcher also second a completion the lead proposed once no claim is
under debate. (The runtime completes on three votes in one iteration with no claim open.)
"""

from __future__ import annotations

from agents.offline.answering import answered_by
from agents.offline.evidence import Turn
from agents.offline.question import Kind, read_question
from protocols import AgentRole, ClaimState, VoteComplete, VoteReject

__all__ = ["completion_vote", "scope_covered", "stalled_votes"]

_DEBATED = (ClaimState.PROPOSED, ClaimState.UNDER_REVIEW, ClaimState.CHALLENGED, ClaimState.REFINED)


def stalled_votes(turn: Turn) -> list[VoteReject]:
    """A reject vote on every stalled claim I neither proposed nor agreed with."""
    role = turn.view.role
    return [
        VoteReject(claim_id=c.id, reason="stalled without agreement; I do not support this revision")
        for c in turn.claims_in(ClaimState.STALLED)
        if c.proposer is not role and role not in c.agreed and role not in c.stall_votes
    ]


def scope_covered(turn: Turn) -> bool:
    """Enough agreed claims, and one for every research question."""
    agreed = turn.claims_in(ClaimState.AGREED)
    indexes = {c.scope_index for c in agreed}
    every = all(q.index in indexes or any(answered_by(q.text, c.statement) for c in agreed) for q in turn.view.scope)
    # the depth's minimum never asks for more claims than there are questions: padding a one-question
    # answer with claims that answer nothing asked is worse than a short answer -- unless a question
    # asks for an overview (``What is known about X?``), which several facts answer
    wanted = turn.view.min_agreed_claims
    if not any(read_question(q.text).kind is Kind.OVERVIEW for q in turn.view.scope):
        wanted = min(wanted, len(turn.view.scope) or 1)
    return len(agreed) >= wanted and every


def completion_vote(turn: Turn, *, nothing_left: bool) -> VoteComplete | None:
    """My ``research_complete`` vote, when it is due (see the module docstring)."""
    view = turn.view
    agreed = len(turn.claims_in(ClaimState.AGREED))
    idle = not turn.claims_in(*_DEBATED)
    covered = scope_covered(turn)
    due = (covered and nothing_left) or (nothing_left and idle)
    if view.role is not AgentRole.LEAD:
        due = due or (view.completion_proposed and idle)
    if not due:
        return None
    questions = len(view.scope)
    answered = len({c.scope_index for c in turn.claims_in(ClaimState.AGREED) if c.scope_index is not None})
    how = "every research question answered" if covered else "no further claim can be sourced"
    return VoteComplete(coverage_assessment=f"{agreed} agreed claims, {answered}/{questions} research questions; {how}")
