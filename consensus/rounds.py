"""One decision round of a run: every agent decides on one snapshot, then the referee rules in order.

The three agents decide concurrently (anyio task group) on one snapshot of the store; the runtime
then hands each agent's actions to the referee in rotation order (:meth:`Rounds.apply_decision`),
each checked against the claim version the agent saw. An agent whose decision went stale decides
again on a fresh snapshot, at most twice, then a ``conflict_resolution_needed`` message is logged.
After the rounds of an iteration the lead does its mechanical housekeeping
(:meth:`Rounds.housekeeping`). :class:`RunState` is what one run carries from round to round.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from functools import partial
from typing import Any, TypeVar

import anyio

from agents import Decision, ModelBackend, lead_housekeeping
from consensus.meter import BudgetMeter
from consensus.outage import OutageWatch
from consensus.referee import Referee
from consensus.search import RunSources, StoringSearch
from consensus.trace import TraceWriter
from consensus.views import agent_view
from protocols import (
    OPEN_STATES,
    ROTATION,
    AgentRole,
    AgentView,
    AuthenticationError,
    BackendError,
    ConflictResolutionNeeded,
    ScopeQuestion,
    redact,
)
from store import ClaimRecord, MessageRecord, Repository, RunReader, RunRecord, SourceRecord

__all__ = ["NotifyAction", "Rounds", "RunState", "Snapshot", "Versions", "in_thread", "one_line"]

T = TypeVar("T")
_REDECIDE_LIMIT = 2


Versions = dict[str, int]  # claim id -> the version an agent saw


@dataclass(frozen=True)
class Snapshot:
    """What the store held when a round began: every agent of the round decides on the same state."""

    scope: list[ScopeQuestion]
    claims: list[ClaimRecord]
    messages: list[MessageRecord]
    sources: list[SourceRecord]


@dataclass
class RunState:
    run: RunRecord
    meter: BudgetMeter
    trace: TraceWriter
    referee: Referee
    sources: RunSources
    stop_reason: str | None = None
    budget_exhausted: bool = False
    completed: bool = False
    completion_proposed: bool = False  # somebody voted research_complete in the last round
    reader: RunReader | None = None  # snapshots read incrementally (only what changed since the last)
    watch: OutageWatch = field(default_factory=OutageWatch)
    outage: tuple[str, str] | None = None  # (backend, error) when a backend outage stopped the run
    model_down: bool = False  # the outage is the model's


def one_line(text: str) -> str:
    """An error as stored and shown: secrets redacted, on one line."""
    return " ".join(redact(text).split())


async def in_thread(fn: Callable[..., T], *args: Any, **kwargs: Any) -> T:
    """Call a blocking (store) function in a worker thread."""
    return await anyio.to_thread.run_sync(partial(fn, *args, **kwargs))


#: Told about every applied action: (run, role, action kind, claim id, iteration).
NotifyAction = Callable[[RunState, AgentRole, str, "str | None", int], Awaitable[None]]


class Rounds:
    """The decision rounds of a researcher's runs: decide, rule, re-decide when stale, housekeeping."""

    def __init__(self, repo: Repository, model: ModelBackend, notify_action: NotifyAction) -> None:
        self.repo = repo
        self.model = model
        self.notify_action = notify_action

    async def decide_all(
        self, st: RunState, order: tuple[AgentRole, ...], iteration: int
    ) -> dict[AgentRole, tuple[Decision, Versions]]:
        decisions: dict[AgentRole, tuple[Decision, Versions]] = {}
        refused: list[AuthenticationError] = []
        snapshot = await in_thread(self.snapshot, st)  # one read of the store for the whole round

        async def decide(role: AgentRole) -> None:
            try:
                decisions[role] = await self.decide(st, role, iteration, snapshot)
            except AuthenticationError as exc:  # raised below, unwrapped from the task group
                refused.append(exc)
                decisions[role] = (Decision(note=exc.message), {})

        async with anyio.create_task_group() as tg:
            for role in order:
                tg.start_soon(decide, role)
        st.watch.tally(order)
        if refused:
            raise refused[0]
        return decisions

    async def decide(
        self, st: RunState, role: AgentRole, iteration: int, snapshot: Snapshot | None = None
    ) -> tuple[Decision, Versions]:
        """One agent's decision, with the claim versions it was made on (its optimistic-lock tokens)."""
        if snapshot is None:
            snapshot = await in_thread(self.snapshot, st)
        view = self.view(st, role, iteration, snapshot)
        seen = {c.id: c.version for c in view.claims}
        try:
            decision = await self.model.decide(view, StoringSearch(st.sources, role))
        except AuthenticationError:
            raise
        except BackendError as exc:
            st.meter.add_usage(exc.usage)  # what the failed decision spent before failing
            st.watch.note(role, exc)
            reason = one_line(exc.message)
            st.trace.write(
                "decision_skipped", agent=role.value, iteration=iteration, reason=reason, tokens=exc.usage.total
            )
            return Decision(note=f"skipped: {reason}"), seen
        st.watch.note(role, None)
        st.meter.add_usage(decision.usage)
        st.trace.write(
            "decision",
            agent=role.value,
            iteration=iteration,
            actions=[a.model_dump(mode="json") for a in decision.actions],
            note=decision.note,
            tokens=decision.usage.total,
        )
        return decision, seen

    def snapshot(self, st: RunState) -> Snapshot:
        if st.reader is None:
            st.reader = RunReader(self.repo.engines, st.run.id)
        snap = st.reader.snapshot()
        return Snapshot(snap.scope, snap.claims, snap.messages, snap.sources)

    def view(self, st: RunState, role: AgentRole, iteration: int, snapshot: Snapshot) -> AgentView:
        has_open = any(c.proposer is role and c.status in OPEN_STATES for c in snapshot.claims)
        return agent_view(
            run=st.run,
            role=role,
            scope=snapshot.scope,
            claims=snapshot.claims,
            messages=snapshot.messages,
            sources=snapshot.sources,
            iteration=iteration,
            may_propose=not has_open and st.referee.may_propose(role),
            # three agents decide at once: each may spend a third of what is left
            tokens_left=st.meter.tokens_left_for_debate() // len(ROTATION),
            completion_proposed=st.completion_proposed,
        )

    async def apply_decision(
        self, st: RunState, role: AgentRole, decided: tuple[Decision, Versions], iteration: int
    ) -> int:
        """Apply one agent's actions; re-ask the agent when its decision went stale. Returns applied count."""
        applied = 0
        decision, versions = decided
        for attempt in range(_REDECIDE_LIMIT + 1):
            stale = False
            for action in decision.actions:
                seen = versions.get(getattr(action, "claim_id", "") or "")
                ruling = await in_thread(st.referee.apply, role, action, seen_version=seen)
                st.trace.write(
                    "action_applied" if ruling.applied else ("action_stale" if ruling.stale else "action_refused"),
                    agent=role.value,
                    kind=action.kind,
                    claim_id=ruling.claim_id,
                    reason=ruling.reason,
                )
                if ruling.applied and action.kind not in ("pass", "vote_complete"):
                    applied += 1
                    await self.notify_action(st, role, action.kind, ruling.claim_id, iteration)
                stale = stale or ruling.stale
            if not stale:
                break
            if attempt == _REDECIDE_LIMIT:
                msg = ConflictResolutionNeeded(
                    resource_id=st.run.id,
                    agent=role,
                    message=f"{role.value} kept deciding on stale claims; requesting coordination",
                )
                await in_thread(self.repo.append_message, st.run.id, msg, agent=role.value, iteration=iteration)
                break
            decision, versions = await self.decide(st, role, iteration)
            st.watch.tally((role,))
        return applied

    async def housekeeping(self, st: RunState, iteration: int) -> int:
        view = self.view(st, AgentRole.LEAD, iteration, await in_thread(self.snapshot, st))
        applied = 0
        for action in lead_housekeeping(view):
            ruling = await in_thread(st.referee.apply, AgentRole.LEAD, action)
            st.trace.write(
                "housekeeping", kind=action.kind, claim_id=ruling.claim_id, applied=ruling.applied, reason=ruling.reason
            )
            if ruling.applied:
                applied += 1
                await self.notify_action(st, AgentRole.LEAD, action.kind, ruling.claim_id, iteration)
        return applied
