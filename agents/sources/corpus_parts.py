"""Big text files, read as a stream and indexed in parts, so memory does not grow with the file.

A ``.md`` or ``.txt`` file larger than the part size (:data:`PART_CHARS` characters, about 1 MB) is
never held whole. It is read twice in 1 MB chunks: once to hash it and check that it is text
(:func:`stream_digest`: no NUL byte, valid UTF-8, under the size cap), then to cut its text into
parts at paragraph breaks (:func:`text_parts`). Each part is indexed as a document of its own whose
locator says where it lies in the file, ``big.txt#chars=1048310-2096844`` (character offsets in the
file's text), so a citation quotes a part of at most about 1 MB and a run stores only the parts
its agents read, never the whole file. Front matter and the title come from the first part.
HTML files are reduced to text as a whole (markup cannot be cut anywhere), within the size cap.
"""

from __future__ import annotations

import codecs
import hashlib
import re
from collections.abc import Iterator
from pathlib import Path

from agents.sources.corpus_scan import too_big_reason

__all__ = ["PART_CHARS", "STREAMED_SUFFIXES", "part_locator", "stream_digest", "text_parts"]

PART_CHARS = 1_000_000
STREAMED_SUFFIXES = frozenset({".md", ".txt"})
_CHUNK_BYTES = 1 << 20
_BREAK = re.compile(r"\n[ \t\r\f\v]*\n")
BINARY = "binary file (contains NUL bytes); only text files can be indexed"


def part_locator(locator: str, start: int, end: int) -> str:
    """The locator of the part ``text[start:end]`` of the file ``locator``."""
    return f"{locator}#chars={start}-{end}"


def stream_digest(path: Path, *, max_bytes: int) -> str:
    """The ``sha256:`` digest of a file read in chunks, after checking it is UTF-8 text under the cap.

    Returns:
        The digest, or the reason the file cannot be indexed (starting with anything but ``sha256:``).

    Raises:
        OSError: the file cannot be read.
    """
    digest = hashlib.sha256()
    decoder = codecs.getincrementaldecoder("utf-8")()
    size = 0
    with path.open("rb") as handle:
        while chunk := handle.read(_CHUNK_BYTES):
            if size + len(chunk) > max_bytes:
                return too_big_reason(size + len(chunk), max_bytes)
            if b"\x00" in chunk:
                return BINARY
            try:
                decoder.decode(chunk)
            except UnicodeDecodeError as exc:
                return _not_utf8(size + exc.start)
            digest.update(chunk)
            size += len(chunk)
        try:
            decoder.decode(b"", final=True)
        except UnicodeDecodeError as exc:
            return _not_utf8(size + exc.start)
    return "sha256:" + digest.hexdigest()


def text_parts(path: Path, *, part_chars: int = PART_CHARS) -> Iterator[tuple[int, str]]:
    """The file's text in consecutive parts: ``(offset of the part in the text, the part)``.

    Parts are cut after a paragraph break in their second half, else after a line break or a space,
    else at ``part_chars``; joined, they are exactly the file's text. Call :func:`stream_digest`
    first: this assumes valid UTF-8.

    Raises:
        OSError: the file cannot be read.
        UnicodeDecodeError: the file changed into something that is not UTF-8 since it was checked.
    """
    decoder = codecs.getincrementaldecoder("utf-8")()
    buffer, start = "", 0
    with path.open("rb") as handle:
        while chunk := handle.read(_CHUNK_BYTES):
            buffer += decoder.decode(chunk)
            while len(buffer) > part_chars:
                cut = _cut(buffer, part_chars)
                yield start, buffer[:cut]
                start, buffer = start + cut, buffer[cut:]
        buffer += decoder.decode(b"", final=True)
    if buffer:
        yield start, buffer


def _cut(buffer: str, part_chars: int) -> int:
    low = part_chars // 2
    last = None
    for last in _BREAK.finditer(buffer, low, part_chars):  # noqa: B007 - the last match is the one we want
        pass
    if last is not None:
        return last.end()
    for separator in ("\n", " "):
        found = buffer.rfind(separator, low, part_chars)
        if found >= 0:
            return found + 1
    return part_chars


def _not_utf8(offset: int) -> str:
    return f"not valid UTF-8 (undecodable byte at offset {offset}); save the file as UTF-8"
