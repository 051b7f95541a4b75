"""The Tavily source backend, tested at the HTTP level with canned API-shaped responses.

Every client here runs over ``httpx.MockTransport``; an autouse fixture makes any request that
would reach the real network fail the test.
"""

from __future__ import annotations

import json
import re
from collections.abc import AsyncIterator, Callable
from datetime import date
from pathlib import Path
from typing import Any

import anyio
import anyio.lowlevel
import httpx
import pytest

import agents.backends
from agents import SourceBackend
from agents.sources.tavily import TavilySource, authority_for, recency_for
from protocols import Authority, ConfigurationError, Recency, SearchResult

FIXTURES = Path(__file__).parent / "fixtures" / "tavily"
KEY = "tvly-dev-test-key"
TODAY = date(2025, 6, 1)

Reply = httpx.Response | Exception


def fixture(name: str) -> dict[str, Any]:
    data: dict[str, Any] = json.loads((FIXTURES / name).read_text(encoding="utf-8"))
    return data


def error(status: int) -> httpx.Response:
    return httpx.Response(status, json=fixture("errors.json")[str(status)])


def search_reply(*results: object) -> httpx.Response:
    return httpx.Response(200, json={"query": "q", "results": list(results), "response_time": 0.1})


class Api:
    """A fake Tavily API: replies in order (the last one repeats) and records every request."""

    def __init__(self, *replies: Reply) -> None:
        self.replies = list(replies)
        self.requests: list[httpx.Request] = []

    def __call__(self, request: httpx.Request) -> httpx.Response:
        self.requests.append(request)
        reply = self.replies[min(len(self.requests), len(self.replies)) - 1]
        if isinstance(reply, Exception):
            raise reply
        return reply

    def body(self, index: int = 0) -> dict[str, Any]:
        data: dict[str, Any] = json.loads(self.requests[index].content)
        return data


class Sleeps:
    """An injected sleep that records the delays and never waits."""

    def __init__(self) -> None:
        self.delays: list[float] = []

    async def __call__(self, delay: float) -> None:
        self.delays.append(delay)


@pytest.fixture
def anyio_backend() -> str:
    return "asyncio"


@pytest.fixture(autouse=True)
def no_network(monkeypatch: pytest.MonkeyPatch) -> None:
    """Any request that is not served by a MockTransport fails the test loudly."""

    async def refuse(self: httpx.AsyncHTTPTransport, request: httpx.Request) -> httpx.Response:
        pytest.fail(f"un-mocked HTTP request to {request.url}")

    monkeypatch.setattr(httpx.AsyncHTTPTransport, "handle_async_request", refuse)
    for name in ("TAVILY_API_KEY", "TAVILY_PROJECT", "TAVILY_ORG_ID"):
        monkeypatch.delenv(name, raising=False)


@pytest.fixture
def sleeps() -> Sleeps:
    return Sleeps()


@pytest.fixture
async def make_source(sleeps: Sleeps) -> AsyncIterator[Callable[..., TavilySource]]:
    clients: list[httpx.AsyncClient] = []

    def make(api: Api, **options: Any) -> TavilySource:
        client = httpx.AsyncClient(transport=httpx.MockTransport(api))
        clients.append(client)
        options = {"sleep": sleeps, "clock": lambda: TODAY, **options}
        return TavilySource(KEY, client=client, **options)

    yield make
    for client in clients:
        await client.aclose()


pytestmark = pytest.mark.anyio


# -- requests ------------------------------------------------------------------------------------


async def test_search_request_follows_the_sdk_wire_format(make_source: Callable[..., TavilySource]) -> None:
    api = Api(httpx.Response(200, json=fixture("search_measles.json")))
    source = make_source(api)

    await source.search("how effective is the measles vaccine", limit=4)

    (request,) = api.requests
    assert request.method == "POST"
    assert str(request.url) == "https://api.tavily.com/search"
    assert request.headers["authorization"] == f"Bearer {KEY}"  # the SDK's way: a header, never the body
    body = api.body()
    assert "api_key" not in body
    assert body["query"] == "how effective is the measles vaccine"
    assert body["include_raw_content"] == "text"
    assert body["max_results"] == 4
    assert "include_domains" not in body


