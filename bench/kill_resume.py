"""Kill and resume: runs whose server is killed (SIGKILL) at a random moment are resumed by the other server.

Two `consensus serve --http` processes share one PostgreSQL store (a throwaway cluster unless
``--url``). ``--kills`` times: two servers A and B are started, a run is started on one of them
(they take turns: A for even kills, B for odd ones), that server is killed with SIGKILL after a
random 0.3-5 s, the claims agreed at that moment are read from the store, the other server resumes
the run (``resume_research``) and it is polled to its end. Checked for every run: it ends
``completed``; every claim agreed before the kill is agreed afterwards, unchanged (statement,
revision, version, votes, evidence); no claim is finalized twice. Run::

    .venv/bin/python bench/kill_resume.py                # 10 kills, 0.2 s per decision

Prints one line per kill and a last line of ``name=value`` pairs.
"""

from __future__ import annotations

import argparse
import random
import signal
import sys
import tempfile
from collections import Counter
from pathlib import Path
from typing import Any

import anyio

ROOT = Path(__file__).resolve().parent.parent
sys.path[:0] = [str(ROOT), str(ROOT / "bench")]

from scale_out import _call, postgres_url  # noqa: E402

from protocols import ClaimFinalized, ClaimState  # noqa: E402
from store import ClaimRecord, Repository  # noqa: E402
from tests.servers import http_server  # noqa: E402

QUESTION = (
    "When and where did Apollo 11 land on the Moon, who walked on the surface, how long did the moonwalk "
    "last, what did the crew bring back, and when did the crew splash down?"
)
LIMITS = {"max_iterations": 8, "token_budget": 200_000, "max_sources": 30}


def agreed(repo: Repository, run_id: str) -> dict[str, ClaimRecord]:
    return {c.id: c for c in repo.list_claims(run_id) if c.status is ClaimState.AGREED}


async def kill_and_resume(url: str, kills: int, latency: float, seed: int, work: Path) -> list[dict[str, object]]:
    rng = random.Random(seed)
    repo = Repository.open(url)
    rows: list[dict[str, object]] = []
    try:
        for k in range(kills):
            async with (
                http_server(work / f"a{k}", url, latency=latency) as a,
                http_server(work / f"b{k}", url, latency=latency) as b,
            ):
                (victim, process), (survivor, _) = (a, b) if k % 2 == 0 else (b, a)  # the servers take turns
                run_id = (await _call(victim, "start_research", question=QUESTION, constraints=LIMITS))["run_id"]
                wait = rng.uniform(0.3, 5.0)
                await anyio.sleep(wait)
                process.send_signal(signal.SIGKILL)
                await process.wait()
                rows.append(await _resume(repo, survivor, run_id, k, wait))
    finally:
        repo.close()
    return rows


async def _resume(repo: Repository, survivor: Any, run_id: str, k: int, wait: float) -> dict[str, object]:
    """The other server resumes the killed run; what was agreed before the kill is compared after."""
    before = agreed(repo, run_id)
    status = (await _call(survivor, "research_status", run_id=run_id))["status"]
    if status != "interrupted":  # it finished before the kill: nothing to resume
        return {"kill": k, "after_s": wait, "at_kill": status, "agreed_before": len(before)}
    await _call(survivor, "resume_research", run_id=run_id)
    now = "running"
    while now == "running":  # polled: the run's state is in the store
        await anyio.sleep(0.2)
        now = (await _call(survivor, "research_status", run_id=run_id))["status"]
    after = agreed(repo, run_id)
    finals = Counter(m.claim_id for m in repo.messages(run_id) if isinstance(m.message, ClaimFinalized))
    return {
        "kill": k,
        "after_s": wait,
        "at_kill": status,
        "final": repo.get_run(run_id).status,
        "agreed_before": len(before),
        "agreed_after": len(after),
        "lost": sum(1 for cid in before if cid not in after),
        "changed": sum(1 for cid, c in before.items() if cid in after and after[cid] != c),
        "double_finalized": sum(1 for n in finals.values() if n > 1),
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--kills", type=int, default=10)
    parser.add_argument("--latency", type=float, default=0.2, help="seconds per model decision")
    parser.add_argument("--seed", type=int, default=7)
    parser.add_argument("--url", help="a PostgreSQL URL (default: a throwaway local cluster)")
    args = parser.parse_args()
    with postgres_url(args.url) as url, tempfile.TemporaryDirectory() as work:
        rows = anyio.run(kill_and_resume, url, args.kills, args.latency, args.seed, Path(work))
    for row in rows:
        print("  ".join(f"{k}={v:.2f}" if isinstance(v, float) else f"{k}={v}" for k, v in row.items()))
    resumed = [r for r in rows if r["at_kill"] == "interrupted"]
    print(
        f"kills={len(rows)} killed_mid_run={len(resumed)} "
        f"completed_after_resume={sum(r['final'] == 'completed' for r in resumed)} "
        f"agreed_before={sum(int(str(r['agreed_before'])) for r in resumed)} "
        f"lost={sum(int(str(r['lost'])) for r in resumed)} changed={sum(int(str(r['changed'])) for r in resumed)} "
        f"double_finalized={sum(int(str(r['double_finalized'])) for r in resumed)}"
    )


if __name__ == "__main__":
    main()
