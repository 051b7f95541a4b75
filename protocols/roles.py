"""The three agents of a debate, and the order they propose in."""

from __future__ import annotations

from enum import StrEnum

__all__ = ["ROTATION", "AgentRole", "next_proposer"]


class AgentRole(StrEnum):
    """The roles of the consensus protocol (researcher-1, -2 and -3)."""

    LEAD = "lead"
    SKEPTIC = "skeptic"
    DATA = "data"

    @property
    def researcher_id(self) -> str:
        return {"lead": "researcher-1", "skeptic": "researcher-2", "data": "researcher-3"}[self.value]


#: Proposal turns rotate lead -> skeptic -> data -> lead ...
ROTATION: tuple[AgentRole, ...] = (AgentRole.LEAD, AgentRole.SKEPTIC, AgentRole.DATA)


def next_proposer(current: AgentRole) -> AgentRole:
    """The role whose turn it is to propose after ``current``."""
    return ROTATION[(ROTATION.index(current) + 1) % len(ROTATION)]
