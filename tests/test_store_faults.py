"""Store faults reach the user as one line and a non-zero exit: damaged file, changed schema, full disk,
I/O error, read-only store. Every output is checked for a traceback."""

from __future__ import annotations

import os
import random
import shutil
import sqlite3
import subprocess
import sys
import uuid
from datetime import UTC, datetime
from pathlib import Path

import pytest
from sqlalchemy import update

from consensus.cli import main
from protocols import AgentRole, ResearchRequest, ResearchTurn, SourceDocument
from store import Repository, StoreFault, open_engines
from store.faults import fault_from
from store.models import tables

REPO_ROOT = Path(__file__).resolve().parent.parent
PAGE = 4096


def _sqlite_error(code: int, text: str) -> sqlite3.Error:
    exc = sqlite3.OperationalError(text)
    exc.sqlite_errorcode = code  # type: ignore[attr-defined]
    return exc


def _filled_store(path: Path, runs: int = 12) -> list[str]:
    """A store with finished runs, each with a source of a few pages and some messages."""
    repo = Repository.open(f"sqlite:///{path}")
    ids = []
    for n in range(runs):
        run = repo.create_run(
            ResearchRequest(question=f"Q{n}?"), trace_id=str(uuid.uuid4()), model_id="m", source_backend="s"
        )
        text = f"Document {n}. " + "A sentence of the document. " * 400
        repo.store_source(run.id, SourceDocument(kind="file", locator=f"d{n}.md", text=text))
        for i in range(3):
            repo.append_message(
                run.id, ResearchTurn(agent=AgentRole.LEAD, focus_area=f"a{i}"), agent="lead", iteration=i
            )
        repo.finish_run(run.id, status="completed")
        ids.append(run.id)
    repo.close()  # the last connection checkpoints the WAL into the file
    return ids


def _run_cli(argv: list[str], capsys: pytest.CaptureFixture[str]) -> tuple[int, str, str]:
    code = main(argv)
    captured = capsys.readouterr()
    assert "Traceback" not in captured.err + captured.out
    return code, captured.out, captured.err


# ------------------------------------------------------------------------------ classification


@pytest.mark.parametrize(
    ("code", "text", "kind"),
    [
        (sqlite3.SQLITE_FULL, "database or disk is full", "disk_full"),
        (sqlite3.SQLITE_IOERR | (3 << 8), "disk I/O error", "io_error"),
        (sqlite3.SQLITE_CORRUPT, "database disk image is malformed", "corrupt"),
        (sqlite3.SQLITE_NOTADB, "file is not a database", "corrupt"),
        (sqlite3.SQLITE_READONLY, "attempt to write a readonly database", "read_only"),
        (sqlite3.SQLITE_ERROR, "no such column: run.error", "schema"),
    ],
)
def test_driver_errors_become_store_faults_with_what_to_do(code: int, text: str, kind: str) -> None:
    fault = fault_from(_sqlite_error(code, text), url="sqlite:////data/consensus.db")
    assert fault is not None and fault.kind == kind
    assert "/data/consensus.db" in fault.message and fault.suggestion
    assert fault.code == "STORE_FAULT"


@pytest.mark.parametrize(
    ("code", "text"), [(sqlite3.SQLITE_BUSY, "database is locked"), (sqlite3.SQLITE_CONSTRAINT, "UNIQUE failed")]
)
def test_busy_and_constraint_errors_are_left_to_their_retry_rules(code: int, text: str) -> None:
    assert fault_from(_sqlite_error(code, text), url="sqlite:///x.db") is None


# ------------------------------------------------------------------------------ damaged stores


def _damage(db: Path, how: str, where: float) -> None:
    pages = db.stat().st_size // PAGE
    page = max(2, int(pages * where))
    if how == "truncated":
        os.truncate(db, page * PAGE)
        return
    with db.open("r+b") as f:
        if how == "header":
            f.write(b"not a sqlite db!")
            return
        f.seek((page - 1) * PAGE)  # over one whole b-tree page
        f.write(bytes(PAGE) if how == "zeros" else random.Random(page).randbytes(PAGE))


