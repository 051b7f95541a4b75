"""Candidate answers: the values a question asks for, found in sentences, grouped by what they say.

**Candidates.** In every sentence found whose sentence or passage names the question's subject
(half its words will do, but not its common noun alone where the passage names another thing of
that kind -- *the observatory's refractor* beside the *Kessler Observatory* -- nor a line under a
heading that names another thing of its kind), each value of the kind the question wants
(:mod:`.question`; amounts: :mod:`.amounts`) is a candidate, except values that belong to the
question's own subject (for a question written without capitals, a name sharing a word with the
question: ``who founded brightwater``) and the one value of a sentence that calls it wrong
(``brochures wrongly give the year as 1985``). Its *statement* is a clean verbatim span around it:
the whole sentence when it is short and readable, else a window of words around the value cut at
the sentence's junk (``|``, bullets, ``[ edit ]``, runs of numbers).
A name or a place must stand within six words of a focus word of the question, in the same
clause (``directed by Mahesh Bhatt``), or it is a mere mention. For a question that wants a
phrase, each on-topic sentence is a candidate without a value.

**Score.** How well the span answers the question (:mod:`.relevance`); where the question names a
year and asks no date (``revenue in 2019``), a value its sentence dates by other years only is no
candidate (it answers another year's question). A pronoun opening the
sentence (*It is assembled in Stavanger.*) stands for the subject when the passage's topic -- its
page's title and opening -- names it (:func:`~.evidence.named_by_pronoun`): it names the subject,
less surely than the subject's own words, and a place after it says where the subject is.

**Groups.** Candidates whose values agree (:func:`~.values.values_agree`; names by their key;
phrase answers that restate each other) form a group; a group's support is its independent sources
(distinct locators). Two groups speak of *the same entity* -- and so contradict each other -- when
their passages are one text, or, unless their sources name different entities
(:mod:`.entities`), when the passages of one that names no entity hold every word naming the
other's, when a sentence of one and a sentence of the other read alike once their values
are removed (:data:`SAME_FRAME` of their words shared) or one's passage states the other's value.
Dates in spans of life decide first: one shared other end is one person, two different ends two.
Otherwise it depends on what all the sources found reveal: when none names the subject with words
that set one entity apart (``Tyler Moore (baseball)``, ``Roland Almon Ritchie`` for *Justice
Ritchie*: :func:`name_shared`), the name is taken to mean one entity, and two values for it
contradict each other (a guide's *opened in 1913* beside the observatory's own *opened in 1911*);
when some source does, the name is shared, and two groups that say nothing of which entity they
mean are answers for different entities, and both stand.
"""

from __future__ import annotations

import difflib
import itertools
import re
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field, replace
from functools import lru_cache

from agents.offline.amounts import (
    amounts_in,
    measure_words,
    other_span,
    preferred_amount,
    values_compared,
    wanted_amounts,
)
from agents.offline.entities import (
    acronym_written_out,
    entity_of,
    named_apart,
    same_dates,
    same_life,
    spelled_out,
)
from agents.offline.evidence import (
    Found,
    named_by_pronoun,
    normalized,
    opens_with_field,
    opens_with_pronoun,
    pronoun_names_another,
)
from agents.offline.extremes import (
    Extreme,
    Extremum,
    extreme_asked,
    extremes_in,
    lines_stating,
    members_in,
    row_asked,
    several_asked,
)
from agents.offline.kinds import canonical_words
from agents.offline.question import Asked, Wants, act_of_agent
from agents.offline.regions import states_addressed
from agents.offline.relevance import (
    ADDRESS_BEFORE,
    born_in_qualifier,
    definition_opens,
    first_ordinal_title,
    follows_subject,
    in_qualifier,
    is_office,
    kin_events,
    owner_of_subject,
    placed_to_answer,
    position_bonus,
    relevance,
    subject_title_before,
    told_of_kin,
)
from agents.offline.sentences import COLUMN_ROW
from agents.offline.spans import (
    after_bullet,
    clause_around,
    clause_bounds,
    clean_span,
    labelled_span,
    titled_span,
)
from agents.offline.stance import ASKS, set_right
from agents.offline.tables import (
    Cell,
    first_row_cells,
    header_and_row,
    header_unit,
    header_words,
    is_separator,
    is_table,
    opens_row,
    table_cells,
)
from agents.offline.textfacts import (
    CAUSE_PHRASE,
    COMPARATIVE,
    DUE_TO,
    FORMER,
    GUESSED_SIZE,
    IN_ERROR,
    ROLE_ENDED,
    changed_from,
    dated_word,
    find_conflict,
    is_dateline,
    is_negated,
    negation_scope,
    restates,
)
from agents.offline.units import NUM, NUMBER_WORDS, NUMWORD, UNITS, parse_number
from agents.offline.values import MONTH_NAMES, Value, extract_values, members, numbers_in, values_agree
from agents.offline.words import (
    PARTICLE,
    PAST_ACTS,
    STOP_WORDS,
    THING_NOUNS,
    canonical_events,
    content_words,
    events_named,
    first_person,
    one_family,
    stem,
    tokens,
)
from protocols import Authority

__all__ = [
    "SAME_FRAME",
    "at_other_times",
    "Candidate",
    "Group",
    "agree",
    "best_per_source",
    "candidates",
    "common_nouns",
    "group",
    "grouped",
    "name_shared",
    "named_as_asked",
    "named_elsewhere",
    "phrases_conflict",
    "same_entity",
    "same_measure",
    "distinct_entities",
    "of_other_entities",
    "states_wanted_value",
    "years_dating",
]

#: Two sentences (values removed) read alike when this share of their words is shared.
SAME_FRAME = 0.5
#: Two passages are one text (one copied from the other, a value changed) at this share.
SAME_PASSAGE = 0.5
#: Two sentences say the same thing (for a phrase question) at this share of their words.
SAME_TEXT = 0.8
#: A source mentions a group's value (:attr:`Group.mentions`) with a candidate scoring at least this.
MENTION_SCORE = 3.0
#: A further entity named apart in one source is answered where its best candidate scores this much.
SECOND_ENTITY_SCORE = 3.0
#: A group's answer is stated by its most precise member scoring at least this share of its best.
STATED_SHARE = 0.5
_SHORT_FRAME = 4  # words (values removed) of a sentence short enough to be a bare template
_COPULAS = frozenset({"is", "was", "are", "were"})
#: A page's own dates, not its subject's: when a cited page was read or this one was last changed
#: (``retrieved 15 December 2014``, ``accessed on``, ``archived from the original on``, ``last edited``).
_STAMPED = re.compile(
    r"\b(?:retrieved|accessed|archived(?: from the original)?|last (?:edited|modified|updated))(?: on)?[\s:,]*$",
    re.IGNORECASE,
)
#: A date a plan gave, not when the thing happened: ``aiming to release it on``, ``planned for``,
#: ``scheduled for``; ``announced 15 March as the target release date``.
_PLANNED_BEFORE = re.compile(
    r"\b(?:plann(?:ed|ing)|scheduled|aim(?:s|ed|ing)?\s+to|target(?:ed)?|expected\s+to|intend(?:s|ed)?\s+to|"
    r"(?:was|were|is|are)\s+to\s+be)\b(?:[^.;]|\.\d){0,60}$",  # a version's point is no full stop
    re.I,
)
_PLANNED_AFTER = re.compile(r"^[^.;]{0,20}?\bas\s+(?:the|its|a)\s+(?:target|planned|provisional|tentative)\b", re.I)
#: A question about a plan, which wants its dates.
_PLAN_ASKED = re.compile(r"\b(?:plann?\w*|schedul\w*|target\w*|aim\w*|intend\w*|expect\w*|originally)\b", re.I)

#: A sentence that calls what it reports wrong (``brochures wrongly give 1985``, ``a depth of 87
#: metres, which the survey found to be an error``): with one value of the kind asked, that value
#: is not an answer.
_DISAVOWED = re.compile(
    rf"\b(?:{IN_ERROR}|in error|(?:was|is|be|were) (?:an? )?"
    r"(?:error|mistake|misprint|typo|myth)|(?:was|is|be|were) [\"\u201c']?"
    r"(?:wrong|incorrect|false|mistaken|inaccurate|untrue|not (?:accurate|correct|true)))\b",
    re.IGNORECASE,
)


@dataclass(frozen=True)
class Candidate:
    """A value (or, for phrase questions, none) stated by a verbatim span of a source."""

    found: Found
    value: Value | None
    score: float
    #: What names the entity the span speaks of, beyond the question's subject (:func:`entity_of`).
    entity: frozenset[str] = frozenset()

    @property
    def statement(self) -> str:
        return normalized(self.found.text)


def _in_most_sources_words(close: list[Candidate], members: list[Candidate]) -> list[Candidate]:
    """Of ``close``, the members of a class named in the words most of the group's sources use: the
    more specific name one page gives (``college soccer``) does not state what three pages call
    ``football``; among names held as widely, the most specific still states the group."""
    first = close[0].value
    if first is None or first.kind != "member":
        return close
    cls = first.dimension.removeprefix("member:")
    sources: dict[frozenset[str], set[str]] = {}
    for c in members:
        if c.value is not None:
            sources.setdefault(canonical_words(cls, c.value.raw), set()).add(c.found.locator)
    held = {id(c): len(sources.get(canonical_words(cls, c.value.raw), ())) for c in close if c.value is not None}
    most = max(held.values(), default=0)
    return [c for c in close if held.get(id(c)) == most] or close


@dataclass
class Group:
    """Candidates that say the same thing; the best one first."""

    members: list[Candidate] = field(default_factory=list)
    #: Sources outside the group that state its value too, though not as their best answer
    #: (:func:`group` with ``read``), by locator: weaker evidence, which breaks a tie.
    mentions: dict[str, Found] = field(default_factory=dict)

    @property
    def best(self) -> Candidate:
        return self.members[0]

    @property
    def stated(self) -> Candidate:
        """The candidate whose span states the answer: the members stated impersonally, when any is
        (``Walkers should allow six to seven hours`` over a blog's ``It took us seven hours``); of
        those scoring at least :data:`STATED_SHARE` of their best, the one that gives the date most
        precisely (``declared Emperor on August 26, 1849`` over ``existed from 1849 to 1859``), an
        exact amount over a hedged one (``killed 41 people`` over ``at least 37 people have
        died``), an amount given finer over one rounded (``a commission of 4.5%`` over ``takes 5%``),
        then the best scored; of phrase answers scored alike, the one with the fewest dates
        and numbers besides (less that was not asked for, so less for another source to dispute)."""
        members = [c for c in self.members if not first_person(c.statement)] or self.members
        close = _in_most_sources_words(
            [members[0], *(c for c in members[1:] if c.score >= members[0].score * STATED_SHARE)], self.members
        )
        return max(
            close,
            key=lambda c: (
                (c.value.precision, not c.value.approx, -c.value.resolution, not _in_columns(c), c.score, 0)
                if c.value
                else (0, True, 0.0, not _in_columns(c), c.score, -_dates_and_numbers(c))
            ),
        )

    @property
    def locators(self) -> list[str]:
        return list(dict.fromkeys(c.found.locator for c in self.members))

    @property
    def support(self) -> int:
        return len(self.locators)

    @property
    def value(self) -> str:
        return self.best.value.raw if self.best.value is not None else ""

    @property
    def entity(self) -> frozenset[str]:
        """The words naming the entity its sources speak of: those every source that names one
        agrees on (a source that names none is no evidence of another entity; a page listing
        several namesakes names more than this one)."""
        named = [c.entity for c in self.members if c.entity]
        return frozenset.intersection(*named) if named else frozenset()

    def per_source(self) -> list[Candidate]:
        """The best candidate of each independent source, best first."""
        seen: set[str] = set()
        out = []
        for c in self.members:
            if c.found.locator not in seen:
                seen.add(c.found.locator)
                out.append(c)
        return out


def _in_columns(candidate: Candidate) -> bool:
    """Whether a candidate is a row of a table laid out in columns (``6 Mar 2024   Report published``):
    a sentence of the group that says the same reads better as its answer."""
    return COLUMN_ROW.match(candidate.found.text) is not None


def candidates(asked: Asked, found: Iterable[Found]) -> list[Candidate]:
    """Every candidate answer to ``asked`` in ``found``, best first (see the module docstring)."""
    subject = set(asked.subject_words)
    found = list(found)
    common = common_nouns(found)
    series_asked = _series_of(asked.text)
    stage_asked = stage_of(asked.text)
    extreme = extreme_asked(asked.text)
    out: list[Candidate] = []
    for item in found:
        text = item.text
        if not _about_subject(asked, item, common):
            continue
        if asked.wants is not Wants.PHRASE and _TABLE_ROW.fullmatch(text):
            continue  # a table's row is read cell by cell under its headers (:func:`_table_candidates`)
        if extreme is not None and not extreme.said_in(text):
            continue  # *Which model is the lightest?*: a sentence must say *lightest* (or a table answers)
        if series_asked is not None and _series_of(text) not in (None, series_asked):
            continue  # *first released* is not answered by ``the current version, released on ...``
        if ASKS.search(text):
            continue  # ``**What was the winning margin?**``: an FAQ's question asks, it states nothing
        if _REFERENCE_ENTRY.match(text):
            continue  # ``Brandt E. "Inhaler study withdrawn." *Courier*, 18 August 2021.``: a work cited, no statement
        if _first_time_for_again(asked, text):
            continue  # *When was the rebuilding completed?* is not answered by ``It was built in 1887``
        if _act_without_its_particle(asked, text):
            continue  # *When was the outbreak declared over?* is not ``the outbreak was declared on 17 July``
        if stage_asked is not None and stage_of(text) not in (None, stage_asked):
            continue  # *the final estimated cost* is not ``the preliminary assessment estimated ...``
        if pronoun_names_another(text, item.context, frozenset(subject)):
            continue  # *It employed 420 people* after *The Wielomin plant ...*: the plant's, not the company's
        pronoun = bool(named_by_pronoun(text, item.context, frozenset(subject)))  # *It ran ...* on its page
        if asked.wants is Wants.PHRASE:
            if _WHY.match(asked.text) and (_cause_in(asked, text) is None or not _tells_asked_event(asked, text)):
                continue  # *why* asks for a cause of its event: a sentence that names none only retells it
            if _WHY.match(asked.text) and _only_feared(text, _cause_in(asked, text)):
                continue  # ``Many growers had feared that the river was carrying the disease``: a fear, no cause
            if _WHY.match(asked.text) and _asked_event_only_a_cause(asked, text):
                continue  # *why did T2 overheat*: not ``the bushing failed, caused by sustained overheating``
            if _denies_the_things(asked, text):
                continue  # *Which stations does the line serve?* is not answered by ``Still no station at X``
            led = _with_its_list(asked, item)  # ``Of the 27 confirmed cases:`` and the bullets under it
            named = _names_as_many_as_asked(asked, text)  # ``two workers, Piet Kovanen and Dara Mulcahy, died``
            listing = led is not None or named or _lists_asked(asked, text)  # the whole list: a span would cut it
            span = led or (item if listing else _phrase_span(asked, subject, item))
            if span is not None:
                score = relevance(asked, subject, item, span.text, None, pronoun=pronoun)
                if score > 0 and _COMPARISON_ASKED.search(asked.text) and _figures_for_both(span.text):
                    score += _BOTH_FIGURES  # *how did X compare with Y*: ``4.1 days versus 2.3 with placebo``
                if score > 0 and listing:
                    score += _LISTED  # *What colours is it available in?*: ``Slate Grey, Sand, Fjord Blue``
                elif score > 0 and _misses_the_list(asked, span.text):
                    score -= 2 * _LISTED  # *What four reasons ...?*: ``The committee considered ...`` gives none
                elif score > 0 and _only_counts(asked, span.text):
                    score -= _LISTED  # *Which sites?*: ``operates three field sites`` names none of them
                if score > 0:
                    out.append(Candidate(span, None, score, entity_of(asked, item)))
            continue
        of_another = _about_another(asked, subject, item) or _under_another_title(subject, item)
        if of_another and not _names_the_role_holder(asked, text):
            continue  # *Lindby is the bigger town, with 23,000 people* in a story about Lindby and Mereth
        if told_of_kin(asked, text):
            continue  # *Middleton's father died in 1685*: the father's death
        if asked.act and not _WHO.match(asked.text) and not _says_the_act(asked, text):
            continue  # *Which firm made the gauge?*: ``Related material: the gauge, Harrowmere Museum``
        if asked.wants is Wants.NAME and _in_capitals(text):
            continue  # ``INDEPENDENT FORENSIC REVIEW: TALLOW RIDGE FOOD BANK``: a heading names what a page is about
        wanted = _wanted_values(asked, subject, text)
        if len(wanted) == 1 and _DISAVOWED.search(text):
            continue  # the sentence's one value is called wrong: it is no answer (nor a rival of one)
        if wanted and set_right(text, item.surroundings):
            continue  # ``The article also stated that 221 ... The correct figure was 167.``: a report set right
        defined_in = _defined_place(asked, text, wanted)
        if _COUNT_ASKED.match(asked.text) and _to_a_date_in(asked, text):
            continue  # *trips in 2019*: ``1,391,000 trips between 1 January and 30 November 2019``, a part
        guessed = [m.span("size") for m in GUESSED_SIZE.finditer(text)]
        for value in wanted:
            if any(a <= value.start < b for a, b in guessed):
                continue  # ``must be 60 metres high``: a guess at the size, nobody's measure of it
            if _bracketed_for_another(subject, item, value) or _said_of_another(subject, text, value):
                continue  # ``an older sister, Maria Theresia (born 28 November 1980)``: her date, not the subject's
            if _in_clause_of_another(subject, text, value):
                continue  # ``Our Berlin office has 48 employees; the Lisbon office has 31``: Berlin's 48
            if _measures_another(asked, subject, text, value):
                continue  # ``the observatory's 0.9-metre refractor``: the refractor's length
            if _town_before_asked_kind(asked, text, value):
                continue  # *in which state*: ``in Lincoln, Nebraska`` names the state after the town
            if _sibling_of_subject(asked, value) and not _FORMER.search(asked.text):
                continue  # *where is Lund High School*: ``reported at Moss High School`` is another school
            if _compared_with_subject(asked, text, value):
                continue  # ``41,000 visitors, fewer than the Maritime Museum``: another thing's figure
            if changed_from(text, value.start, value.end) and not _FORMER.search(asked.text):
                continue  # ``the default port moved from 7400 to 7401``: 7400 is what it was
            if _HOLDS_NOW.match(asked.text) and _no_longer(asked, text, value):
                continue  # ``Ana Vidal served as chief executive until March 2022``: not who is now
            if _dates_a_return(asked, text, value):
                continue  # *when did the timetable come into effect*: not ``had been restored on 24 April``
            if _dates_another_act(asked, text, value):
                continue  # *when was it last seen*: not ``found on 9 April and last seen on 2 June``'s 9 April
            if _dates_what_was_told(asked, text, value):
                continue  # ``is delighted to announce that it had sold 41,000 copies by 31 December``
            if _told_at_another_time(asked, text, value):
                continue  # *when does the hut open* is not answered by ``which opened in 1958``
            if _date_of_the_frame(asked, text, value):
                continue  # *when was supply restored after the burst?*: not ``the burst of 3 February``
            if _dateline(text, value):
                continue  # ``Tarnby, 6 May 2024 - supplies were restored on 5 May``: when it was written
            span = clean_span(item, value.start, value.end)
            if span is None and (in_qualifier(asked, text, value) or born_in_qualifier(asked, text, value)):
                span = titled_span(item, asked.subjects, value.start, value.end)
            if span is None and asked.focus:  # ``- Schools: £17.9 million`` under the council's budget
                span = labelled_span(item, asked.focus, value.start, value.end)
            if span is None and asked.wants is Wants.PLACE:  # ``- **Venue:** Ropewalk Meadow, Halvercombe``
                span = labelled_span(item, _PLACE_LABELS, value.start, value.end)
            if span is None:
                continue
            offset = text.find(span.text)
            stated = (
                members(asked.member_of, span.text)
                if value.kind == "member"
                else _owners_apart(asked, extract_values(span.text))
            )
            local = next((v for v in stated if v.start + offset == value.start), value)
            if (
                asked.wants in (Wants.NAME, Wants.PLACE)
                and asked.focus
                and not placed_to_answer(asked, span.text, local, pronoun=pronoun)
                and not (asked.wants is Wants.PLACE and _place_field(text, value))  # ``Venue:`` says where
                and value.kind != "part"  # placed right after the act asked (:func:`_part_placed`)
            ):
                continue  # a name far from what is asked is a mention, not the answer
            score = relevance(asked, subject, item, span.text, local, pronoun=pronoun)
            score += position_bonus(asked, text, value)
            score += _NOW_SAID if _ASKED_IN_PRESENT.match(asked.text) and _said_now(text, value) else 0
            score += 2 if asked.wants is Wants.NUMBER and preferred_amount(asked, local, span.text) else 0
            if named_as_asked(asked, text, value):
                score += _NAMED_AS  # *what was the club called*: ``They called themselves the Millbridge Flyers``
            if value is defined_in or (asked.wants is Wants.PLACE and _place_field(text, value)):
                score += _DEFINED_PLACE  # ``X is a covered bridge carrying Y Road across Z River in Cambridge``
            entity = entity_of(asked, item)
            if value.dimension == "name" and in_qualifier(asked, text, value):  # ``X (Sherman Robertson album)``
                entity |= frozenset(content_words(value.raw))  # the maker names the work, in a list of works too
            out.append(Candidate(span, local, score, entity))
    out += _table_candidates(asked, subject, found)
    return sorted((c for c in out if not _of_another_year(asked, c)), key=lambda c: (-c.score, -_says_focus(asked, c)))


