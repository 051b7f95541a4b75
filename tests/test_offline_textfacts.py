"""The offline reasoner's text judgment: sentences, words, values, subject, support and conflict."""

from __future__ import annotations

import pytest

from agents.offline.textfacts import (
    agent_said,
    conflicts,
    content_words,
    covers,
    extract_values,
    find_conflict,
    is_negated,
    same_subject,
    split_sentences,
    subject_words,
    supports,
    values_agree,
)
from agents.offline.words import canonical_events, search_terms
from agents.sources.corpus import query_terms

LANDED = "Apollo 11 landed on the Moon on July 20, 1969."
SAMPLES = "The crew collected 21.5 kilograms (47.5 pounds) of lunar samples."


def _values(text: str, kind: str | None = None) -> list[str]:
    return [v.raw for v in extract_values(text) if kind is None or v.kind == kind]


def _one(text: str, kind: str):  # type: ignore[no-untyped-def]
    found = [v for v in extract_values(text) if v.kind == kind]
    assert len(found) == 1, found
    return found[0]


# ------------------------------------------------------------------------------------------ sentences


def test_sentences_are_exact_substrings_with_their_offsets() -> None:
    passage = (
        "# Apollo 11\n\n"
        "Dr. Smith met Edwin E. Aldrin in the U.S. on July 20, 1969. The crew collected 21.5 kilograms!\n"
        "Was it 8 days? Yes. They flew home e.g. by ship, via the U.S. The flag stayed.\n"
        "- A bullet point about the samples.\n"
        "Coming home:\nThe command module splashed down."
    )
    sentences = split_sentences(passage)
    assert [s.text for s in sentences] == [
        "Apollo 11",
        "Dr. Smith met Edwin E. Aldrin in the U.S. on July 20, 1969.",
        "The crew collected 21.5 kilograms!",
        "Was it 8 days?",
        "Yes.",
        "They flew home e.g. by ship, via the U.S.",
        "The flag stayed.",
        "A bullet point about the samples.",
        "Coming home:",
        "The command module splashed down.",
    ]
    for sentence in sentences:
        assert passage[sentence.start : sentence.end] == sentence.text


def test_wrapped_lines_stay_one_sentence() -> None:
    passage = "The lunar module Eagle landed in the Sea of\nTranquility on July 20, 1969. It stayed."
    assert [s.text for s in split_sentences(passage)] == [
        "The lunar module Eagle landed in the Sea of\nTranquility on July 20, 1969.",
        "It stayed.",
    ]


def test_a_name_wrapped_at_a_line_end_of_a_hard_wrapped_paragraph_stays_in_its_sentence() -> None:
    passage = (
        "The review is satisfied that the outbreak began in a single consignment\n"
        "of infected seed, lot KX-118, delivered to the valley by Orla Seed\n"
        "Traders of Tarnby. It was sold in March."
    )
    assert [s.text for s in split_sentences(passage)] == [passage[: passage.index(" It")], "It was sold in March."]
    scraped = f"A scraped paragraph that lost its final stop goes on {'and on ' * 6}past any hard-wrapped line\nThen"
    assert len(split_sentences(scraped)) == 2  # one long line of its own still ends where the next opens
    line = "A wrapped line of some ninety-five characters which has no final stop and which runs on here"
    after_a_cut = f"A short heading\n{line}\nThe text goes on after it."  # the line alone, not the heading too
    assert [s.text for s in split_sentences(after_a_cut)][1:] == [f"{line}\nThe text goes on after it."]


@pytest.mark.parametrize("joiner", ["&", "and"])
def test_a_line_ending_in_a_joiner_goes_on_into_the_next(joiner: str) -> None:
    passage = f"The regulator fined Tarn Power {joiner}\nLight 250,000 crowns. This was incorrect."
    first = split_sentences(passage)[0]
    assert first.text == f"The regulator fined Tarn Power {joiner}\nLight 250,000 crowns."


def test_a_rule_line_ends_a_sentence() -> None:
    passage = "the museum is shut on Mondays so plan ahead\n-----\nposted by ann | 2024-02-04\nbest year was 2019"
    assert [s.text for s in split_sentences(passage)][:1] == ["the museum is shut on Mondays so plan ahead"]


def test_a_scraped_paragraph_that_lost_its_final_stop_ends_at_its_line() -> None:
    first = (
        "The Harbour Trust is pleased to announce that the Vell ferry, the oldest working steam ferry in the "
        "county, has become a listed vessel of the Trust effective today"
    )
    passage = (
        f"{first}\nThe ferry was built by Anna Kessel in 1911.\nthe hull was replaced in 1960, and it sails daily."
    )
    assert [s.text for s in split_sentences(passage)] == [
        first,
        "The ferry was built by Anna Kessel in 1911.",
        "the hull was replaced in 1960, and it sails daily.",
    ]
    wrapped = "The lunar module Eagle landed in the Sea of Tranquility after a long and anxious descent on the\nMoon."
    assert len(split_sentences(wrapped)) == 1  # a line ending in *the* goes on


@pytest.mark.parametrize(
    ("passage", "expected"),
    [
        # a post written without capitals: a typical opener after a full stop starts a sentence
        (
            "the plaque says 1794 but he was wrong. the bridge is about 86 m long",
            ["the plaque says 1794 but he was wrong.", "the bridge is about 86 m long"],
        ),
        # not after an abbreviation, an acronym, an initial or a dotted name
        ("It is approx. the same size.", ["It is approx. the same size."]),
        ("See e.g. the county report.", ["See e.g. the county report."]),
        ("Visit example.com. the site lists them.", ["Visit example.com. the site lists them."]),
        # nor before a lower-case word that opens no sentence
        ("It rose 4 cm. below the mark it stayed.", ["It rose 4 cm. below the mark it stayed."]),
    ],
)
def test_a_sentence_written_without_its_capital_is_split_after_a_full_stop(passage: str, expected: list[str]) -> None:
    assert [s.text for s in split_sentences(passage)] == expected


# --------------------------------------------------------------------------------------------- words


def test_content_words_drop_stop_words_and_stem() -> None:
    assert content_words("The crews were landing on the Moon") == ["crew", "land", "moon"]
    assert content_words("It landed; it lands.") == ["land", "land"]
    assert content_words("walked, walking, walks") == ["walk", "walk", "walk"]


def test_an_office_is_one_word_with_its_holder() -> None:
    # *When did X become the Baronet?* is answered by ``He succeeded to the baronetcy in 1784``
    assert content_words("the baronetcy") == content_words("a baronet")
    assert content_words("presidencies") == content_words("the president")
    assert content_words("currency") != content_words("current")


