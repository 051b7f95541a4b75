"""Fixtures shared by the whole suite.

Every test runs with ``CONSENSUS_HOME`` in a temporary directory and without any key or database
URL from the environment, so nothing here can touch the user's files or spend their credits; and
real model and search requests are switched off (:data:`agents.backends.ALLOW_REAL_REQUESTS`).
"""

from __future__ import annotations

import os
import uuid
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path

import pytest

import agents.backends
from protocols import AgentRole, ClaimState, EvidenceRecord, ResearchRequest, SourceDocument
from store import ClaimRecord, Repository, RunRecord, SourceRecord
from tests.pgcluster import PostgresCluster, missing_reason, start_cluster

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


#: Test modules run once per store kind: SQLite and a real PostgreSQL server (tests/pgcluster.py).
#: A test in them that is about SQLite itself (pragmas, the file, its locks) is marked ``sqlite_only``.
STORE_SUITE = frozenset(
    {
        "tests.test_store",
        "tests.test_store_concurrency",
        "tests.test_store_faults",
        "tests.test_store_incremental",
        "tests.test_store_leases",
        "tests.test_store_migrations",
        "tests.test_store_prepared",
        "tests.test_two_servers",
    }
)
STORE_KINDS = ("sqlite", "postgresql")


def pytest_configure(config: pytest.Config) -> None:
    config.addinivalue_line("markers", "sqlite_only: a store test about SQLite itself (not run on PostgreSQL)")


def pytest_generate_tests(metafunc: pytest.Metafunc) -> None:
    """Run every store-suite test that uses a store on each store kind."""
    if (
        "store_kind" in metafunc.fixturenames
        and metafunc.module.__name__ in STORE_SUITE
        and metafunc.definition.get_closest_marker("sqlite_only") is None
    ):
        metafunc.parametrize("store_kind", STORE_KINDS, indirect=True)


@pytest.fixture(scope="session")
def postgres_server() -> Iterator[PostgresCluster]:
    """One throwaway PostgreSQL cluster for the whole session (skipped, saying how, when unavailable)."""
    reason = missing_reason()
    if reason is not None:
        if os.environ.get("CONSENSUS_REQUIRE_POSTGRES") == "1":  # CI: these tests must run
            pytest.fail(reason)
        pytest.skip(reason)
    cluster = start_cluster()
    try:
        yield cluster
    finally:
        cluster.stop()


@pytest.fixture
def store_kind(request: pytest.FixtureRequest) -> str:
    """``sqlite`` or ``postgresql``: which store the test's ``repo`` and ``store_url`` use."""
    return str(getattr(request, "param", "sqlite"))


@pytest.fixture
def store_url(store_kind: str, tmp_path: Path, request: pytest.FixtureRequest) -> str:
    """The URL of a new, empty store: a real SQLite file, or a fresh schema on the session's PostgreSQL."""
    if store_kind == "postgresql":
        cluster: PostgresCluster = request.getfixturevalue("postgres_server")
        return cluster.new_database()
    return f"sqlite:///{tmp_path / 'store.db'}"


@pytest.fixture
def repo(store_url: str) -> Iterator[Repository]:
    """A repository on a real store (SQLite: WAL, busy timeout, BEGIN IMMEDIATE writes; or PostgreSQL)."""
    repository = Repository.open(store_url)
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
