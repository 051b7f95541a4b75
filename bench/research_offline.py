"""Benchmark offline research end to end: index time, query latency, and research wall time.

1. Index build and BM25 query latency on generated corpora of 10,000 and 100,000 passages
   (delegated to ``bench/corpus_index.py``; ``--skip-index`` leaves it out).
2. Research wall time with the offline backends on the example corpus, and on the example corpus
   padded with generated filler documents to 10,000 passages — cold (index built inside the run's
   setup, shown separately) and warm (index ready). The filler is English-like sentences about
   made-up probes, so search and sentence analysis work on realistic text, and the Apollo 11 facts
   must still be found among ten thousand passages.

Run::

    .venv/bin/python bench/research_offline.py
"""

from __future__ import annotations

import argparse
import importlib.util
import random
import shutil
import sys
import tempfile
import time
from pathlib import Path

import anyio

from agents.offline import OfflineReasoner
from agents.sources.corpus import LocalCorpus
from consensus.runtime import Researcher
from protocols import ResearchConstraints, ResearchRequest, ResearchResult
from store import Repository

ROOT = Path(__file__).resolve().parent.parent
EXAMPLE = ROOT / "examples" / "corpus"
QUESTION = (
    "When and where did Apollo 11 land on the Moon, who walked on the surface, how long did the moonwalk "
    "last, what did the crew bring back, and when did the crew splash down?"
)
CONSTRAINTS = ResearchConstraints(max_iterations=8, token_budget=200_000, max_sources=30)
PASSAGES_PER_FILE = 50
_NAMES = ["Corvid", "Lantern", "Meridian", "Halcyon", "Sparrow", "Tessera", "Quill", "Osprey", "Vireo", "Kestrel"]
_PLACES = ["the Moon", "Mars", "Venus", "Ceres", "Europa", "Titan", "a comet", "an asteroid", "Phobos", "Io"]
_MONTHS = ["January", "March", "May", "July", "September", "November"]


def filler_paragraph(rng: random.Random) -> str:
    name = f"{rng.choice(_NAMES)} {rng.randint(1, 40)}"
    place = rng.choice(_PLACES)
    date = f"{rng.choice(_MONTHS)} {rng.randint(1, 28)}, {rng.randint(1962, 2030)}"
    return (
        f"The {name} probe reached {place} on {date} after {rng.randint(90, 2000)} days in flight. "
        f"Its team reported {rng.randint(2, 60)} kilograms of instruments and a {rng.randint(3, 30)} meter antenna. "
        f"Controllers described the mission as {rng.choice(['routine', 'difficult', 'a partial success', 'flawless'])}."
    )


def padded_corpus(root: Path, passages: int, *, seed: int = 11) -> int:
    """Copy the example corpus into ``root`` and add filler files up to ``passages`` paragraphs."""
    shutil.copytree(EXAMPLE, root)
    rng = random.Random(seed)
    files = max(0, passages // PASSAGES_PER_FILE)
    for i in range(files):
        body = "\n\n".join(filler_paragraph(rng) for _ in range(PASSAGES_PER_FILE))
        (root / f"filler-{i:05d}.md").write_text(f"# Probe log {i}\n\n{body}\n", encoding="utf-8")
    return files


def research_once(corpus_root: Path, work: Path) -> tuple[float, float, ResearchResult]:
    """(index seconds, research seconds, result) for one cold run over ``corpus_root``."""
    corpus = LocalCorpus(corpus_root, index_path=work / "index.db")
    started = time.perf_counter()
    corpus.refresh()
    indexed = time.perf_counter() - started
    repo = Repository.open(f"sqlite:///{work / 'consensus.db'}")
    researcher = Researcher(repo, OfflineReasoner(), corpus, home=work)

    async def go() -> ResearchResult:
        return await researcher.research(ResearchRequest(question=QUESTION, constraints=CONSTRAINTS))

    started = time.perf_counter()
    result = anyio.run(go)
    elapsed = time.perf_counter() - started
    corpus.close()
    repo.close()
    return indexed, elapsed, result


def bench_research(label: str, corpus_root: Path, runs: int) -> str:
    times = []
    indexed = 0.0
    result = None
    for _ in range(runs):
        with tempfile.TemporaryDirectory(prefix="research-bench-") as work:
            indexed, elapsed, result = research_once(corpus_root, Path(work))
            times.append(elapsed)
    assert result is not None
    cost = result.cost_metadata
    return (
        f"{label:<34} index {indexed:6.2f} s   research best {min(times):5.2f} s, worst {max(times):5.2f} s "
        f"({runs} runs)   {len(result.claims)} agreed, {sum(1 for g in result.gaps)} gaps, "
        f"{cost.iterations_run} iterations, {cost.tokens_used} tokens"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--runs", type=int, default=3, help="research runs per corpus (default 3)")
    parser.add_argument("--skip-index", action="store_true", help="skip the index/query benchmark")
    args = parser.parse_args()
    if not args.skip_index:
        spec = importlib.util.spec_from_file_location("corpus_index", Path(__file__).with_name("corpus_index.py"))
        assert spec and spec.loader
        module = importlib.util.module_from_spec(spec)
        sys.modules["corpus_index"] = module
        spec.loader.exec_module(module)
        print("== index build and query latency")
        for size in (10_000, 100_000):
            for row in module.run(size, 50, 7):
                print(row, flush=True)
    print("== research wall time (offline backends)")
    print(bench_research("example corpus (26 documents)", EXAMPLE, args.runs), flush=True)
    with tempfile.TemporaryDirectory(prefix="research-bench-corpus-") as tmp:
        root = Path(tmp, "corpus")
        padded_corpus(root, 10_000)
        print(bench_research("example + filler (10,000 passages)", root, args.runs), flush=True)


if __name__ == "__main__":
    main()
