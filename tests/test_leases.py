"""A research run holds its lease while it runs, stops when any server asks through the store, and
stops (without writing over anyone) when its lease is lost."""

from __future__ import annotations

from collections.abc import Callable
from datetime import timedelta
from pathlib import Path

import anyio
import pytest
from sqlalchemy import update

import consensus.leases
from agents.sources.corpus import LocalCorpus
from consensus.leases import LeaseLost
from consensus.runtime import Researcher
from protocols import ResearchConstraints, ResearchRequest, ResearchResult
from store import Repository, RunRecord
from store.models import tables
from store.timestamps import utcnow
from tests.slowmodel import SlowModel

ROOT = Path(__file__).resolve().parent.parent
QUESTION = "When and where did Apollo 11 land on the Moon, and who walked on the surface?"
LONG = ResearchConstraints(max_iterations=40, token_budget=2_000_000, max_sources=30)


@pytest.fixture(autouse=True)
def _renew_often(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(consensus.leases, "RENEW_SECONDS", 0.05)


async def _start(tmp_path: Path, repo: Repository) -> tuple[Researcher, RunRecord]:
    corpus = LocalCorpus(ROOT / "examples" / "corpus", index_path=tmp_path / "index.db")
    researcher = Researcher(repo, SlowModel(0.05), corpus, home=tmp_path)
    return researcher, await researcher.open_run(ResearchRequest(question=QUESTION, constraints=LONG))


async def _wait_for(repo: Repository, run_id: str, test: Callable[[RunRecord], bool]) -> RunRecord:
    with anyio.fail_after(30):
        record = await anyio.to_thread.run_sync(repo.get_run, run_id)
        while not test(record):
            await anyio.sleep(0.02)
            record = await anyio.to_thread.run_sync(repo.get_run, run_id)
        return record


@pytest.mark.anyio
async def test_a_run_renews_its_lease_while_it_runs(tmp_path: Path, repo: Repository) -> None:
    researcher, run = await _start(tmp_path, repo)
    async with anyio.create_task_group() as tg:
        tg.start_soon(researcher.run, run)
        renewed = await _wait_for(repo, run.id, lambda r: r.heartbeat_at is not None and r.heartbeat_at > r.created_at)
        assert renewed.status == "running" and renewed.owner == run.owner
        assert renewed.lease_expires_at is not None and renewed.lease_expires_at > renewed.heartbeat_at
        tg.cancel_scope.cancel()
    await researcher.sources.aclose()


@pytest.mark.anyio
async def test_a_cancel_requested_by_another_server_stops_the_run_with_its_partial_result(
    tmp_path: Path, repo: Repository
) -> None:
    researcher, run = await _start(tmp_path, repo)
    other = Repository.open(repo.engines.url)  # the other server
    results: list[ResearchResult] = []

    async def drive() -> None:
        results.append(await researcher.run(run))

    try:
        async with anyio.create_task_group() as tg:
            tg.start_soon(drive)
            await _wait_for(repo, run.id, lambda r: r.iteration >= 2)
            assert await anyio.to_thread.run_sync(other.leases.request_cancel, run.id)
    finally:
        other.close()
        await researcher.sources.aclose()
    stored = repo.get_run(run.id)
    assert stored.status == "cancelled" and stored.result is not None
    assert results == [stored.result]  # the caller gets the partial result, no exception
    assert stored.iteration < LONG.max_iterations


@pytest.mark.anyio
async def test_a_run_whose_lease_was_taken_over_stops_and_writes_nothing_over_the_new_owner(
    tmp_path: Path, repo: Repository
) -> None:
    researcher, run = await _start(tmp_path, repo)
    run_table = tables()["run"]
    lost: list[LeaseLost] = []

    async def drive() -> None:
        try:
            await researcher.run(run)
        except LeaseLost as exc:
            lost.append(exc)

    async with anyio.create_task_group() as tg:
        tg.start_soon(drive)
        await _wait_for(repo, run.id, lambda r: r.iteration >= 1)
        with repo.engines.write.begin() as conn:  # another server resumed it after the lease expired
            conn.execute(
                update(run_table)
                .where(run_table.c.id == run.id)
                .values(owner="host-b:7", owner_since=utcnow(), lease_expires_at=utcnow() + timedelta(minutes=5))
            )
    await researcher.sources.aclose()
    stored = repo.get_run(run.id)
    assert (stored.status, stored.owner, stored.result) == ("running", "host-b:7", None)
    assert len(lost) == 1 and lost[0].code == "LEASE_LOST"


def test_consensus_runs_says_who_runs_a_run_and_since_when(repo: Repository) -> None:
    from consensus.reports import render_runs

    request = ResearchRequest(question="When did the bridge open?")
    run = repo.create_run(request, trace_id="t-owner", model_id="m", source_backend="s", owner="host-b:4242")
    text = render_runs(repo.list_runs())
    assert run.owner_since is not None
    assert f"under host-b:4242 since {run.owner_since.strftime('%m-%d %H:%M:%S')} UTC" in text
    repo.finish_run(run.id, status="completed")
    assert "under host-b" not in render_runs(repo.list_runs())


@pytest.mark.anyio
async def test_a_run_that_stored_its_result_between_two_renewals_has_not_lost_its_lease(
    tmp_path: Path, repo: Repository, caplog: pytest.LogCaptureFixture
) -> None:
    researcher, run = await _start(tmp_path, repo)
    finished = await researcher.run(run)  # a whole run, to have a result to store
    await researcher.sources.aclose()
    second = repo.create_run(
        ResearchRequest(question=QUESTION), trace_id="t", model_id="m", source_backend="s", owner=run.owner
    )

    async def body(record: RunRecord) -> ResearchResult:
        repo.finish_run(record.id, status="completed", result=finished, owner=record.owner)
        await anyio.sleep(0.3)  # several renewals find the run closed by its own owner
        return finished

    with caplog.at_level("WARNING", logger="consensus.leases"):
        assert await consensus.leases.run_leased(repo, second, body) == finished
    assert "lease lost" not in caplog.text
