"""The local corpus: parsing, exact offsets, the FTS5 index, incremental refresh, safe queries."""

from __future__ import annotations

import os
import random
import re
import shutil
import sqlite3
import subprocess
import sys
from datetime import date
from pathlib import Path

import anyio
import pytest

from agents.backends import SourceBackend
from agents.sources.corpus import MAX_QUERY_TERMS, IndexReport, LocalCorpus, build_match_query
from agents.sources.documents import (
    MAX_PASSAGE_CHARS,
    ParsedDocument,
    parse_document,
    parse_front_matter,
    recency_for,
    section_at,
    split_passages,
)
from agents.sources.htmltext import html_to_text
from consensus.search import words_after
from protocols.contract import Authority, Recency
from protocols.errors import ConfigurationError
from protocols.sources import Passage, SearchResult
from tests.corpuskit import research_over

APOLLO = """---
title: Apollo 11 mission overview
authority: high            # high | medium | low
published: 2019-07-16      # ISO date
owner: archive team
---

# Apollo 11

Apollo 11 landed on the Moon on 20 July 1969.
Neil Armstrong and Buzz Aldrin walked on the surface.

## Crew

Michael Collins stayed in lunar orbit aboard the command module Columbia.
"""

PAGE = """<!doctype html>
<html><head><title>Saturn V &amp; friends</title>
<style>p { color: red }</style><script>var hidden = "<p>launch vehicle</p>";</script></head>
<body><h1>The Saturn V</h1>
<p>The Saturn&nbsp;V   was a <b>super heavy-lift</b>
launch vehicle.</p>
<ul><li>first stage S-IC</li><li>second stage S-II</li></ul>
<!-- a comment about engines -->
<p>It flew 13 times &lt;1967&ndash;1973&gt;.</p>
</body></html>
"""


@pytest.fixture
def anyio_backend() -> str:
    return "asyncio"


def write(root: Path, name: str, content: str | bytes) -> Path:
    path = root / name
    path.parent.mkdir(parents=True, exist_ok=True)
    if isinstance(content, bytes):
        path.write_bytes(content)
    else:
        path.write_bytes(content.encode("utf-8"))  # bytes: keep \r\n exactly as written
    return path


def make_corpus(tmp_path: Path, files: dict[str, str | bytes]) -> LocalCorpus:
    root = tmp_path / "corpus"
    root.mkdir(parents=True, exist_ok=True)
    for name, content in files.items():
        write(root, name, content)
    return LocalCorpus(root, index_path=tmp_path / "index" / "corpus.db")


def search(corpus: LocalCorpus, query: str, limit: int = 10) -> SearchResult:
    async def run() -> SearchResult:
        return await corpus.search(query, limit=limit)

    return anyio.run(run)


def all_passages(doc: ParsedDocument) -> list[str]:
    return [doc.text[span.start : span.end] for span in doc.passages]


def assert_exact(passage: Passage) -> None:
    text = passage.document.text[passage.start : passage.end]
    assert passage.text == text
    assert text == text.strip() and text
    assert 0 <= passage.start < passage.end <= len(passage.document.text)


# -- parsing ------------------------------------------------------------------------------------


def test_markdown_front_matter_is_parsed_and_kept_out_of_passages() -> None:
    doc = parse_document("apollo", ".md", APOLLO.encode())
    assert isinstance(doc, ParsedDocument)
    assert doc.text == APOLLO  # the whole file, so offsets are file offsets
    assert (doc.title, doc.authority, doc.published) == ("Apollo 11 mission overview", Authority.HIGH, "2019-07-16")
    body_start = APOLLO.index("# Apollo 11")
    assert all(span.start >= body_start for span in doc.passages)
    assert all_passages(doc) == [
        "Apollo 11 landed on the Moon on 20 July 1969.\nNeil Armstrong and Buzz Aldrin walked on the surface.",
        "Michael Collins stayed in lunar orbit aboard the command module Columbia.",
    ]
    assert [span.section for span in doc.passages] == ["Apollo 11", "Crew"]


