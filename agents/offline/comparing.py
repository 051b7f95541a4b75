"""A comparison's conclusion: which side the agreed claims put first in what was asked.

A comparison (*Which town has the larger population, Mereth or Lindby?*, *Which is older, X or Y?*)
is researched as one question per side (:mod:`.scope`). Once both sides' values are agreed, the
answer says which side the question asks for, by one rule over those values -- never a value no
agreed claim states:

* each side's value is the candidate answer its research question reads in the agreed claims
  (:mod:`.candidates`; a claim quoting a table gives each side its own row's cell);
* the comparative names the direction: *larger*, *higher*, *more* ... the greater amount; *smaller*,
  *fewer*, *less* ... the smaller; *older* the earlier date, *newer* / *younger* the later; *faster*
  of times taken (*Which ship makes the crossing faster?* asks how long each takes) the shorter;
* two values of different measures (counts of people in two words are one: *inhabitants*, *people*),
  a side without one, or one figure read for both (*37 rescuers in total* of two teams), give no
  conclusion (the gaps say why).

The sentence cites the claims the two values come from, and says what the question asks in its own
words: ``Lindby has the larger population (23100, against 14200 for Mereth).``, ``Lindby is older
(1288, against 1412 for Mereth).`` (``... is the answer (...)`` where the question words it otherwise).
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from agents.backends import AnswerClaim, AnswerSentence
from agents.offline.amounts import counts_alike
from agents.offline.candidates import candidates
from agents.offline.evidence import Found
from agents.offline.extremes import extreme_asked, extremes_in, singular
from agents.offline.question import Kind, read_question
from agents.offline.scope import plan_questions
from agents.offline.spans import clause_around
from agents.offline.tables import is_table, row_readings
from agents.offline.values import Value, extract_values
from agents.offline.words import content_words
from protocols import Authority, Depth

__all__ = ["comparison_sentence", "extreme_sentence", "row_sentence"]

#: Comparatives that ask for the smaller amount or the later date; any other asks for the greater / earlier.
_SMALLER = re.compile(
    r"\b(?:smaller|smallest|fewer|fewest|less|least|lower|lowest|shorter|shortest|"
    r"narrower|lighter|slower|cheaper|younger|youngest|newer|newest|later)\b",
    re.I,
)
#: Comparatives of speed: where each side's value is a time taken, the faster takes the shorter.
_BY_SPEED = re.compile(r"\b(?:faster|quicker|sooner|slower)\b", re.I)
_COMPARATIVE = re.compile(r"\b(?:more|most|less|least|fewer|[a-z]+er|[a-z]+est)\b", re.I)


def comparison_sentence(question: str, claims: Sequence[AnswerClaim]) -> AnswerSentence | None:
    """The conclusion of a comparison (see the module docstring), or None."""
    asked = read_question(question)
    if asked.kind is not Kind.COMPARISON or len(asked.sides) != 2 or not _COMPARATIVE.search(question):
        return None
    sides = plan_questions(question, None, Depth.BALANCED)
    if len(sides) != 2:
        return None
    found = [_side_value(side, index, claims, asked.sides[index]) for index, side in enumerate(sides)]
    if found[0] is None or found[1] is None:
        return None
    (a, a_claim), (b, b_claim) = found[0], found[1]
    if a_claim.claim_id == b_claim.claim_id and a.raw == b.raw:
        return None  # one figure read for both sides (``37 rescuers in total`` from both teams): no comparison
    order = _order(a, b)
    if order is None:
        return None
    if order == 0:
        first_side = asked.sides[0][:1].upper() + asked.sides[0][1:]
        text = f"{first_side} and {asked.sides[1]} are alike in what is asked ({a.raw} and {b.raw})."
    else:
        smaller_first = bool(_SMALLER.search(question))
        if a.dimension == "duration" and _BY_SPEED.search(question):
            smaller_first = not smaller_first  # *which ship makes the crossing faster*: the shorter crossing
        first = (order < 0) != smaller_first  # side a wins when it is the greater, unless the smaller is asked
        (win, w), (lose, v) = (
            ((asked.sides[0], a), (asked.sides[1], b)) if first else ((asked.sides[1], b), (asked.sides[0], a))
        )
        text = f"{win[:1].upper()}{win[1:]} {_what_it_is(question)} ({w.raw}, against {v.raw} for {lose})."
    return AnswerSentence(text=text, claim_ids=list(dict.fromkeys([a_claim.claim_id, b_claim.claim_id])))


#: What a comparison asks the winner to be or have: *is older*, *has the larger population*.
_ASKED_TO_BE = re.compile(
    r"^\s*which(?:\s+\w+)?\s+(?P<verb>is|was|are|were|has|had|have)\s+(?P<what>[^,:?]+?)\s*[,:]", re.I
)


def extreme_sentence(question: str, claims: Sequence[AnswerClaim]) -> AnswerSentence | None:
    """The conclusion of a superlative (*Which model is the lightest?*), read in an agreed claim's
    quoted table or list by the rule that found it (:mod:`.extremes`): ``Vela S1 is the lightest
    (weight 182 g).``; None when no agreed claim's table or list holds one extreme row."""
    extreme = extreme_asked(question)
    if extreme is None:
        return None
    for claim in claims:
        for text in (claim.statement, *claim.excerpts):
            rows = extremes_in(extreme, text)
            if len(rows) == 1:
                row = rows[0]
                said = f"{row.label} {extreme.stated} ({row.measure} {row.amount})."
                return AnswerSentence(text=said, claim_ids=[claim.claim_id])
    return None


