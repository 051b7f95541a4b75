"""The store on a real SQLite file: schema checks, pragmas, sources, claims, the debate log, runs."""

from __future__ import annotations

import json
import sqlite3
import threading
import uuid
from collections.abc import Callable
from pathlib import Path

import anyio
import anyio.to_thread
import pytest
from sqlalchemy import text
from sqlalchemy.exc import IntegrityError

from protocols import (
    AgentRole,
    ClaimAgreed,
    ClaimChallenged,
    ClaimEvent,
    ClaimFinalized,
    ClaimRefined,
    ClaimRejectVote,
    ClaimState,
    ConfigurationError,
    Depth,
    EvidenceRecord,
    FinalizationMethod,
    IllegalTransition,
    NotFound,
    ResearchRequest,
    ResearchResult,
    ResearchTurn,
    SchemaMismatch,
    SourceDocument,
    StaleVersionError,
)
from store import (
    SCHEMA_VERSION,
    Repository,
    RunRecord,
    StoreFault,
    consensus_home,
    default_database_url,
    integrity_ok,
    open_engines,
)
from tests._store_worker import write_once
from tests.conftest import SOURCE_TEXT, Seeded

LEAD, SKEPTIC, DATA = AgentRole.LEAD, AgentRole.SKEPTIC, AgentRole.DATA
EXAMPLE = Path(__file__).parent / "fixtures" / "contract_examples" / "example1.json"


def _scalar(repo: Repository, sql: str, **params: object) -> object:
    with repo.engines.read.connect() as conn:
        return conn.execute(text(sql), params).scalar()


def _new_run(repo: Repository, *, owner: str = "", trace_id: str | None = None) -> RunRecord:
    return repo.create_run(
        ResearchRequest(question="Why?"),
        trace_id=trace_id or str(uuid.uuid4()),
        model_id="m",
        source_backend="memory",
        owner=owner,
    )


# ------------------------------------------------------------------------- schema and engines


def test_schema_version_is_recorded(repo: Repository) -> None:
    assert _scalar(repo, "SELECT value FROM schema_meta WHERE key = 'schema_version'") == str(SCHEMA_VERSION)


def test_reopening_the_same_store_works(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'again.db'}"
    first = Repository.open(url)
    run = _new_run(first)
    first.close()
    second = Repository.open(url)
    assert second.get_run(run.id).question == "Why?"
    second.close()


def test_newer_schema_version_is_refused_clearly(tmp_path: Path) -> None:
    path = tmp_path / "old.db"
    open_engines(f"sqlite:///{path}").dispose()
    with sqlite3.connect(path) as conn:
        conn.execute("UPDATE schema_meta SET value = '999' WHERE key = 'schema_version'")
    conn.close()
    with pytest.raises(SchemaMismatch) as info:
        open_engines(f"sqlite:///{path}")
    assert "999" in str(info.value)
    assert f"newer than this consensus (it knows up to {SCHEMA_VERSION})" in str(info.value)
    assert info.value.suggestion
    assert info.value.code == "SCHEMA_MISMATCH"


@pytest.mark.parametrize("table", ["notes", "run"])
def test_database_of_someone_else_is_refused(tmp_path: Path, table: str) -> None:
    path = tmp_path / "foreign.db"
    with sqlite3.connect(path) as conn:
        conn.execute(f"CREATE TABLE {table} (id INTEGER PRIMARY KEY, body TEXT)")
    conn.close()
    with pytest.raises(SchemaMismatch, match="not created by consensus"):
        open_engines(f"sqlite:///{path}")
    # and it was left alone
    with sqlite3.connect(path) as conn:
        tables = {r[0] for r in conn.execute("SELECT name FROM sqlite_master WHERE type = 'table'")}
    conn.close()
    assert tables == {table}


def test_file_that_is_not_a_database_is_a_store_fault(tmp_path: Path) -> None:
    path = tmp_path / "junk.db"
    path.write_text("this is not a database " * 100)
    with pytest.raises(StoreFault, match=r"junk\.db is damaged") as info:
        open_engines(f"sqlite:///{path}")
    assert info.value.kind == "corrupt" and info.value.suggestion


