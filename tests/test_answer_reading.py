"""How a factoid's answer is read: *which <kind> did it*, a grounding's place, a table's row under
its header, a superseded or merely mentioned figure, and a correction two sentences on."""

from __future__ import annotations

from pathlib import Path

import pytest

from agents.offline.answering import described, settle
from agents.offline.candidates import candidates, grouped
from agents.offline.entities import entity_of
from agents.offline.evidence import Found, Tally, tally
from agents.offline.question import Asked, Wants, read_question
from agents.offline.reviewing import verdict
from agents.offline.sentences import split_sentences
from agents.offline.stance import set_right, stance
from agents.offline.textfacts import Conflict, find_conflict, is_negated
from agents.offline.values import extract_values, values_agree
from protocols import Authority, ChallengeClaim, Stance
from tests.corpuskit import research_over
from tests.test_offline_roles import claim


def _found(name: str, text: str) -> list[Found]:
    return [_item(name, s.text, f"{name}\n{text}") for s in split_sentences(text)]


def _item(name: str, text: str, context: str) -> Found:
    """``text`` found in ``context``, the passage of the file ``name``."""
    return Found(name, name, Authority.MEDIUM, text, context)


def _best_value(asked: Asked, found: list[Found]) -> str | None:
    """The best candidate's value for ``asked`` in ``found``, as written."""
    best = candidates(asked, found)
    return best[0].value.raw if best and best[0].value is not None else None


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
    assert _best_value(asked, _found("museum.txt", text)) == "Pell & Sons"
    assert all(c.value is None or "Castor" not in c.value.raw for c in candidates(asked, _found("museum.txt", text)))


def test_where_a_ship_ran_aground_is_the_place_she_grounded_on() -> None:
    asked = read_question("Where did the Corra Finch run aground in 2021?")
    text = "At 06:52 on 3 March 2021 the Corra Finch grounded on Skarth Rocks, half a mile from the harbour."
    assert _best_value(asked, _found("report.txt", text)) == "Skarth Rocks"


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
    item = _item("stats.csv", table, table)
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
    assert _best_value(asked, _found("annual.md", text)) == "96.1%"


def test_a_firm_named_with_an_ampersand_keeps_its_namesakes_apart() -> None:
    asked = read_question("When was Tarrow & Daughters founded?")
    assert asked.subjects == ("Tarrow & Daughters",)
    text = "Tarrow Sweets Group (TSG) = big mass-market company, founded 1978 by a Dario Tarrow who is NOT related."
    item = _item("forum.txt", text, f"Re: Tarrow chocolate\n{text}")
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
    assert _best_value(asked, _found("wiki.md", text)) == "Halvard & Keane Assurance"


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


def _answer_from_row(question: str, heading: str, table: str, row: int) -> str | None:
    """The best candidate's value for ``question`` in line ``row`` of ``table``, read on a page under ``heading``."""
    line = table.splitlines()[row]
    item = _item("page.html", line, f"{heading}\n\n{table}")
    best = candidates(read_question(question), [item])
    return best[0].value.raw if best and best[0].value is not None else None


_TICKETS = (
    "| Ticket | Price | Notes |\n|---|---|---|\n"
    "| Adult (18-64) | MDM 16.00 | Was MDM 14.50 in 2021 |\n| Child (5-17) | MDM 8.00 | |"
)
_FEES = (
    "| Category | Fee 2024 | Fee 2023 (for reference) |\n|---|---|---|\n"
    "| Adults (standard entry) | AM 85 | AM 70 |\n| Juniors (born 2006 or later) | AM 40 | AM 35 |"
)


@pytest.mark.parametrize(
    ("question", "heading", "table", "answer"),
    [
        # a currency's code before the amount; a note naming another year dates nothing
        (
            "How much does an adult ticket to the Skell Volcano Centre cost in 2022?",
            "Skell Volcano Centre - tickets\n\nAdmission prices 2022",
            _TICKETS,
            "16.00",
        ),
        # a row label's bracket only qualifies it
        (
            "How much is the adult entry fee for the 2024 Lenn Open?",
            "Lenn Open 2024 - entry\n\nEntry fees",
            _FEES,
            "85",
        ),
    ],
)
def test_a_price_row_answers_by_its_label_and_column(question: str, heading: str, table: str, answer: str) -> None:
    assert _answer_from_row(question, heading, table, 2) == answer