def test_text_file_offsets_are_exact_with_crlf_and_indentation() -> None:
    text = "\ufeff  First paragraph,\r\n  two lines.  \r\n\r\n \t \r\n\tSecond one.\r\n\r\n\r\nThird.   "
    doc = parse_document("notes", ".txt", text.encode())
    assert isinstance(doc, ParsedDocument)
    assert doc.text == text
    assert all_passages(doc) == ["First paragraph,\r\n  two lines.", "Second one.", "Third."]
    assert doc.title == "notes" and doc.authority is Authority.MEDIUM and doc.published is None


def test_html_is_reduced_to_readable_text() -> None:
    page = html_to_text(PAGE)
    assert page.title == "Saturn V & friends"
    assert page.text == (
        "# The Saturn V\n\n"
        "The Saturn V was a super heavy-lift launch vehicle.\n\n"  # &nbsp; read as a space
        "first stage S-IC\nsecond stage S-II\n\n"
        "It flew 13 times <1967\u20131973>."
    )
    assert "hidden" not in page.text and "color" not in page.text and "comment" not in page.text


def test_html_document_offsets_and_title() -> None:
    doc = parse_document("saturn", ".html", PAGE.encode())
    assert isinstance(doc, ParsedDocument)
    assert doc.title == "Saturn V & friends"
    assert all_passages(doc) == [
        "The Saturn V was a super heavy-lift launch vehicle.",
        "first stage S-IC\nsecond stage S-II",
        "It flew 13 times <1967\u20131973>.",
    ]
    assert doc.passages[0].section == "The Saturn V"


def test_html_front_matter_stays_at_the_top_of_the_document_text() -> None:
    raw = "---\nauthority: low\n---\n<html><body><h1>Heading</h1><p>Body text.</p></body></html>"
    doc = parse_document("page", ".htm", raw.encode())
    assert isinstance(doc, ParsedDocument)
    assert doc.text == "---\nauthority: low\n---\n# Heading\n\nBody text."
    assert doc.authority is Authority.LOW and doc.title == "Heading"  # no <title>: the first <h1>
    assert all_passages(doc) == ["Body text."]


def test_html_pre_keeps_lines_and_br_breaks_lines() -> None:
    page = html_to_text(
        "<p>one<br>two<br/>  three</p><pre>\n  x = 1\n  y = 2\n</pre><table><tr><td>a</td><td>b</td></tr></table>"
    )
    assert page.text == "one\ntwo\nthree\n\n  x = 1\n  y = 2\n\n| a | b |"
    assert page.title is None


def test_a_sites_navigation_menus_are_no_part_of_the_page() -> None:
    page = html_to_text(
        '<header><nav class="main"><ul><li><a href="/">Books</a></li><li><a href="/authors">Authors</a></li>'
        '<li>Basket (0)</li></ul></nav></header><nav class="crumbs"><a href="/">Home</a> &rsaquo; Fiction</nav>'
        "<main><h1>The Salt Orchard</h1><p>A novel by Corin Ashdale.</p></main>"
    )
    assert page.text == "# The Salt Orchard\n\nA novel by Corin Ashdale."


def test_malformed_markup_is_read_like_a_browser_would() -> None:
    assert html_to_text("a<![bogus section>b<![if x]>c<p>unclosed <b>bold").text == "abc\n\nunclosed bold"
    assert html_to_text("").text == "" and html_to_text("<script>never closed").text == ""


@pytest.mark.parametrize(
    ("text", "title"),
    [
        ("Intro line\n\n## Second level heading ##\n\nBody", "Second level heading"),
        ("No heading here.\n\n#hashtag is not a heading", "stem"),
        ("---\ntitle: ''\n---\n# From heading\n", "From heading"),
        ("Ingrid Solberg\n\nIngrid Solberg (born 1951) is an engineer.", "Ingrid Solberg"),  # a plain title line
        ("A first line that is a sentence.\n\nBody", "stem"),
        ("A first line\nthat runs on\n\nBody", "stem"),
    ],
)
def test_title_defaults(text: str, title: str) -> None:
    doc = parse_document("stem", ".md", text.encode())
    assert isinstance(doc, ParsedDocument)
    assert doc.title == title


