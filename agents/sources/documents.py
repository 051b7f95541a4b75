"""Reading one corpus file: its front matter, title and passages, and how old it is.

A corpus file may start with a small block of ``key: value`` lines between two ``---`` lines::

    ---
    title: Apollo 11 mission overview
    authority: high            # high | medium | low
    published: 2019-07-16      # ISO date
    ---

Keys are optional and unknown keys are ignored. This is deliberately *not* YAML: one flat level of
scalar values, ``#`` comments, optional quotes. A block that contains anything else (for example a
Markdown horizontal rule ``---`` followed by prose) is not front matter, so a document that merely
starts with a rule is never swallowed.

Passages are the paragraphs of the body (blank-line separated); a paragraph longer than
:data:`MAX_PASSAGE_CHARS` is cut at sentence ends into chunks of about 400-800 characters. Every
passage is an exact span of the document text (surrounding whitespace is excluded by moving the
offsets, never by editing the text). Markdown headings are not passages: a heading becomes the
``section`` of the passages under it.
"""

from __future__ import annotations

import csv
import io
import re
from dataclasses import dataclass
from datetime import date, datetime

from agents.sources.htmltext import html_to_text
from protocols.contract import Authority, Recency

__all__ = [
    "MAX_PASSAGE_CHARS",
    "MIN_PASSAGE_CHARS",
    "FrontMatter",
    "ParsedDocument",
    "Span",
    "parse_document",
    "parse_front_matter",
    "parse_published",
    "parse_text",
    "recency_for",
    "section_at",
    "split_passages",
]

MAX_PASSAGE_CHARS = 800
MIN_PASSAGE_CHARS = 400
_PARAGRAPH_BREAK = re.compile(r"\n(?:[ \t\r\f\v]*\n)+")
_HEADING = re.compile(r" {0,3}#{1,6}(?:[ \t]+(.*?))?[ \t#]*", re.DOTALL)
_FIRST_HEADING = re.compile(r"^ {0,3}#{1,6}[ \t]+(.*?)[ \t#]*\r?$", re.MULTILINE)
#: A plain text's title line: its first line, short, no sentence's end, a blank line after it
#: (``Ingrid Solberg``, ``Hydrographic survey notes, 2019``).
_TITLE_LINE = re.compile(r"\s*([^\n]{1,80}?)[ \t]*\r?\n[ \t]*\r?\n")
# A sentence ends at . ! ? (plus closing quotes/brackets) before whitespace and a non-lower-case start.
_TITLE_WORDS = 10
_SENTENCE_END = re.compile(r"[.!?][\"'\u201d\u2019)\]]*\s+(?=[^a-z\s])")

_DELIMITER = re.compile(r"---[ \t]*(?:\r?\n|\Z)")
_LINE = re.compile(r"[^\n]*(?:\n|\Z)")
_ENTRY = re.compile(r"(?P<key>[A-Za-z_][\w-]*)[ \t]*:(?P<value>.*)")
_COMMENT = re.compile(r"(?:^|[ \t])#.*$")
_MAX_LINES = 64  # a front matter block longer than this is prose, not metadata


@dataclass(frozen=True)
class FrontMatter:
    """What the front matter of a file says, and where the body starts.

    Attributes:
        title: the ``title`` value, when present and not empty.
        authority: the ``authority`` value when it is one of high / medium / low, else None.
        published: the ``published`` date as an ISO string (``YYYY-MM-DD``), when it parses.
        body_start: character offset of the first character after the block (0 without one).
    """

    title: str | None = None
    authority: Authority | None = None
    published: str | None = None
    body_start: int = 0


