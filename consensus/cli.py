"""The ``consensus`` command line. The only module that prints.

Every expected failure becomes one line on stderr (``error: ...`` plus what to do) and a non-zero
exit: 1 for errors, 2 for bad usage, 130 when interrupted. Progress goes to stderr; ``--json``
output alone goes to stdout.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Sequence
from pathlib import Path

import anyio

from consensus.config import Settings, build_model, build_sources
from consensus.owners import process_alive
from consensus.progress import Progress
from consensus.render import render_result
from consensus.runtime import Researcher
from protocols import BackendOutage, ConsensusError, Depth, ResearchRequest, ResearchResult, parse_request, redact
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
  ANTHROPIC_API_KEY        think with Claude (CONSENSUS_MODEL picks the model)
  TAVILY_API_KEY           search the web with Tavily
  CONSENSUS_TOKEN          bearer token of `consensus serve --http` (else one is generated)
"""


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="consensus",
        description="Research a question with three agents that debate every claim before it is accepted.",
        epilog=EPILOG,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.add_argument("--db", metavar="URL", help="store URL (overrides CONSENSUS_DATABASE_URL)")
    sub = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")

    r = sub.add_parser("research", help="research a question and print the cross-checked answer")
    r.add_argument("question", help="the question (1-1500 characters)")
    r.add_argument("--corpus", metavar="DIR", help="folder of .md/.txt/.html files to research (offline)")
    r.add_argument("--context", help="what you already know, to refocus the research (<= 2000 characters)")
    r.add_argument("--depth", choices=[d.value for d in Depth], default="balanced", help="default: balanced")
    r.add_argument("--max-iterations", type=int, default=None, metavar="N", help="debate iterations (default 5)")
    r.add_argument("--token-budget", type=int, default=None, metavar="N", help="token limit (default 20000)")
    r.add_argument("--max-sources", type=int, default=None, metavar="N", help="distinct sources (default 10)")
    r.add_argument("--source-filter", metavar="DOMAINS", help="comma-separated domains for web search")
    r.add_argument(
        "--timeout", type=float, default=None, metavar="SEC", help="wall-clock limit; keeps a partial result"
    )
    r.add_argument("--json", action="store_true", help="print only the ResearchResult JSON on stdout")
    r.add_argument("--quiet", action="store_true", help="no progress on stderr")

    s = sub.add_parser("schema", help="print the JSON Schema of the request and the result")
    s.add_argument("which", nargs="?", choices=["request", "result", "both"], default="both")

    runs = sub.add_parser("runs", help="list recent runs")
    runs.add_argument("--limit", type=int, default=20)

    show = sub.add_parser("show", help="show a run's answer and how every claim was debated")
    show.add_argument("run", help="run id or trace id (a unique prefix is enough)")
    show.add_argument("--claim", metavar="ID", help="only this claim")
    show.add_argument("--format", choices=["text", "markdown", "json", "html"], default="text")
    show.add_argument("-o", "--output", metavar="FILE", help="write to FILE instead of stdout")

    trace = sub.add_parser("trace", help="show a run's trace steps with content hashes")
    trace.add_argument("run", help="run id or trace id")
    trace.add_argument("--json", action="store_true", help="raw JSONL entries")

    serve = sub.add_parser("serve", help="run the MCP server (stdio by default)")
    serve.add_argument("--corpus", metavar="DIR", help="folder of documents (or CONSENSUS_CORPUS)")
    serve.add_argument("--http", action="store_true", help="streamable HTTP on localhost instead of stdio")
    serve.add_argument("--port", type=int, default=8765, help="HTTP port (default 8765)")
    serve.add_argument("--timeout", type=float, default=None, metavar="SEC", help="wall-clock limit per run")
    auth = serve.add_mutually_exclusive_group()
    auth.add_argument(
        "--token", help="HTTP bearer token clients must send (default: CONSENSUS_TOKEN, else one generated and shown)"
    )
    auth.add_argument("--no-auth", action="store_true", help="serve HTTP with no token (any local process can use it)")
    return parser


def _err(message: str) -> None:
    print(redact(message), file=sys.stderr, flush=True)


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
    request = _request(args)
    settings = Settings.from_env(corpus=args.corpus, database_url=args.db)
    sources = build_sources(settings)
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
    finally:
        repo.close()
    assert run is not None
    _emit_result(result, run.id, as_json=args.json)
    return 0


def _emit_result(result: ResearchResult, run_id: str, *, as_json: bool) -> None:
    if as_json:
        print(result.model_dump_json(indent=2))
    else:
        print(render_result(result, run_id=run_id))


def _cmd_schema(args: argparse.Namespace) -> int:
    schemas = {"request": ResearchRequest.model_json_schema(), "result": ResearchResult.model_json_schema()}
    out = schemas if args.which == "both" else schemas[args.which]
    print(json.dumps(out, indent=2))
    return 0


def _open_existing(args: argparse.Namespace) -> Repository:
    settings = Settings.from_env(database_url=args.db)
    url = settings.database_url
    if url.startswith("sqlite:///") and not Path(url.removeprefix("sqlite:///")).expanduser().exists():
        raise ConsensusError(
            f"no runs yet: the store {url} does not exist",
            suggestion='run `consensus research "..." --corpus DIR` first, or set CONSENSUS_HOME',
        )
    repo = Repository.open(url)
    repo.mark_interrupted(process_alive)  # a run whose process died is not "running" forever
    return repo


def _cmd_runs(args: argparse.Namespace) -> int:
    from consensus.report import render_runs

    repo = _open_existing(args)
    try:
        print(render_runs(repo.list_runs(limit=args.limit)))
    finally:
        repo.close()
    return 0


def _cmd_show(args: argparse.Namespace) -> int:
    from consensus.report import render_show

    repo = _open_existing(args)
    try:
        text = render_show(repo, args.run, claim_id=args.claim, fmt=args.format)
    finally:
        repo.close()
    if args.output:
        Path(args.output).write_text(text, encoding="utf-8")
        _err(f"wrote {args.output}")
    else:
        print(text)
    return 0


def _cmd_trace(args: argparse.Namespace) -> int:
    from consensus.report import render_trace

    repo = _open_existing(args)
    try:
        run = repo.get_run(args.run)
    finally:
        repo.close()
    settings = Settings.from_env()
    print(render_trace(settings.home / "traces" / f"{run.trace_id}.jsonl", raw=args.json))
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
    )
    return 0


COMMANDS = {
    "research": _cmd_research,
    "schema": _cmd_schema,
    "runs": _cmd_runs,
    "show": _cmd_show,
    "trace": _cmd_trace,
    "serve": _cmd_serve,
}


def main(argv: Sequence[str] | None = None) -> int:
    """Entry point of the ``consensus`` script; returns the exit code."""
    args = _parser().parse_args(argv)
    try:
        return COMMANDS[args.command](args)
    except ConsensusError as exc:
        _err(f"error: {exc.message}")
        if exc.suggestion:
            _err(f"  what to do: {exc.suggestion}")
        return 1
    except KeyboardInterrupt:
        _err("interrupted")
        return 130


if __name__ == "__main__":
    sys.exit(main())
