"""The research contract v1: its own examples, and every limit of a request and a result."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from pydantic import ValidationError

from protocols import (
    EXCERPT_LIMIT,
    TRUNCATION_MARKER,
    Citation,
    ConfidenceFactors,
    Depth,
    Gap,
    InvalidRequest,
    OpenQuestion,
    ResearchConstraints,
    ResearchResult,
    clip_excerpt,
    parse_request,
)

EXAMPLES = Path(__file__).parent / "fixtures" / "contract_examples"
EXAMPLE_NAMES = ["example1", "example2", "example3"]


def _load(name: str) -> Any:
    return json.loads((EXAMPLES / f"{name}.json").read_text(encoding="utf-8"))


# ------------------------------------------------------------------ the contract's own test vectors


@pytest.mark.parametrize("name", EXAMPLE_NAMES)
def test_example_response_parses_and_round_trips(name: str) -> None:
    original = _load(name)
    result = ResearchResult.model_validate(original)
    assert json.loads(result.model_dump_json(exclude_unset=True)) == original


@pytest.mark.parametrize("name", EXAMPLE_NAMES)
def test_example_response_parses_from_json_text(name: str) -> None:
    text = (EXAMPLES / f"{name}.json").read_text(encoding="utf-8")
    result = ResearchResult.model_validate_json(text)
    assert result.contract_version == "v1"
    assert result.claims == []
    assert result.trace_id == _load(name)["trace_id"]


@pytest.mark.parametrize("name", EXAMPLE_NAMES)
def test_example_request_parses(name: str) -> None:
    original = _load(f"{name}_request")
    request = parse_request(original)
    assert request.question == original["question"]
    assert request.depth == Depth(original["depth"])
    assert json.loads(request.model_dump_json(exclude_unset=True)) == original


def test_example3_request_keeps_its_constraints_and_defaults_the_rest() -> None:
    request = parse_request(_load("example3_request"))
    assert request.constraints.max_iterations == 3
    assert request.constraints.token_budget == 5000
    assert request.constraints.max_sources == 10
    assert request.constraints.source_filter is None


def test_result_with_unknown_field_is_refused() -> None:
    data = _load("example1")
    data["surprise"] = 1
    with pytest.raises(ValidationError, match="surprise"):
        ResearchResult.model_validate(data)


def test_result_trace_id_must_be_a_uuid() -> None:
    data = _load("example1")
    data["trace_id"] = "not-a-uuid"
    with pytest.raises(ValidationError, match="trace_id"):
        ResearchResult.model_validate(data)


# ------------------------------------------------------------------------------------ requests


def test_request_defaults() -> None:
    request = parse_request({"question": "Why is the sky blue?"})
    assert request.depth is Depth.BALANCED
    assert request.context is None
    assert request.constraints.max_iterations == 5
    assert request.constraints.token_budget == 20000
    assert request.constraints.max_sources == 10
    assert request.constraints.source_filter is None


def test_request_at_its_limits_is_accepted() -> None:
    request = parse_request(
        {
            "question": "q" * 1500,
            "context": "c" * 2000,
            "depth": "deep",
            "constraints": {"max_iterations": 100, "token_budget": 500, "max_sources": 1},
        }
    )
    assert len(request.question) == 1500
    assert request.context is not None and len(request.context) == 2000


@pytest.mark.parametrize(
    ("data", "needles"),
    [
        ({"question": ""}, ["question"]),
        ({"question": "   \n\t "}, ["question"]),
        ({"question": "q" * 1501}, ["question", "1500"]),
        ({}, ["question"]),
        ({"question": "ok", "context": "c" * 2001}, ["context", "2000"]),
        ({"question": "ok", "depth": "bottomless"}, ["depth", "shallow"]),
        ({"question": "ok", "constraints": {"max_iterations": 0}}, ["constraints.max_iterations", "1"]),
        ({"question": "ok", "constraints": {"max_iterations": 101}}, ["constraints.max_iterations", "100"]),
        ({"question": "ok", "constraints": {"token_budget": 499}}, ["constraints.token_budget", "500"]),
        ({"question": "ok", "constraints": {"token_budget": 5_000_001}}, ["constraints.token_budget", "5000000"]),
        ({"question": "ok", "constraints": {"max_sources": 0}}, ["constraints.max_sources", "1"]),
        ({"question": "ok", "constraints": {"max_sources": 201}}, ["constraints.max_sources", "200"]),
        ({"question": "ok", "constraints": {"source_filter": "x" * 501}}, ["constraints.source_filter", "500"]),
        ({"question": "ok", "constraints": {"max_tokens": 9}}, ["constraints.max_tokens"]),
        ({"question": "ok", "questoin": "typo"}, ["questoin"]),
    ],
)
def test_bad_request_names_field_and_limit(data: dict[str, object], needles: list[str]) -> None:
    with pytest.raises(InvalidRequest) as info:
        parse_request(data)
    message = str(info.value)
    for needle in needles:
        assert needle in message
    assert info.value.code == "INVALID_QUERY"
    assert info.value.suggestion


def test_bad_request_names_every_offending_field() -> None:
    with pytest.raises(InvalidRequest) as info:
        parse_request({"question": "", "context": "c" * 2001})
    assert "question" in str(info.value)
    assert "context" in str(info.value)


# ------------------------------------------------------------------------------------ excerpts


def _citation(raw_excerpt: str, **overrides: object) -> Citation:
    data: dict[str, object] = {
        "source": "file",
        "locator": "notes.md",
        "raw_excerpt": raw_excerpt,
        "confidence": 0.5,
    }
    data.update(overrides)
    return Citation.model_validate(data)


def test_excerpt_of_exactly_the_limit_is_accepted() -> None:
    assert len(_citation("a" * EXCERPT_LIMIT).raw_excerpt) == 500


def test_excerpt_over_the_limit_is_refused() -> None:
    with pytest.raises(ValidationError, match="500"):
        _citation("a" * (EXCERPT_LIMIT + 1))


def test_excerpt_at_the_limit_plus_truncation_marker_is_accepted() -> None:
    excerpt = "a" * EXCERPT_LIMIT + TRUNCATION_MARKER
    assert _citation(excerpt).raw_excerpt == excerpt


def test_excerpt_over_the_limit_plus_marker_is_refused() -> None:
    with pytest.raises(ValidationError):
        _citation("a" * (EXCERPT_LIMIT + 1) + TRUNCATION_MARKER)


def test_blank_excerpt_is_refused() -> None:
    with pytest.raises(ValidationError):
        _citation("   ")


def test_clip_excerpt_cuts_long_text_and_the_result_validates() -> None:
    text = ("word " * 160)[:800]
    clipped = clip_excerpt(text)
    assert clipped.endswith("[...]")
    assert len(clipped) <= EXCERPT_LIMIT + len(TRUNCATION_MARKER)
    assert text.startswith(clipped[: -len(TRUNCATION_MARKER)])
    assert _citation(clipped).raw_excerpt == clipped


def test_clip_excerpt_leaves_short_text_alone() -> None:
    assert clip_excerpt("short") == "short"
    assert clip_excerpt("b" * EXCERPT_LIMIT) == "b" * EXCERPT_LIMIT


def test_snippet_limit() -> None:
    assert _citation("x", snippet="s" * 200).snippet == "s" * 200
    with pytest.raises(ValidationError, match="snippet"):
        _citation("x", snippet="s" * 201)


# ------------------------------------------------------------------------- confidences, enums


@pytest.mark.parametrize("value", [-0.01, 1.01, 2])
def test_citation_confidence_outside_unit_interval_is_refused(value: float) -> None:
    with pytest.raises(ValidationError, match="confidence"):
        _citation("x", confidence=value)


@pytest.mark.parametrize("value", [0.0, 1.0])
def test_citation_confidence_bounds_are_inclusive(value: float) -> None:
    assert _citation("x", confidence=value).confidence == value


@pytest.mark.parametrize("value", [-0.1, 1.5])
def test_result_confidence_outside_unit_interval_is_refused(value: float) -> None:
    data = _load("example1")
    data["confidence"] = value
    with pytest.raises(ValidationError, match="confidence"):
        ResearchResult.model_validate(data)


def test_query_specificity_match_outside_unit_interval_is_refused() -> None:
    data = _load("example1")
    data["confidence_factors"]["query_specificity_match"] = 1.2
    with pytest.raises(ValidationError, match="query_specificity_match"):
        ResearchResult.model_validate(data)


def test_unknown_gap_category_is_refused() -> None:
    with pytest.raises(ValidationError, match="category"):
        Gap.model_validate({"topic": "t", "category": "lazy", "detail": "d"})


def test_unknown_priority_is_refused() -> None:
    with pytest.raises(ValidationError, match="priority"):
        OpenQuestion.model_validate({"question": "q", "context": "c", "priority": "urgent"})


@pytest.mark.parametrize(("field", "value"), [("source_authority", "supreme"), ("recency", "ancient")])
def test_unknown_authority_or_recency_is_refused(field: str, value: str) -> None:
    data: dict[str, object] = {
        "num_corroborating_sources": 1,
        "source_authority": "high",
        "contradiction_detected": False,
        "query_specificity_match": 0.5,
        "budget_exhausted": False,
    }
    data[field] = value
    with pytest.raises(ValidationError, match=field):
        ConfidenceFactors.model_validate(data)


def test_unknown_discovery_type_is_refused() -> None:
    data = _load("example2")
    data["discovery_events"][0]["type"] = "gossip"
    with pytest.raises(ValidationError, match="type"):
        ResearchResult.model_validate(data)


def test_constraints_are_frozen() -> None:
    constraints = ResearchConstraints()
    with pytest.raises(ValidationError):
        constraints.max_iterations = 7  # type: ignore[misc]
