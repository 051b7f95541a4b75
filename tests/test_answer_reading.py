"""How a factoid's answer is read: *which <kind> did it*, a grounding's place, a table's row under
its header, a superseded or merely mentioned figure, and a correction two sentences on."""

from __future__ import annotations

from pathlib import Path

from agents.offline.candidates import candidates
from agents.offline.entities import entity_of
from agents.offline.evidence import Found
from agents.offline.question import Wants, read_question
from agents.offline.sentences import split_sentences
from agents.offline.stance import set_right, stance
from agents.offline.textfacts import find_conflict, is_negated
from protocols import Authority, Stance
from tests.corpuskit import research_over


def _found(name: str, text: str) -> list[Found]:
    return [Found(name, name, Authority.MEDIUM, s.text, f"{name}\n{text}") for s in split_sentences(text)]


def test_which_shipyard_built_it_asks_a_name_and_the_act_of_building() -> None:
    asked = read_question("Which shipyard built the MV Corra Finch?")
    assert asked.wants is Wants.NAME and asked.act == {"build"}
    assert read_question("Which officer had the watch on the bridge?").wants is Wants.NAME


def test_which_shipyard_built_it_is_answered_by_the_builder_not_the_yard_it_waited_at(tmp_path: Path) -> None:
    pages = {
        "ship.md": "MV Corra Finch\n\nThe MV Corra Finch is a ferry of the Lenn Isles. She was built by Harwell "
        "Marine Works at Dunmoor and entered service in 2019.",
        "news.txt": "The Corra Finch entered service after a long delay at the Dunmoor shipyard, where problems "
        "with her engines held her back.",
    }
    result = research_over(tmp_path, pages, "Which shipyard built the MV Corra Finch?")
    assert "Harwell Marine Works" in result.answer, result.answer


def test_which_firm_made_it_is_not_answered_by_a_sentence_that_never_says_the_making() -> None:
    asked = read_question("Which firm made the Ormley tide gauge?")
    text = (
        "Related material: Ormley tide gauge, Castor Museum of Navigation. The Ormley tide gauge was built for "
        "the harbour board by the instrument makers Pell & Sons in 1871."
    )
    best = candidates(asked, _found("museum.txt", text))
    assert best and best[0].value is not None and best[0].value.raw == "Pell & Sons"
    assert all(c.value is None or "Castor" not in c.value.raw for c in best)


def test_where_a_ship_ran_aground_is_the_place_she_grounded_on() -> None:
    asked = read_question("Where did the Corra Finch run aground in 2021?")
    text = "At 06:52 on 3 March 2021 the Corra Finch grounded on Skarth Rocks, half a mile from the harbour."
    best = candidates(asked, _found("report.txt", text))
    assert best and best[0].value is not None and best[0].value.raw == "Skarth Rocks"


def test_a_report_set_right_two_sentences_on_is_nobodys_answer() -> None:
    passage = (
        "We reported that there were 198 passengers on board the Corra Finch when she grounded. The operator "
        "has since confirmed that the figure of 198 came from an incomplete count. The correct number is 212 "
        "passengers."
    )
    report = split_sentences(passage)[0].text
    assert set_right(report, passage)
    other = (
        "We reported that the ship was built in 2017. We also reported that she carried 198 passengers. The "
        "correct number is 212 passengers."
    )
    assert not set_right(split_sentences(other)[0].text, other)  # the next report is the one set right


def test_a_share_of_punctual_sailings_is_a_number_read_from_its_column() -> None:
    asked = read_question("What punctuality did the Corra Finch achieve in 2020?")
    assert asked.wants is Wants.NUMBER
    table = (
        "| year | vessel | sailings_operated | punctuality_pct |\n"
        "| 2019 | Corra Finch | 413 | 97.4 |\n"
        "| 2019 | Lenn Lass | 4288 | 95.0 |\n"
        "| 2020 | Corra Finch | 2838 | 96.1 |"
    )
    item = Found("stats.csv", "stats.csv", Authority.MEDIUM, table, table)
    best = candidates(asked, [item])
    assert best and best[0].value is not None and best[0].value.raw == "96.1"
    # quoted as its header and its own row, not the rows between
    assert best[0].found.pieces == ("| year | vessel | sailings_operated | punctuality_pct |", table.splitlines()[3])


def test_a_fact_box_row_far_below_its_title_is_quoted_with_the_title(tmp_path: Path) -> None:
    rows = "\n".join(f"| Field {n} | value {n} |" for n in range(1, 9))
    pages = {
        "ship.md": f"MV Corra Finch\n\n| MV Corra Finch | |\n|---|---|\n{rows}\n| Length | 78.4 m |\n\n"
        "The MV Corra Finch is a ferry of the Lenn Isles.",
        "report.txt": "Grounding of the Corra Finch\n\n1.6 An underwater survey found shell plating breached over a "
        "length of approximately 4.5 m in way of No 2 void space.",
        "forum.txt": "Corra Finch aground\n\ndivers say the plating was breached over a length of 4.5 m in way of the "
        "void spaces",
    }
    result = research_over(tmp_path, pages, "How long is the MV Corra Finch?")
    assert "78.4 m" in result.answer and "MV Corra Finch" in result.answer, result.answer


