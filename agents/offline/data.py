"""The data researcher (researcher-3): precise facts, source ratings, mediation, contradictions.

In one turn, in this order:

1. answer the challenges on its own claims;
2. mediate lead/skeptic deadlocks -- a challenged claim of the lead or the skeptic, defended by
   its proposer, still challenged by the other a full iteration after the defence: uphold when
   more independent sources state the claim's value than the counter value (and at least two),
   else reject (``conflicting_sources`` when a counter value exists); a tie also raises a
   high-priority open question;
3. check every other claim: each date, number, unit and name of the statement must be stated by
   one of its excerpts (else challenge ``imprecise``); then agree when at least two independent
   sources support it (and, when it is contested, more support than contradict it);
4. report each contradiction met once (a discovery naming the minority source), and rate the
   minority source ``low`` when a clear majority (two or more to one) contradicts it;
5. raise a ``high`` authority rating for web sources on government or academic domains;
6. vote on stalled claims, propose in its turn (preferring precise values) and raise a
   high-priority open question when a research question's candidate sentences split the sources
   evenly; vote for completion when it is due.
"""

from __future__ import annotations

import re

from agents.offline.answers import answer_challenges
from agents.offline.duties import completion_vote, scope_covered, stalled_votes
from agents.offline.evidence import CORROBORATION, Tally, Turn, subject_query, tally
from agents.offline.memory import Memory
from agents.offline.proposing import propose
from agents.offline.question import read_question
from agents.offline.reviewing import assess, my_challenge, sources_named, stance_objection, upheld
from agents.offline.textfacts import covers, extract_values, name_present, numbers_in
from agents.offline.values import NUMBER_TOKEN
from protocols import (
    Action,
    AgentRole,
    AgreeClaim,
    Authority,
    ChallengeClaim,
    ClaimState,
    ClaimView,
    DiscoveryType,
    MediateClaim,
    Priority,
    RaiseOpenQuestion,
    RateSource,
    ReportDiscovery,
)

__all__ = ["MEDIATE_AFTER_IDLE", "decide_data", "unstated_values"]

#: Iterations a defended claim waits for its challenger to answer before the data researcher
#: mediates (the challenger gets one full iteration to look at the defence).
MEDIATE_AFTER_IDLE = 2
_REVIEWABLE = (ClaimState.PROPOSED, ClaimState.UNDER_REVIEW, ClaimState.CHALLENGED, ClaimState.REFINED)
_OFFICIAL = re.compile(
    r"^https?://(?:[\w-]+\.)*[\w-]+\.(?:gov|edu|mil|int|gov\.[a-z]{2}|ac\.[a-z]{2}|edu\.[a-z]{2})(?:[/:]|$)"
)


async def decide_data(turn: Turn, memory: Memory) -> tuple[list[Action], str]:
    """The data researcher's actions for this turn, and a one-line note."""
    actions: list[Action] = await answer_challenges(turn)
    done = {getattr(a, "claim_id", None) for a in actions}
    for claim in turn.view.claims:
        if claim.id in done:
            continue
        if _deadlocked(claim):
            actions += await _mediate(turn, claim, memory)
        else:
            actions += await _check(turn, claim)
    for claim in turn.view.claims:
        actions += await _report_contradiction(turn, claim, memory)
    actions += _official_ratings(turn)
    actions += stalled_votes(turn)
    covered = scope_covered(turn)
    proposal, nothing_left = await propose(turn, covered=covered, precise=True)
    if proposal is not None:
        actions.append(proposal)
    if not covered:
        actions += _unresolved(turn, memory)
    actions += _unplaced_questions(turn, memory)
    vote = completion_vote(turn, nothing_left=nothing_left)
    if vote is not None:
        actions.append(vote)
    return actions, f"data: {', '.join(a.kind for a in actions) or 'nothing to check'}"


