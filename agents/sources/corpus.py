"""The local corpus: offline search over a folder of ``.md``, ``.txt``, ``.html`` and ``.csv`` files.

Files are split into passages (paragraphs; long ones into sentence-aligned chunks of about 400-800
characters) that keep exact character offsets into the document text, and indexed in SQLite FTS5
with BM25 ranking. This module is the corpus's public face: search, lifecycle, and turning free text
into a safe query. The index file, its schema and its incremental refresh are in
:mod:`agents.sources.corpus_index`; reading and splitting one file is in :mod:`agents.sources.documents`.

The document text of a Markdown or text file is the whole file, front matter included, so offsets
are offsets in the file; passages never include the front matter. An HTML file's document text is
its front matter (if any) followed by the page reduced to readable text (:mod:`agents.sources.htmltext`).
Markdown headings are not passages of their own: a heading becomes the ``section`` of the passages
under it, which is searchable but not part of the quoted span.
"""

from __future__ import annotations

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

from agents.sources.corpus_index import DISK_SUGGESTION, SUPPORTED_SUFFIXES, CorpusIndex, IndexReport, disk_trouble
from agents.sources.corpus_parts import PART_CHARS
from agents.sources.corpus_scan import DEFAULT_MAX_FILE_BYTES
from agents.sources.documents import MAX_PASSAGE_CHARS, recency_for
from protocols.contract import Authority
from protocols.errors import BackendError, ConfigurationError
from protocols.sources import DeniedSource, Passage, SearchResult, SourceDocument

__all__ = [
    "DEFAULT_MAX_FILE_BYTES",
    "STOP_WORDS",
    "SUPPORTED_SUFFIXES",
    "IndexReport",
    "LocalCorpus",
    "build_match_query",
    "query_terms",
]

#: Words no search is for (not *because*: a *why* question searches for it, :mod:`agents.offline.words`).
STOP_WORDS = frozenset(
    """a about above after again against all also am an and any are as at be been before being
    below between both but by can could did do does doing down during each few for from further had has
    have having he her here hers herself him himself his how i if in into is it its itself just me might
    more most must my myself no nor not of off on once only or other our ours ourselves out over own
    same she should so some such than that the their theirs them themselves then there these they this
    those through to too under until up very was we were what when where which while who whom why will
    with would you your yours yourself yourselves""".split()  # noqa: SIM905 (a list literal is 100 lines)
)
MAX_QUERY_TERMS = 12
_SKIPPED_ONE_BY_ONE = 10  # more skipped files than this are reported grouped by reason
_TERM = re.compile(r"[^\W_]+")
_WEIGHTS = "1.0, 0.5, 0.5"  # bm25 column weights: passage body, document title, section heading
_MIN_SCORE = 1e-9
# A term in more than half the passages has a BM25 weight of ~0 (FTS5 clamps its IDF to 1e-6) but
# costs a score computation per matching row: above this many rows, such a term is left out.
_UBIQUITOUS_FLOOR = 1_000
# BM25's best this many times the limit are ranked again, a passage holding one term of a query of
# at least this many demoted (:func:`_coordinated`).
_POOL = 3
_FEW_TERMS = 3

