"""The three roles' thinking and searching: backends behind two small interfaces."""

from agents.backends import (
    AnswerClaim,
    AnswerDraft,
    AnswerSentence,
    Decision,
    ModelBackend,
    ScopePlan,
    SearchTool,
    SourceBackend,
)
from agents.housekeeping import lead_housekeeping

__all__ = [
    "AnswerClaim",
    "AnswerDraft",
    "AnswerSentence",
    "Decision",
    "ModelBackend",
    "ScopePlan",
    "SearchTool",
    "SourceBackend",
    "lead_housekeeping",
]
