"""Configuration: where data lives and which backends a run thinks and searches with.

Sources: ``--corpus DIR`` / ``CONSENSUS_CORPUS`` (the offline local corpus) and/or
``TAVILY_API_KEY`` (web search). Model: Claude when ``ANTHROPIC_API_KEY`` is set (model from
``CONSENSUS_MODEL``), else the offline extractive reasoner. Store: ``CONSENSUS_DATABASE_URL`` or
``$CONSENSUS_HOME/consensus.db``.
"""

from __future__ import annotations

import hashlib
import os
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

from protocols import ConfigurationError
from store import consensus_home, default_database_url

if TYPE_CHECKING:  # the agents load only when a command builds a backend (not for --help or runs)
    from agents import ModelBackend, SourceBackend

__all__ = ["Settings", "build_model", "build_sources"]


@dataclass(frozen=True)
class Settings:
    home: Path
    database_url: str
    corpus: Path | None
    anthropic_api_key: str | None
    tavily_api_key: str | None
    model: str | None

    @classmethod
    def from_env(
        cls, *, corpus: str | Path | None = None, database_url: str | None = None, model: str | None = None
    ) -> Settings:
        corpus_value = corpus or os.environ.get("CONSENSUS_CORPUS") or None
        return cls(
            home=consensus_home(),
            database_url=database_url or default_database_url(),
            corpus=Path(corpus_value).expanduser() if corpus_value else None,
            anthropic_api_key=os.environ.get("ANTHROPIC_API_KEY") or None,
            tavily_api_key=os.environ.get("TAVILY_API_KEY") or None,
            model=model or os.environ.get("CONSENSUS_MODEL") or None,
        )


def build_sources(settings: Settings) -> SourceBackend:
    """The source backend(s) the settings name.

    Raises:
        ConfigurationError: no corpus and no Tavily key, or a corpus folder that cannot be used.
    """
    backends: list[SourceBackend] = []
    if settings.corpus is not None:
        from agents.corpus import LocalCorpus

        root = settings.corpus.resolve()
        digest = hashlib.sha256(str(root).encode()).hexdigest()[:16]
        corpus = LocalCorpus(root, index_path=settings.home / "index" / f"{digest}.db")
        corpus.refresh()
        backends.append(corpus)
    if settings.tavily_api_key:
        from agents.tavily import TavilySource

        backends.append(TavilySource(settings.tavily_api_key))
    if not backends:
        raise ConfigurationError(
            "no source to research: neither a local corpus nor web search is configured",
            suggestion=(
                "pass --corpus DIR (a folder of .md/.txt/.html files, e.g. examples/corpus), "
                "set CONSENSUS_CORPUS, or set TAVILY_API_KEY for web search"
            ),
        )
    if len(backends) == 1:
        return backends[0]
    from agents.multi import MultiSource

    return MultiSource(backends)


def build_model(settings: Settings) -> ModelBackend:
    """Claude when ``ANTHROPIC_API_KEY`` is set, else the offline extractive reasoner."""
    if settings.anthropic_api_key:
        from agents.claude import DEFAULT_MODEL, ClaudeBackend

        return ClaudeBackend(settings.anthropic_api_key, model=settings.model or DEFAULT_MODEL)
    from agents.offline import OfflineReasoner

    return OfflineReasoner()
