"""Run reports: the run list, a run's debates in every format, the trace, and the CLI around them.

The fixture plays a whole debate through the repository exactly as the referee writes it (the same
lifecycle events, votes and messages), so the report reads what a real run leaves behind.
"""

from __future__ import annotations

import json
import sqlite3
import uuid
from collections.abc import Iterator
from dataclasses import dataclass
from html.parser import HTMLParser
from pathlib import Path

import pytest

from consensus.cli import main
from consensus.reports.text import render_runs, render_show, render_trace
from protocols import (
    AgentRole,
    AgreedClaim,
    Authority,
    Citation,
    ClaimAgreed,
    ClaimChallenged,
    ClaimDefended,
    ClaimEvent,
    ClaimFinalized,
    ClaimMediated,
    ClaimRefined,
    ClaimRejected,
    ClaimRejectVote,
    ClaimStalled,
    ClaimState,
    ClaimTimeoutWarning,
    ConfidenceFactors,
    CostMetadata,
    DebateMessage,
    EvidenceRecord,
    FinalizationMethod,
    Gap,
    GapCategory,
    NotFound,
    ResearchRequest,
    ResearchResult,
    SourceDocument,
    parse_message,
)
from store import ClaimRecord, Repository, RunRecord, SourceRecord

LEAD, SKEPTIC, DATA = AgentRole.LEAD, AgentRole.SKEPTIC, AgentRole.DATA

BRIDGE = (
    "The Harbour Bridge opened to traffic in March 1932. It carries eight lanes of road traffic "
    "and two railway lines. Its main span is 503 metres long."
)
ARCHIVE = "City archive: the bridge was formally opened on 19 March 1932 by the premier of the state."
BLOG = "A travel blog claims the bridge opened in 1930, two years earlier than most sources say."
PLANTED = "<script>alert('pwned')</script> The bridge is painted every year."


@dataclass(frozen=True)
class Debate:
    """A finished run with four claims: unanimous, mediated, rejected, and stalled (open)."""

    run: RunRecord
    unanimous: ClaimRecord
    mediated: ClaimRecord
    rejected: ClaimRecord
    stalled: ClaimRecord
    db_url: str


def _quote(source: SourceRecord, excerpt: str) -> EvidenceRecord:
    start = source.text.index(excerpt)
    return EvidenceRecord(
        source_id=source.id, locator=source.locator, excerpt=excerpt, start=start, end=start + len(excerpt)
    )


class Play:
    """Writes one claim's debate step by step, carrying the claim's version like the referee does."""

    def __init__(self, repo: Repository, claim: ClaimRecord) -> None:
        self.repo, self.claim = repo, claim

    def __call__(
        self, event: ClaimEvent | None, message: DebateMessage, agent: AgentRole, iteration: int, **kw: object
    ) -> Play:
        self.repo.apply(
            self.claim.id,
            expected_version=self.claim.version,
            event=event,
            message=message,
            agent=agent,
            iteration=iteration,
            **kw,  # type: ignore[arg-type]
        )
        self.claim = self.repo.get_claim(self.claim.id)
        return self


def _agree(play: Play, agent: AgentRole, event: ClaimEvent, iteration: int) -> None:
    c = play.claim
    msg = ClaimAgreed(claim_id=c.id, revision=c.revision, agreed_by=agent, final_statement=c.statement)
    play(event, msg, agent, iteration, vote="agree")


