"""The offline extractive reasoner: the three roles without a model, a key or a network.

Claims are sentences taken verbatim from the sources; judgment is counting independent sources
and comparing the values they state (:mod:`.textfacts`). Every decision is a pure function of the
view and the search results (plus the record of what the data researcher already reported), so a
run over the same corpus and question is the same run.

Token metering: a turn is charged the characters it read (view text and search hits) and wrote
(its actions as JSON), four to a token. Before a turn, the reasoner checks that the view's
``tokens_left`` covers the view plus :data:`TURN_ALLOWANCE_TOKENS` of searching; if not, it stops
with no actions (``"token budget exhausted"``) without searching.

Threads: a decision's CPU work runs in a worker thread, its searches on the caller's event loop
(:mod:`.threads`), so that thinking does not hold up the other agents, lease renewals or a server's
other runs.
"""

from __future__ import annotations

import re
from collections.abc import Awaitable, Callable

from agents.backends import AnswerClaim, AnswerDraft, AnswerSentence, Decision, ScopePlan, SearchTool
from agents.offline.comparing import comparison_sentence, extreme_sentence, row_sentence
from agents.offline.data import decide_data
from agents.offline.entities import entity_label
from agents.offline.evidence import CHARS_PER_TOKEN, Turn, base_chars, normalized
from agents.offline.kinds import asked_class, member_said_otherwise
from agents.offline.lead import decide_lead
from agents.offline.memory import Memory
from agents.offline.question import read_question
from agents.offline.scope import plan_questions
from agents.offline.skeptic import decide_skeptic
from agents.offline.tables import list_lines, without_list_marker
from agents.offline.textfacts import supports
from agents.offline.threads import think_in_thread
from agents.offline.values import extract_values
from protocols import Action, AgentRole, AgentView, Depth, FinalizeClaim, TokenUsage, WarnTimeout

__all__ = ["MODEL_ID", "TURN_ALLOWANCE_TOKENS", "OfflineReasoner", "turn_estimate"]

MODEL_ID = "offline-extractive-v1"
#: What a turn is expected to read in search hits, on top of the view (a few searches of a few
#: passages each).
TURN_ALLOWANCE_TOKENS = 1000
EXHAUSTED = "token budget exhausted"

Policy = Callable[[Turn, Memory], Awaitable[tuple[list[Action], str]]]
_POLICIES: dict[AgentRole, Policy] = {
    AgentRole.LEAD: decide_lead,
    AgentRole.SKEPTIC: decide_skeptic,
    AgentRole.DATA: decide_data,
}
_MECHANICAL = (FinalizeClaim, WarnTimeout)  # the lead's housekeeping decides these, never a model


def turn_estimate(view: AgentView) -> int:
    """Tokens a turn on ``view`` is expected to cost: the view's text plus the search allowance."""
    return base_chars(view) // CHARS_PER_TOKEN + TURN_ALLOWANCE_TOKENS


def _tokens(chars: int) -> int:
    return chars // CHARS_PER_TOKEN


class OfflineReasoner:
    """A :class:`agents.ModelBackend` that reasons extractively (see the module docstring).

    One instance may serve every role of several runs: the only state it keeps is, per run, which
    contradictions and open questions the data researcher already reported.
    """

    def __init__(self) -> None:
        self._memory = Memory()

    @property
    def model_id(self) -> str:
        return MODEL_ID

    async def aclose(self) -> None:
        """Nothing to release: no client, no files."""

    async def plan_scope(self, question: str, context: str | None, depth: Depth) -> ScopePlan:
        """Cut the question into research questions (see :mod:`agents.offline.scope`)."""
        questions = plan_questions(question, context, depth)
        usage = TokenUsage(
            input_tokens=_tokens(len(question) + len(context or "")),
            output_tokens=_tokens(sum(len(q) for q in questions)),
        )
        return ScopePlan(questions=questions, usage=usage)

    async def decide(self, view: AgentView, search: SearchTool) -> Decision:
        """The actions of ``view.role`` on this snapshot (see the role modules), decided in a worker thread."""
        if view.tokens_left < turn_estimate(view):
            return Decision(actions=[], note=EXHAUSTED, out_of_budget=True)
        return await think_in_thread(self._decide, view, search)

    async def _decide(self, view: AgentView, search: SearchTool) -> Decision:
        turn = Turn(view, search, read=self._memory.read_by(view.run_id, view.role.value))
        actions, note = await _POLICIES[view.role](turn, self._memory)
        actions = [a for a in actions if not isinstance(a, _MECHANICAL)]
        usage = TokenUsage(
            input_tokens=_tokens(turn.chars_read),
            output_tokens=_tokens(sum(len(a.model_dump_json()) for a in actions)),
        )
        return Decision(actions=actions, usage=usage, note=note)

    async def write_answer(self, question: str, claims: list[AnswerClaim], *, tokens_left: int) -> AnswerDraft:
        """One sentence per agreed claim, in scope order (claims without a scope last) -- but a claim
        whose every value a longer claim agreed for another question states of the same subject is
        that one's sentence too, citing both (*founded 1896 by Anton Kessler*, agreed for *by whom*,
        restates *The Kessler Observatory was founded in 1896 by ... Anton Kessler*, agreed for
        *when*): one fact, said once.

        Each sentence is the claim's statement with white space collapsed and Markdown emphasis
        dropped (never reworded); a comparison opens with its conclusion, derived by one rule from
        the two sides' agreed values (:mod:`.comparing`). The answer is never cut to fit
        ``tokens_left``: it costs only the statements it reads and writes, and an answer that left out
        agreed claims would be worse.
        """
        del tokens_left
        ordered = [
            claim
            for _, claim in sorted(
                enumerate(claims), key=lambda ic: (ic[1].scope_index is None, ic[1].scope_index or 0, ic[0])
            )
        ]
        homes = {claim.claim_id: _home(claim, ordered) for claim in ordered}
        labels = _entity_labels(question, ordered)
        cls = asked_class(question)
        sentences = [
            AnswerSentence(
                text=_labelled(text, labels.get(claim.claim_id, ""), _member(cls, text)),
                claim_ids=[c.claim_id for c in ordered if homes[c.claim_id] is claim],
            )
            for claim in ordered
            if homes[claim.claim_id] is claim and (text := _answer_text(claim.statement))
        ]
        conclusion = (
            comparison_sentence(question, ordered)
            or extreme_sentence(question, ordered)
            or row_sentence(question, ordered)
        )
        if conclusion is not None:  # a comparison (a superlative, a table's row) opens with what the agreed values say
            sentences.insert(0, conclusion)
        read = len(question) + sum(len(c.statement) for c in claims)
        written = sum(len(s.text) for s in sentences)
        usage = TokenUsage(input_tokens=_tokens(read), output_tokens=_tokens(written))
        return AnswerDraft(sentences=sentences, usage=usage)


