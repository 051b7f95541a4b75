"""The proposer's answer to a challenge: defend with sources, refine, or withdraw.

Which challenge is answered first, when several stand: ``off_topic``, ``contradicted``,
``imprecise``, then the others. The answers:

* ``off_topic`` -> withdraw.
* ``stance`` (a claim check) -> refine the stance to the one the statement takes, and agree.
* ``contradicted`` -> count independent sources for the claim's value and for the counter value:
  a majority defends (citing the supporting sentences), otherwise withdraw with
  ``conflicting_sources`` (a tie is not a majority: the contradiction becomes a gap).
* ``imprecise`` -> refine to a corroborated sentence of another source on the same subject (its
  own verbatim words, so every value is in an excerpt) and agree with the new revision; with no
  such sentence, defend with sources stating the values, or withdraw.
* ``single_source``, ``weak_source``, ``other`` -> search for corroboration: defend with it, or
  withdraw when no second independent source exists.

A claim of mine that someone else refined gets my agreement when its new revision is upheld.
"""

from __future__ import annotations

from agents.offline.answering import question_of
from agents.offline.checking import answer_stance_challenge
from agents.offline.evidence import Found, Tally, Turn, normalized, tally
from agents.offline.proposing import claim_like
from agents.offline.reviewing import MIN_SOURCES, assess, sources_named, upheld
from agents.offline.textfacts import same_subject
from protocols import (
    Action,
    AgreeClaim,
    ChallengeView,
    ClaimState,
    ClaimView,
    DefendClaim,
    RefineClaim,
    WithdrawClaim,
)

__all__ = ["answer_challenges"]

_PRIORITY = ("off_topic", "stance", "contradicted", "imprecise", "single_source", "weak_source", "other")
_MAX_EVIDENCE = 4


async def answer_challenges(turn: Turn) -> list[Action]:
    """Answers to every challenge on my claims that I have not answered yet."""
    actions: list[Action] = []
    role = turn.view.role
    for claim in turn.view.claims:
        if claim.proposer is not role:
            continue
        if claim.status is ClaimState.CHALLENGED and not claim.defended and claim.open_challengers:
            actions += await _answer(turn, claim)
        elif claim.status in (ClaimState.REFINED, ClaimState.UNDER_REVIEW) and role not in claim.agreed:
            result, _ = await assess(turn, claim, by_subject=False)
            if upheld(result):
                why = f"the refined statement is supported by {result.n_support} independent sources"
                actions.append(AgreeClaim(claim_id=claim.id, revision=claim.revision, rationale=why))
    return actions


def _standing(claim: ClaimView) -> list[ChallengeView]:
    latest: dict[str, ChallengeView] = {}
    for challenge in claim.challenges:
        if challenge.by in claim.open_challengers:
            latest[challenge.by] = challenge
    return sorted(latest.values(), key=lambda c: _PRIORITY.index(c.basis))


async def _answer(turn: Turn, claim: ClaimView) -> list[Action]:
    standing = _standing(claim)
    if not standing:
        return []
    basis = standing[0].basis
    if basis == "stance":
        passage = await turn.passage_of(claim.statement)
        return answer_stance_challenge(claim, question_of(turn.view, claim.scope_index), passage)
    if basis == "off_topic":
        return [WithdrawClaim(claim_id=claim.id, reason="the statement does not answer a research question")]
    result, found = await assess(turn, claim, by_subject=True)
    if basis == "contradicted":
        return [_settle_contradiction(claim, result)]
    if basis == "imprecise":
        refined = _refinement(claim, found)
        if refined:
            return refined
    if upheld(result):
        return [_defend(claim, result, why="corroborated")]
    return [
        WithdrawClaim(
            claim_id=claim.id,
            reason=(
                f"no second independent source: {result.n_support} support it"
                f" ({sources_named(list(result.support.values()))}), {result.n_against} contradict it"
            ),
            conflicting_sources=result.n_against > 0,
        )
    ]


def _settle_contradiction(claim: ClaimView, result: Tally) -> Action:
    if upheld(result):
        return _defend(claim, result, why="majority")
    return WithdrawClaim(
        claim_id=claim.id,
        reason=(
            f"sources disagree and the claim is not in the majority: {result.n_support} independent source(s)"
            f" state {result.claim_value()}, {result.n_rival} state {result.counter_value()}"
        ),
        conflicting_sources=True,
    )


def _defend(claim: ClaimView, result: Tally, *, why: str) -> DefendClaim:
    cited = {e.locator for e in claim.evidence if e.revision == claim.revision}
    support = list(result.support.values())
    fresh = [f for f in support if f.locator not in cited]
    evidence = sorted(fresh or support, key=lambda f: -f.rank)[:_MAX_EVIDENCE]
    if why == "majority" and result.n_support == result.n_rival:  # a tie the claim's side outweighs
        argument = (
            f"as many independent sources state {result.claim_value()} ({sources_named(support)}) as"
            f" {result.counter_value()} ({sources_named([f for f, _ in result.against.values()])}),"
            f" but {result.outweighs}"
        )
    elif why == "majority":
        argument = (
            f"{result.n_support} independent sources state {result.claim_value()}"
            f" ({sources_named(support)}); only {result.n_rival} state {result.counter_value()}"
            f" ({sources_named([f for f, _ in result.against.values()])})"
        )
    else:
        argument = (
            f"only one source states it ({sources_named(support)}) and no source contradicts it"
            if result.n_support == 1
            else f"{result.n_support} independent sources state it: {sources_named(support)}"
        )
    return DefendClaim(
        claim_id=claim.id,
        revision=claim.revision,
        argument=argument,
        evidence=[q for f in evidence for q in f.quotes()],
    )


def _refinement(claim: ClaimView, found: list[Found]) -> list[Action]:
    """Refine to the best corroborated sentence on the same subject, then agree with it."""
    current = normalized(claim.statement).lower()
    best: tuple[tuple[int, int], Found, Tally] | None = None
    for item in found:
        text = normalized(item.text)
        if text.lower() == current or not claim_like(text) or not same_subject(claim.statement, text):
            continue
        candidate = tally(text, found)
        if candidate.n_support < MIN_SOURCES or candidate.n_rival >= candidate.n_support:
            continue
        key = (candidate.n_support, item.rank)
        if best is None or key > best[0]:
            best = (key, item, candidate)
    if best is None:
        return []
    _, item, support = best
    others = [f for f in support.support.values() if f.locator != item.locator]
    evidence = [q for f in (item, *others[: _MAX_EVIDENCE - 1]) for q in f.quotes()]
    return [
        RefineClaim(
            claim_id=claim.id,
            revision=claim.revision,
            statement=normalized(item.text),
            evidence=evidence,
            reason=f"restated in the words of {item.locator}, corroborated by {support.n_support} independent sources",
        ),
        AgreeClaim(claim_id=claim.id, revision=claim.revision + 1, rationale="my own refinement"),
    ]
