"""Sentence splitting that keeps every sentence an exact substring of its passage.

A quote is only accepted if it is found verbatim in the stored source, so a sentence is never
rebuilt from pieces: it is a ``(start, end)`` span of the passage, trimmed of surrounding space and
of leading Markdown markers (``#``, ``-``, ``*``, ``>``, ``1.``).

Where a sentence ends:

* after ``.``, ``!`` or ``?`` (and any closing quotes or brackets) followed by white space and a
  capital letter, a digit or an opening quote, or a typical opener in lower case (``... 1794. the
  bridge is``: a post written without capitals) — except after a known abbreviation (``Dr.``,
  ``e.g.``, month abbreviations...), a single initial (``Edwin E. Aldrin``) or a dotted acronym
  (``U.S.``); an acronym or ``etc.`` does end a sentence when the next word is a typical sentence
  opener (``The``, ``It``, ``In``...). Decimals (``21.5``) never qualify: no space follows the dot.
* at a blank line, at a rule (a line of ``-----``), and before a line that starts with a Markdown marker.
* after a short line without final punctuation (or ending in a colon) and not ending in a word
  like ``of``, ``the`` or ``and`` (or ``&``), followed by a capitalized line: a title or a label (``Coming home:``);
  after a line longer than a hard-wrapped one (a scraped paragraph that lost its final stop),
  followed by a line opening as a sentence; and before a line that opens with a field's label
  (``Principal investigator: Dr. Ann Holt``).
"""

from __future__ import annotations

import re
from dataclasses import dataclass

__all__ = ["FIELD_LABEL", "Sentence", "split_sentences"]

_ABBREVIATIONS = frozenset(
    """dr mr mrs ms prof st jr sr vs etc e.g i.e no nos vol fig figs approx inc ltd co corp mt gen col
    lt capt cmdr sgt gov sen rep rev jan feb mar apr jun jul aug sep sept oct nov dec est ca cf al
    dept univ assn bros ft op pp ed eds""".split()  # noqa: SIM905
)
_OPENERS = frozenset(
    """the a an it its this that these those he she they we in on at after before during when while
    but however there then as for if since by from with of to i our his her their""".split()  # noqa: SIM905
)
#: Words that join what follows to a line: it ends no title (``fined Skellan Power &`` / ``Light``).
_JOINERS = frozenset({"and", "or", "nor", "&", "+"})
_END = re.compile(r"[.!?]+[\"'\u201d\u2019)\]*_]*(?=\s)")  # closing quotes, brackets, Markdown emphasis
_BLOCK_BREAK = re.compile(
    r"\n[ \t]*\n\s*|\n[ \t]*[-=_*~]{3,}[ \t]*(?=\n|$)|\n(?=[ \t]*(?:#{1,6}\s|[-*+>]\s|\d{1,3}[.)]\s|\|))"
)  # a blank line, a rule (``-----``: a forum's posts), a Markdown marker
_MARKER = re.compile(r"(?:#{1,6}|[-*+>]|\d{1,3}[.)])\s+")
_ACRONYM = re.compile(r"(?:[A-Za-z]\.)+[A-Za-z]")
_TITLE_LINE_MAX = 70
#: A numbered paragraph's opening (``3.14 ``), and a line indented under it: its hard-wrapped text.
_NUMBERED = re.compile(r"\d{1,3}(?:\.\d{1,3})+\s+\S")
_HANGING = re.compile(r"[ \t]{2,}\S")
#: Longer than a hard-wrapped line: a paragraph of its own, ended even without its final stop (a scrape).
_WRAPPED_LINE_MAX = 100
#: A field's label and its colon, up to four words (``Principal investigator:``).
FIELD_LABEL = r"(?:\*\*|__)?[A-Z][\w()/-]*(?:[ \t]+[\w()/-]+){0,3}:(?:\*\*|__)?"  # ``**Head coach:**``
#: A line opening with a field's label (``Principal investigator: Dr. Ann Holt``): a record's line of its own.
_FIELD_LINE = re.compile(rf"{FIELD_LABEL}[ \t]+\S")
#: A row of a table laid out in columns of spaces (``2009          Cooling tower CT-2 installed``): a
#: short first cell, then a gap of two spaces or a tab. Two such lines in a row are two rows.
COLUMN_ROW = re.compile(r"[^\s|](?:[^\n|]{0,14}?\S)?(?P<gap> {2,}|\t+)[^\s|]")


#: Dots leading from a line's entry to its text, with a space before them (``9 August 2021 ....... Wreck
#: located``; not a writer's ellipsis, ``he waited... Then``), and a line laid out with them, a short
#: entry first: a row of its own (a timeline's, a table of contents').
_LEADER = re.compile(r"\.{3,}")
_LEADER_ROW = re.compile(r"\S[^\n]{0,40}?[ \t]+\.{3,}[ \t]+\S")


@dataclass(frozen=True, slots=True)
class Sentence:
    """A sentence of a passage: ``passage[start:end] == text``."""

    text: str
    start: int
    end: int


def split_sentences(passage: str) -> list[Sentence]:
    """Split ``passage`` into sentences, each an exact substring (see the module docstring).

    Args:
        passage: any text (a search hit, an excerpt, a document).

    Returns:
        The non-empty sentences in order, trimmed of white space and leading Markdown markers.
    """
    out: list[Sentence] = []
    for start, end in _blocks(passage):
        for s, e in _lines(passage, start, end):
            for ss, ee in _sentence_spans(passage, s, e):
                sentence = _trimmed(passage, ss, ee)
                if sentence is not None:
                    out.append(sentence)
    return out