def test_a_count_of_member_farms_counts_farms() -> None:
    count = next(v for v in extract_values("the cooperative's 412 member farms, who fear") if v.kind == "count")
    assert count.dimension == "count:farm"
    vessels = next(v for v in extract_values("landed by the 47 member vessels of the cooperative") if v.kind == "count")
    assert vessels.dimension == "count:vessel"
    assert [v.dimension for v in extract_values("5 people injured") if v.kind == "count"] == ["count:person"]


def test_a_challenge_quotes_a_table_row_and_its_header_each_verbatim() -> None:
    row = Found(
        "src_1",
        "farms.md",
        Authority.MEDIUM,
        "| Cooperative | |\n| Members | 412 farms |",
        "",
        pieces=("| Cooperative | |", "| Members | 412 farms |"),
    )
    result = Tally("The cooperative has 388 farms.", {}, {"farms.md": (row, Conflict("value"))})
    action = verdict(claim("The cooperative has 388 farms."), result, previous=[])
    assert isinstance(action, ChallengeClaim)
    assert [q.quote for q in action.counter_evidence] == ["| Cooperative | |", "| Members | 412 farms |"]


def test_a_fact_box_figure_dated_in_its_own_cell_answers_only_its_year() -> None:
    box = "| Kessel Cycles Ltd | |\n|---|---|\n| Founded | 1998 |\n| Revenue | \u20ac46.1 million (2023) |"
    row = box.splitlines()[3]
    item = _item("kessel.md", row, f"Kessel Cycles\n\n{box}")
    assert not candidates(read_question("How much revenue did Kessel Cycles report for 2022?"), [item])
    assert candidates(read_question("How much revenue did Kessel Cycles report for 2023?"), [item])


def test_a_figure_a_report_gave_and_the_next_sentence_corrects_is_set_right() -> None:
    passage = (
        'The same article gave the height of the bronze "Running Hare" by Ada Vell as 13 centimetres. '
        "The sculpture is 31 centimetres high."
    )
    assert set_right(split_sentences(passage)[0].text, passage)
    kept = "The catalogue gave the height of the bronze as 31 centimetres. It was cast in 1921."
    assert not set_right(split_sentences(kept)[0].text, kept)


def test_a_passive_act_is_supported_only_by_a_sentence_that_says_it() -> None:
    hypothesis = "the night security guard was arrested after the theft"
    patrol = "The theft was discovered shortly before 4 a.m. by a member of the museum's night security staff."
    assert stance(hypothesis, patrol) is not Stance.SUPPORTS
    assert stance(hypothesis, "The night security guard was arrested two days after the theft.") is Stance.SUPPORTS


def test_a_restart_is_not_refuted_by_the_stop_it_undid() -> None:
    hypothesis = "production on the Orrin soft-cheese line restarted in July 2023."
    release = (
        "The cooperative restarted the soft-cheese line at Orrin on 3 July 2023, 108 days after it stopped the line."
    )
    assert stance(hypothesis, release) is Stance.SUPPORTS
    assert stance(
        "The Orrin soft-cheese line runs every day.", "The cooperative stopped the Orrin soft-cheese line."
    ) is (Stance.REFUTES)


def test_a_denial_in_another_clause_does_not_deny_the_dated_act() -> None:
    hypothesis = "production on the Orrin soft-cheese line restarted in July 2023."
    report = "The June inspection found no positive samples, and the Orrin soft-cheese line restarted on 3 July 2023."
    assert stance(hypothesis, report) is Stance.SUPPORTS
    assert stance("The fair was held in 2020.", "The fair was not held in 2020 because of the flood.") is Stance.REFUTES


def test_a_count_before_and_counts_no_verb_after_it() -> None:
    text = "The village has a population of 210 and lies on the left bank of the Lenn River."
    assert not [v for v in extract_values(text) if v.kind == "count"]  # ``and lies``: no noun counted


def test_a_why_is_answered_by_the_cause_not_by_what_did_not_happen() -> None:
    asked = read_question("Why did no alarm sound when the intruders entered Gallery 3?")
    denial = "4.3 No alarm was raised by the intruder detection system in Gallery 3."
    assert not candidates(asked, _found("review.md", denial))  # nothing was done: no *by* gives a cause
    cause = (
        "5.1 The immediate cause of the failure to detect the intrusion was that the movement sensor in "
        "Gallery 3 had been disconnected during maintenance and had not been reconnected."
    )
    assert candidates(asked, _found("review.md", cause))  # *intrusion* is of the family of *intruders*


