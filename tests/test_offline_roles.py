"""The offline reasoner's three roles, driven with hand-built views over a few in-memory documents."""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

import anyio
import pytest

from agents.backends import AnswerClaim, Decision
from agents.offline import OfflineReasoner
from agents.offline.answering import restated
from agents.offline.candidates import Candidate, Group
from agents.offline.evidence import Found, Tally
from agents.offline.proposing import claim_like
from agents.offline.reviewing import upheld
from agents.offline.textfacts import Conflict
from agents.offline.values import Value, extract_values
from protocols import (
    Action,
    AgentRole,
    AgentView,
    AgreeClaim,
    Authority,
    ChallengeClaim,
    ChallengeView,
    ClaimState,
    ClaimView,
    DefendClaim,
    Depth,
    DiscoveryType,
    EvidenceView,
    MediateClaim,
    Priority,
    ProposeClaim,
    RaiseOpenQuestion,
    RateSource,
    RefineClaim,
    ReportDiscovery,
    ScopeQuestion,
    SourceHit,
    SourceView,
    VoteReject,
    WithdrawClaim,
)

QUESTION = "When did Apollo 11 land on the Moon, and what did the crew bring back?"
DOCS: dict[str, tuple[Authority, str]] = {
    "archive.md": (
        Authority.HIGH,
        "Apollo 11 landed on the Moon on July 20, 1969. The crew collected 21.5 kilograms of lunar samples.",
    ),
    "museum.md": (
        Authority.MEDIUM,
        "On July 20, 1969, Apollo 11 landed on the Moon. Apollo 11 was launched on July 16, 1969.",
    ),
    "encyclopedia.md": (
        Authority.MEDIUM,
        "Apollo 11 landed on the Moon on July 20, 1969, in the Sea of Tranquility. "
        "The astronauts gathered 21.5 kilograms of rock and soil for return to Earth.",
    ),
    "forum.md": (
        Authority.LOW,
        "Apollo 11 landed on the Moon in 1968. The crew brought back 12 kilograms of lunar samples.",
    ),
    "cape.md": (Authority.MEDIUM, "Apollo 11 was launched on July 16, 1969, from Florida."),
    "plaque.md": (Authority.MEDIUM, "The lunar module Eagle carried a plaque signed by President Richard Nixon."),
    "tea.md": (Authority.MEDIUM, "Tea was first brought to Europe by Portuguese traders in the sixteenth century."),
}
LANDED = "Apollo 11 landed on the Moon on July 20, 1969."
PLANTED = "Apollo 11 landed on the Moon in 1968."
_WORD = re.compile(r"[a-z0-9]+")


def sid(locator: str) -> str:
    return "src_" + locator.removesuffix(".md")


@dataclass
class FakeSearch:
    """A search tool over in-memory documents: each one passage, ranked by words shared with the query."""

    docs: dict[str, tuple[Authority, str]] = field(default_factory=lambda: DOCS)
    calls: list[str] = field(default_factory=list)

    async def __call__(self, query: str, *, limit: int = 5) -> list[SourceHit]:
        self.calls.append(query)
        words = set(_WORD.findall(query.lower()))
        scored = []
        for locator, (authority, text) in self.docs.items():
            score = len(words & set(_WORD.findall(text.lower())))
            if score:
                scored.append((-score, locator, authority, text))
        scored.sort()
        return [
            SourceHit(
                source_id=sid(locator),
                kind="file",
                locator=locator,
                title=locator,
                authority=authority,
                text=text,
                start=0,
                end=len(text),
                score=-neg,
            )
            for neg, locator, authority, text in scored[:limit]
        ]


def evidence(*locators: str, quote: str | None = None) -> list[EvidenceView]:
    out = []
    for locator in locators:
        text = DOCS[locator][1]
        excerpt = quote if quote is not None and quote in text else _sentence_of(text, quote)
        out.append(
            EvidenceView(source_id=sid(locator), locator=locator, excerpt=excerpt, revision=1, added_by=AgentRole.LEAD)
        )
    return out


