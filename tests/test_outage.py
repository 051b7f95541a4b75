"""The outage rule on its own: failed decisions in a row, and a source backend that never answers."""

from __future__ import annotations

from consensus.outage import OutageWatch, backend_label, source_outage
from protocols import AgentRole, BackendError, DeniedSource

LEAD, SKEPTIC, DATA = AgentRole.LEAD, AgentRole.SKEPTIC, AgentRole.DATA


def failure(text: str = "Claude API overloaded (529)") -> BackendError:
    return BackendError(text, backend="anthropic", retryable=True, status_code=529)


def test_failures_count_in_rotation_order_and_a_success_resets_them() -> None:
    watch = OutageWatch(limit=4)
    # the round's decisions arrive in any order; they are counted in rotation order
    watch.note(DATA, failure("third"))
    watch.note(LEAD, failure("first"))
    watch.note(SKEPTIC, None)
    watch.tally((LEAD, SKEPTIC, DATA))
    assert watch.in_a_row == 1 and watch.last is not None and watch.last.message == "third"
    for role in (LEAD, SKEPTIC, DATA):
        watch.note(role, failure())
    watch.tally((SKEPTIC, DATA, LEAD))
    assert watch.in_a_row == 4 and watch.tripped
    assert watch.message("claude-sonnet-4-6") == (
        "Claude (claude-sonnet-4-6) failed 4 decisions in a row: Claude API overloaded (529)"
    )
    watch.note(LEAD, None)
    watch.tally((LEAD,))
    assert watch.in_a_row == 0 and not watch.tripped


def test_a_source_outage_needs_failed_searches_and_no_source() -> None:
    down = DeniedSource(locator="tavily:search", reason="Tavily rejected the API key (401)")
    page = DeniedSource(locator="https://example.org/paywalled", reason="paywall")
    assert source_outage(stored=0, denied=[]) is None  # found nothing: not an outage
    assert source_outage(stored=0, denied=[page]) is None  # one page refused: not an outage
    assert source_outage(stored=2, denied=[down]) is None  # another search or backend found sources
    assert source_outage(stored=0, denied=[page, down]) == (
        "tavily",
        "Tavily is unavailable: no search found a source; Tavily rejected the API key (401)",
    )


def test_backend_labels() -> None:
    assert backend_label("anthropic", "claude-sonnet-4-6") == "Claude (claude-sonnet-4-6)"
    assert backend_label("tavily") == "Tavily"
    assert backend_label("local-corpus") == "the local corpus"
    assert backend_label("elsewhere") == "elsewhere"
