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

The tools and resources themselves are :mod:`consensus.server.tools`; how they become one strict
server (argument checking, the lifespan that opens the store, registration) is
:mod:`consensus.server.assembly`. How the server is run (stdio, or HTTP behind a bearer token) is
:mod:`consensus.serving`.

This package and :mod:`consensus.toolerrors` (how failures become coded tool errors) are the only
modules that import ``mcp`` (an import-linter contract says so). In stdio mode nothing but protocol messages goes to
stdout; logs go to stderr.
"""

from consensus.server.assembly import build_server
from consensus.serverstate import ServerState

__all__ = ["ServerState", "build_server"]
