"""Answering a factoid: candidate answers from every source, settled by entity and by majority.

This is how every role finds what a research question's answer is (:mod:`.candidates` holds the
reading of single sentences):

1. Search the question's words, its subject and the usual wordings of its event. When that leaves
   a tie, or no answer with :data:`~.evidence.CORROBORATION` sources, search the own words of each
   tied answer and of each leading answer with fewer sources (sources that word it differently
   rank there).
2. Each independent source gives its best candidate answer (one source, one vote).
3. Candidates are grouped by value. A group *stands* when its best candidate scores at least
   :data:`MIN_SCORE` and :data:`RELATIVE_SCORE` of the best group's, it has at least a third
   (:data:`BROAD_CONSENSUS`) of the best-supported group's sources, and no group that speaks of
   the same entity (:func:`~.candidates.same_entity`; with nothing to tell, one name is one entity
   unless a source reveals namesakes: :func:`~.candidates.name_shared`) dominates it: has more independent sources,
   or as many and a score :data:`CLEAR_MARGIN` higher, or as many, a close score and more further
   sources that state its value though not as their best answer (``born 1666`` on a page that
   lists namesakes: :attr:`~.candidates.Group.mentions`). Two same-entity groups with as many
   sources, close scores and as many mentions are *tied*: neither stands, and the tie is an open
   question.
4. Groups of different entities that share a name all stand: each is one claim, attributed by its
   own words to its entity.
   Amounts or names stated for different years (``6,306 as of the 2020 census``, ``4,284 as of the
   2010 census``) are no rivals either (:func:`~.candidates.at_other_times`).

The same settlement judges a claim in review (:func:`value_tally`): the claim's value is supported
by the sources of its group, those that mention its value and its own excerpts, and contradicted
by every source of a group the settlement holds for a rival (:func:`_rivals`: the same entity and
measure, another value, not another year's) -- unless its sentence says nothing of what is asked
where the claim's does (a river's ``140 kilometres`` beside a lake's ``depth of 94 metres``), or
it merely mentions its value (as many sources and a score :data:`CLEAR_MARGIN` lower: the
settlement's own test of an answer it outweighs).
"""

from __future__ import annotations

import re
from collections import Counter
from dataclasses import dataclass, field

from agents.offline.amounts import measure_said, values_compared
from agents.offline.candidates import (
    Candidate,
    Group,
    agree,
    at_other_times,
    candidates,
    grouped,
    name_shared,
    named_as_asked,
    named_elsewhere,
    phrases_conflict,
    same_entity,
    same_measure,
    stage_of,
    states_wanted_value,
    years_dating,
)
from agents.offline.evidence import CORROBORATION, Found, Tally, Turn, claim_query, normalized
from agents.offline.question import Asked, Kind, Wants, read_question
from agents.offline.regions import is_region, states_addressed
from agents.offline.relevance import events_apart
from agents.offline.tables import rows_as_lines
from agents.offline.textfacts import Conflict
from agents.offline.units import MONEY_DIMENSIONS
from agents.offline.values import extract_values, values_agree
from agents.offline.words import STOP_WORDS, content_words, events_named, keywords, search_terms
from protocols import AgentView, Authority, ClaimView

__all__ = [
    "MIN_SCORE",
    "RELATIVE_SCORE",
    "Settled",
    "answered_by",
    "answers_by_value",
    "question_of",
    "restated",
    "settle",
    "settled_answers",
    "states_its_answer",
    "value_tally",
]

#: A group needs at least 1/BROAD_CONSENSUS of the best-supported group's sources: one source beside a
#: broad consensus is more likely a stray mention than a second entity's answer.
BROAD_CONSENSUS = 3
#: A group's best candidate must score this much to stand...
MIN_SCORE = 3.0
#: ...and this share of the best group's score.
RELATIVE_SCORE = 0.6
#: Between two same-entity groups with as many sources, a score this much higher is the answer
#: (the other merely mentions a value near the question's words); closer scores are a tie.
CLEAR_MARGIN = 2.0
_HITS = 8
_COPULA_BEFORE = re.compile(r"\b(?:is|was|are|were)\s+(?:about\s+|around\s+|approximately\s+|roughly\s+)?$")
_UNNAMED_TERMS = 2  # words of a question besides its subject's name, at least, to search for them alone
_CORROBORATED = 3  # leading groups searched for corroboration when the first search is too thin


@dataclass
class Settled:
    """The groups of one question: those that stand (best first) and the tied pairs."""

    asked: Asked
    groups: list[Group] = field(default_factory=list)
    standing: list[Group] = field(default_factory=list)
    ties: list[tuple[Group, Group]] = field(default_factory=list)
    #: No source reveals that the subject's name is shared (:func:`~.candidates.name_shared`):
    #: groups that say nothing of which entity they mean speak of one.
    one_entity: bool = True
    #: The states and provinces the question itself names (``Moose Lake Township, Minnesota``): no
    #: source's address in one of them tells its entity from another's.
    asked_states: frozenset[str] = frozenset()
    #: Per group (by identity), the rivals that dominate it and that no rival dominates in turn: a group
    #: they beat is out of the settlement, so it ties with no one and contradicts no one but them.
    beaten: dict[int, list[Group]] = field(default_factory=dict)
    #: Class members no source places with any of the namesakes the others name (:func:`_unplaced`).
    unplaced: list[Group] = field(default_factory=list)

    def is_beaten(self, g: Group) -> bool:
        return bool(self.beaten.get(id(g)))


