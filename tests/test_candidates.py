"""Candidate answers from messy text: clean spans, one vote per source, entities and contradictions."""

from __future__ import annotations

from pathlib import Path

import anyio
import pytest

from agents.offline.amounts import measure_said
from agents.offline.answering import MIN_SCORE, Settled, settle, settled_answers, truecased
from agents.offline.candidates import (
    best_per_source,
    candidates,
    group,
    grouped,
    name_shared,
    of_other_entities,
    same_measure,
    states_wanted_value,
)
from agents.offline.entities import entity_label, entity_of
from agents.offline.evidence import Found, declares_itself_altered, named_by_pronoun
from agents.offline.question import Asked, Wants, read_question
from agents.offline.relevance import is_office
from agents.offline.sentences import split_sentences
from agents.offline.spans import readable
from agents.offline.values import Value, extract_values, values_agree
from agents.offline.words import canonical_events, content_words, first_person
from agents.sources.documents import csv_to_rows, split_passages
from protocols import Authority
from tests.corpuskit import research_over


def found(docs: dict[str, str]) -> list[Found]:
    return [
        Found(name, name, Authority.MEDIUM, s.text, f"{name}\n{text}")
        for name, text in docs.items()
        for s in split_sentences(text)
    ]


def settled_over(asked: Asked, docs: dict[str, str]) -> Settled:
    """The settlement of ``asked`` over ``docs``, each source voting once (as the debate reads it)."""
    return settle(asked, group(best_per_source(candidates(asked, found(docs)))))


def best_value(question: str, text: str) -> str:
    cands = candidates(read_question(question), found({"a.md": text}))
    return cands[0].value.raw if cands and cands[0].value is not None else ""


SCRAPE = (
    "Home | News | Sport | Weather Demographics [ edit ] Historical population Census Pop . 1990 3,778 2000 3,491 "
    "As of the census of 2010 , there were 3,559 people , 1,575 households , and 909 families residing in the city "
    "The population density was"
)


def test_a_clean_span_is_cut_from_a_web_scrape_without_punctuation() -> None:
    asked = read_question("What is the population of Broken Bow?")
    cands = candidates(asked, found({"broken-bow.md": f"Broken Bow, Nebraska. {SCRAPE}"}))
    best = cands[0]
    assert best.value is not None and best.value.raw == "3,559"
    assert "3,559 people" in best.statement and "Home | News" not in best.statement
    assert best.found.text in SCRAPE  # verbatim: a substring of the passage


def test_a_long_sentence_cut_short_ends_on_a_word_that_says_something() -> None:
    """A window cut from a long sentence does not end on the function words it was cut after (``...
    after the heavy rain, and that this was``)."""
    text = (
        "Its report, published on 3 March 2025 after eight months of work by a panel of four engineers, found "
        "that the Tarn landslide was triggered by the saturation of the slope after the heavy rain of June 2024, "
        "and that this was made significantly worse because the Tarn culvert was about 60% blocked with debris, "
        "diverting the stream into the toe of the slope above the railway line for several days."
    )
    cands = candidates(read_question("When was the report on the Tarn landslide published?"), found({"a.md": text}))
    statement = cands[0].statement
    assert "3 March 2025" in statement and statement in text
    assert statement.split()[-1].lower() not in {"and", "that", "this", "was", "the", "of"}, statement


def test_a_paragraph_wrapped_at_a_fixed_width_is_read_across_its_line_breaks() -> None:
    """A line break inside a hard-wrapped Markdown paragraph is no junk: the span goes on past it
    (a table's or a scrape's line break still ends it)."""
    text = (
        "Larkdb was created by Ewa Marek at the Lodz University of Technology in 2017 and is now\n"
        "maintained by a team of eleven volunteers."
    )
    asked = read_question("How many volunteers maintain Larkdb?")
    best = candidates(asked, found({"readme.md": text}))[0]
    assert best.statement.endswith("maintained by a team of eleven volunteers.")
    assert best.statement.startswith("Larkdb was created by Ewa Marek")
    assert best_value("What is the population of Broken Bow?", "Broken Bow\nPopulation\n3,559") == ""


def test_a_numbered_paragraph_wrapped_under_a_hanging_indent_is_one_sentence_and_one_span() -> None:
    report = (
        "3.13 The pilot was taken to hospital.\n\n"
        "3.14 Five injured persons were taken to St Aldric's Infirmary, Orby\n"
        "     Bridge, and two to Keld General Hospital. The response was\n     judged prompt.\n"
    )
    sentences = [s.text for s in split_sentences(report)]
    assert sentences[1].endswith("and two to Keld General Hospital."), sentences
    asked = read_question("Which hospitals were the injured passengers taken to?")
    best = candidates(asked, found({"report.txt": report}))[0]
    assert best.statement.endswith("and two to Keld General Hospital."), best.statement


def test_web_page_boilerplate_is_not_a_statement() -> None:
    assert not readable("Retrieved from https://example.org/w/index.php?title=Harbour_Lights&oldid=12 today")
    assert not readable("Lahu Ke Do Rang at the film archive v t e Films and television series by the studio")
    assert not readable("Categories : Educational institutions established in 1850 and schools in the county")
    assert not readable(
        "in 1850 Boys' schools in the county Grammar schools in the town 1850 establishments in Ruritania"
    )
    assert not readable("Grammar schools in the county and Academies in the town Hidden categories")
    position = "35\u00b028\u203220\u2033N 76\u00b048\u203249\u2033W"  # degrees, minutes, seconds
    assert not readable(f"Bath, North Carolina Coordinates {position} is a town of the county")
    assert readable("The school was founded in 1912 as a result of the Education Act of that year.")
    footer = "1950s drama films Ruritanian drama films Films about lighthouses Films directed by Maud Brennan"
    assert not readable(footer)  # a wiki's categories: one noun ends item after item
    assert readable(
        "The county covers an area of 412 km2, and its population is 17,289, of which the population of the "
        "town is 4,411 and the population of the rural part is 12,878."
    )


def test_menus_tables_and_markup_are_not_statements() -> None:
    assert not readable("Home News Sport Weather Contact About Privacy Terms Careers Press")
    assert not readable("1890 1,647 1900 1,375 1910 2,260 1920 2,567 1930 2,715")
    assert not readable("<title>Lunar Surface Operations Reference - The Apollo 11 moonwalk</title>")
    assert readable("The depot was built in 1929 to replace the original depot.")
    # a date's day and year are one value, not two numbers of a table
    assert readable("It opened in 1968 and collapsed on 9 October 2017, killing 17 people.")
    assert not readable("Seats 1968 9 2017 17 44 51 2 people")


def test_each_source_votes_once_and_values_are_grouped() -> None:
    asked = read_question("When was the Dallas County Courthouse built?")
    docs = {
        "a.md": "The Dallas County Courthouse in Adel, Iowa was built in 1902. It was renovated in 1950.",
        "b.md": "Built in 1902, the Dallas County Courthouse is a landmark of Adel.",
        "c.md": "The Dallas County Courthouse was built in 1885 according to one county history.",
    }
    votes = best_per_source(candidates(asked, found(docs)))
    assert len(votes) == 3
    groups = group(votes)
    assert [g.support for g in groups] == [2, 1] and groups[0].value == "1902"


def test_a_size_guessed_with_must_be_is_no_answer() -> None:
    asked = read_question("How high is Tarn Dam?")
    docs = {
        "wiki.md": "Tarn Dam is a 38-metre-high earthfill embankment on the River Orr.",
        "forum.txt": "went up to tarn dam on sunday, it is massive, must be 60 metres high from the bottom.",
    }
    settled = settled_over(asked, docs)
    assert [g.value for g in settled.standing] == ["38-metre"] and not settled.ties
    measured = {"wiki.md": docs["wiki.md"], "forum.txt": "Tarn Dam is 60 metres high, the survey found."}
    assert not settled_over(asked, measured).standing  # one against one when neither guesses


def test_numbers_going_on_from_a_designation_count_nothing() -> None:
    asked = read_question("How many rooms did the Tarn villa have?")
    for text in (
        "The Tarn villa's bath-house (Rooms 14\u201318) was added later.",
        "Rooms 17 and 18 of the Tarn villa",
    ):
        assert not [c for c in candidates(asked, found({"a.md": text})) if c.value is not None], text
    assert [c.value.raw for c in candidates(asked, found({"a.md": "The Tarn villa had 23 rooms."})) if c.value] == [
        "23"
    ]


def test_a_count_up_to_a_day_of_the_year_is_not_the_year_s() -> None:
    asked = read_question("How many trips were made on Tarnbike in 2019?")
    part = "Tarnbike riders made 1,391,000 trips between 1 January and 30 November 2019."
    whole = "Tarnbike riders made 1,480,000 trips in 2019, the scheme's figures show."
    assert [g.value for g in settled_over(asked, {"release.txt": part, "wiki.md": whole}).standing] == ["1,480,000"]
    by_year_end = "By 31 December 2019 Tarnbike riders had made 1,480,000 trips."
    assert [g.value for g in settled_over(asked, {"wiki.md": by_year_end}).standing] == ["1,480,000"]
    festival = read_question("How many tickets did the Tarn festival sell in 2019?")
    days = "The Tarn festival ran from 2 to 6 August 2019 and sold 12,000 tickets."
    assert [g.value for g in settled_over(festival, {"wiki.md": days}).standing] == ["12,000"]


def test_a_csv_s_opening_comments_are_no_rows_of_its_table() -> None:
    csv = "# Tarnbike annual statistics\n# Source: Tarn City Council, 2024\nyear,trips\n2018,1148000\n2019,1480000\n"
    rows = csv_to_rows(csv)
    assert rows.splitlines()[:3] == [
        "Tarnbike annual statistics",
        "Source: Tarn City Council, 2024",
        "| year | trips |",
    ]
    asked = read_question("How many trips were made on Tarnbike in 2019?")
    assert [g.value for g in settled_over(asked, {"tarnbike_statistics.csv": rows}).standing] == ["1480000"]


def test_a_storage_level_is_a_share_and_a_paragraph_s_number_no_amount() -> None:
    asked = read_question("What was the storage level of Tarn Reservoir when the drought order was made?")
    assert asked.wants is Wants.NUMBER
    docs = {
        "report.md": "1.3 Storage levels of Tarn Reservoir in this report are shares of its usable storage.",
        "news.txt": "The drought order was made on 11 July 2022, when Tarn Reservoir's storage stood at 37.0 per cent.",
    }
    assert [g.value for g in settled_over(asked, docs).standing] == ["37.0 per cent"]


def test_a_price_row_alike_in_every_column_answers_whichever_column() -> None:
    asked = read_question("How much does an adult ticket to the Tarn Museum cost?")
    table = "# Tarn Museum tickets\n\n| Ticket | Online | On the day |\n|---|---|---|\n| Adult (17\u201364) | {} |\n"
    alike = table.format("\u00a39.50 | \u00a39.50") + "| Child (5\u201316) | \u00a34.50 | \u00a34.50 |\n"
    assert [g.value for g in settled_over(asked, {"tickets.md": alike}).standing] == ["\u00a39.50"]
    unlike = table.format("\u00a39.00 | \u00a39.50")  # which column is asked, the question does not say
    assert not settled_over(asked, {"tickets.md": unlike}).standing


def test_a_why_asks_a_reason_and_a_purpose_opening_a_sentence_gives_one() -> None:
    asked = read_question("Why was the height of Tarn Dam reduced?")
    assert asked.wants is Wants.PHRASE  # not a height
    purpose = "To limit the load on the weak mudstone, the designers lowered the crest of Tarn Dam by three metres."
    standing = settled_over(asked, {"wiki.md": purpose}).standing
    assert [g.best.statement for g in standing] == [purpose]
    told = "The designers lowered the crest of Tarn Dam by three metres in 2020."
    assert not settled_over(asked, {"wiki.md": told}).standing  # no reason given


def test_a_headline_s_words_and_who_runs_a_thing_give_no_cause() -> None:
    asked = read_question("Why did the Tarn ferry sink?")
    told = 'Our report "Tarn ferry sinks off Orr Point" stated that the ferries used by the Tarn Line are Orr-built.'
    assert not settled_over(asked, {"corrections.txt": told}).standing
    run = "The Tarn ferry, run by the Orr Line, sank in 2019."
    assert not settled_over(asked, {"wiki.md": run}).standing
    cause = "The Tarn ferry sank off Orr Point after striking a rock."
    assert [g.best.statement for g in settled_over(asked, {"wiki.md": cause}).standing] == [cause]


def test_a_date_what_is_to_come_gives_is_no_date_it_happened() -> None:
    asked = read_question("When did the Tarn Air route to Orr open?")
    docs = {
        "release.txt": "The new Tarn Air route to Orr will open on 1 March 2023, the airline said.",
        "wiki.md": "The Tarn Air route to Orr opened on 14 March 2023.",
    }
    assert [g.value for g in settled_over(asked, docs).standing] == ["14 March 2023"]
    to_come = read_question("When does the Tarn exhibition close?")  # what will be is what is asked
    closing = {"museum.html": "Due to popular demand, the Tarn exhibition will now close on Sunday 2 June 2024."}
    assert [g.value for g in settled_over(to_come, closing).standing] == ["2 June 2024"]


def test_a_place_next_in_an_address_holds_the_one_before_it() -> None:
    asked = read_question("Where are Tarn Labs' offices and laboratories located?")
    docs = {
        "faq.html": "# Tarn Labs FAQ\n\nOur offices and laboratories are at Unit 4, Orr Science Park, Tarnford.",
        "news.txt": "Tarn Labs has its offices and laboratories at Orr Science Park on the edge of the city.",
    }
    settled = settled_over(asked, docs)
    assert not settled.ties and sorted(g.value for g in settled.standing) == ["Orr Science Park", "Unit 4"]


def test_a_near_copy_with_another_value_is_a_contradiction_settled_by_the_majority() -> None:
    asked = read_question("When was General Bryan born?")
    copy = "Blackshear M. Bryan Lieutenant General Blackshear Morrison Bryan ({d} - March 2, 1977) was a general."
    docs = {"a.md": copy.format(d="February 8, 1900"), "b.md": copy.format(d="February 8, 1900")}
    docs["c.md"] = copy.format(d="July 15, 1905")
    settled = settled_over(asked, docs)
    assert [g.value for g in settled.standing] == ["February 8, 1900"]
    tied = settled_over(asked, {k: docs[k] for k in ("a.md", "c.md")})
    assert not tied.standing and len(tied.ties) == 1  # one against one: an open question, no answer


def test_entities_that_share_a_name_are_each_answered() -> None:
    asked = read_question("When was Christy O'Connor born?")
    docs = {
        "jnr.md": "Christy O'Connor Jnr (born Christopher O'Connor; 19 August 1948 - 6 January 2016) was a golfer.",
        "snr.md": 'Patrick Christopher "Christy" O\'Connor Snr (21 December 1924 - 14 May 2016) was a golfer.',
    }
    settled = settled_over(asked, docs)
    assert sorted(g.value for g in settled.standing) == ["19 August 1948", "21 December 1924"]


def test_a_biography_range_gives_the_birth_first_and_the_death_second() -> None:
    text = "Roland Ritchie Roland Almon Ritchie, (June 19, 1910 - June 5, 1988) was a Canadian lawyer and judge."
    born = candidates(read_question("When was Justice Ritchie born?"), found({"r.md": text}))
    died = candidates(read_question("When did Justice Ritchie die?"), found({"r.md": text}))
    assert born[0].value is not None and born[0].value.raw == "June 19, 1910"
    assert died[0].value is not None and died[0].value.raw == "June 5, 1988"


def test_the_life_a_date_stands_in_dates_it_when_a_title_dates_the_life_first() -> None:
    text = "Ebba Lind (1848-1912) Ebba Lind (9 July 1848 - 25 July 1912) was a Swedish painter."
    born = best_per_source(candidates(read_question("When was Ebba Lind born?"), found({"e.md": text})))
    died = best_per_source(candidates(read_question("When did Ebba Lind die?"), found({"e.md": text})))
    assert born[0].value is not None and born[0].value.raw == "9 July 1848"
    assert died[0].value is not None and died[0].value.raw == "25 July 1912"


def test_sentences_not_about_the_subject_are_no_candidates() -> None:
    asked = read_question("When was the Dallas County Courthouse built?")
    assert not candidates(asked, found({"titan.md": "The Huygens probe was built in 1997 and landed in 2005."}))


# ------------------------------------------------------------------- entities named apart, definitions


def test_people_named_apart_by_their_full_names_each_get_their_own_answer() -> None:
    asked = read_question("When was Senator Marlow born?")
    docs = {
        "a.md": "Edith Jane Marlow was born in Dorset, Vermont on March 3, 1901. She served two terms.",
        "b.md": "Peter Marlow was born in Dorset, Vermont on June 9, 1933. He farmed for decades.",
    }
    settled = settled_over(asked, docs)
    values = sorted(g.value for g in settled.standing)
    assert values == ["June 9, 1933", "March 3, 1901"] and not settled.ties


def test_the_same_sentence_with_another_value_and_no_other_name_is_one_entity_in_dispute() -> None:
    asked = read_question("When was Senator Marlow born?")
    docs = {
        "a.md": "Peter Marlow was born in Dorset, Vermont on June 9, 1933. He farmed for decades.",
        "b.md": "Peter Marlow was born in Dorset, Vermont on June 9, 1935. He farmed for decades.",
    }
    settled = settled_over(asked, docs)
    assert not settled.standing and settled.ties  # one entity, two values, one source each: open


def test_a_run_of_page_labels_after_the_name_names_no_other_entity() -> None:
    # an infobox scraped into one line: "Location Town Hall Street Brackley" are labels, not more of the name
    asked = read_question("When was the Ostra Mill built?")
    docs = {
        "a.md": "Map showing the location of Ostra Mill Location Town Hall Street Brackley, Suffolk Area one acre "
        "Added to the register in 1971 The Ostra Mill in Brackley, Suffolk was constructed in 1842 by a miller.",
        "b.md": "Ostra Mill (Suffolk) The Ostra Mill in Brackley, Suffolk was built in 1846. It ground corn.",
    }
    settled = settled_over(asked, docs)
    assert not settled.standing and settled.ties  # one mill, two years, one source each: open
    assert entity_of(read_question("Who led Ostra Mill?"), found({"c.md": "Ostra Mill Peter Hale ran it."})[0]) == {
        "peter",
        "hale",
    }  # a short run after the name is still more of it


def test_a_setting_the_question_places_the_subject_in_does_not_name_its_entity() -> None:
    # *in the Royal Navy* is where the admiral served: the full name around *Tarrant* tells which one
    asked = read_question("What was the rank of Admiral Tarrant in the Royal Navy?")
    page = "Edwin Hale Tarrant (1890 - 1961) was a Royal Navy rear admiral and hydrographer."
    assert entity_of(asked, found({"a.md": page})[0]) == {"edwin", "hale"}


#: The end of one town's page in a scrape, long enough that the next page's title is past its head.
_COUNTY_FIGURES = (
    "The median income for a household in the county was $41,200 and the per capita income was $19,800 for "
    "those who lived and worked on the farms along the river valley of the county in the years after the war. "
    "About 9.1% of families and 11.3% of the population were below the poverty line, including 12.0% of those "
    "under age 18 and 7.9% of those age 65 or over. "
)


def test_a_page_title_inside_a_scraped_passage_names_the_entity_of_what_follows() -> None:
    # a scrape that runs from one town's page into the next: the second population is the second town's
    asked = read_question("What is the population of Harwick Falls?")
    first = (
        "Harwick Falls, Ohio Harwick Falls is a village in Ohio, United States. The population was 2,310 at the "
        "2010 census. The village was platted in 1851 and grew around a mill on the river."
    )
    second = (
        _COUNTY_FIGURES + "Harwick Falls (town), Vermont Harwick Falls is a town in Vermont. The population was 2,290."
    )
    settled = settled_over(asked, {"a.md": first, "b.md": second})
    assert sorted(g.value for g in settled.standing) == ["2,290", "2,310"] and not settled.ties


def test_a_page_title_with_a_comma_inside_a_scraped_passage_names_the_entity_of_what_follows() -> None:
    """``... St. Harwick, Vermont St. Harwick is a town ...``: a title after a comma, then its name said
    again as the page begins, names the entity of the sentences that follow (*St. Harwick*, not the
    Harwick of another page), as a bracketed title does."""
    asked = read_question("What is the population of Harwick?")
    first = "Harwick (town), Ohio Harwick is a town in Ohio. The population was 2,310 at the 2010 census."
    second = (
        _COUNTY_FIGURES
        + "St. Harwick, Vermont St. Harwick is a town in Vermont. The population was 740 at the 2010 census."
    )
    settled = settled_over(asked, {"a.md": first, "b.md": second})
    assert sorted(g.value for g in settled.standing) == ["2,310", "740"] and not settled.ties


def test_a_year_dates_the_number_nearest_to_it() -> None:
    # 2010 is the earlier figure's year: 3,849 is the 2020 count, no rival of another source's 2010 count
    asked = read_question("What is the population of Elm Grove?")
    docs = {
        "a.md": "As of the 2020 census, the population of Elm Grove was 3,849 (down from 4,108 at 2010).",
        "b.md": "The population of Elm Grove was 4,008 at the 2010 census.",
    }
    settled = settled_over(asked, docs)
    assert sorted(g.value for g in settled.standing) == ["3,849", "4,008"] and not settled.ties


def test_a_bracketed_qualifier_tells_works_that_share_a_title_apart() -> None:
    asked = read_question('Who is the director of the film "Harbour Lights"?')
    docs = {
        "old.md": "Harbour Lights (1951 film) Harbour Lights is a 1951 drama film directed by Maud Brennan. "
        "It follows a lighthouse keeper through one winter on the Cornish coast.",
        "new.md": "Harbour Lights (2008 film) Harbour Lights is a 2008 thriller film directed by Osei Mensah. "
        "Shot in Accra, it won two awards at a festival in Lagos the following spring.",
    }
    settled = settled_over(asked, docs)
    assert sorted(g.value for g in settled.standing) == ["Maud Brennan", "Osei Mensah"]


def test_a_title_qualifier_after_a_comma_names_the_entity_in_a_passage_further_in() -> None:
    asked = read_question("When was the Union Mill Depot built?")
    head = "Union Mill Depot, Carlow The Union Mill Depot is a former station. "
    docs = {
        "carlow.md": head + "Built in 1911, the depot is the only building left from the line.",
        "ferris.md": "Union Mill Depot (Ferris, Ohio) The Union Mill Depot is a station. It was built in 1926.",
    }
    settled = settled_over(asked, docs)
    assert sorted(g.value for g in settled.standing) == ["1911", "1926"]


def test_a_definition_answers_a_question_that_wants_a_phrase() -> None:
    asked = read_question("What is the profession of Ilse Varga?")
    text = (
        "Ilse Varga (4 May 1911 - 2 June 1980) was a Hungarian photographer known for her portraits. "
        "In her profession, the years in Vienna mattered most to her later style."
    )
    best = candidates(asked, found({"varga.md": text}))[0]
    assert "photographer" in best.statement


def test_a_definition_after_a_page_title_and_a_full_name_answers_a_phrase_question() -> None:
    asked = read_question("What sport is Ron Tiller associated with?")
    text = (
        "Ron Tiller (ice hockey) Ronald Arthur Tiller (December 12, 1931 \u2013 September 29, 1997) was a Canadian "
        "professional hockey player who played for three clubs. "
        "Tiller grew up a three-sport star in a small town near the border."
    )
    best = candidates(asked, found({"tiller.md": text}))[0]
    assert "hockey player" in best.statement


def test_the_name_after_the_act_a_who_question_asks_about_beats_another_by_name() -> None:
    asked = read_question("Who led the 2019 survey of Lake Orvin?")
    text = (
        "The 2019 survey by the Carelian Water Board measured the maximum depth of Lake Orvin at 94 metres. "
        "The survey team was led by hydrologist Petra Vinn."
    )
    best = candidates(asked, found({"survey.md": text}))[0]
    assert best.value is not None and best.value.raw == "Petra Vinn"


def test_how_large_is_answered_by_an_area_not_a_span_of_time_or_a_depth_beside_it() -> None:
    asked = read_question("How large is Lake Orvin?")
    docs = {
        "lake.md": "Lake Orvin is a glacial lake that covers an area of 212 square kilometres in the north.",
        "survey.md": "The 2019 survey measured the maximum depth of Lake Orvin at 94 metres near its northern basin.",
        "ferry.md": "The ferry across Lake Orvin takes three hours in the summer season.",
    }
    settled = settle(asked, grouped(candidates(asked, found(docs))))
    assert settled.standing[0].value == "212 square kilometres"
    assert not settled.ties  # an area and a depth are two facts, not two answers in dispute
    assert all(g.value != "three hours" for g in settled.groups)


def test_an_area_and_a_depth_measure_different_things_and_never_contradict() -> None:
    asked = read_question("How much does Lake Orvin measure?")
    area, depth = (
        candidates(asked, found({"a.md": text}))[0]
        for text in (
            "Lake Orvin covers an area of 212 square kilometres in the north.",
            "The survey measured the maximum depth of Lake Orvin at 94 metres.",
        )
    )
    assert not same_measure(area, depth)
    people = read_question("What is the population of Mereth?")
    bare, counted = (
        candidates(people, found({"m.md": text}))[0]
        for text in ("Mereth had a population of 14,200 in 2021.", "Mereth is a town of 15,000 people.")
    )
    assert same_measure(bare, counted)


