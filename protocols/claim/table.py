"""The claim's table: every move an agent (or the referee) can make on a claim, who may make it, and where.

Everything not in :data:`RULES` is refused by :func:`protocols.claim.judge` with the table's reason.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum
from typing import Literal

from protocols.actions import (
    AgentClaimAction,
    FinalizeClaim,
)
from protocols.contract import FinalizationMethod
from protocols.lifecycle import ClaimState
from protocols.roles import AgentRole

__all__ = ["RULES", "ClaimAction", "Move", "Party", "Refusal", "Rule", "StallClaim", "move_of"]

S, M = ClaimState, FinalizationMethod


@dataclass(frozen=True, slots=True)
class StallClaim:
    """The referee's own move: an open claim that has not moved for a while is stalled (in the lead's name)."""

    claim_id: str
    reason: str
    kind: Literal["stall"] = "stall"


#: Every move the table rules on: an agent's on a claim, or the referee's stall.
ClaimAction = AgentClaimAction | StallClaim


class Move(StrEnum):
    AGREE = "agree"
    CHALLENGE = "challenge"
    REFINE = "refine"
    DEFEND = "defend"
    WITHDRAW = "withdraw"
    WARN_TIMEOUT = "warn_timeout"
    FINALIZE_UNANIMOUS = "finalize unanimous"
    FINALIZE_ASSUMED_CONSENT = "finalize assumed_consent"
    FINALIZE_MEDIATED = "finalize mediated"
    MEDIATE = "mediate"
    VOTE_REJECT = "vote_reject"
    STALL = "stall"


class Party(StrEnum):
    ANYONE = "anyone"
    PROPOSER = "the proposer"
    NOT_PROPOSER = "anyone but the proposer"
    LEAD = "the lead"
    DATA = "the data researcher"

    def includes(self, role: AgentRole, proposer: AgentRole) -> bool:
        match self:
            case Party.ANYONE:
                return True
            case Party.PROPOSER:
                return role is proposer
            case Party.NOT_PROPOSER:
                return role is not proposer
            case Party.LEAD:
                return role is AgentRole.LEAD
            case Party.DATA:
                return role is AgentRole.DATA


@dataclass(frozen=True, slots=True)
class Rule:
    """Who may make a move, in which states, and what a refusal for the wrong role says."""

    who: Party
    states: frozenset[ClaimState]
    wrong_role: str = ""


_REVIEWED = frozenset({S.PROPOSED, S.UNDER_REVIEW, S.CHALLENGED, S.REFINED})

#: The table: every move, who may make it, in which states. A pair not covered is refused.
RULES: dict[Move, Rule] = {
    Move.AGREE: Rule(Party.ANYONE, _REVIEWED),
    Move.CHALLENGE: Rule(Party.NOT_PROPOSER, _REVIEWED, "a proposer cannot challenge its own claim"),
    Move.REFINE: Rule(Party.ANYONE, _REVIEWED),
    Move.DEFEND: Rule(Party.PROPOSER, frozenset({S.CHALLENGED}), "only the proposer defends its claim"),
    Move.WITHDRAW: Rule(Party.PROPOSER, _REVIEWED | {S.STALLED}, "only the proposer withdraws its claim"),
    Move.WARN_TIMEOUT: Rule(Party.LEAD, frozenset({S.CHALLENGED, S.REFINED}), "only the lead sends timeout warnings"),
    Move.FINALIZE_UNANIMOUS: Rule(Party.LEAD, frozenset({S.UNDER_REVIEW}), "only the lead finalizes claims"),
    Move.FINALIZE_ASSUMED_CONSENT: Rule(Party.LEAD, frozenset({S.REFINED}), "only the lead finalizes claims"),
    Move.FINALIZE_MEDIATED: Rule(Party.LEAD, frozenset({S.CHALLENGED}), "only the lead finalizes claims"),
    Move.MEDIATE: Rule(Party.DATA, frozenset({S.CHALLENGED}), "only the data researcher mediates"),
    Move.VOTE_REJECT: Rule(Party.ANYONE, frozenset({S.STALLED})),
    Move.STALL: Rule(Party.LEAD, _REVIEWED, "only the referee stalls claims, in the lead's name"),
}


@dataclass(frozen=True, slots=True)
class Refusal:
    """Why an action was not allowed (the claim is unchanged)."""

    reason: str


def move_of(action: ClaimAction) -> Move:
    match action:
        case FinalizeClaim(method=M.UNANIMOUS):
            return Move.FINALIZE_UNANIMOUS
        case FinalizeClaim(method=M.ASSUMED_CONSENT):
            return Move.FINALIZE_ASSUMED_CONSENT
        case FinalizeClaim():
            return Move.FINALIZE_MEDIATED
        case _:
            return Move(action.kind)