# Top passages by BM25 alone: joining only the winners is ~2x faster than joining every match.
_TOP = (
    f"SELECT rowid, bm25(passages_fts, {_WEIGHTS}) AS r FROM passages_fts WHERE passages_fts MATCH ? ORDER BY r LIMIT ?"
)
_LOCATE = (
    "SELECT p.id, f.id, f.path, p.start_offset, p.end_offset FROM passages AS p JOIN files AS f ON f.id = p.file_id"
)
#: A ranked passage: its id, its file's id and path, its offsets, and its BM25 rank (lower is better).
_Row = tuple[int, int, str, int, int, float]
# The exact order in one statement, for when equal scores straddle the cut.
_SEARCH = f"""
SELECT p.id, f.id, f.path, p.start_offset, p.end_offset, bm25(passages_fts, {_WEIGHTS}) AS rank
FROM passages_fts JOIN passages AS p ON p.id = passages_fts.rowid JOIN files AS f ON f.id = p.file_id
WHERE passages_fts MATCH ? ORDER BY rank, f.path, p.start_offset LIMIT ?
"""


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
    be indexed (unsupported, binary, unreadable, over the size cap, or a link leaving the folder) is
    reported in :attr:`skipped` with the reason, and returned as ``denied`` by every search so that a
    run turns it into an ``access_denied`` gap. The index is built by the first :meth:`search` (or an
    explicit :meth:`refresh`) and brought up to date incrementally.

    One instance may be shared by concurrent tasks: SQLite work runs in worker threads, one at a time.

    Args:
        root: the corpus folder.
        index_path: the SQLite file of the index (created with its parent folders when missing).
        max_file_bytes: files larger than this are skipped (default :data:`DEFAULT_MAX_FILE_BYTES`).
        part_chars: text files longer than this are streamed and indexed in parts of about this size,
            each a document of its own (``big.txt#chars=START-END``; see :mod:`agents.sources.corpus_parts`).

    Raises:
        ConfigurationError: ``root`` does not exist or is not a folder, or the size cap is not positive.
    """

    def __init__(
        self,
        root: Path,
        *,
        index_path: Path,
        max_file_bytes: int = DEFAULT_MAX_FILE_BYTES,
        part_chars: int = PART_CHARS,
    ) -> None:
        if max_file_bytes <= 0:
            raise ConfigurationError(
                f"The corpus file size cap must be positive, not {max_file_bytes} bytes.",
                suggestion="Give --max-file-mb / CONSENSUS_MAX_FILE_MB a positive number of megabytes.",
            )
        self._max_file_bytes = max_file_bytes
        self._part_chars = max(part_chars, 2 * MAX_PASSAGE_CHARS)
        self._root = Path(root).expanduser().resolve()
        self._index = CorpusIndex(Path(index_path).expanduser().resolve())
        self._lock = threading.Lock()
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
            The passages, and the files the index skipped as ``denied`` (grouped by reason when
            there are more than ten).

        Raises:
            ConfigurationError: as :meth:`refresh`, when this first search builds the index.
            BackendError: the index failed (``retryable`` when it was locked or busy).
        """
        del domains  # web-only filter; a file has no domain
        terms = query_terms(query)
        if not terms or limit <= 0:
            return SearchResult(denied=self.denied())  # nothing to look up: no need to build the index
        passages = await anyio.to_thread.run_sync(partial(self._search_sync, terms, limit))
        return SearchResult(passages=passages, denied=self.denied())

    def denied(self) -> list[DeniedSource]:
        """The skipped files as denied sources: one each, or one per reason when there are many."""
        skipped = self.skipped
        if len(skipped) <= _SKIPPED_ONE_BY_ONE:
            return skipped
        by_reason: dict[str, list[str]] = {}
        for item in skipped:
            by_reason.setdefault(_reason_kind(item.reason), []).append(item.locator)
        grouped = []
        for kind, locators in sorted(by_reason.items()):
            named = ", ".join(locators[:3]) + (", ..." if len(locators) > 3 else "")
            files = f"{len(locators)} corpus file{'' if len(locators) == 1 else 's'}"
            grouped.append(DeniedSource(locator=f"{files} ({named})", reason=kind))
        return grouped

    def close(self) -> None:
        """Close the index connection (a later call reopens it)."""
        with self._lock:
            self._index.close()

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
                f"The corpus index {self._index.path} failed: {exc}.",
                backend=self.name,
                retryable=isinstance(exc, sqlite3.OperationalError),
                suggestion=DISK_SUGGESTION
                if disk_trouble(exc)
                else "Retry; if it keeps failing, delete the index file (a cache, rebuilt by the next search).",
            ) from exc

    # -- refresh ---------------------------------------------------------------------------------

    def _check_root(self) -> None:
        if not self._root.exists():
            raise ConfigurationError(
                f"Corpus folder {self._root} does not exist.",
                suggestion=(
                    "Create the folder and put .md, .txt, .html or .csv files in it, or point the corpus elsewhere."
                ),
            )
        if not self._root.is_dir():
            raise ConfigurationError(
                f"Corpus path {self._root} is a file, not a folder.",
                suggestion="Point the corpus at the folder that holds your documents.",
            )

    def _refresh_locked(self) -> IndexReport:
        self._check_root()
        report = self._index.refresh(self._root, max_file_bytes=self._max_file_bytes, part_chars=self._part_chars)
        self._refreshed = True
        self._skipped = report.skipped
        self._frequency.clear()
        return report

    # -- search ----------------------------------------------------------------------------------

    def _search_sync(self, terms: list[str], limit: int) -> list[Passage]:
        with self._lock, self._index_errors():
            if not self._refreshed:
                self._refresh_locked()
            conn = self._index.connect()
            informative = self._informative(conn, terms)
            if not informative:
                return []
            match, pool = _match(informative), limit * _POOL
            top = conn.execute(_TOP, (match, pool + 1)).fetchall()
            if len(top) > pool and top[pool][1] == top[pool - 1][1]:
                rows = conn.execute(_SEARCH, (match, pool)).fetchall()  # a tie at the cut: rank exactly
            else:
                rank = dict(top[:pool])
                located = conn.execute(f"{_LOCATE} WHERE p.id IN ({','.join('?' * len(rank))})", list(rank))
                rows = sorted(((*row, rank[row[0]]) for row in located), key=lambda r: (r[5], r[2], r[3]))
            rows = _coordinated(conn, rows, informative)[:limit]
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

    def _informative(self, conn: sqlite3.Connection, terms: list[str]) -> list[str]:
        """``terms`` without those no passage has, and without ubiquitous ones.

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
        return informative


def _coordinated(conn: sqlite3.Connection, rows: list[_Row], terms: list[str]) -> list[_Row]:
    """``rows`` (id, file, path, start, end, rank) best first, where a passage holding only one of
    three or more terms counts that share of its BM25 score: a short line holding one rare term (a
    form's *Date ......*, a heading *8. DATE OF NEXT MEETING*) no longer outranks the passages that
    hold most of them. (Passages holding two or more keep BM25's order: how many of a query's terms
    a passage holds says little once it holds some, as a query carries its words' other wordings.)"""
    if len(terms) < _FEW_TERMS or len(rows) < 2:
        return rows
    ids = [row[0] for row in rows]
    marks = ",".join("?" * len(ids))
    held: Counter[int] = Counter()
    for term in terms:
        query = f"SELECT rowid FROM passages_fts WHERE passages_fts MATCH ? AND rowid IN ({marks})"
        held.update(rowid for (rowid,) in conn.execute(query, (_match([term]), *ids)))
    # a rank is negative, lower is better: a share of it is a worse rank
    scored = [(*row[:5], row[5] / len(terms) if held[row[0]] == 1 else row[5]) for row in rows]
    return sorted(scored, key=lambda r: (r[5], r[2], r[3]))


def _reason_kind(reason: str) -> str:
    """A reason without its file-specific detail (sizes, offsets, suffixes): what files are grouped by."""
    return reason.split(" (", 1)[0].split(";", 1)[0]


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
