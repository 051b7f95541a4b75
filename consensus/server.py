"""The MCP server: the ``research`` tool, long-run tools, and read-only resources over the store.

Tools:
    research          debate a question to a ResearchResult (progress notifications; cancelling the
                      call keeps what was agreed: the run is stored ``cancelled`` with its partial result)
    start_research    the same, in the background: returns a run id at once
    research_status   a run's state, progress and claim counts, read from the store
    research_result   a finished (or cancelled) run's ResearchResult
    cancel_research   stop a background run; it keeps its partial result

Resources: ``consensus://runs``, ``consensus://runs/{run_id}/result``, ``consensus://runs/{run_id}/debate``.

Every expected failure is a tool error whose text, after the SDK's ``Error executing tool NAME:``
prefix, is a JSON object ``{"error": CODE, "message": ..., "suggestion": ...}`` with CODE one of
INVALID_QUERY, NOT_CONFIGURED, BACKEND_UNAVAILABLE, AUTHENTICATION_FAILED, RUN_NOT_FOUND,
RESEARCH_NOT_COMPLETED, INTERNAL_ERROR. Nothing is created before a request is valid. Arguments are
strict: unknown or missing ones, and values of the wrong JSON type (``true`` or ``"5"`` for an
integer), are INVALID_QUERY errors whose suggestion says what each argument accepts.

How the server is run (stdio, or HTTP behind a bearer token) is :mod:`consensus.serving`.

This module and :mod:`consensus.toolerrors` (how failures become coded tool errors) are the only
ones that import ``mcp`` (an import-linter contract says so). In stdio mode nothing but protocol messages goes to
stdout; logs go to stderr.
"""

from __future__ import annotations

import inspect
import json
import logging
from collections.abc import AsyncIterator, Awaitable, Callable
from contextlib import asynccontextmanager
from functools import partial
from typing import Any

import anyio
from anyio.abc import TaskStatus
from mcp.server.mcpserver import Context, MCPServer
from mcp.server.mcpserver.exceptions import ResourceNotFoundError, ToolError, UnexpectedToolError
from mcp_types import CallToolResult, InputRequiredResult, ToolAnnotations
from pydantic import ValidationError

from consensus.config import Settings
from consensus.owners import process_alive
from consensus.reports import load_report, report_json
from consensus.resume import take_over_run
from consensus.runtime import Researcher
from consensus.serverstate import ActiveRun, ServerState, close_backends, default_researcher, package_version
from consensus.toolerrors import as_tool_errors, tool_error
from consensus.tooltypes import (
    Constraints,
    ContextText,
    DepthName,
    ProgressRelay,
    Question,
    RunId,
    RunStatus,
    StartedRun,
    check_arguments,
    invalid_arguments,
    parse_arguments,
    run_status,
    runs_json,
)
from protocols import ConsensusError, InvalidRequest, NotFound, ResearchRequest, ResearchResult, redact
from store import Repository, RunRecord

__all__ = ["ServerState", "build_server"]

logger = logging.getLogger(__name__)

CANCEL_WAIT_SEC = 30.0  # how long cancel_research waits for a run to store its partial result


Ctx = Context[ServerState, Any]


def _parse(question: object, context: object, depth: object, constraints: object) -> ResearchRequest:
    with as_tool_errors():
        return parse_arguments(question, context, depth, constraints)


async def _researcher(state: ServerState) -> Researcher:
    with as_tool_errors():
        return await state.new_researcher()


# ------------------------------------------------------------------ tools


async def research(
    question: Question,
    ctx: Ctx,
    context: ContextText = None,
    depth: DepthName = "balanced",
    constraints: Constraints = None,
) -> ResearchResult:
    """Research a question with three agents that debate every claim before it is accepted.

    A lead proposes claims quoted verbatim from the sources, a skeptic challenges them, a data
    researcher checks every number, date and name. Only claims all three agree on reach the answer;
    contested and unsupported points come back as gaps. Progress is notified as claims are agreed.
    Cancelling the call stops the debate and keeps what was agreed: research_result(run_id) returns
    it (the run id is in the first progress message and in consensus://runs).
    For long research, use start_research and poll research_status instead.
    """
    request = _parse(question, context, depth, constraints)
    state = ctx.request_context.lifespan_context
    researcher = await _researcher(state)
    researcher.progress = ProgressRelay(ctx.report_progress)
    try:
        with as_tool_errors():
            run = await researcher.open_run(request)
        with as_tool_errors(run.id), anyio.CancelScope() as scope:
            state.active[run.id] = ActiveRun(scope)
            try:
                return await researcher.run(run)
            finally:
                state.active.pop(run.id).done.set()
        # stopped by cancel_research, not by our caller: hand back the partial result it stored
        return await _stored_result(state, run.id)
    finally:
        await close_backends(researcher)


