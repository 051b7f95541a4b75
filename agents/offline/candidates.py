"""Candidate answers: the values a question asks for, found in sentences, grouped by what they say.

**Candidates.** In every sentence found whose sentence or passage names the question's
subject, each value of the kind the question wants (:mod:`.question`)
is a candidate, except values that belong to the question's own subject. Its *statement* is a
clean verbatim span around it: the whole sentence when it is short and readable, else a window of
words around the value cut at the sentence's junk (``|``, bullets, ``[ edit ]``, runs of numbers).
A name or a place must stand within six words of a focus word of the question, in the same
clause (``directed by Mahesh Bhatt``), or it is a mere mention. For a question that wants a
phrase, each on-topic sentence is a candidate without a value.

**Score.** 3 per focus word of the question in the span (the words beyond the subject: ``built``,
``population``), +2 when one is within six words of the value (same clause), 1 per subject word in the span and
1 more when the passage names the subject, +1 for a person named after ``by``, +1 for a
two-word-or-longer name, the source's authority rank, minus one per 10 words beyond 30. For a
biography's ``(date \u2013 date)`` the first date is the birth and the second the death.

**Groups.** Candidates whose values agree (:func:`~.values.values_agree`; names by their key) form a
group; a group's support is its independent sources (distinct locators). Two groups speak of *the
same entity* -- and so contradict each other -- when a sentence of one and a sentence of the other
read alike once their values are removed (:data:`SAME_FRAME` of their words shared), or their
passages do; otherwise they are answers for different entities that share a name, and both stand.
"""

from __future__ import annotations

import itertools
import re
from collections.abc import Iterable
from dataclasses import dataclass, field

from agents.offline.evidence import Found, normalized
from agents.offline.question import Asked, Wants
from agents.offline.textfacts import find_conflict, restates
from agents.offline.values import Value, extract_values, values_agree
from agents.offline.words import STOP_WORDS, content_words, tokens
from protocols import Authority

__all__ = [
    "SAME_FRAME",
    "Candidate",
    "Group",
    "agree",
    "best_per_source",
    "candidates",
    "group",
    "phrases_conflict",
    "readable",
    "same_entity",
    "distinct_entities",
    "states_wanted_value",
]

#: Two sentences (values removed) read alike when this share of their words is shared.
SAME_FRAME = 0.5
#: Two passages are one text (one copied from the other, a value changed) at this share.
SAME_PASSAGE = 0.5
#: Two sentences say the same thing (for a phrase question) at this share of their words.
SAME_TEXT = 0.8
_MAX_WORDS = 45
#: Windows of words (before, after the value) tried when the whole sentence will not do.
_WINDOWS = ((18, 14), (10, 10), (6, 8))
_JUNK = re.compile(r"\s[|\u2022\u00b7^]\s|\[\s*(?:edit|citation needed|\d+)\s*\]|\s{2,}|\n")
_CLAUSE_BREAK = re.compile(r";|\s[\u2014\u2013]\s|,\s+(?:and|but|while|whereas|which)\b|\bwhile\b|\bwhereas\b")
_MARKUP = re.compile(r"^\s*(?:<[a-zA-Z/!][^>]*>|[a-z_]+:\s)")  # a tag or a front-matter key line
#: A text that is one quoted string (a cited article's title: ``"Bear hunting caught in debate".``).
_QUOTED_TITLE = re.compile(r'^\s*["\u201c][^"\u201c\u201d]+["\u201d]\s*\.?\s*$')
_NUMBER_WORD = re.compile(r"^[\d.,%\u2212\u2013\u2014+-]+$")
_BARE_NUMBER = re.compile(r"(?<![\w.,/:-])\d{1,3}(?:,\d{3})+(?![\w,.]\d)|(?<![\w.,/:-])\d{2,}(?![\w.,/:]\d)")
_NEAR = 6  # words between a value and a focus word of the question that still make it the answer
_PEOPLE = frozenset({"person", "people", "inhabitant", "resident", "citizen"})
_NUMERIC_DIMENSIONS = ("count", "mass", "length", "area", "volume", "speed", "percent", "currency")


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