def test_content_words_fold_event_phrases_and_synonyms() -> None:
    assert content_words("Eagle touched down on the lunar surface") == ["eagl", "land", "moon", "surfac"]
    assert "launch" in content_words("The rocket lifted off at dawn")
    assert "return" in content_words("Columbia splashed down in the Pacific")
    assert content_words("the fair began in 1987") == content_words("the fair started in 1987")


def test_a_search_for_a_beginning_tries_the_words_a_stemmed_search_does_not_fold() -> None:
    assert {"began", "first"} <= set(search_terms("When did the Vell Fair start?"))


def test_a_search_for_how_long_tries_the_units_a_span_is_said_in_even_for_a_long_question() -> None:
    assert "days" in search_terms("How long did the Orla ferry strike last?")
    long = "For roughly how long did water flow into the Tarn museum's basement store before the supply was cut?"
    assert {"days", "hours"} <= set(search_terms(long, limit=8))


def test_a_search_for_an_irregular_verb_tries_its_past_tense() -> None:
    # ``When did the Vell Star run aground?``: the passages say *ran aground*, which *run* does not stem to
    assert "ran" in search_terms("When did the Vell Star run aground on Tarn Ledge?")
    assert "sold" in search_terms("How many copies did the album sell?")


def test_a_search_for_why_tries_because_and_a_grounding_is_one_event() -> None:
    # ``3.1 The Vell Star grounded because the planned turn was not made``: the cause in a report's words
    terms = search_terms("Why did the Vell Star run aground?")
    assert {"because", "grounded"} <= set(terms)
    assert "because" in query_terms(" ".join(terms))  # a why question's word, no stop word of the index
    assert "ground" in set(content_words("the Vell Star ran aground")) & set(content_words("the Vell Star grounded"))


def test_a_search_for_a_mountain_s_height_tries_elevation_and_highest() -> None:
    # ``Tarn Pike (1,204 m) is the highest summit``: a stemmed search for *high* does not find *highest*
    assert {"elevation", "highest"} <= set(search_terms("How high is Tarn Pike?"))
    assert "deepest" in search_terms("How deep is Lake Orvin?")


# -------------------------------------------------------------------------------------------- values


@pytest.mark.parametrize("text", ["on July 20, 1969", "on 20 July 1969", "on 1969-07-20", "on Jul. 20 1969"])
def test_full_dates_normalize(text: str) -> None:
    value = _one(text, "date")
    assert (value.year, value.month, value.day) == (1969, 7, 20)
    assert value.norm == "1969-07-20"


def test_dates_in_different_formats_agree_and_differ() -> None:
    us, eu, iso = _one("July 20, 1969", "date"), _one("20 July 1969", "date"), _one("1969-07-20", "date")
    assert values_agree(us, eu) and values_agree(eu, iso)
    assert values_agree(us, _one("July 22, 1969", "date")) is False
    assert values_agree(us, _one("in 1968", "year")) is False
    assert values_agree(us, _one("in 1969", "year")) is True
    assert covers(_one("in 1969", "year"), us)  # a full date states the year
    assert not covers(us, _one("in 1969", "year"))  # a year does not state the day


def test_a_date_without_year_inherits_it_from_the_sentence() -> None:
    dates = [v for v in extract_values("It launched on July 16, 1969, and landed on July 20.") if v.kind == "date"]
    assert [d.norm for d in dates] == ["1969-07-16", "1969-07-20"]


def test_years_are_four_digit_numbers_in_range() -> None:
    assert _values("It flew in 1969 and again in 2004, but not in the 1960s or in 999.", "year") == ["1969", "2004"]
    assert _values("It weighs 1500 kilograms.", "year") == []


def test_each_year_of_a_pair_is_stated() -> None:
    years = [v.year for v in extract_values("The 1998/99 season and the 2019/2020 budget; the 1914-18 war.")]
    assert years == [1998, 1999, 2019, 2020, 1914, 1918]
    assert [v.year for v in extract_values("The 1999/00 season.")] == [1999, 2000]
    assert [v.year for v in extract_values("Ada Quill (1874-1949) was a mountaineer.") if v.year] == [1874, 1949]
    assert [v.year for v in extract_values("Call 1976/1975 today.")] == [1976]  # no later year: no pair


def test_a_decade_is_a_time_that_holds_each_of_its_years() -> None:
    decade = _one("The hall was built in the 1890s.", "decade")
    assert decade.raw == "1890s" and decade.dimension == "time"
    assert values_agree(decade, _one("in 1893", "year")) is True
    assert values_agree(decade, _one("in 1901", "year")) is False
    assert covers(decade, _one("in 1893", "year"))  # 1893 states the decade
    assert not covers(_one("in 1893", "year"), decade)  # the decade does not state the year


def test_a_year_with_its_era_is_a_time() -> None:
    bc = _one("He was consul in 112 BC with Marcus.", "year")
    assert (bc.raw, bc.year) == ("112 BC", -112)
    assert values_agree(bc, _one("elected in 112 B.C.", "year")) is True
    assert values_agree(bc, _one("consul in 148 BC", "year")) is False
    assert _one("The town burned in AD 79.", "year").year == 79


def test_quantities_with_units_convert_to_one_dimension() -> None:
    kilos, pounds = (v for v in extract_values(SAMPLES) if v.kind == "quantity")
    assert (kilos.raw, pounds.raw) == ("21.5 kilograms", "47.5 pounds")
    assert kilos.dimension == pounds.dimension == "mass"
    assert values_agree(kilos, pounds)
    assert values_agree(kilos, _one("12 kg", "quantity")) is False
    assert values_agree(kilos, _one("22 kg", "quantity"))  # agrees to the precision written
    assert values_agree(kilos, _one("21.7 kg", "quantity")) is False


def test_compound_durations_are_one_value() -> None:
    walk = _one("The moonwalk lasted 2 hours 31 minutes.", "quantity")
    assert walk.raw == "2 hours 31 minutes" and walk.amount == 151 * 60
    mission = _one("It lasted 8 days, 3 hours, 18 minutes.", "quantity")
    assert mission.raw == "8 days, 3 hours, 18 minutes"
    assert values_agree(mission, _one("It lasted 8 days, 3 hours, 18 minutes, and 35 seconds.", "quantity"))
    assert _one("It lasted 8 days.", "quantity").dimension == "duration"


