"""The referee: reads a claim fresh, asks the judge, writes every step in one transaction.

The rules themselves live in :mod:`protocols.claim` (pure: the table of who may do what in which
state, and :func:`~protocols.judge`). The referee does only the I/O around them:

1. locate every quote of the action in its stored source (a quote that is not there is refused);
2. read the claim's debate log and fold it into :class:`~protocols.ClaimFacts`;
3. ``judge(facts, role, action)``: a refusal, or every step the action implies;
4. write all the steps with :meth:`store.Repository.apply_steps` in ONE transaction checked against
   the version the facts were read at. On a stale version (another agent wrote first) it re-reads
   and judges again, a bounded number of times; it never commits a part of a decision.

A refusal is reported *stale* when the claim changed since the acting agent's snapshot: the
runtime then lets the agent decide again instead of just refusing. A proposal is checked against
the run (one per turn, one open proposal per agent, no duplicate statement, a real research
question) and goes in with its ``research_turn`` message, in one transaction too.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from consensus.evidence import locate_excerpt
from protocols import (
    OPEN_STATES,
    Action,
    AgentRole,
    ChallengeClaim,
    ClaimAction,
    ClaimFacts,
    ClaimState,
    DefendClaim,
    DiscoveryEvent,
    EvidenceQuote,
    EvidenceRecord,
    NotFound,
    OpenQuestion,
    Pass,
    ProposeClaim,
    ProtocolViolation,
    RaiseOpenQuestion,
    RateSource,
    RefineClaim,
    Refusal,
    ReportDiscovery,
    ResearchTurn,
    StaleVersionError,
    StallClaim,
    VoteComplete,
    judge,
)
from store import Repository, SourceRecord

__all__ = ["CAS_ATTEMPTS", "Referee", "Ruling"]

#: Fresh reads and writes of one decision before it is reported stale.
CAS_ATTEMPTS = 3


@dataclass(frozen=True)
class Ruling:
    """The referee's verdict on one action."""

    applied: bool
    reason: str = ""
    stale: bool = False
    claim_id: str | None = None


class _Refused(Exception):
    def __init__(self, reason: str) -> None:
        super().__init__(reason)
        self.reason = reason


