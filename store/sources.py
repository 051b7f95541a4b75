"""Storing a document: its text once per SHA-256, linked to a run under its locator, race-free.

"Read, then insert if absent" races on PostgreSQL even inside a transaction (PITFALLS.md: a research
run failed at once with an IntegrityError when two agents stored the same source). Both rows are
therefore written with ``INSERT … ON CONFLICT DO NOTHING`` (both dialects have it) and then read: a
concurrent writer's row is as good as ours, since the content is addressed by its hash.
"""

from __future__ import annotations

from typing import Any

from sqlalchemy import Table
from sqlmodel import Session, select

from protocols import SourceDocument, new_id
from store.models import SourceRow, tables
from store.timestamps import utcnow

__all__ = ["store_document"]


def _insert_absent(session: Session, table: Table, values: dict[str, Any], keys: list[str]) -> None:
    # Imported here, so that a SQLite run never loads PostgreSQL's dialect (~0.05 s of start-up CPU).
    if session.get_bind().dialect.name == "postgresql":
        from sqlalchemy.dialects import postgresql

        session.execute(postgresql.insert(table).values(values).on_conflict_do_nothing(index_elements=keys))
    else:
        from sqlalchemy.dialects import sqlite

        session.execute(sqlite.insert(table).values(values).on_conflict_do_nothing(index_elements=keys))


def store_document(session: Session, run_id: str, doc: SourceDocument) -> SourceRow:
    """Store ``doc`` for ``run_id`` (idempotent, in the caller's write transaction); its ``source`` row."""
    digest = doc.content_hash
    now = utcnow()  # Core inserts: the models' default factories do not apply
    content = {"content_hash": digest, "text": doc.text, "length": len(doc.text), "created_at": now}
    _insert_absent(session, tables()["source_content"], content, ["content_hash"])
    source = {
        "id": new_id("src"),
        "run_id": run_id,
        "content_hash": digest,
        "kind": doc.kind,
        "locator": doc.locator,
        "title": doc.title,
        "authority": doc.authority.value,
        "recency": doc.recency.value if doc.recency else None,
        "published": doc.published,
        "created_at": now,
    }
    _insert_absent(session, tables()["source"], source, ["run_id", "locator", "content_hash"])
    found = session.exec(
        select(SourceRow).where(
            SourceRow.run_id == run_id, SourceRow.locator == doc.locator, SourceRow.content_hash == digest
        )
    ).one()
    return found
