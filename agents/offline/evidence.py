"""One agent's turn: metered search, sentences found, and independent sources counted.

Token metering: the offline reasoner has no API tokens, so a turn is charged what it *read*
(question, scope and claim statements of the view, the excerpts of every claim it weighed, and the
text of every search hit it had not read before in the run -- an agent remembers the passages it
read, as a model's context would hold them) and what it *wrote* (its actions as JSON), at four
characters a token.

Independence: two sentences come from independent sources when their locators differ (the same
page stored twice, e.g. before and after an edit, is one source). A source *supports* a claim when
one of its sentences does (:func:`~.textfacts.supports`); it *contradicts* the claim when one of
its sentences conflicts with it and none supports it.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from pathlib import PurePath

from agents.backends import SearchTool
from agents.offline.amounts import counts_alike, values_compared
from agents.offline.sentences import FIELD_LABEL
from agents.offline.tables import list_lines, opens_row
from agents.offline.textfacts import (
    ANSWERS_YES_OR_NO,
    CLAIM_THAT,
    MOTION,
    NOT_YET,
    STATED_THAT,
    Conflict,
    covers,
    find_conflict,
    harm_of,
    harms_denied,
    keywords,
    split_sentences,
    subject_words,
    supports,
)
from agents.offline.values import Value, day_without_year, extract_values, values_agree
from agents.offline.words import EVENT_SEARCH_TERMS, canonical_events, content_words, search_terms
from protocols import AgentView, Authority, ClaimState, ClaimView, EvidenceQuote, SourceHit

__all__ = [
    "CHARS_PER_TOKEN",
    "CORROBORATION",
    "MIN_SOURCES",
    "SEARCH_LIMIT",
    "SUBJECT_LIMIT",
    "Found",
    "Tally",
    "Turn",
    "claim_query",
    "core_query",
    "declares_itself_altered",
    "named_by_pronoun",
    "pronoun_names_another",
    "opens_with_field",
    "opens_with_pronoun",
    "normalized",
    "opening_lines",
    "subject_query",
    "tally",
]

CHARS_PER_TOKEN = 4
#: Passages asked for per search.
SEARCH_LIMIT = 5
#: Passages asked for when hunting for other values of a subject (they often rank low).
SUBJECT_LIMIT = 8
#: Independent sources a claim needs, with nothing that outweighs them: before a reviewer agrees,
#: and before a role proposes it. One source is enough for a fact nothing contradicts; the answer
#: then says that only one source states it, and the claim's confidence is lower.
MIN_SOURCES = 1
#: Below this many independent sources a role searches for corroboration before judging.
CORROBORATION = 2
_AUTHORITY_RANK = {Authority.HIGH: 2, Authority.MEDIUM: 1, Authority.LOW: 0}
#: A pronoun opening a sentence, or after a short opening phrase of time (``In 2012 she received ...``).
_PRONOUN_OPENING = re.compile(
    r"^(?:(?:In|On|By|Since|During)\s+(?:\d{4}|[A-Z][a-z]+\s+\d{4}|\d{1,2}\s+[A-Z][a-z]+\s+\d{4}),?\s+"
    r"(?=he\b|she\b|it\b|they\b|his\b|her\b|its\b|their\b))?(?i:He|She|It|They|His|Her|Its|Their)\b"
)
_TOPIC_CHARS = 120  # a passage's topic is read from at most this much of each of its first lines
#: Where the naming part of a topic line ends: its verb (``Kestrel is ...``, ``Ada Quill designed ...``).
_TOPIC_VERB = re.compile(r"\s(?:is|was|are|were|has|had|became|remains|[a-z]+ed)\s")
#: A verb read in a sentence before a pronoun, the present's too (``The Wielomin plant ... combines``).
_ANY_VERB = re.compile(rf"{_TOPIC_VERB.pattern}|\s[a-z]{{3,}}[^s\W]s\s")


def normalized(text: str) -> str:
    """``text`` with runs of white space collapsed (how statements are compared and stated)."""
    return " ".join(text.split())


@dataclass(frozen=True, slots=True)
class Found:
    """A sentence found in a stored source: quotable verbatim by ``source_id``."""

    source_id: str
    locator: str
    authority: Authority
    text: str
    #: The passage the sentence was found in (its surroundings: who or what it is about).
    context: str = field(default="", compare=False)
    #: Where the passage's own text begins in ``context``, after the title, opening and section
    #: heading put before it (a long table's header row among them).
    body_at: int = field(default=0, compare=False)
    #: The verbatim excerpts ``text`` is made of where it is not one itself (a table row read under
    #: its header row from the section heading); empty where ``text`` is verbatim.
    pieces: tuple[str, ...] = field(default=(), compare=False)
    #: The document's words right after the passage (``That was incorrect.`` after a report).
    after: str = field(default="", compare=False)

    @property
    def surroundings(self) -> str:
        """The passage and what follows it: where what comes after a sentence is read."""
        return f"{self.context}{self.after}"

    @property
    def rank(self) -> int:
        """Authority as a number: high 2, medium 1, low 0."""
        return _AUTHORITY_RANK[self.authority]

    def quotes(self) -> list[EvidenceQuote]:
        """Its excerpts, each verbatim in its source: the text, or the pieces it is made of."""
        return [EvidenceQuote(source_id=self.source_id, quote=piece) for piece in self.pieces or (self.text,)]


@dataclass(frozen=True)
class Tally:
    """Independent sources for and against a statement (first sentence of each, by locator)."""

    statement: str
    support: dict[str, Found] = field(default_factory=dict)
    against: dict[str, tuple[Found, Conflict]] = field(default_factory=dict)
    #: Why the claim's side wins where as many sources stand against it (the settlement's tie-break:
    #: :func:`~.answering.value_tally`); empty when nothing does.
    outweighs: str = ""

    @property
    def n_support(self) -> int:
        return len(self.support)

    @property
    def n_against(self) -> int:
        return len(self.against)

    @property
    def n_rival(self) -> int:
        """The most independent sources that agree on one rival of the claim (one other value, or its
        negation). Sources stating different other values contradict each other as much as the
        claim: two for the claim's value, one for each of two others is a plurality, not a tie."""
        return len(self._rivals()[0]) if self.against else 0

    def counter_value(self) -> str:
        """The value the most contradicting sources state instead of the claim's (ties: first seen)."""
        conflict = self._rivals()[0][0] if self.against else None
        return conflict.other_value.raw if conflict is not None and conflict.other_value is not None else "the opposite"

    def _rivals(self) -> list[list[Conflict]]:
        """The contradicting sources' conflicts, grouped by the value they state (negations: one
        group), largest group first."""
        groups: list[list[Conflict]] = []
        for _, conflict in self.against.values():
            home = next((g for g in groups if _same_rival(g[0], conflict)), None)
            if home is None:
                groups.append([conflict])
            else:
                home.append(conflict)
        return sorted(groups, key=len, reverse=True)

    def claim_value(self) -> str:
        raws = [c.claim_value.raw for _, c in self.against.values() if c.claim_value is not None]
        return raws[0] if raws else "the statement"


