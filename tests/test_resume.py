"""Resuming runs from the store: after a cancel, after a SIGKILL of the process running it; what may not resume.

The bar: every claim agreed before the stop is in the final result unchanged, no claim is finalized
twice, and the run ends ``completed``.
"""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from collections import Counter
from pathlib import Path

import anyio
import pytest

from agents.sources.corpus import LocalCorpus
from consensus.cli import main
from consensus.partial import partial_result
from consensus.resume import take_over_run
from consensus.runtime import Researcher
from protocols import ClaimFinalized, ClaimState, InvalidRequest, ResearchConstraints, ResearchRequest
from store import ClaimRecord, Repository
from tests.slowmodel import SlowModel

ROOT = Path(__file__).resolve().parent.parent
CORPUS = ROOT / "examples" / "corpus"
QUESTION = (
    "When and where did Apollo 11 land on the Moon, who walked on the surface, how long did the moonwalk "
    "last, what did the crew bring back, and when did the crew splash down?"
)
ROOMY = ResearchConstraints(max_iterations=8, token_budget=200_000, max_sources=30)


def _agreed(repo: Repository, run_id: str) -> dict[str, ClaimRecord]:
    return {c.id: c for c in repo.list_claims(run_id) if c.status is ClaimState.AGREED}


def _check_resumed(repo: Repository, run_id: str, before: dict[str, ClaimRecord]) -> None:
    """The run completed; what was agreed before is unchanged and in the result; nothing finalized twice."""
    run = repo.get_run(run_id)
    assert run.status == "completed" and run.result is not None
    after = _agreed(repo, run_id)
    for claim_id, claim in before.items():
        assert after[claim_id] == claim  # same statement, revision, version, votes, evidence
    in_result = {c.id for c in run.result.claims}
    assert set(before) <= in_result
    finalized = Counter(m.claim_id for m in repo.messages(run_id) if isinstance(m.message, ClaimFinalized))
    assert all(n == 1 for n in finalized.values())


def _researcher(repo: Repository, home: Path, latency: float) -> Researcher:
    corpus = LocalCorpus(CORPUS, index_path=home / "index.db")
    return Researcher(repo, SlowModel(latency), corpus, home=home)


@pytest.mark.anyio
async def test_a_cancelled_run_resumes_to_completion_keeping_what_was_agreed(tmp_path: Path, repo: Repository) -> None:
    first = _researcher(repo, tmp_path, 0.02)
    run = await first.open_run(ResearchRequest(question=QUESTION, constraints=ROOMY))
    with anyio.CancelScope() as scope:

        async def stop_after_an_agreement() -> None:
            agreed: dict[str, ClaimRecord] = {}
            while not agreed:  # polled: the store is the only place that knows
                await anyio.sleep(0.02)
                agreed = await anyio.to_thread.run_sync(_agreed, repo, run.id)
            scope.cancel()

        async with anyio.create_task_group() as tg:
            tg.start_soon(stop_after_an_agreement)
            await first.run(run)
    await first.sources.aclose()
    stopped = repo.get_run(run.id)
    # stopped partway: the first agreement may come within the first round (``iteration`` counts rounds done)
    assert stopped.status == "cancelled" and stopped.iteration < ROOMY.max_iterations
    before = _agreed(repo, run.id)
    assert before

    second = _researcher(repo, tmp_path, 0.0)
    taken = await take_over_run(repo, run.id[:12], budget={"max_iterations": 12})
    assert taken.status == "running" and taken.constraints.max_iterations == 12 and taken.iteration == stopped.iteration
    try:
        await second.run(taken)
    finally:
        await second.sources.aclose()
    _check_resumed(repo, run.id, before)
    steps = repo.traces.steps(run.id)
    assert [e["step"] for e in steps] == list(range(1, len(steps) + 1))  # one trace, continued
    assert [e["action"] for e in steps].count("run_started") == 2


@pytest.mark.anyio
async def test_what_may_not_be_resumed_is_refused_with_why(tmp_path: Path, repo: Repository) -> None:
    live = repo.create_run(
        ResearchRequest(question="Q?"), trace_id="t-live", model_id="m", source_backend="s", owner="h:1"
    )
    with pytest.raises(InvalidRequest, match="running under h:1"):
        await take_over_run(repo, live.id)
    repo.finish_run(live.id, status="completed")
    with pytest.raises(InvalidRequest, match="it is completed"):
        await take_over_run(repo, live.id)
    with pytest.raises(InvalidRequest, match="out of bounds"):
        await take_over_run(repo, live.id, budget={"max_iterations": 0})


def _wait(condition: object, *, timeout: float, what: str) -> None:
    deadline = time.monotonic() + timeout
    while not condition():  # type: ignore[operator]
        if time.monotonic() > deadline:
            pytest.fail(f"timed out waiting for {what}")
        time.sleep(0.05)


@pytest.mark.skipif(not hasattr(signal, "SIGKILL"), reason="needs SIGKILL")
def test_a_research_killed_mid_run_yields_a_partial_result_and_resumes(
    tmp_path: Path, _isolated_home: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    url = f"sqlite:///{_isolated_home / 'consensus.db'}"
    env = {**os.environ, "CONSENSUS_OFFLINE_LATENCY": "0.1", "PYTHONPATH": str(ROOT)}
    command = [sys.executable, "-m", "consensus", "research", QUESTION, "--corpus", str(CORPUS), "--quiet"]
    command += ["--max-iterations", "8", "--token-budget", "200000", "--max-sources", "30"]
    proc = subprocess.Popen(command, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, cwd=tmp_path)
    repo = Repository.open(url)
    try:
        _wait(
            lambda: bool(repo.list_runs()) and bool(_agreed(repo, repo.list_runs()[0].id)),
            timeout=60,
            what="an agreement",
        )
        os.kill(proc.pid, signal.SIGKILL)
        proc.wait(timeout=30)
        run_id = repo.list_runs()[0].id
        before = _agreed(repo, run_id)
        assert main(["runs"]) == 0 and "interrupted" in capsys.readouterr().out  # its process is gone
        record = repo.get_run(run_id)
        partial = partial_result(repo, record)  # what research_result answers for it
        assert {c.id for c in partial.claims} == set(before) and "partial" in partial.answer
        assert main(["resume", run_id[:14], "--corpus", str(CORPUS), "--quiet", "--json"]) == 0
        capsys.readouterr()
        _check_resumed(repo, run_id, before)
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait()
        repo.close()
