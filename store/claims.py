"""Claim writes: the compare-and-swap transition, in one transaction with its message.

The writers here take a :class:`~store.prepared.Transaction` the caller opened on the write engine
(``BEGIN IMMEDIATE`` on SQLite), so a claim's new state, its message, its vote and its evidence are
committed together or not at all. No ORM session: each statement is fixed SQL, built with
SQLAlchemy Core once per shape and dialect (:class:`~store.prepared.Prepared`). Everything that
can be computed before the transaction is, by :func:`plan_transition` (the message's JSON, the
timestamp, every bound parameter), so :func:`transition` holds the write lock for the statements
only. :func:`read_step` is the matching cheap read of a claim's version, outside any transaction.

A transition is ONE ``UPDATE`` whose ``WHERE`` checks both the expected version and that the
lifecycle allows the event in the current state, and whose ``SET`` computes the next state with a
``CASE`` over the transition table; ``RETURNING`` hands back the new state, version and revision.
Only when that ``UPDATE`` matches no row does a ``SELECT`` (in the same transaction) find out why:
no such claim, a stale version, or an illegal transition.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from sqlalchemy import ColumnElement, Table, bindparam, case, insert, literal_column, select, update
from sqlalchemy.engine import Dialect, Engine
from sqlalchemy.sql import ClauseElement

from protocols import (
    TRANSITIONS,
    AgentRole,
    ClaimAgreed,
    ClaimEvent,
    ClaimProposed,
    ClaimState,
    DebateMessage,
    EvidenceRecord,
    FinalizationMethod,
    IllegalTransition,
    NotFound,
    StaleVersionError,
    Stance,
    Step,
    advance,
    new_id,
)
from store.models import tables, utcnow
from store.prepared import Prepared, Transaction, fetch_one
from store.records import ClaimStep

__all__ = [
    "TransitionPlan",
    "insert_message",
    "insert_proposal",
    "message_params",
    "plan_steps",
    "plan_transition",
    "read_step",
    "transition",
]

CLAIM: Table = tables()["claim"]
MESSAGE: Table = tables()["message"]
VOTE: Table = tables()["vote"]
EVIDENCE: Table = tables()["claim_evidence"]


_PREPARED: dict[tuple[Any, ...], Prepared] = {}
_MESSAGE_KEYS = ("run_id", "claim_id", "agent", "action", "revision", "iteration", "claim_version")
_INSERT_KEYS = {
    "message": (*_MESSAGE_KEYS, "payload_json", "created_at"),
    "vote": ("claim_id", "revision", "agent", "verdict"),
    "claim_evidence": ("claim_id", "revision", "source_id", "start", "end", "excerpt", "added_by", "role"),
    "claim": (
        *("id", "run_id", "statement", "status", "revision", "proposer", "scope_index", "confidence"),
        *("version", "changed_iteration", "created_at", "updated_at"),
    ),
}


def _prepare(dialect: Dialect, key: tuple[Any, ...], build: Callable[[], ClauseElement], **kw: Any) -> Prepared:
    full = (dialect.name, dialect.paramstyle, *key)
    stmt = _PREPARED.get(full)
    if stmt is None:
        stmt = _PREPARED[full] = Prepared.compile(build(), dialect, **kw)
    return stmt


def _insert(tx: Transaction, table: Table) -> Prepared:
    keys = _INSERT_KEYS[table.name]
    return _prepare(tx.dialect, ("insert", table.name), lambda: insert(table), keys=keys)


def message_params(
    run_id: str | None,
    message: DebateMessage,
    *,
    agent: str,
    iteration: int,
    claim_id: str | None = None,
    revision: int | None = None,
    claim_version: int | None = None,
    now: datetime | None = None,
) -> dict[str, Any]:
    """The parameters of one ``message`` row (serialized here, before any lock is taken)."""
    return {
        "run_id": run_id,
        "claim_id": claim_id,
        "agent": agent,
        "action": message.action,
        "revision": revision,
        "iteration": iteration,
        "claim_version": claim_version,
        "payload_json": message.model_dump_json(),
        "created_at": now or utcnow(),
    }


def insert_message(tx: Transaction, params: dict[str, Any]) -> None:
    """Append one row built by :func:`message_params` to the debate log."""
    tx.execute(_insert(tx, MESSAGE), params)


def _evidence_params(
    claim_id: str, revision: int, evidence: Sequence[EvidenceRecord], *, agent: str, role: str
) -> list[dict[str, Any]]:
    return [
        {
            "claim_id": claim_id,
            "revision": revision,
            "source_id": ev.source_id,
            "start": ev.start,
            "end": ev.end,
            "excerpt": ev.excerpt,
            "added_by": agent,
            "role": role,
        }
        for ev in evidence
    ]


def insert_proposal(
    tx: Transaction,
    run_id: str,
    *,
    proposer: AgentRole,
    statement: str,
    evidence: Sequence[EvidenceRecord],
    scope_index: int | None,
    confidence: float,
    iteration: int,
    stance: Stance | None = None,
) -> str:
    """Insert a new claim with its evidence, the proposal message and the proposer's own agreement.

    Proposing is asserting: the proposer's ``claim_agreed`` on revision 1 is logged right after the
    ``claim_proposed`` message (two lifecycle steps: propose, then agree).
    """
    claim_id = new_id("clm")
    status = advance(advance(None, ClaimEvent.PROPOSE), ClaimEvent.AGREE)
    now = utcnow()
    who = proposer.value
    proposed = ClaimProposed(
        claim_id=claim_id,
        stance=stance,
        statement=statement,
        evidence=list(evidence),
        proposed_by=proposer,
        confidence=confidence,
        scope_index=scope_index,
    )
    agreed = ClaimAgreed(
        claim_id=claim_id, revision=1, agreed_by=proposer, final_statement=statement, rationale="proposer"
    )
    messages = [
        message_params(
            run_id, msg, agent=who, iteration=iteration, claim_id=claim_id, revision=1, claim_version=v, now=now
        )
        for v, msg in ((1, proposed), (2, agreed))
    ]
    claim = {
        "id": claim_id,
        "run_id": run_id,
        "statement": statement,
        "status": status.value,
        "revision": 1,
        "proposer": who,
        "scope_index": scope_index,
        "confidence": confidence,
        "version": 2,
        "changed_iteration": iteration,
        "created_at": now,
        "updated_at": now,
    }
    tx.execute(_insert(tx, CLAIM), claim)
    if evidence:
        tx.execute_many(_insert(tx, EVIDENCE), _evidence_params(claim_id, 1, evidence, agent=who, role="support"))
    tx.execute(_insert(tx, VOTE), {"claim_id": claim_id, "revision": 1, "agent": who, "verdict": "agree"})
    tx.execute_many(_insert(tx, MESSAGE), messages)
    return claim_id


def _transition_stmt(event: ClaimEvent | None, *, statement: bool, method: bool, returning: bool) -> ClauseElement:
    """The one version-checked ``UPDATE`` for this event (and optional columns)."""
    c = CLAIM.c
    values: dict[str, Any] = {
        "version": c.version + literal_column("1"),
        "changed_iteration": bindparam("p_iteration"),
        "updated_at": bindparam("p_now", type_=c.updated_at.type),
    }
    stmt = update(CLAIM).where(c.id == bindparam("p_id"), c.version == bindparam("p_expected"))
    if event is not None:
        # the CASE is NULL for a state the lifecycle does not allow (no IN list: fixed SQL); the states
        # are written into the SQL, as constants of the lifecycle, not bound as parameters per write
        moves = {_state(s): _state(n) for (s, e), n in TRANSITIONS.items() if e is event and s is not None}
        next_state = case(moves, value=c.status)
        stmt = stmt.where(next_state.is_not(None))
        values["status"] = next_state
        if event is ClaimEvent.REFINE:
            values["revision"] = c.revision + literal_column("1")
    if statement:
        values["statement"] = bindparam("p_statement")
    if method:
        values["finalization_method"] = bindparam("p_method")
    stmt = stmt.values(values)
    return stmt.returning(c.run_id, c.status, c.version, c.revision) if returning else stmt


def _state(state: ClaimState) -> ColumnElement[str]:
    """A lifecycle state as an SQL string constant (the enum's values are plain lower-case words)."""
    assert state.value.isidentifier(), state
    return literal_column(f"'{state.value}'")


def _read_back_built() -> ClauseElement:
    c = CLAIM.c
    return select(c.run_id, c.status, c.version, c.revision).where(c.id == bindparam("p_id"))


def _read_back_stmt(dialect: Dialect) -> Prepared:
    return _prepare(dialect, ("read_back",), _read_back_built)


def _read_back(tx: Transaction, claim_id: str) -> tuple[Any, ...] | None:
    """The claim's run, state, version and revision, read inside the write transaction."""
    row = tx.execute(_read_back_stmt(tx.dialect), {"p_id": claim_id}).fetchone()
    return tuple(row) if row is not None else None


def read_step(engine: Engine, claim_id: str) -> ClaimStep:
    """A claim's current state, version and revision: one indexed ``SELECT``, outside any write lock.

    Raises:
        NotFound: no such claim.
    """
    row = fetch_one(engine, _read_back_stmt(engine.dialect), {"p_id": claim_id})
    if row is None:
        raise NotFound(f"no claim {claim_id!r}")
    run_id, status, version, revision = row
    return ClaimStep(claim_id=claim_id, run_id=run_id, status=ClaimState(status), version=version, revision=revision)


def _why_not(tx: Transaction, claim_id: str, expected_version: int, event: ClaimEvent | None) -> Exception:
    """Why a version-checked ``UPDATE`` matched no row (read in the same transaction)."""
    row = _read_back(tx, claim_id)
    if row is None:
        return NotFound(f"no claim {claim_id!r}")
    _, status, version, _ = row
    if version != expected_version:
        return StaleVersionError(f"claim {claim_id} is at version {version}, not {expected_version}")
    if event is not None:
        try:
            advance(ClaimState(status), event)
        except IllegalTransition as exc:  # the lifecycle's own message
            return exc
    return StaleVersionError(f"claim {claim_id} changed under us (expected version {expected_version})")


@dataclass(frozen=True)
class TransitionPlan:
    """Everything a transition's transaction needs, computed before it takes the write lock."""

    claim_id: str
    expected_version: int
    event: ClaimEvent | None
    update: Prepared
    update_params: Any  # bound: the driver's own parameters
    returning: bool
    message: Prepared
    message_params: Any  # bound; run_id, revision and claim_version are filled in from RETURNING
    agent: str
    vote: str | None
    evidence: Sequence[EvidenceRecord]
    evidence_role: str


def plan_transition(
    dialect: Dialect,
    claim_id: str,
    *,
    expected_version: int,
    event: ClaimEvent | None,
    message: DebateMessage,
    agent: AgentRole,
    iteration: int,
    vote: str | None = None,
    new_statement: str | None = None,
    evidence: Sequence[EvidenceRecord] = (),
    evidence_role: str = "support",
    finalization_method: FinalizationMethod | None = None,
) -> TransitionPlan:
    """Serialize the message and bind every parameter now, so that :func:`transition` holds the lock briefly."""
    now = utcnow()
    params: dict[str, Any] = {"p_id": claim_id, "p_expected": expected_version, "p_iteration": iteration, "p_now": now}
    if new_statement is not None:
        params["p_statement"] = new_statement
    if finalization_method is not None:
        params["p_method"] = finalization_method.value
    returning = bool(dialect.update_returning)  # SQLite >= 3.35, PostgreSQL
    shape = {"statement": new_statement is not None, "method": finalization_method is not None}
    key = ("transition", event, returning, shape["statement"], shape["method"])
    update = _prepare(dialect, key, lambda: _transition_stmt(event, returning=returning, **shape))
    insert_msg = _prepare(dialect, ("insert", "message"), lambda: insert(MESSAGE), keys=_INSERT_KEYS["message"])
    msg = message_params(None, message, agent=agent.value, iteration=iteration, claim_id=claim_id, now=now)
    return TransitionPlan(
        claim_id=claim_id,
        expected_version=expected_version,
        event=event,
        update=update,
        update_params=update.bind(params),
        returning=returning,
        message=insert_msg,
        message_params=insert_msg.bind(msg),
        agent=agent.value,
        vote=vote,
        evidence=evidence,
        evidence_role=evidence_role,
    )


def plan_steps(
    dialect: Dialect, claim_id: str, *, expected_version: int, steps: Sequence[Step], agent: AgentRole, iteration: int
) -> list[TransitionPlan]:
    """One plan per judged step (see :func:`protocols.judge`), each expecting the version the one before leaves."""
    return [
        plan_transition(
            dialect,
            claim_id,
            expected_version=expected_version + i,
            event=step.event,
            message=step.message,
            agent=agent,
            iteration=iteration,
            vote=step.vote,
            new_statement=step.statement,
            evidence=step.evidence,
            evidence_role=step.evidence_role,
            finalization_method=step.method,
        )
        for i, step in enumerate(steps)
    ]


def _update_claim(tx: Transaction, plan: TransitionPlan) -> tuple[str, str, int, int]:
    cursor = tx.execute_bound(plan.update, plan.update_params)
    row: Any = None
    if plan.returning:
        row = cursor.fetchone()
    elif cursor.rowcount == 1:  # older SQLite: read back inside the same transaction
        row = _read_back(tx, plan.claim_id)
    if row is None:
        raise _why_not(tx, plan.claim_id, plan.expected_version, plan.event)
    return str(row[0]), str(row[1]), int(row[2]), int(row[3])


def transition(tx: Transaction, plan: TransitionPlan) -> ClaimStep:
    """Apply one lifecycle event to a claim if nobody changed it since the plan's expected version.

    ``event=None`` appends a message (and vote) without changing the state; the version still moves,
    so every message about a claim is ordered against every other. A ``REFINE`` bumps the revision
    and replaces the statement. Only the statements run here, inside the write lock; everything else
    was done by :func:`plan_transition`.

    Returns:
        The claim's new state, version and revision, as the ``UPDATE`` itself returned them.

    Raises:
        StaleVersionError: the claim's version is no longer the expected one.
        IllegalTransition: the lifecycle forbids the event in the claim's state.
        NotFound: no such claim.
    """
    claim_id = plan.claim_id
    run_id, status, version, revision = _update_claim(tx, plan)
    if plan.evidence:
        rows = _evidence_params(claim_id, revision, plan.evidence, agent=plan.agent, role=plan.evidence_role)
        tx.execute_many(_insert(tx, EVIDENCE), rows)
    if plan.vote is not None:
        vote_row = {"claim_id": claim_id, "revision": revision, "agent": plan.agent, "verdict": plan.vote}
        tx.execute(_insert(tx, VOTE), vote_row)
    plan.message.fill(plan.message_params, {"run_id": run_id, "revision": revision, "claim_version": version})
    tx.execute_bound(plan.message, plan.message_params)
    return ClaimStep(claim_id=claim_id, run_id=run_id, status=ClaimState(status), version=version, revision=revision)
