"""The CLI's small edges: each gives one clear line (or works), never a traceback."""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
import uuid
from pathlib import Path

import pytest

from consensus import cli, config
from consensus.cli import main
from consensus.config import Settings, build_model, skipped_files
from consensus.terminal import visible
from protocols import BackendError, ResearchRequest
from store import Repository

REPO_ROOT = Path(__file__).resolve().parent.parent
EXAMPLES = REPO_ROOT / "examples" / "corpus"
WIDE = "When and where did Apollo 11 land on the Moon, who walked on the surface?"
WIDE_LIMITS = ["--max-iterations", "8", "--token-budget", "200000", "--max-sources", "30", "--quiet"]


def _cli(argv: list[str], capsys: pytest.CaptureFixture[str]) -> tuple[int, str, str]:
    code = main(argv)
    captured = capsys.readouterr()
    assert "Traceback" not in captured.out + captured.err
    return code, captured.out, captured.err


def _usage_error(argv: list[str], capsys: pytest.CaptureFixture[str]) -> str:
    with pytest.raises(SystemExit) as info:
        main(argv)
    assert info.value.code == 2
    return capsys.readouterr().err


def _runs(home: Path, count: int) -> list[str]:
    repo = Repository.open(f"sqlite:///{home / 'consensus.db'}")
    ids = [
        repo.create_run(
            ResearchRequest(question=f"Q{n}?"), trace_id=str(uuid.uuid4()), model_id="m", source_backend="s"
        ).id
        for n in range(count)
    ]
    for run_id in ids:
        repo.finish_run(run_id, status="completed")
    repo.close()
    return ids


def _corpus(tmp_path: Path, files: dict[str, str | bytes]) -> Path:
    root = tmp_path / "corpus"
    root.mkdir(exist_ok=True)
    for name, content in files.items():
        (root / name).write_bytes(content.encode() if isinstance(content, str) else content)
    return root


BRIDGE = "# Bridge\n\nThe bridge opened in 1932 after eight years of work.\n"


# ------------------------------------------------------------------------------ arguments


@pytest.mark.parametrize("value", ["nan", "0", "-5", "inf", "soon"])
def test_timeout_must_be_positive_and_finite(
    value: str, tmp_path: Path, capsys: pytest.CaptureFixture[str], _isolated_home: Path
) -> None:
    corpus = _corpus(tmp_path, {"a.md": BRIDGE})
    err = _usage_error(["research", "When?", "--corpus", str(corpus), "--timeout", value], capsys)
    assert "--timeout" in err and "Traceback" not in err
    assert not (_isolated_home / "consensus.db").exists()  # nothing was started


def test_runs_limit_zero_means_all_and_negative_is_refused(
    capsys: pytest.CaptureFixture[str], _isolated_home: Path
) -> None:
    _runs(_isolated_home, 23)
    _code, out, _ = _cli(["runs"], capsys)
    assert "20 run(s)" in out
    _code, out, _ = _cli(["runs", "--limit", "0"], capsys)
    assert "23 run(s)" in out
    assert "--limit" in _usage_error(["runs", "--limit", "-1"], capsys)


# ------------------------------------------------------------------------------ run ids


def test_run_prefixes_are_literal_and_ambiguity_names_the_candidates(
    capsys: pytest.CaptureFixture[str], _isolated_home: Path
) -> None:
    ids = _runs(_isolated_home, 2)
    code, _out, err = _cli(["show", "______"], capsys)  # `_` is not a LIKE wildcard
    assert code == 1 and "no run '______'" in err
    code, _out, err = _cli(["show", "run%"], capsys)
    assert code == 1 and "no run 'run%'" in err
    code, _out, err = _cli(["show", "run_"], capsys)
    assert code == 1 and "ambiguous" in err and all(run_id in err for run_id in ids)
    code, out, _ = _cli(["show", ids[1][:-1]], capsys)
    assert code == 0 and f"Run {ids[1]}" in out


def test_claims_can_be_picked_by_their_number_in_the_report(capsys: pytest.CaptureFixture[str]) -> None:
    code, _out, _err = _cli(["research", WIDE, "--corpus", str(EXAMPLES), *WIDE_LIMITS], capsys)
    assert code == 0
    _code, listing, _ = _cli(["runs"], capsys)
    run_id = listing.splitlines()[1].split()[0]
    _code, whole, _ = _cli(["show", run_id], capsys)
    numbered = dict(re.findall(r"^\[(\d+)\] [A-Z ()]+\s+(clm_[0-9a-z]+)$", whole, re.MULTILINE))  # claim headers
    assert len(numbered) >= 2
    code, out, _ = _cli(["show", run_id, "--claim", "2"], capsys)
    assert code == 0 and numbered["2"] in out and numbered["1"] not in out
    code, _out, err = _cli(["show", run_id, "--claim", "99"], capsys)
    assert code == 1 and "no claim [99]" in err