async def start_research(
    question: Question,
    ctx: Ctx,
    context: ContextText = None,
    depth: DepthName = "balanced",
    constraints: Constraints = None,
) -> StartedRun:
    """Start researching a question in the background and return its run_id at once.

    Same parameters and debate as research. Poll research_status(run_id) for progress, then
    read research_result(run_id). cancel_research(run_id) stops it and keeps what was agreed.
    """
    request = _parse(question, context, depth, constraints)
    state = ctx.request_context.lifespan_context
    researcher = await _researcher(state)
    try:
        with as_tool_errors():
            run = await researcher.open_run(request)
    except BaseException:
        await close_backends(researcher)
        raise
    await state.task_group.start(_run_in_background, state, researcher, run)
    return StartedRun(run_id=run.id, trace_id=run.trace_id)


async def resume_research(run_id: RunId, ctx: Ctx, constraints: Constraints = None) -> StartedRun:
    """Continue an interrupted, orphaned, cancelled or budget-stopped run in the background, on this
    server, from the store: its scope, sources, agreed claims and open debates as they were, with
    what is left of its budget (or the constraints given: max_iterations, token_budget,
    max_sources). Claims agreed before stay as they were. Poll research_status(run_id)."""
    state = ctx.request_context.lifespan_context
    return await _resume_in_background(state, run_id, budget=constraints)


async def _resume_in_background(state: ServerState, run_id: str, *, budget: dict[str, Any] | None) -> StartedRun:
    researcher = await _researcher(state)
    try:
        with as_tool_errors():
            run = await take_over_run(state.repo, run_id, budget=budget)
    except BaseException:
        await close_backends(researcher)
        raise
    await state.task_group.start(_run_in_background, state, researcher, run)
    return StartedRun(run_id=run.id, trace_id=run.trace_id)


async def _run_in_background(
    state: ServerState, researcher: Researcher, run: RunRecord, *, task_status: TaskStatus[None]
) -> None:
    with anyio.CancelScope() as scope:
        active = state.active[run.id] = ActiveRun(scope)
        task_status.started()
        try:
            await researcher.run(run)  # stores the result (or the partial one) whatever happens
        except ConsensusError as exc:  # stored with the run (failed/degraded): one line in the log
            logger.warning("background run %s stopped: %s", run.id, redact(exc.message))
        except Exception:  # a failure must not take the server's task group down; the run says failed
            logger.exception("background run %s failed", run.id)
        finally:
            state.active.pop(run.id, None)
            await close_backends(researcher)
            active.done.set()


async def research_status(run_id: RunId, ctx: Ctx) -> RunStatus:
    """Report a run's state: status, progress percent, current action, claims agreed / pending /
    rejected, tokens used and elapsed time. Works for any run in the store, across restarts."""
    state = ctx.request_context.lifespan_context
    with as_tool_errors():
        return run_status(await state.load(run_id))


async def research_result(run_id: RunId, ctx: Ctx) -> ResearchResult:
    """Return a run's ResearchResult: the cross-checked answer, citations with verbatim excerpts,
    gaps, discoveries, open questions and confidence. A cancelled or interrupted run returns its
    partial result (what was agreed; the answer says it is partial); a run still in progress is a
    RESEARCH_NOT_COMPLETED error (poll research_status)."""
    state = ctx.request_context.lifespan_context
    return await _stored_result(state, run_id)


