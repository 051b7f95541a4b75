"""Answer quality on two public benchmarks, through the path a user takes.

Each question runs through the runtime in process exactly as ``consensus research QUESTION --corpus
DIR`` runs it: the offline backends, the contract's default limits (5 iterations, 20,000 tokens, 10
sources), no extra flags.

* **RAMDocs-dev** (Wang et al. 2025, arXiv:2504.13079; ``../shared/datasets/ramdocs-dev``): each
  record's passages are written to a folder as ``.md`` files and its question is asked over them.
  *Exact match* (the paper's): every gold answer appears in the answer and no wrong answer does;
  *answered*: the result has at least one citation; *misinformation*: a wrong answer appears in the
  answer.
* **Climate-FEVER-dev** (Diggelmann et al. 2020, arXiv:2012.00614;
  ``../shared/datasets/climate-fever-dev``): each claim is asked as a claim check over the pooled
  corpus. *Verdict accuracy* and *macro-F1* over the four labels (``SUPPORTS`` = supported,
  ``REFUTES`` = refuted, ``DISPUTED`` = disputed, ``NOT_ENOUGH_INFO`` = insufficient; a result
  without a verdict counts as insufficient); *DISPUTED flagged*: a DISPUTED claim gets the verdict
  ``disputed`` or a ``contradictory_sources`` gap; *cited evidence*: among claims labelled
  SUPPORTS, REFUTES or DISPUTED, the share whose result cites a document holding one of the
  claim's annotated evidence sentences.
* **Citation integrity** (both): every citation's excerpt (less a ``[...]`` cut) is found verbatim,
  modulo white space, in the file it names.

Answers are compared case-insensitively with white space and punctuation folded. The sample is
fixed: ``--n`` records drawn with a fixed seed. Prints one table and a summary line of
``name=value`` pairs. Skips (exit 0, with a message) when ``../shared/datasets`` is absent.

Run::

    .venv/bin/python bench/quality.py --n 100
"""

from __future__ import annotations

import argparse
import json
import random
import re
import statistics
import sys
import tempfile
import time
from collections import Counter
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path

import anyio

from agents.offline import OfflineReasoner
from agents.sources.corpus import LocalCorpus
from consensus.runtime import Researcher
from protocols import ResearchRequest, ResearchResult
from store import Repository

ROOT = Path(__file__).resolve().parent.parent
DATASETS = ROOT.parent / "shared" / "datasets"
RAMDOCS = DATASETS / "ramdocs-dev" / "records.jsonl"
CLIMATE = DATASETS / "climate-fever-dev"
CLAIM_QUESTION = (
    "Is the following claim supported, refuted, disputed (sources disagree), or is there not enough information?"
    ' Claim: "{claim}"'
)
LABELS = {"SUPPORTS": "supported", "REFUTES": "refuted", "DISPUTED": "disputed", "NOT_ENOUGH_INFO": "insufficient"}


def folded(text: str) -> str:
    """Lower case, punctuation to spaces, white space collapsed (how answers are compared)."""
    return " ".join(re.sub(r"[^\w]+", " ", text.lower()).split())


def contains(answer: str, value: str) -> bool:
    needle = folded(value)
    return bool(needle) and f" {needle} " in f" {folded(answer)} "


def sample(path: Path, n: int, seed: int) -> list[dict[str, object]]:
    records = [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines() if line.strip()]
    rng = random.Random(seed)
    return rng.sample(records, min(n, len(records)))


@dataclass
class Tally:
    """Counts for one data set."""

    rows: int = 0
    seconds: list[float] = field(default_factory=list)
    citations: int = 0
    verbatim: int = 0
    counts: Counter[str] = field(default_factory=Counter)
    failures: list[str] = field(default_factory=list)

    def share(self, key: str, of: str | None = None) -> float:
        total = self.counts[of] if of else self.rows
        return self.counts[key] / total if total else 0.0

    def integrity(self) -> float:
        return self.verbatim / self.citations if self.citations else 1.0


def check_citations(result: ResearchResult, corpus: Path, tally: Tally) -> None:
    for citation in result.citations:
        tally.citations += 1
        path = corpus / citation.locator
        text = " ".join(path.read_text(encoding="utf-8").split()) if path.is_file() else ""
        parts = [" ".join(p.split()) for p in citation.raw_excerpt.split("[...]")]
        if text and all(p in text for p in parts if p):
            tally.verbatim += 1
        else:
            tally.failures.append(f"citation not verbatim: {citation.locator}: {citation.raw_excerpt[:80]!r}")


async def ask(researcher: Researcher, question: str) -> tuple[ResearchResult, float]:
    started = time.perf_counter()
    result = await researcher.research(ResearchRequest(question=question))
    return result, time.perf_counter() - started


