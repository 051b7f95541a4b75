"""The offline reasoner with a fixed delay before each decision (see consensus.latency)."""

from __future__ import annotations

from agents.offline import OfflineReasoner
from consensus.latency import DelayedModel


def SlowModel(latency: float) -> DelayedModel:
    return DelayedModel(OfflineReasoner(), latency)