async def test_search_caps_max_results_at_the_api_limit(make_source: Callable[..., TavilySource]) -> None:
    api = Api(search_reply())
    await make_source(api).search("measles", limit=50)
    assert api.body()["max_results"] == 20


async def test_nothing_is_requested_for_an_empty_query_or_limit(make_source: Callable[..., TavilySource]) -> None:
    api = Api(search_reply())
    source = make_source(api)
    assert await source.search("   ", limit=5) == SearchResult()
    assert await source.search("measles", limit=0) == SearchResult()
    assert api.requests == []


async def test_satisfies_the_source_backend_protocol(make_source: Callable[..., TavilySource]) -> None:
    source = make_source(Api(search_reply()))
    assert isinstance(source, SourceBackend)
    assert source.name == "tavily"


# -- mapping ---------------------------------------------------------------------------------------


async def test_results_become_passages_with_exact_offsets(make_source: Callable[..., TavilySource]) -> None:
    raw = fixture("search_measles.json")
    source = make_source(Api(httpx.Response(200, json=raw)))

    result = await source.search("how effective is the measles vaccine", limit=4)

    assert result.denied == []
    assert [p.document.locator for p in result.passages] == [r["url"] for r in raw["results"]]
    for passage, item in zip(result.passages, raw["results"], strict=True):
        doc = passage.document
        assert doc.kind == "web"
        assert doc.title == item["title"]
        assert doc.text == (item["raw_content"] or item["content"])  # exactly what the API returned
        assert passage.text == doc.text[passage.start : passage.end]
        assert passage.text in doc.text and passage.text == passage.text.strip()
        assert passage.score == item["score"]

    long_page = result.passages[0]  # 1,391 characters: the best paragraph, not the whole page
    assert len(long_page.document.text) > 1200
    assert long_page.text.startswith("The MMR vaccine is very effective at protecting people against measles.")
    assert long_page.text.endswith("Most people who get the vaccine are protected for life.")
    short_page = result.passages[1]  # short: the whole text, less surrounding whitespace
    assert short_page.text == short_page.document.text.strip()


async def test_empty_raw_content_falls_back_to_content(make_source: Callable[..., TavilySource]) -> None:
    raw = fixture("search_measles.json")
    result = await make_source(Api(httpx.Response(200, json=raw))).search("measles", limit=4)

    by_url = {p.document.locator: p.document for p in result.passages}
    medium_post, reddit_thread = raw["results"][2], raw["results"][3]
    assert medium_post["raw_content"] is None and reddit_thread["raw_content"] == ""
    assert by_url[medium_post["url"]].text == medium_post["content"]
    assert by_url[reddit_thread["url"]].text == reddit_thread["content"]


async def test_results_without_url_or_text_are_skipped(make_source: Callable[..., TavilySource]) -> None:
    api = Api(
        search_reply(
            {"url": "", "title": "no url", "content": "text", "score": 0.9},
            {"url": "https://a.example.org/", "title": "no text", "content": "", "raw_content": None},
            {"url": "https://b.example.org/", "title": "ok", "content": "kept", "score": "high"},
            "not a result",
        )
    )
    result = await make_source(api).search("q", limit=5)
    assert [p.document.locator for p in result.passages] == ["https://b.example.org/"]
    assert result.passages[0].score == 0.0  # a non-numeric score is not trusted


async def test_results_are_truncated_to_the_limit(make_source: Callable[..., TavilySource]) -> None:
    results = [{"url": f"https://s{i}.example.org/", "content": f"page {i}", "score": 1 - i / 10} for i in range(5)]
    result = await make_source(Api(search_reply(*results))).search("page", limit=3)
    assert [p.document.locator for p in result.passages] == [r["url"] for r in results[:3]]


async def test_a_long_paragraph_is_cut_at_sentence_ends(make_source: Callable[..., TavilySource]) -> None:
    filler = "Unrelated text about the weather and the sea. " * 40  # one paragraph, no blank lines
    needle = "The measles vaccine is 97 percent effective after two doses. "
    text = filler + needle + filler
    api = Api(search_reply({"url": "https://long.example.org/", "content": text, "score": 0.5}))

    (passage,) = (await make_source(api).search("measles vaccine effective", limit=1)).passages

    assert passage.document.text == text
    assert len(passage.text) <= 1200
    assert needle.strip() in passage.text
    assert passage.text.endswith(".") and passage.text[0].isupper()


