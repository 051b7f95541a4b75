"""Superlatives over a table: *Which model is the lightest?* is read in the column of its measure."""

from __future__ import annotations

from pathlib import Path

import pytest

from agents.offline.extremes import (
    extreme_asked,
    extreme_cells,
    extremes_in,
    lines_stating,
    members_in,
    row_asked,
    several_asked,
)
from agents.offline.words import content_words
from agents.sources.documents import csv_to_rows
from tests.corpuskit import research_over

SPECS = (
    "Model,Release year,Battery (mAh),Weight (g),Price (EUR)\n"
    "Kito A1,2021,4100,182,399\nKito A2,2022,4500,188,449\nKito A3,2024,5000,191,499\n"
)


@pytest.mark.parametrize(
    ("question", "row"),
    [
        ("Which Kito model is the lightest?", "Kito A1"),
        ("Which model has the largest battery?", "Kito A3"),  # the noun names the measure
        ("What is the oldest Kito model?", "Kito A1"),  # the noun names the thing: its year is read
        ("Which Kito is the most expensive?", "Kito A3"),
        ("Which is the cheapest Kito?", "Kito A1"),
    ],
)
def test_the_row_with_the_extreme_amount_of_the_measure_asked_is_read(question: str, row: str) -> None:
    extreme = extreme_asked(question)
    assert extreme is not None
    assert [c.row_label for c in extreme_cells(extreme, csv_to_rows(SPECS))] == [row]


def test_no_superlative_no_extreme_and_a_tie_has_no_extreme() -> None:
    assert extreme_asked("Which Kito model weighs 182 grams?") is None
    assert extreme_asked("What is the highest-ranked model?") is None  # not a superlative of a measure listed
    assert extreme_asked("What is the latest version of Inkwell?") is None  # an attribute, not a row
    assert extreme_asked("Which boat finished first?") is None  # a rank, not a date
    tied = "| Model | Weight (g) |\n|---|---|\n| Kito A1 | 182 |\n| Kito A2 | 182 |\n"
    extreme = extreme_asked("Which model is the lightest?")
    assert extreme is not None and extreme_cells(extreme, tied) == []


def test_a_superlative_is_answered_from_the_table_not_by_a_sentence_that_says_light(tmp_path: Path) -> None:
    # a review's headline (*a big battery in a light phone*) answered *Which model is the lightest?*
    docs = {
        "specs.csv": SPECS,
        "review.txt": "Kito A3 review: a big battery in a light phone. The A3 is made in Porto by Lusotec.",
    }
    result = research_over(tmp_path, docs, "Which Kito model is the lightest?")
    first = result.answer.splitlines()[0]
    assert first.startswith("Kito A1 is the lightest (weight 182 g)."), result.answer
    assert "light phone" not in result.answer and "Lusotec" not in result.answer, result.answer


BRANCHES = (
    "# Orrvik Library\n\nThe library runs six branches.\n\n## Branches\n\n"
    "- Nordby branch, opened 1956\n- Strand branch, opened 1962\n- Haugen branch, opened 1974\n"
    "- Lia branch, opened 2001\n\nThe central library opened in 1931.\n"
)


def test_a_list_of_like_lines_is_read_as_rows() -> None:
    newest = extreme_asked("Which is the newest branch?")
    assert newest is not None
    [row] = extremes_in(newest, BRANCHES)
    assert (row.label, row.measure, row.amount) == ("Lia branch", "opened", "2001")
    oldest = extreme_asked("Which branch is the oldest?")
    assert oldest is not None and [r.label for r in extremes_in(oldest, BRANCHES)] == ["Nordby branch"]


def test_a_superlative_over_a_list_is_answered_and_stated_by_its_lines(tmp_path: Path) -> None:
    # the list's claim was read as a sentence stating every year at once, and its own lines
    # contradicted it: now each line is a row it quotes
    result = research_over(tmp_path, {"about.md": BRANCHES}, "Which branch is the oldest?")
    assert result.answer.startswith("Nordby branch is the oldest (opened 1956)."), result.answer
    assert not any(g.category.value == "contradictory_sources" for g in result.gaps), result.gaps


def test_a_single_bullet_is_not_supported_by_a_part_of_it() -> None:
    # a quoted list's lines support it as a table's rows do; one bullet line says more than a part of it
    from agents.offline.evidence import _row_of

    assert _row_of("- Nordby branch, opened 1956\n- Strand branch, opened 1962", "Strand branch, opened 1962")
    assert not _row_of("- The bridge opened in 1931 and closed in 1990.", "The bridge opened in 1931")


def test_which_item_of_a_list_did_what_is_the_line_stating_it() -> None:
    value = row_asked("Which branch opened in 1974?")
    assert value is not None and value.year == 1974
    assert [r.label for r in lines_stating(frozenset({"open"}), value, BRANCHES)] == ["Haugen branch"]
    assert row_asked("Which branch is the oldest?") is None and row_asked("When did Haugen branch open?") is None