def _same_rival(a: Conflict, b: Conflict) -> bool:
    """Two contradicting sources state one rival: both negate the claim, or both give one value -- a
    name the same person's only where one's words hold the other's (*Armstrong*, *Neil Armstrong*; not
    *John Adams Long* and *Thomas Jefferson Long*; causes alike)."""
    x, y = a.other_value, b.other_value
    if x is None or y is None:
        return x is None and y is None
    if x.amount is not None and y.amount is not None and counts_alike(x, y):
        return values_compared(x, y) is True  # people counted in two words are one count
    if x.dimension != y.dimension:
        return False
    if x.dimension == "time" or x.kind == "member" or (x.amount is not None and y.amount is not None):
        return values_agree(x, y) is True
    words_x, words_y = set(x.raw.lower().split()), set(y.raw.lower().split())  # a name, a cause
    return words_x <= words_y or words_y <= words_x


def tally(statement: str, found: Iterable[Found]) -> Tally:
    """Count the independent sources among ``found`` that support or contradict ``statement``."""
    support: dict[str, Found] = {}
    against: dict[str, tuple[Found, Conflict]] = {}
    for item in found:
        if item.locator in support:
            continue
        if supports(statement, item.text) or _row_of(statement, item.text):
            support[item.locator] = item
            against.pop(item.locator, None)
            continue
        conflict = find_conflict(statement, item.text)
        if conflict is not None and item.locator not in against:
            against[item.locator] = (item, conflict)
    return Tally(statement, support, against)


