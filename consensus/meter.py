"""The budget meter: tokens, iterations, sources and wall clock of one run."""

from __future__ import annotations

import time
from dataclasses import dataclass, field

from protocols import ResearchConstraints, TokenUsage

__all__ = ["SYNTHESIS_RESERVE", "BudgetMeter"]

#: Share of the token budget held back for writing the answer, so a run's total stays within budget.
SYNTHESIS_RESERVE = 0.1


@dataclass
class BudgetMeter:
    """Counts what a run spends and says when (and why) it must stop."""

    constraints: ResearchConstraints
    timeout_sec: float | None = None
    started: float = field(default_factory=time.monotonic)
    usage: TokenUsage = field(default_factory=TokenUsage)
    iterations: int = 0
    sources_refused: int = 0

    def add_usage(self, usage: TokenUsage) -> None:
        self.usage = self.usage + usage

    @property
    def tokens_used(self) -> int:
        return self.usage.total

    @property
    def elapsed(self) -> float:
        return time.monotonic() - self.started

    def tokens_left_for_debate(self) -> int:
        reserve = int(self.constraints.token_budget * SYNTHESIS_RESERVE)
        return max(0, self.constraints.token_budget - reserve - self.tokens_used)

    def tokens_left(self) -> int:
        return max(0, self.constraints.token_budget - self.tokens_used)

    def stop_reason(self) -> str | None:
        """Why the debate must stop before another iteration, or None to go on."""
        if self.iterations >= self.constraints.max_iterations:
            return f"iteration limit reached ({self.constraints.max_iterations})"
        if self.tokens_left_for_debate() <= 0:
            return f"token budget reached ({self.tokens_used} of {self.constraints.token_budget})"
        if self.timeout_sec is not None and self.elapsed >= self.timeout_sec:
            return f"time limit reached ({self.timeout_sec:g} s)"
        return None
