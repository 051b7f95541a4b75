"""The local corpus's index: the SQLite file that caches a folder's passages, and its refresh.

The index is a cache kept in its own SQLite file::

    files(id, path, source, part, content_hash, size, mtime_ns, title, authority, published, text)
    passages(id, file_id, start_offset, end_offset)          -- doc.text[start:end] is the passage
    passages_fts(body, title, section)                        -- FTS5, rowid = passages.id
    meta(key, value)                                          -- the root the index was built for

Every refresh runs in one ``BEGIN IMMEDIATE`` transaction: it either applies completely or (on any
error, including "no supported files") rolls back and leaves the previous index intact. Refresh is
incremental: a file whose size and mtime are unchanged is not even read; a file whose bytes hash to
the stored ``content_hash`` is not re-parsed. Files are read and split by :mod:`agents.sources.documents`
(one file, one row: ``path`` = ``source``, ``part`` 0), or, when they are big text files, streamed
in parts by :mod:`agents.sources.corpus_parts` (one row per part: ``path`` = ``source#chars=START-END``;
part 0 carries the whole file's hash, size and mtime).

A :class:`CorpusIndex` is not thread-safe: its owner (:class:`agents.sources.corpus.LocalCorpus`) makes one
call at a time.
"""

from __future__ import annotations

import sqlite3
from collections import Counter
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from pydantic import BaseModel, ConfigDict, Field

from agents.sources.corpus_files import Limits, drop_source, index_file
from agents.sources.corpus_parts import PART_CHARS
from agents.sources.corpus_scan import DEFAULT_MAX_FILE_BYTES, SUPPORTED_SUFFIXES, scan
from protocols.errors import ConfigurationError
from protocols.sources import DeniedSource

__all__ = ["DISK_SUGGESTION", "SUPPORTED_SUFFIXES", "CorpusIndex", "IndexReport", "disk_trouble"]

#: The index's layout. 2: big files in parts (files.source, files.part); 3: HTML table cells between |
#: marks; 4: a long table's later passages are indexed under its header row; 5: HTML ``nav`` dropped.
_SCHEMA_VERSION = 5
_APPLICATION_ID = 0x434E5343  # "CNSC": marks a SQLite file as a corpus index that we may rewrite
DISK_SUGGESTION = "Free disk space (or raise the file size limit, `ulimit -f`) and run again."
_DISK_CODES = (sqlite3.SQLITE_FULL, sqlite3.SQLITE_IOERR)
_STORED = "SELECT id, source, content_hash, size, mtime_ns FROM files WHERE part = 0"  # one row per file

_SCHEMA = """
CREATE TABLE IF NOT EXISTS meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS files (
    id INTEGER PRIMARY KEY, path TEXT NOT NULL UNIQUE, source TEXT NOT NULL, part INTEGER NOT NULL,
    content_hash TEXT NOT NULL, size INTEGER NOT NULL, mtime_ns INTEGER NOT NULL, title TEXT NOT NULL,
    authority TEXT NOT NULL, published TEXT, text TEXT NOT NULL
);
CREATE INDEX IF NOT EXISTS files_by_source ON files (source, part);
CREATE TABLE IF NOT EXISTS passages (
    id INTEGER PRIMARY KEY, file_id INTEGER NOT NULL REFERENCES files (id),
    start_offset INTEGER NOT NULL, end_offset INTEGER NOT NULL
);
CREATE INDEX IF NOT EXISTS passages_by_file ON passages (file_id);
CREATE VIRTUAL TABLE IF NOT EXISTS passages_fts USING fts5 (body, title, section, tokenize='porter unicode61');
"""


def disk_trouble(exc: sqlite3.Error) -> bool:
    """Whether SQLite failed because of the disk (full, a file size limit, an I/O error), not the file's content."""
    return ((getattr(exc, "sqlite_errorcode", None) or 0) & 0xFF) in _DISK_CODES