@pytest.mark.parametrize(
    ("how", "where"),
    [
        *[("garbage", where) for where in (0.15, 0.35, 0.55, 0.75, 0.95)],
        ("zeros", 0.5),
        ("truncated", 0.5),
        ("header", 0.0),
    ],
)
def test_a_damaged_store_is_refused_by_runs_every_time(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], how: str, where: float
) -> None:
    db = tmp_path / "consensus.db"
    _filled_store(db)
    _damage(db, how, where)
    for _ in range(3):
        code, out, err = _run_cli(["--db", f"sqlite:///{db}", "runs"], capsys)
        assert code == 1, out
        assert "is damaged" in err and "what to do" in err and "***" not in err


def test_a_dropped_column_is_a_schema_fault_not_a_traceback(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    db = tmp_path / "consensus.db"
    run_id = _filled_store(db, runs=2)[0]
    with sqlite3.connect(db) as conn:
        conn.execute("ALTER TABLE run DROP COLUMN current_action")
    conn.close()
    for argv in (["runs"], ["show", run_id]):
        code, _out, err = _run_cli(["--db", f"sqlite:///{db}", *argv], capsys)
        assert code == 1
        assert "does not match the schema version" in err and "current_action" in err
    with pytest.raises(StoreFault, match="current_action"):
        open_engines(f"sqlite:///{db}")


# ------------------------------------------------------------------------------ faults during a run


def _corpus(tmp_path: Path) -> Path:
    root = tmp_path / "corpus"
    root.mkdir()
    (root / "bridge.md").write_text(
        "# The bridge\n\nThe bridge opened in 1932. It carries eight lanes of traffic.\n\n"
        "The bridge is 1149 metres long and was built from steel.\n",
        encoding="utf-8",
    )
    (root / "bridge-notes.md").write_text(
        "# Notes\n\nThe bridge opened in 1932 after eight years of work. It is 1149 metres long.\n", encoding="utf-8"
    )
    return root


@pytest.mark.parametrize("limit", [16 * 1024, 64 * 1024])  # the corpus index's 32 KB WAL index fails / the store
def test_a_file_size_limit_mid_run_is_one_line_and_the_run_does_not_stay_running(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], _isolated_home: Path, limit: int
) -> None:
    corpus = _corpus(tmp_path)
    question = "When did the bridge open and how long is it?"
    assert main(["research", question, "--corpus", str(corpus), "--quiet"]) == 0  # store and index exist
    capsys.readouterr()
    assert (_isolated_home / "consensus.db").stat().st_size > limit
    child = (
        "import resource, sys\n"
        f"resource.setrlimit(resource.RLIMIT_FSIZE, ({limit}, {limit}))\n"
        "from consensus.cli import main\n"
        f"sys.exit(main(['research', {question!r}, '--corpus', {str(corpus)!r}, '--quiet']))\n"
    )
    env = {**os.environ, "CONSENSUS_HOME": str(_isolated_home)}
    done = subprocess.run([sys.executable, "-c", child], capture_output=True, text=True, env=env, cwd=REPO_ROOT)
    assert done.returncode == 1, done.stderr
    assert "Traceback" not in done.stderr + done.stdout
    lines = done.stderr.strip().splitlines()
    assert lines[0].startswith("error: ") and lines[1].startswith("  what to do: ")
    assert "ulimit -f" in done.stderr
    code, out, _err = _run_cli(["runs"], capsys)
    assert code == 0
    statuses = [line.split()[1] for line in out.splitlines()[1:] if line.startswith("run_")]
    if limit < 32 * 1024:  # the corpus index could not even open its WAL index: no run was started
        assert "corpus index" in done.stderr and statuses == ["completed"]
    else:
        assert statuses[0] in ("failed", "interrupted") and len(statuses) == 2, out