def _sentence_of(text: str, hint: str | None) -> str:
    return text.split(". ")[0].rstrip(".") + "." if hint is None else hint


def claim(statement: str, *, proposer: AgentRole = AgentRole.LEAD, **kwargs: Any) -> ClaimView:
    fields: dict[str, Any] = {
        "id": "clm_1",
        "version": 1,
        "status": ClaimState.UNDER_REVIEW,
        "revision": 1,
        "statement": statement,
        "proposer": proposer,
        "scope_index": 0,
        "evidence": [],
        "agreed": [proposer],
        "challenges": [],
        "open_challengers": [],
    }
    fields.update(kwargs)
    return ClaimView(**fields)


def challenge(by: AgentRole, basis: str, revision: int = 1) -> ChallengeView:
    return ChallengeView(by=by, revision=revision, reason="because", severity="major", basis=basis, satisfied_by="x")


def view(role: AgentRole, claims: Sequence[ClaimView] = (), **kwargs: Any) -> AgentView:
    fields: dict[str, Any] = {
        "run_id": "run_1",
        "role": role,
        "question": QUESTION,
        "context": None,
        "depth": Depth.BALANCED,
        "scope": [
            ScopeQuestion(index=0, text="When did Apollo 11 land on the Moon?"),
            ScopeQuestion(index=1, text="What did the Apollo 11 crew bring back?"),
        ],
        "iteration": 2,
        "my_turn_to_propose": False,
        "claims": list(claims),
        "sources": [SourceView(id=sid(loc), kind="file", locator=loc, authority=a) for loc, (a, _) in DOCS.items()],
        "tokens_left": 1_000_000,
        "min_agreed_claims": 2,
    }
    fields.update(kwargs)
    return AgentView(**fields)


def decide(agent_view: AgentView, reasoner: OfflineReasoner | None = None) -> Decision:
    async def go() -> Decision:
        return await (reasoner or OfflineReasoner()).decide(agent_view, FakeSearch())

    return anyio.run(go)


def only(actions: Sequence[Action], kind: type[Any]) -> Any:
    found = [a for a in actions if isinstance(a, kind)]
    assert len(found) == 1, actions
    return found[0]


def quoted_verbatim(source_id: str, quote: str) -> bool:
    locator = next(loc for loc in DOCS if sid(loc) == source_id)
    return quote in DOCS[locator][1]


# ----------------------------------------------------------------------------------------- proposing


def test_lead_proposes_a_verbatim_sentence_with_corroboration_from_other_sources() -> None:
    decision = decide(view(AgentRole.LEAD, my_turn_to_propose=True))
    proposal = only(decision.actions, ProposeClaim)
    assert proposal.statement == LANDED
    assert proposal.scope_index == 0
    assert all(quoted_verbatim(q.source_id, q.quote) for q in proposal.evidence)
    sources = [q.source_id for q in proposal.evidence]
    assert sources[0] == sid("archive.md") and len(set(sources)) == len(sources) >= 3
    assert sid("forum.md") not in sources
    assert proposal.confidence >= 0.7


def test_a_sentence_in_the_first_person_is_no_claim_contracted_or_not() -> None:
    # *I've* passed as no first person: an editor's note about a changed text read as a claim
    assert not claim_like("Note: to keep it plausible, I've changed the text to say he is a chef.")
    assert not claim_like("We're proud that our bakery opened in the old mill in 1952.")
    assert claim_like("The bakery opened in the old mill in 1952, the town's records say.")


def test_no_proposal_when_not_my_turn() -> None:
    assert not any(isinstance(a, ProposeClaim) for a in decide(view(AgentRole.LEAD)).actions)


