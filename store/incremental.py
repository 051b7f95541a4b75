"""Incremental snapshots of one run: each read fetches only what changed since the previous one.

A round of the debate needs the whole state of its run (scope, claims, the message log, sources).
Reloading all of it every round re-parsed every message and re-read every source's full text.
:class:`RunReader` keeps the last snapshot and, per read, asks only for:

- messages with a ``seq`` above the last one seen (the log is append-only);
- claims whose ``version`` moved (every claim write bumps it — votes and evidence included), read in
  full; the others are reused. A changed source authority (it is shown on evidence) reloads all;
- source texts whose content hash it has not seen: texts are cached by hash.

The result equals a full reload (tests compare them). Why ``seq`` order is safe: on SQLite each
message gets its ``seq`` under the database's single write lock, so commit order is ``seq`` order
and a reader never sees a later ``seq`` before an earlier one. PostgreSQL gives no such guarantee
(sequence values are taken before commit), so there every read is a full reload.
"""

from __future__ import annotations

import threading
from dataclasses import dataclass, field

from sqlmodel import Session, col, select

from protocols import ScopeQuestion
from store.engine import Engines
from store.models import ClaimRow, MessageRow, ScopeQuestionRow, SourceContentRow, SourceRow
from store.reading import claim_records, message_record, source_record
from store.records import ClaimRecord, MessageRecord, SourceRecord
from store.sessions import read_session

__all__ = ["RunReader", "RunSnapshot"]


@dataclass(frozen=True)
class RunSnapshot:
    """What the store held for one run at one moment."""

    scope: list[ScopeQuestion]
    claims: list[ClaimRecord]
    messages: list[MessageRecord]
    sources: list[SourceRecord]


@dataclass
class RunReader:
    """Reads snapshots of one run, each from the changes since the previous one."""

    engines: Engines
    run_id: str
    _claims: dict[str, ClaimRecord] = field(default_factory=dict)
    _messages: list[MessageRecord] = field(default_factory=list)
    _texts: dict[str, str] = field(default_factory=dict)  # content hash -> text
    _authority: dict[str, str] = field(default_factory=dict)  # source id -> authority, as last read
    _lock: threading.Lock = field(default_factory=threading.Lock)

    def snapshot(self) -> RunSnapshot:
        """The run's current state, in the order a full read returns it (one read transaction)."""
        with self._lock:  # worker threads may ask at once; the cache is updated by one at a time
            return self._read()

    def _read(self) -> RunSnapshot:
        if not self.engines.is_sqlite:
            self._claims, self._messages, self._authority = {}, [], {}
        with read_session(self.engines) as session:
            scope = [
                ScopeQuestion(index=r.idx, text=r.text)
                for r in session.exec(
                    select(ScopeQuestionRow)
                    .where(ScopeQuestionRow.run_id == self.run_id)
                    .order_by(col(ScopeQuestionRow.idx))
                )
            ]
            sources = self._sources(session)
            claims = self._claims_now(session)
            messages = self._messages_now(session)
        return RunSnapshot(scope=scope, claims=claims, messages=messages, sources=sources)

    def _sources(self, session: Session) -> list[SourceRecord]:
        rows = session.exec(
            select(SourceRow)
            .where(SourceRow.run_id == self.run_id)
            .order_by(col(SourceRow.locator), col(SourceRow.content_hash))
        ).all()
        missing = {r.content_hash for r in rows} - self._texts.keys()
        if missing:
            stmt = select(SourceContentRow).where(col(SourceContentRow.content_hash).in_(missing))
            self._texts.update((c.content_hash, c.text) for c in session.exec(stmt))
        authority = {r.id: r.authority for r in rows}
        if any(self._authority.get(sid, a) != a for sid, a in authority.items()):
            self._claims = {}  # evidence shows its source's authority: read every claim again
        self._authority = authority
        return [source_record(r, self._texts[r.content_hash]) for r in rows]

    def _claims_now(self, session: Session) -> list[ClaimRecord]:
        versions = session.exec(select(ClaimRow.id, ClaimRow.version).where(ClaimRow.run_id == self.run_id)).all()
        changed = [cid for cid, version in versions if cid not in self._claims or self._claims[cid].version != version]
        if changed:
            rows = session.exec(select(ClaimRow).where(col(ClaimRow.id).in_(changed))).all()
            self._claims.update((rec.id, rec) for rec in claim_records(session, list(rows)))
        return sorted(self._claims.values(), key=lambda c: (c.created_at, c.id))

    def _messages_now(self, session: Session) -> list[MessageRecord]:
        last = self._messages[-1].seq if self._messages else 0
        rows = session.exec(
            select(MessageRow)
            .where(MessageRow.run_id == self.run_id, col(MessageRow.seq) > last)
            .order_by(col(MessageRow.seq))
        ).all()
        self._messages.extend(message_record(r) for r in rows)
        return list(self._messages)