class IndexReport(BaseModel):
    """What one :meth:`LocalCorpus.refresh` did."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    added: int = Field(0, description="Files indexed for the first time.")
    updated: int = Field(0, description="Files whose content changed and were re-indexed.")
    removed: int = Field(0, description="Files dropped: deleted, or no longer readable.")
    unchanged: int = Field(0, description="Files left untouched.")
    passages_indexed: int = Field(0, description="Passages written by this refresh.")
    skipped: list[DeniedSource] = Field(default_factory=list, description="Files that could not be indexed.")

    @property
    def files(self) -> int:
        """How many files the index holds after the refresh."""
        return self.added + self.updated + self.unchanged


class CorpusIndex:
    """The index file of one corpus, opened on first use and kept open until :meth:`close`.

    Args:
        path: the SQLite file (absolute; created with its parent folders when missing).
    """

    def __init__(self, path: Path) -> None:
        self._path = path
        self._conn: sqlite3.Connection | None = None

    @property
    def path(self) -> Path:
        """The SQLite file of the index."""
        return self._path

    def connect(self) -> sqlite3.Connection:
        """The open connection (in autocommit mode), opening the file and creating the schema on first use.

        Raises:
            ConfigurationError: the file cannot be opened, or is a SQLite database but not a corpus index.
        """
        if self._conn is not None:
            return self._conn
        try:
            self._path.parent.mkdir(parents=True, exist_ok=True)
            conn = sqlite3.connect(self._path, isolation_level=None, check_same_thread=False)
        except (OSError, sqlite3.Error) as exc:
            raise ConfigurationError(
                f"Cannot open the corpus index at {self._path}: {exc}.",
                suggestion="Choose an index path in a folder you can write to.",
            ) from exc
        try:
            for pragma in ("busy_timeout = 10000", "journal_mode = WAL", "synchronous = NORMAL", "cache_size = -65536"):
                conn.execute(f"PRAGMA {pragma}")
            self._ensure_schema(conn)
        except sqlite3.Error as exc:
            conn.close()
            if disk_trouble(exc):
                raise ConfigurationError(
                    f"Cannot write the corpus index at {self._path}: {exc}.", suggestion=DISK_SUGGESTION
                ) from exc
            raise ConfigurationError(
                f"{self._path} is not a usable corpus index: {exc}.",
                suggestion="Delete the file (it is only a cache, rebuilt on the next search) or choose another path.",
            ) from exc
        except BaseException:
            conn.close()
            raise
        self._conn = conn
        return conn

    def refresh(
        self, root: Path, *, max_file_bytes: int = DEFAULT_MAX_FILE_BYTES, part_chars: int = PART_CHARS
    ) -> IndexReport:
        """Bring the index up to date with the folder ``root``, in one transaction (see the module docstring).

        Files that leave the folder through a link, or are larger than ``max_file_bytes``, are
        skipped and reported (:mod:`agents.sources.corpus_scan`); one that was indexed before is dropped.
        Text files longer than ``part_chars`` are streamed and indexed in parts
        (:mod:`agents.sources.corpus_parts`).

        Raises:
            ConfigurationError: as :meth:`connect`, or ``root`` has no file that can be indexed
                (the transaction is rolled back: the previous index is left as it was).
            sqlite3.Error: the index failed while being written (the caller translates it).
        """
        limits = Limits(max_bytes=max_file_bytes, part_chars=part_chars)
        found, skipped = scan(root, ignore={Path(f"{self._path}{x}") for x in ("", "-wal", "-shm", "-journal")})
        conn = self.connect()
        with _immediate(conn):
            _claim(conn, root)
            stored = {row[1]: row for row in conn.execute(_STORED)}
            counts: Counter[str] = Counter()
            for locator, path in found:
                old = stored.pop(locator, None)
                denied = index_file(conn, (locator, path), old, counts, limits=limits)
                if denied is not None:
                    skipped.append(denied)
                    if old is not None:  # indexed before, unreadable now
                        drop_source(conn, locator)
                        counts["removed"] += 1
            for locator in stored:  # deleted, or no longer readable
                drop_source(conn, locator)
                counts["removed"] += 1
            if not counts["added"] + counts["updated"] + counts["unchanged"]:
                raise _nothing_to_index(root, skipped)
            if counts["added"] and not counts["updated"] + counts["unchanged"] + counts["removed"]:
                # After a full build, one merge leaves a single b-tree per term for queries to read.
                conn.execute("INSERT INTO passages_fts (passages_fts) VALUES ('optimize')")
        return IndexReport(
            added=counts["added"],
            updated=counts["updated"],
            removed=counts["removed"],
            unchanged=counts["unchanged"],
            passages_indexed=counts["passages"],
            skipped=sorted(skipped, key=lambda denied: denied.locator),
        )

    def close(self) -> None:
        """Close the connection (a later :meth:`connect` reopens it)."""
        if self._conn is not None:
            self._conn.close()
            self._conn = None

    def _ensure_schema(self, conn: sqlite3.Connection) -> None:
        with _immediate(conn):
            app_id = conn.execute("PRAGMA application_id").fetchone()[0]
            version = conn.execute("PRAGMA user_version").fetchone()[0]
            has_tables = conn.execute("SELECT count(*) FROM sqlite_master WHERE type = 'table'").fetchone()[0]
            if has_tables and app_id != _APPLICATION_ID:
                raise ConfigurationError(
                    f"{self._path} is a SQLite database but not a corpus index; refusing to change it.",
                    suggestion="Choose another index path for the corpus.",
                )
            if has_tables and version != _SCHEMA_VERSION:  # ours, older layout: a cache, so rebuild it
                for table in ("passages_fts", "passages", "files", "meta"):
                    conn.execute(f"DROP TABLE IF EXISTS {table}")
            for statement in _SCHEMA.split(";"):  # not executescript(): it would commit the transaction
                if statement.strip():
                    conn.execute(statement)
            conn.execute(f"PRAGMA application_id = {_APPLICATION_ID}")
            conn.execute(f"PRAGMA user_version = {_SCHEMA_VERSION}")


def _claim(conn: sqlite3.Connection, root: Path) -> None:
    """Make the index belong to ``root``: an index built for another folder is emptied."""
    row = conn.execute("SELECT value FROM meta WHERE key = 'root'").fetchone()
    if row is not None and row[0] == str(root):
        return
    for table in ("passages_fts", "passages", "files"):
        conn.execute(f"DELETE FROM {table}")
    conn.execute("INSERT OR REPLACE INTO meta (key, value) VALUES ('root', ?)", (str(root),))


def _nothing_to_index(root: Path, skipped: list[DeniedSource]) -> ConfigurationError:
    suggestion = "Add UTF-8 .md, .txt, .html or .csv files to the folder, or point the corpus at another folder."
    if not skipped:
        return ConfigurationError(f"Corpus folder {root} has no files to index.", suggestion=suggestion)
    reasons = sorted(Counter(denied.reason for denied in skipped).items(), key=lambda kv: (-kv[1], kv[0]))
    return ConfigurationError(
        f"Corpus folder {root} has no file that can be indexed: {len(skipped)} file(s) skipped"
        f" ({'; '.join(f'{n} x {reason}' for reason, n in reasons)}).",
        suggestion=suggestion,
    )


@contextmanager
def _immediate(conn: sqlite3.Connection) -> Iterator[None]:
    """One write transaction, taken up front (see PITFALLS.md): commit on success, else roll back."""
    conn.execute("BEGIN IMMEDIATE")
    try:
        yield
    except BaseException:
        conn.execute("ROLLBACK")
        raise
    conn.execute("COMMIT")
