"""Two MCP servers on one store: either answers for any run, and cancelling goes through the store."""

from __future__ import annotations

import socket
import uuid
from datetime import UTC, datetime, timedelta
from pathlib import Path

import anyio
import pytest
from mcp import Client
from sqlalchemy import update

from agents.scripted import MemorySource
from consensus.runtime import Researcher
from consensus.server import build_server
from protocols import ResearchRequest, ResearchResult
from store import Repository
from store.models import tables
from tests.test_server import DOCS, QUESTION, DebateModel, _settings, agreeable, connect, wait_for


@pytest.fixture
def anyio_backend() -> str:
    return "asyncio"


@pytest.mark.anyio
async def test_a_run_started_on_one_server_is_read_and_cancelled_on_another(tmp_path: Path, repo: Repository) -> None:
    model = DebateModel(policy=agreeable, scope=[QUESTION], stall_after_agreement=True)

    def idle_researcher() -> Researcher:  # server B starts nothing here
        return Researcher(repo, DebateModel(policy=agreeable, scope=[QUESTION]), MemorySource(DOCS), home=tmp_path)

    server_b = build_server(researcher_factory=idle_researcher, settings=_settings(tmp_path))
    with anyio.fail_after(30):
        async with connect(tmp_path, repo, model=model) as a, Client(server_b, raise_exceptions=True) as b:
            started = (await a.call_tool("start_research", {"question": QUESTION})).structured_content
            assert started is not None
            run_id = started["run_id"]
            on_b = await wait_for(b, run_id, lambda s: s["claims_agreed"] == 1)
            cancelled = (await b.call_tool("cancel_research", {"run_id": run_id})).structured_content
            result_b = await b.call_tool("research_result", {"run_id": run_id})
            status_a = (await a.call_tool("research_status", {"run_id": run_id})).structured_content
    assert on_b["status"] == "running" and on_b["owner"] == repo.get_run(run_id).owner and on_b["owner_since"]
    assert cancelled is not None and cancelled["status"] == "cancelled"  # A saw B's request through the store
    stored = repo.get_run(run_id)
    assert stored.status == "cancelled" and stored.result is not None and len(stored.result.claims) == 1
    assert ResearchResult.model_validate(result_b.structured_content) == stored.result
    assert status_a is not None and status_a["status"] == "cancelled"


@pytest.mark.anyio
async def test_a_server_asked_to_resumes_the_orphans_it_finds_at_start_up(tmp_path: Path, repo: Repository) -> None:
    orphan = repo.create_run(
        ResearchRequest(question=QUESTION),
        trace_id=str(uuid.uuid4()),
        model_id="scripted-test-model",
        source_backend="memory",
        owner=f"{socket.gethostname()}:999999",  # a process that is gone
    )

    def new_researcher() -> Researcher:
        return Researcher(repo, DebateModel(policy=agreeable, scope=[QUESTION]), MemorySource(DOCS), home=tmp_path)

    server = build_server(researcher_factory=new_researcher, settings=_settings(tmp_path), resume_orphans=True)
    with anyio.fail_after(30):
        async with Client(server, raise_exceptions=True) as client:
            done = await wait_for(client, orphan.id, lambda s: s["status"] != "running")
    stored = repo.get_run(orphan.id)
    assert done["status"] == "completed" and stored.result is not None and len(stored.result.claims) == 1
    assert stored.owner != orphan.owner and stored.owner_since is not None and stored.owner_since > orphan.created_at


@pytest.mark.anyio
async def test_a_run_of_another_machine_whose_lease_expired_is_reported_orphaned(
    tmp_path: Path, repo: Repository
) -> None:
    far = repo.create_run(
        ResearchRequest(question=QUESTION),
        trace_id=str(uuid.uuid4()),
        model_id="m",
        source_backend="memory",
        owner="a-host-far-away:77",  # no process check can say anything about it: only its lease
    )
    async with connect(tmp_path, repo) as client:
        alive = (await client.call_tool("research_status", {"run_id": far.id})).structured_content
        run = tables()["run"]
        past = datetime.now(UTC) - timedelta(seconds=1)
        with repo.engines.write.begin() as conn:
            conn.execute(update(run).where(run.c.id == far.id).values(lease_expires_at=past, heartbeat_at=past))
        gone = (await client.call_tool("research_status", {"run_id": far.id})).structured_content
    assert alive is not None and alive["status"] == "running" and alive["owner"] == "a-host-far-away:77"
    assert gone is not None and gone["status"] == "interrupted" and "orphaned" in gone["error"]
