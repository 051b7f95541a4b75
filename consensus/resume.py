"""Resuming a run from the store: scope, sources, agreed claims and open debates as they were.

A run whose process died (orphaned, then ``interrupted``), a cancelled run, or one its budget
stopped can be continued by any process sharing the store: :func:`take_over_run` gives it a new
owner and lease (and, when asked, a new budget), and the researcher's ordinary ``run`` continues it
— :func:`restore_run` brings the budget meter (iterations and tokens already spent) and the run's
sources to where the store says the run stopped, and the scope is not planned again. The claims and
their debates are read from the store as every round reads them; agreed claims are final in the
lifecycle, so nothing agreed before is changed or finalized twice.
"""

from __future__ import annotations

from functools import partial
from typing import Any

import anyio
from pydantic import ValidationError

from consensus.meter import BudgetMeter
from consensus.owners import owner_tag
from consensus.search import RunSources
from protocols import InvalidRequest, ResearchConstraints, TokenUsage
from store import Repository, RunRecord

__all__ = ["restore_run", "take_over_run"]


def restore_run(repo: Repository, meter: BudgetMeter, sources: RunSources, run: RunRecord) -> bool:
    """Restore a resumed run's spending and sources from the store; False for a run never started.

    A run is resumed when the store already holds its scope (the first thing a run stores).
    """
    if not repo.scope(run.id):
        return False
    meter.iterations = run.iteration
    meter.add_usage(TokenUsage(input_tokens=run.tokens_used))
    for source in repo.list_sources(run.id):
        sources.known[(source.locator, source.content_hash)] = source.id
    sources.admitted = len(sources.known)
    sources.begin_round()
    return True


async def take_over_run(repo: Repository, key: str, *, budget: dict[str, Any] | None = None) -> RunRecord:
    """Make this process the owner of the run ``key`` (id, trace id or unique prefix), ready to resume.

    Args:
        budget: constraint fields to change (``max_iterations``, ``token_budget``, ``max_sources``);
            the rest of the run's constraints stay. Without it the run continues with what is left.

    Raises:
        NotFound: no such run.
        InvalidRequest: the run is running under a live lease, or finished its debate; or the new
            budget breaks the contract's limits.
    """
    record = await anyio.to_thread.run_sync(repo.get_run, key)
    constraints_json = None
    if budget:
        merged = {**record.constraints.model_dump(), **{k: v for k, v in budget.items() if v is not None}}
        try:
            constraints_json = ResearchConstraints.model_validate(merged).model_dump_json()
        except ValidationError as exc:
            raise InvalidRequest(
                f"the new budget is out of bounds: {exc.errors()[0]['msg']}",
                suggestion="see `consensus schema request` for the constraints' limits",
            ) from None
    take = partial(repo.leases.take_over, record.id, owner_tag(), constraints_json=constraints_json)
    await anyio.to_thread.run_sync(take)
    return await anyio.to_thread.run_sync(repo.get_run, record.id)