@dataclass
class Group:
    """Candidates that say the same thing; the best one first."""

    members: list[Candidate] = field(default_factory=list)

    @property
    def best(self) -> Candidate:
        return self.members[0]

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
        """The words naming the entity its sources speak of (all of them: a source that names none
        is no evidence of another entity)."""
        return frozenset().union(*(c.entity for c in self.members))

    def per_source(self) -> list[Candidate]:
        """The best candidate of each independent source, best first."""
        seen: set[str] = set()
        out = []
        for c in self.members:
            if c.found.locator not in seen:
                seen.add(c.found.locator)
                out.append(c)
        return out


def readable(text: str) -> bool:
    """Whether a span reads as a statement: 5-60 words, mostly words, not a table row, not a menu,
    not a quoted title."""
    words = [w for w in text.split() if any(ch.isalnum() for ch in w)]  # "," and "|" are not words
    if not 5 <= len(words) <= 60 or _MARKUP.match(text) or _QUOTED_TITLE.match(text):
        return False
    numeric = sum(1 for w in words if _NUMBER_WORD.match(w))
    alphabetic = sum(1 for w in words if any(ch.isalpha() for ch in w))
    function = sum(1 for w in words if w.lower() in STOP_WORDS)
    capitalized = sum(1 for w in words if w[:1].isupper())
    return (
        numeric <= len(words) * 0.3
        and alphabetic >= len(words) * 0.6
        and function >= max(1.0, len(words) * 0.06)  # a statement has function words; a menu has none
        and capitalized <= len(words) * 0.6
    )


def candidates(asked: Asked, found: Iterable[Found]) -> list[Candidate]:
    """Every candidate answer to ``asked`` in ``found``, best first (see the module docstring)."""
    subject = {w for s in asked.subjects for w in content_words(s)}
    out: list[Candidate] = []
    for item in found:
        text = item.text
        if not _about_subject(asked, item):
            continue
        if asked.wants is Wants.PHRASE:
            span = _phrase_span(asked, subject, item)
            if span is not None:
                score = _relevance(asked, subject, item, span.text, None)
                if score > 0:
                    out.append(Candidate(span, None, score, entity_of(asked, item, None)))
            continue
        for value in _wanted_values(asked, subject, text):
            span = _span(item, value.start, value.end)
            if span is None:
                continue
            local = next((v for v in extract_values(span.text) if v.raw == value.raw), value)
            if (
                asked.wants in (Wants.NAME, Wants.PLACE)
                and asked.focus
                and not _near_focus(asked, span.text, local)
                and not _agent(span.text, local)
            ):
                continue  # a name far from what is asked is a mention, not the answer
            score = _relevance(asked, subject, item, span.text, local) + _position_bonus(asked, text, value)
            score += 2 if asked.wants is Wants.NUMBER and _counts_people(asked, local) else 0
            out.append(Candidate(span, local, score, entity_of(asked, item, local)))
    return sorted(out, key=lambda c: -c.score)


def states_wanted_value(asked: Asked, text: str) -> bool:
    """Whether ``text`` is about the question's subject and states a value of the kind it wants."""
    subject = {w for s in asked.subjects for w in content_words(s)}
    return _about_subject(asked, Found("", "", Authority.MEDIUM, text)) and bool(_wanted_values(asked, subject, text))


def best_per_source(cands: list[Candidate]) -> list[Candidate]:
    """Each independent source's best candidate: one source, one answer (ties: the first)."""
    seen: set[str] = set()
    out = []
    for cand in sorted(cands, key=lambda c: -c.score):
        if cand.found.locator not in seen:
            seen.add(cand.found.locator)
            out.append(cand)
    return out