def test_front_matter_values() -> None:
    text = (
        '---\r\nTitle: "Issue #5: the fix"  # quoted\r\n'
        "# a comment line\r\nauthority: HIGH\r\npublished: 2024-02-29T10:00:00\r\n---\r\nBody"
    )
    meta = parse_front_matter(text)
    assert (meta.title, meta.authority, meta.published) == ("Issue #5: the fix", Authority.HIGH, "2024-02-29")
    assert text[meta.body_start :] == "Body"
    bad = parse_front_matter("---\nauthority: supreme\npublished: last week\n---\nBody")
    assert (bad.authority, bad.published, bad.body_start) == (None, None, 48)


@pytest.mark.parametrize(
    "text",
    [
        "---\n\nA document that starts with a horizontal rule.\n\n---\n\nMore prose.",
        "---\ntitle: never closed\n\nBody",
        "Body first\n---\ntitle: late\n---\n",
    ],
)
def test_not_front_matter(text: str) -> None:
    assert parse_front_matter(text).body_start == 0


def test_recency_classes() -> None:
    today = date(2025, 6, 15)
    assert recency_for("2025-06-01", today) is Recency.CURRENT
    assert recency_for("2026-01-01", today) is Recency.CURRENT  # future dates count as current
    assert recency_for("2024-06-15", today) is Recency.RECENT  # exactly one year
    assert recency_for("2022-06-15", today) is Recency.RECENT  # exactly three years
    assert recency_for("2022-06-14", today) is Recency.DATED
    assert recency_for(None, today) is None
    assert recency_for("not a date", today) is None
    assert recency_for(date(2023, 2, 28), date(2024, 2, 29)) is Recency.RECENT  # leap day: a year ago is 28 Feb


def test_long_paragraphs_are_cut_at_sentence_ends() -> None:
    sentences = [f"Sentence number {i} says something about engines and fuel{'.' if i % 2 else '!'}" for i in range(60)]
    text = "Short opener.\n\n" + " ".join(sentences) + "\n\nShort closer."
    spans = split_passages(text)
    chunks = [text[s.start : s.end] for s in spans]
    assert chunks[0] == "Short opener." and chunks[-1] == "Short closer."
    middle = chunks[1:-1]
    assert len(middle) > 1
    assert all(len(chunk) <= MAX_PASSAGE_CHARS for chunk in middle)
    assert all(len(chunk) >= 200 for chunk in middle)
    assert all(chunk.endswith((".", "!")) and chunk[0] == "S" for chunk in middle)
    assert " ".join(middle) == " ".join(sentences)  # nothing lost, nothing repeated


def test_a_sentence_longer_than_the_limit_is_cut_at_spaces() -> None:
    text = " ".join(f"word{i}" for i in range(600))  # about 4,000 characters, no sentence end
    spans = split_passages(text)
    assert len(spans) > 4
    assert all(len(text[s.start : s.end]) <= MAX_PASSAGE_CHARS for s in spans)
    assert " ".join(text[s.start : s.end] for s in spans) == text


def test_passages_are_ordered_disjoint_and_lose_nothing_but_headings() -> None:
    rng = random.Random(3)
    pieces = ["alpha", "Beta", "gamma.", "Delta!", "eps?", '"Quoted."', "x" * 50, "# Head", "## H2", "\n", "\n\n"]
    pieces += ["\n \n", "\r\n", "  ", "\t", "(a.)", "3.14", "Mr.", "e.g.", "\u201cCurly.\u201d"]
    for _ in range(150):
        text = " ".join(rng.choice(pieces) for _ in range(rng.randint(1, 600)))
        covered: set[int] = set()
        previous_end = 0
        for span in split_passages(text):
            chunk = text[span.start : span.end]
            assert previous_end <= span.start < span.end and chunk == chunk.strip()
            assert len(chunk) <= MAX_PASSAGE_CHARS + MAX_PASSAGE_CHARS // 4
            covered.update(range(span.start, span.end))
            previous_end = span.end
        for i, char in enumerate(text):
            if not char.isspace() and i not in covered:  # only heading lines are left out
                line = text[text.rfind("\n", 0, i) + 1 :].split("\n", 1)[0]
                assert re.match(r"#{1,6}(\s|$)", line.lstrip()), line


