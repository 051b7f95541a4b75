"""Tavily web search as a source backend: the only module of ours that imports ``tavily``.

The SDK's ``AsyncTavilyClient`` runs over an ``httpx.AsyncClient`` that we own (or that a test
injects with a ``MockTransport``). The SDK sends the key as ``Authorization: Bearer <key>`` and has
no retries of its own, so tenacity owns them here, once.

A failed call never raises: it becomes a :class:`~protocols.DeniedSource` in the returned
:class:`~protocols.SearchResult` (the runtime turns those into ACCESS_DENIED gaps) and the run goes
on with what it has. The SDK's exceptions share no base class, so each is translated here and none
leaves this module::

    condition                  the SDK raises                  we return
    401                        InvalidAPIKeyError              denied at once, says how to fix the key
    403, 432, 433              ForbiddenError (all three)      denied at once (status from a response hook)
    400                        BadRequestError                 denied at once
    429                        UsageLimitExceededError         retried, then denied
    5xx                        httpx.HTTPStatusError           retried, then denied
    timeout                    tavily.errors.TimeoutError      retried, then denied
    connection failure         httpx.TransportError            retried, then denied
    other status, bad JSON     httpx.HTTPStatusError, ValueError   denied at once
    a page Tavily cannot read  (``failed_results`` of a 200)   one denied entry for that URL

Every reason is passed through :func:`protocols.redact` (with the key) before it leaves: an API or a
proxy may echo the request, ``Authorization`` header included, in its error.

Page text is data: it is stored exactly as Tavily returned it and nothing here interprets it. Rating a
page (authority by host, recency by date) and choosing its passage are in :mod:`agents.sources.webpages`.
"""

from __future__ import annotations

import logging
from collections.abc import Awaitable, Callable
from contextvars import ContextVar
from datetime import date, datetime
from email.utils import parsedate_to_datetime
from typing import Any

import anyio
import httpx
from tavily import AsyncTavilyClient
from tavily.errors import BadRequestError, ForbiddenError, InvalidAPIKeyError, UsageLimitExceededError
from tavily.errors import TimeoutError as TavilyTimeoutError
from tenacity import AsyncRetrying, retry_if_exception, stop_after_attempt, wait_exponential_jitter

from agents.backends import check_real_requests
from agents.sources.webpages import authority_for, best_span, host_within, recency_for, url_host
from protocols import ConfigurationError, DeniedSource, Passage, SearchResult, SourceDocument, redact

__all__ = ["TavilySource", "authority_for", "recency_for"]  # the last two re-exported from agents.sources.webpages

logger = logging.getLogger(__name__)

_API_BASE_URL = "https://api.tavily.com"
_SEARCH_LOCATOR = "tavily:search"
_MAX_RESULTS = 20  # the API's ceiling for max_results
_EXTRACT_BATCH = 20  # the API's ceiling for URLs per extract request
# 0.5 s, 1 s, 2 s, 4 s ... plus up to 0.25 s of jitter, never more than 5 s between attempts.
_BACKOFF = wait_exponential_jitter(multiplier=0.5, max=5.0, jitter=0.25)

_REFUSALS = {
    403: "Tavily refused the request (403 Forbidden)",
    432: "Tavily plan or key usage limit reached (432): raise it at https://app.tavily.com",
    433: "Tavily pay-as-you-go limit reached (433): raise it at https://app.tavily.com",
}

# The HTTP status of the last response seen in this task. The SDK maps 403, 432 and 433 to one
# ForbiddenError; a response hook records the status so the reason can say which it was. A
# ContextVar keeps concurrent searches (one task each) from reading each other's status.
_last_status: ContextVar[int | None] = ContextVar("tavily_last_status", default=None)


async def _record_status(response: httpx.Response) -> None:
    _last_status.set(response.status_code)


