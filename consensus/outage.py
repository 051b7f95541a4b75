"""When a backend outage stops a run: failed decisions counted in a row, and a source that never answers.

A backend that fails one call is a hiccup: the agent's decision is skipped and the debate goes on.
A backend that keeps failing is an outage, and a run that "completes" with nothing agreed through an
outage would dress a failure as an answer. The rule:

- **model**: :data:`MAX_FAILED_DECISIONS` (6) decisions in a row that failed with a
  :class:`~protocols.BackendError`, counted across agents in rotation order (so the count, and the
  point where a run stops, are the same on every run of the same input). Six is two full decision
  rounds — one whole iteration — in which no agent could think, each decision having already had the
  SDK's transport retries. A single successful decision resets the count, so a flaky backend that
  answers now and then is not an outage.
- **source**: at the end of an iteration, not one source is stored and the run's searches failed at
  the backend (e.g. Tavily 401, 429 or 5xx after its retries). A search that merely finds nothing
  is not a failure, and neither is one failed search when another found a source.

The run then stops ``failed``, or ``degraded`` with its partial result when a claim was agreed, with
an error that names the backend (``Claude (claude-sonnet-4-6) failed 6 decisions in a row: ...``).
"""

from __future__ import annotations

from dataclasses import dataclass, field

from protocols import AgentRole, BackendError, DeniedSource

__all__ = ["MAX_FAILED_DECISIONS", "OutageWatch", "backend_label", "source_outage"]

#: Decisions in a row, across agents, that may fail before the run stops as a backend outage.
MAX_FAILED_DECISIONS = 6

_NAMES = {"anthropic": "Claude", "tavily": "Tavily", "local-corpus": "the local corpus"}


def backend_label(backend: str, model_id: str | None = None) -> str:
    """A backend's name for people: ``Claude (claude-sonnet-4-6)``, ``Tavily``."""
    name = _NAMES.get(backend, backend)
    return f"{name} ({model_id})" if backend == "anthropic" and model_id else name


@dataclass
class OutageWatch:
    """Counts failed decisions in a row and says when they make an outage.

    Attributes:
        limit: failed decisions in a row that make an outage.
        in_a_row: failed decisions since the last successful one.
        last: the most recent failure.
        pending: failures of the current round by role, tallied in rotation order by :meth:`tally`.
    """

    limit: int = MAX_FAILED_DECISIONS
    in_a_row: int = 0
    last: BackendError | None = None
    pending: dict[AgentRole, BackendError | None] = field(default_factory=dict)

    def note(self, role: AgentRole, failure: BackendError | None) -> None:
        """Remember how ``role``'s decision of this round went (None: it was made)."""
        self.pending[role] = failure

    def tally(self, order: tuple[AgentRole, ...]) -> None:
        """Count the round's decisions in rotation order, so the count does not depend on timing."""
        for role in order:
            if role not in self.pending:
                continue
            failure = self.pending.pop(role)
            if failure is None:
                self.in_a_row = 0
            else:
                self.in_a_row += 1
                self.last = failure

    @property
    def tripped(self) -> bool:
        """Whether the failures in a row have reached the limit."""
        return self.in_a_row >= self.limit and self.last is not None

    def message(self, model_id: str) -> str:
        """The run's error: which backend failed how often, and its last error."""
        last = self.last
        backend = last.backend if last else "model"
        return f"{backend_label(backend, model_id)} failed {self.in_a_row} decisions in a row: " + (
            last.message if last else "no detail"
        )


def source_outage(*, stored: int, denied: list[DeniedSource]) -> tuple[str, str] | None:
    """(backend, the run's error) when the run's searches failed and found no source, else None.

    Args:
        stored: sources the run has stored (admitted up front or found by an agent).
        denied: what the run could not read; a failed search is denied as ``{backend}:search`` (with
            several backends, by the one that failed).
    """
    failed = [d for d in denied if d.locator.endswith(":search")]
    if stored or not failed:
        return None
    backend = failed[0].locator.removesuffix(":search")
    return backend, f"{backend_label(backend)} is unavailable: no search found a source; {failed[0].reason}"
