"""The ``consensus`` command line. The only module that prints.

Every expected failure becomes one line on stderr (``error: ...`` plus what to do) and a non-zero
exit: 1 for errors (a full disk, a damaged store, a failing backend included), 2 for bad usage, 130
when interrupted; a closed pipe (``consensus show RUN | head``) ends quietly with 141. Progress goes
to stderr; ``--json`` output alone goes to stdout. Everything printed goes through
:func:`consensus.terminal.visible`, so control characters from documents and questions are shown,
never executed by the terminal.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING

import anyio

from consensus.arguments import build_parser
from consensus.config import (
    Settings,
    check_source_filter,
    open_backends,
)
from consensus.failures import explain
from consensus.notices import skipped_summary, unreachable_search_note
from consensus.owners import process_alive
from consensus.reports import render_result
from consensus.terminal import visible
from protocols import (
    BackendOutage,
    ConsensusError,
    DeniedSource,
    ResearchRequest,
    ResearchResult,
    StoreFault,
    parse_request,
    redact,
)

if TYPE_CHECKING:  # each command imports what it needs: --help loads neither SQLAlchemy nor the agents
    from consensus.progress import Progress
    from store import Repository, RunRecord

__all__ = ["main"]

BROKEN_PIPE = 141  # 128 + SIGPIPE, what a shell reports for a writer whose reader went away


def _err(message: str) -> None:
    print(visible(redact(message)), file=sys.stderr, flush=True)


def _out(text: str, *, is_json: bool = False) -> None:
    """Print to stdout with control characters made visible (``\\uXXXX`` escapes inside JSON)."""
    print(visible(text, json=is_json), flush=True)


def _request(args: argparse.Namespace) -> ResearchRequest:
    constraints = {
        key: value
        for key, value in {
            "max_iterations": args.max_iterations,
            "token_budget": args.token_budget,
            "max_sources": args.max_sources,
            "source_filter": args.source_filter,
        }.items()
        if value is not None
    }
    return parse_request(
        {"question": args.question, "context": args.context, "depth": args.depth, "constraints": constraints}
    )


def _print_progress(event: Progress) -> None:
    counts = f"agreed {event.agreed}, open {event.pending}, rejected {event.rejected}"
    _err(f"[{event.iteration}/{event.max_iterations}] {event.message}  ({counts})")


def _cmd_research(args: argparse.Namespace) -> int:
    from consensus.runtime import Researcher
    from store import Repository

    request = _request(args)
    settings = Settings.from_env(
        corpus=args.corpus, database_url=args.db, offline=args.offline, max_file_mb=args.max_file_mb
    )
    check_source_filter(settings, request.constraints.source_filter)
    progress = None if args.quiet else _print_progress  # stderr: never mixes with --json on stdout
    repo: Repository | None = None
    run: RunRecord | None = None

    async def go() -> ResearchResult:
        nonlocal repo, run
        backends = await open_backends(settings)
        try:
            _report_skipped(backends.skipped)
            repo = Repository.open(settings.database_url)
            researcher = Researcher(
                repo, backends.model, backends.sources, home=settings.home, timeout=args.timeout, progress=progress
            )
            run = await researcher.open_run(request)
            return await researcher.run(run)
        finally:
            await backends.aclose()

    try:
        result = anyio.run(go)
    except KeyboardInterrupt:
        if run is None or repo is None:
            raise
        stored = repo.get_run(run.id)
        _err(f"interrupted: partial result kept for run {run.id} ({stored.agreed} claim(s) agreed)")
        if stored.result is not None:
            _emit_result(stored.result, run.id, as_json=args.json)
        return 130
    except BackendOutage as exc:  # stored failed/degraded; main() prints the error line, exit 1
        if exc.result is not None and exc.result.claims:
            _emit_result(exc.result, exc.run_id, as_json=args.json)
        _err(f"run {exc.run_id} stopped {exc.status}")
        raise
    except Exception as exc:
        if run is not None and repo is not None:
            _mark_failed(repo, run.id, exc)
        raise
    finally:
        if repo is not None:
            repo.close()
    assert run is not None
    _emit_result(result, run.id, as_json=args.json)
    _hint_unreachable_search(result)
    return 0


def _hint_unreachable_search(result: ResearchResult) -> None:
    """A web search that failed is a gap of the result; say on stderr that --offline does without it."""
    note = unreachable_search_note(result)
    if note:
        _err(note)


def _report_skipped(skipped: list[DeniedSource]) -> None:
    """One stderr line per kind of skipped corpus file (they also become access_denied gaps)."""
    for line in skipped_summary(skipped):
        _err(line)


def _mark_failed(repo: Repository, run_id: str, exc: BaseException) -> None:
    """Best effort: a run that a fault stopped is ``failed`` with the reason, not left ``running``."""
    explained = explain(exc)
    reason = explained.message if explained is not None else f"internal error: {type(exc).__name__}"
    try:
        if repo.get_run(run_id).status == "running":
            repo.finish_run(run_id, status="failed", error=reason)
    except Exception:  # the store may be what failed: the next command marks the run interrupted
        pass


def _emit_result(result: ResearchResult, run_id: str, *, as_json: bool) -> None:
    if as_json:
        _out(result.model_dump_json(indent=2), is_json=True)
    else:
        _out(render_result(result, run_id=run_id))


def _cmd_schema(args: argparse.Namespace) -> int:
    schemas = {"request": ResearchRequest.model_json_schema(), "result": ResearchResult.model_json_schema()}
    out = schemas if args.which == "both" else schemas[args.which]
    _out(json.dumps(out, indent=2), is_json=True)
    return 0


def _open_existing(args: argparse.Namespace) -> Repository:
    """The store for reading commands; a read-only store is opened read-only (and not tidied)."""
    from store import Repository, open_engines

    settings = Settings.from_env(database_url=args.db)
    url = settings.database_url
    if url.startswith("sqlite:///") and not Path(url.removeprefix("sqlite:///")).expanduser().exists():
        raise ConsensusError(
            f"no runs yet: the store {url} does not exist",
            suggestion='run `consensus research "..." --corpus DIR` first, or set CONSENSUS_HOME',
        )
    try:
        repo = Repository.open(url)
    except StoreFault as exc:
        if exc.kind not in ("read_only", "cannot_open"):
            raise
        return Repository(open_engines(url, read_only=True))
    try:
        repo.mark_interrupted(process_alive)  # a run whose process died is not "running" forever
    except StoreFault as exc:
        if exc.kind != "read_only":
            repo.close()
            raise
    return repo


def _cmd_runs(args: argparse.Namespace) -> int:
    from consensus.reports import render_runs

    repo = _open_existing(args)
    try:
        runs = repo.list_runs(limit=args.limit or sys.maxsize)  # 0: every run
    finally:
        repo.close()
    _out(render_runs(runs))
    return 0


def _cmd_show(args: argparse.Namespace) -> int:
    from consensus.reports import render_show

    target = _output_path(args.output) if args.output else None
    repo = _open_existing(args)
    try:
        text = render_show(repo, args.run, claim_id=args.claim, fmt=args.format)
    finally:
        repo.close()
    if target is not None:
        if args.format in ("text", "markdown", "json"):
            text = visible(text, json=args.format == "json")  # the file is read in a terminal too
        target.write_text(text, encoding="utf-8")
        _err(f"wrote {target}")
    else:
        _out(text, is_json=args.format == "json")
    return 0


def _output_path(value: str) -> Path:
    """``-o FILE`` checked before any work: not a folder, and in a folder that exists."""
    path = Path(value).expanduser()
    if path.is_dir():
        raise ConsensusError(
            f"-o {value}: that is a folder, not a file", suggestion=f"give a file name, e.g. -o {path / 'debate.html'}"
        )
    if not path.parent.is_dir():
        raise ConsensusError(
            f"-o {value}: the folder {path.parent} does not exist",
            suggestion=f"create it first (mkdir -p {path.parent}) or write elsewhere",
        )
    return path


def _cmd_trace(args: argparse.Namespace) -> int:
    from consensus.reports import render_trace, render_trace_steps
    from consensus.trace import trace_path

    repo = _open_existing(args)
    try:
        run = repo.get_run(args.run)
        steps = repo.traces.steps(run.id)  # from the store: works on any machine that shares it
    finally:
        repo.close()
    if steps:
        _out(render_trace_steps(run.trace_id, steps, raw=args.json), is_json=args.json)
        return 0
    settings = Settings.from_env()  # a run from before the store kept traces: its JSONL file, if here
    _out(render_trace(trace_path(settings.home, run.trace_id), raw=args.json), is_json=args.json)
    return 0


def _cmd_serve(args: argparse.Namespace) -> int:
    from consensus.serving import serve

    if (args.token or args.no_auth) and not args.http:
        raise ConsensusError("--token and --no-auth apply to --http only", suggestion="add --http, or drop them")
    serve(
        corpus=args.corpus,
        database_url=args.db,
        http=args.http,
        port=args.port,
        timeout=args.timeout,
        token=args.token,
        no_auth=args.no_auth,
        announce=_err,
        resume_orphans=args.resume_orphans,
    )
    return 0


def _cmd_resume(args: argparse.Namespace) -> int:
    from consensus.cli_resume import cmd_resume

    return cmd_resume(args)


COMMANDS = {
    "research": _cmd_research,
    "schema": _cmd_schema,
    "runs": _cmd_runs,
    "show": _cmd_show,
    "trace": _cmd_trace,
    "serve": _cmd_serve,
    "resume": _cmd_resume,
}


def main(argv: Sequence[str] | None = None) -> int:
    """Entry point of the ``consensus`` script; returns the exit code."""
    args = build_parser().parse_args(argv)
    try:
        return COMMANDS[args.command](args)
    except KeyboardInterrupt:
        _err("interrupted")
        return 130
    except BrokenPipeError:
        _quiet_stdout()
        return BROKEN_PIPE
    except Exception as exc:
        explained = explain(exc)
        if explained is None:
            raise  # a bug: keep its traceback
        _err(f"error: {explained.message}")
        if explained.suggestion:
            _err(f"  what to do: {explained.suggestion}")
        return 1


def _quiet_stdout() -> None:
    """The reader of stdout went away: point stdout at /dev/null so the exit flush cannot complain."""
    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
    except (OSError, ValueError, AttributeError):  # not a real file (tests): nothing to flush
        pass


if __name__ == "__main__":
    sys.exit(main())