def test_hedged_and_worded_numbers() -> None:
    half = _one("about two and a half hours", "quantity")
    assert half.approx and half.amount == 2.5 * 3600
    assert values_agree(half, _one("2 hours 31 minutes", "quantity"))
    assert values_agree(_one("about four hours", "quantity"), _one("2 hours 31 minutes", "quantity")) is False


def test_percentages_counts_offsets_and_clock_times() -> None:
    assert _one("Turnout rose 15% in a year.", "percent").amount == 15
    assert _one("Turnout rose 15 percent.", "percent").amount == 15
    count = _one("The three astronauts flew home.", "count")
    assert (count.amount, count.dimension) == (3, "count:crew")
    assert _one("Aldrin followed 19 minutes later.", "quantity").dimension == "offset"
    assert _one("Eagle landed at 20:17 UTC.", "time").dimension == "clock:UTC"


def test_names_are_capitalized_runs_not_sentence_openers() -> None:
    text = "The commander Neil Armstrong landed Apollo 11 in the Sea of Tranquility with Dr. J. R. Smith."
    assert _values(text, "name") == ["Neil Armstrong", "Apollo 11", "Sea of Tranquility", "Dr. J. R. Smith"]
    assert _values("Eagle landed first.", "name") == []  # one capitalized word opening a sentence
    assert _values("On July 20 the crew landed.", "name") == []


# ----------------------------------------------------------------------------------------- negation


def test_negation() -> None:
    assert is_negated("Armstrong was not the first.")
    assert is_negated("It never flew.")
    assert is_negated("It didn't fly.")
    assert is_negated("No crew flew it.")
    assert not is_negated("Armstrong was the first.")
    # a fact box's field value and the abbreviation of *number* negate nothing
    assert not is_negated("Platform levels 1 Parking No Other information Station code 071")
    assert not is_negated("Religion None Spouse Ada Quill")
    assert not is_negated("NRHP reference No. 70000438")
    assert is_negated("The answer was no.")
    # a refusal denies the act after it; a fall *to* a figure is none
    assert is_negated("The council refused to approve the plan.") and is_negated("It declined to extend the licence.")
    assert not is_negated("Sales declined to 5 million.") and not is_negated("Sales declined to two million.")
    # a table's cell that says there is none of a thing (``No auction`` under *Auction*) does negate
    assert is_negated("Saturday: hall opens 08:00; auction No auction; notes Retail market.")


# ---------------------------------------------------------------------------------------- subject


def test_same_subject_on_paraphrases() -> None:
    assert same_subject(LANDED, "The lunar module touched down on the Moon on 20 July 1969.")
    assert same_subject(SAMPLES, "The Apollo 11 crew brought back 12 kilograms of rock and soil from the Moon.")
    assert same_subject("The moonwalk lasted 2 hours 31 minutes.", "The moonwalk lasted about four hours.")


def test_same_subject_rejects_unrelated_sentences_and_other_designations() -> None:
    assert not same_subject(LANDED, "The Saturn V was assembled in a tall building near the pad.")
    assert not same_subject(
        "The moonwalk lasted 2 hours 31 minutes.", "The mission lasted 8 days, 3 hours, 18 minutes."
    )
    assert not same_subject(LANDED, "Apollo 12 landed on the Moon on November 19, 1969.")


def test_subject_words_leave_out_the_values() -> None:
    assert subject_words(LANDED) == subject_words("Apollo 11 landed on the Moon in 1968.")


def test_a_title_spelled_with_a_quantity_keeps_its_words() -> None:
    # *Six Feet* was read as a length and blanked: a claim about the band *Six Feet Under* shared
    # no subject with the question and was withdrawn as off topic
    assert {"six", "feet"} <= subject_words("Six Feet Under is an American death metal band.")
    assert "six" not in subject_words("Six people died in the flood of 1990.")


# --------------------------------------------------------------------------------------- supports


def test_supports_a_paraphrase_with_the_same_values() -> None:
    assert supports(LANDED, "On 20 July 1969 Apollo 11 touched down on the Moon.")
    assert supports(SAMPLES, "The crew returned 47.5 pounds of lunar material.")
    assert supports("The moonwalk lasted 2 hours 31 minutes.", "Their moonwalk lasted about two and a half hours.")


def test_supports_needs_every_value() -> None:
    assert not supports(LANDED, "Apollo 11 landed on the Moon in 1969.")  # the day is not stated
    assert not supports(LANDED, "Apollo 11 landed on the Moon on July 21, 1969.")
    assert not supports(LANDED, "Apollo 11 did not land on the Moon on July 20, 1969.")


def test_supports_checks_the_role_of_each_value() -> None:
    mixed = "Apollo 11 launched on July 16, 1969, and landed on July 20."
    assert supports("Apollo 11 launched on July 16, 1969.", mixed)
    assert not supports("Apollo 11 landed on July 16, 1969.", mixed)


def test_supports_without_values_needs_the_names() -> None:
    claim = "Neil Armstrong and Buzz Aldrin walked on the Moon."
    assert supports(claim, "Neil Armstrong and Buzz Aldrin walked on the Moon while Collins waited.")
    assert not supports(claim, "Michael Collins stayed in lunar orbit while the other two walked on the Moon.")


# -------------------------------------------------------------------------------------- conflicts


def test_conflict_on_the_landing_year() -> None:
    conflict = find_conflict(LANDED, "Apollo 11 landed on the Moon in 1968.")
    assert conflict is not None and conflict.kind == "value"
    assert conflict.claim_value is not None and conflict.claim_value.raw == "July 20, 1969"
    assert conflict.other_value is not None and conflict.other_value.raw == "1968"
    assert conflict.role == {"land"}
    assert conflicts("The lunar module Eagle landed on July 20, 1969.", "Eagle touched down on July 20, 1968.")


def test_no_conflict_between_launch_and_landing_dates() -> None:
    assert not conflicts(LANDED, "Apollo 11 launched from Florida on July 16, 1969.")
    assert not conflicts("Apollo 11 launched on July 16, 1969.", LANDED)
    assert not conflicts("Apollo 11 launched on July 16, 1969.", "Four days after launch, on July 20, 1969, it landed.")


def test_conflict_on_the_sample_mass() -> None:
    planted = "The Apollo 11 crew brought back 12 kilograms of rock and soil from the Moon."
    conflict = find_conflict(SAMPLES, planted)
    assert conflict is not None and conflict.other_value is not None and conflict.other_value.raw == "12 kilograms"
    assert conflicts("The crew returned 47.5 pounds of lunar material.", planted)
    assert not conflicts(SAMPLES, "The crew returned 47.5 pounds of lunar material.")


