"""Reports on past runs: the run list, one run's answer and claim debates, and its JSONL trace.

:func:`render_show` reads the run once into a :class:`~consensus.reports.model.Report` and renders
it as plain text for an 80-column terminal or as GitHub-flavoured markdown (here), as JSON
(:func:`~consensus.reports.model.report_json`), or as one self-contained HTML page
(:mod:`consensus.reports.page`). Nothing here prints; the CLI does.
"""

from __future__ import annotations

import html
import json
import re
import textwrap
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from consensus.reports.model import (
    Report,
    Thread,
    header_fields,
    load_report,
    missing_answer,
    report_json,
    utc,
    vote_lines,
)
from consensus.reports.page import render_html
from consensus.reports.result import render_result
from consensus.trace import read_trace
from protocols import NotFound, ResearchResult
from store import Repository, RunRecord

__all__ = ["FORMATS", "render_markdown", "render_runs", "render_show", "render_text", "render_trace"]

WIDTH = 80
FORMATS = ("text", "markdown", "json", "html")


def render_show(repo: Repository, run_key: str, *, claim_id: str | None = None, fmt: str = "text") -> str:
    """One run: its header, its answer (when one is stored) and how every claim was debated.

    Works for runs that are still running or stopped early: it shows whatever the store holds.

    Args:
        repo: the store.
        run_key: run id, trace id, or a unique prefix of either.
        claim_id: only this claim (a unique prefix is enough); the answer is then left out.
        fmt: ``text`` (80 columns), ``markdown``, ``json`` or ``html`` (one self-contained page).

    Raises:
        NotFound: unknown run, or no single claim matching ``claim_id``.
        ValueError: unknown ``fmt``.
    """
    if fmt not in FORMATS:
        raise ValueError(f"unknown format {fmt!r}; choose one of {', '.join(FORMATS)}")
    report = load_report(repo, run_key, claim_id=claim_id)
    if fmt == "json":
        return json.dumps(report_json(report), indent=2, ensure_ascii=False)
    if fmt == "markdown":
        return render_markdown(report)
    if fmt == "html":
        return render_html(report)
    return render_text(report)


# ----------------------------------------------------------------------------- runs


def render_runs(runs: list[RunRecord]) -> str:
    """A table of runs (as given, newest first from the store) that fits 80 columns.

    Ids are cut to the shortest prefix of at least 14 characters (``run_`` and the creation time)
    that tells the listed runs apart; ``consensus show`` accepts any unique prefix.
    """
    if not runs:
        return 'no runs yet: start one with `consensus research "QUESTION" --corpus DIR`'
    ids = [r.id for r in runs]

    def short(run_id: str) -> str:
        for size in range(14, len(run_id)):
            if sum(other.startswith(run_id[:size]) for other in ids) == 1:
                return run_id[:size]
        return run_id

    this_year = datetime.now(UTC).year
    rows = [("ID", "STATUS", "A/R/O", "CONF", "WHEN (UTC)")]
    questions = ["QUESTION"]
    for run in runs:
        created = utc(run.created_at)
        stamp = created.strftime("%m-%d %H:%M" if created.year == this_year else "%Y-%m-%d")
        conf = f"{run.result.confidence:.2f}" if run.result else "-"
        rows.append((short(run.id), _status(run), f"{run.agreed}/{run.rejected}/{run.pending}", conf, stamp))
        questions.append(" ".join(run.question.split()))
    widths = [max(len(row[i]) for row in rows) for i in range(5)]
    out = []
    for row, question in zip(rows, questions, strict=True):
        line = " ".join(f"{cell:<{w}}" for cell, w in zip(row, widths, strict=True)) + " "
        out.append(line + textwrap.shorten(question, max(WIDTH - len(line), 12), placeholder="..."))
    out += [
        f"running {short(r.id)} under {r.owner} since {utc(r.owner_since).strftime('%m-%d %H:%M:%S')} UTC"
        for r in runs
        if r.status == "running" and r.owner and r.owner_since is not None
    ]
    out += ["", f"{len(runs)} run(s); A/R/O = agreed/rejected/open claims. Details: consensus show ID"]
    if any(row[1] == BUDGET_STOPPED for row in rows):
        out.append(f"{BUDGET_STOPPED}: a limit (iterations, tokens, sources or time) ended the run; partial answer")
    return "\n".join(out)


BUDGET_STOPPED = "budget-stopped"


def _status(run: RunRecord) -> str:
    """The run's status, with a completed run that a limit cut short shown as ``budget-stopped``."""
    if run.status == "completed" and run.result is not None and run.result.cost_metadata.budget_exhausted:
        return BUDGET_STOPPED
    return run.status


# ----------------------------------------------------------------------------- text


def _wrap(text: str, indent: str = "", hang: str | None = None) -> list[str]:
    lines: list[str] = []
    for paragraph in text.splitlines() or [""]:
        lines += textwrap.wrap(
            paragraph, WIDTH, initial_indent=indent, subsequent_indent=indent if hang is None else hang
        ) or [indent.rstrip()]
    return lines