@pytest.mark.parametrize("url", ["nosuchdialect://host/db", "not a url at all", "sqlite:///{tmp}/a-file/x.db"])
def test_bad_url_is_a_configuration_error(tmp_path: Path, url: str) -> None:
    (tmp_path / "a-file").write_text("a file, not a folder")
    with pytest.raises(ConfigurationError) as info:
        open_engines(url.format(tmp=tmp_path))
    assert info.value.suggestion
    assert info.value.code == "NOT_CONFIGURED"


def test_default_store_lives_in_the_temporary_home(_isolated_home: Path) -> None:
    assert consensus_home() == _isolated_home
    assert default_database_url() == f"sqlite:///{_isolated_home / 'consensus.db'}"


@pytest.mark.sqlite_only
def test_pragmas_on_every_connection(repo: Repository) -> None:
    for engine in (repo.engines.write, repo.engines.read):
        with engine.connect() as conn:
            assert conn.execute(text("PRAGMA journal_mode")).scalar() == "wal"
            assert conn.execute(text("PRAGMA foreign_keys")).scalar() == 1
            assert conn.execute(text("PRAGMA busy_timeout")).scalar() == 30000
    assert integrity_ok(repo.engines.read)


def test_foreign_keys_are_enforced(repo: Repository) -> None:
    with pytest.raises(IntegrityError, match=r"(?i)foreign key"), repo.engines.write.begin() as conn:
        conn.execute(
            text(
                "INSERT INTO claim (id, run_id, statement, status, revision, proposer, confidence, version,"
                " changed_iteration, created_at, updated_at)"
                " VALUES ('clm_x', 'run_missing', 's', 'proposed', 1, 'lead', 0.5, 1, 0, '2026-01-01', '2026-01-01')"
            )
        )


@pytest.mark.sqlite_only
def test_write_transactions_take_the_write_lock_at_begin(repo: Repository, tmp_path: Path) -> None:
    """BEGIN IMMEDIATE: a write transaction holds the lock before it writes anything."""
    with repo.engines.write.begin() as conn:
        conn.execute(text("SELECT count(*) FROM run")).scalar()
        other = sqlite3.connect(tmp_path / "store.db", timeout=0, isolation_level=None)
        try:
            with pytest.raises(sqlite3.OperationalError, match="locked"):
                other.execute("BEGIN IMMEDIATE")
        finally:
            other.close()


@pytest.mark.sqlite_only
def test_read_transactions_do_not_take_the_write_lock(repo: Repository, tmp_path: Path) -> None:
    with repo.engines.read.begin() as conn:
        conn.execute(text("SELECT count(*) FROM run")).scalar()
        other = sqlite3.connect(tmp_path / "store.db", timeout=0, isolation_level=None)
        try:
            other.execute("BEGIN IMMEDIATE")
            other.execute("ROLLBACK")
        finally:
            other.close()


def test_opening_a_new_store_from_many_connections_at_once_succeeds(tmp_path: Path) -> None:
    """Creating a store is one transaction: nobody sees tables without a schema version."""
    for trial in range(8):
        url = f"sqlite:///{tmp_path / f'fresh{trial}.db'}"
        barrier = threading.Barrier(4)
        errors: list[BaseException] = []

        def open_it(url: str = url, barrier: threading.Barrier = barrier, errors: list[BaseException] = errors) -> None:
            barrier.wait()
            try:
                open_engines(url).dispose()
            except BaseException as exc:
                errors.append(exc)

        threads = [threading.Thread(target=open_it) for _ in range(4)]
        for t in threads:
            t.start()
        for t in threads:
            t.join()
        assert errors == []
        repo = Repository.open(url)
        assert _scalar(repo, "SELECT count(*) FROM schema_meta") == 1
        repo.close()


# ---------------------------------------------------------------------------------- sources


def test_same_text_twice_is_stored_once(repo: Repository) -> None:
    run = _new_run(repo)
    doc = SourceDocument(kind="file", locator="a.md", text=SOURCE_TEXT)
    first = repo.store_source(run.id, doc)
    second = repo.store_source(run.id, doc)
    assert first.id == second.id
    assert first.content_hash == doc.content_hash
    assert first.content_hash.startswith("sha256:")
    assert _scalar(repo, "SELECT count(*) FROM source_content") == 1
    assert _scalar(repo, "SELECT count(*) FROM source") == 1