def test_conflict_on_dates_and_durations_of_the_same_event() -> None:
    splash = "The command module splashed down in the Pacific Ocean on July 24, 1969."
    assert conflicts(splash, "Columbia splashed down in the Pacific Ocean on July 22, 1969.")
    assert conflicts("The moonwalk lasted 2 hours 31 minutes.", "The moonwalk lasted about four hours.")
    assert not conflicts("The moonwalk lasted 2 hours 31 minutes.", "The moonwalk lasted about two and a half hours.")


def test_no_conflict_between_offsets_and_durations() -> None:
    assert not conflicts(
        "After less than three hours in Earth parking orbit, the spacecraft left for the Moon.",
        "Three days later the spacecraft fired its engine to enter orbit around the Moon.",
    )


def test_conflict_on_negation() -> None:
    conflict = find_conflict(
        "Armstrong was the first person to walk on the Moon.", "Armstrong was not the first person to walk on the Moon."
    )
    assert conflict is not None and conflict.kind == "negation"
    assert not conflicts("Armstrong walked on the Moon.", "The Saturn V did not fly again.")


def test_a_hyphenated_name_is_present_by_its_last_part() -> None:
    from agents.offline.textfacts import name_present

    text = "Night Shift is a drama miniseries created by Aiko Walley-Brandt."
    name = next(v for v in extract_values(text) if "Aiko" in v.raw)
    assert name_present(name, text)
    assert name_present(name, "Walley-Brandt's second series followed in 2019.")
    assert not name_present(name, "Aiko Tanaka wrote it.")


def test_a_house_number_before_a_street_is_no_year() -> None:
    values = extract_values("The courthouse at 1313 Belknap Street in Superior was built in 1912 on Main Street.")
    assert [v.raw for v in values if v.dimension == "time"] == ["1912"]


def test_a_verb_ending_in_y_has_one_stem_in_every_tense() -> None:
    assert content_words("study studies studied") == ["study", "study", "study"]
    assert content_words("he died") == content_words("he dies")


def test_a_hedged_count_agrees_within_its_tolerance() -> None:
    (about,) = extract_values("a town of about 14,000 people")
    (exact,) = extract_values("a town of 14,200 people")
    assert about.approx and values_agree(about, exact) is True
    (plain,) = extract_values("a town of 14,000 people")
    assert values_agree(plain, exact) is False


def test_a_bound_agrees_with_what_it_allows_without_stating_it() -> None:
    """*At least 12 dead*, an early report, does not contradict the final toll of 17 (nor state it);
    it does contradict 9. *Fewer than 20* likewise allows 17 and not 25."""
    (least,) = extract_values("At least 12 people were killed")
    (final,) = extract_values("killing 17 people")
    (low,) = extract_values("killing 9 people")
    assert least.bound == "min" and values_agree(least, final) is None and values_agree(final, least) is None
    assert values_agree(least, low) is False
    (fewer,) = extract_values("fewer than 20 people")
    (many,) = extract_values("killing 25 people")
    assert fewer.bound == "max" and values_agree(fewer, final) is None and values_agree(fewer, many) is False
    (about,) = extract_values("about 14,000 people")
    assert about.bound is None and about.approx
    (again,) = extract_values("at least 12 people died")
    assert values_agree(least, again) is True  # a bound states itself


def test_a_number_no_value_holds_must_be_said_for_support() -> None:
    """A port or a model number reads as no value, yet a sentence giving another one states
    something else."""
    assert not supports("The default HTTP port is 7401.", "Its HTTP interface listens on the default HTTP port 7400.")
    assert supports("The default HTTP port is 7401.", "The default HTTP port is 7401 since version 3.0.")


def test_a_name_run_stops_before_a_capitalized_the_and_inside_no_word() -> None:
    # a page's title runs into its first sentence: "Tarrow The 2nd" is no name, "2" of "2nd" no number of it
    assert _values("2nd ward of Tarrow The 2nd ward of Tarrow is one of six wards.", "name") == ["Tarrow", "Tarrow"]
    assert _values("Apollo 11 and Route 66A", "name") == ["Apollo 11", "Route 66A"]


def test_a_word_saying_how_exact_a_number_is_opens_no_name_with_it() -> None:
    # ``Roughly 180,000 households``: a count of households (about), not a name like *Apollo 11*
    assert _values("Roughly 180,000 households lost power.", "count") == ["180,000"]
    assert _values("Precisely 14 people were rescued.", "count") == ["14"]
    assert _values("Roughly 180,000 households lost power.", "name") == []


def test_a_stop_word_with_its_contraction_is_no_content_word() -> None:
    # "it's" counted as the word "it", shared with any sentence holding it (a typographic apostrophe too)
    assert content_words("It\u2019s their basic food, and there's more, I'm told") == ["basic", "food", "tell"]
    assert content_words("Joe Jackson's album") == ["joe", "jackson", "album"]


def test_an_editors_marker_in_a_wiki_sentence_is_no_word_of_it() -> None:
    # "[citation needed]" shared "need" with any statement that needs something
    assert subject_words("The idea is still largely accepted[citation needed] as of 2013[update] [12].") == {
        "idea",
        "largely",
        "accept",
    }


def test_two_different_agents_of_one_event_conflict_and_one_among_several_does_not() -> None:
    claim = "Ingrid Solberg founded the Kessler Observatory."
    passive = "The Kessler Observatory was founded in 1896 by the brewer and amateur astronomer Anton Kessler."
    conflict = find_conflict(claim, passive)
    assert conflict is not None and conflict.other_value is not None and conflict.other_value.raw == "Anton Kessler"
    assert find_conflict("Anton Kessler founded the Kessler Observatory.", passive) is None
    assert find_conflict(claim, "The Kessler Observatory was founded by Ingrid Solberg and Anton Kessler.") is None
    # another event's agent says nothing of who founded it
    assert find_conflict(claim, "The Kessler Observatory was restored in 1990 by Anton Kessler.") is None


