"""Questions answered by a member of a known class (*What sport ...*, *What political party ...*)."""

from __future__ import annotations

from pathlib import Path

import pytest

from agents.offline.answering import Settled, settle
from agents.offline.candidates import Group, candidates, grouped
from agents.offline.evidence import Found
from agents.offline.kinds import asked_class, members_in, same_member
from agents.offline.question import Wants, read_question
from agents.offline.sentences import split_sentences
from protocols import Authority
from tests.corpuskit import research_over


@pytest.mark.parametrize(
    ("question", "cls"),
    [
        ("What sport does Maren Solberg play?", "sport"),
        ("What political party was Edwin Tarrant affiliated with?", "party"),
        ("Which party did Edwin Tarrant join in 1880?", "party"),
        ("What instrument does Ola Brenne play?", "instrument"),
        ("What kind of sport is korfball?", "sport"),
        ("When did Maren Solberg start playing football?", None),
        ("What is the sport of the year?", None),
        ("What is the primary instrument played by Ola Brenne?", "instrument"),
        ("What was her main sport?", "sport"),
        ("What is the sports budget of Lillevik?", None),
        ("What position did Maren Solberg play in her football career?", "position"),
        ("Which position does Maren Solberg play?", "position"),
        ("What was the position of Edwin Tarrant?", None),  # an office, perhaps: no position is *played*
        ("What was the rank of General Tarrant?", "rank"),
        ("What is the rank of the university in the world?", None),
    ],
)
def test_the_class_asked_is_read_from_the_question(question: str, cls: str | None) -> None:
    assert asked_class(question) == cls
    asked = read_question(question)
    assert (asked.wants is Wants.MEMBER) == (cls is not None)
    assert asked.member_of == (cls or "")


def _members(cls: str, text: str) -> list[str]:
    return [text[a:b] for a, b in members_in(cls, text)]


def test_members_are_found_in_running_text_by_their_longest_name() -> None:
    text = "A Canadian ice hockey player, later a footballer, who also coached field hockey in the NHL era."
    assert _members("sport", text) == ["ice hockey", "footballer", "field hockey", "NHL"]
    # a word that is often something else is a member only in a phrase that makes it one
    assert _members("sport", "His bowling took four wickets; he ran a polo shirt shop.") == []
    assert _members("sport", "She won at ten-pin bowling.") == ["ten-pin bowling"]


def test_an_instrument_named_for_another_player_is_not_the_subjects() -> None:
    # the sitar was Ravi Shankar's: the accompanist's tabla was lost among the world's instruments
    page = "Rafiq Sendal (1919-2000) was an Indian tabla player. He often accompanied sitar player Ravi Shankar."
    assert _candidate_values("What is the primary instrument played by Rafiq Sendal?", page) == ["tabla"]


def test_a_member_naming_an_institution_is_the_subjects() -> None:
    # a hall of fame or a club is not another player: its sport is the one its members are honoured in
    page = "Dara Venn won the club championship three times. Venn was inducted into the Ostland Golf Hall of Fame."
    assert _candidate_values("What sport is Dara Venn associated with?", page) == ["Golf"]


def _candidate_values(question: str, page: str) -> list[str]:
    """The values of the candidates one page gives ``question``, best first."""
    found = [Found("a.md", "a.md", Authority.MEDIUM, s.text, page) for s in split_sentences(page)]
    return [c.value.raw for c in candidates(read_question(question), found) if c.value]


def test_party_names_are_matched_as_written() -> None:
    text = "He was a liberal thinker, elected as a Republican, later of the Minnesota Farmer-Labor Party."
    assert _members("party", text) == ["Republican", "Minnesota Farmer-Labor Party"]


@pytest.mark.parametrize(
    ("cls", "a", "b", "same"),
    [
        ("sport", "hockey", "ice hockey", True),
        ("sport", "ice hockey", "field hockey", False),
        ("sport", "NFL", "football", True),
        ("sport", "footballer", "American football", True),
        ("sport", "rugby union", "rugby league", False),
        ("sport", "soccer", "association football", True),
        ("sport", "soccer", "American football", False),
        ("party", "Labour Party", "Labor", True),
        ("party", "Republican", "GOP", True),
        ("party", "Whig", "Republican", False),
        ("position", "centre-back", "defender", True),
        ("position", "striker", "defender", False),
        ("position", "goalie", "goalkeeper", True),
    ],
)
def test_members_compare_by_their_words(cls: str, a: str, b: str, same: bool) -> None:
    assert same_member(cls, a, b) is same


def _settled(question: str, pages: dict[str, str]) -> Settled:
    found = [
        Found(name, name, Authority.MEDIUM, s.text, f"{name}\n{text}")
        for name, text in pages.items()
        for s in split_sentences(text)
    ]
    asked = read_question(question)
    return settle(asked, grouped(candidates(asked, found)))


