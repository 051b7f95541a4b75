"""Translating the anthropic SDK's failures into ours, and keeping spend-limit 429s out of its retries.

The SDK owns transport retries (408, 409, 429, 5xx, 529, timeouts, dropped connections; honouring
``retry-after``). What it finally raises is translated by :func:`translate`:

    anthropic.AuthenticationError (401), PermissionDeniedError (403)  -> AuthenticationError
    PaymentRequiredError (402), a 400/429 that says credit/spend limit -> BackendError(retryable=False)
    RateLimitError (429), InternalServerError (5xx, 529 overloaded),
    408, 409, APITimeoutError, APIConnectionError                     -> BackendError(retryable=True)
    any other status (400, 404, 413, 422 ...)                          -> BackendError(retryable=False)

A 200 whose body is not JSON, or not shaped like a message, is :func:`malformed_response`
(``BackendError(retryable=True)``): the SDK does not check the shape, so :mod:`agents.claude` does.
Every message is passed through :func:`protocols.redact` (with the client's key) before it leaves,
because an endpoint or a proxy may echo the request headers in its error body.

A 429 whose body says the spend limit is reached would be retried by the SDK like any 429, although
waiting cannot help: :func:`no_retry_when_out_of_credit`, installed as SDK middleware, marks such a
response ``x-should-retry: false`` (the SDK's own signal), so it fails at once.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

import anthropic
from anthropic import APIRequest, AsyncAPIResponse, AsyncCallNext

from protocols import AuthenticationError, BackendError, TokenUsage, redact

__all__ = ["malformed_response", "no_retry_when_out_of_credit", "translate"]

_BACKEND = "anthropic"
_MESSAGE_LIMIT = 400  # an echoed request can be long; what matters comes first
_SPEND_LIMIT_CODES = frozenset(
    {"contract_spend_limit_reached", "enforced_spend_limit_reached", "linked_organization_spend_limit_reached"}
)
_SPEND_LIMIT_WORDS = ("spend limit", "usage limit", "credit balance", "billing")


def _error_message(body: object) -> str:
    error = body.get("error") if isinstance(body, dict) else None
    message = error.get("message") if isinstance(error, dict) else None
    return message if isinstance(message, str) else ""


def _spend_limit_reached(body: object) -> bool:
    """Whether an error body says the organisation is out of credit (waiting will not help)."""
    error = body.get("error") if isinstance(body, dict) else None
    details = error.get("details") if isinstance(error, dict) else None
    code = details.get("error_code") if isinstance(details, dict) else None
    if code in _SPEND_LIMIT_CODES:
        return True
    message = _error_message(body).lower()
    return any(word in message for word in _SPEND_LIMIT_WORDS)


async def no_retry_when_out_of_credit(request: APIRequest, call_next: AsyncCallNext) -> AsyncAPIResponse[Any]:
    """SDK middleware: mark a spend-limit 429 final, so the SDK's retry loop does not repeat it.

    ``x-should-retry`` is the SDK's own signal for this; the SDK still raises its typed error.
    """
    response = await call_next(request)
    raw = response.http_response
    if raw.status_code == 429 and "x-should-retry" not in raw.headers:
        await raw.aread()
        try:
            body: object = raw.json()
        except ValueError:
            body = None
        if _spend_limit_reached(body):
            raw.headers["x-should-retry"] = "false"
    return response


def malformed_response(problem: str, *, usage: TokenUsage | None = None) -> BackendError:
    """Our error for a 200 response whose body is not a well-formed message.

    Args:
        problem: what is wrong with it (no vendor text: it is not redacted here).
        usage: the tokens the conversation had spent before this response.
    """
    return BackendError(
        f"Claude API returned a malformed response: {problem}",
        backend=_BACKEND,
        retryable=True,
        status_code=200,
        suggestion="try again later; if it persists, check ANTHROPIC_BASE_URL or any proxy in between",
        usage=usage,
    )


def translate(
    exc: anthropic.AnthropicError, *, secrets: Iterable[str | None] = (), usage: TokenUsage | None = None
) -> BackendError:
    """Our error for what the SDK raised after its own retries, its message redacted.

    Args:
        exc: what the SDK raised.
        secrets: values to redact besides the configured keys (the client's own key).
        usage: the tokens the failed operation had spent before this call failed.
    """
    error = _translate(exc)
    message = redact(error.message, secrets=secrets)  # before cutting: a cut key would not match
    error.message = message if len(message) <= _MESSAGE_LIMIT else message[:_MESSAGE_LIMIT] + "..."
    error.args = (error.message,)
    if usage is not None:
        error.usage = usage
    return error


def _translate(exc: anthropic.AnthropicError) -> BackendError:
    if isinstance(exc, anthropic.APITimeoutError):
        return BackendError("Claude API request timed out", backend=_BACKEND, retryable=True)
    if isinstance(exc, anthropic.APIConnectionError):
        cause = exc.__cause__
        why = f" ({type(cause).__name__}: {cause})" if cause is not None and str(cause) else ""
        return BackendError(f"could not reach the Claude API: {exc.message}{why}", backend=_BACKEND, retryable=True)
    if not isinstance(exc, anthropic.APIStatusError):
        return BackendError(f"Claude API call failed: {exc}", backend=_BACKEND, retryable=False)
    status = exc.status_code
    detail = exc.api_message or _error_message(exc.body) or exc.message
    where = f" (request id {exc.request_id})" if exc.request_id else ""
    if isinstance(exc, anthropic.AuthenticationError | anthropic.PermissionDeniedError):
        return AuthenticationError(
            f"the Claude API refused the credentials ({status}): {detail}",
            backend=_BACKEND,
            status_code=status,
            suggestion="check ANTHROPIC_API_KEY",
        )
    out_of_credit = status in (400, 429) and _spend_limit_reached(exc.body)
    if isinstance(exc, anthropic.PaymentRequiredError) or out_of_credit:
        return BackendError(
            f"the Anthropic spend limit or credit is exhausted ({status}): {detail}",
            backend=_BACKEND,
            retryable=False,
            status_code=status,
            suggestion="raise the spend limit or add credit in the Anthropic console",
        )
    retryable = isinstance(exc, anthropic.RateLimitError | anthropic.InternalServerError) or status in (408, 409)
    retryable = retryable or status >= 500
    kind = "overloaded" if status == 529 else "rate limited" if status == 429 else "error"
    return BackendError(
        f"Claude API {kind} ({status}){where}: {detail}",
        backend=_BACKEND,
        retryable=retryable,
        status_code=status,
        suggestion="try again later" if retryable else None,
    )
