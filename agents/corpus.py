"""The local corpus: offline search over a folder of ``.md``, ``.txt`` and ``.html`` files.

Files are split into passages (paragraphs; long ones into sentence-aligned chunks of about 400-800
characters) that keep exact character offsets into the document text, and indexed in SQLite FTS5
with BM25 ranking. The index is a cache kept in its own SQLite file::

    files(id, path, content_hash, size, mtime_ns, title, authority, published, text)
    passages(id, file_id, start_offset, end_offset)          -- doc.text[start:end] is the passage
    passages_fts(body, title, section)                        -- FTS5, rowid = passages.id
    meta(key, value)                                          -- the root the index was built for

Every refresh runs in one ``BEGIN IMMEDIATE`` transaction: it either applies completely or (on any
error, including "no supported files") rolls back and leaves the previous index intact. Refresh is
incremental: a file whose size and mtime are unchanged is not even read; a file whose bytes hash to
the stored ``content_hash`` is not re-parsed.

The document text of a Markdown or text file is the whole file, front matter included, so offsets
are offsets in the file; passages never include the front matter. An HTML file's document text is
its front matter (if any) followed by the page reduced to readable text (:mod:`agents.htmltext`).
Markdown headings are not passages of their own: a heading becomes the ``section`` of the passages
under it, which is searchable but not part of the quoted span.
"""

from __future__ import annotations

import hashlib
import os
import re
import sqlite3
import threading
import unicodedata
from collections import Counter
from collections.abc import Iterator
from contextlib import contextmanager
from datetime import date
from functools import partial
from pathlib import Path

import anyio
from pydantic import BaseModel, ConfigDict, Field

from agents.frontmatter import parse_document, recency_for
from protocols.contract import Authority
from protocols.errors import BackendError, ConfigurationError
from protocols.sources import DeniedSource, Passage, SearchResult, SourceDocument

__all__ = ["STOP_WORDS", "SUPPORTED_SUFFIXES", "IndexReport", "LocalCorpus", "build_match_query", "query_terms"]

SUPPORTED_SUFFIXES = frozenset({".md", ".txt", ".html", ".htm"})
STOP_WORDS = frozenset(
    """a about above after again against all also am an and any are as at be because been before being
    below between both but by can could did do does doing down during each few for from further had has
    have having he her here hers herself him himself his how i if in into is it its itself just me might
    more most must my myself no nor not of off on once only or other our ours ourselves out over own
    same she should so some such than that the their theirs them themselves then there these they this
    those through to too under until up very was we were what when where which while who whom why will
    with would you your yours yourself yourselves""".split()  # noqa: SIM905 (a list literal is 100 lines)
)
MAX_QUERY_TERMS = 12
_UNSUPPORTED = "unsupported file type ({suffix}); supported: .md .txt .html"
_TERM = re.compile(r"[^\W_]+")
_SCHEMA_VERSION = 1
_APPLICATION_ID = 0x434E5343  # "CNSC": marks a SQLite file as a corpus index that we may rewrite
_WEIGHTS = "1.0, 0.5, 0.5"  # bm25 column weights: passage body, document title, section heading
_MIN_SCORE = 1e-9
# A term in more than half the passages has a BM25 weight of ~0 (FTS5 clamps its IDF to 1e-6) but
# costs a score computation per matching row: above this many rows, such a term is left out.
_UBIQUITOUS_FLOOR = 1_000
_Row = tuple[int, str, str, int, int]  # files: id, path, content_hash, size, mtime_ns

_SCHEMA = """
CREATE TABLE IF NOT EXISTS meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS files (
    id INTEGER PRIMARY KEY, path TEXT NOT NULL UNIQUE, content_hash TEXT NOT NULL,
    size INTEGER NOT NULL, mtime_ns INTEGER NOT NULL, title TEXT NOT NULL, authority TEXT NOT NULL,
    published TEXT, text TEXT NOT NULL
);
CREATE TABLE IF NOT EXISTS passages (
    id INTEGER PRIMARY KEY, file_id INTEGER NOT NULL REFERENCES files (id),
    start_offset INTEGER NOT NULL, end_offset INTEGER NOT NULL
);
CREATE INDEX IF NOT EXISTS passages_by_file ON passages (file_id);
CREATE VIRTUAL TABLE IF NOT EXISTS passages_fts USING fts5 (body, title, section, tokenize='porter unicode61');
"""
# Top passages by BM25 alone: joining only the winners is ~2x faster than joining every match.
_TOP = (
    f"SELECT rowid, bm25(passages_fts, {_WEIGHTS}) AS r FROM passages_fts WHERE passages_fts MATCH ? ORDER BY r LIMIT ?"
)
_LOCATE = (
    "SELECT p.id, f.id, f.path, p.start_offset, p.end_offset FROM passages AS p JOIN files AS f ON f.id = p.file_id"
)
# The exact order in one statement, for when equal scores straddle the cut.
_SEARCH = f"""
SELECT p.id, f.id, f.path, p.start_offset, p.end_offset, bm25(passages_fts, {_WEIGHTS}) AS rank
FROM passages_fts JOIN passages AS p ON p.id = passages_fts.rowid JOIN files AS f ON f.id = p.file_id
WHERE passages_fts MATCH ? ORDER BY rank, f.path, p.start_offset LIMIT ?
"""


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


