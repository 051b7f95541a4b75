"""Packaging a debate into a ResearchResult: citations, answer, gaps, confidence.

The confidence rubric (also in the README), from ``confidence_factors``:

====================================  ==========================================================
start                                 0.50 + 0.10 per corroborating source, counting at most 4
source authority                      high +0.05, medium 0, low -0.10
query specificity match (0-1)         multiply by (0.5 + 0.5 * match)
contradiction detected                -0.05 (even when resolved: somebody disagreed)
budget exhausted                      -0.15
recency dated                         -0.05
no agreed claim                       0.10 flat
====================================  ==========================================================

clamped to [0.05, 0.99] and rounded to two decimals. ``num_corroborating_sources`` is the median
number of distinct sources behind an agreed claim; ``source_authority`` the most common authority of
the cited sources (ties go to the lower); ``query_specificity_match`` the share of research
questions covered by an agreed claim; ``recency`` the most common recency of cited sources.
"""

from __future__ import annotations

import statistics
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, replace

from agents import AnswerDraft, answered_by
from consensus.verdict import dissent_gap, verdict_for, verdict_sentence
from protocols import (
    AgreedClaim,
    Authority,
    Citation,
    ClaimChallenged,
    ClaimDefended,
    ClaimMediated,
    ClaimRejected,
    ClaimState,
    ConfidenceFactors,
    CostMetadata,
    DeniedSource,
    DiscoveryEvent,
    FinalizationMethod,
    Gap,
    GapCategory,
    OpenQuestion,
    Recency,
    ResearchResult,
    ScopeQuestion,
    Stance,
    agreed_on,
    clip_excerpt,
)
from store import ClaimRecord, MessageRecord, SourceRecord

__all__ = ["Package", "confidence_from", "package_result"]

_AUTHORITY_SCORE = {Authority.HIGH: 0.92, Authority.MEDIUM: 0.8, Authority.LOW: 0.55}
_AUTHORITY_ORDER = [Authority.LOW, Authority.MEDIUM, Authority.HIGH]


@dataclass(frozen=True)
class Package:
    """Everything the packager needs about a finished (or stopped) debate."""

    question: str
    scope: Sequence[ScopeQuestion]
    claims: Sequence[ClaimRecord]
    messages: Sequence[MessageRecord]
    sources: Sequence[SourceRecord]
    denied: Sequence[DeniedSource]
    discoveries: Sequence[DiscoveryEvent]
    open_questions: Sequence[OpenQuestion]
    stop_reason: str | None  # None: completed normally
    budget_exhausted: bool
    sources_dropped: int  # hits from new documents refused because max_sources was reached
    tokens_used: int
    iterations: int
    wall_time_sec: float
    model_id: str
    trace_id: str


def agreed_claims(claims: Sequence[ClaimRecord]) -> list[ClaimRecord]:
    return [c for c in claims if c.status is ClaimState.AGREED]


def in_answer_order(claims: Sequence[ClaimRecord], draft: AnswerDraft) -> list[ClaimRecord]:
    """Claims in the order the answer first cites them (then the rest), so citations number upwards."""
    first: dict[str, int] = {}
    for n, sentence in enumerate(draft.sentences):
        for claim_id in sentence.claim_ids:
            first.setdefault(claim_id, n)
    return sorted(claims, key=lambda c: first.get(c.id, len(draft.sentences)))


def citations_for(
    claims: Sequence[ClaimRecord], sources: Sequence[SourceRecord]
) -> tuple[list[Citation], dict[str, list[int]]]:
    """One citation per distinct (source, excerpt) behind agreed claims; claim id -> citation indices."""
    by_id = {s.id: s for s in sources}
    citations: list[Citation] = []
    index: dict[tuple[str, int, int], int] = {}
    per_claim: dict[str, list[int]] = {}
    for claim in claims:
        refs: list[int] = []
        for ev in claim.evidence_for():
            key = (ev.source_id, ev.start, ev.end)
            if key not in index:
                source = by_id.get(ev.source_id)
                index[key] = len(citations)
                citations.append(
                    Citation(
                        source=source.kind if source else "file",
                        locator=ev.locator,
                        title=ev.title,
                        snippet=clip_snippet(claim.statement),
                        raw_excerpt=clip_excerpt(ev.excerpt),
                        confidence=_AUTHORITY_SCORE[source.authority if source else ev.authority],
                    )
                )
            if index[key] not in refs:
                refs.append(index[key])
        per_claim[claim.id] = refs
    return citations, per_claim


