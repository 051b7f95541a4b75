"""Proposing a claim: the best corroborated verbatim sentence for a research question still open.

**Which research question.** The questions with neither an agreed nor an open claim come first (by
index), then those with agreed claims but no open one (fewest agreed first), for more claims when
too few are agreed. All three roles decide on the same snapshot, so the list is dealt round-robin
among the roles free to propose, in rotation order (:func:`share`): no two roles work on one
question in the same iteration, and a sentence that also answers a question dealt to another role
at an earlier position is left to that role (no one fact proposed twice in two wordings). Within
its share the skeptic takes first the questions the lead never proposed for. Each role tries at
most three questions per turn.

**Which sentence,** among the hits of a search for the question (its words and the usual wordings
of its event: ``land`` -> ``landed touched``...). Eligible: it reads like a claim (6-60 words, a
capital first letter, a final period -- or, in a scrape that drops it, a line that reads as a
statement (:func:`~.spans.readable`), like a web page's paragraph -- no first or second person);
it shares a subject word with the research question (a pronoun opening it names its passage's
topic: *She studied ...* on a page titled with her name), and one of the question's own words
(beyond the main subject) when it has any; it holds the kind of value a wh-question asks for
(:func:`answers`: ``when`` -> a date of that event, ``where`` -> a name the question does not
contain, ``who`` -> a name, ``how long`` -> a duration, ``how many``/``how much`` -> a number); it
neither restates nor is restated by a claim in the debate (any state), and does not contradict an
agreed claim. Scored by

* 3 per word of the research question itself it shares, 1 per word of the main question,
* +3 for the value asked for in its role (``when did it land`` -> a landing date; +1 for a date
  of no particular event), +2 for any concrete value (the data researcher: +1 more per value, up
  to 3), its source's authority (high 2, medium 1, low 0), -1 per 8 words beyond 25,
* +2 per independent source among the hits that supports it (up to 3).

For an overview (``What is known about X?``) a sentence saying what the subject is gets +3, and
each role free to propose takes the next-best sentence (the lead the best, the next role the
second...): several facts answer an overview.

The three best are checked -- with a corroboration search when the hits hold fewer than two
independent sources for them (searches are spared: a run may fetch only so many sources) -- then
each supporting independent source adds 2 (up to 3) and each contradicting one takes 4. A
sentence needs two independent sources and more support than contradiction to be proposed at
all: only what could pass review is proposed.
The proposal quotes the sentence and up to three supporting sentences from other sources (highest
authority first); its confidence follows the number of independent sources (:func:`confidence`).
"""

from __future__ import annotations

import re

from agents.offline.answering import answered_by, answers_by_value, restated, settled_answers
from agents.offline.candidates import Group, distinct_entities, named_elsewhere
from agents.offline.checking import best_evidence
from agents.offline.evidence import (
    CORROBORATION,
    MIN_SOURCES,
    Found,
    Tally,
    Turn,
    claim_query,
    named_by_pronoun,
    normalized,
    tally,
)
from agents.offline.question import Asked, Kind, Wants, read_question
from agents.offline.relevance import defines
from agents.offline.spans import readable
from agents.offline.tables import is_table
from agents.offline.textfacts import Conflict, find_conflict, keywords, restates, roles_of, subject_words
from agents.offline.values import extract_values
from agents.offline.words import STOP_WORDS, events_named, first_person, search_terms, tokens
from protocols import OPEN_STATES, ROTATION, AgentRole, AgentView, ClaimState, ProposeClaim

__all__ = ["answers", "claim_like", "confidence", "eligible", "propose", "share", "targets"]

_MIN_WORDS, _MAX_WORDS = 6, 60
_CORROBORATED = 3  # candidates checked with a corroboration search
_MAX_TARGETS = 3  # research questions tried per turn
_MAX_SUPPORT = 3
_CANDIDATE_HITS = 6  # passages searched for candidate sentences
_GENERIC = frozenset(subject_words("key facts fact else known know overview general background"))
_FOCUSED_WORDS = 25  # longer sentences lose a point per 8 words
_DEFINITION = 3  # for an overview, a sentence saying what the subject is (``X is a Norwegian engineer``)
_PLACE = re.compile(r"\b(?:in|at|near|on|from|to)\s+(?:the\s+)?$", re.IGNORECASE)


