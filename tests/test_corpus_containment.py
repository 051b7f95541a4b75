"""The corpus stays inside its folder: links that leave it, files over the size cap, skipped files reported."""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

import pytest

from agents.sources.corpus import DEFAULT_MAX_FILE_BYTES, LocalCorpus
from protocols.errors import ConfigurationError
from tests.test_corpus import make_corpus, search, write

SECRET = "Zanzibarquux is the password of the private account."


@pytest.fixture
def outside(tmp_path: Path) -> Path:
    """A private folder next to the corpus, with a file the corpus must never expose."""
    private = tmp_path / "private"
    write(private, "secret.md", SECRET)
    write(private, "notes/more.md", SECRET)
    return private


def test_a_link_to_a_file_outside_the_folder_is_skipped_and_reported(tmp_path: Path, outside: Path) -> None:
    corpus = make_corpus(tmp_path, {"good.md": "The archive opened in 1932."})
    os.symlink(outside / "secret.md", corpus.root / "passwd.md")
    report = corpus.refresh()
    assert [(s.locator, s.reason) for s in report.skipped] == [
        ("passwd.md", "symbolic link to a file outside the corpus folder; not followed")
    ]
    result = search(corpus, "Zanzibarquux password")
    assert result.passages == []
    assert [d.locator for d in result.denied] == ["passwd.md"]
    corpus.close()


def test_a_link_to_a_folder_outside_is_skipped_and_reported(tmp_path: Path, outside: Path) -> None:
    corpus = make_corpus(tmp_path, {"good.md": "The archive opened in 1932."})
    os.symlink(outside / "notes", corpus.root / "notes")
    os.symlink("/etc", corpus.root / "etc")
    report = corpus.refresh()
    reasons = {s.locator: s.reason for s in report.skipped}
    assert reasons == {
        "etc": "symbolic link to a folder outside the corpus folder; not followed",
        "notes": "symbolic link to a folder outside the corpus folder; not followed",
    }
    assert search(corpus, "Zanzibarquux").passages == []
    corpus.close()


def test_a_link_that_stays_inside_the_folder_is_indexed(tmp_path: Path) -> None:
    corpus = make_corpus(tmp_path, {"sub/real.md": "Wolframite ore was mined nearby."})
    os.symlink(corpus.root / "sub" / "real.md", corpus.root / "alias.md")
    report = corpus.refresh()
    assert report.skipped == []
    assert {p.document.locator for p in search(corpus, "wolframite").passages} == {"alias.md", "sub/real.md"}
    corpus.close()


def test_a_file_over_the_size_cap_is_skipped_without_being_read(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    root = tmp_path / "corpus"
    write(root, "small.md", "Small and readable.")
    write(root, "huge.txt", "Gigantic text. " * 200)
    opened: list[str] = []
    real_open = Path.open

    def spy(self: Path, *args: Any, **kwargs: Any) -> Any:
        opened.append(self.name)
        return real_open(self, *args, **kwargs)

    monkeypatch.setattr(Path, "open", spy)
    corpus = LocalCorpus(root, index_path=tmp_path / "index.db", max_file_bytes=1000)
    report = corpus.refresh()
    assert [s.locator for s in report.skipped] == ["huge.txt"]
    assert report.skipped[0].reason.startswith("file too large (0.0 MB > the 0.0 MB cap)")
    assert "CONSENSUS_MAX_FILE_MB" in report.skipped[0].reason
    assert "huge.txt" not in opened
    assert search(corpus, "gigantic").passages == []
    corpus.close()


def test_a_file_that_grows_over_the_cap_is_dropped_from_the_index(tmp_path: Path) -> None:
    root = tmp_path / "corpus"
    write(root, "a.md", "Basalt columns by the sea.")
    write(root, "b.md", "Another small file.")
    corpus = LocalCorpus(root, index_path=tmp_path / "index.db", max_file_bytes=200)
    corpus.refresh()
    assert search(corpus, "basalt").passages
    write(root, "a.md", "Basalt columns by the sea. " * 20)
    report = corpus.refresh()
    assert report.removed == 1 and [s.locator for s in report.skipped] == ["a.md"]
    assert search(corpus, "basalt").passages == []
    corpus.close()


def test_the_default_cap_is_20_mb_and_must_be_positive(tmp_path: Path) -> None:
    assert DEFAULT_MAX_FILE_BYTES == 20 * 1024 * 1024
    (tmp_path / "c").mkdir()
    with pytest.raises(ConfigurationError, match="positive"):
        LocalCorpus(tmp_path / "c", index_path=tmp_path / "i.db", max_file_bytes=0)


def test_many_skipped_files_are_reported_grouped_by_reason(tmp_path: Path) -> None:
    files: dict[str, str | bytes] = {"good.md": "Readable text about granite."}
    files.update({f"scan{i:02}.pdf": b"%PDF" for i in range(12)})
    files["blob.txt"] = b"\x00\x01"
    corpus = make_corpus(tmp_path, files)
    denied = search(corpus, "granite").denied
    assert [(d.locator, d.reason) for d in denied] == [
        ("1 corpus file (blob.txt)", "binary file"),
        ("12 corpus files (scan00.pdf, scan01.pdf, scan02.pdf, ...)", "unsupported file type"),
    ]
    corpus.close()
