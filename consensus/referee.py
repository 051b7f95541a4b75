"""The referee: validates every agent action against the protocol and applies it to the store.

Each action is checked against the *fresh* state of its claim (re-read from the store), which is the
protocol's merge step: if another agent changed the claim since the acting agent's snapshot, the
action is applied anyway when it still holds (same revision, legal in the new state), and reported
``stale`` when it does not — the runtime then lets the agent decide again. A write that loses the
compare-and-swap race is retried here against a fresh read (bounded), never blindly.

Rules enforced here (one place each): proposals only from an agent whose turn it is and with no open
proposal of its own; every quote located verbatim in a stored source of this run; votes only on the
current revision; a refinement never counts as agreement; only the proposer defends or withdraws;
only the lead finalizes or warns; only the data researcher mediates, and only a lead/skeptic deadlock.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

from consensus.evidence import locate_excerpt
from consensus.views import claim_view
from protocols import (
    OPEN_STATES,
    ROTATION,
    TRANSITIONS,
    Action,
    AgentRole,
    AgreeClaim,
    ChallengeClaim,
    ClaimAgreed,
    ClaimChallenged,
    ClaimDefended,
    ClaimEvent,
    ClaimFinalized,
    ClaimMediated,
    ClaimRefined,
    ClaimRejected,
    ClaimRejectVote,
    ClaimStalled,
    ClaimState,
    ClaimTimeoutWarning,
    ClaimView,
    DefendClaim,
    DiscoveryEvent,
    EvidenceQuote,
    EvidenceRecord,
    FinalizationMethod,
    FinalizeClaim,
    MediateClaim,
    OpenQuestion,
    Pass,
    ProposeClaim,
    ProtocolViolation,
    RaiseOpenQuestion,
    RateSource,
    RefineClaim,
    ReportDiscovery,
    StaleVersionError,
    Vote,
    VoteReject,
    WarnTimeout,
    WithdrawClaim,
    is_unanimous,
    rejection_carried,
    vote_event,
)
from protocols import NotFound as NotFoundError
from store import ClaimRecord, Repository, SourceRecord

__all__ = ["Referee", "Ruling"]

_CAS_ATTEMPTS = 3


@dataclass(frozen=True)
class Ruling:
    """The referee's verdict on one action."""

    applied: bool
    reason: str = ""
    stale: bool = False
    claim_id: str | None = None


class _Refused(Exception):
    def __init__(self, reason: str, *, stale: bool = False) -> None:
        super().__init__(reason)
        self.reason, self.stale = reason, stale


