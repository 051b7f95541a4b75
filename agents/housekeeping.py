"""The lead's mechanical duties, the same whatever backend it thinks with.

Only the lead finalizes. Finalizing is not a judgment call — it follows from the votes — so it is
decided here by rule rather than by a model (which would only cost tokens and add a way to fail):
unanimous agreement on the current revision, a mediation in the claim's favour, or a challenger who
stayed silent after a refinement and a timeout warning (assumed consent).
"""

from __future__ import annotations

from protocols import (
    ANSWER_TIMEOUT_ITERATIONS,
    ROTATION,
    Action,
    AgentRole,
    AgentView,
    ClaimState,
    FinalizationMethod,
    FinalizeClaim,
    WarnTimeout,
)

__all__ = ["lead_housekeeping"]


def lead_housekeeping(view: AgentView) -> list[Action]:
    """Finalizations and timeout warnings the lead owes at the end of an iteration."""
    if view.role is not AgentRole.LEAD:
        return []
    actions: list[Action] = []
    for claim in view.claims:
        if claim.status is ClaimState.UNDER_REVIEW and set(claim.agreed) == set(ROTATION):
            actions.append(FinalizeClaim(claim_id=claim.id, method=FinalizationMethod.UNANIMOUS))
        elif claim.status is ClaimState.CHALLENGED and claim.mediation == "uphold":
            actions.append(FinalizeClaim(claim_id=claim.id, method=FinalizationMethod.MEDIATED))
        elif claim.status is ClaimState.REFINED and claim.idle_iterations >= ANSWER_TIMEOUT_ITERATIONS:
            silent = [r for r in claim.open_challengers if r not in claim.agreed]
            if not silent:
                continue
            others_agree = set(ROTATION) - set(silent) <= set(claim.agreed)
            if all(r in claim.warned for r in silent) and others_agree:
                actions.append(FinalizeClaim(claim_id=claim.id, method=FinalizationMethod.ASSUMED_CONSENT))
            else:
                actions.extend(WarnTimeout(claim_id=claim.id, waiting_for=r) for r in silent if r not in claim.warned)
    return actions
