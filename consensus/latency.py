"""A simulated model round trip: the offline reasoner, deciding a fixed delay after each ask.

For benchmarks and multi-process tests (``CONSENSUS_OFFLINE_LATENCY=0.2``): a real model spends
seconds per decision, the offline reasoner milliseconds, so without a delay a run is over before a
second server, a kill or a cancel can meet it mid-debate.
"""

from __future__ import annotations

import anyio

from agents import AnswerClaim, AnswerDraft, Decision, ModelBackend, ScopePlan, SearchTool
from protocols import AgentView, Depth

__all__ = ["DelayedModel"]


class DelayedModel:
    """Decides like ``inner``, ``latency`` seconds after each decision is asked for."""

    def __init__(self, inner: ModelBackend, latency: float) -> None:
        self.inner = inner
        self.latency = latency

    @property
    def model_id(self) -> str:
        return self.inner.model_id

    async def plan_scope(self, question: str, context: str | None, depth: Depth) -> ScopePlan:
        return await self.inner.plan_scope(question, context, depth)

    async def decide(self, view: AgentView, search: SearchTool) -> Decision:
        await anyio.sleep(self.latency)
        return await self.inner.decide(view, search)

    async def write_answer(self, question: str, claims: list[AnswerClaim], *, tokens_left: int) -> AnswerDraft:
        return await self.inner.write_answer(question, claims, tokens_left=tokens_left)

    async def aclose(self) -> None:
        await self.inner.aclose()
