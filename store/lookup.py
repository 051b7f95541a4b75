"""Finding a run by what a user types, and closing runs whose process died.

A run is found by its id, its trace id, or a prefix of either. The prefix is matched literally:
``%`` and ``_`` are escaped in the ``LIKE`` (run ids contain ``_``, so ``run_`` must not mean
"``run`` and any character"). A prefix that fits several runs is refused with the candidates.

A ``running`` run whose lease expired (:mod:`store.leases`), or whose owner process on this host is
gone, is orphaned and marked ``interrupted``; its ``finished_at`` is the last sign of life we have:
the latest of its heartbeats (``updated_at``, written with every progress step; ``heartbeat_at``,
with every lease renewal) and its last debate message, never the moment somebody happened to notice.
"""

from __future__ import annotations

from collections.abc import Callable

from sqlalchemy import func
from sqlmodel import Session, col, select

from protocols import NotFound
from store.models import MessageRow, RunRow
from store.timestamps import utcnow

__all__ = ["AMBIGUITY_SHOWN", "find_run", "interrupt_dead_runs"]

AMBIGUITY_SHOWN = 5  # candidates named when a prefix is ambiguous


def find_run(session: Session, key: str) -> RunRow:
    """The run whose id or trace id is ``key``, or the only one that starts with ``key``.

    Raises:
        NotFound: no run matches, or the prefix matches several (the message names them).
    """
    row = session.get(RunRow, key) or session.exec(select(RunRow).where(RunRow.trace_id == key)).first()
    if row is not None:
        return row
    if key:
        literal = col(RunRow.id).startswith(key, autoescape=True)  # `_` and `%` are characters, not wildcards
        matches = session.exec(
            select(RunRow)
            .where(literal | col(RunRow.trace_id).startswith(key, autoescape=True))
            .order_by(col(RunRow.created_at).desc())
            .limit(AMBIGUITY_SHOWN + 1)
        ).all()
        if len(matches) == 1:
            return matches[0]
        if matches:
            shown = ", ".join(m.id for m in matches[:AMBIGUITY_SHOWN])
            more = " and more" if len(matches) > AMBIGUITY_SHOWN else ""
            raise NotFound(
                f"{key!r} is ambiguous: it matches {shown}{more}",
                suggestion="give more characters of the run id (see `consensus runs`)",
            )
    raise NotFound(f"no run {key!r} in this store", suggestion="list runs with `consensus runs`")


def interrupt_dead_runs(session: Session, is_alive: Callable[[str], bool]) -> list[str]:
    """Mark ``running`` runs whose owner is gone as ``interrupted`` (in the caller's transaction).

    Returns:
        The ids of the runs marked.
    """
    now = utcnow()
    rows = session.exec(select(RunRow).where(RunRow.status == "running")).all()
    expired = {r.id for r in rows if r.lease_expires_at is not None and r.lease_expires_at <= now}
    gone = [r for r in rows if r.id in expired or not is_alive(r.owner)]
    for row in gone:
        last_message = session.exec(select(func.max(MessageRow.created_at)).where(MessageRow.run_id == row.id)).one()
        signs = [row.updated_at, last_message or row.updated_at, row.heartbeat_at or row.updated_at]
        row.status = "interrupted"
        row.finished_at = max(signs)
        row.error = (
            f"orphaned: its owner {row.owner or '(unknown)'} stopped renewing its lease"
            if row.id in expired
            else "the process running this research stopped before it finished"
        )
        session.add(row)
    return [r.id for r in gone]
