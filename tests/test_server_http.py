"""`consensus serve --http` as a real subprocess on loopback: bearer-token authentication on every
request, reached through the SDK's streamable HTTP client with and without the header; a busy port."""

from __future__ import annotations

import os
import socket
import subprocess
import sys
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from dataclasses import dataclass, field
from pathlib import Path

import anyio
import httpx2
import pytest
from anyio.abc import Process
from anyio.streams.text import TextReceiveStream
from mcp import Client
from mcp.client.streamable_http import streamable_http_client
from mcp.shared.exceptions import MCPError

from consensus.cli import main
from protocols import ResearchResult

PROJECT_ROOT = Path(__file__).resolve().parents[1]
TOKEN_LINE = "bearer token (generated"
INITIALIZE = {
    "jsonrpc": "2.0",
    "id": 1,
    "method": "initialize",
    "params": {"protocolVersion": "2025-06-18", "capabilities": {}, "clientInfo": {"name": "t", "version": "0"}},
}
MCP_HEADERS = {"accept": "application/json, text/event-stream", "content-type": "application/json"}


@pytest.fixture
def anyio_backend() -> str:
    return "asyncio"


@pytest.fixture
def corpus(tmp_path: Path) -> Path:
    folder = tmp_path / "corpus"
    folder.mkdir()
    (folder / "bridge.md").write_text(
        "# The bridge\n\nThe Harbour Bridge opened to traffic on 19 March 1932. It carries eight lanes.\n"
    )
    (folder / "history.md").write_text(
        "# City history\n\nAfter eight years of building, the Harbour Bridge opened on 19 March 1932.\n"
    )
    return folder


def _free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


def _env(tmp_path: Path, **extra: str) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if k != "CONSENSUS_TOKEN"}
    return {**env, "CONSENSUS_HOME": str(tmp_path / "home"), **extra}


@dataclass
class Served:
    """A running `consensus serve --http` and everything it wrote to stderr so far."""

    url: str
    process: Process
    stderr: list[str] = field(default_factory=list)

    def line(self, start: str) -> str | None:
        return next((line for line in self.stderr if line.startswith(start)), None)


async def _drain(served: Served) -> None:
    assert served.process.stderr is not None
    buffer = ""
    async for chunk in TextReceiveStream(served.process.stderr):
        buffer += chunk
        *lines, buffer = buffer.split("\n")
        served.stderr.extend(lines)


@asynccontextmanager
async def serving(tmp_path: Path, corpus: Path, *args: str, **env: str) -> AsyncIterator[Served]:
    """Start the server, wait until it listens, stop it at the end; stderr is collected meanwhile."""
    port = _free_port()
    command = [sys.executable, "-m", "consensus", "serve", "--http", "--port", str(port), "--corpus", str(corpus)]
    process = await anyio.open_process(
        [*command, *args], cwd=PROJECT_ROOT, env=_env(tmp_path, **env), stdout=subprocess.DEVNULL
    )
    served = Served(f"http://127.0.0.1:{port}/mcp", process)
    try:
        async with anyio.create_task_group() as tg:
            tg.start_soon(_drain, served)
            with anyio.fail_after(30):
                while True:
                    try:
                        await (await anyio.connect_tcp("127.0.0.1", port)).aclose()
                        break
                    except OSError:
                        assert process.returncode is None, f"the server exited at startup: {served.stderr}"
                        await anyio.sleep(0.1)
                yield served
            process.terminate()
            await process.wait()  # then stderr closes and the drain ends
    finally:
        if process.returncode is None:
            process.kill()
        await process.aclose()
    assert not any("Traceback" in line for line in served.stderr), served.stderr


def _client(url: str, token: str | None) -> tuple[Client, httpx2.AsyncClient]:
    headers = {"Authorization": f"Bearer {token}"} if token else {}
    http = httpx2.AsyncClient(headers=headers, timeout=httpx2.Timeout(30, read=300))
    return Client(streamable_http_client(url, http_client=http)), http


async def _status(url: str, headers: dict[str, str]) -> int:
    async with httpx2.AsyncClient() as http:
        return (await http.post(url, json=INITIALIZE, headers={**MCP_HEADERS, **headers})).status_code


