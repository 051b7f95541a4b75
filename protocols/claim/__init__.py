"""The claim as one pure state machine: its facts, who may do what, and the judge.

``facts`` folds a claim's messages into :class:`ClaimFacts`; ``table`` holds the moves and
:data:`RULES`; ``judge`` turns an action into steps or a refusal.

No I/O here. A claim's *facts* are the fold of its debate messages (:meth:`ClaimFacts.fold`); the
*table* :data:`RULES` says, for every move an agent can make on a claim, who may make it and in
which states; :func:`judge` turns one ``(facts, role, action)`` into every step the action implies,
or a :class:`Refusal` that says why not. The referee (``consensus.referee``) only reads the facts
fresh, asks the judge and writes the steps in one version-checked transaction.

Moves, who may make them, and in which states (everything not listed is refused)::

    move               who                    states
    agree              anyone                 proposed, under_review, challenged, refined
    challenge          anyone but proposer    proposed, under_review, challenged, refined
    refine             anyone                 proposed, under_review, challenged, refined
    defend             the proposer           challenged
    withdraw           the proposer           proposed, under_review, challenged, refined, stalled
    warn_timeout       the lead               challenged, refined
    finalize           the lead               under_review (unanimous), refined (assumed consent),
                                              challenged (mediated)
    mediate            the data researcher    challenged
    vote_reject        anyone                 stalled
    stall              the lead (referee)     proposed, under_review, challenged, refined

An action may imply several steps, all judged here and written together: a reject vote that
carries also rejects the claim; a mediation that rejects also closes the thread. Which lifecycle
event a message is (an agreement that answers the last open challenge is a ``concede``) is decided
by :func:`event_of`, the same function the fold uses, so the judge and the fold cannot disagree.
"""

from protocols.claim.facts import ClaimFacts, Step, event_of
from protocols.claim.judge import judge
from protocols.claim.table import RULES, ClaimAction, Move, Party, Refusal, Rule, StallClaim, move_of

__all__ = [
    "RULES",
    "ClaimAction",
    "ClaimFacts",
    "Move",
    "Party",
    "Refusal",
    "Rule",
    "StallClaim",
    "Step",
    "event_of",
    "judge",
    "move_of",
]
