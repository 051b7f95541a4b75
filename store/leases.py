"""Run leases: who runs a run, since when, and whether it still does — decided by the store alone.

A server (or CLI process) that runs a research run holds its **lease**: ``owner`` (``host:pid``),
``owner_since``, ``heartbeat_at`` and ``lease_expires_at`` on the run's row. The owner renews the
lease every :data:`RENEW_SECONDS`; a ``running`` run whose lease expired is **orphaned**, whatever
machine looks at it (no process ids are compared across machines). Orphaned runs are marked
``interrupted`` by whoever notices (see :func:`store.lookup.interrupt_dead_runs`), and can be resumed.

Any server can ask a run to stop: :meth:`Leases.request_cancel` sets ``cancel_requested_at``, and
the owner sees it at its next renewal (:class:`LeaseCheck`), so within about a second.

Transactions: each method is one short write transaction on the write engine.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime, timedelta

from sqlalchemy import select, update

from store.engine import Engines
from store.models import tables
from store.timestamps import utcnow

__all__ = ["LEASE_SECONDS", "RENEW_SECONDS", "LeaseCheck", "Leases", "lease_expiry"]

#: How long a lease lasts without renewal: a run whose owner is silent this long is orphaned.
LEASE_SECONDS = 15.0
#: How often an owner renews (and so how soon it sees a cancel request from another server).
RENEW_SECONDS = 1.0

RUN = tables()["run"]


def lease_expiry(now: datetime, seconds: float = LEASE_SECONDS) -> datetime:
    return now + timedelta(seconds=seconds)


@dataclass(frozen=True)
class LeaseCheck:
    """What a renewal found: whether the lease is still ours, and whether someone asked to cancel."""

    held: bool
    cancel_requested: bool


class Leases:
    """Renewing, and asking to cancel, the runs of a store."""

    def __init__(self, engines: Engines) -> None:
        self.engines = engines

    def renew(self, run_id: str, owner: str, *, seconds: float = LEASE_SECONDS) -> LeaseCheck:
        """Extend ``owner``'s lease on a running run by ``seconds`` from now.

        Returns:
            ``held=False`` when the run is no longer ``running`` under this owner (finished, or
            taken over after the lease expired); ``cancel_requested`` when any server asked it to stop.
        """
        now = utcnow()
        c = RUN.c
        with self.engines.write.begin() as conn:
            renewed = conn.execute(
                update(RUN)
                .where(c.id == run_id, c.owner == owner, c.status == "running")
                .values(heartbeat_at=now, lease_expires_at=lease_expiry(now, seconds))
            ).rowcount
            asked = conn.execute(select(c.cancel_requested_at).where(c.id == run_id)).scalar()
        return LeaseCheck(held=renewed == 1, cancel_requested=asked is not None)

    def request_cancel(self, run_id: str) -> bool:
        """Ask the owner of a running run to cancel it (it keeps its partial result); False if not running."""
        c = RUN.c
        with self.engines.write.begin() as conn:
            asked = conn.execute(
                update(RUN).where(c.id == run_id, c.status == "running").values(cancel_requested_at=utcnow())
            ).rowcount
        return bool(asked == 1)