def _build_debate(repo: Repository, db_url: str) -> Debate:
    run = repo.create_run(
        ResearchRequest(question="When did the Harbour Bridge open, and how long is its main span?"),
        trace_id=str(uuid.uuid4()),
        model_id="scripted-model",
        source_backend="memory",
    )
    repo.add_scope(run.id, ["When did the bridge open?", "How long is the main span?"])
    bridge = repo.store_source(run.id, SourceDocument(kind="file", locator="docs/bridge.md", text=BRIDGE))
    archive = repo.store_source(
        run.id,
        SourceDocument(
            kind="file", locator="docs/archive.txt", title="City archive", text=ARCHIVE, authority=Authority.HIGH
        ),
    )
    blog = repo.store_source(run.id, SourceDocument(kind="file", locator="docs/blog.html", text=BLOG))

    # 1. lead proposes; skeptic challenges (single source); lead refines; all agree; unanimous.
    a = Play(
        repo,
        repo.propose_claim(
            run.id,
            proposer=LEAD,
            statement="The Harbour Bridge opened in 1932.",
            evidence=[_quote(bridge, "The Harbour Bridge opened to traffic in March 1932.")],
            scope_index=0,
            confidence=0.7,
            iteration=0,
        ),
    )
    cid = a.claim.id
    a(
        ClaimEvent.CHALLENGE,
        ClaimChallenged(
            claim_id=cid,
            revision=1,
            reason="Only one source gives the year; the month is missing.",
            challenged_by=SKEPTIC,
            severity="major",
            basis="single_source",
            satisfied_by="An independent record of the opening date.",
        ),
        SKEPTIC,
        1,
        vote="challenge",
    )
    a(
        ClaimEvent.REFINE,
        ClaimRefined(
            claim_id=cid,
            revision=2,
            original_statement="The Harbour Bridge opened in 1932.",
            refined_statement="The Harbour Bridge opened on 19 March 1932.",
            refined_by=LEAD,
            reason="add the archive's exact date",
            additional_evidence=[_quote(archive, "the bridge was formally opened on 19 March 1932")],
        ),
        LEAD,
        1,
        new_statement="The Harbour Bridge opened on 19 March 1932.",
        evidence=[_quote(archive, "the bridge was formally opened on 19 March 1932")],
    )
    _agree(a, LEAD, ClaimEvent.AGREE, 2)
    _agree(a, SKEPTIC, ClaimEvent.CONCEDE, 2)
    _agree(a, DATA, ClaimEvent.AGREE, 2)
    a(
        ClaimEvent.FINALIZE,
        ClaimFinalized(
            claim_id=cid,
            revision=2,
            statement=a.claim.statement,
            agreed_by=[LEAD, SKEPTIC, DATA],
            method=FinalizationMethod.UNANIMOUS,
        ),
        LEAD,
        2,
        finalization_method=FinalizationMethod.UNANIMOUS,
    )

    # 2. skeptic proposes; data challenges with counter-evidence; skeptic withdraws: rejected.
    b = Play(
        repo,
        repo.propose_claim(
            run.id,
            proposer=SKEPTIC,
            statement="The bridge opened in 1930.",
            evidence=[_quote(blog, "the bridge opened in 1930")],
            scope_index=0,
            confidence=0.3,
            iteration=1,
        ),
    )
    b(
        ClaimEvent.CHALLENGE,
        ClaimChallenged(
            claim_id=b.claim.id,
            revision=1,
            reason="The city archive gives 1932.",
            challenged_by=DATA,
            severity="critical",
            basis="contradicted",
            satisfied_by="A primary record that dates the opening to 1930.",
            counter_evidence=[_quote(archive, "formally opened on 19 March 1932")],
        ),
        DATA,
        1,
        vote="challenge",
        evidence=[_quote(archive, "formally opened on 19 March 1932")],
        evidence_role="counter",
    )
    b(
        ClaimEvent.WITHDRAW,
        ClaimRejected(
            claim_id=b.claim.id,
            reason="withdrawn by proposer: the blog contradicts the archive",
            rejected_by=[SKEPTIC],
            conflicting_sources=True,
        ),
        SKEPTIC,
        2,
    )

    # 3. lead proposes; skeptic challenges; lead defends: a lead/skeptic deadlock that the data
    #    researcher mediates (uphold), and the lead finalizes as mediated.
    m = Play(
        repo,
        repo.propose_claim(
            run.id,
            proposer=LEAD,
            statement="The main span of the bridge is 503 metres long.",
            evidence=[_quote(bridge, "Its main span is 503 metres long.")],
            scope_index=1,
            confidence=0.8,
            iteration=2,
        ),
    )
    m(
        ClaimEvent.CHALLENGE,
        ClaimChallenged(
            claim_id=m.claim.id,
            revision=1,
            reason="A length needs a second source.",
            challenged_by=SKEPTIC,
            severity="minor",
            basis="imprecise",
        ),
        SKEPTIC,
        2,
        vote="challenge",
    )
    m(
        ClaimEvent.DEFEND,
        ClaimDefended(
            claim_id=m.claim.id, revision=1, defended_by=LEAD, argument="The excerpt states the span verbatim."
        ),
        LEAD,
        3,
    )
    m(
        None,
        ClaimMediated(
            claim_id=m.claim.id,
            revision=1,
            mediated_by=DATA,
            verdict="uphold",
            reason="The number matches the excerpt exactly.",
        ),
        DATA,
        3,
    )
    m(
        ClaimEvent.MEDIATE,
        ClaimFinalized(
            claim_id=m.claim.id,
            revision=1,
            statement=m.claim.statement,
            agreed_by=[LEAD],
            method=FinalizationMethod.MEDIATED,
            note="deadlock settled by the data researcher",
        ),
        LEAD,
        3,
        finalization_method=FinalizationMethod.MEDIATED,
    )

    # 4. data proposes (with an HTML payload in the statement); lead challenges; warned; stalled.
    s = Play(
        repo,
        repo.propose_claim(
            run.id,
            proposer=DATA,
            statement=PLANTED,
            evidence=[_quote(bridge, "It carries eight lanes of road traffic")],
            scope_index=None,
            confidence=0.4,
            iteration=3,
        ),
    )
    s(
        ClaimEvent.CHALLENGE,
        ClaimChallenged(
            claim_id=s.claim.id,
            revision=1,
            reason="The excerpt says nothing about painting.",
            challenged_by=LEAD,
            severity="critical",
            basis="off_topic",
            satisfied_by="A maintenance record.",
        ),
        LEAD,
        3,
        vote="challenge",
    )
    s(
        ClaimEvent.WARN_TIMEOUT,
        ClaimTimeoutWarning(claim_id=s.claim.id, waiting_for=DATA, message="data must answer the challenge"),
        LEAD,
        4,
    )
    s(ClaimEvent.STALL, ClaimStalled(claim_id=s.claim.id, reason="no progress for 3 iterations"), LEAD, 4)
    s(
        None,
        ClaimRejectVote(claim_id=s.claim.id, voted_by=SKEPTIC, reason="unsupported"),
        SKEPTIC,
        4,
        vote="reject",
    )

    result = ResearchResult(
        answer="The Harbour Bridge opened on 19 March 1932 [1]. Its main span is 503 metres long [2].",
        citations=[
            Citation(
                source="file",
                locator="docs/archive.txt",
                raw_excerpt="the bridge was formally opened on 19 March 1932",
                confidence=0.9,
            ),
            Citation(
                source="file", locator="docs/bridge.md", raw_excerpt="Its main span is 503 metres long.", confidence=0.7
            ),
        ],
        gaps=[
            Gap(
                topic="The bridge opened in 1930.",
                category=GapCategory.CONTRADICTORY_SOURCES,
                detail="rejected: the blog contradicts the archive",
            )
        ],
        discovery_events=[],
        open_questions=[],
        confidence=0.72,
        confidence_factors=ConfidenceFactors(
            num_corroborating_sources=2,
            source_authority=Authority.HIGH,
            contradiction_detected=True,
            query_specificity_match=1.0,
            budget_exhausted=False,
        ),
        cost_metadata=CostMetadata(
            tokens_used=1234, iterations_run=4, wall_time_sec=2.5, budget_exhausted=False, model_id="scripted-model"
        ),
        trace_id=run.trace_id,
        claims=[
            AgreedClaim(
                id=a.claim.id,
                statement=a.claim.statement,
                citations=[0],
                agreed_by=["lead", "skeptic", "data"],
                finalization_method=FinalizationMethod.UNANIMOUS,
                revision=2,
                confidence=0.8,
            )
        ],
    )
    repo.finish_run(run.id, status="completed", result=result)
    assert a.claim.status is ClaimState.AGREED and m.claim.status is ClaimState.AGREED
    assert b.claim.status is ClaimState.REJECTED and s.claim.status is ClaimState.STALLED
    return Debate(repo.get_run(run.id), a.claim, m.claim, b.claim, s.claim, db_url)


