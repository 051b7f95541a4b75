"""A scripted model backend and an in-memory source backend, shipped for tests.

:class:`ScriptedModel` answers each decision from a policy keyed on the agent's role and the
iteration (never on prompt layout or message counts) and records every call, like pydantic-ai's
``FunctionModel`` or llm's mock model. :class:`MemorySource` searches a list of documents by word
overlap, deterministically.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

from agents.backends import AnswerClaim, AnswerDraft, AnswerSentence, Decision, ScopePlan, SearchTool
from protocols import Action, AgentView, Depth, Passage, SearchResult, SourceDocument, TokenUsage

__all__ = ["MemorySource", "ScriptedModel"]

Policy = Callable[[AgentView], Sequence[Action]]


@dataclass
class ScriptedModel:
    """A model backend whose decisions come from ``policy(view)``.

    Attributes:
        policy: returns the actions of ``view.role`` at ``view.iteration``.
        scope: the research questions ``plan_scope`` returns (default: the question itself).
        tokens_per_call: usage reported for every call, to exercise budgets.
        calls: every ``(role, iteration)`` decided, in order.
    """

    policy: Policy
    scope: list[str] | None = None
    tokens_per_call: int = 0
    model_id: str = "scripted-test-model"
    calls: list[tuple[str, int]] = field(default_factory=list)

    def _usage(self) -> TokenUsage:
        return TokenUsage(input_tokens=self.tokens_per_call)

    async def plan_scope(self, question: str, context: str | None, depth: Depth) -> ScopePlan:
        return ScopePlan(questions=self.scope or [question], usage=self._usage())

    async def decide(self, view: AgentView, search: SearchTool) -> Decision:
        self.calls.append((view.role.value, view.iteration))
        return Decision(actions=list(self.policy(view)), usage=self._usage())

    async def write_answer(self, question: str, claims: list[AnswerClaim], *, tokens_left: int) -> AnswerDraft:
        sentences = [AnswerSentence(text=c.statement, claim_ids=[c.claim_id]) for c in claims]
        return AnswerDraft(sentences=sentences, usage=self._usage())

    async def aclose(self) -> None:
        return None


_WORD = re.compile(r"[a-z0-9]+")


@dataclass
class MemorySource:
    """A source backend over in-memory documents; each document is one passage."""

    documents: list[SourceDocument]
    name: str = "memory"
    queries: list[str] = field(default_factory=list)

    async def search(self, query: str, *, limit: int, domains: list[str] | None = None) -> SearchResult:
        self.queries.append(query)
        terms = set(_WORD.findall(query.lower()))
        scored = []
        for doc in self.documents:
            overlap = len(terms & set(_WORD.findall(doc.text.lower())))
            if overlap:
                scored.append((-overlap, doc.locator, doc))
        scored.sort(key=lambda item: (item[0], item[1]))
        passages = [Passage(document=d, start=0, end=len(d.text), score=float(-s)) for s, _, d in scored[:limit]]
        return SearchResult(passages=passages)

    async def aclose(self) -> None:
        return None
