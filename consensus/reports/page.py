"""A run report as one self-contained HTML page.

Inline CSS only, no script, nothing loaded from anywhere (a Content-Security-Policy in the page
says so to the browser too), so the file can be mailed or archived and still open the same way.
Each claim's debate folds into a ``<details>`` element; claims are coloured by outcome (agreed
green, rejected red, open or stalled amber). Statements, excerpts, reasons and locators come from
documents and models, so every piece of text is HTML-escaped, and only ``http(s)`` locators become
links.
"""

from __future__ import annotations

import html
import textwrap

from consensus.reports.model import Entry, Report, Thread, header_fields, missing_answer, utc, vote_lines
from protocols import ResearchResult
from store import StoredEvidence

__all__ = ["render_html"]

_CSS = """
:root { --ink: #1f2328; --muted: #59636e; --line: #d0d7de; --paper: #ffffff;
  --ok: #1a7f37; --ok-bg: #eaf6ec; --bad: #c62828; --bad-bg: #fdeeee; --open: #9a6700; --open-bg: #fff6e0; }
* { box-sizing: border-box; }
body { font: 15px/1.55 system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; color: var(--ink);
  max-width: 62rem; margin: 2rem auto; padding: 0 1rem; background: #f6f8fa; }
h1 { font-size: 1.45rem; margin: .2rem 0 1rem; }
h2 { font-size: 1.2rem; border-bottom: 1px solid var(--line); padding-bottom: .3rem; margin-top: 2rem; }
h3 { font-size: 1.02rem; margin: .2rem 0 .4rem; }
code { font: .85em ui-monospace, SFMono-Regular, Menlo, Consolas, monospace; }
.kicker, .sub, .when { color: var(--muted); font-size: .88rem; }
dl.meta { display: grid; grid-template-columns: max-content 1fr; gap: .15rem 1rem; margin: 0; }
dl.meta dt { font-weight: 600; }
dl.meta dd { margin: 0; overflow-wrap: anywhere; }
section, header { background: var(--paper); border: 1px solid var(--line); border-radius: 8px;
  padding: 1rem 1.2rem; margin: 1rem 0; }
.answer { font-size: 1.05rem; }
blockquote { margin: .35rem 0 .6rem; padding: .35rem .8rem; background: #f6f8fa; border-left: 3px solid var(--ok);
  white-space: pre-wrap; overflow-wrap: anywhere; }
blockquote.counter { border-left-color: var(--bad); }
.loc { font-family: ui-monospace, SFMono-Regular, Menlo, Consolas, monospace; font-size: .85rem;
  overflow-wrap: anywhere; }
.pill, .badge { display: inline-block; border-radius: 999px; padding: 0 .6rem; font-size: .8rem; font-weight: 600;
  color: #fff; vertical-align: middle; }
.claim { border: 1px solid var(--line); border-left: 6px solid; border-radius: 8px; padding: .8rem 1rem;
  margin: 1rem 0; }
.claim.agreed { border-left-color: var(--ok); background: var(--ok-bg); }
.claim.rejected { border-left-color: var(--bad); background: var(--bad-bg); }
.claim.open { border-left-color: var(--open); background: var(--open-bg); }
.agreed .badge, .pill.agreed { background: var(--ok); }
.rejected .badge, .pill.rejected { background: var(--bad); }
.open .badge, .pill.open { background: var(--open); }
details { margin: .4rem 0; background: var(--paper); border: 1px solid var(--line); border-radius: 6px;
  padding: .3rem .8rem; }
summary { cursor: pointer; font-weight: 600; }
ol.debate { padding-left: 1.2rem; }
ol.debate li { margin: .45rem 0; }
ol.debate dl { display: grid; grid-template-columns: max-content 1fr; gap: 0 .8rem; margin: .2rem 0; }
ol.debate dt { color: var(--muted); }
ol.debate dd { margin: 0; }
.who { font-weight: 700; }
li.challenge .who, li.reject .who { color: var(--bad); }
li.finalize .who, li.agree .who { color: var(--ok); }
li.warn .who, li.stall .who, li.vote .who, li.mediate .who { color: var(--open); }
ul.evidence { list-style: none; padding-left: 0; }
.tag { font-size: .75rem; font-weight: 700; text-transform: uppercase; letter-spacing: .03em; }
.support .tag { color: var(--ok); }
.counter .tag { color: var(--bad); }
"""

