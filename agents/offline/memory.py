"""What the offline reasoner remembers between turns of a run: only what it already reported.

Agents have no memory by design (each turn is a pure function of the view and the search results).
The exceptions are bookkeeping that the view does not show: the contradictions the data researcher
already reported and the open questions it already raised, so that each is reported once, and the
passages each role already read, so that reading one again costs no tokens. The turn
order is fixed, so this stays deterministic.
"""

from __future__ import annotations

from dataclasses import dataclass, field

__all__ = ["Memory"]


@dataclass
class Memory:
    """Per-reasoner bookkeeping, keyed by run so that one reasoner can serve several runs."""

    reported: set[tuple[str, str]] = field(default_factory=set)
    passages: dict[tuple[str, str], set[tuple[str, int, int]]] = field(default_factory=dict)

    def read_by(self, run_id: str, role: str) -> set[tuple[str, int, int]]:
        """The passages ``role`` already read in ``run_id`` (source id, start, end), to add to."""
        return self.passages.setdefault((run_id, role), set())

    def first_time(self, run_id: str, key: str) -> bool:
        """True the first time ``key`` is seen in ``run_id`` (and remember it)."""
        if (run_id, key) in self.reported:
            return False
        self.reported.add((run_id, key))
        return True
