"""Run leases in the store (who owns a run and since when, renewal, expiry, cancel requests); trace steps."""

from __future__ import annotations

from datetime import timedelta

from sqlalchemy import update

from protocols import ResearchRequest
from store import Repository, RunRecord
from store.leases import LEASE_SECONDS
from store.models import tables
from store.timestamps import utcnow


def _run(repo: Repository, owner: str = "host-a:101") -> RunRecord:
    request = ResearchRequest(question="When did the bridge open?")
    return repo.create_run(
        request, trace_id=f"t-{owner}-{utcnow().timestamp()}", model_id="m", source_backend="s", owner=owner
    )


def _expire(repo: Repository, run_id: str) -> None:
    run = tables()["run"]
    with repo.engines.write.begin() as conn:
        past = utcnow() - timedelta(seconds=1)
        conn.execute(
            update(run).where(run.c.id == run_id).values(lease_expires_at=past, heartbeat_at=past, updated_at=past)
        )


def test_the_creator_holds_the_lease_from_the_start(repo: Repository) -> None:
    run = _run(repo)
    assert run.owner == "host-a:101" and run.owner_since == run.created_at == run.heartbeat_at
    assert run.lease_expires_at == run.created_at + timedelta(seconds=LEASE_SECONDS)
    assert run.cancel_requested_at is None


def test_only_the_owner_renews_and_only_while_running(repo: Repository) -> None:
    run = _run(repo)
    check = repo.leases.renew(run.id, "host-a:101", seconds=60)
    assert check.held and not check.cancel_requested
    renewed = repo.get_run(run.id)
    assert run.lease_expires_at is not None and renewed.lease_expires_at is not None
    assert renewed.lease_expires_at > run.lease_expires_at and renewed.owner_since == run.owner_since
    assert not repo.leases.renew(run.id, "host-b:202").held  # somebody else's run
    assert repo.get_run(run.id).lease_expires_at == renewed.lease_expires_at
    repo.finish_run(run.id, status="completed")
    assert not repo.leases.renew(run.id, "host-a:101").held


def test_an_expired_lease_is_orphaned_on_any_machine(repo: Repository) -> None:
    live, dead = _run(repo, "host-a:101"), _run(repo, "host-b:202")
    _expire(repo, dead.id)
    # the owners' processes are "alive" as far as a process check can tell: only the lease decides
    assert repo.mark_interrupted(lambda owner: True) == [dead.id]
    orphan = repo.get_run(dead.id)
    assert orphan.status == "interrupted" and orphan.error is not None and "host-b:202" in orphan.error
    assert orphan.finished_at == orphan.heartbeat_at  # its last sign of life, not the moment we noticed
    assert repo.get_run(live.id).status == "running"


def test_any_server_can_ask_a_running_run_to_cancel(repo: Repository, store_url: str) -> None:
    run = _run(repo)
    other = Repository.open(store_url)  # another server on the same store
    try:
        assert other.leases.request_cancel(run.id)
    finally:
        other.close()
    assert repo.get_run(run.id).cancel_requested_at is not None
    check = repo.leases.renew(run.id, "host-a:101")
    assert check.held and check.cancel_requested
    repo.finish_run(run.id, status="cancelled")
    assert not repo.leases.request_cancel(run.id)  # nothing to cancel any more


def test_trace_steps_are_stored_in_order_and_read_back_whole(repo: Repository) -> None:
    run = _run(repo)
    entries = [
        {"step": i, "action": "search", "timestamp": "2026-01-02T03:04:05.000Z", "query": f"q{i}"} for i in (1, 2)
    ]
    repo.traces.append(run.id, entries)
    repo.traces.append(run.id, [{"step": 3, "action": "run_finished", "timestamp": "bad", "nested": {"a": [1]}}])
    assert repo.traces.steps(run.id) == [
        *entries,
        {"step": 3, "action": "run_finished", "timestamp": "bad", "nested": {"a": [1]}},
    ]
    assert repo.traces.last_step(run.id) == 3 and repo.traces.steps("run_other") == []