def run_ramdocs(records: list[dict[str, object]], work: Path, *, verbose: bool) -> Tally:
    tally = Tally()
    repo = Repository.open(f"sqlite:///{work / 'ramdocs.db'}")
    for i, record in enumerate(records):
        folder = work / f"ramdocs-{i}"
        folder.mkdir()
        for doc in record["documents"]:  # type: ignore[attr-defined]
            (folder / f"{doc['doc_id']}.md").write_text(doc["text"], encoding="utf-8")
        corpus = LocalCorpus(folder, index_path=work / f"ramdocs-{i}.idx")
        corpus.refresh()
        researcher = Researcher(repo, OfflineReasoner(), corpus, home=work)
        result, seconds = anyio.run(ask, researcher, str(record["question"]))
        corpus.close()
        gold = [str(g) for g in record["gold_answers"]]  # type: ignore[attr-defined]
        wrong = [str(w) for w in record["wrong_answers"]]  # type: ignore[attr-defined]
        found = [g for g in gold if contains(result.answer, g)]
        misinfo = [w for w in wrong if contains(result.answer, w) and not any(contains(g, w) for g in gold)]
        tally.rows += 1
        tally.seconds.append(seconds)
        tally.counts["answered"] += bool(result.citations)
        tally.counts["any_gold"] += bool(found)
        tally.counts["misinfo"] += bool(misinfo)
        exact = len(found) == len(gold) and not misinfo
        tally.counts["exact"] += exact
        kind = "ambiguous" if len(gold) > 1 else "single"  # several gold answers: a name several entities share
        tally.counts[f"{kind}"] += 1
        tally.counts[f"{kind}_exact"] += exact
        check_citations(result, folder, tally)
        if not exact:
            tally.failures.append(
                f"{record['id']}: {record['question']} gold={gold} wrong={wrong} -> {result.answer[:300]!r}"
            )
        if verbose:
            print(f"  ramdocs {i + 1}/{len(records)} exact={exact} {seconds:.2f}s", file=sys.stderr, flush=True)
    repo.close()
    return tally


def run_climate(records: list[dict[str, object]], work: Path, *, verbose: bool) -> tuple[Tally, float]:
    tally = Tally()
    corpus_root = CLIMATE / "corpus"
    corpus = LocalCorpus(corpus_root, index_path=work / "climate.idx")
    corpus.refresh()
    repo = Repository.open(f"sqlite:///{work / 'climate.db'}")
    researcher = Researcher(repo, OfflineReasoner(), corpus, home=work)
    pairs: list[tuple[str, str]] = []
    for i, record in enumerate(records):
        question = CLAIM_QUESTION.format(claim=record["claim"])
        result, seconds = anyio.run(ask, researcher, question)
        gold = LABELS[str(record["label"])]
        got = result.verdict.verdict.value if getattr(result, "verdict", None) else "insufficient"
        pairs.append((gold, got))
        tally.rows += 1
        tally.seconds.append(seconds)
        tally.counts["correct"] += got == gold
        tally.counts[f"label:{gold}"] += 1
        tally.counts[f"label:{gold}:correct"] += got == gold
        cited = {Path(c.locator).stem for c in result.citations}
        evidence_docs = {str(e["doc_id"]) for e in record["evidence"]}  # type: ignore[attr-defined]
        if gold != "insufficient":
            tally.counts["with_evidence"] += 1
            tally.counts["cited_evidence"] += bool(cited & evidence_docs)
        if gold == "disputed":
            tally.counts["disputed"] += 1
            contradiction = any(g.category.value == "contradictory_sources" for g in result.gaps)
            tally.counts["flagged"] += got == "disputed" or contradiction
        check_citations(result, corpus_root, tally)
        if got != gold:
            tally.failures.append(
                f"{record['id']}: {gold} -> {got}: {record['claim'][:120]!r} | {result.answer[:160]!r}"
            )
        if verbose:
            print(f"  climate {i + 1}/{len(records)} {gold} -> {got} {seconds:.2f}s", file=sys.stderr, flush=True)
    corpus.close()
    repo.close()
    return tally, macro_f1(pairs)


def macro_f1(pairs: list[tuple[str, str]]) -> float:
    scores = []
    for label in LABELS.values():
        tp = sum(1 for g, p in pairs if g == label and p == label)
        fp = sum(1 for g, p in pairs if g != label and p == label)
        fn = sum(1 for g, p in pairs if g == label and p != label)
        scores.append(2 * tp / (2 * tp + fp + fn) if tp else 0.0)
    return sum(scores) / len(scores)


def table(rows: list[tuple[str, str, str]]) -> Iterator[str]:
    width = max(len(r[0]) for r in rows)
    for name, value, bar in rows:
        yield f"{name:<{width}}  {value:>8}  {bar}"


Row = tuple[str, str, str]


