"""The MCP server's edges: strict, always-coded arguments; what the server says about itself; resources of live runs."""

from __future__ import annotations

import importlib.metadata
import json
import uuid
from pathlib import Path
from typing import Any

import pytest

from protocols import ResearchRequest
from store import Repository
from tests.test_server import QUESTION, DebateModel, agreeable, connect, error_of, wait_for


@pytest.fixture
def anyio_backend() -> str:
    return "asyncio"


RESEARCH_ARGUMENTS = ("question", "context", "depth", "constraints")
RUN_TOOLS = ["research_status", "research_result", "cancel_research"]

# every one of these used to reach the client as pydantic text, or to be accepted
MALFORMED: list[tuple[str, dict[str, Any], str]] = [
    ("research", {}, "question"),
    ("start_research", {"context": "no question"}, "question"),
    ("research", {"question": QUESTION, "constraints": {"max_iterations": True}}, "max_iterations"),
    ("research", {"question": QUESTION, "constraints": {"max_iterations": "5"}}, "max_iterations"),
    ("start_research", {"question": QUESTION, "constraints": {"token_budget": 1000.5}}, "token_budget"),
    ("research", {"question": QUESTION, "constraints": {"max_sources": False}}, "max_sources"),
    ("research", {"question": QUESTION, "depht": "deep"}, "depht"),
    ("start_research", {"question": QUESTION, "max_iterations": 3}, "max_iterations"),
    ("research", {"question": QUESTION, "constraints": "max_iterations=3"}, "constraints"),
    ("research", {"question": QUESTION, "depth": 2}, "depth"),
    ("research", {"question": QUESTION, "context": 5}, "context"),
    *[(tool, {}, "run_id") for tool in RUN_TOOLS],
    *[(tool, {"run_id": 7}, "run_id") for tool in RUN_TOOLS],
    *[(tool, {"run_id": None}, "run_id") for tool in RUN_TOOLS],
    *[(tool, {"run_id": ["run_x"]}, "run_id") for tool in RUN_TOOLS],
    *[(tool, {"run_id": "run_x", "verbose": True}, "verbose") for tool in RUN_TOOLS],
]


@pytest.mark.anyio
async def test_every_malformed_call_is_a_coded_error_naming_the_argument(tmp_path: Path, repo: Repository) -> None:
    async with connect(tmp_path, repo) as client:
        for tool, arguments, name in MALFORMED:
            result = await client.call_tool(tool, arguments)
            error = error_of(result)  # raises unless the text after the SDK's prefix is our JSON object
            assert set(error) >= {"error", "message", "suggestion"}, (tool, arguments, error)
            assert error["error"] == "INVALID_QUERY", (tool, arguments, error)
            assert name in error["message"] and error["suggestion"], (tool, arguments, error)
            assert "pydantic" not in str(result.content) and "validation error" not in str(result.content)
        # strict, not broken: a real integer and a null constraints object are still accepted
        done = await client.call_tool("research", {"question": QUESTION, "constraints": {"max_iterations": 3}})
        defaults = await client.call_tool("research", {"question": QUESTION, "constraints": None})
    assert not done.is_error and not defaults.is_error
    assert sorted(r.constraints.max_iterations for r in repo.list_runs()) == [3, 5]


@pytest.mark.anyio
async def test_unknown_arguments_are_named_with_the_accepted_ones(tmp_path: Path, repo: Repository) -> None:
    async with connect(tmp_path, repo) as client:
        research = error_of(await client.call_tool("research", {"question": QUESTION, "depht": "deep", "x": 1}))
        status = error_of(await client.call_tool("research_status", {"run_id": "run_x", "id": "run_x"}))
    assert "depht" in research["message"] and "'x'" in research["message"]
    assert all(name in research["suggestion"] for name in RESEARCH_ARGUMENTS)
    assert "'id'" in status["message"] and "run_id" in status["suggestion"]


@pytest.mark.anyio
async def test_an_unknown_tool_and_an_unmapped_crash_are_coded_too(
    tmp_path: Path, repo: Repository, monkeypatch: pytest.MonkeyPatch
) -> None:
    run = repo.create_run(
        ResearchRequest(question=QUESTION), trace_id=str(uuid.uuid4()), model_id="m", source_backend="memory"
    )

    def crash(*args: object, **kwargs: object) -> None:
        raise RuntimeError("secret internals")

    async with connect(tmp_path, repo) as client:
        unknown = error_of(await client.call_tool("reserch", {"question": QUESTION}))
        monkeypatch.setattr("consensus.server.tools.run_status", crash)  # cancel_research maps no failure of it
        crashed = await client.call_tool("cancel_research", {"run_id": run.id})
    assert unknown["error"] == "INVALID_QUERY" and "research" in unknown["suggestion"]
    assert error_of(crashed)["error"] == "INTERNAL_ERROR" and "secret" not in str(crashed.content)


@pytest.mark.anyio
async def test_constraint_suggestions_name_their_bounds(tmp_path: Path, repo: Repository) -> None:
    cases = [
        ({"max_iterations": 0}, "1", "100"),
        ({"max_iterations": True}, "1", "100"),
        ({"token_budget": 10**9}, "500", "5000000"),
        ({"max_sources": "5"}, "1", "200"),
    ]
    async with connect(tmp_path, repo) as client:
        for constraints, low, high in cases:
            error = error_of(await client.call_tool("research", {"question": QUESTION, "constraints": constraints}))
            (name,) = constraints
            assert f"constraints.{name}" in error["suggestion"], error
            assert f"from {low} to {high}" in error["suggestion"], error
        too_long = error_of(await client.call_tool("research", {"question": "x" * 1501}))
    assert "1 to 1500 characters" in too_long["suggestion"]


@pytest.mark.anyio
async def test_result_resource_of_a_running_run_says_still_running(tmp_path: Path, repo: Repository) -> None:
    model = DebateModel(policy=agreeable, scope=[QUESTION], stall_after_agreement=True)
    async with connect(tmp_path, repo, model=model) as client:
        started = (await client.call_tool("start_research", {"question": QUESTION})).structured_content
        assert started is not None
        await wait_for(client, started["run_id"], lambda s: s["claims_agreed"] == 1)
        read = await client.read_resource(f"consensus://runs/{started['run_id']}/result")
        await client.call_tool("cancel_research", {"run_id": started["run_id"]})
    body = json.loads(read.contents[0].text)  # type: ignore[union-attr]
    assert body["status"] == "running" and body["run_id"] == started["run_id"]
    assert "still running" in body["message"] and "research_status" in body["message"]


@pytest.mark.anyio
async def test_server_info_capabilities_and_descriptions(tmp_path: Path, repo: Repository) -> None:
    async with connect(tmp_path, repo) as client:
        info = client.server_info
        capabilities = client.server_capabilities
        tools = (await client.list_tools()).tools
        templates = (await client.list_resource_templates()).resource_templates
        resources = (await client.list_resources()).resources
    assert info is not None and info.version == importlib.metadata.version("consensus-research")
    assert capabilities.prompts is None and capabilities.tools is not None and capabilities.resources is not None
    described = [t.description for t in tools] + [r.description for r in [*templates, *resources]]
    for description in described:
        assert description and description == description.strip()
        assert not any(line.startswith(" ") for line in description.splitlines()), description
