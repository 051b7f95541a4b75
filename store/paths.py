"""Where the store lives: the data directory and the default database URL (no database imports)."""

from __future__ import annotations

import os
from pathlib import Path

__all__ = ["consensus_home", "default_database_url"]


def consensus_home() -> Path:
    """The data directory: ``$CONSENSUS_HOME`` or ``~/.consensus``."""
    return Path(os.environ.get("CONSENSUS_HOME") or Path.home() / ".consensus").expanduser()


def default_database_url() -> str:
    """``$CONSENSUS_DATABASE_URL``, else the SQLite file ``consensus.db`` in the data directory."""
    url = os.environ.get("CONSENSUS_DATABASE_URL")
    if url:
        return url
    return f"sqlite:///{consensus_home() / 'consensus.db'}"