#: A question's clause of time after what it asks (*... restored after the Harlow Road burst?*).
_FRAME_CLAUSE = re.compile(r"\b(?:after|before|following|since|during)\s+(?P<frame>.+)$", re.I)


def _date_of_the_frame(asked: Asked, text: str, value: Value) -> bool:
    """Whether ``value`` is the date of the event a question names only to place the one it asks
    about (*When was supply restored after the burst?*: ``the burst of 3 February``), not of that one."""
    frame = _FRAME_CLAUSE.search(asked.text)
    if frame is None:
        return False
    framing = set(content_words(frame.group("frame")))
    word = dated_word(text, value)
    if word is not None:
        return word in framing and word not in content_words(asked.text[: frame.start()])
    verbs = " ".join(_PARTICIPLE.findall(asked.text[: frame.start()]))
    asked_act = set(content_words(verbs)) - framing - asked.subject_words  # *reopened*, not *road*
    said = set(content_words(text))
    return bool(  # ``On 17 January 2024 two avalanches crossed Route 47``: the frame's day, no reopening said
        _OPENS_WITH_DATE.match(text[: value.start]) and asked_act and said & framing and not said & asked_act
    )


_PARTICIPLE = re.compile(r"\b[a-z]+(?:ed|en)\b")
#: A date opening its sentence, after a paragraph's number (``1.1 On 17 January 2024 ...``).
_OPENS_WITH_DATE = re.compile(r"^\W*(?:\d+(?:\.\d+)*\s+)?(?:(?:on|in)\s+)?$", re.I)


def _dateline(text: str, value: Value) -> bool:
    """Whether ``value`` is the date of a report's dateline (``Tarnby, 6 February 2024 -
    ...``), in a sentence that dates what it reports by another date: the report's date, not the
    event's."""
    return is_dateline(text, value) and any(v.dimension == "time" and v.start > value.end for v in extract_values(text))


def _says_focus(asked: Asked, candidate: Candidate) -> int:
    """How many of the question's focus words a phrase answer says: of two scored alike, the one
    that says what is asked (``The aircraft involved in the accident was a Tupolev Tu-104A``) goes
    before the subject's definition, which does not."""
    return len(asked.focus & set(content_words(candidate.statement))) if candidate.value is None else 0


#: A question asking how two things compare (*How did the reduction compare with placebo?*).
_COMPARISON_ASKED = re.compile(r"\bcompared?\b|\bversus\b|\bvs\.?\s", re.IGNORECASE)
#: What a sentence giving both sides' figures adds to a comparison's answer.
_BOTH_FIGURES = 4


#: Three or more capitalized items in a row (``Edgar, Lavinia and Matthias``, ``Slate Grey, Sand, Fjord Blue``).
_ITEM = r"[A-Z][\w'&.-]*(?:\s+(?:of\s+|the\s+|for\s+)?[A-Z0-9][\w'&.-]*)*"
_ENUMERATION = re.compile(rf"{_ITEM}(?:\s*,\s*{_ITEM})+(?:\s*,?\s+(?:and|&)\s+{_ITEM})?")
_BRACKETED = re.compile(r"\s*\([^()]*\)")
#: An item's marker inside a sentence: ``(a)``, ``(ii)``, ``(3)``; three or more make a list.
_MARKED_ITEM = re.compile(r"(?:^|\s)\((?:[a-h]|i{1,3}|iv|v|vi{0,3}|\d)\)\s")
_MIN_MARKED = 3
#: What a sentence listing three or more things after the asked noun adds to a question asking several.
_LISTED = 4


def _listed_items(text: str) -> frozenset[str]:
    """The three or more things a sentence lists (:data:`_ENUMERATION`), in lower case; empty when
    it lists none."""
    marked = _MARKED_ITEM.split(text)
    if len(marked) > _MIN_MARKED:  # ``three sources: (a) a loan ...; (b) the bonds ...; (c) a surcharge``
        return frozenset(" ".join(i.split()).strip(" ;,.").lower() for i in marked[1:])
    listed = _ENUMERATION.search(_BRACKETED.sub("", text))
    if listed is None:
        return _after_colon(text)
    items = frozenset(" ".join(i.split()).strip(".").lower() for i in _split_items(listed.group()))
    return items if len(items) >= 3 else frozenset()


#: Phrases after a colon, three or more between commas (``four reasons for refusal: flood risk, the
#: capacity of Tern Lane, harm to the saltmarsh, and an affordable housing offer``).
_COLON_LIST = re.compile(r":\s+(?P<items>[^:;]+)$")
_ITEM_WORDS = 25  # at most, in a phrase listed after a colon


#: A phrase after a comma that goes on with the item before it (a relative clause).
_GOES_ON = re.compile(r"(?:which|who|whom|whose|that|where)\b")


def _after_colon(text: str) -> frozenset[str]:
    """The three or more phrases a sentence lists after a colon (:data:`_COLON_LIST`), in lower case."""
    listed = _COLON_LIST.search(_BRACKETED.sub("", text).rstrip(". "))
    if listed is None:
        return frozenset()
    items = [re.sub(r"^(?:and|or)\s+", "", i.strip()).lower() for i in listed["items"].split(",") if i.strip()]
    items = [i for i in items if not _GOES_ON.match(i)]  # ``..., which the officers had not assessed``: no item
    if len(items) < 3 or any(len(i.split()) > _ITEM_WORDS for i in items):
        return frozenset()
    return frozenset(items)


def _lists_asked(asked: Asked, text: str) -> bool:
    """Whether the question asks for several things and the sentence lists three or more after
    naming them (``They had three children: Edgar (born 1854), Lavinia ... and Matthias``), as many
    as the question says, if it says (*What four reasons ...?*: not a list of fourteen)."""
    things = several_asked(asked.text)
    if not things:
        return False
    noun = next((t.end for t in tokens(text) if content_words(t.surface) == [things[-1]]), None)
    bracket = _BRACKET_AFTER.match(text, noun) if noun is not None else None
    bracketed = _split_items(bracket["items"]) if bracket is not None else []
    if len(bracketed) >= 3:
        return _how_many_listed(things) in (None, len(bracketed))  # ``sunk (A, B, C)``
    plain = _BRACKETED.sub("", text)
    named = next((t.end for t in tokens(plain) if content_words(t.surface) == [things[-1]]), None)
    if named is None:
        return False
    items = _listed_items(plain[named:])
    how_many = _how_many_listed(things)
    return bool(items) and (how_many is None or len(items) == how_many)


#: A bracket of items right after the noun of the things asked, past a word or two (``Three
#: vessels sunk (Morwen, Bright Tamsin, Cullen Lass)``).
_BRACKET_AFTER = re.compile(r"(?:\s+[\w-]+){0,2}\s*\((?P<items>[^()]+)\)")


#: A list's item on a line of its own (``- 4 were staff``, ``2. Kesterfield Polytechnic``).
_ITEM_LINE = re.compile(r"[ \t]*(?:[-*\u2022]|\d{1,2}[.)])[ \t]+\S[^\n]*")


def _with_its_list(asked: Asked, item: Found) -> Found | None:
    """For a question asking several things, a line that leads into a list (``Of the 27 confirmed
    cases:``) quoted with the list's items, one per line below it, as the document has them (as
    many as the question asks, where it says); None for any other sentence."""
    things = several_asked(asked.text)
    lead = item.text.rstrip()
    text = item.surroundings  # the passage and the document's words after it: a list may run on past the passage
    at = text.find(lead, item.body_at)  # in the passage's own text, which the document has as it stands
    if not things or not lead.endswith(":") or at < 0:
        return None
    end = at + len(lead)
    items = []
    for line in _ITEM_LINE.finditer(text, end + 1):
        if text[end : line.start()].strip():
            break  # the list ends where anything but a new line stands between two items
        items.append(line)
        end = line.end()
    how_many = _how_many_listed(things)
    if len(items) < 2 or (how_many is not None and len(items) != how_many):
        return None
    return Found(item.source_id, item.locator, item.authority, text[at:end], item.context)


def _names_as_many_as_asked(asked: Asked, text: str) -> bool:
    """Whether the question asks for several things and the sentence names them in one run of names
    joined by commas and *and* (``two workers, Piet Kovanen and Dara Mulcahy, lost their lives``),
    as many as the question says, if it says; the names the question itself writes are none of them.
    Two names need the noun of the things asked beside them (``Westmarch Fire and Rescue Service`` is
    one name, read as two)."""
    things = several_asked(asked.text)
    if not things:
        return False
    asked_words = set(content_words(asked.text))
    names = [v for v in extract_values(text) if v.dimension == "name" and not set(content_words(v.raw)) <= asked_words]
    # names of another kind are no list of the things asked (*systems*: not ``X Hospital and Y Hospital``)
    names = [v for v in names if not _of_another_kind(v.raw, things[-1])]
    longest, run = 1, 1
    for a, b in itertools.pairwise(names):
        joined = _JOINS_NAMES.fullmatch(text, a.end, b.start)
        run = run + 1 if joined else 1
        if joined and _LAST_JOIN.search(joined.group()):  # a list ends in *and*: ``A, B and C``
            longest = max(longest, run)  # (``The Vice-Chancellor, Professor Alistair Penhallow``: one)
    how_many = _how_many_listed(things)
    if longest < 2 or how_many not in (None, longest):
        return False
    return longest > 2 or things[-1] in content_words(text)


def _of_another_kind(name: str, kind: str) -> bool:
    """Whether a name ends in the noun of a kind of thing (:data:`~.words.THING_NOUNS`) other than ``kind``."""
    last = name.split()[-1].lower()
    return last in THING_NOUNS and content_words(last) != [kind]


#: What stands between two names of a list: a comma, *and*, or both; the last of them holds *and*.
_JOINS_NAMES = re.compile(r"\s*(?:,\s*(?:and\s+)?|\s+and\s+|\s*&\s*)")
_LAST_JOIN = re.compile(r"\band\b|&")


def _split_items(text: str) -> list[str]:
    return [i.strip() for i in re.split(r",|\band\b|&", text) if i.strip()]


def _denies_the_things(asked: Asked, text: str) -> bool:
    """Whether the question asks for several things and the sentence's negation governs them or
    what the question says of them (``Still no station at Hollins Cross``, ``was not included in
    the reopening``): it says which are not, not which are."""
    things = several_asked(asked.text)
    if not things or is_negated(asked.text):
        return False
    return bool(negation_scope(text) & (set(things) | asked.focus))


def _how_many_listed(things: tuple[str, ...]) -> int | None:
    """The number of things a question asks for, where it says (*What four reasons ...?*)."""
    said = [_NUMBER_STEMS.get(w) or (int(w) if w.isdigit() else None) for w in things]
    return next((int(n) for n in said if n), None)


#: Number words as :func:`~.words.content_words` gives them (*thre* for *three*).
_NUMBER_STEMS = {stemmed[0]: n for word, n in NUMBER_WORDS.items() if (stemmed := content_words(word))}


def _misses_the_list(asked: Asked, text: str) -> bool:
    """Whether the question asks for a number of things (*What four reasons ...?*) and the sentence
    neither names their kind nor lists anything: it echoes the question's other words (*the
    committee considered the application on 9 October*) and answers none of it."""
    things = several_asked(asked.text)
    if not things or _how_many_listed(things) is None:
        return False
    kind = {w for w in things if w not in NUMBER_WORDS and not w.isdigit()}
    return not kind & set(content_words(text)) and not _listed_items(text)


def _only_counts(asked: Asked, text: str) -> bool:
    """Whether the question asks for several things and the sentence only counts them (``The
    laboratory operates three field sites.``), naming none."""
    things = frozenset(several_asked(asked.text))
    if not things or _listed_items(text):
        return False
    return any(things & set(content_words(m.group("what"))) for m in _COUNTED.finditer(text))


#: A number and the up to three words it counts (``three field sites``, ``6 model families``).
_COUNTED = re.compile(rf"\b(?:\d+|{NUMWORD})\s+(?P<what>(?:[\w-]+\s+){{0,2}}[\w-]+)", re.IGNORECASE)


def _figures_for_both(text: str) -> bool:
    """Whether the sentence sets a figure against another (``a mean reduction of 4.1 monthly
    migraine days versus 2.3 with placebo``, ``57% ... compared with 31%``): one for each side."""
    return _FIGURES_COMPARED.search(text) is not None


_FIGURES_COMPARED = re.compile(
    r"\d[\d.,]*\s*%?[^.;\d]{0,40}?\b(?:versus|vs\.?|compared\s+(?:with|to)|against)\s+[^.;\d]{0,20}\d"
)


#: A whole table row read as a sentence (``| 10/02/2024 | ... | lost in overtime - 1 point |``).
_TABLE_ROW = re.compile(r"\s*\|.*\|\s*", re.DOTALL)