def group(cands: list[Candidate]) -> list[Group]:
    """Candidates grouped by agreeing values, groups best first (support, then best score)."""
    groups: list[Group] = []
    for cand in cands:
        home = next((g for g in groups if agree(g.best, cand)), None)
        if home is None:
            groups.append(Group([cand]))
        else:
            home.members.append(cand)
    return sorted(groups, key=lambda g: (-g.support, -g.best.score))


def same_entity(a: Group, b: Group) -> bool:
    """Whether two groups speak of one entity: their passages are one text, or their sentences read
    alike or one's passage states the other's value -- unless the two name different entities."""
    pairs = [(x, y) for x in a.per_source() for y in b.per_source()]
    if any(_alike(_words(x.found.context), _words(y.found.context), SAME_PASSAGE, union=True) for x, y in pairs):
        return True
    if _named_apart(a.entity, b.entity):
        return False
    for x, y in pairs:
        if _alike(_frame(x), _frame(y), SAME_FRAME, least=3, union=True):
            return True
        if _mentions(x.found.context, y) or _mentions(y.found.context, x):
            return True
    return False


def phrases_conflict(a: Candidate, b: Candidate) -> bool:
    """Two sentences answering a phrase question that contradict each other about one entity: a
    value of one conflicts with the other's (:func:`~.textfacts.find_conflict`), or they read alike
    but for the words that answer (``X (born September 25, 1958) is an American trombonist known
    for...`` and ``... an American chef known for...``). Sentences that agree are grouped first."""
    if distinct_entities(a, b):
        return False
    if find_conflict(a.statement, b.statement) is not None or find_conflict(b.statement, a.statement) is not None:
        return True
    return _alike(_words(a.statement), _words(b.statement), SAME_FRAME, least=4, union=True)


def distinct_entities(a: Candidate | Group, b: Candidate | Group) -> bool:
    """Whether two candidates (or groups) name different entities that share the question's subject
    name (``John Henry Bloomer`` and ``Robert Asa Bloomer``; ``X (1969 film)`` and ``X (1994 film)``)."""
    return _named_apart(a.entity, b.entity)


def _named_apart(a: frozenset[str], b: frozenset[str]) -> bool:
    return bool(a and b) and not (a <= b or b <= a)


# ------------------------------------------------------------------------------------------ entity

_NAME_WORD = re.compile(r"(?:[A-Z][\w.'\u2019-]*|\"[^\"]{1,24}\"|of|de|von|van|da|del|la|le)$")
_QUALIFIER = re.compile(r"\s*\(([^()]{1,48})\)")
_LIFE_DATES = re.compile(r"\d\s*[\u2013\u2014-]\s*\d|\b(?:c\.|ca\.)")
_HEAD_CHARS = 240
_TITLE_QUALIFIER = re.compile(r",\s+((?:[A-Z][\w.'\u2019-]*\s*){1,3})")
_TITLE_CHARS = 60  # a passage's title is at its very start


def entity_of(asked: Asked, item: Found, value: Value | None) -> frozenset[str]:
    """The words that tell which entity bearing the subject's name a span speaks of: the full name
    around the subject's head word (``Asa Schoonmaker "Ace" Bloomer``) and a qualifier in brackets
    after it (``(1994 film)``, ``(musician)``), in the sentence and at the head of its passage;
    without the subject's own words and the candidate value's."""
    heads = [name.split()[-1] for name in asked.subjects if name.split()]
    if not heads:
        return frozenset()
    own = {w.lower() for name in asked.subjects for w in re.findall(r"\w+", name)}
    if value is not None:
        own |= {w.lower() for w in re.findall(r"\w+", value.raw)}
    head_of_passage = item.context.split("\n", 1)[-1][:_HEAD_CHARS]
    words: set[str] = set()
    for text in (item.text, head_of_passage):
        for head in heads:
            match = re.search(rf"(?<![\w-]){re.escape(head)}(?![\w-])", text)
            if match is not None:
                words |= _name_around(text, match.start(), match.end(), title=text is head_of_passage)
                break
    return frozenset(w for w in words if w not in own and w not in STOP_WORDS)