def test_binary_and_undecodable_files_are_refused_with_a_reason() -> None:
    assert parse_document("x", ".txt", b"PK\x03\x04\x00\x00") == (
        "binary file (contains NUL bytes); only text files can be indexed"
    )
    reason = parse_document("x", ".md", "caf\xe9".encode("latin-1"))
    assert isinstance(reason, str) and "not valid UTF-8" in reason and "offset 3" in reason


# -- queries ------------------------------------------------------------------------------------


def test_match_query_quotes_terms_and_drops_stop_words() -> None:
    assert build_match_query('What did "Apollo 11" do on THE Moon? moon!') == '"apollo" OR "11" OR "moon"'
    assert (
        build_match_query('"a" OR b* NEAR(c, d) title:x ^e') == '"b" OR "near" OR "c" OR "d" OR "title" OR "x" OR "e"'
    )
    assert build_match_query("the and of") == ""
    assert build_match_query("  ()\"'*:^-  ") == ""
    many = " ".join(f"term{i}" for i in range(30))
    assert build_match_query(many).count('"') == 2 * MAX_QUERY_TERMS


@pytest.mark.parametrize(
    "query",
    [
        '"a" OR b*',
        "title:x",
        "NEAR(",
        'unbalanced "quote',
        "(((",
        ")",
        "",
        "   ",
        "the of and to",
        "* ^ : -",
        "AND OR NOT",
    ],
)
def test_hostile_queries_never_raise(tmp_path: Path, query: str) -> None:
    corpus = make_corpus(tmp_path, {"apollo.md": APOLLO})
    result = search(corpus, query)
    assert isinstance(result, SearchResult)
    assert result.denied == []
    if build_match_query(query) == "":
        assert result.passages == []


# -- search -------------------------------------------------------------------------------------


def test_search_returns_exact_passages_for_every_file_type(tmp_path: Path) -> None:
    corpus = make_corpus(
        tmp_path,
        {
            "apollo.md": APOLLO,
            "sub/saturn.html": PAGE,
            "notes.txt": "Apollo notes.\r\n\r\nThe Saturn V flew 13 times.\r\n",
        },
    )
    assert isinstance(corpus, SourceBackend)
    assert corpus.name == "local-corpus"
    result = search(corpus, "Apollo Saturn 13 orbit", limit=20)
    locators = {p.document.locator for p in result.passages}
    assert locators == {"apollo.md", "sub/saturn.html", "notes.txt"}
    for passage in result.passages:
        assert_exact(passage)
        assert passage.score > 0
        assert passage.document.kind == "file"
        assert "authority:" not in passage.text
    apollo = next(p.document for p in result.passages if p.document.locator == "apollo.md")
    assert apollo.text == APOLLO
    assert (apollo.title, apollo.authority, apollo.published) == (
        "Apollo 11 mission overview",
        Authority.HIGH,
        "2019-07-16",
    )
    assert apollo.recency == recency_for("2019-07-16", date.today())
    assert result.passages == sorted(result.passages, key=lambda p: -p.score)


def test_section_headings_are_searchable(tmp_path: Path) -> None:
    corpus = make_corpus(tmp_path, {"apollo.md": APOLLO, "other.md": "Unrelated text about gardening."})
    top = search(corpus, "crew").passages
    assert [p.text for p in top] == ["Michael Collins stayed in lunar orbit aboard the command module Columbia."]


def test_the_document_matching_more_terms_ranks_first(tmp_path: Path) -> None:
    corpus = make_corpus(
        tmp_path,
        {
            "a.md": "The reactor uses uranium fuel rods.",
            "b.md": "The reactor coolant is heavy water and the fuel is uranium in rods.",
            "c.md": "Water is wet.",
            "d.md": "A reactor was built.",
        },
    )
    result = search(corpus, "reactor uranium fuel coolant water", limit=4)
    assert [p.document.locator for p in result.passages][:2] == ["b.md", "a.md"]
    assert result.passages[0].score > result.passages[1].score > result.passages[-1].score


