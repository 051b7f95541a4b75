"""The runtime: runs the three agents over the shared store and packages the result.

One iteration is two rounds (:mod:`consensus.rounds`); in each, every agent decides concurrently on
a snapshot of the store and the referee (:mod:`consensus.referee`) then rules on their actions in
rotation order (which rotates each iteration), judging each against the claim as it is now; an
agent whose decision no longer holds decides again on a fresh snapshot (at most twice, then a
``conflict_resolution_needed`` message). The lead then does its housekeeping (finalizations,
timeout warnings), idle claims are stalled, and the budget meter decides whether to go on.
Committing in a fixed order keeps a run reproducible for a given corpus and question, while the
expensive part — thinking — runs in parallel.

Every stop (completion, budget, time limit, cancellation, backend failure) packages a valid
ResearchResult from what was agreed; a cancelled run stores its partial result before re-raising.
A backend outage (see :mod:`consensus.outage`) stops the run ``failed``, or ``degraded`` with its
partial result when a claim was agreed, and raises :class:`~protocols.BackendOutage` carrying it. The
tokens a failed call had spent (``BackendError.usage``) are metered like any others; every error
stored or traced is redacted (:func:`protocols.redact`) and made one line.
"""

from __future__ import annotations

import uuid
from functools import partial
from pathlib import Path
from typing import NoReturn

import anyio

from agents import AnswerClaim, AnswerDraft, AnswerSentence, Decision, ModelBackend, SourceBackend
from consensus.leases import run_leased
from consensus.meter import BudgetMeter
from consensus.outage import MAX_FAILED_DECISIONS, OutageWatch, backend_label, source_outage
from consensus.owners import owner_tag
from consensus.packaging import Package, agreed_claims, package_result
from consensus.progress import ProgressCallback, action_label, emit, progress_event
from consensus.referee import Referee
from consensus.resume import restore_run
from consensus.rounds import Rounds, RunState, in_thread, one_line
from consensus.search import RunSources
from consensus.trace import TraceWriter, trace_path
from protocols import (
    OPEN_STATES,
    ROTATION,
    STALL_AFTER_IDLE_ITERATIONS,
    AgentRole,
    AuthenticationError,
    BackendError,
    BackendOutage,
    Depth,
    ResearchComplete,
    ResearchRequest,
    ResearchResult,
    VoteComplete,
)
from store import ClaimRecord, Repository, RunRecord, SourceRecord

__all__ = ["Researcher"]

#: Decision rounds per iteration: proposals and answers, then reviews of what the first round changed,
#: so that a claim can be proposed, reviewed and finalized within one iteration.
ROUNDS_PER_ITERATION = 2
_IDLE_KINDS = ("pass", "vote_complete")
_OPENING_CHARS = 300  # of a claim's source, offered to the answer writer: which entity the source is about


