"""The two small interfaces agents think and search with.

A **model backend** makes the judgment calls of a role: it gets the role's :class:`AgentView` and a
:class:`SearchTool`, and returns typed actions. Implementations: the offline extractive reasoner
(``agents.offline``), Claude (``agents.claude``), and a scripted one for tests (``agents.scripted``).

A **source backend** finds documents: the local corpus (``agents.sources.corpus``) and Tavily
(``agents.sources.tavily``). The runtime wraps a source backend into the :class:`SearchTool` agents get, so
that every document is stored (by SHA-256) and traced before an agent can quote it.

**Real requests can be switched off** (as pydantic-ai's ``ALLOW_MODEL_REQUESTS``): with
:data:`ALLOW_REAL_REQUESTS` set to ``False``, or ``CONSENSUS_FORBID_REAL_REQUESTS=1`` in the
environment (which subprocesses inherit), a vendor adapter about to send a request over an HTTP
client it made itself (the real network) raises :class:`RealRequestsForbidden` instead. A client a
test injects (``httpx.MockTransport``) is not the network and stays allowed. The test suite turns
the switch off in ``tests/conftest.py``.
"""

from __future__ import annotations

import os
from typing import Protocol, runtime_checkable

from pydantic import BaseModel, ConfigDict, Field

from protocols import Action, AgentView, ConfigurationError, Depth, SearchResult, SourceHit, TokenUsage

__all__ = [
    "ALLOW_REAL_REQUESTS",
    "RealRequestsForbidden",
    "check_real_requests",
    "AnswerClaim",
    "AnswerDraft",
    "AnswerSentence",
    "Decision",
    "ModelBackend",
    "ScopePlan",
    "SearchTool",
    "SourceBackend",
]


#: Whether vendor adapters may reach the real Claude and Tavily APIs (see the module docstring).
ALLOW_REAL_REQUESTS = True


class RealRequestsForbidden(ConfigurationError):
    """A real model or search request was about to be sent where they are switched off (under test)."""

    code = "REAL_REQUESTS_FORBIDDEN"


def check_real_requests(vendor: str) -> None:
    """Raise unless real requests to ``vendor`` are allowed.

    Raises:
        RealRequestsForbidden: :data:`ALLOW_REAL_REQUESTS` is ``False`` or
            ``CONSENSUS_FORBID_REAL_REQUESTS`` is set to ``1``.
    """
    if ALLOW_REAL_REQUESTS and os.environ.get("CONSENSUS_FORBID_REAL_REQUESTS", "").strip() != "1":
        return
    raise RealRequestsForbidden(
        f"a real {vendor} request was about to be sent, and real requests are switched off",
        suggestion="inject an HTTP client with a mock transport, or use the scripted model and in-memory sources",
    )


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
    openings: list[str] = Field(
        default_factory=list,
        description="The opening of each source the claim rests on (its first lines): which entity it speaks of.",
    )


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