def _blocks(text: str) -> list[tuple[int, int]]:
    spans: list[tuple[int, int]] = []
    at = 0
    for match in _BLOCK_BREAK.finditer(text):
        spans.append((at, match.start()))
        at = match.end()
    spans.append((at, len(text)))
    return spans


def _lines(text: str, start: int, end: int) -> list[tuple[int, int]]:
    """Cut a block after title or label lines (short, no final period, followed by a capitalized line)."""
    spans: list[tuple[int, int]] = []
    at = start
    pos = text.find("\n", start, end)
    while pos >= 0:
        line = text[at:pos].strip()
        following = text[pos + 1 : end].lstrip()
        last_word = line.rsplit(None, 1)[-1].lower() if line else ""
        open_end = line and line[-1] not in ".,;!?" and last_word not in _OPENERS | _JOINERS
        title = open_end and len(line) <= _TITLE_LINE_MAX  # all that follows the last cut: one short line
        # (not a numbered paragraph's first line, its next line indented under it: ``3.14 Five were taken
        # to St Aldric's Infirmary, Corlen`` / ``     Bridge, and two to ...``)
        title = title and not (_NUMBERED.match(line) and _HANGING.match(text, pos + 1))
        # the line itself, not the lines of a hard-wrapped paragraph since the last cut (``supplied by Gravik``
        # / ``Seed Traders.``: a name wrapped at a line's end)
        own_line = text[max(at, text.rfind("\n", at, pos) + 1) : pos].strip()
        paragraph = open_end and len(own_line) > _WRAPPED_LINE_MAX and _opens_sentence(following)
        rows = (COLUMN_ROW.match(own_line) is not None and COLUMN_ROW.match(following) is not None) or (
            _LEADER_ROW.match(own_line) is not None or _LEADER_ROW.match(following) is not None
        )
        if (
            (title and following[:1].isupper())
            or paragraph
            or rows
            or (line[-1:] not in ",;" and _FIELD_LINE.match(following))
        ):
            spans.append((at, pos))
            at = pos + 1
        pos = text.find("\n", pos + 1, end)
    spans.append((at, end))
    return spans


def _opens_sentence(text: str) -> bool:
    """``text`` opens as a sentence: a capital, or a typical opener written without it (``the plant cost``)."""
    return text[:1].isupper() or _opens_lowercase(text)


def _opens_lowercase(text: str) -> bool:
    """``text`` opens with a typical sentence opener written in lower case (``the``, ``it`` ...)."""
    word = re.match(r"[a-z]+\b", text)
    return word is not None and word.group() in _OPENERS


def _sentence_spans(text: str, start: int, end: int) -> list[tuple[int, int]]:
    spans: list[tuple[int, int]] = []
    at = start
    for match in _END.finditer(text, start, end):
        if _is_break(text, match.start(), match.end(), end):
            spans.append((at, match.end()))
            at = match.end()
    spans.append((at, end))
    return spans


def _is_break(text: str, punct: int, after: int, end: int) -> bool:
    following = text[after:end].lstrip()
    if not following:
        return True
    on_its_line = not text[after:end].lstrip(" \t").startswith("\n")
    if _LEADER.match(text, punct, after) and punct > 0 and text[punct - 1] in " \t" and on_its_line:
        return False  # ``9 August 2021 ....... Wreck located``: dots leading a line's entry to its text
    first = following[0]
    if first.islower():
        return _lowercase_start(text, punct, following)
    if not (first.isupper() or first.isdigit() or first in "\"'\u201c\u2018([#"):
        return False
    if text[punct] != ".":
        return True
    word = _word_before(text, punct)
    next_word = re.match(r"[A-Za-z]+", following)
    opener = next_word is not None and next_word.group().lower() in _OPENERS
    if word.lower() in ("etc",) or _ACRONYM.fullmatch(word):
        return opener
    if word.lower() in _ABBREVIATIONS:
        return False
    return not (len(word) == 1 and word.isupper())  # an initial: "Edwin E. Aldrin"


def _lowercase_start(text: str, punct: int, following: str) -> bool:
    """A sentence written without its capital (a forum post: ``... confirm 1794. the bridge is about
    86 m long``) starts after a full stop with a typical opener, where the word before the stop is
    no abbreviation, acronym or initial (``approx. the``, ``e.g. the``, ``p. the`` go on)."""
    if not _opens_lowercase(following):
        return False
    word = _word_before(text, punct).rstrip(".")
    return (
        len(word) > 1
        and word.lower() not in _ABBREVIATIONS
        and not _ACRONYM.fullmatch(word)
        and "." not in word  # ``example.com``, ``i.e``
    )


def _word_before(text: str, punct: int) -> str:
    at = punct
    while at > 0 and not text[at - 1].isspace() and text[at - 1] not in "([\"'\u201c\u2018":
        at -= 1
    return text[at:punct]


def _trimmed(text: str, start: int, end: int) -> Sentence | None:
    while start < end and text[start].isspace():
        start += 1
    marker = _MARKER.match(text, start, end)
    if marker is not None:
        start = marker.end()
    while end > start and text[end - 1].isspace():
        end -= 1
    if start >= end:
        return None
    return Sentence(text[start:end], start, end)
