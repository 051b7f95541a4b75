"""How the tools and resources of :mod:`consensus.server.tools` become one strict MCP server.

:class:`_StrictServer` turns every failed call into a coded tool error; :func:`build_server` opens
the store in the server's lifespan, marks the runs a stopped server left ``interrupted`` (and
resumes them if asked), and registers the tools and resources with their descriptions.
"""

from __future__ import annotations

import inspect
import logging
from collections.abc import AsyncIterator, Awaitable, Callable
from contextlib import asynccontextmanager
from functools import partial
from typing import Any

import anyio
from mcp.server.mcpserver import MCPServer
from mcp.server.mcpserver.exceptions import ToolError, UnexpectedToolError
from mcp_types import CallToolResult, InputRequiredResult, ToolAnnotations
from pydantic import ValidationError

from consensus.config import Settings
from consensus.owners import process_alive
from consensus.runtime import Researcher
from consensus.server.tools import (
    Ctx,
    cancel_research,
    research,
    research_result,
    research_status,
    resume_in_background,
    resume_research,
    run_debate_resource,
    run_result_resource,
    start_research,
)
from consensus.serverstate import ServerState, default_researcher, package_version
from consensus.toolerrors import tool_error
from consensus.tooltypes import check_arguments, invalid_arguments, runs_json
from protocols import InvalidRequest
from store import Repository

__all__ = ["build_server"]

logger = logging.getLogger("consensus.server")


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
            await resume_in_background(state, run_id, budget=None)
            logger.warning("resumed orphaned run %s", run_id)
        except ToolError as exc:
            logger.warning("could not resume orphaned run %s: %s", run_id, exc)