def _row_of(statement: str, text: str) -> bool:
    """``text`` is a row of the table, or a line of the list, ``statement`` quotes -- with the line
    leading into it or not (such a claim is stated by its rows: *Which branch is the oldest?* quotes
    every branch's line)."""
    if opens_row(statement):
        return opens_row(text) and normalized(text) in statement
    _, led, items = statement.partition(": ")  # or the line leading into it (``funded by three sources:``)
    lines = list_lines(statement) or (list_lines(items) if led else 0)
    return lines >= 2 and normalized(text) in normalized(statement)  # a list quoted whole, not one bullet


#: A fact sheet's short line opening with a field's label (``- **Colour:** Slate Grey, Sand``).
_FIELD_OPENING = re.compile(rf"\s*(?:[-*\u2022\u00b7]\s*)*{FIELD_LABEL}\s+\S")
_FIELD_LINE_WORDS = 12


def opens_with_field(text: str) -> bool:
    """Whether a statement is a fact sheet's line, a field's label and its value: like a pronoun,
    it is about its page's topic."""
    return _FIELD_OPENING.match(text) is not None and len(text.split()) <= _FIELD_LINE_WORDS


#: A cleft (``It was the treasurer, Oskar Brandt, who resigned``): its *It* stands for nothing.
_CLEFT = re.compile(r"It\s+(?:is|was)\s+(?:not\s+)?[^.;]{1,60}?,?\s+who\b")


def opens_with_pronoun(text: str) -> bool:
    """Whether a sentence opens with a pronoun (*It was launched in 1991 ...*) -- one that stands
    for something, not a cleft's *It*."""
    return _PRONOUN_OPENING.match(text) is not None and _CLEFT.match(text) is None


#: A text that says of itself that its facts were altered: ``The context has been modified to
#: reflect ...``, ``I have replaced "Film" with "Novel"``, ``In this modified context ...``,
#: ``changed the text``. (Not an edit's date: ``This page was last edited on 3 March``.)
_SELF_ALTERED = re.compile(
    r"\b(?:the|this)\s+(?:original\s+)?(?:context|text|passage|article|document|content)\s+(?:has|have)\s+been\s+"
    r"(?:modified|altered|changed|rewritten|doctored)\b"
    r"|\b(?:this|the)\s+modified\s+(?:context|text|passage|version)\b"
    r"|\b(?:replaced|changed|swapped)\s+[\"\u201c'][^\"\u201d']{1,60}[\"\u201d']\s+(?:with|to|for)\s+[\"\u201c']"
    r"|\b(?:changed|modified|altered)\s+the\s+(?:context|text|passage)\b",
    re.IGNORECASE,
)


def declares_itself_altered(passage: str) -> bool:
    """Whether a passage says that its own facts were altered (an editor's or a generator's note
    left in a doctored page: ``Note: the context has been modified to reflect ...``). Such a page is
    no witness to any fact it states: its values are read as nobody's."""
    return _SELF_ALTERED.search(passage) is not None


#: A line that says a state with no subject (``Closed Mondays.``, ``Open daily 10:00-17:00``): of
#: what the headings above it name; and how many words a heading has at most.
_SUBJECTLESS = re.compile(r"\s*(?:Closed|Open|Opens|Located|Situated)\b(?!\s+(?:by|to)\b)")
_HEADING_WORDS = 8


def heading_lines(text: str) -> list[str]:
    """The lines of ``text`` that read as headings: short lines that end no sentence (``Tarnmouth
    Airport runway incident``, ``1. The Old Ropewalk & Ropewalk Museum``), their markup stripped."""
    lines = (line.strip(" #*") for line in text.splitlines())
    return [line for line in lines if line and len(line.split()) <= _HEADING_WORDS and line[-1] not in ".!?:;,"]