def test_how_large_a_penalty_was_asks_a_sum_of_money() -> None:
    asked = read_question("How large was the administrative penalty that the directorate imposed on the Lenn dairy?")
    text = "7.3 An administrative penalty of $145,000 was imposed on the Lenn dairy by notice dated 19 May 2023."
    assert _best_value(asked, _found("report.md", text)) == "$145,000"


def test_a_deadline_or_an_age_is_no_length_of_what_is_asked() -> None:
    asked = read_question("How long is Arlen Voss's suspension?")
    deadline = "Arlen Voss has fourteen days to appeal to the federation's tribunal."
    age = "A nineteen-year-old from Tarrow, Arlen Voss, was crowned winner of the Lenn Open."
    assert not [c for c in candidates(asked, _found("news.txt", deadline)) if c.value is not None]
    assert not [c for c in candidates(asked, _found("news.txt", age)) if c.value is not None]
    ban = "The federation banned Arlen Voss for three years."
    assert [c.value.raw for c in candidates(asked, _found("news.txt", ban)) if c.value is not None] == ["three years"]
    assert candidates(read_question("How old was Arlen Voss when he won the Lenn Open?"), _found("news.txt", age))


def test_a_round_figure_beyond_a_limit_is_not_within_it() -> None:
    claim = next(v for v in extract_values("the ferry is certificated to carry 400 passengers") if v.kind == "count")
    limit = next(v for v in extract_values("certificated for up to 380 passengers") if v.kind == "count")
    assert values_agree(claim, limit) is False
    hypothesis = "the Lenn ferry is certificated to carry 400 passengers."
    assert stance(hypothesis, "The Lenn ferry is certificated for up to 380 passengers.") is Stance.REFUTES


def test_what_a_specification_called_for_is_no_fact_of_the_thing_built() -> None:
    hypothesis = "the Lenn ferry is certificated to carry 400 passengers."
    spec = "The original specification called for a Lenn ferry certificated for 400 passengers and 52 cars."
    assert stance(hypothesis, spec) is not Stance.SUPPORTS


def test_an_early_statement_set_right_two_sentences_on_is_nobodys_answer() -> None:
    passage = (
        "Initial statements indicated that the raid on the Lenn museum took 5 minutes. Those statements "
        "were made before the footage was reviewed. The correct figure is 11 minutes."
    )
    assert set_right(split_sentences(passage)[0].text, passage)


def test_was_the_noun_phrase_done_reads_as_a_statement() -> None:
    assert read_question("Was the 2020 edition of the Lenn Open cancelled?").hypothesis == (
        "The 2020 edition of the Lenn Open was cancelled"
    )
    assert read_question("Was the old bridge demolished in 1990?").hypothesis == "The old bridge was demolished in 1990"


def test_two_years_naming_two_of_a_series_are_no_rival_dates() -> None:
    claim = "The 2020 edition of the Lenn Open was cancelled"
    assert (
        find_conflict(claim, "The Commission recommends that, from the 2024 edition of the Lenn Open onwards:") is None
    )
    assert find_conflict("The Lenn Open was cancelled in 2020", "The Lenn Open was cancelled in 2021.") is not None
    eruptions = "The 1911 eruption killed 14 people; the 1978 eruption killed two."
    assert find_conflict("Someone was killed in the 2017 eruption of Mount Skell", eruptions) is None
    assert read_question("Was anyone killed in the 2017 eruption of Mount Skell?").hypothesis == (
        "Someone was killed in the 2017 eruption of Mount Skell"
    )


def test_a_cause_denied_for_another_leaves_the_act_affirmed() -> None:
    note = "Note: the 2020 edition was not cancelled for health reasons, as reported, but because of flooding."
    assert not is_negated(note)
    assert is_negated("The 2020 edition was not cancelled.")
    assert stance(
        "The 2020 edition of the Lenn Open was cancelled", f"{note[:6]}the 2020 Lenn Open{note[22:]}"
    ) is not (Stance.REFUTES)


def test_a_final_cost_asked_has_no_rival_in_a_sum_raised_for_it() -> None:
    asked = read_question("What was the final cost of the radio repeater mast installed on the Ember Ridge?")
    wiki = (
        "Lenn Rescue installed a radio repeater mast on the Ember Ridge. Trustees had approved the project in "
        "principle in March 2018 on the basis of an initial estimate; the mast was commissioned in October 2018 "
        "at a final cost of \u00a327,950, funded by a public appeal."
    )
    news = (
        "Since the rescue, the Lenn team has installed a radio repeater on the Ember Ridge, paid for by a public "
        "appeal that raised more than \u00a331,000 in six weeks, and has doubled its stock of stretchers."
    )
    found = _found("team.md", wiki) + _found("news.txt", news)
    settled = settle(asked, grouped(candidates(asked, found)))
    assert [g.value for g in settled.standing] == ["\u00a327,950"] and not settled.ties


