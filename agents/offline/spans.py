"""Clean verbatim spans of messy text: what reads as a statement, and the span around a value.

Web scrapes run menus, tables and markup into sentences. A span is quoted verbatim from its
sentence and stops at the sentence's junk (``|``, bullets, arrows, ``[ edit ]``, runs of numbers);
when the sentence is long, or does not read as a statement, ever narrower windows of words around the value
are tried.
"""

from __future__ import annotations

import itertools
import re
from collections import Counter
from collections.abc import Iterable
from functools import lru_cache

from agents.offline.evidence import Found
from agents.offline.sentences import COLUMN_ROW, FIELD_LABEL
from agents.offline.values import MONTH_NAMES
from agents.offline.words import STOP_WORDS, TEXTS, content_words

__all__ = [
    "BORN_QUALIFIER",
    "CLAUSE_BREAK",
    "after_bullet",
    "clause_around",
    "clause_bounds",
    "clean_span",
    "labelled_span",
    "readable",
]

#: Where one clause ends and another begins (a value and a word across it are not related).
CLAUSE_BREAK = re.compile(r";|\s[\u2014\u2013]\s|,\s+(?:and|but|while|whereas|which)\b|\bwhile\b|\bwhereas\b")
_MAX_WORDS = 45


def clause_bounds(text: str, start: int, end: int, breaks: re.Pattern[str] = CLAUSE_BREAK) -> tuple[int, int]:
    """Where the clause holding ``text[start:end]`` starts (at the break before it) and ends, by ``breaks``."""
    opening = max((m.start() for m in breaks.finditer(text, 0, start)), default=0)
    closing = next((m.start() for m in breaks.finditer(text, end)), len(text))
    return opening, closing


def clause_around(text: str, start: int, end: int) -> str:
    """The clause of ``text`` holding ``text[start:end]`` (between :data:`CLAUSE_BREAK` marks)."""
    opening, closing = clause_bounds(text, start, end)
    return text[opening:closing]


#: Windows of words (before, after the value) tried when the whole sentence will not do.
_WINDOWS = ((18, 14), (10, 10), (6, 8))
_JUNK = re.compile(r"\s[|\u2022\u00b7^\u2190\u2192]\s|\[\s*(?:edit|citation needed|\d+)\s*\]|\s{2,}|\n")
#: A line of a paragraph wrapped at a fixed width is at least this long (a table's or a menu's rarely is).
_WRAPPED_LINE = 40
#: A work's year in brackets (``Naya Daur ( 1955 )``): twice in a span, it is a list of works.
_LISTED_YEAR = re.compile(r"\(\s*\d{4}\s*\)")
_LISTED_TIMES = 3  # a footer's list of categories says its noun this often ...
_LISTED_ENDINGS = 2  # ... and ends this many items with it
_MARKUP = re.compile(r"^\s*(?:<[a-zA-Z/!][^>]*>|[a-z_]+:\s)")  # a tag or a front-matter key line
#: A text that is one quoted string (a cited article's title: ``"Bear hunting caught in debate".``) --
#: a short one: a long one is a quotation, what someone said or moved (``"That this council has no
#: confidence in ..."``).
_QUOTED_TITLE = re.compile(r'^\s*["\u201c][^"\u201c\u201d]+["\u201d]\s*\.?\s*$')
_TITLE_WORDS = 15
#: What a scraped page wraps around its text: addresses, citation stamps, a wiki's navigation,
#: category lines and hatnotes, map coordinates (``https://...``, ``Retrieved February 20, 2025``,
#: ``Jump to content``, ``v t e``, ``Categories :``, ``For the 2015 series, see ...``, degrees and
#: minutes of a map position).
_BOILERPLATE = re.compile(
    r"https?:|://|\bwww\.|\.php\b|\bRetrieved\b|\bArchived from\b|\bJump to (?:content|navigation)\b|"
    r"\bMain menu\b|\bmove to sidebar\b|\bEdit links\b|\bAdd languages\b|(?<!\w)v t e(?!\w)|\boldid=|"
    r"\b[Cc]ategories ?:|\b[Hh]idden categories\b|\b\d{4} establishments in\b|\btable of contents\b|"
    r"\bAuthority control\b|\d+\u00b0\s?\d+\s?\u2032|"
    r"\bFor (?:the|other|more)\b[^.]{0,80},\s*see\b|\bredirects here\b",
)
#: A page's title of two or more words repeated by its first sentence (``Ola Brandt Ola Brandt is a
#: cellist``, ``487th Air Wing The 487th Air Wing is``), or of any length with a bracketed qualifier
#: between (``Hale School (Rye, Ohio) Hale School is ...``): the span starts at the second copy (one
#: word said twice is a name: *Bora Bora*).
_REPEATED_TITLE = re.compile(
    r"^\s*(?:((?:[A-Z0-9][\w.'\u2019-]*\s+){2,8})(?=(?:The\s+)?\1)|"
    r"((?:[A-Z0-9][\w.'\u2019-]*\s+){1,8})\([^()]{1,80}\)\s+(?=(?:The\s+)?\2))"
)
_CLAUSE_END = re.compile(r"[,;:.!?](?=\s|$)|\s[\u2014\u2013]\s")
_NUMBER_WORD = re.compile(r"^[\d.,%\u2212\u2013\u2014+-]+$")
#: A short text that is one whole sentence: a capital first, a full stop last, none before.
_WHOLE_SENTENCE = re.compile(r"^\s*[A-Z](?:[^.!?]|\.(?=\d))*[a-z\d%)][.!]\s*$")


