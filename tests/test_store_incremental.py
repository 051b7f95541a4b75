"""Incremental snapshots equal full reloads, and reuse what did not change."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from protocols import (
    AgentRole,
    Authority,
    ClaimChallenged,
    ClaimEvent,
    ResearchTurn,
    SourceDocument,
)
from store import Repository, RunReader, RunSnapshot
from tests.conftest import Seeded


def _full(repo: Repository, run_id: str) -> RunSnapshot:
    return RunSnapshot(
        scope=repo.scope(run_id),
        claims=repo.list_claims(run_id),
        messages=repo.messages(run_id),
        sources=repo.list_sources(run_id),
    )


def test_each_snapshot_equals_a_full_reload(repo: Repository, make_claim: Callable[..., Seeded]) -> None:
    seeded = make_claim()
    run_id, claim = seeded.run.id, seeded.claim
    other_run = make_claim().run  # another run's writes must never show up
    reader = RunReader(repo.engines, run_id)
    repo.add_scope(run_id, ["When did the bridge open?"])
    assert reader.snapshot() == _full(repo, run_id)

    first = reader.snapshot()
    msg = ClaimChallenged(claim_id=claim.id, revision=1, reason="r", challenged_by=AgentRole.SKEPTIC, severity="minor")
    repo.apply(
        claim.id, expected_version=2, event=ClaimEvent.CHALLENGE, message=msg, agent=AgentRole.SKEPTIC, iteration=1
    )
    second = make_claim(run=seeded.run, statement="It carries eight lanes.").claim
    repo.append_message(run_id, ResearchTurn(agent=AgentRole.DATA, focus_area="lanes"), agent="data", iteration=1)
    repo.store_source(run_id, SourceDocument(kind="file", locator="new.md", text="A new text about the bridge."))
    repo.append_message(other_run.id, ResearchTurn(agent=AgentRole.LEAD, focus_area="x"), agent="lead", iteration=1)
    now = reader.snapshot()
    assert now == _full(repo, run_id)
    assert [c.id for c in now.claims] == [claim.id, second.id]
    assert now.messages[: len(first.messages)] == first.messages
    assert now.messages[-1].message == ResearchTurn(agent=AgentRole.DATA, focus_area="lanes")

    # a source's authority is shown on every claim's evidence: changing it reloads the claims
    repo.set_source_authority(seeded.source.id, Authority.LOW)
    after = reader.snapshot()
    assert after == _full(repo, run_id)
    assert after.claims[0].evidence[0].authority is Authority.LOW


@pytest.mark.sqlite_only  # PostgreSQL reloads every round (seq order is not commit order there)
def test_unchanged_claims_and_known_texts_are_reused(repo: Repository, make_claim: Callable[..., Seeded]) -> None:
    seeded = make_claim()
    untouched = make_claim(run=seeded.run, statement="It carries eight lanes.").claim
    reader = RunReader(repo.engines, seeded.run.id)
    before = reader.snapshot()
    msg = ClaimChallenged(
        claim_id=seeded.claim.id, revision=1, reason="r", challenged_by=AgentRole.SKEPTIC, severity="minor"
    )
    repo.apply(
        seeded.claim.id,
        expected_version=2,
        event=ClaimEvent.CHALLENGE,
        message=msg,
        agent=AgentRole.SKEPTIC,
        iteration=1,
    )
    after = reader.snapshot()
    old = {c.id: c for c in before.claims}
    new = {c.id: c for c in after.claims}
    assert new[untouched.id] is old[untouched.id]  # not read again
    assert new[seeded.claim.id] is not old[seeded.claim.id] and new[seeded.claim.id].version == 3
    assert after.sources[0].text is before.sources[0].text  # the text came from the cache
