"""How the MCP server's failures reach the client: one coded tool error per expected failure.

Only a ``ToolError``'s text reaches an MCP client (any other exception becomes a bare "Error
executing tool X"), so every expected failure is turned into one here: its text is a JSON object
``{"error": CODE, "message": ..., "suggestion": ...}`` (see :mod:`consensus.server` for the codes).
Besides :mod:`consensus.server`, this is the only module that imports ``mcp``.
"""

from __future__ import annotations

import json
import logging
from collections.abc import Iterator
from contextlib import contextmanager

from mcp.server.mcpserver.exceptions import ToolError

from protocols import BackendOutage, ConsensusError, NotFound, redact

__all__ = ["PUBLIC_CODES", "as_tool_errors", "outage_details", "tool_error"]

logger = logging.getLogger("consensus.server")

#: Codes of ConsensusErrors whose message is shown to the client as is.
PUBLIC_CODES = {"INVALID_QUERY", "NOT_CONFIGURED", "BACKEND_UNAVAILABLE", "AUTHENTICATION_FAILED"}


def tool_error(
    code: str,
    message: str,
    suggestion: str | None,
    *,
    prefix: str = "",
    details: dict[str, object] | None = None,
    **extra: object,
) -> ToolError:
    """A tool error whose text is ``{"error": CODE, "message": ..., "suggestion": ..., **details}``."""
    body = {"error": code, "message": redact(message), "suggestion": suggestion, **(details or {}), **extra}
    return ToolError(prefix + json.dumps(body))


def outage_details(exc: BackendOutage) -> dict[str, object]:
    """A stopped run's id and status, and its partial result when something was agreed."""
    partial = exc.result.model_dump(mode="json") if exc.result is not None and exc.result.claims else None
    return {"run_id": exc.run_id, "status": exc.status, "partial_result": partial}


def _leaf(exc: BaseException) -> BaseException:
    while isinstance(exc, BaseExceptionGroup) and len(exc.exceptions) == 1:
        exc = exc.exceptions[0]
    return exc


@contextmanager
def as_tool_errors(run_id: str | None = None) -> Iterator[None]:
    """Turn expected failures into coded tool errors; anything else is logged and reported generically."""
    extra: dict[str, object] = {"run_id": run_id} if run_id else {}
    try:
        yield
    except ToolError:
        raise
    except Exception as raised:
        exc = _leaf(raised)
        if isinstance(exc, NotFound):
            raise tool_error("RUN_NOT_FOUND", exc.message, "read consensus://runs for the ids of recent runs") from None
        if isinstance(exc, BackendOutage):
            extra |= outage_details(exc)
        if isinstance(exc, ConsensusError) and exc.code in PUBLIC_CODES:
            raise tool_error(exc.code, exc.message, exc.suggestion, details=extra) from None
        logger.exception("unexpected failure")
        message = exc.message if isinstance(exc, ConsensusError) else "internal error (details in the server log)"
        stored = " The run's partial result is stored: read it with research_result." if run_id else ""
        raise tool_error("INTERNAL_ERROR", message, "check the server log on stderr." + stored, details=extra) from None
