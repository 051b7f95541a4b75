"""Start-up cost: the share of a research run's CPU spent importing modules, and ``--help``'s imports.

Runs the real entry point in a fresh interpreter with ``-X importtime`` to learn which modules it
imports (in order), then replays exactly those imports in another fresh interpreter. Both costs are
CPU time (user + system, from the OS), not ``importtime``'s wall clock, which on a busy machine
mostly measures waiting for a core. The import share is the replay's CPU over the command's. The
research run uses the bundled example question over ``examples/corpus`` with the corpus index
already built (a first, unmeasured run builds it), in a temporary ``CONSENSUS_HOME``.

Bytecode: the commands run as an installed package runs, with Python's bytecode cache
(``__pycache__``, written by the unmeasured first run): ``PYTHONDONTWRITEBYTECODE`` is dropped from
their environment. Where it is set (as on the development machine) and nothing wrote the cache,
every run compiles the project's modules again, which costs ~0.1 s of CPU per run on both sides of
the share; ``--no-bytecode-cache`` keeps the variable and measures that. Run::

    .venv/bin/python bench/import_share.py            # 3 runs of each command
    .venv/bin/python bench/import_share.py --runs 5
    .venv/bin/python bench/import_share.py --no-bytecode-cache

Prints a table and one last line of ``name=value`` pairs. Timings are noisy on a shared machine:
read the range, and compare the two rows of one run with each other.
"""

from __future__ import annotations

import argparse
import os
import resource
import statistics
import subprocess
import sys
import tempfile
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
QUESTION = (
    "When and where did Apollo 11 land on the Moon, who walked on the surface, how long did the moonwalk last,"
    " what did the crew bring back, and when did the crew splash down?"
)
RESEARCH = [
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
    "--quiet",
]


@dataclass(frozen=True)
class Sample:
    cpu: float  # seconds of user + system CPU of the command
    imports: float  # seconds of CPU of a fresh interpreter importing what the command imported
    modules: frozenset[str]

    @property
    def share(self) -> float:
        return self.imports / self.cpu


def _cpu(command: list[str], env: dict[str, str]) -> tuple[float, subprocess.CompletedProcess[str]]:
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    proc = subprocess.run(command, cwd=ROOT, env=env, capture_output=True, text=True, check=False)
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    if proc.returncode != 0:
        raise RuntimeError(f"{command[:5]} failed: {proc.stderr[-1000:]}")
    return (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime), proc


def run_once(args: list[str], home: Path, *, bytecode_cache: bool = True) -> Sample:
    """``python -X importtime -m consensus ARGS``, then a replay of its top-level imports."""
    env = {**os.environ, "CONSENSUS_HOME": str(home), "PYTHONPATH": str(ROOT)}
    if bytecode_cache:
        env.pop("PYTHONDONTWRITEBYTECODE", None)
    for key in ("ANTHROPIC_API_KEY", "TAVILY_API_KEY", "CONSENSUS_DATABASE_URL"):
        env.pop(key, None)
    cpu, proc = _cpu([sys.executable, "-X", "importtime", "-m", "consensus", *args], env)
    order, modules = [], set()
    for line in proc.stderr.splitlines():
        if not line.startswith("import time:") or "cumulative" in line:
            continue
        name = line.split("|")[2]
        modules.add(name.strip())
        if not name.startswith("  ") and name.strip() not in ("consensus.__main__", "__main__"):
            order.append(name.strip())  # imported by nobody else: replaying it imports its subtree
    replay = "import importlib\nfor name in " + repr(order) + ":\n    importlib.import_module(name)\n"
    imports, _ = _cpu([sys.executable, "-c", replay], env)
    return Sample(cpu, imports, frozenset(modules))


def _fmt(values: list[float], unit: str = "s") -> str:
    return f"{statistics.median(values):.2f} {unit} ({min(values):.2f}-{max(values):.2f})"


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0] if __doc__ else None)
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument(
        "--no-bytecode-cache",
        action="store_true",
        help="keep PYTHONDONTWRITEBYTECODE from the environment (the project's modules may be compiled on every run)",
    )
    args = parser.parse_args(argv)
    with tempfile.TemporaryDirectory(prefix="consensus-imports-") as tmp:
        home = Path(tmp)
        cache = not args.no_bytecode_cache
        run_once(RESEARCH, home, bytecode_cache=cache)  # builds the corpus index (and bytecode cache), unmeasured
        helps = [run_once(["--help"], home, bytecode_cache=cache) for _ in range(args.runs)]
        runs = [run_once(RESEARCH, home, bytecode_cache=cache) for _ in range(args.runs)]
    shares = [s.share for s in runs]
    heavy = ("sqlalchemy", "sqlmodel", "agents", "anthropic", "tavily", "mcp")
    help_heavy = sorted({m.split(".")[0] for s in helps for m in s.modules} & set(heavy))
    bytecode = "bytecode cache off where PYTHONDONTWRITEBYTECODE is set" if args.no_bytecode_cache else "bytecode cache"
    print(f"{args.runs} runs each, {bytecode}; medians (range)\n")
    print("| command            | CPU                | CPU importing      | import share             |")
    print("|--------------------|--------------------|--------------------|--------------------------|")
    print(
        f"| consensus --help   | {_fmt([s.cpu for s in helps]):<18} | {_fmt([s.imports for s in helps]):<18} "
        f"| {_fmt([s.share * 100 for s in helps], '%'):<24} |"
    )
    print(
        f"| consensus research | {_fmt([s.cpu for s in runs]):<18} | {_fmt([s.imports for s in runs]):<18} "
        f"| {_fmt([x * 100 for x in shares], '%'):<24} |"
    )
    print(f"\n--help imports of {', '.join(heavy)}: {', '.join(help_heavy) or 'none'}")
    pairs = {
        "help_cpu_s": f"{statistics.median(s.cpu for s in helps):.2f}",
        "help_heavy_imports": ",".join(help_heavy) or "none",
        "research_cpu_s": f"{statistics.median(s.cpu for s in runs):.2f}",
        "research_import_s": f"{statistics.median(s.imports for s in runs):.2f}",
        "research_import_share": f"{statistics.median(shares):.3f}",
        "bytecode_cache": str(not args.no_bytecode_cache).lower(),
    }
    print(" ".join(f"{k}={v}" for k, v in pairs.items()))


if __name__ == "__main__":
    main()