def test_same_text_under_two_locators_is_two_sources_one_content(repo: Repository) -> None:
    run = _new_run(repo)
    a = repo.store_source(run.id, SourceDocument(kind="file", locator="a.md", text=SOURCE_TEXT))
    b = repo.store_source(run.id, SourceDocument(kind="web", locator="https://x.test/b", text=SOURCE_TEXT))
    other_run = _new_run(repo)
    c = repo.store_source(other_run.id, SourceDocument(kind="file", locator="a.md", text=SOURCE_TEXT))
    assert len({a.id, b.id, c.id}) == 3
    assert a.content_hash == b.content_hash == c.content_hash
    assert _scalar(repo, "SELECT count(*) FROM source") == 3
    assert _scalar(repo, "SELECT count(*) FROM source_content") == 1
    assert [s.locator for s in repo.list_sources(run.id)] == ["a.md", "https://x.test/b"]
    assert repo.get_source(b.id).text == SOURCE_TEXT


def test_different_text_is_stored_separately(repo: Repository) -> None:
    run = _new_run(repo)
    repo.store_source(run.id, SourceDocument(kind="file", locator="a.md", text="one"))
    repo.store_source(run.id, SourceDocument(kind="file", locator="a.md", text="two"))
    assert _scalar(repo, "SELECT count(*) FROM source_content") == 2


# ----------------------------------------------------------------------------------- claims


def test_proposal_writes_claim_evidence_vote_and_two_messages(
    repo: Repository, make_claim: Callable[..., Seeded]
) -> None:
    seeded = make_claim()
    claim = seeded.claim
    assert claim.version == 2
    assert claim.revision == 1
    assert claim.proposer is LEAD
    assert [(v.role, v.revision, v.verdict) for v in claim.votes] == [(LEAD, 1, "agree")]
    assert [e.excerpt for e in claim.evidence] == ["The bridge opened in 1932."]
    assert claim.evidence[0].locator == "bridge.md"
    debate = repo.claim_debate(claim.id)
    assert [m.action for m in debate] == ["claim_proposed", "claim_agreed"]
    assert [m.claim_version for m in debate] == [1, 2]
    assert repo.list_claims(seeded.run.id) == [claim]


def test_apply_moves_state_and_version(repo: Repository, make_claim: Callable[..., Seeded]) -> None:
    claim = make_claim().claim
    msg = ClaimChallenged(claim_id=claim.id, revision=1, reason="one source", challenged_by=SKEPTIC, severity="major")
    step = repo.apply(
        claim.id,
        expected_version=2,
        event=ClaimEvent.CHALLENGE,
        message=msg,
        agent=SKEPTIC,
        iteration=1,
        vote="challenge",
    )
    assert (step.status, step.version, step.revision, step.run_id) == (ClaimState.CHALLENGED, 3, 1, claim.run_id)
    after = repo.get_claim(claim.id)
    assert after.status is ClaimState.CHALLENGED
    assert after.version == 3
    assert after.changed_iteration == 1
    assert [(v.role, v.verdict) for v in after.votes] == [(LEAD, "agree"), (SKEPTIC, "challenge")]
    assert repo.claim_debate(claim.id)[-1].message == msg


def test_apply_without_event_keeps_state_but_moves_version(repo: Repository, make_claim: Callable[..., Seeded]) -> None:
    claim = make_claim().claim
    vote = ClaimRejectVote(claim_id=claim.id, voted_by=DATA, reason="going nowhere")
    step = repo.apply(claim.id, expected_version=2, event=None, message=vote, agent=DATA, iteration=2, vote="reject")
    assert (step.status, step.version) == (ClaimState.UNDER_REVIEW, 3)
    after = repo.get_claim(claim.id)
    assert after.status is ClaimState.UNDER_REVIEW
    assert after.version == 3
    assert after.reject_votes == [DATA]