def _heading(title: str) -> list[str]:
    title = textwrap.shorten(title, WIDTH, placeholder="...")
    return [title, "=" * len(title)]


def render_text(report: Report) -> str:
    """The report as plain text; every line fits 80 columns (long words are broken)."""
    run = report.run
    out = _heading(f"Run {run.id}")
    for label, value in header_fields(report):
        out += _wrap(f"{label + ':':<12}{value}", hang=" " * 12)
    if report.scope:
        out.append("Research questions:")
        for q in report.scope:
            out += _wrap(f"{q.index + 1}. {q.text}", "  ", "     ")
    if not report.single_claim:
        out.append("")
        out += _answer_text(run.result, run.id) if run.result else _wrap(missing_answer(run))
    out += ["", *_heading(f"Claims ({len(report.threads)}): agreed, then rejected, then open")]
    if not report.threads:
        out.append("No claim was proposed.")
    for n, thread in enumerate(report.threads, 1):
        out += ["", *_thread_text(n, thread)]
    return "\n".join(out)


def _answer_text(result: ResearchResult, run_id: str) -> list[str]:
    # render_result wraps prose at 80 columns; its few fixed lines (the cost line with a long
    # model id) are re-wrapped here so that the whole report keeps the promise.
    return [line for raw in render_result(result, run_id=run_id).splitlines() for line in _wrap(raw)]


def _thread_text(n: int, thread: Thread) -> list[str]:
    claim = thread.claim
    scope = f", research question {claim.scope_index + 1}" if claim.scope_index is not None else ""
    out = _wrap(f"[{n}] {thread.outcome.upper()}  {claim.id}")
    out += _wrap(claim.statement, "    ")
    out += _wrap(
        f"proposed by {claim.proposer}, revision {claim.revision}, confidence {claim.confidence:.2f}{scope}", "    "
    )
    out += _wrap(thread.outcome_detail, "    ")
    out += ["", "    Revisions"]
    for rev in thread.revisions:
        why = f" (why: {rev.reason})" if rev.reason else ""
        out += _wrap(f"r{rev.number} by {rev.author}{why}: {rev.statement}", "      ", "         ")
    out.append("    Debate")
    for entry in thread.entries:
        rec = entry.record
        out += _wrap(f"#{rec.seq} {rec.agent} {entry.title} [iteration {rec.iteration}]", "      ", "          ")
        for label, value in entry.details:
            out += _wrap(f"{label}: {value}", "          ", "            ")
        if entry.cites:
            out += _wrap("cites: " + ", ".join(entry.cites), "          ", "            ")
    out.append("    Votes")
    for line in vote_lines(claim):
        out += _wrap(line, "      ", "          ")
    out.append("    Evidence (+ support, - counter)")
    if not claim.evidence:
        out.append("      (none)")
    for ev in claim.evidence:
        mark = "+" if ev.role == "support" else "-"
        title = f" - {ev.title}" if ev.title else ""
        where = f"{ev.locator}{title} (chars {ev.start}-{ev.end})"
        out += _wrap(f"{mark} {ev.role}, r{ev.revision}, added by {ev.added_by}: {where}", "      ", "          ")
        out += _wrap(f'"{ev.excerpt}"', "          ")
    return out


# ----------------------------------------------------------------------------- markdown

_MD_SPECIAL = re.compile(r"([\\`*_\[\]|#~])")


def _md(text: str) -> str:
    """Untrusted text as inline markdown: one line, no raw HTML, no markup of its own."""
    return _MD_SPECIAL.sub(r"\\\1", html.escape(" ".join(text.split()), quote=False))


def _quote(text: str, indent: str = "") -> list[str]:
    return [f"{indent}> {_md(line)}".rstrip() for line in text.splitlines() or [""]]


def render_markdown(report: Report) -> str:
    """The report as GitHub-flavoured markdown: a heading per claim, excerpts as blockquotes."""
    run = report.run
    out = [f"# consensus run {run.id}", "", "| | |", "|---|---|"]
    out += [f"| **{label}** | {_md(value)} |" for label, value in header_fields(report)]
    if report.scope:
        out += ["", "## Research questions", ""]
        out += [f"{q.index + 1}. {_md(q.text)}" for q in report.scope]
    if not report.single_claim:
        out += ["", "## Answer", ""]
        out += _answer_markdown(run.result) if run.result else [_md(missing_answer(run))]
    out += ["", f"## Claims ({len(report.threads)})"]
    if not report.threads:
        out += ["", "No claim was proposed."]
    for n, thread in enumerate(report.threads, 1):
        out += ["", *_thread_markdown(n, thread)]
    return "\n".join(out) + "\n"