def test_free_roles_share_the_open_questions_and_never_restate_a_claim() -> None:
    open_claim = claim(LANDED, evidence=evidence("archive.md", quote=LANDED), scope_index=0)
    skeptic = decide(view(AgentRole.SKEPTIC, [open_claim], my_turn_to_propose=True))
    proposal = only(skeptic.actions, ProposeClaim)
    assert proposal.scope_index == 1 and "21.5 kilograms" in proposal.statement
    data = decide(view(AgentRole.DATA, [open_claim], my_turn_to_propose=True))  # the one open question is dealt out
    assert not any(isinstance(a, ProposeClaim) for a in data.actions)
    agreed = open_claim.model_copy(update={"status": ClaimState.AGREED, "agreed": list(AgentRole)})
    lead = decide(
        view(
            AgentRole.LEAD,
            [agreed],
            my_turn_to_propose=True,
            scope=[ScopeQuestion(index=0, text="When did Apollo 11 land on the Moon?")],
        )
    )
    assert not any(isinstance(a, ProposeClaim) and "July 20, 1969" in a.statement for a in lead.actions)


# ---------------------------------------------------------------------------------------- skeptic


def test_skeptic_challenges_a_contradicted_claim_with_counter_evidence() -> None:
    landed = claim(LANDED, evidence=evidence("archive.md", "museum.md", quote=LANDED))
    decision = decide(view(AgentRole.SKEPTIC, [landed]))
    objection = only(decision.actions, ChallengeClaim)
    assert objection.basis == "contradicted" and objection.severity == "major"
    assert [(q.source_id, q.quote) for q in objection.counter_evidence] == [(sid("forum.md"), PLANTED)]
    assert "1968" in objection.reason and "July 20, 1969" in objection.reason and "forum.md" in objection.reason
    assert "July 20, 1969" in objection.satisfied_by and "1968" in objection.satisfied_by


def test_skeptic_agrees_with_a_single_sourced_claim_nothing_contradicts_and_says_so() -> None:
    plaque = "The lunar module Eagle carried a plaque signed by President Richard Nixon."
    decision = decide(view(AgentRole.SKEPTIC, [claim(plaque, evidence=evidence("plaque.md", quote=plaque))]))
    agreement = only(decision.actions, AgreeClaim)
    assert "only one source (plaque.md)" in agreement.rationale


def test_skeptic_challenges_a_claim_no_source_states() -> None:
    unsourced = "The lunar module Eagle carried a plaque signed by President Lyndon Johnson in gold letters."
    decision = decide(view(AgentRole.SKEPTIC, [claim(unsourced, evidence=[])]))
    objection = only(decision.actions, ChallengeClaim)
    assert objection.basis == "single_source" and objection.satisfied_by


def test_skeptic_agrees_with_a_corroborated_claim() -> None:
    launched = "Apollo 11 was launched on July 16, 1969."
    decision = decide(view(AgentRole.SKEPTIC, [claim(launched, evidence=evidence("museum.md", quote=launched))]))
    agreement = only(decision.actions, AgreeClaim)
    assert agreement.claim_id == "clm_1" and agreement.revision == 1


def test_skeptic_challenges_an_off_topic_claim() -> None:
    tea = "Tea was first brought to Europe by Portuguese traders in the sixteenth century."
    decision = decide(view(AgentRole.SKEPTIC, [claim(tea, evidence=evidence("tea.md", quote=tea))]))
    assert only(decision.actions, ChallengeClaim).basis == "off_topic"


def test_skeptic_waits_for_an_answer_then_agrees_after_a_majority_defence() -> None:
    landed = claim(
        LANDED,
        status=ClaimState.CHALLENGED,
        evidence=evidence("archive.md", "museum.md", "encyclopedia.md", quote=LANDED),
        challenges=[challenge(AgentRole.SKEPTIC, "contradicted")],
        open_challengers=[AgentRole.SKEPTIC],
    )
    assert decide(view(AgentRole.SKEPTIC, [landed])).actions == []
    defended = landed.model_copy(update={"defended": True})
    assert only(decide(view(AgentRole.SKEPTIC, [defended])).actions, AgreeClaim).revision == 1


