"""How claims are settled: finalization by the lead, timeout warnings, mediation, stalls and votes.

Only the lead finalizes (unanimous, by assumed consent after a warned challenger stayed silent, or
after a mediation upheld the claim); only the data researcher mediates, and only a defended
lead/skeptic deadlock; a stalled claim is rejected when a majority votes for it.
"""

from __future__ import annotations

from consensus.referee_base import RefereeBase
from protocols import (
    OPEN_STATES,
    ROTATION,
    Action,
    AgentRole,
    ClaimEvent,
    ClaimFinalized,
    ClaimMediated,
    ClaimRejected,
    ClaimRejectVote,
    ClaimStalled,
    ClaimState,
    ClaimTimeoutWarning,
    ClaimView,
    FinalizationMethod,
    FinalizeClaim,
    MediateClaim,
    StaleVersionError,
    VoteReject,
    WarnTimeout,
    is_unanimous,
    rejection_carried,
)
from store import ClaimRecord

__all__ = ["SettlementRules"]


class SettlementRules(RefereeBase):
    """The referee's rules for ending a claim's debate."""

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
            self._commit(claim, event, msg, role, finalization_method=method)

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
            self._commit(claim, ClaimEvent.WARN_TIMEOUT, msg, role)

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
            self._commit(claim, None, ruling, role)
            if action.verdict == "reject":
                rejected = ClaimRejected(
                    claim_id=claim.id,
                    reason=f"rejected by mediation: {action.reason}",
                    rejected_by=[role],
                    conflicting_sources=action.conflicting_sources,
                )
                self._commit(claim, ClaimEvent.REJECT, rejected, role, version=claim.version + 1)

        self._write(action.claim_id, seen, build)

    def _vote_reject(self, role: AgentRole, action: Action, seen: int | None) -> None:
        assert isinstance(action, VoteReject)

        def build(claim: ClaimRecord, view: ClaimView) -> None:
            self._check(view.status is ClaimState.STALLED, "only stalled claims are voted on", view, seen)
            self._check(role not in view.stall_votes, f"{role.value} already voted", view, seen)
            vote = ClaimRejectVote(claim_id=claim.id, voted_by=role, reason=action.reason)
            self._commit(claim, None, vote, role, vote="reject")
            voters = [*view.stall_votes, role]
            if rejection_carried(voters):
                rejected = ClaimRejected(
                    claim_id=claim.id, reason="stalled; rejected by majority vote", rejected_by=voters
                )
                self._commit(claim, ClaimEvent.REJECT, rejected, role, version=claim.version + 1)

        self._write(action.claim_id, seen, build)

    # ----------------------------------------------------------- referee's own duty

    def stall_idle_claims(self, idle_after: int) -> list[str]:
        """Stall every open claim that has not moved for ``idle_after`` iterations (in the lead's name)."""
        stalled = []
        for claim in self.repo.list_claims(self.run_id):
            idle = self.iteration - claim.changed_iteration
            if claim.status in OPEN_STATES and claim.status is not ClaimState.STALLED and idle >= idle_after:
                msg = ClaimStalled(claim_id=claim.id, reason=f"no progress for {idle_after} iterations")
                try:
                    self._commit(claim, ClaimEvent.STALL, msg, AgentRole.LEAD)
                    stalled.append(claim.id)
                except StaleVersionError:
                    continue
        return stalled
