"""What the MCP server's lifespan shares with its tools, kept apart from ``mcp`` (only consensus.server imports it).

The store, the settings, a factory of researchers, and the runs this process is driving: their
cancel scopes, so ``cancel_research`` can stop them, and an event set once each has stored its
(partial) result. And the version the server reports.
"""

from __future__ import annotations

import importlib.metadata
import logging
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from functools import partial
from typing import Any, TypeVar

import anyio
from anyio.abc import TaskGroup

from consensus.config import Backends, Settings, open_backends
from consensus.leases import orphaned
from consensus.notices import skipped_summary
from consensus.owners import process_alive
from consensus.partial import partial_result
from consensus.runtime import Researcher
from consensus.terminal import visible
from protocols import ResearchResult
from store import Repository, RunRecord
from store.leases import RENEW_SECONDS

__all__ = ["ActiveRun", "ServerState", "close_backends", "default_researcher", "package_version"]

logger = logging.getLogger(__name__)
T = TypeVar("T")


@dataclass
class ActiveRun:
    """A run this server is driving: its cancel scope, and an event set once it has stored its result."""

    scope: anyio.CancelScope
    done: anyio.Event = field(default_factory=anyio.Event)


@dataclass
class ServerState:
    """What the lifespan shares with every tool: the store, the settings, and the runs of this process."""

    repo: Repository
    settings: Settings
    new_researcher: Callable[[], Awaitable[Researcher]]
    task_group: TaskGroup
    active: dict[str, ActiveRun] = field(default_factory=dict)

    async def db(self, fn: Callable[..., T], *args: Any) -> T:
        """Call a (blocking) repository method in a worker thread."""
        return await anyio.to_thread.run_sync(partial(fn, *args))

    async def load(self, run_id: str) -> RunRecord:
        """A run from the store; one left ``running`` by a process that died is marked interrupted first.

        Raises:
            NotFound: no such run.
        """
        record = await self.db(self.repo.get_run, run_id)
        gone = orphaned(record) or not process_alive(record.owner)  # the lease decides; a dead pid here, sooner
        if record.status == "running" and record.id not in self.active and gone:
            await self.db(self.repo.mark_interrupted, process_alive)
            record = await self.db(self.repo.get_run, record.id)
        return record

    async def result_of(self, record: RunRecord) -> ResearchResult | None:
        """The run's stored result; for an interrupted run without one, its partial result (consensus.partial)."""
        if record.result is not None and record.status != "running":
            return record.result
        if record.status == "interrupted":
            return await self.db(partial_result, self.repo, record)
        return None

    async def cancel_elsewhere(self, run_id: str, *, wait: float) -> RunRecord:
        """Ask the owner of a run this server is not driving to cancel it, through the store.

        The owner (another server or a CLI process) sees the request at its next lease renewal and
        stores the partial result; this waits up to ``wait`` seconds for that, then returns the run.
        """
        await self.db(self.repo.leases.request_cancel, run_id)
        record = await self.load(run_id)
        with anyio.move_on_after(wait):  # polled: the owner may be another process or machine
            while record.status == "running":
                await anyio.sleep(RENEW_SECONDS / 4)
                record = await self.load(run_id)
        return record


async def default_researcher(settings: Settings, repo: Repository, run_timeout: float | None) -> Researcher:
    """Backends opened per run from the same configuration as the CLI (keys, corpus, model)."""
    backends = await open_backends(settings)
    for line in skipped_summary(backends.skipped):  # the result has them as gaps; the log says so too
        logger.warning(visible(line))
    return Researcher(repo, backends.model, backends.sources, home=settings.home, timeout=run_timeout)


async def close_backends(researcher: Researcher) -> None:
    """Close the run's backends, even while being cancelled (see :meth:`consensus.config.Backends.aclose`)."""
    await Backends(model=researcher.model, sources=researcher.sources).aclose()


def package_version() -> str:
    """The installed version of consensus (the server's ``serverInfo.version``)."""
    try:
        return importlib.metadata.version("consensus-research")
    except importlib.metadata.PackageNotFoundError:  # run from a source tree that was never installed
        return "0+unknown"