def test_a_short_line_holding_one_rare_term_does_not_outrank_passages_holding_several(tmp_path: Path) -> None:
    # the event's words are in many passages (a low weight each); *date* is only on a form's short line
    report = (
        "In report {} the engineers describe how the crowd crossed the river after the concert, how the "
        "stewards held people back at the gates, and how the Orby footbridge collapse changed the way the "
        "council licenses temporary structures at festivals, with new rules on inspection and loading."
    )
    files: dict[str, str | bytes] = {f"report{i}.md": report.format(i) for i in range(10)}
    files |= {f"garden{i}.md": f"Garden note {i}: tomatoes need sun, water and patience." for i in range(30)}
    files["minutes.txt"] = "Signed ........................ (Chair)\nDate ........................"
    files["story.md"] = "The Orby footbridge collapsed late on Saturday 20 July, injuring dozens of people."
    corpus = make_corpus(tmp_path, files)
    top = search(corpus, "date orby footbridge collapse", limit=3).passages
    assert top[0].document.locator == "story.md"
    assert "minutes.txt" not in [p.document.locator for p in top]
    assert search(corpus, "date", limit=1).passages[0].document.locator == "minutes.txt"  # alone, it is what is asked


def test_results_are_deterministic_and_ties_break_by_locator(tmp_path: Path) -> None:
    same = "Identical paragraph about telescopes."
    files: dict[str, str | bytes] = {"b.md": same, "a.md": same, "c/z.txt": same, "c/a.txt": same}
    first = search(make_corpus(tmp_path / "one", files), "telescopes")
    assert [p.document.locator for p in first.passages] == ["a.md", "b.md", "c/a.txt", "c/z.txt"]
    second = search(make_corpus(tmp_path / "two", files), "telescopes")
    assert first == second


def test_a_tie_at_the_cut_is_broken_by_locator(tmp_path: Path) -> None:
    same = "Identical paragraph about telescopes."
    corpus = make_corpus(tmp_path, {"d.md": same, "c.md": same})
    corpus.refresh()
    write(corpus.root, "b.md", same)  # indexed after c and d: insertion order is not locator order
    write(corpus.root, "a.md", same)
    corpus.refresh()
    assert [p.document.locator for p in search(corpus, "telescopes", limit=2).passages] == ["a.md", "b.md"]
    assert [p.document.locator for p in search(corpus, "telescopes", limit=3).passages] == ["a.md", "b.md", "c.md"]


def test_a_term_in_most_passages_does_not_flood_the_results(tmp_path: Path) -> None:
    frames = "\n\n".join(f"Telemetry frame {i} nominal." for i in range(1_500))
    corpus = make_corpus(tmp_path, {"frames.md": frames, "incident.md": "Telemetry anomaly in the last frame."})
    # "telemetry" is in every passage: its BM25 weight is ~0, so it is not scored when "anomaly" is there.
    assert [p.text for p in search(corpus, "telemetry anomaly", limit=5).passages] == [
        "Telemetry anomaly in the last frame."
    ]
    alone = search(corpus, "telemetry", limit=5).passages  # the only term: searched anyway
    assert len(alone) == 5 and all("Telemetry" in p.text for p in alone)


def test_limit_is_respected(tmp_path: Path) -> None:
    corpus = make_corpus(tmp_path, {f"f{i}.md": f"Comet report {i}.\n\nAnother comet note." for i in range(5)})
    assert len(search(corpus, "comet", limit=3).passages) == 3
    assert search(corpus, "comet", limit=0).passages == []


def test_concurrent_searches_share_one_instance(tmp_path: Path) -> None:
    corpus = make_corpus(tmp_path, {"apollo.md": APOLLO, "saturn.html": PAGE})
    results: list[SearchResult] = []

    async def run() -> None:
        async def one() -> None:
            results.append(await corpus.search("Saturn Apollo Moon", limit=5))

        async with anyio.create_task_group() as tg:
            for _ in range(8):
                tg.start_soon(one)
        await corpus.aclose()

    anyio.run(run)
    assert len(results) == 8 and results[0].passages
    assert all(result == results[0] for result in results)