def opens_subjectless(text: str) -> bool:
    """Whether the line says a state with no subject (``Closed Mondays.``): a fact of what the
    headings above it name, however short."""
    return _SUBJECTLESS.match(text) is not None


def named_by_pronoun(text: str, passage: str, wanted: frozenset[str]) -> frozenset[str]:
    """The ``wanted`` subject words a sentence opening with a pronoun (*She studied ...*, *It weighs
    ...*) names through it: none where the sentence before it is about another thing of the
    subject's kind (*The platform team ... It has nine engineers* names no *storage team*:
    :func:`_antecedent`), else those of its passage's topic -- what the passage's first two lines
    (its page's title and opening sentence) name before their verb (``Kestrel is an embedded
    database written in Rust``: *It* is Kestrel, not what was written) -- only the names there,
    where it names any (``Sunk by a storm in 1923, the Maren Holt took 150 lives. Her captain
    ...``: *Her* is the Maren Holt, not the storm). A sentence opening with *The*
    and a noun names what the passage last defined as one before it (*Brekke Foods is a Norwegian
    food company ... The company now employs ...*); where nothing was, it names nothing (*The
    council voted ...*). A fact sheet's line (``Colour: Slate Grey, Sand``) names its passage's
    topic, as a pronoun does."""
    if not passage:
        return frozenset()
    definite = _DEFINITE_OPENING.match(text)
    if definite is not None:
        return wanted & _defined_as(definite.group(1), passage, passage.find(text[:40]))
    if opens_with_field(text):  # of its page's topic, or its box's (``FACTS: MF Solbris`` heading its lines)
        topics = [*opening_lines(passage), *_box_title(text, passage)]
        return wanted & frozenset().union(*(_topic_words(line) for line in topics))
    if opens_subjectless(text):  # ``Closed Mondays.`` under ``1. The Old Ropewalk & Ropewalk Museum``
        above = passage[: max(passage.find(text[:40]), 0)]
        return wanted & frozenset().union(*(subject_words(line) for line in heading_lines(above)))
    if not opens_with_pronoun(text):
        return _topic_by_its_noun(text, passage, wanted) | _named_by_its_noun(text, passage, wanted)
    antecedent = _antecedent(text, passage)
    if antecedent is not None and antecedent & wanted and antecedent - wanted and not wanted <= antecedent:
        return frozenset()  # part of the subject's words beside others: another of its kind
    if antecedent is not None and antecedent <= wanted:
        return antecedent  # the sentence before is about the subject (*The Selwick Viaduct was built ... It has ...*)
    if pronoun_names_another(text, passage, wanted):
        return frozenset()  # another named thing (*The Wielomin plant ... It employed 420 people*)
    return wanted & frozenset().union(*(_topic_words(line) for line in opening_lines(passage)))


#: A definite noun phrase of one or two plain words within a sentence (*the car park*).
_THE_NOUN = re.compile(r"\bthe\s+([a-z][\w-]*(?:\s+[a-z][\w-]*)?)\b")


def _topic_by_its_noun(text: str, passage: str, wanted: frozenset[str]) -> frozenset[str]:
    """The ``wanted`` words of its page's topic a sentence names by the topic's noun (``councillors voted
    ... to demolish the car park`` on the page opening ``The Tenter Street car park collapse was ...``):
    the topic's words before its verb, where they hold the noun and a name of the subject besides."""
    opening = opening_lines(passage)
    if not opening:
        return frozenset()
    named = wanted & subject_words(_TOPIC_VERB.split(opening[0][:_TOPIC_CHARS], 1)[0])
    nouns = (set(content_words(m.group(1))) for m in _THE_NOUN.finditer(text))
    return named if any(noun and noun <= named and named - noun for noun in nouns) else frozenset()


