"""The runtime and referee, driven by a scripted model over in-memory sources."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from agents.scripted import MemorySource, ScriptedModel
from consensus.runtime import Researcher
from consensus.trace import trace_path
from protocols import (
    Action,
    AgentRole,
    AgentView,
    AgreeClaim,
    ChallengeClaim,
    ClaimState,
    EvidenceQuote,
    FinalizationMethod,
    GapCategory,
    ProposeClaim,
    RefineClaim,
    ResearchConstraints,
    ResearchRequest,
    ResearchResult,
    SourceDocument,
    VoteComplete,
)
from store import Repository

DOCS = [
    SourceDocument(kind="file", locator="a.md", text="The bridge opened in 1932.\nIt carries eight lanes."),
    SourceDocument(kind="file", locator="b.md", text="Opened in 1932, the bridge  carries eight lanes of traffic."),
]


@pytest.fixture
def anyio_backend() -> str:
    return "asyncio"


def _source_id(view: AgentView, locator: str) -> str | None:
    return next((s.id for s in view.sources if s.locator == locator), None)


class SearchingModel(ScriptedModel):
    async def decide(self, view, search):  # type: ignore[no-untyped-def]
        await search("bridge opened 1932")
        return await super().decide(view, search)


async def _run(
    policy, tmp_path: Path, *, constraints: ResearchConstraints | None = None
) -> tuple[ResearchResult, Repository, str]:
    repo = Repository.open(f"sqlite:///{tmp_path / 'c.db'}")
    model = SearchingModel(policy=policy, scope=["When did the bridge open?"])
    researcher = Researcher(repo, model, MemorySource(DOCS), home=tmp_path)
    run = await researcher.open_run(
        ResearchRequest(question="When did the bridge open?", constraints=constraints or ResearchConstraints())
    )
    result = await researcher.run(run)
    return result, repo, run.id


def agreeable(search_first: bool = True):
    """Lead proposes a quoted sentence; the others agree; everyone votes complete afterwards."""

    async_state: dict[str, bool] = {}

    def policy(view: AgentView) -> list[Action]:
        actions: list[Action] = []
        src = _source_id(view, "a.md")
        if view.role is AgentRole.LEAD and src and not view.claims:
            actions.append(
                ProposeClaim(
                    statement="The bridge opened in 1932.",
                    evidence=[EvidenceQuote(source_id=src, quote="The bridge opened in 1932.")],
                    scope_index=0,
                )
            )
        for claim in view.claims:
            if claim.status not in (ClaimState.AGREED, ClaimState.REJECTED) and view.role not in claim.agreed:
                actions.append(AgreeClaim(claim_id=claim.id, revision=claim.revision))
        if view.claims and all(c.status is ClaimState.AGREED for c in view.claims):
            actions.append(VoteComplete(coverage_assessment="done"))
        async_state["x"] = True
        return actions

    return policy


@pytest.mark.anyio
async def test_unanimous_claim_is_finalized_and_packaged(tmp_path: Path) -> None:
    repo = Repository.open(f"sqlite:///{tmp_path / 'c.db'}")
    model = SearchingModel(policy=agreeable(), scope=["When did the bridge open?"])
    researcher = Researcher(repo, model, MemorySource(DOCS), home=tmp_path)
    result = await researcher.research(ResearchRequest(question="When did the bridge open?"))
    assert [c.statement for c in result.claims] == ["The bridge opened in 1932."]
    assert result.claims[0].finalization_method is FinalizationMethod.UNANIMOUS
    assert result.claims[0].agreed_by == ["data", "lead", "skeptic"]
    assert result.citations[0].raw_excerpt == "The bridge opened in 1932."
    assert "[1]" in result.answer
    assert not result.cost_metadata.budget_exhausted
    run = repo.list_runs()[0]
    assert run.status == "completed" and run.result == result
    trace = trace_path(tmp_path, result.trace_id)
    entries = [json.loads(line) for line in trace.read_text().splitlines()]
    fetches = [e for e in entries if e["action"] == "fetch_source"]
    assert fetches and all(e["content_hash"].startswith("sha256:") for e in fetches)


@pytest.mark.anyio
async def test_excerpt_not_in_source_is_refused(tmp_path: Path) -> None:
    def policy(view: AgentView) -> list[Action]:
        src = _source_id(view, "a.md")
        if view.role is AgentRole.LEAD and src and not view.claims:
            return [
                ProposeClaim(
                    statement="The bridge opened in 1931.",
                    evidence=[EvidenceQuote(source_id=src, quote="The bridge opened in 1931.")],
                )
            ]
        return []

    repo = Repository.open(f"sqlite:///{tmp_path / 'c.db'}")
    model = SearchingModel(policy=policy)
    researcher = Researcher(repo, model, MemorySource(DOCS), home=tmp_path)
    result = await researcher.research(
        ResearchRequest(question="When did the bridge open?", constraints=ResearchConstraints(max_iterations=2))
    )
    assert result.claims == [] and result.citations == []
    run = repo.list_runs()[0]
    assert repo.list_claims(run.id) == []
    trace = (trace_path(tmp_path, result.trace_id)).read_text()
    assert "excerpt not found verbatim" in trace


@pytest.mark.anyio
async def test_refinement_resets_votes_and_silent_challenger_gets_assumed_consent(tmp_path: Path) -> None:
    def policy(view: AgentView) -> list[Action]:
        src = _source_id(view, "b.md")
        claim = view.claims[0] if view.claims else None
        if claim is None:
            if view.role is AgentRole.LEAD and src:
                return [
                    ProposeClaim(
                        statement="The bridge opened in 1932.",
                        evidence=[EvidenceQuote(source_id=src, quote="Opened in 1932, the bridge carries eight lanes")],
                    )
                ]
            return []
        if claim.status is ClaimState.AGREED:
            return []
        if (
            view.role is AgentRole.SKEPTIC
            and claim.revision == 1
            and AgentRole.SKEPTIC not in [c.by for c in claim.challenges]
        ):
            return [
                ChallengeClaim(claim_id=claim.id, revision=1, reason="lanes missing", satisfied_by="mention the lanes")
            ]
        if view.role is AgentRole.LEAD and claim.status is ClaimState.CHALLENGED:
            return [
                RefineClaim(
                    claim_id=claim.id, revision=1, statement="The bridge opened in 1932 and carries eight lanes."
                ),
                AgreeClaim(claim_id=claim.id, revision=2),
            ]
        if view.role is AgentRole.DATA and view.role not in claim.agreed:
            return [AgreeClaim(claim_id=claim.id, revision=claim.revision)]
        return []  # the skeptic stays silent after the refinement

    result, repo, run_id = await _run(policy, tmp_path, constraints=ResearchConstraints(max_iterations=8))
    assert len(result.claims) == 1
    claim = result.claims[0]
    assert claim.revision == 2
    assert claim.finalization_method is FinalizationMethod.ASSUMED_CONSENT
    actions = [m.action for m in repo.messages(run_id)]
    assert "claim_timeout_warning" in actions
    assert actions.index("claim_refined") < actions.index("claim_timeout_warning") < actions.index("claim_finalized")


@pytest.mark.anyio
async def test_budget_stop_is_a_valid_partial_result(tmp_path: Path) -> None:
    def policy(view: AgentView) -> list[Action]:
        src = _source_id(view, "a.md")
        if view.role is AgentRole.LEAD and src and not view.claims:
            return [
                ProposeClaim(
                    statement="The bridge opened in 1932.",
                    evidence=[EvidenceQuote(source_id=src, quote="The bridge opened in 1932.")],
                    scope_index=0,
                )
            ]
        return []

    result, _, _ = await _run(policy, tmp_path, constraints=ResearchConstraints(max_iterations=2))
    assert result.cost_metadata.budget_exhausted
    assert result.confidence_factors.budget_exhausted
    assert {g.category for g in result.gaps} == {GapCategory.BUDGET_EXHAUSTED}
    ResearchResult.model_validate_json(result.model_dump_json())


class RefusedModel(ScriptedModel):
    async def decide(self, view, search):  # type: ignore[no-untyped-def]
        from protocols import AuthenticationError

        raise AuthenticationError("the key was refused (401)", backend="anthropic", suggestion="check the key")


@pytest.mark.anyio
async def test_authentication_error_stops_the_run_with_its_message(tmp_path: Path) -> None:
    from protocols import AuthenticationError

    repo = Repository.open(f"sqlite:///{tmp_path / 'c.db'}")
    researcher = Researcher(repo, RefusedModel(policy=lambda v: []), MemorySource(DOCS), home=tmp_path)
    with pytest.raises(AuthenticationError, match="refused"):
        await researcher.research(ResearchRequest(question="When did the bridge open?"))
    run = repo.list_runs()[0]
    assert run.status == "failed" and run.error == "the key was refused (401)"
    assert run.result is not None  # even a failed run keeps a valid (empty) result


@pytest.mark.anyio
async def test_a_decision_made_on_a_claim_that_changed_is_decided_again(tmp_path: Path) -> None:
    """Lead refines a claim in the same round as the skeptic agrees with the old revision.

    In iteration 4 the lead acts first (the rotation starts with it every third iteration), so the
    skeptic's agreement names a revision that no longer exists: the runtime must ask the skeptic
    again on a fresh snapshot, and the skeptic's second decision (on revision 2) is applied.
    """

    def policy(view: AgentView) -> list[Action]:
        src = _source_id(view, "a.md")
        claim = view.claims[0] if view.claims else None
        if claim is None:
            if view.role is AgentRole.LEAD and src:
                quote = "The bridge opened in 1932."
                return [ProposeClaim(statement=quote, evidence=[EvidenceQuote(source_id=src, quote=quote)])]
            return []
        if claim.status is ClaimState.AGREED:
            return []
        waiting = view.iteration < 4  # lead and skeptic hold back until iteration 4
        if view.role is AgentRole.LEAD and claim.revision == 1 and not waiting:
            return [
                RefineClaim(claim_id=claim.id, revision=1, statement="The bridge opened in 1932; it has eight lanes."),
                AgreeClaim(claim_id=claim.id, revision=2),
            ]
        skeptic_waits = view.role is AgentRole.SKEPTIC and waiting
        if view.role is not AgentRole.LEAD and view.role not in claim.agreed and not skeptic_waits:
            return [AgreeClaim(claim_id=claim.id, revision=claim.revision)]
        return []

    repo = Repository.open(f"sqlite:///{tmp_path / 'c.db'}")
    model = SearchingModel(policy=policy, scope=["When did the bridge open?"])
    researcher = Researcher(repo, model, MemorySource(DOCS), home=tmp_path)
    result = await researcher.research(ResearchRequest(question="When did the bridge open?"))
    assert [c.statement for c in result.claims] == ["The bridge opened in 1932; it has eight lanes."]
    assert result.claims[0].revision == 2 and result.claims[0].finalization_method is FinalizationMethod.UNANIMOUS
    trace = (trace_path(tmp_path, result.trace_id)).read_text()
    assert '"action_stale"' in trace  # the stale agreement was recognised as stale, not merely refused
    in_iteration_4 = [it for role, it in model.calls if role == "skeptic" and it == 4]
    assert len(in_iteration_4) == 3  # two rounds plus the re-decision after the stale agreement