@lru_cache(maxsize=TEXTS)
def readable(text: str) -> bool:
    """Whether a span reads as a statement: 5-60 words (3 for a whole sentence: *It weighs 1.4
    kilograms.*), mostly words, not a question, not a table row, not a menu, not a quoted title, not
    a list of works with their years, no web page boilerplate (an address, a citation stamp, a
    wiki's navigation)."""
    words = [w for w in text.split() if any(ch.isalnum() for ch in w)]  # "," and "|" are not words
    fewest = 3 if _WHOLE_SENTENCE.match(text) else 5
    if not fewest <= len(words) <= 60 or _MARKUP.match(text) or _BOILERPLATE.search(text):
        return False
    if _QUOTED_TITLE.match(text) and len(words) <= _TITLE_WORDS:
        return False
    if text.rstrip(" \"'\u201d)").endswith("?"):  # a question asks; it states nothing
        return False
    if len(_LISTED_YEAR.findall(text)) >= 2 or _listed_kind(words):
        return False
    numeric = sum(1 for i, w in enumerate(words) if _NUMBER_WORD.match(w) and not _dates(words, i))
    numeric += sum(1 for w in words if w.strip(",.") in MONTH_NAMES)  # a date is one number
    alphabetic = sum(1 for w in words if any(ch.isalpha() for ch in w))
    function = sum(1 for w in words if w.lower() in STOP_WORDS)
    capitalized = sum(1 for w in words if w[:1].isupper())
    # a whole sentence with a verb may be mostly names (*Born in Tarrow County, Nebraska, Vell lived in
    # Grey Harbor, Maine*, *Hale School is located in Rye, Ohio.*); a list of titles has no lowercase
    # word but function words
    said = sum(1 for w in words if w[:1].islower() and w.lower() not in STOP_WORDS)
    stated = said >= 2 or (said >= 1 and function >= 2)
    most_capitalized = 0.75 if stated and _WHOLE_SENTENCE.match(text) else 0.6
    # a short whole sentence may be a third numbers (*Mereth has 14,200 inhabitants in 2021.*)
    most_numeric = 0.4 if _WHOLE_SENTENCE.match(text) else 0.3
    return (
        numeric <= len(words) * most_numeric
        and alphabetic >= len(words) * 0.6
        and function >= max(1.0, len(words) * 0.06)  # a statement has function words; a menu has none
        and capitalized <= len(words) * most_capitalized
    )


def _dates(words: list[str], i: int) -> bool:
    """Whether the number ``words[i]`` is a day or year beside a month's name (*9 October 2017*): a
    date counts as one number, however many write it."""

    def month(j: int) -> bool:
        return 0 <= j < len(words) and words[j].strip(",.") in MONTH_NAMES

    day_before = i >= 1 and words[i - 1].strip(",").isdigit() and month(i - 2)  # *August 29, 2009*
    return month(i - 1) or month(i + 1) or day_before


