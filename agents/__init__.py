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
from agents.offline.answering import answered_by
from agents.offline.question import Asked, Kind, read_question

__all__ = [
    "AnswerClaim",
    "Asked",
    "answered_by",
    "Kind",
    "AnswerDraft",
    "AnswerSentence",
    "Decision",
    "ModelBackend",
    "ScopePlan",
    "SearchTool",
    "SourceBackend",
    "lead_housekeeping",
    "read_question",
]
