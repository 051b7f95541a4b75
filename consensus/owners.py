"""Which process owns a run, so that a run left ``running`` by a dead process is seen as interrupted."""

from __future__ import annotations

import os
import socket

__all__ = ["owner_tag", "process_alive"]


def owner_tag() -> str:
    """``host:pid`` of this process."""
    return f"{socket.gethostname()}:{os.getpid()}"


def process_alive(owner: str) -> bool:
    """Whether the ``host:pid`` that owns a run is still running (other hosts: assumed alive)."""
    host, _, pid = owner.rpartition(":")
    if host != socket.gethostname() or not pid.isdigit():
        return host != socket.gethostname() and bool(host)
    try:
        os.kill(int(pid), 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True
    return True
