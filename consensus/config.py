"""Configuration: where data lives and which backends a run thinks and searches with.

Sources: ``--corpus DIR`` / ``CONSENSUS_CORPUS`` (the offline local corpus) and/or
``TAVILY_API_KEY`` (web search). Model: Claude when ``ANTHROPIC_API_KEY`` is set (model from
``CONSENSUS_MODEL``), else the offline extractive reasoner. ``--offline`` / ``CONSENSUS_OFFLINE=1``
ignores both keys: the local corpus and the extractive reasoner, whatever is set. Store:
``CONSENSUS_DATABASE_URL`` or ``$CONSENSUS_HOME/consensus.db``. Corpus files above
``CONSENSUS_MAX_FILE_MB`` (default 20) are skipped; :func:`skipped_files` lists what the corpus
skipped, for the CLI's summary and the MCP server.
"""

from __future__ import annotations

import hashlib
import logging
import math
import os
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING

import anyio

from protocols import ConfigurationError, DeniedSource, InvalidRequest
from store import consensus_home, default_database_url

if TYPE_CHECKING:  # the agents load only when a command builds a backend (not for --help or runs)
    from agents import ModelBackend, SourceBackend

__all__ = [
    "DEFAULT_MAX_FILE_MB",
    "Backends",
    "Settings",
    "build_model",
    "build_sources",
    "check_source_filter",
    "max_file_mb_from_env",
    "open_backends",
    "skipped_files",
]

logger = logging.getLogger(__name__)

DEFAULT_MAX_FILE_MB = 20.0
_TRUE = {"1", "true", "yes", "on"}


@dataclass(frozen=True)
class Settings:
    home: Path
    database_url: str
    corpus: Path | None
    anthropic_api_key: str | None
    tavily_api_key: str | None
    model: str | None
    offline: bool = False
    max_file_mb: float = DEFAULT_MAX_FILE_MB

    @classmethod
    def from_env(
        cls,
        *,
        corpus: str | Path | None = None,
        database_url: str | None = None,
        model: str | None = None,
        offline: bool = False,
        max_file_mb: float | None = None,
    ) -> Settings:
        """Settings from the arguments, then the environment.

        Raises:
            ConfigurationError: ``CONSENSUS_MAX_FILE_MB`` (or ``max_file_mb``) is not a positive number.
        """
        corpus_value = corpus or os.environ.get("CONSENSUS_CORPUS") or None
        offline = offline or os.environ.get("CONSENSUS_OFFLINE", "").strip().lower() in _TRUE
        return cls(
            home=consensus_home(),
            database_url=database_url or default_database_url(),
            corpus=Path(corpus_value).expanduser() if corpus_value else None,
            anthropic_api_key=None if offline else os.environ.get("ANTHROPIC_API_KEY") or None,
            tavily_api_key=None if offline else os.environ.get("TAVILY_API_KEY") or None,
            model=model or os.environ.get("CONSENSUS_MODEL") or None,
            offline=offline,
            max_file_mb=_positive_mb(max_file_mb) if max_file_mb is not None else max_file_mb_from_env(),
        )


def max_file_mb_from_env() -> float:
    """``CONSENSUS_MAX_FILE_MB``, else :data:`DEFAULT_MAX_FILE_MB`.

    Raises:
        ConfigurationError: the variable is set but is not a positive, finite number.
    """
    raw = os.environ.get("CONSENSUS_MAX_FILE_MB", "").strip()
    if not raw:
        return DEFAULT_MAX_FILE_MB
    try:
        return _positive_mb(float(raw))
    except ValueError:
        raise ConfigurationError(
            f"CONSENSUS_MAX_FILE_MB={raw!r} is not a number of megabytes",
            suggestion=f"set it to a positive number such as {DEFAULT_MAX_FILE_MB:g}, or unset it",
        ) from None


def _positive_mb(value: float) -> float:
    if not math.isfinite(value) or value <= 0:
        raise ConfigurationError(
            f"the corpus file size cap must be a positive number of megabytes, not {value}",
            suggestion=f"use --max-file-mb / CONSENSUS_MAX_FILE_MB with a value such as {DEFAULT_MAX_FILE_MB:g}",
        )
    return value