def test_an_io_error_inside_the_debate_fails_the_run_with_one_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    corpus = _corpus(tmp_path)

    def broken(self: Repository, run_id: str, doc: SourceDocument) -> None:
        raise fault_from(_sqlite_error(sqlite3.SQLITE_IOERR, "disk I/O error"), url=self.engines.url)  # type: ignore[misc]

    with monkeypatch.context() as patch:  # not monkeypatch.undo(): that would also undo the isolated home
        patch.setattr(Repository, "store_source", broken)  # called by the agents' searches, in a task group
        argv = ["research", "When did the bridge open?", "--corpus", str(corpus), "--quiet"]
        code, out, err = _run_cli(argv, capsys)
    assert code == 1 and out == ""
    assert err.startswith("error: an I/O error while using the store")
    code, out, _ = _run_cli(["runs"], capsys)
    assert out.splitlines()[1].split()[1] == "failed", out


# ------------------------------------------------------------------------------ read-only stores


def _without_root_privilege(argv: list[str], home: Path) -> subprocess.CompletedProcess[str]:
    """Run the CLI as root *without* the capability to bypass file permissions (tests run as root)."""
    setpriv = shutil.which("setpriv")
    assert setpriv is not None, "setpriv (util-linux) is needed to drop CAP_DAC_OVERRIDE"
    cmd = [setpriv, "--bounding-set", "-dac_override,-dac_read_search", "--", sys.executable, "-m", "consensus", *argv]
    env = {**os.environ, "CONSENSUS_HOME": str(home)}
    return subprocess.run(cmd, capture_output=True, text=True, env=env, cwd=REPO_ROOT)


@pytest.mark.parametrize("read_only", ["file", "file and folder"])
def test_a_read_only_store_can_still_be_listed_and_shown(tmp_path: Path, read_only: str) -> None:
    home = tmp_path / "home"
    home.mkdir()
    ids = _filled_store(home / "consensus.db", runs=3)
    probe = _without_root_privilege(["schema", "request"], home)
    assert probe.returncode == 0, probe.stderr
    (home / "consensus.db").chmod(0o444)
    if read_only == "file and folder":
        home.chmod(0o555)  # not even SQLite's WAL index can be created: opened immutable
    try:
        listed = _without_root_privilege(["runs"], home)
        shown = _without_root_privilege(["show", ids[0]], home)
        traced = _without_root_privilege(["trace", ids[0]], home)
        research = _without_root_privilege(["research", "Why?", "--corpus", str(_corpus(tmp_path))], home)
    finally:
        home.chmod(0o755)
        (home / "consensus.db").chmod(0o644)
    assert listed.returncode == 0, listed.stderr
    assert all(run_id[:14] in listed.stdout for run_id in ids)
    assert shown.returncode == 0, shown.stderr
    assert f"Run {ids[0]}" in shown.stdout
    assert traced.returncode == 1 and "no trace file" in traced.stderr  # the run was read; it has no trace
    assert research.returncode == 1
    assert "Traceback" not in listed.stderr + shown.stderr + traced.stderr + research.stderr
    assert any(word in research.stderr.lower() for word in ("read-only", "cannot open", "cannot write"))


# ------------------------------------------------------------------------------ interrupted runs


def test_an_interrupted_run_finishes_at_its_last_heartbeat_or_message(repo: Repository) -> None:
    run = repo.create_run(
        ResearchRequest(question="Why?"), trace_id=str(uuid.uuid4()), model_id="m", source_backend="s"
    )
    repo.update_progress(run.id, iteration=1, tokens_used=10, current_action="debating")
    repo.append_message(run.id, ResearchTurn(agent=AgentRole.LEAD, focus_area="x"), agent="lead", iteration=1)
    heartbeat = datetime(2026, 1, 2, 3, 4, 5, tzinfo=UTC)
    message = datetime(2026, 1, 2, 3, 9, 0, tzinfo=UTC)
    run_t, message_t = tables()["run"], tables()["message"]
    with repo.engines.write.begin() as conn:
        conn.execute(update(run_t).where(run_t.c.id == run.id).values(updated_at=heartbeat))
        conn.execute(update(message_t).where(message_t.c.run_id == run.id).values(created_at=message))
    assert repo.mark_interrupted(lambda owner: False) == [run.id]
    assert repo.get_run(run.id).finished_at == message