@pytest.fixture
def store(tmp_path: Path) -> Iterator[tuple[Repository, Debate]]:
    url = f"sqlite:///{tmp_path / 'c.db'}"
    repo = Repository.open(url)
    try:
        yield repo, _build_debate(repo, url)
    finally:
        repo.close()


# ----------------------------------------------------------------------------- text


def test_text_shows_the_whole_debate(store: tuple[Repository, Debate]) -> None:
    repo, debate = store
    text = render_show(repo, debate.run.id)
    flat = " ".join(text.split())  # wrapping may split a sentence over lines
    for expected in (
        "When did the Harbour Bridge open, and how long is its main span?",
        "completed",
        "scripted-model",
        "The Harbour Bridge opened on 19 March 1932 [1].",  # the stored answer
        # every revision
        "r1 by lead: The Harbour Bridge opened in 1932.",
        "r2 by lead (why: add the archive's exact date): The Harbour Bridge opened on 19 March 1932.",
        # challenges: author, severity, basis, reason, what would satisfy the challenger
        "skeptic challenged revision 1 (major, single source)",
        "reason: Only one source gives the year; the month is missing.",
        "would be satisfied by: An independent record of the opening date.",
        "data challenged revision 1 (critical, contradicted)",
        "lead challenged revision 1 (critical, off topic)",
        # defense, refinement, votes, warning, stall, mediation, finalization, rejection
        "lead defended revision 1",
        "argument: The excerpt states the span verbatim.",
        "lead refined it into revision 2",
        "skeptic agreed with revision 2",
        "r2: lead agree, skeptic agree, data agree",
        "lead warned data of a timeout",
        "declared the claim stalled",
        "skeptic voted to reject the stalled claim",
        "to reject (stalled): skeptic",
        "data mediated revision 1: uphold",
        "AGREED (UNANIMOUS)",
        "AGREED (MEDIATED)",
        "finalized revision 2 (unanimous)",
        "Finalized by lead at revision 2 (unanimous); agreed by lead, skeptic, data.",
        "Rejected by skeptic: withdrawn by proposer: the blog contradicts the archive (the sources conflict)",
        "OPEN (STALLED)",
        # evidence with locators, support and counter marked
        "+ support, r1, added by lead: docs/bridge.md (chars 0-51)",
        '"The Harbour Bridge opened to traffic in March 1932."',
        "+ support, r2, added by lead: docs/archive.txt - City archive (chars 14-61)",
        "- counter, r1, added by data: docs/archive.txt",
        '"formally opened on 19 March 1932"',
    ):
        assert expected in flat, expected
    assert all(len(line) <= 80 for line in text.splitlines()), max(text.splitlines(), key=len)


