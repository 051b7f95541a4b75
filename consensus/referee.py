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

from collections.abc import Callable

from consensus.referee_base import Refused, Ruling
from consensus.settlement import SettlementRules
from protocols import (
    OPEN_STATES,
    Action,
    AgentRole,
    AgreeClaim,
    ChallengeClaim,
    ClaimAgreed,
    ClaimChallenged,
    ClaimDefended,
    ClaimEvent,
    ClaimRefined,
    ClaimRejected,
    ClaimView,
    DefendClaim,
    DiscoveryEvent,
    OpenQuestion,
    Pass,
    ProposeClaim,
    ProtocolViolation,
    RaiseOpenQuestion,
    RateSource,
    RefineClaim,
    ReportDiscovery,
    Vote,
    WithdrawClaim,
    vote_event,
)
from store import ClaimRecord

__all__ = ["Referee", "Ruling"]


class Referee(SettlementRules):
    """Applies the actions of one run's agents; see the module docstring for the rules."""

    # ------------------------------------------------------------------ entry point

    def apply(self, role: AgentRole, action: Action, *, seen_version: int | None = None) -> Ruling:
        """Validate ``action`` by ``role`` against the current state and apply it, or refuse it."""
        handler: Callable[[AgentRole, Action, int | None], str | None] = getattr(self, f"_{action.kind}")
        claim_id = getattr(action, "claim_id", None)
        try:
            result_id = handler(role, action, seen_version)
        except Refused as refusal:
            return Ruling(False, refusal.reason, refusal.stale, claim_id)
        except ProtocolViolation as exc:
            return Ruling(False, exc.message, False, claim_id)
        return Ruling(True, "", False, result_id or claim_id)

    # --------------------------------------------------------------------- actions

    def _propose(self, role: AgentRole, action: Action, _seen: int | None) -> str | None:
        assert isinstance(action, ProposeClaim)
        if role in self.proposed_this_iteration:
            raise Refused("one proposal per turn")
        claims = self.repo.list_claims(self.run_id)
        if any(c.proposer is role and c.status in OPEN_STATES for c in claims):
            raise Refused(f"{role.value} already has a proposal under debate")
        normalized = " ".join(action.statement.split()).lower()
        if any(" ".join(c.statement.split()).lower() == normalized for c in claims):
            raise Refused("this statement was already proposed")
        scope = self.repo.scope(self.run_id)
        if action.scope_index is not None and not 0 <= action.scope_index < len(scope):
            raise Refused(f"scope_index {action.scope_index} is not a research question of this run")
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
            self._commit(claim, vote_event(claim.status, after), msg, role, vote="agree")

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
            self._commit(
                claim, ClaimEvent.CHALLENGE, msg, role, vote="challenge", evidence=counter, evidence_role="counter"
            )

        self._write(action.claim_id, seen, build)

    def _refine(self, role: AgentRole, action: Action, seen: int | None) -> None:
        assert isinstance(action, RefineClaim)
        evidence = self.resolve_evidence(action.evidence)

        def build(claim: ClaimRecord, view: ClaimView) -> None:
            self._allowed(view, ClaimEvent.REFINE, seen)
            self._revision(view, action.revision, seen)
            statement = action.statement.strip()
            restanced = action.stance is not None and action.stance != view.stance
            self._check(
                statement != claim.statement or restanced,
                "a refinement must change the statement or stance",
                view,
                seen,
            )
            msg = ClaimRefined(
                stance=action.stance,
                claim_id=claim.id,
                revision=claim.revision + 1,
                original_statement=claim.statement,
                refined_statement=statement,
                refined_by=role,
                reason=action.reason,
                additional_evidence=evidence,
            )
            self._commit(claim, ClaimEvent.REFINE, msg, role, new_statement=statement, evidence=evidence)

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
            self._commit(claim, ClaimEvent.DEFEND, msg, role, evidence=evidence)

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
            self._commit(claim, ClaimEvent.WITHDRAW, msg, role)

        self._write(action.claim_id, seen, build)

    def _rate_source(self, role: AgentRole, action: Action, _seen: int | None) -> None:
        assert isinstance(action, RateSource)
        if role is not AgentRole.DATA:
            raise Refused("only the data researcher rates sources")
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
            raise Refused("this discovery was already reported")
        self.repo.add_discovery(self.run_id, event)

    def _open_question(self, role: AgentRole, action: Action, _seen: int | None) -> None:
        assert isinstance(action, RaiseOpenQuestion)
        locator = self._source(action.source_id).locator if action.source_id else None
        question = OpenQuestion(
            question=action.question, context=action.context, priority=action.priority, source_locator=locator
        )
        if any(q.question == question.question for q in self.repo.open_questions(self.run_id)):
            raise Refused("this open question was already raised")
        self.repo.add_open_question(self.run_id, question)

    def _pass(self, role: AgentRole, action: Action, _seen: int | None) -> None:
        assert isinstance(action, Pass)

    def _vote_complete(self, role: AgentRole, action: Action, _seen: int | None) -> None:
        """Completion votes are counted by the runtime; nothing to write per claim."""
