"""Ctrl-C during `consensus research` keeps a partial result: the run is stored cancelled, nothing lost."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import types
from pathlib import Path

import pytest

from consensus import entry
from protocols import ResearchResult
from store import Repository

ROOT = Path(__file__).resolve().parent.parent
QUESTION = (
    "When and where did Apollo 11 land on the Moon, who walked on the surface, how long did the moonwalk "
    "last, what did the crew bring back, and when did the crew splash down?"
)


def test_sigint_cancels_and_keeps_the_partial_result(tmp_path: Path) -> None:
    env = dict(os.environ, CONSENSUS_HOME=str(tmp_path))
    command = [
        sys.executable,
        "-m",
        "consensus",
        "research",
        QUESTION,
        "--corpus",
        str(ROOT / "examples" / "corpus"),
        "--max-iterations",
        "8",
        "--token-budget",
        "200000",
        "--max-sources",
        "30",
        "--json",
    ]
    proc = subprocess.Popen(
        command,
        cwd=ROOT,
        env=env,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL),  # a background shell may ignore it
    )
    assert proc.stderr is not None
    seen = []
    for line in proc.stderr:  # progress arrives on stderr while the debate runs
        seen.append(line)
        if "iteration 1 done" in line:
            proc.send_signal(signal.SIGINT)
            break
    out, err = proc.communicate(timeout=60)
    assert proc.returncode == 130, "".join(seen) + err
    assert "partial result kept" in err and "Traceback" not in err
    partial = ResearchResult.model_validate_json(out)  # --json still prints the partial result alone
    assert partial.cost_metadata.budget_exhausted
    repo = Repository.open(f"sqlite:///{tmp_path / 'consensus.db'}")
    run = repo.list_runs()[0]
    assert run.status == "cancelled" and run.result == partial
    assert [c.statement for c in partial.claims] == [
        c.statement for c in repo.list_claims(run.id) if c.status.value == "agreed"
    ]
    repo.close()


def test_interrupt_while_the_cli_loads_exits_quietly(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """Ctrl-C while ``consensus.cli`` is still importing: exit 130 and one word, no traceback.

    (A signal during the interpreter's own start-up, before any of our code runs, is Python's
    business; this checks the part that is ours, deterministically.)
    """

    class Loading(types.ModuleType):
        def __getattr__(self, name: str) -> object:
            raise KeyboardInterrupt

    monkeypatch.setitem(sys.modules, "consensus.cli", Loading("consensus.cli"))
    assert entry.main() == 130
    assert capsys.readouterr().err == "interrupted\n"
