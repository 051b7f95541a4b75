"""The MCP server, through the SDK's own client: in memory, and once over stdio in a real subprocess."""

from __future__ import annotations

import json
import os
import socket
import sys
import uuid
from collections.abc import AsyncIterator, Callable, Sequence
from contextlib import asynccontextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import anyio
import pytest
from mcp import Client, StdioServerParameters
from mcp.shared.exceptions import MCPError
from mcp_types import CallToolResult, TextContent

from agents import Decision, SearchTool
from agents.scripted import MemorySource, ScriptedModel
from consensus.config import Settings
from consensus.runtime import Researcher
from consensus.server import build_server
from consensus.serving import serve
from consensus.trace import trace_path
from protocols import (
    Action,
    AgentRole,
    AgentView,
    AgreeClaim,
    AuthenticationError,
    ClaimState,
    ConfigurationError,
    EvidenceQuote,
    ProposeClaim,
    ResearchRequest,
    ResearchResult,
    SourceDocument,
    VoteComplete,
)
from store import Repository

DOCS = [
    SourceDocument(kind="file", locator="a.md", text="The bridge opened in 1932.\nIt carries eight lanes."),
    SourceDocument(kind="file", locator="b.md", text="Opened in 1932, the bridge carries eight lanes of traffic."),
]
QUESTION = "When did the bridge open?"
PROJECT_ROOT = Path(__file__).resolve().parents[1]


@pytest.fixture
def anyio_backend() -> str:
    return "asyncio"


def agreeable(view: AgentView) -> list[Action]:
    """The lead proposes one quoted sentence, the others agree, everyone then votes complete."""
    actions: list[Action] = []
    src = next((s.id for s in view.sources if s.locator == "a.md"), None)
    if view.role is AgentRole.LEAD and src and not view.claims:
        quote = EvidenceQuote(source_id=src, quote="The bridge opened in 1932.")
        actions.append(ProposeClaim(statement="The bridge opened in 1932.", evidence=[quote], scope_index=0))
    for claim in view.claims:
        if claim.status is not ClaimState.AGREED and view.role not in claim.agreed:
            actions.append(AgreeClaim(claim_id=claim.id, revision=claim.revision))
    if view.claims and all(c.status is ClaimState.AGREED for c in view.claims):
        actions.append(VoteComplete(coverage_assessment="done"))
    return actions


@dataclass
class DebateModel(ScriptedModel):
    """Searches before deciding; with ``stall_after_agreement`` it then thinks for a minute (to cancel)."""

    stall_after_agreement: bool = False

    async def decide(self, view: AgentView, search: SearchTool) -> Decision:
        if self.stall_after_agreement and any(c.status is ClaimState.AGREED for c in view.claims):
            await anyio.sleep(60)
        await search("bridge opened 1932")
        return await super().decide(view, search)


class RefusingModel(ScriptedModel):
    async def plan_scope(self, question: str, context: str | None, depth: Any) -> Any:
        raise AuthenticationError("invalid x-api-key", backend="anthropic", suggestion="check ANTHROPIC_API_KEY")


def _settings(tmp_path: Path) -> Settings:
    return Settings.from_env(database_url=f"sqlite:///{tmp_path / 'store.db'}")


@asynccontextmanager
async def connect(
    tmp_path: Path, repo: Repository, *, model: ScriptedModel | None = None, factory: Callable[[], Any] | None = None
) -> AsyncIterator[Client]:
    """An in-memory client of a server whose runs debate over DOCS with a scripted model."""

    def new_researcher() -> Researcher:
        chosen = model or DebateModel(policy=agreeable, scope=[QUESTION])
        return Researcher(repo, chosen, MemorySource(DOCS), home=tmp_path)

    server = build_server(researcher_factory=factory or new_researcher, settings=_settings(tmp_path))
    async with Client(server, raise_exceptions=True) as client:
        yield client


def error_of(result: CallToolResult) -> dict[str, Any]:
    """The JSON error object of a tool error (after the SDK's ``Error executing tool X:`` prefix)."""
    assert result.is_error
    block = result.content[0]
    assert isinstance(block, TextContent)
    assert "Traceback" not in block.text
    error: dict[str, Any] = json.loads(block.text[block.text.index("{") :])
    return error