def parse_front_matter(text: str) -> FrontMatter:
    """Read the front matter at the top of ``text``, if any.

    Args:
        text: the whole file text (a leading byte-order mark is allowed).

    Returns:
        The parsed values and the offset where the body starts; an empty :class:`FrontMatter`
        (``body_start == 0``) when the text has no well-formed block.
    """
    pos = 1 if text.startswith("\ufeff") else 0
    opening = _DELIMITER.match(text, pos)
    if opening is None:
        return FrontMatter()
    pos = opening.end()
    values: dict[str, str] = {}
    for _ in range(_MAX_LINES):
        closing = _DELIMITER.match(text, pos)
        if closing is not None:
            return _front_matter(values, closing.end())
        line = _LINE.match(text, pos)
        if line is None or line.end() == pos:  # end of text without a closing delimiter
            return FrontMatter()
        pos = line.end()
        content = line.group().strip()
        if not content or content.startswith("#"):
            continue
        entry = _ENTRY.fullmatch(content)
        if entry is None:
            return FrontMatter()
        values[entry["key"].lower()] = _value(entry["value"])
    return FrontMatter()


def parse_published(value: str) -> date | None:
    """Parse an ISO date (or date-time, whose date part is kept); None when it is not one."""
    try:
        return date.fromisoformat(value)
    except ValueError:
        pass
    try:
        return datetime.fromisoformat(value).date()
    except ValueError:
        return None


def recency_for(published: date | str | None, today: date) -> Recency | None:
    """How recent a source is: under a year ``current``, up to three years ``recent``, else ``dated``.

    Args:
        published: the publication date (a date or an ISO string); None when unknown.
        today: the reference date (passed in, so that tests do not depend on the calendar).

    Returns:
        The recency class, or None when the date is unknown or does not parse. A date in the
        future counts as ``current``.
    """
    if isinstance(published, str):
        published = parse_published(published)
    if published is None:
        return None
    if published > _years_before(today, 1):
        return Recency.CURRENT
    if published >= _years_before(today, 3):
        return Recency.RECENT
    return Recency.DATED


def _years_before(day: date, years: int) -> date:
    try:
        return day.replace(year=day.year - years)
    except ValueError:  # 29 February in a year that has none
        return day.replace(year=day.year - years, day=28)


def _value(raw: str) -> str:
    """A scalar value: the text inside quotes when quoted, else the text before a `` #`` comment."""
    raw = raw.strip()
    if raw[:1] in ("'", '"'):
        closing = raw.find(raw[0], 1)
        if closing > 0:
            return raw[1:closing]
    return _COMMENT.sub("", raw).strip()


def _front_matter(values: dict[str, str], body_start: int) -> FrontMatter:
    authority: Authority | None = None
    raw_authority = values.get("authority", "").lower()
    if raw_authority in {a.value for a in Authority}:
        authority = Authority(raw_authority)
    published_day = parse_published(values.get("published", ""))
    return FrontMatter(
        title=values.get("title") or None,
        authority=authority,
        published=published_day.isoformat() if published_day else None,
        body_start=body_start,
    )


@dataclass(frozen=True)
class Span:
    """A passage: ``text[start:end]``, and the heading of the section it is in (may be empty)."""

    start: int
    end: int
    section: str = ""


@dataclass(frozen=True)
class ParsedDocument:
    """A corpus file read for indexing.

    Attributes:
        text: the document text (the whole file; for HTML, front matter + the reduced page).
        title: front matter title, else the first heading / HTML title, else a plain text's title
            line (its short first line, a blank line after it), else the file stem.
        authority: front matter authority, else medium.
        published: front matter date (ISO), else None.
        passages: the passages, in document order.
    """

    text: str
    title: str
    authority: Authority
    published: str | None
    passages: list[Span]


def parse_document(stem: str, suffix: str, raw: bytes) -> ParsedDocument | str:
    """Decode and parse one corpus file.

    Args:
        stem: the file name without extension (the title of last resort).
        suffix: the lower-case extension, e.g. ``".md"``; ``.html`` and ``.htm`` are reduced to text.
        raw: the file's bytes.

    Returns:
        The parsed document, or the reason it cannot be indexed (binary, not UTF-8).
    """
    if b"\x00" in raw:
        return "binary file (contains NUL bytes); only text files can be indexed"
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        return f"not valid UTF-8 (undecodable byte at offset {exc.start}); save the file as UTF-8"
    return parse_text(stem, suffix, text)


