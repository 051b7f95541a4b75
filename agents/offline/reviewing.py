"""Reviewing someone else's claim: weigh the sources, then agree or challenge with a reason.

The rule every reviewer applies to the *current revision* of a claim:

1. a statement that shares no subject word with the question or the scope, not even through a
   pronoun opening it in a passage about that subject (*She studied ...* on her page) -> ``off_topic``;
2. a sentence in another source that conflicts with it -> ``contradicted`` (with that sentence as
   counter-evidence, naming both values and sources);
3. no independent supporting source -> ``single_source``;
4. otherwise agree -- one source with nothing against it is enough (the answer says so).

For a factoid (:mod:`.answering`) the tally counts candidate answers instead of comparing sentences
for contradictions: the sources whose best answer agrees with the claim's value support it, and
only those whose best answer gives *the same entity* another value contradict it (two dates of two
buildings that share a name are two answers, not a contradiction; a date in a photo caption is no
candidate answer at all).

A reviewer whose challenge stands on the current revision waits for the proposer; once the
proposer has defended, it looks again and agrees when the supporting sources are at least
two and outnumber the contradicting ones (it is not obstinate). If they do not, it
stays silent and the data researcher mediates.
"""

from __future__ import annotations

from dataclasses import replace

from agents.offline.answering import question_of, states_its_answer, value_tally
from agents.offline.candidates import of_other_entities
from agents.offline.checking import stance_challenge
from agents.offline.evidence import (
    CORROBORATION,
    MIN_SOURCES,
    SUBJECT_LIMIT,
    Found,
    Tally,
    Turn,
    claim_query,
    core_query,
    subject_query,
    tally,
)
from agents.offline.question import Asked, read_question
from agents.offline.stance import denies
from agents.offline.textfacts import Conflict
from agents.offline.values import extract_values
from protocols import (
    Action,
    AgentRole,
    AgreeClaim,
    Authority,
    ChallengeClaim,
    ChallengeView,
    ClaimState,
    ClaimView,
    Stance,
)

__all__ = ["MIN_SOURCES", "assess", "my_challenge", "review", "sources_named", "stance_objection", "upheld"]

_REVIEWABLE = (ClaimState.PROPOSED, ClaimState.UNDER_REVIEW, ClaimState.CHALLENGED, ClaimState.REFINED)


async def assess(
    turn: Turn, claim: ClaimView, *, by_subject: bool, own_words: bool = False
) -> tuple[Tally, list[Found]]:
    """Tally a claim against its own excerpts and fresh searches.

    The claim's own words are searched when ``own_words`` (the skeptic verifies independently), when
    not searching by subject, or when its excerpts hold fewer than two independent sources; the
    subject searches find the majority's sentences too.

    Args:
        turn: the turn (its search is metered).
        claim: the claim; its current statement is what is weighed.
        own_words: always search for the claim's words and values too.
        by_subject: also search for the subject without the values (:func:`~.evidence.subject_query`,
            :func:`~.evidence.core_query`), to surface sources that state other values.

    Returns:
        The tally, and every sentence read (excerpts first, then hits); computed once per turn.
    """
    key = (claim.id, by_subject)
    if key not in turn.assessed:
        found = turn.excerpts(claim)
        if own_words or not by_subject or tally(claim.statement, found).n_support < CORROBORATION:
            found += await turn.search(claim_query(claim.statement))
        if by_subject:
            for query in dict.fromkeys([subject_query(claim.statement), core_query(claim.statement)]):
                found += await turn.search(query, limit=SUBJECT_LIMIT)
        result = tally(claim.statement, found)
        by_value = await value_tally(turn, claim, found)
        if by_value is not None:  # a factoid: its answers are weighed by entity (another entity's is
            # no contradiction), so only the candidate answers' tally contradicts it
            result = merged(Tally(result.statement, result.support, {}), by_value)
        else:  # a sentence about another entity of the name contradicts nothing the claim says
            result = _against_same_entity(read_question(question_of(turn.view, claim.scope_index)), result, claim)
        result = _with_denials(read_question(turn.view.question), claim, result, found)
        turn.assessed[key] = (result, found)
    return turn.assessed[key]