def test_a_name_after_by_answers_who_made_a_work() -> None:
    asked = read_question('Who is the creator of "Salt Roads"?')
    text = "Salt Roads is a 2015 television series written and directed by Karin Holm, set in Norway."
    best = candidates(asked, found({"salt.md": text}))[0]
    assert best.value is not None and best.value.raw == "Karin Holm"


def test_a_place_right_after_the_subject_is_where_it_is() -> None:
    asked = read_question("Where is Route 418 located?")
    text = "Route 418 in Vermont is a state highway that runs north of downtown Burlington through the valley."
    best = candidates(asked, found({"route.md": text}))[0]
    assert best.value is not None and best.value.raw == "Vermont"


def test_a_hit_further_in_a_document_is_read_with_the_documents_opening() -> None:
    import anyio

    from agents.offline.entities import entity_of
    from agents.offline.evidence import Turn
    from protocols import AgentRole, SourceHit
    from tests.test_offline_roles import view

    opening = "Union Mill Depot, Carlow The Union Mill Depot is a former station. "
    later = "Built in 1911, the depot is the only building left from the line."

    async def tool(query: str, *, limit: int) -> list[SourceHit]:
        del query, limit
        return [
            SourceHit(
                source_id="src_c", kind="file", locator="carlow.md", title="carlow", authority=Authority.MEDIUM,
                text=later, start=900, end=900 + len(later), lead=opening,
            )
        ]  # fmt: skip

    async def go() -> list[Found]:
        return await Turn(view(AgentRole.LEAD), tool).search("depot built")

    hits = anyio.run(go)
    assert hits and opening in hits[0].context
    asked = read_question("When was the Union Mill Depot built?")
    assert entity_of(asked, hits[0]) == {"carlow"}


def test_passages_that_share_a_full_date_speak_of_one_entity_whatever_their_qualifiers() -> None:
    asked = read_question("What is the profession of Lena Ostrova?")
    docs = {
        "a.md": "Lena Ostrova (painter) Lena Ostrova (born March 4, 1961) is a Latvian painter of harbour scenes.",
        "b.md": "Lena Ostrova (baker) Lena Ostrova (born March 4, 1961) is a Latvian baker of rye breads.",
    }
    settled = settled_over(asked, docs)
    assert not settled.standing  # one person, two professions, one source each: not settled


def test_passages_placing_their_subject_in_one_state_speak_of_one_entity() -> None:
    asked = read_question("When was Harrow Fort built?")
    docs = {
        "a.md": "Harrow Fort Harrow Fort is a fort in Penner County, Utah. It was founded in 1862 by Abel Stroud.",
        "b.md": "Abel Stroud and his sons built the fort of red sandstone in 1862 .",
        "c.md": "Visit the Harrow Fort Museum, 20 miles south of Tolland, Utah. The stone fort was built in 1851.",
        "d.md": "Harrow Fort (Kerry) Harrow Fort is a coastal fort in County Kerry, Ireland, built in 1796.",
    }
    standing = [g.value for g in settled_over(asked, docs).standing]
    assert "1862" in standing and "1796" in standing  # another fort, elsewhere: another entity
    assert "1851" not in standing  # the same state's fort: one entity, outvoted
    other_states = {**docs, "c.md": docs["c.md"].replace("Utah", "Nevada")}
    assert "1851" in [g.value for g in settled_over(asked, other_states).standing]
    in_question = read_question("When was Harrow Fort, Utah built?")
    assert "1851" in [g.value for g in settled_over(in_question, docs).standing]  # the question's state tells nothing


def test_a_pronoun_names_what_the_sentence_before_it_is_about() -> None:
    teams = (
        "# Teams\n\nThe platform team is led by Oona Brisk. It has nine engineers. "
        "The storage team is led by Halvard Mo. It has six engineers."
    )
    assert best_value("How many engineers does the storage team have?", teams) == "six"
    assert best_value("How many engineers does the platform team have?", teams) == "nine"


def test_an_irregular_participle_says_the_act_asked_for() -> None:
    notes = "## Tamsin 2.2\n\nTamsin 2.2 shipped in 2024. It introduced the query planner written by Oona Brisk."
    assert best_value("Who wrote the query planner?", notes) == "Oona Brisk"


def test_people_counted_in_two_words_are_one_count_and_a_difference_is_no_count() -> None:
    asked = read_question("What is the population of Vellmar?")
    docs = {
        "about.md": "Vellmar is a coastal town of 18,400 inhabitants.",
        "blog.txt": "A visitor's notes: Vellmar has around 20,000 people, I was told.",
        "news.md": "Vellmar opens its new library. It cost 8.4 million euros, about 1 million more than planned.",
    }
    settled = settled_over(asked, docs)
    assert [(g.value, g.support) for g in settled.standing] == [("18,400", 2)]  # *around 20,000* says it too
    values = {c.value.raw for c in candidates(asked, found(docs)) if c.value is not None}
    assert "1 million" not in values  # what the library cost over its plan


def test_who_did_the_act_asked_may_be_named_by_common_nouns_after_its_by() -> None:
    page = "# Project Heron\n\nProject Heron is an internal effort. Heron is owned by the storage team."
    assert best_value("Who owns Project Heron?", page) == "the storage team"
    assert best_value("Who owns Project Heron?", page.replace("the storage team", "Tamsin Labs")) == "Tamsin Labs"
    assert best_value("Who founded Project Heron?", page) == ""  # owning is not founding


def test_a_span_of_life_years_in_brackets_is_one_person_whatever_the_qualifiers() -> None:
    asked = read_question("What is the profession of Tomas Verhulst?")
    docs = {
        "a.md": "Tomas Verhulst (priest) Tomas Verhulst (2 May 1880 \u2013 31 October 1937) was a Flemish priest.",
        "b.md": "Tomas Verhulst (cyclist) (1880-1937) Tomas Verhulst was a Flemish cyclist known for his sprints.",
        "c.md": "Tomas Verhulst (mason) Tomas Verhulst (1 June 1910 \u2013 18 December 1982) was a Flemish mason.",
    }
    settled = settled_over(asked, docs)
    standing = " ".join(g.best.statement for g in settled.standing)
    assert "mason" in standing  # another life: another person, answered
    assert "priest" not in standing and "cyclist" not in standing  # one life, two professions: a tie


def test_a_long_definition_is_cut_after_the_verb_that_says_what_the_subject_is() -> None:
    asked = read_question("What is Pieter Aalders's profession?")
    text = (
        'Pieter Aalders (rower) Pieter Johannes "Piet" Aalders (born February 5, 1958) is a former Dutch '
        "rower who was a member of the national eight that won a silver medal at the 1988 Summer Olympics in "
        "Seoul and later coached the university crew of Delft for many seasons."
    )
    best = candidates(asked, found({"a.md": text}))[0]
    assert "former Dutch rower" in best.statement
    assert "rower" in best.entity  # named by its qualifier


def test_the_name_after_the_questions_own_act_is_the_answer_not_another_name_by() -> None:
    text = 'It is directed by Mara Lindqvist and based upon a 1966 play "Quiet Harbour" by Olaf Brenner.'
    question = 'Who is the director of the film "Quiet Harbour"?'
    assert best_value(question, f"Quiet Harbour (1969 film)\n{text}") == "Mara Lindqvist"


def test_a_name_said_twice_is_read_where_it_answers() -> None:
    text = (
        "Paper Rivers (Glass Harbor album) Paper Rivers is the third studio album by American pop rock band "
        "Glass Harbor."
    )
    assert best_value('Who is the artist of the album "Paper Rivers"?', text) == "Glass Harbor"


def test_an_origin_before_the_words_describing_a_name_is_not_the_name() -> None:
    text = "Salt Lanterns is the second album by South Tyrolean folk duo Marenhall, recorded over one winter."
    assert best_value('Who is the artist of the album "Salt Lanterns"?', text) == "Marenhall"


def test_a_place_answers_no_who_question() -> None:
    text = "Salt Lanterns was released on 3 May 2011 in Norway, featuring collaborations with various artists."
    assert best_value('Who is the artist of the album "Salt Lanterns"?', text) == ""


def test_a_median_or_an_income_asks_for_an_amount_of_any_unit() -> None:
    asked = read_question("What is the median income for a family in Ostrava Mills?")
    text = "In Ostrava Mills the median income for a household was $25,714, and for a family was $31,250."
    values = [c.value.raw for c in candidates(asked, found({"a.md": text})) if c.value is not None]
    assert "$31,250" in values
    assert best_value(
        "What is the median age in Ostrava Mills?", "The median age in Ostrava Mills was 45.7 years."
    ) == ("45.7 years")


def test_a_rate_is_not_the_count_asked_for() -> None:
    asked = read_question("What is the population of Ostrava Mills?")
    text = "Ostrava Mills had a population of 2,397; the population density was 90.4 people per square mile."
    values = [c.value.raw for c in candidates(asked, found({"a.md": text})) if c.value is not None]
    assert "2,397" in values and "90.4" not in values


def test_a_long_name_with_another_ending_and_a_band_named_far_after_by() -> None:
    asked = read_question("Which line is Novoslobodsky a station on?")
    text = "Novoslobodskaya (Koltsevaya line) Novoslobodskaya is a station on the Moscow Metro's Koltsevaya line."
    assert candidates(asked, found({"a.md": text}))
    asked = read_question('Who is the artist associated with "Little Lanterns"?')
    text = '"Little Lanterns" is a song by the English rock band the Harbour Boys, released in 1967.'
    values = [c.value.raw for c in candidates(asked, found({"a.md": text})) if c.value is not None]
    assert values and "Harbour Boys" in values[0]


def test_a_long_name_with_another_ending_is_named_apart_by_its_qualifier() -> None:
    """Two stations whose pages spell the asked name with another ending: their qualifiers tell them
    apart, so both answers stand (neither is the other's rival)."""
    asked = read_question("Which line is Varensky a station on?")
    docs = {
        "ring.md": "Varenskaya (Ring line) Varenskaya is a station on the Tarsk Metro's Ring line. "
        "Its white marble pylons and patterned plaster ceiling were finished in 1952.",
        "river.md": "Varenskaya (River line) Varenskaya is a Tarsk Metro station on the River line. "
        "Designed by two architects, it opened in 1938 as part of the second stage of the network.",
    }
    cands = candidates(asked, found(docs))
    from agents.offline.entities import entity_of

    assert {frozenset(entity_of(asked, c.found)) for c in cands if "station on" in c.statement} == {
        frozenset({"ring", "line"}),
        frozenset({"river", "line"}),
    }
    settled = settle(asked, grouped(cands))
    assert len(settled.standing) == 2 and not settled.ties


def test_a_date_in_brackets_after_another_persons_name_is_theirs() -> None:
    asked = read_question("When was Princess Ilse of Varden born?")
    text = (
        "Princess Ilse of Varden was born on 24 March 1982 at the family palace in Arnholt. "
        "She has an older sister, Maria Theresia (born 28 November 1980), and a younger brother, "
        "Albert (born 24 June 1983)."
    )
    values = {c.value.raw for c in candidates(asked, found({"ilse.md": text})) if c.value is not None}
    assert values == {"24 March 1982"}


def test_whom_a_name_is_for_names_its_entity() -> None:
    # ``Wirral Grammar School for Girls`` and ``... for Boys`` are two schools, each an answer
    docs = {
        "girls.md": "Orvik Grammar School for Girls is an all-girls grammar school on Heath Road, opened in 1902.",
        "boys.md": "Orvik Grammar School for Boys is a selective school for boys aged 11 to 18 beside Lund church.",
    }
    asked = read_question("What is the gender composition of Orvik Grammar School?")
    assert [entity_of(asked, f) for f in found(docs)] == [frozenset({"girls"}), frozenset({"boys"})]
    assert len(settled_over(asked, docs).standing) == 2


def test_a_titles_opening_year_names_which_of_a_recurring_event() -> None:
    page = "1951 Orvik by-election\n\nThe Orvik by-election was held on 3 May 1951. It was won by Ada Holm."
    hit = next(f for f in found({"a.md": page}) if "Ada Holm" in f.text)
    assert entity_of(read_question("Who won the Orvik by-election?"), hit) == {"1951"}
    assert entity_of(read_question("When was the Orvik by-election held?"), hit) == frozenset()  # the year asked


def test_a_rank_opens_a_name_and_the_words_before_it_are_another_name() -> None:
    """A fact box runs names together: ``Mother Vera di Lasso Princess Mira Hallen (...)``."""
    asked = read_question("When was Princess Mira born?")
    text = "Prince Alf Mother Vera di Lasso Roda Princess Mira Hallen (3 May 1920 \u2013 1 June 1990) was a painter."
    assert entity_of(asked, found({"a.md": text})[0]) == frozenset({"hallen"})
    asked = read_question("When was Tomas Lindqvist born?")
    text = "The portrait shows Sir Tomas Lindqvist (3 May 1920 \u2013 1 June 1990) in his study."
    assert entity_of(asked, found({"a.md": text})[0]) == frozenset()


def test_the_sentence_before_a_name_is_not_part_of_it() -> None:
    """``... a 4-core CPU. Larkdb, the Rust database`` names no entity *CPU Larkdb*."""
    from agents.offline.entities import entity_of

    asked = read_question("What license is Larkdb released under?")
    text = "We compared three stores on a laptop with a 4-core CPU. Larkdb, the Rust database, was the fastest."
    hits = [f for f in found({"blog.md": text}) if f.text.startswith("Larkdb")]
    assert entity_of(asked, hits[0]) == frozenset()
    text = "The survey was led by Col. Ada Quill, who mapped the lake."  # a title's full stop stays in the name
    asked = read_question("Who is Ada Quill?")
    assert {"col"} <= entity_of(asked, found({"a.md": text})[0])
    text = "The survey was led by Dr. Ada Quill, who mapped the lake."  # a courtesy title names no one else
    assert entity_of(asked, found({"a.md": text})[0]) == frozenset()


def test_a_list_of_works_with_their_years_is_not_a_statement() -> None:
    assert not readable(
        "Films and television series by Raj Kapoor Director Manzilein Aur Bhi Hain ( 1974 ) Naya Daur ( 1955 )"
    )
    assert readable("Naya Daur ( 1955 ) is a Hindi film directed by a famous director of the studio.")


def test_a_span_of_time_and_the_same_span_after_an_event_are_one_answer() -> None:
    asked = read_question("How long was the Vela crew quarantined?")
    docs = {
        "a.md": "For that reason the Vela crew went into quarantine for 21 days after leaving the station.",
        "b.md": "The Vela crew went into quarantine for 21 days to guard against unknown germs.",
    }
    groups = group(best_per_source(candidates(asked, found(docs))))
    assert groups[0].support == 2 and groups[0].value == "21 days"


def test_a_possessive_is_not_part_of_the_name_that_made_the_work() -> None:
    text = "Paper Rivers (album) Paper Rivers is Mara Lindqvist's second album, released in October 1979."
    assert best_value('Who is the artist of the album "Paper Rivers"?', text) == "Mara Lindqvist"
    text = "Paper Rivers is a drama serial based on Osric Vane's years in exile, directed by Mara Lindqvist."
    assert best_value('Who is the creator of "Paper Rivers"?', text) == "Mara Lindqvist"


def test_the_maker_in_a_works_bracketed_qualifier_answers_who_made_it() -> None:
    text = "Paper Rivers (The Glass Harbor album) Paper Rivers is a greatest hits album."
    assert best_value('Who is the artist of the album "Paper Rivers"?', text) == "Glass Harbor"
    text = "Mobile view Search Toggle the table of contents Paper Rivers ( Glass Harbor album ) Add languages Add topic"
    cands = candidates(read_question('Who is the artist of the album "Paper Rivers"?'), found({"a.md": text}))
    assert cands and cands[0].statement == "Paper Rivers ( Glass Harbor album )"  # a title, though no sentence
    text = "Paper Rivers is the sixth studio album by American singer and musician Mara Lindqvist, released in 1960."
    assert best_value('Who is the artist of the album "Paper Rivers"?', text) == "Mara Lindqvist"


def test_a_kinship_stated_from_the_other_side_answers_it() -> None:
    text = "Emperor Halvard was the eldest son of the coastal ruler Osric Vane and brother of Emperor Tamsin."
    assert best_value("Who was Halvard's father?", text) == "Osric Vane"
    text = "She may have been a daughter of Osric Vane, wife of both kings Tamsin Rook and Ebbe Lund."
    assert best_value("Who was the husband of Queen Ysolde?", f"Queen Ysolde was a queen. {text}") == "Tamsin Rook"
    text = "He was the eldest son of the Tangut ruler Osric Vane."  # a capitalized title between
    assert best_value("Who was Halvard's father?", f"Emperor Halvard was a king. {text}") == "Osric Vane"
    text = "He was the son of Ann Hale and Osric Vane."  # the second of two names is not read as the answer
    assert best_value("Who was Halvard's father?", f"Emperor Halvard was a king. {text}") != "Osric Vane"


def test_a_name_after_another_kinship_is_that_relatives_kin_not_the_one_asked() -> None:
    text = "Her much older husband Aldric, a son of Osric Thane, had not been allowed to succeed his father."
    assert best_value("Who was the husband of Queen Ysolde?", f"Queen Ysolde was a queen. {text}") == "Aldric"


def test_an_infoboxs_labels_part_the_names_of_its_fields() -> None:
    text = "Names Nasir al-Din Halvard I Father Osric Vane Mother Ilse Marrow Religion Sunni Islam Life edit"
    names = [v.raw for v in extract_values(text) if v.kind == "name"]
    assert "Osric Vane" in names and "Ilse Marrow" in names
    assert [v.raw for v in extract_values("Mother Agnes Holm founded the hospice.")][:1] == ["Mother Agnes Holm"]


def test_a_place_in_what_the_subject_is_says_where_it_is() -> None:
    text = "The Kestrel Bay News-Courier is a daily newspaper in Harrowgate, Vermont."
    assert best_value("Where is the News Courier published?", text) == "Harrowgate"


def test_a_source_gives_the_more_precise_of_two_equally_good_dates() -> None:
    text = "Mara Lindqvist (sculptor, born 1940) Mara Lindqvist (born 19 September 1940 in Harrowgate) is a sculptor."
    best = best_per_source(candidates(read_question("When was Mara Lindqvist born?"), found({"a.md": text})))
    assert best[0].value is not None and best[0].value.raw == "19 September 1940"


def test_a_decade_and_a_date_in_it_are_two_answers_and_no_contradiction() -> None:
    asked = read_question("When was the Kestrel Hall built?")
    docs = {"a.md": "The Kestrel Hall was built on 3 May 1893.", "b.md": "The Kestrel Hall was built in the 1890s."}
    settled = settled_over(asked, docs)
    assert sorted(g.value for g in settled.standing) == ["1890s", "3 May 1893"] and not settled.ties


def test_a_share_or_a_count_of_other_things_is_not_a_population() -> None:
    asked = read_question("What is the population of Ostrava Mills?")
    text = (
        "Ostrava Mills is one of four townships in the county. About 18.0% of the population were below the "
        "poverty line. The population was 536 at the 2010 census."
    )
    assert [c.value.raw for c in candidates(asked, found({"a.md": text})) if c.value is not None] == ["536"]
    asked = read_question("What percentage of the population of Ostrava Mills was below the poverty line?")
    assert "18.0%" in [c.value.raw for c in candidates(asked, found({"a.md": text})) if c.value is not None]


class _Searches:
    """A turn whose first search finds a two-against-two split and whose later searches find a
    third source for one side (one that words it otherwise than the question)."""

    def __init__(self, first: list[Found], later: list[Found]) -> None:
        self.first = first
        self.later = later
        self.queries: list[str] = []

    async def search(self, query: str, limit: int = 5) -> list[Found]:
        self.queries.append(query)
        return self.first if len(self.queries) == 1 else self.later


def test_a_tie_in_the_first_search_is_searched_again_for_each_sides_corroboration() -> None:
    page = "Osric Vane (admiral). Osric Vane was born on {date} as the second son of a naval family."
    first = found({"a.md": page.format(date="14 August 1850"), "b.md": page.format(date="14 August 1850")})
    first += found({"c.md": page.format(date="14 August 1900"), "d.md": page.format(date="14 August 1900")})
    later = found({"e.md": "Osric Vane, a naval officer from Weymouth, was born on 14 August 1850 in Dorset."})
    turn = _Searches(first, later)
    settled = anyio.run(settled_answers, turn, "When was Admiral Osric Vane born?")  # type: ignore[arg-type]
    assert len(turn.queries) > 1
    assert [g.value for g in settled.standing] == ["14 August 1850"] and not settled.ties


def test_a_life_date_after_the_name_answers_only_a_birth_or_death() -> None:
    text = (
        "Mara Ines Lindqvist Soto (born 7 September 1998) is a professional footballer, and her career began in 2016."
    )
    assert best_value("When did Lindqvist begin her professional career?", text) == "2016"
    assert best_value("When was Lindqvist born?", text) == "7 September 1998"


def test_a_birth_said_in_prose_is_no_answer_to_another_event_and_the_subject_is_no_distance() -> None:
    text = "Born in Harrowgate in 1975, Osric Vane first played for North Ruritania in the 1996 Coast Trophy."
    assert best_value("When did Vane start playing for North Ruritania?", text) == "1996"


def test_an_answer_is_stated_by_its_most_precise_source_sentence() -> None:
    asked = read_question("When was the Coast Empire established?")
    text = (
        "The Coast Empire was a state that existed from 1849 to 1859. "
        "Osric Vane declared himself emperor on August 26, 1849, in the old cathedral of the Empire."
    )  # the full date's sentence scores lower (it does not name the whole subject), but not by half
    best = best_per_source(candidates(asked, found({"a.md": text})))
    assert best[0].value is not None and best[0].value.raw == "August 26, 1849"
    docs = {"b.md": "The Coast Empire was a state that existed from 1849.", "c.md": text}
    groups = group(best_per_source(candidates(asked, found(docs))))
    assert groups[0].support == 2 and "August 26, 1849" in groups[0].stated.statement


def test_a_rates_denominator_is_no_population() -> None:
    asked = read_question("What is the population of Ostrava Mills?")
    text = "Ostrava Mills has 0.86 officers per 1,000 residents, and its population was 740 in 2000."
    assert [c.value.raw for c in candidates(asked, found({"a.md": text})) if c.value is not None] == ["740"]


def test_a_citation_stamp_is_the_pages_date_not_the_subjects() -> None:
    text = "Dr Ottilie Brandt authority record retrieved 15 December 2014 date of death 2 March 1911 Gregorian"
    assert best_value("When did Ottilie Brandt die?", text) == "2 March 1911"
    for stamp in ("Accessed on 3 June 2019", "last edited 8 Mar 2025", "Archived from the original on 1 May 2020"):
        assert best_value("When did Ottilie Brandt die?", f"Ottilie Brandt page. {stamp}.") == ""


def test_a_planned_date_is_not_when_it_happened() -> None:
    for plan in (
        "We are aiming to release Tarnview 2.0 on 15 March 2023.",
        "The release of Tarnview 2.0 planned for 15 March 2023 is postponed.",
        "A roadmap for Tarnview 2.0 announced 15 March 2023 as the target release date.",
    ):
        assert best_value("When was Tarnview 2.0 released?", plan) == ""
        assert best_value("When was Tarnview 2.0 originally planned to be released?", plan) == "15 March 2023"
    assert best_value("When was Tarnview 2.0 released?", "Tarnview 2.0 was released on 21 June 2023.") == "21 June 2023"


def test_an_entity_named_in_a_title_stands_beside_a_better_answer_that_never_says_which_it_means() -> None:
    asked = read_question("When was Harbour Lights first broadcast?")
    docs = {
        "a.md": "Harbour Lights was first broadcast on 7 July 1965 on BBC1, and ran for 38 years.",
        "b.md": "Harbour Lights began on 7 July 1965. Harbour Lights was first broadcast by the BBC on 7 July 1965.",
        "c.md": "Harbour Lights (1959 TV series) Harbour Lights is a 1959 Australian educational television series.",
    }
    settled = settled_over(asked, docs)
    assert sorted(g.value for g in settled.standing) == ["1959", "7 July 1965"]
    # a passage that names the series the better answer speaks of: one entity, a mere mention
    docs["b.md"] += " It was made in Australia as a 1959 TV series remake."
    settled = settled_over(asked, docs)
    assert [g.value for g in settled.standing] == ["7 July 1965"]


def test_a_tie_goes_to_the_value_a_further_source_mentions_in_passing() -> None:
    asked = read_question("When was Edda Marwick born?")
    docs = {
        "true.md": "Edda Marwick Edda Marwick (born 12 October 1866) was an English printer in Leeds.",
        "copy.md": "Edda Marwick Edda Marwick (born 1 January 1870) was an English printer in Leeds.",
        "namesakes.md": "The painter Edda Marwick was born in 1901 in Perth. "
        "The printer Edda Marwick was born in 1866 in Leeds.",
    }
    settled = settle(asked, grouped(candidates(asked, found(docs))))
    assert "12 October 1866" in [g.value for g in settled.standing] and not settled.ties
    assert "1 January 1870" not in [g.value for g in settled.standing]


def test_a_distance_near_the_subject_is_no_population() -> None:
    text = (
        "The population center of the state lies approximately 10 miles northwest of Ardmore Falls. "
        "There were 3,559 people and 909 families residing in the city."
    )
    assert best_value("What is the population of Ardmore Falls?", text) == "3,559"