async def wait_for(client: Client, run_id: str, predicate: Callable[[dict[str, Any]], bool]) -> dict[str, Any]:
    with anyio.fail_after(10):
        while True:
            status: dict[str, Any] | None = (
                await client.call_tool("research_status", {"run_id": run_id})
            ).structured_content
            assert status is not None
            if predicate(status):
                return status
            await anyio.sleep(0.05)


# ---------------------------------------------------------------------------------------------- tools


@pytest.mark.anyio
async def test_tools_carry_the_contract_schemas(tmp_path: Path, repo: Repository) -> None:
    async with connect(tmp_path, repo) as client:
        tools = {t.name: t for t in (await client.list_tools()).tools}
    assert set(tools) == {
        "research",
        "start_research",
        "research_status",
        "research_result",
        "cancel_research",
        "resume_research",
    }
    for name in ("research", "start_research"):
        schema = tools[name].input_schema
        props = schema["properties"]
        assert schema["required"] == ["question"]
        assert (props["question"]["minLength"], props["question"]["maxLength"]) == (1, 1500)
        assert props["question"]["description"]
        assert props["context"]["anyOf"][0]["maxLength"] == 2000
        assert props["depth"]["enum"] == ["shallow", "balanced", "deep"]
        assert props["depth"]["default"] == "balanced"
        constraints = props["constraints"]["anyOf"][0]
        assert constraints["properties"]["max_iterations"]["maximum"] == 100
        assert constraints["properties"]["token_budget"]["minimum"] == 500
        assert constraints["additionalProperties"] is False
    output = tools["research"].output_schema
    assert output is not None
    contract = ResearchResult.model_json_schema()
    assert output["properties"] == contract["properties"]
    assert output["required"] == contract["required"]
    assert tools["research_result"].output_schema == output
    assert tools["research_status"].annotations and tools["research_status"].annotations.read_only_hint


@pytest.mark.anyio
async def test_research_returns_a_valid_result_with_progress(tmp_path: Path, repo: Repository) -> None:
    seen: list[tuple[float, float | None, str | None]] = []

    async def on_progress(progress: float, total: float | None, message: str | None) -> None:
        seen.append((progress, total, message))

    async with connect(tmp_path, repo) as client:
        # a context that is itself JSON text must reach the run as text, not as a decoded list
        args = {"question": QUESTION, "context": '["opened 1932?"]', "depth": "shallow"}
        result = await client.call_tool("research", args, progress_callback=on_progress)
    assert not result.is_error
    parsed = ResearchResult.model_validate(result.structured_content)
    assert [c.statement for c in parsed.claims] == ["The bridge opened in 1932."]
    run = repo.list_runs()[0]
    assert (run.status, run.context, run.result) == ("completed", '["opened 1932?"]', parsed)
    messages = [m or "" for _, _, m in seen]
    assert messages[0].startswith(f"run {run.id}:")
    assert any("claim proposed" in m for m in messages) and any("claim agreed" in m for m in messages)
    values = [p for p, _, _ in seen]
    assert values == sorted(set(values)), "progress must increase with every notification"
    assert values[-1] == seen[-1][1] == run.constraints.max_iterations + 1


BAD_ARGUMENTS: list[tuple[dict[str, Any], str]] = [
    ({"question": ""}, "question"),
    ({"question": "   "}, "question"),
    ({"question": "x" * 1501}, "question"),
    ({"question": 7}, "question"),
    ({"question": QUESTION, "context": "c" * 2001}, "context"),
    ({"question": QUESTION, "depth": "exhaustive"}, "depth"),
    ({"question": QUESTION, "constraints": {"max_iterations": 0}}, "max_iterations"),
    ({"question": QUESTION, "constraints": {"token_budget": 10**9}}, "token_budget"),
    ({"question": QUESTION, "constraints": {"max_sorces": 3}}, "max_sorces"),
]


@pytest.mark.anyio
@pytest.mark.parametrize("tool", ["research", "start_research"])
async def test_bad_input_is_invalid_query_and_creates_no_run(tmp_path: Path, repo: Repository, tool: str) -> None:
    async with connect(tmp_path, repo) as client:
        for arguments, field in BAD_ARGUMENTS:
            error = error_of(await client.call_tool(tool, arguments))
            assert error["error"] == "INVALID_QUERY", arguments
            assert field in error["message"] and error["suggestion"], error
    assert repo.list_runs() == []