class TavilySource:
    """Web search and page extraction through Tavily, as a ``SourceBackend``.

    Args:
        api_key: the Tavily API key (``TAVILY_API_KEY``).
        client: the HTTP client to use (tests inject one with ``httpx.MockTransport``). An injected
            client is not closed by :meth:`aclose`; note that the SDK adds its headers (the key, as
            ``Authorization: Bearer``) and its base URL to it unless already set, and that this
            class adds a response hook to it (to read the status behind a ForbiddenError).
        max_attempts: attempts per call for transient failures (429, 5xx, timeouts).
        sleep: how to wait between attempts (tests inject a recorder that does not wait).
        include_domains: an operator allow-list; every search and extract stays within it.
        clock: today's date, for recency (injectable for tests).

    Raises:
        ConfigurationError: when the key is empty.
        ValueError: when ``max_attempts`` is below 1.
    """

    def __init__(
        self,
        api_key: str,
        *,
        client: httpx.AsyncClient | None = None,
        max_attempts: int = 3,
        sleep: Callable[[float], Awaitable[None]] = anyio.sleep,
        include_domains: list[str] | None = None,
        clock: Callable[[], date] = date.today,
    ) -> None:
        if not api_key.strip():
            raise ConfigurationError(
                "The Tavily API key is empty.",
                suggestion="Set TAVILY_API_KEY to a key from https://app.tavily.com, or search a local corpus.",
            )
        if max_attempts < 1:
            raise ValueError(f"max_attempts must be at least 1, not {max_attempts}")
        self._owns_client = client is None
        self._client = client if client is not None else httpx.AsyncClient(base_url=_API_BASE_URL)
        if _record_status not in self._client.event_hooks["response"]:
            self._client.event_hooks["response"].append(_record_status)
        self._tavily = AsyncTavilyClient(api_key=api_key.strip(), client=self._client)
        self._key = api_key.strip()
        self._max_attempts = max_attempts
        self._sleep = sleep
        self._include_domains = _normalize_domains(include_domains)
        self._clock = clock

    @property
    def name(self) -> str:
        """The backend's name, ``"tavily"``."""
        return "tavily"

    async def search(self, query: str, *, limit: int, domains: list[str] | None = None) -> SearchResult:
        """Search the web, with each page's raw text, and pick the passage that best fits the query.

        Args:
            query: what to search for.
            limit: the most passages to return (the API returns at most 20).
            domains: keep to these domains (the contract's ``source_filter``); results from any
                other host are dropped even if the API returns them.

        Returns:
            One passage per page, and a ``denied`` entry (locator ``"tavily:search"``) instead
            when the search itself failed. Never raises for an API failure.
        """
        allowed = _narrow(self._include_domains, _normalize_domains(domains))
        if limit <= 0 or not query.strip() or allowed == []:
            return SearchResult()
        outcome = await self._call(
            lambda: self._tavily.search(
                query,
                max_results=min(limit, _MAX_RESULTS),
                # Plain text rather than markdown: excerpts quoted from it read as the page reads.
                include_raw_content="text",
                include_domains=allowed,
            )
        )
        if isinstance(outcome, str):
            return SearchResult(denied=[DeniedSource(locator=_SEARCH_LOCATOR, reason=outcome)])
        passages: list[Passage] = []
        seen: set[str] = set()
        for item in _items(outcome, "results"):
            passage = self._passage(item, query, allowed)
            if passage is not None and passage.document.locator not in seen and len(passages) < limit:
                seen.add(passage.document.locator)
                passages.append(passage)
        return SearchResult(passages=passages)

    async def extract(self, urls: list[str], *, query: str | None = None) -> SearchResult:
        """Fetch the text of known pages.

        Args:
            urls: the pages to read.
            query: when given, each passage is the part of the page that best fits it; otherwise
                the start of the page.

        Returns:
            A passage per page read, and a ``denied`` entry (locator = the URL) for each page that
            could not be read: outside the allowed domains, refused by the site (robots.txt,
            paywall), or the whole call failed. Never raises for an API failure.
        """
        asked = list(dict.fromkeys(url.strip() for url in urls if url.strip()))
        allowed = self._include_domains
        wanted = [url for url in asked if allowed is None or host_within(url_host(url), allowed)]
        outside = "Outside the allowed domains; not fetched."
        denied = [DeniedSource(locator=url, reason=outside) for url in asked if url not in wanted]
        passages: list[Passage] = []
        for i in range(0, len(wanted), _EXTRACT_BATCH):
            batch = wanted[i : i + _EXTRACT_BATCH]
            found, failed = await self._extract_batch(batch, query or "")
            passages += found
            denied += failed
        return SearchResult(passages=passages, denied=denied)

    async def aclose(self) -> None:
        """Close the HTTP client if this backend made it (an injected one belongs to the caller)."""
        if self._owns_client:
            await self._client.aclose()

    async def _extract_batch(self, batch: list[str], query: str) -> tuple[list[Passage], list[DeniedSource]]:
        outcome = await self._call(lambda: self._tavily.extract(batch, format="text"))
        if isinstance(outcome, str):
            return [], [DeniedSource(locator=url, reason=outcome) for url in batch]
        passages: list[Passage] = []
        denied: list[DeniedSource] = []
        answered: set[str] = set()
        for item in _items(outcome, "results"):
            passage = self._passage(item, query, self._include_domains)
            answered.add(_str(item.get("url")).rstrip("/"))
            if passage is not None:
                passages.append(passage)
        for item in _items(outcome, "failed_results"):
            url = _str(item.get("url"))
            answered.add(url.rstrip("/"))
            error = _str(item.get("error")) or "no reason given"
            denied.append(DeniedSource(locator=url, reason=f"Tavily could not read this page: {error}"))
        denied += [
            DeniedSource(locator=url, reason="Tavily returned nothing for this page.")
            for url in batch
            if url.rstrip("/") not in answered
        ]
        return passages, denied

    def _passage(self, item: dict[str, Any], query: str, allowed: list[str] | None) -> Passage | None:
        """Map one API result to a passage; None when it has no URL, no text, or a disallowed host."""
        url = _str(item.get("url"))
        raw = _str(item.get("raw_content"))
        text = raw if raw.strip() else _str(item.get("content"))
        if not url or not text.strip() or (allowed is not None and not host_within(url_host(url), allowed)):
            return None
        published = _parse_date(item.get("published_date"))
        document = SourceDocument(
            kind="web",
            locator=url,
            title=_str(item.get("title")) or None,
            text=text,
            authority=authority_for(url),
            recency=recency_for(published, self._clock()),
            published=published.isoformat() if published else None,
        )
        start, end = best_span(text, query)
        score = item.get("score")
        score = float(score) if isinstance(score, int | float) else 0.0
        return Passage(document=document, start=start, end=end, score=score)

    async def _call(self, request: Callable[[], Awaitable[Any]]) -> dict[str, Any] | str:
        """Make one API call with bounded retries: the response, or why it failed."""
        if self._owns_client:  # the real API, not a test's mock transport
            check_real_requests("tavily")
        attempts = 0

        async def attempt() -> Any:
            nonlocal attempts
            attempts += 1
            _last_status.set(None)
            return await request()

        retrying = AsyncRetrying(
            stop=stop_after_attempt(self._max_attempts),
            wait=_BACKOFF,
            retry=retry_if_exception(_is_transient),
            sleep=self._sleep,
            reraise=True,
        )
        try:
            response: object = await retrying(attempt)
        except Exception as exc:  # the SDK's errors share no base class; see the module docstring
            return redact(_reason(exc, _last_status.get(), attempts), secrets=[self._key])
        if not isinstance(response, dict):
            return "Tavily returned a response of an unexpected shape."
        return response