async def test_prompt_injection_in_a_page_is_plain_data(make_source: Callable[..., TavilySource]) -> None:
    raw = fixture("search_injection.json")
    (page,) = raw["results"]

    result = await make_source(Api(httpx.Response(200, json=raw))).search("measles outbreak 2025", limit=5)

    (passage,) = result.passages
    assert result.denied == []
    assert passage.document.text == page["raw_content"]
    assert passage.document.title == page["title"]
    assert "Ignore previous instructions" in passage.text
    assert passage.text == page["raw_content"].strip()


# -- authority and recency -------------------------------------------------------------------------


async def test_authority_and_recency_of_search_results(make_source: Callable[..., TavilySource]) -> None:
    raw = fixture("search_measles.json")
    result = await make_source(Api(httpx.Response(200, json=raw))).search("measles", limit=4)

    docs = [p.document for p in result.passages]
    assert [d.authority for d in docs] == [Authority.HIGH, Authority.MEDIUM, Authority.LOW, Authority.LOW]
    assert [d.recency for d in docs] == [Recency.CURRENT, Recency.RECENT, None, Recency.DATED]
    assert [d.published for d in docs] == ["2025-03-10", "2023-02-15", None, "2019-04-02"]


@pytest.mark.parametrize(
    ("url", "expected"),
    [
        ("https://www.cdc.gov/measles/", Authority.HIGH),
        ("https://pubmed.ncbi.nlm.nih.gov/1/", Authority.HIGH),
        ("https://www.who.int/news", Authority.HIGH),
        ("https://web.mit.edu/paper", Authority.HIGH),
        ("https://www.army.mil/", Authority.HIGH),
        ("https://www.gov.uk/guidance", Authority.HIGH),
        ("https://www.ox.ac.uk/research", Authority.HIGH),
        ("https://www.nature.com/articles/x", Authority.HIGH),
        ("https://arxiv.org/abs/2401.00001", Authority.HIGH),
        ("https://www.science.org/doi/1", Authority.HIGH),
        ("https://en.wikipedia.org/wiki/Measles", Authority.MEDIUM),
        ("https://www.bbc.co.uk/news/health", Authority.MEDIUM),
        ("https://www.reuters.com/world/", Authority.MEDIUM),
        ("https://apnews.com/article/x", Authority.MEDIUM),
        ("https://www.britannica.com/science/measles", Authority.MEDIUM),
        ("https://www.example.com/", Authority.MEDIUM),
        ("https://medium.com/@someone/post", Authority.LOW),
        ("https://someone.substack.com/p/post", Authority.LOW),
        ("https://www.reddit.com/r/science/", Authority.LOW),
        ("https://www.quora.com/q", Authority.LOW),
        ("https://x.blogspot.com/2020/01/post.html", Authority.LOW),
        ("https://x.wordpress.com/post", Authority.LOW),
        ("https://notgov.example/", Authority.MEDIUM),
        ("https://fakemedium.com/", Authority.MEDIUM),  # a suffix of the string is not a subdomain
        ("not a url", Authority.MEDIUM),
    ],
)
def test_authority_for(url: str, expected: Authority) -> None:
    assert authority_for(url) == expected


@pytest.mark.parametrize(
    ("published", "expected"),
    [
        (None, None),
        (date(2025, 5, 31), Recency.CURRENT),
        (date(2024, 7, 1), Recency.CURRENT),
        (date(2024, 5, 1), Recency.RECENT),
        (date(2022, 7, 1), Recency.RECENT),
        (date(2022, 1, 1), Recency.DATED),
        (date(2026, 1, 1), Recency.CURRENT),  # a date in the future (clock skew) is not "dated"
    ],
)
def test_recency_for(published: date | None, expected: Recency | None) -> None:
    assert recency_for(published, TODAY) == expected


async def test_unparseable_published_date_means_unknown(make_source: Callable[..., TavilySource]) -> None:
    api = Api(search_reply({"url": "https://a.example.org/", "content": "x", "published_date": "last Tuesday"}))
    (passage,) = (await make_source(api).search("x", limit=1)).passages
    assert passage.document.published is None and passage.document.recency is None