def test_a_bare_number_and_the_same_count_of_people_are_one_answer() -> None:
    asked = read_question("What is the population of Ashgrove Township?")
    docs = {
        "a.md": "Ashgrove Township is in Ohio. As of the 2010 census, the township population was 3,168.",
        "b.md": "Ashgrove Township is in Ohio. In 2010 there were 3,168 people and 906 families in Ashgrove Township.",
    }
    groups = grouped(candidates(asked, found(docs)))
    assert groups[0].support == 2 and groups[0].value in ("3,168", "3,168 people")


def test_amounts_stated_for_different_years_are_no_dispute() -> None:
    asked = read_question("What is the population of Ardmore, Wisconsin?")
    docs = {
        "2010.md": "Ardmore, Brown County, Wisconsin Ardmore is a town. The population was 4,284 at the 2010 census.",
        "2020.md": "Ardmore is a town in Wisconsin. The population was 6,306 at the 2020 census.",
        "copy.md": "Ardmore is a town in Wisconsin. The population was 5,143 at the 2020 census.",
    }
    settled = settle(asked, grouped(candidates(asked, found(docs))))
    assert [g.value for g in settled.standing] == ["4,284"]  # the two 2020 figures are still in dispute
    assert {frozenset((a.value, b.value)) for a, b in settled.ties} == {frozenset({"5,143", "6,306"})}


def test_a_work_named_by_its_maker_in_brackets_is_another_entity_than_one_by_someone_else() -> None:
    asked = read_question('Who is the artist of the album "Quiet Harbour"?')
    docs = {
        "a.md": "Quiet Harbour (Mira Olsen album) Quiet Harbour is the debut album by Mira Olsen, released on Fjord.",
        "b.md": "Quiet Harbour (album) Quiet Harbour is the debut album by Pale Lanterns, released on Fjord. It was "
        "recorded in a Bergen church over two winters with a borrowed organ and a choir of friends from the town.",
    }
    settled = settle(asked, grouped(candidates(asked, found(docs))))
    assert sorted(g.value for g in settled.standing) == ["Mira Olsen", "Pale Lanterns"] and not settled.ties


def test_a_number_is_not_read_from_inside_a_longer_one() -> None:
    text = (
        "Shawnee Dell had 2,355 people in 2000. "
        "The population density of Shawnee Dell was 885.0 people per square mile (341.8/km²)."
    )
    asked = read_question("What is the population of Shawnee Dell?")
    values = [c.value.raw for c in candidates(asked, found({"a": text})) if c.value is not None]
    assert "34" not in values and "2,355" in values


def test_a_place_in_a_definition_of_the_subject_says_where_it_is() -> None:
    text = (
        "Linden Crossing is also more accessible to Westmarch Regional Airport through the Harlow Bypass Highway. "
        "Linden Crossing is a township in Harlow, Eastvale."
    )
    assert best_value("Where is Linden Crossing located?", text) == "Harlow"


def test_how_far_asks_for_a_distance_not_any_number() -> None:
    text = "The town of Tarnby had a population of 12,480 in 2011. The town of Tarnby lies 14 miles south of Eastport."
    assert best_value("How far is Tarnby from Eastport?", text) == "14 miles"
    mast = "The Tarnby mast, built for 12,000 pounds, is 820 feet tall."
    assert best_value("How tall is the Tarnby mast?", mast) == "820 feet"


def test_a_question_in_a_source_states_nothing() -> None:
    assert not readable("Why do you think only two of the three astronauts went down to the surface?")
    assert not readable('The teacher asked: "How many samples did the crew bring back?"')
    assert readable("The crew brought back 21.5 kilograms of samples from the surface.")


def test_a_documents_title_names_the_entity_its_passages_speak_of() -> None:
    asked = read_question("What is Mara Lind's profession?")
    docs = {
        "Mara Lind (chemist)": "Mara Lind (12 January 1955 - 3 March 2019) was a Swedish chemist at Uppsala.",
        "Mara Lind (painter)": "Mara Lind (born 4 May 1921 in Bergen) was a Norwegian painter of coastal landscapes.",
    }
    items = [Found(t, t, Authority.MEDIUM, s.text, f"{t}\n{x}") for t, x in docs.items() for s in split_sentences(x)]
    settled = settle(asked, grouped(candidates(asked, items)))
    assert len(settled.standing) == 2  # two people, each named apart by the title of the page about them


def test_a_bracket_that_glosses_the_name_does_not_tell_which_entity_it_is() -> None:
    asked = read_question("What is the language of the film Korvath?")
    glossed = 'Korvath ( Hungarian: Korv\u00e1th meaning "crow") is a 1971 Hungarian-language drama film.'
    qualified = "Korvath (1971 film) Korvath is a 1971 Estonian-language drama film by Aili Saar."
    hits = found({"a.md": glossed, "b.md": qualified})
    assert entity_of(asked, hits[0]) == set()  # a spelling and a meaning, not a qualifier
    assert entity_of(asked, hits[1]) == {"1971", "film"}
    settled = settled_over(asked, {"a.md": glossed, "b.md": qualified})
    assert len(settled.standing) < 2  # one film and two languages: not two films, each answered


def test_a_titles_words_between_the_name_and_its_copy_name_the_entity() -> None:
    # ``No. 9 Squadron RAAF No. 9 Squadron was ...``: the title's *RAAF* names the squadron, as a
    # bracket would; without it three squadrons of one number were one entity and two were outvoted
    asked = read_question("When was No. 9 Squadron formed?")
    text = "No. 9 Squadron RAAF No. 9 Squadron was a fighter unit. No. 9 Squadron was formed at Tarrow on 30 May 1945."
    items = [Found("a.md", "a.md", Authority.MEDIUM, x.text, f"a.md\n{text}") for x in split_sentences(text)]
    formed = next(item for item in items if "1945" in item.text)
    assert "raaf" in entity_of(asked, formed)


def test_a_regnal_number_is_not_placed_in_a_page_that_names_that_heir() -> None:
    # a page on Ahmed I that names *Ahmed III* as an heir is not about Ahmed III: his accession,
    # on his own page, was taken for a rival of Ahmed I's and outvoted
    docs = {
        "i-1.md": "Sultan Ahmed (1590-1617). Ahmed ascended the throne in 1603. Ahmed III later revered him.",
        "i-2.md": "Ahmed ascended the throne in 1603, aged thirteen. His line ran on to Ahmed III.",
        "iii.md": "Ahmed III Ahmed III was an Ottoman sultan. Mustafa's abdication in 1703 put him on the throne.",
    }
    settled = settled_over(read_question("When did Sultan Ahmed ascend the throne?"), docs)
    assert sorted(g.value for g in settled.standing) == ["1603", "1703"]


def test_an_agent_noun_before_a_name_says_who_did_the_act_asked() -> None:
    # *director Tony Richardson made ...*: *director* was no word of *directed*, and a name before
    # *made* was read as an adjective of what follows (*South Korean girl group T-ara*)
    text = "In 1968, director Ann Holm made Tarrow Nights, a British version of the story, starring Per Lie."
    assert best_value('Who directed the film "Tarrow Nights"?', text) == "Ann Holm"
    assert best_value("When was Tarrow Nights made?", "In 1968, director Ann Holm made Tarrow Nights.") == "1968"


def test_a_death_said_in_prose_is_no_birth() -> None:
    text = "The chemist Mara Lind, who died on 3 March 2019, was born in Lund in 1955."
    assert best_value("When was Mara Lind born?", text) == "1955"
    assert best_value("When did Mara Lind die?", text) == "3 March 2019"


def test_a_short_whole_sentence_with_a_pronoun_for_the_subject_answers() -> None:
    text = "The Tern depth sounder. The Tern is an echo sounder for small boats. It weighs 1.4 kilograms."
    assert best_value("How much does the Tern weigh?", text) == "1.4 kilograms"
    assert best_value("How heavy is the Tern?", text) == "1.4 kilograms"
    assert not readable("Population : 1,243") and not readable("Home About Contact.")


def test_how_heavy_and_how_fast_ask_for_a_mass_and_a_speed_not_any_number() -> None:
    text = "The Kestrel ferry carries 300 passengers, weighs 1,200 tonnes and sails at 14 knots across the bay."
    assert best_value("How heavy is the Kestrel ferry?", text) == "1,200 tonnes"
    assert best_value("How fast is the Kestrel ferry?", text) == "14 knots"


def test_a_verb_in_the_past_tense_matches_the_questions_own_verb() -> None:
    text = "Ingrid Solberg (born 1951) is an engineer. She studied at the Institute of Technology in Trondheim."
    assert best_value("Where did Ingrid Solberg study?", text) in ("Institute of Technology", "Trondheim")


def test_the_one_value_of_a_sentence_that_calls_it_wrong_is_no_answer() -> None:
    asked = read_question("When was Fennick Instruments founded?")
    docs = {
        "a.md": "Fennick Instruments was founded in 1987 in Bergen.",
        "b.md": "Fennick Instruments. Some older brochures wrongly give the founding year as 1985.",
        "c.md": "Fennick Instruments. Earlier maps gave 1984, which a later survey found to be an error.",
    }
    assert [c.value.raw for c in candidates(asked, found(docs)) if c.value is not None] == ["1987"]
    both = {"d.md": "Fennick Instruments was founded in 1987; the year 1985 on old brochures is wrong."}
    assert {c.value.raw for c in candidates(asked, found(both)) if c.value is not None} == {"1987", "1985"}


@pytest.mark.parametrize(
    "after",
    ["The correct figure at the time of publication was 167.", "That was incorrect.", "This figure was wrong."],
)
def test_a_report_the_passage_sets_right_is_no_answer(after: str) -> None:
    asked = read_question("How many burials were excavated from the Tarnfield Abbey cemetery?")
    report = "The article also stated that 221 burials had been excavated from the Tarnfield Abbey cemetery."
    docs = {"correction.txt": f"{report} {after}", "report.md": "Tarnfield Abbey: 212 burials were excavated."}
    values = [c.value.raw for c in candidates(asked, found(docs)) if c.value is not None]
    assert "212" in values and "221" not in values


def test_a_figure_given_for_comparison_is_another_things() -> None:
    asked = read_question("What percentage of the burials at Tarnfield were juveniles?")
    text = (
        "The Tarnfield cemetery held 212 burials. Juveniles make up 23 per cent of the excavated population. "
        "6.4 For comparison, the cemetery at Orr Hill produced 221 burials, of whom 32 per cent were juveniles."
    )
    values = [c.value.raw for c in candidates(asked, found({"report.md": text})) if c.value is not None]
    assert values == ["23 per cent"]


def test_who_did_an_act_is_not_a_name_that_did_another_act_by_the_subject() -> None:
    text = (
        "Fennick Instruments is a maker of sensors. It was founded in 1987 by the engineer Ingrid Solberg. "
        "Solberg led Fennick Instruments as chief executive until 2011, when she was succeeded by Lars Eide."
    )
    asked = read_question("Who founded Fennick Instruments?")
    names = [c.value.raw for c in candidates(asked, found({"a.md": text})) if c.value is not None]
    assert names == ["Ingrid Solberg"]
    assert best_value("Who succeeded Ingrid Solberg as chief executive?", text) == "Lars Eide"


def test_a_pronoun_opening_a_sentence_on_the_subjects_page_stands_for_the_subject() -> None:
    page = "The Tern depth sounder\n\nThe Tern is an echo sounder for small boats. It is assembled in Stavanger."
    assert best_value("Where is the Tern built?", page) == "Stavanger"
    other = "Fennick Instruments\n\nFennick makes the Tern echo sounder. It is assembled in Stavanger."
    assert best_value("Where is the Tern built?", other) == ""  # here "It" is the company


def test_by_how_much_asks_for_the_amount_a_change_went_by_in_any_wording() -> None:
    text = (
        "The Kestrel trial tested ardomycin in 4,120 adults. After two years, blood pressure fell by 12 percent "
        "in the ardomycin group."
    )
    assert best_value("By how much did ardomycin lower blood pressure in the Kestrel trial?", text) == "12 percent"
    assert content_words("it lowered the rate; the rate fell") == ["decrease", "rate", "rate", "decrease"]


def test_a_question_about_a_change_takes_its_share() -> None:
    text = "The Kestrel trial tested ardomycin in 4,120 adults. Blood pressure fell 12 percent with ardomycin."
    assert best_value("How much did ardomycin lower blood pressure?", text) == "12 percent"


def test_a_question_without_a_name_is_about_the_words_after_its_last_of() -> None:
    asked = read_question("What is the maximum dose of ardomycin?")
    assert asked.subjects == ("ardomycin",) and asked.focus == {"maximum", "dose"}
    label = "Ardomycin summary\n\nThe starting dose of ardomycin is 10 mg a day. The maximum dose is 40 mg a day."
    best = candidates(asked, found({"label.txt": label}))[0]
    assert best.statement == "The maximum dose is 40 mg a day."


def test_a_question_naming_a_year_prefers_the_value_of_that_year() -> None:
    text = (
        "Fennick Instruments reported revenue of 1,200 million kroner in 2022. "
        "In 2019 the Fennick firm had sales of 900 million kroner."
    )
    assert best_value("What was the revenue of Fennick Instruments in 2019?", text) == "900 million kroner"


def test_a_titles_opening_verb_names_no_entity() -> None:
    asked = read_question("What is the population of Mereth?")
    docs = {
        "town.md": "Mereth, Carelia\n\nMereth had a population of 14,200 at the 2021 census.",
        "tourism.md": "Visiting Mereth and Lake Orvin\n\nMereth is a small lakeside town of about 14,000 people.",
    }
    items = [
        Found(n, n, Authority.MEDIUM, s.text, x.replace("\n\n", "\n"))
        for n, x in docs.items()
        for s in split_sentences(x)
    ]
    groups = grouped(candidates(asked, items))
    assert [g.support for g in groups] == [2]  # one town, one answer, two sources


def test_a_question_written_without_capitals_is_not_answered_by_its_own_subject() -> None:
    text = (
        "Fennick Instruments is a maker of marine sensors in Bergen. "
        "It was founded in 1987 by the engineer Maren Holt. The Tern sounder is made by Fennick Instruments."
    )
    asked = read_question("who founded fennick")
    names = {c.value.raw for c in candidates(asked, found({"a.md": text})) if c.value is not None}
    assert names == {"Maren Holt"}  # not Fennick Instruments, the subject itself


def test_a_group_whose_best_scores_below_zero_still_states_its_answer() -> None:
    """A candidate can score below zero (a birth told in prose for another event); its group is still
    stated by its best candidate (the share of a negative best once left no candidate at all)."""
    from dataclasses import replace

    from agents.offline.candidates import Group

    cand = candidates(read_question("When was Larkdb created?"), found({"a.md": "Larkdb was created in 2017."}))[0]
    low = replace(cand, score=-1.0)
    assert Group([low, replace(cand, score=-3.0)]).stated is low


def test_how_fast_is_answered_by_an_amount_per_unit_of_time() -> None:
    text = (
        "Larkdb is maintained by 11 volunteers. "
        "Larkdb reaches a write throughput of up to 2.5 million points per second on one core."
    )
    assert best_value("How fast can Larkdb write data?", text) == "2.5 million"
    assert best_value("How fast is the Tern sounder?", "The Tern sounder has a top speed of 40 km/h.") == "40 km/h"


def test_created_started_and_founded_are_one_act() -> None:
    """What brings a thing into being is one act, however worded: *who created X* is answered by
    ``X, the database started by ...``, *when was X established* by ``X was created on ...``."""
    asked = read_question("Who created Larkdb?")
    docs = {
        "readme.md": "Larkdb was created by Ewa Marek at the Lodz University of Technology in 2017.",
        "blog.md": "Larkdb, the Rust database started by Ewa Marek, wrote 1.9 million points per second in our test.",
    }
    settled = settle(asked, grouped(candidates(asked, found(docs))))
    assert settled.standing[0].value == "Ewa Marek" and settled.standing[0].support == 2
    assert best_value("When was the Harbour Watch established?", "Harbour Watch was created on June 21, 1998.") == (
        "June 21, 1998"
    )


def test_where_a_change_started_is_not_what_the_thing_is() -> None:
    """``moved from 7400 to 7401``: 7400 is what the port was; a question about what it was before
    still gets it."""
    text = "In version 3.0 the default HTTP port of Larkdb moved from 7400 to 7401."
    assert best_value("What is the default port of Larkdb?", text) == "7401"
    values = {
        c.value.raw
        for c in candidates(read_question("What was the default port of Larkdb originally?"), found({"a": text}))
    }
    assert "7400" in values
    text = "The population of Arnholt grew from 3,000 to 5,200."
    assert best_value("What is the population of Arnholt?", text) == "5,200"
    text = "Arnholt's plan had already been cut from 812 homes. It now has 640 homes."  # where it ended, elsewhere
    assert best_value("How many homes does Arnholt's plan have?", text) == "640"


def test_a_plain_statement_is_no_mere_mention_beside_one_that_echoes_the_question() -> None:
    """``The default HTTP port is 7401`` states what is asked as plainly as can be; a sentence that
    repeats more of the question's words (*listens ... by default*) scores higher but does not make
    it a mere mention: one source each is a tie, shown as such."""
    asked = read_question("What port does Larkdb listen on by default?")
    docs = {
        "readme.md": "Larkdb is an embedded database. The default HTTP port of Larkdb is 7401.",
        "blog.md": "We tried Larkdb last spring. Its HTTP interface listens on port 7400 by default.",
    }
    settled = settle(asked, grouped(candidates(asked, found(docs))))
    assert not settled.standing and len(settled.ties) == 1


def test_a_short_wrapped_line_goes_on_into_a_line_opening_with_a_date() -> None:
    """*It began on / 14 March 1953, when ...*: the sentence's first line is short, but its line in
    the paragraph is long, so the break is the paragraph's wrapping, not a table's."""
    text = (
        "The Tarn flood of 1953 was a river flood in the town of Hallin, in the Tarn valley. It began on\n"
        "14 March 1953, when an ice jam on the river broke after three days of heavy rain."
    )
    cands = candidates(read_question("When did the Tarn flood begin?"), found({"a.md": text}))
    assert any(c.statement.startswith("It began on 14 March 1953") for c in cands)


def test_an_exact_amount_states_a_group_over_a_hedged_one() -> None:
    asked = read_question("How many people died in the Tarn flood?")
    docs = {
        "paper.txt": "Officials say at least 37 people have died in the Tarn flood, and the count is expected to rise.",
        "book.md": "The Tarn flood killed 41 people and destroyed about 300 houses.",
    }
    settled = settle(asked, grouped(candidates(asked, found(docs))))
    assert settled.standing[0].stated.statement.startswith("The Tarn flood killed 41 people")


def test_what_caused_x_is_not_answered_by_what_x_is() -> None:
    asked = read_question("What caused the Tarn flood of 1953?")
    docs = {
        "book.md": "The Tarn flood of 1953 was a river flood in the town of Hallin, in the Tarn valley.",
        "blog.md": "A guide told us the 1953 Tarn flood was caused by an ice jam that broke after heavy rain.",
    }
    settled = settle(asked, grouped(candidates(asked, found(docs))))
    assert "caused by an ice jam" in settled.standing[0].best.statement


def test_a_question_without_a_name_is_about_the_thing_it_says_was_done_to() -> None:
    """*When was the flood memorial unveiled?*: the memorial, not every page about the flood."""
    asked = read_question("When was the flood memorial unveiled?")
    assert asked.subjects == ("flood memorial",)
    assert read_question("Where is the flood memorial?").subjects == ("flood memorial",)
    docs = {
        "memorial.md": "# The flood memorial\n\nA stone memorial near the old mill names the 41 victims of the "
        "March 1953 flood. It was unveiled in 1963 by Mayor Anna Lenz.",
        "book.md": "The Tarn flood of 1953 was a river flood in the town of Hallin.",
        "blog.md": "Locals told us the 1953 flood began after heavy rain.",
    }
    settled = settle(asked, grouped(candidates(asked, found(docs))))
    assert settled.standing[0].value == "1963"


def test_a_date_of_another_event_does_not_answer_when_this_one_happened() -> None:
    """*When was X founded?* is not answered by the day X agreed to buy another firm, nor *when did
    X acquire Y* by its founding; the ways a thing begins stay one another's answers."""
    docs = {
        "press.txt": "AARHUS, 14 March 2022 - Larvik Foods has agreed to buy Zielony, a processor in Poznan.",
        "profile.md": "Larvik Foods was founded in 1961 by the farmer Jens Larvik as a cooperative of twelve farms.",
    }
    for question, answer in (
        ("When was Larvik Foods founded?", "1961"),
        ("When did Larvik Foods acquire Zielony?", "14 March 2022"),
    ):
        asked = read_question(question)
        assert settle(asked, grouped(candidates(asked, found(docs)))).standing[0].value == answer
    assert best_value(
        "When was the Harbour School established?", "The Harbour School was launched in January 2012."
    ) == ("January 2012")


def test_a_value_in_a_relative_clause_about_another_thing_is_its() -> None:
    assert (
        best_value(
            "What is the population of Arnholt?",
            "The main language in Arnholt is Tarsk, which is spoken by 2,795 people.",
        )
        == ""
    )
    assert (
        best_value(
            "By how much did lorvastatin lower LDL cholesterol?",
            "Lorvastatin lowered LDL cholesterol more than pravastatin, which lowers it by about 25 percent.",
        )
        == ""
    )
    assert (
        best_value("What is the population of Arnholt?", "Arnholt, which had 3,000 people in 1900, is a market town.")
        == "3,000"
    )


def test_a_short_definition_after_its_page_title_repeated_answers_a_phrase_question() -> None:
    # a scraped page opens with its title, then the first sentence repeats it: the capitals of the
    # doubled name made the short definition read as no statement, so the page gave no answer
    asked = read_question("What is Ola Brandt's profession?")
    text = (
        "Ola Marit Brandt Ola Marit Brandt is a Norwegian cellist. "
        "She is best known for her recordings of the Vesle suites. Brandt was born in Tromsø."
    )
    best = candidates(asked, found({"brandt.md": text}))[0]
    assert best.statement == "Ola Marit Brandt is a Norwegian cellist."


def test_a_numbered_page_title_repeated_after_the_is_left_out_of_the_span() -> None:
    """``487th Air Wing The 487th Air Wing is ...``: a title opening with a number, said again after
    *The*, is the page's title; the capitals of both copies made the definition read as no
    statement, and a narrower window cut the number off the unit asked about."""
    text = (
        "487th Orla Air Wing The 487th Orla Air Wing is a provisional Norland Air Force unit assigned to the "
        "Norland Air Forces in Vell."
    )
    best = candidates(read_question("487th refers to which type of unit?"), found({"a.md": text}))[0]
    assert best.statement.startswith("The 487th Orla Air Wing is a provisional"), best.statement


def test_a_page_title_with_its_qualifier_before_a_sentence_repeating_it_is_left_out_of_the_span() -> None:
    # ``Title (qualifier) Title is located in Town, State.``: the capitals of title, qualifier and
    # place made the sentence read as no statement, and the town went unanswered
    text = "Hale County School (Rye, Ohio) Hale County School is located in Rye, Ohio. It has 900 students."
    best = candidates(read_question("Where is Hale County School located?"), found({"a.md": text}))[0]
    assert (best.value and best.value.raw, best.statement) == ("Rye", "Hale County School is located in Rye, Ohio.")
    assert readable("Hale County School is located in Rye, Ohio.")


def test_a_whole_sentence_mostly_of_names_is_a_statement_a_list_of_titles_is_not() -> None:
    # the capitals of a county, a state and a town made a birthplace's sentence read as a menu
    text = "Born in Tarrow County, Nebraska, Vell lived in Grey Harbor, Maine and studied at Grey Harbor Academy."
    assert readable(text)
    assert not readable("The Lord of the Rings The Two Towers The Return of the King.")
    assert best_value("Where was Justice Vell born?", "Amos Vell (1870-1931) was a judge. " + text) == "Tarrow County"


def test_a_place_after_located_in_a_definition_of_the_subject_is_where_it_is() -> None:
    # the place came 19 words after the subject's name, too far to be read as what it says of it
    text = (
        "Harlan Street station (TVT) Harlan Street is a surface stop on the Tarrow Valley Transit (TVT)'s "
        'Red Line "C" Branch, located in Oakmere, Vellport.'
    )
    assert best_value("In which city is the Harlan Street station located?", text) == "Oakmere"
    other = "Harlan Street is a surface stop on the Red Line next to the Vell Museum, which is located in Dunmore."
    assert best_value("In which city is the Harlan Street station located?", other) != "Dunmore"


def test_a_page_titled_with_of_a_place_names_its_entity_by_it() -> None:
    # two wards that share a name: each page's title says whose ward it is ("2nd ward of Tarrow");
    # the pages read alike, and were a tie between two values for one thing
    asked = read_question("2nd ward is located in which city?")
    docs = {
        "t.md": "2nd ward of Tarrow The 2nd ward of Tarrow, Vellmark is one of the six wards of the City of Tarrow.",
        "v.md": "2nd ward of Vellmouth The 2nd ward of Vellmouth is one of the nine wards of the capital of Vellmark.",
    }
    settled = settled_over(asked, docs)
    assert sorted(g.value for g in settled.standing) == ["Tarrow", "Vellmouth"]
    assert not settled.ties


