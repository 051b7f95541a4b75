"""Tables: the rows of a Markdown table (and of an HTML one, which the corpus writes the same way).

A table's cell says nothing alone (``| 2022 | 5.6 million | £47 million |``): its meaning is its row's
label (the first cell, or another that names the row: *| 2 | North Star | Anna Holm |*) and its
column's header (the first row). :func:`table_cells` reads every
cell with both, and the verbatim span that shows them together -- from the header line down to the
cell's row, when the rows in between are few (else the row alone) -- which is what a claim quotes.
"""

from __future__ import annotations

import itertools
import re
from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache

from agents.offline.words import TEXTS, content_words

__all__ = [
    "LIST_MARKER",
    "Cell",
    "column_readings",
    "header_and_row",
    "header_name",
    "header_words",
    "header_unit",
    "is_separator",
    "is_table",
    "list_lines",
    "opens_list",
    "opens_row",
    "row_readings",
    "rows_as_lines",
    "table_cells",
    "without_list_marker",
]

#: A table line: cells between ``|`` marks.
_ROW = re.compile(r"^[ \t]*\|.*\|[ \t]*$", re.MULTILINE)
#: A Markdown table's separator line (``|---|--:|``).
_SEPARATOR = re.compile(r"[ \t]*\|[\s|:-]*-[\s|:-]*\|[ \t]*")
#: Rows between the header and a cell's row beyond which the span is the row alone.
_NEAR_HEADER = 6


@dataclass(frozen=True)
class Cell:
    """One cell of a table: ``text[start:end]`` of the text it was read from."""

    row_label: str  # the row's first cell
    header: str  # the column's header
    start: int
    end: int
    span_start: int  # the verbatim span that shows the header and the row (or the row alone)
    span_end: int
    others: tuple[str, ...] = ()  # the row's other cells (the first among them): what else names the row
    columns: int = 0  # how many cells the row has (two: a fact box's label and value, ``| Height | 84 m |``)
    header_start: int = -1  # where the table's header line starts


def opens_row(text: str) -> bool:
    """Whether ``text`` opens as a table line does (``| Vela S3 | 2024 | ...``): a row, or a table
    quoted from its header."""
    return text.lstrip().startswith("|")


#: A list's marker opening a line (``-``, ``*``, ``\u2022``, ``2.``, ``3)``), or its line once run into one.
LIST_MARKER = r"(?:[-*\u2022]|\d{1,2}[.)])"
_LIST_MARKER = re.compile(rf"(?:^|\s){LIST_MARKER}\s")


def opens_list(text: str) -> bool:
    """Whether ``text`` opens as a list's line does (``- Nordby branch, opened 1956``, ``2. Lia``)."""
    return _LIST_MARKER.match(text.lstrip()) is not None


def without_list_marker(text: str) -> str:
    """``text`` without the list marker opening it (``- Haugen branch`` -> ``Haugen branch``)."""
    return re.sub(rf"^{LIST_MARKER}\s+", "", text)


def list_lines(text: str) -> int:
    """How many list lines ``text`` quotes (its markers, its white space collapsed or not)."""
    return len(_LIST_MARKER.findall(text)) if opens_list(text) else 0


def is_table(text: str) -> bool:
    """Whether ``text`` is a table's header and rows, whole (a quoted span of one: it reads as its cells)."""
    return opens_row(text) and bool(_cells(text))


def table_cells(text: str) -> list[Cell]:
    """Every cell of every table in ``text`` but the first column's (see the module docstring)."""
    return list(_cells(text))


@lru_cache(maxsize=TEXTS)
def _cells(text: str) -> tuple[Cell, ...]:
    out: list[Cell] = []
    for table in _tables(text):
        header, rows = table[0], [r for r in table[1:] if not _SEPARATOR.fullmatch(text[r[0] : r[1]])]
        names = [text[s:e].strip() for s, e in _split(text, *header)]
        for n, (row_start, row_end) in enumerate(rows):
            cells = _split(text, row_start, row_end)
            if len(cells) < 2:
                continue
            label = text[cells[0][0] : cells[0][1]].strip()
            span_start = header[0] if n < _NEAR_HEADER else row_start
            texts = [text[s:e].strip() for s, e in cells]
            for i, (start, end) in enumerate(cells[1:], start=1):
                if i < len(names) and text[start:end].strip():
                    others = tuple(t for j, t in enumerate(texts) if j != i and t)
                    out.append(Cell(label, names[i], start, end, span_start, row_end, others, len(cells), header[0]))
    return tuple(out)