def test_claims_are_ordered_agreed_rejected_open(store: tuple[Repository, Debate]) -> None:
    repo, debate = store
    text = render_show(repo, debate.run.id)
    positions = [
        text.index(c.id) for c in (debate.unanimous, debate.mediated, debate.rejected, debate.stalled)
    ]  # creation order: unanimous, rejected, mediated, stalled
    assert positions == sorted(positions)


def test_debate_messages_are_in_seq_order(store: tuple[Repository, Debate]) -> None:
    repo, debate = store
    text = render_show(repo, debate.run.id, claim_id=debate.unanimous.id)
    seqs = [int(line.split()[0][1:]) for line in text.splitlines() if line.startswith("      #")]
    assert seqs == sorted(seqs) and len(seqs) == 8  # propose, agree, challenge, refine, 3 agrees, finalize


def test_claim_filter_by_prefix(store: tuple[Repository, Debate]) -> None:
    repo, debate = store
    text = render_show(repo, debate.run.id[:12], claim_id=debate.rejected.id[:-3])
    assert debate.rejected.id in text
    assert debate.unanimous.id not in text and debate.stalled.id not in text
    assert "Citations" not in text  # one claim: the answer is left out
    with pytest.raises(NotFound, match="no claim 'clm_nope'") as info:
        render_show(repo, debate.run.id, claim_id="clm_nope")
    assert info.value.suggestion and "consensus show" in info.value.suggestion
    with pytest.raises(NotFound, match="several claims"):
        render_show(repo, debate.run.id, claim_id="clm_")