def _table_candidates(asked: Asked, subject: set[str], found: list[Found]) -> list[Candidate]:
    """Cells of the tables in the passages read (:mod:`.tables`) that answer ``asked``: the column's
    header names what is asked (*Opened* for *when did it open*) and the row is the subject's
    (*| Dunmore | 1874 | 2 |*; a cell other than the first may name it: *| 2 | North Star | Anna
    Holm |*), or the year asked in a table of a passage about the subject (*|
    2022 | 5.6 million |* under *Orla Rail annual results*), or the row of what is asked under the
    year asked (*| Budget | 92 million | 97 million |* under *| Measure | 2022 | 2023 |*; scored as a
    sentence naming the row's words would be); for *who won*, the first name in a results table's
    first-place row, in a passage about the subject, and for the winner's time, boat or skipper,
    that row's cell under the column asked. Each is quoted with its header."""
    extreme = extreme_asked(asked.text)
    if extreme is not None:
        return _extreme_candidates(asked, subject, found, extreme)
    out = _listed_candidates(asked, subject, found) + _member_candidates(asked, subject, found)
    winner = _asks_winner(asked)
    years = {str(year) for year in asked.years}
    asked_words = asked.focus | measure_words(asked)  # *how large*: a *Capacity* column or row says it
    if (asked.wants is Wants.PHRASE and not winner) or not asked_words or not (subject or years):
        return out
    # of the winner, which column is asked: the act's (*who skippered*), else another word asked (*winning time*)
    column = (asked.act or asked.focus) - _WIN_WORDS if winner else frozenset()
    numbered = numbers_in(" ".join(asked.subjects))  # *Vell 2.0.0*: the row of *2.0.0*, not *0.2.0*
    question = subject | set(content_words(asked.text))  # *the new central library on Tallis Quay*: its box
    seen: set[tuple[str, str]] = set()
    for item in found:
        context = item.context if "|" in item.context else item.text  # a claim's statement quotes the table
        if (item.source_id, context) in seen or "|" not in context:
            continue
        seen.add((item.source_id, context))
        about = subject <= set(content_words(item.context)) | set(content_words(context))
        winners: set[tuple[int, int]] = set()  # rows whose winner was taken (its first name cell)
        cells = table_cells(context)
        # a table with a cell for the subject (``| 2024 | Q1 | DACH | 76.4 |``): a row naming another is another's
        lists_subject = any(set(content_words(c)) == subject for cell in cells for c in cell.others)
        for cell in cells:
            text = context[cell.span_start : cell.span_end]
            at, end = cell.start - cell.span_start, cell.end - cell.span_start
            body_at = item.body_at if context is item.context else 0
            pieces = _verbatim_pieces(context, body_at, cell)
            if pieces:  # a later row under its header, not the rows between
                text = "\n".join(pieces)
                at = len(pieces[0]) + 1 + cell.start - (cell.span_end - len(pieces[1]))  # in the row's piece
                end = at + cell.end - cell.start
            span = Found(item.source_id, item.locator, item.authority, text, context, pieces=pieces)
            if subject and about and winner and _FIRST_PLACE.fullmatch(cell.row_label):
                if column:  # *What was the winning time?*: the first-place row's cell under *Time*
                    if header_words(cell.header) & column:
                        values = [v for v in extract_values(text) if at <= v.start and v.end <= end]
                        out += [Candidate(span, v, TABLE_SCORE, entity_of(asked, span)) for v in values[:1]]
                    continue
                names = _names_within(text, at, end)
                if names and (cell.span_start, cell.span_end) not in winners:
                    winners.add((cell.span_start, cell.span_end))  # *Who won?*: the first-place row's first name
                    out.append(Candidate(span, names[0], TABLE_SCORE, entity_of(asked, span)))
                continue
            # a row of what is asked under the year asked (*| Budget (NOK) | 92 million |* under *2022*)
            # or a fact box's row of what is asked (``| Height | 84 metres |`` on the dam's page; its header
            # row, if any, is another row or nothing: ``| | |``)
            label = set(content_words(cell.row_label))
            label |= {act for w in label if (act := act_of_agent(w)) is not None}  # *Founders*: who founded
            # (the year asked is no word of what is asked: ``| Fennick 2 sold, calendar year 2022 |`` is no revenue)
            says_asked = bool(label & (asked_words - years)) and not (label & _PHASES) - set(content_words(asked.text))
            by_row = about and says_asked and (cell.header.strip() in years or cell.columns == 2)
            # a price list's cell whose row and column the question both names (*full-day weekday hire*:
            # ``| Full day | £155 |`` under ``Monday-Friday``)
            # ``Full day (9.30-5.00)``: its words, not its hours; ``Adults (standard entry)``: not its bracket's
            worded = set(content_words(_IN_BRACKETS.sub(" ", cell.row_label))) or label
            worded -= _figures(worded)
            by_row = (
                by_row
                or (  # (one word will do where the question names it besides the column's: *adult*)
                    about
                    and (len(worded) >= 2 or bool(worded & asked.focus - header_words(cell.header)))
                    and worded <= asked_words
                    and (
                        bool(header_words(cell.header) & asked_words)
                        or _alike_across(context[cell.start : cell.end], cell)
                    )
                )
            )
            if by_row and _act_without_its_particle(asked, cell.row_label):
                continue  # ``| Outbreak declared | 17 July 2024 |``: not when it was declared over
            if by_row and cell.columns == 2 and _titled_for_another(question, context, cell.start):
                continue  # ``| Callowford Canal | |`` over ``| Length | 31 miles |``: the canal's, not the aqueduct's
            if by_row and cell.columns == 2 and _titled_after(asked, context, cell.start):
                continue  # ``| 2024 Tavrin Pass avalanche | |`` over ``| Release elevation |``: not the pass's
            # a question naming no subject (*What was the budget in 2022?*) is answered by its row only, or by
            # the year's row under a column it names in two words (*compensation paid* in 2021: ``| 2021 | ... |``
            # under *Compensation paid for confirmed losses*)
            heading = header_words(cell.header)
            by_year = cell.row_label in years and len(heading & asked_words) >= 2 and _measured_noun(asked) <= heading
            if not subject and not by_row and not by_year:
                continue
            named_by = header_words(cell.header)  # *Headliner* names who headlined
            named_by |= {act for w in named_by if (act := act_of_agent(w)) is not None}
            if not by_row and not named_by & asked_words and not kin_events(cell.header, asked.text):
                continue  # the column is not what is asked (*Opened* answers *when was it founded*)
            labels = [
                set(content_words(other))
                for other in cell.others  # the first cell, or a name cell
                if not numbered or not numbers_in(other) or numbers_in(other) & numbered
            ]
            if not (
                by_row
                or any(label and (label <= subject or subject <= label) for label in labels)
                or (
                    about
                    and cell.row_label in years
                    and not (lists_subject and _names_another_in_row(subject, cell.others))
                )
            ):
                continue
            if years and _part_of_the_year(asked, cell.others):
                continue  # ``| 2024 | Q1 | DACH | 76.4 |`` is not DACH's figure for 2024
            values = [v for v in _wanted_values(asked, subject, text) if at <= v.start and v.end <= end]
            plain = [v for v in values if text.count("(", at, v.start) <= text.count(")", at, v.start)]
            values = plain or values  # ``| £9.50 (£8.60) |``: the price, not the one in brackets after it
            if not values and asked.wants is Wants.PLACE:  # a cell under *County* needs no *in* before it
                values = _names_within(text, at, end)
            if not values and asked.wants is Wants.NUMBER and _PLAIN_NUMBER.fullmatch(text[at:end]):
                values = [_bare_cell(text, at, end, cell.header)]
            coded = _CODED_AMOUNT.fullmatch(text, at, end) if not values and asked.wants is Wants.NUMBER else None
            if coded is not None:  # ``| MDM 16.00 |`` under *Price*: a currency's code and the amount
                values = [_bare_cell(text, coded.start("amount"), coded.end("amount"), cell.header)]
            # the row names what is asked as a sentence would, word for word (:func:`~.relevance.relevance`);
            # a row naming more of the subjects is more its row (*Verelle Max* and *Japan*, not *Eurozone*)
            score = TABLE_SCORE + (3.0 * len(label & asked.focus) if by_row else 0.0)
            score += 1.0 if heading & _head_noun(asked) else 0.0  # *What punctuality ...*: ``punctuality_pct``
            row_words = {w for other in cell.others for w in content_words(other)}
            named = [name for name in asked.subjects if set(content_words(name)) <= row_words]
            score += 3.0 * max(0, len(named) - 1)
            out += [Candidate(span, value, score, entity_of(asked, span)) for value in values]
    return out


#: What *how much* / *how many* measures, when a noun follows it (*How much compensation was paid ...?*).
_HOW_MUCH_NOUN = re.compile(r"^\s*how\s+(?:much|many)\s+(?P<noun>[a-z]+)\b", re.I)


#: The noun right after *what* or *which* (*What punctuality did it achieve?*), not a verb.
_WHAT_NOUN = re.compile(
    r"^\s*(?:what|which)\s+(?!(?:is|was|are|were|did|does|do|has|have|had)\b)(?P<noun>[a-z]+)\b", re.I
)


def _head_noun(asked: Asked) -> frozenset[str]:
    """The noun a question names what it asks by (*punctuality*, *compensation*), as content words."""
    m = _WHAT_NOUN.match(asked.text) or _HOW_MUCH_NOUN.match(asked.text)
    return frozenset(content_words(m["noun"])) if m is not None else frozenset()


def _measured_noun(asked: Asked) -> frozenset[str]:
    """The noun a *how much* / *how many* question measures, as content words (none where none follows)."""
    m = _HOW_MUCH_NOUN.match(asked.text)
    return frozenset(content_words(m["noun"])) if m is not None else frozenset()


_IN_BRACKETS = re.compile(r"\([^()]*\)")


def _verbatim_pieces(context: str, body_at: int, cell: Cell) -> tuple[str, ...]:
    """Where the cell's span opens with a header row that stands in the section heading before the
    passage (a long table's later rows; ``body_at``: :attr:`~.evidence.Found.body_at`), the header
    row and the cell's row as two verbatim excerpts; where other rows stand between the header and the
    cell's row, the header and the row (:func:`~.tables.header_and_row`); else none (the span is one)."""
    if not cell.span_start < body_at < cell.span_end:
        return header_and_row(context, cell) or ()
    header_end = context.find("\n", cell.span_start, body_at)
    row_start = max(body_at, context.rfind("\n", body_at, cell.start) + 1)  # its row, not the rows before it
    if all(is_separator(line) for line in context[body_at:row_start].splitlines()):
        row_start = body_at  # the header's ``|---|`` line opens the passage: quoted with the row
    return (context[cell.span_start : header_end], context[row_start : cell.span_end])


def _names_another_in_row(subject: set[str], cells: tuple[str, ...]) -> bool:
    """A cell of the row names something the subject's words do not (``| 2024 | Q1 | Benelux | 78.0 |``
    read for *DACH in 2024*, in a table with a row for DACH): the row of the year asked is another's."""
    return any(_NAME_CELL.fullmatch(c.strip(" *")) and not set(content_words(c)) & subject for c in cells)


#: A cell naming a quarter or a half of a year (``Q1``, ``H2``); a month is one of :data:`MONTH_NAMES`.
_PART_OF_YEAR = re.compile(r"Q[1-4]|[1-4]Q|H[12]", re.IGNORECASE)


def _alike_across(value: str, cell: Cell) -> bool:
    """Whether every cell of the row but its label holds what this one does (``| Adult | £9.50 | £9.50 |``
    under *Online* and *On the day*): the row's figure, whichever column is read."""
    rest = cell.others[1:]
    return bool(rest) and bool(value.strip()) and all(other.strip() == value.strip() for other in rest)


def _part_of_the_year(asked: Asked, cells: tuple[str, ...]) -> bool:
    """A row of a part of the year asked (``| 2024 | Q1 | DACH | 76.4 |``, ``| 2024 | March | ...``)
    that the question does not name: not the year's figure."""
    named = [c.strip(" *") for c in cells]
    parts = [c for c in named if _PART_OF_YEAR.fullmatch(c) or c.rstrip(".").capitalize() in MONTH_NAMES]
    return any(part.lower() not in asked.text.lower() for part in parts)


def _to_a_date_in(asked: Asked, text: str) -> bool:
    """Whether the sentence counts up to a day of a year asked before its end (``between 1 January
    and 30 November 2019``, ``as at 28 February 2018``): its figures are part of the year's -- where
    the question names the year alone (*by 30 June 2019* asks for the count up to that day)."""
    if any(v.dimension == "time" and v.month for v in extract_values(asked.text)):
        return False
    for value in extract_values(text):
        if value.dimension != "time" or value.year not in asked.years or not value.month:
            continue
        if value.month == 12 and value.day in (None, 31):
            continue  # ``by 31 December 2019``: the whole year
        if _UP_TO.search(text, 0, value.start) or (
            _RANGE_TO.search(text, 0, value.start) and _FROM_NEW_YEAR.search(text, 0, value.start)
        ):
            return True
    return False


#: A question asking how many (a count that grows through the year; not *how much*: a price holds
#: ``until 15 September``).
_COUNT_ASKED = re.compile(r"^\s*how\s+many\b|\bnumber\s+of\b", re.IGNORECASE)
#: What puts a date as the end of a count (``by``, ``up to``, ``as at``), or of a range (``and``, ``to``).
_UP_TO = re.compile(r"\b(?:by|up\s+to|until|till|as\s+(?:of|at))\s+$", re.IGNORECASE)
_RANGE_TO = re.compile(r"(?:\b(?:and|to|through)|[-\u2013])\s*$", re.IGNORECASE)
_FROM_NEW_YEAR = re.compile(r"\b(?:between|from)\s+1(?:st)?\s+January\b|\bJanuary\s*[-\u2013]\s*$", re.IGNORECASE)


#: A cell that is a name: capitalized words without figures (``Benelux``, ``North Star``; not ``Q1``).
_NAME_CELL = re.compile(r"[A-Z][A-Za-z&.'-]+(?:\s+[A-Z][A-Za-z&.'-]*)*")


def _figures(words: set[str]) -> set[str]:
    """The words of ``words`` that are figures (*9.30* of a row label *Full day (9.30-5.00)*)."""
    return {w for w in words if w[:1].isdigit()}


def _titled_for_another(asked: set[str], text: str, at: int) -> bool:
    """Whether the fact box holding ``text[at]`` has a header row that is a name (and perhaps the
    kind of thing it is: ``| Tarrow Vale line | |``) sharing no word with the question (``asked``:
    ``| Callowford Canal | |`` above the rows read for *the Merrin Aqueduct*): the box is another thing's."""
    first = first_row_cells(text, at)
    if not asked or not first:
        return False
    title = next((cell.strip(" *") for cell in first if cell.strip(" *")), "")
    names = [v for v in extract_values(title) if v.dimension == "name"]
    named = any(v.start == 0 and len(title[v.end :].split()) <= _KIND_WORDS for v in names)
    return len(title.split()) >= 2 and named and not set(content_words(title)) & asked


_KIND_WORDS = 2  # words of a title after its name that say what kind of thing it is (*line*, *railway line*)


def _titled_after(asked: Asked, text: str, at: int) -> bool:
    """Whether the fact box holding ``text[at]`` is titled with a thing named after the subject that
    the question does not ask about: its name, then common nouns it does not say (``| 2024 Tavrin
    Pass avalanche | |`` for *How high is Tavrin Pass?*: the avalanche's box, not the pass's; not
    ``| LedgerNest data breach | |`` for *When was the LedgerNest breach disclosed?*)."""
    first = first_row_cells(text, at)
    title = next((cell.strip(" *") for cell in first if cell.strip(" *")), "")
    question = set(content_words(asked.text))
    for name in asked.subjects:
        after = re.search(rf"(?<![\w-])(?i:{re.escape(name)})\s+(?P<nouns>[a-z][a-z -]*)", title)
        nouns = set(content_words(after["nouns"])) if after is not None else set()
        if nouns and not nouns & question:
            return True
    return False


#: The words of an event's phase: a row of ``Construction began`` does not date when it was completed.
_PHASES = frozenset(content_words("began started commenced ended finished stopped"))


def _extreme_candidates(asked: Asked, subject: set[str], found: list[Found], extreme: Extreme) -> list[Candidate]:
    """*Which model is the lightest?*: the label of the row whose amount of the measure asked is the
    extreme asked (:mod:`.extremes`), in a table or a list of a passage about the subject, quoting
    the whole table or list (every row shows it is the extreme)."""
    return _row_candidates(asked, subject, found, lambda context: extremes_in(extreme, context))


def _member_candidates(asked: Asked, subject: set[str], found: list[Found]) -> list[Candidate]:
    """*Which model families make up the range?*: a table of a passage about the subject whose first
    column names the things asked (*| Model | Type |*), quoted whole (:func:`~.extremes.members_in`)."""
    things = frozenset(several_asked(asked.text))
    if not things:
        return []
    # with no name to find them by (*the laboratory's field sites*), a passage naming all of the things
    listed = _row_candidates(asked, subject or set(things), found, lambda context: members_in(things, context))
    # naming every one of them, it outranks a sentence that only counts them (*operates three field sites*)
    return [replace(c, score=c.score + _LISTED * 2) for c in listed]


def _listed_candidates(asked: Asked, subject: set[str], found: list[Found]) -> list[Candidate]:
    """*Which branch opened in 1974?*: the label of a list's line that states the value asked in the
    question's words (``- Haugen branch, opened 1974``), in a passage about the subject, quoting the line."""
    value = row_asked(asked.text)
    if value is None:
        return []
    focus = asked.focus - set(content_words(value.raw))
    return _row_candidates(asked, subject, found, lambda context: lines_stating(focus, value, context))


def _row_candidates(
    asked: Asked, subject: set[str], found: list[Found], rows_in: Callable[[str], list[Extremum]]
) -> list[Candidate]:
    """The labels of the rows ``rows_in`` reads in each passage about the subject (once per source
    and passage), each quoting the block its row names (:class:`~.extremes.Extremum`)."""
    out: list[Candidate] = []
    seen: set[tuple[str, str]] = set()
    for item in found:
        context = item.context
        if (item.source_id, context) in seen or not subject <= set(content_words(context)):
            continue
        seen.add((item.source_id, context))
        for row in rows_in(context):
            start, end = row.block
            at = row.label_at - start
            label = Value("name", row.label, at, at + len(row.label), "name")
            span = Found(item.source_id, item.locator, item.authority, context[start:end], context)
            out.append(Candidate(span, label, TABLE_SCORE, entity_of(asked, span)))
    return out


def _bare_cell(text: str, at: int, end: int, header: str) -> Value:
    """A cell's bare number, in the unit its column's header gives in brackets (*499* under *Price
    (EUR)* is 499 euros, so it agrees with *a price of 499 euros*), else a count of the column's."""
    raw = text[at:end]
    unit = header_unit(header)
    if unit is not None:
        for probe in (f"{raw} {unit}", f"{unit} {raw}"):
            stated = [v for v in amounts_in(probe, extract_values(probe)) if not v.dimension.startswith("count")]
            if stated:
                return replace(stated[0], raw=raw, start=at, end=end)
    amount, resolution = parse_number(raw)
    return Value("count", raw, at, end, "count:", amount=amount, resolution=resolution)


#: *Who won …?*, *the winning time*, and a results table's first-place row (*| 1 | Seabird | Jonas Berg |*).
_WON = re.compile(r"^\s*(?:who|which\s+\w+)\s+(?:won|wins|win)\b", re.I)
_WIN_WORDS = frozenset({"win", "won", "wins", "winning", "winner"})
_FIRST_PLACE = re.compile(r"1|1st|1\.|first|winner", re.I)


def _asks_winner(asked: Asked) -> bool:
    """Whether the question asks about the winner: who won, or the winner's (boat, time, skipper)."""
    return _WON.match(asked.text) is not None or bool(asked.focus & _WIN_WORDS)


def _names_within(text: str, start: int, end: int) -> list[Value]:
    """The names of ``text`` that lie within ``text[start:end]`` (a table cell's)."""
    return [v for v in extract_values(text) if v.dimension == "name" and start <= v.start and v.end <= end]


def _of_another_year(asked: Asked, cand: Candidate) -> bool:
    """A question that names a year (``revenue in 2019``) and asks no date: a value its sentence
    dates by other years only (``1.2 billion in 2022``) answers another year's question."""
    if asked.wants is Wants.DATE or cand.value is None or cand.value.dimension == "time":
        return False
    if several_asked(asked.text) and is_table(cand.statement):
        return False  # the things asked, a table of them whole: its rows' years date each one, not the list
    years = years_dating(cand)
    return bool(asked.years) and bool(years) and not years & asked.years


def states_wanted_value(asked: Asked, text: str) -> bool:
    """Whether ``text`` (an agreed claim's statement) is about the question's subject and states a
    value of the kind it wants. A claim opening with a pronoun (*It was launched in 1991 and measures
    depths of up to 300 metres*) was agreed about the subject of the question it was proposed for,
    which a sibling question of the same scope shares: it is read as about the subject. A claim that
    meets the subject's name only by its common noun (*The observatory sits at 1,420 metres*) is
    not: sibling questions of a comparison have two subjects of one kind."""
    subject = set(asked.subject_words)
    about = "\n".join(asked.subjects) if opens_with_pronoun(text) else ""
    found = Found("", "", Authority.MEDIUM, text, about)
    return (
        (bool(about) or not _only_as_common_noun(asked, text))
        and _about_subject(asked, found)
        and bool(_wanted_values(asked, subject, text))
    )


