"""The fault-injection bench as a test: every backend fault it injects must pass its checks.

``bench/faults.py`` runs each Claude and Tavily fault against a fake server and checks that the run
stops ``failed`` with a one-line error naming the backend, that the tokens the fake server reported
were all metered, and that neither API key reached the store, the trace, the logs or stderr.
"""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path
from types import ModuleType

import pytest

BENCH = Path(__file__).resolve().parent.parent / "bench" / "faults.py"


def _bench() -> ModuleType:
    spec = importlib.util.spec_from_file_location("bench_faults", BENCH)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # dataclasses look their module up while the class is built
    spec.loader.exec_module(module)
    return module


faults = _bench()


@pytest.mark.parametrize("name", list(faults.FAULTS))
def test_backend_fault_fails_the_run_clearly_metered_and_without_leaks(name: str) -> None:
    row = faults.run_fault(name)
    assert row.status == "failed"
    assert row.problems == []
    assert row.leaks == []
    assert row.spent > 0 and row.metered == row.spent
    assert row.error.startswith("error: ") and "\n" not in row.error


def test_the_bench_leak_check_can_fail(tmp_path: Path) -> None:
    """A key in a file of the data home or in the output is reported by the bench's leak check."""
    home = tmp_path
    (home / "trace.jsonl").write_text(f'{{"reason": "{faults.CLAUDE_KEY}"}}')
    assert faults._leaks(home, [f"error: {faults.TAVILY_KEY}"]) == [
        "trace.jsonl: sk-ant-bench...",
        "output 0: tvly-bench-S...",
    ]
