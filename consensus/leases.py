"""Holding a run's lease while it runs, and stopping the run when any server asks (``store.leases``).

:func:`run_leased` wraps the debate of one run: beside it, a task renews the run's lease every
:data:`~store.leases.RENEW_SECONDS`. A renewal that finds a cancel request (``cancel_research`` on
another server, or ``consensus cancel``) cancels the debate, which stores its partial result as
``cancelled``, as a local cancel does. A renewal that finds the lease gone (the run was declared
orphaned while this process was stalled, or another server took it over) stops the debate too:
two owners must never drive one run.
"""

from __future__ import annotations

import logging
from collections.abc import Awaitable, Callable
from datetime import UTC, datetime
from functools import partial

import anyio

from protocols import ConsensusError, ResearchResult
from store import Repository, RunRecord
from store.leases import RENEW_SECONDS, LeaseCheck

__all__ = ["LeaseLost", "orphaned", "run_leased"]

logger = logging.getLogger(__name__)


class LeaseLost(ConsensusError):
    """This process no longer holds the run's lease: another server may be running it now."""

    code = "LEASE_LOST"


def orphaned(record: RunRecord, *, now: datetime | None = None) -> bool:
    """A ``running`` run whose owner let its lease expire: nobody drives it, on any machine."""
    expires = record.lease_expires_at
    return record.status == "running" and expires is not None and expires <= (now or datetime.now(UTC))


async def run_leased(
    repo: Repository,
    run: RunRecord,
    body: Callable[[RunRecord], Awaitable[ResearchResult]],
    *,
    every: float | None = None,
) -> ResearchResult:
    """Run ``body(run)`` while renewing ``run``'s lease; stop it when the store says so.

    Returns:
        ``body``'s result, or, when a cancel request stopped it, the partial result it stored.

    Raises:
        LeaseLost: the lease was lost; the debate stopped without writing over the new owner.
        Whatever ``body`` raises (a local cancellation included).
    """
    result: ResearchResult | None = None
    failure: Exception | None = None
    stopped: list[str] = []
    async with anyio.create_task_group() as tg:
        with anyio.CancelScope() as debate:
            tg.start_soon(_keep, repo, run, debate, stopped, every or RENEW_SECONDS)
            try:
                result = await body(run)
            except Exception as exc:  # raised as it is below, not wrapped in the task group's ExceptionGroup
                failure = exc
        tg.cancel_scope.cancel()  # the debate is over: stop renewing
    if failure is not None:
        raise failure
    if result is not None:
        return result
    record = await anyio.to_thread.run_sync(repo.get_run, run.id)
    if record.owner != run.owner or record.result is None:
        raise LeaseLost(
            f"run {run.id} stopped here: {', '.join(stopped) or 'its lease was lost'}; "
            f"it is {record.status} under {record.owner or 'nobody'}",
            suggestion="read its status from any server sharing the store; `consensus resume` continues it",
        )
    return record.result


async def _keep(repo: Repository, run: RunRecord, debate: anyio.CancelScope, stopped: list[str], every: float) -> None:
    while True:
        await anyio.sleep(every)
        try:
            check: LeaseCheck = await anyio.to_thread.run_sync(partial(repo.leases.renew, run.id, run.owner))
        except Exception:  # the store is unreachable: keep trying; the lease expires if it stays so
            logger.warning("renewing the lease of run %s failed", run.id, exc_info=True)
            continue
        if not check.held and not check.cancel_requested and await _finished_here(repo, run):
            return  # the debate stored its result between two renewals: nothing was lost
        if check.cancel_requested or not check.held:
            stopped.append("a cancel request" if check.cancel_requested else "its lease was lost")
            if not check.held:
                logger.warning("run %s: lease lost (declared orphaned or taken over); stopping it here", run.id)
            debate.cancel()
            return


async def _finished_here(repo: Repository, run: RunRecord) -> bool:
    """The run is no longer ``running`` because this owner closed it with its result (not because it
    was declared orphaned -- ``interrupted`` -- or taken over by another server)."""
    record = await anyio.to_thread.run_sync(repo.get_run, run.id)
    return record.owner == run.owner and record.result is not None and record.status != "interrupted"
