"""Scale-out: N concurrent research runs over 1 and 2 `consensus serve --http` processes on one PostgreSQL.

Each server runs the offline reasoner with a simulated model round trip (``--latency`` seconds per
decision, ``CONSENSUS_OFFLINE_LATENCY``) over the example corpus; the runs are started round-robin
through the servers' MCP tools (``start_research``) at once and polled with ``research_status`` until
all have finished. Printed per server count: runs/minute (runs / wall time of the batch) and the
median and p95 of a run's own time (``finished_at - created_at`` from the store).

Without ``--url`` a throwaway PostgreSQL cluster is started (``tests/pgcluster.py``: the binaries of
PostgreSQL 15 must be installed) and removed afterwards. Run::

    .venv/bin/python bench/scale_out.py                       # 8 runs, 0.2 s per decision
    .venv/bin/python bench/scale_out.py --runs 16 --latency 0.5
    .venv/bin/python bench/scale_out.py --url postgresql+psycopg://user@host/db

Prints a table and one last line of ``name=value`` pairs.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import tempfile
import time
from collections.abc import Iterator
from contextlib import AsyncExitStack, contextmanager
from pathlib import Path
from typing import Any

import anyio
from mcp import Client

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from store import Repository  # noqa: E402
from tests.pgcluster import missing_reason, start_cluster  # noqa: E402
from tests.servers import http_server  # noqa: E402

QUESTIONS = [
    "When did Apollo 11 land on the Moon?",
    "Who walked on the Moon during Apollo 11?",
    "How long did the Apollo 11 moonwalk last?",
    "When did the Apollo 11 crew splash down?",
]
LIMITS = {"max_iterations": 5, "token_budget": 50_000, "max_sources": 10}


async def _call(client: Client, tool: str, **arguments: Any) -> dict[str, Any]:
    result = await client.call_tool(tool, arguments)
    if result.is_error or result.structured_content is None:
        raise RuntimeError(f"{tool} failed: {result.content}")
    return result.structured_content


async def batch(url: str, servers: int, runs: int, latency: float, work: Path) -> dict[str, float]:
    async with AsyncExitStack() as stack:
        clients = [
            (await stack.enter_async_context(http_server(work / f"s{servers}-{i}", url, latency=latency)))[0]
            for i in range(servers)
        ]
        for client in clients:  # warm: each server indexes the corpus on its first run
            first = await _call(client, "start_research", question=QUESTIONS[0], constraints={"max_iterations": 1})
            await _wait(client, [first["run_id"]])
        started = time.monotonic()
        ids: list[str] = []
        for i in range(runs):
            client = clients[i % servers]
            ids.append(
                (await _call(client, "start_research", question=QUESTIONS[i % len(QUESTIONS)], constraints=LIMITS))[
                    "run_id"
                ]
            )
        await _wait(clients[0], ids)
        wall = time.monotonic() - started
    repo = Repository.open(url)
    try:
        records = [repo.get_run(i) for i in ids]
    finally:
        repo.close()
    times = sorted((r.finished_at - r.created_at).total_seconds() for r in records if r.finished_at)
    completed = sum(r.status == "completed" for r in records)
    p95 = times[min(len(times) - 1, round(0.95 * (len(times) - 1)))]
    return {
        "servers": servers,
        "runs": runs,
        "completed": completed,
        "wall": wall,
        "per_minute": 60 * runs / wall,
        "median": statistics.median(times),
        "p95": p95,
    }


async def _wait(client: Client, ids: list[str]) -> None:
    pending = set(ids)
    while pending:
        for run_id in list(pending):
            if (await _call(client, "research_status", run_id=run_id))["status"] != "running":
                pending.discard(run_id)
        await anyio.sleep(0.2)


@contextmanager
def postgres_url(url: str | None) -> Iterator[str]:
    """``url``, or a throwaway local PostgreSQL cluster's (stopped afterwards); exits saying how to
    get PostgreSQL when neither is there."""
    if url is not None:
        yield url
        return
    reason = missing_reason()
    if reason:
        raise SystemExit(reason)
    cluster = start_cluster()
    try:
        yield cluster.new_database()
    finally:
        cluster.stop()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--runs", type=int, default=8)
    parser.add_argument("--latency", type=float, default=0.2, help="seconds per model decision")
    parser.add_argument("--url", help="a PostgreSQL URL (default: a throwaway local cluster)")
    args = parser.parse_args()
    rows = []
    with postgres_url(args.url) as url, tempfile.TemporaryDirectory() as work:
        for servers in (1, 2):
            rows.append(anyio.run(batch, url, servers, args.runs, args.latency, Path(work)))
    print(f"{args.runs} concurrent runs, {args.latency:g} s per decision, PostgreSQL")
    print(
        f"{'servers':>7} | {'completed':>9} | {'wall s':>7} | {'runs/min':>8} | {'median run s':>12} | {'p95 run s':>9}"
    )
    for r in rows:
        print(
            f"{r['servers']:>7} | {r['completed']:>9} | {r['wall']:>7.1f} | {r['per_minute']:>8.1f} | "
            f"{r['median']:>12.1f} | {r['p95']:>9.1f}"
        )
    one, two = rows
    print(
        f"runs={args.runs} latency={args.latency} per_minute_1={one['per_minute']:.1f} "
        f"per_minute_2={two['per_minute']:.1f} speedup={two['per_minute'] / one['per_minute']:.2f} "
        f"p95_1={one['p95']:.1f} p95_2={two['p95']:.1f}"
    )


if __name__ == "__main__":
    main()