def question_of(view: AgentView, scope_index: int | None) -> str:
    """The research question a claim answers (the main question when it has no scope index)."""
    return next((q.text for q in view.scope if q.index == scope_index), view.question)


def answers_by_value(asked: Asked) -> bool:
    """Whether a question is answered by candidate values (a factoid), not by sentences alone."""
    return asked.kind is Kind.FACTOID


def settle(asked: Asked, groups: list[Group]) -> Settled:
    """Which groups stand and which are tied (see the module docstring)."""
    out = Settled(asked, groups, one_entity=not name_shared(asked, groups), asked_states=states_addressed(asked.text))
    relevant = [g for g in groups if g.best.score >= MIN_SCORE]
    # *when did the board approve the refurbishment*: not ``the 1978 flood damaged the spillway``
    relevant = [g for g in relevant if not any(_dated_as_asked(h, g, asked) for h in relevant)]
    if any(_named_as(asked, g) for g in relevant):  # *what was it called*: ``called themselves the Flyers``,
        relevant = [g for g in relevant if _named_as(asked, g)]  # not a name met in passing (``in Division One``)
    top = max((g.best.score for g in relevant), default=0.0)
    broadest = max((g.support for g in relevant), default=0)
    rivals_of = [[h for h in relevant if h is not g and _rivals(g, h, out)] for g in relevant]
    victors = [[h for h in rivals if _dominates(h, g, asked)] for g, rivals in zip(relevant, rivals_of, strict=True)]
    dominated = [g for g, by in zip(relevant, victors, strict=True) if by]
    out.beaten = {  # by a victor that no rival dominates in turn
        id(g): [h for h in by if all(h is not d for d in dominated)] for g, by in zip(relevant, victors, strict=True)
    }
    for g, rivals in zip(relevant, rivals_of, strict=True):
        weak = g.best.score < RELATIVE_SCORE * top or g.support * BROAD_CONSENSUS < broadest
        if weak and not _own_entity(g, relevant, asked):
            continue
        if any(_narrows(h, g, out) for h in relevant):
            continue  # *at least 12 dead* where another source gives the toll: 17
        if _in_another_state(g, out.asked_states):
            continue  # *How big is Harwick, Ohio?* is not answered by the page of Harwick, Vermont
        if any(_measured_as_asked(h, g, asked) for h in relevant):
            continue  # *how long is the bridge*: ``a total length of 86 metres``, not ``closed for three days``
        if any(g is d for d in dominated):
            continue
        if asked.wants is Wants.MEMBER and not out.one_entity and _unplaced(g, relevant):
            out.unplaced.append(g)
            continue
        # a rival that a third group beats holds no one in a tie: a page on another work that names
        # two composers in passing is outweighed by one of their own pages, and ties with neither
        tied = [h for h in rivals if h.support == g.support and not _dominates(g, h, asked) and not out.is_beaten(h)]
        if tied:
            if not any(g in pair for pair in out.ties):
                out.ties.append((g, tied[0]))
            continue
        out.standing.append(g)
    if asked.wants is Wants.PHRASE:  # sentences: the best answer first, a second source worth a few points
        out.standing.sort(key=lambda g: -_phrase_weight(g))
    return out


#: What each further independent source adds to a sentence's score, up to :data:`_PHRASE_SOURCES` of them.
_PHRASE_SOURCE_WEIGHT = 4.0
_PHRASE_SOURCES = 3


def _phrase_weight(g: Group) -> float:
    """A sentence's score with its further sources (two sources that only echo the question's words
    are no better answer than one sentence that states it: ``killing two workers`` against ``two
    workers, Piet Kovanen and Dara Mulcahy, lost their lives``)."""
    return g.best.score + _PHRASE_SOURCE_WEIGHT * min(g.support - 1, _PHRASE_SOURCES)


def _rivals(g: Group, h: Group, settled: Settled) -> bool:
    """Two answers of one entity: values of the same entity (:func:`_same_entity`), not places one
    of whose sources names the other (:func:`_nested_places`),
    or sentences that read alike but for their words (``means 'Wulfsige's farm'`` and ``means 'Wolf's
    stone'``)."""
    if g.value and h.value:  # values that agree (a decade and a year of it) are no rival answers
        x, y = g.best.value, h.best.value
        agreeing = x and y and values_compared(x, y)
        allowed = x and y and (x.bound or y.bound) and agreeing is None  # *at least 12* allows 17
        # a year and a day of a month with no year (*2024*, *20 July*): both may be true
        allowed = allowed or (x and y and agreeing is None and {x.kind, y.kind} <= {"year", "date"})
        return (
            _same_entity(g, h, settled)
            and not agreeing
            and not allowed
            and not at_other_times(g, h)
            and same_measure(g.best, h.best)
            and not events_apart(g.best.found.text, h.best.found.text)
            and not (settled.asked.wants is Wants.PLACE and _nested_places(g, h))
        )
    return not g.value and not h.value and phrases_conflict(g.best, h.best)


