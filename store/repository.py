"""The repository: every read and write the runtime needs, over the shared store.

Transactions: each public method is one transaction (:mod:`store.sessions`): a write commits whole
or rolls back whole. A lost compare-and-swap raises :class:`~protocols.StaleVersionError`; so does a
PostgreSQL serialization failure (40001/40P01), so one retry rule covers both.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from contextlib import AbstractContextManager
from typing import Any, Literal, TypeVar

from pydantic import BaseModel
from sqlmodel import Session, col, select

from protocols import (
    AgentRole,
    Authority,
    ClaimEvent,
    DebateMessage,
    DiscoveryEvent,
    EvidenceRecord,
    FinalizationMethod,
    NotFound,
    OpenQuestion,
    ResearchRequest,
    ResearchResult,
    ScopeQuestion,
    SourceDocument,
    Stance,
    Step,
    new_id,
)
from store.claims import insert_message, insert_proposal, message_params, plan_steps, read_step, transition
from store.engine import Engines, open_engines
from store.leases import Leases, lease_expiry
from store.lookup import find_run, interrupt_dead_runs
from store.models import (
    ClaimRow,
    DiscoveryRow,
    MessageRow,
    OpenQuestionRow,
    RunRow,
    ScopeQuestionRow,
    SourceContentRow,
    SourceRow,
    utcnow,
)
from store.prepared import Transaction, release_idle
from store.reading import claim_records, message_record, run_record, source_record
from store.records import ClaimRecord, ClaimStep, MessageRecord, RunRecord, SourceRecord
from store.sessions import read_session, write_session, write_sql
from store.sources import store_document
from store.traces import Traces

__all__ = ["Repository"]

_M = TypeVar("_M", bound=BaseModel)

FINISHED = ("completed", "cancelled", "failed", "degraded", "interrupted")


class Repository:
    """Reads and writes of runs, scope, sources, claims and the debate log."""

    def __init__(self, engines: Engines) -> None:
        self.engines = engines
        self.leases = Leases(engines)  # run leases and cancel requests (store.leases)
        self.traces = Traces(engines)  # the runs' trace steps (store.traces)

    @classmethod
    def open(cls, url: str | None = None) -> Repository:
        """Open (and create if needed) the store at ``url``; see :func:`store.open_engines`."""
        return cls(open_engines(url))

    def close(self) -> None:
        release_idle(self.engines.write)
        release_idle(self.engines.read)
        self.engines.dispose()

    # ------------------------------------------------------------------ sessions

    def _write(self) -> AbstractContextManager[Session]:
        return write_session(self.engines)

    def _core_write(self) -> AbstractContextManager[Transaction]:
        return write_sql(self.engines)

    def _read(self) -> AbstractContextManager[Session]:
        return read_session(self.engines)

    # ---------------------------------------------------------------------- runs

    def create_run(
        self, request: ResearchRequest, *, trace_id: str, model_id: str, source_backend: str, owner: str = ""
    ) -> RunRecord:
        row = RunRow(
            id=new_id("run"),
            question=request.question,
            context=request.context,
            depth=request.depth.value,
            constraints_json=request.constraints.model_dump_json(),
            status="running",
            trace_id=trace_id,
            model_id=model_id,
            source_backend=source_backend,
            owner=owner,
        )
        if owner:  # the creator runs it: it holds the lease from the start (see store.leases)
            row.owner_since = row.heartbeat_at = row.created_at
            row.lease_expires_at = lease_expiry(row.created_at)
        with self._write() as session:
            session.add(row)
        return self.get_run(row.id)

    def get_run(self, run_id: str) -> RunRecord:
        """A run by its id or its trace id (a unique prefix of either also works)."""
        with self._read() as session:
            row = self._find_run(session, run_id)
            return run_record(session, row)

    def _find_run(self, session: Session, key: str) -> RunRow:
        return find_run(session, key)  # literal prefix; an ambiguous one names its candidates

    def list_runs(self, *, limit: int = 20) -> list[RunRecord]:
        with self._read() as session:
            rows = session.exec(select(RunRow).order_by(col(RunRow.created_at).desc()).limit(limit)).all()
            return [run_record(session, r) for r in rows]

    def update_progress(self, run_id: str, *, iteration: int, tokens_used: int, current_action: str) -> None:
        with self._write() as session:
            row = self._get(session, RunRow, run_id)
            row.iteration, row.tokens_used, row.current_action = iteration, tokens_used, current_action
            row.updated_at = utcnow()
            session.add(row)

    def finish_run(
        self,
        run_id: str,
        *,
        status: str,
        result: ResearchResult | None = None,
        error: str | None = None,
        owner: str | None = None,
    ) -> bool:
        """Close a run: ``completed``, ``cancelled``, ``failed``, ``degraded`` or ``interrupted``, with its result.

        Args:
            owner: close it only while this owner still holds it: another server may have resumed
                it after this one's lease expired (the row is locked while checked: ``FOR UPDATE``).

        Returns:
            Whether the run was closed (False: another owner holds it now; nothing written).
        """
        if status not in FINISHED:
            raise ValueError(f"not a final status: {status}")
        with self._write() as session:
            row = session.get(RunRow, run_id, with_for_update=True)
            if row is None:
                raise NotFound(f"no run {run_id!r}")
            if owner is not None and row.owner != owner:
                return False
            row.status, row.error = status, error
            if result is not None:
                row.result_json = result.model_dump_json()
                row.tokens_used = result.cost_metadata.tokens_used
            row.finished_at = row.updated_at = utcnow()
            row.current_action = status
            session.add(row)
        return True

    def mark_interrupted(self, is_alive: Callable[[str], bool]) -> list[str]:
        """Mark orphaned ``running`` runs ``interrupted``: lease expired, or owner process gone; return their ids.

        ``is_alive`` only speeds up what the lease decides anyway (a dead process on this host
        need not wait for its lease to expire); see :mod:`store.leases`.

        Their ``finished_at`` is their last heartbeat or message (see :mod:`store.lookup`).
        """
        with self._write() as session:
            return interrupt_dead_runs(session, is_alive)

    # --------------------------------------------------------------------- scope

    def add_scope(self, run_id: str, questions: Sequence[str]) -> list[ScopeQuestion]:
        with self._write() as session:
            for i, text in enumerate(questions):
                session.add(ScopeQuestionRow(run_id=run_id, idx=i, text=text))
        return self.scope(run_id)

    def scope(self, run_id: str) -> list[ScopeQuestion]:
        with self._read() as session:
            rows = session.exec(
                select(ScopeQuestionRow).where(ScopeQuestionRow.run_id == run_id).order_by(col(ScopeQuestionRow.idx))
            ).all()
            return [ScopeQuestion(index=r.idx, text=r.text) for r in rows]

    # ------------------------------------------------------------------- sources

    def store_source(self, run_id: str, doc: SourceDocument) -> SourceRecord:
        """Store a document once per SHA-256 and link it to the run under its locator (idempotent)."""
        with self._write() as session:
            return source_record(store_document(session, run_id, doc), doc.text)

    def get_source(self, source_id: str) -> SourceRecord:
        with self._read() as session:
            row = self._get(session, SourceRow, source_id)
            content = self._get(session, SourceContentRow, row.content_hash)
            return source_record(row, content.text)

    def list_sources(self, run_id: str) -> list[SourceRecord]:
        with self._read() as session:
            stmt = (
                select(SourceRow, SourceContentRow)
                .join(SourceContentRow, col(SourceRow.content_hash) == col(SourceContentRow.content_hash))
                .where(SourceRow.run_id == run_id)
                .order_by(col(SourceRow.locator), col(SourceRow.content_hash))
            )
            return [source_record(s, c.text) for s, c in session.exec(stmt).all()]

    def set_source_authority(self, source_id: str, authority: Authority) -> None:
        with self._write() as session:
            row = self._get(session, SourceRow, source_id)
            row.authority = authority.value
            session.add(row)

    # -------------------------------------------------------------------- claims

    def propose_claim(
        self,
        run_id: str,
        *,
        proposer: AgentRole,
        statement: str,
        evidence: Sequence[EvidenceRecord],
        scope_index: int | None,
        confidence: float,
        iteration: int,
        stance: Stance | None = None,
        announce: DebateMessage | None = None,
    ) -> ClaimRecord:
        """Insert a claim with its proposal, the proposer's agreement and (``announce``) its research turn.

        All in one transaction: a refused or failed proposal leaves no trace in the debate log.
        """
        turn = None if announce is None else message_params(run_id, announce, agent=proposer.value, iteration=iteration)
        with self._core_write() as tx:
            if turn is not None:
                insert_message(tx, turn)
            claim_id = insert_proposal(
                tx,
                run_id,
                stance=stance,
                proposer=proposer,
                statement=statement,
                evidence=evidence,
                scope_index=scope_index,
                confidence=confidence,
                iteration=iteration,
            )
        return self.get_claim(claim_id)

    def apply(
        self,
        claim_id: str,
        *,
        expected_version: int,
        event: ClaimEvent | None,
        message: DebateMessage,
        agent: AgentRole,
        iteration: int,
        vote: Literal["agree", "challenge", "reject"] | None = None,
        new_statement: str | None = None,
        evidence: Sequence[EvidenceRecord] = (),
        evidence_role: Literal["support", "counter"] = "support",
        finalization_method: FinalizationMethod | None = None,
    ) -> ClaimStep:
        """Apply one lifecycle event with compare-and-swap: :meth:`apply_steps` with a single step."""
        step = Step(event, message, vote, new_statement, tuple(evidence), evidence_role, finalization_method)
        return self.apply_steps(
            claim_id, expected_version=expected_version, steps=[step], agent=agent, iteration=iteration
        )

    def apply_steps(
        self, claim_id: str, *, expected_version: int, steps: Sequence[Step], agent: AgentRole, iteration: int
    ) -> ClaimStep:
        """Apply every step of one judged action (see :func:`protocols.judge`) in ONE transaction.

        The first step must find the claim at ``expected_version``, each later one at the version the
        step before left; the state change, message, vote and evidence of every step commit together
        or not at all (fixed SQL; see :func:`store.claims.transition`), so a carrying reject vote and
        its rejection, or a mediation and the rejection it implies, can never be split by a race.
        Returns the claim's state, version and revision after the last step.

        Raises:
            StaleVersionError: somebody changed the claim first; re-read and judge again.
            IllegalTransition: the lifecycle forbids a step's event in the claim's current state.
        """
        dialect = self.engines.write.dialect
        plans = plan_steps(
            dialect, claim_id, expected_version=expected_version, steps=steps, agent=agent, iteration=iteration
        )
        with self._core_write() as tx:
            return [transition(tx, plan) for plan in plans][-1]

    def claim_step(self, claim_id: str) -> ClaimStep:
        """A claim's current state, version and revision (cheap: one row, no votes, evidence or log).

        Read on a connection of the write engine (outside any transaction, so no lock is taken),
        which the write that follows usually reuses: measured a couple of microseconds cheaper per
        write than a read engine's connection (``bench/store_contention.py``'s CPU line), no more.

        Raises:
            NotFound: no claim with exactly this id.
        """
        return read_step(self.engines.write, claim_id)

    def get_claim(self, claim_id: str) -> ClaimRecord:
        with self._read() as session:
            row = session.get(ClaimRow, claim_id)
            if row is None:
                matches = session.exec(select(ClaimRow).where(col(ClaimRow.id).startswith(claim_id)).limit(2)).all()
                if len(matches) != 1:
                    raise NotFound(f"no claim {claim_id!r}")
                row = matches[0]
            return claim_records(session, [row])[0]

    def list_claims(self, run_id: str) -> list[ClaimRecord]:
        with self._read() as session:
            rows = session.exec(
                select(ClaimRow).where(ClaimRow.run_id == run_id).order_by(col(ClaimRow.created_at), col(ClaimRow.id))
            ).all()
            return claim_records(session, list(rows))

    # ------------------------------------------------------------ the debate log

    def append_message(self, run_id: str, message: DebateMessage, *, agent: str, iteration: int) -> None:
        """Append a run-level message (research_turn, research_complete, conflict_resolution_needed)."""
        params = message_params(run_id, message, agent=agent, iteration=iteration)
        with self._core_write() as tx:
            insert_message(tx, params)

    def messages(self, run_id: str, *, claim_id: str | None = None) -> list[MessageRecord]:
        """The debate in order: the whole run's, or one claim's."""
        with self._read() as session:
            stmt = select(MessageRow).where(MessageRow.run_id == run_id)
            if claim_id is not None:
                stmt = stmt.where(MessageRow.claim_id == claim_id)
            rows = session.exec(stmt.order_by(col(MessageRow.seq))).all()
            return [message_record(r) for r in rows]

    def claim_debate(self, claim_id: str) -> list[MessageRecord]:
        claim = self.get_claim(claim_id)
        return self.messages(claim.run_id, claim_id=claim.id)

    # ------------------------------------------------- discoveries and questions

    def add_discovery(self, run_id: str, event: DiscoveryEvent) -> None:
        self._add_payload(DiscoveryRow(run_id=run_id, payload_json=event.model_dump_json()))

    def discoveries(self, run_id: str) -> list[DiscoveryEvent]:
        return self._payloads(DiscoveryRow, run_id, DiscoveryEvent)

    def add_open_question(self, run_id: str, question: OpenQuestion) -> None:
        self._add_payload(OpenQuestionRow(run_id=run_id, payload_json=question.model_dump_json()))

    def open_questions(self, run_id: str) -> list[OpenQuestion]:
        return self._payloads(OpenQuestionRow, run_id, OpenQuestion)

    def _add_payload(self, row: DiscoveryRow | OpenQuestionRow) -> None:
        with self._write() as session:
            session.add(row)

    def _payloads(self, table: type[DiscoveryRow | OpenQuestionRow], run_id: str, model: type[_M]) -> list[_M]:
        """A run's rows of ``table`` (one JSON payload each), in the order they were added, as ``model``."""
        with self._read() as session:
            payloads = session.exec(select(table.payload_json).where(table.run_id == run_id).order_by(col(table.id)))
            return [model.model_validate_json(p) for p in payloads]

    # ------------------------------------------------------------------- helpers

    @staticmethod
    def _get(session: Session, model: Any, key: str) -> Any:
        row = session.get(model, key)
        if row is None:
            raise NotFound(f"no {model.__tablename__} {key!r}")
        return row
