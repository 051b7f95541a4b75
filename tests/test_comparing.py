"""A comparison's conclusion: which side the agreed values put first in what was asked."""

from __future__ import annotations

from pathlib import Path

from agents.backends import AnswerClaim
from agents.offline.comparing import comparison_sentence
from tests.corpuskit import research_over

TABLE = (
    "| Town | County | Population (2021) | Founded |\n|---|---|---|---|\n"
    "| Mereth | Tarrow | 14200 | 1412 |\n| Lindby | Vesle | 23100 | 1288 |"
)


def _claims(*statements: str) -> list[AnswerClaim]:
    return [AnswerClaim(claim_id=f"c{i}", statement=s, scope_index=i) for i, s in enumerate(statements)]


def test_the_comparative_names_the_direction_and_the_sentence_cites_both_values() -> None:
    claims = [AnswerClaim(claim_id="t", statement=" ".join(TABLE.split()), scope_index=0, excerpts=[TABLE])]
    larger = comparison_sentence("Which town has the larger population, Mereth or Lindby?", claims)
    assert larger is not None and larger.text == "Lindby has the larger population (23100, against 14200 for Mereth)."
    assert larger.claim_ids == ["t"]
    older = comparison_sentence("Which is older, Mereth or Lindby?", claims)
    assert older is not None and older.text.startswith("Lindby is older (1288")  # the earlier founding
    smaller = comparison_sentence(
        "Which has fewer inhabitants, Mereth or Lindby?",
        _claims("Mereth had 14,200 inhabitants in 2021.", "Lindby has around 23,000 people."),
    )
    assert smaller is not None and smaller.text.startswith("Mereth has fewer inhabitants (")
    assert smaller.claim_ids == ["c0", "c1"]


def test_each_side_takes_the_value_of_its_own_clause_in_a_sentence_about_both() -> None:
    both = "Our Berlin office has 48 employees; the Lisbon office has 31 employees."
    larger = comparison_sentence("Which office is larger, Berlin or Lisbon?", _claims(both))
    assert larger is not None and larger.text.startswith("Berlin is larger (48, against 31 for Lisbon)")


def test_which_does_a_thing_faster_compares_the_time_each_takes() -> None:
    """*Which ship makes the crossing faster?* is researched as how long each takes; the faster
    takes the shorter time, each side its own clause's (the value before its name)."""
    both = "Crossing time: 2 h 15 min on MV Tarn Star; 2 h 40 min on MV Orla Grace."
    question = "Which ship makes the crossing to Vell faster, the MV Tarn Star or the MV Orla Grace?"
    faster = comparison_sentence(question, _claims(both))
    assert faster is not None and faster.text.startswith("The MV Tarn Star"), faster
    slower = comparison_sentence(question.replace("faster", "slower"), _claims(both))
    assert slower is not None and slower.text.startswith("The MV Orla Grace"), slower


def test_no_conclusion_without_both_sides_or_for_another_kind_of_question() -> None:
    assert comparison_sentence("Which is older, Mereth or Lindby?", _claims("Mereth was founded in 1412.")) is None
    assert comparison_sentence("When was Mereth founded?", _claims("Mereth was founded in 1412.")) is None
    apart = _claims("Mereth lies 40 km from the coast.", "Lindby has around 23,000 people.")
    assert comparison_sentence("Which is larger, Mereth or Lindby?", apart) is None  # a length and a count


def test_a_comparison_answer_opens_with_its_conclusion(tmp_path: Path) -> None:
    result = research_over(
        tmp_path, {"towns.md": "# Towns of the lake country\n\n" + TABLE}, "Which is older, Mereth or Lindby?"
    )
    assert result.answer.startswith("Lindby is older (1288, against 1412 for Mereth)."), result.answer


def test_how_large_is_read_from_a_size_column_and_a_fact_box_size_row(tmp_path: Path) -> None:
    """*Which is larger, reservoir A or B?* asks each side *how large*: a table's *Capacity* column
    and a fact box's *Reservoir capacity* row say it, though neither says *large*."""
    docs = {
        "facilities.md": (
            "# Our facilities\n\nThe Orla Water Board runs two reservoirs.\n\n"
            "| Facility | Year built | Capacity |\n|---|---|---|\n"
            "| Orra Reservoir | 1962 | 96 million m³ |\n| Mire Reservoir | 1934 | 12 million m³ |\n"
        ),
        "orra.md": (
            "# Orra Reservoir\n\nThe Orra Reservoir lies behind the Orra Dam.\n\n"
            "| | |\n|---|---|\n| Built | 1962 |\n| Reservoir capacity | 96 million m³ |\n"
        ),
    }
    result = research_over(tmp_path, docs, "Which is larger, the Orra Reservoir or the Mire Reservoir?")
    assert result.answer.startswith("The Orra Reservoir is larger (96 million m³, against 12 million m³"), result.answer


def test_a_standings_table_answers_which_side_ended_with_more_points(tmp_path: Path) -> None:
    standings = (
        "# Coastal League 2019: final standings\n\n"
        "| Pos | Team | P | W | L | Pts |\n|---|---|---|---|---|---|\n"
        "| 1 | Ashby Otters | 12 | 9 | 3 | 18 |\n| 2 | Vell Rovers | 12 | 8 | 4 | 16 |\n"
        "| 3 | Mereth Town | 12 | 2 | 10 | 4 |\n"
    )
    question = "Which club ended the 2019 season with more points, Vell Rovers or Ashby Otters?"
    result = research_over(tmp_path, {"standings.md": standings}, question)
    assert result.answer.startswith("Ashby Otters"), result.answer


def test_one_figure_read_for_both_sides_concludes_nothing() -> None:
    total = "Ground parties from Tarn Rescue and Lenn Rescue, 37 rescuers in total, then climbed the ridge."
    question = "Which team has more rescuers, Tarn Rescue or Lenn Rescue?"
    assert comparison_sentence(question, [AnswerClaim(claim_id="c0", statement=total, scope_index=0)]) is None
