"""Fault injection: every backend fault against a fake server, and what the run makes of it.

Each row runs one research request through the real adapters (``ClaudeBackend`` over anthropic's
``httpx2`` client, ``TavilySource`` over ``httpx``) whose transports are fake servers. The fake Claude
answers the scope call, then in every decision answers one search round (reporting token usage) and
fails the call after it with the row's fault; the fake Tavily answers searches, or fails them with
the row's fault. A row passes when the run stops ``failed`` (nothing can be agreed through an outage)
with a one-line error naming the backend, the tokens metered equal the tokens the fake server reported,
no traceback was logged, and neither API key appears in the store, the trace, the logs, stderr or
the error a client would be shown.

Run::

    .venv/bin/python bench/faults.py

It ends with one line of ``name=value`` pairs, e.g. ``faults=11 passed=11 leaks=0``.
"""

from __future__ import annotations

import contextlib
import io
import json
import logging
import sys
import tempfile
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import anthropic
import anyio
import httpx
import httpx2

from agents.claude import ClaudeBackend
from agents.sources.tavily import TavilySource
from consensus.runtime import Researcher
from protocols import ConsensusError, ResearchConstraints, ResearchRequest
from store import Repository

CLAUDE_KEY = "sk-ant-bench-SECRET-0123456789abcdef"
TAVILY_KEY = "tvly-bench-SECRET-9876543210fedcba"
QUESTION = "When did the Harbour Bridge open?"
PAGE = "Bridge history\n\nThe Harbour Bridge opened in 1932 after eight years of construction."

Fault = Callable[[Any], Any]  # a request of either client -> a response of that client (or raise)