def is_separator(line: str) -> bool:
    """Whether ``line`` is a Markdown table's separator (``|---|--:|``), or blank."""
    return not line.strip() or _SEPARATOR.fullmatch(line) is not None


def rows_as_lines(pieces: Sequence[str]) -> str | None:
    """Table lines quoted apart (a header and a row, :func:`header_and_row`) as one table's text,
    so the row reads under its header; None where the pieces are fewer than two or not all rows."""
    return "\n".join(pieces) if len(pieces) >= 2 and all(opens_row(p) for p in pieces) else None


def header_and_row(text: str, cell: Cell) -> tuple[str, str] | None:
    """The header line and the cell's row line as two verbatim pieces of ``text``, where other rows
    stand between them (``| year | vessel | punctuality |`` and ``| 2020 | Aldra Wren | 96.1 |``,
    not the 2017-2019 rows too; the header's separator line goes with it); None where the row
    follows the header (and its separator)."""
    if cell.header_start < 0:
        return None
    header_end = text.find("\n", cell.header_start, cell.start)
    row_start = text.rfind("\n", cell.header_start, cell.start) + 1
    if header_end < 0 or row_start <= header_end:
        return None
    separator_end = text.find("\n", header_end + 1, row_start)
    if separator_end > 0 and _SEPARATOR.fullmatch(text[header_end + 1 : separator_end]):
        header_end = separator_end  # the header with its ``|---|---|`` line, as a Markdown table writes it
    if all(is_separator(line) for line in text[header_end + 1 : row_start].splitlines()):
        return None
    return text[cell.header_start : header_end], text[row_start : cell.span_end]


def row_readings(text: str, row: str = "", columns: frozenset[str] = frozenset()) -> list[tuple[str, str]]:
    """Each data row of the tables in ``text`` read as a sentence, with its label: ``| Vela S3 | 5000
    | 191 |`` under ``| Model | Battery (mAh) | Weight (g) |`` reads ``Vela S3: battery 5000 mAh;
    weight 191 g.`` (a header's bracketed unit goes after the cell's number), so a claim check can
    weigh a cell as it weighs a sentence. With ``row``, only the rows written as that line; with
    ``columns`` (stemmed words), only the cells under a header that says one (``Vela S3: weight 191
    g.``), and no row where none does."""
    rows: dict[tuple[int, int], list[Cell]] = {}
    for cell in _cells(text):
        rows.setdefault((cell.span_start, cell.span_end), []).append(cell)
    out = []
    for cells in rows.values():
        line = text[text.rfind("\n", 0, cells[0].start) + 1 : cells[-1].end].strip()
        if row and not line.startswith(row.strip().rstrip("|").strip()):
            continue
        parts = []
        for cell in cells:
            unit = header_unit(cell.header)
            name = header_name(cell.header)
            if columns and not columns & set(content_words(name)):
                continue
            value = text[cell.start : cell.end]
            count = _BARE_COUNT.fullmatch(value) if not unit and cell.columns == 2 else None
            if count is not None and _COUNTED.fullmatch(cell.row_label):
                # ``| Locks | 27 |``: 27 locks; ``| Musicians | 104 (full-time) |``: 104 musicians (full-time)
                value = f"{count['count']} {cell.row_label.strip(' *').lower()}{count['note'] or ''}"
            if _under_generic_header(cell):
                name = ""  # ``| Field | Value |``: the row's label says what its value is
            parts.append(f"{name} {value}".strip() + (f" {unit}" if unit else ""))
        if parts:
            title = _box_title(text, cells[0].start) if cells[0].columns == 2 else ""
            # under a header naming nothing, the label and its value read as one (``First seen 9 April 2024``)
            joint = " " if _under_generic_header(cells[-1]) else ": "
            out.append((cells[0].row_label, f"{title}{cells[0].row_label}{joint}{'; '.join(parts)}."))
    return out