def clip_snippet(statement: str) -> str:
    return statement if len(statement) <= 200 else statement[:197].rstrip() + "..."


def render_answer(
    draft: AnswerDraft,
    per_claim: dict[str, list[int]],
    caveats: Sequence[str],
    citations: Sequence[Citation] = (),
    *,
    sideless: frozenset[str] = frozenset(),
) -> str:
    """Sentences citing ``[n]`` (1-based citation numbers); sentences citing no agreed claim are dropped.

    A sentence that rests on a single source says so: ``(only one source, X, states this)``. In a
    claim check, a sentence whose claims take no side on the checked claim (``sideless``) is marked
    as related evidence, so that it is not read as support.
    """
    lines = []
    for sentence in draft.sentences:
        refs = sorted({i + 1 for cid in sentence.claim_ids for i in per_claim.get(cid, [])})
        if not refs:
            continue
        text = sentence.text.strip()
        if sentence.claim_ids and set(sentence.claim_ids) <= sideless:
            text = f"Related, taking no side: {text}"
        locators = {citations[n - 1].locator for n in refs if n - 1 < len(citations)}
        if len(locators) == 1:
            text += f" (only one source, {next(iter(locators))}, states this)"
        lines.append(f"{text} " + "".join(f"[{n}]" for n in refs))
    if not lines:
        lines.append("No claim survived the debate, so there is no answer to give; see the gaps.")
    return "\n".join([*lines, *caveats])


def _rejection(messages: Sequence[MessageRecord], claim_id: str) -> ClaimRejected | None:
    found = None
    for rec in messages:
        if rec.claim_id == claim_id and isinstance(rec.message, ClaimRejected):
            found = rec.message
    return found


def _upheld_because(messages: Sequence[MessageRecord], claim_id: str) -> str | None:
    """Why the claim was kept where it was contested: the reason a mediator gave for upholding it,
    else the last defence of it that the reviewers then agreed to; None when neither was given."""
    mediated = defended = None
    for rec in messages:
        msg = rec.message
        if rec.claim_id != claim_id:
            continue
        if isinstance(msg, ClaimMediated) and msg.verdict == "uphold":
            mediated = msg.reason
        elif isinstance(msg, ClaimDefended):
            defended = msg.argument
    return mediated or defended


_OUTCOME = {
    ClaimState.AGREED: "the claim was kept on the weight of the other sources",
    ClaimState.REJECTED: "the claim was rejected",
}


def contradiction_gaps(pkg: Package) -> list[Gap]:
    """One gap per disagreement between sources met in the debate, however it was settled.

    Even when the majority of independent sources settled it, the minority source stays on record:
    the caller decides whether the disagreement deserves a human look.
    """
    gaps: list[Gap] = []
    seen: set[tuple[str, str]] = set()
    by_id = {c.id: c for c in pkg.claims}
    for rec in pkg.messages:
        msg = rec.message
        if not (isinstance(msg, ClaimChallenged) and msg.basis == "contradicted" and rec.claim_id in by_id):
            continue
        claim = by_id[msg.claim_id]
        counter = "; ".join(f'{e.locator}: "{clip_snippet(e.excerpt)}"' for e in msg.counter_evidence)
        key = (claim.id, counter)
        if key in seen:
            continue
        seen.add(key)
        outcome = _OUTCOME.get(claim.status, f"still {claim.status.value} when the run stopped")
        upheld = _upheld_because(pkg.messages, claim.id) if claim.status is ClaimState.AGREED else None
        if upheld is not None:  # say how it was settled
            outcome = f"the claim was kept ({clip_snippet(upheld)})"
        detail = f"{msg.reason} Counter-evidence: {counter or 'none quoted'}. Outcome: {outcome}."
        gaps.append(Gap(topic=claim.statement, category=GapCategory.CONTRADICTORY_SOURCES, detail=detail))
    for claim in pkg.claims:
        rejection = _rejection(pkg.messages, claim.id) if claim.status is ClaimState.REJECTED else None
        contested = any(g.topic == claim.statement for g in gaps)
        if rejection is not None and rejection.conflicting_sources and not contested:
            gaps.append(Gap(topic=claim.statement, category=GapCategory.CONTRADICTORY_SOURCES, detail=rejection.reason))
    return gaps