@pytest.mark.anyio
async def test_search_builds_the_index_lazily_and_aclose_is_reusable(tmp_path: Path) -> None:
    corpus = make_corpus(tmp_path, {"apollo.md": APOLLO, "scan.pdf": b"%PDF-1.7"})
    assert corpus.skipped == []
    result = await corpus.search("Armstrong", limit=3)
    assert [p.document.locator for p in result.passages] == ["apollo.md"]
    assert [s.locator for s in corpus.skipped] == ["scan.pdf"]
    await corpus.aclose()
    await corpus.aclose()
    assert (await corpus.search("Armstrong", limit=3)) == result  # reopens after aclose


# -- refresh ------------------------------------------------------------------------------------


def counts(report: IndexReport) -> tuple[int, int, int, int, int]:
    return report.added, report.updated, report.removed, report.unchanged, report.passages_indexed


def test_incremental_refresh(tmp_path: Path) -> None:
    corpus = make_corpus(tmp_path, {"apollo.md": APOLLO, "saturn.html": PAGE, "notes.txt": "Gemini notes."})
    root = corpus.root
    assert counts(corpus.refresh()) == (3, 0, 0, 0, 6)
    assert counts(corpus.refresh()) == (0, 0, 0, 3, 0)  # nothing changed: no work at all

    changed = write(root, "notes.txt", "Gemini 8 docked.\n\nMercury flew first.")
    os.utime(changed, ns=(1, 1_000_000_000))
    write(root, "new.md", "Skylab was a space station.")
    (root / "saturn.html").unlink()
    os.utime(root / "apollo.md", ns=(2, 2_000_000_000))  # touched, same bytes: not re-indexed
    report = corpus.refresh()
    assert counts(report) == (1, 1, 1, 1, 3)  # new.md / notes.txt / saturn.html / apollo.md
    assert report.files == 3

    assert sorted(p.document.locator for p in search(corpus, "Mercury Skylab").passages) == ["new.md", "notes.txt"]
    assert search(corpus, "Gemini notes").passages[0].text == "Gemini 8 docked."
    assert search(corpus, "Saturn").passages == []
    assert counts(corpus.refresh()) == (0, 0, 0, 3, 0)


def test_a_file_that_becomes_unreadable_is_dropped(tmp_path: Path) -> None:
    corpus = make_corpus(tmp_path, {"a.md": "Alpha text.", "b.md": "Beta text."})
    corpus.refresh()
    write(corpus.root, "b.md", b"Beta\x00binary now")
    report = corpus.refresh()
    assert counts(report) == (0, 0, 1, 1, 0)
    assert [(s.locator, s.reason.split(" (")[0]) for s in report.skipped] == [("b.md", "binary file")]
    assert search(corpus, "beta").passages == []


def test_a_failed_refresh_leaves_the_index_intact(tmp_path: Path) -> None:
    corpus = make_corpus(tmp_path, {"a.md": "Alpha text."})
    corpus.refresh()
    (corpus.root / "a.md").rename(tmp_path / "a.md")
    with pytest.raises(ConfigurationError):
        corpus.refresh()
    (tmp_path / "a.md").rename(corpus.root / "a.md")
    assert counts(corpus.refresh()) == (0, 0, 0, 1, 0)  # the rolled-back index still had it


def test_skipped_files_are_reported_with_reasons(tmp_path: Path) -> None:
    corpus = make_corpus(
        tmp_path,
        {
            "good.md": "Readable text.",
            "binary.txt": b"\x89PNG\r\n\x1a\n\x00\x00",
            "latin1.md": "r\xe9sum\xe9".encode("latin-1"),
            "scan.pdf": b"%PDF-1.7",
            "Makefile": "all:",
            ".hidden.pdf": b"ignored",
            ".git/config": "ignored",
        },
    )
    os.symlink(corpus.root / "nowhere.md", corpus.root / "dangling.md")  # inside the folder, but missing
    report = corpus.refresh()
    reasons = {s.locator: s.reason for s in report.skipped}
    assert list(reasons) == ["Makefile", "binary.txt", "dangling.md", "latin1.md", "scan.pdf"]
    assert reasons["scan.pdf"] == "unsupported file type (.pdf); supported: .md .txt .html .csv"
    assert reasons["Makefile"] == "unsupported file type (no extension); supported: .md .txt .html .csv"
    assert reasons["binary.txt"].startswith("binary file")
    assert reasons["latin1.md"].startswith("not valid UTF-8")
    assert reasons["dangling.md"] == "cannot read file: no such file or directory"
    assert corpus.skipped == report.skipped
    assert report.added == 1


