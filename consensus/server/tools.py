"""The MCP tools and resources: each reads or drives runs through the server's :class:`ServerState`.

Every expected failure leaves here as a coded tool error (:mod:`consensus.toolerrors`); how these
functions are registered into a server is :mod:`consensus.server.assembly`.
"""

from __future__ import annotations

import json
import logging
from collections.abc import Awaitable, Callable
from typing import Any

import anyio
from anyio.abc import TaskStatus
from mcp.server.mcpserver import Context
from mcp.server.mcpserver.exceptions import ResourceNotFoundError

from consensus.reports import load_report, report_json
from consensus.resume import take_over_run
from consensus.runtime import Researcher
from consensus.serverstate import ActiveRun, ServerState, close_backends
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
    parse_arguments,
    run_status,
)
from protocols import ConsensusError, NotFound, ResearchRequest, ResearchResult, redact
from store import RunRecord

__all__ = [
    "Ctx",
    "cancel_research",
    "research",
    "research_result",
    "research_status",
    "resume_in_background",
    "resume_research",
    "run_debate_resource",
    "run_result_resource",
    "start_research",
]

logger = logging.getLogger("consensus.server")


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
    return await _in_background(state, lambda researcher: researcher.open_run(request))


async def resume_research(run_id: RunId, ctx: Ctx, constraints: Constraints = None) -> StartedRun:
    """Continue an interrupted, orphaned, cancelled or budget-stopped run in the background, on this
    server, from the store: its scope, sources, agreed claims and open debates as they were, with
    what is left of its budget (or the constraints given: max_iterations, token_budget,
    max_sources). Claims agreed before stay as they were. Poll research_status(run_id)."""
    state = ctx.request_context.lifespan_context
    return await resume_in_background(state, run_id, budget=constraints)


async def resume_in_background(state: ServerState, run_id: str, *, budget: dict[str, Any] | None) -> StartedRun:
    return await _in_background(state, lambda _: take_over_run(state.repo, run_id, budget=budget))


async def _in_background(state: ServerState, open_run: Callable[[Researcher], Awaitable[RunRecord]]) -> StartedRun:
    """Open a run with a fresh researcher and run it in the server's task group; return its id at once.

    A run that cannot be opened (a coded tool error) closes the researcher's backends first.
    """
    researcher = await _researcher(state)
    try:
        with as_tool_errors():
            run = await open_run(researcher)
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
