"""Backend faults: an outage stops the run failed/degraded, failed calls are metered, secrets never stored.

The fake Messages API is the one of ``tests/test_web_debate.py`` (it plays the three roles from what
each request shows), wrapped so that it fails by *state* — once a claim shows as agreed, or on every
decision — never by counting requests.
"""

from __future__ import annotations

import json
import re
import threading
from collections.abc import Callable, Iterator
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any

import anthropic
import httpx
import httpx2
import pytest

import agents.backends
from agents.claude import ClaudeBackend
from agents.sources.tavily import TavilySource
from consensus.cli import main
from consensus.outage import MAX_FAILED_DECISIONS
from consensus.runtime import Researcher
from protocols import BackendError, BackendOutage, ResearchConstraints, ResearchRequest
from store import Repository
from tests.test_claude import make_view, tool_reply, usage
from tests.test_web_debate import FakeClaude, tavily_handler

pytestmark = pytest.mark.anyio

QUESTION = "When did the Harbour Bridge open?"
REQUEST = ResearchRequest(question=QUESTION, constraints=ResearchConstraints(token_budget=200_000, max_iterations=8))
Handler = Callable[[httpx2.Request], httpx2.Response]


def overloaded(request: httpx2.Request) -> httpx2.Response:
    error = {"type": "error", "error": {"type": "overloaded_error", "message": "Overloaded"}}
    return httpx2.Response(529, json=error)


def is_decision(request: httpx2.Request) -> bool:
    return "submit_actions" in {t["name"] for t in json.loads(request.content).get("tools", [])}


def researcher(tmp_path: Path, handler: Handler, **options: Any) -> tuple[Researcher, Repository]:
    http = httpx2.AsyncClient(transport=httpx2.MockTransport(handler))
    client = anthropic.AsyncAnthropic(api_key="test", max_retries=0, http_client=http)
    web = TavilySource("tvly-test", client=httpx.AsyncClient(transport=httpx.MockTransport(tavily_handler)))
    repo = Repository.open(f"sqlite:///{tmp_path / 'faults.db'}")
    return Researcher(repo, ClaudeBackend("test", client=client), web, home=tmp_path, **options), repo


# ------------------------------------------------------------------------------- the outage rule


async def test_decisions_failing_in_a_row_stop_the_run_failed_naming_the_backend(tmp_path: Path) -> None:
    fake = FakeClaude(fabricate_first=False)
    res, repo = researcher(tmp_path, lambda r: overloaded(r) if is_decision(r) else fake.handler(r))
    with pytest.raises(BackendOutage) as raised:
        await res.research(REQUEST)
    exc = raised.value
    assert exc.code == "BACKEND_UNAVAILABLE" and exc.status == "failed"
    expected = f"Claude (claude-sonnet-4-6) failed {MAX_FAILED_DECISIONS} decisions in a row: "
    assert exc.message.startswith(expected) and "(529)" in exc.message
    run = repo.get_run(exc.run_id)
    assert run.status == "failed" and run.error == exc.message
    assert run.iteration == 0  # stopped within the first iteration, not after max_iterations
    trace = (tmp_path / "traces" / f"{run.trace_id}.jsonl").read_text()
    assert '"backend_outage"' in trace


async def test_an_outage_after_agreement_is_degraded_with_the_partial_result(tmp_path: Path) -> None:
    fake = FakeClaude(fabricate_first=False)

    def handler(request: httpx2.Request) -> httpx2.Response:
        agreed = 'status=\\"agreed\\"' in json.dumps(json.loads(request.content)["messages"])
        return overloaded(request) if is_decision(request) and agreed else fake.handler(request)

    res, repo = researcher(tmp_path, handler)
    with pytest.raises(BackendOutage) as raised:
        await res.research(REQUEST)
    exc = raised.value
    assert exc.status == "degraded" and exc.result is not None
    assert [c.statement for c in exc.result.claims] == ["The Harbour Bridge opened in 1932."]
    run = repo.get_run(exc.run_id)
    assert run.status == "degraded" and run.result == exc.result and "Claude (" in (run.error or "")
    # the answer is written from the agreed claims without asking the model that is down
    assert not any("submit_answer" in {t["name"] for t in r.get("tools", [])} for r in fake.requests)
    assert exc.result.answer.startswith("The Harbour Bridge opened in 1932.")


