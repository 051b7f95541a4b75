"""The verdict of a claim check, derived by one rule from the agreed claims and their stances.

A run is a claim check when its question reads as one (``Is it true that X?``, ``... Claim: X``,
a yes/no question; see :mod:`agents.offline.question`) or when any agreed claim carries a stance.
Each agreed claim's stance toward the checked claim was proposed with it and could be challenged
(``basis="stance"``) and refined like any other part of the claim, so the verdict only counts:

============================================================  ================
agreed claims that support it, none that refutes it           ``supported``
agreed claims that refute it, none that supports it           ``refuted``
agreed claims on both sides, one side's independent sources    ``supported`` /
two or more and at least twice the other's                     ``refuted``
agreed claims on both sides otherwise, or no side agreed       ``disputed``
while a ``contradictory_sources`` gap shows sources disagree
no side agreed, sources disagree, and the claims in dispute    ``refuted`` /
(two or more) all refute it -- or all support it               ``supported``
no side agreed, and the claims in dispute take no side on it   ``insufficient``
no agreed claim takes a side, and no contradiction             ``insufficient``
============================================================  ================

Sources that disagree with each other need not disagree about the checked claim: *founded in 1898*
and *founded in 1899* both refute *founded in 1905*. When every claim of the debate that takes a side
(two or more, none agreed: they contradicted each other) takes the same one, that side is the
verdict, its rule says the claims disagree with each other, and the contradiction stays a gap.

Nor need they disagree about it at all: a dispute over a claim that takes no side on the checked
one (a profile's *should not be confused with a company in North Carolina*, against its funding
line), settled or not, is about something else, so it leaves the check ``insufficient`` and stays
a gap.

A contradiction the debate settled by the majority of independent sources (one side agreed, the
other rejected) does not make the verdict ``disputed``: the agreed side decides it, and the
contradiction stays visible as a gap. So does a split between agreed claims (each states truly what
its source says) whose sides are that unequal: a blog's *lured ashore by wreckers* against an
inquiry and a review that found no evidence of it is ``refuted``, the blog's claim shown in the
answer and named in a ``contradictory_sources`` gap (:func:`dissent_gap`). A source quoted on both
sides counts on neither; one against one stays ``disputed``.

The answer's first sentence states the verdict.
"""

from __future__ import annotations

from collections.abc import Sequence

from agents import read_question
from consensus.views import messages_by_claim, stance_of
from protocols import ClaimChallenged, ClaimVerdict, Gap, GapCategory, Stance, VerdictKind
from store import ClaimRecord, MessageRecord

__all__ = ["MAJORITY", "dissent_gap", "verdict_for", "verdict_sentence"]


def verdict_for(
    question: str, agreed: Sequence[ClaimRecord], messages: Sequence[MessageRecord], gaps: Sequence[Gap]
) -> ClaimVerdict | None:
    """The verdict of a claim check (see the module docstring); None when the run is no claim check."""
    by_claim = messages_by_claim(messages)
    stances = {c.id: stance_of(by_claim.get(c.id, [])) for c in agreed}
    asked = read_question(question)
    if not asked.checks_claim and not any(stances.values()):
        return None
    supporting = [cid for cid, s in stances.items() if s is Stance.SUPPORTS]
    refuting = [cid for cid, s in stances.items() if s is Stance.REFUTES]
    disputes = sum(1 for g in gaps if g.category is GapCategory.CONTRADICTORY_SOURCES)
    if supporting and refuting:
        kind, rule = _split([c for c in agreed if c.id in supporting], [c for c in agreed if c.id in refuting])
    elif disputes and not supporting and not refuting:
        kind, rule = _contested(stances, by_claim, disputes)
    elif supporting:
        kind, rule = VerdictKind.SUPPORTED, f"{len(supporting)} agreed claim(s) support it and none refutes it"
    elif refuting:
        kind, rule = VerdictKind.REFUTED, f"{len(refuting)} agreed claim(s) refute it and none supports it"
    else:
        kind, rule = VerdictKind.INSUFFICIENT, "no agreed claim supports or refutes it"
    return ClaimVerdict(verdict=kind, claim=asked.hypothesis, supporting=supporting, refuting=refuting, rule=rule)


