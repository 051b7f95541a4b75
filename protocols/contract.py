"""The research contract v1: what a caller sends and what consensus returns.

Field for field as in the contract (``shared/seeds/000_…txt``). Two backward-compatible additions,
allowed by the contract's versioning rule: ``contract_version`` and ``claims`` (the agreed claim set,
which is the product of a debate). Everything is ``extra="forbid"``: a typo in a field is an error,
not a silently ignored value.

Deliberate reading of the contract: ``snippet`` is documented as "50-200 chars", but two of the
contract's own examples carry 47-character snippets, so only the upper bound is enforced.
"""

from __future__ import annotations

import uuid
from enum import StrEnum
from typing import Annotated, Literal

from pydantic import BaseModel, ConfigDict, Field, ValidationError, field_validator

from protocols.errors import InvalidRequest

__all__ = [
    "EXCERPT_LIMIT",
    "NON_TEXT_EXCERPT",
    "TRUNCATION_MARKER",
    "AgreedClaim",
    "Authority",
    "Citation",
    "ConfidenceFactors",
    "CostMetadata",
    "Depth",
    "DiscoveryEvent",
    "DiscoveryType",
    "FinalizationMethod",
    "Gap",
    "GapCategory",
    "OpenQuestion",
    "Priority",
    "Recency",
    "ResearchConstraints",
    "ResearchRequest",
    "ResearchResult",
    "clip_excerpt",
    "parse_request",
]

EXCERPT_LIMIT = 500
TRUNCATION_MARKER = "[...]"
NON_TEXT_EXCERPT = "[non-text source]"

Unit = Annotated[float, Field(ge=0.0, le=1.0)]


