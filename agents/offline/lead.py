"""The lead (researcher-1): answers challenges, reviews fairly, proposes, and calls completion.

In one turn, in this order: answer the challenges on its own claims (:mod:`.answers`); review
every other claim, searching for its words and for its subject alone to find conflicting values
(:mod:`.reviewing`); vote to reject stalled claims it does not support; propose for the first
research question still open (:mod:`.proposing`) -- once the scope is covered, only a further
entity's answer to a factoid; vote
``research_complete`` when it is due (:mod:`.duties`). Finalizing and timeout warnings are not
decided here: they are the lead's mechanical housekeeping.
"""

from __future__ import annotations

from agents.offline.answers import answer_challenges
from agents.offline.duties import completion_vote, scope_covered, stalled_votes
from agents.offline.evidence import Turn
from agents.offline.memory import Memory
from agents.offline.proposing import propose
from agents.offline.reviewing import review
from protocols import Action

__all__ = ["decide_lead"]


async def decide_lead(turn: Turn, memory: Memory) -> tuple[list[Action], str]:
    """The lead's actions for this turn, and a one-line note."""
    del memory  # the lead needs nothing beyond the view
    actions: list[Action] = await answer_challenges(turn)
    answered = {getattr(a, "claim_id", None) for a in actions}
    for claim in turn.view.claims:
        if claim.id not in answered:
            actions += await review(turn, claim)
    actions += stalled_votes(turn)
    covered = scope_covered(turn)
    proposal, nothing_left = await propose(turn, covered=covered)
    if proposal is not None:
        actions.append(proposal)
    vote = completion_vote(turn, nothing_left=nothing_left)
    if vote is not None:
        actions.append(vote)
    return actions, _note(actions, covered=covered, nothing_left=nothing_left)


def _note(actions: list[Action], *, covered: bool, nothing_left: bool) -> str:
    kinds = ", ".join(a.kind for a in actions) or "nothing to do"
    if covered:
        return f"lead: {kinds} (scope covered)"
    if nothing_left:
        return f"lead: {kinds} (no sourced candidate left for any research question)"
    return f"lead: {kinds}"
