"""The referee enforces the consensus rules, one rule per test."""

from __future__ import annotations

from pathlib import Path

import pytest

from consensus.referee import Referee
from protocols import (
    AgentRole,
    AgreeClaim,
    Authority,
    ChallengeClaim,
    ClaimState,
    DefendClaim,
    EvidenceQuote,
    FinalizationMethod,
    FinalizeClaim,
    MediateClaim,
    ProposeClaim,
    RateSource,
    RefineClaim,
    ResearchRequest,
    SourceDocument,
    WithdrawClaim,
)
from store import Repository, SourceRecord

L, S, D = AgentRole.LEAD, AgentRole.SKEPTIC, AgentRole.DATA
TEXT = "The bridge opened in 1932. It has eight lanes."


@pytest.fixture
def setup(tmp_path: Path) -> tuple[Repository, Referee, str]:
    repo = Repository.open(f"sqlite:///{tmp_path / 'r.db'}")
    run = repo.create_run(
        ResearchRequest(question="q"), trace_id="550e8400-e29b-41d4-a716-446655440009", model_id="m", source_backend="s"
    )
    repo.add_scope(run.id, ["When did the bridge open?"])
    src = repo.store_source(run.id, SourceDocument(kind="file", locator="a.md", text=TEXT))
    referee = Referee(repo, run.id)
    referee.iteration = 1
    return repo, referee, src.id


def propose(referee: Referee, src: str, role: AgentRole = L, quote: str = "The bridge opened in 1932.") -> str:
    ruling = referee.apply(role, ProposeClaim(statement=quote, evidence=[EvidenceQuote(source_id=src, quote=quote)]))
    assert ruling.applied, ruling.reason
    assert ruling.claim_id is not None
    return ruling.claim_id


def test_unanimity_then_only_the_lead_finalizes(setup: tuple[Repository, Referee, str]) -> None:
    repo, referee, src = setup
    cid = propose(referee, src)
    assert referee.apply(S, AgreeClaim(claim_id=cid, revision=1)).applied
    finalize = FinalizeClaim(claim_id=cid, method=FinalizationMethod.UNANIMOUS)
    assert not referee.apply(L, finalize).applied  # data has not agreed yet
    assert referee.apply(D, AgreeClaim(claim_id=cid, revision=1)).applied
    refused = referee.apply(S, finalize)
    assert not refused.applied and "only the lead" in refused.reason
    assert referee.apply(L, finalize).applied
    claim = repo.get_claim(cid)
    assert claim.status is ClaimState.AGREED and claim.finalization_method is FinalizationMethod.UNANIMOUS


def test_one_open_proposal_per_agent_and_no_duplicates(setup: tuple[Repository, Referee, str]) -> None:
    _, referee, src = setup
    propose(referee, src)
    referee.proposed_this_iteration.clear()
    again = referee.apply(
        L,
        ProposeClaim(
            statement="It has eight lanes.", evidence=[EvidenceQuote(source_id=src, quote="It has eight lanes.")]
        ),
    )
    assert not again.applied and "already has a proposal" in again.reason
    dup = referee.apply(
        S,
        ProposeClaim(
            statement="The bridge opened in 1932.",
            evidence=[EvidenceQuote(source_id=src, quote="The bridge opened in 1932.")],
        ),
    )
    assert not dup.applied and "already proposed" in dup.reason


def test_refinement_is_not_agreement_and_old_votes_do_not_count(setup: tuple[Repository, Referee, str]) -> None:
    repo, referee, src = setup
    cid = propose(referee, src)
    assert referee.apply(S, ChallengeClaim(claim_id=cid, revision=1, reason="vague", satisfied_by="lanes")).applied
    assert referee.apply(D, AgreeClaim(claim_id=cid, revision=1)).applied
    refine = RefineClaim(claim_id=cid, revision=1, statement="The bridge opened in 1932 with eight lanes.")
    assert referee.apply(L, refine).applied
    claim = repo.get_claim(cid)
    assert claim.status is ClaimState.REFINED and claim.revision == 2
    stale_vote = referee.apply(D, AgreeClaim(claim_id=cid, revision=1), seen_version=3)
    assert not stale_vote.applied and stale_vote.stale
    finalize = FinalizeClaim(claim_id=cid, method=FinalizationMethod.UNANIMOUS)
    assert not referee.apply(L, finalize).applied
    for role in (L, D, S):
        assert referee.apply(role, AgreeClaim(claim_id=cid, revision=2)).applied, role
    assert repo.get_claim(cid).status is ClaimState.UNDER_REVIEW  # the skeptic's agreement conceded
    assert referee.apply(L, finalize).applied


def test_only_the_proposer_defends_or_withdraws(setup: tuple[Repository, Referee, str]) -> None:
    repo, referee, src = setup
    cid = propose(referee, src)
    assert referee.apply(
        S, ChallengeClaim(claim_id=cid, revision=1, reason="one source", satisfied_by="another")
    ).applied
    defend = DefendClaim(
        claim_id=cid, revision=1, argument="see", evidence=[EvidenceQuote(source_id=src, quote="It has eight lanes.")]
    )
    assert not referee.apply(D, defend).applied
    assert not referee.apply(S, WithdrawClaim(claim_id=cid, reason="x")).applied
    assert referee.apply(L, defend).applied
    assert referee.apply(L, WithdrawClaim(claim_id=cid, reason="cannot corroborate")).applied
    assert repo.get_claim(cid).status is ClaimState.REJECTED


