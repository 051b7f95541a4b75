"""A `consensus serve --http` process for tests and benchmarks: its own home (another machine), the
shared store, the example corpus, a simulated model latency; and its MCP client."""

from __future__ import annotations

import os
import socket
import subprocess
import sys
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from pathlib import Path

import anyio
import httpx2
from anyio.abc import Process
from mcp import Client
from mcp.client.streamable_http import streamable_http_client

ROOT = Path(__file__).resolve().parent.parent
CORPUS = ROOT / "examples" / "corpus"


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


@asynccontextmanager
async def http_server(home: Path, url: str, *, latency: float) -> AsyncIterator[tuple[Client, Process]]:
    """`consensus serve --http` with its own home (another machine), on the shared store; its client."""
    port = free_port()
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