def _values(groups: list[Group]) -> list[str]:
    return [g.best.value.raw.lower() for g in groups if g.best.value is not None]


def test_the_sport_is_the_members_value_and_a_lone_other_is_outvoted() -> None:
    pages = {
        "a.md": "Maren Solberg is a Norwegian professional footballer who plays for Lillevik IF.",
        "b.md": "Solberg joined Lillevik in 2019. Maren Solberg scored twice in her first football season there.",
        "c.md": "Maren Solberg, a renowned chess player, has been making waves in competitive chess.",
    }
    settled = _settled("What sport is Maren Solberg associated with?", pages)
    assert [same_member("sport", v, "football") for v in _values(settled.standing)] == [True]
    assert [sorted(g.locators) for g in settled.groups] == [["a.md", "b.md"], ["c.md"]]


def test_a_playing_position_is_a_member_said_anywhere_in_a_sentence_about_the_player() -> None:
    pages = {
        "a.md": "Tomas Lind is a Swedish former professional footballer. A defender, he began his career with Orsa IF.",
        "b.md": "Tomas Lind (born 1961) played as a centre-back for Orsa IF and Vallby for eleven seasons.",
    }
    settled = _settled("What position did Tomas Lind play?", pages)
    assert [same_member("position", v, "defender") for v in _values(settled.standing)] == [True]


def test_a_rank_is_a_member_though_the_subject_is_titled_with_part_of_it() -> None:
    pages = {"a.md": 'Edwin Tarrant Brigadier General Edwin "Ned" Tarrant (1908 - 1987) led a division.'}
    settled = _settled("What was the rank of General Tarrant?", pages)  # a nickname inside: his name still
    assert [same_member("rank", v, "brigadier general") for v in _values(settled.standing)] == [True]
    assert _members("rank", "He was a rear admiral, then a Vice-Admiral; his major work was general.") == [
        "rear admiral",
        "Vice-Admiral",
    ]


NAMESAKES = {
    "cyclist.md": "Tor Havik (cyclist) Tor Havik (born 1988) is a Norwegian racing cyclist who rides for Team Fjord.",
    "footballer.md": "Tor Havik (footballer) Tor Havik (born 1979) is a retired Norwegian footballer and coach.",
}


def test_a_member_no_source_places_with_a_named_namesake_is_unplaced() -> None:
    lone = {"tennis.md": "Tor Havik has become a widely watched figure in Oslo for his tennis skills."}
    settled = _settled("What sport is Tor Havik associated with?", NAMESAKES | lone)
    assert sorted(_values(settled.standing)) == ["cyclist", "footballer"]
    assert _values(settled.unplaced) == ["tennis"]
    # more sources than any named namesake's: the answer of a further one
    more = {f"tennis{i}.md": f"Report {i}: Tor Havik won the club's tennis final again this year." for i in range(2)}
    settled = _settled("What sport is Tor Havik associated with?", NAMESAKES | more)
    assert sorted(_values(settled.standing)) == ["cyclist", "footballer", "tennis"]
    assert not settled.unplaced


def test_an_unplaced_member_is_an_open_question_not_an_answer(tmp_path: Path) -> None:
    lone = {"tennis.md": "Tor Havik has become a widely watched figure in Oslo for his tennis skills."}
    result = research_over(tmp_path, NAMESAKES | lone, "What sport is Tor Havik associated with?")
    assert "cyclist" in result.answer and "footballer" in result.answer
    assert "tennis" not in result.answer
    asked = [o.question for o in result.open_questions]
    assert any("tennis.md" in q and "tennis" in q for q in asked), asked


def test_a_group_is_stated_by_its_most_specific_member() -> None:
    pages = {
        "a.md": "Nils Aas was the Lillevik Vikings' starting quarterback in the 2019 sport season.",
        "b.md": "Nils Aas is a Norwegian American football player.",
        "c.md": "Nils Aas played in the NFL for two seasons.",
    }
    settled = _settled("What sport is Nils Aas associated with?", pages)
    assert len(settled.standing) == 1
    stated = settled.standing[0].stated
    assert stated.value is not None and stated.value.raw == "American football"


def test_a_group_is_stated_in_the_words_most_of_its_sources_use() -> None:
    # one page's *soccer* is more specific than the others' *football*, but not what they say
    pages = {
        "a.md": "Orvik Stadium is a football stadium in Lund.",
        "b.md": "Orvik Stadium is the home field of the Lund Rams football team.",
        "c.md": "Orvik Stadium will host college soccer for the first time since 1991.",
    }
    settled = _settled("What sport is Orvik Stadium associated with?", pages)
    assert [sorted(g.locators) for g in settled.standing] == [["a.md", "b.md", "c.md"]]
    stated = settled.standing[0].stated
    assert stated.value is not None and stated.value.raw == "football"