#: A fact box's header over its values that names nothing (``| Field | Value |``).
_GENERIC_HEADERS = frozenset({"value", "values", "detail", "details", "information", "info", "data", "description"})


def _under_generic_header(cell: Cell) -> bool:
    """Whether ``cell`` is a two-column fact box's value under a header naming nothing."""
    return cell.columns == 2 and header_name(cell.header).strip(" *").lower() in _GENERIC_HEADERS


#: A fact box's cell that is a bare count, perhaps with a bracketed note (``104 (full-time
#: establishment)``), and a label that names what it counts (a plural noun).
_BARE_COUNT = re.compile(r"\s*\**(?P<count>\d{1,3}(?:,\d{3})*)\**(?P<note>\s*\([^()]*\))?\s*")
_COUNTED = re.compile(r"\s*\**[A-Za-z]+[^s\W]s\**\s*")


def _box_title(text: str, at: int) -> str:
    """A fact box's title, as a reading's opening (``Callowford Canal -- ``): the name its header row
    gives with an empty second cell (``| Callowford Canal | |``); else empty."""
    first = first_row_cells(text, at)
    if len(first) != 2 or first[1] or not first[0].strip(" *"):
        return ""
    return f"{first[0].strip(' *')} -- "


def first_row_cells(text: str, at: int) -> list[str]:
    """The cells of the first line of the table holding ``text[at]`` (its header row, or a fact box's
    title row ``| Callowford Canal | |``), their spaces stripped; none where that line is no table row."""
    start, _ = table_around(text, at)
    first = text[start:].split("\n", 1)[0]
    return [cell.strip() for cell in first.strip().strip("|").split("|")] if opens_row(first) else []


def table_around(text: str, at: int) -> tuple[int, int]:
    """Where the table holding ``text[at]`` starts and ends: its lines that open with ``|``, whole
    (what shows a row's value to be the extreme is every row)."""
    start = text.rfind("\n", 0, at) + 1
    while start > 0 and text[text.rfind("\n", 0, start - 1) + 1 : start].lstrip().startswith("|"):
        start = text.rfind("\n", 0, start - 1) + 1
    end = text.find("\n", at)
    end = len(text) if end < 0 else end
    while end < len(text) and text[end + 1 :].lstrip(" \t").startswith("|"):
        following = text.find("\n", end + 1)
        end = len(text) if following < 0 else following
    return start, end


def column_readings(text: str) -> list[tuple[str, str]]:
    """Each column of the tables in ``text`` read as a sentence about its header, with the header:
    a table of models side by side (``| Specification | Vela S2 | Vela S3 |`` over ``| Weight (g) |
    188 | 191 |``) reads ``Vela S3: weight 191 g.`` -- the row labels name the measures."""
    columns: dict[str, list[Cell]] = {}
    for cell in _cells(text):
        columns.setdefault(cell.header, []).append(cell)
    out = []
    for header, cells in columns.items():
        parts = []
        for cell in cells:
            unit = header_unit(cell.row_label)
            value = text[cell.start : cell.end].strip()
            parts.append(f"{header_name(cell.row_label)} {value}" + (f" {unit}" if unit else ""))
        if header.strip() and parts:
            out.append((header.strip(), f"{header.strip()}: {'; '.join(parts)}."))
    return out


#: A unit in brackets at the end of a column's header: ``Price (EUR)``, ``Weight (g)``.
_UNIT = re.compile(r"\s*\(\s*([^()\d]{1,12}?)\s*\)\s*$")


def header_name(header: str) -> str:
    """A column's header without its bracketed unit, in lower case (``Weight (g)`` -> ``weight``),
    an abbreviation written out (``Pts`` -> ``points``)."""
    name = _UNIT.sub("", header).strip().lower()
    return _ABBREVIATED.get(name.rstrip("."), name)