def _only_as_common_noun(asked: Asked, text: str) -> bool:
    """``text`` writes a word of the subject's name in lower case (*the observatory*) and none as
    the name (*Observatory*)."""
    words = [w for name in asked.subjects for w in name.split() if w[:1].isupper()]

    def said(word: str) -> bool:
        return re.search(rf"(?<![\w-]){re.escape(word)}(?![\w-])", text) is not None

    return any(said(w.lower()) for w in words) and not any(said(w) for w in words)


def _dates_and_numbers(cand: Candidate) -> int:
    """How many dates and numbers a candidate's statement states (its names aside)."""
    return sum(v.dimension != "name" for v in extract_values(cand.statement))


def best_per_source(cands: list[Candidate]) -> list[Candidate]:
    """Each independent source's best candidate: one source, one answer. Its answer is stated as
    a group's is (:attr:`Group.stated`): by the most precise of its candidates that agree with the
    best (``19 September 1940`` over the ``1940`` of a title's qualifier)."""
    by_source: dict[str, list[Candidate]] = {}
    for cand in sorted(cands, key=lambda c: (-c.score, -(c.value.precision if c.value else 0))):
        by_source.setdefault(cand.found.locator, []).append(cand)
    out = []
    for own in by_source.values():
        for best in _best_per_entity(own):
            out.append(Group([best, *(c for c in own if c is not best and agree(best, c))]).stated)
    return sorted(out, key=lambda c: -c.score)


def _best_per_entity(own: list[Candidate]) -> list[Candidate]:
    """A source's best candidate, and the best of each further entity it names apart from the ones
    before (two sections of one page: ``Thomas Penrose (engineer)`` and ``Thomas Penrose
    (cricketer)``), scoring at least :data:`SECOND_ENTITY_SCORE`."""
    chosen = [own[0]]
    for c in own[1:]:
        if (
            c.score >= SECOND_ENTITY_SCORE
            and c.entity
            and all(named_apart(x.entity, c.entity) and _far_apart(x.found, c.found) for x in chosen)
        ):
            chosen.append(c)
    return chosen if len(chosen) <= _SECTIONS else chosen[:1]  # more: a list of namesakes, not their pages


#: A page with sections on this many namesakes at most; a page naming more lists them.
_SECTIONS = 2
#: How far apart (in characters) two sentences stand in their passage to be in two sections.
_SECTION_CHARS = 240


def _far_apart(a: Found, b: Found) -> bool:
    """Two sentences of one document in two of its sections: in two passages, or a blank line
    between them, or (a scrape that lost its lines) :data:`_SECTION_CHARS` apart; not two lines of
    one list."""
    if a.context != b.context:
        return True  # two passages of the document (its paragraphs, as a search returns them)
    at, bt = sorted((a.context.find(a.text), b.context.find(b.text)))
    return at >= 0 and (bt - at >= _SECTION_CHARS or _BLANK_LINE.search(a.context, at, bt) is not None)


_BLANK_LINE = re.compile(r"\n[ \t]*\n")


def group(cands: list[Candidate], *, read: Iterable[Candidate] = ()) -> list[Group]:
    """Candidates grouped by agreeing values, groups best first (support, then best score). A value
    stated of entities named apart (``X (1969 film)`` and ``X (1994 film)``) is a group per entity.
    Each group's :attr:`~Group.mentions` are the other sources among ``read`` stating its value."""
    groups: list[Group] = []
    for cand in cands:
        home = next((g for g in groups if agree(g.best, cand) and not named_apart(g.entity, cand.entity)), None)
        if home is None:
            groups.append(Group([cand]))
        else:
            home.members.append(cand)
    read = [c for c in read if c.value is not None]
    for g in groups:
        own = set(g.locators)
        for c in read:
            if c.found.locator not in own and c.found.locator not in g.mentions and _mentions_value(c, g):
                g.mentions[c.found.locator] = c.found
    return sorted(groups, key=lambda g: (-g.support, -g.best.score))


def _mentions_value(c: Candidate, g: Group) -> bool:
    """``c`` states a value agreeing with ``g``'s (``born 1666`` for ``October 12, 1666``), scoring
    at least :data:`MENTION_SCORE` (a year of another event said in passing does not count), of no
    entity named apart from ``g``'s."""
    return c.score >= MENTION_SCORE and c.value is not None and agree(g.best, c) and not named_apart(g.entity, c.entity)


def grouped(cands: list[Candidate]) -> list[Group]:
    """Each source's best candidate, grouped (:func:`group`), with every candidate read for mentions."""
    return group(best_per_source(cands), read=cands)


def same_entity(a: Group, b: Group, *, presumed: bool = False, asked_states: frozenset[str] = frozenset()) -> bool:
    """Whether two groups speak of one entity: their passages are one text, or their sentences read
    alike or one's passage states the other's value -- unless the two name different entities.
    Two groups with nothing to tell either way speak of one entity when that is ``presumed`` (no
    source reveals that the subject's name is shared: :func:`name_shared`)."""
    pairs = [(x, y) for x in a.per_source() for y in b.per_source()]
    if any(_one_text(x.found, y.found) and not _sections_apart(x, y) for x, y in pairs):
        return True
    if named_apart(a.entity, b.entity) or _named_by_value(a) or _named_by_value(b):
        return False
    lives = _lives(a, b)
    if True in lives:
        return True
    if False in lives:
        return False  # two spans of life that differ at both ends: two people, whatever words they share
    if _placed_in(a, b) or _placed_in(b, a):
        return True
    if _title_qualified(a, b) or _title_qualified(b, a):
        return False  # ``Ruth Okafor (politician)`` beside passages that never say *politician*
    if _addressed_alike(a, b, asked_states):
        return True
    for x, y in pairs:
        fx, fy = _frame(x), _frame(y)
        if _alike(fx, fy, SAME_FRAME, least=3, union=True) or _one_template(fx, fy):
            return True
        if _mentions(x.found.context, y) or _mentions(y.found.context, x):
            return True
    return presumed


def _addressed_alike(a: Group, b: Group, asked_states: frozenset[str]) -> bool:
    """A passage of each group places what it speaks of in one state or province, the same, and no
    passage of either in another (``Fillmore, Utah``, ``Millard County, Utah``): namesakes seldom
    stand in one -- unless the question names that state (*Moose Lake Township, Minnesota*)."""
    a_states, b_states = ([states_addressed(c.found.context) - asked_states for c in g.per_source()] for g in (a, b))
    named = frozenset().union(*a_states, *b_states)
    return len(named) == 1 and any(a_states) and any(b_states)


def name_shared(asked: Asked, groups: Iterable[Group]) -> bool:
    """Whether the sources reveal that the subject's name is shared by several entities: a passage
    holding every word of the subject names its entity with further words (``Tyler Moore
    (baseball)``, ``Roland Almon Ritchie`` for *Justice Ritchie*). Another entity that only shares a
    word of it (the *Kessler Observatory* beside the *Halden Observatory*) reveals nothing, nor does a
    thing named after the subject with a word after its whole name (the *Harbour District Council* is
    the district's council, not another Harbour District)."""
    subject = set(asked.subject_words)
    for g in groups:
        named_after = frozenset().union(*(_named_after(asked, c.found.context) for c in g.per_source()))
        if g.entity - named_after and any(subject <= set(content_words(c.found.context)) for c in g.per_source()):
            return True
    return False


def _named_after(asked: Asked, text: str) -> frozenset[str]:
    """A word right after the subject's whole name in ``text`` and before no other name: what is named
    after it (*the Harbour District Council voted*; not *Grand Duke of Tuscany Cosimo I*, a person,
    nor *Cosimo II de' Medici*: a numeral)."""
    return frozenset(
        w
        for name in asked.subjects
        for m in re.finditer(rf"(?<![\w-]){re.escape(name)}\s+([A-Z][a-z][\w-]+)(?!\s+[A-Z])", text)
        for w in re.findall(r"\w+(?:-\w+)*", m.group(1).lower())  # as :func:`~.entities.entity_of` writes them
    )


def _named_by_value(g: Group) -> bool:
    """The group's sources name their entity by its answer (``I'm the Man (Sherman Robertson album)``):
    another answer is another entity's, unless its passage is a copy of this one."""
    words = set(content_words(g.value)) if g.value else set()
    return bool(words) and words <= g.entity


def _title_qualified(a: Group, b: Group) -> bool:
    """``a``'s page title qualifies the name in brackets (``# Ruth Okafor (politician)``) and ``b``
    names no entity: a namesake's page beside passages that never say which one they mean."""
    if not a.entity or b.entity:
        return False
    for c in a.per_source():
        head = c.found.context[:160]
        if any(a.entity >= set(content_words(q)) > set() for q in re.findall(r"\(([^()]{2,40})\)", head)):
            return True
    return False


def _placed_in(a: Group, b: Group) -> bool:
    """``a`` names its entity (``Bonner House (Bath, North Carolina)``) and ``b``, which names
    none, speaks of it: every one of those words is in a passage of ``b``."""
    if not a.entity or b.entity or a.entity & _REGNAL:
        return False  # a regnal number names one of a line apart (*Ahmed III*): a page on *Ahmed I* names his heirs
    return any(a.entity <= {w.lower() for w in re.findall(r"\w+", c.found.context)} for c in b.per_source())


#: Regnal numbers (*Ahmed III*, *Henry VIII*): which of a line of namesakes a name means.
_REGNAL = frozenset(["ii", "iii", "iv", "v", "vi", "vii", "viii", "ix", "x", "xi", "xii", "xiii", "xiv", "xv", "xvi"])


def phrases_conflict(a: Candidate, b: Candidate) -> bool:
    """Two sentences answering a phrase question that contradict each other about one entity: a
    value of one conflicts with the other's (:func:`~.textfacts.find_conflict`), or they read alike
    but for the words that answer (``X (born September 25, 1958) is an American trombonist known
    for...`` and ``... an American chef known for...``). Sentences that agree are grouped first; two
    that list the same things agree (``They had three children: Edgar (born 1854), Lavinia ...``
    and ``His children are Edgar, Lavinia and ...``)."""
    listed = _listed_items(a.statement)
    if listed and listed == _listed_items(b.statement):
        return False
    if _one_entity_surely(a.found, b.found):
        return True  # one entity (one life, one text), and the two sentences do not agree
    if distinct_entities(a, b):
        return False
    if find_conflict(a.statement, b.statement) is not None or find_conflict(b.statement, a.statement) is not None:
        return True
    return _alike(_words(a.statement), _words(b.statement), SAME_FRAME, least=4, union=True)


def _sections_apart(x: Candidate, y: Candidate) -> bool:
    """Two candidates of one document naming two entities apart: its sections on two namesakes
    (``Thomas Penrose (engineer)``, ``Thomas Penrose (cricketer)``), not a copy of one text."""
    return x.found.locator == y.found.locator and named_apart(x.entity, y.entity)


def _one_text(a: Found, b: Found) -> bool:
    """The two sentences' passages are one text (one copied from the other, something changed)."""
    return _alike(_words(a.context), _words(b.context), SAME_PASSAGE, union=True)


def _one_entity_surely(a: Found, b: Found) -> bool:
    """The two sentences speak of one entity whatever their qualifiers say: their passages are one
    text, or open with one full date or span of life (:func:`~.entities.same_dates`)."""
    return same_dates(a, b) or _one_text(a, b)


def distinct_entities(a: Candidate | Group, b: Candidate | Group) -> bool:
    """Whether two candidates (or groups) name different entities that share the question's subject
    name (``John Henry Bloomer`` and ``Robert Asa Bloomer``; ``X (1969 film)`` and ``X (1994 film)``)."""
    return named_apart(a.entity, b.entity)


def of_other_entities(asked: Asked, a: Found, b: Found) -> bool:
    """Whether two sentences speak of different entities that share the question's subject name
    (``Tyler Moore (American football) ...`` and ``Tyler Moore (baseball) Tyler Michael Moore ...``):
    named apart, and neither one text nor one life (a planted copy that changes the qualifier with
    the value is one entity in dispute)."""
    return not _one_entity_surely(a, b) and named_apart(entity_of(asked, a), entity_of(asked, b))


def at_other_times(a: Group, b: Group) -> bool:
    """Two amounts or names stated for different years (``6,306 as of the 2020 census`` and ``4,284
    as of the 2010 census``): a fact that changed over time, not two answers in dispute."""
    if a.best.value is None or b.best.value is None or "time" in (a.best.value.dimension, b.best.value.dimension):
        return False
    ya, yb = years_dating(a.stated), years_dating(b.stated)
    return bool(ya) and bool(yb) and not ya & yb


def same_measure(a: Candidate, b: Candidate) -> bool:
    """Whether two candidates' values measure one thing, so that they may contradict each other:
    an area and a length (a lake's 212 km2 and its depth of 94 metres) are two facts, not two
    answers; a bare count and a count of people may be one."""
    if a.value is None or b.value is None:
        return True
    return a.value.dimension.split(":")[0] == b.value.dimension.split(":")[0]


def _caption_years(context: str) -> set[int]:
    """The one year the line right above a passage's table names (``Day boat prices, 2025 season``):
    it dates every cell of a table whose rows and header name none."""
    lines = context.split("\n")
    first_row = next((i for i, line in enumerate(lines) if opens_row(line)), None)
    if first_row is None or any(v.kind == "year" for v in extract_values(lines[first_row])):
        return set()  # ``| Measure | 2022 | 2023 |``: its columns are dated, not the whole table
    caption = next((line for line in reversed(lines[:first_row]) if line.strip()), "")
    years = {v.year for v in extract_values(caption) if v.dimension == "time" and v.year}
    return years if len(years) == 1 else set()


def _year_cells(line: str) -> list[str]:
    """The cells of a table's row that date every cell: its label (``| 2021 |``, ``| 2021 season |``)
    and any cell that is a year alone; not a note that mentions one (``| Was MDM 14.50 in 2021 |``)."""
    cells = [cell.strip() for cell in line.strip().strip("|").split("|")]
    return cells[:1] + [cell for cell in cells[1:] if _YEAR_ALONE.fullmatch(cell)]


_YEAR_ALONE = re.compile(r"(?:1\d{3}|20\d{2})(?:[\u2013/-]\d{2,4})?")


def _years_in(text: str) -> set[int]:
    return {v.year for v in extract_values(text) if v.kind == "year" and v.year}


def years_dating(c: Candidate) -> set[int]:
    """The years a candidate's span dates its value by (not the value itself): each year dates the
    amount nearest to it (``its population was 3,849 (down from 4,008 at 2010)``: 2010 is 4,008's);
    in a table's row, the row's year cells date every cell (``| 2021 | 0.48 | 44% |``), else the
    one year of the table's caption (``Day boat prices, 2025 season``)."""
    own = c.value
    if own is not None:
        line_start = c.found.text.rfind("\n", 0, own.start) + 1
        line = c.found.text[line_start : (c.found.text + "\n").find("\n", own.end)]
        if opens_row(line):
            own_cell = line[line.rfind("|", 0, own.start - line_start) + 1 :].split("|", 1)[0]
            cells = [*_year_cells(line), own_cell]  # ``| Revenue | €46.1 million (2023) |``: its cell's year
            row = {year for cell in cells for year in _years_in(cell) if str(year) != own.raw}
            return row or _caption_years(c.found.context)
    values = extract_values(c.found.text)
    amounts = amounts_in(c.found.text, values) if own is not None and own.dimension not in ("time", "name") else []

    def dates_own(year: Value) -> bool:
        if own is None or not amounts:
            return True
        nearest = min(amounts, key=lambda a: min(abs(year.start - a.end), abs(a.start - year.end)))
        return own.start <= nearest.start < own.end

    return {
        v.year
        for v in values
        if v.dimension == "time"
        and v.year
        and (own is None or v.start >= own.end or v.end <= own.start)
        and dates_own(v)
    }


def _lives(a: Group, b: Group) -> list[bool | None]:
    """Per pair of the two groups' sources, whether their dates are of one life (:func:`~.entities.same_life`)."""
    return [same_life(x.found, x.value, y.found, y.value) for x in a.per_source() for y in b.per_source()]


def named_elsewhere(a: Group, b: Group) -> bool:
    """Whether ``a`` names an entity that ``b`` does not speak of: the two name different entities,
    or ``b`` names none and none of its passages holds the words naming ``a``'s (``Tomorrow's World
    (1959 TV series)`` beside a passage that never says which series it means); or ``a`` names one
    whose life differs from ``b``'s at its other end (``(15 December 1903 - 22 October 1976)`` and
    ``(28 May 1860 - 7 February 1881)``): another person of the name, whatever words ``b``'s
    passages share with ``a``'s name."""
    if distinct_entities(a, b):
        return True
    if not a.entity or b.entity:
        return False
    lives = _lives(a, b)
    return not _placed_in(a, b) or (False in lives and True not in lives)


# ------------------------------------------------------------------------------------------ values


def _wanted_values(asked: Asked, subject: set[str], text: str) -> list[Value]:
    values = extract_values(text)
    wants = asked.wants
    if wants is Wants.DATE and _WHAT_TIME.search(asked.text):  # the hour of the day: ``open 10am to 5pm``
        return [v for v in values if v.dimension.startswith("clock:")]
    if wants is Wants.DATE:
        dates = [v for v in values if v.dimension == "time" and not _STAMPED.search(text, 0, v.start)]
        if _PLAN_ASKED.search(asked.text):
            return dates
        done = _DONE_ASKED.search(asked.text) is not None  # *When did it open?*: not when it *will*
        return [v for v in dates if not _planned(text, v, done=done)]
    if wants is Wants.DURATION:  # not how often it happens (``ferries run every 45 minutes``)
        spans = [v for v in values if v.dimension in ("duration", "offset")] + _year_spans(text)
        spans = [v for v in spans if not other_span(asked, text, v)]  # not ``fourteen days to appeal``
        return [v for v in spans if _OFTEN_ASKED.search(asked.text) or not _EVERY.search(text, 0, v.start)]
    if wants is Wants.NUMBER:  # any quantity: a count, a measure, an amount, an age (a duration)
        numbered = _NUMBER_ASKED.search(asked.text)
        if numbered is not None:  # *what lot number*: the number after *lot* (``entered as lot 117``)
            noun = re.compile(rf"\b{re.escape(numbered['noun'])}\s+(?:no\.?\s*|number\s+)?$", re.IGNORECASE)
            return [v for v in amounts_in(text, values) if noun.search(text, 0, v.start)]
        return wanted_amounts(asked, text, values)
    if wants is Wants.MEMBER:  # ``a Canadian professional hockey player`` for *what sport*
        return [
            v
            for v in members(asked.member_of, text)
            if not _in_subject(v, subject) and not _member_of_another(subject, text, v)
        ]
    names = [
        v
        for v in _owners_apart(asked, values)
        if v.dimension == "name"
        and (not _in_subject(v, subject) or (wants is Wants.PLACE and _town_named_like(v, subject, text)))
        and not _titles_a_subject(asked, v)
        and not any(acronym_written_out(v.raw, name) for name in asked.subjects)  # its own ``(BVMR)``
        and not _echoes_the_question(asked, subject, v)
        and (not _attributive(text, v) or in_qualifier(asked, text, v) or wants is Wants.PLACE)
        and not (_WHO.match(asked.text) and (_not_anyone(text, v) or is_office(v.raw)))  # not *Chief Executive Officer*
        and not (_WHO.match(asked.text) and _MODEL_NUMBER.search(v.raw))  # a thing's model (*Varnell VT-2400*): no one
        and not (_FORMER.search(asked.text) and subject and subject <= set(content_words(v.raw)))
    ]
    if wants is Wants.PLACE and _WHERE_IN_A_THING.match(asked.text):  # a part of it: no named place
        return _part_placed(asked, subject, text)
    if wants is Wants.PLACE and _HEADING_ASKED.search(asked.text):  # where it was going: after *for*, *to*
        return [v for v in names if _HEADED.search(text[: v.start])]
    if wants is Wants.PLACE:
        return [
            v
            for v in names
            if (
                _PLACED.search(text[: v.start])
                and not _ENROLLED.search(text[: v.start])
                and not _owner_of(text, v)
                and not (_MOVED_FROM.search(text[: v.start]) and not _FROM_ASKED.search(asked.text))
            )
            or _place_field(text, v)
            or _on_a_street(text, v)
        ]
    names = _of_the_kind_asked(asked, names)
    return names or _done_by_common_noun(asked, text) or _extreme_in_common_nouns(asked, text)  # Wants.NAME


