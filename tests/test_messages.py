"""Debate messages: every class round-trips JSON through the discriminated union."""

from __future__ import annotations

import json
import typing

import pytest
from pydantic import BaseModel, ValidationError

from protocols import (
    AgentRole,
    ClaimAgreed,
    ClaimChallenged,
    ClaimDefended,
    ClaimFinalized,
    ClaimMediated,
    ClaimProposed,
    ClaimRefined,
    ClaimRejected,
    ClaimRejectVote,
    ClaimStalled,
    ClaimTimeoutWarning,
    ConflictResolutionNeeded,
    DebateMessage,
    EvidenceRecord,
    FinalizationMethod,
    ResearchComplete,
    ResearchTurn,
    parse_message,
)

EVIDENCE = EvidenceRecord(source_id="src_1", locator="a.md", excerpt="The bridge opened in 1932.", start=0, end=26)
COUNTER = EvidenceRecord(source_id="src_2", locator="b.md", excerpt="It opened in 1933.", start=10, end=28)

SAMPLES: list[BaseModel] = [
    ClaimProposed(
        claim_id="clm_1",
        statement="The bridge opened in 1932.",
        evidence=[EVIDENCE],
        proposed_by=AgentRole.LEAD,
        confidence=0.8,
        scope_index=0,
    ),
    ClaimChallenged(
        claim_id="clm_1",
        revision=1,
        reason="another source says 1933",
        challenged_by=AgentRole.SKEPTIC,
        severity="critical",
        basis="contradicted",
        satisfied_by="an official record of the opening date",
        counter_evidence=[COUNTER],
    ),
    ClaimRefined(
        claim_id="clm_1",
        revision=2,
        original_statement="The bridge opened in 1932.",
        refined_statement="The bridge opened in 1932 according to the city archive.",
        refined_by=AgentRole.DATA,
        reason="attribute the date",
        additional_evidence=[EVIDENCE],
    ),
    ClaimDefended(
        claim_id="clm_1",
        revision=1,
        defended_by=AgentRole.LEAD,
        argument="two independent sources",
        additional_evidence=[COUNTER],
    ),
    ClaimAgreed(
        claim_id="clm_1", revision=2, agreed_by=AgentRole.SKEPTIC, final_statement="The bridge opened in 1932."
    ),
    ClaimRejected(
        claim_id="clm_1",
        reason="sources disagree",
        rejected_by=[AgentRole.SKEPTIC, AgentRole.DATA],
        conflicting_sources=True,
    ),
    ClaimFinalized(
        claim_id="clm_1",
        revision=2,
        statement="The bridge opened in 1932.",
        agreed_by=[AgentRole.LEAD, AgentRole.SKEPTIC, AgentRole.DATA],
        method=FinalizationMethod.ASSUMED_CONSENT,
        note="skeptic silent after warning",
    ),
    ClaimTimeoutWarning(claim_id="clm_1", waiting_for=AgentRole.SKEPTIC, message="please answer revision 2"),
    ClaimStalled(claim_id="clm_1", reason="no progress for 3 iterations"),
    ClaimRejectVote(claim_id="clm_1", voted_by=AgentRole.DATA, reason="stalled"),
    ClaimMediated(
        claim_id="clm_1", revision=1, mediated_by=AgentRole.DATA, verdict="uphold", reason="the figure matches"
    ),
    ResearchTurn(agent=AgentRole.SKEPTIC, focus_area="opening date"),
    ResearchComplete(proposed_by=AgentRole.LEAD, total_claims_agreed=4, coverage_assessment="all covered"),
    ConflictResolutionNeeded(resource_id="clm_1", agent=AgentRole.DATA, message="version conflict"),
]


def _union_members() -> set[type]:
    union = typing.get_args(DebateMessage)[0]
    return set(typing.get_args(union))


def test_samples_cover_every_message_class() -> None:
    assert {type(m) for m in SAMPLES} == _union_members()


@pytest.mark.parametrize("message", SAMPLES, ids=lambda m: type(m).__name__)
def test_round_trip_through_json_text(message: BaseModel) -> None:
    parsed = parse_message(message.model_dump_json())
    assert type(parsed) is type(message)
    assert parsed == message


@pytest.mark.parametrize("message", SAMPLES, ids=lambda m: type(m).__name__)
def test_round_trip_through_a_dict(message: BaseModel) -> None:
    data = json.loads(message.model_dump_json())
    parsed = parse_message(data)
    assert type(parsed) is type(message)
    assert parsed == message


@pytest.mark.parametrize("message", SAMPLES, ids=lambda m: type(m).__name__)
def test_round_trip_through_bytes(message: BaseModel) -> None:
    parsed = parse_message(message.model_dump_json().encode())
    assert parsed == message


def test_actions_are_distinct() -> None:
    actions = [json.loads(m.model_dump_json())["action"] for m in SAMPLES]
    assert len(set(actions)) == len(actions)


def test_unknown_action_is_refused() -> None:
    with pytest.raises(ValidationError, match="claim_teleported"):
        parse_message({"action": "claim_teleported", "claim_id": "clm_1"})


def test_missing_action_is_refused() -> None:
    with pytest.raises(ValidationError):
        parse_message({"claim_id": "clm_1", "reason": "x"})


def test_extra_field_is_refused() -> None:
    data = json.loads(SAMPLES[8].model_dump_json())
    data["mood"] = "grumpy"
    with pytest.raises(ValidationError, match="mood"):
        parse_message(data)


def test_bad_role_is_refused() -> None:
    with pytest.raises(ValidationError):
        parse_message({"action": "research_turn", "agent": "intern", "focus_area": "x"})


def test_proposal_confidence_outside_unit_interval_is_refused() -> None:
    data = json.loads(SAMPLES[0].model_dump_json())
    data["confidence"] = 1.5
    with pytest.raises(ValidationError, match="confidence"):
        parse_message(data)