@pytest.mark.parametrize(
    ("claim", "sentence", "conflict"),
    [
        ("Halvorsen Mills is headquartered in Molde.", "Halvorsen Mills is a firm headquartered in Skien.", True),
        ("Halvorsen Mills is headquartered in Molde.", "Halvorsen Mills, the Skien-based textile firm, grew.", True),
        ("Halvorsen Mills is headquartered in Molde.", "Halvorsen Mills, the Molde-based textile firm, grew.", False),
        ("Ada Lind was born in Lyon.", "Ada Lind was born in Nantes in 1901.", True),
        # a region may hold the town: both can be true
        ("Ada Lind was born in France.", "Ada Lind was born in Nantes in 1901.", False),
        ("Ada Lind was born in Lyon.", "Ada Lind was born in Lyon, France, in 1901.", False),
        # one may study or live in many places
        ("Ada Lind studied in Paris.", "Ada Lind studied in Oslo.", False),
        ("Ada Lind was born in Lyon.", "Ada Lind died in Nantes in 1960.", False),
    ],
)
def test_two_towns_of_a_one_place_relation_conflict(claim: str, sentence: str, conflict: bool) -> None:
    assert (find_conflict(claim, sentence) is not None) is conflict


def test_money_with_an_abbreviated_scale_is_money_not_metres() -> None:
    short, long = extract_values("a £48.2m budget"), extract_values("a budget of £48.2 million")
    assert [(v.raw, v.dimension, v.amount) for v in short] == [("£48.2m", "gbp", 48_200_000.0)]
    assert values_agree(short[0], long[0])
    assert [v.amount for v in extract_values("a $3bn deal and $20k in fees")] == [3e9, 20_000.0]
    assert [v.dimension for v in extract_values("a 5m wall")] == ["length"]


def test_a_value_is_compared_with_what_the_sentence_says_of_the_same_thing() -> None:
    sentence = "The tunnel walk takes 35 minutes and the shuttle bus leaves every 20 minutes from the car park."
    assert not supports("the tunnel walk takes 20 minutes", sentence)  # 20 minutes is the bus's interval
    conflict = find_conflict("the tunnel walk takes 20 minutes", sentence)
    assert conflict is not None and conflict.other_value is not None and conflict.other_value.raw == "35 minutes"
    assert supports("the tunnel walk takes 35 minutes", sentence)
    assert supports("the shuttle bus leaves every 20 minutes", sentence)
    # words before the values that tell neither apart leave both in play, as before
    assert supports("the hike takes 20 minutes", "The hike up takes 35 minutes, the hike down takes 20 minutes.")


def test_no_name_starts_inside_a_word_and_pressure_and_doses_are_measures() -> None:
    values = extract_values("Systolic pressure fell by 14 mmHg; the dose is 20 mg or 5 ml.")
    assert [(v.raw, v.dimension) for v in values] == [("14 mmHg", "pressure"), ("20 mg", "mass"), ("5 ml", "volume")]


def test_a_denied_comparison_is_the_opposite_bound() -> None:
    bounds = [
        (v.raw, v.bound)
        for v in extract_values("Do not take more than 80 mg. No fewer than 3 days. More than 12 people. Up to 4 days.")
    ]
    assert bounds == [("80 mg", "max"), ("3 days", "min"), ("12", "min"), ("4 days", "max")]


def test_a_short_claim_is_stated_by_a_sentence_holding_all_its_words() -> None:
    claim = "Do not store above 25 °C."
    assert supports(claim, claim)
    assert supports(claim, "Do not store the tablets above 25 °C.")
    assert not supports(claim, "Do not store above 30 °C.")
    assert not supports(claim, "Keep below 25 °C.")


def test_money_with_its_currency_as_an_adjective_and_a_cap_as_an_upper_bound() -> None:
    values = extract_values("Hosts pay a 250-euro fee. The council voted to cap rentals at 90 nights a year.")
    assert [(v.raw, v.dimension, v.bound) for v in values] == [("250-euro", "eur", None), ("90", "count:night", "max")]


def test_two_counts_of_one_named_thing_about_one_subject_conflict() -> None:
    limit = "A host may let a home for no more than 90 nights in a calendar year."
    assert find_conflict(limit, "Under the new bylaw you can let a home for up to 120 nights a year.") is not None
    assert find_conflict(limit, "A host may let a home for up to 90 nights a year.") is None
    # a bare number counts nothing named: still compared only when the two texts are close
    assert find_conflict("The pier is 90 years old.", "The pier has 120 visitors.") is None


def test_a_negated_comparison_before_a_number_is_a_bound_not_a_denial() -> None:
    assert not is_negated("A host may let a home for no more than 90 nights a year.")
    assert not is_negated("Do not take more than 80 mg in one day.")
    assert is_negated("The bridge did not collapse.") and is_negated("There is no more room on the pier.")


def test_a_thing_after_which_an_event_happened_is_its_cause_too() -> None:
    claim = "The SS Orla sank after a storm."
    assert find_conflict(claim, "The SS Orla sank in 1931 after striking a mine.") is not None
    assert find_conflict(claim, "The SS Orla sank after the storm of 1931.") is None


def test_a_count_may_have_a_participle_before_its_noun() -> None:
    assert [(v.raw, v.dimension) for v in extract_values("There are four staffed huts in the park.")] == [
        ("four", "count:hut")
    ]
    assert extract_values("The other two walked to the car.") == []  # a verb, not a noun's participle


def test_a_count_restated_in_digits_after_a_paragraph_number_counts_its_noun() -> None:
    text = "1.2 Fourteen (14) passengers were injured, three (3) of them seriously."
    assert [(v.raw, v.dimension, v.amount) for v in extract_values(text)] == [("Fourteen", "count:passenger", 14.0)]


def test_a_sentence_ends_inside_markdown_emphasis() -> None:
    text = "2. **Membership fee.** Mona Lie proposed raising the fee. See _Notes._ Then more."
    assert [s.text for s in split_sentences(text)] == [
        "**Membership fee.**",
        "Mona Lie proposed raising the fee.",
        "See _Notes._",
        "Then more.",
    ]


def test_a_date_in_figures_with_slashes_is_a_date() -> None:
    fields = [(v.year, v.month, v.day) for v in extract_values("Debut on 15/8/2010; signed 8/15/2011; left 3/4/2012.")]
    # day first or month first as the figures allow; where either could be the month, only the year
    assert fields == [(2010, 8, 15), (2011, 8, 15), (2012, None, None)]
    assert [v.year for v in extract_values("The 1998/99 season")] == [1998, 1999]


def test_a_whole_number_in_figures_says_how_round_it_is() -> None:
    zeros = [
        v.round_zeros for v in extract_values("It had 5,000 residents, 838 horses, 1,200 cows and 3.5 kilometres.")
    ]
    assert zeros == [3, 0, 2, None]
    assert [v.round_zeros for v in extract_values("Founded in 1900.")] == [None]  # a year is no count


