"""Peak memory of indexing a corpus that holds one big text file.

Writes a ``--mb`` MB text file (paragraphs of ordinary sentences) into a fresh corpus folder, then
indexes it in a child process and prints that process's peak resident set size (``ru_maxrss``) and
what the refresh reported. Run::

    .venv/bin/python bench/corpus_memory.py --mb 200                  # the default 20 MB cap applies
    .venv/bin/python bench/corpus_memory.py --mb 200 --max-file-mb 250 # index it anyway

The child starts from a bare interpreter, so the baseline (imports) is included in the peak.
"""

from __future__ import annotations

import argparse
import subprocess
import sys
import tempfile
from pathlib import Path

_CHILD = """
import resource, sys
from pathlib import Path
from agents.sources.corpus import LocalCorpus
kwargs = {} if sys.argv[3] == "default" else {"max_file_bytes": int(float(sys.argv[3]) * 1024 * 1024)}
corpus = LocalCorpus(Path(sys.argv[1]), index_path=Path(sys.argv[2]), **kwargs)
try:
    report = corpus.refresh()
    outcome = f"indexed {report.files} file(s), {report.passages_indexed} passages, skipped {len(report.skipped)}"
    outcome += "".join(f"; {s.locator}: {s.reason}" for s in report.skipped)
except Exception as exc:
    outcome = f"refused: {exc}"
index_mb = Path(sys.argv[2]).stat().st_size / 1e6 if Path(sys.argv[2]).exists() else 0.0
peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
print(f"peak RSS {peak:.0f} MB, index file {index_mb:.0f} MB; {outcome}")
"""


def write_big_file(path: Path, mb: int) -> None:
    """A text file of about ``mb`` MB: 600-character paragraphs of plain sentences."""
    paragraph = ("The archive keeps a record of every mission flown from the cape in those years. " * 8).strip()
    with path.open("w", encoding="utf-8") as out:
        written, n = 0, 0
        while written < mb * 1_000_000:
            chunk = f"Paragraph {n}. {paragraph}\n\n"
            out.write(chunk)
            written += len(chunk)
            n += 1


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--mb", type=int, default=200)
    parser.add_argument("--max-file-mb", default="default", help="the cap to index with (default: the built-in one)")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        root = Path(tmp, "corpus")
        root.mkdir()
        (root / "small.md").write_text("A small note about the archive.\n", encoding="utf-8")
        write_big_file(root / "big.txt", args.mb)
        index = Path(tmp, "index.db")
        subprocess.run([sys.executable, "-c", _CHILD, str(root), str(index), args.max_file_mb], check=True)


if __name__ == "__main__":
    main()
