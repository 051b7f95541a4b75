"""A simulated model round trip: the offline reasoner's decision arrives a fixed delay after each ask.

For benchmarks and multi-process tests (``CONSENSUS_OFFLINE_LATENCY=0.2``): a real model spends
seconds per decision, the offline reasoner milliseconds, so without a delay a run is over before a
second server, a kill or a cancel can meet it mid-debate.

A remote model thinks during its round trip, so the inner model decides while the delay passes
and the decision arrives after ``max(latency, time to decide)``. This overlaps only when the inner
model does not hold the event loop while it thinks (the offline reasoner decides in a worker
thread). ``think_during_latency=False`` waits first and decides afterwards, the decision's whole
time on top of the latency (``bench/latency.py`` reports both).
"""

from __future__ import annotations

import anyio

from agents import AnswerClaim, AnswerDraft, Decision, ModelBackend, ScopePlan, SearchTool
from protocols import AgentView, Depth

__all__ = ["DelayedModel"]


class DelayedModel:
    """Decides like ``inner``; each decision (or failure) arrives ``latency`` seconds after the ask at the earliest."""

    def __init__(self, inner: ModelBackend, latency: float, *, think_during_latency: bool = True) -> None:
        self.inner = inner
        self.latency = latency
        self.think_during_latency = think_during_latency

    @property
    def model_id(self) -> str:
        return self.inner.model_id

    async def plan_scope(self, question: str, context: str | None, depth: Depth) -> ScopePlan:
        return await self.inner.plan_scope(question, context, depth)

    async def decide(self, view: AgentView, search: SearchTool) -> Decision:
        if not self.think_during_latency:
            await anyio.sleep(self.latency)
            return await self.inner.decide(view, search)
        arrives = anyio.current_time() + self.latency
        try:
            decision = await self.inner.decide(view, search)
        except Exception:
            await anyio.sleep_until(arrives)  # a remote failure takes its round trip too
            raise
        await anyio.sleep_until(arrives)
        return decision

    async def write_answer(self, question: str, claims: list[AnswerClaim], *, tokens_left: int) -> AnswerDraft:
        return await self.inner.write_answer(question, claims, tokens_left=tokens_left)

    async def aclose(self) -> None:
        await self.inner.aclose()