# -- domains ---------------------------------------------------------------------------------------


async def test_domains_are_sent_and_enforced_on_results(make_source: Callable[..., TavilySource]) -> None:
    api = Api(httpx.Response(200, json=fixture("search_mixed_domains.json")))

    result = await make_source(api).search("measles vaccine effectiveness", limit=5, domains=["who.int", "nih.gov"])

    assert api.body()["include_domains"] == ["who.int", "nih.gov"]
    assert [p.document.locator for p in result.passages] == [
        "https://www.who.int/news-room/fact-sheets/detail/measles",
        "https://pubmed.ncbi.nlm.nih.gov/31234567/",  # a subdomain of an allowed domain is allowed
    ]  # the off-list host and the look-alike "nih.gov.example.net" are dropped


async def test_domains_are_normalized(make_source: Callable[..., TavilySource]) -> None:
    api = Api(search_reply())
    await make_source(api).search("q", limit=1, domains=[" https://www.WHO.int/path ", "*.nih.gov", "cdc.gov/x", ""])
    assert api.body()["include_domains"] == ["who.int", "nih.gov", "cdc.gov"]


async def test_configured_domains_narrow_requested_ones(make_source: Callable[..., TavilySource]) -> None:
    api = Api(httpx.Response(200, json=fixture("search_mixed_domains.json")))
    source = make_source(api, include_domains=["nih.gov", "cdc.gov"])

    result = await source.search("measles", limit=5, domains=["pubmed.ncbi.nlm.nih.gov", "who.int"])
    assert api.body()["include_domains"] == ["pubmed.ncbi.nlm.nih.gov"]
    assert [p.document.locator for p in result.passages] == ["https://pubmed.ncbi.nlm.nih.gov/31234567/"]

    await source.search("measles", limit=5)  # no request filter: the configured list applies
    assert api.body(1)["include_domains"] == ["nih.gov", "cdc.gov"]

    assert await source.search("measles", limit=5, domains=["who.int"]) == SearchResult()
    assert len(api.requests) == 2  # nothing is both configured and requested: no request at all


# -- errors that are not retried -------------------------------------------------------------------


@pytest.mark.parametrize(
    ("status", "expected"),
    [
        (401, "Tavily rejected the API key (401): check TAVILY_API_KEY"),
        (403, "Tavily refused the request (403 Forbidden)"),
        (432, "Tavily plan or key usage limit reached (432)"),
        (433, "Tavily pay-as-you-go limit reached (433)"),
        (400, "Tavily rejected the request as invalid (400): Invalid value for max_results"),
    ],
)
async def test_refusals_are_denied_without_retry(
    make_source: Callable[..., TavilySource], sleeps: Sleeps, status: int, expected: str
) -> None:
    api = Api(error(status))

    result = await make_source(api).search("measles", limit=3)

    assert len(api.requests) == 1
    assert sleeps.delays == []
    assert result.passages == []
    (denied,) = result.denied
    assert denied.locator == "tavily:search"
    assert denied.reason.startswith(expected)


async def test_other_client_errors_are_denied_without_retry(make_source: Callable[..., TavilySource]) -> None:
    api = Api(httpx.Response(404, text="Not Found"))
    result = await make_source(api).search("measles", limit=3)
    assert len(api.requests) == 1
    assert result.denied[0].reason == "Tavily returned HTTP 404."


async def test_a_non_json_response_is_denied(make_source: Callable[..., TavilySource]) -> None:
    api = Api(httpx.Response(200, text="<html>maintenance</html>"))
    result = await make_source(api).search("measles", limit=3)
    assert len(api.requests) == 1
    assert result.denied[0].reason == "Tavily returned a response that is not valid JSON."