_REFRESH_AND_REPORT = """
import sys
from pathlib import Path
from agents.sources.corpus import LocalCorpus
report = LocalCorpus(Path(sys.argv[1]), index_path=Path(sys.argv[2])).refresh()
print([(s.locator, s.reason) for s in report.skipped])
"""


def test_unreadable_file_is_skipped(tmp_path: Path) -> None:
    """Run as root without CAP_DAC_OVERRIDE (setpriv), so that file permissions apply even to root."""
    corpus = make_corpus(tmp_path, {"good.md": "Readable.", "secret.md": "Hidden."})
    (corpus.root / "secret.md").chmod(0)
    command = [sys.executable, "-c", _REFRESH_AND_REPORT, str(corpus.root), str(tmp_path / "i.db")]
    if os.geteuid() == 0:
        setpriv = shutil.which("setpriv")
        assert setpriv is not None, "setpriv (util-linux) is needed to drop CAP_DAC_OVERRIDE"
        command = [setpriv, "--bounding-set", "-dac_override,-dac_read_search", "--", *command]
    try:
        done = subprocess.run(command, capture_output=True, text=True, check=True, cwd=Path(__file__).parent.parent)
    finally:
        (corpus.root / "secret.md").chmod(0o644)
    assert done.stdout.strip() == "[('secret.md', 'cannot read file: permission denied')]"


def test_index_inside_the_corpus_folder_is_ignored(tmp_path: Path) -> None:
    root = tmp_path / "corpus"
    write(root, "a.md", "Alpha.")
    corpus = LocalCorpus(root, index_path=root / "index.sqlite")
    corpus.refresh()
    assert counts(corpus.refresh()) == (0, 0, 0, 1, 0)
    assert corpus.skipped == []
    corpus.close()


def test_an_index_built_for_another_folder_is_rebuilt(tmp_path: Path) -> None:
    index = tmp_path / "shared.db"
    write(tmp_path / "one", "a.md", "Alpha.")
    write(tmp_path / "two", "b.md", "Beta.")
    LocalCorpus(tmp_path / "one", index_path=index).refresh()
    other = LocalCorpus(tmp_path / "two", index_path=index)
    assert counts(other.refresh()) == (1, 0, 0, 0, 1)
    assert [p.document.locator for p in search(other, "alpha beta").passages] == ["b.md"]


# -- configuration errors -----------------------------------------------------------------------


def test_missing_root(tmp_path: Path) -> None:
    with pytest.raises(ConfigurationError, match="does not exist") as info:
        LocalCorpus(tmp_path / "nope", index_path=tmp_path / "i.db")
    assert info.value.suggestion and "folder" in info.value.suggestion


def test_root_that_is_a_file(tmp_path: Path) -> None:
    path = write(tmp_path, "file.md", "text")
    with pytest.raises(ConfigurationError, match="not a folder") as info:
        LocalCorpus(path, index_path=tmp_path / "i.db")
    assert info.value.suggestion


def test_empty_root(tmp_path: Path) -> None:
    corpus = make_corpus(tmp_path, {".hidden.md": "ignored"})
    with pytest.raises(ConfigurationError, match="has no files to index") as info:
        search(corpus, "anything")
    assert info.value.suggestion and ".md" in info.value.suggestion


def test_root_with_only_unusable_files_says_why(tmp_path: Path) -> None:
    corpus = make_corpus(tmp_path, {"a.pdf": b"%PDF", "b.pdf": b"%PDF", "c.txt": b"\x00"})
    with pytest.raises(ConfigurationError) as info:
        corpus.refresh()
    message = info.value.message
    assert "3 file(s) skipped" in message
    assert "2 x unsupported file type (.pdf)" in message and "1 x binary file" in message
    assert info.value.suggestion


def test_root_removed_after_construction(tmp_path: Path) -> None:
    corpus = make_corpus(tmp_path, {"a.md": "Alpha."})
    (corpus.root / "a.md").unlink()
    corpus.root.rmdir()
    with pytest.raises(ConfigurationError, match="does not exist"):
        corpus.refresh()