def _name_around(text: str, start: int, end: int, *, title: bool = False) -> set[str]:
    """The words of the name running through ``text[start:end]`` and its bracketed qualifier (at a
    passage's title, also one after a comma: ``Kansas City Southern Depot, Zwolle``)."""
    before = text[:start].split()
    taken: list[str] = []
    for word in reversed(before[-4:]):
        if not _NAME_WORD.match(word):
            break
        taken.append(word)
    # after the name, more of it (``Princess Xenia Andreevna Romanoff``) -- not in a title, where the
    # words that follow are the title's own (``Apollo 11 Myths and Facts``)
    after = None if title else re.match(r"((?:\s+[A-Z][\w.'\u2019-]*){0,3})", text[end:])
    rest = end + (after.end() if after else 0)
    words = [*taken, *(after.group(1).split() if after else [])]
    titled = _TITLE_QUALIFIER.match(text[rest:]) if title and start < _TITLE_CHARS else None
    if titled is not None:
        words += itertools.takewhile(lambda w: w.lower() not in STOP_WORDS, titled.group(1).split())
    qualifier = _QUALIFIER.match(text[rest:])
    if qualifier is not None and len(qualifier.group(1).split()) <= 6 and not _LIFE_DATES.search(qualifier.group(1)):
        words += qualifier.group(1).split()
    return {w.lower() for word in words for w in re.findall(r"\w+", word)}


# ------------------------------------------------------------------------------------------ values


def _wanted_values(asked: Asked, subject: set[str], text: str) -> list[Value]:
    values = extract_values(text)
    wants = asked.wants
    if wants is Wants.DATE:
        return [v for v in values if v.dimension == "time"]
    if wants is Wants.DURATION:
        return [v for v in values if v.dimension in ("duration", "offset")]
    if wants is Wants.NUMBER:
        numbers = [v for v in values if v.dimension.startswith(_NUMERIC_DIMENSIONS) and v.raw[:1].isdigit()]
        return sorted(numbers + _bare_numbers(text, values), key=lambda v: v.start)
    names = [v for v in values if v.dimension == "name" and not _in_subject(v, subject) and not _attributive(text, v)]
    if wants is Wants.PLACE:
        return [v for v in names if re.search(r"\b(?:in|at|near|from|of|to)\s+(?:the\s+)?$", text[: v.start])]
    return names  # Wants.NAME


def _about_subject(asked: Asked, item: Found) -> bool:
    """The sentence or its passage names at least half the words of one of the question's subjects."""
    if not asked.subjects:
        return True
    present = set(content_words(item.text)) | set(content_words(item.context))
    for name in asked.subjects:
        words = set(content_words(name))
        if words and len(words & present) * 2 >= len(words):
            return True
    return False


def _counts_people(asked: Asked, value: Value) -> bool:
    """A count of people where the question asks for a population."""
    return "population" in asked.focus and value.dimension.removeprefix("count:") in _PEOPLE


def _bare_numbers(text: str, values: list[Value]) -> list[Value]:
    """Numbers no other value holds (``a population of 37,935``): counts of an unnamed thing."""
    taken = [(v.start, v.end) for v in values]  # a number inside a name is a designation (Apollo 11)
    out = []
    for m in _BARE_NUMBER.finditer(text):
        if any(s <= m.start() < e for s, e in taken):
            continue
        amount = float(m.group().replace(",", ""))
        out.append(Value("count", m.group(), m.start(), m.end(), "count:", amount=amount, resolution=1.0))
    return out


def _attributive(text: str, value: Value) -> bool:
    """A one-word name used as an adjective (``American singer``, ``Hindi movie``): not an answer."""
    following = re.match(r"\s+([a-z][a-z-]+)", text[value.end :])
    return " " not in value.raw and following is not None and following.group(1) not in STOP_WORDS