def claim_like(text: str) -> bool:
    """Whether a sentence can stand alone as a claim (see the module docstring); a table's header
    with a row under it (``| Station | Opened | | Dunmore | 1874 |``) can."""
    if is_table(text):
        return True
    words = [t.lower for t in tokens(text)]
    stripped = text.rstrip("\"')\u201d\u2019 ")
    ended = stripped.endswith((".", "!")) or (stripped[-1:].isalnum() and readable(stripped))
    return (
        _MIN_WORDS <= len(words) <= _MAX_WORDS
        and (text[:1].isupper() or text[:1].isdigit())
        and ended
        and not first_person(text)
    )


def confidence(result: Tally) -> float:
    """0.5 for one source, 0.7 for two, 0.8 for three, 0.9 for more; +0.05 when the best source is
    high authority, -0.1 when it is low; -0.15 per contradicting source; within 0.1-0.95."""
    n = result.n_support
    score = 0.3 if n == 0 else {1: 0.5, 2: 0.7, 3: 0.8}.get(n, 0.9)
    best = max((f.rank for f in result.support.values()), default=1)
    score += 0.05 if best == 2 else -0.1 if best == 0 else 0.0
    score -= 0.15 * result.n_against
    return round(min(0.95, max(0.1, score)), 2)


def targets(view: AgentView) -> list[tuple[int | None, str]]:
    """Research questions still to propose for, best first, as ``(scope_index, text)``."""
    if not view.scope:
        return [(None, view.question)]
    agreed = [c.scope_index for c in view.claims if c.status is ClaimState.AGREED]
    agreed += [  # a question another question's agreed claim already answers by its content
        q.index
        for q in view.scope
        if q.index not in agreed
        and any(c.status is ClaimState.AGREED and answered_by(q.text, c.statement) for c in view.claims)
    ]
    open_ = {c.scope_index for c in view.claims if c.status in OPEN_STATES}
    uncovered = [q for q in view.scope if q.index not in open_ and q.index not in agreed]
    rest = sorted(
        (q for q in view.scope if q.index not in open_ and q.index in agreed),
        key=lambda q: (agreed.count(q.index), q.index),
    )
    return [(q.index, q.text) for q in [*uncovered, *rest]]


