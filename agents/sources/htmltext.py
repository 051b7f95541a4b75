"""HTML reduced to readable text with the standard library's ``html.parser``.

The reduced text is what the corpus stores and quotes, so it is meant to read like the page:

- ``script``, ``style``, ``noscript``, ``template`` and ``svg`` content is dropped, comments too, and
  so is ``nav``: a site's menus and breadcrumbs (*Books / Authors / News / Basket (0)*) are no part
  of the page's text, and a search would find them for every word they share with a question;
- block elements (``p``, ``div``, headings, lists, tables, ...) end a paragraph (a blank line);
  list items, table rows and ``<br>`` end a line;
- a table row's cells are written between ``|`` marks, as a Markdown table's are (``| Dunmore |
  1874 | 2 |``), so a cell's column can be told from the row (``agents.offline.tables``);
- headings become Markdown-style ``#`` lines, so sections read the same in HTML and Markdown;
- whitespace inside a paragraph is collapsed (``pre`` keeps its lines); entities are unescaped.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from html.parser import HTMLParser

__all__ = ["HtmlText", "html_to_text"]

_SKIPPED = frozenset({"script", "style", "noscript", "template", "svg", "nav"})
_PARAGRAPH = frozenset(
    {
        "address", "article", "aside", "blockquote", "body", "dd", "details", "dialog", "div", "dl",
        "fieldset", "figcaption", "figure", "footer", "form", "header", "hr", "html", "main", "ol", "p",
        "pre", "section", "summary", "table", "ul",
    }
)  # fmt: skip
_LINE = frozenset({"br", "caption", "dt", "li", "tr"})
_CELL = frozenset({"td", "th"})
_HEADING = {f"h{level}": level for level in range(1, 7)}
_SPACES = re.compile(r"\s+")
_BLANK_LINES = re.compile(r"\n{3,}")


@dataclass(frozen=True)
class HtmlText:
    """An HTML page reduced to text.

    Attributes:
        text: the readable text, paragraphs separated by blank lines.
        title: the ``<title>`` text, else the first ``<h1>``, else None.
    """

    text: str
    title: str | None


def html_to_text(html: str) -> HtmlText:
    """Reduce an HTML document (or fragment) to readable text.

    Args:
        html: the markup; malformed markup is tolerated, as browsers do.

    Returns:
        The reduced text and the page title.
    """
    reducer = _Reducer()
    reducer.feed(html)
    reducer.close()
    lines = [line.rstrip() for line in "".join(reducer.out).split("\n")]
    text = _BLANK_LINES.sub("\n\n", "\n".join(lines)).strip()
    title = " ".join("".join(reducer.title).split()) or " ".join("".join(reducer.h1).split())
    return HtmlText(text=text, title=title or None)


class _Reducer(HTMLParser):
    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.out: list[str] = []
        self.title: list[str] = []
        self.h1: list[str] = []
        self._pending = 0  # newlines owed before the next text: 0, 1 (line) or 2 (paragraph)
        self._skip_depth = 0
        self._pre_depth = 0
        self._in_title = False
        self._in_first_h1 = False
        self._seen_h1 = False
        self._prefix = ""  # a heading's "## " marker, written with its first text
        self._row_cells = 0  # cells begun in the current table row

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag in _SKIPPED:
            self._skip_depth += 1
        elif tag == "title":
            self._in_title = True
        elif tag in _HEADING:
            self._break(2)
            self._prefix = "#" * _HEADING[tag] + " "
            if tag == "h1" and not self._seen_h1:
                self._in_first_h1 = self._seen_h1 = True
        elif tag in _PARAGRAPH:
            self._break(2)
            if tag == "pre":
                self._pre_depth += 1
        elif tag in _LINE:
            self._break(1)
            if tag == "tr":
                self._row_cells = 0
        elif tag in _CELL:
            self._mark("| " if self._row_cells == 0 else " | ")
            self._row_cells += 1

    def handle_endtag(self, tag: str) -> None:
        if tag in _SKIPPED:
            self._skip_depth = max(0, self._skip_depth - 1)
        elif tag == "title":
            self._in_title = False
        elif tag in _HEADING:
            self._prefix = ""
            self._in_first_h1 = False
            self._break(2)
        elif tag in _PARAGRAPH:
            self._break(2)
            if tag == "pre":
                self._pre_depth = max(0, self._pre_depth - 1)
        elif tag in _LINE and tag != "br":
            if tag == "tr" and self._row_cells:
                self._mark(" |")
                self._row_cells = 0
            self._break(1)

    def handle_data(self, data: str) -> None:
        if self._skip_depth:
            return
        if self._in_title:
            self.title.append(data)
            return
        if self._in_first_h1:
            self.h1.append(data)
        self._text(data)

    def parse_marked_section(self, i: int, report: bool = True) -> int:
        try:
            return super().parse_marked_section(i, report)
        except AssertionError:  # a malformed "<![...": browsers read a bogus comment up to ">"
            end = self.rawdata.find(">", i)
            return -1 if end < 0 else end + 1

    def _mark(self, mark: str) -> None:
        """Write a table's ``|`` mark as it is (cell text around it loses its own spaces)."""
        if self._skip_depth:
            return
        if self.out and self.out[-1].endswith(" ") and mark.startswith(" "):
            self.out[-1] = self.out[-1].rstrip(" ")
        if self._pending and self.out:
            self.out.append("\n" * self._pending)
        self._pending = 0
        self.out.append(mark)

    def _break(self, newlines: int) -> None:
        self._pending = max(self._pending, newlines)

    def _text(self, data: str) -> None:
        if self._pre_depth:
            data = data.replace("\r\n", "\n")
        else:
            data = _SPACES.sub(" ", data)
            if self._pending or not self.out or self.out[-1].endswith((" ", "\n")):
                data = data.lstrip(" ")
        if not data:
            return
        if self._pending and self.out:
            self.out.append("\n" * self._pending)
        self._pending = 0
        if self._prefix:
            data, self._prefix = self._prefix + data, ""
        self.out.append(data)
