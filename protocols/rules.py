"""The counting rules of the consensus protocol, as pure functions over votes.

A *vote* is an agent's latest stance on a claim: ``agree`` (on one revision) or ``challenge``.
Only an agent's latest vote counts, and an agreement counts only for the revision it names — so a
refinement (a new revision) resets every agreement, including the refiner's own.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import Literal

from protocols.contract import Depth
from protocols.lifecycle import ClaimEvent, ClaimState
from protocols.roles import ROTATION, AgentRole

__all__ = [
    "ANSWER_TIMEOUT_ITERATIONS",
    "MIN_AGREED_CLAIMS",
    "STALL_AFTER_IDLE_ITERATIONS",
    "Vote",
    "agreed_on",
    "is_unanimous",
    "open_challengers",
    "rejection_carried",
    "vote_event",
]

#: A challenger who has not answered a refinement after this many iterations is warned;
#: after as many again the lead finalizes by assumed consent.
ANSWER_TIMEOUT_ITERATIONS = 1
#: An open claim that has not changed for this many iterations is stalled (then voted on).
STALL_AFTER_IDLE_ITERATIONS = 3
#: Agreed claims that make a run complete, by depth (the protocol's 7 for deep research).
MIN_AGREED_CLAIMS: dict[Depth, int] = {Depth.SHALLOW: 2, Depth.BALANCED: 4, Depth.DEEP: 7}


@dataclass(frozen=True, slots=True)
class Vote:
    role: AgentRole
    revision: int
    verdict: Literal["agree", "challenge"]


def _latest(votes: Iterable[Vote]) -> dict[AgentRole, Vote]:
    latest: dict[AgentRole, Vote] = {}
    for vote in votes:  # in log order: a later vote replaces an earlier one
        latest[vote.role] = vote
    return latest


def agreed_on(votes: Iterable[Vote], revision: int) -> set[AgentRole]:
    """Roles whose latest vote agrees with ``revision``."""
    return {r for r, v in _latest(votes).items() if v.verdict == "agree" and v.revision == revision}


def open_challengers(votes: Iterable[Vote]) -> set[AgentRole]:
    """Roles whose latest vote is a challenge: they still owe an answer (or are still unsatisfied)."""
    return {r for r, v in _latest(votes).items() if v.verdict == "challenge"}


def is_unanimous(votes: Iterable[Vote], revision: int) -> bool:
    """All three roles agree with ``revision``: the claim may be finalized ``unanimous``."""
    return agreed_on(votes, revision) == set(ROTATION)


def vote_event(state: ClaimState, votes_after: Iterable[Vote]) -> ClaimEvent:
    """The lifecycle event an agreement becomes, given the votes including it.

    In ``challenged`` and ``refined`` states an agreement that leaves no challenge open is a
    ``CONCEDE`` (the claim goes back under review); otherwise it is a plain ``AGREE``.
    """
    if state in (ClaimState.CHALLENGED, ClaimState.REFINED) and not open_challengers(votes_after):
        return ClaimEvent.CONCEDE
    return ClaimEvent.AGREE


def rejection_carried(reject_votes: Iterable[AgentRole]) -> bool:
    """A stalled claim is rejected when a majority of the three roles votes for it."""
    return len(set(reject_votes)) * 2 > len(ROTATION)
