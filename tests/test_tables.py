"""Tables in documents: a cell is read with its row's label and its column's header."""

from __future__ import annotations

from pathlib import Path
from typing import Any, cast

import anyio

from agents.offline.answering import settled_answers
from agents.offline.candidates import candidates
from agents.offline.evidence import Found
from agents.offline.question import read_question
from agents.offline.sentences import split_sentences
from agents.offline.stance import stance
from agents.offline.tables import is_table, row_readings, table_cells
from agents.sources.htmltext import html_to_text
from protocols import Authority, Stance
from tests.corpuskit import research_over

RESULTS = (
    "# Brannock Ferries yearly figures\n\n"
    "Brannock Ferries sails between Holm and the islands.\n\n"
    "| Year | Crossings | Fares taken |\n"
    "|------|----------:|------------:|\n"
    "| 2020 | 3,900 | £2.1 million |\n"
    "| 2021 | 4,450 | £2.6 million |\n"
)


def test_cells_are_read_with_their_row_and_column() -> None:
    cells = {(c.row_label, c.header): RESULTS[c.start : c.end] for c in table_cells(RESULTS)}
    assert cells == {
        ("2020", "Crossings"): "3,900",
        ("2020", "Fares taken"): "£2.1 million",
        ("2021", "Crossings"): "4,450",
        ("2021", "Fares taken"): "£2.6 million",
    }
    (cell,) = [c for c in table_cells(RESULTS) if c.row_label == "2021" and c.header == "Crossings"]
    quoted = RESULTS[cell.span_start : cell.span_end]
    assert quoted.startswith("| Year | Crossings") and quoted.endswith("| 2021 | 4,450 | £2.6 million |")
    joined = " ".join(quoted.split())  # a claim's statement: the lines joined
    assert is_table(joined) and {(c.row_label, c.header) for c in table_cells(joined)} >= {("2021", "Crossings")}
    assert not is_table("Home | News | Sport") and table_cells("A line | with bars | but no table") == []


def test_an_html_table_is_written_as_rows_of_cells() -> None:
    page = html_to_text("<table><tr><th>Pier</th><th>Built</th></tr><tr><td>Holm</td><td>1902</td></tr></table>")
    assert page.text == "| Pier | Built |\n| Holm | 1902 |"


def test_a_question_is_answered_from_a_table_cell(tmp_path: Path) -> None:
    piers = (
        "<html><head><title>Brannock piers</title></head><body><table>"
        "<tr><th>Pier</th><th>Built</th><th>Berths</th></tr>"
        "<tr><td>Holm Pier</td><td>1902</td><td>4</td></tr>"
        "<tr><td>Skerry Pier</td><td>1931</td><td>2</td></tr>"
        "</table></body></html>"
    )
    docs = {"figures.md": RESULTS, "piers.html": piers}
    (tmp_path / "a").mkdir()
    (tmp_path / "b").mkdir()
    built = research_over(tmp_path / "a", docs, "When was Skerry Pier built?")
    assert "1931" in built.answer and built.citations and "piers.html" in built.citations[0].locator
    crossings = research_over(tmp_path / "b", docs, "How many crossings did Brannock Ferries make in 2021?")
    assert "4,450" in crossings.answer and crossings.citations and "---" not in crossings.answer


def test_a_csv_file_is_read_as_a_table(tmp_path: Path) -> None:
    from agents.sources.documents import csv_to_rows

    assert csv_to_rows('Pier,Built\n"Holm Pier",1902\n\nSkerry | North,1931\n') == (
        "| Pier | Built |\n| Holm Pier | 1902 |\n| Skerry / North | 1931 |"
    )
    docs = {"piers.csv": "Pier,Built,Berths\nHolm Pier,1902,4\nSkerry Pier,1931,2\n"}
    result = research_over(tmp_path, docs, "How many berths does Holm Pier have?")
    assert "| Holm Pier | 1902 | 4 |" in result.answer and result.citations