def _listed_kind(words: list[str]) -> bool:
    """A list of categories, as a page's footer gives them: one common noun again and again, each
    time ending an item that the next capitalized one follows (``comedy films British comedy films
    English-language comedy films``); a sentence that says its noun thrice goes on after it
    (``the population of ...``, ``football season``)."""
    ending = Counter(
        w
        for w, after in itertools.pairwise(words)
        if w.isalpha() and w.islower() and w not in STOP_WORDS and after[:1].isupper()
    )
    said = Counter(w.lower() for w in words)
    return any(n >= _LISTED_ENDINGS and said[w] >= _LISTED_TIMES for w, n in ending.items())


#: A title's qualifier that gives a birth year: a kind and *born* (``(footballer, born 1978)``).
BORN_QUALIFIER = r"[a-z][\w\s-]{0,30},\s*born\s+"
#: What a title's qualifier writes before a value it holds: an article (``(The Killers album)``) or
#: :data:`BORN_QUALIFIER`.
_QUALIFIER_OPENING = rf"(?:[Tt]he\s+|{BORN_QUALIFIER})?"


def titled_span(item: Found, names: Iterable[str], start: int, end: int) -> Found | None:
    """A title with its bracketed qualifier holding ``[start:end]`` (``Revisited (Eartha Kitt
    album)``, ``Arne Lid (footballer, born 1978)``), one of ``names`` before the bracket: a page's
    title states what the work is, or when the person was born, though it reads as no sentence."""
    close = item.text.find(")", end)
    for name in names:
        opening = re.search(rf"(?<!\w){re.escape(name)}\s*\(\s*{_QUALIFIER_OPENING}$", item.text[:start], re.IGNORECASE)
        if opening is not None and close >= 0 and ")" not in item.text[end:close]:
            return Found(
                item.source_id, item.locator, item.authority, item.text[opening.start() : close + 1], item.context
            )
    return None


def _soft_wrap(text: str, context: str, at: int, junk: re.Match[str]) -> bool:
    """Whether a line break of ``text`` (at ``at`` in ``context``, -1 when not found there) is a
    paragraph's wrapping: after a word, before a word, the line it ends (read in the passage) at
    least :data:`_WRAPPED_LINE` long, or the next line going on in lower case (*It began on / 14
    March 1953, when ...*)."""
    if junk.group().strip(" \t") != "\n" or not 0 < junk.start() < len(text) - 1:
        return False  # (a line break with the next line's indent: ``Corlen\n     Bridge``)
    before, after = text[junk.start() - 1], text[junk.end() :].lstrip(" \t")[:1]
    if not (before.isalnum() or before in ",;)") or not (after.isalnum() or after == "("):
        return False
    if after.islower():
        return True
    source, offset = (context, at) if at >= 0 else (text, 0)
    line_end = offset + junk.start()
    return line_end - (source.rfind("\n", 0, line_end) + 1) >= _WRAPPED_LINE


def labelled_span(item: Found, labels: frozenset[str], start: int, end: int) -> Found | None:
    """A list's line that gives a field and its value (``- Schools: £17.9 million``, ``altitude 880
    m``): the whole line, when it is a line of its own in the passage, a few words long, its label
    (before the value) holds one of ``labels`` and nothing follows the value. A fact sheet's line
    reads as no sentence, but says what its label names."""
    text = item.text.strip()
    line = after_bullet(text).strip()
    before = after_bullet(item.text[:start])
    label = before.rstrip(": ")
    field = _FIELD_LABEL.fullmatch(before) is not None
    rest = item.text[end:].strip(" .;")
    if not label or len(line.split()) > (_FIELD_WORDS if field else _LABELLED_WORDS):
        return None
    if rest and not (field and _APPOSITION.fullmatch(item.text[end:].rstrip(" .;"))):
        return None  # ``Principal investigator: Dr. Ann Holt, Headache Unit, Aarhus``: her affiliation may follow
    own_line = rf"(?m)^\s*(?:[-*\u2022\u00b7]\s*)*{re.escape(line)}\s*$"  # ``- **Head coach:** ...``
    if line in item.context and not re.search(own_line, item.context):
        return None  # not a line of its own: a label inside a scraped run of text (a claim is read alone)
    if not any(_labels_word(word, labels) for word in content_words(label)):
        return None
    return Found(item.source_id, item.locator, item.authority, line, item.context)