def test_stale_version_is_refused_and_writes_nothing(repo: Repository, make_claim: Callable[..., Seeded]) -> None:
    claim = make_claim().claim
    agree = ClaimAgreed(claim_id=claim.id, revision=1, agreed_by=SKEPTIC, final_statement=claim.statement)
    repo.apply(claim.id, expected_version=2, event=ClaimEvent.AGREE, message=agree, agent=SKEPTIC, iteration=1)
    late = ClaimAgreed(claim_id=claim.id, revision=1, agreed_by=DATA, final_statement=claim.statement)
    with pytest.raises(StaleVersionError):
        repo.apply(
            claim.id, expected_version=2, event=ClaimEvent.AGREE, message=late, agent=DATA, iteration=1, vote="agree"
        )
    after = repo.get_claim(claim.id)
    assert after.version == 3
    assert len(repo.claim_debate(claim.id)) == 3
    assert DATA not in {v.role for v in after.votes}


def test_illegal_transition_leaves_nothing_written(repo: Repository, make_claim: Callable[..., Seeded]) -> None:
    seeded = make_claim()
    claim = seeded.claim
    challenge = ClaimChallenged(claim_id=claim.id, revision=1, reason="r", challenged_by=SKEPTIC, severity="critical")
    repo.apply(claim.id, expected_version=2, event=ClaimEvent.CHALLENGE, message=challenge, agent=SKEPTIC, iteration=1)
    claim = repo.get_claim(claim.id)
    messages_before = len(repo.messages(seeded.run.id))
    evidence = EvidenceRecord(source_id=seeded.source.id, locator="bridge.md", excerpt="It carries", start=27, end=37)
    finalize = ClaimFinalized(
        claim_id=claim.id, revision=1, statement=claim.statement, agreed_by=[LEAD], method=FinalizationMethod.UNANIMOUS
    )
    with pytest.raises(IllegalTransition):
        repo.apply(
            claim.id,
            expected_version=claim.version,
            event=ClaimEvent.FINALIZE,
            message=finalize,
            agent=LEAD,
            iteration=2,
            vote="agree",
            evidence=[evidence],
            finalization_method=FinalizationMethod.UNANIMOUS,
        )
    after = repo.get_claim(claim.id)
    assert after == claim
    assert after.finalization_method is None
    assert len(repo.messages(seeded.run.id)) == messages_before
    assert _scalar(repo, "SELECT count(*) FROM claim_evidence") == 1
    assert _scalar(repo, "SELECT count(*) FROM vote") == 1


def test_refine_bumps_revision_and_replaces_statement(repo: Repository, make_claim: Callable[..., Seeded]) -> None:
    seeded = make_claim()
    claim = seeded.claim
    new_statement = "The bridge opened in 1932 and carries eight lanes."
    extra = EvidenceRecord(
        source_id=seeded.source.id, locator="bridge.md", excerpt="It carries eight lanes of traffic.", start=27, end=61
    )
    assert SOURCE_TEXT[27:61] == extra.excerpt
    refined = ClaimRefined(
        claim_id=claim.id,
        revision=2,
        original_statement=claim.statement,
        refined_statement=new_statement,
        refined_by=DATA,
        additional_evidence=[extra],
    )
    step = repo.apply(
        claim.id,
        expected_version=2,
        event=ClaimEvent.REFINE,
        message=refined,
        agent=DATA,
        iteration=1,
        new_statement=new_statement,
        evidence=[extra],
    )
    assert (step.status, step.version, step.revision) == (ClaimState.REFINED, 3, 2)
    after = repo.get_claim(claim.id)
    assert after.status is ClaimState.REFINED
    assert after.revision == 2
    assert after.statement == new_statement
    assert [e.revision for e in after.evidence] == [1, 2]
    assert len(after.evidence_for(1)) == 1
    assert len(after.evidence_for()) == 2
    last = repo.claim_debate(claim.id)[-1]
    assert (last.action, last.revision, last.claim_version) == ("claim_refined", 2, 3)