def unstated_values(claim: ClaimView) -> list[str]:
    """The dates, numbers (with units) and names of the statement that no excerpt states."""
    excerpts = [e.excerpt for e in claim.evidence]
    stated = [v for text in excerpts for v in extract_values(text)]
    numbers = set().union(*(numbers_in(t) for t in excerpts)) if excerpts else set()
    missing: list[str] = []
    spans: list[tuple[int, int]] = []
    for value in extract_values(claim.statement):
        spans.append((value.start, value.end))
        if value.dimension == "name":
            if not any(name_present(value, text) for text in excerpts):
                missing.append(value.raw)
        elif not any(covers(value, other) for other in stated):
            missing.append(value.raw)
    for m in NUMBER_TOKEN.finditer(claim.statement):
        inside = any(s <= m.start() < e for s, e in spans)
        if not inside and m.group().replace(",", "") not in numbers:
            missing.append(m.group())
    return missing


def _deadlocked(claim: ClaimView) -> bool:
    parties = {AgentRole.LEAD, AgentRole.SKEPTIC}
    return (
        claim.status is ClaimState.CHALLENGED
        and claim.defended
        and claim.idle_iterations >= MEDIATE_AFTER_IDLE
        and claim.mediation is None
        and claim.proposer in parties
        and (parties - {claim.proposer}) <= set(claim.open_challengers)
        and AgentRole.DATA not in claim.open_challengers
    )


async def _mediate(turn: Turn, claim: ClaimView, memory: Memory) -> list[Action]:
    result, _ = await assess(turn, claim, by_subject=True)
    counts = f"{result.n_support} independent source(s) for the claim, {result.n_against} against"
    if upheld(result):
        reason = f"upheld by majority of independent sources: {counts}"
        if result.n_support == result.n_rival:
            reason = f"upheld: {counts}, but {result.outweighs}"
        return [MediateClaim(claim_id=claim.id, revision=claim.revision, verdict="uphold", reason=reason)]
    actions: list[Action] = [
        MediateClaim(
            claim_id=claim.id,
            revision=claim.revision,
            verdict="reject",
            reason=f"not supported by a majority of independent sources: {counts}",
            conflicting_sources=result.n_against > 0,
        )
    ]
    if result.n_against and result.n_support == result.n_rival:
        actions += _tie_question(turn, claim, result, memory)
    return actions


async def _check(turn: Turn, claim: ClaimView) -> list[Action]:
    role = AgentRole.DATA
    if claim.status not in _REVIEWABLE or claim.proposer is role or role in claim.agreed:
        return []
    mine = my_challenge(claim, role)
    if mine is not None and not claim.defended:
        return []
    objection = await stance_objection(turn, claim)
    if objection is not None and mine is None:
        return [objection]
    missing = unstated_values(claim)
    if missing:
        if mine is not None:
            return []
        return [_imprecise(claim, missing)]
    contested = any(c.basis == "contradicted" and c.revision == claim.revision for c in claim.challenges)
    result = tally(claim.statement, turn.excerpts(claim))
    if contested or result.n_support < CORROBORATION:
        result, _ = await assess(turn, claim, by_subject=contested)
    if upheld(result):
        why = f"every value is in the excerpts; {result.n_support} independent sources support it"
        return [AgreeClaim(claim_id=claim.id, revision=claim.revision, rationale=why)]
    return []


def _imprecise(claim: ClaimView, missing: list[str]) -> ChallengeClaim:
    listed = ", ".join(repr(m) for m in missing)
    numeric = any(any(ch.isdigit() for ch in m) for m in missing)
    return ChallengeClaim(
        claim_id=claim.id,
        revision=claim.revision,
        reason=f"the statement gives {listed}, which no cited excerpt states",
        severity="major" if numeric else "minor",
        basis="imprecise",
        satisfied_by=f"a verbatim excerpt stating {listed}, or a statement limited to what the excerpts say",
    )