@pytest.mark.anyio
async def test_missing_sources_is_not_configured(tmp_path: Path, repo: Repository) -> None:
    server = build_server(settings=_settings(tmp_path))  # the real backends: no corpus, no keys
    async with Client(server, raise_exceptions=True) as client:
        error = error_of(await client.call_tool("research", {"question": QUESTION}))
    assert error["error"] == "NOT_CONFIGURED" and "--corpus" in error["suggestion"]
    assert repo.list_runs() == []


def test_serve_refuses_to_start_without_a_usable_store(tmp_path: Path) -> None:
    with pytest.raises(ConfigurationError) as raised:
        serve(corpus=str(tmp_path), database_url="nosuchdb://x", http=False, port=0, timeout=None)
    assert raised.value.suggestion


@pytest.mark.anyio
async def test_backend_errors_keep_their_code_and_unexpected_ones_hide_details(
    tmp_path: Path, repo: Repository
) -> None:
    async with connect(tmp_path, repo, model=RefusingModel(policy=agreeable)) as client:
        refused = error_of(await client.call_tool("research", {"question": QUESTION}))
    assert refused["error"] == "AUTHENTICATION_FAILED" and refused["suggestion"] == "check ANTHROPIC_API_KEY"
    assert repo.get_run(refused["run_id"]).status == "failed"

    def broken() -> Researcher:
        raise RuntimeError("secret internals")

    async with connect(tmp_path, repo, factory=broken) as client:
        crashed = error_of(await client.call_tool("research", {"question": QUESTION}))
    assert crashed["error"] == "INTERNAL_ERROR" and "secret" not in json.dumps(crashed)


@pytest.mark.anyio
async def test_start_status_result_round_trip(tmp_path: Path, repo: Repository) -> None:
    async with connect(tmp_path, repo) as client:
        started = await client.call_tool("start_research", {"question": QUESTION})
        assert started.structured_content is not None
        assert started.structured_content["status"] == "running"
        run_id = started.structured_content["run_id"]
        status = await wait_for(client, run_id, lambda s: s["status"] != "running")
        result = await client.call_tool("research_result", {"run_id": run_id})
    assert status["status"] == "completed" and status["progress_percent"] == 100
    assert status["claims_agreed"] == 1 and status["elapsed_seconds"] >= 0
    assert status["trace_id"] == started.structured_content["trace_id"]
    parsed = ResearchResult.model_validate(result.structured_content)
    assert repo.get_run(run_id).result == parsed


@pytest.mark.anyio
async def test_cancel_research_keeps_the_partial_result(tmp_path: Path, repo: Repository) -> None:
    model = DebateModel(policy=agreeable, scope=[QUESTION], stall_after_agreement=True)
    async with connect(tmp_path, repo, model=model) as client:
        started = (await client.call_tool("start_research", {"question": QUESTION})).structured_content
        assert started is not None
        run_id = started["run_id"]
        running = await wait_for(client, run_id, lambda s: s["claims_agreed"] == 1 and s["progress_percent"] > 0)
        early = error_of(await client.call_tool("research_result", {"run_id": run_id}))
        cancelled = (await client.call_tool("cancel_research", {"run_id": run_id})).structured_content
        partial = await client.call_tool("research_result", {"run_id": run_id})
    assert running["status"] == "running" and 0 < running["progress_percent"] < 100
    assert early["error"] == "RESEARCH_NOT_COMPLETED" and early["status"] == "running"
    assert "running" in early["message"]
    assert cancelled is not None and cancelled["status"] == "cancelled"
    stored = repo.get_run(run_id)
    assert stored.status == "cancelled" and stored.result is not None
    assert [c.statement for c in stored.result.claims] == ["The bridge opened in 1932."]
    assert stored.result.cost_metadata.budget_exhausted
    assert ResearchResult.model_validate(partial.structured_content) == stored.result


