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

import json
from dataclasses import dataclass
from datetime import datetime, timedelta

from sqlalchemy import select, update

from protocols import InvalidRequest, NotFound
from store.engine import Engines
from store.models import tables
from store.timestamps import utcnow

__all__ = ["LEASE_SECONDS", "RENEW_SECONDS", "RESUMABLE", "LeaseCheck", "Leases", "lease_expiry", "take_over"]

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

    def take_over(self, run_id: str, owner: str, *, constraints_json: str | None = None) -> None:
        """See :func:`take_over`."""
        take_over(self.engines, run_id, owner, constraints_json=constraints_json)


#: Runs that may be resumed besides an orphaned ``running`` one: stopped before their debate ended.
RESUMABLE = ("interrupted", "cancelled")


def _budget_stopped(status: str, result_json: str | None) -> bool:
    if status not in ("completed", "degraded") or not result_json:
        return False
    return bool(json.loads(result_json)["cost_metadata"]["budget_exhausted"])


def take_over(engines: Engines, run_id: str, owner: str, *, constraints_json: str | None = None) -> None:
    """Make ``owner`` the run's owner, ``running`` again under a fresh lease (one transaction, row locked).

    Allowed for an orphaned run (``running``, lease expired), an ``interrupted`` or ``cancelled``
    one, and one its budget stopped. ``constraints_json`` replaces the run's constraints (a new budget).

    Raises:
        NotFound: no run with exactly this id.
        InvalidRequest: the run is running under a live lease, or finished its debate.
    """
    c = RUN.c
    now = utcnow()
    with engines.write.begin() as conn:
        row = conn.execute(
            select(c.status, c.lease_expires_at, c.result_json, c.owner).where(c.id == run_id).with_for_update()
        ).first()
        if row is None:
            raise NotFound(f"no run {run_id!r}")
        status, expires, result_json, holder = row
        orphan = status == "running" and (expires is None or expires <= now)
        if not (orphan or status in RESUMABLE or _budget_stopped(status, result_json)):
            why = f"it is running under {holder} (lease until {expires})" if status == "running" else f"it is {status}"
            raise InvalidRequest(
                f"run {run_id} cannot be resumed: {why}",
                suggestion="resume an interrupted, orphaned, cancelled or budget-stopped run (see `consensus runs`)",
            )
        values: dict[str, object] = {
            "status": "running",
            "owner": owner,
            "owner_since": now,
            "heartbeat_at": now,
            "lease_expires_at": lease_expiry(now),
            "cancel_requested_at": None,
            "finished_at": None,
            "error": None,
            "current_action": "resuming",
            "updated_at": now,
        }
        if constraints_json is not None:
            values["constraints_json"] = constraints_json
        conn.execute(update(RUN).where(c.id == run_id).values(values))