def _labels_word(word: str, labels: frozenset[str]) -> bool:
    """Whether a label's word is one of ``labels`` or the one who does it (*Reviewer* of *review*,
    *Investigator* of *investigat*)."""
    return word in labels or any(
        word.startswith(label) and _AGENT_ENDING.fullmatch(word, len(label)) for label in labels
    )


#: What turns an act into the one who does it (*review-er*, *investigat-or*, *organis-er*).
_AGENT_ENDING = re.compile(r"e?[eo]r")


_LABELLED_WORDS = 6


def after_bullet(text: str) -> str:
    """``text`` without the bullets, dashes, asterisks and spaces opening it (``- **Home venue:**``
    -> ``Home venue:**``): a list's line as its label begins."""
    return text.lstrip("-*\u2022\u00b7 ")


#: A field's label and colon (``Principal investigator:``) before its value; the line up to 16 words.
_FIELD_LABEL = re.compile(rf"{FIELD_LABEL}\s+")
_FIELD_WORDS = 16
#: What may follow a field's value: places and bodies after commas or *and* (``, Danish Headache
#: Unit, Copenhagen``, ``and the Old Ropewalk, Halvercombe``), no clause, and a note in brackets.
_APPOSITION = re.compile(
    r"(?:(?:,\s*|\s+(?:and|&)\s+(?:the\s+)?)[A-Z][\w.'&-]*(?:\s+(?:[A-Z][\w.'&-]*|of|and|for|the|de))*)+"
    r"(?:\s*\([^()]{1,40}\))?"
    r"|\s*\([^()]{1,40}\)"  # or a note in brackets: ``Gareth Lowndes (since 2019)``
)


def _without_dangling_words(text: str, end: int, hi: int) -> int:
    """Where a window cut mid-clause should end: before the function words it was cut after (``...
    after the exceptional rainfall, and that this was``), and the punctuation before them."""
    trimmed = hi
    while trimmed > end:
        last = re.search(r"(?:^|\s)([\w'-]+)\s*$", text[end:trimmed])
        if last is None or last.group(1).lower() not in STOP_WORDS:
            break
        trimmed = end + last.start(1)
        while trimmed > end and (text[trimmed - 1].isspace() or text[trimmed - 1] in ",;:([{-\u2013\u2014"):
            trimmed -= 1
    return trimmed if trimmed > end else hi


def clean_span(item: Found, start: int, end: int) -> Found | None:
    """A clean verbatim span of ``item.text`` holding ``[start:end]`` (None when none reads well).

    The span stops at the sentence's junk and starts after a page title its sentence repeats; when
    the sentence is long, or does not read as a statement (a table row runs into it), ever narrower
    windows of words around the value are tried (:data:`_WINDOWS`); a window that ends where its
    clause does (within eight more words) is tried before the bare window. Its ends are moved onto
    word boundaries and off dangling punctuation.
    """
    return _clean_span(item, item.context, start, end)


@lru_cache(maxsize=TEXTS)
def _clean_span(item: Found, context: str, start: int, end: int) -> Found | None:
    text = item.text
    repeated = _REPEATED_TITLE.match(text)
    left, right = (repeated.end() if repeated and repeated.end() <= start else 0), len(text)
    at = context.find(text) if "\n" in text else -1  # where the sentence stands, for its lines' lengths
    row = COLUMN_ROW.match(text)  # ``2 May 2023   Full timetable restored``: a row's first gap parts its cells
    for junk in _JUNK.finditer(text):
        if _soft_wrap(text, context, at, junk) or (row is not None and junk.start() == row.start("gap")):
            continue
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
            clause = _CLAUSE_END.search(text, hi, min(right, end + after[min(len(after), after_words + 8) - 1]))
            if clause is not None:  # end where the clause does, not mid-phrase
                windows.append((lo, clause.start()))
        windows.append((lo, hi))
    for lo, hi in windows:
        while lo < start and (text[lo].isspace() or text[lo] in ",;:)]}-\u2013\u2014'\"."):
            lo += 1
        while hi > end and (text[hi - 1].isspace() or text[hi - 1] in ",;:([{-\u2013\u2014"):
            hi -= 1
        hi = _without_dangling_words(text, end, hi)
        if readable(text[lo:hi]):
            return Found(item.source_id, item.locator, item.authority, text[lo:hi], item.context)
    return None