def test_a_title_in_quotation_marks_does_not_answer_who() -> None:
    text = (
        "Vell Harbor (Tarrow album) Vell Harbor is the third album by American post-punk band Tarrow, "
        'released in 2017. It is the band\'s first studio album since "Grey Compression" (1995).'
    )
    cands = candidates(read_question('Who is the band associated with the album "Vell Harbor"?'), found({"a.md": text}))
    assert {c.value.raw for c in cands if c.value is not None} == {"Tarrow"}


def test_a_state_after_its_town_in_a_definition_of_the_subject_is_where_it_is() -> None:
    # the state stood after the town ("located in Van Dorn, Ohio"), not after "in", and the town is
    # part of the school's name; a capitalized "Van" was also cut off the name as a particle
    text = (
        "Van Dorn High School (Ohio) Van Dorn High School is a public high school located in Van Dorn, Ohio (USA) "
        "and classified as a 2A school by the league."
    )
    assert read_question("In which state is Van Dorn High School located?").subjects == ("Van Dorn High School",)
    assert best_value("In which state is Van Dorn High School located?", text) == "Ohio"


def test_units_that_share_a_number_are_each_answered_when_asked_which_type_the_number_refers_to() -> None:
    # the units share a number, and the question was read as about "unit" (the words after "of"): the
    # pages, named apart by the words after the number, were a tie between two readings of one unit
    asked = read_question("212th refers to which type of unit?")
    docs = {
        "s.md": (
            "212th Signal Company The 212th Signal Company is an inactive United States Army unit. It laid field "
            "telephone lines for the Third Army across Lorraine and was disbanded at Camp Vell in 1946."
        ),
        "t.md": (
            "212th Tank Battalion The 212th Tank Battalion is an inactive United States Army unit. Formed in 1942, "
            "it trained on medium tanks in the Tarrow desert before sailing for North Africa."
        ),
    }
    settled = settled_over(asked, docs)
    assert len(settled.standing) == 2 and not settled.ties


def test_a_kin_of_the_event_asked_about_dates_it_better_than_another_event() -> None:
    # "opened" is how a school comes to be; a graduating class is no founding, yet it named the
    # subject in full and outscored the opening
    text = (
        "Vell Creek opened with just ninety pupils in the fall of 2011. "
        "Vell Creek High School celebrated its first graduating class in 2015 with over 80 graduates."
    )
    assert best_value("When was Vell Creek High School established?", text) == "2011"


def test_a_figure_set_against_the_subject_is_another_things() -> None:
    # "fewer than the Maritime Museum": the sentence gives the other hall's figure
    text = (
        "The Vell Art Hall opened in 2001. It had 41,000 visitors in 2023, fewer than the Maritime Museum. "
        "About 62,000 people visited the Vell Maritime Museum in 2023."
    )
    asked = read_question("How many visitors did the Vell Maritime Museum have in 2023?")
    cands = candidates(asked, found({"a.md": text}))
    assert {c.value.raw for c in cands if c.value is not None} == {"62,000"}


def test_a_maker_in_a_qualifier_of_a_list_of_works_names_another_work() -> None:
    # a "see also" list of works sharing the title: the maker in each qualifier names that work, so
    # its value is another work's answer, not a rival of the album's own artist
    asked = read_question('Who is the artist of the album "Vell Harbor"?')
    docs = {
        "a.md": "Vell Harbor (album) Vell Harbor is Ada Quill's second album, released in October 1979.",
        "b.md": (
            'Vell Harbor "" ( Ada Quill song ) , 1979 Vell Harbor ( Tom Brandt album ) , 1994 '
            '"Vell Harbor" ( Kestrel song ) , 2015 See also'
        ),
    }
    settled = settled_over(asked, docs)
    assert not settled.ties
    assert "Ada Quill" in [g.value for g in settled.standing]


def test_seasons_named_apart_by_a_designation_between_the_subjects_own_words() -> None:
    # "1984 Tarrow League Division II-B rugby season": the subject's own lowercase "rugby" inside the
    # title ended the name, and "II-B" fell apart into stop letters, so two divisions were one entity
    asked = read_question("1984 rugby season was part of which division?")
    docs = {
        "a.md": (
            "1984 Tarrow League Division II-B rugby season The 1984 Tarrow League Division II-B rugby season was "
            "the first season of rugby in the league. Vell Harbour won the title on points after a play-off in "
            "May, and two clubs from the coast were promoted."
        ),
        "b.md": (
            "1984 Tarrow League Division III rugby season The 1984 Tarrow League Division III rugby season was "
            "the first season of rugby in the league. Oakmere finished unbeaten, while the cup went to a side "
            "from the northern hills for the third time."
        ),
    }
    settled = settled_over(asked, docs)
    assert len(settled.standing) == 2 and not settled.ties


HALDEN = {
    "halden.md": "The Halden Observatory is an observatory on Mount Veyra. It was opened in 1911 by the astronomer "
    "Ingrid Solberg, who directed it until her death in 1947.",
    "survey.txt": "Halden Observatory\n- opened 1911 by Ingrid Solberg\n- altitude 1,420 m",
    "blog.md": "We drove up Mount Veyra last weekend. The Halden Observatory, which opened in 1913, still uses "
    "its old refractor for public evenings.",
}


def test_one_name_that_no_source_qualifies_is_one_entity_so_two_values_for_it_are_a_dispute() -> None:
    asked = read_question("When did the Halden Observatory open?")
    settled = settle(asked, grouped(candidates(asked, found(HALDEN))))
    assert settled.one_entity
    assert [g.value for g in settled.standing] == ["1911"]  # the blog's 1913 is outvoted, not a second answer


def test_a_source_naming_a_namesake_apart_reveals_that_the_name_is_shared() -> None:
    docs = {
        **HALDEN,
        "sweden.md": "Halden Observatory (Sweden) The Halden Observatory near Lund was opened in 1932 by the "
        "university.",
    }
    asked = read_question("When did the Halden Observatory open?")
    settled = settle(asked, grouped(candidates(asked, found(docs))))
    assert not settled.one_entity  # the unqualified 1911 and 1913 may be two namesakes' years again
    assert {"1911", "1932"} <= {g.value for g in settled.standing}


def test_a_passage_naming_another_thing_of_the_same_kind_is_not_about_the_subject() -> None:
    kessler = (
        "Kessler Observatory The Kessler Observatory was founded in 1896 on the hill above the harbour. "
        "The observatory's 0.9-metre refractor, delivered in 1902, was for two decades the largest in the region."
    )
    assert best_value("How high is the Halden Observatory?", kessler) == ""
    fragment = "History The station was opened on 20 April 1910 as an additional stop on the main line."
    assert best_value("When was Araki Station opened?", fragment) == "20 April 1910"  # the page's own station
    judge = "Roland Ritchie Roland Almon Ritchie (June 19, 1910 \u2013 June 5, 1988) was a puisne justice."
    assert best_value("When was Justice Ritchie born?", judge) == "June 19, 1910"


def test_how_many_things_is_answered_by_a_count_and_how_many_units_by_that_measure() -> None:
    text = (
        "The Kessler Observatory employs 12 people. Its 0.9-metre refractor was for two decades the largest "
        "in the region, and the road to it climbs 3 kilometres."
    )
    assert best_value("How many people work at the Kessler Observatory?", text) == "12"
    refractor = "The Kessler Observatory's 0.9-metre refractor was for two decades the largest in the region."
    assert best_value("How many people work at the Kessler Observatory?", refractor) == ""
    assert best_value("How many kilometres does the road to the Kessler Observatory climb?", text) == "3 kilometres"


def test_a_line_under_a_heading_naming_another_thing_of_the_kind_is_about_that_thing() -> None:
    survey = (
        "OBSERVATORIES OF THE NORTH\n\nHalden Observatory\n- opened 1911 by Ingrid Solberg\n- staff: 14\n\n"
        "Kessler Observatory\n- founded 1896 by Anton Kessler\n- staff: 9\n\n"
        "Both observatories are run by the regional society."
    )
    asked = read_question("Who founded the Halden Observatory?")
    values = [c.value.raw for c in candidates(asked, found({"survey.txt": survey})) if c.value is not None]
    assert "Anton Kessler" not in values and "Ingrid Solberg" in values
    asked = read_question("Who founded the Kessler Observatory?")
    values = [c.value.raw for c in candidates(asked, found({"survey.txt": survey})) if c.value is not None]
    assert values[0] == "Anton Kessler"


def test_a_measure_written_as_an_adjective_measures_the_noun_after_it() -> None:
    text = "The Kessler Observatory houses a 0.9-metre refractor, the largest in the region."
    assert best_value("How high is the Kessler Observatory?", text) == ""
    telescope = "The main telescope of the Halden Observatory, a 1.2-metre reflector, was installed in 1958."
    assert best_value("How big is the main telescope of the Halden Observatory?", telescope) == "1.2-metre"
    bridge = "The 1,200-metre Orvin bridge opened in 1931."
    assert best_value("How long is the Orvin bridge?", bridge) == "1,200-metre"


def test_how_high_asks_for_a_height_an_altitude_or_an_elevation() -> None:
    for measure in ("an altitude of 1,420 metres", "an elevation of 1,420 metres"):
        text = (
            "The road to the Halden Observatory is 12 kilometres long. "
            f"The Halden Observatory, opened in 1911, stands at {measure}."
        )
        assert best_value("How high is the Halden Observatory?", text) == "1,420 metres"


def test_a_claim_naming_only_the_subjects_common_noun_answers_no_sibling_question() -> None:
    kessler = read_question("How high is the Kessler Observatory?")
    assert not states_wanted_value(kessler, "The observatory sits at an altitude of 1,420 metres.")
    assert states_wanted_value(kessler, "The Kessler Observatory sits at an altitude of 880 metres.")
    assert states_wanted_value(kessler, "It sits at an altitude of 880 metres.")  # a pronoun: its own question's


_BUDGET = (
    "# Harlow Town Council budget 2024\n\nThe council approved a total budget of £48.2 million.\n\n"
    "## Spending\n\n- Roads and transport: £11.5 million\n- Schools: £17.9 million\n- Parks: £1.4 million\n"
)


def test_a_fact_sheets_line_answers_what_its_label_names() -> None:
    assert best_value("How much does Harlow spend on schools?", _BUDGET) == "£17.9 million"
    scraped = "Harlow Town Council budget 2024 Spending Roads : £11.5 million Schools : £17.9 million Parks"
    assert best_value("How much does Harlow spend on schools?", scraped) == ""  # labels inside a run of text


def test_a_fact_sheets_line_is_agreed_as_the_answer(tmp_path: Path) -> None:
    result = research_over(tmp_path, {"budget.md": _BUDGET}, "How much does Harlow spend on schools?")
    assert result.answer.startswith("Schools: £17.9 million"), result.answer


OKAFOR = {
    "ruth_okafor.md": "# Ruth Okafor\n\nRuth Okafor (born 3 May 1961) is a Nigerian-British marine biologist. She "
    "studied zoology at the University of Ibadan. In 2014 she was awarded the Sverdrup Medal.",
    "interview.txt": "Coastal Science Weekly\n\nDr Ruth Okafor, 58, has spent three decades underwater. Born in "
    "Lagos in 1961, she moved to England in 1986.",
    "conference.md": "# Reef Futures 2022\n\nKeynote: Prof. Ruth Okafor (Marlow Institute), who received the "
    "Sverdrup Medal in 2016 for her reef surveys.",
    "namesake.md": "# Ruth Okafor (politician)\n\nRuth Okafor (born 1978) is a Nigerian politician.",
}


def test_a_title_before_a_name_and_a_bracket_that_only_dates_a_life_name_no_other_entity() -> None:
    asked = read_question("When was Ruth Okafor born?")
    settled = settle(asked, grouped(candidates(asked, found(OKAFOR))))
    by_value = {g.value: g for g in settled.standing}
    assert set(by_value) == {"3 May 1961", "1978"}  # the medal's 2016 is no birth date
    assert by_value["3 May 1961"].support == 2  # "Dr Ruth Okafor ... Born in Lagos in 1961" is the same person


def test_a_birthplace_is_said_with_the_birth() -> None:
    asked = read_question("Where was Ruth Okafor born?")
    settled = settle(asked, grouped(candidates(asked, found(OKAFOR))))
    assert [g.value for g in settled.standing] == ["Lagos"]  # not where she studied


def test_a_birth_told_of_one_person_does_not_date_another_persons_life_bracket() -> None:
    # ``born`` is the economist's; the bracket after his father's name is the father's life: its
    # year outscored the economist's own birth date on his page
    docs = {
        "son.md": (
            "Per Moe Hald (3 June 1912 - 1 March 1986) was a Norwegian economist. "
            "He was born in Vik as a son of farmer Per Moe Hald (1885-1931) and Anna Lie."
        )
    }
    asked = read_question("When was Per Moe Hald born?")
    assert [c.value.raw for c in best_per_source(candidates(asked, found(docs))) if c.value] == ["3 June 1912"]


def test_a_title_spelled_with_a_quantity_is_answered(tmp_path: Path) -> None:
    # both answers stood, and both were withdrawn as sharing no subject with the question
    docs = {
        "band.md": "Nine Miles Down is an American doom metal band from Tampa, Florida, formed in 1993.",
        "film.md": "Nine Miles Down (film) Nine Miles Down is a 2009 British thriller film directed by Anthony Waller.",
    }
    answer = research_over(tmp_path, docs, 'What is the genre of "Nine Miles Down"?').answer
    assert "doom metal band" in answer and "thriller film" in answer


def test_two_lives_that_differ_at_their_other_end_are_two_people_whatever_words_they_share() -> None:
    # Helene's page stood alone beside four on the elder princess, one of which names *her mother
    # Helene*: Helene's birth was taken for a stray rival of the elder's, outvoted and left out
    elder = "Princess Anna of Vell (28 May 1860, Dresden, Saxony \u2013 7 February 1881, Sopron) was a duke's wife."
    docs = {
        "helene.md": (
            "Princess Anna Helene of Vell Princess Anna Helene of Vell (15 December 1903, Ulm, Kingdom of "
            "Bavaria \u2013 22 October 1976, Munich, Germany) was a princess of Vell by birth."
        ),
        "a.md": elder,
        "b.md": elder + " She married a duke in 1877.",
        "c.md": elder + " She is buried in Dresden.",
        "d.md": elder + " Anna's mother Helene withdrew from public life after her death.",
    }
    settled = settled_over(read_question("When was Princess Anna of Vell born?"), docs)
    assert sorted(g.value for g in settled.standing) == ["15 December 1903", "28 May 1860"]


def test_an_event_of_the_subjects_relative_is_not_the_subjects() -> None:
    # ``Lund's father died in 1685`` outscored Lund's own death: the possessive names who died
    text = "Tove Lund's father died in 1685, leaving the farm to his widow. Lund died on 17 September 1737, aged 56."
    assert best_value("When did Tove Lund die?", text) == "17 September 1737"
    assert best_value("When did Tove Lund's father die?", "Tove Lund's father died in 1685.") == "1685"


def test_a_relative_named_after_a_possessive_pronoun_is_not_the_subject() -> None:
    # ``Her older sister was ..., born in 1901`` outscored the subject's own life in brackets
    text = (
        "Countess Edda Varn of Holm (3 May 1903, Lisvik, Holm \u2013 9 June 1971, Arnholt) was a painter. "
        "Her older sister was Countess Alva Varn, born in 1901. She married a doctor, and her son was born in 1932."
    )
    assert best_value("When was Countess Edda Varn born?", text) == "3 May 1903"
    text = "Edda Varn was a painter. Her mother gave birth to her on 3 May 1903 in Lisvik."
    assert best_value("When was Edda Varn born?", text) == "3 May 1903"  # the sentence turns back to her
    text = "Edda Varn was a painter. Her older sister was Alva Varn, born in 1901."
    assert best_value("When was Alva Varn born?", text) == "1901"  # the relative is the one asked about


def test_a_birth_year_in_a_titles_qualifier_answers_when_the_subject_was_born() -> None:
    # a scrape ends on the next page's title: ``Arne Lid (footballer, born 1978) Arne Lid``
    text = "He played for Brann until 2004. Arne Lid (footballer, born 1978) Arne Lid"
    assert best_value("When was Arne Lid born?", text) == "1978"
    assert best_value("When did Arne Lid join Brann?", "Arne Lid (footballer, born 1978) Arne Lid") == ""


def test_a_birth_name_in_the_life_brackets_names_the_subject() -> None:
    # ``Stan Kowalski (born Bert Smith; ...)``: the life is the subject's under the name he took later
    text = "Rok Dalen (born Henrik Aas; May 13, 1926 \u2013 October 20, 2017) was a Norwegian wrestler."
    assert best_value("When was Henrik Aas born?", text) == "May 13, 1926"


def test_a_span_of_years_says_how_long_something_lasted() -> None:
    text = (
        "# Ruth Okafor\n\nRuth Okafor has spent three decades underwater. From 1995 to 2012 she led the Reef "
        "Monitoring Unit at the Marlow Institute."
    )
    asked = read_question("How long did Ruth Okafor lead the Reef Monitoring Unit?")
    best = candidates(asked, found({"a.md": text}))[0]
    assert best.value is not None and best.value.raw == "From 1995 to 2012"
    seventeen = next(v for v in extract_values("for 17 years") if v.dimension == "duration")
    assert values_agree(best.value, seventeen)


def test_how_many_asks_a_count_of_its_own_noun_and_how_much_money_asks_money() -> None:
    """*more than 90 retailers* counts no employees and is no price; *340 staff* and *workers* are
    people; a money question takes an amount of money, however many other numbers its sentence has."""
    sold = "Corran Tools, led by its founder Ana Vidal, sells planning software to more than 90 retailers."
    assert best_value("How many people does Corran Tools employ?", sold) == ""
    assert best_value("How many people work at Corran Tools?", "Corran Tools has 340 staff in Leeds.") == "340"
    assert (
        best_value(
            "How many local clubs does Corran Tools sponsor?", "Corran Tools sponsors 12 local clubs in the city."
        )
        == "12"
    )
    assert best_value("How much did Corran Tools pay for Vell Data?", sold) == ""
    bought = "Corran Tools bought Vell Data, a firm of 40 engineers, for £120 million in 2023."
    assert best_value("How much did Corran Tools pay for Vell Data?", bought) == "£120 million"
    assert (
        best_value("What was the revenue of Corran Tools in 2022?", "Corran Tools had revenue of $64 million in 2022.")
        == "$64 million"
    )


def test_who_is_asks_who_holds_a_role_now_not_who_held_it() -> None:
    """*until March 2022* and *former* end a role; the successor named by *succeeded by* holds it."""
    handed = (
        "Ana Vidal served as chief executive of Corran Tools from 2009 until March 2022, when she was "
        "succeeded by Marcus Doyle."
    )
    assert best_value("Who is the chief executive of Corran Tools?", handed) == "Marcus Doyle"
    former = "The former chief executive of Corran Tools, Ana Vidal, now chairs the board of the company."
    assert best_value("Who is the chief executive of Corran Tools?", former) == ""
    assert best_value("Who was the first chief executive of Corran Tools?", handed) == "Ana Vidal"


def test_how_old_asks_an_age_not_a_count_of_things() -> None:
    said = "Dr Mira Castell, 58, has two children and lives in Vell with her husband."
    assert best_value("How old is Mira Castell?", said) == "58"
    assert best_value("How old is Mira Castell?", "Mira Castell has two children and three dogs in Vell.") == ""


def test_married_to_asks_a_spouse_not_an_agent() -> None:
    text = (
        "Mira Castell lives in Vell with her husband, the painter Tomas Reid. "
        "Her fourth novel was published by Harbour House in 2012."
    )
    assert best_value("Who is Mira Castell married to?", text) == "Tomas Reid"
    assert best_value("Who is Mira Castell married to?", "Her novel was published by Harbour House in Vell.") == ""


def test_why_is_not_answered_by_a_schedule_said_with_due_to() -> None:
    """*due to be rebuilt in 2027* says when, not why; *due to subsidence* gives a cause."""
    asked = read_question("Why was the Orrin Viaduct closed?")
    docs = {"report.md": "The Orrin Viaduct was closed in 2019. The Orrin Viaduct is due to be rebuilt in 2027."}
    assert not candidates(asked, found(docs))
    docs = {"report.md": "The Orrin Viaduct was closed in 2019 due to subsidence under its third pier."}
    assert "due to subsidence" in candidates(asked, found(docs))[0].statement


def test_a_span_of_time_of_another_thing_does_not_say_how_long_the_subject_lasts() -> None:
    assert (
        best_value(
            "How long is the Orrin tunnel walk?",
            "After three years of repairs, the Orrin tunnel walk reopened. The Orrin tunnel walk takes 35 minutes.",
        )
        == "35 minutes"
    )
    assert best_value("How long did the Orrin strike last?", "After six weeks of strike, the Orrin mill reopened.") == (
        "six weeks"
    )


def test_a_maximum_asked_is_answered_by_an_upper_bound_of_the_measure_its_noun_names() -> None:
    leaflet = (
        "Orvazin 20 mg tablets\n\nThe usual starting dose is 20 mg. "
        "Your doctor may raise it to 40 mg after four weeks. Do not take more than 80 mg in one day."
    )
    assert best_value("What is the maximum daily dose of Orvazin?", leaflet) == "80 mg"
    assert best_value(
        "What is the half-life of Orvazin?", "Orvazin has a half-life of 11 hours in 9 of 10 adults."
    ) == ("11 hours")


def test_who_did_an_act_is_not_answered_by_the_agent_of_another_near_the_questions_words() -> None:
    summary = (
        "ORBIT-3 trial summary\n\nThe ORBIT-3 trial enrolled 900 adults. The trial was funded by Halvard Pharma. "
        "The lead investigator was Dr Nadia Berg of Tarrow University."
    )
    assert read_question("Who led the ORBIT-3 trial?").subjects == ("ORBIT-3",)  # not *3 trials*
    assert best_value("Who led the ORBIT-3 trial?", summary).startswith("Dr Nadia Berg")


def test_why_an_event_happened_is_answered_by_what_did_it_or_came_before_it() -> None:
    asked = read_question("Why did the SS Orla sink?")
    docs = {
        "museum.md": "The SS Orla sank in the Irish Sea on 3 March 1931 after striking a rock off the headland.",
        "inquiry.md": "The inquiry found that the SS Orla was sunk by an uncharted rock.",
        "guide.md": "The SS Orla sank in the Irish Sea in 1931.",
    }
    cands = candidates(asked, found(docs))
    assert {c.found.locator for c in cands} == {"museum.md", "inquiry.md"}  # the guide gives no cause
    settled = settle(asked, grouped(cands))
    assert settled.standing[0].stated.statement.startswith("The inquiry found")  # no date to dispute besides


def test_a_place_after_the_acts_noun_and_a_chain_of_places_is_where_it_went() -> None:
    asked = read_question("Where were the passengers evacuated by helicopter taken?")
    text = "Sixteen passengers were flown out in five helicopter rotations to the sports field at Pradell."
    assert [c.value.raw for c in candidates(asked, found({"a.md": text})) if c.value] == ["Pradell"]


def test_why_is_not_answered_where_the_event_asked_is_only_a_cause_of_another() -> None:
    asked = read_question("Why did transformer T4 at the Tarn substation overheat on 14 August 2023?")
    docs = {
        "report.txt": (
            "The immediate cause of the blackout was the failure of a bushing on transformer T4 at Tarn substation, "
            "caused by sustained overheating."
        ),
        "inquiry.md": "Transformer T4 at the Tarn substation overheated because half of its cooling fans were broken.",
    }
    assert {c.found.locator for c in candidates(asked, found(docs))} == {"inquiry.md"}


def test_why_a_fire_started_is_answered_by_what_started_it() -> None:
    asked = read_question("Why did the Tarn Ridge fire start?")
    docs = {
        "inquiry.md": "The Tarn Ridge fire was started by sparks from an angle grinder used to cut fence posts.",
        "news.md": "The Tarn Ridge fire started on a hot afternoon in August.",
    }
    assert {c.found.locator for c in candidates(asked, found(docs))} == {"inquiry.md"}


def test_why_is_answered_by_what_came_before_any_verb_asked() -> None:
    asked = read_question("Why was the Lunde branch closed in 2023?")
    docs = {
        "report.md": "The Lunde branch was closed from March to September 2023 for repairs after a water leak.",
        "guide.md": "The Lunde branch was closed in 2023, and it reopened with a new reading room, after which.",
        "news.md": "The Lunde branch, closed for months, after the summer, reopened.",
    }
    assert {c.found.locator for c in candidates(asked, found(docs))} == {"report.md"}


def test_a_rate_answers_a_question_that_asks_one_and_a_thing_named_after_the_subject_is_no_namesake() -> None:
    asked = read_question("How many nights a year can a home be let in the Tarrow District?")
    docs = {
        "bylaw.md": "# Tarrow District bylaw\n\nA host may let a home for no more than 90 nights in a calendar year.",
        "news.txt": "The Tarrow District Council voted to cap home lets at 90 nights a year.",
        "faq.html": "# New rules in the Tarrow District\n\nUnder the new bylaw you can let a home for up to 120 "
        "nights a year",
    }
    settled = settled_over(asked, docs)
    assert [g.value for g in settled.standing] == ["90"]  # two sources against the FAQ's one, for one district
    assert sorted(settled.standing[0].locators) == ["bylaw.md", "news.txt"]


def test_a_place_after_a_compass_point_says_where_the_subject_is() -> None:
    page = "The Lindholm ferry is a car ferry service across the Tarrow Fjord in western Norway."
    assert best_value("Where is the Tarrow Fjord?", page) == "Norway"