def _nested_places(g: Group, h: Group) -> bool:
    """One is a region (a country, a state) that the other's source names after it (``in Port
    Arvale, on the west coast of New Zealand's South Island`` against ``a frame builder in New
    Zealand``), the place next in the other's address (``Unit 4, Harwick Science Park``), or one a
    source says the other is in (``Mill Lane in Hollins Cross``): the town and its country, both right."""
    x, y = g.best.value, h.best.value
    if x is None or y is None:
        return False
    return any(
        any(
            _next_in_address(region.raw, c)
            or _placed_in(region.raw, c)
            or (is_region(region.raw) and _named_after(region.raw, c))
            for c in per
        )
        for per, region in ((g.per_source(), y), (h.per_source(), x))
    )


def _next_in_address(place: str, c: Candidate) -> bool:
    """``place`` follows the candidate's value in an address (``Unit 4, Harwick Science Park``): it
    holds the value's place, both right."""
    return c.value is not None and re.match(rf",\s*{re.escape(place)}\b", c.found.text[c.value.end :]) is not None


def _placed_in(place: str, c: Candidate) -> bool:
    """``place`` is said to hold the candidate's value right after it (``on Mill Lane in Hollins
    Cross``, ``in the village of Hollins Cross``): the street and its village, both right."""
    if c.value is None:
        return False
    holds = rf"\s+in\s+(?:the\s+(?:village|town|city|district|parish)\s+of\s+)?{re.escape(place)}\b"
    return re.match(holds, c.found.text[c.value.end :]) is not None


def _named_after(region: str, c: Candidate) -> bool:
    """``region`` stands in the candidate's sentence after its value (``Port Arvale, on the west
    coast of New Zealand``)."""
    return c.value is not None and re.search(rf"\b{re.escape(region)}\b", c.found.text[c.value.end :]) is not None


def _same_entity(g: Group, h: Group, settled: Settled) -> bool:
    """:func:`~.candidates.same_entity`, presumed where no source reveals the name shared, and
    blind to the states the question names."""
    return same_entity(g, h, presumed=settled.one_entity, asked_states=settled.asked_states)


def _narrows(h: Group, g: Group, settled: Settled) -> bool:
    """``h`` gives the very amount that ``g`` only bounds from below (*killing 17 people* against *at
    least 12 people were killed*), for the same entity and measure: ``g`` adds nothing to it. (An
    upper bound is most often a limit of its own, not a count still open: *up to 2.5 million points
    per second* is not narrowed by *wrote 1.9 million in our test*.) Likewise a day of the month,
    where a date is asked, narrows a year it does not deny (*the 2024 footbridge collapse* against
    *the collapse ... on Saturday 20 July*)."""
    x, y = g.best.value, h.best.value
    if x is None or y is None:
        return False
    bounded = x.bound == "min" and not y.bound and x.dimension == y.dimension and values_agree(x, y) is None
    dated = x.kind == "year" and bool(y.day) and values_agree(x, y) is not False
    return (
        (bounded or (dated and not _YEAR_ASKED.search(settled.asked.text)))
        and _same_entity(g, h, settled)
        and same_measure(g.best, h.best)
    )


#: A question asking for a year, which a year answers as well as a day of it.
_YEAR_ASKED = re.compile(r"\b(?:what|which)\s+year\b", re.IGNORECASE)


def _in_another_state(g: Group, asked_states: frozenset[str]) -> bool:
    """The group's entity is named by a state or province, and not one the question names."""
    if not asked_states:
        return False
    named = {w for w in g.entity if is_region(w.title())}
    return bool(named) and not named & {s.lower() for s in asked_states}


def _measured_as_asked(h: Group, g: Group, asked: Asked) -> bool:
    """``h`` says which measure a *how long is* question gets (``a total length of 86 metres``:
    :func:`~.amounts.measure_said`) and ``g`` gives another measure without saying so (``closed
    for three days``): ``g`` measures something else, an act or a part."""
    x, y = h.best.value, g.best.value
    return (
        x is not None
        and y is not None
        and x.dimension != y.dimension
        and measure_said(asked, h.best.found.text, x)
        and not measure_said(asked, g.best.found.text, y)
    )


def _named_as(asked: Asked, g: Group) -> bool:
    """One of the group's sentences gives its name as what the thing is or was called."""
    return any(named_as_asked(asked, c.found.text, c.value) for c in g.members)


#: How many words a *when* question must say of what happened for its dates to be told apart by them.
_ACT_WORDS = 3


def _dated_as_asked(h: Group, g: Group, asked: Asked) -> bool:
    """For a *when* question that says what happened in three or more words (*did the board approve
    the refurbishment of the spillway*), ``h``'s sentence says every one of them and ``g``'s at most
    one (``In August 1978 an exceptional flood ... damaged the spillway``): ``g`` dates another event."""
    if asked.wants is not Wants.DATE or len(asked.focus) < _ACT_WORDS:
        return False
    said_by_h = asked.focus & set(content_words(h.best.found.text))
    said_by_g = asked.focus & set(content_words(g.best.found.text))
    return said_by_h == asked.focus and len(said_by_g) <= 1


