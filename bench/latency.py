"""Model latency: how close a research run's wall time gets to its critical path.

The example question runs over ``examples/corpus`` with the offline reasoner wrapped in a backend
whose decisions arrive a fixed ``--latency`` (0.5 s by default) after they are asked for, as a
remote model's would (:class:`consensus.latency.DelayedModel`): the reasoner thinks (in a worker
thread) while the latency passes, as a remote model thinks during its round trip, and the decision
arrives after max(latency, thinking). A second run waits the latency *first* and thinks afterwards,
so that all of the reasoner's CPU is on the path on top of the latency (the stricter reading; how
this bench measured before). Then:

- **critical path** = sequential decision rounds * latency, where a *round* is a maximal group of
  decisions in flight together (the three agents deciding concurrently are one round; a re-decision
  after a stale action is one more), counted as the run goes;
- **wall** = the run's wall time; **wall / critical path** is what the runtime adds around the model;
- the same run with decisions **forced one after another** (a lock around the model): the ratio of
  the two wall times shows how much the concurrency buys (ideal: 3.0 with three agents).

Run::

    .venv/bin/python bench/latency.py                  # 0.5 s per decision
    .venv/bin/python bench/latency.py --latency 0.2

Prints a table and one last line of ``name=value`` pairs.
"""

from __future__ import annotations

import argparse
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path

import anyio

from agents import Decision, SearchTool
from agents.offline import OfflineReasoner
from agents.sources.corpus import LocalCorpus
from consensus.latency import DelayedModel
from consensus.runtime import Researcher
from protocols import AgentView, ResearchConstraints, ResearchRequest
from store import Repository

ROOT = Path(__file__).resolve().parent.parent
QUESTION = (
    "When and where did Apollo 11 land on the Moon, who walked on the surface, how long did the moonwalk "
    "last, what did the crew bring back, and when did the crew splash down?"
)
CONSTRAINTS = ResearchConstraints(max_iterations=8, token_budget=200_000, max_sources=30)


class SlowModel(DelayedModel):
    """The offline reasoner, deciding ``latency`` seconds after each ask, counting rounds as it goes."""

    def __init__(self, latency: float, *, sequential: bool, think_during_latency: bool = True) -> None:
        super().__init__(OfflineReasoner(), latency, think_during_latency=think_during_latency)
        self.lock = anyio.Lock() if sequential else None
        self.in_flight = 0
        self.rounds = 0
        self.decisions = 0

    async def decide(self, view: AgentView, search: SearchTool) -> Decision:
        if self.lock is None:
            return await self._decide(view, search)
        async with self.lock:
            return await self._decide(view, search)

    async def _decide(self, view: AgentView, search: SearchTool) -> Decision:
        self.rounds += self.in_flight == 0  # nobody else is deciding: a new sequential round starts
        self.in_flight += 1
        self.decisions += 1
        try:
            return await super().decide(view, search)  # the round trip, the reasoner deciding meanwhile
        finally:
            self.in_flight -= 1


@dataclass(frozen=True)
class Measured:
    wall: float
    rounds: int
    decisions: int
    agreed: int


async def _research(home: Path, model: SlowModel) -> Measured:
    repo = Repository.open(f"sqlite:///{home / 'consensus.db'}")
    corpus = LocalCorpus(ROOT / "examples" / "corpus", index_path=home / "index.db")
    corpus.refresh()
    try:
        researcher = Researcher(repo, model, corpus, home=home)
        started = time.perf_counter()
        result = await researcher.research(ResearchRequest(question=QUESTION, constraints=CONSTRAINTS))
        wall = time.perf_counter() - started
    finally:
        await corpus.aclose()
        repo.close()
    return Measured(wall, model.rounds, model.decisions, len(result.claims))


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0] if __doc__ else None)
    parser.add_argument("--latency", type=float, default=0.5, help="seconds per decision (default 0.5)")
    args = parser.parse_args(argv)
    with tempfile.TemporaryDirectory(prefix="consensus-latency-") as tmp:
        home = Path(tmp)
        for sub in ("a", "b", "c"):
            (home / sub).mkdir()
        concurrent = anyio.run(_research, home / "a", SlowModel(args.latency, sequential=False))
        after = anyio.run(_research, home / "b", SlowModel(args.latency, sequential=False, think_during_latency=False))
        sequential = anyio.run(_research, home / "c", SlowModel(args.latency, sequential=True))
    critical = concurrent.rounds * args.latency
    print(f"latency {args.latency:g} s per decision; example question over examples/corpus\n")
    head = "| run                             | decisions | sequential rounds | critical path | wall    |"
    print(head + " wall / critical |")
    print(
        "|---------------------------------|----------:|------------------:|--------------:|--------:|----------------:|"
    )
    rows = (
        ("concurrent (default)", concurrent),
        ("concurrent, thinking after wait", after),
        ("forced sequential", sequential),
    )
    for name, m in rows:
        print(
            f"| {name:<31} | {m.decisions:>9} | {m.rounds:>17} | {m.rounds * args.latency:>11.1f} s "
            f"| {m.wall:>5.2f} s | {m.wall / (m.rounds * args.latency):>15.2f} |"
        )
    pairs = {
        "latency_s": f"{args.latency:g}",
        "rounds": str(concurrent.rounds),
        "critical_path_s": f"{critical:.2f}",
        "wall_s": f"{concurrent.wall:.2f}",
        "wall_over_critical": f"{concurrent.wall / critical:.2f}",
        "thinking_after_wall_over_critical": f"{after.wall / (after.rounds * args.latency):.2f}",
        "sequential_wall_s": f"{sequential.wall:.2f}",
        "sequential_over_concurrent": f"{sequential.wall / concurrent.wall:.2f}",
        "agreed": f"{concurrent.agreed}/{after.agreed}/{sequential.agreed}",
    }
    print()
    print(" ".join(f"{k}={v}" for k, v in pairs.items()))


if __name__ == "__main__":
    main()