def test_unknown_run_and_format(store: tuple[Repository, Debate]) -> None:
    repo, debate = store
    with pytest.raises(NotFound, match="no run"):
        render_show(repo, "run_doesnotexist")
    with pytest.raises(ValueError, match="unknown format"):
        render_show(repo, debate.run.id, fmt="pdf")


def test_a_running_run_without_result(tmp_path: Path) -> None:
    repo = Repository.open(f"sqlite:///{tmp_path / 'r.db'}")
    try:
        run = repo.create_run(
            ResearchRequest(question="Still thinking?"), trace_id=str(uuid.uuid4()), model_id="m", source_backend="s"
        )
        src = repo.store_source(run.id, SourceDocument(kind="file", locator="a.md", text=BRIDGE))
        repo.propose_claim(
            run.id,
            proposer=LEAD,
            statement="The bridge carries eight lanes.",
            evidence=[_quote(src, "It carries eight lanes of road traffic")],
            scope_index=None,
            confidence=0.5,
            iteration=1,
        )
        text = render_show(repo, run.id)
        assert "No answer yet: the run is still running" in text
        assert "OPEN (UNDER REVIEW)" in text
        data = json.loads(render_show(repo, run.id, fmt="json"))
        assert data["result"] is None and data["run"]["status"] == "running"
        assert "<details>" in render_show(repo, run.id, fmt="html")
        repo.finish_run(run.id, status="interrupted", error="the process stopped")
        text = render_show(repo, run.id)
        assert "the run is interrupted" in text and "Error:" in text
        assert "## Answer" in render_show(repo, run.id, fmt="markdown")
    finally:
        repo.close()


# ----------------------------------------------------------------------------- other formats


def test_json_round_trips(store: tuple[Repository, Debate]) -> None:
    repo, debate = store
    data = json.loads(render_show(repo, debate.run.id, fmt="json"))
    assert set(data) == {"run", "result", "claims", "run_messages"}
    assert data["run"]["id"] == debate.run.id and data["run"]["created_at"].endswith("Z")
    assert data["run"]["scope"] == ["When did the bridge open?", "How long is the main span?"]
    assert ResearchResult.model_validate(data["result"]) == debate.run.result
    assert [c["id"] for c in data["claims"]] == [
        debate.unanimous.id,
        debate.mediated.id,
        debate.rejected.id,
        debate.stalled.id,
    ]
    first = data["claims"][0]
    assert [r["statement"] for r in first["revisions"]] == [
        "The Harbour Bridge opened in 1932.",
        "The Harbour Bridge opened on 19 March 1932.",
    ]
    assert {e["role"] for e in data["claims"][2]["evidence"]} == {"support", "counter"}
    debate_log = first["debate"]
    assert [d["seq"] for d in debate_log] == sorted(d["seq"] for d in debate_log)
    assert [d["action"] for d in debate_log][:4] == [
        "claim_proposed",
        "claim_agreed",
        "claim_challenged",
        "claim_refined",
    ]
    assert debate_log[2]["agent"] == "skeptic" and debate_log[2]["severity"] == "major"
    for item in debate_log:
        assert {"agent", "seq", "iteration", "timestamp"} <= set(item)
        payload = {k: v for k, v in item.items() if k not in ("agent", "seq", "iteration", "timestamp")}
        assert parse_message(payload).model_dump(mode="json") == payload


