"""The confidence rubric is the documented one, factor by factor."""

from __future__ import annotations

import pytest

from consensus.packaging import confidence_from
from protocols import Authority, ConfidenceFactors, Recency


def factors(**overrides: object) -> ConfidenceFactors:
    base: dict[str, object] = {
        "num_corroborating_sources": 3,
        "source_authority": Authority.MEDIUM,
        "contradiction_detected": False,
        "query_specificity_match": 1.0,
        "budget_exhausted": False,
        "recency": Recency.RECENT,
    }
    base.update(overrides)
    return ConfidenceFactors.model_validate(base)


def test_base_is_corroboration() -> None:
    assert confidence_from(factors(), any_agreed=True) == 0.8
    assert confidence_from(factors(num_corroborating_sources=1), any_agreed=True) == 0.6
    assert confidence_from(factors(num_corroborating_sources=9), any_agreed=True) == 0.9  # capped at 4


@pytest.mark.parametrize(
    ("override", "expected"),
    [
        ({"source_authority": Authority.HIGH}, 0.85),
        ({"source_authority": Authority.LOW}, 0.7),
        ({"query_specificity_match": 0.5}, 0.6),
        ({"contradiction_detected": True}, 0.75),
        ({"budget_exhausted": True}, 0.65),
        ({"recency": Recency.DATED}, 0.75),
    ],
)
def test_each_factor_moves_the_score(override: dict[str, object], expected: float) -> None:
    assert confidence_from(factors(**override), any_agreed=True) == expected


def test_no_agreed_claim_is_very_low_and_bounds_hold() -> None:
    assert confidence_from(factors(), any_agreed=False) == 0.1
    worst = factors(
        num_corroborating_sources=0,
        source_authority=Authority.LOW,
        query_specificity_match=0.0,
        contradiction_detected=True,
        budget_exhausted=True,
        recency=Recency.DATED,
    )
    assert confidence_from(worst, any_agreed=True) == 0.05
    best = factors(num_corroborating_sources=4, source_authority=Authority.HIGH, recency=Recency.CURRENT)
    assert confidence_from(best, any_agreed=True) == 0.95