def share(view: AgentView, todo: list[tuple[int | None, str]]) -> list[tuple[int, int, tuple[int | None, str]]]:
    """My part of ``todo`` as ``(position, rank, target)``: dealt round-robin among the roles free
    to propose, in rotation order.

    Every role computes the same deal from the same snapshot. With fewer research questions than
    free roles, the deal goes round again with the next rank: the second role on a question
    proposes its second-best standing answer (another entity's), never the same one.
    """
    free = [r for r in ROTATION if not any(c.proposer is r and c.status in OPEN_STATES for c in view.claims)]
    if view.role not in free or not todo:
        return []
    first = free.index(view.role)
    slots = max(len(todo), len(free))
    return [(p, p // len(todo), todo[p % len(todo)]) for p in range(first, slots, len(free))]


async def propose(
    turn: Turn, *, covered: bool = False, prefer_unled: bool = False, precise: bool = False
) -> tuple[ProposeClaim | None, bool]:
    """The proposal of this turn, and whether nothing was left to propose in my share.

    A sentence that also answers a question dealt to another role at an earlier position is left
    to that role, so that two roles do not propose one fact in two wordings at once. Once the scope
    is ``covered``, only factoids are tried again (answers for further entities that share a name).

    Returns ``(None, False)`` when it is not my turn or I already have a claim under debate.
    """
    view = turn.view
    if not view.my_turn_to_propose or any(c.proposer is view.role and c.status in OPEN_STATES for c in view.claims):
        return None, False
    todo = targets(view)
    checking = read_question(view.question).checks_claim
    if covered:  # only further entities' answers to factoids, or more evidence on a checked claim
        todo = [t for t in todo if checking or answers_by_value(read_question(t[1]))]
    mine = share(view, todo)
    if prefer_unled:  # the skeptic: questions the lead never proposed for first
        led = {c.scope_index for c in view.claims if c.proposer is AgentRole.LEAD}
        mine.sort(key=lambda pt: pt[2][0] in led)
    taken = {p for p, _, _ in mine}
    for position, rank, (index, text) in mine[:_MAX_TARGETS]:
        if checking:
            proposal = await best_evidence(turn, index, text, rank=rank)
            if proposal is not None:
                return proposal, False
            continue
        asked = read_question(text)
        if answers_by_value(asked):
            proposal = await _best_answer(turn, index, text, rank=rank)
            if proposal is not None:
                return proposal, False
            continue
        if rank and asked.kind is not Kind.OVERVIEW:  # an overview has room for each role's sentence
            continue
        earlier = [q for p, (_, q) in enumerate(todo[:position]) if p not in taken]
        proposal = await _best_for(turn, index, text, precise=precise, yield_to=earlier, rank=rank)
        if proposal is not None:
            return proposal, False
    return None, len(mine) <= _MAX_TARGETS


async def _best_answer(turn: Turn, index: int | None, question: str, *, rank: int) -> ProposeClaim | None:
    """The standing candidate answer of this rank not yet in the debate (see :mod:`.answering`)."""
    settled = await settled_answers(turn, question)
    for mine, theirs in settled.ties:
        support = {c.found.locator: c.found for c in mine.per_source()}
        against = {c.found.locator: (c.found, Conflict("value", mine.best.value, c.value)) for c in theirs.per_source()}
        turn.ties.append((question, Tally(mine.best.statement, support, against)))
    for g in settled.unplaced:
        turn.unplaced.append((question, g.value, [c.found for c in g.per_source()]))
    view = turn.view
    fresh = [
        g for g in settled.standing if not restated(view, index, g) and not _already_stated(view, g.stated.statement)
    ]
    if settled.asked.wants is Wants.PHRASE:  # sentences: a further one must be another entity's answer
        fresh = [g for g in fresh if _another_entity(settled.asked, g, settled.standing)]
    if rank >= len(fresh):
        return None
    chosen = fresh[rank]
    support = {c.found.locator: c.found for c in chosen.per_source()}
    result = Tally(chosen.stated.statement, support, {})
    return ProposeClaim(
        statement=chosen.stated.statement,
        evidence=[q for c in chosen.per_source()[: _MAX_SUPPORT + 1] for q in c.found.quotes()],
        scope_index=index,
        confidence=confidence(result),
    )


def _another_entity(asked: Asked, g: Group, standing: list[Group]) -> bool:
    """The best sentence answering a phrase question, or one whose sources name an entity apart from
    every better sentence's (another sentence about the same thing would only restate or add to it):
    both name theirs and differently, or one names an entity the other's passages never speak of
    while the other defines the bare name (``The Green Pastures is a play ...`` beside ``The Green
    Pastures (film) ...``: the name's primary entity and a namesake). A sentence that names no entity
    and does not open by defining the name (``However, research suggests that X ...``) may be any
    entity's: no further answer."""
    better = standing[: standing.index(g)]
    return all(
        distinct_entities(g, h)
        or (named_elsewhere(h, g) and _opens_defining(asked, g.stated.statement))
        or (named_elsewhere(g, h) and _opens_defining(asked, h.stated.statement))
        for h in better
    )


def _opens_defining(asked: Asked, statement: str) -> bool:
    """Whether ``statement`` is a definition (:func:`~.relevance.defines`) that opens with the subject's
    bare name (``The Butterfly House is one of ...``; not ``However, research suggests that X is``)."""
    opens = any(re.match(rf"\s*(?:the\s+)?{re.escape(name)}\b", statement, re.IGNORECASE) for name in asked.subjects)
    return opens and defines(asked, statement)


def eligible(question: str, main_question: str, text: str, passage: str = "") -> bool:
    """Whether a sentence may be proposed for a research question (see the module docstring)."""
    focus = _focus_words(question, main_question)
    wanted = _wanted_words(question, main_question)
    words = subject_words(text) | named_by_pronoun(text, passage, wanted)
    if is_table(text) and passage:  # a table's rows name what its page is about only by its title
        words |= wanted & subject_words(passage.split("\n", 1)[0])
    required = _names_of_overview(question)
    if required and not required & (words | subject_words(passage)):
        return False  # *the library now has seven branches*, in a story that never names *the Nordby branch*
    return claim_like(text) and bool(wanted & words) and (not focus or bool(focus & words)) and answers(question, text)


def _names_of_overview(question: str) -> frozenset[str]:
    """The words of the names an overview asks about (*Nordby* of *What is known about the Nordby
    branch?*): any sentence on the subject answers it, so the sentence or its passage must name it
    by them (*the ferry* in a story about the Nordvik ferry is that ferry); sharing its common noun
    alone is sharing a word."""
    asked = read_question(question)
    if asked.kind is not Kind.OVERVIEW:
        return frozenset()
    return frozenset(w for v in extract_values(asked.hypothesis) if v.dimension == "name" for w in subject_words(v.raw))


async def _best_for(
    turn: Turn, index: int | None, question: str, *, precise: bool, yield_to: list[str], rank: int = 0
) -> ProposeClaim | None:
    """The ``rank``-th best sentence that could pass review (0: the best)."""
    view = turn.view
    query = " ".join(dict.fromkeys([*search_terms(question), *keywords(view.question, limit=4)]))
    found = await turn.search(query, limit=_CANDIDATE_HITS)
    scored: list[tuple[int, int, Found, Tally]] = []
    for order, item in enumerate(found):
        text = normalized(item.text)
        if not eligible(question, view.question, text, item.context) or _already_stated(view, text):
            continue
        if any(eligible(other, view.question, text) for other in yield_to):
            continue
        scored.append((_score(question, view.question, item, precise=precise), order, item, tally(item.text, found)))
    # before the corroboration search, a contradiction is no demerit: the true value is often among them
    scored.sort(key=lambda s: (-(s[0] + 2 * min(s[3].n_support - 1, _MAX_SUPPORT)), s[1]))
    passing: list[tuple[int, int, Found, Tally]] = []
    for score, order, item, result in scored[: _CORROBORATED + rank]:
        if result.n_support < CORROBORATION:  # search for corroboration only when the hits lack it
            result = tally(item.text, [item, *found, *await turn.search(claim_query(item.text))])
        if result.n_support >= MIN_SOURCES and result.n_rival == result.n_support:
            turn.ties.append((question, result))
        if result.n_support < MIN_SOURCES or result.n_rival >= result.n_support:
            continue  # only what could pass review is proposed
        passing.append((_total(score, result), order, item, result))
    passing.sort(key=lambda p: (-p[0], p[1]))
    return _proposal(index, passing[rank][2], passing[rank][3]) if rank < len(passing) else None


def _score(question: str, main_question: str, item: Found, *, precise: bool) -> int:
    text = normalized(item.text)
    words = subject_words(text)
    focus = _focus_words(question, main_question)
    wanted = _wanted_words(question, main_question)
    score = 3 * len(focus & words) + len(wanted & words) + _value_bonus(question, text, precise=precise)
    asked = read_question(question)
    if asked.kind is Kind.OVERVIEW and defines(asked, text):  # what the subject is comes first
        score += _DEFINITION
    return score + item.rank - _length_penalty(text)


def _proposal(index: int | None, item: Found, result: Tally) -> ProposeClaim:
    others = sorted((f for f in result.support.values() if f.locator != item.locator), key=lambda f: -f.rank)
    return ProposeClaim(
        statement=normalized(item.text),
        evidence=[q for f in (item, *others[:_MAX_SUPPORT]) for q in f.quotes()],
        scope_index=index,
        confidence=confidence(result),
    )


def _total(score: int, result: Tally) -> int:
    return score + 2 * min(result.n_support - 1, _MAX_SUPPORT) - 4 * result.n_against


def _focus_words(question: str, main_question: str) -> frozenset[str]:
    """The words that make a research question itself: its subject words minus the main subject."""
    names = [v.raw for v in extract_values(main_question) if v.dimension == "name"]
    common = frozenset().union(*(subject_words(n) for n in names)) if names else frozenset()
    return subject_words(question) - common - _GENERIC


def _wanted_words(question: str, main_question: str) -> frozenset[str]:
    """The subject words a sentence should share with the research question or the main question --
    not an overview's own words (*known* in *best-known*)."""
    return (subject_words(question) | subject_words(main_question)) - _GENERIC


def _length_penalty(text: str) -> int:
    """Long sentences carry several facts; each needs its own corroboration."""
    return max(0, len(tokens(text)) - _FOCUSED_WORDS) // 8


def _already_stated(view: AgentView, text: str) -> bool:
    """Said by a claim in the debate (any state), either way round, or contradicting an agreed claim."""
    lowered = text.lower()
    for claim in view.claims:
        if normalized(claim.statement).lower() == lowered:
            return True
        if claim.status is ClaimState.AGREED and find_conflict(claim.statement, text) is not None:
            return True
        if restates(claim.statement, text):
            return True
    return False


def answers(question: str, text: str) -> bool:
    """Whether a sentence holds the kind of value a wh-question asks for (see the module docstring)."""
    asks = question.lower().split()
    head, first = " ".join(asks[:2]), asks[0] if asks else ""
    values = extract_values(text)
    facts = [v for v in values if v.dimension != "name"]
    if first == "when":
        events = events_named(question)
        roles = roles_of(text)
        timed = [roles.get((v.start, v.end), frozenset()) for v in facts if v.dimension == "time"]
        return any(not r or r & events or not events for r in timed)
    if first == "where":
        return any(v.dimension == "name" and v.raw.split()[-1].lower() not in question.lower() for v in values)
    if first in ("who", "whom"):
        return any(t.surface[0].isupper() and t.lower not in STOP_WORDS for t in tokens(text))
    if head == "how long":
        return any(v.dimension in ("duration", "offset") for v in facts)
    if head in ("how many", "how much"):
        return bool(facts)
    return True


def _value_bonus(question: str, text: str, *, precise: bool) -> int:
    """+2 for any concrete value (+1 per value for the data researcher), +3 for the kind asked for."""
    values = extract_values(text)
    facts = [v for v in values if v.dimension != "name"]
    bonus = 2 if facts else 0
    if precise:
        bonus += min(len(facts), 3)
    asks = question.lower().split()
    head, first = " ".join(asks[:2]), asks[0] if asks else ""
    if first == "when":
        events = events_named(question)
        roles = roles_of(text)
        timed = [roles.get((v.start, v.end), frozenset()) for v in facts if v.dimension == "time"]
        return bonus + (3 if any(r & events for r in timed) else 1 if any(not r for r in timed) else 0)
    names = [v for v in values if v.dimension == "name" and v.raw.split()[-1].lower() not in question.lower()]
    if first == "where":
        placed = any(_PLACE.search(text[max(0, v.start - 10) : v.start]) for v in names)
        return bonus + (3 if placed else 1 if names else 0)
    answers = {
        "who": any(len(v.raw.split()) >= 2 for v in names),
        "how long": any(v.dimension == "duration" for v in facts),
        "how many": bool(facts),
        "how much": bool(facts),
    }
    return bonus + (3 if answers.get(head, answers.get(first, False)) else 0)
