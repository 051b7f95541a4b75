"""``consensus resume RUN``: continue an interrupted, orphaned, cancelled or budget-stopped run.

Kept apart from :mod:`consensus.cli` (which imports it on use); it prints through the CLI's own
helpers, so the CLI stays the only module that prints.
"""

from __future__ import annotations

import argparse

import anyio

from consensus.config import Settings, open_backends
from protocols import ResearchResult

__all__ = ["add_resume_arguments", "cmd_resume"]


def add_resume_arguments(r: argparse.ArgumentParser) -> None:
    r.add_argument("run", help="run id or trace id (a unique prefix is enough)")
    r.add_argument("--corpus", metavar="DIR", help="folder of documents (or CONSENSUS_CORPUS)")
    r.add_argument("--max-iterations", type=int, default=None, metavar="N", help="a new iteration limit")
    r.add_argument("--token-budget", type=int, default=None, metavar="N", help="a new token limit")
    r.add_argument("--max-sources", type=int, default=None, metavar="N", help="a new source limit")
    r.add_argument("--timeout", type=float, default=None, metavar="SEC", help="wall-clock limit for this part")
    r.add_argument("--offline", action="store_true", help="local corpus and reasoner only, whatever keys are set")
    r.add_argument("--json", action="store_true", help="print only the ResearchResult JSON on stdout")
    r.add_argument("--quiet", action="store_true", help="no progress on stderr")


def cmd_resume(args: argparse.Namespace) -> int:
    from consensus.cli import _emit_result, _err, _print_progress, _report_skipped
    from consensus.resume import take_over_run
    from consensus.runtime import Researcher
    from store import Repository

    settings = Settings.from_env(corpus=args.corpus, database_url=args.db, offline=args.offline)
    progress = None if args.quiet else _print_progress
    budget = {"max_iterations": args.max_iterations, "token_budget": args.token_budget, "max_sources": args.max_sources}
    repo = Repository.open(settings.database_url)

    async def go() -> tuple[str, ResearchResult]:
        backends = await open_backends(settings)
        try:
            _report_skipped(backends.skipped)
            researcher = Researcher(
                repo, backends.model, backends.sources, home=settings.home, timeout=args.timeout, progress=progress
            )
            run = await take_over_run(repo, args.run, budget=budget)
            _err(f"resuming run {run.id}: {run.agreed} claim(s) agreed, {run.iteration} iteration(s) done")
            return run.id, await researcher.run(run)
        finally:
            await backends.aclose()

    try:
        run_id, result = anyio.run(go)
    finally:
        repo.close()
    _emit_result(result, run_id, as_json=args.json)
    return 0