def _usage(request: httpx2.Request) -> dict[str, int]:
    return {"input_tokens": len(request.content) // 4, "output_tokens": 40}


def _echo_headers(request: Any) -> str:
    return json.dumps({"received_headers": dict(request.headers.items())})


# --------------------------------------------------------------------------- fake Claude


@dataclass
class FakeClaude:
    """Scope answered; each decision: one search round answered, then ``fault`` (None: no fault)."""

    fault: Fault | None
    tokens: int = 0

    def handler(self, request: httpx2.Request) -> httpx2.Response:
        body = json.loads(request.content)
        tools = {t["name"] for t in body.get("tools", [])}
        if "submit_scope" in tools:
            return self._reply(request, "submit_scope", {"questions": [QUESTION]})
        if "submit_answer" in tools:
            return self._reply(request, "submit_answer", {"sentences": []})
        last = body["messages"][-1]["content"]
        after_search = isinstance(last, list) and any(b.get("type") == "tool_result" for b in last)
        if after_search and self.fault is not None:
            return self.fault(request)  # type: ignore[no-any-return]
        if not after_search and body.get("tool_choice", {}).get("type") == "any":
            return self._reply(request, "search", {"query": "Harbour Bridge opened"})
        return self._reply(request, "submit_actions", {"actions": [], "note": "nothing to add"})

    def _reply(self, request: httpx2.Request, name: str, tool_input: dict[str, Any]) -> httpx2.Response:
        usage = _usage(request)
        self.tokens += sum(usage.values())
        content = [{"type": "tool_use", "id": f"toolu_{name}", "name": name, "input": tool_input}]
        message = {"id": "msg_fake", "type": "message", "role": "assistant", "model": "claude-sonnet-4-6"}
        message |= {"content": content, "stop_reason": "tool_use", "stop_sequence": None, "usage": usage}
        return httpx2.Response(200, json=message)


def claude_status(status: int, kind: str) -> Fault:
    def fault(request: httpx2.Request) -> httpx2.Response:
        error = {"type": "error", "error": {"type": kind, "message": f"{kind} (fake)"}}
        return httpx2.Response(status, json=error)

    return fault


def claude_raise(exc: type[Exception], text: str) -> Fault:
    def fault(request: httpx2.Request) -> httpx2.Response:
        raise exc(text)

    return fault


def claude_malformed(request: httpx2.Request) -> httpx2.Response:
    return httpx2.Response(
        200, content=b'{"id": "msg_fake", "content": [', headers={"content-type": "application/json"}
    )


def claude_echo(request: httpx2.Request) -> httpx2.Response:
    error = {"type": "error", "error": {"type": "api_error", "message": "proxy error; " + _echo_headers(request)}}
    return httpx2.Response(500, json=error)


# --------------------------------------------------------------------------- fake Tavily


def tavily_ok(request: httpx.Request) -> httpx.Response:
    result = {"url": "https://history.example.gov/bridge", "title": "Bridge history", "content": PAGE[:60]}
    result |= {"raw_content": PAGE, "score": 0.9, "published_date": None}
    query = json.loads(request.content)["query"]
    return httpx.Response(200, json={"query": query, "results": [result], "response_time": 0.1, "images": []})


def tavily_status(status: int) -> Fault:
    def fault(request: httpx.Request) -> httpx.Response:
        return httpx.Response(status, json={"detail": {"error": f"fake {status}; {_echo_headers(request)}"}})

    return fault


def tavily_timeout(request: httpx.Request) -> httpx.Response:
    raise httpx.ReadTimeout("fake timeout", request=request)


# --------------------------------------------------------------------------- one row


@dataclass
class Row:
    """What one fault did to a run."""

    fault: str
    status: str = "?"
    error: str = ""
    metered: int = 0
    spent: int = 0
    leaks: list[str] = field(default_factory=list)
    problems: list[str] = field(default_factory=list)

    @property
    def passed(self) -> bool:
        return not self.problems and not self.leaks


FAULTS: dict[str, tuple[str, Fault | None, Fault]] = {
    # name: (backend expected in the error, Claude fault, Tavily handler)
    "claude 429": ("Claude (", claude_status(429, "rate_limit_error"), tavily_ok),
    "claude 529": ("Claude (", claude_status(529, "overloaded_error"), tavily_ok),
    "claude 500": ("Claude (", claude_status(500, "api_error"), tavily_ok),
    "claude reset": ("Claude (", claude_raise(httpx2.ReadError, "[Errno 104] Connection reset by peer"), tavily_ok),
    "claude timeout": ("Claude (", claude_raise(httpx2.ReadTimeout, "timed out"), tavily_ok),
    "claude malformed JSON": ("Claude (", claude_malformed, tavily_ok),
    "claude echoes headers": ("Claude (", claude_echo, tavily_ok),
    "tavily 401": ("Tavily", None, tavily_status(401)),
    "tavily 429": ("Tavily", None, tavily_status(429)),
    "tavily 500": ("Tavily", None, tavily_status(500)),
    "tavily timeout": ("Tavily", None, tavily_timeout),
}


async def _research(home: Path, claude: FakeClaude, tavily: Fault) -> tuple[str, str, int]:
    """One run: (stored status, error a client would be shown, tokens metered).

    An exception that is not one of ours is shown as ``escaped NAME``: the edges would print a
    traceback for it.
    """
    http = httpx2.AsyncClient(transport=httpx2.MockTransport(claude.handler))
    client = anthropic.AsyncAnthropic(api_key=CLAUDE_KEY, max_retries=0, http_client=http)
    web = httpx.AsyncClient(transport=httpx.MockTransport(tavily))

    async def no_wait(seconds: float) -> None:
        return None

    model = ClaudeBackend(CLAUDE_KEY, client=client)
    sources = TavilySource(TAVILY_KEY, client=web, max_attempts=2, sleep=no_wait)
    repo = Repository.open(f"sqlite:///{home / 'consensus.db'}")
    researcher = Researcher(repo, model, sources, home=home)
    request = ResearchRequest(question=QUESTION, constraints=ResearchConstraints(token_budget=200_000))
    shown = ""
    try:
        run = await researcher.open_run(request)
        try:
            await researcher.run(run)
        except ConsensusError as exc:
            shown = f"error: {exc.message}"
        except Exception as exc:  # what the edges could not turn into one line
            leaf = exc.exceptions[0] if isinstance(exc, BaseExceptionGroup) else exc
            shown = f"escaped {type(exc).__name__} ({type(leaf).__name__})"
        record = repo.get_run(run.id)
        return record.status, shown or (record.error or ""), record.tokens_used
    finally:
        repo.close()
        await web.aclose()
        await http.aclose()


def _leaks(home: Path, texts: list[str]) -> list[str]:
    found = []
    for path in sorted(p for p in home.rglob("*") if p.is_file()):
        data = path.read_bytes()
        found += [f"{path.name}: {key[:12]}..." for key in (CLAUDE_KEY, TAVILY_KEY) if key.encode() in data]
    for i, text in enumerate(texts):
        found += [f"output {i}: {key[:12]}..." for key in (CLAUDE_KEY, TAVILY_KEY) if key in text]
    return found


def run_fault(name: str) -> Row:
    """Run one fault of :data:`FAULTS` in a fresh data home and check the run."""
    backend, claude_fault, tavily = FAULTS[name]
    row = Row(name)
    claude = FakeClaude(claude_fault)
    logs, stderr = io.StringIO(), io.StringIO()
    handler = logging.StreamHandler(logs)
    handler.setFormatter(logging.Formatter("%(levelname)s %(name)s %(message)s"))
    root = logging.getLogger()
    root.addHandler(handler)
    previous = root.level
    root.setLevel(logging.INFO)
    try:
        with tempfile.TemporaryDirectory() as tmp, contextlib.redirect_stderr(stderr):
            home = Path(tmp)
            row.status, row.error, row.metered = anyio.run(_research, home, claude, tavily)
            row.spent = claude.tokens
            row.leaks = _leaks(home, [row.error, logs.getvalue(), stderr.getvalue()])
    finally:
        root.removeHandler(handler)
        root.setLevel(previous)
    if row.status != "failed":
        row.problems.append(f"status {row.status}, expected failed")
    if backend not in row.error or "\n" in row.error:
        row.problems.append(f"the error does not name {backend.strip(' (')} on one line")
    if row.metered != row.spent:
        row.problems.append(f"metered {row.metered} != spent {row.spent}")
    if "Traceback" in logs.getvalue() + stderr.getvalue() or row.error.startswith("escaped"):
        row.problems.append("an exception escaped or a traceback was logged")
    return row


def main() -> int:
    """Run every fault, print the table and the summary line; exit 1 if a row failed."""
    rows = [run_fault(name) for name in FAULTS]
    header = f"{'fault':<22} {'status':<9} {'tokens metered/spent':<21} {'leaks':<6} {'pass':<5} error shown"
    print(header)
    print("-" * len(header))
    for row in rows:
        tokens = f"{row.metered}/{row.spent}"
        error = row.error if len(row.error) <= 150 else row.error[:147] + "..."
        verdict = "yes" if row.passed else "NO"
        print(f"{row.fault:<22} {row.status:<9} {tokens:<21} {len(row.leaks):<6} {verdict:<5} {error}")
        for problem in row.problems + row.leaks:
            print(f"{'':<22} ! {problem}")
    passed = sum(row.passed for row in rows)
    leaks = sum(len(row.leaks) for row in rows)
    print(f"faults={len(rows)} passed={passed} leaks={leaks}")
    return 0 if passed == len(rows) else 1


if __name__ == "__main__":
    sys.exit(main())
