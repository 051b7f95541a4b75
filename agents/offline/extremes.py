"""Superlatives over a table: *Which model is the lightest?*, *Which branch has the most visits?*

A superlative asks which row of a list holds the extreme value of one measure. A table states every
row's value under one header, so the answer is read there: the column whose header names the
measure (the noun after the superlative -- *the largest battery* -- or the measure the adjective
speaks of: *lightest* a weight, *cheapest* a price, *oldest* a year), and the row whose cell holds
the greatest (or least) amount. A list of like lines (``- Nordby branch, opened 1956``) is read the
same way, its words but the amount standing for the header. A sentence that merely says *light* or
*big* is no answer.

The same lists answer *which* item did what a question names (*Which branch opened in 1974?*): the
line stating that value in the question's words (:func:`lines_stating`).

And they answer *which things* a question asks as a whole (*Which model families make up the
range?*): a table whose first column's header names them (*| Model | Type | Introduced |*), every
row an item (:func:`members_in`).

The measures an adjective speaks of are listed here (general knowledge, as units are).
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass, replace
from typing import Any, TypeVar

from agents.offline.tables import (
    LIST_MARKER,
    Cell,
    header_name,
    header_unit,
    header_words,
    table_around,
    table_cells,
)
from agents.offline.values import Value, extract_values, values_agree
from agents.offline.words import content_words

__all__ = [
    "Extreme",
    "Extremum",
    "extreme_asked",
    "extreme_cells",
    "extremes_in",
    "lines_stating",
    "members_in",
    "row_asked",
    "several_asked",
    "singular",
]

_Ranked = TypeVar("_Ranked", bound=tuple[Any, ...])  # a row with its amount first
#: Header words naming a thing's date (*oldest*, *newest*, *first*, *latest* read them).
_DATED = "year date opened founded built released established launched"
#: Superlative -> (the header words of the measure it speaks of, whether the greatest amount is asked).
_SUPERLATIVES: dict[str, tuple[str, bool]] = {
    "lightest": ("weight", False),
    "heaviest": ("weight", True),
    "cheapest": ("price cost", False),
    "dearest": ("price cost", True),
    "oldest": (_DATED, False),
    "earliest": (_DATED, False),
    "first": (_DATED, False),
    "newest": (_DATED, True),
    "latest": (_DATED, True),
    "youngest": (_DATED, True),
    "largest": ("size area capacity population", True),
    "biggest": ("size area capacity population", True),
    "smallest": ("size area capacity population", False),
    "tallest": ("height", True),
    "highest": ("height", True),
    "lowest": ("height", False),
    "longest": ("length duration", True),
    "shortest": ("length duration", False),
    "fastest": ("speed", True),
    "slowest": ("speed", False),
    "widest": ("width", True),
    "deepest": ("depth", True),
}
#: *most* / *least* with an adjective: the measure it speaks of.
_MOST_ADJECTIVE: dict[str, str] = {"expensive": "price cost", "populous": "population", "recent": _DATED}
_ASKED = re.compile(
    r"^\s*(?:which|what)\b[^?]*?\b(?:is|was|are|were|has|had|have)\s+the\s+"
    r"(?:(?P<most>most|least|fewest)\s+(?P<word>[a-z]+)|(?P<sup>[a-z]+est|first|latest)(?![\w-]))(?:\s+(?P<noun>[a-z]+))?",
    re.IGNORECASE,
)


@dataclass(frozen=True)
class Extreme:
    """What a superlative asks: the header words of its measure, and whether the greatest amount is asked."""

    measure: frozenset[str]
    greatest: bool
    said: str = ""  # the superlative as asked (*lightest*, *most expensive*)
    stated: str = "is the answer"  # what the question asks the row to be or have done (*is the lightest*)

    def said_in(self, text: str) -> bool:
        """Whether ``text`` says the superlative asked: a sentence that does not is no answer."""
        return re.search(rf"\b{re.escape(self.said)}\b", text, re.IGNORECASE) is not None


#: *Which branch opened first?*, *Which model came out last?*, *Which hut opened most recently?*: a
#: superlative of when, asked with a verb (not a rank: *finished first*, *placed first*).
_FIRST_OR_LAST = re.compile(
    r"^\s*which\s+(?:[a-z]+\s+){1,2}?(?P<what>(?:(?:was|were)\s+)?"
    r"(?P<verb>(?!(?:finished|placed|ranked|scored|rated|voted)\b)[a-z]+ed|came\s+out|began|arrived)\s+"
    r"(?P<end>first|last|earliest|latest|most\s+recently))\s*\??\s*$",
    re.IGNORECASE,
)
#: The ends of :data:`_FIRST_OR_LAST` that ask for the latest date.
_LATEST = frozenset({"last", "latest", "most recently"})
#: What a superlative asks the row to be or have, in the question's words: *is the lightest*, *has
#: the largest battery*.
_STATED = re.compile(
    r"^\s*(?:which|what)\b[^?]*?\b(?P<verb>is|was|are|were|has|had|have)\s+(?P<what>the\s[^?]+?)\s*\??\s*$", re.I
)
_SINGULAR = {"are": "is", "were": "was", "have": "has"}


def singular(verb: str) -> str:
    """A verb as one thing does it (*are* -> *is*, *have* -> *has*): a conclusion names one winner."""
    return _SINGULAR.get(verb.lower(), verb.lower())


#: *Which release has been downloaded the most?*: the measure its verb names, the most or the least of it.
_VERBED_MOST = re.compile(
    r"^\s*which\s+(?:[\w.-]+\s+){1,3}?(?P<what>(?:(?:has|have)\s+been\s+|(?:was|were|is|are)\s+)?"
    r"(?P<verb>[a-z]+ed)\s+the\s+(?P<most>most|least))\s*\??\s*$",
    re.IGNORECASE,
)


def extreme_asked(question: str) -> Extreme | None:
    """The measure and direction a superlative question asks (None when it asks none)."""
    verbed = _VERBED_MOST.match(question)
    if verbed is not None:
        said = " ".join(verbed.group("what").split())
        return Extreme(
            frozenset(content_words(verbed.group("verb"))), verbed.group("most").lower() == "most", said, said
        )
    when = _FIRST_OR_LAST.match(question)
    if when is not None:  # the date of the act asked, or any date: *first* the earliest
        measure = frozenset(content_words(_DATED)) | frozenset(content_words(when.group("verb")))
        end = " ".join(when.group("end").lower().split())
        latest = end in _LATEST  # *opened first*, *was released last*, *opened most recently*
        return Extreme(measure, latest, end, " ".join(when.group("what").split()))
    extreme = _superlative(question)
    stated = _STATED.match(question)
    if extreme is None or stated is None:
        return extreme
    return replace(extreme, stated=f"{singular(stated['verb'])} {stated['what']}")


def _superlative(question: str) -> Extreme | None:
    """The measure and direction of *is the lightest*, *has the most visits* (None when none is asked)."""
    match = _ASKED.match(question)
    if match is None or re.match(r"\s+of\b", question[match.end() :]):
        return None  # *the latest version of Inkwell* asks what that version is, not which row
    noun = frozenset(content_words(match.group("noun") or ""))
    if match.group("most"):
        greatest = match.group("most").lower() == "most"
        word = match.group("word").lower()
        if word in _MOST_ADJECTIVE:
            return Extreme(frozenset(content_words(_MOST_ADJECTIVE[word])), greatest, f"{match.group('most')} {word}")
        return Extreme(
            frozenset(content_words(word)) | noun, greatest, f"{match.group('most')} {word}"
        )  # *most visits*
    superlative = match.group("sup").lower()
    if superlative not in _SUPERLATIVES:
        return None
    words, greatest = _SUPERLATIVES[superlative]
    # the noun after it may name the measure (*the largest battery*) or the thing (*the oldest model*)
    return Extreme(noun | frozenset(content_words(words)), greatest, superlative)


@dataclass(frozen=True)
class Extremum:
    """The row a superlative asks for: its label, what its measure is called, its amount as written,
    where the label stands in the text read, and the block (a table, a list) showing it is the extreme."""

    label: str
    measure: str  # a column's header without its unit (``weight``), or a list's words (``opened``)
    amount: str  # as written, with the header's unit (``182 g``)
    label_at: int
    block: tuple[int, int]


def extremes_in(extreme: Extreme, text: str) -> list[Extremum]:
    """Per table and per list of like lines in ``text`` (``- Nordby branch, opened 1956``), the row
    whose amount of the measure asked is the extreme asked (none on a tie, or where a row of the
    measure states no amount)."""
    out = []
    for cell in extreme_cells(extreme, text):
        unit = header_unit(cell.header)
        amount = text[cell.start : cell.end].strip() + (f" {unit}" if unit else "")
        at = text.find(cell.row_label, text.rfind("\n", 0, cell.start) + 1)
        out.append(Extremum(cell.row_label, header_name(cell.header), amount, at, table_around(text, cell.start)))
    return out + _list_extremes(extreme, text)


#: A list's line that gives an item and a fact of it: ``- Nordby branch, opened 1956``, ``2. Lia: built 2001``.
_LIST_LINE = re.compile(
    rf"^[ \t]*{LIST_MARKER}[ \t]+(?P<label>[^,:;\n]{{2,60}}?)[ \t]*[,:;][ \t]*(?P<rest>[^\n]{{1,80}}?)[ \t]*$",
    re.MULTILINE,
)


def _list_extremes(extreme: Extreme, text: str) -> list[Extremum]:
    """The extreme line of each run of two or more list lines that say the measure asked in one
    template (their words but the amount: ``opened``)."""
    out = []
    for block in _list_blocks(text):
        rows = []
        for line in block:
            rest = line["rest"]
            value = next((v for v in extract_values(rest) if v.amount is not None or v.year is not None), None)
            if value is None:
                break  # a line of the list states no amount: no extreme can be told
            amount = value.amount if value.amount is not None else float(value.year or 0)
            words = rest[: value.start] + rest[value.end :]
            rows.append((amount, line, words.strip(" ,;:."), value.raw))
        else:
            templates = {frozenset(content_words(words)) for _, _, words, _ in rows}
            if len(templates) != 1 or not extreme.measure & next(iter(templates)):
                continue
            top = _extreme_of(rows, greatest=extreme.greatest)
            if top is not None:
                _, line, words, raw = top
                span = (block[0].start(), block[-1].end())
                out.append(Extremum(line["label"].strip(), words, raw, line.start("label"), span))
    return out


#: *Which branch opened in 1974?*: which item of a list a fact names (its noun, then the fact's verb).
_ROW_ASKED = re.compile(r"^\s*which\s+[a-z]+\s+(?:was\s+|were\s+)?[a-z]+ed\b", re.IGNORECASE)


def row_asked(question: str) -> Value | None:
    """The amount or year a *which <noun> <did> ... <value>* question names, when it asks which item
    of a list did it (*Which branch opened in 1974?* -> 1974); None otherwise."""
    if _ROW_ASKED.match(question) is None:
        return None
    return next((v for v in extract_values(question) if v.year is not None or v.amount is not None), None)


def lines_stating(focus: frozenset[str], value: Value, text: str) -> list[Extremum]:
    """The lines of the lists of like lines in ``text`` that state ``value`` in words of ``focus``
    (``- Haugen branch, opened 1974`` for *Which branch opened in 1974?*), each quoted alone."""
    out = []
    for block in _list_blocks(text):
        for line in block:
            rest = line["rest"]
            stated = next((v for v in extract_values(rest) if v.amount is not None or v.year is not None), None)
            if stated is None or not focus & set(content_words(rest[: stated.start] + rest[stated.end :])):
                continue
            if values_agree(stated, value) is True:
                label = line["label"].strip()
                out.append(Extremum(label, "", stated.raw, line.start("label"), (line.start(), line.end())))
    return out


#: A question asking for several things (*What colours ...?*, *Which model families make up ...?*,
#: *What are the laboratory's field sites?*, *What were the names of her children?*): the plural noun
#: it asks and up to two words before it.
_SEVERAL = re.compile(
    r"^\s*(?:(?:what|which)\s+(?:(?:were|are)\s+(?:the\s+)?(?:names\s+of\s+(?:[\w'\u2019-]+\s+){0,4}?"
    r"|[\w-]+(?:'s|\u2019s)\s+)?)?"
    r"|(?:name|list|identify)\s+(?:all\s+)?(?:of\s+)?(?:the\s+)?(?:names\s+of\s+(?:the\s+)?)?"
    r"|give\s+(?:the\s+)?names\s+of\s+(?:all\s+)?(?:the\s+)?)"
    r"(?P<things>(?:(?!(?:is|was|are|were|does|did|has|had)\b)[a-z-]+\s+){0,3}?"
    r"(?!(?:is|was|does|has)\b)(?:[a-z]{2,}(?:ies|s)|children|people|women|men))\b(?!\s*(?:'s|\u2019s))",
    re.IGNORECASE,
)


_HEADER_WORDS = 3
_NAMED_ITEM = re.compile(r"\W*[A-Za-z]")


def several_asked(question: str) -> tuple[str, ...]:
    """The words of the things a question asks as a whole (*model families*: its noun last), or none."""
    m = _SEVERAL.match(question)
    return tuple(content_words(m.group("things"))) if m is not None else ()


def members_in(things: frozenset[str], text: str) -> list[Extremum]:
    """Per table in ``text`` whose first column's header names ``things`` (*Site* for *field sites*), its
    first row's label, quoting the whole table: every row is one of the things asked."""
    out: list[Extremum] = []
    for cell in table_cells(text):
        header_at = table_around(text, cell.start)[0]
        first = content_words(text[header_at : text.find("|", text.find("|", header_at) + 1)])
        if len(first) > _HEADER_WORDS or not things & set(first) or any(e.block[0] == header_at for e in out):
            continue  # a column of the things asked is headed by their noun (*Site*), not a sentence
        if not _NAMED_ITEM.match(cell.row_label):
            continue  # its rows name things (*Alder*), not years or figures
        at = text.find(cell.row_label, text.rfind("\n", 0, cell.start) + 1)
        out.append(Extremum(cell.row_label, "", "", at, table_around(text, cell.start)))
    return out


