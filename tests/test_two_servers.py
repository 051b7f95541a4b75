"""Two `consensus serve --http` processes on one store (a SQLite file, and a real PostgreSQL server).

A run started on A is polled and read on B; A is killed with SIGKILL mid-run; B reports the run
interrupted, answers its partial result, and resumes it to completion: every claim agreed before the
kill is in the final result unchanged, no claim is finalized twice, the store's integrity holds.
Then runs started concurrently on both servers all complete.
"""

from __future__ import annotations

import os
import signal
import socket
import subprocess
import sys
from collections import Counter
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any

import anyio
import httpx2
import pytest
from anyio.abc import Process
from mcp import Client
from mcp.client.streamable_http import streamable_http_client

from protocols import ClaimFinalized, ClaimState, ResearchResult
from store import ClaimRecord, Repository, integrity_ok

ROOT = Path(__file__).resolve().parent.parent
CORPUS = ROOT / "examples" / "corpus"
QUESTION = (
    "When and where did Apollo 11 land on the Moon, who walked on the surface, how long did the moonwalk "
    "last, what did the crew bring back, and when did the crew splash down?"
)
ROOMY = {"max_iterations": 8, "token_budget": 200_000, "max_sources": 30}
SHORT = ["When did Apollo 11 land on the Moon?", "Who walked on the Moon during Apollo 11?"]


@pytest.fixture
def anyio_backend() -> str:
    return "asyncio"


def _free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


@asynccontextmanager
async def _server(home: Path, url: str, *, latency: float) -> AsyncIterator[tuple[Client, Process]]:
    """`consensus serve --http` with its own home (another machine), on the shared store; its client."""
    port = _free_port()
    env = {k: v for k, v in os.environ.items() if k != "CONSENSUS_TOKEN"}
    env |= {"CONSENSUS_HOME": str(home), "CONSENSUS_DATABASE_URL": url, "CONSENSUS_OFFLINE_LATENCY": str(latency)}
    command = [sys.executable, "-m", "consensus", "serve", "--http", "--no-auth", "--port", str(port)]
    process = await anyio.open_process(
        [*command, "--corpus", str(CORPUS)], cwd=ROOT, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL
    )
    try:
        with anyio.fail_after(60):
            while True:
                try:
                    await (await anyio.connect_tcp("127.0.0.1", port)).aclose()
                    break
                except OSError:
                    assert process.returncode is None, "the server exited at startup"
                    await anyio.sleep(0.1)
        http = httpx2.AsyncClient(timeout=httpx2.Timeout(30, read=300))
        async with http, Client(streamable_http_client(f"http://127.0.0.1:{port}/mcp", http_client=http)) as c:
            yield c, process
    finally:
        if process.returncode is None:
            process.terminate()
            with anyio.move_on_after(10):
                await process.wait()
            if process.returncode is None:
                process.kill()
        await process.aclose()


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
        async with _server(tmp_path / "b", store_url, latency=0.0) as (b, _):
            async with _server(tmp_path / "a", store_url, latency=0.1) as (a, process_a):
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
            async with _server(tmp_path / "a2", store_url, latency=0.0) as (a2, _):
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