def _in_subject(value: Value, subject: set[str]) -> bool:
    words = set(content_words(value.raw))
    return not words or words <= subject or bool(words & subject and len(words) == 1)


def agree(a: Candidate, b: Candidate) -> bool:
    """Whether two candidates state the same value (names: one's words within the other's)."""
    if a.value is None and b.value is None:  # two sentences answering a phrase question: one fact
        return _alike(_words(a.statement), _words(b.statement), SAME_TEXT, union=True) or restates(
            a.statement, b.statement
        )
    if a.value is None or b.value is None:
        return False
    if a.value.dimension == "name" and b.value.dimension == "name":
        wa, wb = set(content_words(a.value.raw)), set(content_words(b.value.raw))
        return bool(wa) and (wa <= wb or wb <= wa)
    return values_agree(a.value, b.value) is True


# ------------------------------------------------------------------------------------------- spans


def _span(item: Found, start: int, end: int) -> Found | None:
    """A clean verbatim span of ``item.text`` holding ``[start:end]`` (None when none reads well).

    The span stops at the sentence's junk; when the sentence is long, or does not read as a
    statement (a table row runs into it), ever narrower windows of words around the value are
    tried (:data:`_WINDOWS`). Its ends are moved onto word boundaries and off dangling punctuation.
    """
    text = item.text
    left, right = 0, len(text)
    for junk in _JUNK.finditer(text):
        if junk.end() <= start:
            left = max(left, junk.end())
        elif junk.start() >= end:
            right = min(right, junk.start())
            break
    windows = [(left, right)] if len(text[left:right].split()) <= _MAX_WORDS else []
    for before_words, after_words in _WINDOWS:
        lo, hi = left, right
        before = [m.start() for m in re.finditer(r"\S+", text[left:start])]
        if len(before) > before_words:
            lo = left + before[-before_words]
        after = [m.end() for m in re.finditer(r"\S+", text[end:right])]
        if len(after) > after_words:
            hi = end + after[after_words - 1]
        windows.append((lo, hi))
    for lo, hi in windows:
        while lo < start and (text[lo].isspace() or text[lo] in ",;:)]}-\u2013\u2014'\"."):
            lo += 1
        while hi > end and (text[hi - 1].isspace() or text[hi - 1] in ",;:([{-\u2013\u2014"):
            hi -= 1
        if readable(text[lo:hi]):
            return Found(item.source_id, item.locator, item.authority, text[lo:hi], item.context)
    return None


def _phrase_span(asked: Asked, subject: set[str], item: Found) -> Found | None:
    """For a phrase question: the span around the first focus (else subject) word of the sentence."""
    toks = tokens(item.text)
    wanted = asked.focus or frozenset(subject)
    at = next((t for t in toks if wanted & set(content_words(t.surface))), toks[0] if toks else None)
    return None if at is None else _span(item, at.start, at.end)


def _relevance(asked: Asked, subject: set[str], item: Found, span: str, value: Value | None) -> float:
    words = content_words(span)
    present = set(words)
    score = 3.0 * len(asked.focus & present) + len(subject & present)
    if subject and subject & set(content_words(item.context[:400])):
        score += 1
    if value is not None and value.dimension == "name":
        score += 1 if len(value.raw.split()) >= 2 else 0
        score += 1 if re.search(r"\bby\s+$", span[: value.start]) else 0
        score += 2 if _listed(span, value) else 0
    if value is not None and asked.focus and _near_focus(asked, span, value):
        score += 2
    if value is not None and value.dimension == "name" and _follows_subject(asked, span, value):
        score += 2
    if value is None and _defines(asked, span):
        score += 4
    if asked.wants is Wants.PHRASE and asked.focus and not asked.focus & present and not subject & present:
        return 0.0
    return score + item.rank - max(0, len(span.split()) - 30) // 10