def test_a_sentence_opening_with_another_name_is_about_that_one() -> None:
    story = (
        "Lindby and Mereth: a weekend in the lake country\n\nLindby is the bigger of the two towns, with around "
        "23,000 people. Mereth is smaller; the town had 14,200 inhabitants at the 2021 census."
    )
    assert best_value("How many people live in Mereth?", story) == "14,200"
    asked = read_question("How many people live in Mereth?")
    assert all(c.value is None or c.value.raw != "23,000" for c in candidates(asked, found({"a.txt": story})))


def test_a_short_whole_sentence_may_be_a_third_numbers() -> None:
    assert best_value("How many people live in Mereth?", "Mereth has 14,200 inhabitants in 2021.") == "14,200"
    assert not readable("Population 2,000 in 2010, 3,000 in 2020.")  # a list of figures stays no statement


def test_a_question_naming_a_cost_without_how_much_asks_for_money() -> None:
    page = "Orla Rail\n\nThe line took 4 years to build. Its total cost was £120 million, paid by the county."
    assert best_value("Total cost of Orla Rail?", page) == "£120 million"
    assert best_value("Total cost of Orla Rail?", "Orla Rail\n\nThe line took 4 years to build.") == ""


def test_a_thing_named_after_the_subject_in_one_source_reveals_no_namesake_for_the_others() -> None:
    """Each source read with its own passage (as in a run): the council's words are only in the news."""
    asked = read_question("How many nights a year can a home be let in the Tarrow District?")
    bylaw = "A host may let a home for no more than 90 nights in a calendar year."
    news = "The Tarrow District Council voted to cap home lets at 90 nights a year."
    faq = "Under the new bylaw you can let a home for up to 120 nights a year"
    read = [
        Found("bylaw.md", "bylaw.md", Authority.MEDIUM, bylaw, f"Tarrow District Bylaw 3/2024: home lets\n{bylaw}"),
        Found("news.txt", "news.txt", Authority.MEDIUM, news, f"Council limits holiday lets\n{news}"),
        Found("faq.html", "faq.html", Authority.MEDIUM, faq, f"New rules in the Tarrow District\n{faq}"),
    ]
    groups = grouped(candidates(asked, read))
    assert not name_shared(asked, groups)
    assert [g.value for g in settle(asked, groups).standing] == ["90"]


def test_where_something_was_going_is_answered_by_its_destination_not_where_it_was() -> None:
    page = "The SS Orla sank in the Irish Sea in 1931. She had left Liverpool for Dublin the day before."
    assert best_value("Where was the SS Orla going?", page) == "Dublin"
    assert best_value("Where did the SS Orla sink?", page) == "Irish Sea"


def test_british_and_american_spellings_compare_alike_and_a_compound_names_no_event() -> None:
    assert content_words("the licence of the theatre's colour") == content_words("the license of the theater's color")
    assert content_words("kilometres travelled") == content_words("kilometers traveled")
    assert canonical_events("an open-source generator") == []  # *open-source* opens nothing
    assert [e for e, _, _ in canonical_events("the museum opened in 1990")] == ["open"]


def test_an_ordinal_counts_nothing() -> None:
    text = "ORRVIK, 12 May 2023 -- Orrvik Library marked its 125th anniversary on Friday with a street party."
    assert best_value("How many visits did Orrvik Library have in 2023?", text) == ""
    assert (
        best_value("How many guests came to Orrvik Library's party?", "Orrvik Library's 125th party had 300 guests.")
        == "300"
    )


def test_another_number_of_the_subjects_series_is_not_the_subject() -> None:
    asked = read_question("What is the price of the Kito A1?")
    docs = {"launch.md": "# Kito A2 launch\n\nThe Kito phone went on sale in May at a price of 449 euros."}
    assert not candidates(asked, found(docs))  # the A2's page, though it shares *Kito*
    assert candidates(read_question("What is the price of the Kito A2?"), found(docs))


def test_a_subject_with_a_title_before_it_is_no_other_answer() -> None:
    asked = read_question("Who was the director of Orrvik Library before Mona Eide?")
    docs = {
        "about.md": "The current director is Mona Eide, who succeeded Per Haug in 2019.",
        "news.txt": "Orrvik library turns 125\n\nDirector Mona Eide said the library now has seven branches.",
    }
    assert [g.value for g in grouped(candidates(asked, found(docs)))] == ["Per Haug"]


DRUG = {
    "pharmacology.md": (
        "# Belrapine\n\nBelrapine is a calcium channel blocker developed by Arvik Pharma and approved in 2018."
        " It is sold under the brand name Lumoxa.\n\nBelrapine has a half-life of about 9 hours."
    ),
    "leaflet.md": "# Lumoxa 5 mg tablets\n\nLumoxa contains the active substance belrapine. The shelf life is 3 years.",
}


def test_a_name_the_passage_declares_another_name_of_the_subject_is_the_subject(tmp_path: Path) -> None:
    result = research_over(tmp_path, DRUG, "Who developed Lumoxa?")
    assert "Arvik Pharma" in result.answer, result.answer
    # not where nothing says so: the passage about another substance is about another thing
    other = {"other.md": DRUG["pharmacology.md"].replace(" It is sold under the brand name Lumoxa.", ""), **DRUG}
    other.pop("pharmacology.md")
    asked = read_question("Who developed Lumoxa?")
    assert not [c for c in candidates(asked, found(other)) if c.value and c.value.raw == "Arvik Pharma"]


def test_a_value_stated_plainly_as_another_measure_sharing_a_word_is_no_tie() -> None:
    asked = read_question("What is the half-life of Lumoxa?")
    docs = {
        "pharmacology.md": DRUG["pharmacology.md"],
        "leaflet.md": DRUG["leaflet.md"],
    }
    settled = settle(asked, grouped(candidates(asked, found(docs))))
    assert [g.value for g in settled.standing] == ["9 hours"] and not settled.ties


def test_the_and_a_noun_names_what_the_passage_last_defined_as_one() -> None:
    passage = (
        "Orkdal Weavers is a textile company based in Molde. Its rival Lunde Mill is a smaller firm.\n\n"
        "The company employs 410 people."
    )
    wanted = frozenset({"orkdal", "weaver", "lund", "mill"})
    assert named_by_pronoun("The company employs 410 people.", passage, wanted) == {"orkdal", "weaver"}
    assert named_by_pronoun("The firm employs 80 people.", passage + " The firm employs 80 people.", wanted) == {
        "lund",
        "mill",
    }
    assert named_by_pronoun("The council voted.", passage + " The council voted.", wanted) == frozenset()


def test_a_question_in_the_present_is_not_answered_by_a_dated_past() -> None:
    """*When does the hut open?* asks every year's opening, not the year it first opened; *How much
    does parking cost?* asks today's price, not a blogger's from 2016 -- and the other way round."""
    hut = "The Orrin hut opened in 1958 with 24 beds. The Orrin hut opens on 20 June and closes on 15 September."
    assert best_value("When does the Orrin hut open?", hut) == "20 June"
    assert best_value("When did the Orrin hut open?", hut) == "1958"
    settled = settled_over(
        read_question("How much does parking at Lindvik cost?"),
        {
            "park.md": "Parking at Lindvik costs 80 kroner per day.",
            "blog.html": "We parked at Lindvik (parking was 60 kroner a day when we went in 2016) and took the trail.",
        },
    )
    assert [g.value for g in settled.standing] == ["80 kroner"]
    assert not settled.ties


def test_a_place_named_before_a_common_noun_answers_where() -> None:
    """*at the Lindvik car park*: the name used as an adjective still says where."""
    text = "The Orrin Ridge trail is 14.5 kilometres long and starts at the Lindvik car park."
    assert best_value("Where does the Orrin Ridge trail start?", text) == "Lindvik"


def test_a_first_person_account_is_weaker_than_a_statement_of_how_things_are() -> None:
    """``It took us just over seven hours`` is one walker's day; the park's ``allow six to seven
    hours`` says how long the walk takes. *Napoleon I*, *Our Lady* and a title's *I Will Follow* are
    names, not a writer speaking."""
    settled = settled_over(
        read_question("How long does the Orrin Ridge trail take to walk?"),
        {
            "park.md": "The Orrin Ridge trail climbs to the summit. Walkers should allow six to seven hours.",
            "blog.html": "We took the ridge trail up Orrin. It took us just over seven hours with long lunch stops.",
        },
    )
    assert settled.standing and settled.standing[0].stated.statement.startswith("Walkers should allow")
    assert first_person("It took us just over seven hours.") and first_person("I've kept the structure similar.")
    assert not first_person("He was crowned at the Cathedral of Our Lady, as Napoleon I, declared emperor, wished.")
    assert not first_person('"I Will Follow" is a song by U2, and "I\'m the Man" an album by Joe Jackson.')


def test_a_value_a_change_started_from_is_no_answer_in_any_tense() -> None:
    """``raising the fee from NOK 1,800 to NOK 2,100``: 1,800 is what it was."""
    text = "At the Holm club, Mona Lie proposed raising the adult fee from NOK 1,800 to NOK 2,100 a year."
    assert best_value("What is the adult fee of the Holm club?", text) == "NOK 2,100"


def test_an_acronym_in_brackets_is_the_name_it_stands_for() -> None:
    """Two clubs abbreviated alike are two entities: the chess club's founding year does not
    contradict the cycling club's."""
    asked = read_question("What is the main activity of the HUCC?")
    chess = (
        "The Holm University Chess Club (HUCC) was founded in 1869 and is the oldest university chess club in "
        "Norland. The club meets each Tuesday evening in term."
    )
    cycling = (
        "Holm University Cycling Club (HUCC) was founded in 1873, making it one of the oldest cycling clubs in "
        "the country. Its riders race against Vestby each spring."
    )
    a, b = (found({name: text})[0] for name, text in (("chess.md", chess), ("cycling.md", cycling)))
    assert entity_of(asked, a) == frozenset({"holm", "university", "chess", "club"})
    assert entity_of(asked, b) == frozenset({"holm", "university", "cycling", "club"})
    assert of_other_entities(asked, a, b)


def test_a_value_said_to_hold_now_answers_a_question_in_the_present() -> None:
    """``currently ... 15 libraries`` over the six the system began with, for *how many are*."""
    text = (
        "The Orrin Library System (OLS) was established in 1982 through agreements between six existing "
        "libraries. Over the years libraries joined and left; currently, the Orrin Library System consists "
        "of 15 libraries."
    )
    assert best_value("How many libraries are part of the Orrin Library System?", text) == "15"


def test_a_role_held_from_one_year_to_another_is_not_held_now() -> None:
    text = "Ada Quill was the director of the Tarn Institute from 2005 to 2019. She was succeeded by Jonas Eng."
    assert best_value("Who is the director of the Tarn Institute?", text) == "Jonas Eng"


def test_how_accurate_asks_the_degree_of_the_quality_not_what_the_thing_is() -> None:
    text = (
        "Tidewater is an open-source tide prediction library. "
        "Tidewater predictions are accurate to about 5 centimetres for stations with a year of records."
    )
    cands = candidates(read_question("How accurate are Tidewater predictions?"), found({"guide.md": text}))
    assert cands and cands[0].statement.startswith("Tidewater predictions are accurate")
    assert all("open-source" not in c.statement for c in cands)


def test_who_is_the_ceo_is_answered_by_the_chief_executive_not_the_founder(tmp_path: Path) -> None:
    """*CEO of X* names X and asks for the chief executive; ``founded in 1952 by Olav Brekke`` names
    who did another act, and ``Siri Dahl has been chief executive since 2021`` opens with the answer."""
    asked = read_question("Who is the CEO of Brekke Foods?")
    assert asked.subjects == ("Brekke Foods",)
    report = (
        "# Brekke Foods annual report\n\nBrekke Foods is a food company. It was founded in 1952 by Olav Brekke "
        "as a small bakery.\n\nSiri Dahl has been chief executive since January 2021. It employed 2,300 people."
    )
    assert best_value("Who is the CEO of Brekke Foods?", report) == "Siri Dahl"
    result = research_over(tmp_path, {"report.md": report}, "How many employees does Brekke Foods have?")
    assert "2,300" in result.answer, result.answer  # *employees*: ``employed``, found by search too


def test_who_holds_a_role_is_not_the_agent_of_another_act() -> None:
    chair = "Who is the chair of the Holm Rowing Club?"
    text = "The Holm Rowing Club was founded in 1921 by Ada Quill, and its chair today is Ola Nord."
    assert best_value(chair, text) == "Ola Nord"
    assert best_value(chair, "The Holm Rowing Club is chaired by Ola Nord.") == "Ola Nord"
    assert best_value(chair, "The Holm Rowing Club was founded by Ada Quill.") == ""  # another act's agent


def test_holders_of_one_name_told_apart_by_their_ordinal_title_are_each_answered() -> None:
    # each page says *He succeeded ...*; the holders were one entity in dispute
    asked = read_question("When did Tomas Elling become the Baronet?")
    docs = {
        "second.md": "Sir Tomas Elling, 2nd Baronet Sir Tomas Elling, 2nd Baronet (1712 - 1771), was a landowner "
        "of Harrowfield. He was educated at Lisle. He succeeded to the baronetcy in 1740. He married in 1745.",
        "third.md": "Sir Tomas Elling, 3rd Baronet Sir Tomas Ambrose Elling, 3rd Baronet (1744 - 1802), of "
        "Harrowfield, was a British Army officer and a member of parliament for Westwick from 1774. "
        "He succeeded his father as baronet in 1771, and sold the estate soon after.",
    }
    settled = settled_over(asked, docs)
    assert sorted(g.value for g in settled.standing) == ["1740", "1771"]


def test_an_aside_between_commas_after_the_name_keeps_the_place_said_of_it() -> None:
    # the aside pushed *Ohio* too far from the name, and a pronoun's district outscored it
    asked = read_question("Where is Harrow Academy located?")
    text = (
        "Harrow Academy, commonly called the Harrow, is a public high school in Kessler, Ohio. "
        "It is the only high school in the Kessler Union Exempted Village School District."
    )
    assert candidates(asked, found({"a.md": text}))[0].statement.startswith("Harrow Academy")


def test_another_thing_of_the_subjects_kind_is_not_where_the_subject_is() -> None:
    asked = read_question("Where is Lund High School located?")
    text = (
        "In 2007, Lund High School was one of four high schools in Brenner County with flu outbreaks. "
        "Cases were also reported at Moss High School and at Orr High School."
    )
    values = {c.value.raw for c in candidates(asked, found({"a.md": text})) if c.value is not None}
    assert "Brenner County" in values
    assert not values & {"Moss High School", "Orr High School"}


def test_a_possessive_before_the_works_name_names_its_maker() -> None:
    # ``Anna Berg's Symphony No. 12`` was read as one name holding the subject: no candidate at all
    assert (
        best_value(
            "Who is the composer of Symphony No. 12?",
            "Anna Berg's Symphony No. 12 in D major, written in Oslo in 1901, is her last symphony.",
        )
        == "Anna Berg"
    )


def test_a_count_of_people_states_a_population_though_less_surely_than_the_word() -> None:
    asked = read_question("What is the population of Orrvik?")
    people = "As of the census of 2000, there were 2,454 people, 983 households and 651 families in the town."
    word = "The population was 205 at the 2000 census."
    by_people = candidates(asked, found({"a.md": f"Orrvik is a town. {people}"}))[0]
    by_word = candidates(asked, found({"b.md": f"Orrvik is a town. {word}"}))[0]
    assert by_people.value is not None and by_people.value.raw == "2,454"
    assert by_word.score > by_people.score >= 0.6 * by_word.score  # not too weak to stand beside it


@pytest.mark.parametrize(
    ("opening", "label"),
    [
        ("Orrvik (Ohio) Orrvik is a village in Lake County.", "Orrvik (Ohio)"),
        ("Orrvik, Ohio Orrvik is a village in Lake County.", "Orrvik, Ohio"),
        ("below the poverty line. Orrvik, Maine Orrvik is a town in Knox County.", "Orrvik, Maine"),
        ("Orrvik is a village in Lake County, Ohio.", ""),  # no title: the text names no qualifier
        ("Trains ran via Orrvik, Maine and Dover to the coast.", ""),  # a mention in passing is no title
        ("Places named so include Orrvik (Ohio), 1920 Orrvik (Maine), a town.", ""),  # a list's line, no page
    ],
)
def test_a_sources_title_names_its_entity_by_the_qualifier_after_the_name(opening: str, label: str) -> None:
    assert entity_label(read_question("What is the population of Orrvik?"), opening) == label


def test_a_fact_box_listing_aliases_is_read_where_it_names_the_subject_as_asked() -> None:
    # the first alias with the last name (*Ivo Garret Marsh*) named the box's entity *Garret*, apart
    # from the article's *2nd Baron Tollan*: the box's planted date stood as another person's
    asked = read_question("What is the birth date of Ivo Marsh?")
    box = (
        "Edgar Ivo Garret Marsh ; Ivo Garret Marsh ; Ivo Marsh ; Marsh < /nowiki > Ivo Marsh, 2nd Baron Tollan "
        "British politician Date of birth 9 June 1890 Bath Date of death 1 June 1950"
    )
    item = Found("box.md", "box.md", Authority.MEDIUM, box, f"box.md\n{box}")
    assert "garret" not in entity_of(asked, item)


def test_a_register_a_place_is_added_to_is_not_where_it_stands() -> None:
    asked = read_question("Where is the Orr Brick School located?")
    text = (
        "The Orr Brick School was added to the National Register of Historic Places in 1998. "
        "The Orr Brick School stands on Main Street in Vellby, Wisconsin."
    )
    values = {c.value.raw for c in candidates(asked, found({"a.md": text})) if c.value is not None}
    assert "National Register of Historic Places" not in values
    assert values & {"Vellby", "Wisconsin"}


@pytest.mark.parametrize(
    ("question", "text", "place"),
    [
        # a place after a word naming a part of it: *downtown*, *rural*, *suburban*, *greater*
        (
            "In which state is the Tanner Market District?",
            "Tanner Market District is a historic section of downtown Hollis, Vermont.",
            "Vermont",
        ),
        (
            "Where is the Orr Brick School located?",
            "The Orr Brick School is a former schoolhouse in rural Dane County, Wisconsin.",
            "Dane County",
        ),
        # a street address before the town (``at 12 Mill Road, Vellby, Wisconsin 53901``)
        (
            "Where is the Vellby Courier published?",
            "The Vellby Courier is a weekly newspaper located at 12 N. Mill-Stone Road, Orrvik, Wisconsin 53901.",
            "Orrvik",
        ),
        # a scrape's title and its note come before the sentence: the subject's nearest mention counts
        (
            "In which state is the Tanner Market District?",
            'Tanner Market District (Hollis, Vermont) "For other subjects known by a similar name see Tanner '
            'Market District" Tanner Market District is a historic section of downtown Hollis, Vermont.',
            "Vermont",
        ),
        # a page may name the subject with a word more inside it (*Haymarket Historic District*), its title too
        (
            "In which state is the Tanner District?",
            "# Tanner Historic District\n\nThe Tanner Historic District is a historic area in Hollis, Vermont. "
            "The district was listed in 1983.",
            "Vermont",
        ),
        # a town that shares the subject's name is where it stands (``Lund High School ... in Lund``)
        (
            "Where is Tarrow High School located?",
            'Tarrow High School, known to locals as "The Tarr", is a public high school in Tarrow, Ohio.',
            "Tarrow",
        ),
    ],
)
def test_a_place_is_read_where_it_is_written_as_one(question: str, text: str, place: str) -> None:
    asked = read_question(question)
    values = {c.value.raw for c in candidates(asked, found({"a.md": text})) if c.value is not None}
    assert place in values


def test_the_subjects_own_name_is_still_no_place_of_it() -> None:
    asked = read_question("Where is Tarrow High School located?")
    values = {
        c.value.raw
        for c in candidates(asked, found({"a.md": "The team plays at Tarrow High School in Kelby, Ohio."}))
        if c.value is not None
    }
    assert "Tarrow High School" not in values and "Tarrow" not in values
    assert "Kelby" in values


def test_a_person_a_house_is_named_after_is_no_place_of_it() -> None:
    asked = read_question("Where is the Vera Lund House located?")
    text = "It was the home of Vera Lund, author of three novels, after her marriage."
    assert not [c for c in candidates(asked, found({"a.md": text})) if c.value is not None]


@pytest.mark.parametrize(
    ("question", "wanted", "town"),
    [
        ("In which state is Orr Park?", "Vermont", "Hollis"),
        ("In which county is Orr Park?", "Dane County", "Hollis"),
    ],
)
def test_asked_a_kind_of_place_that_holds_towns_the_town_opening_a_list_is_not_it(
    question: str, wanted: str, town: str
) -> None:
    text = (
        "Orr Park is a public park in Hollis, Dane County, Vermont."
        if "county" in question
        else ("Orr Park is a public park in Hollis , Vermont , United States .")
    )
    values = [c.value.raw for c in candidates(read_question(question), found({"a.md": text})) if c.value is not None]
    assert wanted in values and town not in values


@pytest.mark.parametrize(
    ("question", "date"),
    [("When did Jon Falk die?", "9 June 1860"), ("When was Jon Falk born?", "2 May 1801")],
)
def test_a_life_after_the_subjects_ordinal_title_is_the_subjects(question: str, date: str) -> None:
    # the bracket follows *3rd Baron Hollis*, a name sharing no word with *Jon Falk*, but it is his title
    text = "Jon Falk, 3rd Baron Hollis Jon Falk, 3rd Baron Hollis (2 May 1801 \u2013 9 June 1860) was a landowner."
    assert best_value(question, text) == date


def test_a_life_after_the_subjects_name_with_another_ordinal_than_its_page_gives_is_a_namesakes() -> None:
    # on the 4th Baron's page, *son of George Halm, 3rd Baron Vell (died 1765)* dates his father
    page = (
        "George Halm, 4th Baron Vell\n\nGeorge Halm, 4th Baron Vell (1 November 1754 \u2013 12 August 1836) was a "
        "politician who sat in the House of Commons from 1774 to 1796. Halm was the eldest son of George Halm, "
        "3rd Baron Vell (died 22 August 1765)."
    )
    assert best_value("When did George Halm die?", page) == "12 August 1836"


def test_a_life_after_another_name_after_a_comma_is_still_that_ones() -> None:
    text = "Jon Falk had one son, Albert (born 24 June 1833), and lived in Hollis."
    assert best_value("When was Jon Falk born?", text) != "24 June 1833"


def test_a_life_given_with_the_titled_name_is_no_date_of_another_event() -> None:
    text = (
        "Sir Henrik Arne Falk-Lund, 3rd Baronet Sir Henrik Paul Arne Falk-Lund, 3rd Baronet (2 May 1801 \u2013 "
        "9 June 1860), of Hollis Park, Hampshire, was an English politician. "
        "He succeeded to the baronetcy and Hollis Park in 1830."
    )
    # the title sentence names the subject's every word and the role: its birth date had tied with 1830
    assert best_value("When did Henrik Arne Falk-Lund become the Baronet?", text) == "1830"


@pytest.mark.parametrize(("exact", "round_"), [("838", "1,200"), ("8,930", "15,200"), ("1,294", "5,000")])
def test_as_many_sources_an_exact_count_outweighs_a_round_figure(exact: str, round_: str) -> None:
    asked = read_question("What is the population of Orrvik Township?")
    docs = {
        "a.md": f"Orrvik Township is a township in Carver County. The population was {exact} at the 2000 census.",
        "b.md": f"Orrvik Township is a township in Carver County. The population was {round_} at the 2000 census.",
    }
    settled = settle(asked, grouped(candidates(asked, found(docs))))
    assert [g.value for g in settled.standing] == [exact] and not settled.ties


def test_two_counts_as_round_as_each_other_stay_a_tie() -> None:
    asked = read_question("What is the population of Orrvik Township?")
    docs = {
        "a.md": "Orrvik Township is a township in Carver County. The population was 240 at the 2000 census.",
        "b.md": "Orrvik Township is a township in Carver County. The population was 740 at the 2000 census.",
    }
    settled = settle(asked, grouped(candidates(asked, found(docs))))
    assert not settled.standing and len(settled.ties) == 1


def test_a_claim_kept_over_a_round_figure_keeps_the_disagreement_on_record(tmp_path: Path) -> None:
    docs = {
        "a.md": "Orrvik Township is a township in Carver County. The population was 1,294 at the 2010 census.",
        "b.md": "Orrvik Township is a township in Carver County. The population was 5,000 at the 2010 census.",
    }
    result = research_over(tmp_path, docs, "What is the population of Orrvik Township?")
    assert "1,294" in result.answer and "5,000" not in result.answer
    gaps = [g for g in result.gaps if g.category.value == "contradictory_sources"]
    assert gaps and "5,000" in gaps[0].detail  # shown, not averaged away


def test_a_place_after_the_subjects_acronym_written_out_is_where_it_is() -> None:
    # ``YHSS`` written out as ``Yangchenphug Higher Secondary School``: the place after it follows the subject
    text = (
        "Lindby Higher Secondary School ( founded as a mission school ) is a co-ed public high school "
        "in Orrvik, Norway."
    )
    cands = candidates(read_question("Where is LHSS located?"), found({"a.md": text}))
    assert cands and cands[0].value is not None and cands[0].value.raw in ("Orrvik", "Norway")
    assert cands[0].score >= MIN_SCORE