#: The kind of thing a *which* question asks the name of (``To which hospital were they flown?``).
_WHICH_KIND = re.compile(r"\b(?:which|what)\s+([a-z]+)\b", re.I)


def _of_the_kind_asked(asked: Asked, names: list[Value]) -> list[Value]:
    """The names that end in the kind a *which* question asks (*Orsenau Cantonal Hospital* for
    *To which hospital ...?*, not *Lauris* beside it), where any does; else all of them."""
    kind = _kind_asked(asked)
    kinds = [v for v in names if kind and content_words(v.raw)[-1:] == [kind]]
    return kinds or names


def _kind_asked(asked: Asked) -> str:
    """The kind a *which* question asks the name of, as a content word (*hospital*), or ``""``."""
    return _kind_in(asked.text)


@lru_cache(maxsize=256)
def _kind_in(question: str) -> str:
    """:func:`_kind_asked`, read once per question (it is asked of every name of every sentence)."""
    kind = _WHICH_KIND.search(question)
    return next(iter(content_words(kind.group(1))), "") if kind else ""


#: Where a thing was moved from (``stolen from Brannock Botanic Garden``): its origin, which answers
#: only a question asking where from (*Where were the orchids stolen from?*), not where it was found.
_MOVED_FROM = re.compile(
    r"\b(?:stolen|taken|removed|moved|transferred|evacuated|rescued|recovered|flown|driven|departed|escaped|fled)"
    r"\s+(?:[\w-]+\s+){0,2}?from\s+(?:the\s+)?$",
    re.I,
)
_FROM_ASKED = re.compile(r"\bfrom\b|^\s*whence\b", re.I)

#: A street's name (``Fennimore Avenue``, ``Lanthorn Quay``), and the words that place a thing on,
#: under or along one (``broke under Fennimore Avenue``, ``stands on Lanthorn Quay``).
_STREET_NAME = re.compile(
    r"\b(?:Street|St\.?|Avenue|Ave\.?|Road|Rd\.?|Boulevard|Blvd\.?|Lane|Drive|Quay|Square|Way|Row|Crescent|"
    r"Terrace|Embankment|Parade|Highway)$"
)
_ON_A_STREET = re.compile(r"\b(?:on|under|beneath|below|along|off|alongside)\s+(?:the\s+)?$", re.I)


def _on_a_street(text: str, value: Value) -> bool:
    """A street's name after a word placing something on, under or along it: a place, as *in* gives one."""
    return _STREET_NAME.search(value.raw) is not None and _ON_A_STREET.search(text[: value.start]) is not None


def _owner_of(text: str, value: Value) -> bool:
    """A name after *of* that owns what follows (``the first performance of Ilse Marrendahl's
    *Tidewater Canticles*``): whose work, not where."""
    return (
        re.search(r"\bof\s+$", text[: value.start]) is not None
        and re.match(r"['\u2019]s\b", text[value.end :]) is not None
    )


def _planned(text: str, value: Value, *, done: bool = False) -> bool:
    """Whether the date is one a plan gave (:data:`_PLANNED_BEFORE`, :data:`_PLANNED_AFTER`), or --
    where what was ``done`` is asked -- what is to come gave (``it will open a new route ... on 1
    March 2023`` does not say when it opened; ``will now close on 2 June`` says when it closes)."""
    return (
        _PLANNED_BEFORE.search(text, 0, value.start) is not None
        or (done and _TO_COME_BEFORE.search(text, 0, value.start) is not None)
        or bool(_PLANNED_AFTER.match(text[value.end :]))
    )


_TO_COME_BEFORE = re.compile(r"\b(?:will|shall|would)\s+(?!have\b)[a-z]+\b[^.;]{0,100}$", re.I)
#: A question asking what was done (*When did the route open?*, *When was it opened?*).
_DONE_ASKED = re.compile(r"\b(?:did|was|were|had)\b", re.I)


#: A question asking the hour of the day (*What time does the tearoom open?*).
_WHAT_TIME = re.compile(r"\b(?:what|which)\s+time\b|\bat\s+what\s+hour\b", re.I)

#: The doer after an act's *by*, named by common nouns (``owned by the storage team``).
_BY_COMMON_NOUN = re.compile(
    r"\b([a-z]+)\s+by\s+((?:the|its|their)\s+[a-z][\w-]*(?:\s+[a-z][\w-]*){0,2})(?=\s*[.,;]|\s*$)"
)


def _extreme_in_common_nouns(asked: Asked, text: str) -> list[Value]:
    """What a superlative asked is, where a sentence names it in common nouns right after saying
    the superlative (*the most common was nausea* for *What was the most common adverse event?*)."""
    extreme = extreme_asked(asked.text)
    if extreme is None:
        return []
    said = re.search(
        rf"\b{re.escape(extreme.said)}\b(?:\s+[a-z-]+){{0,2}}?\s+(?:was|were|is|are)\s+(?:(?:a|an|the)\s+)?", text, re.I
    )
    thing = _COMMON_NOUNS.match(text, said.end()) if said else None
    if thing is None or thing.group().split()[0] in STOP_WORDS:
        return []  # ``the largest is in the north``: no thing named
    return [Value("name", thing.group(), thing.start(), thing.end(), "name")]


#: A run of one to three lower-case words that is no clause (``nausea``, ``upper respiratory infection``).
_COMMON_NOUNS = re.compile(
    r"[a-z][a-z-]+"
    r"(?:\s+(?!and\b|or\b|in\b|with\b)[a-z][a-z-]+){0,2}(?=\s*[(.,;]|\s*$)"
)


#: A question asking where within a thing (``Where on the building did the fire start?``, ``Where in
#: the ship ...``): a part of it answers, in common nouns, not a town or a street.
_WHERE_IN_A_THING = re.compile(r"^\s*where\s+(?:on|in|inside|within)\s+(?:the|a|an|its)\s+(?P<thing>[a-z]+)", re.I)
#: A part a thing is placed at, in common nouns, its own part of a part after it (``at the east parapet
#: gutter of the fly tower``, ``in the area of the east parapet gutter``), to the end of its phrase.
_AT_A_PART = re.compile(
    r"\b(?:at|in|on|inside|beneath|under|near)\s+the\s+(?:(?:area|vicinity|region)\s+of\s+the\s+)?"
    r"(?P<part>[a-z][a-z-]*(?:\s+[a-z][a-z-]*){0,3}?(?:\s+of\s+the\s+[a-z][a-z-]*(?:\s+[a-z][a-z-]*)?)?)"
    r"(?=\s*[,.;:)]|\s+(?:where|which|as|after|before|when|while|and|on|at|in|during|by)\b)"
)
#: How far before a part the words of the act asked stand (``the fire most probably started at``).
_PART_REACH = 60
#: Words that say a thing began at a place, which *where ... did it start / its origin* asks for.
_ORIGIN_WORDS = frozenset(content_words("start began begin origin originated broke"))


def _part_placed(asked: Asked, subject: set[str], text: str) -> list[Value]:
    """Where within a thing the act asked happened, in common nouns (*Where on the building did the
    review locate the origin of the fire?*: ``started at the east parapet gutter of the fly tower``):
    a part placed right after words of the act asked (its focus, not its subject: *the fire* is
    what the page is about; or a start where an origin is asked), as a value to answer with."""
    within = _WHERE_IN_A_THING.match(asked.text)
    wanted = set(asked.focus) - set(content_words(within["thing"] if within else ""))
    if wanted & _ORIGIN_WORDS:
        wanted |= _ORIGIN_WORDS
    out = []
    for m in _AT_A_PART.finditer(text):
        before = set(content_words(text[max(0, m.start() - _PART_REACH) : m.start()]))
        if before & wanted and not set(content_words(m["part"])) <= subject:
            out.append(Value("part", m["part"], m.start("part"), m.end("part"), "name"))
    return out


def _done_by_common_noun(asked: Asked, text: str) -> list[Value]:
    """Who did the act asked, where a sentence that names nobody gives its doer in common nouns
    (*Heron is owned by the storage team* for *Who owns Project Heron?*): a team, a department, a
    committee is an answer to *who*. Only right after the act asked and closing its clause."""
    if not asked.act:
        return []
    return [
        Value("name", m.group(2), m.start(2), m.end(2), "name")
        for m in _BY_COMMON_NOUN.finditer(text)
        if set(content_words(m.group(1))) & asked.act
    ]


#: An interval between repeats (``every 45 minutes``, ``once every two weeks``), not how long a thing lasts.
_EVERY = re.compile(r"\bevery\s+$", re.IGNORECASE)
#: A question asking how often, which an interval answers.
_OFTEN_ASKED = re.compile(r"\bhow\s+(?:often|frequently)\b|\bfrequency\b|\binterval\b", re.IGNORECASE)


def _owners_apart(asked: Asked, values: list[Value]) -> list[Value]:
    """``values`` with a name read as one run through a possessive before the subject's name
    (``Michael Haydn's Symphony No. 38``) cut there: the owner (*Michael Haydn*) is a name of its own."""
    out = []
    for v in values:
        at = owner_of_subject(asked, v.raw) if v.dimension == "name" else None
        out.append(replace(v, raw=v.raw[:at], end=v.start + at) if at else v)
    return out


def _year_spans(text: str) -> list[Value]:
    """How long a span of years lasted, as a duration: ``From 1995 to 2012 she led the unit`` (17
    years) answers *how long did she lead it*."""
    out = []
    for m in _YEAR_SPAN.finditer(text):
        first, last = int(m["a"]), int(m["b"])
        if 0 < last - first < 200:
            years = float(last - first)
            out.append(Value("quantity", m.group(), m.start(), m.end(), "duration", years * _YEAR, _YEAR))
    return out


_YEAR = UNITS["year"][1]  # seconds: durations are compared in seconds
_YEAR_SPAN = re.compile(
    r"\b(?:[Ff]rom|[Bb]etween)\s+(?P<a>1\d{3}|20\d{2})\s+(?:to|and|until|till)\s+(?P<b>1\d{3}|20\d{2})\b"
)

#: A question asking where something was going (*Where was the ship going?*, *… heading*, *… bound*).
_HEADING_ASKED = re.compile(r"^\s*where\b.*\b(?:going|heading|headed|bound|travell?ing|sailing|flying)\b", re.I)
#: A town and a comma before the place that holds it (``in Van Horn, Texas``), or nothing.
#: ``Bluffs , Iowa``: a scrape's comma; ``in **Velby**``: markdown's emphasis is no word.
_TOWN_BEFORE = r"(?:(?:[A-Z][\w.'\u2019-]*\s+){0,3}[A-Z][\w.'\u2019-]*\s?,\s+)?(?:\*{1,2}|_{1,2})?$"
#: What stands before a destination: *left Aberdeen for Bergen*, *bound for*, *on its way to*, *sailed to*.
_HEADED = re.compile(rf"\b(?:for|to|towards?|into)\s+(?:the\s+)?{_TOWN_BEFORE}")

#: A question asking what a thing is or was called, and the words that give a name right before it.
_CALLED_ASKED = re.compile(r"\b(?:called|named)\s*\??\s*(?:before|after|when|until|$)|\bname\s+of\b", re.IGNORECASE)
_NAMING_BEFORE = re.compile(
    r"\b(?:called|named|known\s+as|renamed|as)\s+(?:(?:themselves|itself|himself|herself)\s+)?(?:the\s+)?[*_\"'\u201c]*$"
)
#: What a name given right after such words adds to its candidate's score.
_NAMED_AS = 3


def named_as_asked(asked: Asked, text: str, value: Value | None) -> bool:
    """For a question asking what a thing is or was called, whether the name follows a word that
    gives a name (``They called themselves the Millbridge Flyers``, ``founded as``, ``known as``)."""
    return (
        value is not None
        and value.dimension == "name"
        and _CALLED_ASKED.search(asked.text) is not None
        and _NAMING_BEFORE.search(text, 0, value.start) is not None
    )


#: The labels of fields that say where (``Venue:``, ``Headquarters:``).
_PLACE_LABEL_WORDS = "venue location address headquarters ground stadium arena site seat base".split()  # noqa: SIM905
_PLACE_LABELS = frozenset(w for label in _PLACE_LABEL_WORDS for w in content_words(label))
#: A field whose label names a place (``- **Home venue:** Riverside Ice Centre``, ``Location: Holm``).
_PLACE_FIELD = re.compile(
    rf"(?:\*\*|__)?(?:[A-Z][\w-]*\s+)?(?:{'|'.join(_PLACE_LABEL_WORDS)})(?:\*\*|__)?:(?:\*\*|__)?\s+",
    re.IGNORECASE,
)


def _place_field(text: str, value: Value) -> bool:
    """Whether ``value`` is the value of a field whose label names a place (``**Home venue:**``):
    a fact sheet's line says where as a definition does."""
    return _PLACE_FIELD.fullmatch(after_bullet(text[: value.start])) is not None


#: What stands before a place: ``in``, ``near the``, or another place after them (``in Van Horn, Texas``).
_PLACED = re.compile(  # a part of it may come between (``in western Norway``, ``of downtown Hollis``, ``in rural``)
    r"\b(?:in|at|near|from|of|to|opposite|outside|beside|behind|(?:stands?|stood|sits?|sat|lies|lay|located|situated|perched)\s+on"
    r"|(?:aground|grounded|stranded|wrecked|foundered|landed|crashed)\s+on(?:to)?)\s+(?:the\s+)?(?:(?:(?:north|south|east|west|central)(?:ern|[-\s]?(?:east|west)(?:ern)?)?"
    r"|downtown|uptown|rural|suburban|greater|metropolitan|coastal)"
    rf"\s+(?:part\s+of\s+)?)?{ADDRESS_BEFORE}{_TOWN_BEFORE}"
)


#: What a name is entered in, not where a thing stands: *added to the National Register of Historic
#: Places*, *elected to the Ohio House*, *inducted into the Hall of Fame*.
_ENROLLED = re.compile(
    r"\b(?:added|listed|entered|inducted|elected|admitted|nominated|appointed)\s+(?:to|on|in|into)\s+(?:the\s+)?$"
)


#: What the place a definition gives the subject adds: as much as a place right after its name.
_DEFINED_PLACE = 4


def _defined_place(asked: Asked, text: str, places: list[Value]) -> Value | None:
    """For a place question, the first of the ``places`` a definition of the subject names after
    saying what it is (``X is a covered bridge that carries Canyon Road across the Brewster River,
    off Route 108 in Cambridge, Vermont``: Cambridge): where the thing defined stands."""
    opens = definition_opens(asked, text) if asked.wants is Wants.PLACE else None
    if opens is None or any(follows_subject(asked, text, v) for v in places):
        return None  # a place right after the name says it first (``the 2nd ward of Tarrow, Vellmark is ...``)
    return next((v for v in places if v.start >= opens), None)


def common_nouns(found: Iterable[Found]) -> frozenset[str]:
    """The words (content words, stemmed) the sentences and passages read use as common nouns:
    written in lower case somewhere (*the observatory sits at ...*)."""
    texts = {t for item in found for t in (item.text, item.context)}
    return frozenset(w for t in texts for w in _lowercase_words(t))


def _lowercase_words(text: str) -> list[str]:
    return content_words(" ".join(_LOWERCASE_WORD.findall(text)))


def _about_subject(asked: Asked, item: Found, common: frozenset[str] = frozenset()) -> bool:
    """The sentence or its passage names at least half the words of one of the question's subjects
    (of a subject in common nouns, its last: ``flood memorial`` is a memorial), and the sentence
    names no other bearer of its name alone (:func:`_another_bearer`: *Vell 3.2.1*, *Vell Ltd*)."""
    if not asked.subjects:
        return True
    common = common or common_nouns([item])  # :func:`candidates` gives the nouns of every text it reads
    if all(_under_another_of_its_kind(name, item, common) for name in asked.subjects):
        return False
    if all(_another_bearer(name, item.text) for name in asked.subjects):
        return False  # *Vell 3.2.1 (released 2024-02-19)* is not about *Vell 2.0.0*
    if all(_bearers(name, item.text) == [] and _another_bearer(name, item.context) for name in asked.subjects):
        return False  # ``The release was downloaded 58,000 times`` in the passage on *Vell 1.0*
    present = set(content_words(item.text)) | set(content_words(item.context))
    for name in asked.subjects:
        words = set(content_words(name))
        if name.islower():  # common nouns (``flood memorial``): the last one names the thing
            head = content_words(name)[-1:]
            if head and head[0] in present and len(words & present) * 2 >= len(words):
                return True
        elif words and len(words & present) * 2 >= len(words) and _named_in_part(name, words, present, item, common):
            return True
    return any(spelled_out(name, item.text) or spelled_out(name, item.context) for name in asked.subjects)


def _named_in_part(name: str, words: set[str], present: set[str], item: Found, common: frozenset[str]) -> bool:
    """A name met only in part is met by a word the texts read do not use as a common noun
    (``common``: *Ritchie* for *Justice Ritchie*), or by its common noun where the passage names
    nothing else so (*the station* on a page of *Araki Station*) -- not where it does: *the
    Kessler Observatory was founded ...* is not about the *Halden Observatory*; never by the number
    of a designation alone."""
    met = words & present
    if met == words:
        return True
    if met <= set(re.findall(r"(?<=[A-Za-z]-)\d+\b", name)):
        return False  # *HALCYON-1*'s ``1`` alone (a *phase 1*, a *1:1* ratio) names no trial: one designation
    if _sibling_designation(words - met, f"{item.text}\n{item.context}"):
        return False  # *Vela S3* is not the *Vela S2*, whatever their shared words
    if met - common:
        return True
    text = f"{item.context} {item.text}"
    return not any(set(content_words(word)) & met and _names_another(name, word, text) for word in name.split())


