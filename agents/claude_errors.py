"""Translating the anthropic SDK's failures into ours, and keeping spend-limit 429s out of its retries.

The SDK owns transport retries (408, 409, 429, 5xx, 529, timeouts, dropped connections; honouring
``retry-after``). What it finally raises is translated by :func:`translate`:

    anthropic.AuthenticationError (401), PermissionDeniedError (403)  -> AuthenticationError
    PaymentRequiredError (402), a 400/429 that says credit/spend limit -> BackendError(retryable=False)
    RateLimitError (429), InternalServerError (5xx, 529 overloaded),
    408, 409, APITimeoutError, APIConnectionError                     -> BackendError(retryable=True)
    any other status (400, 404, 413, 422 ...)                          -> BackendError(retryable=False)

A 429 whose body says the spend limit is reached would be retried by the SDK like any 429, although
waiting cannot help: :func:`no_retry_when_out_of_credit`, installed as SDK middleware, marks such a
response ``x-should-retry: false`` (the SDK's own signal), so it fails at once.
"""

from __future__ import annotations

from typing import Any

import anthropic
from anthropic import APIRequest, AsyncAPIResponse, AsyncCallNext

from protocols import AuthenticationError, BackendError

__all__ = ["no_retry_when_out_of_credit", "translate"]

_BACKEND = "anthropic"
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


def translate(exc: anthropic.AnthropicError) -> BackendError:
    """Our error for what the SDK raised after its own retries."""
    if isinstance(exc, anthropic.APITimeoutError):
        return BackendError("Claude API request timed out", backend=_BACKEND, retryable=True)
    if isinstance(exc, anthropic.APIConnectionError):
        return BackendError(f"could not reach the Claude API: {exc.message}", backend=_BACKEND, retryable=True)
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