def _named_by_its_noun(text: str, passage: str, wanted: frozenset[str]) -> frozenset[str]:
    """The ``wanted`` words of a name a sentence calls by its last word (``was suspended, according
    to the university's records`` on a page writing *Carrowmere University*): the one name of its
    page ending in that noun; none where the page writes two (*Orr University*, *Keld University*)."""
    nouns = {m.group(1).split()[-1].lower() for m in _THE_NOUN.finditer(text)}
    names: dict[str, set[str]] = {}
    for value in extract_values(passage):
        last = value.raw.split()[-1].lower() if value.dimension == "name" and " " in value.raw else ""
        if last in nouns:
            names.setdefault(last, set()).add(value.raw)
    return wanted & frozenset(w for one in names.values() if len(one) == 1 for w in subject_words(next(iter(one))))


def _box_title(text: str, passage: str) -> list[str]:
    """The value of the first line of the run of field lines ``text`` stands in (``FACTS: MF Solbris``
    over ``Built: 2001``): what a fact box is about; none where no field line stands right above it."""
    lines = passage[: max(passage.find(text[:40]), 0)].splitlines()
    run: list[str] = []
    for line in reversed(lines):
        if not line.strip() or not opens_with_field(line.strip()):
            break
        run.append(line.strip())
    return [run[-1].split(":", 1)[-1]] if run else []


def _antecedent(text: str, passage: str) -> frozenset[str] | None:
    """What a pronoun opening ``text`` refers to past the passage's opening lines: the topic of the
    nearest sentence before it that does not open with a pronoun itself (*The storage team is led
    by Halvard Mo. It has six engineers.*: the storage team, not the platform team the page opened
    with); a definite one (*The album was ...*) is what the passage defined as one. None where the
    sentence stands in the passage's opening lines, or has no sentence before it to read."""
    sentence = _antecedent_sentence(text, passage)
    if sentence is None or not _TOPIC_VERB.search(sentence[:_TOPIC_CHARS]):
        return None  # no verb read: unknown
    definite = _DEFINITE_OPENING.match(sentence)
    defined = _defined_as(definite.group(1), passage, passage.find(sentence[:40])) if definite else frozenset()
    return defined or _topic_words(sentence) or None


def _antecedent_sentence(text: str, passage: str) -> str | None:
    """The nearest sentence before ``text`` in ``passage`` that does not open with a pronoun, past
    the passage's opening lines; None where there is none, or it was cut mid-sentence (``of Cebu
    Province from 2013 to 2019 .``)."""
    at = passage.find(text[:40])
    if at <= 0:
        return None
    before = [s.text for s in split_sentences(passage[:at]) if s.text.strip(" #")]
    if len(before) < 2:
        return None  # right after the title or the opening sentence: the passage's topic
    sentence = next((s for s in reversed(before[-3:]) if not opens_with_pronoun(s)), None)
    return sentence if sentence is not None and sentence.lstrip(" #")[:1].isupper() else None


def pronoun_names_another(text: str, passage: str, wanted: frozenset[str]) -> bool:
    """A sentence opening with a pronoun whose antecedent (:func:`_antecedent_sentence`) opens with
    a thing named by its kind (*The* and a name) that is neither the subject (``wanted``) nor its
    page's (:func:`_title_topic`): *The Wielomin plant ... combines ... It employed around 420
    people* in the company's report is the plant's staff."""
    if not passage or not opens_with_pronoun(text):
        return False
    sentence = _antecedent_sentence(text, passage)
    if sentence is None or not _NAMED_THING.match(sentence.lstrip(" #")):
        return False  # not a thing named by its kind: *Siri Dahl has been chief executive ... It employed*
    verb = _ANY_VERB.search(sentence[:_TOPIC_CHARS])
    if verb is None:
        return False
    names = {w for v in extract_values(sentence[: verb.start()]) if v.dimension == "name" for w in subject_words(v.raw)}
    return bool(names) and not names & wanted and not names & _title_topic(passage)


def opening_lines(passage: str) -> list[str]:
    """The passage's first two lines or sentences (its page's title and opening)."""
    return [line for line in re.split(r"\n|(?<=[.!?])\s", passage) if line.strip(" #")][:2]


#: A sentence opening with a named thing and its kind: *The Wielomin plant ...*, *The Orla Dam ...*.
_NAMED_THING = re.compile(r"The\s+[A-Z]")