def query_terms(query: str) -> list[str]:
    """The search terms of free text: lower-cased word tokens (letters and digits), stop words
    dropped, duplicates removed, at most :data:`MAX_QUERY_TERMS`, in order of appearance."""
    terms: list[str] = []
    for token in _TERM.findall(unicodedata.normalize("NFC", query.lower())):
        if token not in STOP_WORDS and token not in terms:
            terms.append(token)
            if len(terms) == MAX_QUERY_TERMS:
                break
    return terms


def build_match_query(query: str) -> str:
    """Turn free text into a safe FTS5 ``MATCH`` expression: its :func:`query_terms`, each quoted, joined with OR.

    Raw text never reaches ``MATCH``: operators (``OR``, ``NEAR``, ``*``, ``^``), column filters
    (``title:``) and stray quotes would be syntax errors or would change the query's meaning.

    Returns:
        The expression, or ``""`` when no searchable term is left.
    """
    return _match(query_terms(query))


def _match(terms: list[str]) -> str:
    return " OR ".join(f'"{term}"' for term in terms)  # a term has only letters and digits: no escaping


class LocalCorpus:
    """A folder of documents searched offline (satisfies :class:`agents.SourceBackend`).

    Files are found recursively under ``root`` in sorted order. Hidden files and folders (names
    starting with ``.``) and the index's own files are ignored silently; any other file that cannot
    be indexed is reported in :attr:`skipped` with the reason. The index is built by the first
    :meth:`search` (or an explicit :meth:`refresh`) and brought up to date incrementally.

    One instance may be shared by concurrent tasks: SQLite work runs in worker threads, one at a time.

    Args:
        root: the corpus folder.
        index_path: the SQLite file of the index (created with its parent folders when missing).

    Raises:
        ConfigurationError: ``root`` does not exist or is not a folder.
    """

    def __init__(self, root: Path, *, index_path: Path) -> None:
        self._root = Path(root).expanduser().resolve()
        self._index_path = Path(index_path).expanduser().resolve()
        self._lock = threading.Lock()
        self._conn: sqlite3.Connection | None = None
        self._refreshed = False
        self._skipped: list[DeniedSource] = []
        self._frequency: dict[str, int] = {}  # passages matching a term ("" = all passages); reset by refresh
        self._check_root()

    @property
    def name(self) -> str:
        """The backend's name in traces and errors."""
        return "local-corpus"

    @property
    def root(self) -> Path:
        """The corpus folder (absolute)."""
        return self._root

    @property
    def skipped(self) -> list[DeniedSource]:
        """Files the last refresh could not index, with the reason (empty before the first refresh)."""
        return list(self._skipped)

    def refresh(self) -> IndexReport:
        """Bring the index up to date with the folder (blocking; builds it on first use).

        New and changed files are (re)indexed, deleted or now-unreadable files dropped, unchanged
        files left untouched. All of it is one transaction.

        Returns:
            What changed, and which files were skipped and why.

        Raises:
            ConfigurationError: the folder is gone, is not a folder, has no file that can be
                indexed, or ``index_path`` is not a corpus index.
            BackendError: the index failed (``retryable`` when it was locked or busy).
        """
        with self._lock, self._index_errors():
            return self._refresh_locked()

    async def search(self, query: str, *, limit: int, domains: list[str] | None = None) -> SearchResult:
        """Find the passages that best match ``query``, best first.

        Ranking is BM25 over passage text, document title and section heading; ties are broken by
        locator and offset, so results are deterministic for a given corpus. The first search of an
        instance refreshes the index.

        Args:
            query: free text; it is reduced to quoted terms (see :func:`build_match_query`).
            limit: the maximum number of passages.
            domains: ignored: web domains do not apply to local files.

        Returns:
            The passages (``denied`` is always empty: read :attr:`skipped` instead).

        Raises:
            ConfigurationError: as :meth:`refresh`, when this first search builds the index.
            BackendError: the index failed (``retryable`` when it was locked or busy).
        """
        del domains  # web-only filter; a file has no domain
        terms = query_terms(query)
        if not terms or limit <= 0:
            return SearchResult()
        passages = await anyio.to_thread.run_sync(partial(self._search_sync, terms, limit))
        return SearchResult(passages=passages)

    def close(self) -> None:
        """Close the index connection (a later call reopens it)."""
        with self._lock:
            if self._conn is not None:
                self._conn.close()
                self._conn = None

    async def aclose(self) -> None:
        """Close the index connection without blocking the event loop."""
        await anyio.to_thread.run_sync(self.close)

    @contextmanager
    def _index_errors(self) -> Iterator[None]:
        """SQLite failures after the index opened (locked by a long build elsewhere, disk full...)."""
        try:
            yield
        except sqlite3.Error as exc:
            raise BackendError(
                f"The corpus index {self._index_path} failed: {exc}.",
                backend=self.name,
                retryable=isinstance(exc, sqlite3.OperationalError),
                suggestion="Retry; if it keeps failing, delete the index file (a cache, rebuilt by the next search).",
            ) from exc

    # -- refresh ---------------------------------------------------------------------------------

    def _check_root(self) -> None:
        if not self._root.exists():
            raise ConfigurationError(
                f"Corpus folder {self._root} does not exist.",
                suggestion="Create the folder and put .md, .txt or .html files in it, or point the corpus elsewhere.",
            )
        if not self._root.is_dir():
            raise ConfigurationError(
                f"Corpus path {self._root} is a file, not a folder.",
                suggestion="Point the corpus at the folder that holds your documents.",
            )

    def _refresh_locked(self) -> IndexReport:
        self._check_root()
        found, skipped = _scan(
            self._root, ignore={Path(f"{self._index_path}{x}") for x in ("", "-wal", "-shm", "-journal")}
        )
        conn = self._connect()
        with _immediate(conn):
            self._claim(conn)
            stored = {row[1]: row for row in conn.execute("SELECT id, path, content_hash, size, mtime_ns FROM files")}
            counts: Counter[str] = Counter()
            for locator, path in found:
                old = stored.pop(locator, None)
                denied = _index_file(conn, locator, path, old, counts)
                if denied is not None:
                    skipped.append(denied)
                    if old is not None:  # indexed before, unreadable now
                        _drop_file(conn, old[0])
                        counts["removed"] += 1
            for row in stored.values():  # deleted, or no longer readable
                _drop_file(conn, row[0])
                counts["removed"] += 1
            if not counts["added"] + counts["updated"] + counts["unchanged"]:
                raise self._nothing_to_index(skipped)
            if counts["added"] and not counts["updated"] + counts["unchanged"] + counts["removed"]:
                # After a full build, one merge leaves a single b-tree per term for queries to read.
                conn.execute("INSERT INTO passages_fts (passages_fts) VALUES ('optimize')")
        report = IndexReport(
            added=counts["added"],
            updated=counts["updated"],
            removed=counts["removed"],
            unchanged=counts["unchanged"],
            passages_indexed=counts["passages"],
            skipped=sorted(skipped, key=lambda denied: denied.locator),
        )
        self._refreshed = True
        self._skipped = report.skipped
        self._frequency.clear()
        return report

    def _nothing_to_index(self, skipped: list[DeniedSource]) -> ConfigurationError:
        suggestion = "Add UTF-8 .md, .txt or .html files to the folder, or point the corpus at another folder."
        if not skipped:
            return ConfigurationError(f"Corpus folder {self._root} has no files to index.", suggestion=suggestion)
        reasons = sorted(Counter(denied.reason for denied in skipped).items(), key=lambda kv: (-kv[1], kv[0]))
        return ConfigurationError(
            f"Corpus folder {self._root} has no file that can be indexed: {len(skipped)} file(s) skipped"
            f" ({'; '.join(f'{n} x {reason}' for reason, n in reasons)}).",
            suggestion=suggestion,
        )

    # -- index -----------------------------------------------------------------------------------

    def _connect(self) -> sqlite3.Connection:
        if self._conn is not None:
            return self._conn
        try:
            self._index_path.parent.mkdir(parents=True, exist_ok=True)
            conn = sqlite3.connect(self._index_path, isolation_level=None, check_same_thread=False)
        except (OSError, sqlite3.Error) as exc:
            raise ConfigurationError(
                f"Cannot open the corpus index at {self._index_path}: {exc}.",
                suggestion="Choose an index path in a folder you can write to.",
            ) from exc
        try:
            for pragma in ("busy_timeout = 10000", "journal_mode = WAL", "synchronous = NORMAL", "cache_size = -65536"):
                conn.execute(f"PRAGMA {pragma}")
            self._ensure_schema(conn)
        except sqlite3.Error as exc:
            conn.close()
            raise ConfigurationError(
                f"{self._index_path} is not a usable corpus index: {exc}.",
                suggestion="Delete the file (it is only a cache, rebuilt on the next search) or choose another path.",
            ) from exc
        except BaseException:
            conn.close()
            raise
        self._conn = conn
        return conn

    def _ensure_schema(self, conn: sqlite3.Connection) -> None:
        with _immediate(conn):
            app_id = conn.execute("PRAGMA application_id").fetchone()[0]
            version = conn.execute("PRAGMA user_version").fetchone()[0]
            has_tables = conn.execute("SELECT count(*) FROM sqlite_master WHERE type = 'table'").fetchone()[0]
            if has_tables and app_id != _APPLICATION_ID:
                raise ConfigurationError(
                    f"{self._index_path} is a SQLite database but not a corpus index; refusing to change it.",
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

    def _claim(self, conn: sqlite3.Connection) -> None:
        """Make the index belong to this root: an index built for another folder is emptied."""
        row = conn.execute("SELECT value FROM meta WHERE key = 'root'").fetchone()
        if row is not None and row[0] == str(self._root):
            return
        for table in ("passages_fts", "passages", "files"):
            conn.execute(f"DELETE FROM {table}")
        conn.execute("INSERT OR REPLACE INTO meta (key, value) VALUES ('root', ?)", (str(self._root),))

    # -- search ----------------------------------------------------------------------------------

    def _search_sync(self, terms: list[str], limit: int) -> list[Passage]:
        with self._lock, self._index_errors():
            if not self._refreshed:
                self._refresh_locked()
            conn = self._connect()
            match = self._informative(conn, terms)
            if not match:
                return []
            top = conn.execute(_TOP, (match, limit + 1)).fetchall()
            if len(top) > limit and top[limit][1] == top[limit - 1][1]:
                rows = conn.execute(_SEARCH, (match, limit)).fetchall()  # a tie at the cut: rank exactly
            else:
                rank = dict(top[:limit])
                located = conn.execute(f"{_LOCATE} WHERE p.id IN ({','.join('?' * len(rank))})", list(rank))
                rows = sorted(((*row, rank[row[0]]) for row in located), key=lambda r: (r[5], r[2], r[3]))
            ids = sorted({row[1] for row in rows})
            marks = ",".join("?" * len(ids))
            files = conn.execute(
                f"SELECT id, path, title, authority, published, text FROM files WHERE id IN ({marks})", ids
            )
            documents = {row[0]: _document(*row[1:]) for row in files}
        return [
            Passage(document=documents[file_id], start=start, end=end, score=max(-rank, _MIN_SCORE))
            for _pid, file_id, _path, start, end, rank in rows
        ]

    def _informative(self, conn: sqlite3.Connection, terms: list[str]) -> str:
        """The MATCH expression for ``terms``, without terms no passage has, and without ubiquitous ones.

        A term in more than half the passages (and more than ``_UBIQUITOUS_FLOOR``) adds ~0 to any
        score but makes every query with it score those rows; it is kept only when no other term
        matches anything (then the rarest such term alone is searched).
        """
        if "" not in self._frequency:
            self._frequency[""] = conn.execute("SELECT count(*) FROM passages").fetchone()[0]
        for term in terms:
            if term not in self._frequency:
                count = "SELECT count(*) FROM passages_fts WHERE passages_fts MATCH ?"
                self._frequency[term] = conn.execute(count, (_match([term]),)).fetchone()[0]
        present = [term for term in terms if self._frequency[term]]
        ceiling = max(self._frequency[""] / 2, _UBIQUITOUS_FLOOR)
        informative = [term for term in present if self._frequency[term] <= ceiling]
        if not informative and present:
            informative = [min(present, key=self._frequency.__getitem__)]
        return _match(informative)


def _document(locator: str, title: str, authority: str, published: str | None, text: str) -> SourceDocument:
    return SourceDocument(
        kind="file",
        locator=locator,
        title=title,
        text=text,
        authority=Authority(authority),
        recency=recency_for(published, date.today()),  # relative to today, so computed per search
        published=published,
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


def _scan(root: Path, *, ignore: set[Path]) -> tuple[list[tuple[str, Path]], list[DeniedSource]]:
    """List the files under ``root``: those to index (sorted by locator) and the unsupported ones."""
    found: list[tuple[str, Path]] = []
    skipped: list[DeniedSource] = []

    def unlistable(exc: OSError) -> None:
        where = Path(exc.filename or root)
        locator = where.relative_to(root).as_posix() if where != root else "."
        skipped.append(DeniedSource(locator=locator, reason=f"cannot list folder: {_os_reason(exc)}"))

    for dirpath, dirnames, filenames in os.walk(root, onerror=unlistable):
        dirnames[:] = sorted(d for d in dirnames if not d.startswith("."))
        for filename in filenames:
            path = Path(dirpath, filename)
            if filename.startswith(".") or path in ignore:
                continue
            locator = path.relative_to(root).as_posix()
            suffix = path.suffix.lower()
            if suffix in SUPPORTED_SUFFIXES:
                found.append((locator, path))
            else:
                skipped.append(
                    DeniedSource(locator=locator, reason=_UNSUPPORTED.format(suffix=suffix or "no extension"))
                )
    found.sort()
    return found, skipped


def _index_file(
    conn: sqlite3.Connection, locator: str, path: Path, old: _Row | None, counts: Counter[str]
) -> DeniedSource | None:
    """Bring one file's rows up to date, counting what was done; the reason when it cannot be indexed.

    Size and mtime unchanged: nothing is read. Bytes unchanged (same hash): only the stat is stored.
    """
    try:
        stat = path.stat()
        if old is not None and (old[3], old[4]) == (stat.st_size, stat.st_mtime_ns):
            counts["unchanged"] += 1
            return None
        raw = path.read_bytes()
    except OSError as exc:
        return DeniedSource(locator=locator, reason=f"cannot read file: {_os_reason(exc)}")
    digest = "sha256:" + hashlib.sha256(raw).hexdigest()
    if old is not None and old[2] == digest:  # touched, not changed
        conn.execute("UPDATE files SET size = ?, mtime_ns = ? WHERE id = ?", (stat.st_size, stat.st_mtime_ns, old[0]))
        counts["unchanged"] += 1
        return None
    doc = parse_document(path.stem, path.suffix.lower(), raw)
    if isinstance(doc, str):
        return DeniedSource(locator=locator, reason=doc)
    if old is not None:
        _drop_file(conn, old[0])
    counts["updated" if old is not None else "added"] += 1
    counts["passages"] += len(doc.passages)
    file_id = conn.execute(
        "INSERT INTO files (path, content_hash, size, mtime_ns, title, authority, published, text)"
        " VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
        (locator, digest, stat.st_size, stat.st_mtime_ns, doc.title, doc.authority.value, doc.published, doc.text),
    ).lastrowid
    first_id: int = conn.execute("SELECT COALESCE(MAX(id), 0) + 1 FROM passages").fetchone()[0]
    rows = [(first_id + i, span) for i, span in enumerate(doc.passages)]
    conn.executemany(
        "INSERT INTO passages (id, file_id, start_offset, end_offset) VALUES (?, ?, ?, ?)",
        [(pid, file_id, span.start, span.end) for pid, span in rows],
    )
    conn.executemany(
        "INSERT INTO passages_fts (rowid, body, title, section) VALUES (?, ?, ?, ?)",
        [(pid, doc.text[span.start : span.end], doc.title, span.section) for pid, span in rows],
    )
    return None


def _drop_file(conn: sqlite3.Connection, file_id: int) -> None:
    conn.execute("DELETE FROM passages_fts WHERE rowid IN (SELECT id FROM passages WHERE file_id = ?)", (file_id,))
    conn.execute("DELETE FROM passages WHERE file_id = ?", (file_id,))
    conn.execute("DELETE FROM files WHERE id = ?", (file_id,))


def _os_reason(exc: OSError) -> str:
    return (exc.strerror or type(exc).__name__).lower()
