"""Searching several source backends at once (a local corpus and the web, say)."""

from __future__ import annotations

from collections.abc import Sequence

import anyio

from agents.backends import SourceBackend
from protocols import BackendError, DeniedSource, Passage, SearchResult

__all__ = ["MultiSource"]


class MultiSource:
    """A source backend that queries every backend and interleaves their hits, best first.

    A backend that fails is reported as an access-denied source; the others still answer.
    """

    def __init__(self, backends: Sequence[SourceBackend]) -> None:
        self.backends = list(backends)

    @property
    def name(self) -> str:
        return "+".join(b.name for b in self.backends)

    async def search(self, query: str, *, limit: int, domains: list[str] | None = None) -> SearchResult:
        results: list[SearchResult] = [SearchResult() for _ in self.backends]

        async def one(i: int, backend: SourceBackend) -> None:
            try:
                results[i] = await backend.search(query, limit=limit, domains=domains)
            except BackendError as exc:
                results[i] = SearchResult(denied=[DeniedSource(locator=f"{backend.name}:search", reason=exc.message)])

        async with anyio.create_task_group() as tg:
            for i, backend in enumerate(self.backends):
                tg.start_soon(one, i, backend)
        passages: list[Passage] = []
        for rank in range(limit):
            passages.extend(r.passages[rank] for r in results if rank < len(r.passages))
        return SearchResult(passages=passages[:limit], denied=[d for r in results for d in r.denied])

    async def aclose(self) -> None:
        for backend in self.backends:
            await backend.aclose()