async def test_concurrent_refusals_keep_their_own_status(make_source: Callable[..., TavilySource]) -> None:
    async def handler(request: httpx.Request) -> httpx.Response:
        status = 432 if json.loads(request.content)["query"] == "a" else 403
        await anyio.lowlevel.checkpoint()  # let the other search's response arrive in between
        return error(status)

    async def yield_after_status(response: httpx.Response) -> None:
        await anyio.lowlevel.checkpoint()  # runs after the backend's own hook: other tasks move on

    client = httpx.AsyncClient(transport=httpx.MockTransport(handler))
    source = TavilySource(KEY, client=client)
    client.event_hooks["response"].append(yield_after_status)
    results: dict[str, SearchResult] = {}

    async def run(query: str) -> None:
        results[query] = await source.search(query, limit=1)

    async with anyio.create_task_group() as tg:
        for query in ("a", "b", "a", "b"):
            tg.start_soon(run, query)
    await client.aclose()
    assert "(432)" in results["a"].denied[0].reason
    assert "(403 Forbidden)" in results["b"].denied[0].reason


# -- transient errors: retried by tenacity, with the injected sleep --------------------------------


@pytest.mark.parametrize(
    ("status", "cause"), [(429, "HTTP 429: rate limit or credits exhausted"), (500, "HTTP 500"), (503, "HTTP 503")]
)
async def test_transient_errors_are_retried_then_denied(
    make_source: Callable[..., TavilySource], sleeps: Sleeps, status: int, cause: str
) -> None:
    api = Api(error(status))

    with anyio.fail_after(5):  # generous: the injected sleep never waits
        result = await make_source(api, max_attempts=4).search("measles", limit=3)

    assert len(api.requests) == 4
    assert len(sleeps.delays) == 3
    assert sleeps.delays == sorted(sleeps.delays) and len(set(sleeps.delays)) == 3  # increasing
    assert sleeps.delays[0] > 0 and sleeps.delays[-1] <= 5
    assert result.denied[0].locator == "tavily:search"
    assert result.denied[0].reason == f"Tavily unavailable after 4 attempts ({cause})"


async def test_a_rate_limit_then_success(make_source: Callable[..., TavilySource], sleeps: Sleeps) -> None:
    api = Api(error(429), httpx.Response(200, json=fixture("search_measles.json")))

    result = await make_source(api).search("measles vaccine", limit=4)

    assert len(api.requests) == 2
    assert len(sleeps.delays) == 1
    assert result.denied == []
    assert len(result.passages) == 4


@pytest.mark.parametrize(
    ("exc", "cause"),
    [
        (httpx.ReadTimeout("read timed out"), "timed out"),
        (httpx.ConnectError("connection refused"), "connection failed: ConnectError"),
    ],
)
async def test_timeouts_and_dropped_connections_are_retried(
    make_source: Callable[..., TavilySource], sleeps: Sleeps, exc: Exception, cause: str
) -> None:
    api = Api(exc)

    result = await make_source(api).search("measles", limit=3)

    assert len(api.requests) == 3
    assert len(sleeps.delays) == 2
    assert result.denied[0].reason == f"Tavily unavailable after 3 attempts ({cause})"


async def test_one_attempt_means_no_retry(make_source: Callable[..., TavilySource], sleeps: Sleeps) -> None:
    api = Api(error(503))
    result = await make_source(api, max_attempts=1).search("measles", limit=3)
    assert len(api.requests) == 1 and sleeps.delays == []
    assert result.denied[0].reason == "Tavily unavailable after 1 attempt (HTTP 503)"


async def test_cancellation_is_not_swallowed(sleeps: Sleeps) -> None:
    started = anyio.Event()

    async def hang(request: httpx.Request) -> httpx.Response:
        started.set()
        await anyio.sleep_forever()
        raise AssertionError("unreachable")

    client = httpx.AsyncClient(transport=httpx.MockTransport(hang))
    source = TavilySource(KEY, client=client, sleep=sleeps)
    returned = False

    async def search() -> None:
        nonlocal returned
        await source.search("measles", limit=1)
        returned = True

    async with anyio.create_task_group() as tg:
        tg.start_soon(search)
        await started.wait()
        tg.cancel_scope.cancel()
    await client.aclose()
    assert not returned  # the cancellation went through: not retried, not turned into a denied entry
    assert sleeps.delays == []


# -- extract -----------------------------------------------------------------------------------------