def _answer_markdown(result: ResearchResult) -> list[str]:
    out = [_md(result.answer), "", f"### Citations ({len(result.citations)})", ""]
    for n, c in enumerate(result.citations, 1):
        title = f" - {_md(c.title)}" if c.title else ""
        out += [
            f"{n}. {_md(c.locator)}{title} (source confidence {c.confidence:.2f})",
            "",
            *_quote(c.raw_excerpt, "   "),
        ]
    if result.gaps:
        out += ["", f"### Gaps ({len(result.gaps)})", ""]
        out += [f"- **{g.category.value}** {_md(g.topic)}: {_md(g.detail)}" for g in result.gaps]
    if result.discovery_events:
        out += ["", "### Discoveries", ""]
        out += [f"- **{d.type.value}** {_md(d.reason)} (query: {_md(d.query)})" for d in result.discovery_events]
    if result.open_questions:
        out += ["", "### Open questions", ""]
        out += [f"- **{q.priority.value}** {_md(q.question)}" for q in result.open_questions]
    f = result.confidence_factors
    out += [
        "",
        f"**Confidence {result.confidence:.2f}**: {f.num_corroborating_sources} corroborating source(s), "
        f"authority {f.source_authority.value}, contradiction {'yes' if f.contradiction_detected else 'no'}, "
        f"budget exhausted {'yes' if f.budget_exhausted else 'no'}.",
    ]
    return out


def _thread_markdown(n: int, thread: Thread) -> list[str]:
    claim = thread.claim
    short = textwrap.shorten(claim.statement, 100, placeholder="...")
    out = [f"### {n}. {thread.outcome.capitalize()}: {_md(short)}", ""]
    out += [f"{claim.id} · proposed by **{claim.proposer}** · revision {claim.revision}", ""]
    out += [_md(claim.statement), "", f"**Outcome:** {_md(thread.outcome_detail)}", "", "**Revisions**", ""]
    for rev in thread.revisions:
        why = f" (why: {_md(rev.reason)})" if rev.reason else ""
        out.append(f"{rev.number}. by {rev.author}{why}: {_md(rev.statement)}")
    out += ["", "**Debate**", ""]
    for entry in thread.entries:
        rec = entry.record
        out.append(f"- **#{rec.seq} {rec.agent}** {_md(entry.title)} · iteration {rec.iteration}")
        out += [f"  - {label}: {_md(value)}" for label, value in entry.details]
        if entry.cites:
            out.append(f"  - cites: {_md(', '.join(entry.cites))}")
    out += ["", f"**Votes:** {_md('; '.join(vote_lines(claim)))}", "", "**Evidence**", ""]
    if not claim.evidence:
        out.append("(none)")
    for ev in claim.evidence:
        mark = "**support**" if ev.role == "support" else "**counter**"
        who = f"r{ev.revision}, added by {ev.added_by}"
        title = f" - {_md(ev.title)}" if ev.title else ""
        where = f"{_md(ev.locator)}{title} (chars {ev.start}-{ev.end})"
        out += [f"- {mark} ({who}): {where}", "", *_quote(ev.excerpt, "  "), ""]
    return out


# ----------------------------------------------------------------------------- trace


def render_trace(path: Path, *, raw: bool = False) -> str:
    """A run's JSONL trace as readable steps, with the full content hash of every fetched source.

    Args:
        path: the trace file, ``$CONSENSUS_HOME/traces/{trace_id}.jsonl``.
        raw: return the JSONL lines themselves.

    Raises:
        NotFound: the trace file does not exist.
    """
    if not path.is_file():
        raise NotFound(
            f"no trace file at {path}",
            suggestion="traces live in $CONSENSUS_HOME/traces; was the run made with another CONSENSUS_HOME?",
        )
    if raw:
        return path.read_text(encoding="utf-8").rstrip("\n")
    return render_trace_steps(path.stem, read_trace(path))


def render_trace_steps(trace_id: str, entries: list[dict[str, Any]], *, raw: bool = False) -> str:
    """Trace entries (as the store keeps them) as readable steps, or as JSONL lines with ``raw``."""
    if raw:
        return "\n".join(json.dumps(e, ensure_ascii=False, default=str) for e in entries)
    out = _heading(f"Trace {trace_id}: {len(entries)} step(s)")
    for entry in entries:
        out += _trace_entry(entry)
    return "\n".join(out)


_TRACE_HEAD = {"step", "action", "timestamp", "content_hash"}


def _trace_entry(entry: dict[str, Any]) -> list[str]:
    stamp = str(entry.get("timestamp", ""))
    clock = stamp[11:23] if len(stamp) >= 23 else stamp  # HH:MM:SS.mmm of an ISO timestamp
    fields = {k: v for k, v in entry.items() if k not in _TRACE_HEAD and v not in (None, "", [], {})}
    if isinstance(fields.get("actions"), list):  # a decision: the kinds say enough, --json has the rest
        fields["actions"] = [a.get("kind", "?") if isinstance(a, dict) else a for a in fields["actions"]]
    parts = " ".join(f"{key}={_compact(value)}" for key, value in fields.items())
    out = _wrap(f"{entry.get('step', '?'):>4} {clock} {entry.get('action', '?')}  {parts}".rstrip(), "", " " * 6)
    if "content_hash" in entry:
        out += _wrap(str(entry["content_hash"]), " " * 6)  # sha256:<64 hex> fits on its own line
    return out


def _compact(value: Any) -> str:
    if isinstance(value, str):
        return json.dumps(value, ensure_ascii=False) if (" " in value or not value) else value
    return json.dumps(value, ensure_ascii=False, separators=(",", ":"), default=str)