def test_skeptic_looks_again_at_a_refined_claim() -> None:
    refined = claim(
        LANDED,
        status=ClaimState.REFINED,
        revision=2,
        evidence=evidence("archive.md", "museum.md", quote=LANDED),
        agreed=[],
        challenges=[challenge(AgentRole.SKEPTIC, "imprecise", revision=1)],
        open_challengers=[AgentRole.SKEPTIC],
    )
    objection = only(decide(view(AgentRole.SKEPTIC, [refined])).actions, ChallengeClaim)
    assert objection.revision == 2 and objection.basis == "contradicted"


# ----------------------------------------------------------------------------------- proposer answers


def test_lead_withdraws_a_minority_claim() -> None:
    planted = claim(
        PLANTED,
        status=ClaimState.CHALLENGED,
        evidence=evidence("forum.md", quote=PLANTED),
        challenges=[challenge(AgentRole.SKEPTIC, "contradicted")],
        open_challengers=[AgentRole.SKEPTIC],
    )
    withdrawal = only(decide(view(AgentRole.LEAD, [planted])).actions, WithdrawClaim)
    assert withdrawal.conflicting_sources and "1968" in withdrawal.reason


def test_lead_defends_a_majority_claim_with_other_sources() -> None:
    landed = claim(
        LANDED,
        status=ClaimState.CHALLENGED,
        evidence=evidence("archive.md", quote=LANDED),
        challenges=[challenge(AgentRole.SKEPTIC, "contradicted")],
        open_challengers=[AgentRole.SKEPTIC],
    )
    defence = only(decide(view(AgentRole.LEAD, [landed])).actions, DefendClaim)
    assert defence.revision == 1 and "1968" in defence.argument
    cited = {q.source_id for q in defence.evidence}
    assert cited and sid("archive.md") not in cited and sid("forum.md") not in cited
    assert all(quoted_verbatim(q.source_id, q.quote) for q in defence.evidence)


def test_sources_that_state_different_rivals_do_not_pool_against_the_claim() -> None:
    def keeper(name: str) -> tuple[Found, Value]:
        text = f"The lighthouse's first keeper was {name}."
        value = next(v for v in extract_values(text) if v.raw == name)
        return Found(name, name, Authority.MEDIUM, text, text), value

    def weighed(claimed: str, *others: str) -> Tally:
        found, value = keeper(claimed)
        against = {}
        for n, other in enumerate(others):
            item, rival = keeper(other)
            against[f"{n}.md"] = (item, Conflict("value", value, rival))
        return Tally(found.text, {"a.md": found, "b.md": found}, against)

    plurality = weighed("Ansel Varga Pike", "Moritz Ede Hale", "Tobin Lark Hale")
    assert (plurality.n_support, plurality.n_against, plurality.n_rival) == (2, 2, 1) and upheld(plurality)
    outnumbered = weighed("Ansel Varga Pike", "Moritz Ede Hale", "Hale", "Moritz Hale")
    assert (outnumbered.n_rival, outnumbered.counter_value()) == (3, "Moritz Ede Hale")
    assert not upheld(outnumbered)


def test_lead_defends_a_single_source_claim_nothing_contradicts() -> None:
    plaque = "The lunar module Eagle carried a plaque signed by President Richard Nixon."
    lonely = claim(
        plaque,
        status=ClaimState.CHALLENGED,
        evidence=evidence("plaque.md", quote=plaque),
        challenges=[challenge(AgentRole.SKEPTIC, "single_source")],
        open_challengers=[AgentRole.SKEPTIC],
    )
    defence = only(decide(view(AgentRole.LEAD, [lonely])).actions, DefendClaim)
    assert "only one source" in defence.argument and "plaque.md" in defence.argument


def test_lead_refines_an_imprecise_claim_and_agrees_with_the_new_revision() -> None:
    loose = "The crew brought home 22.5 kilograms of lunar samples."
    imprecise = claim(
        loose,
        status=ClaimState.CHALLENGED,
        evidence=evidence("archive.md", quote="The crew collected 21.5 kilograms of lunar samples."),
        challenges=[challenge(AgentRole.DATA, "imprecise")],
        open_challengers=[AgentRole.DATA],
    )
    actions = decide(view(AgentRole.LEAD, [imprecise])).actions
    refine, agree = actions[0], actions[1]
    assert isinstance(refine, RefineClaim) and isinstance(agree, AgreeClaim)
    assert "21.5 kilograms" in refine.statement and refine.revision == 1 and agree.revision == 2
    assert all(quoted_verbatim(q.source_id, q.quote) for q in refine.evidence)


