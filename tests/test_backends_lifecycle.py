"""One backend lifecycle for the CLI and the server: open_backends(settings), then Backends.aclose()."""

from __future__ import annotations

import logging
from pathlib import Path

import pytest

from agents.scripted import MemorySource, ScriptedModel
from consensus import config
from consensus.config import Backends, Settings, open_backends
from protocols import ConfigurationError


class Closing(MemorySource):
    def __init__(self, log: list[str], *, fail: bool = False) -> None:
        super().__init__(documents=[])
        self.log, self.fail = log, fail

    async def aclose(self) -> None:
        self.log.append("sources")
        if self.fail:
            raise OSError("the socket was already gone")


class ClosingModel(ScriptedModel):
    def __init__(self, log: list[str]) -> None:
        super().__init__(policy=lambda view: [])
        self.log = log

    async def aclose(self) -> None:
        self.log.append("model")


@pytest.mark.anyio
async def test_open_backends_builds_both_and_reports_what_the_corpus_skipped(tmp_path: Path) -> None:
    corpus = tmp_path / "corpus"
    corpus.mkdir()
    (corpus / "a.md").write_text("The bridge opened in 1932.\n")
    (corpus / "b.md").write_bytes(b"\x00\x01binary")
    backends = await open_backends(Settings.from_env(corpus=corpus))
    try:
        assert backends.model.model_id == "offline-extractive-v1" and backends.sources.name == "local-corpus"
        assert [s.locator for s in backends.skipped] == ["b.md"]
    finally:
        await backends.aclose()


@pytest.mark.anyio
async def test_the_sources_are_closed_when_the_model_cannot_be_built(monkeypatch: pytest.MonkeyPatch) -> None:
    log: list[str] = []
    monkeypatch.setattr(config, "build_sources", lambda settings: Closing(log))

    def no_model(settings: Settings) -> ScriptedModel:
        raise ConfigurationError("no such model")

    monkeypatch.setattr(config, "build_model", no_model)
    with pytest.raises(ConfigurationError, match="no such model"):
        await open_backends(Settings.from_env())
    assert log == ["sources"]


@pytest.mark.anyio
async def test_closing_closes_both_even_when_the_sources_fail_to(caplog: pytest.LogCaptureFixture) -> None:
    log: list[str] = []
    backends = Backends(model=ClosingModel(log), sources=Closing(log, fail=True))
    with caplog.at_level(logging.WARNING, logger="consensus.config"):
        await backends.aclose()
    assert log == ["sources", "model"]
    assert any("closing a backend failed" in r.getMessage() for r in caplog.records)