async def test_a_flaky_backend_that_answers_now_and_then_is_not_an_outage(tmp_path: Path) -> None:
    fake = FakeClaude(fabricate_first=False)
    seen: set[str] = set()

    def handler(request: httpx2.Request) -> httpx2.Response:
        # the first decision call of each (role, iteration) fails once; the agent's retry next round works
        body = json.loads(request.content)
        role = re.search(r"Your role: (\w+)", " ".join(b["text"] for b in body["system"]))
        iteration = re.search(r"Iteration (\d+)\.", json.dumps(body["messages"]))
        key = f"{role and role.group(1)}/{iteration and iteration.group(1)}"
        if is_decision(request) and key not in seen:
            seen.add(key)
            return overloaded(request)
        return fake.handler(request)

    res, repo = researcher(tmp_path, handler)
    result = await res.research(REQUEST)
    assert [c.statement for c in result.claims] == ["The Harbour Bridge opened in 1932."]
    assert repo.list_runs(limit=1)[0].status == "completed"


async def test_the_threshold_is_an_option(tmp_path: Path) -> None:
    fake = FakeClaude()
    res, _ = researcher(
        tmp_path, lambda r: overloaded(r) if is_decision(r) else fake.handler(r), max_failed_decisions=3
    )
    with pytest.raises(BackendOutage, match="failed 3 decisions in a row"):
        await res.research(REQUEST)


async def test_a_failed_scope_call_is_a_clean_failure(tmp_path: Path) -> None:
    res, repo = researcher(tmp_path, overloaded)
    with pytest.raises(BackendOutage) as raised:
        await res.research(REQUEST)
    assert raised.value.message.startswith("Claude (claude-sonnet-4-6) failed the scope call: Claude API overloaded")
    assert repo.get_run(raised.value.run_id).error == raised.value.message  # not a repr()


# ------------------------------------------------------------------------------------ metering


async def test_tokens_of_failed_decisions_are_metered(tmp_path: Path) -> None:
    """Each decision's search round is answered (and reports usage); the call after it fails."""
    fake = FakeClaude()

    def handler(request: httpx2.Request) -> httpx2.Response:
        last = json.loads(request.content)["messages"][-1]["content"]
        after_search = isinstance(last, list) and any(b.get("type") == "tool_result" for b in last)
        if not is_decision(request):
            return fake.handler(request)
        if after_search:
            return overloaded(request)
        return fake.reply(request, "search", {"query": "Harbour Bridge opened"})  # counts its usage

    res, repo = researcher(tmp_path, handler)
    with pytest.raises(BackendOutage) as raised:
        await res.research(REQUEST)
    run = repo.get_run(raised.value.run_id)
    assert fake.tokens > 0
    assert run.tokens_used == fake.tokens  # the search rounds of the failed decisions included
    assert raised.value.result is not None and raised.value.result.cost_metadata.tokens_used == fake.tokens


async def test_a_backend_error_carries_the_usage_spent_before_it() -> None:
    answered: list[int] = []

    def handler(request: httpx2.Request) -> httpx2.Response:
        if json.loads(request.content).get("tool_choice", {}).get("type") != "any":
            return overloaded(request)  # the call that must submit fails
        answered.append(130)
        return tool_reply("search", {"query": "q"}, use=usage(123, 7))

    client = anthropic.AsyncAnthropic(
        api_key="test", max_retries=0, http_client=httpx2.AsyncClient(transport=httpx2.MockTransport(handler))
    )

    async def search(query: str, *, limit: int = 5) -> list[Any]:
        return []

    with pytest.raises(BackendError) as raised:
        await ClaudeBackend("test", client=client).decide(make_view(), search)
    assert raised.value.status_code == 529 and len(answered) == 2  # both search rounds
    assert raised.value.usage.total == sum(answered) == 260


# ----------------------------------------------------------------------------- malformed bodies


@pytest.mark.parametrize(
    ("body", "problem"),
    [
        (b'{"id": "msg_1", "content": [', "not JSON"),
        (b"", "not JSON"),
        (b"[]", "not a message object"),
        (b'{"hello": 1}', "no list of content blocks"),
        (
            b'{"type": "message", "content": [{"type": "tool_use", "id": "t", "name": "search", "input": "x"}],'
            b' "usage": {"input_tokens": 1, "output_tokens": 1}}',
            "no id, name or input object",
        ),
        (b'{"type": "message", "content": [], "usage": {}}', "no token usage"),
    ],
)
async def test_a_malformed_body_is_a_backend_error(body: bytes, problem: str) -> None:
    def handler(request: httpx2.Request) -> httpx2.Response:
        return httpx2.Response(200, content=body, headers={"content-type": "application/json"})

    client = anthropic.AsyncAnthropic(
        api_key="test", max_retries=0, http_client=httpx2.AsyncClient(transport=httpx2.MockTransport(handler))
    )

    async def search(query: str, *, limit: int = 5) -> list[Any]:
        return []

    with pytest.raises(BackendError) as raised:
        await ClaudeBackend("test", client=client).decide(make_view(), search)
    assert raised.value.message.startswith("Claude API returned a malformed response: ")
    assert problem in raised.value.message
    assert raised.value.retryable and raised.value.status_code == 200


