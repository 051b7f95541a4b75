"""Turning rows into the frozen records the repository returns (inside the caller's session)."""

from __future__ import annotations

from collections.abc import Sequence

from sqlalchemy import func
from sqlmodel import Session, col, select

from protocols import (
    AgentRole,
    Authority,
    ClaimState,
    FinalizationMethod,
    Recency,
    ResearchConstraints,
    ResearchResult,
    Vote,
    parse_message,
)
from store.models import (
    ClaimEvidenceRow,
    ClaimRow,
    MessageRow,
    RunRow,
    SourceRow,
    VoteRow,
)
from store.records import ClaimRecord, MessageRecord, RunRecord, SourceRecord, StoredEvidence

__all__ = ["claim_records", "message_record", "run_record", "source_record"]


def load_votes(session: Session, claim_ids: Sequence[str]) -> dict[str, list[VoteRow]]:
    out: dict[str, list[VoteRow]] = {cid: [] for cid in claim_ids}
    if not claim_ids:
        return out
    stmt = select(VoteRow).where(col(VoteRow.claim_id).in_(claim_ids)).order_by(col(VoteRow.id))
    for vote in session.exec(stmt):
        out[vote.claim_id].append(vote)
    return out


def run_record(session: Session, row: RunRow) -> RunRecord:
    counts = dict(
        session.exec(
            select(ClaimRow.status, func.count()).where(ClaimRow.run_id == row.id).group_by(ClaimRow.status)
        ).all()
    )
    agreed = counts.pop(ClaimState.AGREED.value, 0)
    rejected = counts.pop(ClaimState.REJECTED.value, 0)
    return RunRecord(
        id=row.id,
        question=row.question,
        context=row.context,
        depth=row.depth,
        constraints=ResearchConstraints.model_validate_json(row.constraints_json),
        status=row.status,
        trace_id=row.trace_id,
        model_id=row.model_id,
        source_backend=row.source_backend,
        owner=row.owner,
        owner_since=row.owner_since,
        heartbeat_at=row.heartbeat_at,
        lease_expires_at=row.lease_expires_at,
        cancel_requested_at=row.cancel_requested_at,
        iteration=row.iteration,
        tokens_used=row.tokens_used,
        current_action=row.current_action,
        error=row.error,
        result=ResearchResult.model_validate_json(row.result_json) if row.result_json else None,
        created_at=row.created_at,
        updated_at=row.updated_at,
        finished_at=row.finished_at,
        agreed=agreed,
        rejected=rejected,
        pending=sum(counts.values()),
    )


def source_record(row: SourceRow, text: str) -> SourceRecord:
    return SourceRecord(
        id=row.id,
        run_id=row.run_id,
        content_hash=row.content_hash,
        kind=row.kind,
        locator=row.locator,
        title=row.title,
        authority=Authority(row.authority),
        recency=Recency(row.recency) if row.recency else None,
        published=row.published,
        text=text,
    )


def claim_records(session: Session, rows: list[ClaimRow]) -> list[ClaimRecord]:
    ids = [r.id for r in rows]
    votes = load_votes(session, ids)
    evidence: dict[str, list[StoredEvidence]] = {cid: [] for cid in ids}
    if ids:
        stmt = (
            select(ClaimEvidenceRow, SourceRow)
            .join(SourceRow, col(ClaimEvidenceRow.source_id) == col(SourceRow.id))
            .where(col(ClaimEvidenceRow.claim_id).in_(ids))
            .order_by(col(ClaimEvidenceRow.id))
        )
        for ev, src in session.exec(stmt).all():
            evidence[ev.claim_id].append(
                StoredEvidence(
                    source_id=ev.source_id,
                    locator=src.locator,
                    title=src.title,
                    authority=Authority(src.authority),
                    excerpt=ev.excerpt,
                    start=ev.start,
                    end=ev.end,
                    revision=ev.revision,
                    added_by=AgentRole(ev.added_by),
                    role=ev.role,
                )
            )
    return [
        ClaimRecord(
            id=r.id,
            run_id=r.run_id,
            statement=r.statement,
            status=ClaimState(r.status),
            revision=r.revision,
            proposer=AgentRole(r.proposer),
            scope_index=r.scope_index,
            confidence=r.confidence,
            finalization_method=FinalizationMethod(r.finalization_method) if r.finalization_method else None,
            version=r.version,
            changed_iteration=r.changed_iteration,
            evidence=evidence[r.id],
            votes=[
                Vote(role=AgentRole(v.agent), revision=v.revision, verdict=v.verdict)  # type: ignore[arg-type]
                for v in votes[r.id]
                if v.verdict in ("agree", "challenge")
            ],
            reject_votes=[AgentRole(v.agent) for v in votes[r.id] if v.verdict == "reject"],
            created_at=r.created_at,
            updated_at=r.updated_at,
        )
        for r in rows
    ]


def message_record(r: MessageRow) -> MessageRecord:
    return MessageRecord(
        seq=r.seq or 0,
        run_id=r.run_id,
        claim_id=r.claim_id,
        agent=r.agent,
        action=r.action,
        revision=r.revision,
        iteration=r.iteration,
        claim_version=r.claim_version,
        message=parse_message(r.payload_json),
        created_at=r.created_at,
    )
