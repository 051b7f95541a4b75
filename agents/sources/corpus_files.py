"""Bringing one corpus file's rows in the index up to date: read, check, parse, insert (or not).

A small file is read whole and parsed by :mod:`agents.sources.documents` into one ``files`` row. A ``.md``
or ``.txt`` file longer than the part size is streamed (:mod:`agents.sources.corpus_parts`): hashed and
checked in chunks, then indexed part by part, so at most about one part is in memory at a time.
Runs inside the caller's refresh transaction.
"""

from __future__ import annotations

import hashlib
import os
import sqlite3
from collections import Counter
from dataclasses import dataclass
from pathlib import Path

from agents.sources.corpus_parts import PART_CHARS, STREAMED_SUFFIXES, part_locator, stream_digest, text_parts
from agents.sources.corpus_scan import DEFAULT_MAX_FILE_BYTES, os_reason, too_big_reason
from agents.sources.documents import ParsedDocument, parse_document, parse_text, split_passages
from protocols.sources import DeniedSource

__all__ = ["Limits", "StoredFile", "drop_source", "index_file"]

StoredFile = tuple[int, str, str, int, int]  # files (part 0): id, source, content_hash, size, mtime_ns


@dataclass(frozen=True)
class Limits:
    """How big a file may be (``max_bytes``), and above how many characters it is indexed in parts."""

    max_bytes: int = DEFAULT_MAX_FILE_BYTES
    part_chars: int = PART_CHARS


def index_file(
    conn: sqlite3.Connection, file: tuple[str, Path], old: StoredFile | None, counts: Counter[str], *, limits: Limits
) -> DeniedSource | None:
    """Bring one file's rows up to date, counting what was done; the reason when it cannot be indexed.

    Size and mtime unchanged: nothing is read. Bytes unchanged (same hash): only the stat is stored.
    A file over ``limits.max_bytes`` is refused from its size, before it is read.
    """
    locator, path = file
    try:
        stat = path.stat()
        if stat.st_size > limits.max_bytes:
            return DeniedSource(locator=locator, reason=too_big_reason(stat.st_size, limits.max_bytes))
        if old is not None and (old[3], old[4]) == (stat.st_size, stat.st_mtime_ns):
            counts["unchanged"] += 1
            return None
        if path.suffix.lower() in STREAMED_SUFFIXES and stat.st_size > limits.part_chars:
            return _index_streamed(conn, file, old, counts, stat=stat, limits=limits)
        with path.open("rb") as handle:
            raw = handle.read(limits.max_bytes + 1)  # the file may have grown since stat()
    except OSError as exc:
        return DeniedSource(locator=locator, reason=f"cannot read file: {os_reason(exc)}")
    if len(raw) > limits.max_bytes:
        return DeniedSource(locator=locator, reason=too_big_reason(len(raw), limits.max_bytes))
    digest = "sha256:" + hashlib.sha256(raw).hexdigest()
    if _touched(conn, old, digest, stat, counts):
        return None
    doc = parse_document(path.stem, path.suffix.lower(), raw)
    del raw  # the decoded text is all we keep: do not hold both
    if isinstance(doc, str):
        return DeniedSource(locator=locator, reason=doc)
    _replace(conn, locator, old, counts)
    counts["passages"] += _insert(conn, (locator, locator, 0), digest, stat, doc)
    return None


def drop_source(conn: sqlite3.Connection, source: str) -> None:
    """Remove every row of one file (all its parts) and its passages."""
    ids = "SELECT id FROM files WHERE source = ?"
    conn.execute(
        f"DELETE FROM passages_fts WHERE rowid IN (SELECT id FROM passages WHERE file_id IN ({ids}))", (source,)
    )
    conn.execute(f"DELETE FROM passages WHERE file_id IN ({ids})", (source,))
    conn.execute("DELETE FROM files WHERE source = ?", (source,))


def _index_streamed(
    conn: sqlite3.Connection,
    file: tuple[str, Path],
    old: StoredFile | None,
    counts: Counter[str],
    *,
    stat: os.stat_result,
    limits: Limits,
) -> DeniedSource | None:
    """A big text file, hashed in chunks, then indexed part by part (raises OSError to the caller)."""
    locator, path = file
    digest = stream_digest(path, max_bytes=limits.max_bytes)
    if not digest.startswith("sha256:"):
        return DeniedSource(locator=locator, reason=digest)
    if _touched(conn, old, digest, stat, counts):
        return None
    _replace(conn, locator, old, counts)
    first: ParsedDocument | None = None
    section = ""  # the heading in force where a part starts
    try:
        for number, (start, text) in enumerate(text_parts(path, part_chars=limits.part_chars)):
            if first is None:
                parsed = parse_text(path.stem, path.suffix.lower(), text)
                assert not isinstance(parsed, str)  # only HTML parsing can refuse decoded text
                doc = first = parsed
            else:
                spans = split_passages(text, section=section)
                doc = ParsedDocument(text, first.title, first.authority, first.published, spans)
            section = doc.passages[-1].section if doc.passages else section
            where = (part_locator(locator, start, start + len(text)), locator, number)
            counts["passages"] += _insert(conn, where, digest, stat, doc)
    except UnicodeDecodeError:  # changed between the two reads: skip it rather than index half
        drop_source(conn, locator)
        counts["updated" if old is not None else "added"] -= 1
        return DeniedSource(locator=locator, reason="changed while it was being read; refresh again")
    return None


def _touched(
    conn: sqlite3.Connection, old: StoredFile | None, digest: str, stat: os.stat_result, counts: Counter[str]
) -> bool:
    """Same bytes as indexed (only touched): store the new stat and count it unchanged."""
    if old is None or old[2] != digest:
        return False
    conn.execute("UPDATE files SET size = ?, mtime_ns = ? WHERE id = ?", (stat.st_size, stat.st_mtime_ns, old[0]))
    counts["unchanged"] += 1
    return True


def _replace(conn: sqlite3.Connection, locator: str, old: StoredFile | None, counts: Counter[str]) -> None:
    if old is not None:
        drop_source(conn, locator)
    counts["updated" if old is not None else "added"] += 1


def _insert(
    conn: sqlite3.Connection, where: tuple[str, str, int], digest: str, stat: os.stat_result, doc: ParsedDocument
) -> int:
    """One ``files`` row (``where`` = path, source, part) and its passages; returns how many passages."""
    file_id = conn.execute(
        "INSERT INTO files (path, source, part, content_hash, size, mtime_ns, title, authority, published, text)"
        " VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
        (*where, digest, stat.st_size, stat.st_mtime_ns, doc.title, doc.authority.value, doc.published, doc.text),
    ).lastrowid
    first_id: int = conn.execute("SELECT COALESCE(MAX(id), 0) + 1 FROM passages").fetchone()[0]
    # Generators, not lists: executemany streams the rows, so the passages' text is never copied whole.
    conn.executemany(
        "INSERT INTO passages (id, file_id, start_offset, end_offset) VALUES (?, ?, ?, ?)",
        ((first_id + i, file_id, span.start, span.end) for i, span in enumerate(doc.passages)),
    )
    conn.executemany(
        "INSERT INTO passages_fts (rowid, body, title, section) VALUES (?, ?, ?, ?)",
        (
            (first_id + i, doc.text[span.start : span.end], doc.title, span.section)
            for i, span in enumerate(doc.passages)
        ),
    )
    return len(doc.passages)