# ------------------------------------------------------------------------------------------- data


def test_data_challenges_a_number_missing_from_the_excerpts() -> None:
    loose = claim(
        "The crew collected 22.5 kilograms of lunar samples.",
        evidence=evidence("archive.md", quote="The crew collected 21.5 kilograms of lunar samples."),
    )
    objection = only(decide(view(AgentRole.DATA, [loose])).actions, ChallengeClaim)
    assert objection.basis == "imprecise" and "22.5 kilograms" in objection.reason


def test_data_agrees_when_values_are_in_excerpts_of_two_sources() -> None:
    landed = claim(LANDED, evidence=evidence("archive.md", "encyclopedia.md", quote=LANDED))
    landed = landed.model_copy(
        update={
            "evidence": [
                *landed.evidence[:1],
                *evidence("museum.md", quote="On July 20, 1969, Apollo 11 landed on the Moon."),
            ]
        }
    )
    assert only(decide(view(AgentRole.DATA, [landed])).actions, AgreeClaim).revision == 1


def _deadlock(statement: str, proposer: AgentRole, locator: str) -> ClaimView:
    challenger = AgentRole.SKEPTIC if proposer is AgentRole.LEAD else AgentRole.LEAD
    return claim(
        statement,
        proposer=proposer,
        status=ClaimState.CHALLENGED,
        evidence=evidence(locator, quote=statement),
        challenges=[challenge(challenger, "contradicted")],
        open_challengers=[challenger],
        defended=True,
        idle_iterations=2,
    )


def test_data_mediates_a_deadlock_by_majority() -> None:
    upheld = only(decide(view(AgentRole.DATA, [_deadlock(LANDED, AgentRole.LEAD, "archive.md")])).actions, MediateClaim)
    assert upheld.verdict == "uphold"
    rejected = only(
        decide(view(AgentRole.DATA, [_deadlock(PLANTED, AgentRole.SKEPTIC, "forum.md")])).actions, MediateClaim
    )
    assert rejected.verdict == "reject" and rejected.conflicting_sources


def test_data_gives_the_challenger_an_iteration_before_mediating() -> None:
    fresh = _deadlock(LANDED, AgentRole.LEAD, "archive.md").model_copy(update={"idle_iterations": 1})
    assert not any(isinstance(a, MediateClaim) for a in decide(view(AgentRole.DATA, [fresh])).actions)


def test_data_reports_a_contradiction_once_naming_the_minority_source() -> None:
    contested = claim(
        LANDED,
        status=ClaimState.CHALLENGED,
        evidence=evidence("archive.md", quote=LANDED),
        challenges=[challenge(AgentRole.SKEPTIC, "contradicted")],
        open_challengers=[AgentRole.SKEPTIC],
    )
    reasoner = OfflineReasoner()
    report = only(decide(view(AgentRole.DATA, [contested]), reasoner).actions, ReportDiscovery)
    assert report.type is DiscoveryType.CONTRADICTION and report.source_id == sid("forum.md")
    assert "1968" in report.query and "forum.md" in report.reason
    assert not any(isinstance(a, ReportDiscovery) for a in decide(view(AgentRole.DATA, [contested]), reasoner).actions)