def test_full_path_to_agreed(repo: Repository, make_claim: Callable[..., Seeded]) -> None:
    claim = make_claim().claim
    for role in (SKEPTIC, DATA):
        msg = ClaimAgreed(claim_id=claim.id, revision=1, agreed_by=role, final_statement=claim.statement)
        repo.apply(
            claim.id,
            expected_version=claim.version,
            event=ClaimEvent.AGREE,
            message=msg,
            agent=role,
            iteration=1,
            vote="agree",
        )
        claim = repo.get_claim(claim.id)
    final = ClaimFinalized(
        claim_id=claim.id,
        revision=1,
        statement=claim.statement,
        agreed_by=[LEAD, SKEPTIC, DATA],
        method=FinalizationMethod.UNANIMOUS,
    )
    repo.apply(
        claim.id,
        expected_version=claim.version,
        event=ClaimEvent.FINALIZE,
        message=final,
        agent=LEAD,
        iteration=2,
        finalization_method=FinalizationMethod.UNANIMOUS,
    )
    claim = repo.get_claim(claim.id)
    assert claim.status is ClaimState.AGREED
    assert claim.finalization_method is FinalizationMethod.UNANIMOUS
    assert repo.get_run(claim.run_id).agreed == 1
    with pytest.raises(IllegalTransition):
        repo.apply(
            claim.id, expected_version=claim.version, event=ClaimEvent.AGREE, message=final, agent=LEAD, iteration=3
        )


def test_messages_in_order(repo: Repository, make_claim: Callable[..., Seeded]) -> None:
    seeded = make_claim()
    claim = seeded.claim
    repo.append_message(seeded.run.id, ResearchTurn(agent=SKEPTIC, focus_area="dates"), agent="skeptic", iteration=1)
    for i, role in enumerate([SKEPTIC, DATA, SKEPTIC]):
        msg = ClaimRejectVote(claim_id=claim.id, voted_by=role, reason=f"vote {i}")
        repo.apply(claim.id, expected_version=claim.version, event=None, message=msg, agent=role, iteration=2)
        claim = repo.get_claim(claim.id)
    second = make_claim(run=seeded.run, statement="It carries eight lanes.").claim
    all_messages = repo.messages(seeded.run.id)
    seqs = [m.seq for m in all_messages]
    assert seqs == sorted(seqs) and len(set(seqs)) == len(seqs)
    assert [m.action for m in all_messages] == [
        "claim_proposed",
        "claim_agreed",
        "research_turn",
        "claim_reject_vote",
        "claim_reject_vote",
        "claim_reject_vote",
        "claim_proposed",
        "claim_agreed",
    ]
    debate = repo.claim_debate(claim.id)
    assert [m.claim_version for m in debate] == [1, 2, 3, 4, 5]
    assert [m.message.reason for m in debate[2:]] == ["vote 0", "vote 1", "vote 2"]  # type: ignore[union-attr]
    assert {m.claim_id for m in repo.messages(seeded.run.id, claim_id=second.id)} == {second.id}


# ------------------------------------------------------------------------------------- runs


def test_create_and_get_run(repo: Repository) -> None:
    run = repo.create_run(
        ResearchRequest(question="When?", context="ctx", depth=Depth.DEEP),
        trace_id=str(uuid.uuid4()),
        model_id="claude-x",
        source_backend="corpus",
        owner="host:1",
    )
    got = repo.get_run(run.id)
    assert (got.question, got.context, got.depth, got.status, got.owner) == (
        "When?",
        "ctx",
        "deep",
        "running",
        "host:1",
    )
    assert got.constraints.token_budget == 20000
    assert got.result is None
    assert [r.id for r in repo.list_runs()] == [run.id]


def test_lookup_by_trace_id_and_unique_prefix(repo: Repository) -> None:
    a = _new_run(repo, trace_id="11111111-aaaa-4aaa-8aaa-aaaaaaaaaaaa")
    b = _new_run(repo, trace_id="11111111-bbbb-4bbb-8bbb-bbbbbbbbbbbb")
    assert repo.get_run(a.trace_id).id == a.id
    assert repo.get_run(b.trace_id).id == b.id
    assert repo.get_run("11111111-b").id == b.id
    assert repo.get_run(a.id[:-1]).id == a.id
    with pytest.raises(NotFound):
        repo.get_run("11111111-")  # ambiguous: a prefix of both trace ids
    shared = a.id[: next(i for i, (x, y) in enumerate(zip(a.id, b.id, strict=True)) if x != y)]
    assert len(shared) >= 6
    with pytest.raises(NotFound):
        repo.get_run(shared)  # ambiguous: a prefix of both run ids


