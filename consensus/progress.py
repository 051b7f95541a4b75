"""Progress events a run emits while it works (the CLI prints them, the MCP server notifies them)."""

from __future__ import annotations

import inspect
from collections.abc import Awaitable, Callable, Sequence
from dataclasses import dataclass

from protocols import OPEN_STATES, ClaimState

__all__ = ["Progress", "ProgressCallback", "action_label", "emit", "progress_event"]


@dataclass(frozen=True)
class Progress:
    kind: str  # run_started | iteration | claim_proposed | claim_challenged | claim_agreed | claim_rejected | stopped
    message: str
    run_id: str
    iteration: int
    max_iterations: int
    agreed: int = 0
    rejected: int = 0
    pending: int = 0


ProgressCallback = Callable[[Progress], Awaitable[None] | None]


async def emit(callback: ProgressCallback | None, event: Progress) -> None:
    if callback is None:
        return
    outcome = callback(event)
    if inspect.isawaitable(outcome):
        await outcome


def progress_event(
    kind: str, message: str, run_id: str, iteration: int, max_iterations: int, statuses: Sequence[ClaimState]
) -> Progress:
    """A progress event with the run's claim counts."""
    return Progress(
        kind=kind,
        message=message,
        run_id=run_id,
        iteration=iteration,
        max_iterations=max_iterations,
        agreed=sum(1 for s in statuses if s is ClaimState.AGREED),
        rejected=sum(1 for s in statuses if s is ClaimState.REJECTED),
        pending=sum(1 for s in statuses if s in OPEN_STATES),
    )


def action_label(kind: str, status: ClaimState) -> str | None:
    """The progress kind an applied action deserves: proposals, challenges, and claims settled."""
    if kind == "propose":
        return "claim_proposed"
    if kind == "challenge":
        return "claim_challenged"
    if status is ClaimState.AGREED:
        return "claim_agreed"
    if status is ClaimState.REJECTED:
        return "claim_rejected"
    return None