def test_a_row_is_named_by_any_of_its_cells_not_only_the_first(tmp_path: Path) -> None:
    results = (
        "# 2024 Lindholm regatta\n\n| Place | Boat | Skipper |\n|---|---|---|\n"
        "| 1 | Seabird | Jonas Berg |\n| 2 | North Star | Anna Holm |\n"
    )
    result = research_over(tmp_path, {"results.md": results}, "Who skippered North Star?")
    assert "Anna Holm" in result.answer and "Jonas Berg |" not in result.answer.split("North Star")[-1]


def test_a_place_in_a_table_cell_needs_no_preposition(tmp_path: Path) -> None:
    towns = "Town,County,Population\nMereth,Tarrow,14200\nHarlow Cross,Vesle,8900\n"
    result = research_over(tmp_path, {"towns.csv": towns}, "In which county is Harlow Cross?")
    assert "Vesle" in result.answer and result.citations, result.answer


def test_who_won_is_answered_by_the_first_place_row_of_a_results_table(tmp_path: Path) -> None:
    results = (
        "# 2024 Lindholm regatta results\n\n| Place | Boat | Skipper |\n|---|---|---|\n"
        "| 1 | Seabird | Jonas Berg |\n| 2 | North Star | Anna Holm |\n"
    )
    result = research_over(tmp_path, {"results.md": results}, "Who won the 2024 Lindholm regatta?")
    assert "Seabird" in result.answer and "North Star" not in result.answer, result.answer


_FELL_RACE = (
    "# 2024 Vardal fell race results\n\nThe 2024 Vardal fell race was run on 7 September 2024 in fog. "
    "The race was first held in 1988.\n\n| Place | Runner | Club | Time |\n|---|---|---|---|\n"
    "| 1 | Ingrid Sæther | Vardal IL | 2 h 41 min |\n| 2 | Tove Lie | Gjøvik FK | 2 h 47 min |\n"
    "| 3 | Per Alm | Vardal IL | 2 h 52 min |\n\nTove Lie also won the race in 2022, in 2 h 44 min.\n"
)


def test_the_winners_time_or_club_is_the_first_place_rows_cell_under_that_column(tmp_path: Path) -> None:
    # *the winning time* was answered with another year's sentence naming a winner (*also won the
    # race in 2022*), and *which club* had no answer: the first-place row under the column asked
    (tmp_path / "a").mkdir()
    (tmp_path / "b").mkdir()
    time = research_over(
        tmp_path / "a", {"results.md": _FELL_RACE}, "What was the winning time in the 2024 Vardal fell race?"
    )
    assert "2 h 41 min" in time.answer and "2022" not in time.answer, time.answer
    club = research_over(
        tmp_path / "b", {"results.md": _FELL_RACE}, "Which club did the winner of the 2024 Vardal fell race run for?"
    )
    assert "Vardal IL" in club.answer and "2022" not in club.answer, club.answer


LIBRARY = {
    "report.md": (
        "# Orrvik Library: annual report 2023\n\n"
        "In 2023 the library lent 61,400 items, up from 58,700 in 2022.\n\n"
        "| Measure | 2022 | 2023 |\n|---|---|---|\n| Loans | 58,700 | 61,400 |\n"
        "| Registered borrowers | 4,120 | 4,305 |\n| Budget (NOK) | 9.2 million | 9.7 million |\n"
    ),
    "news.txt": (
        "ORRVIK, 12 May 2023 -- Orrvik Library marked its 125th anniversary on Friday. The director said the"
        " library now has more than 4,000 registered borrowers."
    ),
}


