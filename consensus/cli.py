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

from consensus.arguments import positive_mb, positive_seconds, run_limit
from consensus.config import (
    DEFAULT_MAX_FILE_MB,
    Settings,
    build_model,
    build_sources,
    check_source_filter,
    skipped_files,
)
from consensus.failures import explain
from consensus.notices import skipped_summary, unreachable_search_note
from consensus.owners import process_alive
from consensus.render import render_result
from consensus.terminal import visible
from protocols import (
    BackendOutage,
    ConsensusError,
    DeniedSource,
    Depth,
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

EPILOG = """examples:
  consensus research "When did Apollo 11 land?" --corpus examples/corpus
  consensus runs
  consensus show RUN_ID
  consensus show RUN_ID --format html -o debate.html
environment:
  CONSENSUS_HOME           data directory (default ~/.consensus)
  CONSENSUS_CORPUS         default --corpus folder
  CONSENSUS_DATABASE_URL   store URL (default sqlite:///$CONSENSUS_HOME/consensus.db)
  CONSENSUS_MAX_FILE_MB    corpus files larger than this are skipped (default 20)
  CONSENSUS_OFFLINE=1      like --offline: local corpus and reasoner, whatever keys are set
  ANTHROPIC_API_KEY        think with Claude (CONSENSUS_MODEL picks the model)
  TAVILY_API_KEY           search the web with Tavily
  CONSENSUS_TOKEN          bearer token of `consensus serve --http` (else one is generated)
"""
BROKEN_PIPE = 141  # 128 + SIGPIPE, what a shell reports for a writer whose reader went away


def _research_arguments(r: argparse.ArgumentParser) -> None:
    r.add_argument("question", help="the question (1-1500 characters)")
    r.add_argument("--corpus", metavar="DIR", help="folder of .md/.txt/.html files to research (offline)")
    r.add_argument("--context", help="what you already know, to refocus the research (<= 2000 characters)")
    r.add_argument("--depth", choices=[d.value for d in Depth], default="balanced", help="default: balanced")
    r.add_argument("--max-iterations", type=int, default=None, metavar="N", help="debate iterations (default 5)")
    r.add_argument("--token-budget", type=int, default=None, metavar="N", help="token limit (default 20000)")
    r.add_argument("--max-sources", type=int, default=None, metavar="N", help="distinct sources (default 10)")
    r.add_argument(
        "--source-filter", metavar="DOMAINS", help="comma-separated domains for web search (refused without it)"
    )
    r.add_argument(
        "--timeout",
        type=positive_seconds,
        default=None,
        metavar="SEC",
        help="wall-clock limit; keeps a partial result",
    )
    r.add_argument("--offline", action="store_true", help="local corpus and reasoner only, whatever keys are set")
    r.add_argument(
        "--max-file-mb",
        type=positive_mb,
        default=None,
        metavar="MB",
        help=f"skip corpus files larger than this (default CONSENSUS_MAX_FILE_MB or {DEFAULT_MAX_FILE_MB:g})",
    )
    r.add_argument("--json", action="store_true", help="print only the ResearchResult JSON on stdout")
    r.add_argument("--quiet", action="store_true", help="no progress on stderr")


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="consensus",
        description="Research a question with three agents that debate every claim before it is accepted.",
        epilog=EPILOG,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.add_argument("--db", metavar="URL", help="store URL (overrides CONSENSUS_DATABASE_URL)")
    sub = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")

    _research_arguments(sub.add_parser("research", help="research a question and print the cross-checked answer"))

    s = sub.add_parser("schema", help="print the JSON Schema of the request and the result")
    s.add_argument("which", nargs="?", choices=["request", "result", "both"], default="both")

    runs = sub.add_parser("runs", help="list recent runs")
    runs.add_argument("--limit", type=run_limit, default=20, metavar="N", help="how many (default 20; 0 = all)")

    show = sub.add_parser("show", help="show a run's answer and how every claim was debated")
    show.add_argument("run", help="run id or trace id (a unique prefix is enough)")
    show.add_argument("--claim", metavar="N|ID", help="only this claim: its number in the report ([2]) or id")
    show.add_argument("--format", choices=["text", "markdown", "json", "html"], default="text")
    show.add_argument("-o", "--output", metavar="FILE", help="write to FILE instead of stdout")

    trace = sub.add_parser("trace", help="show a run's trace steps with content hashes")
    trace.add_argument("run", help="run id or trace id")
    trace.add_argument("--json", action="store_true", help="raw JSONL entries")

    from consensus.cli_resume import add_resume_arguments  # light: argparse only until a command runs

    add_resume_arguments(sub.add_parser("resume", help="continue an interrupted, orphaned or budget-stopped run"))

    serve = sub.add_parser("serve", help="run the MCP server (stdio by default)")
    serve.add_argument("--corpus", metavar="DIR", help="folder of documents (or CONSENSUS_CORPUS)")
    serve.add_argument("--http", action="store_true", help="streamable HTTP on localhost instead of stdio")
    serve.add_argument("--port", type=int, default=8765, help="HTTP port (default 8765)")
    serve.add_argument("--timeout", type=float, default=None, metavar="SEC", help="wall-clock limit per run")
    serve.add_argument("--resume-orphans", action="store_true", help="resume runs found orphaned at start-up")
    auth = serve.add_mutually_exclusive_group()
    auth.add_argument(
        "--token", help="HTTP bearer token clients must send (default: CONSENSUS_TOKEN, else one generated and shown)"
    )
    auth.add_argument("--no-auth", action="store_true", help="serve HTTP with no token (any local process can use it)")
    return parser


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
    sources = build_sources(settings)
    _report_skipped(skipped_files(sources))
    model = build_model(settings)
    repo = Repository.open(settings.database_url)
    progress = None if args.quiet else _print_progress  # stderr: never mixes with --json on stdout
    researcher = Researcher(repo, model, sources, home=settings.home, timeout=args.timeout, progress=progress)
    run: RunRecord | None = None

    async def go() -> ResearchResult:
        nonlocal run
        run = await researcher.open_run(request)
        try:
            return await researcher.run(run)
        finally:
            await sources.aclose()
            close_model = getattr(model, "aclose", None)
            if close_model is not None:
                await close_model()

    try:
        result = anyio.run(go)
    except KeyboardInterrupt:
        if run is None:
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
        if run is not None:
            _mark_failed(repo, run.id, exc)
        raise
    finally:
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
    from consensus.report import render_runs

    repo = _open_existing(args)
    try:
        runs = repo.list_runs(limit=args.limit or sys.maxsize)  # 0: every run
    finally:
        repo.close()
    _out(render_runs(runs))
    return 0


def _cmd_show(args: argparse.Namespace) -> int:
    from consensus.report import render_show

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
    from consensus.report import render_trace, render_trace_steps

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
    _out(render_trace(settings.home / "traces" / f"{run.trace_id}.jsonl", raw=args.json), is_json=args.json)
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
    args = _parser().parse_args(argv)
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
