"""Benchmark the local corpus: index build time and BM25 query latency on synthetic corpora.

A seeded, Zipf-distributed vocabulary of made-up words is written as Markdown files (100 passages
per file, every passage one paragraph of 60-80 words) into a temporary folder. For each size the
script times a full build, a no-op refresh and a one-file update, then the latency of ``search``
(end to end: worker thread, SQL, result models) for ~50 queries of three terms in each of three
tiers, by the share of passages a term appears in (expected from the Zipf model):

- *very common*: 20-50 % of passages (just under the cut-off where the corpus drops a term as
  carrying no BM25 weight; the worst case: every query scores a large part of the corpus);
- *common*: 1-5 % of passages (frequent content words of real text);
- *rare*: under 0.1 % of passages.

Wall-clock and CPU time are both shown: on a busy machine the CPU time is the steadier figure. Run::

    .venv/bin/python bench/corpus_index.py --sizes 10000 100000
"""

from __future__ import annotations

import argparse
import random
import statistics
import tempfile
import time
from pathlib import Path

import anyio

from agents.sources.corpus import STOP_WORDS, LocalCorpus

PASSAGES_PER_FILE = 100
VOCABULARY = 20_000
TIERS = {"very common": (0.20, 0.50), "common": (0.01, 0.05), "rare": (0.0, 0.001)}
_SYLLABLES = [c + v for c in "bdfgklmnprstvz" for v in "aeiou"]


def vocabulary(rng: random.Random, size: int) -> list[str]:
    """``size`` distinct pronounceable words (none of them a stop word), most frequent first."""
    words: dict[str, None] = {}
    while len(words) < size:
        word = "".join(rng.choices(_SYLLABLES, k=rng.randint(2, 4)))
        if word not in STOP_WORDS:
            words[word] = None
    return list(words)


def write_corpus(root: Path, passages: int, *, seed: int = 7) -> dict[str, list[str]]:
    """Write ``passages`` paragraphs into ``root``; return the words of each query tier."""
    rng = random.Random(seed)
    words = vocabulary(rng, VOCABULARY)
    cumulative: list[float] = []
    total = 0.0
    for rank in range(1, len(words) + 1):  # Zipf: frequency proportional to 1 / rank
        total += 1.0 / rank
        cumulative.append(total)
    for first in range(0, passages, PASSAGES_PER_FILE):
        paragraphs = []
        for _ in range(min(PASSAGES_PER_FILE, passages - first)):
            tokens = rng.choices(words, cum_weights=cumulative, k=rng.randint(60, 80))
            sentences = [" ".join(tokens[i : i + 12]) for i in range(0, len(tokens), 12)]
            paragraphs.append(" ".join(s.capitalize() + "." for s in sentences))
        text = f"# Synthetic file {first // PASSAGES_PER_FILE}\n\n" + "\n\n".join(paragraphs) + "\n"
        (root / f"doc{first // PASSAGES_PER_FILE:05d}.md").write_text(text, encoding="utf-8")
    share = {word: 1 - (1 - (1 / rank) / total) ** 70 for rank, word in enumerate(words, 1)}  # ~70 words a passage
    return {tier: [word for word in words if low <= share[word] < high] for tier, (low, high) in TIERS.items()}


def percentile(samples: list[float], fraction: float) -> float:
    ordered = sorted(samples)
    return ordered[min(len(ordered) - 1, round(fraction * (len(ordered) - 1)))]


async def query_latencies(corpus: LocalCorpus, queries: list[str]) -> tuple[list[float], list[float], float]:
    """Wall-clock and CPU milliseconds per ``search(limit=10)``, and the mean number of hits."""
    await corpus.search(queries[0], limit=10)  # warm the page cache and the connection
    wall: list[float] = []
    cpu: list[float] = []
    hits = 0
    for query in queries:
        started, started_cpu = time.perf_counter(), time.process_time()
        result = await corpus.search(query, limit=10)
        wall.append((time.perf_counter() - started) * 1000)
        cpu.append((time.process_time() - started_cpu) * 1000)
        hits += len(result.passages)
    return wall, cpu, hits / len(queries)


def run(size: int, queries: int, seed: int) -> list[str]:
    """Benchmark one corpus size; return the printed rows."""
    rows: list[str] = []
    with tempfile.TemporaryDirectory(prefix="corpus-bench-") as tmp:
        root = Path(tmp, "corpus")
        root.mkdir()
        started = time.perf_counter()
        tiers = write_corpus(root, size, seed=seed)
        generated = time.perf_counter() - started

        corpus = LocalCorpus(root, index_path=Path(tmp, "index", "corpus.db"))
        started, started_cpu = time.perf_counter(), time.process_time()
        report = corpus.refresh()
        build, build_cpu = time.perf_counter() - started, time.process_time() - started_cpu
        started = time.perf_counter()
        corpus.refresh()
        noop = time.perf_counter() - started
        target = root / "doc00000.md"
        target.write_text(target.read_text(encoding="utf-8") + "\nOne more paragraph.\n", encoding="utf-8")
        started = time.perf_counter()
        corpus.refresh()
        update = time.perf_counter() - started
        index_mb = sum(f.stat().st_size for f in Path(tmp, "index").iterdir()) / 1e6

        rng = random.Random(seed + 1)
        rows.append(
            f"{size:>8,} passages ({report.added} files, generated in {generated:.1f} s): "
            f"build {build:.2f} s (CPU {build_cpu:.2f} s, {report.passages_indexed / build:,.0f} passages/s), "
            f"no-op refresh {noop * 1000:.0f} ms, one-file update {update * 1000:.0f} ms, index {index_mb:.0f} MB"
        )
        for tier, words in tiers.items():
            batch = [" ".join(rng.sample(words, 3)) for _ in range(queries)]
            wall, cpu, mean_hits = anyio.run(query_latencies, corpus, batch)
            rows.append(
                f"{'':>4}{tier:<12} ({len(words):>5} words): "
                f"p50 {statistics.median(wall):7.2f} ms  p95 {percentile(wall, 0.95):7.2f} ms   "
                f"CPU p50 {statistics.median(cpu):7.2f} ms  p95 {percentile(cpu, 0.95):7.2f} ms   "
                f"({mean_hits:.1f} hits/query)"
            )
        corpus.close()
    return rows


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--sizes", type=int, nargs="+", default=[10_000, 100_000], help="passages per corpus")
    parser.add_argument("--queries", type=int, default=50, help="queries per kind (common, rare)")
    parser.add_argument("--seed", type=int, default=7)
    args = parser.parse_args()
    print(f"local corpus benchmark: BM25 top-10, {args.queries} queries per kind, seed {args.seed}")
    for size in args.sizes:
        for row in run(size, args.queries, args.seed):
            print(row, flush=True)


if __name__ == "__main__":
    main()