_CSP = "default-src 'none'; style-src 'unsafe-inline'"


def _e(text: object) -> str:
    return html.escape(str(text), quote=True)


def _locator(locator: str) -> str:
    """A locator as text, or as a link when it is a web address (nothing else becomes a link)."""
    if locator.startswith(("https://", "http://")):
        return f'<a class="loc" href="{_e(locator)}" rel="noopener noreferrer nofollow">{_e(locator)}</a>'
    return f'<span class="loc">{_e(locator)}</span>'


def render_html(report: Report) -> str:
    """The report as one HTML page (UTF-8, inline CSS, no script, no external resource)."""
    run = report.run
    title = textwrap.shorten(run.question, 80, placeholder="...")
    meta = "".join(f"<dt>{_e(k)}</dt><dd>{_e(v)}</dd>" for k, v in header_fields(report) if k != "Question")
    parts = [
        "<!DOCTYPE html>",
        '<html lang="en">',
        "<head>",
        '<meta charset="utf-8">',
        '<meta name="viewport" content="width=device-width, initial-scale=1">',
        f'<meta http-equiv="Content-Security-Policy" content="{_CSP}">',
        f"<title>consensus: {_e(title)}</title>",
        f"<style>{_CSS}</style>",
        "</head>",
        "<body>",
        f'<header><p class="kicker">consensus run <code>{_e(run.id)}</code></p>',
        f'<h1>{_e(run.question)}</h1><dl class="meta">{meta}</dl></header>',
    ]
    if report.scope:
        items = "".join(f"<li>{_e(q.text)}</li>" for q in report.scope)
        parts.append(f"<section><h2>Research questions</h2><ol>{items}</ol></section>")
    if not report.single_claim:
        body = _answer(run.result) if run.result else f"<p>{_e(missing_answer(run))}</p>"
        parts.append(f'<section id="answer"><h2>Answer</h2>{body}</section>')
    parts.append(_claims(report))
    parts += ["</body>", "</html>", ""]
    return "\n".join(parts)


def _answer(result: ResearchResult) -> str:
    out = [f'<p class="answer">{_e(result.answer)}</p>', f"<h3>Citations ({len(result.citations)})</h3><ol>"]
    for n, c in enumerate(result.citations, 1):
        title = f" &mdash; {_e(c.title)}" if c.title else ""
        out.append(
            f'<li id="cite-{n}">{_locator(c.locator)}{title} '
            f'<span class="when">(source confidence {c.confidence:.2f})</span>'
            f"<blockquote>{_e(c.raw_excerpt)}</blockquote></li>"
        )
    out.append("</ol>")
    if result.gaps:
        items = "".join(
            f"<li><strong>{_e(g.category.value)}</strong> {_e(g.topic)}: {_e(g.detail)}</li>" for g in result.gaps
        )
        out.append(f"<h3>Gaps ({len(result.gaps)})</h3><ul>{items}</ul>")
    if result.discovery_events:
        items = "".join(
            f"<li><strong>{_e(d.type.value)}</strong> {_e(d.reason)} (query: {_e(d.query)})</li>"
            for d in result.discovery_events
        )
        out.append(f"<h3>Discoveries</h3><ul>{items}</ul>")
    if result.open_questions:
        items = "".join(
            f"<li><strong>{_e(q.priority.value)}</strong> {_e(q.question)}</li>" for q in result.open_questions
        )
        out.append(f"<h3>Open questions</h3><ul>{items}</ul>")
    f, cost = result.confidence_factors, result.cost_metadata
    out.append(
        f"<h3>Confidence {result.confidence:.2f}</h3><p>{f.num_corroborating_sources} corroborating source(s), "
        f"authority {_e(f.source_authority.value)}, contradiction {'yes' if f.contradiction_detected else 'no'}, "
        f"budget exhausted {'yes' if f.budget_exhausted else 'no'}. {cost.iterations_run} iteration(s), "
        f"{cost.tokens_used} tokens, {cost.wall_time_sec:.1f} s, model {_e(cost.model_id)}.</p>"
    )
    return "".join(out)


