"""Two `consensus serve --http` processes on one store (a SQLite file, and a real PostgreSQL server).

A run started on A is polled and read on B; A is killed with SIGKILL mid-run; B reports the run
interrupted, answers its partial result, and resumes it to completion: every claim agreed before the
kill is in the final result unchanged, no claim is finalized twice, the store's integrity holds.
Then runs started concurrently on both servers all complete.
"""

from __future__ import annotations

import signal
from collections import Counter
from pathlib import Path
from typing import Any

import anyio
import pytest
from mcp import Client

from protocols import ClaimFinalized, ClaimState, ResearchResult
from store import ClaimRecord, Repository, integrity_ok
from tests.servers import http_server

QUESTION = (
    "When and where did Apollo 11 land on the Moon, who walked on the surface, how long did the moonwalk "
    "last, what did the crew bring back, and when did the crew splash down?"
)
ROOMY = {"max_iterations": 8, "token_budget": 200_000, "max_sources": 30}
SHORT = ["When did Apollo 11 land on the Moon?", "Who walked on the Moon during Apollo 11?"]


@pytest.fixture
def anyio_backend() -> str:
    return "asyncio"


async def _call(client: Client, tool: str, **arguments: Any) -> dict[str, Any]:
    result = await client.call_tool(tool, arguments)
    assert not result.is_error, result.content
    assert result.structured_content is not None
    return result.structured_content


async def _until(client: Client, run_id: str, test: Any) -> dict[str, Any]:
    """Poll the run's status (the store is shared across processes: no event to wait on) until ``test``."""
    with anyio.fail_after(120):
        status = await _call(client, "research_status", run_id=run_id)
        while not test(status):
            await anyio.sleep(0.1)
            status = await _call(client, "research_status", run_id=run_id)
    return status


def _agreed(repo: Repository, run_id: str) -> dict[str, ClaimRecord]:
    return {c.id: c for c in repo.list_claims(run_id) if c.status is ClaimState.AGREED}


@pytest.mark.anyio
async def test_two_servers_share_runs_and_one_finishes_what_a_killed_one_started(
    tmp_path: Path, store_url: str
) -> None:
    repo = Repository.open(store_url)
    try:
        async with http_server(tmp_path / "b", store_url, latency=0.0) as (b, _):
            async with http_server(tmp_path / "a", store_url, latency=0.1) as (a, process_a):
                started = await _call(a, "start_research", question=QUESTION, constraints=ROOMY)
                run_id = started["run_id"]
                seen = await _until(b, run_id, lambda s: s["claims_agreed"] >= 1)
                assert seen["status"] == "running" and seen["owner"].endswith(f":{process_a.pid}")
                process_a.send_signal(signal.SIGKILL)
                await process_a.wait()
            before = _agreed(repo, run_id)
            assert before

            interrupted = await _call(b, "research_status", run_id=run_id)
            partial = ResearchResult.model_validate(await _call(b, "research_result", run_id=run_id))
            assert interrupted["status"] == "interrupted" and "resume_research" in interrupted["message"]
            assert {c.id for c in partial.claims} == set(before) and "partial" in partial.answer

            await _call(b, "resume_research", run_id=run_id)
            done = await _until(b, run_id, lambda s: s["status"] != "running")
            final = ResearchResult.model_validate(await _call(b, "research_result", run_id=run_id))

            # 4 runs on each of two servers at once (A is back, as a new process)
            async with http_server(tmp_path / "a2", store_url, latency=0.0) as (a2, _):
                runs = []
                for i in range(8):
                    server = a2 if i % 2 else b
                    runs.append(
                        (
                            server,
                            await _call(
                                server, "start_research", question=SHORT[i % 2], constraints={"max_iterations": 4}
                            ),
                        )
                    )
                finished = [await _until(s, r["run_id"], lambda st: st["status"] != "running") for s, r in runs]
    finally:
        stored = repo.get_run(run_id)
        after = _agreed(repo, run_id)
        finalized = Counter(m.claim_id for m in repo.messages(run_id) if isinstance(m.message, ClaimFinalized))
        owners = {repo.get_run(r["run_id"]).owner for _, r in runs} if "runs" in locals() else set()
        healthy = integrity_ok(repo.engines.read)
        repo.close()

    assert done["status"] == "completed" and stored.status == "completed"
    assert all(after[cid] == claim for cid, claim in before.items())  # unchanged
    assert set(before) <= {c.id for c in final.claims}
    assert all(n == 1 for n in finalized.values())  # nothing finalized twice
    assert [f["status"] for f in finished] == ["completed"] * 8 and len(owners) == 2
    assert healthy
