"""Plain-text rendering of a ResearchResult for the terminal (80 columns)."""

from __future__ import annotations

import textwrap

from protocols import ResearchResult

__all__ = ["render_result"]

WIDTH = 80


def _wrap(text: str, indent: str = "", width: int = WIDTH, *, hang: str = "") -> list[str]:
    """Wrap to ``width``; continuation lines get ``indent + hang`` (so list items hang under their text)."""
    lines: list[str] = []
    for paragraph in text.splitlines() or [""]:
        wrapped = textwrap.wrap(paragraph, width, initial_indent=indent, subsequent_indent=indent + hang)
        lines.extend(wrapped or [indent])
    return lines


def _section(title: str) -> list[str]:
    return ["", title, "-" * len(title)]


def render_result(result: ResearchResult, *, run_id: str | None = None) -> str:
    """The answer, citations with excerpts, gaps, discoveries, open questions and confidence."""
    out = ["Answer", "======", *_wrap(result.answer)]
    out += _section(f"Citations ({len(result.citations)})")
    for n, c in enumerate(result.citations, 1):
        title = f" - {c.title}" if c.title else ""
        out += _wrap(f"[{n}] {c.locator}{title} (source confidence {c.confidence:.2f})", hang="    ")
        out += _wrap(f'"{c.raw_excerpt}"', indent="    ")
    if result.claims:
        out += _section(f"Agreed claims ({len(result.claims)})")
        for claim in result.claims:
            refs = "".join(f"[{i + 1}]" for i in claim.citations)
            how = claim.finalization_method.value.replace("_", " ")
            out += _wrap(f"- {claim.statement} {refs} ({how}, revision {claim.revision})", indent="  ", hang="  ")
    if result.gaps:
        out += _section(f"Gaps ({len(result.gaps)})")
        for gap in result.gaps:
            out += _wrap(f"- [{gap.category.value}] {gap.topic}: {gap.detail}", indent="  ", hang="  ")
    if result.discovery_events:
        out += _section(f"Discoveries ({len(result.discovery_events)})")
        for d in result.discovery_events:
            where = f" ({d.source_locator})" if d.source_locator else ""
            out += _wrap(f"- [{d.type.value}] {d.reason} -> query: {d.query}{where}", indent="  ", hang="  ")
    if result.open_questions:
        out += _section(f"Open questions ({len(result.open_questions)})")
        for q in result.open_questions:
            out += _wrap(f"- [{q.priority.value}] {q.question} ({q.context})", indent="  ", hang="  ")
    f = result.confidence_factors
    out += _section(f"Confidence {result.confidence:.2f}")
    yes_no = {True: "yes", False: "no"}
    recency = f.recency.value if f.recency else "unknown"
    out += _wrap(
        f"corroborating sources {f.num_corroborating_sources}, authority {f.source_authority.value}, "
        f"contradiction {yes_no[f.contradiction_detected]}, specificity {f.query_specificity_match:.2f}, "
        f"budget exhausted {yes_no[f.budget_exhausted]}, recency {recency}"
    )
    cost = result.cost_metadata
    spent = f"{cost.iterations_run} iteration(s), {cost.tokens_used} tokens, {cost.wall_time_sec:.1f} s"
    out += ["", *_wrap(f"{spent}, model {cost.model_id}")]
    tail = f"trace {result.trace_id}"
    if run_id:
        tail = f"run {run_id}  ·  {tail}  ·  see the debate: consensus show {run_id}"
    out += _wrap(tail)
    return "\n".join(out)
