"""One action, one transaction: the referee's writes under forced version races (real SQLite file).

Before the claim machine, a mediated rejection and a carrying reject vote each committed twice;
when the second commit lost a version race, the retry was refused ("already mediated / voted") and
the rejection was decided but never written. Here every race is forced at the exact moment between
the referee's read and its write, and the claim must end with all of one decision or none of it.
"""

from __future__ import annotations

import tempfile
import threading
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from consensus.referee import Referee
from protocols import (
    AgentRole,
    ChallengeClaim,
    ClaimFacts,
    ClaimMediated,
    ClaimRejected,
    ClaimRejectVote,
    ClaimState,
    DefendClaim,
    EvidenceQuote,
    MediateClaim,
    ProposeClaim,
    ResearchRequest,
    SourceDocument,
    StallClaim,
    VoteReject,
    WarnTimeout,
    agreed_on,
)
from store import Repository
from tests.claimkit import action_for

L, S, D = AgentRole.LEAD, AgentRole.SKEPTIC, AgentRole.DATA
TEXT = "The bridge opened in 1932. It has eight lanes."
QUOTE = "The bridge opened in 1932."


def open_run(path: Path) -> tuple[Repository, Referee, str]:
    repo = Repository.open(f"sqlite:///{path}")
    run = repo.create_run(ResearchRequest(question="q"), trace_id="t-race", model_id="m", source_backend="s")
    repo.add_scope(run.id, ["When did the bridge open?"])
    src = repo.store_source(run.id, SourceDocument(kind="file", locator="a.md", text=TEXT))
    referee = Referee(repo, run.id)
    referee.begin_iteration(1)
    return repo, referee, src.id


@pytest.fixture
def race(tmp_path: Path) -> Iterator[tuple[Repository, Referee, str]]:
    repo, referee, src = open_run(tmp_path / "race.db")
    yield repo, referee, src
    repo.close()


def propose(referee: Referee, src: str, statement: str = QUOTE) -> str:
    ruling = referee.apply(L, ProposeClaim(statement=statement, evidence=[EvidenceQuote(source_id=src, quote=QUOTE)]))
    assert ruling.applied and ruling.claim_id, ruling.reason
    return ruling.claim_id


def deadlocked(referee: Referee, src: str, statement: str = QUOTE) -> str:
    """The lead's claim, challenged by the skeptic and defended: the data researcher may mediate."""
    cid = propose(referee, src, statement)
    assert referee.apply(S, ChallengeClaim(claim_id=cid, revision=1, reason="one source", satisfied_by="two")).applied
    defence = DefendClaim(
        claim_id=cid, revision=1, argument="it is there", evidence=[EvidenceQuote(source_id=src, quote=QUOTE)]
    )
    assert referee.apply(L, defence).applied
    return cid


def before_first_write(repo: Repository, interloper: Callable[[], None]) -> None:
    """Run ``interloper`` once, after the referee read the claim and before its first write."""
    real = repo.apply_steps
    calls = {"n": 0}

    def racing(*args: Any, **kwargs: Any) -> Any:
        calls["n"] += 1
        if calls["n"] == 1:
            repo.apply_steps = real  # type: ignore[method-assign]  # the interloper writes normally
            interloper()
            repo.apply_steps = racing  # type: ignore[method-assign]
        return real(*args, **kwargs)

    repo.apply_steps = racing  # type: ignore[method-assign]


def assert_consistent(repo: Repository, run_id: str, claim_id: str) -> ClaimFacts:
    """The log's versions run 1..n without a gap, the row is at n, and the fold matches the row."""
    records = repo.messages(run_id, claim_id=claim_id)
    assert [r.claim_version for r in records] == list(range(1, len(records) + 1))
    claim = repo.get_claim(claim_id)
    facts = ClaimFacts.fold(r.message for r in records)
    assert (facts.version, facts.status, facts.revision) == (claim.version, claim.status, claim.revision)
    assert facts.agreed == agreed_on(claim.votes, claim.revision)
    # a decision is whole: a rejecting mediation and a carrying vote are followed by their rejection
    messages = [r.message for r in records]
    voters: set[AgentRole] = set()
    for here, after in zip(messages, [*messages[1:], None], strict=True):
        if isinstance(here, ClaimRejectVote):
            voters.add(here.voted_by)
        if (isinstance(here, ClaimMediated) and here.verdict == "reject") or (
            isinstance(here, ClaimRejectVote) and len(voters) == 2
        ):
            assert isinstance(after, ClaimRejected), (here, after)
    return facts


def rejections(repo: Repository, run_id: str, claim_id: str) -> list[ClaimRejected]:
    return [r.message for r in repo.messages(run_id, claim_id=claim_id) if isinstance(r.message, ClaimRejected)]


def test_a_carrying_vote_wins_the_race_against_a_rejecting_mediation(race: tuple[Repository, Referee, str]) -> None:
    repo, referee, src = race
    cid = deadlocked(referee, src)
    mediation = MediateClaim(claim_id=cid, revision=1, verdict="reject", reason="the sources disagree")

    def stall_and_vote() -> None:  # between the mediator's read and its write
        assert referee.settle(L, StallClaim(claim_id=cid, reason="idle")).applied
        assert referee.apply(S, VoteReject(claim_id=cid, reason="idle")).applied
        assert referee.apply(L, VoteReject(claim_id=cid, reason="idle")).applied  # carries

    before_first_write(repo, stall_and_vote)
    ruling = referee.apply(D, mediation, seen_version=4)
    assert not ruling.applied and ruling.stale and "not allowed on a rejected claim" in ruling.reason
    facts = assert_consistent(repo, referee.run_id, cid)
    assert facts.status is ClaimState.REJECTED
    assert [m.reason for m in rejections(repo, referee.run_id, cid)] == ["stalled; rejected by majority vote"]
    assert not any(isinstance(r.message, ClaimMediated) for r in repo.messages(referee.run_id, claim_id=cid))