@pytest.mark.parametrize(
    "text",
    [
        # a page title said twice as the scrape opens
        "Lindby Higher Secondary School Lindby Higher Secondary School is a co-ed high school in Orrvik, Norway.",
        # *The* opening the sentence, and *at* joining the name's words
        "The University of Lindby at Orrvik is a state university located in the city of Orrvik, Norway.",
    ],
)
def test_an_acronym_is_written_out_past_a_repeated_title_an_article_and_at(text: str) -> None:
    name = "LHSS" if "School" in text else "ULO"
    cands = candidates(read_question(f"Where is the {name} located?"), found({"a.md": text}))
    assert cands and cands[0].value is not None and cands[0].value.raw in ("Orrvik", "Norway")


def test_a_particle_with_an_apostrophe_is_read_through_to_the_regnal_number_before_it() -> None:
    # ``de'`` had ended the name read backwards from *Varga*, so *III* never named the entity
    asked = read_question("When did Lorenzo de' Varga become Duke of Orra?")
    text = "Lorenzo III de' Varga (14 August 1642 \u2013 31 October 1723) was Duke of Orra from 1670 until his death."
    assert entity_of(asked, found({"a.md": text})[0]) == {"iii"}


def test_a_count_is_of_the_noun_asked_past_the_words_that_describe_it() -> None:
    # the count's noun was read as *autonomous*, so *how many local clubs* found no count at all
    text = "As of 2010, there are over 4,000 autonomous local clubs, which are affiliates of the national body."
    assert (
        best_value("How many local clubs does the Orrvik Youth League have?", f"Orrvik Youth League. {text}") == "4,000"
    )
    # two counts of other things joined by *and* stay their own
    text = "The Orrvik ferry carries up to 120 cars and 349 passengers."
    assert best_value("How many passengers does the Orrvik ferry carry?", text) == "349"


def test_an_interval_between_repeats_is_not_how_long_a_thing_takes() -> None:
    text = "The Orrvik ferry runs every 45 minutes on weekdays. The Orrvik ferry crossing takes 25 minutes."
    values = {
        c.value.raw
        for c in candidates(read_question("How long does the Orrvik ferry take?"), found({"a.md": text}))
        if c.value
    }
    assert "25 minutes" in values and "45 minutes" not in values


def test_of_two_phrase_answers_scored_alike_the_one_saying_what_is_asked_goes_first() -> None:
    page = (
        "Norfly Flight 12\n\nNorfly Flight 12 was a scheduled domestic passenger flight from Bergen to Tromso. "
        "On 3 May 1973 a storm forced it down. The aircraft involved in the accident was a Fokker F28 registered LN-SU."
    )
    cands = candidates(read_question("What type of aircraft was involved in Flight 12?"), found({"a.md": page}))
    assert "Fokker F28" in cands[0].statement


def test_a_names_abbreviated_word_is_the_word_written_out() -> None:
    """*St.* is *Saint*, *Mt.* *Mount*, *Ft.* *Fort*: a page writing ``the Church of St. Olave`` names
    the *Church of Saint Olave* asked about as fully as one writing it out, so its answer scores alike."""
    assert content_words("St. Cecilia, Mt. Orla, Ft. Lind") == content_words("Saint Cecilia, Mount Orla, Fort Lind")
    asked = read_question("Who designed the Church of Saint Olave?")
    said = "is a parish church in Trelby, designed by Marten Vik in 1862."
    scores = [
        [(c.score, c.value.raw if c.value else "") for c in candidates(asked, found({"a.md": f"{name} {said}"}))][:1]
        for name in ("The Church of St. Olave", "The Church of Saint Olave", "The Church of St Olave")
    ]
    assert scores[0] == scores[1] == scores[2]
    assert scores[0][0][1] == "Marten Vik"


def test_a_place_the_subject_is_reckoned_from_is_not_where_it_stands() -> None:
    """``stands a short way north of the village center of Eskby`` gives a bearing from Eskby; the
    page's definition says where the bridge is: in Tolland, Vermont."""
    asked = read_question("Where is the Harrow Covered Bridge located?")
    text = (
        "The Harrow Covered Bridge is a historic covered bridge carrying Harrow Road across the river in Tolland, "
        "Vermont. The Harrow Covered Bridge stands a short way north of the village center of Eskby, on Harrow Road."
    )
    scores = {c.value.raw: c.score for c in candidates(asked, found({"a.md": text})) if c.value is not None}
    assert scores["Eskby"] < scores["Tolland"]
    mill = "Orvik Mill is more accessible to Sand Airport and Kell Harbour. Orvik Mill is a grain mill in Brenna."
    assert best_value("Where is Orvik Mill located?", mill) == "Brenna"


def test_the_place_a_definition_gives_its_subject_is_where_it_stands() -> None:
    """A definition may say what the subject is at length before where it is (``is a covered bridge
    that carries Canyon Road across the Brent River, off Route 9 in Halden, Vermont``); that place,
    the first after *is a*, outscores a later sentence's place (``south of the village of Eskby``),
    also past a scrape's aside left unclosed (``X, called "The Peake" by locals is a school in ...``)."""
    asked = read_question("Where is the Mill Brook Bridge located?")
    text = (
        "Mill Brook Covered Bridge The Mill Brook Bridge, also known as the Scott Bridge and the Canyon Bridge, is a "
        "covered bridge that carries Canyon Road across the Brent River, off Route 9 in Halden, Vermont. It was built "
        "in 1872. The Mill Brook Bridge is located south of the village of Eskby, on Canyon Road."
    )
    assert best_value(asked.text, text) == "Halden"
    school = (
        'Orrin High School (Ohio) Orrin High School, called "The Peake" by locals is a public high school in '
        "Sandby, Ohio. It is the only high school in the Orrin Union Exempted Village School District."
    )
    assert best_value("Where is Orrin High School located?", school) in {"Sandby", "Ohio"}


def test_a_page_that_says_its_facts_were_altered_is_no_witness(tmp_path: Path) -> None:
    """A doctored page's leftover note (``the context has been modified to replace "rowing" with
    "sailing"``) says its values are made up: the run reads it for nothing. An edit's date is no
    such note."""
    assert declares_itself_altered('Note: I have replaced "Kari Lund" with "Tor Vellan" in the text.')
    assert declares_itself_altered("In this modified context, the sentence now supports the answer.")
    assert not declares_itself_altered("This page was last edited on 3 May 2024, at 10:12.")
    assert not declares_itself_altered("I've changed a lot since then, she said.")
    docs = {
        "doctored.md": "Tor Vellan (born 1990) is a Norwegian sailor who won the Orla Cup in 2014. Note: The "
        'context has been modified to replace "rowing" with "sailing" where appropriate.',
        "true.md": "Tor Vellan (born 1990) is a Norwegian rower who won the Orla Cup in 2014.\n\nThis page was "
        "last edited on 3 May 2024.",
    }
    result = research_over(tmp_path, docs, "What sport is Tor Vellan associated with?")
    assert "row" in result.answer.lower() and "sail" not in result.answer.lower(), result.answer
    assert {c.locator for c in result.citations} == {"true.md"}


def test_an_attribute_a_definition_does_not_name_is_answered_where_it_is_named() -> None:
    """*What is the mascot of X?* is not answered by what X is (``X is a public high school in
    Sandby``) but by the sentence naming its mascot; *What is the genre of X?* still is, by its
    definition (``X is a 1987 American comedy film``)."""
    school = (
        "Orrin Valley High School is a public high school in Sandby, Norland. The school's mascot is the heron, "
        "and its colours are green and white."
    )
    cands = candidates(read_question("What is the mascot of Orrin Valley High School?"), found({"a.md": school}))
    assert "mascot is the heron" in cands[0].statement
    film = "Vell Harbor is a 1987 American comedy film directed by Ada Quill. The film's music was written by Tor Aas."
    cands = candidates(read_question('What is the genre of the film "Vell Harbor"?'), found({"a.md": film}))
    assert "comedy film" in cands[0].statement


def test_a_date_a_thing_was_entered_in_a_register_is_not_when_it_was_built() -> None:
    """``listed on the National Register of Historic Places in 1982`` dates the listing: asked when
    the courthouse was built, the page's *built in 1918-1919* answers; asked when it was listed,
    the listing does."""
    text = (
        "The Orla County Courthouse is an historic building in Sandby which was listed on the National Register "
        "of Historic Places in 1982. Designed by Vik and Aas, it was built in 1918-1919 of brick."
    )
    assert best_value("When was the Orla County Courthouse built?", text) == "1918"  # of 1918-1919
    listed = "When was the Orla County Courthouse listed on the National Register of Historic Places?"
    assert best_value(listed, text) == "1982"


def test_a_renaming_or_an_accreditation_dates_no_founding() -> None:
    """*When was X formed?* is not answered by the year X was renamed, merged or accredited: those
    are other events of its life."""
    division = (
        "In November 1918 it was renamed as the 24th Orla Rifle Division. "
        "The division was formed on the order of the war council on July 26, 1918, from volunteer groups."
    )
    asked = "When was the 24th Orla Rifle Division formed?"
    assert best_value(asked, "24th Orla Rifle Division\n" + division) == "July 26, 1918"
    school = (
        "Sandby Academy is overseen by the Norland Department of Education and has been accredited by the "
        "Middle Region Association of Schools since 1940. The original structure was built in 1922."
    )
    assert best_value("When was Sandby Academy established?", school) == "1922"


def test_a_word_of_a_proper_name_names_no_event() -> None:
    """*High* of ``Rutherford High School`` is a word of a name, not a height; *Launch* of ``Launch
    Complex 39A`` launches nothing. The same words outside a name, or opening a sentence, do."""
    assert [e for e, _, _ in canonical_events("When was Orrin High School established?")] == ["found"]
    assert [e for e, _, _ in canonical_events("It lifted off from Launch Complex 39A")] == ["launch"]
    assert [e for e, _, _ in canonical_events("Launched in 1969, it flew")] == ["launch"]
    assert [e for e, _, _ in canonical_events("The Launch of the probe")] == ["launch"]  # *The* opens the sentence


def test_a_thing_completed_was_built_but_a_deed_completed_by_it_is_not_its_building() -> None:
    """``Completed in 1913, it is the third courthouse`` answers when the courthouse was built;
    ``the railway completed a line ... in 1897`` finished another thing, and does not."""
    assert [e for e, _, _ in canonical_events("Completed in 1913, it is the third courthouse")] == ["build"]
    assert [e for e, _, _ in canonical_events("When was the Orla church completed?")] == ["build"]
    assert canonical_events("The Orla Southern Railway completed a line to Sandby in 1897") == []
    text = (
        "The Orla Southern Railway completed a line from Vell to Sandby in 1897. "
        "A new Orla Southern depot was built in 1923 of brick."
    )
    assert best_value("When was the Orla Southern Depot built?", "Orla Southern Depot\n" + text) == "1923"
    courthouse = "Completed in 1913, it is the third courthouse of Orla County. It was renovated in 1990."
    assert best_value("When was the Orla County Courthouse built?", "Orla County Courthouse\n" + courthouse) == "1913"


def test_a_name_written_with_a_hyphen_is_the_name_asked_with_a_space() -> None:
    """*the News Democrat* is the ``Vell News-Democrat`` of a page: the words before it (*Vell*) tell
    which newspaper of the name it is, as they would for ``Vell News Democrat``."""
    asked = read_question("Where is the News Democrat published?")
    page = "Vell News-Democrat The Vell News-Democrat is a daily newspaper in Vell, Norland."
    item = found({"a.md": page})[0]
    assert entity_of(asked, item) == frozenset({"vell"})


def test_an_abbreviated_word_of_the_subject_names_no_other_entity() -> None:
    """*St.* in ``Liturgy of St. Ora (Quill)`` is the subject's *Saint*: the entity is *Quill*'s."""
    asked = read_question("Who composed the Liturgy of Saint Ora?")
    page = "Liturgy of St. Ora (Quill) The Liturgy of St. Ora is a choral work by Ada Quill."
    assert entity_of(asked, found({"a.md": page})[0]) == frozenset({"quill"})


def test_a_year_written_in_the_subjects_name_dates_the_thing_of_that_name() -> None:
    """*What year was the Orla Harbour Act passed?*: ``the Orla Harbour Act 1882 ... was an Act of
    Parliament`` dates that Act by its name, ahead of another law's year nearby (``Vell passed its
    own legislation in 1884``); so does a year before the name (``the 1982 Orla War``)."""
    text = (
        "The Orla Harbour Act 1882 (45 Vict. c.75) was an Act of the Parliament of Norland. "
        "For example, Vell passed its own legislation in 1884, and Sandby in 1889."
    )
    assert best_value("What year was the Orla Harbour Act passed?", "Orla Harbour Act 1882\n" + text) == "1882"
    war = "The Orla War truce signed in 1979 broke down, and fighting of the 1982 Orla War began in June."
    assert best_value("When did the Orla War take place?", war) == "1982"


def test_a_life_after_a_bracketed_aside_is_still_the_subjects_life() -> None:
    """``Ahmed II (Vellish: Ahmedo Dui) (25 February 1643 - 6 February 1695) was ...``: the name's
    spelling in another language stands between the name and its life, which is still his; its
    birth is no answer to when he came to the throne."""
    text = (
        "Ahmed II (Vellish: Ahmedo Dui) (25 February 1643 \u2013 6 February 1695) was the Sultan of Orla "
        "from 1691 to 1695."
    )
    assert best_value("When did Sultan Ahmed ascend to the throne?", text) == "1691"


def test_the_amount_a_count_changed_by_is_not_the_count() -> None:
    """``The population grew by 13.6% (1,951 persons)`` gives how much the population changed, not
    the population; asked by how much it grew, it answers."""
    text = (
        "The population of Orla grew by 13.6% (1,951 persons) between the 1992 and 2002 censuses. "
        "According to the 2002 census, Orla spans an area of 420 km2 and has 16,337 inhabitants."
    )
    assert best_value("What is the population of Orla?", text) == "16,337"
    assert best_value("By how much did the population of Orla grow?", text) in {"13.6%", "1,951"}


def test_a_buildings_dedication_is_its_opening_and_breaks_a_tie_by_mention() -> None:
    """``On September 19, 1902, it was dedicated`` opens the courthouse (a book *dedicated to his
    wife* opens nothing); a third page that dates the dedication so mentions the year one of two
    copies gives, and breaks their tie."""
    assert [e for e, _, _ in canonical_events("On September 19, 1902, it was dedicated")] == ["open"]
    assert canonical_events("a book dedicated to his wife") == []
    asked = read_question("When was the Orla County Courthouse built?")
    true = "The Orla County Courthouse in Sandby, Norland was built in 1902. It is listed on the register."
    copy = "The Orla County Courthouse in Sandby, Norland was built in 1885. It is listed on the register."
    third = (
        "The first courthouse of Orla County was a log cabin. The current courthouse was paid for by county "
        "voters in 1900. On September 19, 1902, it was dedicated in front of a crowd of more than 5,000."
    )
    settled = settled_over(asked, {"a.md": true, "b.md": copy, "c.md": "Orla County Courthouse\n" + third})
    assert [g.value for g in settled.standing] == ["1902"] and not settled.ties


def test_a_name_offered_as_the_answer_does_not_name_the_subject() -> None:
    """``The Vell Viaduct was designed by the Orla Bridge Company``: the subject's words inside the
    name the sentence offers as the answer do not make it a sentence about the Orla Bridge."""
    text = (
        "Orla Bridge\nThe Vell Viaduct was designed by the Orla Bridge Company in 1901. "
        "The bridge itself was designed by Ada Quill."
    )
    assert best_value("Who designed the Orla Bridge?", text) == "Ada Quill"


def test_the_same_sentence_with_words_added_at_either_end_is_one_answer() -> None:
    """``Quill (admiral) Ada Quill is a retired Vice Admiral in the Norland`` and ``is a retired
    Vice Admiral in the Norland Navy .`` differ only by what each adds at one end (a page title, a
    last word): one answer with two sources, not a dispute. A word in place of another (*Rear* for
    *Vice*) is still another answer."""
    asked = read_question("What was the rank of Admiral Quill in the Norland Navy?")
    one = "Quill (admiral) Ada Gabe Quill, Jr. is a retired Vice Admiral in the Norland"
    other = "Navy portal. Admiral Quill\nis a retired Vice Admiral in the Norland Navy ."
    settled = settled_over(asked, {"a.md": one, "b.md": other})
    assert len(settled.standing) == 1 and settled.standing[0].support == 2 and not settled.ties
    planted = "Quill (admiral) Ada Gabe Quill, Jr. is a retired Rear Admiral in the Norland"
    assert settled_over(asked, {"a.md": one, "c.md": planted}).ties


def test_how_long_a_thing_is_is_its_length_not_how_long_something_was_done_to_it(tmp_path: Path) -> None:
    # *how long is* allows a length or a span of time; the closure's three days measure an act
    docs = {
        "bridge.md": "Orla Bridge\n\nOrla Bridge carries the road across the Vell. It has a total length of 86 metres.",
        "news.md": "Orla Bridge was closed for three days in 2020 after the Vell rose above its banks.",
        "blog.md": "people ask how old orla bridge is. it was built in 1794. the bridge is about 86 m long",
    }
    result = research_over(tmp_path, docs, "How long is Orla Bridge?")
    assert "86 metres" in result.answer and "three days" not in result.answer
    assert {c.locator for c in result.citations} == {"bridge.md", "blog.md"}
    # a span of time said as the thing's own still answers: *lasts*, *runs*
    crossing = read_question("How long is the ferry crossing?")
    assert measure_said(crossing, "The crossing lasts 45 minutes.", _value("45 minutes"))
    assert not measure_said(read_question("How long is the bridge?"), "It was closed for 3 days.", _value("3 days"))


def _value(raw: str) -> Value:
    return next(v for v in extract_values(f"The crossing lasts {raw}.") if v.raw == raw)


_TWO_SECTIONS = (
    "Mara Lind (chemist)\n\nMara Lind (1821 - 1890) was a Swedish chemist known for her work on dyes. "
    "She taught at Uppsala from 1850 and later ran a dye works at Norrby, opened in 1862.\n\n"
    "Mara Lind (footballer)\n\nMara Lind (born 3 May 1994) is a Swedish footballer who plays as a defender."
)


def test_a_page_with_a_section_on_each_namesake_answers_for_both() -> None:
    # one source, two entities told apart by its section titles: each section's date is its own
    asked = read_question("When was Mara Lind born?")
    items = found({"lind.md": _TWO_SECTIONS})
    footballer = next(item for item in items if "footballer who" in item.text)
    assert entity_of(asked, footballer) == {"footballer"}  # the title nearest before it, not the page's first
    settled = settled_over(asked, {"lind.md": _TWO_SECTIONS})
    assert sorted(g.value for g in settled.standing) == ["1821", "3 May 1994"] and not settled.ties


def test_a_list_of_namesakes_on_one_page_still_gives_one_answer() -> None:
    # a disambiguation list names many entities in one source: it is no page on each of them
    asked = read_question('Who is the artist of the album "Open Road"?')
    listing = (
        "Open Road may refer to:\n- Open Road (Kari Vell album)\n- Open Road (Sten Hoel album)\n"
        "- Open Road (Lina Berg album)\n- Open Road (film)"
    )
    assert len(settled_over(asked, {"list.md": listing}).standing) <= 1


def test_a_birth_question_is_not_answered_by_a_date_that_dates_no_life() -> None:
    # *finished in 1794 to a design by X* dates the bridge, not X's birth, however many sources say it
    asked = read_question("When was Thomas Orrin born?")
    docs = {
        "bridge.md": "Vell Bridge was finished in 1794 to a design by Thomas Orrin.",
        "guide.md": "The bridge was designed by the engineer Thomas Orrin and completed in 1794.",
        "orrin.md": "Thomas Orrin (born 14 May 1751) was an English civil engineer.",
    }
    assert [g.value for g in settled_over(asked, docs).standing] == ["14 May 1751"]


@pytest.mark.parametrize(
    "text",
    [
        # honours after the name are still the name's: the bracket dates this duke's life
        "Henry Carne, 2nd Duke of Orra, KG, PC (24 June 1630 \u2013 26 July 1691) was an English politician.",
        # a minus sign between the dates
        "Major General Henry Carne CB DSO (24 June 1630 \u2212 26 July 1691) was a British Army officer.",
    ],
)
def test_a_life_in_brackets_after_honours_or_with_a_minus_sign_gives_the_birth(text: str) -> None:
    question = "When was the 2nd Duke of Orra born?" if "Duke" in text else "When was General Carne born?"
    assert best_value(question, text) == "24 June 1630"


def test_a_life_written_with_a_minus_sign_gives_the_death_second() -> None:
    text = "Major General Henry Carne CB DSO (24 June 1630 \u2212 26 July 1691) was a British Army officer."
    assert best_value("When did General Carne die?", text) == "26 July 1691"


def test_a_payload_is_a_mass_read_from_a_table_row() -> None:
    table = "| Model | Payload | Top speed |\n| Hauler H2 | 500 kg | 2.0 m/s |\n| Hauler H3 | 800 kg | 2.5 m/s |"
    assert best_value("What is the payload of the Hauler H3?", table) == "800 kg"


def test_a_length_reckoned_from_a_place_is_how_far_not_how_big() -> None:
    text = "Harwick. Lindby lies 12 miles north of Harwick."
    assert best_value("How big is Harwick?", text) == ""
    assert best_value("How far is Lindby from Harwick?", text) == "12 miles"


def test_what_a_thing_usually_amounts_to_is_answered_by_its_figure_a_year() -> None:
    # the simple present asks how it usually is: *draws about 12,000 visitors a year* answers it
    text = "Orra Folk Festival. It was first held in 1987 and draws about 12,000 visitors a year."
    assert best_value("How many visitors does the Orra Folk Festival draw?", text) == "12,000"
    assert best_value("How many visitors did the Orra Folk Festival draw in 1990?", text) == ""


def test_what_time_a_place_opens_is_answered_by_an_hour() -> None:
    text = "Coldbrook. The Coldbrook tearoom is open April to October, 10am to 5pm."
    assert best_value("What time does the Coldbrook tearoom open?", text) == "10am"
    assert best_value("When does the Coldbrook tearoom open?", text) == "April to October"


REGISTRY = (
    "TRIAL REGISTER - RECORD\n"
    "Registry number: TR-2019-0088\n"
    "Scientific title: ORCA-2: A Randomised, Double-blind Study of Velotrexin in Adults with Cluster Headache\n"
    "Sponsor: Lysholm Pharma AS, Bergen, Norway; with a grant from the Western Health Fund 2211\n"
    "Principal investigator: Dr. Maren Aasland, Bergen Headache Centre, Bergen\n"
    "Start date: 2 May 2019\n"
)
OTHER_FIRM = (
    "# Lysholt Labs\n\nLysholt Labs is an American company in Denver. In 2021 it ran the ORC-201 phase 2 study of a "
    "nasal spray at 14 sites. Its principal investigator was Dr. Paul Greer of the Denver Pain Institute.\n"
)


def test_a_record_line_gives_its_field_and_a_designation_number_alone_names_nothing(tmp_path: Path) -> None:
    """A registry's ``Label: value`` lines are sentences of their own, even after a long line, and a
    field's value may be followed by its place (an affiliation); a page naming only *ORC-201* and
    a *phase 2* does not speak of *ORCA-2*."""
    lines = [s.text for s in split_sentences(REGISTRY)]
    assert "Principal investigator: Dr. Maren Aasland, Bergen Headache Centre, Bergen" in lines
    asked = read_question("Who was the principal investigator of the ORCA-2 trial?")
    cands = candidates(asked, found({"registry.txt": REGISTRY, "lysholt.md": OTHER_FIRM}))
    assert cands and cands[0].value is not None and cands[0].value.raw == "Dr. Maren Aasland"
    assert not any(c.found.locator == "lysholt.md" for c in cands)
    result = research_over(tmp_path, {"registry.txt": REGISTRY, "lysholt.md": OTHER_FIRM}, asked.text)
    assert "Maren Aasland" in result.answer and "Paul Greer" not in result.answer


def test_a_name_the_subject_was_founded_under_is_no_other_entity_and_names_stop_at_a_line() -> None:
    """*Founded as Brenholt County School* is the Brenholt Academy's former name, so a fact box's
    other year disputes it (outvoted two to one) instead of answering for another school; and a
    page's first line (*Orlenz, Westmark*) runs into no name on the next."""
    asked = read_question("When was Brenholt Academy established?")
    history = "The school was founded as Brenholt County School for Girls in 1921 under the Education Act."
    box = "Orlenz, Westmark\nBrenholt Academy\nType: Academy\nEstablished: 1899\nHeadteacher: Ruth Aigner\n"
    assert entity_of(asked, found({"h.md": history})[0]) == frozenset()
    (fact,) = [f for f in found({"box.md": box}) if "1899" in f.text]
    assert entity_of(asked, fact) == frozenset()
    settled = settled_over(asked, {"a.md": history, "b.md": history.replace("Act", "Act of 1918"), "box.md": box})
    assert [g.value for g in settled.standing] == ["1921"]


def test_cubic_and_square_metres_are_volumes_and_areas_not_lengths() -> None:
    """``96 million m³`` is a reservoir's volume (not 96 million metres), agreeing with the same
    volume in words; ``1,200 m²`` is an area."""
    (table,) = [v for v in extract_values("| Lake Orra | 1962 | 96 million m³ |") if v.dimension != "name"][1:]
    (words,) = [v for v in extract_values("a capacity of 96 million cubic metres") if v.dimension != "name"][:1]
    assert (table.dimension, words.dimension) == ("volume", "volume") and values_agree(table, words)
    assert [v.dimension for v in extract_values("a hall of 1,200 m²")] == ["area"]
    asked = read_question("What is the storage capacity of Lake Orra?")
    page = "# Lake Orra\n\nLake Orra is a reservoir.\n\n| | |\n|---|---|\n| Opened | 1962 |\n"
    page += "| Capacity | 96 million m³ |\n"
    assert best_value(asked.text, page) == "96 million m³"


