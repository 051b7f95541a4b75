"""The short notes the CLI adds on stderr after the fact: skipped corpus files, a web search that failed.

They build lines only; :mod:`consensus.cli` prints them (it is the only module that prints).
"""

from __future__ import annotations

from consensus.failures import OFFLINE_HINT
from protocols import DeniedSource, GapCategory, ResearchResult

__all__ = ["skipped_summary", "unreachable_search_note"]

_SHOWN = 3  # file names shown per reason


def skipped_summary(skipped: list[DeniedSource]) -> list[str]:
    """A heading and one line per reason (most files first), or nothing when no file was skipped."""
    if not skipped:
        return []
    by_reason: dict[str, list[str]] = {}
    for item in skipped:
        by_reason.setdefault(item.reason, []).append(item.locator)
    lines = [f"corpus: {len(skipped)} file(s) skipped (listed as access_denied gaps in the result):"]
    for reason, locators in sorted(by_reason.items(), key=lambda kv: (-len(kv[1]), kv[0])):
        more = f" and {len(locators) - _SHOWN} more" if len(locators) > _SHOWN else ""
        lines.append(f"  {', '.join(locators[:_SHOWN])}{more}: {reason}")
    return lines


def unreachable_search_note(result: ResearchResult) -> str | None:
    """A note naming the remote search backends that failed during the run, with the --offline hint."""
    failed = {
        gap.topic
        for gap in result.gaps
        if gap.category is GapCategory.ACCESS_DENIED
        and gap.topic.endswith(":search")
        and not gap.topic.startswith("local-corpus")
    }
    if not failed:
        return None
    return f"note: {', '.join(sorted(failed))} failed (see the access_denied gaps); {OFFLINE_HINT}"