def _unplaced(g: Group, groups: list[Group]) -> bool:
    """Where sources name the subject's namesakes apart (``Tyler Moore (baseball)``, ``Tyler Moore
    (American football)``), a class member (a sport, a party) whose sources name none and are no
    more than a named answer's: the member is what such pages tell namesakes apart by, so a page
    naming none is as likely wrong about one of them as the page of a further namesake. It names
    none, so it contradicts none: it is an open question, not an answer. More sources than every
    named answer make it an entity's answer of its own (three stories on the umpire Doug Harvey
    beside one page on the hockey player)."""
    return g.value is not None and not g.entity and any(h.entity and h.support >= g.support for h in groups)


def _own_entity(g: Group, groups: list[Group], asked: Asked) -> bool:
    """A group whose sources name an entity that no better group's speak of: another entity's
    answer, however few sources describe it (not a stray mention). Better: more sources, then a
    higher score; for sentences, a higher :func:`_phrase_weight`."""
    if asked.wants is Wants.PHRASE:
        better = [h for h in groups if _phrase_weight(h) > _phrase_weight(g)]
    else:
        better = [h for h in groups if (h.support, h.best.score) > (g.support, g.best.score)]
    return all(named_elsewhere(g, h) for h in better)


def _dominates(h: Group, g: Group, asked: Asked) -> bool:
    """More independent sources, or, for an amount or a name in a year asked, as many and dated by
    that year where ``g`` is not, or as many and a clearly better answer to the question, or as many,
    no clearly worse answer and a more authoritative source (a document rated *high* over *medium*),
    or as authoritative and more further sources that mention its value (:func:`_mentioned_more`)
    or, as many mentions, an exact count where ``g`` gives a round figure (:func:`_counted_finer`)."""
    if _latest_over(h, g, asked) or _latest_over(g, h, asked):
        return _latest_over(h, g, asked)  # *in its most recent year*: ``in our last financial year 82%``, not 2017's
    if _final_over(h, g, asked) or _final_over(g, h, asked):
        return _final_over(h, g, asked)  # *the final cost*: ``$138.6 million (final account)``, not an estimate
    if _later_stage_over(h, g, asked) or _later_stage_over(g, h, asked):
        return _later_stage_over(h, g, asked)  # ``a preliminary column height of 12 km``, against 14.5 km
    if _whole_over(h, g, asked) or _whole_over(g, h, asked):
        return _whole_over(h, g, asked)  # *in total*: ``never exceeded 23 cases``, not ``as of 18 September, 22``
    if h.support != g.support:
        if _outscores(h, g, asked) or _outscores(g, h, asked):
            return _outscores(h, g, asked)  # ``breached over a length of 4.5 m``, twice: no ship's length
        return h.support > g.support
    if _dated_by_the_year_asked(h, asked) != _dated_by_the_year_asked(g, asked):
        return _dated_by_the_year_asked(h, asked)  # *the 2021 dividend*: the row of 2021, not an undated one
    if _outscores(h, g, asked):
        return True
    if _outscores(g, h, asked):
        return False
    if _authority(h) != _authority(g):  # a company's own page over a news story of its plant
        return _authority(h) > _authority(g)
    return _mentioned_more(h, g) or (not _mentioned_more(g, h) and _counted_finer(h, g, asked))


#: The latest of a series, asked (*in its most recent financial year*) or told (``in our last
#: financial year``, ``the latest census``).
_LATEST = re.compile(
    r"\b(?:most\s+recent|latest|last)\s+(?:[\w-]+\s+){0,2}?(?:year|season|census|count|report)\b", re.I
)


def _latest_over(h: Group, g: Group, asked: Asked) -> bool:
    """The question asks the latest figure (:data:`_LATEST`) and ``h`` is told as it, ``g`` is not."""
    return bool(_LATEST.search(asked.text)) and _told_as_latest(h) and not _told_as_latest(g)


#: A figure asked or told as the final one (*What was the final cost?*, ``$138.6 million (final
#: account)``, ``eventually cost``), and one told as an estimate (``an estimated $131 million``).
_FINAL = re.compile(r"\b(?:final|actual|outturn|eventual(?:ly)?|ultimate(?:ly)?|in the end|ended up)\b", re.I)


#: A question asking the final figure: *final* but of a document the figure is in (*the inquiry's
#: final report*: what it says, not a final account of a sum).
_FINAL_FIGURE_ASKED = re.compile(rf"{_FINAL.pattern}(?!\s+(?:report|version|draft|edition|findings|text)\b)", re.I)


def _final_over(h: Group, g: Group, asked: Asked) -> bool:
    """The question asks the final figure (:data:`_FINAL`), ``h`` is told as it and ``g`` is not (an
    estimate, or a sum raised for it: ``an appeal that raised more than £31,000``): only a final
    account answers, and nothing else is its rival."""
    if not _FINAL_FIGURE_ASKED.search(asked.text) or asked.wants is not Wants.NUMBER:
        return False
    said = [c.found.text for c in h.per_source()]
    others = [c.found.text for c in g.per_source()]
    return any(_FINAL.search(t) for t in said) and not any(_FINAL.search(t) for t in others)