class Referee:
    """Applies the actions of one run's agents; see the module docstring."""

    def __init__(self, repo: Repository, run_id: str) -> None:
        self.repo = repo
        self.run_id = run_id
        self.iteration = 0
        self.proposed_this_iteration: set[AgentRole] = set()
        # Sources of this run read so far: a stored source's run, locator and text never change
        # (its authority does: _rate_source reads it fresh), and agents quote the same few again and again.
        self._sources: dict[str, SourceRecord] = {}

    def begin_iteration(self, iteration: int) -> None:
        """A new iteration: every agent may propose once again."""
        self.iteration = iteration
        self.proposed_this_iteration.clear()

    def may_propose(self, role: AgentRole) -> bool:
        return role not in self.proposed_this_iteration

    def apply(self, role: AgentRole, action: Action, *, seen_version: int | None = None) -> Ruling:
        """Validate ``action`` by ``role`` against the current state and apply it, or refuse it."""
        claim_id = getattr(action, "claim_id", None)
        try:
            match action:
                case ProposeClaim():
                    return Ruling(True, claim_id=self._propose(role, action))
                case RateSource():
                    self._rate_source(role, action)
                case ReportDiscovery():
                    self._discovery(action)
                case RaiseOpenQuestion():
                    self._open_question(action)
                case Pass() | VoteComplete():  # completion votes are counted by the runtime
                    pass
                case _:
                    return self.settle(role, action, seen_version=seen_version)
        except _Refused as refusal:
            return Ruling(False, refusal.reason, False, claim_id)
        except ProtocolViolation as exc:
            return Ruling(False, exc.message, False, claim_id)
        return Ruling(True, "", False, claim_id)

    # ------------------------------------------------------------------ claims

    def settle(self, role: AgentRole, action: ClaimAction, *, seen_version: int | None = None) -> Ruling:
        """Judge an action on a claim against fresh facts and write all its steps in one transaction."""
        claim_id = action.claim_id
        try:
            evidence = self._evidence_of(action)
        except _Refused as refusal:
            return Ruling(False, refusal.reason, False, claim_id)
        for _ in range(CAS_ATTEMPTS):
            try:
                facts = self.facts(claim_id)
            except _Refused as refusal:
                return Ruling(False, refusal.reason, False, claim_id)
            verdict = judge(facts, role, action, evidence=evidence)
            if isinstance(verdict, Refusal):
                stale = seen_version is not None and seen_version != facts.version
                note = " (the claim changed since the agent's snapshot)" if stale else ""
                return Ruling(False, verdict.reason + note, stale, claim_id)
            try:
                self.repo.apply_steps(
                    claim_id, expected_version=facts.version, steps=verdict, agent=role, iteration=self.iteration
                )
            except StaleVersionError:
                continue  # somebody wrote first: read again and judge again
            return Ruling(True, "", False, claim_id)
        return Ruling(False, "lost the write race repeatedly", True, claim_id)

    def facts(self, claim_id: str) -> ClaimFacts:
        """The claim's facts, folded from its debate log as it is now."""
        try:
            step = self.repo.claim_step(claim_id)
        except NotFound:
            raise _Refused(f"unknown claim {claim_id}") from None
        if step.run_id != self.run_id:
            raise _Refused(f"claim {claim_id} belongs to another run")
        return ClaimFacts.fold(rec.message for rec in self.repo.messages(self.run_id, claim_id=claim_id))

    def stall_idle_claims(self, idle_after: int) -> list[str]:
        """Stall every open claim that has not moved for ``idle_after`` iterations (in the lead's name)."""
        stalled = []
        for claim in self.repo.list_claims(self.run_id):
            idle = self.iteration - claim.changed_iteration
            if claim.status in OPEN_STATES and claim.status is not ClaimState.STALLED and idle >= idle_after:
                stall = StallClaim(claim_id=claim.id, reason=f"no progress for {idle_after} iterations")
                if self.settle(AgentRole.LEAD, stall).applied:
                    stalled.append(claim.id)
        return stalled

    def _evidence_of(self, action: ClaimAction) -> list[EvidenceRecord]:
        match action:
            case ChallengeClaim(counter_evidence=quotes) | RefineClaim(evidence=quotes) | DefendClaim(evidence=quotes):
                return self.resolve_evidence(quotes)
            case _:
                return []

    # --------------------------------------------------------------- the run

    def _propose(self, role: AgentRole, action: ProposeClaim) -> str:
        if role in self.proposed_this_iteration:
            raise _Refused("one proposal per turn")
        claims = self.repo.list_claims(self.run_id)
        if any(c.proposer is role and c.status in OPEN_STATES for c in claims):
            raise _Refused(f"{role.value} already has a proposal under debate")
        normalized = " ".join(action.statement.split()).lower()
        if any(" ".join(c.statement.split()).lower() == normalized for c in claims):
            raise _Refused("this statement was already proposed")
        scope = self.repo.scope(self.run_id)
        if action.scope_index is not None and not 0 <= action.scope_index < len(scope):
            raise _Refused(f"scope_index {action.scope_index} is not a research question of this run")
        evidence = self.resolve_evidence(action.evidence)
        claim = self.repo.propose_claim(
            self.run_id,
            proposer=role,
            statement=action.statement.strip(),
            evidence=evidence,
            scope_index=action.scope_index,
            confidence=action.confidence,
            iteration=self.iteration,
            stance=action.stance,
            announce=ResearchTurn(agent=role, focus_area=action.statement[:120]),
        )
        self.proposed_this_iteration.add(role)
        return claim.id

    def resolve_evidence(self, quotes: Sequence[EvidenceQuote]) -> list[EvidenceRecord]:
        """Locate every quote in its stored source; the stored span is the source's own text."""
        records = []
        for quote in quotes:
            source = self._source(quote.source_id)
            span = locate_excerpt(source.text, quote.quote)
            if span is None:
                raise _Refused(f"excerpt not found verbatim in {source.locator}: {quote.quote[:80]!r}")
            start, end = span
            records.append(
                EvidenceRecord(
                    source_id=source.id, locator=source.locator, excerpt=source.text[start:end], start=start, end=end
                )
            )
        return records

    def _source(self, source_id: str, *, fresh: bool = False) -> SourceRecord:
        """A source of this run; its authority as now only when ``fresh`` (see ``_sources``)."""
        if not fresh and (known := self._sources.get(source_id)) is not None:
            return known
        try:
            source = self.repo.get_source(source_id)
        except NotFound:
            raise _Refused(f"unknown source {source_id!r}: cite only sources found by search") from None
        if source.run_id != self.run_id:
            raise _Refused(f"source {source_id} was not fetched in this run")
        self._sources[source_id] = source
        return source

    def _rate_source(self, role: AgentRole, action: RateSource) -> None:
        if role is not AgentRole.DATA:
            raise _Refused("only the data researcher rates sources")
        source = self._source(action.source_id, fresh=True)
        if source.authority is not action.authority:
            self.repo.set_source_authority(source.id, action.authority)

    def _discovery(self, action: ReportDiscovery) -> None:
        locator = self._source(action.source_id).locator if action.source_id else None
        event = DiscoveryEvent(
            type=action.type,
            suggested_researcher=action.suggested_researcher,
            query=action.query,
            reason=action.reason,
            source_locator=locator,
        )
        if any(d.type == event.type and d.query == event.query for d in self.repo.discoveries(self.run_id)):
            raise _Refused("this discovery was already reported")
        self.repo.add_discovery(self.run_id, event)

    def _open_question(self, action: RaiseOpenQuestion) -> None:
        locator = self._source(action.source_id).locator if action.source_id else None
        question = OpenQuestion(
            question=action.question, context=action.context, priority=action.priority, source_locator=locator
        )
        if any(q.question == question.question for q in self.repo.open_questions(self.run_id)):
            raise _Refused("this open question was already raised")
        self.repo.add_open_question(self.run_id, question)