def parse_text(stem: str, suffix: str, text: str) -> ParsedDocument | str:
    """Parse a corpus file's decoded text (or the first part of a big one); see :func:`parse_document`."""
    meta = parse_front_matter(text)
    title = meta.title
    if suffix == ".csv":  # rows written as a Markdown table's, so a cell is read with its header
        text = text[: meta.body_start] + csv_to_rows(text[meta.body_start :])
    elif suffix in (".html", ".htm"):
        try:
            page = html_to_text(text[meta.body_start :])
        except AssertionError as exc:  # html.parser's way of giving up on markup it cannot read
            return f"could not read the HTML ({exc})"
        text = text[: meta.body_start] + page.text
        title = title or page.title
    else:
        heading = _FIRST_HEADING.search(text, meta.body_start)
        title = title or (heading.group(1).strip() if heading else None) or _title_line(text, meta.body_start)
    return ParsedDocument(
        text=text,
        title=title or stem,
        authority=meta.authority or Authority.MEDIUM,
        published=meta.published,
        passages=split_passages(text, meta.body_start),
    )


def csv_to_rows(text: str) -> str:
    """A CSV file's rows as Markdown table lines (``| Dunmore | 1874 | 2 |``): the first row is the
    header; a ``|`` inside a cell is written ``/``; empty rows are dropped. Comment lines opening the
    file (``# Source: Quellbridge City Council``) are a paragraph before the table, each line as
    written after its ``#`` (no heading: the file's name is its title): they say what the table is,
    and its header is the first row after them."""
    lines = text.splitlines(keepends=True)
    opening = next(
        (i for i, line in enumerate(lines) if line.strip() and not line.lstrip().startswith("#")), len(lines)
    )
    comments = "\n".join(line.strip().lstrip("#").strip() for line in lines[:opening]).strip()
    rows = []
    for row in csv.reader(io.StringIO("".join(lines[opening:]))):
        cells = [" ".join(cell.replace("|", "/").split()) for cell in row]
        if any(cells):
            rows.append("| " + " | ".join(cells) + " |")
    table = "\n".join(rows)
    return f"{comments}\n{table}" if comments else table


#: How far before a passage (in characters) its section's heading is looked for.
_SECTION_REACH = 20_000
#: A paragraph of one short line without a sentence's end: a plain text's heading (``Mara Lind (footballer)``).
_PLAIN_HEADING = re.compile(r"[^\n.!?:;]{1,80}")


#: A question alone on its line, bold or not, perhaps numbered or marked ``Q.`` (an FAQ's).
_QUESTION_LINE = re.compile(r"[*_\s]*((?:Q(?:uestion)?\s*\d*\s*[.:)]\s*)?[A-Z][^\n]{0,150}?\?)[*_\s]*")


def section_at(text: str, offset: int) -> str:
    """The heading of the section ``text[offset:]`` is in: the last Markdown heading line before
    ``offset``, or the last paragraph before it that is one short line without a sentence's end
    (a plain text's heading); empty when there is none, or when the heading is the document's own
    title (its first paragraph). A question standing alone on its line (an FAQ's ``**Q. Is the
    hide open at night?**``) heads the one paragraph right after it: its answer."""
    heading = asked = ""
    paragraph = 0
    if offset > _SECTION_REACH:  # a heading further up than this no longer frames the passage
        first = _PARAGRAPH_BREAK.search(text, offset - _SECTION_REACH, offset)
        paragraph = first.end() if first is not None else offset
    for brk in [*_PARAGRAPH_BREAK.finditer(text, paragraph, offset), None]:
        end = brk.start() if brk is not None else offset
        block = text[paragraph:end].strip()
        marked = [m.group(1) for line in block.splitlines() if (m := _HEADING.fullmatch(line)) and m.group(1)]
        question = _QUESTION_LINE.fullmatch(block) if brk is not None and paragraph > 0 else None
        if block and not (brk is None and asked):
            asked = question.group(1) if question is not None else ""  # an answer's paragraph, then no more
        if marked and paragraph > 0:
            heading = " ".join(marked[-1].split())
        elif (
            not marked
            and paragraph > 0
            and brk is not None
            and "\n" not in block
            and _PLAIN_HEADING.fullmatch(block)
            and len(block.split()) <= _TITLE_WORDS
        ):
            heading = block
        if brk is None:
            break
        paragraph = brk.end()
    return asked or heading


