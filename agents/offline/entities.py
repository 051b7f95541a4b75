"""Which entity a span speaks of, when several share the question's subject name.

A name is shared (``Double Live`` is an album of three bands; ``Senator Bloomer`` is three
people); what tells the entities apart is the full name around the subject's head word (``Asa
Schoonmaker "Ace" Bloomer``, ``John Henry Bloomer``) and a qualifier after it in brackets
(``Turkey Shoot (2014 film)``) or, at a document's title, after a comma (``Kansas City Southern
Depot, Zwolle``). Two spans whose entity words are both known and neither holds the other are
*named apart*: different entities, whose different answers are no contradiction.
"""

from __future__ import annotations

import itertools
import re

from agents.offline.evidence import Found
from agents.offline.question import Asked
from agents.offline.values import Value, extract_values, values_agree
from agents.offline.words import STOP_WORDS

__all__ = ["entity_of", "named_apart", "same_dates"]

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
    head_of_passage = _head(item)
    words: set[str] = set()
    for text, title in ((item.text, False), (head_of_passage, True)):
        for head in heads:
            match = re.search(rf"(?<![\w-]){re.escape(head)}(?![\w-])", text)
            if match is not None:
                words |= _name_around(text, match.start(), match.end(), title=title)
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


def named_apart(a: frozenset[str], b: frozenset[str]) -> bool:
    """Entity words that name two different entities: both known, neither within the other."""
    return bool(a and b) and not (a <= b or b <= a)


def _head(item: Found) -> str:
    """The opening of the passage (or of its document) after its title line."""
    return item.context.split("\n", 1)[-1][:_HEAD_CHARS]


def same_dates(a: Found, b: Found) -> bool:
    """Whether two passages open with the same full date (day, month and year): one life or one
    event (``Greg Boyer (born September 25, 1958) is an American trombonist`` and ``... (born
    September 25, 1958) is an American chef``), whatever the qualifiers say. Used for answers that
    are sentences, not dates (where the date asked for would make every answer alike)."""
    mine, theirs = ([v for v in extract_values(_head(x)) if _full_date(v)] for x in (a, b))
    return any(values_agree(d, e) is True for d in mine for e in theirs)


def _full_date(value: Value) -> bool:
    return value.dimension == "time" and None not in (value.year, value.month, value.day)
