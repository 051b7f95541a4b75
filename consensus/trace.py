"""The JSONL trace of a run: every decision, search, fetch and referee ruling, one line each.

Lines are flushed as they are written, so a crash keeps everything up to the crash. Fetched sources
carry their ``content_hash`` (SHA-256) as the contract requires; the full text is in the store.
"""

from __future__ import annotations

import json
import threading
from datetime import UTC, datetime
from pathlib import Path
from typing import IO, Any

__all__ = ["TraceWriter", "read_trace", "trace_path"]


def trace_path(home: Path, trace_id: str) -> Path:
    """Where the trace of a run lives: ``{home}/traces/{trace_id}.jsonl`` (``home``: ``$CONSENSUS_HOME``)."""
    return home / "traces" / f"{trace_id}.jsonl"


class TraceWriter:
    """Append-only JSONL writer for ``traces/{trace_id}.jsonl``; thread-safe."""

    def __init__(self, path: Path) -> None:
        path.parent.mkdir(parents=True, exist_ok=True)
        self.path = path
        self._file: IO[str] = path.open("a", encoding="utf-8")
        self._step = 0
        self._lock = threading.Lock()

    def write(self, action: str, **fields: Any) -> None:
        with self._lock:
            if self._file.closed:
                return
            self._step += 1
            entry = {"step": self._step, "action": action, "timestamp": _now(), **fields}
            self._file.write(json.dumps(entry, ensure_ascii=False, default=str) + "\n")
            self._file.flush()

    def close(self) -> None:
        with self._lock:
            self._file.close()


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