#: How many times one side's independent sources must outnumber the other side's to settle a split.
MAJORITY = 2


def _split(supporting: Sequence[ClaimRecord], refuting: Sequence[ClaimRecord]) -> tuple[VerdictKind, str]:
    """The verdict when agreed claims take both sides: the side whose independent sources outnumber the
    other's :data:`MAJORITY` times over (two or more) settles it, the other is its dissent (a gap,
    :func:`dissent_gap`); else ``disputed``."""
    pro, con = _sources_of(supporting), _sources_of(refuting)
    pro, con = pro - con, con - pro  # a source quoted on both sides counts on neither
    both = f"{len(supporting)} agreed claim(s) support it and {len(refuting)} refute it"
    for kind, many, few in ((VerdictKind.SUPPORTED, pro, con), (VerdictKind.REFUTED, con, pro)):
        if len(many) >= MAJORITY and len(many) >= MAJORITY * len(few):
            return kind, f"{both}; the majority of independent sources ({len(many)} against {len(few)}) decides"
    return VerdictKind.DISPUTED, both


def _sources_of(claims: Sequence[ClaimRecord]) -> set[str]:
    return {e.source_id for c in claims for e in c.evidence_for()}


def dissent_gap(verdict: ClaimVerdict | None, agreed: Sequence[ClaimRecord]) -> Gap | None:
    """The agreed claims a majority overruled, as a ``contradictory_sources`` gap: a settled split is still shown."""
    if verdict is None or not (verdict.supporting and verdict.refuting) or verdict.verdict is VerdictKind.DISPUTED:
        return None
    overruled = set(verdict.refuting if verdict.verdict is VerdictKind.SUPPORTED else verdict.supporting)
    side = "supports" if verdict.verdict is VerdictKind.REFUTED else "refutes"
    quoted = "; ".join(f'"{c.statement}"' for c in agreed if c.id in overruled)
    return Gap(
        topic=verdict.claim,
        category=GapCategory.CONTRADICTORY_SOURCES,
        detail=f"outnumbered by the other side's independent sources, this {side} the checked claim: {quoted}",
    )


def _contested(
    agreed: dict[str, Stance | None], by_claim: dict[str, list[MessageRecord]], disputes: int
) -> tuple[VerdictKind, str]:
    """The verdict when sources disagree and no side was agreed: the one side every claim challenged
    as contradicted takes, if two or more take one and none the other; else ``disputed``."""
    sides = [stance_of(log) for cid, log in by_claim.items() if cid not in agreed and _contradicted(log)]
    taken = [s for s in sides if s in (Stance.SUPPORTS, Stance.REFUTES)]
    if not taken:  # the claims in dispute take no side: unsettled ones, or the agreed side of a settled one
        return (
            VerdictKind.INSUFFICIENT,
            f"no agreed claim supports or refutes it, and the {disputes} point(s) sources disagree on take"
            " no side on it (see the gaps)",
        )
    if len(taken) >= 2 and len(set(taken)) == 1:
        verb = "support" if taken[0] is Stance.SUPPORTS else "refute"
        kind = VerdictKind.SUPPORTED if taken[0] is Stance.SUPPORTS else VerdictKind.REFUTED
        claims = f"the {len(taken)} claims in dispute all {verb} it"
        return kind, f"no side was agreed, but {claims}, though they disagree with each other (see the gaps)"
    return (
        VerdictKind.DISPUTED,
        f"sources disagree on {disputes} point(s) about it and no side was agreed (see the gaps)",
    )


def _contradicted(log: Sequence[MessageRecord]) -> bool:
    """The claim was challenged as contradicted by another source: one side of a dispute."""
    return any(isinstance(rec.message, ClaimChallenged) and rec.message.basis == "contradicted" for rec in log)


def verdict_sentence(verdict: ClaimVerdict) -> str:
    """The answer's first sentence: ``Verdict: supported -- 2 agreed claim(s) support it ...``."""
    return f'Verdict: {verdict.verdict.value} -- {verdict.rule}: "{verdict.claim}".'