def test_a_row_of_what_is_asked_is_read_under_the_year_asked(tmp_path: Path) -> None:
    (tmp_path / "a").mkdir()
    (tmp_path / "b").mkdir()
    budget = research_over(tmp_path / "a", LIBRARY, "What was Orrvik Library's budget in 2022?")
    assert "9.2 million" in budget.answer and "58,700 in 2022" not in budget.answer, budget.answer
    borrowers = research_over(tmp_path / "b", LIBRARY, "How many registered borrowers did Orrvik Library have in 2022?")
    assert "4,120" in borrowers.answer and "more than 4,000" not in borrowers.answer, borrowers.answer


def test_a_question_naming_no_subject_is_answered_by_the_row_under_the_year_not_another_years_sentence(
    tmp_path: Path,
) -> None:
    # *What was the budget in 2022?* names no subject: no table was read, and the 2023 budget's
    # sentence answered it
    docs = {"report.md": LIBRARY["report.md"] + "\nThe budget for 2023 was NOK 9.7 million, most of it for staff.\n"}
    result = research_over(tmp_path, docs, "What was the budget in 2022?")
    assert "9.2 million" in result.answer and "budget for 2023" not in result.answer, result.answer
    assert result.answer.startswith("Budget (NOK): 2022 9.2 million."), result.answer  # the row, under the year


def test_a_value_dated_by_another_year_than_the_one_asked_is_no_answer() -> None:
    asked = read_question("What was the budget in 2022?")
    text = "The budget for 2023 was NOK 9.7 million, most of it for staff."
    found = [Found("a.md", "a.md", Authority.MEDIUM, text, text)]
    assert candidates(asked, found) == []
    assert candidates(read_question("What was the budget in 2023?"), found)


PHONES = {
    "specs.csv": "Model,Battery (mAh),Weight (g),Price (EUR)\nKito A1,4100,182,399\nKito A2,4500,188,449\n",
    "launch.md": "# Kito A2 launch\n\nThe Kito A2 went on sale in May at a price of 449 euros.",
    "forum.txt": "Re: Kito A2?\nhonestly the a2 battery is the same 4100 as the a1, they just changed the software",
}


def test_a_cell_takes_the_unit_its_header_gives_and_a_bare_number_is_money_only_when_priced(tmp_path: Path) -> None:
    result = research_over(tmp_path, PHONES, "How much does the Kito A2 cost?")
    assert "449" in result.answer and "4100" not in result.answer, result.answer
    # the table's 449 (its header and its row, quoted apart) and the launch's 449 euros agree
    assert len(result.claims) == 1 and sorted({c.locator for c in result.citations}) == ["launch.md", "specs.csv"]
    assert any(c.raw_excerpt.startswith("| Kito A2 |") for c in result.citations), result.citations


def test_a_row_reads_as_its_cells_under_their_headers_with_the_headers_units() -> None:
    table = "| Model | Release year | Weight (g) | Price (EUR) |\n|---|---|---|---|\n| Kito A1 | 2021 | 182 | 399 |\n"
    assert row_readings(table) == [("Kito A1", "Kito A1: release year 2021; weight 182 g; price 399 EUR.")]
    assert row_readings(table, "| Kito A2 | 2022 | 188 | 449 |") == []
    assert row_readings(table, columns=frozenset({"weight"})) == [("Kito A1", "Kito A1: weight 182 g.")]
    assert row_readings(table, columns=frozenset({"colour"})) == []


def test_a_lookup_in_a_table_opens_with_the_rows_cell_asked(tmp_path: Path) -> None:
    docs = {"piers.csv": "Pier,Built,Berths\nHolm Pier,1902,4\nSkerry Pier,1931,2\n"}
    result = research_over(tmp_path, docs, "How many berths does Holm Pier have?")
    assert result.answer.startswith("Holm Pier: berths 4."), result.answer


def test_a_sum_in_the_currency_asked_disputes_a_price_without_saying_price(tmp_path: Path) -> None:
    review = {"review.txt": "Kito A2 review\n\nThe Kito A2 is the best Kito yet, though at 549 euros it is not cheap."}
    result = research_over(tmp_path, PHONES | review, "How much does the Kito A2 cost?")
    assert "449" in result.answer and "549" not in result.answer, result.answer
    assert any("549 euros" in g.detail for g in result.gaps), result.gaps  # shown, and outvoted 2 to 1


