"""The command line's parser and argument types: values refused here are usage errors (exit 2) with one line."""

from __future__ import annotations

import argparse
import math

from consensus.config import DEFAULT_MAX_FILE_MB
from protocols import Depth

__all__ = ["EPILOG", "build_parser", "positive_mb", "positive_seconds", "run_limit"]


def positive_seconds(text: str) -> float:
    """argparse type: a positive, finite number of seconds (nan, inf, 0 and negatives refused)."""
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a number of seconds") from None
    if not math.isfinite(value) or value <= 0:
        raise argparse.ArgumentTypeError(f"{text!r}: give a positive, finite number of seconds")
    return value


def positive_mb(text: str) -> float:
    """argparse type: a positive, finite number of megabytes."""
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a number of megabytes") from None
    if not math.isfinite(value) or value <= 0:
        raise argparse.ArgumentTypeError(f"{text!r}: give a positive number of megabytes")
    return value


def run_limit(text: str) -> int:
    """argparse type for ``runs --limit``: 0 means every run; negatives are refused."""
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a whole number") from None
    if value < 0:
        raise argparse.ArgumentTypeError(f"{text!r}: give 0 (every run) or a positive number")
    return value


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


def _research_arguments(r: argparse.ArgumentParser) -> None:
    r.add_argument("question", help="the question (1-1500 characters)")
    r.add_argument("--corpus", metavar="DIR", help="folder of .md/.txt/.html/.csv files to research (offline)")
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


def build_parser() -> argparse.ArgumentParser:
    """The ``consensus`` command line: ``research``, ``schema``, ``runs``, ``show``, ``trace``, ``serve``."""
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

    from consensus.cli_resume import add_resume_arguments  # argparse only: cheap for --help

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