def _title_line(text: str, start: int) -> str | None:
    """The first line of a plain text when it reads as a title (see :data:`_TITLE_LINE`)."""
    line = _TITLE_LINE.match(text, start)
    if line is None:
        return None
    title = line.group(1).strip()
    return title if len(title.split()) <= _TITLE_WORDS and not title.endswith((".", "!", "?", ":", ";")) else None


def split_passages(text: str, start: int = 0, *, section: str = "") -> list[Span]:
    """Cut ``text[start:]`` into passages with exact offsets.

    Args:
        text: the document text.
        start: where the body starts (after the front matter).
        section: the heading in force at ``start`` (a part of a big file continues its section).

    Returns:
        Non-empty, whitespace-trimmed spans in document order; headings set their ``section``, and a
        long table's later passages carry its header row in theirs (what a search finds them by).
    """
    spans: list[Span] = []
    pos = start
    bounds = [(m.start(), m.end()) for m in _PARAGRAPH_BREAK.finditer(text, start)] + [(len(text), len(text))]
    for para_end, next_start in bounds:
        begin, end = _strip(text, pos, para_end)
        pos = next_start
        while begin < end:  # leading heading lines name the section and are not quoted
            line_end = text.find("\n", begin, end)
            line_end = end if line_end < 0 else line_end
            heading = _HEADING.fullmatch(text, begin, line_end)
            if heading is None:
                break
            section = " ".join((heading.group(1) or "").split())
            begin, end = _strip(text, line_end, end)
        chunks = _chunks(text, begin, end)
        header = _table_header(text, begin, end)
        spans.extend(Span(s, e, f"{section} {header}".strip() if header and s > begin else section) for s, e in chunks)
    return spans


def _table_header(text: str, begin: int, end: int) -> str:
    """The header row of a table filling ``text[begin:end]`` (``| Year | Passengers |``), which a
    passage of its later rows is searched under: a row names no column; empty for other text."""
    line_end = text.find("\n", begin, end)
    line = text[begin : line_end if line_end >= 0 else end]
    return line if line.startswith("|") and line.rstrip().endswith("|") else ""


def _chunks(text: str, start: int, end: int) -> list[tuple[int, int]]:
    if end - start <= MAX_PASSAGE_CHARS:
        return [(start, end)] if start < end else []
    pieces: list[tuple[int, int]] = []
    chunk = previous = start
    for boundary in [m.end() for m in _SENTENCE_END.finditer(text, start, end)] + [end]:
        if boundary - chunk > MAX_PASSAGE_CHARS and previous > chunk:
            pieces.append((chunk, previous))
            chunk = previous
        previous = boundary
    pieces.append((chunk, end))
    spans = [span for s, e in pieces for span in _hard_split(text, s, e)]
    if len(spans) > 1 and spans[-1][1] - spans[-1][0] < MIN_PASSAGE_CHARS // 2:
        tail = spans.pop()  # a short last sentence reads better with the chunk before it
        spans[-1] = (spans[-1][0], tail[1])
    return [span for span in (_strip(text, s, e) for s, e in spans) if span[0] < span[1]]


def _hard_split(text: str, start: int, end: int) -> list[tuple[int, int]]:
    """Split a sentence longer than the limit at a line's end (a table is cut between its rows, not
    inside one), else at a space (or anywhere, if it has none)."""
    spans: list[tuple[int, int]] = []
    while end - start > MAX_PASSAGE_CHARS:
        cut = text.rfind("\n", start + MIN_PASSAGE_CHARS, start + MAX_PASSAGE_CHARS)
        if cut <= start:
            cut = text.rfind(" ", start + MIN_PASSAGE_CHARS, start + MAX_PASSAGE_CHARS)
        cut = cut if cut > start else start + MAX_PASSAGE_CHARS
        spans.append((start, cut))
        start = cut
    spans.append((start, end))
    return spans


def _strip(text: str, start: int, end: int) -> tuple[int, int]:
    while start < end and (text[start].isspace() or text[start] == "\ufeff"):  # a BOM is not text
        start += 1
    while end > start and text[end - 1].isspace():
        end -= 1
    return start, end
