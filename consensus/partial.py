"""The partial result of a run that stopped without storing one (its process died): packaged from the store.

Its agreed claims are the answer (each claim's statement is its sentence: no model is asked, so any
server can package it), and it is marked partial as a cancelled run's result is: the budget counts
as exhausted, the stop reason says the run was interrupted, and the answer carries the caveat that
it is partial. Nothing is written: a later resume (or another server) packages it again.
"""

from __future__ import annotations

from agents import AnswerDraft, AnswerSentence
from consensus.packaging import Package, agreed_claims, package_result
from protocols import ResearchResult
from store import Repository, RunReader, RunRecord

__all__ = ["PARTIAL_REASON", "partial_result"]

PARTIAL_REASON = "interrupted: the process running it stopped; resume_research (or `consensus resume`) continues it"


def partial_result(repo: Repository, record: RunRecord) -> ResearchResult:
    """What ``record``'s run agreed before it stopped, packaged as a result marked partial."""
    snapshot = RunReader(repo.engines, record.id).snapshot()
    agreed = agreed_claims(snapshot.claims)
    draft = AnswerDraft(sentences=[AnswerSentence(text=c.statement, claim_ids=[c.id]) for c in agreed])
    ended = record.finished_at or record.updated_at
    pkg = Package(
        question=record.question,
        scope=snapshot.scope,
        claims=snapshot.claims,
        messages=snapshot.messages,
        sources=snapshot.sources,
        denied=[],
        discoveries=repo.discoveries(record.id),
        open_questions=repo.open_questions(record.id),
        stop_reason=PARTIAL_REASON,
        budget_exhausted=True,
        sources_dropped=0,
        tokens_used=record.tokens_used,
        iterations=record.iteration,
        wall_time_sec=max(0.0, (ended - record.created_at).total_seconds()),
        model_id=record.model_id,
        trace_id=record.trace_id,
    )
    return package_result(pkg, draft)
