"""Claim writes: the compare-and-swap transition, in one transaction with its message.

Every function here runs inside a session the caller opened with ``session.begin()`` on the write
engine (``BEGIN IMMEDIATE`` on SQLite), so a claim's new state, its message, its vote and its
evidence are committed together or not at all.
"""

from __future__ import annotations

from collections.abc import Sequence

from sqlalchemy import update
from sqlmodel import Session, col, select

from protocols import (
    AgentRole,
    ClaimAgreed,
    ClaimEvent,
    ClaimProposed,
    ClaimState,
    DebateMessage,
    EvidenceRecord,
    FinalizationMethod,
    NotFound,
    StaleVersionError,
    Stance,
    advance,
    new_id,
)
from store.models import ClaimEvidenceRow, ClaimRow, MessageRow, VoteRow, utcnow

__all__ = ["insert_message", "insert_proposal", "transition"]


def insert_message(
    session: Session,
    run_id: str,
    message: DebateMessage,
    *,
    agent: str,
    iteration: int,
    claim_id: str | None = None,
    revision: int | None = None,
    claim_version: int | None = None,
    op_key: str | None = None,
) -> MessageRow:
    row = MessageRow(
        run_id=run_id,
        claim_id=claim_id,
        agent=agent,
        action=message.action,
        revision=revision,
        iteration=iteration,
        claim_version=claim_version,
        op_key=op_key,
        payload_json=message.model_dump_json(),
    )
    session.add(row)
    return row


def _insert_evidence(
    session: Session, claim_id: str, revision: int, evidence: Sequence[EvidenceRecord], *, agent: str, role: str
) -> None:
    for ev in evidence:
        session.add(
            ClaimEvidenceRow(
                claim_id=claim_id,
                revision=revision,
                source_id=ev.source_id,
                start=ev.start,
                end=ev.end,
                excerpt=ev.excerpt,
                added_by=agent,
                role=role,
            )
        )


def insert_proposal(
    session: Session,
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
    proposed = advance(None, ClaimEvent.PROPOSE)
    status = advance(proposed, ClaimEvent.AGREE)
    session.add(
        ClaimRow(
            id=claim_id,
            run_id=run_id,
            statement=statement,
            status=status.value,
            revision=1,
            proposer=proposer.value,
            scope_index=scope_index,
            confidence=confidence,
            version=2,
            changed_iteration=iteration,
        )
    )
    session.flush()
    _insert_evidence(session, claim_id, 1, evidence, agent=proposer.value, role="support")
    session.add(VoteRow(claim_id=claim_id, revision=1, agent=proposer.value, verdict="agree"))
    msg = ClaimProposed(
        claim_id=claim_id,
        stance=stance,
        statement=statement,
        evidence=list(evidence),
        proposed_by=proposer,
        confidence=confidence,
        scope_index=scope_index,
    )
    insert_message(
        session, run_id, msg, agent=proposer.value, iteration=iteration, claim_id=claim_id, revision=1, claim_version=1
    )
    agreed = ClaimAgreed(
        claim_id=claim_id, revision=1, agreed_by=proposer, final_statement=statement, rationale="proposer"
    )
    insert_message(
        session,
        run_id,
        agreed,
        agent=proposer.value,
        iteration=iteration,
        claim_id=claim_id,
        revision=1,
        claim_version=2,
    )
    return claim_id


def transition(
    session: Session,
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
    op_key: str | None = None,
) -> tuple[ClaimState, int]:
    """Apply one lifecycle event to a claim if nobody changed it since ``expected_version``.

    ``event=None`` appends a message (and vote) without changing the state; the version still moves,
    so every message about a claim is ordered against every other. A ``REFINE`` bumps the revision
    and replaces the statement.

    Returns:
        The claim's new state and new version.

    Raises:
        StaleVersionError: the claim's version is no longer ``expected_version``.
        IllegalTransition: the lifecycle forbids ``event`` in the claim's state.
        NotFound: no such claim.
    """
    row = session.get(ClaimRow, claim_id)
    if row is None:
        raise NotFound(f"no claim {claim_id!r}")
    if row.version != expected_version:
        raise StaleVersionError(f"claim {claim_id} is at version {row.version}, not {expected_version}")
    state = ClaimState(row.status)
    new_state = advance(state, event) if event is not None else state
    revision = row.revision + 1 if event is ClaimEvent.REFINE else row.revision
    values: dict[str, object] = {
        "status": new_state.value,
        "version": row.version + 1,
        "revision": revision,
        "changed_iteration": iteration,
        "updated_at": utcnow(),
    }
    if new_statement is not None:
        values["statement"] = new_statement
    if finalization_method is not None:
        values["finalization_method"] = finalization_method.value
    result = session.execute(
        update(ClaimRow).where(col(ClaimRow.id) == claim_id, col(ClaimRow.version) == expected_version).values(**values)
    )
    if result.rowcount != 1:  # type: ignore[attr-defined]
        raise StaleVersionError(f"claim {claim_id} changed under us (expected version {expected_version})")
    session.expire(row)
    if evidence:
        _insert_evidence(session, claim_id, revision, evidence, agent=agent.value, role=evidence_role)
    if vote is not None:
        session.add(VoteRow(claim_id=claim_id, revision=revision, agent=agent.value, verdict=vote))
    insert_message(
        session,
        row.run_id,
        message,
        agent=agent.value,
        iteration=iteration,
        claim_id=claim_id,
        revision=revision,
        claim_version=expected_version + 1,
        op_key=op_key,
    )
    return new_state, expected_version + 1


def load_votes(session: Session, claim_ids: Sequence[str]) -> dict[str, list[VoteRow]]:
    out: dict[str, list[VoteRow]] = {cid: [] for cid in claim_ids}
    if not claim_ids:
        return out
    stmt = select(VoteRow).where(col(VoteRow.claim_id).in_(claim_ids)).order_by(col(VoteRow.id))
    for vote in session.exec(stmt):
        out[vote.claim_id].append(vote)
    return out