def _against_same_entity(asked: Asked, result: Tally, claim: ClaimView) -> Tally:
    """The tally without contradictions from sentences about another entity sharing the subject's
    name (two athletes named Tyler Moore have two birth dates). A claim check's hypothesis names
    its own subject: it keeps every one."""
    if asked.checks_claim or not asked.subjects or not result.against:
        return result
    excerpt = Found("", "claim", Authority.MEDIUM, claim.statement)
    against = {k: v for k, v in result.against.items() if not of_other_entities(asked, excerpt, v[0])}
    return Tally(result.statement, result.support, against)


def _with_denials(asked: Asked, claim: ClaimView, result: Tally, found: list[Found]) -> Tally:
    """In a claim check, a claim supporting the checked statement has against it every source that
    reports the statement only to deny it (a newspaper's correction: ``We stated that X. This was
    incorrect.``): the correction and the story it corrects are one against one, and the story no
    longer stands unopposed. The correction's report of the story, which restates it, supports
    nothing. A claim refuting it has against it every other source reporting the claim's own
    statement only to deny it (the story's *65,000 crowns* against a correction of it: ``The article
    stated that ... 65,000 crowns. The correct figure is 62,500 crowns.``)."""
    if not asked.checks_claim or claim.stance not in (Stance.SUPPORTS, Stance.REFUTES):
        return result
    denied, own = asked.hypothesis, set[str]()
    if claim.stance is Stance.REFUTES:
        denied, own = claim.statement, {e.locator for e in claim.evidence}
    support, against = dict(result.support), dict(result.against)
    for item in found:
        if item.locator not in against.keys() | own and denies(denied, item.text, item.surroundings):
            support.pop(item.locator, None)
            against[item.locator] = (item, Conflict("denial"))
    return replace(result, support=support, against=against) if len(against) > len(result.against) else result


def merged(a: Tally, b: Tally) -> Tally:
    """Both tallies' sources: a source that supports in either supports. ``b``'s reason to outweigh
    its sources against holds when ``a`` has none against."""
    support = a.support | {k: v for k, v in b.support.items() if k not in a.support}
    against = {k: v for k, v in (a.against | b.against).items() if k not in support}
    return Tally(a.statement, support, against, "" if a.against else b.outweighs)


async def stance_objection(turn: Turn, claim: ClaimView) -> ChallengeClaim | None:
    """In a claim check, a challenge to a stance the statement does not take (see :mod:`.checking`)."""
    if not read_question(turn.view.question).checks_claim:
        return None
    passage = await turn.passage_of(claim.statement)
    return stance_challenge(claim, question_of(turn.view, claim.scope_index), passage)


def my_challenge(claim: ClaimView, role: AgentRole) -> ChallengeView | None:
    """My latest challenge on the claim's current revision, if it still stands."""
    if role not in claim.open_challengers:
        return None
    mine = [c for c in claim.challenges if c.by == role and c.revision == claim.revision]
    return mine[-1] if mine else None


def upheld(result: Tally) -> bool:
    """Enough independent sources, and more for the claim than against it -- or as many, and a
    reason the claim's side outweighs the other (:attr:`~.evidence.Tally.outweighs`)."""
    more = result.n_support > result.n_rival or (result.n_support == result.n_rival and bool(result.outweighs))
    return result.n_support >= MIN_SOURCES and more


def sources_named(items: list[Found], *, limit: int = 4) -> str:
    return ", ".join(f.locator for f in items[:limit]) or "none"