def test_a_copyright_notice_contradicts_nothing() -> None:
    claim = "| Lenn Mountain Rescue | | | Volunteers | 64 active (2023) |"
    assert find_conflict(claim, "\u00a9 2024 Lenn Mountain Rescue.") is None


def test_a_preliminary_figure_gives_way_to_the_one_that_replaced_it(tmp_path: Path) -> None:
    pages = {
        "bulletin.txt": "Bulletin 14\n\nThe Skell volcano erupted on 11 May 2021. The bulletin gave a preliminary "
        "column height for the Skell eruption of about 12 km.",
        "clippings.txt": "Skell eruption\n\nOfficials gave a preliminary column height for the Skell eruption of "
        "about 12 km.",
        "report.txt": "Final report on the Skell eruption\n\nRadar data show that the column of the Skell eruption "
        "reached a height of 14.5 km on 11 May 2021.",
    }
    result = research_over(tmp_path, pages, "How high was the column of the Skell eruption?")
    assert "14.5 km" in result.answer and "12 km" not in result.answer, result.answer


def test_a_why_is_not_answered_by_the_cause_of_another_event() -> None:
    asked = read_question("Why was the delivery of the Corra Finch delayed?")
    other_event = "2.1 The Corra Finch grounded because the turn at the fairway buoy was made too late."
    other_thing = "For safety reasons the Corra Finch sails at reduced speed at night."
    assert not candidates(asked, _found("report.txt", other_event))
    assert not candidates(asked, _found("faq.html", other_thing))
    own = "The Corra Finch left Tarn Quay because the old berth had silted up."
    assert candidates(read_question("Why did the Corra Finch leave Tarn Quay?"), _found("history.md", own))


def test_did_with_a_plural_noun_after_the_name_reads_the_verb_after_the_noun() -> None:
    asked = read_question("Did Lenn Valley voters approve the levy in 2019?")
    assert asked.hypothesis == "Lenn Valley voters approved the levy in 2019"
    assert read_question("Did Alice Fenn pass the exam in 2019?").hypothesis == "Alice Fenn passed the exam in 2019"


def test_punctuality_asked_is_answered_by_a_share() -> None:
    asked = read_question("What punctuality did the Corra Finch achieve in 2020?")
    text = "The Corra Finch achieved a punctuality of 96.1% in 2020, her first full year."
    best = candidates(asked, _found("annual.md", text))
    assert best and best[0].value is not None and best[0].value.raw == "96.1%"


def test_a_firm_named_with_an_ampersand_keeps_its_namesakes_apart() -> None:
    asked = read_question("When was Tarrow & Daughters founded?")
    assert asked.subjects == ("Tarrow & Daughters",)
    text = "Tarrow Sweets Group (TSG) = big mass-market company, founded 1978 by a Dario Tarrow who is NOT related."
    item = Found("forum.txt", "forum.txt", Authority.MEDIUM, text, f"Re: Tarrow chocolate\n{text}")
    assert entity_of(asked, item) == {"sweets", "group", "tsg"}  # another firm of the name Tarrow


def test_an_interim_appointment_is_no_superseded_answer(tmp_path: Path) -> None:
    pages = {
        "society.md": "Lenn Philharmonic\n\nThe principal guest conductor, Ria Dahl, was appointed interim artistic "
        "director of the Lenn Philharmonic for the 2024-25 season.",
        "news.txt": "Lenn Philharmonic news\n\nRia Dahl was appointed interim artistic director of the Lenn "
        "Philharmonic for 2024-25.",
        "sponsor.txt": "Lenn Philharmonic sponsors\n\nThe Lenn Philharmonic season is sponsored by Oskby Mutual.",
    }
    question = "Who was appointed artistic director of the Lenn Philharmonic for the 2024-25 season?"
    result = research_over(tmp_path, pages, question)
    assert "Ria Dahl" in result.answer, result.answer


def test_which_firm_carried_it_out_needs_no_word_of_carrying() -> None:
    asked = read_question("Which firm carried out the forensic review for the Brightwell board?")
    text = "The Brightwell board appointed Halvard & Keane Assurance to conduct an independent forensic review."
    best = candidates(asked, _found("wiki.md", text))
    assert best and best[0].value is not None and best[0].value.raw == "Halvard & Keane Assurance"


def test_a_finding_reported_is_not_a_thing_found() -> None:
    hypothesis = "the phone at the centre of the Arlen case was found in Arlen's jacket pocket."
    report = "The Commission's report of 28 November 2023 found that Arlen had consulted an engine on the hidden phone."
    assert stance(hypothesis, report) is not Stance.SUPPORTS
    finding = "The inquiry found that the boiler had exploded after the collision."
    assert stance("The inquiry found that the boiler exploded.", finding) is Stance.SUPPORTS


def test_a_figure_set_against_another_denies_only_the_other() -> None:
    correction = "The board voted 5-2, not 6-1, to close Lenn Elementary School."
    assert stance("the board voted 6-1 to close Lenn Elementary School", correction) is Stance.REFUTES
    assert stance("the board voted 5-2 to close Lenn Elementary School", correction) is Stance.SUPPORTS
    assert not is_negated(correction)  # the closing is affirmed
    assert is_negated("The vote to close Lenn Elementary School did not pass.")