async def test_extract_returns_pages_and_denies_the_ones_it_could_not_read(
    make_source: Callable[..., TavilySource],
) -> None:
    raw = fixture("extract_partial.json")
    api = Api(httpx.Response(200, json=raw))
    urls = [
        "https://www.cdc.gov/measles/about/index.html",
        "https://www.nytimes.com/2025/04/01/health/measles.html",
        "https://journal.example.com/article/42",
        "https://silent.example.org/page",
    ]

    result = await make_source(api).extract(urls)

    (request,) = api.requests
    assert str(request.url) == "https://api.tavily.com/extract"
    assert request.headers["authorization"] == f"Bearer {KEY}"
    assert api.body()["urls"] == urls
    assert api.body()["format"] == "text"
    (passage,) = result.passages
    assert passage.document.locator == urls[0]
    assert passage.document.text == raw["results"][0]["raw_content"]
    assert passage.document.authority == Authority.HIGH
    assert passage.text == passage.document.text[passage.start : passage.end]
    assert {d.locator: d.reason for d in result.denied} == {
        urls[1]: "Tavily could not read this page: Access to this URL is blocked by the site (paywall).",
        urls[2]: "Tavily could not read this page: Disallowed by robots.txt.",
        urls[3]: "Tavily returned nothing for this page.",
    }


async def test_extract_failure_denies_every_url(make_source: Callable[..., TavilySource]) -> None:
    api = Api(error(401))
    urls = ["https://a.example.org/1", "https://b.example.org/2"]

    result = await make_source(api).extract(urls)

    assert len(api.requests) == 1
    assert [d.locator for d in result.denied] == urls
    assert all("TAVILY_API_KEY" in d.reason for d in result.denied)


async def test_extract_keeps_to_the_configured_domains(make_source: Callable[..., TavilySource]) -> None:
    api = Api(httpx.Response(200, json=fixture("extract_partial.json")))
    source = make_source(api, include_domains=["cdc.gov"])

    result = await source.extract(["https://www.cdc.gov/measles/about/index.html", "https://evil.example.com/"])

    assert api.body()["urls"] == ["https://www.cdc.gov/measles/about/index.html"]
    assert [p.document.locator for p in result.passages] == ["https://www.cdc.gov/measles/about/index.html"]
    assert result.denied[0].locator == "https://evil.example.com/"
    assert "allowed domains" in result.denied[0].reason


async def test_extract_of_nothing_requests_nothing(make_source: Callable[..., TavilySource]) -> None:
    api = Api(search_reply())
    assert await make_source(api).extract([]) == SearchResult()
    assert api.requests == []


async def test_extract_batches_twenty_urls_per_request(make_source: Callable[..., TavilySource]) -> None:
    api = Api(httpx.Response(200, json={"results": [], "failed_results": []}))
    urls = [f"https://s.example.org/{i}" for i in range(45)]
    result = await make_source(api).extract(urls)
    assert [len(api.body(i)["urls"]) for i in range(len(api.requests))] == [20, 20, 5]
    assert len(result.denied) == 45


# -- construction, clients and the network guard ---------------------------------------------------


def test_an_empty_key_is_a_configuration_error() -> None:
    with pytest.raises(ConfigurationError) as info:
        TavilySource("  ")
    assert info.value.suggestion is not None and "TAVILY_API_KEY" in info.value.suggestion


def test_max_attempts_must_be_positive() -> None:
    with pytest.raises(ValueError, match="max_attempts"):
        TavilySource(KEY, max_attempts=0)


async def test_an_injected_client_is_left_open() -> None:
    client = httpx.AsyncClient(transport=httpx.MockTransport(Api(search_reply())))
    await TavilySource(KEY, client=client).aclose()
    assert not client.is_closed
    await client.aclose()


async def test_the_network_guard_catches_an_unmocked_request(monkeypatch: pytest.MonkeyPatch) -> None:
    # with the suite's switch on (tests/test_real_requests.py) this file's transport guard is the next line of defence
    monkeypatch.setattr(agents.backends, "ALLOW_REAL_REQUESTS", True)
    monkeypatch.delenv("CONSENSUS_FORBID_REAL_REQUESTS")
    source = TavilySource(KEY)  # its own client, over the real (here: refused) transport
    try:
        with pytest.raises(
            pytest.fail.Exception, match=re.escape("un-mocked HTTP request to https://api.tavily.com/search")
        ):
            await source.search("measles", limit=1)
    finally:
        await source.aclose()
    assert source._client.is_closed
