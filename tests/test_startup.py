"""Start-up: each command imports only what it needs, and an existing store is opened without DDL.

The import checks run the real entry point in a fresh interpreter with ``-X importtime`` and read
the names of the modules it imported (an import-set assertion; no timing is asserted).
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

import store.engine
from store import Repository

ROOT = Path(__file__).resolve().parent.parent


def _imported(*args: str) -> tuple[set[str], subprocess.CompletedProcess[str]]:
    """The modules ``python -m consensus ARGS`` imported, and the finished process."""
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    proc = subprocess.run(
        [sys.executable, "-X", "importtime", "-m", "consensus", *args],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
    )
    names = {line.rsplit("|", 1)[1].strip() for line in proc.stderr.splitlines() if line.startswith("import time:")}
    return names, proc


def _tops(names: set[str]) -> set[str]:
    return {name.split(".")[0] for name in names}


def test_help_imports_neither_sqlalchemy_nor_the_agents() -> None:
    names, proc = _imported("--help")
    assert proc.returncode == 0, proc.stderr[-2000:]
    assert "consensus.cli" in names  # the importtime output was read: the checks below mean something
    assert not _tops(names) & {"sqlalchemy", "sqlmodel", "agents", "anthropic", "tavily", "mcp"}
    assert "store.engine" not in names


def test_runs_loads_the_store_but_not_the_agents(tmp_path: Path) -> None:
    Repository.open().close()  # an existing store in the test's CONSENSUS_HOME
    names, proc = _imported("runs")
    assert proc.returncode == 0, proc.stderr[-2000:]
    assert "store.repository" in names and "sqlalchemy" in _tops(names)
    assert not _tops(names) & {"agents", "anthropic", "tavily", "mcp"}
    assert "consensus.runtime" not in names


def test_an_existing_store_of_this_version_is_opened_without_schema_work(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    url = f"sqlite:///{tmp_path / 'store.db'}"
    calls: list[bool] = []
    real = store.engine._check_schema

    def spy(engine: object, *, create: bool, read_only: bool) -> None:
        calls.append(create)
        real(engine, create=create, read_only=read_only)  # type: ignore[arg-type]

    monkeypatch.setattr(store.engine, "_check_schema", spy)
    Repository.open(url).close()
    assert calls == [True]  # a new store: tables created under the write lock
    Repository.open(url).close()
    assert calls == [True]  # the same version recorded: no reflection, no DDL, no write lock


def test_a_research_run_on_sqlite_loads_no_server_vendor_or_postgresql_modules() -> None:
    names, proc = _imported(
        "research", "When did Apollo 11 land?", "--corpus", str(ROOT / "examples" / "corpus"), "--max-iterations", "1"
    )
    assert proc.returncode == 0, proc.stderr[-2000:]
    assert "consensus.runtime" in names and "agents.offline" in names
    assert not _tops(names) & {"anthropic", "tavily", "mcp", "httpx", "psycopg"}
    assert "consensus.server" not in names
    assert not {n for n in names if n.startswith("sqlalchemy.dialects.postgresql")}