def _entity_labels(question: str, claims: list[AnswerClaim]) -> dict[str, str]:
    """For claims that answer one research question about different entities sharing the
    subject's name, the title each claim's source gives its entity (:func:`~.entities.entity_label`:
    *Sir Henry St John-Mildmay, 4th Baronet*), by claim id: where two or more such titles differ,
    each answer says whose it is (*He succeeded his father ...* alone does not). A claim whose
    statement already names its title needs none."""
    asked = read_question(question)
    if not asked.subjects:
        return {}
    out: dict[str, str] = {}
    by_id = {c.claim_id: c for c in claims}
    for index in {c.scope_index for c in claims}:
        titled = {
            c.claim_id: next((label for o in c.openings if (label := entity_label(asked, o))), "")
            for c in claims
            if c.scope_index == index
        }
        if len({label.lower() for label in titled.values() if label}) < 2:
            continue
        out |= {
            cid: label
            for cid, label in titled.items()
            if label and normalized(label).lower() not in normalized(by_id[cid].statement).lower()
        }
    return out


def _member(cls: str | None, text: str) -> str:
    """For a question asking a class's member (*What sport ...*), the member ``text`` names only by
    another word for it (:func:`~.kinds.member_said_otherwise`: *footballer* -> *football*), else ``""``."""
    member = member_said_otherwise(cls, text) if cls else None
    return member[0].upper() + member[1:] if member else ""


def _labelled(text: str, label: str, member: str = "") -> str:
    """An answer sentence with the entity it is about before it (``New Lebanon, Ohio: The population
    was 3,995 at the 2010 census.``), and the member asked for where the sentence says it only by
    another word (``Football: ... is an English professional footballer``)."""
    prefix = ", ".join(p for p in (label, member) if p)
    return f"{prefix}: {text}" if prefix else text


def _restates(shorter: AnswerClaim, longer: AnswerClaim) -> bool:
    """``longer``, agreed for another research question, states every value of ``shorter`` of the same
    subject, in more words. Two claims for one question stay two sentences: the debate kept them
    apart as answers for different entities (*the 378th Fighter Squadron*, *the 378th Troop Carrier
    Squadron*)."""
    a, b = shorter.statement, longer.statement
    return shorter.scope_index != longer.scope_index and len(a) < len(b) and bool(extract_values(a)) and supports(a, b)


def _home(claim: AnswerClaim, claims: list[AnswerClaim]) -> AnswerClaim:
    """The claim whose sentence states ``claim``: itself, or the longest claim restating it, followed
    as far as it goes."""
    while longer := [c for c in claims if _restates(claim, c)]:
        claim = max(longer, key=lambda c: len(c.statement))
    return claim


_TABLE_RULE = re.compile(r"\|\s*\|(?:[ \t]*:?-{3,}:?[ \t]*\|)+")  # the rule with the bar before it


def _answer_text(statement: str) -> str:
    """A statement as an answer sentence: white space collapsed, Markdown emphasis dropped, a
    Markdown table's ``|---|--:|`` line (its quoted rows keep their last ``|``), and the marker of a
    list's one line (``- Haugen branch, opened 1974``; a list quoted whole keeps its markers)."""
    text = normalized(_TABLE_RULE.sub("|", statement.replace("**", "").replace("__", "")))
    if list_lines(statement) == 1:
        text = without_list_marker(text)
    if text and text[-1] not in ".!?\"')\u201d|":
        text += "."
    return text