async def review(turn: Turn, claim: ClaimView, *, own_words: bool = False) -> list[Action]:
    """Agree with, challenge, or (while a challenge of mine is unanswered) leave a claim."""
    role = turn.view.role
    if claim.status not in _REVIEWABLE or claim.proposer is role or role in claim.agreed:
        return []
    if my_challenge(claim, role) is not None:
        if not claim.defended:
            return []  # the proposer owes me an answer
        result, _ = await assess(turn, claim, by_subject=True, own_words=own_words)
        if upheld(result):
            why = f"after the defence, {result.n_support} independent sources support it against {result.n_against}"
            why += f", and {result.outweighs}" if result.n_support == result.n_rival else ""
            return [AgreeClaim(claim_id=claim.id, revision=claim.revision, rationale=why)]
        return []  # still unconvinced: a deadlock for the data researcher
    if not states_its_answer(turn.view, claim) and not await turn.on_topic(claim.statement):
        return [_off_topic(claim)]
    objection = await stance_objection(turn, claim)
    if objection is not None:
        return [objection]
    result, _ = await assess(turn, claim, by_subject=True, own_words=own_words)
    return [verdict(claim, result, previous=[c.reason for c in claim.challenges if c.by == role])]


def verdict(claim: ClaimView, result: Tally, *, previous: list[str]) -> Action:
    """The reviewer's answer to a tally: contradicted, single-sourced, or agreed."""
    if result.n_against:
        action: Action = _contradicted(claim, result)
    elif result.n_support < MIN_SOURCES:
        action = _single_source(claim, result)
    else:
        sources = sources_named(list(result.support.values()))
        if result.n_support == 1:
            why = f"only one source ({sources}) states it; my searches found nothing against it"
        else:
            why = f"{result.n_support} independent sources support it ({sources}); no conflicting value found"
        return AgreeClaim(claim_id=claim.id, revision=claim.revision, rationale=why)
    if isinstance(action, ChallengeClaim) and action.reason in previous:  # a re-challenge says something new
        action = action.model_copy(update={"reason": f"{action.reason} (still so in revision {claim.revision})"})
    return action


def _off_topic(claim: ClaimView) -> ChallengeClaim:
    return ChallengeClaim(
        claim_id=claim.id,
        revision=claim.revision,
        reason="the statement shares no subject with the question or any research question",
        severity="major",
        basis="off_topic",
        satisfied_by="a statement that answers one of the research questions",
    )


def _contradicted(claim: ClaimView, result: Tally) -> ChallengeClaim:
    found, conflict = next(iter(result.against.values()))
    against = sources_named([f for f, _ in result.against.values()])
    support = sources_named(list(result.support.values()))
    if conflict.kind == "denial":
        reason = f"{found.locator} reports this statement only to call it an error: {found.text!r}"
        wanted = "evidence that more independent sources affirm the statement than call it an error"
    elif conflict.kind == "negation":
        reason = f"{found.locator} negates this statement: {found.text!r}"
        wanted = "evidence that more independent sources affirm the statement than negate it"
    else:
        mine, theirs = result.claim_value(), result.counter_value()
        reason = (
            f"{found.locator} states {theirs} where the claim states {mine}"
            f" ({conflict.describe()}); for the claim: {result.n_support} source(s) ({support}),"
            f" against: {result.n_against} ({against})"
        )
        wanted = f"evidence that more independent sources state {mine} than {theirs}"
    return ChallengeClaim(
        claim_id=claim.id,
        revision=claim.revision,
        reason=reason,
        severity="major",
        basis="contradicted",
        satisfied_by=wanted,
        counter_evidence=found.quotes(),  # a table's header and row, each verbatim
    )


def _single_source(claim: ClaimView, result: Tally) -> ChallengeClaim:
    values = [v.raw for v in extract_values(claim.statement) if v.dimension != "name"]
    stated = ", ".join(values) if values else "this statement"
    support = sources_named(list(result.support.values()))
    return ChallengeClaim(
        claim_id=claim.id,
        revision=claim.revision,
        reason=(
            f"only {result.n_support} independent source(s) ({support}) support {stated};"
            f" my searches found no other source stating it"
        ),
        severity="major" if result.n_support == 0 else "minor",
        basis="single_source",
        satisfied_by=f"a second independent source stating {stated}",
    )