class Researcher:
    """Runs research requests with one model backend and one source backend over a repository."""

    def __init__(
        self,
        repo: Repository,
        model: ModelBackend,
        sources: SourceBackend,
        *,
        home: Path,
        timeout: float | None = None,
        progress: ProgressCallback | None = None,
        max_failed_decisions: int = MAX_FAILED_DECISIONS,
    ) -> None:
        self.repo = repo
        self.max_failed_decisions = max_failed_decisions
        self.model = model
        self.sources = sources
        self.home = home
        self.timeout = timeout
        self.progress = progress
        self.rounds = Rounds(repo, model, self._notify_action)

    # ------------------------------------------------------------------ public API

    async def open_run(self, request: ResearchRequest) -> RunRecord:
        """Create the run row (status ``running``) without starting the debate."""
        return await in_thread(
            self.repo.create_run,
            request,
            trace_id=str(uuid.uuid4()),
            model_id=self.model.model_id,
            source_backend=self.sources.name,
            owner=owner_tag(),
        )

    async def research(self, request: ResearchRequest) -> ResearchResult:
        """Open a run and debate it to a result."""
        return await self.run(await self.open_run(request))

    async def run(self, run: RunRecord) -> ResearchResult:
        """Debate an opened run to a result, holding its lease (:mod:`consensus.leases`)."""
        return await run_leased(self.repo, run, self._run)

    async def _run(self, run: RunRecord) -> ResearchResult:
        """Debate an opened run to a result; always stores a result, even when cancelled."""
        first = await in_thread(self.repo.traces.last_step, run.id)  # a resumed run's trace goes on from there
        sink = partial(self.repo.traces.append, run.id)
        trace = TraceWriter(trace_path(self.home, run.trace_id), store=sink, start_step=first)
        meter = BudgetMeter(run.constraints, timeout_sec=self.timeout)
        domains = [d.strip() for d in (run.constraints.source_filter or "").split(",") if d.strip()] or None
        state = RunState(
            run=run,
            meter=meter,
            trace=trace,
            referee=Referee(self.repo, run.id),
            sources=RunSources(self.repo, run.id, self.sources, meter, trace, domains),
            watch=OutageWatch(limit=self.max_failed_decisions),
        )
        trace.write(
            "run_started",
            run_id=run.id,
            question=run.question,
            model_id=self.model.model_id,
            source_backend=self.sources.name,
            constraints=run.constraints.model_dump(),
        )
        await self._notify(state, "run_started", f"researching: {run.question[:80]}")
        try:
            with anyio.move_on_after(self.timeout) if self.timeout else anyio.CancelScope() as timer:
                resumed = await in_thread(restore_run, self.repo, state.meter, state.sources, run)  # consensus.resume
                if resumed or await self._scope(state):
                    await self._debate(state)
            if timer.cancelled_caught:
                state.stop_reason = f"time limit reached ({self.timeout:g} s)"
                state.budget_exhausted = True
        except anyio.get_cancelled_exc_class():
            with anyio.CancelScope(shield=True):
                state.stop_reason = "cancelled"
                await self._finish(state, status="cancelled")
            raise
        except AuthenticationError as exc:
            with anyio.CancelScope(shield=True):
                state.stop_reason = f"authentication failed: {exc.message}"
                await self._finish(state, status="failed", error=one_line(exc.message))
            raise
        except BaseException as exc:
            with anyio.CancelScope(shield=True):
                state.stop_reason = one_line(f"internal error: {exc}")
                await self._finish(state, status="failed", error=one_line(repr(exc)))
            raise
        if state.outage is not None:
            await self._stop_for_outage(state, *state.outage)
        return await self._finish(state, status="completed")

    async def _stop_for_outage(self, st: RunState, backend: str, error: str) -> NoReturn:
        """Store the run ``failed`` (or ``degraded`` with what was agreed) and raise BackendOutage."""
        with anyio.CancelScope(shield=True):
            error = one_line(error)
            st.stop_reason = error
            st.trace.write("backend_outage", backend=backend, error=error)
            claims = await in_thread(self.repo.list_claims, st.run.id)
            status = "degraded" if agreed_claims(claims) else "failed"
            result = await self._finish(st, status=status, error=error)
        raise BackendOutage(
            error,
            backend=backend,
            run_id=st.run.id,
            status=status,
            result=result,
            suggestion="try again later"
            + (f"; the {len(result.claims)} claim(s) agreed before it are kept" if result.claims else ""),
        )

    # --------------------------------------------------------------------- phases

    async def _scope(self, st: RunState) -> bool:
        """Plan the research questions; False when the model failed (nothing can be debated without them)."""
        try:
            plan = await self.model.plan_scope(st.run.question, st.run.context, Depth(st.run.depth))
        except AuthenticationError:
            raise
        except BackendError as exc:
            st.meter.add_usage(exc.usage)
            label = backend_label(exc.backend, self.model.model_id)
            st.outage, st.model_down = (exc.backend, f"{label} failed the scope call: {exc.message}"), True
            return False
        st.meter.add_usage(plan.usage)
        scope = await in_thread(self.repo.add_scope, st.run.id, plan.questions)
        st.trace.write("scope", questions=[q.text for q in scope], tokens=plan.usage.total)
        max_sources = st.run.constraints.max_sources
        limit = max(1, max_sources // 2) if Depth(st.run.depth) is Depth.SHALLOW else max_sources
        admitted = await st.sources.admit([q.text for q in scope] or [st.run.question], limit=limit)
        st.trace.write("sources_admitted", count=admitted, limit=limit)
        return True

    async def _debate(self, st: RunState) -> None:
        quiet_iterations = 0
        while True:
            reason = st.meter.stop_reason()
            if reason:
                st.stop_reason, st.budget_exhausted = reason, True
                st.trace.write("budget_stop", reason=reason)
                return
            iteration = st.meter.iterations + 1
            st.referee.begin_iteration(iteration)
            order = ROTATION[(iteration - 1) % 3 :] + ROTATION[: (iteration - 1) % 3]
            applied = attempted = 0
            made: list[Decision] = []
            votes: set[AgentRole] = set()  # research_complete votes cast in any round of this iteration
            for _round in range(ROUNDS_PER_ITERATION):
                st.sources.begin_round()
                decided = await self.rounds.decide_all(st, order, iteration)
                for role in order:
                    applied += await self.rounds.apply_decision(st, role, decided[role], iteration)
                if self._outage(st, after_round=True):
                    return
                made = [d for d, _ in decided.values()]
                votes |= {r for r, (d, _) in decided.items() if any(isinstance(a, VoteComplete) for a in d.actions)}
                attempted += sum(1 for d in made for a in d.actions if a.kind not in _IDLE_KINDS)
                st.completion_proposed = any(isinstance(a, VoteComplete) for d in made for a in d.actions)
                if st.meter.tokens_left_for_debate() <= 0 or all(d.out_of_budget for d in made):
                    break
            applied += await self.rounds.housekeeping(st, iteration)
            await in_thread(st.referee.stall_idle_claims, STALL_AFTER_IDLE_ITERATIONS)
            st.meter.iterations = iteration
            claims = await in_thread(self.repo.list_claims, st.run.id)
            open_claims = [c for c in claims if c.status in OPEN_STATES]
            await in_thread(
                self.repo.update_progress,
                st.run.id,
                iteration=iteration,
                tokens_used=st.meter.tokens_used,
                current_action=f"iteration {iteration}: {len(agreed_claims(claims))} agreed, {len(open_claims)} open",
            )
            await self._notify(st, "iteration", f"iteration {iteration} done", claims=claims)
            if self._outage(st, after_round=False):
                return
            if votes == set(ROTATION) and not open_claims:
                await self._complete(st, iteration, claims)
                return
            if all(d.out_of_budget for d in made):
                st.stop_reason = f"token budget reached ({st.meter.tokens_used} of {st.run.constraints.token_budget})"
                st.budget_exhausted = True
                st.trace.write("budget_stop", reason=st.stop_reason)
                return
            quiet = applied == 0 and attempted == 0 and not open_claims
            quiet_iterations = quiet_iterations + 1 if quiet else 0
            if quiet_iterations >= 2:
                st.trace.write("debate_exhausted", reason="no agent had anything left to propose or review")
                st.completed = True
                return

    def _outage(self, st: RunState, *, after_round: bool) -> bool:
        """Whether a backend outage must stop the debate (then ``st.outage`` says which and why).

        After a decision round the model's failures in a row are checked; after an iteration, the
        source backend's searches (see :mod:`consensus.outage`).
        """
        if after_round:
            if st.watch.tripped and st.watch.last is not None:
                st.outage = (st.watch.last.backend, st.watch.message(self.model.model_id))
                st.model_down = True
        else:
            st.outage = source_outage(stored=len(st.sources.known), denied=st.sources.denied)
        return st.outage is not None

    async def _complete(self, st: RunState, iteration: int, claims: list[ClaimRecord]) -> None:
        msg = ResearchComplete(
            proposed_by=AgentRole.LEAD,
            total_claims_agreed=len(agreed_claims(claims)),
            coverage_assessment="all three agents voted research_complete with no claim left under debate",
        )
        await in_thread(self.repo.append_message, st.run.id, msg, agent=AgentRole.LEAD.value, iteration=iteration)
        st.trace.write("research_complete", agreed=msg.total_claims_agreed)
        st.completed = True

    # -------------------------------------------------------------------- finish

    async def _finish(self, st: RunState, *, status: str, error: str | None = None) -> ResearchResult:
        final = await in_thread(self.rounds.snapshot, st)
        discoveries = await in_thread(self.repo.discoveries, st.run.id)
        questions = await in_thread(self.repo.open_questions, st.run.id)
        draft = await self._write_answer(st, final.claims, final.sources)
        if status != "completed" and not st.stop_reason:
            st.stop_reason = status
        budget_exhausted = st.budget_exhausted or status == "cancelled"
        pkg = Package(
            question=st.run.question,
            scope=final.scope,
            claims=final.claims,
            messages=final.messages,
            sources=final.sources,
            denied=st.sources.denied,
            discoveries=discoveries,
            open_questions=questions,
            stop_reason=st.stop_reason,
            budget_exhausted=budget_exhausted,
            sources_dropped=st.meter.sources_refused,
            tokens_used=st.meter.tokens_used,
            iterations=st.meter.iterations,
            wall_time_sec=st.meter.elapsed,
            model_id=self.model.model_id,
            trace_id=st.run.trace_id,
        )
        result = package_result(pkg, draft)
        await in_thread(self.repo.finish_run, st.run.id, status=status, result=result, error=error, owner=st.run.owner)
        st.trace.write(
            "run_finished",
            status=status,
            stop_reason=st.stop_reason,
            agreed=len(result.claims),
            tokens_used=result.cost_metadata.tokens_used,
            confidence=result.confidence,
        )
        st.trace.close()
        await self._notify(st, "stopped", f"{status}: {len(result.claims)} claim(s) agreed", claims=final.claims)
        return result

    async def _write_answer(self, st: RunState, claims: list[ClaimRecord], sources: list[SourceRecord]) -> AnswerDraft:
        agreed = agreed_claims(claims)
        text_of = {s.id: s.text for s in sources}
        offered = [
            AnswerClaim(
                claim_id=c.id,
                statement=c.statement,
                scope_index=c.scope_index,
                excerpts=[e.excerpt for e in c.evidence_for()][:3],
                openings=[text_of.get(e.source_id, "")[:_OPENING_CHARS] for e in c.evidence_for()][:3],
            )
            for c in agreed
        ]
        fallback = AnswerDraft(sentences=[AnswerSentence(text=c.statement, claim_ids=[c.claim_id]) for c in offered])
        if not offered:
            return fallback
        if st.model_down:  # do not ask a model that is down to write the answer
            st.trace.write("answer_fallback", reason="the model backend is unavailable", tokens=0)
            return fallback
        try:
            draft = await self.model.write_answer(st.run.question, offered, tokens_left=st.meter.tokens_left())
        except BackendError as exc:
            st.meter.add_usage(exc.usage)
            st.trace.write("answer_fallback", reason=one_line(exc.message), tokens=exc.usage.total)
            return fallback
        st.meter.add_usage(draft.usage)
        return draft if draft.sentences else fallback

    # ------------------------------------------------------------------ progress

    async def _notify_action(self, st: RunState, role: AgentRole, kind: str, claim_id: str | None, it: int) -> None:
        if kind not in ("propose", "challenge", "finalize", "withdraw", "mediate", "vote_reject") or not claim_id:
            return
        claim = await in_thread(self.repo.get_claim, claim_id)
        label = action_label(kind, claim.status)
        if label:
            await self._notify(st, label, f"{role.value}: {label.replace('_', ' ')}: {claim.statement[:100]}")

    async def _notify(self, st: RunState, kind: str, message: str, *, claims: list[ClaimRecord] | None = None) -> None:
        if self.progress is None:
            return
        current: list[ClaimRecord] = claims if claims is not None else await in_thread(self.repo.list_claims, st.run.id)
        statuses = [c.status for c in current]
        event = progress_event(
            kind, message, st.run.id, st.referee.iteration, st.run.constraints.max_iterations, statuses
        )
        await emit(self.progress, event)
