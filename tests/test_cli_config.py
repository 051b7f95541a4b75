"""Configuration and the CLI's edges: schema, missing sources, model selection, bad input, time limit."""

from __future__ import annotations

import json
from pathlib import Path

import anyio
import pytest

from agents.scripted import MemorySource, ScriptedModel
from consensus.cli import main
from consensus.config import Settings, build_model, build_sources
from consensus.runtime import Researcher
from protocols import AgentView, ConfigurationError, GapCategory, ResearchRequest, SourceDocument
from store import Repository


def test_schema_prints_request_and_result(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["schema"]) == 0
    schemas = json.loads(capsys.readouterr().out)
    assert schemas["request"]["properties"]["question"]["maxLength"] == 1500
    assert "raw_excerpt" in json.dumps(schemas["result"])


def test_no_corpus_and_no_key_says_how_to_configure(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["research", "When did it happen?"]) == 1
    err = capsys.readouterr().err
    assert "--corpus" in err and "TAVILY_API_KEY" in err and "Traceback" not in err
    with pytest.raises(ConfigurationError):
        build_sources(Settings.from_env())


def test_bad_input_names_the_field_and_creates_nothing(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    db = tmp_path / "c.db"
    assert main(["--db", f"sqlite:///{db}", "research", "x" * 1501, "--corpus", str(tmp_path)]) == 1
    err = capsys.readouterr().err
    assert "question" in err and "1500" in err
    assert not db.exists()


def test_missing_corpus_folder_is_a_clear_error(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["research", "q?", "--corpus", str(tmp_path / "nope")]) == 1
    assert "nope" in capsys.readouterr().err


def test_model_comes_from_the_keys(monkeypatch: pytest.MonkeyPatch) -> None:
    assert build_model(Settings.from_env()).model_id == "offline-extractive-v1"
    monkeypatch.setenv("ANTHROPIC_API_KEY", "sk-test")
    monkeypatch.setenv("CONSENSUS_MODEL", "claude-opus-4-1")
    assert build_model(Settings.from_env()).model_id == "claude-opus-4-1"


def test_time_limit_stops_with_a_valid_partial_result(tmp_path: Path) -> None:
    class Slow(ScriptedModel):
        async def decide(self, view: AgentView, search):  # type: ignore[no-untyped-def]
            await anyio.sleep(0.2)
            return await super().decide(view, search)

    repo = Repository.open(f"sqlite:///{tmp_path / 'c.db'}")
    docs = [SourceDocument(kind="file", locator="a.md", text="Nothing to see.")]
    researcher = Researcher(repo, Slow(policy=lambda v: []), MemorySource(docs), home=tmp_path, timeout=0.5)
    result = anyio.run(researcher.research, ResearchRequest(question="q?"))
    assert result.cost_metadata.budget_exhausted
    assert result.cost_metadata.wall_time_sec < 5
    assert any(g.category is GapCategory.BUDGET_EXHAUSTED and "time limit" in g.detail for g in result.gaps)
    assert repo.list_runs()[0].status == "completed"
