"""The two small interfaces agents think and search with.

A **model backend** makes the judgment calls of a role: it gets the role's :class:`AgentView` and a
:class:`SearchTool`, and returns typed actions. Implementations: the offline extractive reasoner
(``agents.offline``), Claude (``agents.claude``), and a scripted one for tests (``agents.scripted``).

A **source backend** finds documents: the local corpus (``agents.sources.corpus``) and Tavily
(``agents.sources.tavily``). The runtime wraps a source backend into the :class:`SearchTool` agents get, so
that every document is stored (by SHA-256) and traced before an agent can quote it.
"""

from __future__ import annotations

from typing import Protocol, runtime_checkable

from pydantic import BaseModel, ConfigDict, Field

from protocols import Action, AgentView, Depth, SearchResult, SourceHit, TokenUsage

__all__ = [
    "AnswerClaim",
    "AnswerDraft",
    "AnswerSentence",
    "Decision",
    "ModelBackend",
    "ScopePlan",
    "SearchTool",
    "SourceBackend",
]


class _Frozen(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


class Decision(_Frozen):
    """What an agent does in one turn, in order, and what deciding it cost."""

    actions: list[Action] = Field(default_factory=list)
    usage: TokenUsage = Field(default_factory=TokenUsage)
    note: str = Field("", description="Why, in a sentence (traced).")
    out_of_budget: bool = Field(False, description="Not decided because the token budget left is too small.")


class ScopePlan(_Frozen):
    """The lead's research scope: the sub-questions the debate must cover."""

    questions: list[str] = Field(..., min_length=1, max_length=8)
    usage: TokenUsage = Field(default_factory=TokenUsage)


class AnswerClaim(_Frozen):
    """An agreed claim offered to the answer writer."""

    claim_id: str
    statement: str
    scope_index: int | None = None
    excerpts: list[str] = Field(default_factory=list)


class AnswerSentence(_Frozen):
    text: str = Field(..., min_length=1)
    claim_ids: list[str] = Field(..., min_length=1, description="Agreed claims this sentence rests on.")


class AnswerDraft(_Frozen):
    """The answer as sentences, each naming the agreed claims it rests on (the runtime renders [n])."""

    sentences: list[AnswerSentence] = Field(default_factory=list)
    usage: TokenUsage = Field(default_factory=TokenUsage)


@runtime_checkable
class SearchTool(Protocol):
    """Search as an agent sees it: hits are already stored and quotable by ``source_id``."""

    async def __call__(self, query: str, *, limit: int = 5) -> list[SourceHit]: ...


@runtime_checkable
class ModelBackend(Protocol):
    """How the three roles think."""

    @property
    def model_id(self) -> str: ...

    async def plan_scope(self, question: str, context: str | None, depth: Depth) -> ScopePlan: ...

    async def decide(self, view: AgentView, search: SearchTool) -> Decision: ...

    async def write_answer(self, question: str, claims: list[AnswerClaim], *, tokens_left: int) -> AnswerDraft: ...

    async def aclose(self) -> None:
        """Release what the backend holds (an HTTP client); it is not used afterwards."""


@runtime_checkable
class SourceBackend(Protocol):
    """Where documents come from."""

    @property
    def name(self) -> str: ...

    async def search(self, query: str, *, limit: int, domains: list[str] | None = None) -> SearchResult: ...

    async def aclose(self) -> None: ...