def test_unknown_ids_are_not_found(repo: Repository, make_claim: Callable[..., Seeded]) -> None:
    claim = make_claim().claim
    msg = ClaimRejectVote(claim_id="clm_nope", voted_by=DATA, reason="x")
    with pytest.raises(NotFound):
        repo.get_run("run_doesnotexist")
    with pytest.raises(NotFound):
        repo.get_run(str(uuid.uuid4()))
    with pytest.raises(NotFound):
        repo.get_claim("clm_doesnotexist")
    with pytest.raises(NotFound):
        repo.claim_debate("clm_doesnotexist")
    with pytest.raises(NotFound):
        repo.get_source("src_doesnotexist")
    with pytest.raises(NotFound):
        repo.apply("clm_nope", expected_version=1, event=None, message=msg, agent=DATA, iteration=0)
    with pytest.raises(NotFound):
        repo.finish_run("run_doesnotexist", status="failed")
    assert repo.get_claim(claim.id[:-2]).id == claim.id


def test_finish_run_stores_the_result(repo: Repository) -> None:
    run = _new_run(repo)
    data = json.loads(EXAMPLE.read_text(encoding="utf-8"))
    data["trace_id"] = run.trace_id
    result = ResearchResult.model_validate(data)
    repo.finish_run(run.id, status="completed", result=result)
    got = repo.get_run(run.id)
    assert got.status == "completed"
    assert got.result == result
    assert got.tokens_used == 450
    assert got.finished_at is not None
    with pytest.raises(ValueError, match="final status"):
        repo.finish_run(run.id, status="running")


def test_mark_interrupted_only_touches_running_runs_of_dead_owners(repo: Repository) -> None:
    alive = _new_run(repo, owner="host:1")
    dead = _new_run(repo, owner="host:2")
    done = _new_run(repo, owner="host:3")
    repo.finish_run(done.id, status="failed", error="boom")
    gone = repo.mark_interrupted(lambda owner: owner == "host:1")
    assert gone == [dead.id]
    assert repo.get_run(dead.id).status == "interrupted"
    assert repo.get_run(dead.id).error
    assert repo.get_run(dead.id).finished_at is not None
    assert repo.get_run(alive.id).status == "running"
    assert repo.get_run(done.id).status == "failed"
    assert repo.get_run(done.id).error == "boom"
    assert repo.mark_interrupted(lambda owner: False) == [alive.id]


# ------------------------------------------------------------------------------ from async code


@pytest.mark.anyio
async def test_repository_from_worker_threads_of_an_event_loop(
    repo: Repository, make_claim: Callable[..., Seeded]
) -> None:
    """The runtime's agents are anyio tasks that call the (sync) store in worker threads."""
    claim = make_claim().claim

    def five_changes(name: str) -> None:
        for i in range(5):
            write_once(repo, claim.id, label=f"{name}-{i}", mode="agree")

    async with anyio.create_task_group() as tg:
        for name in ("lead", "skeptic", "data"):
            tg.start_soon(anyio.to_thread.run_sync, five_changes, name)
    assert repo.get_claim(claim.id).version == claim.version + 15
    assert len(repo.claim_debate(claim.id)) == claim.version + 15


def test_concurrent_writers_store_the_same_document_once(repo: Repository) -> None:
    """No "read, then insert if absent" race: on PostgreSQL that raised an IntegrityError."""
    run = _new_run(repo)
    doc = SourceDocument(kind="file", locator="same.md", text="The same text, stored by everyone at once.")
    barrier = threading.Barrier(8)
    stored: list[str] = []
    errors: list[BaseException] = []

    def store() -> None:
        barrier.wait()
        try:
            for _ in range(5):
                stored.append(repo.store_source(run.id, doc).id)
        except BaseException as exc:
            errors.append(exc)

    threads = [threading.Thread(target=store) for _ in range(8)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert errors == []
    assert len(set(stored)) == 1
    assert _scalar(repo, "SELECT count(*) FROM source_content") == 1