def test_a_scale_word_multiplies_a_count_and_a_currency_named_in_words_is_money() -> None:
    # ``3.5 million people`` was a count of *millions* (3.5), and ``260 million kroner`` one too
    people = extract_values("It has a population of 3.5 million people.")
    assert [(v.dimension, v.amount) for v in people] == [("count:person", 3_500_000.0)]
    money = extract_values("The electrification cost the county 260 million kroner in total.")
    assert [(v.dimension, v.amount) for v in money] == [("krone", 260_000_000.0)]
    assert [v.dimension for v in extract_values("It cost 5 million yen.")] == ["jpy"]


def test_a_span_of_months_is_a_season() -> None:
    # *open April to October* says when every year; two seasons agree only by both ends
    seasons = [v for v in extract_values("The tearoom is open April to October, 10am to 5pm.") if v.kind == "season"]
    assert [(v.raw, v.month, v.amount) for v in seasons] == [("April to October", 4, 10.0)]
    later = next(v for v in extract_values("It opens from April to September.") if v.kind == "season")
    assert values_agree(seasons[0], seasons[0]) and values_agree(seasons[0], later) is False
    assert not [v for v in extract_values("between April and October 2019") if v.kind == "season"]  # a date's month
    assert not [v for v in extract_values("He visited in April and October.") if v.kind == "season"]  # two months
    between = [v.raw for v in extract_values("open between May and June") if v.kind == "season"]
    assert between == ["between May and June"]


def test_an_hour_with_am_or_pm_and_no_minutes_is_a_clock_time() -> None:
    clocks = [(v.raw, v.amount) for v in extract_values("Open 10am to 5pm; talks at 7 p.m.") if v.kind == "time"]
    assert clocks == [("10am", 600.0), ("5pm", 1020.0), ("7 p.m.", 1140.0)]


def test_a_release_s_version_belongs_to_its_name() -> None:
    assert _values("Versions: **Vell 3.2.1** (released 2024-02-19)", "name") == ["Vell 3.2.1"]
    assert _values("They paid Smith 2.5 million for it.", "name") == ["Smith"]  # an amount is no version


def test_a_value_the_claim_states_too_contradicts_nothing() -> None:
    claim = "They had three children: Edgar (born 1854), Lavinia (born 1856) and Matthias (born 1861)."
    assert find_conflict(claim, "| 1854 | Son Edgar born |") is None
    assert find_conflict("Lavinia was born in 1856.", "Lavinia was born in 1854.") is not None


def test_a_prior_year_figure_in_brackets_dates_only_itself() -> None:
    claim = "cargo bikes accounted for more than half of the shop's sales in 2024"
    assert find_conflict(claim, "Cargo bikes 61 per cent of sales (2023: 54 per cent)") is None
    assert find_conflict(claim, "Cargo bikes 61 per cent of sales (prior year: 54 per cent)") is None
    assert find_conflict(claim, "Cargo bikes accounted for 61 per cent of sales in 2023") is not None


def test_a_span_of_days_in_one_month_is_two_dates_not_a_count() -> None:
    assert [(v.raw, v.month, v.day) for v in extract_values("closed between 10 and 13 November 2018")] == [
        ("10", 11, 10),
        ("13 November 2018", 11, 13),
    ]
    assert [v.raw for v in extract_values("the closures of 10\u201313 November")] == ["10", "13 November"]
    assert [v.raw for v in extract_values("children aged 5 and 12 May 2019")] == ["12 May 2019"]  # no span


def test_a_year_naming_a_thing_dates_nothing() -> None:
    claim = "The Tarn Review retracted the Vell paper in October 2022."
    recommendation = "That the university ask the Tarn Review to retract the Vell paper and the 2018 conference paper."
    assert find_conflict(claim, recommendation) is None
    assert find_conflict(claim, "The Tarn Review retracted the Vell paper in 2018.") is not None
    assert find_conflict("Tarn won the title in the 2019 season", "Tarn won the title in the 2018 season") is not None


def test_a_state_held_since_a_year_holds_in_the_years_after() -> None:
    since = "The Board has been adding chlorine at the Tarn works since 2018."
    assert find_conflict("chlorine was still being added at the Tarn works in 2023", since) is None
    assert find_conflict("chlorine was added at the Tarn works in 2015", since) is not None  # before it began
    assert find_conflict("chlorine has been added at the Tarn works since 2016", since) is not None


def test_and_before_an_ing_verb_starts_another_clause() -> None:
    claim = "In June 2021 the Tarn Board raised the budget to $26 million."
    both = "The Tarn Board responded last June by raising the budget to $26 million and pushing the end back to 2031."
    assert find_conflict(claim, both) is None  # 2031 is when the work ends, not when the budget rose


def test_a_negation_of_another_thing_in_the_sentence_is_no_denial() -> None:
    claim = "The board found that a maintenance error on the left propeller's linkage led to the accident."
    finding = (
        "The board found that the left propeller had failed because a clamp in its linkage had not been "
        "torqued during maintenance a week before the accident."
    )
    assert find_conflict(claim, finding) is None
    assert find_conflict("The Tarn ferry runs on Sundays.", "The Tarn ferry does not run on Sundays.") is not None
    # a heading naming the thing says nothing a denial of its delivery could contradict
    assert find_conflict("No Vell 10 was ever delivered to a customer.", "Vell 10") is None
    assert find_conflict("No Vell 10 was ever delivered to a customer.", "Tarn delivered a Vell 10 to a customer.")


def test_a_count_in_bold_still_counts_its_noun() -> None:
    assert [(v.raw, v.dimension) for v in extract_values("placed a firm order for **three** aircraft")] == [
        ("three", "count:aircraft")
    ]


def test_money_in_a_less_common_currency_code_is_money() -> None:
    text = "a one-way fare costs PLN 89; a return costs 120 CZK."
    assert [(v.raw, v.dimension) for v in extract_values(text)] == [("PLN 89", "pln"), ("120 CZK", "czk")]


def test_a_search_for_an_ordinal_tries_it_in_words_and_in_figures() -> None:
    assert "thirteenth" in search_terms("When did the 13th Tarn Film Festival open?")
    assert "3rd" in search_terms("Who won the third Vell Regatta?")
    assert "2nd" not in search_terms("How many litres per second does the Vell spring give?")  # *second*: time


def test_a_date_of_another_act_of_the_same_thing_is_no_rival() -> None:
    claim = "the trunk main that burst at Harlow Road was laid in 1973"
    assert not conflicts(claim, "The board heard a report on the Harlow Road trunk main burst of 3 February 2024.")
    assert conflicts(claim, "The trunk main at Harlow Road was laid in 1971.")