def build_sources(settings: Settings) -> SourceBackend:
    """The source backend(s) the settings name.

    Raises:
        ConfigurationError: no corpus and no Tavily key, or a corpus folder that cannot be used.
    """
    backends: list[SourceBackend] = []
    if settings.corpus is not None:
        from agents.sources.corpus import LocalCorpus

        root = settings.corpus.resolve()
        digest = hashlib.sha256(str(root).encode()).hexdigest()[:16]
        cap = max(1, int(settings.max_file_mb * 1024 * 1024))
        corpus = LocalCorpus(root, index_path=settings.home / "index" / f"{digest}.db", max_file_bytes=cap)
        corpus.refresh()
        backends.append(corpus)
    if settings.tavily_api_key:
        from agents.sources.tavily import TavilySource

        backends.append(TavilySource(settings.tavily_api_key))
    if not backends and settings.offline:
        raise ConfigurationError(
            "offline mode needs a local corpus: web search is off",
            suggestion="pass --corpus DIR (a folder of .md/.txt/.html/.csv files, e.g. examples/corpus)"
            " or set CONSENSUS_CORPUS",
        )
    if not backends:
        raise ConfigurationError(
            "no source to research: neither a local corpus nor web search is configured",
            suggestion=(
                "pass --corpus DIR (a folder of .md/.txt/.html/.csv files, e.g. examples/corpus), "
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

    latency = float(os.environ.get("CONSENSUS_OFFLINE_LATENCY") or 0)  # benchmarks and multi-process tests
    if latency > 0:
        from consensus.latency import DelayedModel

        return DelayedModel(OfflineReasoner(), latency)
    return OfflineReasoner()


@dataclass
class Backends:
    """The model and source backends of a run, opened by :func:`open_backends`; close with :meth:`aclose`.

    ``skipped`` lists the corpus files the sources skipped when they were opened, for the surface
    to report (the CLI on stderr, the server in its log); they also become ``access_denied`` gaps.
    """

    model: ModelBackend
    sources: SourceBackend
    skipped: list[DeniedSource] = field(default_factory=list)

    async def aclose(self) -> None:
        """Close the sources, then the model, even while being cancelled (at most 10 s).

        A backend that fails to close is logged, not raised: the run's result matters more.
        """
        with anyio.CancelScope(shield=True), anyio.move_on_after(10):
            for close in (self.sources.aclose, self.model.aclose):
                try:
                    await close()
                except Exception:
                    logger.warning("closing a backend failed", exc_info=True)


async def open_backends(settings: Settings) -> Backends:
    """The backends the settings name, for one run; the CLI and the MCP server both open them here.

    The sources come first (a missing corpus or key is the likeliest problem) and are built in a
    worker thread, since opening a local corpus indexes it. If the model cannot be built, the
    sources are closed again before the error is raised.

    Raises:
        ConfigurationError: see :func:`build_sources`.
    """
    sources = await anyio.to_thread.run_sync(build_sources, settings)
    try:
        model = build_model(settings)
    except BaseException:
        with anyio.CancelScope(shield=True):
            await sources.aclose()
        raise
    return Backends(model=model, sources=sources, skipped=skipped_files(sources))


def skipped_files(sources: SourceBackend) -> list[DeniedSource]:
    """The files the local corpus (alone, or within a multi-source backend) skipped at its last refresh.

    :func:`build_sources` refreshes the corpus, so right after it this is the full list, each with
    its reason. The CLI prints a summary of it; the MCP server can report it the same way (every
    search also returns it as ``denied``, which makes ``access_denied`` gaps in the result).
    """
    from agents.multi import MultiSource
    from agents.sources.corpus import LocalCorpus

    members = sources.backends if isinstance(sources, MultiSource) else [sources]
    return [item for member in members if isinstance(member, LocalCorpus) for item in member.skipped]


def check_source_filter(settings: Settings, source_filter: str | None) -> None:
    """Refuse a ``source_filter`` that nothing would apply: it names web domains, and web search is off.

    Raises:
        InvalidRequest: a filter is given and there is no web search (offline, or no Tavily key).
    """
    if not (source_filter or "").strip() or settings.tavily_api_key:
        return
    why = "offline mode turns web search off" if settings.offline else "TAVILY_API_KEY is not set"
    raise InvalidRequest(
        f"source_filter limits web search to domains, and there is no web search here ({why}); "
        "it would be silently ignored by the local corpus",
        suggestion="drop --source-filter to research the corpus, or set TAVILY_API_KEY (without --offline)",
    )