def test_a_final_report_asked_is_no_final_figure_asked() -> None:
    asked = read_question("How many recommendations did the inquiry's final report make?")
    interim = (
        "The panel makes five preliminary recommendations, which it considers should be implemented before the "
        "next winter season irrespective of its final findings."
    )
    final = "8.1 The panel makes eleven recommendations."
    minutes = "5.5 The Committee unanimously adopted all eleven recommendations of the inquiry."
    found = _found("interim.md", interim) + _found("final.md", final) + _found("minutes.md", minutes)
    settled = settle(asked, grouped(candidates(asked, found)))
    assert [g.value for g in settled.standing] == ["eleven"], [g.value for g in settled.standing]


@pytest.mark.parametrize(
    ("question", "sentence", "place"),
    [
        (
            "Where did the water main break?",
            "Early on Wednesday a water main broke under Fennimore Avenue.",
            "Fennimore Avenue",
        ),
        ("Where was the concert hall built?", "The new concert hall was built on Lanthorn Quay.", "Lanthorn Quay"),
    ],
)
def test_a_street_a_thing_is_on_or_under_is_its_place(question: str, sentence: str, place: str) -> None:
    assert _best_value(read_question(question), _found("news.txt", sentence)) == place
    said_on_a_day = "The water main broke on Monday, said Councillor Ada Fennimore."
    assert _best_value(read_question(question), _found("news.txt", said_on_a_day)) is None


def test_a_date_of_what_was_announced_does_not_date_the_announcement() -> None:
    asked = read_question("On what date was the winner of the Marrow Prize announced?")
    release = (
        "The publisher is delighted to announce that the winner of the Marrow Prize, The Understudies, had sold "
        "41,000 copies by 31 December 2021."
    )
    assert _best_value(asked, _found("release.txt", release)) is None
    told = "The winner of the Marrow Prize was announced on 14 October 2021 at a ceremony in Kessington."
    assert _best_value(asked, _found("wiki.md", told)) == "14 October 2021"
    how = (  # how it was established, dated: no report of what was told
        "The Second Empire of Tarsia was an elective monarchy. It was established by the then-President, Anton "
        "Vell, who, inspired by Napoleon, declared himself Emperor of Tarsia on 26 August 1849 in the cathedral."
    )
    asked = read_question("When was the Empire of Tarsia established?")
    assert _best_value(asked, _found("wiki.md", how)) == "26 August 1849"


def test_a_fact_box_of_a_thing_named_after_the_subject_is_not_the_subjects() -> None:
    asked = read_question("How high is Tavrin Pass?")
    box = (
        "2024 Tavrin Pass avalanche\n| 2024 Tavrin Pass avalanche | |\n|---|---|\n| **Date** | 17 February 2024 |\n"
        "| **Release elevation** | approx. 2,690 m |"
    )
    pass_box = "Tavrin Pass\n| Tavrin Pass | |\n|---|---|\n| **Elevation** | 2,847 m |"
    for text, answer in ((box, None), (pass_box, "2,847 m")):
        row = text.rsplit("\n", 1)[1]
        found = [_item("wiki.md", row, text)]
        assert _best_value(asked, found) == answer
    row = box.rsplit("\n", 1)[1]  # the box of what is asked about, named after the pass
    found = [_item("wiki.md", row, box)]
    asked = read_question("What was the release elevation of the Tavrin Pass avalanche?")
    assert _best_value(asked, found) == "2,690 m"


def test_a_price_lists_fee_column_answers_how_much_it_costs() -> None:
    asked = read_question("How much does an individual membership of the Lenn Rescue Service cost per year?")
    page = (
        "Support us | Lenn Rescue Service\nMembership fees 2024\n| Category | Annual fee | Who is covered |\n"
        "| Individual | \u20ac35 | One adult |\n| Family | \u20ac65 | Two adults and their children |"
    )
    row = "| Individual | \u20ac35 | One adult |"
    assert _best_value(asked, [_item("join.html", row, page)]) == "\u20ac35"


def test_how_many_of_the_things_counts_the_part_not_the_whole() -> None:
    asked = read_question("How many of the stolen plants were recovered by police?")
    told = "Nineteen of the twenty-three plants were recovered by police on 2 April."
    assert _best_value(asked, _found("news.txt", told)) == "Nineteen"
    assert _best_value(read_question("How many plants were stolen?"), _found("news.txt", told)) == "twenty-three"