def _later_stage_over(h: Group, g: Group, asked: Asked) -> bool:
    """The question asks no stage of a figure, and every source of ``g`` tells its value as an early
    one (``a preliminary column height of "approximately 12 km"``, :func:`~.candidates.stage_of`)
    where none of ``h``'s does: the early figure was superseded. (Of an amount only: an *interim*
    director is no superseded name.)"""
    if asked.wants is not Wants.NUMBER or stage_of(asked.text) is not None:
        return False
    return all(stage_of(c.found.text) == "early" for c in g.per_source()) and not any(
        stage_of(c.found.text) == "early" for c in h.per_source()
    )


#: A question asking a whole count (*How many cases were linked to it in total?*), and a count told as
#: it stood on the way (``as of 18 September there were 22``, ``has risen to 31``, ``so far``).
_WHOLE_ASKED = re.compile(r"\b(?:in\s+total|in\s+all|all\s+told|altogether|overall|total)\b", re.I)
_ON_THE_WAY = re.compile(
    r"\b(?:as\s+of|so\s+far|to\s+date|at\s+that\s+(?:time|point|stage)|by\s+then|(?:has|have)\s+(?:now\s+)?"
    r"(?:risen|climbed|grown|increased)\s+to)\b",
    re.I,
)


def _whole_over(h: Group, g: Group, asked: Asked) -> bool:
    """The question asks a whole count (:data:`_WHOLE_ASKED`), every source of ``g`` tells its value as
    it stood on the way (:data:`_ON_THE_WAY`) and none of ``h``'s does: a count since overtaken."""
    if asked.wants is not Wants.NUMBER or not _WHOLE_ASKED.search(asked.text):
        return False
    return all(_ON_THE_WAY.search(c.found.text) for c in g.per_source()) and not any(
        _ON_THE_WAY.search(c.found.text) for c in h.per_source()
    )


def _told_as_latest(g: Group) -> bool:
    """The group's sentences tell its value as the latest, dated by no year (:data:`_LATEST`)."""
    return any(_LATEST.search(c.found.text) and not years_dating(c) for c in g.per_source())


def _dated_by_the_year_asked(g: Group, asked: Asked) -> bool:
    """The question asks an amount or a name in a year it names (*What dividend did X pay for
    2021?*, *Who headlined in 2018?*) and one of the group's sentences dates its value by that year
    (``| 2021 | 0.48 |``)."""
    if asked.wants not in (Wants.NUMBER, Wants.NAME):
        return False
    return bool(asked.years) and any(asked.years & years_dating(c) for c in g.per_source())


def _authority(g: Group) -> int:
    """The rank of the most authoritative of the group's sources (high 2, medium 1, low 0)."""
    return max(c.found.rank for c in g.per_source())


#: A question asking how many or how much (not a port or a model number: figures that name).
_AMOUNT_ASKED = re.compile(
    r"\bhow\s+(?:many|much|large|big|long|far|high|tall|heavy)\b|\bpopulation\b|\bnumber of\b", re.I
)


def _counted_finer(h: Group, g: Group, asked: Asked) -> bool:
    """For a question asking an amount (:data:`_AMOUNT_ASKED`), ``h`` gives it to finer figures than
    ``g``'s round one (``838`` against ``1,200``, ``8,930`` against ``15,200``): a round figure is
    more often an estimate, so, with nothing else to choose by, the exact count is the answer."""
    x, y = h.best.value, g.best.value
    if x is None or y is None or x.dimension != y.dimension or not _AMOUNT_ASKED.search(asked.text):
        return False
    fine, round_ = x.round_zeros, y.round_zeros
    return fine is not None and round_ is not None and fine < round_


def _mentioned_more(h: Group, g: Group) -> bool:
    """More sources outside both groups state ``h``'s value than ``g``'s, though not as their best
    answer (a page that gives the date in passing): weaker evidence, and only a tie's breaker."""
    outside = set(h.locators) | set(g.locators)
    return len(set(h.mentions) - outside) > len(set(g.mentions) - outside)


def _outscores(h: Group, g: Group, asked: Asked) -> bool:
    """As many independent sources, and a score :data:`CLEAR_MARGIN` higher: ``g`` merely mentions
    a value near the question's words -- unless ``g`` states it plainly, as what the asked thing
    *is* (``The default HTTP port is 7401`` against ``Its HTTP interface listens on port 7400 by
    default``, which only echoes more of the question's words); or fewer sources, where ``g`` scores
    below :data:`RELATIVE_SCORE` of ``h``: its sources only mention a value of the kind asked
    (``shell plating breached over a length of 4.5 m``, against a ship's ``| Length | 78.4 m |``)."""
    if _plainly_stated(g, asked):
        return False
    if h.support == g.support:
        return h.best.score >= g.best.score + CLEAR_MARGIN
    return h.support < g.support and g.best.score < RELATIVE_SCORE * h.best.score