class Referee:
    """Applies actions of one run; ``iteration`` is set by the runtime before each round."""

    def __init__(self, repo: Repository, run_id: str) -> None:
        self.repo = repo
        self.run_id = run_id
        self.iteration = 0
        self.proposed_this_iteration: set[AgentRole] = set()

    # ------------------------------------------------------------------ entry point

    def apply(self, role: AgentRole, action: Action, *, seen_version: int | None = None) -> Ruling:
        """Validate ``action`` by ``role`` against the current state and apply it, or refuse it."""
        handler: Callable[[AgentRole, Action, int | None], str | None] = getattr(self, f"_{action.kind}")
        claim_id = getattr(action, "claim_id", None)
        try:
            result_id = handler(role, action, seen_version)
        except _Refused as refusal:
            return Ruling(False, refusal.reason, refusal.stale, claim_id)
        except ProtocolViolation as exc:
            return Ruling(False, exc.message, False, claim_id)
        return Ruling(True, "", False, result_id or claim_id)

    # --------------------------------------------------------------------- helpers

    def _fresh(self, claim_id: str) -> tuple[ClaimRecord, ClaimView]:
        try:
            claim = self.repo.get_claim(claim_id)
        except NotFoundError:
            raise _Refused(f"unknown claim {claim_id}") from None
        if claim.run_id != self.run_id:
            raise _Refused(f"claim {claim_id} belongs to another run")
        messages = self.repo.messages(self.run_id, claim_id=claim_id)
        return claim, claim_view(claim, messages, self.iteration)

    def _check(self, ok: bool, reason: str, claim: ClaimView, seen_version: int | None) -> None:
        if not ok:
            stale = seen_version is not None and seen_version != claim.version
            raise _Refused(reason + (" (the claim changed since the agent's snapshot)" if stale else ""), stale=stale)

    def _allowed(self, claim: ClaimView, event: ClaimEvent, seen: int | None) -> None:
        self._check(
            (claim.status, event) in TRANSITIONS,
            f"{event.value} is not allowed on a {claim.status.value} claim",
            claim,
            seen,
        )

    def _revision(self, claim: ClaimView, revision: int, seen: int | None) -> None:
        self._check(
            revision == claim.revision, f"revision {revision} is not the current one ({claim.revision})", claim, seen
        )

    def resolve_evidence(self, quotes: Sequence[EvidenceQuote]) -> list[EvidenceRecord]:
        """Locate every quote in its stored source; the stored span is the source's own text."""
        records = []
        for quote in quotes:
            try:
                source = self.repo.get_source(quote.source_id)
            except NotFoundError:
                raise _Refused(f"unknown source {quote.source_id!r}: quote only sources found by search") from None
            if source.run_id != self.run_id:
                raise _Refused(f"source {quote.source_id} was not fetched in this run")
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

    def _write(self, claim_id: str, seen: int | None, build: Callable[[ClaimRecord, ClaimView], None]) -> None:
        """Validate-and-write against a fresh read; retry the compare-and-swap a bounded number of times."""
        for attempt in range(_CAS_ATTEMPTS):
            claim, view = self._fresh(claim_id)
            try:
                build(claim, view)
                return
            except StaleVersionError:
                if attempt == _CAS_ATTEMPTS - 1:
                    raise _Refused("lost the write race repeatedly", stale=True) from None

    # --------------------------------------------------------------------- actions

    def _propose(self, role: AgentRole, action: Action, _seen: int | None) -> str | None:
        assert isinstance(action, ProposeClaim)
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
        )
        self.proposed_this_iteration.add(role)
        return claim.id

    def _agree(self, role: AgentRole, action: Action, seen: int | None) -> None:
        assert isinstance(action, AgreeClaim)

        def build(claim: ClaimRecord, view: ClaimView) -> None:
            self._allowed(view, ClaimEvent.AGREE, seen)
            self._revision(view, action.revision, seen)
            self._check(role not in view.agreed, f"{role.value} already agreed with this revision", view, seen)
            after = [*claim.votes, Vote(role=role, revision=claim.revision, verdict="agree")]
            msg = ClaimAgreed(
                claim_id=claim.id,
                revision=claim.revision,
                agreed_by=role,
                final_statement=claim.statement,
                rationale=action.rationale,
            )
            self.repo.apply(
                claim.id,
                expected_version=claim.version,
                event=vote_event(claim.status, after),
                message=msg,
                agent=role,
                iteration=self.iteration,
                vote="agree",
            )

        self._write(action.claim_id, seen, build)

    def _challenge(self, role: AgentRole, action: Action, seen: int | None) -> None:
        assert isinstance(action, ChallengeClaim)
        counter = self.resolve_evidence(action.counter_evidence)

        def build(claim: ClaimRecord, view: ClaimView) -> None:
            self._allowed(view, ClaimEvent.CHALLENGE, seen)
            self._revision(view, action.revision, seen)
            self._check(role is not claim.proposer, "a proposer cannot challenge its own claim", view, seen)
            latest = [v for v in claim.votes if v.role is role]
            already = bool(latest) and latest[-1].verdict == "challenge" and latest[-1].revision == claim.revision
            self._check(not already, f"{role.value} already challenged this revision", view, seen)
            msg = ClaimChallenged(
                claim_id=claim.id,
                revision=claim.revision,
                reason=action.reason,
                challenged_by=role,
                severity=action.severity,
                basis=action.basis,
                satisfied_by=action.satisfied_by,
                counter_evidence=counter,
            )
            self.repo.apply(
                claim.id,
                expected_version=claim.version,
                event=ClaimEvent.CHALLENGE,
                message=msg,
                agent=role,
                iteration=self.iteration,
                vote="challenge",
                evidence=counter,
                evidence_role="counter",
            )

        self._write(action.claim_id, seen, build)

    def _refine(self, role: AgentRole, action: Action, seen: int | None) -> None:
        assert isinstance(action, RefineClaim)
        evidence = self.resolve_evidence(action.evidence)

        def build(claim: ClaimRecord, view: ClaimView) -> None:
            self._allowed(view, ClaimEvent.REFINE, seen)
            self._revision(view, action.revision, seen)
            statement = action.statement.strip()
            self._check(statement != claim.statement, "a refinement must change the statement", view, seen)
            msg = ClaimRefined(
                claim_id=claim.id,
                revision=claim.revision + 1,
                original_statement=claim.statement,
                refined_statement=statement,
                refined_by=role,
                reason=action.reason,
                additional_evidence=evidence,
            )
            self.repo.apply(
                claim.id,
                expected_version=claim.version,
                event=ClaimEvent.REFINE,
                message=msg,
                agent=role,
                iteration=self.iteration,
                new_statement=statement,
                evidence=evidence,
            )

        self._write(action.claim_id, seen, build)

    def _defend(self, role: AgentRole, action: Action, seen: int | None) -> None:
        assert isinstance(action, DefendClaim)
        evidence = self.resolve_evidence(action.evidence)

        def build(claim: ClaimRecord, view: ClaimView) -> None:
            self._check(role is claim.proposer, "only the proposer defends its claim", view, seen)
            self._allowed(view, ClaimEvent.DEFEND, seen)
            self._revision(view, action.revision, seen)
            msg = ClaimDefended(
                claim_id=claim.id,
                revision=claim.revision,
                defended_by=role,
                argument=action.argument,
                additional_evidence=evidence,
            )
            self.repo.apply(
                claim.id,
                expected_version=claim.version,
                event=ClaimEvent.DEFEND,
                message=msg,
                agent=role,
                iteration=self.iteration,
                evidence=evidence,
            )

        self._write(action.claim_id, seen, build)

    def _withdraw(self, role: AgentRole, action: Action, seen: int | None) -> None:
        assert isinstance(action, WithdrawClaim)

        def build(claim: ClaimRecord, view: ClaimView) -> None:
            self._check(role is claim.proposer, "only the proposer withdraws its claim", view, seen)
            self._allowed(view, ClaimEvent.WITHDRAW, seen)
            msg = ClaimRejected(
                claim_id=claim.id,
                reason=f"withdrawn by proposer: {action.reason}",
                rejected_by=[role],
                conflicting_sources=action.conflicting_sources,
            )
            self.repo.apply(
                claim.id,
                expected_version=claim.version,
                event=ClaimEvent.WITHDRAW,
                message=msg,
                agent=role,
                iteration=self.iteration,
            )

        self._write(action.claim_id, seen, build)

    def _finalize(self, role: AgentRole, action: Action, seen: int | None) -> None:
        assert isinstance(action, FinalizeClaim)

        def build(claim: ClaimRecord, view: ClaimView) -> None:
            self._check(role is AgentRole.LEAD, "only the lead finalizes claims", view, seen)
            method = action.method
            note = ""
            if method is FinalizationMethod.UNANIMOUS:
                event = ClaimEvent.FINALIZE
                ok = view.status is ClaimState.UNDER_REVIEW and is_unanimous(claim.votes, claim.revision)
                self._check(ok, "not all three agents agree with the current revision", view, seen)
            elif method is FinalizationMethod.MEDIATED:
                event = ClaimEvent.MEDIATE
                ok = view.status is ClaimState.CHALLENGED and view.mediation == "uphold"
                self._check(ok, "no mediation upholds this claim", view, seen)
                note = "deadlock settled by the data researcher"
            else:
                event = ClaimEvent.ASSUME_CONSENT
                silent = [r for r in view.open_challengers if r not in view.agreed]
                ok = (
                    view.status is ClaimState.REFINED
                    and bool(silent)
                    and all(r in view.warned for r in silent)
                    and set(ROTATION) - set(silent) <= set(view.agreed)
                )
                self._check(
                    ok, "assumed consent needs a warned, silent challenger and the others' agreement", view, seen
                )
                note = "challenger timeout - assumed consent: " + ", ".join(r.value for r in silent)
            msg = ClaimFinalized(
                claim_id=claim.id,
                revision=claim.revision,
                statement=claim.statement,
                agreed_by=list(view.agreed),
                method=method,
                note=note,
            )
            self.repo.apply(
                claim.id,
                expected_version=claim.version,
                event=event,
                message=msg,
                agent=role,
                iteration=self.iteration,
                finalization_method=method,
            )

        self._write(action.claim_id, seen, build)

    def _warn_timeout(self, role: AgentRole, action: Action, seen: int | None) -> None:
        assert isinstance(action, WarnTimeout)

        def build(claim: ClaimRecord, view: ClaimView) -> None:
            self._check(role is AgentRole.LEAD, "only the lead sends timeout warnings", view, seen)
            self._allowed(view, ClaimEvent.WARN_TIMEOUT, seen)
            waiting = action.waiting_for
            self._check(waiting in view.open_challengers, f"{waiting.value} owes no answer", view, seen)
            self._check(waiting not in view.warned, f"{waiting.value} was already warned", view, seen)
            msg = ClaimTimeoutWarning(
                claim_id=claim.id,
                waiting_for=waiting,
                message=f"Finalizing {claim.id} by assumed consent next iteration unless {waiting.value} answers",
            )
            self.repo.apply(
                claim.id,
                expected_version=claim.version,
                event=ClaimEvent.WARN_TIMEOUT,
                message=msg,
                agent=role,
                iteration=self.iteration,
            )

        self._write(action.claim_id, seen, build)

    def _mediate(self, role: AgentRole, action: Action, seen: int | None) -> None:
        assert isinstance(action, MediateClaim)

        def build(claim: ClaimRecord, view: ClaimView) -> None:
            self._check(role is AgentRole.DATA, "only the data researcher mediates", view, seen)
            self._check(view.status is ClaimState.CHALLENGED, "only a challenged claim can be mediated", view, seen)
            self._revision(view, action.revision, seen)
            parties = {claim.proposer, *view.open_challengers}
            deadlock = {AgentRole.LEAD, AgentRole.SKEPTIC} <= parties and AgentRole.DATA not in view.open_challengers
            self._check(deadlock and view.defended, "no lead/skeptic deadlock to mediate", view, seen)
            self._check(view.mediation is None, "this revision was already mediated", view, seen)
            ruling = ClaimMediated(
                claim_id=claim.id,
                revision=claim.revision,
                mediated_by=role,
                verdict=action.verdict,
                reason=action.reason,
            )
            self.repo.apply(
                claim.id,
                expected_version=claim.version,
                event=None,
                message=ruling,
                agent=role,
                iteration=self.iteration,
            )
            if action.verdict == "reject":
                rejected = ClaimRejected(
                    claim_id=claim.id,
                    reason=f"rejected by mediation: {action.reason}",
                    rejected_by=[role],
                    conflicting_sources=action.conflicting_sources,
                )
                self.repo.apply(
                    claim.id,
                    expected_version=claim.version + 1,
                    event=ClaimEvent.REJECT,
                    message=rejected,
                    agent=role,
                    iteration=self.iteration,
                )

        self._write(action.claim_id, seen, build)

    def _vote_reject(self, role: AgentRole, action: Action, seen: int | None) -> None:
        assert isinstance(action, VoteReject)

        def build(claim: ClaimRecord, view: ClaimView) -> None:
            self._check(view.status is ClaimState.STALLED, "only stalled claims are voted on", view, seen)
            self._check(role not in view.stall_votes, f"{role.value} already voted", view, seen)
            vote = ClaimRejectVote(claim_id=claim.id, voted_by=role, reason=action.reason)
            self.repo.apply(
                claim.id,
                expected_version=claim.version,
                event=None,
                message=vote,
                agent=role,
                iteration=self.iteration,
                vote="reject",
            )
            voters = [*view.stall_votes, role]
            if rejection_carried(voters):
                rejected = ClaimRejected(
                    claim_id=claim.id, reason="stalled; rejected by majority vote", rejected_by=voters
                )
                self.repo.apply(
                    claim.id,
                    expected_version=claim.version + 1,
                    event=ClaimEvent.REJECT,
                    message=rejected,
                    agent=role,
                    iteration=self.iteration,
                )

        self._write(action.claim_id, seen, build)

    def _rate_source(self, role: AgentRole, action: Action, _seen: int | None) -> None:
        assert isinstance(action, RateSource)
        if role is not AgentRole.DATA:
            raise _Refused("only the data researcher rates sources")
        source = self._source(action.source_id)
        if source.authority is not action.authority:
            self.repo.set_source_authority(source.id, action.authority)

    def _discovery(self, role: AgentRole, action: Action, _seen: int | None) -> None:
        assert isinstance(action, ReportDiscovery)
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

    def _open_question(self, role: AgentRole, action: Action, _seen: int | None) -> None:
        assert isinstance(action, RaiseOpenQuestion)
        locator = self._source(action.source_id).locator if action.source_id else None
        question = OpenQuestion(
            question=action.question, context=action.context, priority=action.priority, source_locator=locator
        )
        if any(q.question == question.question for q in self.repo.open_questions(self.run_id)):
            raise _Refused("this open question was already raised")
        self.repo.add_open_question(self.run_id, question)

    def _pass(self, role: AgentRole, action: Action, _seen: int | None) -> None:
        assert isinstance(action, Pass)

    def _vote_complete(self, role: AgentRole, action: Action, _seen: int | None) -> None:
        """Completion votes are counted by the runtime; nothing to write per claim."""

    def _source(self, source_id: str) -> SourceRecord:
        try:
            source = self.repo.get_source(source_id)
        except NotFoundError:
            raise _Refused(f"unknown source {source_id!r}") from None
        if source.run_id != self.run_id:
            raise _Refused(f"source {source_id} was not fetched in this run")
        return source

    # ----------------------------------------------------------- referee's own duty

    def stall_idle_claims(self, idle_after: int) -> list[str]:
        """Stall every open claim that has not moved for ``idle_after`` iterations (in the lead's name)."""
        stalled = []
        for claim in self.repo.list_claims(self.run_id):
            idle = self.iteration - claim.changed_iteration
            if claim.status in OPEN_STATES and claim.status is not ClaimState.STALLED and idle >= idle_after:
                msg = ClaimStalled(claim_id=claim.id, reason=f"no progress for {idle_after} iterations")
                try:
                    self.repo.apply(
                        claim.id,
                        expected_version=claim.version,
                        event=ClaimEvent.STALL,
                        message=msg,
                        agent=AgentRole.LEAD,
                        iteration=self.iteration,
                    )
                    stalled.append(claim.id)
                except StaleVersionError:
                    continue
        return stalled