def test_where_a_thing_was_taken_from_is_not_where_it_was_found_and_a_street_lies_in_its_village() -> None:
    asked = read_question("Where were the recovered orchids found?")
    news = (
        "TARLOW, April 3, 2022 - A 38-year-old man has been charged with burglary after most of the rare orchids "
        "stolen from Kellan Botanic Garden last month were found in a heated polytunnel behind a cottage in the "
        "village of Ashby Cross."
    )
    wiki = "Nineteen of the plants were found early on 2 April 2022 at Vennor's home on Mill Lane in Ashby Cross."
    context = f"Kellan Botanic Garden orchid theft\nInvestigation and arrest\n{wiki} Vennor was arrested there."
    found = [
        _item("news.txt", news, f"Man charged over orchid raid\n{news}"),
        _item("wiki.md", wiki, context),
    ]
    assert "Kellan Botanic Garden" not in [c.value.raw for c in candidates(asked, found) if c.value is not None]
    settled = settle(asked, grouped(candidates(asked, found)))  # the street and its village: both right
    assert sorted(g.value for g in settled.standing) == ["Ashby Cross", "Mill Lane"] and not settled.ties
    taken_from = read_question("Where were the orchids stolen from?")
    assert _best_value(taken_from, _found("news.txt", news)) == "Kellan Botanic Garden"


def test_a_date_a_thing_was_brought_back_is_not_when_it_started() -> None:
    asked = read_question("On what date did the Clearline timetable come into effect?")
    restored = "The full Clearline timetable had been restored on Sunday 24 April 2022 after the depot fire."
    assert _best_value(asked, _found("minutes.md", restored)) is None
    started = "The Clearline timetable started on Sunday, 10 October 2021."
    assert _best_value(asked, _found("wiki.md", started)) == "10 October 2021"
    again = read_question("When was the full Clearline timetable restored?")
    assert _best_value(again, _found("minutes.md", restored)) == "24 April 2022"


def test_on_the_grounds_that_gives_a_cause() -> None:
    asked = read_question("Why did the Marrow Foundation's trustees decide not to withdraw the prize from Ada Quill?")
    grounds = (
        "On 30 June 2022 the trustees of the Marrow Foundation voted by five votes to two to let the award stand, "
        'on the grounds that the prize rules permit withdrawal only where "a substantial part of the work" is not '
        "the author's own."
    )
    assert candidates(asked, _found("wiki.md", grounds))


def test_a_name_that_only_repeats_the_question_is_no_answer_and_a_code_is_nobody() -> None:
    asked = read_question("Who chaired the independent inquiry into the Harwick Fell floods?")
    cited = "*Independent Inquiry into the Harwick Fell Floods of 3 March 2021*, summary report, May 2021."
    assert _best_value(asked, _found("wiki.md", cited)) is None
    chaired = "The independent inquiry was chaired by Olwen Tasker, a retired hydrologist."
    assert _best_value(asked, _found("wiki.md", f"Harwick Fell floods\n\n{chaired}")) == "Olwen Tasker"
    coded = "The independent inquiry into the Harwick Fell floods traced the first breach to sluice HF-07."
    assert _best_value(asked, _found("report.txt", coded)) is None


def test_who_is_not_answered_by_the_city_a_thing_was_found_in() -> None:
    asked = read_question("Who was the dealer who recognised the stolen Marlow Chalice?")
    found = "The Marlow Chalice was recovered in the city of Pellburg after a dealer recognised it in a catalogue."
    assert _best_value(asked, _found("news.txt", found)) is None


def test_the_date_of_the_events_a_question_dates_its_own_by_is_no_answer() -> None:
    asked = read_question("On what date was the Kessel road reopened after the March 2023 landslides?")
    frame = "1.1 On 14 March 2023 two landslides crossed the Kessel road below the quarry."
    assert _best_value(asked, _found("report.txt", frame)) is None
    weekday = "All drivers stranded on the Kessel road after the landslides of Tuesday 14 March 2023 were brought out."
    assert _best_value(asked, _found("release.md", weekday)) is None
    reopened = "The Kessel road was cleared and reopened at 06:00 on 22 March 2023."
    assert _best_value(asked, _found("wiki.md", reopened)) == "22 March 2023"