def _plainly_stated(g: Group, asked: Asked) -> bool:
    """The group's best sentence gives its value right after a copula whose subject holds what the
    question asks about (``The default HTTP port is 7401``, ``The population was 740``) -- a
    compound asked, whole (``The shelf life is 3 years`` holds only *life* of *the half-life*)."""
    value = g.best.value
    if value is None or not asked.focus:
        return False
    text = g.best.found.text
    copula = _COPULA_BEFORE.search(text, 0, value.start)
    if copula is None:
        return False
    before = set(content_words(text[max(0, copula.start() - 40) : copula.start()]))
    if not asked.focus & before:
        return False
    compounds = [set(content_words(c.replace("-", " "))) for c in _COMPOUND.findall(asked.text)]
    return all(parts <= before for parts in compounds if parts & before)


_COMPOUND = re.compile(r"\b[A-Za-z]+(?:-[A-Za-z]+)+\b")


async def settled_answers(turn: Turn, question: str, *, extra: list[Found] | None = None, hops: int = 1) -> Settled:
    """Search for ``question`` and settle its candidate answers (a question typed all in lower case
    is read with the names the passages found write capitalized: :func:`truecased`). A thing the
    question names only by what it did (*the firm that held the ferry's maintenance contract*) is
    first found by name (*Which firm held ...?*), and the question asked of that name
    (:func:`described`)."""
    described_as = described(question) if hops else None
    if described_as is not None:
        start, end, inner = described_as
        named = await settled_answers(turn, inner, hops=hops - 1)
        names = [g.value for g in named.standing if g.value and g.best.value and g.best.value.dimension == "name"]
        if len(names) == 1:
            question = f"{question[:start]}{names[0]}{question[end:]}"
    asked = read_question(question)
    found = list(extra or [])
    found += await turn.search(_query(asked), limit=_HITS)
    if (cased := truecased(question, found)) != question:
        asked = read_question(cased)
    settled = settle(asked, grouped(candidates(asked, found)))
    if not settled.groups and asked.subjects:  # nothing answers: read what names the subject (a table's row)
        found += await turn.search(" ".join(_subject_terms(asked)), limit=_HITS)
        settled = settle(asked, grouped(candidates(asked, found)))
    if not settled.groups and asked.subjects:  # a page may name its subject only in its header (a report's
        its_name = set(_subject_terms(asked))  # ``Aircraft: registration LK-TQE``): ask without the name
        unnamed = [w for w in search_terms(asked.text, limit=8) if w not in its_name]
        found += await turn.search(" ".join(unnamed), limit=_HITS) if len(unnamed) >= _UNNAMED_TERMS else []
        settled = settle(asked, grouped(candidates(asked, found)))
    thin = [g for g in settled.groups[:_CORROBORATED] if g.support < CORROBORATION]
    tied = [g for pair in settled.ties for g in pair if not any(g is t for t in thin)]
    if settled.ties or (thin and not any(g.support >= CORROBORATION for g in settled.standing)):
        for g in [*thin, *tied]:  # too few sources to judge, or a tie: look for each one's corroboration
            found += await turn.search(claim_query(g.best.statement), limit=_HITS)
        settled = settle(asked, grouped(candidates(asked, found)))
    return settled


#: A thing named by what it did (``of the firm that held the ferry's maintenance contract from 2019
#: to 2024``): after a preposition or as the object of the verb a *who* asks (*Who runs the firm
#: that ...?*), where it ends the question (not a subject, whose verb would follow it: *How much
#: did the company that supplied the turbine agree to pay?*), *the*, one to three words, *that* /
#: *which*, and a verb in the past.
_DESCRIBED = re.compile(
    r"(?:\b(?:of|for|by|at|in|on|from|with|to|about)|^\s*(?:[Ww]ho|[Ww]hat)\s+(?!(?:is|are|was|were|did|does|do)\b)[a-z]+)"
    r"\s+(?P<the>the)\s+"  # (or the object of the verb asked: *Who runs the firm that ...?*)
    r"(?P<head>(?:(?!(?:of|the|a|an|in|on|at|for|to)\b)[\w'-]+\s+){0,2}?(?!(?:of|the)\b)[a-z][\w'-]*)"
    r"\s+(?:that|which)\s+(?=[^?]*\b(?:the|a|an|its|in|on|at|from|to|by|for|\d+)\b)"  # an object or a place
    r"(?P<clause>(?:[a-z]+ed|held|built|made|won|ran|sold|bought|paid|led|hit|took|sent|was|were|had)\b[^?]*?)"
    r"\s*\??\s*$"
)


def described(question: str) -> tuple[int, int, str] | None:
    """Where ``question`` names a thing by what it did, ending the question, and the question that
    asks its name: ``Who was the managing director of the firm that held the contract?`` ->
    (its span, ``Which firm held the contract?``); None for any other question."""
    found = _DESCRIBED.search(question)
    if found is None:
        return None
    return found.start("the"), found.end("clause"), f"Which {found['head']} {found['clause']}?"


#: A name as passages write it: capitalized words joined by a space (*Quillon Valley*), one word
#: only after a word in lower case (not a sentence's first word).
_WRITTEN_NAME = re.compile(r"(?<=[a-z,;:)]\s)[A-Z][a-z]+(?:\s+[A-Z][a-z]+)*|\b[A-Z][a-z]+(?:\s+[A-Z][a-z]+)+")