def test_data_raises_an_open_question_when_sources_split_evenly() -> None:
    docs = {
        "a.md": (Authority.MEDIUM, "The Harbour Bridge opened to traffic in 1932."),
        "b.md": (Authority.MEDIUM, "The Harbour Bridge opened to traffic in 1932, after eight years of work."),
        "c.md": (Authority.MEDIUM, "The Harbour Bridge opened to traffic in 1933."),
        "d.md": (Authority.MEDIUM, "The Harbour Bridge opened to traffic in 1933 after long delays."),
    }
    busy = [  # the lead and the skeptic each have a claim under debate: the data researcher proposes
        claim("The Harbour Bridge is a steel arch bridge.", id="clm_a", scope_index=0),
        claim("The Harbour Bridge carries a railway.", id="clm_b", proposer=AgentRole.SKEPTIC, scope_index=1),
    ]
    agent_view = view(
        AgentRole.DATA,
        busy,
        question="What is the Harbour Bridge and when did it open to traffic?",
        scope=[
            ScopeQuestion(index=0, text="What is the Harbour Bridge?"),
            ScopeQuestion(index=1, text="What does the Harbour Bridge carry?"),
            ScopeQuestion(index=2, text="When did the Harbour Bridge open to traffic?"),
        ],
        sources=[],
        my_turn_to_propose=True,
    )

    async def go() -> Decision:
        return await OfflineReasoner().decide(agent_view, FakeSearch(docs))

    actions = anyio.run(go).actions
    assert not any(isinstance(a, ProposeClaim) for a in actions)  # a tie is no majority
    question = only(actions, RaiseOpenQuestion)
    assert question.priority is Priority.HIGH and "1932" in question.question and "1933" in question.question


def test_data_rates_official_web_sources_high() -> None:
    nasa = SourceView(id="src_nasa", kind="web", locator="https://www.nasa.gov/apollo-11", authority=Authority.MEDIUM)
    blog = SourceView(id="src_blog", kind="web", locator="https://moonblog.example.com/a11", authority=Authority.MEDIUM)
    actions = decide(view(AgentRole.DATA, sources=[nasa, blog])).actions
    rating = only(actions, RateSource)
    assert (rating.source_id, rating.authority) == ("src_nasa", Authority.HIGH)


# ------------------------------------------------------------------------------------- every role


@pytest.mark.parametrize("role", list(AgentRole))
def test_stalled_claims_get_a_reject_vote_unless_supported(role: AgentRole) -> None:
    stalled = claim(
        PLANTED, proposer=AgentRole.LEAD, status=ClaimState.STALLED, evidence=evidence("forum.md", quote=PLANTED)
    )
    votes = [a for a in decide(view(role, [stalled])).actions if isinstance(a, VoteReject)]
    assert len(votes) == (0 if role is AgentRole.LEAD else 1)


@pytest.mark.parametrize("role", list(AgentRole))
def test_decisions_are_deterministic(role: AgentRole) -> None:
    claims = [
        claim(LANDED, evidence=evidence("archive.md", quote=LANDED)),
        claim(
            "The crew collected 21.5 kilograms of lunar samples.",
            id="clm_2",
            proposer=AgentRole.SKEPTIC,
            scope_index=1,
            evidence=evidence("archive.md", quote="The crew collected 21.5 kilograms of lunar samples."),
        ),
    ]
    agent_view = view(role, claims, my_turn_to_propose=True)
    first, second = decide(agent_view), decide(agent_view)
    assert first == second
    assert first.actions


def test_budget_guard_stops_without_searching() -> None:
    search = FakeSearch()

    async def go() -> Decision:
        return await OfflineReasoner().decide(view(AgentRole.LEAD, my_turn_to_propose=True, tokens_left=50), search)

    decision = anyio.run(go)
    assert decision.actions == [] and decision.note == "token budget exhausted" and decision.out_of_budget
    assert search.calls == []


def test_usage_counts_what_was_read_and_written() -> None:
    decision = decide(view(AgentRole.LEAD, my_turn_to_propose=True))
    written = sum(len(a.model_dump_json()) for a in decision.actions)
    assert decision.usage.output_tokens == written // 4
    assert decision.usage.input_tokens > len(QUESTION) // 4


def test_never_emits_housekeeping_actions() -> None:
    agreed = claim(LANDED, evidence=evidence("archive.md", quote=LANDED), agreed=list(AgentRole))
    kinds = {a.kind for a in decide(view(AgentRole.LEAD, [agreed])).actions}
    assert not kinds & {"finalize", "warn_timeout"}