def test_proposer_cannot_challenge_itself_and_quotes_must_be_verbatim(setup: tuple[Repository, Referee, str]) -> None:
    _, referee, src = setup
    cid = propose(referee, src)
    own = referee.apply(L, ChallengeClaim(claim_id=cid, revision=1, reason="r", satisfied_by="s"))
    assert not own.applied
    bad = referee.apply(
        S,
        ChallengeClaim(
            claim_id=cid,
            revision=1,
            reason="r",
            satisfied_by="s",
            counter_evidence=[EvidenceQuote(source_id=src, quote="opened in 1931")],
        ),
    )
    assert not bad.applied and "not found verbatim" in bad.reason
    unknown = referee.apply(
        S,
        ChallengeClaim(
            claim_id=cid,
            revision=1,
            reason="r",
            satisfied_by="s",
            counter_evidence=[EvidenceQuote(source_id="src_nope", quote="x")],
        ),
    )
    assert not unknown.applied and "unknown source" in unknown.reason


def test_mediation_only_by_data_and_only_for_a_defended_lead_skeptic_deadlock(
    setup: tuple[Repository, Referee, str],
) -> None:
    repo, referee, src = setup
    cid = propose(referee, src)
    assert referee.apply(S, ChallengeClaim(claim_id=cid, revision=1, reason="wrong", satisfied_by="more")).applied
    uphold = MediateClaim(claim_id=cid, revision=1, verdict="uphold", reason="majority")
    assert not referee.apply(D, uphold).applied  # not defended yet: no deadlock
    defend = DefendClaim(
        claim_id=cid, revision=1, argument="see", evidence=[EvidenceQuote(source_id=src, quote="It has eight lanes.")]
    )
    assert referee.apply(L, defend).applied
    assert not referee.apply(S, uphold).applied
    assert referee.apply(D, uphold).applied
    assert referee.apply(L, FinalizeClaim(claim_id=cid, method=FinalizationMethod.MEDIATED)).applied
    assert repo.get_claim(cid).finalization_method is FinalizationMethod.MEDIATED


def test_stall_then_majority_vote_rejects(setup: tuple[Repository, Referee, str]) -> None:
    from protocols import VoteReject

    repo, referee, src = setup
    cid = propose(referee, src)
    referee.iteration = 5
    assert referee.stall_idle_claims(3) == [cid]
    assert referee.apply(S, VoteReject(claim_id=cid, reason="no progress")).applied
    assert repo.get_claim(cid).status is ClaimState.STALLED
    assert not referee.apply(S, VoteReject(claim_id=cid, reason="again")).applied
    assert referee.apply(D, VoteReject(claim_id=cid, reason="no progress")).applied
    assert repo.get_claim(cid).status is ClaimState.REJECTED


def test_a_proposal_goes_in_with_its_research_turn_and_a_refused_one_leaves_nothing(
    setup: tuple[Repository, Referee, str],
) -> None:
    repo, referee, src = setup
    cid = propose(referee, src)
    log = repo.messages(referee.run_id)
    assert [m.action for m in log] == ["research_turn", "claim_proposed", "claim_agreed"]
    assert log[0].claim_id is None and log[0].agent == "lead" and log[1].claim_id == cid
    referee.begin_iteration(2)
    bad = ProposeClaim(statement="It has eight lanes.", evidence=[EvidenceQuote(source_id=src, quote="ten lanes")])
    assert not referee.apply(S, bad).applied
    assert len(repo.messages(referee.run_id)) == 3  # no research_turn for a refused proposal


def test_a_quoted_source_is_read_once_and_its_authority_fresh_when_rated(
    setup: tuple[Repository, Referee, str], monkeypatch: pytest.MonkeyPatch
) -> None:
    repo, referee, src = setup
    reads: list[str] = []
    real = repo.get_source

    def counting(source_id: str) -> SourceRecord:
        reads.append(source_id)
        return real(source_id)

    monkeypatch.setattr(repo, "get_source", counting)
    cid = propose(referee, src)
    quote = EvidenceQuote(source_id=src, quote="It has eight lanes.")
    challenge = ChallengeClaim(claim_id=cid, revision=1, reason="r", satisfied_by="s", counter_evidence=[quote])
    assert referee.apply(S, challenge).applied
    assert reads == [src]  # the second quote of the same source: no second read
    assert referee.apply(D, RateSource(source_id=src, authority=Authority.LOW, reason="r")).applied
    assert reads == [src, src]  # rating reads the authority as it is now
    assert repo.get_source(src).authority is Authority.LOW
    assert referee.apply(D, RateSource(source_id=src, authority=Authority.HIGH, reason="r")).applied
    assert repo.get_source(src).authority is Authority.HIGH