async def cancel_research(run_id: RunId, ctx: Ctx) -> RunStatus:
    """Cancel a running research run. The agents stop, what was agreed is kept, and the run is
    stored as cancelled with its partial result. A run another server (sharing the store) is
    running is asked to stop through the store; its status is returned either way."""
    state = ctx.request_context.lifespan_context
    with as_tool_errors():
        record = await state.db(state.repo.get_run, run_id)
    active = state.active.get(record.id)
    if active is None:
        if record.status != "running":
            return run_status(await state.load(record.id), note="not running; nothing to cancel. ")
        with as_tool_errors():
            return run_status(await state.cancel_elsewhere(record.id, wait=CANCEL_WAIT_SEC))
    active.scope.cancel()
    with anyio.move_on_after(CANCEL_WAIT_SEC):
        await active.done.wait()
    with as_tool_errors():
        return run_status(await state.load(record.id))


async def _stored_result(state: ServerState, run_id: str) -> ResearchResult:
    with as_tool_errors():
        record = await state.load(run_id)
        result = await state.result_of(record)
    if result is not None:
        return result
    status = run_status(record)
    raise tool_error(
        "RESEARCH_NOT_COMPLETED",
        f"run {record.id} is {record.status} ({status.progress_percent}% done, {status.current_action}); "
        + ("no result yet" if record.status == "running" else "it stopped before storing a result"),
        status.message,
        run_id=record.id,
        status=record.status,
    )


# ------------------------------------------------------------------ resources


async def run_result_resource(run_id: str, ctx: Ctx) -> str:
    """The run's ResearchResult as JSON (a cancelled or interrupted run's partial result included).

    A run without a result yet (still running, or stopped before storing one) reads as its status,
    whose message says so and what to do: a normal answer, not a protocol error.
    """
    state = ctx.request_context.lifespan_context
    try:
        record = await state.load(run_id)
    except NotFound as exc:
        raise ResourceNotFoundError(exc.message) from None
    result = await state.result_of(record)
    if result is not None:
        return result.model_dump_json(indent=2)
    note = "still running: no result yet. " if record.status == "running" else "no result: it stopped before one. "
    return run_status(record, note=note).model_dump_json(indent=2)


async def run_debate_resource(run_id: str, ctx: Ctx) -> str:
    """Every claim of the run with its debate: proposal, challenges, refinements, votes, finalization."""
    state = ctx.request_context.lifespan_context
    try:
        report = await state.db(load_report, state.repo, run_id)
    except NotFound as exc:
        raise ResourceNotFoundError(exc.message) from None
    return json.dumps(report_json(report), indent=2, ensure_ascii=False)


# ------------------------------------------------------------------ assembly


class _StrictServer(MCPServer[ServerState]):
    """An MCPServer whose every failed call is a coded tool error.

    The SDK ignores unknown arguments and reports its own validation failures (a missing or
    wrong-typed argument) as pydantic text; here both become INVALID_QUERY errors. A crash the
    tools did not map (the SDK's bare "Error executing tool X") becomes INTERNAL_ERROR, logged here.
    """

    async def call_tool(
        self, name: str, arguments: dict[str, Any], context: Ctx | None = None
    ) -> CallToolResult | InputRequiredResult:
        schema = next((t.input_schema for t in await self.list_tools() if t.name == name), None)
        prefix = f"Error executing tool {name}: "  # the SDK's, as on the errors tools raise themselves
        if schema is None:
            tools = ", ".join(t.name for t in await self.list_tools())
            raise tool_error("INVALID_QUERY", f"no tool named {name!r}", f"call one of: {tools}", prefix=prefix)
        try:
            check_arguments(arguments, schema)
            return await super().call_tool(name, arguments, context)
        except InvalidRequest as exc:
            raise tool_error(exc.code, exc.message, exc.suggestion, prefix=prefix) from None
        except UnexpectedToolError as exc:  # checked first: a bad return value is a ValidationError too
            logger.error("tool %s crashed", name, exc_info=exc.__cause__)
            hidden = "internal error (details in the server log)"
            raise tool_error("INTERNAL_ERROR", hidden, "check the server log on stderr.", prefix=prefix) from None
        except ToolError as exc:
            if not isinstance(exc.__cause__, ValidationError):
                raise
            refused = invalid_arguments(exc.__cause__, schema)
            raise tool_error(refused.code, refused.message, refused.suggestion, prefix=prefix) from None


def _described(fn: Callable[..., Any]) -> str:
    """A function's docstring without its indentation (a tool's or resource's description)."""
    return inspect.cleandoc(fn.__doc__ or "")