def test_a_rejecting_mediation_that_loses_a_race_is_judged_again_and_written_whole(
    race: tuple[Repository, Referee, str],
) -> None:
    repo, referee, src = race
    cid = deadlocked(referee, src)
    before_first_write(repo, lambda: referee.apply(L, WarnTimeout(claim_id=cid, waiting_for=S)))
    mediation = MediateClaim(claim_id=cid, revision=1, verdict="reject", reason="the sources disagree")
    assert referee.apply(D, mediation).applied
    facts = assert_consistent(repo, referee.run_id, cid)
    assert facts.status is ClaimState.REJECTED
    tail = [type(r.message) for r in repo.messages(referee.run_id, claim_id=cid)][-2:]
    assert tail == [ClaimMediated, ClaimRejected]  # one decision, adjacent versions
    assert [m.reason for m in rejections(repo, referee.run_id, cid)] == ["rejected by mediation: the sources disagree"]
    # the stall and its vote that came too late are refused, and change nothing
    assert not referee.settle(L, StallClaim(claim_id=cid, reason="idle")).applied


def test_a_carrying_vote_that_loses_a_race_leaves_one_rejection(race: tuple[Repository, Referee, str]) -> None:
    repo, referee, src = race
    cid = propose(referee, src)
    assert referee.settle(L, StallClaim(claim_id=cid, reason="idle")).applied
    assert referee.apply(S, VoteReject(claim_id=cid, reason="idle")).applied
    before_first_write(repo, lambda: referee.apply(L, VoteReject(claim_id=cid, reason="idle")))
    late = referee.apply(D, VoteReject(claim_id=cid, reason="idle"))
    assert not late.applied and "rejected claim" in late.reason
    facts = assert_consistent(repo, referee.run_id, cid)
    assert facts.status is ClaimState.REJECTED and facts.reject_votes == (S, L)
    assert [m.rejected_by for m in rejections(repo, referee.run_id, cid)] == [[S, L]]


def test_a_mediation_and_a_carrying_vote_in_two_threads_never_split(race: tuple[Repository, Referee, str]) -> None:
    """Real concurrent writers on one file: whichever wins, the claim is rejected exactly once, whole."""
    repo, referee, src = race
    for i in range(4):
        cid = deadlocked(referee, src, f"{QUOTE} (round {i})")
        referee.begin_iteration(referee.iteration + 1)
        other = Referee(Repository.open(str(repo.engines.write.url)), referee.run_id)
        other.begin_iteration(referee.iteration)
        go = threading.Barrier(2)

        def mediate(cid: str = cid, go: threading.Barrier = go) -> None:
            go.wait()
            referee.apply(D, MediateClaim(claim_id=cid, revision=1, verdict="reject", reason="disagree"))

        def stall_and_vote(cid: str = cid, other: Referee = other, go: threading.Barrier = go) -> None:
            go.wait()
            other.settle(L, StallClaim(claim_id=cid, reason="idle"))
            other.apply(S, VoteReject(claim_id=cid, reason="idle"))
            other.apply(L, VoteReject(claim_id=cid, reason="idle"))

        threads = [threading.Thread(target=mediate), threading.Thread(target=stall_and_vote)]
        for t in threads:
            t.start()
        for t in threads:
            t.join()
        other.repo.close()
        facts = assert_consistent(repo, referee.run_id, cid)
        assert facts.status is ClaimState.REJECTED
        assert len(rejections(repo, referee.run_id, cid)) == 1
        kinds = [type(r.message) for r in repo.messages(referee.run_id, claim_id=cid)]
        assert kinds[-2] in (ClaimMediated, ClaimRejectVote) and kinds[-1] is ClaimRejected
        assert kinds.count(ClaimMediated) <= 1


@settings(max_examples=20, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(script=st.lists(st.tuples(st.sampled_from(list(AgentRole)), st.integers(0, 11)), min_size=1, max_size=25))
def test_random_debates_through_the_store_keep_versions_consecutive(script: list[tuple[AgentRole, int]]) -> None:
    """Whatever the referee allows goes in whole: log versions 1..n, row and fold in agreement."""
    from protocols import Move

    moves = list(Move)
    with tempfile.TemporaryDirectory() as tmp:
        repo, referee, src = open_run(Path(tmp) / "p.db")
        try:
            cid = propose(referee, src)
            for role, index in script:
                facts = referee.facts(cid)
                action = action_for(moves[index], facts)
                if isinstance(action, DefendClaim):  # a quote from the run's own source
                    action = action.model_copy(update={"evidence": [EvidenceQuote(source_id=src, quote=QUOTE)]})
                if isinstance(action, StallClaim):
                    referee.settle(role, action)
                else:
                    referee.apply(role, action)
                assert_consistent(repo, referee.run_id, cid)
        finally:
            repo.close()