# ------------------------------------------------------------------------------ output


def test_output_into_a_missing_folder_or_onto_a_folder_is_one_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], _isolated_home: Path
) -> None:
    run_id = _runs(_isolated_home, 1)[0]
    code, _out, err = _cli(["show", run_id, "-o", str(tmp_path / "missing" / "debate.html")], capsys)
    assert code == 1 and "does not exist" in err and len(err.strip().splitlines()) == 2
    code, _out, err = _cli(["show", run_id, "-o", str(tmp_path)], capsys)
    assert code == 1 and "is a folder" in err


@pytest.mark.parametrize(
    "argv", [["schema"], ["runs"], ["show", "RUN"], ["trace", "RUN"], ["show", "RUN", "--format", "json"]]
)
def test_a_closed_pipe_ends_quietly(argv: list[str], tmp_path: Path) -> None:
    home = tmp_path / "home"
    home.mkdir()
    run_id = _runs(home, 1)[0]
    (home / "traces").mkdir()
    trace_id = Repository.open(f"sqlite:///{home / 'consensus.db'}").get_run(run_id).trace_id
    (home / "traces" / f"{trace_id}.jsonl").write_text('{"action": "run_started", "ts": "2026-01-01T00:00:00Z"}\n')
    read_end, write_end = os.pipe()
    os.close(read_end)  # the reader is gone before the first byte: every write gets EPIPE
    argv = [run_id if a == "RUN" else a for a in argv]
    done = subprocess.run(
        [sys.executable, "-m", "consensus", *argv],
        stdout=write_end,
        stderr=subprocess.PIPE,
        text=True,
        env={**os.environ, "CONSENSUS_HOME": str(home)},
        cwd=REPO_ROOT,
    )
    os.close(write_end)
    assert done.returncode == cli.BROKEN_PIPE
    assert done.stderr == ""


# ------------------------------------------------------------------------------ control characters


def test_control_characters_are_made_visible() -> None:
    assert visible("a\x1b[2Jb\rc\u202ed\x07e\x9bf\tg\nh") == "a\\x1b[2Jb\\rc\\u202ed\\x07e\\x9bf\tg\nh"
    as_json = visible('{"q": "x\u202ey\u0085"}', json=True)
    assert json.loads(as_json) == {"q": "x\u202ey\u0085"}
    assert "\u202e" not in as_json and "\u0085" not in as_json