def _is_transient(exc: BaseException) -> bool:
    """Worth another attempt: rate limits, server errors, timeouts, dropped connections."""
    if isinstance(exc, httpx.HTTPStatusError):
        return exc.response.status_code >= 500
    return isinstance(exc, UsageLimitExceededError | TavilyTimeoutError | httpx.TransportError)


def _reason(exc: Exception, status: int | None, attempts: int) -> str:
    """A one-line reason for a failed call, saying what to do about it when we know."""
    detail = f": {str(exc)[:300]}" if str(exc) and not isinstance(exc, httpx.HTTPError) else ""
    if isinstance(exc, InvalidAPIKeyError):
        return "Tavily rejected the API key (401): check TAVILY_API_KEY (keys are at https://app.tavily.com)"
    if isinstance(exc, ForbiddenError):
        return _REFUSALS.get(status or 403, _REFUSALS[403]) + detail
    if isinstance(exc, BadRequestError):
        return f"Tavily rejected the request as invalid (400){detail}"
    if _is_transient(exc):
        return f"Tavily unavailable after {attempts} attempt{'s' if attempts > 1 else ''} ({_cause(exc)})"
    if isinstance(exc, httpx.HTTPStatusError):
        return f"Tavily returned HTTP {exc.response.status_code}."
    if isinstance(exc, ValueError):
        return "Tavily returned a response that is not valid JSON."
    logger.warning("Tavily call failed unexpectedly", exc_info=exc)
    return f"Tavily call failed unexpectedly ({type(exc).__name__})."


def _cause(exc: Exception) -> str:
    if isinstance(exc, httpx.HTTPStatusError):
        return f"HTTP {exc.response.status_code}"
    if isinstance(exc, UsageLimitExceededError):
        return "HTTP 429: rate limit or credits exhausted"
    return "timed out" if isinstance(exc, TavilyTimeoutError) else f"connection failed: {type(exc).__name__}"


def _items(response: dict[str, Any], key: str) -> list[dict[str, Any]]:
    value = response.get(key)
    return [item for item in value if isinstance(item, dict)] if isinstance(value, list) else []


def _str(value: object) -> str:
    return value if isinstance(value, str) else ""


def _parse_date(value: object) -> date | None:
    """A date from ISO 8601 (``2025-03-01``, ``2025-03-01T10:00:00Z``) or RFC 2822 (news results)."""
    text = _str(value).strip()
    for parse in (datetime.fromisoformat, parsedate_to_datetime):
        try:
            return parse(text).date()
        except (TypeError, ValueError):
            continue
    return None


def _normalize_domains(domains: list[str] | None) -> list[str] | None:
    """``"https://www.NIH.gov/x"`` → ``"nih.gov"``; None (no restriction) when nothing is left."""
    result: list[str] = []
    for value in domains or []:
        domain = value.strip().lower()
        domain = url_host(domain) if "://" in domain else domain.split("/", 1)[0].split(":", 1)[0]
        domain = domain.removeprefix("*.").removeprefix("www.").strip(".")
        if domain and domain not in result:
            result.append(domain)
    return result or None


def _narrow(configured: list[str] | None, requested: list[str] | None) -> list[str] | None:
    """The domains allowed by both lists (None: no restriction; []: nothing is allowed)."""
    if configured is None or requested is None:
        return requested if configured is None else configured
    narrowed = [d for d in requested if host_within(d, configured)]
    narrowed += [d for d in configured if host_within(d, requested) and not host_within(d, narrowed)]
    return narrowed