def _list_blocks(text: str) -> list[list[re.Match[str]]]:
    """Runs of two or more list lines one right after another."""
    blocks: list[list[re.Match[str]]] = []
    for line in _LIST_LINE.finditer(text):
        if blocks and text[blocks[-1][-1].end() : line.start()].strip() == "":
            blocks[-1].append(line)
        else:
            blocks.append([line])
    return [b for b in blocks if len(b) >= 2]


def extreme_cells(extreme: Extreme, text: str) -> list[Cell]:
    """Per table in ``text``, the cell under the column of the measure asked whose amount is the
    extreme asked (none where two rows tie, or a cell of the column holds no amount)."""
    columns: dict[tuple[str, int], list[tuple[float, Cell]]] = {}
    unread: set[tuple[str, int]] = set()
    for cell in table_cells(text):
        if not extreme.measure & header_words(cell.header):
            continue
        key = (cell.header, text.rfind("\n|", 0, cell.span_start))  # one column of one table
        amount = _amount(text[cell.start : cell.end])
        if amount is None:
            unread.add(key)
        else:
            columns.setdefault(key, []).append((amount, cell))
    extremes = [_extreme_of(cells, greatest=extreme.greatest) for key, cells in columns.items() if key not in unread]
    return [top[1] for top in extremes if top is not None]


def _extreme_of(rows: Sequence[_Ranked], *, greatest: bool) -> _Ranked | None:
    """The row (amount first) with the greatest or least amount, of two or more; None on a tie."""
    if len(rows) < 2:
        return None
    ranked = sorted(rows, key=lambda row: row[0], reverse=greatest)
    return ranked[0] if ranked[0][0] != ranked[1][0] else None


def _amount(cell: str) -> float | None:
    """The amount a cell states: its first quantity, or its year."""
    for value in extract_values(cell):
        if value.amount is not None:
            return value.amount
        if value.year is not None:
            return float(value.year)
    number = re.fullmatch(r"\s*(\d[\d,]*(?:\.\d+)?)\s*", cell)
    return float(number.group(1).replace(",", "")) if number else None