_DESIGNATION = re.compile(r"([a-z]+)(\d+)")


def _sibling_designation(unmet: set[str], text: str) -> bool:
    """A designation of the subject's name that ``text`` does not say, where it says one of the same
    series with another number (*S3* for *S2*, *MK4* for *MK2*)."""
    for word in unmet:
        own = _DESIGNATION.fullmatch(word)
        if own is None:
            continue
        series = re.compile(rf"(?<![\w-]){re.escape(own.group(1))}(\d+)(?![\w-])", re.IGNORECASE)
        if any(m.group(1) != own.group(2) for m in series.finditer(text)):
            return True
    return False


#: What tells one of a name's bearers from another: a release's version (*Vell 3.2.1*), a company's
#: legal form (*Halvard Bikes Ltd*, *Halvard Bikes N.V.*).
_TAIL = (
    r"v?\d+(?:\.\d+)+"
    r"|(?:Ltd|Limited|Inc|Corp|LLC|plc|PLC|GmbH|AG|N\.\s?V|NV|B\.\s?V|BV|S\.A|SA|A/S|AB|ASA|Oy|S\.p\.A|Pty)\b\.?"
)
_TAILED = re.compile(rf"^(?P<base>.+?)\s+(?P<tail>{_TAIL})$")


def _another_bearer(name: str, text: str) -> bool:
    """``text`` names another bearer of the subject's name, told apart by its tail (*Vell 3.2.1*
    where *Vell 2.0.0* is asked, *Halvard Bikes N.V.* where *Halvard Bikes Ltd* is), and not the
    subject's own."""
    tailed = _TAILED.match(name)
    said = _bearers(name, text) or []
    return tailed is not None and bool(said) and _tail_key(tailed["tail"]) not in {_tail_key(t) for t in said}


def _bearers(name: str, text: str) -> list[str] | None:
    """The tails of the bearers of ``name``'s base that ``text`` names (``1.0`` of *Vell 1.0*); None
    for a name without a tail."""
    tailed = _TAILED.match(name)
    if tailed is None:
        return None
    return re.findall(rf"\b{re.escape(tailed['base'])}\s+({_TAIL})", text, re.IGNORECASE)


def _tail_key(tail: str) -> str:
    return re.sub(r"[\s.]", "", tail).lower()


def _names_another(name: str, word: str, text: str) -> bool:
    """``text`` names another thing by ``word`` of the subject's ``name``: a capitalized word before it
    that is not the name's own (*Kessler Observatory* for the *Halden Observatory*), nor one standing
    inside the name (*Tanner Historic District* is the *Tanner District*)."""
    own = {w.lower() for w in name.split()}
    before = name.split()[:-1][-1:]  # the name's word before ``word``, when ``word`` is its last
    return any(
        other.group(1).lower() not in own
        and other.group(1).lower() not in STOP_WORDS
        and not (before and text[: other.start()].rstrip().lower().endswith(before[0].lower()))
        for other in re.finditer(rf"\b([A-Z][\w'\u2019-]*)\s+{re.escape(word)}\b", text)
    )


def _under_another_of_its_kind(name: str, item: Found, common: frozenset[str]) -> bool:
    """The sentence stands under a heading that names another thing of the subject's kind: its head
    word, a common noun in the passage, after other name words (``Kessler Observatory`` over
    *founded 1896 by Anton Kessler* in a survey that lists the *Halden Observatory* too). A heading
    naming a namesake by the head word that is a name (``Roland Ritchie`` for *Justice Ritchie*)
    is not one: that is the subject's name, told apart by :mod:`.entities`."""
    words = name.split()
    if len(words) < 2:
        return False
    head = words[-1]
    return _names_another(name, head, _section_heading(item, head)) and bool(set(content_words(head)) & common)


def _section_heading(item: Found, head: str) -> str:
    """The nearest line before the sentence in its passage that reads as a heading (a few words,
    no closing punctuation, no list marker) and holds ``head``; empty when there is none."""
    at = item.context.find(item.text)
    if at <= 0:
        return ""
    for line in reversed(item.context[:at].split("\n")[:-1]):
        line = line.strip().lstrip("#").strip()
        if not line or _LIST_ITEM.match(line) or len(line.split()) > _HEADING_WORDS or line[-1] in ".!?,;:":
            continue
        if re.search(rf"(?<![\w-]){re.escape(head)}(?![\w-])", line):
            return line
    return ""


_HEADING_WORDS = 8
_LIST_ITEM = re.compile(r"(?:[-*\u2022\u00b7]|\d+[.)])\s")
_LOWERCASE_WORD = re.compile(r"(?<![\w'\u2019-])[a-z][\w'\u2019-]*")

#: A question about who or what holds a role now (*Who is the chief executive of X?*).
_HOLDS_NOW = re.compile(
    r"\s*(?:who|which|what)\s+(?:is|are|currently|now)\b(?!.*\b(?:first|founding|original)\b)", re.I
)
#: A question with *do* (*When does the hut open?*, *How much does parking cost?*, *When did it
#: open?*): in the simple present it asks how things are now, or every year; in the past, an event.
_ASKED_WITH_DO = re.compile(
    r"^\s*(?:when|what|how\s+(?:much|long|many|often|far|high))\b[^?]*?\b(?P<do>does|do|did)\s+\w", re.I
)
_PRESENT = re.compile(r"\b(?:is|are|has|have|does|do)\b", re.I)
#: A question in the present tense (*How many libraries are part of X?*, *Who is the chair?*).
_ASKED_IN_PRESENT = re.compile(r"^\s*(?:what|which|who|how\s+\w+)\b[^?]*?\b(?:is|are|does|do|has|have)\b", re.I)
#: Words saying a value holds now.
_NOW_WORDS = re.compile(r"\b(?:currently|today|at present|presently|as of today)\b", re.I)
#: What a value said to hold now gains for a question in the present.
_NOW_SAID = 2.0
_WAS = frozenset({"was", "were", "had", "did"})
#: After a name, the end of its time in a role: ``served ... until March 2022``, ``stepped down``.
_ENDED_AFTER = re.compile(rf"^[^.;]{{0,80}}?\b(?:{ROLE_ENDED})\b")
_FORMER_BEFORE = re.compile(rf"\b(?:{FORMER})\b(?:\s+[\w-]+){{0,5}}[\s,]*$", re.I)
_PLAIN_NUMBER = re.compile(NUM)
#: A cell of a currency's code and an amount (``MDM 16.00``, ``AM 85``): an amount, whatever the code.
_CODED_AMOUNT = re.compile(rf"[A-Z][A-Za-z]{{0,3}}\s+(?P<amount>{NUM})")
#: The score of a table's cell whose column and row both answer the question (as a sentence naming
#: the subject and the asked word near its value would score).
TABLE_SCORE = 8.0
_WHY = re.compile(r"\s*why\b", re.I)
#: Words that give a cause, which a *why* question asks for.
_CAUSE = re.compile(
    rf"\b(?:caus(?:e|es|ed|ing)|because|{DUE_TO}|owing to|as a result of|result(?:ed|s)? (?:of|from)|blamed?|"
    r"reasons?|led to|leads to|attributed to|triggered|brought on|the result of|(?:driven|prompted|motivated) by|"
    r"(?:started|ignited|sparked|initiated|set\s+off)\s+by|"  # a fire's cause: ``was started by sparks from a grinder``
    r"on the grounds? (?:that|of)|on the basis that|"
    r"in order to|so as to|so that|in a bid to|with the aim of|(?:specifically|partly|mainly|largely|chiefly) to)\b"
    # a purpose opening the sentence: ``To limit the load on this layer, the designers lowered the crest``
    r"|^\s*To\s+[a-z]+\b(?=[^.;]*,)",
    re.I,
)


def _cause_in(asked: Asked, text: str) -> tuple[int, int] | None:
    """Where ``text`` gives a cause: a cause word (``caused by``, ``because``, ``due to``), or the
    event the question asks about (or a word of it) done *by* a thing or *after* doing something or
    after a thing (``was sunk by a German mine``, ``sank in the North Sea after striking a mine``,
    ``was closed for repairs after a water leak``)."""
    cause = _CAUSE.search(text)
    if cause is not None and _CAUSE_UNKNOWN.match(text, cause.start()):
        return None  # ``The cause is being investigated by the KMAIB``: no cause yet
    if cause is not None:
        return None if _explains_another_thing(asked, text, cause) else (cause.start(), cause.end())
    asked_events = events_named(asked.text)
    ends = [end for event, _, end in canonical_events(text) if event in asked_events]
    ends += [t.end for t in tokens(text) if set(content_words(t.surface)) & asked.focus]  # *closed*: any verb asked
    quoted = [m.span() for m in _QUOTED.finditer(text)]  # a headline's words (``"E-bike breaks in two"``) tell no event
    for end in (e for e in ends if not any(a < e < b for a, b in quoted)):
        after = CAUSE_PHRASE.match(text, end)
        if (
            after is not None
            and not _DONE_BY.search(text, end, after.start("thing"))
            and not is_negated(text[: after.end()])
        ):
            return end, after.end()  # (``No alarm was raised by the system``: nothing done, by no one)
    return None


#: A cause said to be not yet known (``The cause is being investigated``, ``the reason remains unclear``).
_CAUSE_UNKNOWN = re.compile(
    r"(?:cause|reason)s?(?:\s+of\s+[\w\s'-]{1,40}?)?\s+"
    r"(?:(?:is|are|was|were|remains?)\s+(?:still\s+|now\s+)?(?:being\s+investigated|being\s+examined|under\s+investigation|"
    r"unknown|unclear|not\s+(?:yet\s+)?known|a\s+mystery|to\s+be\s+(?:determined|established)|"
    r"not\s+yet\s+(?:determined|established))|has\s+not\s+(?:yet\s+)?been\s+(?:determined|established|identified))\b",
    re.IGNORECASE,
)
#: A question asking a thing's number (*Under what lot number ...?*): the thing's noun.
_NUMBER_ASKED = re.compile(r"\b(?:what|which)\s+(?P<noun>(?!number\b)[a-z]+)\s+number\b(?!\s+of)", re.IGNORECASE)
#: A belief or fear reported before what it holds (``had feared that``, ``some suspected``).
_FEARED = re.compile(r"\b(?:feared|believed|suspected|speculated|assumed|worried|wondered|rumou?red)\b", re.I)


#: The verb a *why* question asks about, where a phrase of time or place follows it (*Why did transformer
#: T2 ... overheat on 14 August?*: overheat; a question's last word may be a noun: *take the tenor bell*).
_WHY_VERB = re.compile(
    r"^\s*why\s+(?:did|does|do|was|were|is|are|has|have|had)\s+.*?"
    r"(?<!\bthe\s)(?<!\ba\s)(?<!\ban\s)(?<!\bits\s)(?<!\btheir\s)(?<!\bhis\s)(?<!\bher\s)\b(?P<verb>[a-z]{3,})\b"
    r"(?=\s+(?:on|in|at|after|before|during|when|while)\b)",
    re.I,
)
#: Words that give what follows as a cause of what went before (``..., caused by sustained overheating``).
_CAUSE_FOLLOWS = re.compile(
    rf"\b(?:caused\s+by|because(?:\s+of)?|{DUE_TO}|owing\s+to|as\s+a\s+result\s+of|resulting\s+from)\b", re.I
)


def _asked_event_only_a_cause(asked: Asked, text: str) -> bool:
    """Whether the event a *why* asks about stands in ``text`` only after a word giving a cause (``the
    failure of a bushing on T2, caused by sustained overheating`` for *Why did T2 overheat?*): there it
    is a cause of something else, not the thing explained."""
    verb = _WHY_VERB.match(asked.text)
    connective = _CAUSE_FOLLOWS.search(text)
    if verb is None or connective is None or is_negated(asked.text):
        return False  # (*Why did the thieves not take the tenor bell?*: no event to place)
    asked_word = content_words(verb["verb"])
    said = [
        t.start
        for t in tokens(text)
        if asked_word and any(one_family(w, asked_word[0]) for w in content_words(t.surface))
    ]
    return bool(said) and all(at > connective.start() for at in said)


def _only_feared(text: str, cause: tuple[int, int] | None) -> bool:
    """Whether the cause ``text`` gives is what someone feared or believed (said before it in its
    sentence): no cause a source stands by."""
    return cause is not None and _FEARED.search(text, 0, cause[0]) is not None


#: Acts that make a thing: a maker of it built it (``built for him by Fennick & Sons`` says who made it).
_MAKING = frozenset(content_words("make build construct manufacture"))


def _says_the_act(asked: Asked, text: str) -> bool:
    """Whether ``text`` says the act a *which* question asks the doer of, in a word or an event of it
    (``makers`` for *made*, and one act of making for another). An act known by no event (*carried
    out*, said as ``to conduct``) is not required: its other words are many."""
    if not asked.act & events_named(asked.text):
        return True
    said = set(content_words(text)) | events_named(text)
    acts = asked.act | (_MAKING if asked.act & _MAKING else frozenset())
    return bool(acts & said)


def _tells_asked_event(asked: Asked, text: str) -> bool:
    """Whether ``text`` names the event a *why* asks about, by a word of it (``delivery``, ``delayed``)
    or its event (``foundered`` for *sink*): ``For safety reasons the ferry operates at reduced
    speed`` gives a cause, of another thing than *Why was the ferry's delivery delayed?*."""
    words = set(content_words(text))
    words |= {w for word in list(words) for w in content_words(word)}  # ``left`` reads *leave*, stemmed *leav*
    if asked.focus & words or any(one_family(w, f) for w in words for f in asked.focus):
        return True  # *fail* in ``the failure was caused by``, *intruders* in ``the intrusion``
    return bool(events_named(asked.text) & events_named(text))


#: Who runs, owns or makes a thing, after it (``the bicycles used by the QBike scheme``): no cause.
_DONE_BY = re.compile(
    r"\b(?:used|operated|owned|run|managed|built|made|manufactured|designed|written|published|funded|sponsored|"
    r"supplied|provided|held|hosted|organi[sz]ed)\s+by\b",
    re.IGNORECASE,
)


#: A quoted span: a title or a headline (``"E-bike breaks in two on Castlemoor Hill"``).
_QUOTED = re.compile(r"\"[^\"]{1,160}\"|\u201c[^\u201d]{1,160}\u201d")
#: Cause words whose cause comes first and what it explains after (``X caused Y``, ``X led to Y``).
_CAUSES_WHAT_FOLLOWS = re.compile(
    r"caus(?:e|es|ed|ing)\b(?!\s+by)|led to\b|leads to\b|triggered\b|brought on\b|reasons?\s+(?:why|that)\b", re.I
)
#: A result clause after a cause (``..., allowing the lower edge of the mesh to lift``): what the
#: cause led to, so explained by it as much as what stands before the cause word.
_RESULT_CLAUSE = re.compile(r",\s+(?:allowing|causing|letting|leaving|making|forcing|enabling)\b.*$", re.I)
#: A cause that would follow (``Option A would cause harm to the colony``): a reason for a decision.
_WOULD_BEFORE = re.compile(r"\b(?:would|could|might|may|will|can)\s+(?:\w+\s+)?$", re.I)
#: A pronoun that may stand for what a *why* asks about (``It was postponed because ...``).
_STANDS_FOR = re.compile(r"\b(?:it|this|that|they|these|those|he|she)\b", re.I)


def _explains_another_thing(asked: Asked, text: str, cause: re.Match[str]) -> bool:
    """Whether what the question asks about stands only in the cause the text gives, not in what it
    explains (``Cod landings are lower ... because the Lanner Bank is closed`` for *Why was the Lanner
    Bank closed?*: the closure explains the landings; ``the forecast caused distress`` for *Why was the
    forecast retracted?*), or what it explains is another event than the one asked (``X grounded
    because ...`` for *Why was X's delivery delayed?*)."""
    if not re.search(r"[A-Za-z]", text[: cause.start()]):  # ``(4.2) Because X, Y``: the cause runs to the clause's end
        comma = text.find(",", cause.end())
        explained, given = (text[comma + 1 :], text[:comma]) if comma >= 0 else ("", text)
    elif _CAUSES_WHAT_FOLLOWS.match(text, cause.start()) and not _WOULD_BEFORE.search(text, 0, cause.start()):
        given, explained = text[: cause.start()], text[cause.end() :]  # ``the forecast caused distress``
    else:
        explained, given = text[: cause.start()], text[cause.end() :]
        result = _RESULT_CLAUSE.search(given)
        if result is not None:  # ``because the clips had corroded, allowing the mesh to lift``: the lift explained too
            explained, given = f"{explained} {result.group()}", given[: result.start()]
    if _STANDS_FOR.search(explained):
        return False  # ``It was postponed because ...``: its pronoun may stand for what is asked
    if asked.focus & set(content_words(explained)):
        return False
    told = events_named(explained)
    if told and not told & (events_named(asked.text) | asked.focus):
        return True  # ``Aldra Wren grounded because ...`` for *Why was the delivery delayed?*: another event
    return bool(asked.focus & set(content_words(given)))


#: A question about what a thing was before a change.
_FORMER = re.compile(r"\b(?:before|originally|original|previous|previously|former|formerly|old|first|initial)\b", re.I)


_RELATIVE = re.compile(r",\s+(?:which|who)\b[^,;]*$")
_COMPARED = re.compile(r"\b(?:than|unlike|versus|vs\.?|compared (?:with|to))\s+(?:the\s+)?[\w-]+$", re.IGNORECASE)
_NAME_BEFORE = re.compile(r"(?:[A-Z][\w.'\u2019-]*\s+(?:(?:of|and|de|von|van|the)\s+)*){0,5}[A-Z][\w.'\u2019-]*\s*$")


_PAGE_HEAD = 300  # characters of a passage that hold its page's title and opening
#: Honours and letters after a name (``, KG, PC``, `` CB DSO``): still the name's, not another's.
_POST_NOMINALS = re.compile(r"(?:,?\s+[A-Z]{2,4}\b)+\s*$")