class _TagBalance(HTMLParser):
    """Checks that every element the page opens is closed, in order."""

    VOID = frozenset({"meta", "br", "hr", "img", "link", "input"})

    def __init__(self) -> None:
        super().__init__()
        self.stack: list[str] = []
        self.errors: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag not in self.VOID:
            self.stack.append(tag)

    def handle_endtag(self, tag: str) -> None:
        if not self.stack or self.stack.pop() != tag:
            self.errors.append(tag)


def test_html_is_self_contained_and_escaped(store: tuple[Repository, Debate]) -> None:
    repo, debate = store
    page = render_show(repo, debate.run.id, fmt="html")
    assert page.startswith("<!DOCTYPE html>") and page.rstrip().endswith("</html>")
    assert "http://" not in page and "https://" not in page and "<script" not in page
    assert "&lt;script&gt;alert(&#x27;pwned&#x27;)&lt;/script&gt;" in page
    assert page.count("<details>") >= 4 and "<summary>Debate" in page
    assert 'class="claim agreed"' in page and 'class="claim rejected"' in page and 'class="claim open"' in page
    assert "The Harbour Bridge opened on 19 March 1932 [1]." in page  # the answer
    assert "contradictory_sources" in page  # the gaps
    assert "docs/archive.txt" in page and "formally opened on 19 March 1932" in page  # citations, excerpts
    assert "Only one source gives the year; the month is missing." in page
    checker = _TagBalance()
    checker.feed(page)
    assert checker.errors == [] and checker.stack == []


def test_markdown_has_a_heading_per_claim(store: tuple[Repository, Debate]) -> None:
    repo, debate = store
    md = render_show(repo, debate.run.id, fmt="markdown")
    headings = [line for line in md.splitlines() if line.startswith("### ") and line[4].isdigit()]
    assert len(headings) == 4
    assert headings[0].startswith("### 1. Agreed (unanimous): The Harbour Bridge opened on 19 March 1932.")
    assert "  > The Harbour Bridge opened to traffic in March 1932." in md  # excerpts as blockquotes
    assert "<script>" not in md and "&lt;script&gt;" in md
    assert "- **#" in md and "would be satisfied by: An independent record of the opening date." in md


# ----------------------------------------------------------------------------- runs and trace


def test_render_runs(store: tuple[Repository, Debate]) -> None:
    repo, debate = store
    assert render_runs([]).startswith("no runs yet")
    repo.create_run(
        ResearchRequest(question="A much longer question " * 20),
        trace_id=str(uuid.uuid4()),
        model_id="m",
        source_backend="s",
    )
    table = render_runs(repo.list_runs())
    lines = table.splitlines()
    assert lines[0].split() == ["ID", "STATUS", "A/R/O", "CONF", "WHEN", "(UTC)", "QUESTION"]
    assert all(len(line) <= 80 for line in lines)
    assert "running" in lines[1] and "A much longer question" in lines[1] and lines[1].endswith("...")
    row = next(line for line in lines if "completed" in line)
    assert "2/1/1" in row and "0.72" in row
    shown_id = row.split()[0]
    assert debate.run.id.startswith(shown_id) and repo.get_run(shown_id).id == debate.run.id