def _title_topic(passage: str) -> frozenset[str]:
    """What the passage's page is about: the names of its title, or, where the title names nothing
    (a file name), of its opening line -- not of a section heading after it (*Orla plant*)."""
    for line in opening_lines(passage):
        if any(v.dimension == "name" for v in extract_values(line)):
            return _topic_words(line)
    return frozenset()


#: A sentence opening with *The* and a common noun (*The company now employs ...*).
_DEFINITE_OPENING = re.compile(r"^The\s+([a-z][a-z-]+)\b")


def _defined_as(noun: str, passage: str, before: int) -> frozenset[str]:
    """The words naming what the passage last defined as a ``noun`` before ``before`` (*Brekke
    Foods is a Norwegian food company ...*, so a later *The company ...* is Brekke Foods): the
    names before that definition's copula, in the same sentence. Empty where none was."""
    head = passage[:before] if before >= 0 else passage
    pattern = rf"([^.;:!?\n]*?)\s(?:is|was)\s+(?:an?|the)\s+(?:[\w-]+\s+){{0,4}}?{re.escape(noun)}\b"
    definition = next(reversed(list(re.finditer(pattern, head))), None)
    if definition is None:
        return _titled_as(noun, passage)
    names = [v.raw for v in extract_values(definition.group(1)) if v.dimension == "name"]
    return subject_words(" ".join(names)) if names else frozenset()


def _titled_as(noun: str, passage: str) -> frozenset[str]:
    """The names of a page's title that ends with ``noun`` (*2023 Harrowdale & Vane bus strike*: a
    later *The strike ...* is that strike), or none."""
    title = next(iter(opening_lines(passage)), "").strip(" #*")
    last = re.findall(r"[A-Za-z][\w-]*", title)[-1:]
    if not last or last[0].lower() != noun.lower():
        return frozenset()
    names = [v.raw for v in extract_values(title) if v.dimension == "name"]
    return subject_words(" ".join(names)) if names else frozenset()


def _topic_words(line: str) -> frozenset[str]:
    """The words of what a passage's first line is about: the names before its verb, else all its
    words before the verb."""
    topic = _TOPIC_VERB.split(line[:_TOPIC_CHARS], 1)[0]
    names = [v.raw for v in extract_values(topic) if v.dimension == "name"]
    return subject_words(" ".join(names) if names else topic)


def claim_query(statement: str) -> str:
    """A search query for a statement: its content words and its values."""
    values = [v.raw for v in extract_values(statement) if v.dimension != "name"]
    words = [w for w in keywords(statement, limit=12) if not w.isdigit()]
    return " ".join(dict.fromkeys([*words[:8], *values]))


def subject_query(statement: str) -> str:
    """A search query without the statement's values, to surface sources stating other values.

    A value keeps its shape -- its month or unit (``July``, ``kilograms``) -- and loses its number;
    event words are expanded to their usual wordings (``landed`` -> ``touched``...), since a source
    with a different value often words the event differently too.
    """
    shaped = statement
    for value in reversed(extract_values(statement)):
        if value.dimension != "name":
            shaped = shaped[: value.start] + f" {_shape(value.raw)} " + shaped[value.end :]
    return " ".join(search_terms(shaped, limit=10))


def core_query(statement: str) -> str:
    """The barest query for a statement's subject: its first name, its events, its value shapes.

    ``The lunar module Eagle landed ... on July 20, 1969`` -> ``eagle landed landing touched July``:
    a source that words the event differently, or buries it in a long passage, still ranks high.
    """
    values = extract_values(statement)
    names = [v.raw for v in values if v.dimension == "name"]
    events = canonical_events(statement)
    terms = keywords(names[0]) if names else []
    terms += [statement[start:end] for _, start, end in events]
    terms += [w for event, _, _ in events for w in EVENT_SEARCH_TERMS.get(event, ())]
    terms += [w for v in values if v.dimension != "name" for w in _shape(v.raw).split()]
    return " ".join(dict.fromkeys(terms))


def _shape(raw: str) -> str:
    return " ".join(w for w in re.findall(r"[A-Za-z]+", raw) if w.lower() not in ("and", "about", "a", "half"))


