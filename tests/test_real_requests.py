"""The switch that keeps the suite off the real Claude and Tavily APIs (tests/conftest.py turns it off)."""

from __future__ import annotations

import pytest

import agents.backends
from agents.backends import RealRequestsForbidden, check_real_requests
from agents.claude import ClaudeBackend
from agents.sources.tavily import TavilySource
from protocols import Depth


def test_the_suite_runs_with_real_requests_switched_off() -> None:
    assert agents.backends.ALLOW_REAL_REQUESTS is False
    with pytest.raises(RealRequestsForbidden, match="real tavily request"):
        check_real_requests("tavily")


@pytest.mark.anyio
async def test_claude_with_its_own_client_refuses_to_send() -> None:
    backend = ClaudeBackend("sk-ant-test-not-a-key")
    try:
        with pytest.raises(RealRequestsForbidden, match="real anthropic request"):
            await backend.plan_scope("When did the bridge open?", None, Depth.SHALLOW)
    finally:
        await backend.aclose()


@pytest.mark.anyio
async def test_tavily_with_its_own_client_refuses_to_send() -> None:
    source = TavilySource("tvly-test-not-a-key")
    try:
        with pytest.raises(RealRequestsForbidden, match="real tavily request"):
            await source.search("bridge opening", limit=3)
    finally:
        await source.aclose()


def test_the_environment_switch_reaches_subprocesses(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(agents.backends, "ALLOW_REAL_REQUESTS", True)
    with pytest.raises(RealRequestsForbidden):  # CONSENSUS_FORBID_REAL_REQUESTS=1 from the autouse fixture
        check_real_requests("anthropic")
    monkeypatch.delenv("CONSENSUS_FORBID_REAL_REQUESTS")
    check_real_requests("anthropic")