def row_sentence(question: str, claims: Sequence[AnswerClaim]) -> AnswerSentence | None:
    """The reading of the one table row a value question looks up (*How many beds does the Lindvik
    hut have?*) in an agreed claim's quoted table: its label and the cells under the headers the
    question says, or under the year it asks (``Lindvik: beds 60.``; *What was the budget in
    2022?* -> ``Budget (NOK): 2022 92 million.``, the row a question naming no subject names by
    its words); None for a superlative or a comparison (their own conclusions read tables), or
    when no agreed table has exactly one such row."""
    asked = read_question(question)
    if asked.kind is not Kind.FACTOID or not asked.wants_value or extreme_asked(question) is not None:
        return None
    named = set(asked.subject_words)
    years = frozenset(str(v.year) for v in extract_values(question) if v.kind == "year")
    for claim in claims:
        for text in (claim.statement, *claim.excerpts):
            if not is_table(text):
                continue
            rows = [
                reading
                for label, reading in row_readings(text, columns=asked.focus | years)
                if (set(content_words(label)) <= named if named else set(content_words(label)) & asked.focus)
            ]
            if len(rows) == 1:
                return AnswerSentence(text=rows[0], claim_ids=[claim.claim_id])
    return None


def _what_it_is(question: str) -> str:
    """What the question asks the winning side to be, in its own words (*is older*, *has the larger
    population*, *has fewer inhabitants*); *is the answer* where it words it otherwise."""
    asked = _ASKED_TO_BE.match(question)
    if asked is None:
        return "is the answer"
    return f"{singular(asked['verb'])} {asked['what']}"


def _side_value(side: str, index: int, claims: Sequence[AnswerClaim], name: str) -> tuple[Value, AnswerClaim] | None:
    """The value ``side``'s question reads in the agreed claims: its own claims (read as about the
    side, as they answer its question) first, then any other claim that names the side; of a
    claim's values, one whose clause names the side (``name``) first (``2 h 15 min on MV Tethany
    Star; 2 h 40 min on MV Orla Grace``: each ship its own)."""
    asked = read_question(side)
    own = set(content_words(name))
    for claim in sorted(claims, key=lambda c: c.scope_index != index):
        about = "\n".join(asked.subjects) if claim.scope_index == index else ""  # another's must name it
        texts = [claim.statement, *claim.excerpts]  # an excerpt keeps a quoted table's lines
        if len(claim.excerpts) > 1:
            texts.append("\n".join(claim.excerpts))  # excerpts quoted apart, read together (a header and its row)
        read = candidates(asked, [Found("", "claim", Authority.MEDIUM, t, f"{about}\n{t}") for t in texts])
        values = [c for c in read if c.value is not None and c.value.dimension != "name"]
        named = [
            c
            for c in values
            if c.value and own <= set(content_words(clause_around(c.found.text, c.value.start, c.value.end)))
        ]
        best = next(iter(named or values), None)
        if best is not None and best.value is not None:
            return best.value, claim
    return None


def _order(a: Value, b: Value) -> int | None:
    """-1 when ``a`` is the greater amount or the earlier date (what *larger* / *older* ask), 1 when
    ``b`` is, 0 when alike; None when the two cannot be compared."""
    if a.dimension != b.dimension and not counts_alike(a, b):
        return None
    if a.dimension == "time":
        ka, kb = (a.year, a.month or 0, a.day or 0), (b.year, b.month or 0, b.day or 0)
        if a.year is None or b.year is None:
            return None
        return 0 if ka == kb else (-1 if ka < kb else 1)  # the earlier date first: what *older* asks
    if a.amount is None or b.amount is None:
        return None
    return 0 if a.amount == b.amount else (-1 if a.amount > b.amount else 1)
