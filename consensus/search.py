"""The search tool agents get: every hit's document is stored (by SHA-256) and traced first.

This is where ``max_sources`` is enforced, in a way that keeps runs reproducible although agents
search concurrently. Right after the scope is planned, the runtime *admits* the best documents for
the research questions (:meth:`RunSources.admit`: each question's top hits in turn, up to
``max_sources`` -- half of it at ``shallow`` depth): every agent reads them freely, so a passage
one role fetched costs the others nothing. Documents known at the start of a decision round are
free to every agent too, and each role may bring in new documents only up to its own share of what
is left of ``max_sources`` (lead, skeptic, data; the remainder goes to the earlier roles). Who
stored a document first therefore never decides what another agent may see. Hits beyond a role's
share are dropped (and counted). Sources a backend could not read are collected as ``denied`` (they
become ACCESS_DENIED gaps).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import partial

import anyio

from agents import SourceBackend
from agents.sources.documents import section_at
from consensus.meter import BudgetMeter
from consensus.trace import TraceWriter
from protocols import ROTATION, AgentRole, BackendError, DeniedSource, SourceDocument, SourceHit
from store import Repository

__all__ = ["RunSources", "StoringSearch", "words_after"]

_AFTER_CHARS = 700  # of a document after a hit: the sentences that may retract its last one, or a motion's vote
_AFTER_LINE_CHARS = 300  # at most, past that, to the end of the line it cuts (a list's last item whole)


#: How much of a document's opening a hit further in carries (its title line, what it is about).
LEAD_CHARS = 400


def words_after(text: str, end: int) -> str:
    """A document's words after a hit ending at ``end``: :data:`_AFTER_CHARS`, and on to the end of
    the line they cut (a list's last item whole), within :data:`_AFTER_LINE_CHARS` more."""
    stop = end + _AFTER_CHARS
    line_end = text.find("\n", stop, stop + _AFTER_LINE_CHARS)
    return text[end : line_end if line_end >= 0 else stop]


def _lead(text: str, start: int) -> str:
    """The document's opening a hit at ``start`` carries: up to :data:`LEAD_CHARS`, never a table's
    row cut in two (a table's header and whole rows read on with the hit's rows)."""
    lead = text[: min(start, LEAD_CHARS)]
    line_start = lead.rfind("\n") + 1
    if len(lead) < start and text[line_start:].lstrip(" \t").startswith("|"):
        return lead[:line_start].rstrip("\n")
    return lead


@dataclass
class RunSources:
    """Per-run state shared by every agent's search tool."""

    repo: Repository
    run_id: str
    backend: SourceBackend
    meter: BudgetMeter
    trace: TraceWriter
    domains: list[str] | None = None
    denied: list[DeniedSource] = field(default_factory=list)
    known: dict[tuple[str, str], str] = field(default_factory=dict)  # (locator, hash) -> source id
    round_known: frozenset[tuple[str, str]] = frozenset()
    introduced: dict[AgentRole, set[tuple[str, str]]] = field(default_factory=dict)
    cache: dict[tuple[AgentRole, str, int], list[SourceHit]] = field(default_factory=dict)
    searches: int = 0

    def begin_round(self) -> None:
        """Snapshot the documents every agent may use freely during the next decision round."""
        self.round_known = frozenset(self.known)

    admitted: int = 0

    def share(self, role: AgentRole) -> int:
        """How many new documents ``role`` may bring into the run (after the admitted ones)."""
        left = max(0, self.meter.constraints.max_sources - self.admitted)
        base, extra = divmod(left, len(ROTATION))
        return base + (1 if ROTATION.index(role) < extra else 0)

    def may_use(self, role: AgentRole, ident: tuple[str, str]) -> bool:
        mine = self.introduced.setdefault(role, set())
        if ident in self.round_known or ident in mine:
            return True
        if len(mine) < self.share(role):
            mine.add(ident)
            return True
        return False

    async def admit(self, queries: list[str], *, limit: int) -> int:
        """Store the best documents for ``queries`` (each query's next best in turn) up to ``limit``.

        Returns:
            How many documents were admitted.
        """
        ranked: list[list[SourceDocument]] = []
        for query in queries:
            try:
                result = await self.backend.search(query, limit=2 * limit, domains=self.domains)
            except BackendError as exc:
                self.deny(DeniedSource(locator=f"{self.backend.name}:search", reason=exc.message))
                continue
            for denied in result.denied:
                self.deny(denied)
            ranked.append(
                list({(p.document.locator, p.document.content_hash): p.document for p in result.passages}.values())
            )
        at = 0
        while self.admitted < limit and any(at < len(docs) for docs in ranked):
            for docs in ranked:
                if (
                    at < len(docs)
                    and self.admitted < limit
                    and (docs[at].locator, docs[at].content_hash) not in self.known
                ):
                    await self.store(docs[at], agent="runtime", why="admitted for the research questions")
                    self.admitted += 1
            at += 1
        self.begin_round()
        return self.admitted

    async def store(self, doc: SourceDocument, *, agent: str, why: str) -> str:
        """The run's source id for ``doc``, storing it (and tracing the fetch) the first time."""
        ident = (doc.locator, doc.content_hash)
        source_id = self.known.get(ident)
        if source_id is None:
            record = await anyio.to_thread.run_sync(partial(self.repo.store_source, self.run_id, doc))
            source_id = self.known.setdefault(ident, record.id)
            self.trace.write(
                "fetch_source",
                agent=agent,
                locator=doc.locator,
                source_id=source_id,
                content_hash=doc.content_hash,
                content_length=len(doc.text),
                decision=why,
            )
        return source_id

    def deny(self, denied: DeniedSource) -> None:
        if all(d.locator != denied.locator for d in self.denied):
            self.denied.append(denied)
            self.trace.write("access_denied", locator=denied.locator, reason=denied.reason)


class StoringSearch:
    """A :class:`agents.SearchTool` bound to one agent of one run."""

    def __init__(self, sources: RunSources, role: AgentRole) -> None:
        self.sources = sources
        self.role = role

    async def __call__(self, query: str, *, limit: int = 5) -> list[SourceHit]:
        run = self.sources
        key = (self.role, " ".join(query.lower().split()), limit)
        if key in run.cache:
            return run.cache[key]
        run.searches += 1
        try:
            result = await run.backend.search(query, limit=limit, domains=run.domains)
        except BackendError as exc:
            run.deny(DeniedSource(locator=f"{run.backend.name}:search", reason=exc.message))
            return []
        for denied in result.denied:
            run.deny(denied)
        hits: list[SourceHit] = []
        dropped = 0
        for passage in result.passages:
            doc = passage.document
            ident = (doc.locator, doc.content_hash)
            if not run.may_use(self.role, ident):
                dropped += 1
                continue
            source_id = await run.store(doc, agent=self.role.value, why=f"stored for query {query!r}")
            hits.append(
                SourceHit(
                    source_id=source_id,
                    kind=doc.kind,
                    locator=doc.locator,
                    title=doc.title,
                    authority=doc.authority,
                    text=passage.text,
                    start=passage.start,
                    end=passage.end,
                    score=passage.score,
                    lead=_lead(doc.text, passage.start),
                    section=section_at(doc.text, passage.start),
                    after=words_after(doc.text, passage.end),
                )
            )
        run.meter.sources_refused += dropped
        run.trace.write("search", agent=self.role.value, query=query, hits=len(hits), dropped_by_max_sources=dropped)
        run.cache[key] = hits
        return hits
