"""A run's trace in the store: appended in batches by the run's owner, read by anyone sharing the store.

Each entry is a JSON object (``step``, ``action``, ``timestamp`` and the step's fields) as the JSONL
export has it; ``trace_step`` keeps it whole beside its run, step number and action, so ``consensus
trace`` and ``show`` work on any machine that reaches the store.

Transactions: :meth:`Traces.append` writes a batch in one transaction; readers see whole batches.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from datetime import datetime
from typing import Any

from sqlalchemy import func, insert, select

from store.engine import Engines
from store.models import tables
from store.timestamps import utcnow

__all__ = ["Traces"]

TRACE = tables()["trace_step"]


def _when(entry: dict[str, Any]) -> datetime:
    stamp = entry.get("timestamp")
    if isinstance(stamp, str):
        try:
            moment = datetime.fromisoformat(stamp.replace("Z", "+00:00"))
        except ValueError:
            return utcnow()
        return moment if moment.tzinfo else utcnow()
    return utcnow()


class Traces:
    """Appending and reading the trace steps of runs."""

    def __init__(self, engines: Engines) -> None:
        self.engines = engines

    def append(self, run_id: str, entries: Sequence[dict[str, Any]]) -> None:
        """Store ``entries`` (each with ``step`` and ``action``) for ``run_id``, in one transaction."""
        if not entries:
            return
        rows = [
            {
                "run_id": run_id,
                "step": int(e.get("step", 0)),
                "action": str(e.get("action", "")),
                "entry_json": json.dumps(e, ensure_ascii=False, default=str),
                "created_at": _when(e),
            }
            for e in entries
        ]
        with self.engines.write.begin() as conn:
            conn.execute(insert(TRACE), rows)

    def steps(self, run_id: str) -> list[dict[str, Any]]:
        """Every stored entry of the run, in order."""
        c = TRACE.c
        with self.engines.read.connect() as conn:
            found = conn.execute(select(c.entry_json).where(c.run_id == run_id).order_by(c.step, c.id)).scalars()
            return [json.loads(text) for text in found]

    def last_step(self, run_id: str) -> int:
        """The highest step number stored for the run (0 for none): where a resumed run continues."""
        c = TRACE.c
        with self.engines.read.connect() as conn:
            return int(conn.execute(select(func.coalesce(func.max(c.step), 0)).where(c.run_id == run_id)).scalar_one())