def test_escape_codes_from_documents_and_questions_never_reach_the_terminal(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    hostile = "The bridge opened in 1932.\x1b[2J\x1b]0;owned\x07 It is \u202e1149 metres long.\n\n" * 2
    corpus = _corpus(tmp_path, {"a.md": hostile, "b.md": hostile.replace("bridge", "old bridge")})
    question = "When did the bridge open?\x1b[31m\u202e"
    outputs = []
    for argv in (
        ["research", question, "--corpus", str(corpus)],
        ["research", question, "--corpus", str(corpus), "--json"],
    ):
        code, out, err = _cli(argv, capsys)
        assert code == 0
        outputs.append(out + err)
    _code, listing, _ = _cli(["runs"], capsys)
    run_id = listing.splitlines()[1].split()[0]
    for fmt in ("text", "markdown", "json", "html"):
        _code, out, _ = _cli(["show", run_id, "--format", fmt], capsys)
        outputs.append(out)
    for text in outputs:
        assert "\x1b" not in text and "\u202e" not in text and "\x07" not in text
    assert "\\x1b[31m" in outputs[0]  # shown, not hidden: the reader sees what the text held


# ------------------------------------------------------------------------------ backends and sources


def test_offline_forces_the_local_backends_whatever_keys_are_set(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("ANTHROPIC_API_KEY", "sk-ant-unreachable")
    monkeypatch.setenv("TAVILY_API_KEY", "tvly-unreachable")
    settings = Settings.from_env(offline=True)
    assert settings.anthropic_api_key is None and settings.tavily_api_key is None
    assert build_model(settings).model_id == "offline-extractive-v1"
    corpus = _corpus(tmp_path, {"a.md": BRIDGE})
    code, out, _err = _cli(
        ["research", "When did the bridge open?", "--corpus", str(corpus), "--offline", "--json"], capsys
    )
    assert code == 0 and json.loads(out)["cost_metadata"]["model_id"] == "offline-extractive-v1"
    monkeypatch.setenv("CONSENSUS_OFFLINE", "1")
    assert Settings.from_env().anthropic_api_key is None
    code, _out, err = _cli(["research", "When?", "--offline"], capsys)
    assert code == 1 and "offline mode needs a local corpus" in err


def test_an_unreachable_backend_says_offline_works(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    class Unreachable:
        model_id = "claude-test"

        async def plan_scope(self, *args: object) -> None:
            raise BackendError("could not reach the Claude API: Connection error.", backend="anthropic", retryable=True)

        async def aclose(self) -> None:
            return None

    monkeypatch.setattr(config, "build_model", lambda settings: Unreachable())
    corpus = _corpus(tmp_path, {"a.md": BRIDGE})
    code, _out, err = _cli(["research", "When did the bridge open?", "--corpus", str(corpus), "--quiet"], capsys)
    assert code == 1
    assert "could not reach the Claude API" in err and "--offline" in err


def test_source_filter_without_web_search_is_refused_with_a_reason(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], _isolated_home: Path
) -> None:
    corpus = _corpus(tmp_path, {"a.md": BRIDGE})
    code, _out, err = _cli(["research", "When?", "--corpus", str(corpus), "--source-filter", "nasa.gov"], capsys)
    assert code == 1 and "no web search" in err and "TAVILY_API_KEY" in err
    assert not (_isolated_home / "consensus.db").exists()


def test_skipped_files_reach_stderr_and_the_result(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    corpus = _corpus(
        tmp_path, {"a.md": BRIDGE, "scan.pdf": b"%PDF-1.7", "blob.txt": b"x\x00y", "big.md": "Big text. " * 400}
    )
    os.symlink("/etc/passwd", corpus / "passwd.txt")
    argv = ["research", "When did the bridge open?", "--corpus", str(corpus), "--json", "--max-file-mb", "0.001"]
    code, out, err = _cli(argv, capsys)
    assert code == 0
    assert "corpus: 4 file(s) skipped" in err
    for name in ("scan.pdf", "blob.txt", "big.md", "passwd.txt"):
        assert name in err
    gaps = {g["topic"]: g for g in json.loads(out)["gaps"] if g["category"] == "access_denied"}
    assert set(gaps) == {"scan.pdf", "blob.txt", "big.md", "passwd.txt"}
    assert "outside the corpus folder" in gaps["passwd.txt"]["detail"]
    assert "root:" not in out


def test_skipped_files_are_available_from_config_for_the_server(tmp_path: Path) -> None:
    from consensus.config import build_sources

    corpus = _corpus(tmp_path, {"a.md": BRIDGE, "scan.pdf": b"%PDF"})
    sources = build_sources(Settings.from_env(corpus=corpus))
    assert [(s.locator, s.reason.split(" (")[0]) for s in skipped_files(sources)] == [
        ("scan.pdf", "unsupported file type")
    ]


def test_a_bad_size_cap_in_the_environment_is_one_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("CONSENSUS_MAX_FILE_MB", "lots")
    corpus = _corpus(tmp_path, {"a.md": BRIDGE})
    code, _out, err = _cli(["research", "When?", "--corpus", str(corpus)], capsys)
    assert code == 1 and "CONSENSUS_MAX_FILE_MB" in err


def test_budget_stopped_runs_are_shown_as_such(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    argv = ["research", WIDE, "--corpus", str(EXAMPLES), "--max-iterations", "1", "--quiet"]
    assert _cli(argv, capsys)[0] == 0
    _code, out, _ = _cli(["runs"], capsys)
    assert out.splitlines()[1].split()[1] == "budget-stopped"
    assert "budget-stopped: a limit" in out


def test_a_web_search_that_cannot_reach_its_service_says_offline_works(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    from agents.multi import MultiSource
    from consensus.config import build_sources
    from protocols import SearchResult

    class UnreachableWeb:
        name = "tavily"

        async def search(self, query: str, *, limit: int, domains: list[str] | None = None) -> SearchResult:
            raise BackendError("could not reach Tavily: Connection error.", backend="tavily", retryable=True)

        async def aclose(self) -> None:
            return None

    def with_web(settings: Settings) -> MultiSource:
        return MultiSource([build_sources(settings), UnreachableWeb()])

    monkeypatch.setattr(config, "build_sources", with_web)
    corpus = _corpus(tmp_path, {"a.md": BRIDGE})
    code, _out, err = _cli(["research", "When did the bridge open?", "--corpus", str(corpus), "--quiet"], capsys)
    assert code == 0
    assert "note: tavily:search failed" in err and "--offline" in err
