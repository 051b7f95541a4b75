"""The offline reasoner thinks in worker threads; its searches run on the caller's event loop."""

from __future__ import annotations

import threading
from typing import Any

import anyio
import anyio.to_thread
import pytest

from agents.backends import Decision
from agents.offline import OfflineReasoner, threads
from consensus.latency import DelayedModel
from protocols import AgentRole, AgentView, BackendError, SourceHit
from tests.test_offline_roles import LANDED, FakeSearch, claim, evidence, view


class LoopSearch(FakeSearch):
    """FakeSearch that notes the thread each search ran on and does store-like work in a thread."""

    def __init__(self) -> None:
        super().__init__()
        self.threads: set[int] = set()

    async def __call__(self, query: str, *, limit: int = 5) -> list[SourceHit]:
        self.threads.add(threading.get_ident())
        await anyio.to_thread.run_sync(lambda: None)  # as StoringSearch stores its hits in a thread
        return await super().__call__(query, limit=limit)


def test_searches_run_on_the_callers_event_loop_and_the_decision_is_the_same() -> None:
    search = LoopSearch()

    async def go() -> tuple[Decision, int]:
        decision = await OfflineReasoner().decide(view(AgentRole.LEAD, my_turn_to_propose=True), search)
        return decision, threading.get_ident()

    decision, loop_thread = anyio.run(go)
    assert search.calls and search.threads == {loop_thread}
    inline = anyio.run(OfflineReasoner()._decide, view(AgentRole.LEAD, my_turn_to_propose=True), FakeSearch())
    assert decision == inline


def test_decisions_waiting_on_searches_do_not_starve_the_searches_of_threads(monkeypatch: pytest.MonkeyPatch) -> None:
    # One decision thread, one default worker thread: a decision holding the default limiter's only
    # token while its search waits for one would never finish.
    monkeypatch.setattr(threads, "DECISION_THREADS", 1)
    views: list[AgentView] = [view(role, my_turn_to_propose=True) for role in AgentRole]

    async def go() -> dict[AgentRole, Decision]:
        anyio.to_thread.current_default_thread_limiter().total_tokens = 1
        model, out = OfflineReasoner(), {}

        async def one(v: AgentView) -> None:
            out[v.role] = await model.decide(v, LoopSearch())

        with anyio.fail_after(60):  # a deadlock fails instead of hanging the suite
            async with anyio.create_task_group() as tg:
                for v in views:
                    tg.start_soon(one, v)
        return out

    decided = anyio.run(go)
    assert set(decided) == set(AgentRole)
    assert any(d.actions for d in decided.values())


class Failing:
    model_id = "failing"

    async def decide(self, view: AgentView, search: Any) -> Decision:
        raise BackendError("down", backend="model", retryable=True)


@pytest.mark.parametrize("think_during_latency", [True, False])
def test_delayed_model_returns_the_inner_decision_and_passes_failures_on(think_during_latency: bool) -> None:
    lead = view(AgentRole.LEAD, my_turn_to_propose=True)
    delayed = DelayedModel(OfflineReasoner(), 0.01, think_during_latency=think_during_latency)
    assert anyio.run(delayed.decide, lead, FakeSearch()) == anyio.run(OfflineReasoner().decide, lead, FakeSearch())
    failing = DelayedModel(Failing(), 0.01, think_during_latency=think_during_latency)  # type: ignore[arg-type]
    with pytest.raises(BackendError):
        anyio.run(failing.decide, lead, FakeSearch())


class CancellingSearch(FakeSearch):
    """FakeSearch that cancels ``scope`` during its first search, as a cancel request arriving mid-decision."""

    scope: anyio.CancelScope | None = None

    async def __call__(self, query: str, *, limit: int = 5) -> list[SourceHit]:
        if self.scope is not None:
            self.scope.cancel()
        return await super().__call__(query, limit=limit)


def _skeptic_reviewing() -> AgentView:
    return view(AgentRole.SKEPTIC, [claim(LANDED, evidence=evidence("archive.md"))])


def test_a_cancelled_caller_stops_the_thinking_thread_at_its_next_search() -> None:
    search = CancellingSearch()

    async def go() -> bool:
        with anyio.fail_after(60):  # a hang fails instead of stalling the suite
            with anyio.CancelScope() as scope:
                search.scope = scope
                await OfflineReasoner().decide(_skeptic_reviewing(), search)
        return scope.cancelled_caught

    assert anyio.run(go)
    assert len(search.calls) == 1  # the search under way finished; no other started
    assert len(_searches_of_a_whole_decision()) > 1  # so the decision did stop early


def _searches_of_a_whole_decision() -> list[str]:
    search = FakeSearch()
    anyio.run(OfflineReasoner().decide, _skeptic_reviewing(), search)
    return search.calls
