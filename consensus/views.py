"""Building the snapshot an agent decides on from what the store holds."""

from __future__ import annotations

from collections.abc import Sequence

from protocols import (
    MIN_AGREED_CLAIMS,
    AgentRole,
    AgentView,
    ChallengeView,
    ClaimChallenged,
    ClaimFacts,
    ClaimView,
    Depth,
    EvidenceRecord,
    EvidenceView,
    ScopeQuestion,
    SourceView,
    Stance,
)
from store import ClaimRecord, MessageRecord, RunRecord, SourceRecord, StoredEvidence

__all__ = ["agent_view", "claim_view", "messages_by_claim", "stance_of"]


def messages_by_claim(messages: Sequence[MessageRecord]) -> dict[str, list[MessageRecord]]:
    """The debate log split by claim (messages about no claim left out), each in log order."""
    by_claim: dict[str, list[MessageRecord]] = {}
    for rec in messages:
        if rec.claim_id is not None:
            by_claim.setdefault(rec.claim_id, []).append(rec)
    return by_claim


def stance_of(messages: Sequence[MessageRecord]) -> Stance | None:
    """A claim's stance toward the checked claim: set by its proposal, changed by refinements."""
    return ClaimFacts.fold(rec.message for rec in messages).stance if messages else None


def _quote(e: EvidenceRecord | StoredEvidence, revision: int, added_by: AgentRole) -> EvidenceView:
    return EvidenceView(
        source_id=e.source_id, locator=e.locator, excerpt=e.excerpt, revision=revision, added_by=added_by
    )


def _challenge(msg: ClaimChallenged) -> ChallengeView:
    return ChallengeView(
        by=msg.challenged_by,
        revision=msg.revision,
        reason=msg.reason,
        severity=msg.severity,
        basis=msg.basis,
        satisfied_by=msg.satisfied_by,
        counter_evidence=[_quote(e, msg.revision, msg.challenged_by) for e in msg.counter_evidence],
    )


def claim_view(claim: ClaimRecord, messages: Sequence[MessageRecord], iteration: int) -> ClaimView:
    """One claim as agents see it: its row and evidence, and the facts folded from its debate log."""
    facts = ClaimFacts.fold(rec.message for rec in messages)
    return ClaimView(
        id=claim.id,
        version=claim.version,
        status=claim.status,
        revision=claim.revision,
        statement=claim.statement,
        proposer=claim.proposer,
        scope_index=claim.scope_index,
        stance=facts.stance,
        evidence=[_quote(e, e.revision, e.added_by) for e in claim.evidence if e.role == "support"],
        agreed=sorted(facts.agreed),
        challenges=[_challenge(rec.message) for rec in messages if isinstance(rec.message, ClaimChallenged)],
        open_challengers=sorted(facts.open_challengers),
        defended=facts.defended,
        warned=list(facts.warned),
        idle_iterations=max(0, iteration - claim.changed_iteration),
        mediation=facts.mediation,
        stall_votes=list(facts.stall_votes),
    )


def agent_view(
    *,
    run: RunRecord,
    role: AgentRole,
    scope: Sequence[ScopeQuestion],
    claims: Sequence[ClaimRecord],
    messages: Sequence[MessageRecord],
    sources: Sequence[SourceRecord],
    iteration: int,
    may_propose: bool,
    tokens_left: int,
    completion_proposed: bool = False,
) -> AgentView:
    by_claim = messages_by_claim(messages)
    depth = Depth(run.depth)
    return AgentView(
        run_id=run.id,
        role=role,
        question=run.question,
        context=run.context,
        depth=depth,
        scope=list(scope),
        iteration=iteration,
        my_turn_to_propose=may_propose,
        claims=[claim_view(c, by_claim.get(c.id, []), iteration) for c in claims],
        sources=[
            SourceView(id=s.id, kind=s.kind, locator=s.locator, title=s.title, authority=s.authority) for s in sources
        ],
        tokens_left=tokens_left,
        min_agreed_claims=MIN_AGREED_CLAIMS[depth],
        completion_proposed=completion_proposed,
    )
