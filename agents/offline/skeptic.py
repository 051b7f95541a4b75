"""The skeptic (researcher-2): looks for counter-evidence with its own searches.

For every claim under debate whose current revision it has neither agreed with nor challenged, it
runs searches of its own: the claim's words with its values; its subject words with the values'
shapes (``July``, ``kilograms``) instead of their numbers; and its barest core (first name, event,
shapes), to surface sources stating *other* values. It challenges a contradicted claim (with the
conflicting sentence as counter-evidence and what would satisfy it), a single-sourced one, or an
off-topic one; otherwise it agrees. It is not obstinate: after a defence or a refinement it looks
again with the same rules (:mod:`.reviewing`). It answers challenges on its own claims, votes on
stalled claims, and proposes in its turn, favouring research questions the lead has not covered.
"""

from __future__ import annotations

from agents.offline.answers import answer_challenges
from agents.offline.duties import completion_vote, scope_covered, stalled_votes
from agents.offline.evidence import Turn
from agents.offline.memory import Memory
from agents.offline.proposing import propose
from agents.offline.reviewing import review
from protocols import Action

__all__ = ["decide_skeptic"]


async def decide_skeptic(turn: Turn, memory: Memory) -> tuple[list[Action], str]:
    """The skeptic's actions for this turn, and a one-line note."""
    del memory
    actions: list[Action] = await answer_challenges(turn)
    answered = {getattr(a, "claim_id", None) for a in actions}
    for claim in turn.view.claims:
        if claim.id not in answered:
            actions += await review(turn, claim, own_words=True)
    actions += stalled_votes(turn)
    proposal, nothing_left = await propose(turn, covered=scope_covered(turn), prefer_unled=True)
    if proposal is not None:
        actions.append(proposal)
    vote = completion_vote(turn, nothing_left=nothing_left)
    if vote is not None:
        actions.append(vote)
    challenged = sum(a.kind == "challenge" for a in actions)
    agreed = sum(a.kind == "agree" for a in actions)
    return actions, f"skeptic: {challenged} challenge(s), {agreed} agreement(s), {len(actions)} action(s)"
