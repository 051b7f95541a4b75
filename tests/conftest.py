"""Fixtures shared by the whole suite.

Every test runs with ``CONSENSUS_HOME`` in a temporary directory and without any key or database
URL from the environment, so nothing here can touch the user's files or spend their credits; and
real model and search requests are switched off (:data:`agents.backends.ALLOW_REAL_REQUESTS`).
"""

from __future__ import annotations

import uuid
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path

import pytest

import agents.backends
from protocols import AgentRole, ClaimState, EvidenceRecord, ResearchRequest, SourceDocument
from store import ClaimRecord, Repository, RunRecord, SourceRecord

# As pydantic-ai's ALLOW_MODEL_REQUESTS: no test reaches the real Claude or Tavily API. An adapter
# about to use an HTTP client it made itself raises RealRequestsForbidden; tests inject mock clients.
agents.backends.ALLOW_REAL_REQUESTS = False

_ENV_TO_CLEAR = (
    "CONSENSUS_DATABASE_URL",
    "ANTHROPIC_API_KEY",
    "TAVILY_API_KEY",
    "CONSENSUS_CORPUS",
    "CONSENSUS_MODEL",
)


@pytest.fixture(autouse=True)
def _isolated_home(tmp_path_factory: pytest.TempPathFactory, monkeypatch: pytest.MonkeyPatch) -> Path:
    """Point the data home at a fresh temp dir and hide keys and URLs from the environment."""
    home = tmp_path_factory.mktemp("consensus-home")
    monkeypatch.setenv("CONSENSUS_HOME", str(home))
    monkeypatch.setenv("CONSENSUS_FORBID_REAL_REQUESTS", "1")  # subprocesses (the CLI, a stdio server) too
    for name in _ENV_TO_CLEAR:
        monkeypatch.delenv(name, raising=False)
    return home


@pytest.fixture(scope="session")
def anyio_backend() -> str:
    return "asyncio"


@pytest.fixture
def repo(tmp_path: Path) -> Iterator[Repository]:
    """A repository on a real SQLite file (WAL, busy timeout, BEGIN IMMEDIATE writes)."""
    repository = Repository.open(f"sqlite:///{tmp_path / 'store.db'}")
    yield repository
    repository.close()


SOURCE_TEXT = "The bridge opened in 1932. It carries eight lanes of traffic."


@dataclass(frozen=True)
class Seeded:
    """A run with one stored source and one claim quoting it."""

    run: RunRecord
    source: SourceRecord
    claim: ClaimRecord


def seed_claim(
    repository: Repository,
    *,
    statement: str = "The bridge opened in 1932.",
    proposer: AgentRole = AgentRole.LEAD,
    run: RunRecord | None = None,
) -> Seeded:
    """Create (or reuse) a run, store a source, and propose a claim quoting its first sentence."""
    if run is None:
        run = repository.create_run(
            ResearchRequest(question="When did the bridge open?"),
            trace_id=str(uuid.uuid4()),
            model_id="test-model",
            source_backend="memory",
        )
    source = repository.store_source(run.id, SourceDocument(kind="file", locator="bridge.md", text=SOURCE_TEXT))
    excerpt = "The bridge opened in 1932."
    claim = repository.propose_claim(
        run.id,
        proposer=proposer,
        statement=statement,
        evidence=[
            EvidenceRecord(source_id=source.id, locator=source.locator, excerpt=excerpt, start=0, end=len(excerpt))
        ],
        scope_index=0,
        confidence=0.8,
        iteration=0,
    )
    assert claim.status is ClaimState.UNDER_REVIEW
    return Seeded(run=run, source=source, claim=claim)


@pytest.fixture
def make_claim(repo: Repository) -> Callable[..., Seeded]:
    """``make_claim(**kwargs)``: a run + source + claim in ``repo`` (see :func:`seed_claim`)."""

    def make(**kwargs: object) -> Seeded:
        return seed_claim(repo, **kwargs)  # type: ignore[arg-type]

    return make