@pytest.mark.anyio
async def test_cancelled_research_call_stores_the_partial_result(tmp_path: Path, repo: Repository) -> None:
    model = DebateModel(policy=agreeable, scope=[QUESTION], stall_after_agreement=True)
    async with connect(tmp_path, repo, model=model) as client:
        with anyio.CancelScope() as scope:

            async def on_progress(progress: float, total: float | None, message: str | None) -> None:
                if "claim agreed" in (message or ""):
                    scope.cancel()  # what a client does when it gives up on a long call

            with anyio.fail_after(10):
                await client.call_tool("research", {"question": QUESTION}, progress_callback=on_progress)
        assert scope.cancelled_caught
    run = repo.list_runs()[0]
    assert run.status == "cancelled" and run.result is not None
    assert [c.statement for c in run.result.claims] == ["The bridge opened in 1932."]


@pytest.mark.anyio
async def test_cancel_research_of_a_research_call_returns_its_partial_result(tmp_path: Path, repo: Repository) -> None:
    model = DebateModel(policy=agreeable, scope=[QUESTION], stall_after_agreement=True)
    run_ids: list[str] = []
    agreed = anyio.Event()
    results: list[CallToolResult] = []

    async def on_progress(progress: float, total: float | None, message: str | None) -> None:
        if (message or "").startswith("run "):
            run_ids.append((message or "").split()[1].rstrip(":"))
        if "claim agreed" in (message or ""):
            agreed.set()

    with anyio.fail_after(15):
        async with connect(tmp_path, repo, model=model) as client, anyio.create_task_group() as tg:

            async def call() -> None:
                results.append(
                    await client.call_tool("research", {"question": QUESTION}, progress_callback=on_progress)
                )

            tg.start_soon(call)
            await agreed.wait()
            cancelled = (await client.call_tool("cancel_research", {"run_id": run_ids[0]})).structured_content
    assert cancelled is not None and cancelled["status"] == "cancelled"
    assert not results[0].is_error
    partial = ResearchResult.model_validate(results[0].structured_content)
    assert len(partial.claims) == 1 and partial == repo.get_run(run_ids[0]).result


@pytest.mark.anyio
async def test_server_shutdown_cancels_background_runs_keeping_their_results(tmp_path: Path, repo: Repository) -> None:
    model = DebateModel(policy=agreeable, scope=[QUESTION], stall_after_agreement=True)
    with anyio.fail_after(15):
        async with connect(tmp_path, repo, model=model) as client:
            started = (await client.call_tool("start_research", {"question": QUESTION})).structured_content
            assert started is not None
            await wait_for(client, started["run_id"], lambda s: s["claims_agreed"] == 1)
    run = repo.get_run(started["run_id"])
    assert run.status == "cancelled" and run.result is not None and len(run.result.claims) == 1


@pytest.mark.anyio
async def test_run_of_a_dead_server_is_reported_interrupted(tmp_path: Path, repo: Repository) -> None:
    orphan = repo.create_run(
        ResearchRequest(question=QUESTION),
        trace_id=str(uuid.uuid4()),
        model_id="scripted-test-model",
        source_backend="memory",
        owner=f"{socket.gethostname()}:999999",
    )
    async with connect(tmp_path, repo) as client:
        assert repo.get_run(orphan.id).status == "interrupted"  # marked when the server started
        status = (await client.call_tool("research_status", {"run_id": orphan.id})).structured_content
        result = await client.call_tool("research_result", {"run_id": orphan.id})
        cancel = (await client.call_tool("cancel_research", {"run_id": orphan.id})).structured_content
        missing = error_of(await client.call_tool("research_status", {"run_id": "run_does_not_exist"}))
    assert status is not None and status["status"] == "interrupted" and status["progress_percent"] == 100
    partial = ResearchResult.model_validate(result.structured_content)  # what it agreed (nothing), marked partial
    assert partial.claims == [] and partial.cost_metadata.budget_exhausted and "partial" in partial.answer
    assert cancel is not None and cancel["status"] == "interrupted" and "not running" in cancel["message"]
    assert missing["error"] == "RUN_NOT_FOUND" and missing["suggestion"]


# ------------------------------------------------------------------------------------------ resources