# ------------------------------------------------------------------------------ scope and answer


def test_plan_scope_splits_a_compound_question_and_carries_the_subject() -> None:
    question = (
        "When and where did Apollo 11 land on the Moon, who walked on the surface, and what did the crew bring back?"
    )
    plan = anyio.run(OfflineReasoner().plan_scope, question, None, Depth.BALANCED)
    assert plan.questions == [
        "When did Apollo 11 land on the Moon?",
        "Where did Apollo 11 land on the Moon?",
        "Who walked on the surface during Apollo 11?",
        "What did the Apollo 11 crew bring back?",
    ]
    assert plan.usage.input_tokens == len(question) // 4


def test_plan_scope_keeps_a_simple_question_and_follows_the_context() -> None:
    simple = anyio.run(OfflineReasoner().plan_scope, "What is the boiling point of water?", None, Depth.BALANCED)
    assert simple.questions == ["What is the boiling point of water?"]
    focused = anyio.run(
        OfflineReasoner().plan_scope,
        "When did Apollo 11 land on the Moon?",
        "Focus on the lunar samples.",
        Depth.SHALLOW,
    )
    assert focused.questions[0] == "What is known about the lunar samples during Apollo 11?"
    assert len(focused.questions) == 2


def test_an_answer_names_the_member_asked_where_its_claim_says_it_by_another_word() -> None:
    claims = [
        AnswerClaim(claim_id="a", statement="Tor Aasen is an English professional footballer.", scope_index=0),
        AnswerClaim(claim_id="b", statement="Tor Aasen is a Jamaican rugby league footballer.", scope_index=0),
        AnswerClaim(claim_id="c", statement="Tor Aasen played in the NFL for six seasons.", scope_index=0),
    ]
    said = "Tor Aasen retired as a Vice-Admiral in 1990."  # its own name, hyphenated
    rank = [AnswerClaim(claim_id="d", statement=said, scope_index=0)]
    asked = "What was the rank of Tor Aasen?"
    draft = anyio.run(lambda: OfflineReasoner().write_answer(asked, rank, tokens_left=10_000))
    assert [s.text for s in draft.sentences] == [said]
    reasoner = OfflineReasoner()
    draft = anyio.run(lambda: reasoner.write_answer("What sport does Tor Aasen play?", claims, tokens_left=10_000))
    assert [s.text for s in draft.sentences] == [
        "Football: Tor Aasen is an English professional footballer.",
        "Tor Aasen is a Jamaican rugby league footballer.",  # two members named: it says which itself
        "American football: Tor Aasen played in the NFL for six seasons.",
    ]
    draft = anyio.run(lambda: reasoner.write_answer("When was Tor Aasen born?", claims[:1], tokens_left=10_000))
    assert [s.text for s in draft.sentences] == ["Tor Aasen is an English professional footballer."]


def test_write_answer_orders_claims_by_scope_and_keeps_their_words() -> None:
    claims = [
        AnswerClaim(claim_id="c3", statement="No scope here.", scope_index=None),
        AnswerClaim(claim_id="c2", statement="The crew collected  21.5 kilograms of samples", scope_index=1),
        AnswerClaim(claim_id="c1", statement=LANDED, scope_index=0),
    ]
    draft = anyio.run(lambda: OfflineReasoner().write_answer(QUESTION, claims, tokens_left=10_000))
    assert [s.claim_ids for s in draft.sentences] == [["c1"], ["c2"], ["c3"]]
    assert [s.text for s in draft.sentences] == [
        LANDED,
        "The crew collected 21.5 kilograms of samples.",
        "No scope here.",
    ]
    assert draft.usage.output_tokens == sum(len(s.text) for s in draft.sentences) // 4


def test_model_id() -> None:
    assert OfflineReasoner().model_id == "offline-extractive-v1"