@pytest.mark.parametrize(
    "text", ["between 35 and 45 wolves", "35 to 45 wolves", "35-45 wolves", "thirty-five to forty-five wolves"]
)
def test_a_range_of_counts_holds_every_count_in_it(text: str) -> None:
    (span,) = extract_values(text)
    assert span.raw == text.removesuffix(" wolves")
    assert values_agree(span, extract_values("36 wolves")[0]) is True
    assert values_agree(span, extract_values("46 wolves")[0]) is False
    assert find_conflict("The park held 36 wolves.", f"The park can support {text}.") is None


def test_where_a_count_rose_from_is_no_range() -> None:
    (value,) = extract_values("The pack rose from 31 to 36 wolves.")
    assert value.raw == "36"


@pytest.mark.parametrize(("text", "raw"), [("the eighth century", None), ("a ten-minute break", "ten-minute")])
def test_a_number_word_is_a_whole_word(text: str, raw: str | None) -> None:
    assert [v.raw for v in extract_values(text)] == ([raw] if raw else [])


def test_a_year_naming_a_thing_is_no_rival_of_another_acts_date() -> None:
    claim = "The Tarn Commission fined Orrby Ltd 2 million crowns over the 2022 breach."
    assert find_conflict(claim, "The Tarn Commission fined Orrby Ltd 2 million crowns on 12 September 2023.") is None
    assert (
        find_conflict(claim, "The Tarn Commission fined Orrby Ltd 2 million crowns over the 2021 breach.") is not None
    )


def test_of_the_joins_one_name() -> None:
    names = [
        v.raw
        for v in extract_values("The committee met in the Council Chamber of the Guildhall.")
        if v.dimension == "name"
    ]
    assert names == ["Council Chamber of the Guildhall"]


def test_wide_after_a_hyphen_says_where_not_how_wide() -> None:
    assert canonical_events("the island-wide blackout of 17 January 2022") == []
    assert [e for e, _, _ in canonical_events("a 3-metre-wide gap")] == ["width"]


def test_a_value_for_each_is_no_rival_of_the_total() -> None:
    claim = "The Tarn wind farm has six turbines rated at 3.4 MW each."
    assert find_conflict(claim, "The Tarn wind farm: six turbines, 20.4 MW; opened October 2021") is None
    assert find_conflict(claim, "The Tarn wind farm has six turbines, each with a rated output of 3.0 MW.") is not None


def test_a_guessed_size_contradicts_no_measured_one() -> None:
    measured = "| Dam height | 38 m above foundation |"
    assert find_conflict("Tarn Dam is 38 metres high", "tarn dam is massive, must be 60 metres high.") is None
    assert find_conflict(measured, "the dam is massive, must be 60 metres high from the bottom") is None
    assert find_conflict("Tarn Dam is 38 metres high", "Tarn Dam is 60 metres high.") is not None


def test_the_size_of_a_change_is_no_rival_of_where_it_started_or_ended() -> None:
    by = "The designers lowered the crest of Tarn Dam by three metres, from 44 m to 41 m."
    assert find_conflict("The crest of Tarn Dam was lowered from 44 m to 41 m in 2020.", by) is None
    assert find_conflict("The designers lowered the crest of Tarn Dam by five metres.", by) is not None


def test_a_passive_is_stated_only_by_a_sentence_naming_its_agent() -> None:
    claim = "The fire at the Orby works was started by lightning."
    motion = "The council called for an inquiry to be established into the causes of the fire at the Orby works."
    assert not supports(claim, motion)  # *established* folds with *started*: the agent is what it says
    assert supports(
        claim, "Lightning started the fire at the Orby works, the inquiry found; the fire was started by lightning."
    )


def test_a_duration_question_keeps_its_answer_units_in_a_long_query() -> None:
    terms = search_terms("How long did the Orby recount last?", limit=8)
    assert terms[-2:] == ["days", "hours"] and len(terms) == 8


def test_finishing_is_searched_and_read_as_concluding() -> None:
    assert "concluded" in search_terms("On what date did the Orby recount finish?")
    assert set(content_words("the recount concluded")) == set(content_words("the recount finished"))


def test_how_a_thing_is_known_is_no_agent_it_must_name() -> None:
    said = subject_words("The sea level trend at Orby has risen since 1900.")
    assert agent_said("The sea level trend at Orby has been measured by tidal gauges.", said)
    assert not agent_said("The Orby bridge was brought down by crowd resonance.", subject_words("The bridge fell."))
    assert agent_said("The Orby bridge was brought down by crowd resonance.", subject_words("resonance felled it"))


def test_an_open_day_is_an_occasion_not_an_opening() -> None:
    assert not [e for e, _, _ in canonical_events("stolen during the Easter open day in April 2018") if e == "open"]
    assert [e for e, _, _ in canonical_events("The library opened in 1931.")] == ["open"]


def test_an_act_dated_by_the_occasion_it_was_done_at_conflicts_with_another_date_of_the_act() -> None:
    claim = "the Orr chalice was stolen during a Whitsun fair in May 2016"
    assert find_conflict(claim, "The Orr chalice was stolen from the cathedral treasury in November 2017.") is not None
    assert find_conflict(claim, "The Orr chalice was stolen in May 2016.") is None


def test_the_date_a_reference_gives_its_paper_is_no_rival_date() -> None:
    claim = "the Orr chalice was stolen in May 2016"
    cited = '"Stolen Orr chalice found in sale catalogue", *Keld Herald*, 3 March 2021.'
    assert find_conflict(claim, cited) is None


def test_a_value_both_state_leaves_the_others_a_pair_of_rivals() -> None:
    claim = "64 per cent of the staff voted to accept the 5 per cent pay cut in the Keld Union ballot."
    other = "The staff accepted a 5 per cent pay cut; it was approved by 58 per cent of staff in a Keld Union ballot."
    conflict = find_conflict(claim, other)
    assert conflict is not None and conflict.other_value is not None and conflict.other_value.raw == "58 per cent"
    same = "The staff accepted a 5 per cent pay cut; it was approved by 64 per cent of staff in a Keld Union ballot."
    assert find_conflict(claim, same) is None


def test_power_is_a_measure_compared_across_its_units() -> None:
    assert (
        find_conflict("The Orr turbine was rated at more than 1 MW", "The Orr turbine is rated at 900 kW.") is not None
    )
    assert find_conflict("The Orr turbine was rated at 0.9 MW", "The Orr turbine is rated at 900 kW.") is None