#: A word written in lower case, and one capitalized mid-sentence (after a lower-case word or a comma).
_LOWER_WORD = re.compile(r"(?<![\w'-])[a-z][a-z'-]*")
_MID_CAPITAL = re.compile(r"(?<=[a-z,;:)]\s)[A-Z][a-z'-]*")


def truecased(question: str, found: list[Found]) -> str:
    """``question``, typed without capitals (*how long is the quillon valley tram line*), with the
    names the passages write capitalized where it says their words in order (*the Quillon Valley
    tram line*): its subjects, as a question typed with them would name them. Unchanged where it
    has a capital past its first letter, or the passages name none of its words so."""
    if any(ch.isupper() for ch in question[1:]):
        return question
    runs = {tuple(m.group().split()) for f in found for m in _WRITTEN_NAME.finditer(f.text)}
    # a whole name, or two or more of its words in a row (*Quillon Valley* of *The Quillon Valley Tramway*)
    parts = {run[i:j] for run in runs for i in range(len(run)) for j in range(i + 1, len(run) + 1)}
    # words the passages write in lower case more often than capitalized mid-sentence: no name's own
    # (*the city*), though a forum typed in lower case may write a name so (*corvina breath*)
    texts = {t for f in found for t in (f.text, f.context)}
    lower = Counter(w for t in texts for w in _LOWER_WORD.findall(t))
    upper = Counter(m.group().lower() for t in texts for m in _MID_CAPITAL.finditer(t))
    names = {
        " ".join(p)
        for p in parts
        if (len(p) > 1 or p in runs)
        and p[0].lower() not in STOP_WORDS
        and p[-1].lower() not in STOP_WORDS
        and any(upper[w.lower()] > lower[w.lower()] for w in p)
    }
    out = question
    for name in sorted(names, key=lambda n: (-len(n.split()), n)):
        out = re.sub(rf"(?<![\w-]){re.escape(name.lower())}(?![\w-])", name, out, count=1)
    return out


def _query(asked: Asked) -> str:
    terms = [*search_terms(asked.text, limit=8), *_subject_terms(asked)]
    return " ".join(dict.fromkeys(terms))


def _subject_terms(asked: Asked) -> list[str]:
    """The keywords of the question's subjects' names (up to four each)."""
    return [w for s in asked.subjects for w in keywords(s, limit=4)]


async def value_tally(turn: Turn, claim: ClaimView, found: list[Found]) -> Tally | None:
    """A claim's support and contradiction by candidate answers, or None when its question is not
    answered by values or its statement states no candidate value.

    ``found`` is what the reviewer's own searches read (its claim and subject searches: sources
    stating other values rank there); a search for the question itself is added.
    """
    asked = read_question(question_of(turn.view, claim.scope_index))
    if not asked.wants_value:
        return None
    own = _claim_value(asked, claim)
    if own is None:
        return None
    excerpts = turn.excerpts(claim)
    settled = await settled_answers(turn, asked.text, extra=found)
    mine = next((g for g in settled.groups if agree(g.best, own)), None)
    support: dict[str, Found] = {f.locator: f for f in excerpts}
    if mine is not None:
        support |= {c.found.locator: c.found for c in mine.per_source() if c.found.locator not in support}
        support |= {locator: f for locator, f in mine.mentions.items() if locator not in support}
    against: dict[str, tuple[Found, Conflict]] = {}
    reference = mine or Group([own])
    says_asked = _says(own, asked.focus)
    counted: list[Group] = []
    for rival in settled.groups:
        if rival is mine or not _rivals(reference, rival, settled):
            continue  # another entity's value, another measure, another year's, or one that agrees
        if _beaten_by_another(settled, rival, own):
            continue  # out of the settlement by a third answer's weight: it holds nothing against this one
        if _dated_as_asked(reference, rival, asked):
            continue  # the date of another event (``the 1978 flood``), where the claim's says what was asked
        if _named_as(asked, reference) and not _named_as(asked, rival):
            continue  # a name met in passing (``in Division One``), where the claim's says what it was called
        if rival.best.score < MIN_SCORE or (
            says_asked and not _says(rival.best, asked.focus) and not _both_money(own, rival.best)
        ):
            continue  # a mere mention, or a value of something else than what is asked (a river's length)
        if _latest_over(reference, rival, asked):
            continue  # another year's figure (``in 2017 76%``), where the latest is asked and the claim's is it
        if any(over(reference, rival, asked) for over in (_final_over, _later_stage_over, _whole_over)):
            continue  # an estimate, where the final figure is asked and the claim's is it, a superseded one,
            # or a count on the way, where the whole is asked
        if _dated_by_the_year_asked(reference, asked) and not _dated_by_the_year_asked(rival, asked):
            continue  # an undated amount (``Proposed dividend EUR 0.70``) against the row of the year asked
        if _outscores(reference, rival, asked):  # a mere mention, as the settlement judges it: no contradiction
            continue  # (a rival with fewer sources still contradicts it, visibly, and is outvoted)
        if _states(claim.statement, rival):  # the claim states that value too: no contradiction of it
            continue
        counted.append(rival)
        for cand in rival.per_source():
            if cand.found.locator not in support and cand.found.locator not in against:
                against[cand.found.locator] = (cand.found, Conflict("value", own.value, cand.value))
    finer = bool(counted) and all(_counted_finer(reference, rival, asked) for rival in counted)
    weightier = mine is not None and bool(counted) and all(_authority(mine) > _authority(r) for r in counted)
    outweighs = (
        f"they give round figures where its sources count {own.value.raw} exactly"
        if finer and own.value
        else "its sources are rated more authoritative than theirs"
        if weightier
        else ""
    )
    return Tally(claim.statement, support, against, outweighs)


