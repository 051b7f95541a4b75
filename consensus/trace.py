"""The trace of a run: every decision, search, fetch and referee ruling, one entry each.

Entries go to the store (``trace_step``, see :mod:`store.traces`), so ``consensus trace`` works on
any machine sharing it, and — as an export, unless ``CONSENSUS_TRACE_FILES=0`` — to the JSONL file
``traces/{trace_id}.jsonl``. File lines are flushed as they are written (a crash keeps everything up
to the crash); store entries are written in batches, at the latest every :data:`FLUSH_SECONDS`
while the run writes and when it closes, so a crash may lose the last fraction of a second of them.
Fetched sources carry their ``content_hash`` (SHA-256) as the contract requires; the full text is
in the store. A failing store write is logged and never stops the run (the trace is a record).
"""

from __future__ import annotations

import json
import logging
import os
import threading
import time
from collections.abc import Callable, Sequence
from datetime import UTC, datetime
from pathlib import Path
from typing import IO, Any

__all__ = ["FLUSH_SECONDS", "TraceWriter", "read_trace", "trace_files_enabled", "trace_path"]

logger = logging.getLogger(__name__)

#: Longest time a trace entry waits before it is written to the store (while the run writes more).
FLUSH_SECONDS = 0.25
_BATCH = 50

TraceSink = Callable[[Sequence[dict[str, Any]]], None]


def trace_path(home: Path, trace_id: str) -> Path:
    """Where the JSONL export of a run's trace lives: ``{home}/traces/{trace_id}.jsonl`` (``$CONSENSUS_HOME``)."""
    return home / "traces" / f"{trace_id}.jsonl"


def trace_files_enabled() -> bool:
    """Whether runs also export their trace as a JSONL file (``CONSENSUS_TRACE_FILES``, default on)."""
    return os.environ.get("CONSENSUS_TRACE_FILES", "1").strip() not in ("0", "false", "no", "off")


class TraceWriter:
    """Append-only trace writer: to the store (``store``) and the JSONL file (``path``); thread-safe."""

    def __init__(self, path: Path | None, *, store: TraceSink | None = None, start_step: int = 0) -> None:
        self.path = path if path is not None and trace_files_enabled() else None
        self._file: IO[str] | None = None
        if self.path is not None:
            self.path.parent.mkdir(parents=True, exist_ok=True)
            self._file = self.path.open("a", encoding="utf-8")
        self._store = store
        self._pending: list[dict[str, Any]] = []
        self._flushed_at = time.monotonic()
        self._step = start_step
        self._closed = False
        self._store_failed = False
        self._lock = threading.Lock()

    def write(self, action: str, **fields: Any) -> None:
        with self._lock:
            if self._closed:
                return
            self._step += 1
            entry = {"step": self._step, "action": action, "timestamp": _now(), **fields}
            if self._file is not None:
                self._file.write(json.dumps(entry, ensure_ascii=False, default=str) + "\n")
                self._file.flush()
            if self._store is not None:
                self._pending.append(json.loads(json.dumps(entry, default=str)))  # plain JSON values only
                if len(self._pending) >= _BATCH or time.monotonic() - self._flushed_at >= FLUSH_SECONDS:
                    self._flush()

    def flush(self) -> None:
        """Write the entries still waiting to the store."""
        with self._lock:
            self._flush()

    def close(self) -> None:
        with self._lock:
            self._flush()
            self._closed = True
            if self._file is not None:
                self._file.close()

    def _flush(self) -> None:
        pending, self._pending = self._pending, []
        self._flushed_at = time.monotonic()
        if pending and self._store is not None:
            try:
                self._store(pending)
            except Exception as exc:  # the trace records the run; it must not stop it (the run's own
                if not self._store_failed:  # writes meet the same fault and report it): one line, once
                    logger.info("storing %d trace step(s) failed: %s", len(pending), getattr(exc, "message", exc))
                self._store_failed = True


def read_trace(path: Path) -> list[dict[str, Any]]:
    """Every entry of a trace file, skipping a torn last line left by a crash."""
    entries: list[dict[str, Any]] = []
    with path.open(encoding="utf-8") as f:
        for line in f:
            try:
                entries.append(json.loads(line))
            except json.JSONDecodeError:
                continue
    return entries


def _now() -> str:
    return datetime.now(UTC).isoformat(timespec="milliseconds").replace("+00:00", "Z")