def build_server(
    *,
    researcher_factory: Callable[[], Researcher] | None = None,
    settings: Settings | None = None,
    timeout: float | None = None,
    resume_orphans: bool = False,
) -> MCPServer[ServerState]:
    """The consensus MCP server.

    Args:
        researcher_factory: builds a fresh Researcher for each run, in a worker thread (the server
            sets its progress callback). Default: backends from ``settings`` over the repository the
            server opened. A Researcher it returns must use the store at ``settings.database_url``.
        settings: configuration (default: from the environment, as the CLI reads it).
        timeout: wall-clock limit per run in seconds (the run keeps a partial result).
        resume_orphans: at start-up, resume the runs found orphaned (their owner's lease expired).
    """
    settings = settings or Settings.from_env()
    published: list[ServerState] = []  # static resources get no Context: the lifespan publishes its state here

    @asynccontextmanager
    async def lifespan(_: MCPServer[ServerState]) -> AsyncIterator[ServerState]:
        repo = await anyio.to_thread.run_sync(Repository.open, settings.database_url)
        try:
            gone = await anyio.to_thread.run_sync(repo.mark_interrupted, process_alive)
            if gone:
                logger.warning("marked %d run(s) interrupted: their server stopped: %s", len(gone), ", ".join(gone))
            factory: Callable[[], Awaitable[Researcher]] = partial(default_researcher, settings, repo, timeout)
            if researcher_factory is not None:
                factory = partial(anyio.to_thread.run_sync, researcher_factory)
            async with anyio.create_task_group() as tg:
                state = ServerState(repo=repo, settings=settings, new_researcher=factory, task_group=tg)
                published.append(state)
                if resume_orphans:
                    await _resume_orphans(state, gone)
                try:
                    yield state
                finally:
                    published.remove(state)
                    tg.cancel_scope.cancel()  # background runs store their partial results as cancelled
        finally:
            repo.close()

    server = _StrictServer(
        "consensus",
        version=package_version(),
        instructions=(
            "Cross-checked research: three agents debate every claim against verbatim source excerpts. "
            "Use research for a quick answer, or start_research + research_status + research_result "
            "when the client may time out long calls."
        ),
        lifespan=lifespan,
    )
    # MCPServer registers prompt handlers whether or not there are prompts, and the SDK advertises a
    # capability for every handler; with none to offer, drop them (no public API for this).
    for method in ("prompts/list", "prompts/get"):
        server._lowlevel_server._request_handlers.pop(method, None)
    _add_tools(server)
    _add_resources(server, published)
    return server


def _add_tools(server: MCPServer[ServerState]) -> None:
    researching = ToolAnnotations(destructive_hint=False, open_world_hint=True)  # adds a run; deletes nothing
    readonly = ToolAnnotations(read_only_hint=True, idempotent_hint=True, open_world_hint=False)
    stopping = ToolAnnotations(destructive_hint=False, idempotent_hint=True, open_world_hint=False)
    tools: list[tuple[Callable[..., Any], str, ToolAnnotations]] = [
        (research, "Research (debated, cited)", researching),
        (start_research, "Start research in the background", researching),
        (research_status, "Research status", readonly),
        (research_result, "Research result", readonly),
        (cancel_research, "Cancel research", stopping),
        (resume_research, "Resume research in the background", researching),
    ]
    for fn, title, hints in tools:
        server.add_tool(fn, title=title, description=_described(fn), annotations=hints)


def _add_resources(server: MCPServer[ServerState], published: list[ServerState]) -> None:
    @server.resource("consensus://runs", name="runs", mime_type="application/json")
    def runs() -> str:
        """Recent research runs (newest first) with status, progress and claim counts."""
        return runs_json(published[-1].repo)

    for uri, name, fn in [
        ("consensus://runs/{run_id}/result", "run_result", run_result_resource),
        ("consensus://runs/{run_id}/debate", "run_debate", run_debate_resource),
    ]:
        server.resource(uri, name=name, description=_described(fn), mime_type="application/json")(fn)


async def _resume_orphans(state: ServerState, run_ids: list[str]) -> None:
    """Resume the runs start-up found orphaned; one that cannot be resumed is logged, not fatal."""
    for run_id in run_ids:
        try:
            await _resume_in_background(state, run_id, budget=None)
            logger.warning("resumed orphaned run %s", run_id)
        except ToolError as exc:
            logger.warning("could not resume orphaned run %s: %s", run_id, exc)