def _answered(question: ScopeQuestion, agreed: Sequence[ClaimRecord]) -> bool:
    """Answered by an agreed claim of its own, or by one proposed for another question."""
    return any(c.scope_index == question.index or answered_by(question.text, c.statement) for c in agreed)


def _split_over(question: ScopeQuestion, open_questions: Sequence[OpenQuestion]) -> OpenQuestion | None:
    """An open question an agent raised about this research question (its text opens with it): the
    sources answering it were split evenly, so nothing was proposed."""
    return next(iter(_splits_over(question, open_questions)), None)


def _splits_over(question: ScopeQuestion, open_questions: Sequence[OpenQuestion]) -> list[OpenQuestion]:
    return [o for o in open_questions if o.question.startswith(question.text) and o.context]


def gaps_for(pkg: Package) -> list[Gap]:
    gaps = contradiction_gaps(pkg)
    agreed = agreed_claims(pkg.claims)
    if pkg.stop_reason:
        for claim in pkg.claims:
            if claim.status not in (ClaimState.AGREED, ClaimState.REJECTED):
                detail = f"still under debate ({claim.status.value}) when the run stopped: {pkg.stop_reason}"
                gaps.append(Gap(topic=claim.statement, category=GapCategory.BUDGET_EXHAUSTED, detail=detail))
    for q in pkg.scope:
        if _answered(q, agreed):  # another entity's answer may still be split: the disagreement is a gap
            cited = {e.locator for c in agreed if c.scope_index == q.index for e in c.evidence_for()}
            for other in _splits_over(q, pkg.open_questions):
                if any(locator in other.context for locator in cited):
                    continue  # the answer took a side of it: its review weighed the other
                detail = f"another answer to it is split and neither side has more independent sources: {other.context}"
                gaps.append(Gap(topic=q.text, category=GapCategory.CONTRADICTORY_SOURCES, detail=detail))
            continue
        if pkg.budget_exhausted:
            if pkg.stop_reason:
                detail = f"not settled before the run stopped ({pkg.stop_reason})"
            else:
                detail = "no answer among the sources the run was allowed to read"
            if pkg.sources_dropped:
                detail += (
                    f"; {pkg.sources_dropped} hit(s) from further documents were left unread at the max_sources limit"
                )
            gaps.append(Gap(topic=q.text, category=GapCategory.BUDGET_EXHAUSTED, detail=detail))
        elif (split := _split_over(q, pkg.open_questions)) is not None:
            detail = f"sources are split and neither side has more independent sources: {split.context}"
            gaps.append(Gap(topic=q.text, category=GapCategory.CONTRADICTORY_SOURCES, detail=detail))
        else:
            tried = sum(1 for c in pkg.claims if c.scope_index == q.index)
            detail = (
                f"{tried} claim(s) were proposed for it and none survived the debate"
                if tried
                else "no source passage answering it was found"
            )
            gaps.append(Gap(topic=q.text, category=GapCategory.SOURCE_NOT_FOUND, detail=detail))
    for denied in pkg.denied:
        gaps.append(Gap(topic=denied.locator, category=GapCategory.ACCESS_DENIED, detail=denied.reason))
    return gaps


def confidence_from(f: ConfidenceFactors, *, any_agreed: bool) -> float:
    """The documented rubric (module docstring and README)."""
    if not any_agreed:
        return 0.1
    score = 0.5 + 0.1 * min(f.num_corroborating_sources, 4)
    score += {Authority.HIGH: 0.05, Authority.MEDIUM: 0.0, Authority.LOW: -0.10}[f.source_authority]
    score *= 0.5 + 0.5 * f.query_specificity_match
    if f.contradiction_detected:
        score -= 0.05
    if f.budget_exhausted:
        score -= 0.15
    if f.recency is Recency.DATED:
        score -= 0.05
    return round(min(0.99, max(0.05, score)), 2)