def test_render_trace(tmp_path: Path) -> None:
    digest = "sha256:" + "ab" * 32
    entries = [
        {"step": 1, "action": "run_started", "timestamp": "2025-06-01T12:00:00.000Z", "question": "Q?"},
        {
            "step": 2,
            "action": "fetch_source",
            "timestamp": "2025-06-01T12:00:01.250Z",
            "agent": "lead",
            "locator": "docs/bridge.md",
            "source_id": "src_1",
            "content_hash": digest,
            "content_length": 120,
        },
        {
            "step": 3,
            "action": "decision",
            "timestamp": "2025-06-01T12:00:02.000Z",
            "agent": "skeptic",
            "actions": [{"kind": "challenge", "claim_id": "clm_1", "reason": "x" * 300}],
        },
        {"step": 4, "action": "run_finished", "timestamp": "2025-06-01T12:00:03.000Z", "status": "completed"},
    ]
    path = tmp_path / "t.jsonl"
    raw = "\n".join(json.dumps(e) for e in entries)
    path.write_text(raw + '\n{"step": 5, "act', encoding="utf-8")  # a torn last line
    text = render_trace(path)
    assert digest in [line.strip() for line in text.splitlines()]  # whole, on a line of its own
    assert "fetch_source" in text and "locator=docs/bridge.md" in text and "content_length=120" in text
    assert 'actions=["challenge"]' in text and "12:00:01.250" in text
    assert "4 step(s)" in text
    assert all(len(line) <= 80 for line in text.splitlines())
    assert render_trace(path, raw=True).splitlines()[:4] == raw.splitlines()
    with pytest.raises(NotFound, match="no trace file") as info:
        render_trace(tmp_path / "missing.jsonl")
    assert info.value.suggestion and "CONSENSUS_HOME" in info.value.suggestion


# ----------------------------------------------------------------------------- the CLI


def test_cli_runs_on_an_empty_home(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["runs"]) == 1
    err = capsys.readouterr().err
    assert "no runs yet" in err and "Traceback" not in err


def test_cli_show_unknown_run(store: tuple[Repository, Debate], capsys: pytest.CaptureFixture[str]) -> None:
    _, debate = store
    assert main(["--db", debate.db_url, "show", "run_unknown"]) == 1
    err = capsys.readouterr().err
    assert "no run 'run_unknown'" in err and "consensus runs" in err and "Traceback" not in err


def test_cli_show_writes_html(
    store: tuple[Repository, Debate], tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    _, debate = store
    out = tmp_path / "debate.html"
    assert main(["--db", debate.db_url, "show", debate.run.id, "--format", "html", "-o", str(out)]) == 0
    assert "<details>" in out.read_text(encoding="utf-8")
    assert capsys.readouterr().out == ""


def test_cli_runs_and_show_text(store: tuple[Repository, Debate], capsys: pytest.CaptureFixture[str]) -> None:
    _, debate = store
    assert main(["--db", debate.db_url, "runs"]) == 0
    assert debate.run.id[:14] in capsys.readouterr().out
    assert main(["--db", debate.db_url, "show", debate.run.id, "--claim", debate.stalled.id[:-2]]) == 0
    assert "OPEN (STALLED)" in capsys.readouterr().out


def test_cli_trace(store: tuple[Repository, Debate], capsys: pytest.CaptureFixture[str]) -> None:
    _, debate = store
    assert main(["--db", debate.db_url, "trace", debate.run.id]) == 1  # no trace file was written
    err = capsys.readouterr().err
    assert "no trace file" in err and "Traceback" not in err


def test_cli_incompatible_schema(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "old.db"
    with sqlite3.connect(path) as conn:
        conn.execute("CREATE TABLE schema_meta (key TEXT PRIMARY KEY, value TEXT NOT NULL)")
        conn.execute("INSERT INTO schema_meta VALUES ('schema_version', '999')")
    conn.close()
    assert main(["--db", f"sqlite:///{path}", "runs"]) == 1
    err = capsys.readouterr().err
    assert "schema version 999" in err and "Traceback" not in err


def test_runs_reports_a_run_left_running_by_a_dead_process_as_interrupted(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    import socket

    from consensus.cli import main as cli_main
    from protocols import ResearchRequest as Request

    db = f"sqlite:///{tmp_path / 'dead.db'}"
    repo = Repository.open(db)
    repo.create_run(
        Request(question="orphaned?"),
        trace_id="550e8400-e29b-41d4-a716-44665544dead",
        model_id="m",
        source_backend="s",
        owner=f"{socket.gethostname()}:999999",
    )
    repo.close()
    assert cli_main(["--db", db, "runs"]) == 0
    out = capsys.readouterr().out
    assert "interrupted" in out and "running" not in out