class Turn:
    """One agent's turn: its view, its search tool, and the characters it read.

    Args:
        view: the snapshot the agent decides on.
        tool: the run's search tool for this agent.
    """

    def __init__(self, view: AgentView, tool: SearchTool, *, read: set[tuple[str, int, int]] | None = None) -> None:
        self.view = view
        self.tool = tool
        self.chars_read = base_chars(view)
        #: Passages this agent already read in the run (shared across its turns): charged once.
        self._hits_read: set[tuple[str, int, int]] = read if read is not None else set()
        self._claims_read: set[str] = set()
        self._authority = {s.id: s.authority for s in view.sources}
        asked = [view.question, *(q.text for q in view.scope)]  # the question and research questions
        self._asked_words = frozenset().union(*(subject_words(t) for t in asked))
        #: Where or in what a harm asked of happened (*Someone lost their life in the Tarn landslide*: the
        #: landslide), the words a page denying any harm must be about.
        harms = [harm_of(t) for t in asked]
        self._harm_words = frozenset().union(*(subject_words(where) for harm, _, where in harms if harm))
        #: The full dates the questions name (*What happened on 11 November 1921?*).
        self._asked_dates = [v for q in asked for v in extract_values(q) if v.dimension == "time" and v.day and v.year]
        self.assessed: dict[tuple[str, bool], tuple[Tally, list[Found]]] = {}
        #: Candidate sentences met while proposing that as many sources contradict as support,
        #: with the research question they were meant for.
        self.ties: list[tuple[str, Tally]] = []
        #: Answers met while proposing that name none of the namesakes the other sources tell apart
        #: (:attr:`~.answering.Settled.unplaced`): the research question, the value, its sources.
        self.unplaced: list[tuple[str, str, list[Found]]] = []

    def authority(self, source_id: str) -> Authority:
        return self._authority.get(source_id, Authority.MEDIUM)

    async def search(self, query: str, *, limit: int = SEARCH_LIMIT) -> list[Found]:
        """Search, charge the new hits' text, and return their sentences (hit order, then text order)."""
        if not query.strip():
            return []
        hits = await self.tool(query, limit=limit)
        found: list[Found] = []
        for hit in hits:
            key = (hit.source_id, hit.start, hit.end)
            if key not in self._hits_read:
                self._hits_read.add(key)
                self.chars_read += len(hit.text)
            # what a passage is about: its document's title, or, where the title names nothing asked
            # about (no title, or a headline: the story's subject is in its first paragraph), its opening;
            # and where the passage opens with *The* and a noun, the opening that may define it as one
            told = _untitled(hit) or not subject_words(hit.title or "") & self._asked_words
            lead = hit.lead if told or _DEFINITE_OPENING.match(hit.text.lstrip("# \n")) else ""
            opening = (hit.source_id, 0, len(lead))
            if lead and opening not in self._hits_read:  # a document's opening is read once
                self._hits_read.add(opening)
                self.chars_read += len(lead)
            authority = self._authority.get(hit.source_id, hit.authority)
            section = hit.section if hit.section not in lead else ""  # the heading of the part it is in
            context = "\n".join(t for t in (hit.title or hit.locator, lead, section, hit.text) if t)
            if declares_itself_altered(context):
                continue  # a doctored page (``the context has been modified to ...``) is no witness
            body_at = len(context) - len(hit.text)
            found += [
                Found(hit.source_id, hit.locator, authority, s.text, context, body_at, after=hit.after)
                for s in split_sentences(hit.text)
            ]
        return _distinct(found)

    def excerpts(self, claim: ClaimView) -> list[Found]:
        """The sentences of a claim's evidence excerpts (charged once per turn)."""
        if claim.id not in self._claims_read:
            self._claims_read.add(claim.id)
            self.chars_read += sum(len(e.excerpt) for e in claim.evidence)
            self.chars_read += sum(len(c.reason) + len(c.satisfied_by) for c in claim.challenges)
        found = [
            Found(e.source_id, e.locator, self.authority(e.source_id), s.text)
            for e in claim.evidence
            for s in split_sentences(e.excerpt)
        ]
        return _distinct(found)

    async def on_topic(self, statement: str) -> bool:
        """The statement shares a subject word with the question or a research question -- by a
        pronoun too (*She studied ...*), when the passage that states it is about that subject."""
        if subject_words(statement) & self._asked_words or _states_a_date(statement, self._asked_dates):
            return True
        passage = await self.passage_of(statement)
        if harms_denied(statement, grave=True):  # ``No-one was hurt.``: of what its passage tells
            about = self._harm_words or self._asked_words
            return len(subject_words(passage) & about) * 2 >= len(about)
        return bool(named_by_pronoun(statement, passage, self._asked_words))

    async def passage_of(self, statement: str) -> str:
        """The passage a sentence opening with a pronoun (or *The* and a noun) was found in (what it
        stands for is its topic), one reporting what was said (the next sentence may retract it), or
        a denial true as of its page's date (``has not cancelled``: the page's dateline), a motion (its
        fate follows it), by a search
        for it; empty for any other sentence, or when no source states it. (A table's claim quotes
        its header with its rows: it needs no passage.) A day of a month without its year is read in
        the year of its page's date (``lifted ... on 20 January`` in minutes of 6 February 2024)."""
        if not (
            opens_with_pronoun(statement)
            or _DEFINITE_OPENING.match(statement)
            or STATED_THAT.search(statement)
            or CLAIM_THAT.search(statement)  # ``the theory that X``: the next sentence may dismiss it
            or NOT_YET.search(statement)  # a denial true as of its page's date (its dateline)
            or opens_subjectless(statement)  # ``Closed Mondays.``: of what the headings above it name
            or opens_with_field(statement)  # ``Built: 2001, Kvalnes Verft``: of what its fact box is headed by
            or _without_its_year(statement)  # ``on 20 January``: in its page's year
            or harms_denied(statement, grave=True)  # ``No-one was hurt.``: in what its page tells
            or ANSWERS_YES_OR_NO.match(statement)  # ``No. The Trust did not ...``: under the question it answers
            or MOTION.match(statement)  # ``That the Board terminate ...``: what the lines after it decided
            or self._by_its_noun(statement)  # ``... to demolish the car park``: the page's car park
        ):
            return ""
        stated = normalized(statement)
        found = await self.search(claim_query(statement))
        return next((f.surroundings for f in found if normalized(f.text) == stated), "")

    def _by_its_noun(self, statement: str) -> bool:
        """The statement names a thing asked of by its noun alone (``the car park`` for *the Tenter Street
        car park*), leaving the rest of its name to its page (:func:`named_by_pronoun`)."""
        said = subject_words(statement)
        nouns = (frozenset(content_words(m.group(1))) for m in _THE_NOUN.finditer(statement))
        return any(noun and noun <= self._asked_words and self._asked_words - said for noun in nouns)

    def claims_in(self, *states: ClaimState) -> list[ClaimView]:
        return [c for c in self.view.claims if c.status in states]