def test_a_fact_box_row_answers_the_measure_it_names(tmp_path: Path) -> None:
    """A page's fact box (two cells a row: a label and its value; a blank header or none) answers
    what its label names, and a *how tall* question searches for *height* and *high*."""
    page = (
        "# Vell Tower\n\nThe Vell Tower is a stone lighthouse on the headland above Orsby. It was first lit "
        "in 1871 and has been automated since 1988.\n\n"
        "| | |\n|---|---|\n| Built | 1869-1871 |\n| Height | 41 metres |\n| Range | 18 nautical miles |\n"
    )
    box = (
        "<html><body><p>The Orsby Mill is a tower mill on the edge of Orsby.</p><table>"
        "<tr><th>Built</th><td>1820</td></tr><tr><th>Height</th><td>19 m</td></tr></table></body></html>"
    )
    other = "Visitors to Orsby can climb the Vell Tower and the Orsby Mill in summer; tickets cost 6 euros."
    (tmp_path / "a").mkdir()
    (tmp_path / "b").mkdir()
    tower = research_over(tmp_path / "a", {"vell-tower.md": page, "visit.md": other}, "How tall is the Vell Tower?")
    assert "41 metres" in tower.answer and "vell-tower.md" in tower.citations[0].locator
    mill = research_over(tmp_path / "b", {"mill.html": box, "visit.md": other}, "How high is the Orsby Mill?")
    assert "19 m" in mill.answer and "mill.html" in mill.citations[0].locator


def test_a_fact_box_row_of_a_phase_not_asked_gives_no_answer() -> None:
    """``| Construction began | April 1869 |`` does not say when the tower was completed."""
    page = "# Vell Tower\n\nThe Vell Tower is a lighthouse.\n\n| | |\n|---|---|\n| Construction began | April 1869 |\n"
    asked = read_question("When was the Vell Tower completed?")
    found = [Found("t", "t.md", Authority.MEDIUM, page, page)]
    assert not [c for c in candidates(asked, found) if c.value is not None and "1869" in c.value.raw]
    began = read_question("When did construction of the Vell Tower begin?")
    assert [c.value.raw for c in candidates(began, found) if c.value is not None][:1] == ["April 1869"]


def test_how_long_is_a_ship_is_read_from_its_fact_box_length() -> None:
    """*How long was the Orla Star?* says no measure's word, yet a fact box's *Length* row says
    which one it asks (not the eleven minutes she took to sink)."""
    page = (
        "# Orla Star\n\nThe Orla Star was a coastal steamer. She sank in roughly eleven minutes in 1902.\n\n"
        "| | |\n|---|---|\n| Builder | Lyall & Gow |\n| Length | 186 ft (56.7 m) |\n"
    )
    found = [Found("s", "star.md", Authority.MEDIUM, s.text, page) for s in split_sentences(page)]
    best = candidates(read_question("How long was the Orla Star?"), found)
    assert best and best[0].value is not None and best[0].value.raw == "186 ft"


def _league_corpus() -> dict[str, str]:
    table = (
        "<html><body><h1>Division Two - Final Standings 2023/24</h1><table>"
        "<tr><th>Pos</th><th>Team</th><th>P</th><th>W</th><th>L</th><th>Pts</th></tr>"
        "<tr><td>1</td><td>Orla Otters</td><td>10</td><td>7</td><td>3</td><td>15</td></tr>"
        "<tr><td>2</td><td>Vik Wolves</td><td>10</td><td>7</td><td>3</td><td>14</td></tr>"
        "</table></body></html>"
    )
    rows = ["date,competition,opponent,score,notes"]
    rows += [f"{d:02d}/01/2024,League,Team {d},2-1,two points in the 2023/24 league season" for d in range(1, 13)]
    rows.append("10/02/2024,League,Vik Wolves,2-3,lost in overtime - 1 point")
    club = "# Orla Otters\n\nThe Orla Otters are an ice hockey club in Orla, in the league since 2001.\n"
    return {"standings.html": table, "fixtures.csv": "\n".join(rows) + "\n", "club.md": club}


