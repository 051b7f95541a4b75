"""Which files of a corpus folder may be indexed: the folder's own files, of a supported type, not too big.

The corpus stays inside its folder. A symbolic link (to a file or to a folder) whose target resolves
outside the corpus root is never followed: it is skipped and reported, so a link to ``/etc/passwd``
or to a home folder cannot make private files searchable. Links whose target stays inside the root
are fine (a linked file is indexed under the link's name; linked folders are not descended, their
files are indexed under their real path).

A file larger than the size cap (:data:`DEFAULT_MAX_FILE_BYTES`, ``CONSENSUS_MAX_FILE_MB`` or
``--max-file-mb``) is skipped and reported before a byte of it is read, which also bounds the memory
that indexing one file can take. Hidden files and folders (names starting with ``.``) are ignored.
"""

from __future__ import annotations

import os
from pathlib import Path

from protocols.sources import DeniedSource

__all__ = [
    "DEFAULT_MAX_FILE_BYTES",
    "SUPPORTED_SUFFIXES",
    "ScannedFile",
    "os_reason",
    "outside_reason",
    "scan",
    "too_big_reason",
]

SUPPORTED_SUFFIXES = frozenset({".md", ".txt", ".html", ".htm", ".csv"})
DEFAULT_MAX_FILE_BYTES = 20 * 1024 * 1024  # 20 MB: a long book is ~2 MB of text
_MB = 1024 * 1024  # the cap is set in megabytes of 2**20 bytes
_UNSUPPORTED = "unsupported file type ({suffix}); supported: .md .txt .html .csv"

ScannedFile = tuple[str, Path]  # (locator relative to the root, the path to read, inside the root)


def os_reason(exc: OSError) -> str:
    """An OS error as a short lower-case reason (``permission denied``)."""
    return (exc.strerror or type(exc).__name__).lower()


def outside_reason(kind: str) -> str:
    """The reason given for a link that leaves the corpus folder (``kind``: file or folder)."""
    return f"symbolic link to a {kind} outside the corpus folder; not followed"


def too_big_reason(size: int, cap: int) -> str:
    """The reason given for a file over the size cap."""
    return (
        f"file too large ({size / _MB:.1f} MB > the {cap / _MB:.1f} MB cap);"
        " raise CONSENSUS_MAX_FILE_MB or --max-file-mb to index it"
    )


def scan(root: Path, *, ignore: set[Path]) -> tuple[list[ScannedFile], list[DeniedSource]]:
    """List the files under ``root`` to index (sorted by locator) and those skipped with the reason.

    Args:
        root: the corpus folder (absolute, resolved).
        ignore: paths never listed (the index's own files when they live in the folder).
    """
    found: list[ScannedFile] = []
    skipped: list[DeniedSource] = []

    def locator_of(path: Path) -> str:
        return path.relative_to(root).as_posix() if path != root else "."

    def unlistable(exc: OSError) -> None:
        where = Path(exc.filename or root)
        skipped.append(DeniedSource(locator=locator_of(where), reason=f"cannot list folder: {os_reason(exc)}"))

    for dirpath, dirnames, filenames in os.walk(root, onerror=unlistable):
        kept = []
        for name in sorted(d for d in dirnames if not d.startswith(".")):
            folder = Path(dirpath, name)
            if folder.is_symlink() and not _inside(folder, root):
                skipped.append(DeniedSource(locator=locator_of(folder), reason=outside_reason("folder")))
            else:
                kept.append(name)
        dirnames[:] = kept  # os.walk does not descend into linked folders (followlinks=False)
        for filename in filenames:
            path = Path(dirpath, filename)
            if filename.startswith(".") or path in ignore:
                continue
            denied = _check_file(path, root)
            if denied is not None:
                skipped.append(DeniedSource(locator=locator_of(path), reason=denied))
            else:
                found.append((locator_of(path), path))
    found.sort()
    return found, skipped


def _check_file(path: Path, root: Path) -> str | None:
    suffix = path.suffix.lower()
    if suffix not in SUPPORTED_SUFFIXES:
        return _UNSUPPORTED.format(suffix=suffix or "no extension")
    if path.is_symlink() and not _inside(path, root):
        return outside_reason("file")
    return None


def _inside(path: Path, root: Path) -> bool:
    """Whether ``path``, with every link resolved (even a dangling one), stays under ``root``."""
    try:
        return path.resolve().is_relative_to(root)
    except (OSError, RuntimeError):  # a link loop
        return False