def test_a_verb_asked_with_its_particle_is_not_said_by_the_verb_alone() -> None:
    asked = read_question("On what date was the Dunmere outbreak declared over?")
    began = "The Dunmere outbreak was formally declared on Wednesday 17 July 2024."
    assert _best_value(asked, _found("news.md", began)) is None
    ended = "With no new cases for six weeks, the Dunmere outbreak was declared over on 2 September 2024."
    assert _best_value(asked, _found("wiki.md", ended)) == "2 September 2024"


def test_a_timeline_laid_out_in_columns_gives_one_row_per_event() -> None:
    timeline = (
        "3. TIMELINE\n\n2009          Cooling tower CT-4 installed on the roof of the plant room\n"
        "2019          Corrow Water Ltd awarded the treatment contract\n"
        "14 Jun 2024   Laboratory emails the result to a closed mailbox\n"
    )
    rows = [s.text for s in split_sentences(timeline)]
    assert rows[-3:] == [
        "2009          Cooling tower CT-4 installed on the roof of the plant room",
        "2019          Corrow Water Ltd awarded the treatment contract",
        "14 Jun 2024   Laboratory emails the result to a closed mailbox",
    ]
    asked = read_question("what year was the cooling tower ct-4 installed")
    assert asked.subjects == ("cooling tower ct-4",)
    assert _best_value(asked, _found("report.txt", timeline)) == "2009"


def test_a_timeline_laid_out_with_dot_leaders_gives_one_row_per_event() -> None:
    timeline = (
        "3. TIMELINE\n17 November 1863 ... Tarn Star strikes the Skerry Reef in a gale\n"
        "9 August 2021 ....... Wreck located by four divers of the Tarn Sub-Aqua Club\n"
        "16 August 2021 ...... First press report (Tarn Courier)\n"
    )
    rows = [s.text for s in split_sentences(timeline)]
    assert rows[-3:] == [
        "17 November 1863 ... Tarn Star strikes the Skerry Reef in a gale",
        "9 August 2021 ....... Wreck located by four divers of the Tarn Sub-Aqua Club",
        "16 August 2021 ...... First press report (Tarn Courier)",
    ]
    # a writer's ellipsis still ends a sentence
    assert [s.text for s in split_sentences("He waited... Then he left.")] == ["He waited...", "Then he left."]


def test_a_fact_box_row_of_the_verb_without_its_particle_is_no_answer_to_the_verb_with_it() -> None:
    box = (
        "Tarn legionella outbreak\n\n| Field | Value |\n|---|---|\n| Cases | 9 |\n"
        "| Outbreak declared | 17 July 2024 |\n| Source | Cooling tower CT-2 |\n"
        "| Outbreak declared over | 2 September 2024 |\n"
    )
    asked = read_question("On what date was the Tarn legionella outbreak declared over?")
    assert _best_value(asked, _found("outbreak.md", box)) == "2 September 2024"
    started = read_question("On what date was the Tarn legionella outbreak declared?")
    assert _best_value(started, _found("outbreak.md", box)) == "17 July 2024"


def test_an_offer_turned_down_is_an_offer_rejected() -> None:
    asked = read_question("Why did the porters' union turn down the hospital's first pay offer of 3 per cent?")
    why = (
        "Kelby porters' strike\n\nThe Porters' Guild rejected the offer on the grounds that, with inflation at 9 "
        "per cent, it was a pay cut in real terms. Union officials also object to a proposal, contained in the "
        "hospital's January offer, to extend split shifts so that more porters would work a morning and evening peak."
    )
    best = candidates(asked, _found("wiki.md", why))
    assert best[0].found.text.startswith("The Porters' Guild rejected"), [c.found.text for c in best]
    assert best[0].score > best[1].score  # the act asked, said in other words, outweighs a word of its object


def test_a_line_leading_into_a_list_is_quoted_with_its_items() -> None:
    asked = read_question("Which three groups of people made up the 19 confirmed cases?")
    page = (
        "Harl Bay outbreak\n\nEarly reports gave 23 cases.\n\nOf the 19 confirmed cases:\n- 8 were inpatients\n"
        "- 3 were staff\n- 8 were members of the community\n\nSix patients needed intensive care."
    )
    best = candidates(asked, _found("wiki.md", page))
    assert best[0].found.text == (
        "Of the 19 confirmed cases:\n- 8 were inpatients\n- 3 were staff\n- 8 were members of the community"
    )
    assert best[0].found.text in page  # verbatim, as the document has it
    two = read_question("Which two groups of people made up the 19 confirmed cases?")
    assert all(c.found.text != best[0].found.text for c in candidates(two, _found("wiki.md", page)))