# --------------------------------------------------------------- the CLI against a loopback server

SECRET = "custom-key-0123456789-do-not-store"  # not key-shaped: only the configured value can catch it


class _EchoingApi(BaseHTTPRequestHandler):
    """A Messages API on loopback: answers the scope call, then echoes the request headers in errors."""

    mode = "echo"

    def do_POST(self) -> None:
        body = json.loads(self.rfile.read(int(self.headers["content-length"])))
        if "submit_scope" in {t["name"] for t in body.get("tools", [])}:
            reply = tool_reply("submit_scope", {"questions": [QUESTION]}).json()
            self._send(200, json.dumps(reply).encode())
        elif self.mode == "malformed":
            self._send(200, b'{"id": "msg_1", "content": [')
        else:
            headers = json.dumps(dict(self.headers.items()))
            error = {"type": "error", "error": {"type": "invalid_request_error", "message": f"echo {headers}"}}
            self._send(400, json.dumps(error).encode())

    def _send(self, status: int, payload: bytes) -> None:
        self.send_response(status)
        self.send_header("content-type", "application/json")
        self.send_header("content-length", str(len(payload)))
        self.end_headers()
        self.wfile.write(payload)

    def log_message(self, format: str, *args: Any) -> None:
        return None


@pytest.fixture
def loopback_api(request: pytest.FixtureRequest, monkeypatch: pytest.MonkeyPatch) -> Iterator[str]:
    handler = type("Api", (_EchoingApi,), {"mode": request.param})
    server = ThreadingHTTPServer(("127.0.0.1", 0), handler)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    monkeypatch.setenv("ANTHROPIC_API_KEY", SECRET)
    monkeypatch.setenv("ANTHROPIC_BASE_URL", f"http://127.0.0.1:{server.server_address[1]}")
    # the SDK's own client, pointed at this loopback server: the one place real requests are allowed
    monkeypatch.setattr(agents.backends, "ALLOW_REAL_REQUESTS", True)
    monkeypatch.delenv("CONSENSUS_FORBID_REAL_REQUESTS")
    try:
        yield request.param
    finally:
        server.shutdown()
        server.server_close()


@pytest.mark.parametrize("loopback_api", ["echo", "malformed"], indirect=True)
def test_cli_research_through_a_failing_api_exits_1_with_one_line_and_no_secret(
    loopback_api: str, tmp_path: Path, capsys: pytest.CaptureFixture[str], caplog: pytest.LogCaptureFixture
) -> None:
    corpus = tmp_path / "corpus"
    corpus.mkdir()
    (corpus / "bridge.md").write_text("The Harbour Bridge opened in 1932 after eight years of construction.\n")
    code = main(["research", QUESTION, "--corpus", str(corpus), "--quiet"])
    out, err = capsys.readouterr()
    assert code == 1
    assert "Traceback" not in err and "JSONDecodeError" not in err
    errors = [line for line in err.splitlines() if line.startswith("error: ")]
    assert len(errors) == 1 and errors[0].startswith("error: Claude (claude-sonnet-4-6) failed 6 decisions in a row")
    assert ("(400)" if loopback_api == "echo" else "malformed response") in errors[0]
    home = Path(__import__("os").environ["CONSENSUS_HOME"])
    stored = [p for p in home.rglob("*") if p.is_file()]
    assert any(p.suffix == ".jsonl" for p in stored) and any(p.name.startswith("consensus.db") for p in stored)
    for path in stored:
        assert SECRET.encode() not in path.read_bytes(), path
    assert SECRET not in out + err + caplog.text
    assert main(["runs"]) == 0
    assert " failed " in capsys.readouterr().out


# ----------------------------------------------------------------------------------- Tavily


@pytest.mark.parametrize("status", [400, 403])
async def test_tavily_refusals_that_echo_the_headers_keep_the_key_out(status: int) -> None:
    key = "custom-tavily-key-0123456789"  # not key-shaped: only the adapter's own key can catch it

    def handler(request: httpx.Request) -> httpx.Response:
        return httpx.Response(status, json={"detail": {"error": f"refused; headers {dict(request.headers.items())}"}})

    async with httpx.AsyncClient(transport=httpx.MockTransport(handler)) as client:
        result = await TavilySource(key, client=client, max_attempts=1).search("bridge", limit=3)
    (denied,) = result.denied
    assert "[REDACTED]" in denied.reason and key not in denied.reason


