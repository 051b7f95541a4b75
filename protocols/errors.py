"""The one error hierarchy of consensus.

Every failure we expect is a subclass of :class:`ConsensusError`; the edges (CLI, MCP server) turn
these into one-line messages or tool errors, so a user never sees a traceback for a mistake of theirs.

    ConsensusError
    ├── InvalidRequest            bad input from the caller (a field and its limit)
    ├── ConfigurationError        missing key, missing corpus, bad database URL
    ├── BackendError              a model or source backend failed (``retryable`` says if worth retrying)
    │   ├── AuthenticationError   the backend refused our credentials
    │   └── BackendOutage         a run stopped because its backend kept failing (carries the partial result)
    ├── InvalidAgentOutput        an agent returned something that is not a valid action
    ├── IllegalTransition         an event that the claim lifecycle forbids in the claim's state
    ├── ProtocolViolation         an action that breaks a consensus rule (wrong turn, bad excerpt, ...)
    ├── StaleVersionError         optimistic-lock conflict: somebody changed the row first
    ├── NotFound                  unknown run, claim or trace id
    └── SchemaMismatch            the database was made by an incompatible schema version
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from protocols.usage import TokenUsage

if TYPE_CHECKING:  # the contract imports this module: a runtime import would be circular
    from protocols.contract import ResearchResult

__all__ = [
    "AuthenticationError",
    "BackendError",
    "BackendOutage",
    "ConfigurationError",
    "ConsensusError",
    "IllegalTransition",
    "InvalidAgentOutput",
    "InvalidRequest",
    "NotFound",
    "ProtocolViolation",
    "SchemaMismatch",
    "StaleVersionError",
    "StoreFault",
]


class ConsensusError(Exception):
    """Root of every error consensus raises on purpose.

    Attributes:
        code: a stable machine-readable code (used by the MCP server's tool errors).
        suggestion: what the user can do about it, when we know.
    """

    code = "INTERNAL_ERROR"

    def __init__(self, message: str, *, suggestion: str | None = None) -> None:
        super().__init__(message)
        self.message = message
        self.suggestion = suggestion


class InvalidRequest(ConsensusError):
    """The caller's request breaks a limit of the research contract."""

    code = "INVALID_QUERY"


class ConfigurationError(ConsensusError):
    """consensus is not configured to do what was asked (no key, no corpus, bad URL)."""

    code = "NOT_CONFIGURED"


class BackendError(ConsensusError):
    """A model or source backend failed.

    The message must already be redacted (:func:`protocols.redact.redact`): adapters build it from
    vendor text, which may echo request headers.

    Attributes:
        retryable: True when the same call may succeed later (429, 5xx, timeout).
        backend: which backend failed, e.g. ``"anthropic"`` or ``"tavily"``.
        usage: the tokens the failed operation had already spent before it failed (e.g. the search
            rounds of a decision that were answered before its last call failed); the runtime
            meters them so the budget stays honest.
    """

    code = "BACKEND_UNAVAILABLE"

    def __init__(
        self,
        message: str,
        *,
        backend: str,
        retryable: bool = False,
        status_code: int | None = None,
        suggestion: str | None = None,
        usage: TokenUsage | None = None,
    ) -> None:
        super().__init__(message, suggestion=suggestion)
        self.backend = backend
        self.retryable = retryable
        self.status_code = status_code
        self.usage = usage or TokenUsage()


class AuthenticationError(BackendError):
    """The backend refused our credentials; retrying cannot help."""

    code = "AUTHENTICATION_FAILED"


class BackendOutage(BackendError):
    """A run was stopped because a backend kept failing; the run is stored ``failed`` or ``degraded``.

    Attributes:
        run_id: the run that stopped.
        status: ``"failed"`` (nothing agreed) or ``"degraded"`` (a partial result was agreed).
        result: the result stored with the run (partial when ``degraded``), or None.
    """

    def __init__(
        self,
        message: str,
        *,
        backend: str,
        run_id: str,
        status: str,
        result: ResearchResult | None = None,
        suggestion: str | None = None,
    ) -> None:
        super().__init__(message, backend=backend, retryable=True, suggestion=suggestion)
        self.run_id = run_id
        self.status = status
        self.result = result


class InvalidAgentOutput(ConsensusError):
    """An agent (usually a model) returned output that is not a valid action."""

    code = "INVALID_AGENT_OUTPUT"


class IllegalTransition(ConsensusError):
    """The claim lifecycle does not allow this event in the claim's current state."""

    code = "ILLEGAL_TRANSITION"


class ProtocolViolation(ConsensusError):
    """An action breaks a rule of the consensus protocol (turn order, excerpt not in source, ...)."""

    code = "PROTOCOL_VIOLATION"


class StaleVersionError(ConsensusError):
    """A compare-and-swap write lost: the row's version moved since it was read."""

    code = "STALE_VERSION"


class NotFound(ConsensusError):
    """An id (run, claim, trace) that the store does not know."""

    code = "NOT_FOUND"


class SchemaMismatch(ConsensusError):
    """The database was created by an incompatible version of consensus."""

    code = "SCHEMA_MISMATCH"


class StoreFault(ConsensusError):
    """The store cannot be used as it is: disk full, I/O error, damaged, read-only, or unexpected schema.

    Raised by :mod:`store.faults`, which translates driver errors into it at the store's boundary.

    Attributes:
        kind: ``disk_full``, ``io_error``, ``corrupt``, ``read_only``, ``cannot_open`` or ``schema``.
    """

    code = "STORE_FAULT"

    def __init__(self, message: str, *, kind: str, suggestion: str | None = None) -> None:
        super().__init__(message, suggestion=suggestion)
        self.kind = kind