def test_a_sentence_states_a_groups_answer_before_a_row_of_a_timeline() -> None:
    asked = read_question("On what date did the new Orby library open to the public?")
    timeline = (
        "Orby library\n\nTIMELINE\n\n12 Mar 2021   Building work begins\n17 Oct 2022   Library opens to the public"
    )
    wiki = "Orby library\n\nBuilding work began in March 2021 and the library opened to the public on 17 October 2022."
    groups = grouped(candidates(asked, _found("review.txt", timeline) + _found("wiki.md", wiki)))
    assert groups[0].stated.found.text.startswith("Building work began"), [g.stated.found.text for g in groups]


def test_who_is_not_answered_by_the_body_the_question_names_written_in_full() -> None:
    asked = read_question("Who chaired the Council Audit Committee's review of the Orby bridge contract?")
    named = "The council asked its Resources Audit Committee to review the Orby bridge contract in May."
    assert _best_value(asked, _found("minutes.txt", named)) is None
    chaired = "The Resources Audit Committee, chaired by Councillor Ada Lune, reviewed the Orby bridge contract."
    assert _best_value(asked, _found("news.md", chaired)) == "Councillor Ada Lune"
    approved = read_question("Who approved the Orby bridge contract?")  # a body may well be who did it
    assert _best_value(
        approved, _found("minutes.txt", "The Orby bridge contract was approved by the Resources Audit Committee.")
    ) == ("Resources Audit Committee")


def test_who_is_not_answered_by_a_name_of_the_kind_of_body_asked_about() -> None:
    asked = read_question("Who chaired the independent panel that investigated the Orby clinic's trials?")
    named = (
        "The university today publishes the summary report of the independent Inquiry Panel appointed to "
        "examine allegations about the Orby clinic's trials."
    )
    assert _best_value(asked, _found("release.md", named)) is None
    chaired = "The Inquiry Panel, chaired by Professor Ada Lune, examined the Orby clinic's trials."
    assert _best_value(asked, _found("news.md", chaired)) == "Professor Ada Lune"


def test_a_place_at_the_end_of_a_chain_of_places_after_the_act_answers_where() -> None:
    asked = read_question("Where were the stolen herons' eggs found?")
    told = "The stolen herons' eggs were found in a cool box behind a shed in the village of Orby Marsh."
    assert _best_value(asked, _found("news.txt", told)) == "Orby Marsh"
    other = "The stolen herons' eggs were found by a walker, who lives in the village of Orby Marsh."
    assert _best_value(asked, _found("news.txt", other)) != "Orby Marsh"


ORBY_FERRY = {
    "courier.txt": (
        "The Orby ferry's guide cable snapped on 12 February. Riverline Marine Services, the Carrick Quay firm, "
        "held the ferry maintenance contract from 2019 to 2024.\n\n"
        "Graham Tollis, managing director of Riverline Marine Services, said his firm had maintained the ferry well."
    ),
    "council.md": (
        "# Orby ferry\n\nThe Orby ferry is run by Vell County Council. Anna Berg, the council's chief executive, "
        "apologised to passengers after the cable failed."
    ),
}


def test_a_thing_named_by_what_it_did_is_found_first_and_the_question_asked_of_it(tmp_path: Path) -> None:
    assert described("Who was the managing director of the firm that held the ferry maintenance contract?") == (
        33,
        82,
        "Which firm held the ferry maintenance contract?",
    )
    assert described("When was the bridge that collapsed built?") is None  # no object: where the clause ends is unknown
    assert described("Who runs the firm that held the ferry maintenance contract?") == (
        9,
        58,
        "Which firm held the ferry maintenance contract?",
    )  # the object of the verb a *who* asks
    # a subject's description: its verb follows it, so the clause does not end the question
    assert described("How much did the firm that supplied the turbine agree to pay the trust in March 2025?") is None
    question = (
        "Who was the managing director of the firm that held the Orby ferry maintenance contract from 2019 to 2024?"
    )
    result = research_over(tmp_path, ORBY_FERRY, question)
    assert "Graham Tollis" in result.answer, result.answer


def test_to_which_hospital_is_answered_by_the_name_of_a_hospital_not_a_town_beside_it() -> None:
    asked = read_question("To which hospital were the four injured climbers flown?")
    assert asked.wants is Wants.NAME
    text = "Four injured climbers were flown to Varnell District Hospital and six other guests to Kessa, 10 in all."
    assert _best_value(asked, _found("report.txt", text)) == "Varnell District Hospital"