async def test_tavily_down_fails_the_run_naming_tavily(tmp_path: Path) -> None:
    fake = FakeClaude()
    http = httpx2.AsyncClient(transport=httpx2.MockTransport(fake.handler))
    client = anthropic.AsyncAnthropic(api_key="test", max_retries=0, http_client=http)
    web = httpx.AsyncClient(transport=httpx.MockTransport(lambda r: httpx.Response(401, json={"detail": {}})))
    repo = Repository.open(f"sqlite:///{tmp_path / 'tavily.db'}")
    res = Researcher(repo, ClaudeBackend("test", client=client), TavilySource("tvly-test", client=web), home=tmp_path)
    with pytest.raises(BackendOutage) as raised:
        await res.research(REQUEST)
    assert raised.value.backend == "tavily" and raised.value.status == "failed"
    assert raised.value.message.startswith("Tavily is unavailable: ")
    assert "rejected the API key (401)" in raised.value.message
    assert repo.get_run(raised.value.run_id).status == "failed"


# -------------------------------------------------------------------------------------- MCP


async def test_mcp_research_reports_an_outage_as_backend_unavailable_with_the_partial_result(tmp_path: Path) -> None:
    from mcp import Client

    from consensus.config import Settings
    from consensus.server import build_server
    from tests.test_server import error_of

    fake = FakeClaude(fabricate_first=False)

    def handler(request: httpx2.Request) -> httpx2.Response:
        agreed = 'status=\\"agreed\\"' in json.dumps(json.loads(request.content)["messages"])
        return overloaded(request) if is_decision(request) and agreed else fake.handler(request)

    settings = Settings.from_env(database_url=f"sqlite:///{tmp_path / 'faults.db'}")
    server = build_server(researcher_factory=lambda: researcher(tmp_path, handler)[0], settings=settings)
    async with Client(server, raise_exceptions=True) as client:
        arguments = {"question": QUESTION, "constraints": {"token_budget": 200_000}}
        error = error_of(await client.call_tool("research", arguments))
    assert error["error"] == "BACKEND_UNAVAILABLE" and error["status"] == "degraded"
    assert error["message"].startswith("Claude (claude-sonnet-4-6) failed ")
    assert error["run_id"].startswith("run_")
    assert [c["statement"] for c in error["partial_result"]["claims"]] == ["The Harbour Bridge opened in 1932."]


def test_cli_prints_a_degraded_runs_partial_result_then_one_error_line(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    import consensus.cli
    import consensus.config

    fake = FakeClaude(fabricate_first=False)

    def handler(request: httpx2.Request) -> httpx2.Response:
        agreed = 'status=\\"agreed\\"' in json.dumps(json.loads(request.content)["messages"])
        return overloaded(request) if is_decision(request) and agreed else fake.handler(request)

    res, _ = researcher(tmp_path, handler)
    monkeypatch.setattr(consensus.config, "build_model", lambda settings: res.model)
    monkeypatch.setattr(consensus.config, "build_sources", lambda settings: res.sources)
    code = main(["research", QUESTION, "--token-budget", "200000", "--quiet"])
    out, err = capsys.readouterr()
    assert code == 1
    assert "The Harbour Bridge opened in 1932." in out
    lines = err.splitlines()
    assert lines[0].startswith("run run_") and lines[0].endswith(" stopped degraded")
    assert lines[1].startswith("error: Claude (claude-sonnet-4-6) failed ") and "Traceback" not in err


async def test_the_adapters_own_key_is_redacted_even_when_not_configured(tmp_path: Path) -> None:
    key = "injected-client-key-0123456789"

    def handler(request: httpx2.Request) -> httpx2.Response:
        sent = (request.headers.get("x-api-key") or request.headers["authorization"]).split()[-1]
        # the bare value, with no header name before it: only the adapter's own key can catch it
        error = {"type": "error", "error": {"type": "invalid_request_error", "message": f"the key {sent} is invalid"}}
        return httpx2.Response(400, json=error)

    http = httpx2.AsyncClient(transport=httpx2.MockTransport(handler))
    client = anthropic.AsyncAnthropic(api_key=key, max_retries=0, http_client=http)
    with pytest.raises(BackendError) as raised:
        await ClaudeBackend("", client=client).plan_scope(QUESTION, None, REQUEST.depth)
    assert raised.value.message == "Claude API error (400): the key [REDACTED] is invalid"