def ramdocs_rows(ram: Tally) -> tuple[list[Row], dict[str, str]]:
    """The RAMDocs lines of the table and their summary pairs."""
    median = statistics.median(ram.seconds)
    rows = [
        ("RAMDocs-dev exact match", f"{ram.share('exact'):.0%}", "bar >= 45%"),
        ("RAMDocs-dev answered", f"{ram.share('answered'):.0%}", "bar >= 90%"),
        ("RAMDocs-dev any gold answer", f"{ram.share('any_gold'):.0%}", ""),
        ("RAMDocs-dev misinformation in answer", f"{ram.share('misinfo'):.0%}", "bar <= 10%"),
        ("  single-entity questions, exact match", f"{ram.share('single_exact', 'single'):.0%}", ""),
        ("  ambiguous names (2+ gold answers), exact match", f"{ram.share('ambiguous_exact', 'ambiguous'):.0%}", ""),
        ("RAMDocs-dev median seconds", f"{median:.2f}", "bar <= 2"),
        ("RAMDocs-dev citation integrity", f"{ram.integrity():.0%}", "bar 100%"),
    ]
    summary = {
        "ramdocs_em": f"{ram.share('exact'):.3f}",
        "ramdocs_answered": f"{ram.share('answered'):.3f}",
        "ramdocs_misinfo": f"{ram.share('misinfo'):.3f}",
        "ramdocs_median_s": f"{median:.2f}",
        "ramdocs_integrity": f"{ram.integrity():.3f}",
    }
    return rows, summary


def climate_rows(cf: Tally, f1: float) -> tuple[list[Row], dict[str, str]]:
    """The Climate-FEVER lines of the table and their summary pairs."""
    per_label = [
        (f"  {label} claims, verdict right", f"{cf.share(f'label:{label}:correct', f'label:{label}'):.0%}", "")
        for label in LABELS.values()
    ]
    rows = [
        ("Climate-FEVER-dev verdict accuracy", f"{cf.share('correct'):.0%}", "bar >= 55%"),
        ("Climate-FEVER-dev macro-F1", f"{f1:.2f}", ""),
        *per_label,
        ("Climate-FEVER-dev DISPUTED flagged", f"{cf.share('flagged', 'disputed'):.0%}", "bar >= 60%"),
        ("Climate-FEVER-dev cited evidence", f"{cf.share('cited_evidence', 'with_evidence'):.0%}", "bar >= 70%"),
        ("Climate-FEVER-dev median seconds", f"{statistics.median(cf.seconds):.2f}", ""),
        ("Climate-FEVER-dev citation integrity", f"{cf.integrity():.0%}", "bar 100%"),
    ]
    summary = {
        "climate_accuracy": f"{cf.share('correct'):.3f}",
        "climate_macro_f1": f"{f1:.3f}",
        "climate_disputed_flagged": f"{cf.share('flagged', 'disputed'):.3f}",
        "climate_cited_evidence": f"{cf.share('cited_evidence', 'with_evidence'):.3f}",
        "climate_integrity": f"{cf.integrity():.3f}",
    }
    return rows, summary


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--n", type=int, default=100, help="records per data set (default 100)")
    parser.add_argument("--seed", type=int, default=7, help="sampling seed (default 7)")
    parser.add_argument("--only", choices=["ramdocs", "climate"], help="run one data set")
    parser.add_argument("--failures", type=int, default=0, help="print up to this many failures per data set")
    parser.add_argument("--verbose", action="store_true", help="a progress line per question on stderr")
    args = parser.parse_args()
    if not RAMDOCS.is_file() or not (CLIMATE / "claims.jsonl").is_file():
        print(f"skipped: the data sets are not at {DATASETS} (see ../shared/datasets/README.md)")
        return 0
    rows: list[Row] = []
    summary: dict[str, str] = {"n": str(args.n)}
    with tempfile.TemporaryDirectory(prefix="quality-") as tmp:
        work = Path(tmp)
        if args.only in (None, "ramdocs"):
            ram = run_ramdocs(sample(RAMDOCS, args.n, args.seed), work, verbose=args.verbose)
            more, pairs = ramdocs_rows(ram)
            rows, summary = rows + more, summary | pairs
            for line in ram.failures[: args.failures]:
                print("  ", line)
        if args.only in (None, "climate"):
            cf, f1 = run_climate(sample(CLIMATE / "claims.jsonl", args.n, args.seed), work, verbose=args.verbose)
            more, pairs = climate_rows(cf, f1)
            rows, summary = rows + more, summary | pairs
            for line in cf.failures[: args.failures]:
                print("  ", line)
    print(f"== answer quality, contract default limits, n={args.n} per data set (seed {args.seed})")
    for line in table(rows):
        print(line)
    print(" ".join(f"{k}={v}" for k, v in summary.items()))
    return 0


if __name__ == "__main__":
    sys.exit(main())
