"""The offline, extractive, deterministic model backend: no key, no network.

:class:`OfflineReasoner` plays the lead, the skeptic and the data researcher over a local corpus.
Its judgment lives in :mod:`agents.offline.textfacts` (sentences, values, same subject, support and
conflict); the roles in :mod:`~agents.offline.lead`, :mod:`~agents.offline.skeptic` and
:mod:`~agents.offline.data`.
"""

from agents.offline.reasoner import MODEL_ID, TURN_ALLOWANCE_TOKENS, OfflineReasoner, turn_estimate

__all__ = ["MODEL_ID", "TURN_ALLOWANCE_TOKENS", "OfflineReasoner", "turn_estimate"]
