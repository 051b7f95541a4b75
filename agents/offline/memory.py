"""What the offline reasoner remembers between turns of a run: only what it already reported.

Agents have no memory by design (each turn is a pure function of the view and the search results).
The one exception is bookkeeping that the view does not show: the contradictions the data researcher
already reported and the open questions it already raised, so that each is reported once. The turn
order is fixed, so this stays deterministic.
"""

from __future__ import annotations

from dataclasses import dataclass, field

__all__ = ["Memory"]


@dataclass
class Memory:
    """Per-reasoner bookkeeping, keyed by run so that one reasoner can serve several runs."""

    reported: set[tuple[str, str]] = field(default_factory=set)

    def first_time(self, run_id: str, key: str) -> bool:
        """True the first time ``key`` is seen in ``run_id`` (and remember it)."""
        if (run_id, key) in self.reported:
            return False
        self.reported.add((run_id, key))
        return True
