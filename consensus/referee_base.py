"""Shared machinery of the referee: fresh reads, rule checks, excerpt location, bounded CAS retries.

Every rule check raises :class:`Refused`; a refusal is *stale* when the claim changed since the
acting agent's snapshot (the runtime then lets the agent decide again instead of just refusing).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from consensus.evidence import locate_excerpt
from consensus.views import claim_view
from protocols import (
    TRANSITIONS,
    AgentRole,
    ClaimEvent,
    ClaimView,
    DebateMessage,
    EvidenceQuote,
    EvidenceRecord,
    NotFound,
    StaleVersionError,
)
from store import ClaimRecord, Repository, SourceRecord

__all__ = ["CAS_ATTEMPTS", "Refused", "RefereeBase", "Ruling"]

CAS_ATTEMPTS = 3


@dataclass(frozen=True)
class Ruling:
    """The referee's verdict on one action."""

    applied: bool
    reason: str = ""
    stale: bool = False
    claim_id: str | None = None


class Refused(Exception):
    def __init__(self, reason: str, *, stale: bool = False) -> None:
        super().__init__(reason)
        self.reason, self.stale = reason, stale


class RefereeBase:
    """State and checks shared by the rule sets; ``iteration`` is set by the runtime before each round."""

    def __init__(self, repo: Repository, run_id: str) -> None:
        self.repo = repo
        self.run_id = run_id
        self.iteration = 0
        self.proposed_this_iteration: set[AgentRole] = set()

    def _fresh(self, claim_id: str) -> tuple[ClaimRecord, ClaimView]:
        try:
            claim = self.repo.get_claim(claim_id)
        except NotFound:
            raise Refused(f"unknown claim {claim_id}") from None
        if claim.run_id != self.run_id:
            raise Refused(f"claim {claim_id} belongs to another run")
        messages = self.repo.messages(self.run_id, claim_id=claim_id)
        return claim, claim_view(claim, messages, self.iteration)

    def _check(self, ok: bool, reason: str, claim: ClaimView, seen_version: int | None) -> None:
        if not ok:
            stale = seen_version is not None and seen_version != claim.version
            raise Refused(reason + (" (the claim changed since the agent's snapshot)" if stale else ""), stale=stale)

    def _allowed(self, claim: ClaimView, event: ClaimEvent, seen: int | None) -> None:
        self._check(
            (claim.status, event) in TRANSITIONS,
            f"{event.value} is not allowed on a {claim.status.value} claim",
            claim,
            seen,
        )

    def _revision(self, claim: ClaimView, revision: int, seen: int | None) -> None:
        self._check(
            revision == claim.revision, f"revision {revision} is not the current one ({claim.revision})", claim, seen
        )

    def resolve_evidence(self, quotes: Sequence[EvidenceQuote]) -> list[EvidenceRecord]:
        """Locate every quote in its stored source; the stored span is the source's own text."""
        records = []
        for quote in quotes:
            source = self._source(quote.source_id)
            span = locate_excerpt(source.text, quote.quote)
            if span is None:
                raise Refused(f"excerpt not found verbatim in {source.locator}: {quote.quote[:80]!r}")
            start, end = span
            records.append(
                EvidenceRecord(
                    source_id=source.id, locator=source.locator, excerpt=source.text[start:end], start=start, end=end
                )
            )
        return records

    def _commit(
        self,
        claim: ClaimRecord,
        event: ClaimEvent | None,
        message: DebateMessage,
        role: AgentRole,
        *,
        version: int | None = None,
        **changes: Any,
    ) -> None:
        """Apply one lifecycle step to ``claim`` at the version it was read with (or ``version``)."""
        self.repo.apply(
            claim.id,
            expected_version=claim.version if version is None else version,
            event=event,
            message=message,
            agent=role,
            iteration=self.iteration,
            **changes,
        )

    def _write(self, claim_id: str, seen: int | None, build: Callable[[ClaimRecord, ClaimView], None]) -> None:
        """Validate-and-write against a fresh read; retry the compare-and-swap a bounded number of times."""
        for attempt in range(CAS_ATTEMPTS):
            claim, view = self._fresh(claim_id)
            try:
                build(claim, view)
                return
            except StaleVersionError:
                if attempt == CAS_ATTEMPTS - 1:
                    raise Refused("lost the write race repeatedly", stale=True) from None

    def _source(self, source_id: str) -> SourceRecord:
        try:
            source = self.repo.get_source(source_id)
        except NotFound:
            raise Refused(f"unknown source {source_id!r}: cite only sources found by search") from None
        if source.run_id != self.run_id:
            raise Refused(f"source {source_id} was not fetched in this run")
        return source