def header_words(header: str) -> frozenset[str]:
    """The stemmed words of a column's header, an abbreviation's too (``Pts``: *points*), and the
    part of the week a span of days names (``Monday-Friday``: *weekday*)."""
    words = frozenset(content_words(header)) | frozenset(content_words(header_name(header)))
    return words | frozenset(content_words(" ".join(w for pattern, w in _WEEK_PARTS if pattern.search(header))))


#: Spans of days that name a part of the week (``Monday\u2013Friday``, ``Sat & Sun``).
_WEEK_PARTS = [
    (re.compile(r"\bmon(?:day)?\.?\s*(?:-|\u2013|to)\s*fri(?:day)?\b", re.I), "weekday weekdays"),
    (re.compile(r"\bsat(?:urday)?\b.{0,12}\bsun(?:day)?\b", re.I), "weekend weekends"),
]


#: Abbreviations tables use for a column's header, written out (``| Team | P | W | Pts |``).
_ABBREVIATED = {
    "pts": "points",
    "pld": "played",
    "gp": "games played",
    "pop": "population",
    "est": "established",
    "ht": "height",
    "wt": "weight",
    "cap": "capacity",
    "att": "attendance",
    "yr": "year",
    "no": "number",
}


def header_unit(header: str) -> str | None:
    """The unit a column's header gives in brackets at its end (``Price (EUR)`` -> ``EUR``)."""
    unit = _UNIT.search(header)
    return unit.group(1) if unit else None


def _tables(text: str) -> list[list[tuple[int, int]]]:
    """Runs of consecutive table lines (at least a header and a row), as ``(start, end)`` per line;
    a table's span written on one line (a claim's statement: ``| Station | Opened | | Dunmore |
    1874 |``) is read back into its lines."""
    one_line = _one_line_rows(text)
    if one_line:
        return [one_line]
    tables: list[list[tuple[int, int]]] = []
    run: list[tuple[int, int]] = []
    last_end = -2
    for m in _ROW.finditer(text):
        if run and text[last_end : m.start()].strip("\r\n") == "" and text.count("\n", last_end, m.start()) == 1:
            run.append((m.start(), m.end()))
        else:
            if len(run) >= 2:
                tables.append(run)
            run = [(m.start(), m.end())]
        last_end = m.end()
    if len(run) >= 2:
        tables.append(run)
    return tables


def _one_line_rows(text: str) -> list[tuple[int, int]]:
    """The rows of a table whose lines were joined into one (``| a | b | | c | d |``: the ``| |``
    between rows is an empty cell): every row has as many cells as the header, so the empty cells
    fall every header-width cells. Empty when ``text`` is no such line."""
    stripped = text.strip()
    if "\n" in stripped or not (stripped.startswith("|") and stripped.endswith("|")):
        return []
    start = text.index("|")
    cells = _split(text, start, text.rindex("|") + 1)
    for width in range(2, len(cells) // 2 + 1):
        rows, rest = divmod(len(cells) + 1, width + 1)
        junctions = [k * (width + 1) - 1 for k in range(1, rows)]
        if rest == 0 and rows >= 2 and all(cells[j][0] == cells[j][1] for j in junctions):
            bounds = [-1, *junctions, len(cells)]
            return [
                (text.rindex("|", 0, cells[a + 1][0]), text.index("|", cells[b - 1][1]) + 1)
                for a, b in itertools.pairwise(bounds)
            ]
    return []


def _split(text: str, start: int, end: int) -> list[tuple[int, int]]:
    """The cells of one table line, trimmed: ``(start, end)`` of each."""
    bars = [i for i in range(start, end) if text[i] == "|"]
    cells = []
    for a, b in itertools.pairwise(bars):
        lo, hi = a + 1, b
        while lo < hi and text[lo].isspace():
            lo += 1
        while hi > lo and text[hi - 1].isspace():
            hi -= 1
        cells.append((lo, hi))
    return cells
