"""The product's main job, offline: the example corpus, the three agents, a contract-valid result.

One debate over ``examples/corpus`` is run per module and inspected from every side: what was
agreed, what the planted wrong values became, whether every excerpt is really in its file.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import anyio
import pytest

from agents.offline import OfflineReasoner
from agents.sources.corpus import LocalCorpus
from agents.sources.htmltext import html_to_text
from consensus.cli import main
from consensus.runtime import Researcher
from protocols import (
    ClaimChallenged,
    GapCategory,
    ResearchConstraints,
    ResearchRequest,
    ResearchResult,
)
from store import MessageRecord, Repository

ROOT = Path(__file__).resolve().parent.parent
CORPUS = ROOT / "examples" / "corpus"
FACTS = json.loads((ROOT / "examples" / "corpus_facts.json").read_text())
QUESTION = (
    "When and where did Apollo 11 land on the Moon, who walked on the surface, how long did the moonwalk "
    "last, what did the crew bring back, and when did the crew splash down?"
)
ROOMY = ResearchConstraints(max_iterations=8, token_budget=200_000, max_sources=30)


@dataclass
class Debate:
    result: ResearchResult
    messages: list[MessageRecord]
    repo: Repository


def research(home: Path, constraints: ResearchConstraints, question: str = QUESTION) -> Debate:
    repo = Repository.open(f"sqlite:///{home / 'consensus.db'}")
    corpus = LocalCorpus(CORPUS, index_path=home / "index.db")
    researcher = Researcher(repo, OfflineReasoner(), corpus, home=home)

    async def go() -> ResearchResult:
        try:
            return await researcher.research(ResearchRequest(question=question, constraints=constraints))
        finally:
            await corpus.aclose()

    result = anyio.run(go)
    run = repo.list_runs()[0]
    return Debate(result, repo.messages(run.id), repo)


@pytest.fixture(scope="module")
def debate(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Debate]:
    d = research(tmp_path_factory.mktemp("example"), ROOMY)
    yield d
    d.repo.close()


def agreed_text(result: ResearchResult) -> str:
    return " ".join(c.statement for c in result.claims)


@pytest.mark.parametrize(
    "values",
    [
        ["July 20, 1969", "Sea of Tranquility"],
        ["21.5 kilograms"],
        ["July 24, 1969"],
        ["2 hours 31 minutes"],
        ["Armstrong", "Aldrin"],
    ],
)
def test_corroborated_facts_are_agreed(debate: Debate, values: list[str]) -> None:
    text = agreed_text(debate.result)
    for value in values:
        assert value in text, f"{value!r} missing from the agreed claims: {text}"


@pytest.mark.parametrize("planted", FACTS["planted"], ids=lambda p: p["fact"])
def test_planted_wrong_values_are_challenged_and_never_reach_the_answer(
    debate: Debate, planted: dict[str, str]
) -> None:
    result = debate.result
    wrong = planted["sentence"]
    assert wrong not in result.answer
    assert all(wrong not in c.raw_excerpt for c in result.citations)
    assert all(planted["wrong_value"] not in c.statement for c in result.claims)
    challenges = [
        m.message
        for m in debate.messages
        if isinstance(m.message, ClaimChallenged)
        and any(
            e.locator == planted["file"] and planted["wrong_value"] in e.excerpt for e in m.message.counter_evidence
        )
    ]
    assert challenges, f"no challenge quotes {planted['file']}"
    assert all(c.basis == "contradicted" for c in challenges)
    gaps = [g for g in result.gaps if g.category is GapCategory.CONTRADICTORY_SOURCES and planted["file"] in g.detail]
    assert gaps, f"no contradictory_sources gap names {planted['file']}"


def source_text(locator: str) -> str:
    path = CORPUS / locator
    raw = path.read_text(encoding="utf-8")
    return html_to_text(raw).text if path.suffix == ".html" else raw


def test_every_excerpt_is_verbatim_from_its_file(debate: Debate) -> None:
    assert debate.result.citations
    for citation in debate.result.citations:
        assert citation.source == "file"
        excerpt = citation.raw_excerpt.removesuffix("[...]")
        assert excerpt in source_text(citation.locator), citation
    for message in debate.messages:
        if isinstance(message.message, ClaimChallenged):
            for ev in message.message.counter_evidence:
                assert source_text(ev.locator)[ev.start : ev.end] == ev.excerpt


def test_result_is_contract_valid_and_grounded(debate: Debate) -> None:
    result = debate.result
    assert ResearchResult.model_validate_json(result.model_dump_json()) == result
    assert result.contract_version == "v1" and result.cost_metadata.model_id == "offline-extractive-v1"
    assert not result.cost_metadata.budget_exhausted
    answer_lines = [line for line in result.answer.splitlines() if not line.startswith("Caveat")]
    assert answer_lines and all("[" in line for line in answer_lines)  # every sentence cites
    for claim in result.claims:
        assert claim.citations and all(0 <= i < len(result.citations) for i in claim.citations)
    assert result.confidence_factors.contradiction_detected
    assert any(d.type.value == "contradiction" for d in result.discovery_events)


def test_two_runs_agree_on_the_same_claims(debate: Debate, tmp_path: Path) -> None:
    again = research(tmp_path, ROOMY)
    assert [c.statement for c in again.result.claims] == [c.statement for c in debate.result.claims]
    assert again.result.answer == debate.result.answer
    again.repo.close()


def test_a_budget_stopped_run_is_valid_and_says_so(tmp_path: Path) -> None:
    stopped = research(tmp_path, ResearchConstraints(max_iterations=1, token_budget=200_000, max_sources=30))
    result = stopped.result
    ResearchResult.model_validate_json(result.model_dump_json())
    assert result.cost_metadata.budget_exhausted and result.confidence_factors.budget_exhausted
    assert result.cost_metadata.iterations_run == 1
    assert any(g.category is GapCategory.BUDGET_EXHAUSTED for g in result.gaps)
    stopped.repo.close()


def test_cli_research_json_and_show(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    db = f"sqlite:///{tmp_path / 'cli.db'}"
    code = main(
        [
            "--db",
            db,
            "research",
            FACTS["question"],
            "--corpus",
            str(CORPUS),
            "--json",
            "--token-budget",
            "100000",
            "--max-sources",
            "30",
        ]
    )
    out = capsys.readouterr()
    assert code == 0
    result = ResearchResult.model_validate_json(out.out)  # stdout holds the JSON alone
    assert result.claims
    assert main(["--db", db, "runs"]) == 0
    listing = capsys.readouterr().out
    run_id = next(line.split()[0] for line in listing.splitlines() if line.startswith("run_"))
    assert main(["--db", db, "show", run_id]) == 0
    shown = capsys.readouterr().out
    assert "challenge" in shown.lower() and result.claims[0].statement[:40] in shown.replace("\n", " ")


def test_the_readme_question_is_answered_whole_within_the_contracts_default_limits(tmp_path: Path) -> None:
    """The README's first command: the contract's defaults (5 iterations, 20,000 tokens, 10 sources)."""
    d = research(tmp_path, ResearchConstraints())
    try:
        result = d.result
        for value in ["July 20, 1969", "Sea of Tranquility", "Armstrong", "Aldrin", "2 hours 31 minutes"]:
            assert value in result.answer, result.answer
        assert "21.5 kilograms" in result.answer and "July 24, 1969" in result.answer
        assert not result.cost_metadata.budget_exhausted, result.answer
        assert "four hours" not in result.answer and "12 kilograms" not in result.answer
    finally:
        d.repo.close()
