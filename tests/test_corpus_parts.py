"""Big text files are streamed and indexed in parts: exact offsets, bounded reads, incremental refresh."""

from __future__ import annotations

import re
import sqlite3
from pathlib import Path
from typing import Any

import pytest

from agents.sources import corpus_parts
from agents.sources.corpus import LocalCorpus
from agents.sources.corpus_parts import text_parts
from protocols.contract import Authority
from tests.test_corpus import search, write

PART = 2_000
FRONT = "---\ntitle: The long record\nauthority: high\n---\n"


def _big_text(paragraphs: int = 120) -> str:
    body = "".join(
        f"Paragraph {n} tells of basalt number {n} and the quarry {'near' if n % 2 else 'far from'} the sea.\n\n"
        for n in range(paragraphs)
    )
    return FRONT + "# Record\n\n" + body


def _corpus(tmp_path: Path, text: str) -> LocalCorpus:
    root = tmp_path / "corpus"
    write(root, "big.txt", text)
    write(root, "small.md", "A small note about granite.")
    return LocalCorpus(root, index_path=tmp_path / "index.db", part_chars=PART)


def _parts(tmp_path: Path) -> list[tuple[str, str]]:
    with sqlite3.connect(tmp_path / "index.db") as conn:
        rows = conn.execute("SELECT path, text FROM files WHERE source = 'big.txt' ORDER BY part").fetchall()
    conn.close()
    return [(str(p), str(t)) for p, t in rows]


def test_a_big_file_is_indexed_in_parts_whose_text_is_exactly_the_file(tmp_path: Path) -> None:
    text = _big_text()
    corpus = _corpus(tmp_path, text)
    report = corpus.refresh()
    assert report.added == 2 and report.skipped == []
    parts = _parts(tmp_path)
    assert len(parts) >= len(text) // PART
    assert "".join(part for _, part in parts) == text
    offset = 0
    for locator, part in parts:
        assert locator == f"big.txt#chars={offset}-{offset + len(part)}"
        assert 0 < len(part) <= PART
        assert part.endswith("\n\n")  # cut at a paragraph break, never inside a sentence
        offset += len(part)
    corpus.close()


def test_passages_of_a_part_are_exact_spans_of_the_file(tmp_path: Path) -> None:
    text = _big_text()
    corpus = _corpus(tmp_path, text)
    passages = search(corpus, "basalt 97 quarry", limit=5).passages
    assert passages
    for passage in passages:
        match = re.fullmatch(r"big\.txt#chars=(\d+)-(\d+)", passage.document.locator)
        assert match is not None
        start = int(match.group(1))
        assert text[start + passage.start : start + passage.end] == passage.document.text[passage.start : passage.end]
        assert passage.document.title == "The long record"  # front matter of the first part, for every part
        assert passage.document.authority is Authority.HIGH
        assert len(passage.document.text) <= PART
    corpus.close()


def test_a_part_continues_the_section_of_the_part_before(tmp_path: Path) -> None:
    text = "# Quarry ledger\n\n" + "".join(f"Entry {n} notes a block of marble.\n\n" for n in range(300))
    corpus = _corpus(tmp_path, text)
    corpus.refresh()
    with sqlite3.connect(tmp_path / "index.db") as conn:
        sections = conn.execute(
            "SELECT passages_fts.section, count(*) FROM passages_fts JOIN passages AS p ON p.id = passages_fts.rowid"
            " JOIN files AS f ON f.id = p.file_id WHERE f.source = 'big.txt' GROUP BY passages_fts.section"
        ).fetchall()
        parts = conn.execute("SELECT count(*) FROM files WHERE source = 'big.txt'").fetchone()[0]
    conn.close()
    assert parts > 2
    assert sections == [("Quarry ledger", 300)]  # every passage of every part, not only the first part's
    corpus.close()


def test_refresh_of_a_big_file_is_incremental(tmp_path: Path) -> None:
    text = _big_text()
    corpus = _corpus(tmp_path, text)
    corpus.refresh()
    assert corpus.refresh().unchanged == 2
    big = tmp_path / "corpus" / "big.txt"
    big.write_text(text, encoding="utf-8")  # touched: same bytes, new mtime
    again = corpus.refresh()
    assert (again.unchanged, again.updated, again.passages_indexed) == (2, 0, 0)
    big.write_text(text.replace("basalt number 97", "obsidian number 97"), encoding="utf-8")
    changed = corpus.refresh()
    assert changed.updated == 1
    assert search(corpus, "obsidian").passages
    assert not any("basalt number 97" in part for _, part in _parts(tmp_path))  # the old parts are gone
    assert "".join(part for _, part in _parts(tmp_path)) == big.read_text(encoding="utf-8")
    big.unlink()
    assert corpus.refresh().removed == 1
    assert _parts(tmp_path) == []
    corpus.close()


@pytest.mark.parametrize(
    ("tail", "reason"),
    [(b"\x00\x01", "binary file"), (b"\xff\xfe", "not valid UTF-8 (undecodable byte at offset")],
)
def test_a_big_file_that_is_not_text_is_skipped_whole(tmp_path: Path, tail: bytes, reason: str) -> None:
    root = tmp_path / "corpus"
    write(root, "big.txt", _big_text().encode() + tail + b" more text\n")
    write(root, "small.md", "A small note about granite.")
    corpus = LocalCorpus(root, index_path=tmp_path / "index.db", part_chars=PART)
    report = corpus.refresh()
    assert [s.locator for s in report.skipped] == ["big.txt"]
    assert report.skipped[0].reason.startswith(reason)
    assert _parts(tmp_path) == []
    corpus.close()


def test_a_big_file_is_read_in_bounded_chunks(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(corpus_parts, "_CHUNK_BYTES", 4096)
    corpus = _corpus(tmp_path, _big_text(400))
    sizes: list[int] = []
    real_open = Path.open

    class Recording:
        def __init__(self, handle: Any) -> None:
            self.handle = handle

        def read(self, size: int = -1) -> bytes:
            sizes.append(size)
            data: bytes = self.handle.read(size)
            return data

        def __enter__(self) -> Recording:
            return self

        def __exit__(self, *exc: object) -> None:
            self.handle.close()

    def spy(self: Path, *args: Any, **kwargs: Any) -> Any:
        handle = real_open(self, *args, **kwargs)
        return Recording(handle) if self.name == "big.txt" else handle

    monkeypatch.setattr(Path, "open", spy)
    corpus.refresh()
    assert sizes and all(0 < size <= 4096 for size in sizes)
    corpus.close()


def test_parts_fall_back_to_line_breaks_and_spaces_then_hard_cuts(tmp_path: Path) -> None:
    def parts_of(text: str, tmp: Path) -> list[str]:
        path = tmp / "t.txt"
        path.write_text(text, encoding="utf-8")
        return [part for _, part in text_parts(path, part_chars=100)]

    tmp = tmp_path
    lines = "".join(f"line {n:03}\n" for n in range(60))
    assert all(p.endswith("\n") for p in parts_of(lines, tmp)[:-1]) and "".join(parts_of(lines, tmp)) == lines
    words = " ".join(f"w{n:03}" for n in range(100))
    assert all(p.endswith(" ") for p in parts_of(words, tmp)[:-1]) and "".join(parts_of(words, tmp)) == words
    solid = "x" * 450
    assert [len(p) for p in parts_of(solid, tmp)] == [100, 100, 100, 100, 50]