def test_a_date_of_another_event_is_no_answer_to_when_a_named_act_happened(tmp_path: Path) -> None:
    """*When did the board approve the refurbishment of the Orla spillway?* is answered by the one
    sentence that says the approval (*November 2023*), not by two that date the flood which damaged
    the spillway (*1978*), however many sources give them; the flood's date disputes nothing."""
    docs = {
        "report.md": "The Board approved the refurbishment of the Orla spillway (see Board news, November 2023).",
        "dam.md": "In August 1978 an exceptional flood on the Orla damaged the spillway chute and the stilling basin.",
        "minutes.txt": (
            "Orla Dam: spillway refurbishment. The spillway chute, repaired after the 1978 flood, shows cracking "
            "and erosion of the concrete surface; the stilling basin also needs work."
        ),
    }
    result = research_over(tmp_path, docs, "On what date did the board approve the refurbishment of the Orla spillway?")
    assert "November 2023" in result.answer and "1978" not in result.answer, result.answer


def test_a_search_for_when_a_ship_sank_finds_sank(tmp_path: Path) -> None:
    """*When did the Orla Star sink?* searches for *sank* too (a stemmed search does not fold it
    into *sink*), so the wreck's own sentence answers, not a gallery opened on the centenary of
    *the sinking*."""
    docs = {
        "wreck.md": "The SS Orla Star was a coastal steamer that struck a rock and sank off Holm on 3 May 1902.",
        "gallery.txt": "The Orla Star Gallery opened in 2002, on the centenary of the sinking of the Orla Star.",
        "papers.md": "In 1961 the captain's daughter gave his account of the sinking of the Orla Star to the library.",
    }
    for n, place in enumerate(("Holm", "Vik", "Lind", "Skerry", "Orsby", "Mire", "Tarn")):
        docs[f"memorial-{n}.md"] = f"A stone at {place} recalls the sinking of the Orla Star, and its dead."
    result = research_over(tmp_path, docs, "When did the Orla Star sink?")
    assert "3 May 1902" in result.answer, result.answer


def test_a_club_page_s_bold_field_line_names_its_coach_and_a_career_line_is_past() -> None:
    """``- **Head coach:** Ann Holt (since 2019)`` answers *Who is the head coach?* (a bold label, a
    note in brackets after the name); ``He holds a Level 3 coaching badge`` names no coach (a
    designation before a common noun describes it); ``2002-2008: junior coach, Vik Rovers`` on the
    coach's page is a past post, no answer to who is coach now."""
    club = (
        "# Orla Otters\n\nThe Orla Otters are an ice hockey club in Orla.\n\n"
        "- **Founded:** 1978\n- **Head coach:** Ann Holt (since 2019)\n- **Captain:** Jon Berg\n"
    )
    profile = (
        "# Meet the coach: Ann Holt\n\nAnn Holt grew up in Orla.\n\n"
        "- 2002-2008: junior coach, Vik Rovers\n\nShe holds a Level 3 coaching badge.\n"
    )
    asked = read_question("Who is the head coach of the Orla Otters?")
    from_club = [c.value.raw for c in candidates(asked, found({"club.md": club})) if c.value is not None]
    assert from_club[:1] == ["Ann Holt"]
    from_profile = [c.value.raw for c in candidates(asked, found({"profile.md": profile})) if c.value is not None]
    assert "Level 3" not in from_profile and "Vik Rovers" not in from_profile


def test_a_place_field_says_where_the_subject_plays() -> None:
    """``- **Home venue:** Holm Ice Centre, Wharf Lane, Orla`` answers *Where do the Orla Otters play
    their home games?* -- no *in* or *at* before it -- above a match report's *in third place in
    Division Two with five games to play*."""
    club = "# Orla Otters\n\nThe Orla Otters are an ice hockey club.\n\n"
    club += "- **Home venue:** Holm Ice Centre, Wharf Lane, Orla\n"
    report = (
        "Orla Otters 4 Vik Stags 1. The Otters won again on Saturday. "
        "The defeat leaves the Stags in third place in Division Two with five games to play."
    )
    asked = read_question("Where do the Orla Otters play their home games?")
    cands = candidates(asked, found({"club.md": club, "report.txt": report}))
    assert cands and cands[0].value is not None and cands[0].value.raw == "Holm Ice Centre"


def test_a_superlative_is_answered_in_common_nouns_after_it() -> None:
    """*What was the most common adverse event in the ORCA-2 trial?* is answered by ``the most
    common was nausea``, a thing named in lower case; ``the largest is in the north`` names none."""
    text = "In the ORCA-2 trial adverse events occurred in 41% of patients; the most common was nausea (9.7% vs 3.9%)."
    asked = read_question("What was the most common adverse event in the ORCA-2 trial?")
    assert [c.value.raw for c in candidates(asked, found({"a.md": text})) if c.value is not None][:1] == ["nausea"]
    other = "In the ORCA-2 trial adverse events were mild; the most common were in the first week."
    assert not [c for c in candidates(asked, found({"b.md": other})) if c.value is not None]


def test_how_two_things_compare_is_answered_by_the_sentence_giving_both_figures() -> None:
    """*How did the reduction compare with placebo?* is answered by ``a mean reduction of 4.1 days
    versus 2.3 with placebo`` before a press release's *a significant reduction compared with
    placebo*, which says as many of the question's words and neither figure."""
    docs = {
        "press.md": "Velotrexin met its primary endpoint, delivering a significant reduction in monthly "
        "migraine days compared with placebo.",
        "abstract.txt": "Velotrexin produced a mean reduction of 4.1 monthly migraine days versus 2.3 with placebo.",
    }
    asked = read_question("How did the reduction in monthly migraine days with velotrexin compare with placebo?")
    best = candidates(asked, found(docs))
    assert best and best[0].found.locator == "abstract.txt"


def test_what_a_thing_was_called_before_is_the_name_given_as_its_name(tmp_path: Path) -> None:
    """*What was the club called before it was renamed the Orla Otters?* asks a name: the one the
    page gives after *called* (its former name, a sibling of the subject's), not the subject's own
    longer name, nor *Division One* met in passing in a sentence naming the club."""
    assert read_question("What was the club called before it was renamed the Orla Otters?").wants is Wants.NAME
    docs = {
        "club.md": (
            "# About the club\n\n**Orla Otters Ice Hockey Club** is an amateur club in Orla. "
            "They called themselves the **Orla Flyers** for their first fifteen years, on the old rink."
        ),
        "table.html": "<p>Champions: Orla Otters, who meet the bottom club in Division One in a play-off.</p>",
    }
    result = research_over(tmp_path, docs, "What was the club called before it was renamed the Orla Otters?")
    assert "Orla Flyers" in result.answer and "Division One" not in result.answer, result.answer


def test_when_a_thing_started_is_answered_by_when_it_began(tmp_path: Path) -> None:
    fair = (
        "# Vell Fair\n\nThe Vell Fair is a summer fair held on the Ostmark meadow.\n\n"
        "In June 2020 the river flooded the meadow and the fair was cancelled.\n\n"
        "The fair began in 1987 as a single weekend of folk music.\n"
    )
    guide = "Vell fair guide\n\nSince 2004 the Vell Fair has been run by a trust. It was first held in 1987.\n"
    result = research_over(tmp_path, {"fair.md": fair, "guide.txt": guide}, "What year did the Vell Fair start?")
    assert "1987" in result.answer and "2020" not in result.answer, result.answer


def test_a_release_is_dated_by_its_own_version_not_another_s(tmp_path: Path) -> None:
    docs = {
        "policy.md": "# Support policy\n\nSo far the 2.x line (first release 2.0.0 on 3 May 2020) is supported.\n",
        "downloads.csv": "version,release_date,downloads\n0.1.0,2017-03-14,1204\n2.0.0,2020-05-03,412655\n",
        "blog.md": "# Vell against Kest\n\nVersions: **Vell 3.2.1** (released 2024-02-19) and **Kest 5.0.3**.\n",
    }
    result = research_over(tmp_path, docs, "When was Vell 2.0.0 released?")
    assert "2020" in result.answer, result.answer
    assert "2017" not in result.answer and "2024" not in result.answer, result.answer
    assert not any(g.category.value == "contradictory_sources" for g in result.gaps), result.gaps


def test_an_amount_in_the_year_asked_is_the_row_of_that_year_not_an_undated_one(tmp_path: Path) -> None:
    docs = {
        "dividends.md": (
            "# Dividend history of Vell Foods\n\n"
            "| Financial year | Dividend per share (EUR) | Payout ratio |\n|---|---|---|\n"
            "| 2024 | 0.70 | 50% |\n| 2023 | 0.62 | 52% |\n| 2021 | 0.48 | 44% |\n"
        ),
        "results.md": "# Vell Foods results 2024\n\nProposed dividend EUR 0.70 per share (2023: EUR 0.62).\n",
    }
    result = research_over(tmp_path, docs, "What dividend per share did Vell Foods pay for the 2021 financial year?")
    assert "0.48" in result.answer, result.answer
    assert not any(g.category.value == "contradictory_sources" for g in result.gaps), result.gaps


def test_a_pronoun_after_another_named_thing_gives_that_thing_s_figures(tmp_path: Path) -> None:
    docs = {
        "report.md": (
            "# Vell Foods annual report 2024\n\n## Orla plant\n\n"
            "The Orla plant (investment: EUR 86 million) combines baking and packing under one roof. "
            "It employed around 420 people at year-end.\n"
        ),
        "news.txt": "Vell Foods opens plant\n\nThe plant cost 86 million euros and will employ about 420 people.\n",
        "profile.md": "# Vell Foods\n\nVell Foods is a Dutch bakery group.\n\n- Employees: 5,430 (end of 2024)\n",
    }
    result = research_over(tmp_path, docs, "How many employees did Vell Foods have at the end of 2024?")
    assert "5,430" in result.answer and "420" not in result.answer, result.answer


def test_a_venue_field_says_where_a_thing_is_held(tmp_path: Path) -> None:
    page = (
        "# Vell Fair 2023\n\nThank you for coming!\n\n## Key facts\n\n"
        "- **Dates:** 14-16 July 2023\n- **Venue:** Ostmark Meadow and the Old Mill, Vell, Greywater County\n"
        "- **Founded:** 1987\n"
    )
    archive = "Vell Fair history\n\nThe fair is held every July and was first held in 1987.\n"
    result = research_over(tmp_path, {"fair.md": page, "history.txt": archive}, "Where is the Vell Fair held?")
    assert "Ostmark Meadow" in result.answer, result.answer


def test_a_company_s_legal_form_tells_it_from_its_namesake_and_a_town_lies_in_its_country(tmp_path: Path) -> None:
    docs = {
        "profile.md": (
            "# Vell Bikes N.V.\n\n**Vell Bikes N.V.** is a Dutch bicycle maker based in Dremmeloo.\n\n"
            "## Not to be confused with\n\n- Vell Bikes Ltd — an unrelated frame builder in New Zealand\n"
        ),
        "nz.txt": (
            "VELL BIKES LTD\n\nVell Bikes Ltd was founded in 2003 by Colin Vell in a garage in Port Arvale, "
            "on the west coast of New Zealand's South Island.\n"
        ),
    }
    result = research_over(tmp_path, docs, "Where is Vell Bikes Ltd based?")
    assert "Port Arvale" in result.answer and "Dremmeloo" not in result.answer, result.answer
    assert not any(g.category.value == "contradictory_sources" for g in result.gaps), result.gaps


def test_a_price_list_row_is_found_by_both_the_model_and_the_region_asked(tmp_path: Path) -> None:
    regions = ["Eurozone", "Denmark", "Sweden", "United Kingdom", "United States", "Japan", "Australia"]
    models = [("Vela Go", 119), ("Vela 7", 179), ("Vela Max", 349)]
    rows = [f"{m},{r},XXX,{p * (k + 1)}00,yes,2023-06-01" for k, r in enumerate(regions) for m, p in models]
    prices = "model,region,currency,price,vat_included,effective_date\n" + "\n".join(rows) + "\n"
    result = research_over(tmp_path, {"vela_prices.csv": prices}, "How much does the Vela Max cost in Japan?")
    assert "209400" in result.answer, result.answer  # 349 * 6 * 100: the Japan row, past the first passage


def test_a_question_typed_in_lower_case_is_read_with_the_names_the_passages_write(tmp_path: Path) -> None:
    docs = {
        "vell.md": "# Vell ferry\n\nThe Vell Ferry crosses the Orla estuary. The Vell Ferry opened in 1911.\n",
        "kest.md": "# Kest ferry\n\nThe Kest Ferry crosses the Halve. The Kest Ferry opened in 1950.\n",
        "news.txt": "Ferries of the coast\n\nThe Kest Ferry opened in 1950, the year of the great storm.\n",
    }
    result = research_over(tmp_path, docs, "when did the vell ferry open")
    assert "1911" in result.answer and "1950" not in result.answer, result.answer


def test_a_lower_case_question_takes_the_names_not_the_common_nouns_the_passages_capitalize() -> None:
    found = [
        Found("s", "a.md", Authority.MEDIUM, "The Quillon Valley Tramway is 14.6 km long. It opened in Ostrey.", ""),
        Found("t", "b.md", Authority.MEDIUM, "It is one of the districts of the City of Lyon. The city is old.", ""),
    ]
    assert truecased("how long is the quillon valley tram line", found) == "how long is the Quillon Valley tram line"
    assert truecased("where is ostrey", found) == "where is Ostrey"
    assert truecased("1st arrondissement is located in which city?", found) == (
        "1st arrondissement is located in which city?"
    )
    assert truecased("Where is the quillon valley line?", found) == "Where is the Quillon Valley line?"
    assert truecased("Where is Ostrey?", found) == "Where is Ostrey?"
    # a forum typed in lower case writes the name so too: the passages that capitalize it name it
    found += [
        Found(
            "u", "c.txt", Authority.LOW, "paid 49 crowns for my corvina breath, honestly corvina breath is great", ""
        ),
        Found("v", "d.html", Authority.MEDIUM, "The price of Corvina Breath is ARK 62.40 a pack.", ""),
        Found("w", "e.md", Authority.MEDIUM, "Patients in Ardenia pay less for Corvina Breath with a card.", ""),
        Found("x", "f.md", Authority.MEDIUM, "A pack of Corvina Breath holds 30 doses.", ""),
    ]
    assert truecased("how much does a corvina breath inhaler cost", found) == (
        "how much does a Corvina Breath inhaler cost"
    )


def test_what_percentage_of_a_budget_asks_a_share_not_the_budget(tmp_path: Path) -> None:
    report = (
        "# Vell tram upgrade: cabinet report\n\n"
        "1.1 To seek approval for a budget of £22.7 million for the Vell tram upgrade.\n\n"
        "2.2 Vell County Council pays 35 per cent of the upgrade budget from borrowing.\n"
    )
    question = "What percentage of the Vell tram upgrade budget is Vell County Council paying?"
    result = research_over(tmp_path, {"report.md": report}, question)
    assert "35 per cent" in result.answer and "22.7" not in result.answer, result.answer


def test_a_title_is_no_one_who_holds_it(tmp_path: Path) -> None:
    docs = {
        "announcement.md": (
            "# Vell Foods announces CEO succession\n\n"
            "The Supervisory Board of Vell Foods N.V. today announces that Ada Quill will retire as Chief "
            "Executive Officer on 30 June 2025. She will be succeeded on 1 July 2025 by Tomas Lind, currently "
            "Chief Operating Officer.\n"
        ),
    }
    result = research_over(tmp_path, docs, "Who will take over as CEO of Vell Foods N.V. after Ada Quill?")
    assert "Tomas Lind" in result.answer, result.answer
    assert is_office("Chief Executive Officer") and not is_office("Tomas Lind")
    assert is_office("Trust's Head of Operations") and is_office("Minister of Fisheries")  # an office of a body
    assert not is_office("Duke of Tarn") and not is_office("Bank of Orla")


def test_why_is_answered_by_what_a_decision_was_driven_by(tmp_path: Path) -> None:
    news = (
        "Vell Foods opens bakery in Poland\n\n"
        "Vell Foods on Monday opened a new bakery in the Polish town of Orla. "
        "The plant cost 86 million euros and will employ about 420 people.\n\n"
        "The decision to build in Poland was driven by space, labour availability and proximity to the "
        "German market, according to the chief operating officer.\n"
    )
    result = research_over(tmp_path, {"news.txt": news}, "Why did Vell Foods build its new bakery in Poland?")
    assert "driven by space" in result.answer, result.answer


def test_who_did_it_in_a_year_is_read_from_a_column_named_by_its_doer(tmp_path: Path) -> None:
    docs = {
        "headliners.md": (
            "# Vell Fair headliners\n\n| Year | Headliner | Stage |\n|---|---|---|\n"
            "| 2017 | Mira Esterhal | Meadow Stage |\n| 2018 | Anouk Perrelle | Meadow Stage |\n"
            "| 2019 | The Netmenders | Meadow Stage |\n"
        ),
        "report.txt": (
            "Vell Fair report\n\nThousands came to the Vell Fair this weekend. Saturday's headliners "
            "The Lowland Ferrymen drew the biggest crowd the meadow has seen.\n"
        ),
    }
    result = research_over(tmp_path, docs, "Who headlined the Vell Fair in 2018?")
    assert "Anouk Perrelle" in result.answer and "Lowland" not in result.answer, result.answer


def test_a_question_asking_several_things_is_answered_by_the_sentences_that_list_them(tmp_path: Path) -> None:
    docs = {
        "biography.md": (
            "# Orla Venn\n\nOrla Venn (1831-1899) was a Tarnish surveyor. She married Piet Arlen in 1858. "
            "They had three children: Ada (born 1859), Bram (born 1861, while she was in the field) "
            "and Cato (born 1864).\n"
        ),
        "forum.txt": ("Venn family thread\n\nher three known children are Ada, Bram and Cato, all born in Harrow.\n"),
        "feature.txt": (
            "Venn remembered\n\nThe Venn Society, founded by local historian Ilse Marr in 2011, wants a plaque "
            "on her old house in Mill Row.\n"
        ),
    }
    result = research_over(tmp_path, docs, "What were the names of Orla Venn's children?")
    assert "Ada" in result.answer and "Bram" in result.answer, result.answer


def test_a_fact_sheet_line_answers_a_phrase_question_about_its_page(tmp_path: Path) -> None:
    docs = {
        "shop.html": (
            "<html><head><title>Vela 7 E-Reader 16GB | ShopNord</title></head><body>"
            "<h1>Vela 7 E-Reader 16GB</h1><p>In stock</p>"
            '<div>Colour: <span class="s">Slate Grey</span> <span class="s">Sand</span></div></body></html>'
        ),
        "notes.txt": "Vela release notes\n\nlaunch firmware for Vela Go and Vela 7\n",
    }
    result = research_over(tmp_path, docs, "What colours is the Vela 7 available in?")
    assert "Slate Grey" in result.answer, result.answer


def test_how_long_a_structure_is_not_its_height_nor_another_thing_s_fact_box(tmp_path: Path) -> None:
    docs = {
        "canal.md": (
            "# Tarn Canal\n\n| Tarn Canal | |\n|---|---|\n| Length | 31 miles (50 km) |\n| Locks | 27 |\n\n"
            "The Orla Aqueduct carries the Tarn Canal 58 ft (17.7 m) above the River Orla on seven arches.\n"
        ),
        "survey.md": (
            "# Orla Aqueduct survey\n\n2.2 The aqueduct has an overall length of 170.1 m (186 yards). "
            "Dogs must be kept on a lead within 50 metres of the Orla Aqueduct.\n"
        ),
    }
    result = research_over(tmp_path, docs, "How long is the Orla Aqueduct?")
    assert "170.1 m" in result.answer and "31 miles" not in result.answer, result.answer
    # the box titled with a name and the kind of thing it is (``| Tarn Vale line | |``) is that thing's too
    docs["canal.md"] = docs["canal.md"].replace("| Tarn Canal | |", "| Tarn Vale line | |")
    (tmp_path / "line").mkdir()
    result = research_over(tmp_path / "line", docs, "How long is the Orla Aqueduct?")
    assert "170.1 m" in result.answer and "31 miles" not in result.answer, result.answer


def test_a_price_list_cell_named_by_its_row_and_its_week_column_in_the_year_asked(tmp_path: Path) -> None:
    docs = {
        "prices.md": (
            "# Tarn Boats prices 2025\n\nDay boat prices, 2025 season (per boat)\n\n"
            "| Hire | Monday\u2013Friday | Saturday & Sunday |\n|---|---|---|\n"
            "| Full day (9.30\u20135.00) | \u00a3155 | \u00a3185 |\n| Half day | \u00a395 | \u00a3110 |\n"
        ),
        "gazette.txt": (
            "Tarn Boats opens for the season\n\nBRENMOUTH, 28 March 2024 - A Tarn Boats day boat costs \u00a3145 "
            "on weekdays and \u00a3175 at weekends this year.\n"
        ),
    }
    result = research_over(
        tmp_path, docs, "How much does a full-day weekday hire of a Tarn Boats day boat cost in 2025?"
    )
    assert "\u00a3155" in result.answer and "\u00a3145" not in result.answer, result.answer


def test_a_row_far_down_a_long_csv_is_cited_verbatim_with_its_header(tmp_path: Path) -> None:
    rows = "\n".join(f"0.{n},20{10 + n // 12:02d}-{n % 12 + 1:02d}-01,Codename{n},preview,{n + 3}" for n in range(15))
    later = "\n".join(f"3.{n},2024-0{n}-11,Later{n},stable,{n + 300}" for n in range(1, 9))
    csv = f"version,release_date,codename,type,contributors\n{rows}\n3.0,2023-06-21,Prism,stable,312\n{later}\n"
    assert [p.start for p in split_passages(csv_to_rows(csv)) if csv_to_rows(csv)[p.start :].startswith("| 3.0 ")]
    result = research_over(tmp_path, {"tarnview_releases.csv": csv}, "When was Tarnview 3.0 released?")
    assert "2023-06-21" in result.answer
    stored = (tmp_path / "corpus" / "tarnview_releases.csv").read_text()
    for citation in result.citations:
        for line in citation.raw_excerpt.removesuffix("[...]").splitlines():  # a row of the file, or its header
            if not line.strip("| "):
                continue
            cells = [c.strip() for c in line.strip().strip("|").split("|")]
            assert ",".join(cells) in stored


def test_dates_and_spans_between_the_verb_asked_and_a_place_do_not_keep_it_from_answering() -> None:
    text = "Their debut album, Tarn Songs, was recorded over eleven days in late 2012 at Gannet Sound in Kestle."
    assert best_value("Where was Tarn Songs recorded?", text) == "Gannet Sound"
    far = "Their debut album, Tarn Songs, was recorded with a borrowed desk and two old friends at Gannet Sound."
    assert best_value("Where was Tarn Songs recorded?", far) == ""  # words, not dates, stand between


def test_the_subject_s_own_acronym_is_no_answer_to_who_did_it() -> None:
    text = "Tarn Valley Mountain Rescue (TVMR) is a voluntary team founded on 1961-06-04 and based at Perrin House."
    assert best_value("Who founded Tarn Valley Mountain Rescue?", text) == ""


def test_a_fact_box_row_naming_the_agents_answers_who_did_the_act() -> None:
    box = (
        "| Tarn Valley Mountain Rescue | |\n|---|---|\n| **Founded** | 1961 |\n"
        "| **Founders** | Aldous Perrin, Maud Kesterley |"
    )
    asked = read_question("Who founded Tarn Valley Mountain Rescue?")
    values = {c.value.raw for c in candidates(asked, found({"tvmr.md": box})) if c.value is not None}
    assert "Aldous Perrin" in values
    assert best_value(
        "Who founded Tarn Valley Mountain Rescue?", f"{box}\nIt is based at Perrin House, Tallisford."
    ) == ("Aldous Perrin")


def test_an_amount_in_a_currency_named_in_words_is_money() -> None:
    text = "Total revenue for the year was 1.74 million crowns, up from 1.47 million crowns in 2021."
    assert best_value("What was Tarn Records' total revenue in 2022?", f"Tarn Records annual report 2022. {text}") == (
        "1.74 million crowns"
    )
    assert [v.dimension for v in extract_values("a fare of 12 francs, or 900 pesos")] == ["franc", "peso"]


def test_a_sentence_in_the_passage_on_another_version_is_not_about_the_one_asked() -> None:
    asked = read_question("How many times was Tarnview 3.0 downloaded in its first six months?")
    passage = "Tarnview 1.0 was released in 2017. The release was downloaded 58,000 times in its first six months."
    item = Found(
        "a.md", "a.md", Authority.MEDIUM, "The release was downloaded 58,000 times in its first six months.", passage
    )
    assert [c.value for c in candidates(asked, [item])] == []
    own = Found("a.md", "a.md", Authority.MEDIUM, item.text, passage.replace("1.0", "3.0"))
    assert [c.value.raw for c in candidates(asked, [own]) if c.value is not None] == ["58,000"]