def _claims(report: Report) -> str:
    counts = {tone: sum(t.tone == tone for t in report.threads) for tone in ("agreed", "rejected", "open")}
    pills = " ".join(f'<span class="pill {tone}">{n} {tone}</span>' for tone, n in counts.items())
    out = [f'<section id="claims"><h2>Claims ({len(report.threads)})</h2><p>{pills}</p>']
    if not report.threads:
        out.append("<p>No claim was proposed.</p>")
    out += [_thread(n, t) for n, t in enumerate(report.threads, 1)]
    out.append("</section>")
    return "\n".join(out)


def _thread(n: int, thread: Thread) -> str:
    claim = thread.claim
    scope = f" &middot; research question {claim.scope_index + 1}" if claim.scope_index is not None else ""
    revisions = "".join(
        f'<li value="{r.number}"><span class="who">{_e(r.author)}</span>'
        + (f' <span class="when">(why: {_e(r.reason)})</span>' if r.reason else "")
        + f": {_e(r.statement)}</li>"
        for r in thread.revisions
    )
    debate = "".join(_entry(entry) for entry in thread.entries)
    votes = "".join(f"<li>{_e(line)}</li>" for line in vote_lines(claim))
    evidence = "".join(_evidence(ev) for ev in claim.evidence) or "<li>(none)</li>"
    return (
        f'<article class="claim {_e(thread.tone)}" id="{_e(claim.id)}">'
        f'<h3><span class="badge">{_e(thread.outcome)}</span> {n}. {_e(claim.statement)}</h3>'
        f'<p class="sub"><code>{_e(claim.id)}</code> &middot; proposed by {_e(claim.proposer)} &middot; '
        f"revision {claim.revision} &middot; confidence {claim.confidence:.2f}{scope}</p>"
        f"<p>{_e(thread.outcome_detail)}</p>"
        f"<details><summary>Debate ({len(thread.entries)} messages)</summary>"
        f'<ol class="debate">{debate}</ol></details>'
        f"<details><summary>Revisions ({len(thread.revisions)})</summary><ol>{revisions}</ol></details>"
        f"<details><summary>Votes</summary><ul>{votes}</ul></details>"
        f'<details open><summary>Evidence ({len(claim.evidence)})</summary><ul class="evidence">{evidence}</ul>'
        "</details></article>"
    )


def _entry(entry: Entry) -> str:
    rec = entry.record
    stamp = utc(rec.created_at).strftime("%H:%M:%S UTC")
    details = "".join(f"<dt>{_e(label)}</dt><dd>{_e(value)}</dd>" for label, value in entry.details)
    if entry.cites:
        details += "<dt>cites</dt><dd>" + ", ".join(_locator(loc) for loc in entry.cites) + "</dd>"
    return (
        f'<li class="{_e(entry.kind)}"><span class="when">#{rec.seq}</span> '
        f'<span class="who">{_e(rec.agent)}</span> {_e(entry.title)} '
        f'<span class="when">iteration {rec.iteration}, {stamp}</span>'
        + (f"<dl>{details}</dl>" if details else "")
        + "</li>"
    )


def _evidence(ev: StoredEvidence) -> str:
    role = "support" if ev.role == "support" else "counter"
    title = f" &mdash; {_e(ev.title)}" if ev.title else ""
    return (
        f'<li class="{role}"><span class="tag">{role}</span> {_locator(ev.locator)}{title} '
        f'<span class="when">chars {ev.start}-{ev.end}, revision {ev.revision}, added by {_e(ev.added_by)}</span>'
        f'<blockquote class="{role}">{_e(ev.excerpt)}</blockquote></li>'
    )
