"""Renderers: a result for the terminal, and reports on past runs (text, markdown, JSON, HTML).

``result`` renders a :class:`~protocols.ResearchResult` in 80 columns; ``model`` reads a run from
the store once into a :class:`Report` (and holds the one JSON export of a run, :func:`report_json`);
``text`` renders it as text or markdown, and the run list and trace; ``page`` as one HTML page.
Nothing here prints.

The names below are loaded on first use (PEP 562), so that ``consensus --help`` rendering nothing
does not load the store: ``from consensus.reports import render_show`` imports what it needs then.
"""

from __future__ import annotations

from importlib import import_module
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from consensus.reports.model import Report, load_report, report_json
    from consensus.reports.result import render_result
    from consensus.reports.text import FORMATS, render_runs, render_show, render_trace, render_trace_steps

__all__ = [
    "FORMATS",
    "Report",
    "load_report",
    "render_result",
    "render_runs",
    "render_show",
    "render_trace",
    "render_trace_steps",
    "report_json",
]

_HOME = {
    "Report": "model",
    "load_report": "model",
    "report_json": "model",
    "render_result": "result",
    "FORMATS": "text",
    "render_runs": "text",
    "render_show": "text",
    "render_trace": "text",
    "render_trace_steps": "text",
}


def __getattr__(name: str) -> Any:
    if name not in _HOME:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    return getattr(import_module(f"consensus.reports.{_HOME[name]}"), name)