def test_index_path_holding_another_database_is_left_alone(tmp_path: Path) -> None:
    foreign = tmp_path / "app.db"
    with sqlite3.connect(foreign) as conn:
        conn.execute("CREATE TABLE precious (x)")
    conn.close()
    write(tmp_path / "corpus", "a.md", "Alpha.")
    with pytest.raises(ConfigurationError, match="not a corpus index"):
        LocalCorpus(tmp_path / "corpus", index_path=foreign).refresh()
    not_sqlite = write(tmp_path, "notes.db", "plain text, not SQLite " * 100)
    with pytest.raises(ConfigurationError, match="not a usable corpus index") as info:
        LocalCorpus(tmp_path / "corpus", index_path=not_sqlite).refresh()
    assert info.value.suggestion
    with sqlite3.connect(foreign) as conn:
        assert conn.execute("SELECT name FROM sqlite_master").fetchall() == [("precious",)]
    conn.close()


def test_a_passage_knows_the_heading_of_its_section() -> None:
    markdown = "# Mara Lind\n\nIntro.\n\n## Mara Lind (footballer)\n\nShe plays as a defender.\n\n### Clubs\nOrra IF."
    assert section_at(markdown, markdown.index("Intro")) == ""  # under the document's own title
    assert section_at(markdown, markdown.index("She plays")) == "Mara Lind (footballer)"
    assert section_at(markdown, markdown.index("Orra IF")) == "Clubs"
    plain = "Mara Lind (chemist)\n\nShe made dyes.\n\nMara Lind (footballer)\n\nShe plays as a defender."
    assert section_at(plain, plain.index("She made")) == ""  # the first line is the title
    assert section_at(plain, plain.index("She plays")) == "Mara Lind (footballer)"
    assert section_at("One. Two.\n\nNot a heading, it ends.\n\nThree.", 40) == ""


def test_an_faq_question_heads_the_paragraph_that_answers_it() -> None:
    faq = (
        "# Visiting\n\n## Hides\n\n**Q. Are the hides open at night?**\n\nYes. Both stay open.\n\n"
        "Dogs are not allowed.\n\nQ: Is there parking?\n\nNo, use the village car park."
    )
    assert section_at(faq, faq.index("Yes.")) == "Q. Are the hides open at night?"
    assert section_at(faq, faq.index("Dogs")) == "Hides"  # a paragraph further on: the heading again
    assert section_at(faq, faq.index("No, use")) == "Q: Is there parking?"


def test_each_namesake_of_a_page_with_a_section_on_each_is_answered(tmp_path: Path) -> None:
    # the search hands the section's heading with each passage: the footballer's date is hers
    page = (
        "# Mara Lind\n\n## Mara Lind (chemist)\n\nMara Lind (1821 - 1890) was a Swedish chemist known for dyes.\n\n"
        "## Mara Lind (footballer)\n\nMara Lind (born 3 May 1994) is a Swedish footballer who plays as a defender."
    )
    bridge = "Norrby dye works was finished in 1862 to a design by Mara Lind.\n"
    result = research_over(tmp_path, {"lind.md": page, "norrby.md": bridge}, "When was Mara Lind born?")
    assert "1821" in result.answer and "3 May 1994" in result.answer and "1862" not in result.answer


def test_a_long_table_is_cut_into_passages_between_its_rows() -> None:
    rows = "".join(f"| Vela {i} | Region {i} | EUR | {100 + i}.00 | yes |\n" for i in range(60))
    text = "| model | region | currency | price | vat |\n" + rows
    spans = split_passages(text)
    assert len(spans) > 1
    for span in spans:
        passage = text[span.start : span.end]
        assert passage.startswith("|") and passage.endswith("|"), passage[:40]
    # a passage of later rows names no column: it is searched under the table's header row
    assert spans[0].section == "" and all(s.section == "| model | region | currency | price | vat |" for s in spans[1:])


def test_the_words_a_hit_carries_after_it_end_with_a_whole_line() -> None:
    text = "Lead-in:\n" + "- " + "word " * 170 + "end of the item\n- next item"
    after = words_after(text, len("Lead-in:"))
    assert after.endswith("end of the item") and "next item" not in after
