"""Claim checks: evidence for and against the checked statement, each with its stance.

The research question of a claim check is the hypothesis itself (:mod:`.scope`). Every role looks
for sentences about it (the hypothesis's words, then its subject without its values, where
sources stating otherwise rank), keeps each independent source's most relevant readable sentence
that takes a side (:mod:`.stance`), folds restatements of one fact into one claim (the others
become its evidence), and proposes the facts one by one -- the k-th role on the question the k-th
best, most relevant first -- each with its stance. Reviewers recompute the stance of the
statement they review and challenge one that does not match (``basis="stance"``); the proposer
then refines the stance. The verdict is derived from the agreed claims' stances by the runtime.
"""

from __future__ import annotations

import re
from dataclasses import replace

from agents.offline.evidence import (
    SUBJECT_LIMIT,
    Found,
    Turn,
    normalized,
    opens_subjectless,
    opens_with_field,
    subject_query,
)
from agents.offline.spans import readable
from agents.offline.stance import relevance, stance
from agents.offline.tables import header_and_row, is_table, opens_row, table_cells
from agents.offline.textfacts import HARM_WORDS, harm_of, harms_denied, restates, someone_harmed
from agents.offline.words import keywords
from protocols import Action, AgreeClaim, ChallengeClaim, ClaimView, ProposeClaim, RefineClaim, Stance

__all__ = ["answer_stance_challenge", "best_evidence", "stance_challenge"]

_HITS = 8
_NEUTRAL_PENALTY = 10.0


def _with_header(item: Found) -> Found:
    """A table's row as its table quotes it: the header and the rows down to it (:mod:`.tables`),
    verbatim, so the claim says what its cells are -- or, where other rows stand between, the
    header and the row as two verbatim pieces (:func:`~.tables.header_and_row`: a fact box's
    ``| Musicians | 104 |`` under its title row); any other sentence as it is."""
    if not opens_row(item.text):
        return item
    row = item.context.find(item.text)
    span = next((c for c in table_cells(item.context) if c.span_start <= row < c.span_end), None)
    if row < 0 or span is None:
        return item
    pieces = header_and_row(item.context, span)
    if pieces is not None and span.span_start == row:  # the span is the row alone: quote its header too
        return replace(item, text="\n".join(pieces), pieces=pieces)
    return replace(item, text=item.context[span.span_start : span.span_end])


async def best_evidence(turn: Turn, index: int | None, hypothesis: str, *, rank: int) -> ProposeClaim | None:
    """The ``rank``-th best sentence taking a side on ``hypothesis`` not yet in the debate."""
    found = await turn.search(" ".join(keywords(hypothesis, limit=10)), limit=_HITS)
    found += await turn.search(subject_query(hypothesis), limit=SUBJECT_LIMIT)
    harm, _, where = harm_of(someone_harmed(hypothesis) or hypothesis)
    if harm:  # *Someone died in the fire*: a page may say ``Nobody died.`` or ``No one was killed.``
        worded = " ".join(w for w, kinds in HARM_WORDS.items() if kinds & harm)
        found += await turn.search(f"nobody {worded} {' '.join(keywords(where, limit=4))}", limit=SUBJECT_LIMIT)
    best: dict[str, tuple[float, Found, Stance]] = {}
    stated = {normalized(c.statement).lower() for c in turn.view.claims}
    for item in map(_with_header, found):
        text = normalized(item.text)
        side = stance(hypothesis, text, item.surroundings)
        legible = readable(text) or is_table(item.text) or _listed(item) or opens_subjectless(text)
        legible = legible or opens_with_field(text)  # a fact box's line: ``Built: 2001, Kvalnes Verft``
        legible = legible or bool(harms_denied(text))  # ``Nobody died.``: short, and all it needs to say
        if side is None or not legible or text.lower() in stated:
            continue
        shared, share = relevance(hypothesis, text, item.context)
        # a sentence that takes a side first; a neutral one is still the closest evidence there is
        score = share * 10 + shared + item.rank - (_NEUTRAL_PENALTY if side is Stance.NEUTRAL else 0)
        if item.locator not in best or score > best[item.locator][0]:
            best[item.locator] = (score, item, side)
    facts: list[tuple[Found, Stance, list[Found]]] = []  # one per fact: restatements become its evidence
    for _, item, side in sorted(best.values(), key=lambda b: -b[0]):
        if any(restates(c.statement, item.text) for c in turn.view.claims):
            continue
        same = next((f for f in facts if f[1] is side and restates(f[0].text, item.text)), None)
        if same is None:
            facts.append((item, side, []))
        else:
            same[2].append(item)
    if rank >= len(facts):
        return None
    item, side, others = facts[rank]
    return ProposeClaim(
        statement=normalized(item.text),
        evidence=[q for f in (item, *others[:3]) for q in f.quotes()],
        scope_index=index,
        stance=side,
        confidence=0.5 + {2: 0.05, 1: 0.0, 0: -0.1}[item.rank],  # one source, by its authority
    )


def _listed(item: Found) -> bool:
    """A list's line of its own in its passage (``- Net profit EUR 84.6m (2023: EUR 71.2m)``): a
    fact sheet's line says what it says, though it reads as no sentence."""
    line = rf"(?m)^[ \t]*[-*\u2022\u00b7][ \t]+(?:\*\*)?{re.escape(item.text.strip())}[ \t]*$"
    return len(item.text.split()) >= 3 and re.search(line, item.context) is not None


def stance_challenge(claim: ClaimView, hypothesis: str, passage: str) -> ChallengeClaim | None:
    """A challenge when the claim's stance is not the one its statement (found in ``passage``) takes
    on ``hypothesis``."""
    side = stance(hypothesis, claim.statement, passage) or Stance.NEUTRAL
    if claim.stance is None or claim.stance is side:
        return None
    return ChallengeClaim(
        claim_id=claim.id,
        revision=claim.revision,
        reason=f"the statement {_reads(side)} the checked claim, not {_reads(claim.stance)} it",
        severity="major",
        basis="stance",
        satisfied_by=f"the stance '{side.value}'",
    )


def answer_stance_challenge(claim: ClaimView, hypothesis: str, passage: str) -> list[Action]:
    """Refine the stance to the one the statement (found in ``passage``) takes, and agree with the new revision."""
    side = stance(hypothesis, claim.statement, passage) or Stance.NEUTRAL
    if side is claim.stance:
        return []
    return [
        RefineClaim(
            claim_id=claim.id,
            revision=claim.revision,
            statement=claim.statement,
            stance=side,
            reason=f"the statement {_reads(side)} the checked claim",
        ),
        AgreeClaim(claim_id=claim.id, revision=claim.revision + 1, rationale="my own refinement of the stance"),
    ]


def _reads(side: Stance) -> str:
    return {Stance.SUPPORTS: "supports", Stance.REFUTES: "refutes", Stance.NEUTRAL: "neither supports nor refutes"}[
        side
    ]