def test_which_item_of_a_list_is_answered_by_its_line(tmp_path: Path) -> None:
    # a line's one-word name opening it was read as no name, so *Which branch opened in 1974?* had no answer
    result = research_over(tmp_path, {"about.md": BRANCHES}, "Which branch opened in 1974?")
    assert result.answer.startswith("Haugen branch, opened 1974."), result.answer


@pytest.mark.parametrize(
    ("question", "row"),
    [
        ("Which Kito model came out first?", "Kito A1"),
        ("Which model was released last?", "Kito A3"),
        ("Which model was released most recently?", "Kito A3"),
        ("Which Kito model came out earliest?", "Kito A1"),
    ],
)
def test_first_or_last_asked_with_a_verb_is_a_superlative_of_when(question: str, row: str) -> None:
    extreme = extreme_asked(question)
    assert extreme is not None
    assert [c.row_label for c in extreme_cells(extreme, csv_to_rows(SPECS))] == [row]


def test_which_opened_first_is_concluded_in_the_questions_words(tmp_path: Path) -> None:
    result = research_over(tmp_path, {"about.md": BRANCHES}, "Which branch opened first?")
    assert result.answer.startswith("Nordby branch opened first (opened 1956)."), result.answer
    # a noun of two words is the noun's, not the conclusion's (*Kito A1 model came out first*)
    extreme = extreme_asked("Which Kito model came out first?")
    assert extreme is not None and extreme.stated == "came out first"
    lightest = extreme_asked("Which models are the lightest?")
    assert lightest is not None and lightest.stated == "is the lightest"


def test_a_superlative_of_a_verb_asks_the_most_of_its_column(tmp_path: Path) -> None:
    extreme = extreme_asked("Which Vell release has been downloaded the most?")
    assert extreme is not None and extreme.greatest and extreme.measure == frozenset(content_words("downloaded"))
    downloads = (
        "version,release_date,downloads_total\n1.0.0,2018-06-01,23877\n2.0.0,2020-05-03,412655\n"
        "3.0.0,2022-10-05,701334\n3.1.0,2023-06-12,455120\n"
    )
    result = research_over(
        tmp_path, {"vell_downloads.csv": downloads}, "Which Vell release has been downloaded the most?"
    )
    assert result.answer.startswith("3.0.0"), result.answer


RANGE = {
    "tarnbike.md": (
        "# Tarn Bikes\n\nTarn Bikes is a bicycle maker in Vellby.\n\n## Products\n\n"
        "As of 2024 the Tarn Bikes range consists of four model families:\n\n"
        "| Model | Type | Introduced |\n|---|---|---|\n| Heron | City | 1991 |\n| Corrie | Mountain | 1999 |\n"
        "| Skerry | Road | 2006 |\n| Wisp | Folding | 2024 |\n"
    ),
    "sales.csv": "year,model,units\n2023,Heron,12000\n2023,Corrie,8000\n2024,Heron,12500\n",
}


def test_the_things_a_question_asks_as_a_whole_are_a_table_headed_by_their_noun() -> None:
    assert several_asked("Which model families make up the Tarn Bikes range?") == ("model", "family")
    assert several_asked("What are the laboratory's field sites?") == ("field", "site")
    assert several_asked("What are the main sources of funding for it?")[-1] == "sourc"
    assert not several_asked("When did Tarn Bikes open?")
    assert several_asked("Name the three members of the Tarn tribunal.") == ("thre", "member")  # a bidding
    assert several_asked("List the stations on the Tarn line") == ("station",)
    assert several_asked("Give the names of the judges of the Tarn court") == ("judg",)
    assert not several_asked("Name the architect of the Tarn bridge") and not several_asked("Give the dates of it")
    table = RANGE["tarnbike.md"][RANGE["tarnbike.md"].index("|") :]
    assert [m.label for m in members_in(frozenset({"model", "family"}), table)] == ["Heron"]
    assert not members_in(frozenset({"site"}), table)  # a table of other things


def test_which_things_are_answered_by_the_table_of_them_not_by_a_sentence_counting_them(tmp_path: Path) -> None:
    result = research_over(tmp_path, RANGE, "Which model families make up the Tarn Bikes 2024 range?")
    assert all(name in result.answer for name in ("Heron", "Corrie", "Skerry", "Wisp")), result.answer


def test_a_sentence_listing_the_things_asked_with_lettered_items_answers(tmp_path: Path) -> None:
    docs = {
        "wiki.md": "# Tarn Water\n\nThe Tarn Water pipe programme is funded from three main sources.",
        "report.md": (
            "# Tarn Water pipe programme report\n\n"
            "4.1 The Tarn Water pipe programme is funded from three main sources: (a) a state loan of $40 million;"
            " (b) the Tarn bonds of $60 million; and (c) a surcharge of $2.10 per month on water bills."
        ),
    }
    result = research_over(tmp_path, docs, "What are the main sources of funding for the Tarn Water pipe programme?")
    assert "(b) the Tarn bonds" in result.answer, result.answer
