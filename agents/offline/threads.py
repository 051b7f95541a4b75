"""Deciding in a worker thread, searching on the caller's event loop.

The offline reasoner's decisions are CPU work between searches. :func:`think_in_thread` runs a
decision in a worker thread with an event loop of its own, so that it does not hold up the caller's
event loop (the other agents' round trips, lease renewals, a server's other runs), and sends every
search back to the caller's loop (the search tool is not thread-safe): the thread waits for each as
the coroutine would have.

Cancellation: when the caller is cancelled while the thread thinks, the thread's next search does
not start (:class:`CallerCancelled` ends the decision) and the caller's own cancellation is raised
once the thread is done. A search already running on the caller's loop is shielded and finishes
(a search that joined an already cancelled scope would otherwise wait forever for a cancellation
that is never delivered to it).

Decision threads have a limiter of their own (:data:`DECISION_THREADS` per event loop): a thread
waiting for a search must not hold a token of the default limiter that the search's own store
work needs.
"""

from __future__ import annotations

import concurrent.futures
import math
from collections.abc import Awaitable, Callable
from typing import TypeVar

import anyio
import anyio.from_thread
import anyio.lowlevel
import anyio.to_thread

from agents.backends import SearchTool
from protocols import AgentView, SourceHit

__all__ = ["DECISION_THREADS", "CallerCancelled", "think_in_thread"]

T = TypeVar("T")

#: Decisions thinking at once in worker threads, per event loop.
DECISION_THREADS = 16
_LIMITER: anyio.lowlevel.RunVar[anyio.CapacityLimiter] = anyio.lowlevel.RunVar("offline_decision_threads")


class CallerCancelled(Exception):
    """The caller was cancelled while the decision was thinking: stop at the next search."""


async def think_in_thread(
    decide: Callable[[AgentView, SearchTool], Awaitable[T]], view: AgentView, search: SearchTool
) -> T:
    """``await decide(view, search)``, run in a worker thread (see the module docstring)."""
    remote = _LoopSearch(search, anyio.lowlevel.current_token())
    try:
        return await anyio.to_thread.run_sync(anyio.run, decide, view, remote, limiter=_limiter())
    except CallerCancelled:
        await anyio.lowlevel.checkpoint()  # leaving the thread's shield delivers the cancellation here
        raise


def _limiter() -> anyio.CapacityLimiter:
    try:
        return _LIMITER.get()
    except LookupError:
        limiter = anyio.CapacityLimiter(DECISION_THREADS)
        _LIMITER.set(limiter)
        return limiter


class _LoopSearch:
    """A search tool for a worker thread: each search runs on the event loop of ``token``."""

    def __init__(self, search: SearchTool, token: anyio.lowlevel.EventLoopToken) -> None:
        self.search = search
        self.token = token

    async def __call__(self, query: str, *, limit: int = 5) -> list[SourceHit]:
        # Blocks this thread's own event loop, which has nothing else to do, until the search is done.
        try:
            return anyio.from_thread.run(self._on_loop, query, limit, token=self.token)
        except concurrent.futures.CancelledError as exc:
            raise CallerCancelled from exc

    async def _on_loop(self, query: str, limit: int) -> list[SourceHit]:
        if anyio.current_effective_deadline() == -math.inf:  # the caller's scope is cancelled
            raise CallerCancelled
        with anyio.CancelScope(shield=True):
            hits = await self.search(query, limit=limit)
        return hits
