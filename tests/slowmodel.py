"""The offline reasoner with a fixed delay before each decision, as a remote model's round trip would add."""

from __future__ import annotations

import anyio

from agents import AnswerClaim, AnswerDraft, Decision, ScopePlan, SearchTool
from agents.offline import OfflineReasoner
from protocols import AgentView, Depth


class SlowModel:
    """Decides like :class:`OfflineReasoner`, ``latency`` seconds after each ask."""

    def __init__(self, latency: float) -> None:
        self.inner = OfflineReasoner()
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