def factors_for(pkg: Package, citations: Sequence[Citation], gaps: Sequence[Gap]) -> ConfidenceFactors:
    agreed = agreed_claims(pkg.claims)
    per_claim_sources = [len({e.source_id for e in c.evidence_for()}) for c in agreed]
    by_locator = {s.locator: s for s in pkg.sources}
    cited = [by_locator[c.locator] for c in citations if c.locator in by_locator]
    authorities = Counter(s.authority for s in cited)
    authority = (
        max(authorities, key=lambda a: (authorities[a], -_AUTHORITY_ORDER.index(a))) if authorities else Authority.LOW
    )
    recencies = Counter(s.recency for s in cited if s.recency is not None)
    recency = max(recencies, key=lambda r: (recencies[r], r.value)) if recencies else None
    covered = sum(1 for q in pkg.scope if _answered(q, agreed))
    match = covered / len(pkg.scope) if pkg.scope else (1.0 if agreed else 0.0)
    contradiction = any(g.category is GapCategory.CONTRADICTORY_SOURCES for g in gaps) or any(
        isinstance(m.message, ClaimChallenged) and m.message.basis == "contradicted" for m in pkg.messages
    )
    return ConfidenceFactors(
        num_corroborating_sources=int(statistics.median(per_claim_sources)) if per_claim_sources else 0,
        source_authority=authority,
        contradiction_detected=contradiction,
        query_specificity_match=round(match, 2),
        budget_exhausted=pkg.budget_exhausted,
        recency=recency,
    )


def _caveats(pkg: Package, gaps: list[Gap]) -> list[str]:
    """What the answer must warn about: sources that disagree, and a run that was cut short."""
    caveats = []
    contested = [g for g in gaps if g.category is GapCategory.CONTRADICTORY_SOURCES]
    if contested:
        caveats.append(
            f"Caveat: sources disagree on {len(contested)} point(s) (see the gaps); the answer keeps only what "
            "the three agents agreed on, so check the raw excerpts where a point matters."
        )
    if pkg.budget_exhausted:
        why = pkg.stop_reason or "the max_sources limit was reached"
        caveats.append(f"Caveat: the research was cut short ({why}); the answer is partial.")
    return caveats


def package_result(pkg: Package, draft: AnswerDraft) -> ResearchResult:
    """Assemble the contract's ResearchResult from the debate's final state.

    Hitting ``max_sources`` counts as exhausting a budget when it left a research question
    unanswered (the sources may exist; the run was not allowed to read them).
    """
    agreed = in_answer_order(agreed_claims(pkg.claims), draft)
    if pkg.sources_dropped and any(not _answered(q, agreed) for q in pkg.scope):
        pkg = replace(pkg, budget_exhausted=True)
    citations, per_claim = citations_for(agreed, pkg.sources)
    gaps = gaps_for(pkg)
    verdict = verdict_for(pkg.question, agreed, pkg.messages, gaps)
    dissent = dissent_gap(verdict, agreed)
    gaps = gaps if dissent is None else [*gaps, dissent]
    factors = factors_for(pkg, citations, gaps)
    confidence = confidence_from(factors, any_agreed=bool(agreed))
    caveats = _caveats(pkg, gaps)
    stances = (
        {}
        if verdict is None
        else {cid: Stance.SUPPORTS for cid in verdict.supporting} | {cid: Stance.REFUTES for cid in verdict.refuting}
    )
    sideless = frozenset() if verdict is None else frozenset(c.id for c in agreed if c.id not in stances)
    claims_out = [
        AgreedClaim(
            id=c.id,
            statement=c.statement,
            citations=per_claim[c.id],
            agreed_by=sorted(r.value for r in agreed_on(c.votes, c.revision)),
            finalization_method=c.finalization_method or FinalizationMethod.UNANIMOUS,
            revision=c.revision,
            confidence=round(min(0.99, 0.5 + 0.15 * len({e.source_id for e in c.evidence_for()})), 2),
            stance=stances.get(c.id),
        )
        for c in agreed
    ]
    return ResearchResult(
        answer="\n".join(
            ([verdict_sentence(verdict)] if verdict else [])
            + [render_answer(draft, per_claim, caveats, citations, sideless=sideless)]
        ),
        citations=citations,
        gaps=gaps,
        discovery_events=list(pkg.discoveries),
        open_questions=list(pkg.open_questions),
        confidence=confidence,
        confidence_factors=factors,
        cost_metadata=CostMetadata(
            tokens_used=pkg.tokens_used,
            iterations_run=pkg.iterations,
            wall_time_sec=round(pkg.wall_time_sec, 2),
            budget_exhausted=pkg.budget_exhausted,
            model_id=pkg.model_id,
        ),
        trace_id=pkg.trace_id,
        contract_version="v1",
        claims=claims_out,
        verdict=verdict,
    )