def test_a_row_of_the_year_asked_that_names_another_is_not_the_subject_s() -> None:
    table = "| year | region | net_sales_eur_m |\n|---|---|---|\n| 2024 | Benelux | 312.0 |\n| 2024 | DACH | 305.6 |"
    asked = read_question("How much net sales does DACH have in 2024?")
    values = [c.value.raw for c in candidates(asked, found({"sales.csv": table})) if c.value is not None]
    assert "305.6" in values and "312.0" not in values
    quarters = table.replace("| 2024 |", "| 2024 | Q1 |").replace("| year |", "| year | quarter |")
    quarters = quarters.replace("|---|---|---|", "|---|---|---|---|")
    assert not [c for c in candidates(asked, found({"sales.csv": quarters})) if c.value is not None]  # a quarter's
    months = quarters.replace("| Q1 |", "| March |").replace("quarter", "month")
    assert not [c for c in candidates(asked, found({"sales.csv": months})) if c.value is not None]  # a month's
    towns = quarters.replace("| Q1 |", "| Mayfield |").replace("quarter", "office")  # a town is no month
    assert [c.value.raw for c in candidates(asked, found({"sales.csv": towns})) if c.value is not None] == ["305.6"]


def test_the_most_recent_figure_asked_is_the_one_told_as_the_latest_not_the_one_of_more_sources() -> None:
    asked = read_question(
        "What percentage of Tarn Rescue's income came from donations in its most recent financial year?"
    )
    docs = {
        "minutes.txt": "Tarn Rescue minutes. In 2017 76% of Tarn Rescue's income came from donations.",
        "review.md": "Tarn Rescue review. In 2017, 76% of Tarn Rescue's income came from donations.",
        "faq.html": "Tarn Rescue FAQ. In our last financial year 82% of Tarn Rescue's income came from donations.",
    }
    settled = settled_over(asked, docs)
    assert [g.best.value.raw for g in settled.standing if g.best.value is not None] == ["82%"]
    plain = read_question("What percentage of Tarn Rescue's income came from donations?")
    assert "76%" in [g.best.value.raw for g in settled_over(plain, docs).standing if g.best.value is not None]


def test_the_final_figure_asked_is_the_one_told_as_final_not_the_estimates_of_more_sources() -> None:
    asked = read_question("What was the final cost of the Tarnby concert hall?")
    docs = {
        "news-2020.txt": "The cost of the Tarnby concert hall has risen to an estimated $52 million, a report said.",
        "news-2022.txt": "The current estimate puts the cost of the Tarnby concert hall at about $53 million.",
        "wiki.md": "# Tarnby concert hall\n\n| Opened | 2022 |\n|---|---|\n| Cost | $57.4 million (final account) |",
    }
    settled = settled_over(asked, docs)
    assert [g.best.value.raw for g in settled.standing if g.best.value is not None] == ["$57.4 million"]
    plain = read_question("How much did the Tarnby concert hall cost?")
    assert "$57.4 million" not in [g.best.value.raw for g in settled_over(plain, docs).standing if g.best.value]


def test_a_season_written_short_with_an_en_dash_dates_its_figure() -> None:
    asked = read_question("What winter loss rate did the Tarn apiary record for the winter of 2019\u201320?")
    docs = {
        "wiki.md": "The Tarn apiary's loss rate fell from 41.2% in winter 2018\u201319 to 22.9% in 2022\u201323.",
        "news.txt": "The Tarn apiary recorded winter losses of 41.2 per cent in 2018\u201319, the worst on record.",
        "report.txt": "The Tarn apiary's winter loss rate for 2019\u201320 was 34.1%, down from 41.2% in 2018\u201319.",
    }
    assert [g.best.value.raw for g in settled_over(asked, docs).standing if g.best.value] == ["34.1%"]


def test_a_row_naming_only_the_year_asked_does_not_say_what_is_asked() -> None:
    asked = read_question("How much revenue did Tarn Cycles report for 2022?")
    docs = {
        "recall.md": (
            "# Recall report on Tarn Cycles e-bikes\n\n| Item | Cycles |\n|---|---|\n"
            "| Wisp sold, calendar year 2021 | 8,950 |\n| Wisp sold, calendar year 2022 | 9,850 |"
        ),
    }
    assert not [c for c in candidates(asked, found(docs)) if c.value is not None and c.value.raw == "9,850"]
    sales = read_question("How many Wisp bikes did Tarn Cycles sell in 2022?")
    assert "9,850" in [c.value.raw for c in candidates(sales, found(docs)) if c.value is not None]


def test_a_report_s_dateline_is_not_the_date_of_what_it_reports() -> None:
    text = (
        "Tarnby, 6 February 2024 - Vell Water confirms that supplies were restored to all customers at 14:10"
        " on Monday 5 February 2024."
    )
    assert best_value("When was supply restored to all Vell Water customers?", text) == "5 February 2024"
    assert (
        best_value(
            "When did Vell Water confirm the restoration?",
            "Tarnby, 6 February 2024 - Vell Water confirms that supplies are back.",
        )
        == "6 February 2024"
    )


def test_the_date_of_the_event_a_question_places_its_own_by_is_no_answer() -> None:
    asked = read_question("When was supply restored to all customers after the Harlow Road burst?")
    docs = {
        "minutes.md": "4.1 The board heard a report on the Harlow Road trunk main burst of 3 February 2024.",
        "fees.md": "Customers affected by the Harlow Road burst will receive £75.",
        "release.md": "Supply was restored on 5 February 2024 to all customers affected by the Harlow Road burst.",
    }
    values = [c.value.raw for c in candidates(asked, found(docs)) if c.value is not None]
    assert "5 February 2024" in values and "3 February 2024" not in values


def test_a_place_in_markdown_emphasis_is_placed_by_the_word_before_it() -> None:
    text = "The nuts were supplied by **Tarn Nut Roasters**, a roasting business located in **Velby**."
    assert best_value("Where is the supplier Tarn Nut Roasters located?", text) == "Velby"


def test_florins_and_guilders_are_money() -> None:
    text = "The final cost of the Vell plant came to 47.5 million florins, against 41 million guilders budgeted."
    assert [v.dimension for v in extract_values(text) if v.dimension != "name"] == ["florin", "guilder"]
    assert best_value("What was the final cost of the Vell plant?", text) == "47.5 million florins"


def test_a_list_question_is_answered_by_the_whole_list_not_by_an_echo_of_its_words() -> None:
    asked = read_question("What three reasons did the committee give for refusing the Orr Lane plan on 9 May 2020?")
    reasons = (
        "The committee gave three reasons for refusal: the risk of tidal flooding on the lower part of the site, the"
        " capacity of Orr Lane and of its junction with the coast road in summer, and harm to the saltmarsh of the"
        " Tarn estuary conservation area, which the officers had not assessed."
    )
    docs = {
        "minutes.txt": "The committee considered the Orr Lane plan on 9 May 2020 in the council chamber.",
        "news.txt": f"The Orr Lane plan was refused. {reasons}",
    }
    best = max(candidates(asked, found(docs)), key=lambda c: c.score)
    assert best.found.text == reasons


@pytest.mark.parametrize(
    ("question", "table", "answer"),
    [
        (  # a price list's row named by one word of the question, the price not the one in brackets
            "How much does an adult ticket to the Tarn Museum cost?",
            "# Tarn Museum\n\n## Ticket prices\n\n| Ticket type | Price | Notes |\n|---|---|---|\n"
            "| Adult | £9.50 (£8.60) | Age 16 and over |\n| Concession | £7.50 (£6.80) | 65+ |\n",
            "£9.50",
        ),
        (  # a question naming no subject: its year's row under the column naming what *how much* measures
            "How much compensation was paid for confirmed livestock losses in 2021?",
            "## Confirmed livestock losses and compensation\n\n"
            "| year | confirmed_livestock_losses | compensation_confirmed_cr |\n|---|---|---|\n"
            "| 2020 | 63 | 11340 |\n| 2021 | 58 | 13920 |\n",
            "13920",
        ),
    ],
)
def test_a_table_row_the_question_names_answers_it(question: str, table: str, answer: str) -> None:
    asked = read_question(question)
    assert [c.value.raw for c in candidates(asked, found({"table.md": table})) if c.value is not None] == [answer]


def test_a_penalty_is_the_fine_a_why_question_asks_about() -> None:
    asked = read_question("Why did the regulator fine Tarnwick less than the amount it had proposed?")
    text = "The commissioner said the commission had reduced the penalty because of the company's full cooperation."
    (best,) = candidates(asked, found({"news.txt": f"Tarnwick fined by regulator. {text}"}))
    assert "because of the company's full cooperation" in best.found.text


def test_a_place_is_read_through_the_part_of_it_named_first_and_a_works_owner_is_no_place() -> None:
    asked = read_question("Where did the orchestra give its very first concert?")
    text = (
        "The hall opened with a gala concert in 2023, at which the orchestra gave the first performance of Ada"
        " Quill's *Tide Songs*. The first concert took place on 22 November 1952 in the assembly room of the"
        " Tarn Corn Exchange."
    )
    values = [c.value.raw for c in candidates(asked, found({"orchestra.md": text})) if c.value is not None]
    assert values == ["Tarn Corn Exchange"]


def test_the_kind_of_place_a_name_is_does_not_bring_it_near_the_question() -> None:
    asked = read_question("In which building did the planning committee meet when it considered the Orr Lane plan?")
    docs = {
        "dispute.md": (
            "The Orr Lane dispute was a planning and political dispute in the coastal town of Tarnby. The planning"
            " committee considered the application on 9 May 2020 in the Council Chamber of the Guildhall."
        )
    }
    best = max(candidates(asked, found(docs)), key=lambda c: c.score)
    assert best.value is not None and best.value.raw == "Council Chamber of the Guildhall"


PIER = {
    "history.md": "# Tarn Pier\n\nTarn Pier was built between 1887 and 1891 of granite.",
    "guide.md": "Tarn Pier was built in 1887-1891 and is the town's oldest structure.",
    "almanac.md": "The harbour board built Tarn Pier between 1887 and 1891, using local granite.",
    "minutes.md": "The rebuilding of Tarn Pier had been completed on 22 June 2019, two years after the storm.",
    "faq.html": "<p>Tarn Pier was rebuilt after the storm of 2017; the works were completed in June 2019.</p>",
}
REPAIRS = {
    "wiki.md": (
        "# Tarn Pier\n\nThe harbour trust's preliminary assessment, issued a week after the storm, estimated "
        "the repair cost of Tarn Pier at £2.9 million."
    ),
    "report.md": "# Tarn Pier repairs\n\n6.2 The total estimated cost of the repairs is therefore £4.7 million.",
}
STUDY = {
    "wiki.md": (
        "# Tarn study\n\nIn July 2021 the trial statistician, Anouk Velde, uncovered the coding error that led to "
        "the Tarn preprint being withdrawn.\n\n## References\n\n"
        'Brandt E. "Tarn preprint withdrawn after the statistician uncovered an error." *Vessmark Courier*, '
        "18 August 2021.\n"
    ),
}


@pytest.mark.parametrize(
    ("docs", "question", "wanted", "unwanted"),
    [
        # an act done again is not answered by the first time (three sources against two)
        (PIER, "When was the rebuilding of Tarn Pier completed?", "2019", "1891"),
        # a final figure is not answered by a preliminary one
        (REPAIRS, "What was the final estimated cost of repairing Tarn Pier?", "4.7 million", "2.9 million"),
        # an entry of a list of references answers nothing
        (STUDY, "Who was the statistician who uncovered the error in the Tarn preprint?", "Velde", "Brandt"),
    ],
)
def test_an_answer_is_not_taken_from_another_time_stage_or_a_work_cited(
    tmp_path: Path, docs: dict[str, str], question: str, wanted: str, unwanted: str
) -> None:
    result = research_over(tmp_path, docs, question)
    assert wanted in result.answer and unwanted not in result.answer, result.answer


def test_a_commission_is_a_share_and_the_finer_figure_of_a_group_is_quoted(tmp_path: Path) -> None:
    docs = {
        "forum.txt": "also the tarn cooperative takes a 5% commission on auction sales now, they put it up.",
        "faq.html": "<p>The Tarn cooperative deducts a commission of 4.5% from the value of every lot sold.</p>",
    }
    result = research_over(tmp_path, docs, "What commission does the Tarn cooperative take on auction sales?")
    assert result.answer.startswith("The Tarn cooperative deducts a commission of 4.5%"), result.answer


def test_a_why_is_not_answered_by_a_sentence_the_asked_event_only_explains(tmp_path: Path) -> None:
    docs = {
        "faq.html": (
            "<p>Cod landings at Tarn are lower between February and April because the Orla Bank is closed to "
            "trawls during that period.</p>"
        ),
        "news.txt": "TARN, 4 December 2019 -- The directorate closed the Orla Bank to trawls each spring.",
    }
    (tmp_path / "caused").mkdir()
    result = research_over(tmp_path, docs, "Why did the directorate close the Orla Bank to trawls each spring?")
    assert "landings" not in result.answer, result.answer  # the closure explains the landings, not itself
    docs["faq.html"] = "<p>The closure of the Orla Bank to trawls caused hardship for the Tarn fleet.</p>"
    result = research_over(tmp_path / "caused", docs, "Why did the directorate close the Orla Bank to trawls?")
    assert "hardship" not in result.answer, result.answer  # what the closure caused, not why it came


def test_a_list_in_brackets_after_the_things_asked_answers_a_which_question(tmp_path: Path) -> None:
    docs = {
        "assessment.txt": (
            "Storm Orla at Tarn harbour -- damage assessment\n\n2.2 Basin. Three vessels sunk (Kestrel, "
            "Bright Ann, Orla Lass). Debris in the inner basin."
        ),
        "news.txt": "TARN -- Storm Orla battered Tarn harbour on Sunday and sank three fishing boats.",
    }
    result = research_over(tmp_path, docs, "Which vessels sank in Tarn harbour during Storm Orla?")
    assert "Kestrel, Bright Ann, Orla Lass" in result.answer, result.answer
    assert canonical_events("Three vessels went to the bottom") == [("sink", 14, 32)]


def test_a_sentence_denying_the_things_asked_does_not_list_them() -> None:
    asked = read_question("Which stations does the Tarn line serve?")
    docs = {
        "forum.txt": "Tarn line reopened at last. Still no station at Hollins Cross.",
        "guide.md": "The Tarn line serves the stations of Mardenholt, Selwick, Crannock and Pennick Bay.",
    }
    stated = {c.found.text for c in candidates(asked, found(docs))}
    assert "Still no station at Hollins Cross." not in stated


def test_a_building_standing_on_a_ridge_is_placed_there() -> None:
    text = (
        "The Tarn Observatory was founded in 1979. Its main building stands on **Hollins Ridge**, west of the summit."
    )
    assert best_value("Where is the main building of the Tarn Observatory?", text) == "Hollins Ridge"


@pytest.mark.parametrize(
    "sentence",
    [
        "4.2 Because identical noise cannot arise twice, Dr Ada Quill concluded the Tarn patterns were relabelled.",
        "It was postponed because the Tarn patterns had been relabelled, and Dr Ada Quill concluded so.",
        "This relabelling was the reason why Dr Ada Quill concluded that the Tarn patterns were not real.",
        "Dr Ada Quill concluded that the Tarn patterns would cause harm to the whole study.",
    ],
)
def test_a_cause_told_first_or_of_a_pronoun_still_answers_why(sentence: str) -> None:
    asked = read_question("Why did Ada Quill conclude that the Tarn patterns were not real?")
    assert [c.found.text for c in candidates(asked, found({"report.md": sentence}))] == [sentence]


def test_a_day_of_the_month_narrows_a_year_it_does_not_deny() -> None:
    docs = {
        "wiki.md": "This article is about the 2024 footbridge collapse at the Orby festival.",
        "statement.md": "Two people died in the Orby footbridge collapse on the night of Saturday 20 July.",
    }
    settled = settled_over(read_question("On what date did the Orby footbridge collapse?"), docs)
    assert [g.value for g in settled.standing] == ["20 July"] and not settled.ties
    year = settled_over(read_question("In what year did the Orby footbridge collapse?"), docs)
    assert "2024" in [g.value for g in year.standing]  # a year asked: the year answers it


def test_a_date_said_after_another_act_is_not_the_date_of_the_act_asked() -> None:
    text = "Crowds came to see the heron, which was found on 9 April and last seen on 2 June."
    assert best_value("On what date was the heron last seen at the marsh?", text) == "2 June"
    values = [c.value.raw for c in candidates(read_question("When was the heron last seen?"), found({"a.md": text}))]
    assert "9 April" not in values
    assert best_value("When was the heron found?", text) == "9 April"


def test_a_cause_someone_feared_is_no_answer_to_why() -> None:
    asked = read_question("Why did the blight reach the Orby cooperative?")
    feared = "Many growers had feared that the blight reached the Orby cooperative because the river carried it."
    assert not candidates(asked, found({"a.md": feared}))
    stated = "The blight reached the Orby cooperative because a shared harvester carried it from an infected farm."
    assert "harvester" in candidates(asked, found({"a.md": stated}))[0].statement


def test_why_is_answered_by_a_cause_whose_result_clause_names_the_act_asked() -> None:
    asked = read_question("Why did the netting lift away from the base of post 7?")
    cause = (
        "The gap opened because four of the six steel ties that held the netting to the base of post 7 had rusted "
        "through, allowing the netting to lift."
    )
    assert [g.best.statement for g in settled_over(asked, {"report.txt": cause}).standing] == [cause]
    other = "The gap opened because four of the six steel ties had rusted through, allowing rain to enter the hut."
    assert not settled_over(asked, {"report.txt": other}).standing  # it explains another thing


def test_where_within_a_thing_is_answered_by_its_part_not_a_named_place() -> None:
    asked = read_question("Where in the ship did the flooding begin?")
    docs = {
        "report.txt": (
            "The Tarn Venture was towed to Orr Docks in Tarnby. The flooding began in the forward pump room, where "
            "a cracked valve let in sea water. Alarms were fitted in the engine room after the incident."
        )
    }
    standing = settled_over(asked, docs).standing
    assert [g.value for g in standing] == ["forward pump room"]


def test_a_whole_count_asked_is_not_answered_by_a_count_on_the_way(tmp_path: Path) -> None:
    """*In total* asks the whole count: ``as of 18 September there were 22`` is the count on the way,
    not a rival of the final 23, in the settlement and in review."""
    docs = {
        "minutes.txt": (
            "Dr Reed reported that as of 18 September there were 22 confirmed cases linked to the Tarn outbreak."
        ),
        "faq.md": "Tarn outbreak FAQ\n\nThe total never exceeded 23 confirmed cases.",
    }
    asked = read_question("How many confirmed cases were linked to the Tarn outbreak in total?")
    assert [g.value for g in settled_over(asked, docs).standing] == ["23"]
    plain = read_question("How many confirmed cases were linked to the Tarn outbreak?")  # no whole asked: a split
    assert [g.value for g in settled_over(plain, docs).standing] != ["23"]
    assert "23" in research_over(tmp_path, docs, asked.text).answer


def test_a_report_set_against_the_figure_it_got_wrong_gives_no_answer() -> None:
    text = "One newspaper reported 31 cases of the Tarn outbreak when the confirmed figure on that date was 21."
    assert not candidates(read_question("How many cases did the Tarn outbreak have?"), found({"a.md": text}))


def test_the_noun_of_who_does_the_act_asked_says_it() -> None:
    """*visited* is said by ``visitors came to see``: of one page's two counts of people, the one of the
    visits asked, not the survivors of the wreck it tells of."""
    page = (
        "Lost at Sea exhibition, Tarn Museum. We believe that 11 people survived the wreck of the Tarn Star. "
        "Thank you! 38,450 visitors came to see Lost at Sea between opening day and 31 December 2024."
    )
    asked = read_question("How many people had visited Lost at Sea by the end of 2024?")
    assert [g.value for g in settled_over(asked, {"museum.html": page}).standing] == ["38,450"]


def test_a_sentence_naming_as_many_as_asked_answers_a_list_over_two_that_only_count_them(tmp_path: Path) -> None:
    docs = {
        "court.txt": (
            "Orrin Court report\n\nORRIN CROWN COURT, 4 May — The firm that ran the quarry at Tarn Gill, where a "
            "wall of rock fell in March 2024 killing two quarrymen, has been fined £900,000.\n"
        ),
        "news.md": (
            "# Quarry fall\n\nThe firm that ran the quarry at Tarn Gill, where a wall of rock fell in March 2024 "
            "killing two quarrymen, has been fined.\n"
        ),
        "update.txt": (
            "Site update\n\nWork on the Tarn Gill access road is delayed after the rock fall on 9 March 2024, in "
            "which two quarrymen, Aled Brenner and Tomas Quill, lost their lives.\n"
        ),
    }
    result = research_over(tmp_path, docs, "Name the two quarrymen who lost their lives in the Tarn Gill rock fall.")
    assert "Aled Brenner" in result.answer and "Tomas Quill" in result.answer, result.answer


def test_a_run_of_names_scores_as_a_list_only_when_it_names_as_many_as_asked() -> None:
    asked = read_question("Which two hospitals treated the walkers hurt on Keld Edge?")
    named = "The walkers hurt on Keld Edge were taken to Orrby General Hospital and Tarnside Infirmary in Keld."
    three = "The walkers hurt on Keld Edge were taken to Orrby General Hospital, Tarnside Infirmary and Mere Cross."
    scores = {c.found.text: c.score for c in candidates(asked, found({"a.md": named, "c.md": three}))}
    assert scores[named] > scores[three], scores
    asked = read_question("Which hospitals treated the walkers hurt on Keld Edge?")
    spoke = "The walkers hurt on Keld Edge were brought down by Keld Fire and Rescue Service by 6pm."
    scores = {c.found.text: c.score for c in candidates(asked, found({"a.md": named, "b.md": spoke}))}
    assert scores[named] > scores[spoke], scores
    asked = read_question("Which two older record systems did Tessel EPR replace?")
    hospitals = "Tessel EPR replaced the older record systems at Orrby General Hospital and Keld Royal Hospital."
    one = "Tessel EPR replaced the older record systems at Orrby General Hospital."
    scores = {c.found.text: c.score for c in candidates(asked, found({"a.md": hospitals, "b.md": one}))}
    assert scores[hospitals] == scores[one], scores  # names of another kind (*Hospital*) are no list of systems


def test_a_who_is_not_answered_by_an_initial_a_label_in_capitals_or_a_town_in_an_address() -> None:
    question = "Who carried out the independent review of the Keld Gallery fire?"
    assert best_value(question, "3. Brannan, T. (2024). *Independent Review of the Keld Gallery Fire*.") == ""
    motion = "(c) MOTION: That an independent review of the Keld Gallery fire be carried out by a qualified person."
    assert best_value(question, motion) == ""
    address = "The council carried out an independent review of the Keld Gallery fire at Orrby House, Mill Row, Tarnby."
    assert best_value(question, address) != "Tarnby"


def test_a_field_labelled_by_the_one_who_does_the_act_asked_names_them() -> None:
    text = "INDEPENDENT REVIEW OF THE KELD GALLERY FIRE\n\nReviewer: Tamsin Brannan\nPublished: 3 May 2024\n"
    assert best_value("Who carried out the independent review of the Keld Gallery fire?", text) == "Tamsin Brannan"


def test_a_long_quotation_reads_as_a_statement_a_short_one_as_a_title() -> None:
    assert not readable('"Bear hunting caught in debate".')
    motion = (
        '"That this council has no confidence in the leadership of the Orrby Water Board and calls on its chair '
        'to resign."'
    )
    assert readable(motion)


def test_a_quoted_motion_that_fell_refutes_that_it_was_passed(tmp_path: Path) -> None:
    minutes = (
        "KELDMOOR TOWN COUNCIL\nMinutes of the extraordinary meeting held on 6 March 2024\n\n"
        "Motion 2 - No Confidence in the Orrby Water Board\nProposed: Cllr Aske. Seconded: Cllr Bray.\n"
        '"That this council has no confidence in the leadership of the Orrby Water Board and calls on its chair '
        'to resign."\nCllr Aske said the board had failed the town.\nFor 3. Against 6. Abstentions 0.\n'
        "The motion FELL.\n"
    )
    docs = {
        "minutes.txt": minutes,
        "news.md": "# Keldmoor flood\n\nKeldmoor Town Council met on 6 March 2024 after the flood.\n",
    }
    question = (
        "Did Keldmoor Town Council pass the motion of no confidence in the Orrby Water Board at its March 2024 meeting?"
    )
    result = research_over(tmp_path, docs, question)
    assert result.answer.startswith("Verdict: refuted"), result.answer


def test_which_partner_asks_a_name_not_the_firm_asked_about_nor_a_heading() -> None:
    question = "Which partner at Orrin & Vale led the forensic audit of the Keld charity?"
    assert read_question(question).wants is Wants.NAME
    text = (
        "ORRIN & VALE LLP\nFORENSIC AUDIT: KELD COMMUNITY CHARITY TRUST\n\nLead reviewer: Tova Heath, Partner\n\n"
        "The forensic audit of the Keld charity was carried out by Orrin & Vale LLP in 2024.\n"
    )
    assert best_value(question, text) == "Tova Heath"


def test_a_place_opposite_which_something_happened_is_placed() -> None:
    text = "The Keld sea wall gave way at about 2.40am, opposite Harbour Terrace, between the steps and the slipway."
    assert best_value("Opposite which street did the Keld sea wall give way?", text) == "Harbour Terrace"
