"""The claim lifecycle of the consensus protocol, as one transition table and one function.

A claim is created by ``PROPOSE`` and ends ``AGREED`` (finalized by the lead) or ``REJECTED``::

    (new) --propose--> PROPOSED --agree--> UNDER_REVIEW --finalize--> AGREED
                          |  \\                 |   ^
                          |   challenge      challenge |concede (the last open challenger agrees)
                          |        \\            v   |
                          +-refine-> REFINED <-refine- CHALLENGED --withdraw/reject--> REJECTED
                                      |   \\-- assume_consent (challenger silent) --> AGREED
                                      +--------- mediate (data researcher upholds) --> AGREED
    any open state --stall--> STALLED --reject (vote)--> REJECTED

Which *votes* count (only those on the current revision; a refinement resets them) is decided by
:mod:`protocols.rules`; which event a vote becomes (``AGREE`` or ``CONCEDE``) too. This module only
says which event is legal in which state. Every pair not in :data:`TRANSITIONS` is illegal.
"""

from __future__ import annotations

from enum import StrEnum

from protocols.errors import IllegalTransition

__all__ = ["OPEN_STATES", "TERMINAL_STATES", "TRANSITIONS", "ClaimEvent", "ClaimState", "advance"]


class ClaimState(StrEnum):
    PROPOSED = "proposed"
    UNDER_REVIEW = "under_review"
    CHALLENGED = "challenged"
    REFINED = "refined"
    AGREED = "agreed"
    REJECTED = "rejected"
    STALLED = "stalled"


class ClaimEvent(StrEnum):
    PROPOSE = "propose"
    AGREE = "agree"  # a vote for the current revision that leaves any open challenge open
    CONCEDE = "concede"  # a vote that answers the last open challenge (or refinement) positively
    CHALLENGE = "challenge"
    REFINE = "refine"
    DEFEND = "defend"
    WITHDRAW = "withdraw"
    WARN_TIMEOUT = "warn_timeout"  # the lead warns a silent challenger; no state change
    FINALIZE = "finalize"  # unanimous agreement on the current revision
    ASSUME_CONSENT = "assume_consent"
    MEDIATE = "mediate"  # the data researcher settles a deadlock in the claim's favour
    STALL = "stall"
    REJECT = "reject"


S, E = ClaimState, ClaimEvent

#: (state, event) -> next state. ``None`` as a state stands for "no claim yet".
TRANSITIONS: dict[tuple[ClaimState | None, ClaimEvent], ClaimState] = {
    (None, E.PROPOSE): S.PROPOSED,
    # a fresh proposal: the proposer's own agreement comes first, then reviews
    (S.PROPOSED, E.AGREE): S.UNDER_REVIEW,
    (S.PROPOSED, E.CHALLENGE): S.CHALLENGED,
    (S.PROPOSED, E.REFINE): S.REFINED,
    (S.PROPOSED, E.WITHDRAW): S.REJECTED,
    (S.PROPOSED, E.STALL): S.STALLED,
    # under review: collecting agreement on the current revision
    (S.UNDER_REVIEW, E.AGREE): S.UNDER_REVIEW,
    (S.UNDER_REVIEW, E.CHALLENGE): S.CHALLENGED,
    (S.UNDER_REVIEW, E.REFINE): S.REFINED,
    (S.UNDER_REVIEW, E.FINALIZE): S.AGREED,
    (S.UNDER_REVIEW, E.WITHDRAW): S.REJECTED,
    (S.UNDER_REVIEW, E.STALL): S.STALLED,
    # challenged: the proposer must answer (refine, defend, withdraw); others may still vote
    (S.CHALLENGED, E.AGREE): S.CHALLENGED,
    (S.CHALLENGED, E.CONCEDE): S.UNDER_REVIEW,
    (S.CHALLENGED, E.CHALLENGE): S.CHALLENGED,
    (S.CHALLENGED, E.DEFEND): S.CHALLENGED,
    (S.CHALLENGED, E.REFINE): S.REFINED,
    (S.CHALLENGED, E.WITHDRAW): S.REJECTED,
    (S.CHALLENGED, E.MEDIATE): S.AGREED,
    (S.CHALLENGED, E.REJECT): S.REJECTED,
    (S.CHALLENGED, E.WARN_TIMEOUT): S.CHALLENGED,
    (S.CHALLENGED, E.STALL): S.STALLED,
    # refined: a new revision; the challenger must answer it
    (S.REFINED, E.AGREE): S.REFINED,
    (S.REFINED, E.CONCEDE): S.UNDER_REVIEW,
    (S.REFINED, E.CHALLENGE): S.CHALLENGED,
    (S.REFINED, E.REFINE): S.REFINED,
    (S.REFINED, E.WITHDRAW): S.REJECTED,
    (S.REFINED, E.WARN_TIMEOUT): S.REFINED,
    (S.REFINED, E.ASSUME_CONSENT): S.AGREED,
    (S.REFINED, E.STALL): S.STALLED,
    # stalled: rejected by vote, or withdrawn
    (S.STALLED, E.REJECT): S.REJECTED,
    (S.STALLED, E.WITHDRAW): S.REJECTED,
}

TERMINAL_STATES = frozenset({S.AGREED, S.REJECTED})
OPEN_STATES = frozenset(set(ClaimState) - TERMINAL_STATES)


def advance(state: ClaimState | None, event: ClaimEvent) -> ClaimState:
    """Return the state a claim in ``state`` moves to on ``event``.

    Raises:
        IllegalTransition: the lifecycle does not allow ``event`` in ``state``.
    """
    try:
        return TRANSITIONS[(state, event)]
    except KeyError:
        where = state.value if state is not None else "no claim"
        raise IllegalTransition(f"event {event.value!r} is not allowed for a claim in state {where!r}") from None