def test_a_league_table_s_abbreviated_points_column_answers_how_many_points(tmp_path: Path) -> None:
    """*Pts* is *points*: the standings' row answers; a fixtures row's note (*lost in overtime - 1
    point*) is no sentence to answer from, and where the first search reads no answer, a search
    for the subject's name finds its row."""
    asked = read_question("How many points did Orla Otters finish the 2023/24 league season with?")
    docs = _league_corpus()
    rows = [
        f
        for f in (
            Found("f", "fixtures.csv", Authority.MEDIUM, line, line)
            for line in ["| 10/02/2024 | League | Vik Wolves | 2-3 | lost in overtime - 1 point |"]
        )
    ]
    assert not [c for c in candidates(asked, rows) if c.value is not None and c.value.raw == "1"]
    result = research_over(tmp_path, docs, asked.text)
    assert "| 1 | Orla Otters | 10 | 7 | 3 | 15 |" in result.answer, result.answer


def test_where_the_search_for_the_question_reads_no_answer_the_subject_s_name_is_searched() -> None:
    """A first search that reads nothing answering (its hits are a fixtures list's rows) is followed
    by a search for the subject's name alone, which finds its row of the standings."""
    standings = "| Pos | Team | Pts |\n| 1 | Orla Otters | 15 |\n| 2 | Vik Wolves | 14 |"
    fixture = "| 10/02/2024 | League | Vik Wolves | 2-3 | lost in overtime - 1 point |"

    class Turn:
        def __init__(self) -> None:
            self.queries: list[str] = []

        async def search(self, query: str, *, limit: int) -> list[Found]:
            self.queries.append(query)
            text = standings if query == "orla otters" else fixture
            return [Found(query, "a.md", Authority.MEDIUM, line, text) for line in text.splitlines()[-2:]]

    turn = Turn()
    question = "How many points did Orla Otters finish the season with?"
    settled = anyio.run(settled_answers, cast(Any, turn), question)
    assert "orla otters" in turn.queries
    assert [g.best.value.raw for g in settled.standing if g.best.value is not None] == ["15"]


def test_a_fact_box_row_reads_under_its_title_and_counts_what_its_label_names() -> None:
    box = "| Tarn Canal | |\n|---|---|\n| Length | 31 miles |\n| Locks | 27 |\n| Status | Navigable |\n"
    assert row_readings(box, "| Locks | 27 |") == [("Locks", "Tarn Canal -- Locks: 27 locks.")]
    assert row_readings(box, "| Status | Navigable |") == [("Status", "Tarn Canal -- Status: Navigable.")]
    assert stance("the Tarn Canal has 32 locks", box) is Stance.REFUTES
    assert stance("the Tarn Canal has 27 locks", box) is Stance.SUPPORTS


def test_a_fact_box_under_a_header_naming_nothing_reads_its_label_with_its_value() -> None:
    box = "# Orby heron\n\n| Field | Value |\n|---|---|\n| First seen | 9 April 2024 |\n| Found by | Ida Pell |\n"
    assert ("First seen", "First seen 9 April 2024.") in row_readings(box)
    claim = "the Orby heron was first spotted on 19 April 2024"
    assert stance(claim, "| First seen | 9 April 2024 |", box) is Stance.REFUTES  # under its page's title
    assert stance("the Orby heron was first seen on 9 April 2024", "| First seen | 9 April 2024 |", box) is (
        Stance.SUPPORTS
    )
