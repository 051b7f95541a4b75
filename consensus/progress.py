"""Progress events a run emits while it works (the CLI prints them, the MCP server notifies them)."""

from __future__ import annotations

import inspect
from collections.abc import Awaitable, Callable
from dataclasses import dataclass

__all__ = ["Progress", "ProgressCallback", "emit"]


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