def _bracketed_for_another(subject: set[str], item: Found, value: Value) -> bool:
    """Whether the value stands in brackets right after a name that shares less than half of the
    subject's words (``a younger brother, Albert (born 24 June 1983)``), or after the subject's name
    with another ordinal title than its page gives it (``son of George Brodrick, 3rd Viscount Midleton
    (died 1765)`` on the 4th Viscount's page): it is that one's."""
    text = item.text
    opening = text.rfind("(", 0, value.start)
    if opening < 0 or ")" in text[opening : value.start] or not subject:
        return False
    before = _POST_NOMINALS.sub("", text[:opening]) or text[:opening]  # ``..., 2nd Duke of Newcastle, KG, PC (``
    name = _NAME_BEFORE.search(before)
    if name is None:
        return False
    title = subject_title_before(subject, before)
    if title is not None:  # ``George Brodrick, 4th Viscount Midleton (1754 - 1836)``: his title, not another
        page = first_ordinal_title(subject, item.context[:_PAGE_HEAD])
        return page is not None and title != page
    if subject <= set(content_words(text[opening : value.start])):
        return False  # ``Stan Kowalski (born Bert Smith; May 13, 1926 - ...)``: the subject's birth name
    return len(set(content_words(name.group())) & subject) * 2 < len(subject)


#: A comparison after a value: what it is set against (``41,000 visitors, fewer than the Maritime Museum``).
_THAN_AFTER = re.compile(
    rf"^[^.;:]{{0,40}}?\b{COMPARATIVE}\s+than\s+(?:that of\s+|those of\s+)?(?:the\s+)?"
    r"((?:[A-Z][\w.'\u2019-]*\s*){1,5})"
)


def _compared_with_subject(asked: Asked, text: str, value: Value) -> bool:
    """Whether the sentence sets the value against the subject (``It had 41,000 visitors in 2023,
    fewer than the Maritime Museum``): the figure is another thing's, the subject's is elsewhere."""
    than = _THAN_AFTER.match(text[value.end :])
    if than is None:
        return False
    compared = set(content_words(than.group(1)))
    return any((words := content_words(name)) and words[-1] in compared for name in asked.subjects)


def _sibling_of_subject(asked: Asked, value: Value) -> bool:
    """A place asked for that is named as another thing of the subject's kind, ending in its head
    noun (*Moss High School* for *where is Lund High School*): a sibling, not where the subject is."""
    if asked.wants is not Wants.PLACE or value.dimension != "name":
        return False
    heads = {name.split()[-1].lower() for name in asked.subjects if len(name.split()) >= 2}
    words = value.raw.split()
    return len(words) >= 2 and words[-1].lower() in heads and value.raw not in asked.subjects


def _measures_another(asked: Asked, subject: set[str], text: str, value: Value) -> bool:
    """A measure written as an adjective (``0.9-metre``, ``40-foot``) measures the noun after it: a
    ``0.9-metre refractor`` is the refractor's size, not the observatory's height -- unless that
    noun is the subject's or the question's own (``the 1,200-metre bridge``), or restates it
    (``the main telescope, a 1.2-metre reflector``). Likewise a span of time before *of* and a noun
    lasts what that noun names: *after two years of delays* is how long the delays lasted, not the
    crossing (:data:`_SPAN_OF`)."""
    own = subject | asked.focus | set(content_words(asked.text))
    span_of = _SPAN_OF.match(text, value.end)
    if value.dimension == "duration" and span_of is not None:
        return not set(content_words(span_of.group(1))) & own
    if value.kind != "quantity" or not _ATTRIBUTIVE_MEASURE.fullmatch(value.raw):
        return False
    noun = re.match(r"\s+(?:[a-z][\w-]*\s+)??([a-z][\w-]*)", text[value.end :])
    if noun is None:
        return False
    appositive = re.search(r"([\w'\u2019-]+),\s+(?:a|an|the)\s+$", text[: value.start])
    if appositive is not None and set(content_words(appositive.group(1))) & own:
        return False  # ``the main telescope, a 1.2-metre reflector``: the telescope's size
    return not set(content_words(noun.group(1))) & own


#: *of* and a noun after a span of time (``two years of delays``; not ``of age``, ``of service``: an age, a tenure).
_SPAN_OF = re.compile(r"\s+of\s+(?!age\b|service\b)(?:[a-z][\w-]*\s+)??([a-z][\w-]*)")
_ATTRIBUTIVE_MEASURE = re.compile(r"[\d.,]+(?:\s*(?:million|billion))?-[a-z]+", re.IGNORECASE)


def _said_of_another(subject: set[str], text: str, value: Value) -> bool:
    """Whether the value stands in a relative clause about another name (``Nepali, which is spoken
    by 22,795 people``), or about what the subject is compared with (``more than pravastatin, which
    lowers it by about 25 percent``): it is that one's. A clause about a common noun (``the town,
    which had 3,000 people``) stays the subject's."""
    clause = _RELATIVE.search(text, 0, value.start)
    if clause is None or not subject or re.search(r"[;.]\s|,\s", text[clause.end() : value.start]):
        return False
    before = text[: clause.start()]
    if _COMPARED.search(before):  # ``more than pravastatin, which ...``: the thing compared with
        return True
    name = _NAME_BEFORE.search(before)
    return name is not None and not set(content_words(name.group())) & subject


#: What parts clauses side by side: a semicolon, *while*, *whereas* (not a dash inside a life: *(1720 - 1794)*).
_SIDE_BY_SIDE = re.compile(r";|,?\s+(?:while|whereas)\b")
#: A clause whose subject is a name (``; the Lisbon office has 31``, ``while Vesle had ...``).
_CLAUSE_OPENS_WITH_NAME = re.compile(
    r"[;,\s]*(?:(?:while|whereas)\s+)?(?:(?:[Tt]he|[Oo]ur|[Ii]ts|[Tt]heir|[Hh]is|[Hh]er)\s+)?[A-Z][\w'\u2019-]*\s+[a-z]"
)


def _in_clause_of_another(subject: set[str], text: str, value: Value) -> bool:
    """In a sentence of clauses side by side (``Our Berlin office has 48 employees; the Lisbon office
    has 31 employees``), a value belongs to the name its own clause opens with: another's where that
    clause names no word of the subject and another clause of the sentence does."""
    if not subject:
        return False
    start, end = clause_bounds(text, value.start, value.end, _SIDE_BY_SIDE)
    if set(content_words(text[start:end])) & subject:
        return False
    if not _CLAUSE_OPENS_WITH_NAME.match(text, start):
        return False  # ``Bragin (); born May 31, 1956, is a retired Russian ice hockey forward``: no name opens it
    return bool(set(content_words(text[:start] + " " + text[end:])) & subject)


#: A role after a member and before a name: ``sitar player Ravi Shankar``, ``fellow footballer Ian Rush``.
#: (A quoted nickname is part of the name: ``Brigadier General John "Andy" Andrew Seitz``.)
_ROLE_OF_NAME = re.compile(
    r"(?:\s+[a-z]+(?:er|ist|or))?\s+((?:[A-Z][\w.'\u2019-]*\s*|[\"\u201c][^\"\u201d]{1,20}[\"\u201d]\s*){1,5})"
)


#: The head of an institution's name: a member before it names what the institution is for
#: (``the Kentucky Golf Hall of Fame``, ``Rinkven International Golf Club``), not another's member.
_INSTITUTION = re.compile(
    r"\b(?:Hall|Club|Association|League|Federation|Union|Championships?|Tour|Cup|Team|Society|Council|"
    r"Conference|Academy|Stadium|Course|Open|Series|Board|Museum|Trophy|Classic|Circuit|Institute|School)\b"
)


def _member_of_another(subject: set[str], text: str, value: Value) -> bool:
    """A member said of a name after it, not the subject's (``an accompanist of sitar player Ravi
    Shankar``: Shankar's instrument); an institution's name after it is not another's
    (``inducted into the Kentucky Golf Hall of Fame``)."""
    named = _ROLE_OF_NAME.match(text, value.end)
    return (
        named is not None
        and not set(content_words(named.group(1))) & subject
        and not _INSTITUTION.search(named.group(1))
    )


#: A verb in the past after a name: the name did it (``Tony Richardson made``), it describes nothing.
_PAST_VERB = re.compile(r"[a-z]{2,}ed|made|wrote|led|won|took|gave|became|began|sang|drew|built|ran|held|left|met|said")


def _attributive(text: str, value: Value) -> bool:
    """A name used as an adjective: one word or a designation before a common noun (``American
    singer``, ``Hindi movie``, ``a Level 3 coaching badge``), or more before the common nouns that
    describe the name after them (``by South Korean girl group T-ara``): not an answer."""
    following = re.match(r"\s+([a-z][a-z-]+)((?:\s+[a-z][a-z-]+){0,2}\s+[A-Z])?", text[value.end :])
    if following is None or following.group(1) in STOP_WORDS:
        return False
    if _PAST_VERB.fullmatch(following.group(1)) and not re.match(r"\s+by\b", text[value.end + following.end(1) :]):
        return False  # ``director Tony Richardson made Charge of ...``: the name does something (not *scored by*)
    # one word, a designation (``a Level 3 coaching badge``), or a name the common nouns after it describe
    return " " not in value.raw or value.raw[-1].isdigit() or following.group(2) is not None


#: A question asking who: a person or a group, never a work's title or a place (:func:`_not_anyone`).
_WHO = re.compile(r"^\s*(?:by\s+)?(?:who|whom|whose)\b", re.IGNORECASE)


#: What stands before a place and never before a person: ``released in Japan``, ``recorded at the Fillmore``;
#: and the place a place is in, after it (``based at Perrin House, Tallisford``).
_LOCATED = re.compile(  # ``at X House, Y``; ``at X Museum, Castle Row, Y``; ``in the city of Drossberg``
    r"\b(?:in|at|near)\s+(?:the\s+)?(?:(?:city|town|village|port|county|region|province|state|district)\s+of\s+)?"
    r"(?:[A-Z][\w'-]*(?:\s+[A-Z][\w'-]*)*,\s+){0,3}$"
)


def _not_anyone(text: str, value: Value) -> bool:
    """A name that answers no *who* question: a work's title in quotation marks (``since "Manic
    Compression"``), a place (``released in Japan``), a code (``path V-12``, ``lot SL-4471``), an
    initial alone (``Osgood, M.``) or a word in capitals labelling what follows (``MOTION:``)."""
    return (
        _quoted(text, value)
        or _LOCATED.search(text[: value.start]) is not None
        or _CODE.fullmatch(value.raw) is not None
        or _INITIAL.fullmatch(value.raw) is not None
        or (value.raw.isupper() and " " not in value.raw and text.startswith(":", value.end))
    )


_INITIAL = re.compile(r"[A-Z]\.?")


#: A code of capitals and digits (``V-12``, ``SL-4471``, ``QO-2023/07``): an item's number, nobody's name.
_CODE = re.compile(r"[A-Z]{1,4}-?\d[\w/.-]*")


def _quoted(text: str, value: Value) -> bool:
    """Whether the name stands in quotation marks (a work's title: ``its first album since "Manic
    Compression"``)."""
    before, after = text[: value.start].rstrip(), text[value.end :].lstrip()
    return before.endswith(('"', "\u201c", "`")) and after.startswith(('"', "\u201d", "'"))


def _titles_a_subject(asked: Asked, value: Value) -> bool:
    """A name that is a subject's full name of two words or more with one word before it, a title or
    rank (*Director Mona Eide* for *who was director before Mona Eide*): the subject, not another
    answer (not *Zoltán Korda Cry*, a name run into a one-word title)."""
    for name in asked.subjects:
        before = value.raw[: -len(name)].split() if value.raw.endswith(name) and value.raw != name else []
        if len(before) == 1 and len(name.split()) >= 2:  # one word before a full name: its title
            return True
    return False


#: Kinds of place that hold towns (*In which state is X?*, *… country*, *… county*).
_HOLDING_KINDS = frozenset(w for k in ("state", "country", "province", "region", "county") for w in content_words(k))


def _town_before_asked_kind(asked: Asked, text: str, value: Value) -> bool:
    """For a question asking a kind of place that holds towns (:data:`_HOLDING_KINDS`), the place
    that opens a list of places (``in Lincoln, Nebraska``): the town, where what holds it comes
    after -- unless its own name says it is of the kind asked (``in Dane County, Wisconsin`` for
    *which county*)."""
    kinds = asked.focus & _HOLDING_KINDS
    return (
        asked.wants is Wants.PLACE
        and bool(kinds)
        and value.dimension == "name"
        and re.match(r"\s?,\s+[A-Z]", text[value.end :]) is not None  # a scrape spaces its commas: ``Bluffs , Iowa``
        and re.search(r",\s*$", text[: value.start]) is None  # it opens the list (not *Nebraska, United States*)
        and not kinds & set(content_words(value.raw))
    )


def _town_named_like(value: Value, subject: set[str], text: str) -> bool:
    """A place named by some of the subject's words, not all, right after ``in`` or ``near`` and
    not as a word before a noun: the town a thing is named after (``Tarrow High School ... is a
    public high school in Tarrow, Ohio``). The subject's name written whole is one value (``at
    Tarrow High School``), never a part of it."""
    words = set(content_words(value.raw))
    return (
        bool(words)
        and words < subject
        and _IN_TOWN.search(text, 0, value.start) is not None  # not ``the home of Kate Chopin`` (her house)
        and not _attributive(text, value)
    )


#: Right before a town's name: ``in``, ``near``, ``in the town of``.
_IN_TOWN = re.compile(r"\b(?:in|near)\s+(?:the\s+(?:city|town|village)\s+of\s+)?$")


def _echoes_the_question(asked: Asked, subject: set[str], value: Value) -> bool:
    """Whether a name says only what the question already says (*Who chaired the independent inquiry
    into ...?*: ``Independent Inquiry``), which names what is asked about, not the answer; in a
    question written without capitals (no subject read), any name sharing a word with it is its own
    (``who founded brightwater``)."""
    words = content_words(value.raw)
    if not asked.subjects and set(words) & asked.focus - {_kind_asked(asked)}:
        return True  # (its kind is no echo: *Orsenau Cantonal Hospital* for *To which hospital ...?*)
    asked_words = asked.focus | subject
    if set(words) & asked.focus and set(words) <= asked_words:  # (the subject's own name: ``_in_subject``)
        return True
    # *Who chaired the council scrutiny committee's inquiry?*: ``Children's Services Scrutiny Committee``
    # is the committee asked about, named in full, not who chaired it; *Who chaired the independent
    # panel ...?*: ``Inquiry Panel`` is a panel, named by the noun asked about
    if _WHO.match(asked.text) is None or len(words) < 2:
        return False
    # the kind a subject's name ends in (*Corlen Bridge Town Council*: a council), not a one-word name (*Cry*)
    heads = {name.split()[-1].lower() for name in asked.subjects if len(name.split()) > 1} & THING_NOUNS
    heads = {w for head in heads for w in content_words(head)}
    return set(words[-2:]) <= asked_words or words[-1] in (asked.focus | heads) - asked.act


#: A name ending in a model's number (*Varnell VT-2400*, *Tessaro T-78*): a made thing, not who did anything.
_MODEL_NUMBER = re.compile(r"\s[A-Z]*-?\d[\w.-]*$")


def _in_capitals(text: str) -> bool:
    """Whether a text of a few words or more is written all in capitals: a heading."""
    return text.isupper() and len(_CAPITALS_WORD.findall(text)) >= _HEADING_WORDS


_CAPITALS_WORD = re.compile(r"\b[A-Z]{2,}\b")
_HEADING_WORDS = 3


def _in_subject(value: Value, subject: set[str]) -> bool:
    words = set(content_words(value.raw)) - _LEGAL_FORMS  # ``Pellham & Greaves LLP`` for *Pellham & Greaves*
    return not words or words <= subject or bool(words & subject and len(words) == 1)


#: What a firm's name ends in to say its legal form: no word of what the firm is called.
_LEGAL_FORMS = frozenset(content_words("LLP Ltd Limited Inc plc LLC Co Corp GmbH"))


def agree(a: Candidate, b: Candidate) -> bool:
    """Whether two candidates state the same value (names: one's words within the other's)."""
    if a.value is None and b.value is None:  # two sentences answering a phrase question: one fact
        if distinct_entities(a, b):  # ``X (painter) ... is a painter`` and ``X (baker) ... is a baker``
            return False
        wa, wb = _words(a.statement), _words(b.statement)
        if _alike(wa, wb, SAME_TEXT, union=True) or _one_text(a.found, b.found):  # a near copy (or from one):
            # one fact, unless one says something in place of what the other says (``a short film``
            # / ``a documentary``); more words at either end are no other answer
            return wa <= wb or wb <= wa or _adds_only(a.statement, b.statement)
        if _alike(wa, wb, SAME_FRAME, union=True) and _adds_only(a.statement, b.statement):
            return True  # the same sentence, one with a page title before it, the other a word more
        return restates(a.statement, b.statement)
    if a.value is None or b.value is None:
        return False
    if a.value.dimension == "name" and b.value.dimension == "name":
        wa, wb = frozenset(content_words(a.value.raw)), frozenset(content_words(b.value.raw))
        return bool(wa) and (wa <= wb or wb <= wa)
    x, y = a.value, b.value
    if (x.resolution >= 10) != (y.resolution >= 10) and x.dimension == y.dimension == "time":
        return False  # a decade is another answer than a year of it, though neither contradicts the other
    return values_compared(x, y) is True


# ------------------------------------------------------------------------------------------- spans


#: Which of a series a question or a sentence speaks of: its first, or its latest.
_FIRST_OF = re.compile(r"\b(?:first|initial(?:ly)?|original(?:ly)?|earliest)\b", re.I)
_LATEST_OF = re.compile(r"\b(?:current|latest|newest|most recent)\b", re.I)


#: An entry of a list of references: authors by surname and initials (``Brandt E.``, ``Marrek I,
#: Brennig T, Velde A, et al.``), as a bibliography writes them.
_REFERENCE_ENTRY = re.compile(
    r"^\s*(?:\d{1,3}\.\s+)?[A-Z][\w'-]+,?\s+[A-Z]{1,2}(?:\.\s+[\"\u201c*]|,\s+[A-Z][\w'-]+\s+[A-Z]{1,2}\b)"
    # or an author or none, a quoted or italic title, a paper or none, and the date (``"Psalter found in
    # catalogue", *Caldreth Herald*, 3 March 2023.``, ``Vellmark Heritage Board, *Review of Security*, April 2024.``)
    r"|^\s*(?:\d{1,3}\.\s+)?(?:[^,*\"\u201c]{1,80},\s+)?(?:[*_]+[^*_]{3,200}[*_]+|[\"\u201c][^\"\u201d]{3,200}[\"\u201d]),?"
    r"\s+(?:[*_]*[A-Z][^,]{0,60}?[*_]*,\s+)?[^,]{0,30}\d{4}\.?\s*$"
)


#: Acts done again (*rebuild*, *reopen*) and the act done the first time that each repeats.
_AGAIN = {"rebuild": "build", "reconstruct": "build", "reopen": "open", "relaunch": "launch", "reelect": "elect"}