def _listed(span: str, value: Value) -> bool:
    """A name listed with another (``Neil Armstrong and Buzz Aldrin``): the answer names them all."""
    after = re.match(r"\s*(?:,\s*|\s+)(?:and|&)\s+[A-Z]", span[value.end :])
    before = re.search(r"[A-Z][\w.'-]*\s*(?:,\s*)?\s(?:and|&)\s+$", span[: value.start])
    return after is not None or before is not None


def _near_focus(asked: Asked, span: str, value: Value) -> bool:
    """A focus word within :data:`_NEAR` words of the value, in the same clause."""
    toks = tokens(span)
    at = next((i for i, t in enumerate(toks) if t.start >= value.start), len(toks))
    for tok in toks[max(0, at - _NEAR) : at + _NEAR + 1]:
        if asked.focus & set(content_words(tok.surface)):
            lo, hi = sorted((tok.start, value.start))
            if not _CLAUSE_BREAK.search(span[lo:hi]):
                return True
    return False


def _agent(span: str, value: Value) -> bool:
    """A name that did the work the sentence is about: ``written and directed by Steve Kloves``,
    ``a live album by American punk band Butthole Surfers``, ``Joe Jackson's second album``."""
    by = re.search(r"\bby\s+(?:[\w.'-]+\s+){0,3}$", span[: value.start])
    return (by is not None and not _CLAUSE_BREAK.search(by.group())) or span.startswith("'s", value.end)


def _subject_at(asked: Asked, span: str) -> int | None:
    """Where the first of the question's subject names ends in ``span`` (None when it is absent)."""
    lowered = span.lower()
    ends = [lowered.find(name.lower()) + len(name) for name in asked.subjects if name.lower() in lowered]
    return min(ends) if ends else None


def _follows_subject(asked: Asked, span: str, value: Value) -> bool:
    """A name within eight words after the subject, in the same clause (``Interstate 235 in Iowa``):
    what the sentence says of the subject, not of something it mentions later."""
    end = _subject_at(asked, span)
    if end is None or value.start < end:
        return False
    between = span[end : value.start]
    return len(between.split()) <= 8 and not _CLAUSE_BREAK.search(between)


_COPULA = re.compile(
    r"^(?:\s*\([^()]{0,80}\))?,?[^.;]{0,60}?\b(?:is|was|are|were|refers to)\s+(?:a|an|the|one)\b", re.I
)


def _defines(asked: Asked, span: str) -> bool:
    """A definition of the subject: ``X (1841-1924) was an Italian photographer``, ``X is a
    comic book series``. It says what the subject is, which a phrase question asks."""
    end = _subject_at(asked, span)
    return end is not None and _COPULA.match(span[end:]) is not None


def _position_bonus(asked: Asked, text: str, value: Value) -> float:
    """A biography's ``(birth \u2013 death)``: the first date is the birth, the second the death."""
    if value.dimension != "time":
        return 0.0
    pair = re.search(r"\(([^()]{4,40}?)\s*[\u2013\u2014-]\s*([^()]{4,40}?)\)", text)
    if pair is None or not (pair.start() <= value.start < pair.end()):
        return 0.0
    first = value.start < pair.start(2)
    if "birth" in asked.focus:
        return 3.0 if first else -3.0
    if "death" in asked.focus:
        return -3.0 if first else 3.0
    return 0.0


def _frame(cand: Candidate) -> frozenset[str]:
    text = cand.found.text
    if cand.value is not None:
        text = text.replace(cand.value.raw, " ")
    return frozenset(w for w in content_words(text) if not any(ch.isdigit() for ch in w))


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


def _alike(a: frozenset[str], b: frozenset[str], threshold: float, *, least: int = 4, union: bool = False) -> bool:
    """Shared words over the smaller set (or over the union, for near-copies) reach ``threshold``."""
    if len(a) < least or len(b) < least:
        return False
    return len(a & b) / (len(a | b) if union else min(len(a), len(b))) >= threshold