class _Contract(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


class Depth(StrEnum):
    """How thoroughly to research (a hint that sets how many agreed claims are enough)."""

    SHALLOW = "shallow"
    BALANCED = "balanced"
    DEEP = "deep"


class GapCategory(StrEnum):
    """Why something could not be resolved; it tells the caller what to do next."""

    SOURCE_NOT_FOUND = "source_not_found"
    ACCESS_DENIED = "access_denied"
    BUDGET_EXHAUSTED = "budget_exhausted"
    CONTRADICTORY_SOURCES = "contradictory_sources"
    SCOPE_EXCEEDED = "scope_exceeded"


class DiscoveryType(StrEnum):
    RELATED_RESEARCH = "related_research"
    NEW_SOURCE = "new_source"
    CONTRADICTION = "contradiction"


class Priority(StrEnum):
    HIGH = "high"
    MEDIUM = "medium"
    LOW = "low"


class Authority(StrEnum):
    HIGH = "high"
    MEDIUM = "medium"
    LOW = "low"


class Recency(StrEnum):
    CURRENT = "current"
    RECENT = "recent"
    DATED = "dated"


class FinalizationMethod(StrEnum):
    """How an agreed claim was finalized by the lead."""

    UNANIMOUS = "unanimous"
    ASSUMED_CONSENT = "assumed_consent"
    MEDIATED = "mediated"


class ResearchConstraints(_Contract):
    """Fine-grained limits on a run; the runtime enforces every one of them."""

    max_iterations: int = Field(5, ge=1, le=100, description="Stop after this many debate iterations.")
    token_budget: int = Field(
        20000, ge=500, le=5_000_000, description="Limit on model tokens for the whole run, synthesis included."
    )
    max_sources: int = Field(10, ge=1, le=200, description="Maximum number of distinct sources to fetch.")
    source_filter: str | None = Field(
        None,
        max_length=500,
        description="Only use sources from these domains (comma-separated), e.g. 'nasa.gov,esa.int'.",
    )


class ResearchRequest(_Contract):
    """The parameters of the ``research()`` tool."""

    question: str = Field(
        ..., min_length=1, max_length=1500, description="The question to investigate (1-1500 characters)."
    )
    context: str | None = Field(
        None, max_length=2000, description="What the caller already knows, to refocus the research (<= 2000)."
    )
    depth: Depth = Field(Depth.BALANCED, description="shallow | balanced | deep: how many agreed claims suffice.")
    constraints: ResearchConstraints = Field(
        default_factory=lambda: ResearchConstraints(), description="Budgets the runtime enforces."
    )

    @field_validator("question")
    @classmethod
    def _question_not_blank(cls, value: str) -> str:
        if not value.strip():
            raise ValueError("question must contain some non-space text")
        return value


def parse_request(data: dict[str, object]) -> ResearchRequest:
    """Validate a request, turning pydantic's error into an :class:`InvalidRequest`.

    The message names every offending field and its limit, e.g.
    ``question: String should have at most 1500 characters``.
    """
    try:
        return ResearchRequest.model_validate(data)
    except ValidationError as exc:
        problems = "; ".join(
            f"{'.'.join(str(p) for p in err['loc']) or 'request'}: {err['msg']}" for err in exc.errors()
        )
        raise InvalidRequest(
            f"invalid research request: {problems}",
            suggestion="question 1-1500 characters, context <= 2000, depth shallow|balanced|deep.",
        ) from exc


def clip_excerpt(text: str) -> str:
    """Cut a verbatim excerpt to the contract's 500 characters, marking the cut with ``[...]``."""
    if len(text) <= EXCERPT_LIMIT:
        return text
    return text[:EXCERPT_LIMIT].rstrip() + TRUNCATION_MARKER


class Citation(_Contract):
    """A source used, with the verbatim passage that supports a claim."""

    source: str = Field(..., min_length=1, description='Kind of source: "web", "file", "database", ...')
    locator: str = Field(..., min_length=1, description="URL, file path, row id or other unique identifier.")
    title: str | None = Field(None, description="Human-readable title.")
    snippet: str | None = Field(None, max_length=200, description="Short summary of the relevant content.")
    raw_excerpt: str = Field(..., description="Verbatim text from the source, <= 500 chars, '[...]' when cut.")
    confidence: Unit = Field(..., description="Confidence in this source's accuracy, 0.0-1.0.")

    @field_validator("raw_excerpt")
    @classmethod
    def _excerpt_limit(cls, value: str) -> str:
        body = value[: -len(TRUNCATION_MARKER)] if value.endswith(TRUNCATION_MARKER) else value
        if len(body) > EXCERPT_LIMIT:
            raise ValueError(f"raw_excerpt longer than {EXCERPT_LIMIT} characters; cut it with '[...]'")
        if not value.strip():
            raise ValueError("raw_excerpt must not be empty")
        return value


class Gap(_Contract):
    """Something the research could not resolve, with a category that says why."""

    topic: str = Field(..., min_length=1, description="What aspect was not resolved.")
    category: GapCategory = Field(..., description="Structured reason.")
    detail: str = Field(..., description="Human-readable explanation.")


class DiscoveryEvent(_Contract):
    """A lateral finding met during the research, for another researcher."""

    type: DiscoveryType = Field(..., description="related_research | new_source | contradiction")
    suggested_researcher: str | None = Field(None, description='e.g. "arxiv", "database", "legal".')
    query: str = Field(..., description="Suggested query for the target researcher.")
    reason: str = Field(..., description="Why this is relevant.")
    source_locator: str | None = Field(None, description="Where the discovery was found.")


class OpenQuestion(_Contract):
    """A follow-up question grounded in what the research found."""

    question: str = Field(..., min_length=1)
    context: str = Field(..., description="The evidence that prompted the question.")
    priority: Priority
    source_locator: str | None = None


class ConfidenceFactors(_Contract):
    """The inputs of the confidence score (see the README's rubric)."""

    num_corroborating_sources: int = Field(..., ge=0)
    source_authority: Authority
    contradiction_detected: bool
    query_specificity_match: Unit
    budget_exhausted: bool
    recency: Recency | None = None


class CostMetadata(_Contract):
    """What the run cost."""

    tokens_used: int = Field(..., ge=0)
    iterations_run: int = Field(..., ge=0)
    wall_time_sec: float = Field(..., ge=0.0)
    budget_exhausted: bool
    model_id: str = Field(..., min_length=1)


class Stance(StrEnum):
    """How a claim bears on the statement a claim check verifies."""

    SUPPORTS = "supports"
    REFUTES = "refutes"
    NEUTRAL = "neutral"


class VerdictKind(StrEnum):
    SUPPORTED = "supported"
    REFUTED = "refuted"
    DISPUTED = "disputed"
    INSUFFICIENT = "insufficient"


class ClaimVerdict(_Contract):
    """The verdict of a claim check (an optional v1 addition), derived by rule from agreed claims.

    The rule: agreed claims that support the checked claim and none that refutes it -> supported;
    refuting and none supporting -> refuted; both, or a contradiction between sources about it
    left as a gap -> disputed; neither -> insufficient.
    """

    verdict: VerdictKind = Field(..., description="supported | refuted | disputed | insufficient")
    claim: str = Field(..., min_length=1, description="The checked claim (the hypothesis).")
    supporting: list[str] = Field(default_factory=list, description="Agreed claim ids that support it.")
    refuting: list[str] = Field(default_factory=list, description="Agreed claim ids that refute it.")
    rule: str = Field(..., description="Why this verdict, in words.")


class AgreedClaim(_Contract):
    """An agreed claim, the unit of the product (an optional v1 addition)."""

    id: str = Field(..., description="Claim id in the store (clm_...).")
    statement: str
    citations: list[int] = Field(..., description="Indices into ResearchResult.citations.")
    agreed_by: list[str] = Field(..., description="Roles that agreed on the final revision.")
    finalization_method: FinalizationMethod
    revision: int = Field(1, ge=1)
    confidence: Unit
    stance: Stance | None = Field(None, description="Toward the checked claim, in a claim check.")


class ResearchResult(_Contract):
    """What ``research()`` returns: contract v1 field for field, plus ``contract_version`` and ``claims``."""

    answer: str
    citations: list[Citation]
    gaps: list[Gap]
    discovery_events: list[DiscoveryEvent]
    open_questions: list[OpenQuestion]
    confidence: Unit
    confidence_factors: ConfidenceFactors
    cost_metadata: CostMetadata
    trace_id: str = Field(..., description="UUID of the JSONL trace of this run.")
    contract_version: Literal["v1"] = "v1"
    claims: list[AgreedClaim] = Field(default_factory=list, description="The agreed claims behind the answer.")
    verdict: ClaimVerdict | None = Field(None, description="For a claim check: the verdict and the claims it rests on.")

    @field_validator("trace_id")
    @classmethod
    def _trace_id_is_uuid(cls, value: str) -> str:
        uuid.UUID(value)
        return value