def test_a_number_meeting_a_fate_only_people_meet_counts_people() -> None:
    # ``and four died``: four people, though no noun follows the number; a name's number is none
    found = [(v.raw, v.dimension) for v in extract_values("Nineteen were treated in hospital and four died.")]
    assert found == [("four", "count:person")]
    assert _values("Route 66 died out in the 1980s.", "count") == []
    claim = "Four people died in the Tarn listeria outbreak."
    assert find_conflict(claim, "In the Tarn listeria outbreak 23 people fell ill and three died.") is not None


def test_survivors_and_the_dead_of_one_sentence_are_told_apart() -> None:
    # ``11 people survived ... and that 30 died``: the survivors' count is the rival of *nine survived*
    claim = "Nine people survived the wreck of the Tarn Star."
    conflict = find_conflict(claim, "We believe that 11 people survived the wreck of the Tarn Star and that 30 died.")
    assert conflict is not None and conflict.other_value is not None and conflict.other_value.raw == "11"
    assert find_conflict(claim, "Of the 41 people on board the Tarn Star, nine survived the wreck.") is None


def test_a_compound_and_its_head_name_one_thing() -> None:
    # *the footbridge* and ``the bridge``: one thing, so their counts are rivals; a head of four letters
    # (*house* of *boathouse*) is too short to tell a compound from another word
    claim = "About 430 people were on the footbridge at the moment it collapsed."
    assert find_conflict(claim, "About 260 people were on the bridge when it collapsed.") is not None
    assert find_conflict("The Tarn boathouse was built in 1901.", "The house was built in 1955.") is None


def test_a_word_of_how_many_opening_a_sentence_is_no_designation() -> None:
    # ``About 260 people`` and *About 430 people*: two counts of one crowd, not *Apollo 11* and *Apollo 12*
    assert find_conflict("About 430 people were on the bridge.", "About 260 people were on the bridge.") is not None
    assert find_conflict("Apollo 11 carried three astronauts.", "Apollo 12 carried two astronauts.") is None


def test_a_participle_saying_which_ones_are_meant_names_no_agent_of_the_act() -> None:
    said = subject_words("The committee voted to create a relief fund for the families.")
    assert agent_said("The committee agreed to create a relief fund for the families affected by the Orby flood.", said)
    assert not agent_said("The relief fund was set up by the Orby Rotary Club.", said)
    assert not agent_said("Gas in Orby is cheap, caused by fracking.", subject_words("Gas in Orby is cheap."))


def test_a_number_out_of_a_set_named_after_it_counts_that_sets_things() -> None:
    counted = [(v.raw, v.dimension) for v in extract_values("Errors were found in nine of his institute's reports.")]
    assert counted == [("nine", "count:report")]
    parts = [(v.raw, v.dimension) for v in extract_values("31 of the line's 52 stations closed.")]
    assert parts == [("52", "count:station")]  # the stations counted whole, by the number before them
    claim = "the audit found errors in all 12 of the Orby institute's reports"
    assert find_conflict(claim, "The audit found errors in five of the Orby institute's reports.") is not None
    assert find_conflict(claim, "The audit found errors in all 12 of the Orby institute's reports.") is None


def test_a_capital_opening_a_column_of_a_timeline_names_nothing() -> None:
    row = "July 2021      Contract awarded to Orby Catering Ltd: three years, six schools."
    assert [v.raw for v in extract_values(row) if v.dimension == "name"] == ["Orby Catering Ltd"]
    claim = "Orby Borough Council awarded Orby Catering Ltd the school meals contract in July 2021."
    assert find_conflict(claim, row) is None  # no other agent: *Contract* is no one


def test_a_span_of_time_says_which_time_it_counts_between_number_and_unit() -> None:
    logged = [(v.raw, v.dimension) for v in extract_values("The pilot has logged 2,340 flying hours.")]
    assert logged == [("2,340 flying hours", "duration")]
    claim = "The Orby pilot had logged fewer than 1,000 flying hours."
    assert find_conflict(claim, "The Orby pilot has logged 2,340 flying hours.") is not None


def test_a_time_with_a_dot_before_its_minutes_and_am_or_pm_is_a_clock_time() -> None:
    dotted = [(v.raw, v.amount) for v in extract_values("An amended warning was issued at 7.05am.")]
    assert dotted == [("7.05am", 7 * 60 + 5)]
    assert find_conflict("The Orby warning was issued at 07:05.", "The Orby warning was issued at 7.05am.") is None
    assert [v.raw for v in extract_values("See section 3.14 of the report.")] == []  # a number, no time


def test_hurt_and_wounded_say_injured() -> None:
    injured = set(content_words("two were injured"))
    assert injured <= set(content_words("two were hurt")) and injured <= set(content_words("two were wounded"))


def test_counts_split_by_where_they_went_are_parts_of_their_total_not_its_rivals() -> None:
    split = "Six injured persons were flown to Keld Infirmary, and three to Orrby General Hospital."
    assert find_conflict(split, "Nine people were injured.") is None
    assert find_conflict(split, "Eleven people were injured.") is not None
    total = "Nine people were injured on the ridge."
    assert (
        find_conflict(total, "Six injured persons were flown to Keld Infirmary, and three to Orrby from the ridge.")
        is None
    )


def test_lost_their_lives_is_a_death() -> None:
    assert canonical_events("two climbers who lost their lives") == [("death", 17, 33)]
    assert find_conflict("Three climbers lost their lives on Keld Edge.", "Two climbers died on Keld Edge.") is not None


def test_the_occasion_a_theft_was_dated_by_is_no_word_a_rival_must_share() -> None:
    claim = "the Keld chalice was stolen during an Easter open day in April 2018"
    said = "The chalice drew international attention when it was stolen from the abbey library in October 2019."
    assert find_conflict(claim, said) is not None


def test_a_cause_given_as_the_subject_of_caused_conflicts_with_another_cause_of_the_same_thing() -> None:
    claim = "a delivery lorry parked on the upper deck caused the Keld Street car park collapse"
    said = (
        "The partial collapse of the Keld Street car park in March was caused by water pooling on a deck whose "
        "drains were blocked."
    )
    assert find_conflict(claim, said) is not None
    assert find_conflict("heavy rain caused the Keld Street car park collapse", said) is not None
    both = "The collapse of the Keld Street car park was caused by a delivery lorry parked on the upper deck."
    assert find_conflict(claim, both) is None