@pytest.mark.anyio
async def test_serve_http_generates_a_token_and_checks_every_request(tmp_path: Path, corpus: Path) -> None:
    async with serving(tmp_path, corpus) as served:
        announced = served.line(TOKEN_LINE)
        assert announced is not None, served.stderr
        token = announced.rsplit(" ", 1)[-1]
        client, http = _client(served.url, token)
        async with http, client:
            names = {t.name for t in (await client.list_tools()).tools}
            result = await client.call_tool(
                "research", {"question": "When did the Harbour Bridge open?", "constraints": {"max_iterations": 4}}
            )
            bad = await client.call_tool("research", {"question": ""})
        anonymous, bare = _client(served.url, None)
        async with bare:
            with pytest.raises(BaseExceptionGroup) as turned_away:  # the SDK's task groups wrap its MCPError
                async with anonymous:
                    pass
        async with httpx2.AsyncClient() as raw:
            refused = await raw.post(served.url, json=INITIALIZE, headers=MCP_HEADERS)
            elsewhere = await raw.get(served.url.replace("/mcp", "/anything"))
            deleted = await raw.delete(served.url, headers={"Authorization": "Bearer nope"})
        statuses = [
            await _status(served.url, {"Authorization": f"Bearer {token}x"}),
            await _status(served.url, {"Authorization": token}),
            await _status(served.url, {"Authorization": f"Basic {token}"}),
            await _status(served.url, {"Authorization": f"bearer {token}"}),
        ]
    assert len(token) >= 32 and {"research", "start_research", "research_status"} <= names
    parsed = ResearchResult.model_validate(result.structured_content)
    assert parsed.claims and "1932" in parsed.answer
    assert bad.is_error and "INVALID_QUERY" in str(bad.content)
    assert turned_away.group_contains(MCPError, depth=None)
    assert refused.status_code == elsewhere.status_code == deleted.status_code == 401
    assert refused.headers["www-authenticate"].startswith("Bearer")
    assert refused.json()["error"] == "UNAUTHORIZED" and "Authorization: Bearer" in refused.json()["suggestion"]
    assert statuses == [401, 401, 401, 200]


@pytest.mark.anyio
@pytest.mark.parametrize("given", ["flag", "environment"])
async def test_serve_http_uses_the_token_it_is_given(tmp_path: Path, corpus: Path, given: str) -> None:
    token = "a-token-chosen-by-the-user-0123456789"
    args, env = (["--token", token], {}) if given == "flag" else ([], {"CONSENSUS_TOKEN": token})
    async with serving(tmp_path, corpus, *args, **env) as served:
        client, http = _client(served.url, token)
        async with http, client:
            names = {t.name for t in (await client.list_tools()).tools}
        wrong = await _status(served.url, {"Authorization": "Bearer a-token-chosen-by-someone-else"})
        missing = await _status(served.url, {})
    assert "research" in names and wrong == missing == 401
    assert served.line(TOKEN_LINE) is None and not any(token in line for line in served.stderr)


@pytest.mark.anyio
async def test_serve_http_without_auth_only_when_asked(tmp_path: Path, corpus: Path) -> None:
    async with serving(tmp_path, corpus, "--no-auth", CONSENSUS_TOKEN="ignored-with-no-auth") as served:
        client, http = _client(served.url, None)
        async with http, client:
            names = {t.name for t in (await client.list_tools()).tools}
    assert "research" in names
    assert served.line("authentication is off") is not None and served.line(TOKEN_LINE) is None


def test_a_busy_port_is_one_line_and_a_non_zero_exit(tmp_path: Path, corpus: Path) -> None:
    with socket.socket() as busy:
        busy.bind(("127.0.0.1", 0))
        busy.listen()
        port = busy.getsockname()[1]
        command = [sys.executable, "-m", "consensus", "serve", "--http", "--port", str(port), "--corpus", str(corpus)]
        done = subprocess.run(command, cwd=PROJECT_ROOT, env=_env(tmp_path), capture_output=True, text=True, timeout=60)
    assert done.returncode == 1
    assert done.stderr.splitlines() == [f"error: port {port} on 127.0.0.1 is busy: pass a free one with --port"]
    assert done.stdout == ""


@pytest.mark.parametrize("flag", [["--token", "t0ken"], ["--no-auth"]])
def test_auth_flags_belong_to_http(flag: list[str], capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["serve", *flag]) == 1
    assert capsys.readouterr().err.splitlines()[0] == "error: --token and --no-auth apply to --http only"


def test_no_auth_and_a_token_together_are_refused(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as raised:
        main(["serve", "--http", "--no-auth", "--token", "t0ken"])
    assert raised.value.code == 2 and "not allowed with argument" in capsys.readouterr().err


@pytest.mark.parametrize("port", ["70000", "-1"])
def test_a_port_out_of_range_is_one_line(port: str, corpus: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["serve", "--http", "--port", port, "--corpus", str(corpus)]) == 1
    assert capsys.readouterr().err.splitlines() == [
        f"error: port {port} is out of range: pass --port from 1 to 65535 (0: any free port)"
    ]