def _untitled(hit: SourceHit) -> bool:
    """A document whose title is only its file name (no front matter, heading or page title)."""
    return not hit.title or hit.title == PurePath(hit.locator.split("#", 1)[0]).stem


def _without_its_year(statement: str) -> bool:
    """The statement gives a day of a month without its year (``on 20 January``)."""
    return any(day_without_year(v) for v in extract_values(statement))


def _states_a_date(statement: str, dates: Sequence[Value]) -> bool:
    """The statement gives one of ``dates``, full dates a question names (*What happened on 11
    November 1921?*: a date is all that question's subject)."""
    said = [v for v in extract_values(statement) if v.dimension == "time"]
    return any(covers(a, s) for a in dates for s in said)


def base_chars(view: AgentView) -> int:
    """Characters every turn reads: the question, context, scope and every claim's statement."""
    texts: Sequence[str] = [
        view.question,
        view.context or "",
        *(q.text for q in view.scope),
        *(c.statement for c in view.claims),
    ]
    return sum(len(t) for t in texts)


def _distinct(found: list[Found]) -> list[Found]:
    seen: set[tuple[str, str]] = set()
    out: list[Found] = []
    for item in found:
        key = (item.locator, normalized(item.text))
        if key not in seen:
            seen.add(key)
            out.append(item)
    return out