def _beaten_by_another(settled: Settled, rival: Group, own: Candidate) -> bool:
    """Whether an answer that does not state the claim's value (``own``) beats ``rival`` in the
    settlement (:attr:`Settled.beaten`): the rival holds nothing against the claim. One that only
    answers agreeing with the claim beat still contradicts it, visibly, and is outvoted."""
    return any(not agree(h.best, own) for h in settled.beaten.get(id(rival), []))


def _both_money(a: Candidate, b: Candidate) -> bool:
    """Two sums in one currency, for a question that asks one: a price needs no word to be one (*at
    549 euros it is not cheap* disputes *a price of 499 euros*), where a length may be a river's."""
    x, y = a.value, b.value
    return x is not None and y is not None and x.dimension == y.dimension and x.dimension in MONEY_DIMENSIONS


def _says(cand: Candidate, words: frozenset[str]) -> bool:
    """Whether the candidate's statement holds one of ``words`` (the question's focus: ``depth``)."""
    return bool(words & set(content_words(cand.statement)))


def _states(statement: str, g: Group) -> bool:
    """Whether ``statement`` itself states the group's value (``...walked on the Moon, while Collins
    stayed aboard Columbia`` states ``Moon`` and ``Columbia`` besides its answer)."""
    value = g.best.value
    if value is None:
        return False
    if value.kind == "member":  # ``the Florida Gators football teams``
        return re.search(rf"(?<!\w){re.escape(value.raw)}(?!\w)", statement, re.I) is not None
    return any(
        v.dimension == value.dimension and values_agree(v, value) is True for v in extract_values(statement)
    ) or (value.dimension == "name" and re.search(rf"(?<!\w){re.escape(value.raw)}(?!\w)", statement) is not None)


def _claim_value(asked: Asked, claim: ClaimView) -> Candidate | None:
    """The value a claim states for its question. A claim answers the question it was proposed for,
    so it is read as about the question's subject even when it does not repeat the name (``Built in
    1914, the depot is...``)."""
    about = "\n".join(asked.subjects)
    found = candidates(asked, [Found("", "claim", Authority.MEDIUM, _as_written(claim), about)])
    return found[0] if found else None


def _as_written(claim: ClaimView) -> str:
    """The claim's statement with its lines as its excerpts have them, where it quotes a table's
    header and a row as two pieces (``| MV Aldra Wren | |`` and ``| Length | 78.4 m |``): read as one
    line, no row would be under its header."""
    pieces = [e.excerpt for e in claim.evidence if e.source_id == claim.evidence[0].source_id] if claim.evidence else []
    joined = rows_as_lines(pieces)
    return joined if joined is not None and normalized(joined) == normalized(claim.statement) else claim.statement


def states_its_answer(view: AgentView, claim: ClaimView) -> bool:
    """Whether a claim states a value its research question asks for, where an answer stands, read
    as about the question's subject (``She was the wife of both kings X and Y`` for *who was
    Khentkaus's husband*): on topic though its statement does not repeat the subject's name."""
    asked = read_question(question_of(view, claim.scope_index))
    if not asked.wants_value:
        return False
    own = _claim_value(asked, claim)
    return own is not None and own.score >= MIN_SCORE


def answered_by(question: str, statement: str) -> bool:
    """Whether ``statement`` answers a factoid ``question`` that wants a value (a claim proposed for
    one research question often answers another too: ``Eagle landed in the Sea of Tranquility on
    July 20, 1969`` answers both *when* and *where*)."""
    asked = read_question(question)
    if not asked.wants_value:
        return False
    if asked.wants in (Wants.NAME, Wants.PLACE) and asked.act:  # *who owns it* is not answered by a name
        said = set(content_words(statement)) | events_named(statement)
        if not asked.act & said:  # in a sentence that never says the act (*... ship with Tamsin 3.0*)
            return False
    return states_wanted_value(asked, statement)


def restated(view: AgentView, scope_index: int | None, g: Group) -> bool:
    """Whether a claim in the debate (any state) already gives this group's value or statement: a
    claim for this question, or one for another that states it of this question's subject too
    (*founded in 1896 by Anton Kessler*, proposed for *when*, answers *by whom* as well)."""
    statement = normalized(g.stated.found.text).lower()
    asked = read_question(question_of(view, scope_index))
    for claim in view.claims:
        if normalized(claim.statement).lower() == statement:
            return True
        if not g.value or g.value.lower() not in claim.statement.lower():
            continue
        if claim.scope_index == scope_index or states_wanted_value(asked, claim.statement):
            return True
    return False