@pytest.mark.anyio
async def test_resources_list_runs_and_read_result_and_debate(tmp_path: Path, repo: Repository) -> None:
    async with connect(tmp_path, repo) as client:
        await client.call_tool("research", {"question": QUESTION})
        run_id = repo.list_runs()[0].id
        listed = [str(r.uri) for r in (await client.list_resources()).resources]
        templates = [t.uri_template for t in (await client.list_resource_templates()).resource_templates]
        runs = await client.read_resource("consensus://runs")
        result = await client.read_resource(f"consensus://runs/{run_id}/result")
        debate = await client.read_resource(f"consensus://runs/{run_id}/debate")
        with pytest.raises(MCPError, match="no run"):
            await client.read_resource("consensus://runs/run_unknown/result")
    assert listed == ["consensus://runs"]
    assert templates == ["consensus://runs/{run_id}/result", "consensus://runs/{run_id}/debate"]
    assert [r["run_id"] for r in json.loads(_text(runs.contents))] == [run_id]
    ResearchResult.model_validate_json(_text(result.contents))
    exported = json.loads(_text(debate.contents))
    claims = exported["claims"]
    assert [c["statement"] for c in claims] == ["The bridge opened in 1932."]
    actions = [m["action"] for m in claims[0]["debate"]]
    assert actions[0] == "claim_proposed" and "claim_finalized" in actions
    # the same export as `consensus show --format json`: one timestamp key, ISO 8601 in UTC
    assert all(m["timestamp"].endswith("Z") for m in claims[0]["debate"])
    assert "research_turn" in [m["action"] for m in exported["run_messages"]]


def _text(contents: Sequence[Any]) -> str:
    text: str = contents[0].text
    return text


# ------------------------------------------------------------------------------ a real stdio server


@pytest.fixture
def tiny_corpus(tmp_path: Path) -> Path:
    corpus = tmp_path / "corpus"
    corpus.mkdir()
    (corpus / "bridge.md").write_text(
        "# The bridge\n\nThe Harbour Bridge opened to traffic on 19 March 1932. It carries eight lanes.\n"
    )
    (corpus / "history.md").write_text(
        "# City history\n\nAfter eight years of building, the Harbour Bridge opened on 19 March 1932.\n"
    )
    (corpus / "ferries.md").write_text("# Ferries\n\nFerries crossed the harbour before the bridge existed.\n")
    return corpus


@pytest.mark.anyio
async def test_consensus_serve_over_stdio(tmp_path: Path, tiny_corpus: Path) -> None:
    env = {**os.environ, "CONSENSUS_HOME": str(tmp_path / "home")}
    params = StdioServerParameters(
        command=sys.executable,
        args=["-m", "consensus", "serve", "--corpus", str(tiny_corpus)],
        env=env,
        cwd=str(PROJECT_ROOT),
    )
    with anyio.fail_after(30):
        async with Client(params, mode="legacy") as client:
            names = {t.name for t in (await client.list_tools()).tools}
            result = await client.call_tool(
                "research", {"question": "When did the Harbour Bridge open?", "constraints": {"max_iterations": 4}}
            )
    assert {"research", "start_research", "research_status", "research_result", "cancel_research"} <= names
    assert not result.is_error, result.content
    parsed = ResearchResult.model_validate(result.structured_content)
    assert parsed.trace_id and trace_path(tmp_path / "home", parsed.trace_id).exists()


@pytest.mark.anyio
async def test_files_the_corpus_skipped_reach_the_client_as_gaps_and_the_log(
    tmp_path: Path, repo: Repository, caplog: pytest.LogCaptureFixture
) -> None:
    corpus = tmp_path / "corpus"
    corpus.mkdir()
    (corpus / "bridge.md").write_text("# Bridge\n\nThe bridge opened in 1932 after eight years of construction.\n")
    (corpus / "scan.md").write_bytes(b"\x00\x01binary\x00 junk")
    (corpus / "slides.pptx").write_bytes(b"PK\x03\x04")
    settings = Settings.from_env(corpus=corpus, database_url=f"sqlite:///{tmp_path / 'store.db'}", offline=True)
    server = build_server(settings=settings)
    with caplog.at_level("WARNING", logger="consensus.serverstate"):
        async with Client(server, raise_exceptions=True) as client:
            result = await client.call_tool("research", {"question": "When did the bridge open?"})
    assert not result.is_error and result.structured_content is not None
    denied = {g["topic"] for g in result.structured_content["gaps"] if g["category"] == "access_denied"}
    assert {"scan.md", "slides.pptx"} <= denied
    assert any("file(s) skipped" in r.getMessage() for r in caplog.records)