def test_a_list_led_into_at_a_passage_end_is_quoted_with_the_items_after_it() -> None:
    asked = read_question("List the three places where walkers could collect free maps during the festival.")
    lead = "Free maps are available from 09:00 to 17:00 daily at:"
    context = f"Festival notice\n\nMaps\n\n{lead}"
    after = (
        "\n\n- Orrin Library, Mill Street\n- Keld Town Hall, Bridge Road\n- Sallow Visitor Centre, Quay Lane\n\nMore"
    )
    found = [Found("s1", "notice.md", Authority.MEDIUM, lead, context, after=after)]
    best = candidates(asked, found)[0]
    assert "Keld Town Hall" in best.statement and "Sallow Visitor Centre" in best.statement, best.statement


def test_a_list_with_its_leading_line_is_stated_by_its_excerpt_lines() -> None:
    lines = ["The repair is funded by three sources:", "- Orr Trust — £2 million", "- Keld Council — a £1 million loan"]
    statement = " ".join([*lines, "- a public appeal"])
    result = tally(statement, [Found("s1", "release.md", Authority.MEDIUM, line) for line in lines])
    assert result.n_support == 1


def test_a_reference_list_entry_answers_nothing() -> None:
    asked = read_question("Who chaired the independent review into security at the Orr museum?")
    for entry in (
        '3. "Stolen Orr chalice found in sale catalogue", *Keld Herald*, 3 March 2021.',
        "Keld Heritage Board, *Independent Review of Security at the Orr Museum*, April 2022.",
    ):
        assert _best_value(asked, _found("museum.md", entry)) is None, entry


def test_a_things_number_asked_is_the_number_after_its_noun() -> None:
    asked = read_question("under what lot number was the stolen chalice entered in the keld auction catalogue")
    assert asked.wants is Wants.NUMBER
    text = (
        "The chalice, stolen more than three years ago, was found in the catalogue of a sale at Orr & Sons in Keld, "
        "where it had been entered as lot 212 under an anonymous description."
    )
    assert _best_value(asked, _found("news.md", text)) == "212"


def test_a_why_is_not_answered_by_a_cause_said_to_be_unknown() -> None:
    asked = read_question("Why did the crates fall from the Orr Star according to the accident investigators?")
    faq = (
        "# Orr Star: revised number of crates lost overboard\n\nThe Orr Star lost 40 crates in the storm.\n\n"
        "**Why were the crates lost?**\nThe cause is being investigated by the Keld Marine Accident Investigation "
        "Branch (KMAIB), and we will not speculate while that investigation is under way."
    )
    assert not [c for c in candidates(asked, _found("faq.md", faq)) if "being investigated" in c.statement]
    found = _found("report.txt", "The crates fell from the Orr Star because their lashings had corroded.")
    assert candidates(asked, found)


def test_a_figure_called_not_accurate_is_no_answer() -> None:
    asked = read_question("How many people fell ill in the Orby outbreak?")
    told = 'Early media reports of "more than 100" people falling ill in the Orby outbreak were "not accurate".'
    assert _best_value(asked, _found("review.txt", told)) is None
    assert _best_value(asked, _found("review.txt", "In the Orby outbreak 77 people fell ill.")) == "77"


def test_who_is_not_answered_by_a_made_things_model() -> None:
    asked = read_question("Who led the Orby Safety Authority's investigation into the engine failure?")
    model = "The Orby Safety Authority confirmed that the engine, a Varnell VT-2400, had suffered an engine failure."
    assert _best_value(asked, _found("news.md", model)) is None
    lead = "The Orby Safety Authority opened an investigation into the engine failure under lead investigator Ada Lune."
    assert _best_value(asked, _found("wiki.md", lead)) == "Ada Lune"


def test_an_faq_question_line_is_no_answer() -> None:
    asked = read_question("What was the Orby rider's winning margin?")
    faq = "Orby race FAQ\n\n**What was the Orby rider's winning margin?**\nOn the road, he won by 1 minute 8 seconds."
    assert not [c for c in candidates(asked, _found("faq.md", faq)) if c.statement.endswith("?**")]


def test_who_is_not_answered_by_a_name_ending_in_the_subjects_own_noun() -> None:
    asked = read_question("Who chaired the extraordinary Orby Town Council meeting held in May 2024 about the fair?")
    minutes = "ORBY TOWN COUNCIL\nMinutes\nOrdinary meeting of the Full Council, Tuesday 7 May 2024, 7.00pm."
    assert _best_value(asked, _found("minutes.txt", minutes)) is None