def _first_time_for_again(asked: Asked, text: str) -> bool:
    """Whether the question asks about an act done again (*the rebuilding*, *reopened*) and the text
    tells of the act (``built between 1887 and 1891``, ``completed``) but not of its repeat: it is
    about the first time."""
    again = {word for word in asked.focus if word in _AGAIN}
    if not again:
        return False
    said = set(content_words(text))
    return not again & said and bool({_AGAIN[word] for word in again} & said)


#: A question ending on a verb and its particle (*declared over*, *called off*, *wiped out*).
_VERB_AND_PARTICLE = re.compile(rf"\b([a-z]+(?:ed|en))\s+({PARTICLE})\s*[?.!]?\s*$", re.I)


def _act_without_its_particle(asked: Asked, text: str) -> bool:
    """Whether ``text`` says the verb of a question's verb and particle only without the particle
    (``the outbreak was declared on 17 July`` for *When was the outbreak declared over?*)."""
    asked_act = _VERB_AND_PARTICLE.search(asked.text)
    verb = content_words(asked_act.group(1)) if asked_act is not None else []
    if asked_act is None or not verb:
        return False
    particle = asked_act.group(2).lower()
    said = [m for m in re.finditer(r"[A-Za-z]+", text) if content_words(m.group()) == verb]
    return bool(said) and not any(
        re.match(rf"(?:\s+[\w'-]+){{0,3}}?\s+{particle}\b", text[m.end() :], re.I) for m in said
    )


#: Words of an early stage of a figure or a plan, and of its last.
_EARLY_STAGE = re.compile(r"\b(?:preliminary|initial|original|provisional|interim|draft)\b", re.I)
_LATE_STAGE = re.compile(r"\b(?:final|revised|updated|definitive)\b", re.I)


def stage_of(text: str) -> str | None:
    """Which stage of a figure or plan ``text`` speaks of: ``"early"`` (*the preliminary estimate*),
    ``"late"`` (*the final cost*), or None (neither, or both: *the final cost against the original
    estimate*). A question about one is not answered by a sentence about the other alone."""
    return _one_of(text, ("early", _EARLY_STAGE), ("late", _LATE_STAGE))


def _series_of(text: str) -> str | None:
    """Which of a series ``text`` speaks of: ``"first"`` (*when was X first released*), ``"latest"``
    (``the current stable version is 3.2``), or None (neither, or both). A question about one is not
    answered by a sentence about the other."""
    return _one_of(text, ("first", _FIRST_OF), ("latest", _LATEST_OF))


def _one_of(text: str, a: tuple[str, re.Pattern[str]], b: tuple[str, re.Pattern[str]]) -> str | None:
    """The name of the one of two kinds of words ``text`` says, or None (neither, or both)."""
    said_a, said_b = a[1].search(text) is not None, b[1].search(text) is not None
    if said_a != said_b:
        return a[0] if said_a else b[0]
    return None


#: The act a *when* question asks the date of, last in it (*On what date was the winner announced?*),
#: and an act in the past in a sentence (``had sold``, ``was built``).
_ACT_ASKED_LAST = re.compile(rf"\b(?P<act>[a-z]+ed|{PAST_ACTS})\s*\?*\s*$")
_PAST_ACT = re.compile(rf"\b(?:[a-z]+ed|{PAST_ACTS})\b")


#: Acts that bring back what was before (``restored``, ``resumed``): another time than its start.
_RETURNS = re.compile(r"^(?:restored|resumed|reinstated|reopened|relaunched|rebuilt|reintroduced|restarted)$", re.I)
_RETURN_ASKED = re.compile(
    r"\b(?:restor|resum|reinstat|reopen|relaunch|rebuil|reintroduc|restart|return|again|back)\w*", re.I
)


def _dates_a_return(asked: Asked, text: str, value: Value) -> bool:
    """A date told as when a thing was brought back (``the full timetable had been restored on 24
    April 2022``) does not date its start (*When did the timetable come into effect?*), unless the
    question asks of a return itself."""
    if asked.wants is not Wants.DATE or value.dimension != "time":
        return False
    own = _act_dated(text, value)
    return own is not None and _RETURNS.match(own.group()) is not None and not _RETURN_ASKED.search(asked.text)


def _dates_what_was_told(asked: Asked, text: str, value: Value) -> bool:
    """A date of what a sentence says was told does not date the telling asked (*On what date was
    the winner announced?*: not ``is delighted to announce that the novel had sold 41,000 copies by
    31 December 2021``): the act asked, with *that* after it, stands before the act the date is last
    said after (not ``It was established by X, who declared himself Emperor on 26 August 1849``: how)."""
    asked_act = _ACT_ASKED_LAST.search(asked.text) if asked.wants is Wants.DATE else None
    if asked_act is None or value.dimension != "time":
        return False
    act = stem(asked_act["act"])
    own = _act_dated(text, value)
    if own is None or stem(own.group()) == act:
        return False
    told = [t for t in tokens(text[: own.start()]) if stem(t.surface) == act]
    return any(re.match(r"\s+that\b", text[t.end :]) for t in told)


#: How far before a date the act it dates is looked for (``last seen on the evening of 2 June``).
_ACT_REACH = 30
_ACT_NEAR = re.compile(
    rf"\b(?:[a-z]+ed|{PAST_ACTS}|seen|taken|given|written|chosen|broken|stolen|driven|shown|known|fallen|begun)\b"
)


def _dates_another_act(asked: Asked, text: str, value: Value) -> bool:
    """A date said right after another act than the one asked, where another date of the sentence
    is said right after the act asked (*When was the rail last seen?*: ``found on 9 April and last
    seen on 2 June`` dates the finding by 9 April)."""
    if asked.wants is not Wants.DATE or value.dimension != "time":
        return False

    def act_of(date: Value) -> frozenset[str]:
        acts = list(_ACT_NEAR.finditer(text, max(0, date.start - _ACT_REACH), date.start))
        return frozenset(content_words(acts[-1].group())) if acts else frozenset()

    own = act_of(value)
    if not own or own & asked.focus:
        return False
    dates = [v for v in extract_values(text) if v.dimension == "time" and v.start != value.start]
    return any(act_of(date) & asked.focus for date in dates)


def _act_dated(text: str, value: Value) -> re.Match[str] | None:
    """The act in the past a date is last said after (``had been restored`` of ``restored on 24
    April``), or None."""
    return next(reversed(list(_PAST_ACT.finditer(text, 0, value.start))), None)


def _told_at_another_time(asked: Asked, text: str, value: Value) -> bool:
    """A question in the simple present is not answered by a dated past (*When does the hut open?*
    by ``which opened in 1958``), nor one in the past by a yearly date told in the present (*When
    did it open?* by ``it opens on 20 June each year``)."""
    asked_with = _ASKED_WITH_DO.match(asked.text)
    if asked_with is None:
        return False
    if asked_with["do"].lower() == "did":
        return value.kind == "date" and not value.year and _tense(asked, text, value) == "now"
    return value.dimension != "name" and _tense(asked, text, value) == "past"


def _said_now(text: str, value: Value) -> bool:
    """Whether the clause holding ``value`` says it holds now (``currently, the system consists of 15
    libraries``, ``Today we run eleven shops``)."""
    return _NOW_WORDS.search(clause_around(text, value.start, value.end)) is not None


def _tense(asked: Asked, text: str, value: Value) -> str:
    """How the clause holding ``value`` tells it: ``"past"`` -- a past verb and a year, and no verb
    of the present (``which opened in 1958``, ``parking was 60 kroner a day when we went in
    2016``); ``"now"`` -- a verb of the present (*is*, *has*, or the question's own verb said now:
    ``opens``, ``costs``) and no past one; else ``""``."""
    clause = clause_around(text, value.start, value.end)
    words = tokens(clause)
    now = _PRESENT.search(clause) is not None or any(
        t.lower.endswith("s") and set(content_words(t.surface)) & asked.focus for t in words
    )
    past = any(_PAST_VERB.fullmatch(t.lower) or t.lower in _WAS for t in words)
    if past and not now and any(v.kind == "year" or (v.kind == "date" and v.year) for v in extract_values(clause)):
        return "past"
    return "now" if now and not past else ""


#: A line opening with a span of years that ended (``2002-2008:``, any dash), as a career's list writes it.
_CLOSED_YEARS_OPENING = re.compile(r"^\s*(?:1[89]|20)\d\d\s*[\u2013\u2014-]\s*(?:1[89]|20)?\d\d\s*:")


def _no_longer(asked: Asked, text: str, value: Value) -> bool:
    """Whether the sentence says that the name ``value`` no longer holds the role asked about: ``X
    served as chief executive from 2009 until March 2022``, ``the former chief executive, X``, a
    career's line ``2002-2008: junior coach, X`` (the words saying so name the role: *the son of
    former Chief Justice X* is still his son). The successor in ``... when she was succeeded by Y``
    holds it now."""
    if value.dimension != "name":
        return False
    if _CLOSED_YEARS_OPENING.match(text) and asked.focus & set(content_words(text[: value.start])):
        return True  # a career's line: ``2002-2008: junior coach, Sheaf Valley Spartans``
    before = text[max(0, value.start - 60) : value.start]
    ended = _ENDED_AFTER.match(text[value.end :]) or _FORMER_BEFORE.search(before)
    return ended is not None and bool(asked.focus & set(content_words(ended.group())))


#: A sentence that opens with a name and its verb: what the sentence is about (*Lindby is the bigger ...*).
_OPENING_NAME = re.compile(
    r"^\s*(?:The\s+)?(?P<name>[A-Z][\w'\u2019-]*(?:\s+[A-Z][\w'\u2019-]*){0,3})\s+"
    r"(?:is|was|are|were|has|had|have|became|remains)\b"
)


def _names_the_role_holder(asked: Asked, text: str) -> bool:
    """A *who* question's answer may open the sentence that says the role asked (``Siri Dahl has
    been chief executive since January 2021`` for *Who is the CEO of Brekke Foods?*): the name
    opening it is no other thing the sentence is about."""
    return asked.wants is Wants.NAME and bool(asked.focus & set(content_words(text)))


#: A sentence set beside the subject's as another thing's (``For comparison, ...``, ``By contrast, ...``),
#: after a paragraph's number.
_FOR_COMPARISON = re.compile(r"^\W*(?:\d+(?:\.\d+)*\s+)?(?:(?:for|by|in)\s+comparison|by\s+contrast)\b", re.I)


def _about_another(asked: Asked, subject: set[str], item: Found) -> bool:
    """The sentence is about another named thing: it opens with that name and its verb and never
    names the subject, in a passage that names the subject by its own words elsewhere (a story
    about two towns: *Lindby is the bigger of the two towns, with around 23,000 people*) -- unless
    that name spells the subject out (*YHSS*: *Yangchenphug Higher Secondary School is ...*). A
    sentence opening *For comparison* and never naming the subject is about another thing too."""
    if subject and _FOR_COMPARISON.match(item.text) and not subject & set(content_words(item.text)):
        return True  # ``6.4 For comparison, the cemetery at Cadder Hill produced 221 individuals``
    opening = _OPENING_NAME.match(item.text)
    if opening is None or not subject:
        return False
    words = set(content_words(opening["name"]))
    if not words or words & subject or subject & set(content_words(item.text)):
        return False
    passage = set(content_words(item.context))
    if not subject <= passage or passage <= subject:
        return False  # no passage about the subject by name (or a claim read as about it): nothing to tell apart
    if _one_name_with(asked, opening["name"], item.context):
        return False  # one name of the subject's (*Jejomar Erwin "Junjun" S. Binay Jr.*: *Binay was born ...*)
    if _declared_alias(asked, opening["name"], item.context):
        return False  # *Velatrazine ... is sold under the brand name Veltrazin*: another name of the subject
    return not any(spelled_out(name, opening["name"]) for name in asked.subjects)


def _under_another_title(subject: set[str], item: Found) -> bool:
    """A sentence that never names the subject, in a document titled with another name that its
    passage defines (*Lindby* over *Lindby is a city in Lorain County ... Lindby lies 12 miles north
    of Harwick*): its figures are that thing's, whatever the passage says of the subject in passing."""
    if not subject or subject & set(content_words(item.text)) or "\n" not in item.context:
        return False
    title = item.context.split("\n", 1)[0].strip()
    if not _TITLE_NAME.fullmatch(title) or set(content_words(title)) & subject:
        return False
    return re.search(rf"(?<![\w-]){re.escape(title)}\s+(?:is|was|are|were)\s+(?:a|an|the)\b", item.context) is not None


#: A document title that is a name: capitalized words (*Lindby*, *Orra Valley Railway*), no file name.
_TITLE_NAME = re.compile(r"[A-Z][\w'\u2019-]*(?:\s+(?:of|the|and|de|[A-Z][\w'\u2019-]*)){0,5}")


#: How a text says that two names name one thing: ``{a}`` and ``{b}`` stand for the two names (either
#: way round); ``It`` may stand for the first when it opens the passage's topic.
_ALIAS_FORMS = (
    r"{a}\b[^.;]{{0,160}}?\b(?:is|are|was|were) (?:sold|marketed) (?:under the (?:brand |trade )?names? |as ){b}\b",
    r"{a},? (?:also|better|formerly|previously|originally) (?:known|called|named) as {b}\b",
    r"{a} contains the active (?:substance|ingredient) {b}\b",
    r"{a} \((?:born|n[ée]e) {b}\b",
)


def _declared_alias(asked: Asked, other: str, text: str) -> bool:
    """Whether ``text`` declares ``other`` another name of the subject: a brand name (*Velatrazine ...
    It is sold under the brand name Veltrazin*; *Veltrazin contains the active substance
    velatrazine*), a former or better-known name, or a birth name (*Stan Kowalski (born Bert
    Smith; ...)*). A pronoun opening the sentence stands for the name that opens the passage."""
    opens = re.match(rf"\W*{re.escape(other)}\b", text.split("\n#", 1)[0].lstrip("# \n"), re.IGNORECASE) is not None
    for name in asked.subjects:
        for a, b in ((other, name), (name, other)):
            first = rf"(?:{re.escape(a)}|It|They)" if opens and a == other else re.escape(a)
            for form in _ALIAS_FORMS:
                if re.search(form.format(a=first, b=re.escape(b)), text, re.IGNORECASE):
                    return True
    return False


def _one_name_with(asked: Asked, other: str, text: str) -> bool:
    """Whether ``text`` writes ``other`` within one full name with the subject's (*Jejomar Erwin
    "Junjun" S. Binay Jr.*), not beside it as another thing (*Lindby and Mereth*, *Lindby, Mereth*)."""
    for name in asked.subjects:
        for word in other.split():
            near = rf"(?<!\w){re.escape(name)}(?P<gap>[^\w]{{1,4}}(?:\w+\.?\s+){{0,2}}){re.escape(word)}(?!\w)"
            far = rf"(?<!\w){re.escape(word)}(?P<gap>[^\w]{{1,4}}(?:\w+\.?\s+){{0,2}}){re.escape(name)}(?!\w)"
            for m in [*re.finditer(near, text), *re.finditer(far, text)]:
                if not re.search(r",|;|:|\band\b|\bor\b|\bnor\b", m["gap"]):
                    return True
    return False


def _phrase_span(asked: Asked, subject: set[str], item: Found) -> Found | None:
    """For a phrase question: the span around the sentence's first focus word (for *why*, around
    its cause: ``caused by``, ``because``); without one, around the verb after the subject's name
    (what the subject *is*), else the subject's name; a fact sheet's line naming a focus word whole."""
    cause = _cause_in(asked, item.text) if _WHY.match(asked.text) else None
    if cause is not None:
        return clean_span(item, *cause)
    toks = tokens(item.text)
    at = next((t for t in toks if asked.focus & set(content_words(t.surface))), None)
    if at is None:  # what the subject *is*: the verb after its name (``X (born 1958) is a former ...``)
        named = next((i for i, t in enumerate(toks) if subject & set(content_words(t.surface))), None)
        at = next((t for t in toks[named:] if t.lower in _COPULAS), toks[named]) if named is not None else None
    at = at or (toks[0] if toks else None)
    span = None if at is None else clean_span(item, at.start, at.end)
    if span is None and asked.focus & set(content_words(item.text)) and opens_with_field(item.text):
        return item  # a fact sheet's line (``Colour: Slate Grey, Sand, Fjord Blue``) reads as no sentence
    return span


def _frame(cand: Candidate) -> frozenset[str]:
    text = cand.found.text
    if cand.value is not None:
        text = text.replace(cand.value.raw, " ")
    return frozenset(w for w in content_words(text) if not any(ch.isdigit() for ch in w))


def _adds_only(a: str, b: str) -> bool:
    """Whether two sentences differ only by words one of them adds (a page title before one, a
    word after the other: ``Morgan (admiral) John Gabe Morgan, Jr. is a retired Vice Admiral in the
    United States`` and ``is a retired Vice Admiral in the United States Navy``), never by words in
    place of the other's (``an American trombonist`` / ``an American chef``)."""
    ta = [t.lower for t in tokens(a) if t.lower not in STOP_WORDS]
    tb = [t.lower for t in tokens(b) if t.lower not in STOP_WORDS]
    return all(op != "replace" for op, *_ in difflib.SequenceMatcher(a=ta, b=tb, autojunk=False).get_opcodes())


def _words(text: str) -> frozenset[str]:
    return frozenset(t.lower for t in tokens(text) if t.lower not in STOP_WORDS and not t.lower.isdigit())


def _mentions(context: str, other: Candidate) -> bool:
    """A passage that states another group's answer too knows of it: both speak of one thing."""
    if other.value is None:
        return False
    if other.value.dimension == "name":
        return bool(re.search(rf"(?<!\w){re.escape(other.value.raw)}(?!\w)", context))
    return any(values_agree(other.value, v) is True and _as_precise(v, other.value) for v in extract_values(context))


def _as_precise(stated: Value, other: Value) -> bool:
    """``stated`` gives every date field ``other`` gives (a year alone does not state a full date)."""
    if stated.dimension != "time":
        return True
    return all(
        b is None or a is not None
        for a, b in ((stated.year, other.year), (stated.month, other.month), (stated.day, other.day))
    )


def _one_template(a: frozenset[str], b: frozenset[str]) -> bool:
    """Two short sentences with the same words but for their values (``The moonwalk lasted 2 hours
    31 minutes.`` and ``The moonwalk lasted about four hours.``): one statement, two values."""
    small, large = sorted((a, b), key=len)
    return len(small) >= 2 and len(large) <= _SHORT_FRAME and small <= large


def _alike(a: frozenset[str], b: frozenset[str], threshold: float, *, least: int = 4, union: bool = False) -> bool:
    """Shared words over the smaller set (or over the union, for near-copies) reach ``threshold``."""
    if len(a) < least or len(b) < least:
        return False
    return len(a & b) / (len(a | b) if union else min(len(a), len(b))) >= threshold