async def _report_contradiction(turn: Turn, claim: ClaimView, memory: Memory) -> list[Action]:
    contested = any(
        c.basis == "contradicted" and c.revision == claim.revision and c.by in claim.open_challengers
        for c in claim.challenges
    )
    key = f"contradiction:{claim.id}@{claim.revision}"
    if not contested or claim.status not in _REVIEWABLE or not memory.first_time(turn.view.run_id, key):
        return []
    result, _ = await assess(turn, claim, by_subject=True)
    if not result.n_against:
        return []
    minority_is_claim = result.n_support < result.n_rival
    minority = next(iter(result.support.values())) if minority_is_claim and result.support else None
    if minority is None:
        minority = next(iter(result.against.values()))[0]
    mine, theirs = result.claim_value(), result.counter_value()
    actions: list[Action] = [
        ReportDiscovery(
            type=DiscoveryType.CONTRADICTION,
            query=f"{subject_query(claim.statement)} {mine} {theirs}".strip(),
            reason=(
                f"{sources_named(list(result.support.values()))} state {mine};"
                f" {sources_named([f for f, _ in result.against.values()])} state {theirs}"
            ),
            source_id=minority.source_id,
        )
    ]
    if result.n_support == result.n_rival:
        actions += _tie_question(turn, claim, result, memory)
    elif result.n_support >= 2 * result.n_rival and turn.authority(minority.source_id) is Authority.MEDIUM:
        why = f"states {theirs} where {result.n_support} independent sources state {mine}"
        actions.append(RateSource(source_id=minority.source_id, authority=Authority.LOW, reason=why))
    return actions


def _tie_question(turn: Turn, claim: ClaimView, result: Tally, memory: Memory) -> list[Action]:
    if not memory.first_time(turn.view.run_id, f"question:{claim.id}"):
        return []
    mine, theirs = result.claim_value(), result.counter_value()
    found = next(iter(result.against.values()))[0]
    return [
        RaiseOpenQuestion(
            question=f"Which is right: {mine} or {theirs}? ({claim.statement})",
            context=(
                f"as many independent sources state {mine} ({sources_named(list(result.support.values()))})"
                f" as state {theirs} ({sources_named([f for f, _ in result.against.values()])})"
            ),
            priority=Priority.HIGH,
            source_id=found.source_id,
        )
    ]


def _unresolved(turn: Turn, memory: Memory) -> list[Action]:
    """An open question for each research question whose candidates split the sources evenly."""
    actions: list[Action] = []
    for question, result in turn.ties:
        found = next(iter(result.against.values()))[0]
        mine, theirs = result.claim_value(), result.counter_value()
        if not any(c.claim_value for _, c in result.against.values()):  # sentences, not values: quote them
            mine, theirs = f'"{result.statement}"', f'"{found.text}"'
        if not memory.first_time(turn.view.run_id, f"tie:{question}:{sorted([mine, theirs])}"):
            continue  # one question per pair of values, whichever side the candidate took
        actions.append(
            RaiseOpenQuestion(
                question=f"{question} Sources are split: {mine} or {theirs}?",
                context=(
                    f"{sources_named(list(result.support.values()))} state {mine};"
                    f" {sources_named([f for f, _ in result.against.values()])} state {theirs}"
                ),
                priority=Priority.HIGH,
                source_id=found.source_id,
            )
        )
    return actions


def _unplaced_questions(turn: Turn, memory: Memory) -> list[Action]:
    """An open question for each answer that names none of the namesakes the other sources tell
    apart (:attr:`~.answering.Settled.unplaced`): which one it means, or whether it is wrong."""
    actions: list[Action] = []
    for question, value, found in turn.unplaced:
        if not found or not memory.first_time(turn.view.run_id, f"unplaced:{question}:{value.lower()}"):
            continue
        subject = next(iter(read_question(question).subjects), "the subject")
        actions.append(
            RaiseOpenQuestion(
                question=f"Which {subject} does {sources_named(found)} mean by {value}?",
                context=(
                    f"other sources tell several entities named {subject} apart; {sources_named(found)}"
                    f" names none of them, so {value} is neither an answer nor a contradiction of one"
                ),
                priority=Priority.MEDIUM,
                source_id=found[0].source_id,
            )
        )
    return actions


def _official_ratings(turn: Turn) -> list[Action]:
    return [
        RateSource(source_id=s.id, authority=Authority.HIGH, reason="government, academic or intergovernmental domain")
        for s in turn.view.sources
        if s.kind == "web" and s.authority is not Authority.HIGH and _OFFICIAL.match(s.locator)
    ]
