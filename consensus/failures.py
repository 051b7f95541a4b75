"""What to tell the user when a command fails: any failure we can name becomes one ConsensusError.

The runtime runs agents in task groups, so an error can arrive wrapped in an ``ExceptionGroup``; the
store raises :class:`store.StoreFault`; writing a trace, a report or the index can fail with a plain
``OSError`` (disk full, a file size limit, a missing folder). :func:`explain` finds the error that
matters in all of these and returns it as a :class:`~protocols.ConsensusError` with a suggestion, or
None for a genuine bug (which the CLI then lets through with its traceback).
"""

from __future__ import annotations

import errno

from protocols import BackendError, ConsensusError, StoreFault

__all__ = ["OFFLINE_HINT", "explain", "os_failure"]

OFFLINE_HINT = "or add --offline to research the local corpus (--corpus DIR) without the network"

_LOCAL = {"local-corpus", "offline"}


def explain(exc: BaseException) -> ConsensusError | None:
    """The expected error inside ``exc`` (itself, inside a group, or an OS error), else None."""
    if isinstance(exc, ConsensusError):
        return _with_offline_hint(exc)
    if isinstance(exc, BaseExceptionGroup):
        found = [e for e in (explain(inner) for inner in exc.exceptions) if e is not None]
        faults = [e for e in found if isinstance(e, StoreFault)]  # the store failing explains the rest
        return (faults or found or [None])[0]
    if isinstance(exc, OSError):
        return os_failure(exc)
    return None


def os_failure(exc: OSError) -> ConsensusError:
    """An operating-system error as one line and what to do about it."""
    where = f" {exc.filename}" if exc.filename else ""
    code = exc.errno
    if code in (errno.ENOSPC, errno.EDQUOT):
        return ConsensusError(f"the disk is full: cannot write{where}", suggestion="free disk space and run again")
    if code == errno.EFBIG:
        return ConsensusError(
            f"a file reached the file size limit: cannot write{where}",
            suggestion="raise the limit (`ulimit -f`) or free space, and run again",
        )
    if code == errno.EIO:
        return ConsensusError(f"an I/O error while writing{where}", suggestion="check the disk, then run again")
    if code in (errno.EACCES, errno.EPERM, errno.EROFS):
        return ConsensusError(
            f"not allowed to write{where} ({(exc.strerror or 'permission denied').lower()})",
            suggestion="check the permissions of that folder, or point CONSENSUS_HOME elsewhere",
        )
    reason = (exc.strerror or type(exc).__name__).lower()
    return ConsensusError(f"{reason}:{where}" if where else reason, suggestion="check the path and try again")


def _with_offline_hint(exc: ConsensusError) -> ConsensusError:
    """A remote backend that failed: say that ``--offline`` works without it."""
    if not isinstance(exc, BackendError) or exc.backend in _LOCAL:
        return exc
    if exc.suggestion and "--offline" in exc.suggestion:
        return exc
    exc.suggestion = (
        f"{exc.suggestion.rstrip('.')}; {OFFLINE_HINT}" if exc.suggestion else f"check the network, {OFFLINE_HINT}"
    )
    return exc
