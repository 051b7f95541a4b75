"""How ``consensus serve`` runs the MCP server: over stdio, or over streamable HTTP behind a bearer token.

Over HTTP the server listens on loopback (127.0.0.1) only, and every HTTP request must carry
``Authorization: Bearer TOKEN``; anything else is answered 401 before it reaches the MCP app. The
token is ``--token``, else ``CONSENSUS_TOKEN``, else one generated at start and announced on stderr.
``--no-auth`` turns the check off and must be asked for explicitly: without a token any process on
the machine can start research (spending API credit) and read every stored run. (Browsers are kept
out either way by the SDK's DNS-rebinding protection, which checks the Host and Origin headers.)

This module does not import ``mcp`` (consensus.server does): it wraps the server's ASGI app.
"""

from __future__ import annotations

import errno
import hmac
import json
import logging
import os
import secrets
import socket
from collections.abc import Callable

import anyio
import uvicorn
from starlette.applications import Starlette
from starlette.types import ASGIApp, Receive, Scope, Send

from consensus.config import Settings
from consensus.server import build_server
from protocols import ConfigurationError, ConsensusError
from store import Repository

__all__ = ["HOST", "TOKEN_ENV", "BearerAuth", "serve"]

logger = logging.getLogger(__name__)

HOST = "127.0.0.1"  # loopback only: never reachable from another machine
TOKEN_ENV = "CONSENSUS_TOKEN"


class BearerAuth:
    """ASGI middleware: an HTTP request without ``Authorization: Bearer TOKEN`` gets 401, nothing more.

    The lifespan passes through (it starts the MCP session manager); websockets are closed (the MCP
    app serves none). Tokens are compared in constant time.
    """

    def __init__(self, app: ASGIApp, token: str) -> None:
        self.app = app
        self._token = token.encode()

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] == "lifespan" or self._authorized(scope):
            await self.app(scope, receive, send)
        elif scope["type"] == "websocket":
            await send({"type": "websocket.close", "code": 1008})
        else:
            await _unauthorized(send)

    def _authorized(self, scope: Scope) -> bool:
        values = [v for k, v in scope.get("headers", []) if k.lower() == b"authorization"]
        if len(values) != 1:
            return False
        scheme, _, credentials = values[0].strip().partition(b" ")
        return scheme.lower() == b"bearer" and hmac.compare_digest(credentials.strip(), self._token)


async def _unauthorized(send: Send) -> None:
    body = json.dumps(
        {
            "error": "UNAUTHORIZED",
            "message": "missing or wrong bearer token",
            "suggestion": f"send the header 'Authorization: Bearer TOKEN' with the token the server printed "
            f"at start (or its --token / {TOKEN_ENV})",
        }
    ).encode()
    headers = [
        (b"content-type", b"application/json"),
        (b"content-length", str(len(body)).encode()),
        (b"www-authenticate", b'Bearer realm="consensus"'),
    ]
    await send({"type": "http.response.start", "status": 401, "headers": headers})
    await send({"type": "http.response.body", "body": body})


def _configuration_problem(settings: Settings) -> str | None:
    if settings.corpus is None and not settings.tavily_api_key:
        return "no source to research: pass --corpus DIR, set CONSENSUS_CORPUS, or set TAVILY_API_KEY"
    if settings.corpus is not None and not settings.corpus.is_dir():
        return f"the corpus {settings.corpus} is not a folder: pass --corpus with a folder of .md/.txt/.html/.csv files"
    return None


def serve(
    *,
    corpus: str | None,
    database_url: str | None,
    http: bool,
    port: int,
    timeout: float | None,
    token: str | None = None,
    no_auth: bool = False,
    announce: Callable[[str], None] = logger.warning,
    resume_orphans: bool = False,
) -> None:
    """Run the MCP server: stdio by default, or streamable HTTP on 127.0.0.1:``port``.

    A store that cannot be opened stops the server at startup (``ConfigurationError``, which the CLI
    prints with its suggestion and a non-zero exit): without a store nothing works. Missing sources
    (no corpus, no Tavily key) do *not* stop it: the problem is logged on stderr, and each research
    call returns a NOT_CONFIGURED tool error with the fix. A server that exits at startup shows up in
    Claude Desktop only as "disconnected", with the reason buried in a log file; a tool error puts the
    fix in the conversation, and the runs and results already stored stay readable meanwhile.

    Args:
        corpus: folder of documents (default: ``CONSENSUS_CORPUS``).
        database_url: store URL (default: from the environment).
        http: serve streamable HTTP instead of stdio.
        port: the HTTP port (0: any free one).
        timeout: wall-clock limit per run in seconds.
        token: the HTTP bearer token (default: ``CONSENSUS_TOKEN``, else a generated one).
        no_auth: serve HTTP without a token (loopback only, and only when asked for).
        announce: where the address and a generated token are told (the CLI passes its stderr printer).
        resume_orphans: at start-up, resume the runs found orphaned in the store.

    Raises:
        ConfigurationError: the store cannot be opened, or a token is given with ``no_auth``.
        ConsensusError: the port cannot be listened on (busy, privileged, out of range).
    """
    if no_auth and token:
        raise ConfigurationError("--no-auth and --token together", suggestion="choose one of them")
    settings = Settings.from_env(corpus=corpus, database_url=database_url)
    Repository.open(settings.database_url).close()
    server = build_server(
        settings=settings, timeout=timeout, resume_orphans=resume_orphans
    )  # also sends logging to stderr
    problem = _configuration_problem(settings)
    if problem:
        logger.warning("not configured: %s (research calls will fail with NOT_CONFIGURED)", problem)
    if not http:
        server.run("stdio")
        return
    app = server.streamable_http_app(host=HOST)  # with the SDK's DNS-rebinding protection for loopback
    _serve_http(app, port, token=token or os.environ.get(TOKEN_ENV) or None, no_auth=no_auth, announce=announce)


def _serve_http(
    app: Starlette, port: int, *, token: str | None, no_auth: bool, announce: Callable[[str], None]
) -> None:
    """Serve ``app`` on loopback ``port``, every request checked for ``token`` (generated when ``None``)."""
    sock = _listen(port)
    announce(f"consensus MCP server on http://{HOST}:{sock.getsockname()[1]}/mcp")
    asgi: ASGIApp = app
    if no_auth:
        announce("authentication is off (--no-auth): any process on this machine can use the server")
    else:
        if token is None:
            token = secrets.token_urlsafe(32)
            announce(f"bearer token (generated; choose one with --token or {TOKEN_ENV}): {token}")
        asgi = BearerAuth(app, token)
    with sock:
        anyio.run(uvicorn.Server(uvicorn.Config(asgi, log_level="info")).serve, [sock])


def _listen(port: int) -> socket.socket:
    """A socket bound to loopback ``port``, so a busy port is one clear error before anything starts."""
    if not 0 <= port <= 65535:
        raise ConsensusError(f"port {port} is out of range: pass --port from 1 to 65535 (0: any free port)")
    sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    try:
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)  # as uvicorn does: TIME_WAIT is not busy
        sock.bind((HOST, port))
    except OSError as exc:
        sock.close()
        if exc.errno == errno.EADDRINUSE:
            raise ConsensusError(f"port {port} on {HOST} is busy: pass a free one with --port") from None
        raise ConsensusError(f"cannot listen on {HOST}:{port} ({exc.strerror or exc}): pass another --port") from None
    return sock