def test_the_answer_says_a_fact_two_claims_state_once_citing_both() -> None:
    claims = [
        AnswerClaim(
            claim_id="clm_when",
            statement="The Kessler Observatory was founded in 1896 by the brewer Anton Kessler above the harbour.",
            scope_index=0,
        ),
        AnswerClaim(claim_id="clm_who", statement="founded 1896 by Anton Kessler", scope_index=1),
        AnswerClaim(claim_id="clm_staff", statement="The Kessler Observatory has a staff of 9 people.", scope_index=2),
    ]
    draft = anyio.run(
        lambda: OfflineReasoner().write_answer("When was it founded and by whom?", claims, tokens_left=10_000)
    )
    assert [s.claim_ids for s in draft.sentences] == [["clm_when", "clm_who"], ["clm_staff"]]
    assert draft.sentences[0].text.startswith("The Kessler Observatory was founded in 1896")


def test_a_value_stated_of_the_subject_by_another_questions_claim_is_not_proposed_again() -> None:
    sentence = "Apollo 11 landed on the Moon with Neil Armstrong and Buzz Aldrin aboard on July 20, 1969."
    when = claim(sentence, scope_index=0)
    scope = [
        ScopeQuestion(index=0, text="When did Apollo 11 land on the Moon?"),
        ScopeQuestion(index=1, text="Who flew on Apollo 11?"),
    ]
    text = "Apollo 11 carried Neil Armstrong."
    value = next(v for v in extract_values(text) if v.raw == "Neil Armstrong")
    group = Group([Candidate(Found("s", "b.md", Authority.MEDIUM, text), value, 5.0)])
    assert restated(view(AgentRole.SKEPTIC, [when], scope=scope), 1, group)
    other = "The Kessler Observatory was visited by Neil Armstrong in 1972."
    assert not restated(view(AgentRole.SKEPTIC, [claim(other, scope_index=0)], scope=scope), 1, group)


def test_two_claims_for_one_question_stay_two_sentences_however_alike() -> None:
    claims = [
        AnswerClaim(
            claim_id="a", statement="The 378th Troop Carrier Squadron is an inactive air force unit.", scope_index=0
        ),
        AnswerClaim(claim_id="b", statement="The 378th Fighter Squadron is an air force unit.", scope_index=0),
    ]
    draft = anyio.run(lambda: OfflineReasoner().write_answer("378th refers to which unit?", claims, tokens_left=10_000))
    assert [s.claim_ids for s in draft.sentences] == [["a"], ["b"]]


def test_answers_for_namesakes_each_say_whose_they_are_by_their_sources_title() -> None:
    # *He succeeded ...* three times: the reader could not tell which baronet each was
    question = "When did Tomas Elling become the Baronet?"
    openings = {
        "a": "Sir Tomas Elling, 2nd Baronet Sir Tomas Elling, 2nd Baronet (1712 - 1771), was a landowner.",
        "b": "the estate was sold. Sir Tomas Elling, 3rd Baronet Sir Tomas Ambrose Elling (1744 - 1802) was",
        "c": "Elling family papers, 1700-1900, are kept at the county archive.",
    }
    statements = {
        "a": "He succeeded to the baronetcy in 1740.",
        "b": "He succeeded his father as baronet in 1771.",
        "c": "Sir Tomas Elling became baronet in 1771.",
    }
    claims = [AnswerClaim(claim_id=k, statement=statements[k], scope_index=0, openings=[openings[k]]) for k in "abc"]
    draft = anyio.run(lambda: OfflineReasoner().write_answer(question, claims, tokens_left=10_000))
    assert [s.text for s in draft.sentences] == [
        "Tomas Elling, 2nd Baronet: He succeeded to the baronetcy in 1740.",
        "Tomas Elling, 3rd Baronet: He succeeded his father as baronet in 1771.",
        "Sir Tomas Elling became baronet in 1771.",  # its source names no title: nothing to add
    ]
    one = [c.model_copy(update={"openings": [openings["a"]]}) for c in claims[:2]]  # one baronet's two claims
    draft = anyio.run(lambda: OfflineReasoner().write_answer(question, one, tokens_left=10_000))
    assert [s.text for s in draft.sentences] == [statements["a"], statements["b"]]
