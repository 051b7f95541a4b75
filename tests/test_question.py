"""Reading a question (kind, what it wants, subject) and the scope each kind gets."""

from __future__ import annotations

import pytest

from agents.offline.answering import answered_by
from agents.offline.question import Kind, Wants, read_question
from agents.offline.scope import plan_questions
from agents.offline.values import extract_values
from protocols import Depth

CLIMATE_STYLE = (
    "Is the following claim supported, refuted, disputed (sources disagree), or is there not enough information? "
    'Claim: "Sea ice in the Arctic has declined since 1979"'
)


@pytest.mark.parametrize(
    ("question", "kind", "hypothesis"),
    [
        (CLIMATE_STYLE, Kind.CLAIM_CHECK, "Sea ice in the Arctic has declined since 1979"),
        ("Is it true that the bridge opened in 1931?", Kind.CLAIM_CHECK, "the bridge opened in 1931"),
        ("Fact-check: the Eiffel Tower is 330 metres tall", Kind.CLAIM_CHECK, "the Eiffel Tower is 330 metres tall"),
        ("True or false: coffee stunts growth", Kind.CLAIM_CHECK, "coffee stunts growth"),
        ("Did the Huygens probe land on Titan?", Kind.YES_NO, "The Huygens probe landed on Titan"),
        ("Did the Stage 3 rules ban the use of hoses?", Kind.YES_NO, "The Stage 3 rules banned the use of hoses"),
        (
            "Do children under five get into the Tarn museum free?",
            Kind.YES_NO,
            "children under five get into the Tarn museum free",
        ),
        (
            "Did the Tarn Survey Project carry out a season in 2020?",
            Kind.YES_NO,
            "The Tarn Survey Project carried out a season in 2020",
        ),
        ("Is Lake Orvin 87 metres deep?", Kind.YES_NO, "Lake Orvin is 87 metres deep"),
        ("Was Mereth founded in 1412?", Kind.YES_NO, "Mereth was founded in 1412"),
        ("Is the Eiffel Tower a steel tower?", Kind.YES_NO, "The Eiffel Tower is a steel tower"),
        ("Was Tarnview 3.0 released in May?", Kind.YES_NO, "Tarnview 3.0 was released in May"),  # a version
        ("Was chlorine still being added in 2023?", Kind.YES_NO, "chlorine was still being added in 2023"),
        ("Is there a ferry to Orrin on Sundays?", Kind.YES_NO, "There is a ferry to Orrin on Sundays"),
        ("Did anyone die in the 2019 Tarn fire?", Kind.YES_NO, "Someone died in the 2019 Tarn fire"),
        ("In 2023, did the Tarn ferry run on Sundays?", Kind.YES_NO, "In 2023, the Tarn ferry ran on Sundays"),
        ("According to the report, did the Tarn ferry run on Sundays?", Kind.YES_NO, "The Tarn ferry ran on Sundays"),
        ("Were there any deaths in the Tarn fire?", Kind.YES_NO, "There were deaths in the Tarn fire"),
    ],
)
def test_claim_checks_research_the_hypothesis_not_the_instruction(question: str, kind: Kind, hypothesis: str) -> None:
    asked = read_question(question)
    assert asked.kind is kind and asked.checks_claim
    assert asked.hypothesis == hypothesis
    plan = plan_questions(question, None, Depth.BALANCED)
    assert len(plan) == 1 and "supported, refuted" not in plan[0] and plan[0].startswith(hypothesis[:10])


@pytest.mark.parametrize(
    ("question", "wants"),
    [
        ("When was the Cathedral of Saint Augustine established?", Wants.DATE),
        ("What year was the album released?", Wants.DATE),
        ("What is the population of Broken Bow?", Wants.NUMBER),
        ("How many moons does Mars have?", Wants.NUMBER),
        ("What commission does the Tarn cooperative take on auction sales?", Wants.NUMBER),  # a rate charged
        (
            "What was the Orby rider's original winning margin on the road?",
            Wants.NUMBER,
        ),  # a measure: 1 minute 8 seconds
        ("Which commission investigated the Tarn accident?", Wants.PHRASE),  # a body, not a rate
        ("At what time did the Eagle land?", Wants.DATE),  # an hour of the day
        ("What is the payload of the Hauler H3?", Wants.NUMBER),  # a mass, as a weight is
        ("Total cost of the program?", Wants.NUMBER),
        ("What port does Larkdb listen on by default?", Wants.NUMBER),  # a port number, not a harbour
        ("What is the default port of Larkdb?", Wants.NUMBER),
        ("What is the length of the Tarn river?", Wants.NUMBER),
        ("What is the width of the Lindow bridge?", Wants.NUMBER),
        ("What was the 90th percentile lead level in Tarn in 2017?", Wants.NUMBER),
        ("What is the water level at Orvin lock?", Wants.NUMBER),
        ("How long did the moonwalk last?", Wants.DURATION),
        ("What was the winning time in the Vardal fell race?", Wants.DURATION),
        ("How long is the Tarn bridge?", Wants.NUMBER),
        ("How long was the Tarn grazing order in force?", Wants.DURATION),  # a state's span of time
        ("How long was the Orla line closed?", Wants.DURATION),
        ("Where is Interstate 235 located?", Wants.PLACE),
        ("In which city was she born?", Wants.PLACE),
        ("In which building did the committee meet?", Wants.PLACE),
        ("In which village was the Tarn creamery based?", Wants.PLACE),
        ("Which island did the divers sail from?", Wants.PLACE),
        ("What is the location of the Old Mill?", Wants.PLACE),
        ("What is the state where Judge Orr was born?", Wants.PLACE),
        ("What is the country of origin of the Vela phone?", Wants.PLACE),
        ("Who directed Lahu Ke Do Rang?", Wants.NAME),
        ("Which ship recovered the crew?", Wants.NAME),
        ("Which accredited surveyor led the re-survey of the Tarn boundary?", Wants.NAME),  # a person by role
        ("Which boat won the Lindholm regatta?", Wants.NAME),
        ("By whom was the Kessler Observatory founded?", Wants.NAME),
        ("What sport is Ada Quill associated with?", Wants.MEMBER),
        ("Who was Ada Quill?", Wants.PHRASE),  # a name alone: what she was, not another name
        ("Who is Ada Quill, in connection with the Tarn inquiry?", Wants.PHRASE),
        ("Who is the director of Quiet Harbour?", Wants.NAME),
        ("What is the name of the baker who became the lead plaintiff?", Wants.NAME),
    ],
)
def test_a_factoid_wants_the_kind_of_value_its_words_ask_for(question: str, wants: Wants) -> None:
    asked = read_question(question)
    assert asked.kind is Kind.FACTOID and asked.wants is wants


def test_subject_and_focus_split_the_question() -> None:
    asked = read_question("When was the Cathedral of Saint Augustine established?")
    assert asked.subjects[0] == "Cathedral of Saint Augustine"
    assert "found" in asked.focus  # "established" folds to the canonical founding event
    assert not {"cathedral", "saint", "augustin"} & asked.focus


def test_an_adverb_before_the_verb_is_no_word_of_a_common_nouns_subject() -> None:
    # *the recall eventually*: no thing any page names; *the recall* is the one thing the pages are about
    assert read_question("Which cheeses did the recall eventually cover?").subjects == ()
    assert read_question("How many engineers does the storage team have?").subjects == ("storage team",)
    assert read_question("Which towns did the storm surge finally reach?").subjects == ("storm surge",)


def test_a_place_after_the_subject_and_a_comma_says_where_it_is_not_what_it_is() -> None:
    asked = read_question("What is the population of Ardmore, Wisconsin?")
    assert asked.subjects == ("Ardmore",) and asked.located == {"wisconsin"}
    assert asked.focus == {"population"}
    listed = read_question("Who founded Hale, Jones and Partners?")  # a list of names, not a place
    assert "Jones" in listed.subjects and not listed.located


def test_the_medium_before_a_kind_of_work_is_not_part_of_the_name() -> None:
    # ``Danger Mouse TV`` was read as the name, which no page says: the two series' pages
    # (``Danger Mouse (2015 TV series)``) named no entity, and the reboot's date was outvoted
    assert read_question("When was the Tarrow Fox TV series released?").subjects == ("Tarrow Fox",)
    assert read_question("Who founded Channel TV?").subjects == ("Channel TV",)


def test_a_possessive_and_a_kind_word_belong_to_the_subject_and_an_agent_noun_asks_for_its_act() -> None:
    assert read_question("What is Greg Boyer's profession?").subjects == ("Greg Boyer",)
    asked = read_question('Who is the director of the film "Quiet Harbour"?')
    assert asked.subjects == ("Quiet Harbour",)
    assert "film" not in asked.focus  # what kind of thing the subject is, not what is asked
    assert {"director", "direct"} <= asked.focus  # "directed by" answers "the director"


def test_comparisons_and_overviews_get_one_question_per_topic() -> None:
    assert plan_questions("Compare Apollo 11 and Apollo 12", None, Depth.BALANCED) == [
        "What is known about Apollo 11?",
        "What is known about Apollo 12?",
    ]
    assert read_question("Tell me about the Saturn V").kind is Kind.OVERVIEW
    assert plan_questions("Tell me about the Saturn V", None, Depth.BALANCED) == ["What is known about the Saturn V?"]


def test_a_comparative_asks_each_side_for_the_measure_it_names() -> None:
    assert plan_questions(
        "Which is higher, the Halden Observatory or the Kessler Observatory?", None, Depth.BALANCED
    ) == [
        "How high is the Halden Observatory?",
        "How high is the Kessler Observatory?",
    ]
    assert plan_questions("Which town is more populous: Mereth or Harlow?", None, Depth.BALANCED) == [
        "What is the population of Mereth?",
        "What is the population of Harlow?",
    ]
    assert read_question("Which observatory is older, Halden or Kessler?").sides == ("Halden", "Kessler")
    # older asks when each began; a bare side is named with the kind that is part of its name
    assert plan_questions("Which observatory is older, Halden or Kessler?", None, Depth.BALANCED) == [
        "When was the Halden Observatory founded?",
        "When was the Kessler Observatory founded?",
    ]


def test_two_names_sharing_a_plural_noun_are_a_question_each() -> None:
    assert plan_questions("When were the Halden and Kessler observatories founded?", None, Depth.BALANCED) == [
        "When was the Halden Observatory founded?",
        "When was the Kessler Observatory founded?",
    ]
    assert plan_questions("What are the populations of Mereth and Harlow?", None, Depth.BALANCED) == [
        "What is the population of Mereth?",
        "What is the population of Harlow?",
    ]
    status = "What is the status of Halden and Kessler?"  # no plural noun: one question
    assert plan_questions(status, None, Depth.BALANCED) == [status]


def test_every_part_of_a_compound_question_is_its_own_research_question() -> None:
    assert plan_questions("When did Apollo 11 launch and from where?", None, Depth.BALANCED) == [
        "When did Apollo 11 launch?",
        "From where did Apollo 11 launch?",
    ]
    assert read_question("From where did Apollo 11 launch?").wants is Wants.PLACE
    # a wh-phrase with its noun before another (*On what date and at what time ...*) asks the rest too
    assert plan_questions("On what date and at what time did the Tarn roof deck collapse?", None, Depth.BALANCED) == [
        "On what date did the Tarn roof deck collapse?",
        "At what time did the Tarn roof deck collapse?",
    ]


def test_a_part_asking_about_it_carries_the_subject_with_its_version() -> None:
    assert plan_questions("When did Project Heron start and who owns it?", None, Depth.BALANCED) == [
        "When did Project Heron start?",
        "Who owns Project Heron?",
    ]
    assert plan_questions("When was Tamsin 2.3 released and what port does it use?", None, Depth.BALANCED) == [
        "When was Tamsin 2.3 released?",
        "What port does Tamsin 2.3 use?",
    ]


def test_context_steers_and_depth_widens_the_scope() -> None:
    question = "When did Apollo 11 land, and how long did the moonwalk last?"
    plain = plan_questions(question, None, Depth.BALANCED)
    focused = plan_questions(question, "focus on the moonwalk", Depth.BALANCED)
    assert focused[0].startswith("How long") and plain[0].startswith("When")
    assert len(plan_questions(question, "ignore the landing", Depth.BALANCED)) == 1
    assert len(plan_questions(question, None, Depth.DEEP)) == len(plain) + 1  # the subject's key facts


def test_a_yes_no_question_about_the_name_and_a_noun_is_checked_as_its_statement() -> None:
    assert read_question("Did the Tarn flood happen in 1954?").hypothesis == "The Tarn flood happened in 1954"
    assert read_question("Did the Huygens probe land on Titan?").hypothesis == "The Huygens probe landed on Titan"
    voted = read_question("Did the Orla Finance Committee vote unanimously to cut the grant?").hypothesis
    assert voted == "The Orla Finance Committee voted unanimously to cut the grant"  # the adverb is no verb
    assert (
        read_question("Was the Tarn flood caused by melting snow?").hypothesis
        == "The Tarn flood was caused by melting snow"
    )
    assert read_question("Did the flood happen in 1954?").hypothesis == "The flood happened in 1954"  # a plain noun too
    assert read_question("Has Ada Quill won the Tarn Prize?").hypothesis == "Ada Quill has won the Tarn Prize"
    assert read_question("Is Vellum's engine written in Go?").hypothesis == "Vellum's engine is written in Go"
    assert read_question("Did Ada Quill ever visit Tarn?").hypothesis == "Ada Quill visited Tarn"
    # a year saying which one belongs to the subject (*the old stone hut from 1911*), a span of years not
    assert read_question("Did the old stone hut from 1911 survive the fire?").hypothesis == (
        "The old stone hut from 1911 survived the fire"
    )
    assert read_question("Did the ferry sail from 1998 to 2004?").hypothesis == "The ferry sailed from 1998 to 2004"
    # a participle's phrase may go on with *along with*, *as*, *with* (not only *in*, *by*, *for* ...)
    evacuated = read_question("Were the residents of Kettle Row evacuated along with Tarnby?").hypothesis
    assert evacuated == "The residents of Kettle Row were evacuated along with Tarnby"
    # two plain words after the name still belong to the subject (*the Tarn parish council*)
    approved = read_question("Did the Tarn parish council approve a grant towards the new roof?").hypothesis
    assert approved == "The Tarn parish council approved a grant towards the new roof"


def test_a_question_asking_leave_is_checked_as_whether_the_thing_is_allowed() -> None:
    assert read_question("Can I take my kayak on the Tarn ferry?").hypothesis == "kayak is allowed on the Tarn ferry"
    assert read_question("Are prams permitted in the museum?").hypothesis == "Prams are permitted in the museum"


def test_a_question_that_opens_with_its_subject_and_asks_which_after_the_verb() -> None:
    # no capitalized name: the opening words are what the question is about
    assert read_question("2nd ward is located in which city?").subjects == ("2nd ward",)
    assert read_question("Tarrow hoard was found in which county?").subjects == ("Tarrow hoard",)
    assert read_question("212th refers to which type of unit?").subjects == ("212th",)
    # "of which division" names no subject: the opening words do
    assert read_question("1984 rugby season was part of which league?").subjects == ("1984 rugby season",)


def test_two_capitalized_words_joined_by_an_en_dash_are_one_subject() -> None:
    assert read_question("Who operates the Lindholm\u2013Torsby ferry?").subjects == ("Lindholm\u2013Torsby",)
    assert read_question("When was the Kessler\u2013Morrow treaty signed?").subjects == ("Kessler\u2013Morrow",)


def test_a_comparison_by_a_measure_its_noun_names_asks_each_side_for_it() -> None:
    question = "Which town has the larger population, Mereth or Lindby?"
    assert read_question(question).kind is Kind.COMPARISON
    assert plan_questions(question, "", Depth.BALANCED) == [
        "What is the population of Mereth?",
        "What is the population of Lindby?",
    ]
    assert plan_questions("Which has more inhabitants, Mereth or Lindby?", "", Depth.BALANCED)[0] == (
        "How many inhabitants does Mereth have?"
    )


def test_a_comparison_by_a_measure_may_say_when_after_its_noun() -> None:
    question = "Which scheme had more docking stations when it launched, Tarnbike or Orrbike?"
    assert read_question(question).sides == ("Tarnbike", "Orrbike")
    assert plan_questions(question, "", Depth.BALANCED) == [
        "How many docking stations did Tarnbike have when it launched?",
        "How many docking stations did Orrbike have when it launched?",
    ]


def test_a_comparison_by_a_measure_may_name_it_after_a_verb_phrase() -> None:
    question = "Which club ended the 2019 season with more points, Vell Rovers or Ashby Otters?"
    assert read_question(question).sides == ("Vell Rovers", "Ashby Otters")
    assert plan_questions(question, "", Depth.BALANCED) == [
        "How many points does Vell Rovers have?",
        "How many points does Ashby Otters have?",
    ]
    assert plan_questions("Which lake holds more water, Mereth or Lindby?", "", Depth.BALANCED)[0] == (
        "How much water does Mereth have?"
    )


def test_a_comparison_may_qualify_its_measure_and_keeps_its_verb() -> None:
    question = "Which sold more copies in its first year, Tarn Songs or Static Parish?"
    assert read_question(question).sides == ("Tarn Songs", "Static Parish")
    assert plan_questions(question, "", Depth.BALANCED) == [
        "How many copies did Tarn Songs sell in its first year?",
        "How many copies did Static Parish sell in its first year?",
    ]
    passive = "Which version was downloaded more times in its first six months, Tarnview 2.0 or Tarnview 3.0?"
    assert plan_questions(passive, "", Depth.BALANCED)[1] == (
        "How many times was Tarnview 3.0 downloaded in its first six months?"
    )
    sent = "Which team sent more rescuers to the Ember Gully operation, Tarn Rescue or Lenn Rescue?"
    assert plan_questions(sent, "", Depth.BALANCED)[0] == (
        "How many rescuers did Tarn Rescue send to the Ember Gully operation?"
    )


def test_the_number_of_a_numbered_work_belongs_to_its_name() -> None:
    # *No.* ends in a full stop: the name stopped there, and every symphony was one entity
    assert read_question("Who is the composer of Sonata No. 12?").subjects == ("Sonata No. 12",)
    assert read_question("Where was Quartet No. 3 first played?").subjects == ("Quartet No. 3",)
    assert read_question("Who said no. It was late?").subjects == ()


def test_a_trailing_when_after_who_did_it_asks_when_it_was_done() -> None:
    # *Who founded Brekke Foods and when?* gave *When founded Brekke Foods?*
    assert plan_questions("Who founded Brekke Foods and when?", None, Depth.BALANCED) == [
        "Who founded Brekke Foods?",
        "When was Brekke Foods founded?",
    ]
    assert plan_questions("Who wrote The Harrow Lantern, and when?", None, Depth.BALANCED)[1] == (
        "When was The Harrow Lantern written?"
    )
    assert plan_questions("Who is the CEO of Brekke Foods and since when?", None, Depth.BALANCED)[1] == (
        "Since when is the CEO of Brekke Foods?"
    )


def test_a_fee_or_a_fare_is_an_amount() -> None:
    assert read_question("What is the new adult membership fee?").wants is Wants.NUMBER
    assert read_question("What is the ferry fare to Holm?").wants is Wants.NUMBER


def test_the_role_a_name_becomes_is_asked_about_and_what_it_is_of_stays_named() -> None:
    # *the Baronet* was a second subject: every sentence had to name it, none that said *baronetcy* did
    asked = read_question("When did Tomas Elling become the Baronet?")
    assert asked.subjects == ("Tomas Elling",)
    assert "baronet" in asked.focus
    asked = read_question("When did Ada Quill become Grand Duchess of Vellmark?")
    assert set(asked.subjects) == {"Ada Quill", "Vellmark"}
    assert {"grand", "duchess"} <= asked.focus
    assert set(read_question("When did Ana Vidal become the CEO of Brekke Foods?").subjects) == {
        "Ana Vidal",
        "Brekke Foods",
    }


def test_a_bare_noun_whose_price_or_weight_is_asked_is_the_subject() -> None:
    assert read_question("How much did tickets cost in 2023?").subjects == ("tickets",)
    assert read_question("How much do adult passes cost?").subjects == ("adult passes",)
    assert read_question("How much does it cost?").subjects == ()  # a pronoun names nothing


def test_an_italian_particle_with_an_apostrophe_is_inside_the_name() -> None:
    assert "Lorenzo de' Vanni" in read_question("When did Lorenzo de' Vanni die?").subjects


def test_a_thing_in_common_nouns_that_acts_or_is_had_is_the_subject() -> None:
    assert read_question("Who leads the platform team?").subjects == ("platform team",)
    assert read_question("Who wrote the query planner?").subjects == ("query planner",)
    asked = read_question("How many engineers does the storage team have?")
    assert asked.subjects == ("storage team",) and "team" not in asked.focus
    through = read_question("How many invoices did the audit panel go through?")  # a verb with its particle
    assert through.subjects == ("audit panel",)
    assert read_question("When did the ferry start running?").subjects == ()  # *start* is no noun of it
    assert read_question("How many employees does the company have?").subjects == ()  # whatever the user's is


def test_a_version_number_after_a_name_is_part_of_the_subject() -> None:
    asked = read_question("What is the default port of Tamsin 2.3?")
    assert asked.subjects == ("Tamsin 2.3",)
    assert asked.focus == {"default", "port"}  # the version's digits are no words asked for


def test_a_part_asking_who_did_an_act_is_not_answered_by_a_name_in_another_statement() -> None:
    started = "It started in June 2024 and is planned to ship with Tamsin 3.0."
    assert not answered_by("Who owns Project Heron?", started)  # a name, but no owning: the part stays a gap
    assert answered_by("Who owns Project Heron?", "Project Heron is owned by Tamsin Labs.")
    assert answered_by("When did Project Heron start?", started)


def test_a_comparison_in_the_smaller_direction_asks_each_side_the_same_measure() -> None:
    assert plan_questions("Which is cheaper, the Kira S1 or the Kira S2?", None, Depth.BALANCED) == [
        "How much does the Kira S1 cost?",
        "How much does the Kira S2 cost?",
    ]
    assert plan_questions("Which is lighter, Tern or Skua?", None, Depth.BALANCED) == [
        "How heavy is Tern?",
        "How heavy is Skua?",
    ]


def test_the_act_a_who_question_asks_about_is_read_past_an_adverb() -> None:
    assert read_question("Who originally created the Vell ferry?").act == frozenset({"found"})


def test_an_amount_named_as_what_is_asked_wants_a_number() -> None:
    assert read_question("What dividend per share did Vell Foods pay for 2021?").wants is Wants.NUMBER
    assert read_question("What were Vell's net sales in 2024?").wants is Wants.NUMBER
    assert read_question("Which company handles sales for Vell?").wants is Wants.NAME
    assert read_question("Who won the grant?").wants is Wants.NAME


def test_a_who_question_asked_the_long_way_round_is_a_who_question() -> None:
    asked = read_question("What is the name of the person who was running Tarnair as chief executive in 2018?")
    assert asked.wants is Wants.NAME and asked.text.startswith("Who was running Tarnair")


def test_a_share_asked_is_a_number() -> None:
    assert read_question("By what percentage did the council raise the Tarn grant?").wants is Wants.NUMBER
    assert read_question("What share of the bridge's stone needed replacing?").wants is Wants.NUMBER


def test_a_question_opening_with_its_source_is_one_question_that_keeps_it() -> None:
    planned = plan_questions(
        "According to the 2009 survey, what share of the stone needed replacing?", None, Depth.BALANCED
    )
    assert planned == ["What share of the stone needed replacing according to the 2009 survey?"]


def test_a_rate_asked_is_a_number_and_a_season_written_short_is_told_by_its_later_year() -> None:
    asked = read_question("What winter loss rate did the Tarn apiary record for the winter of 2019\u201320?")
    assert asked.wants is Wants.NUMBER
    assert asked.years == {2020}  # *2018\u201319* (2018, 2019) is another winter
    assert read_question("Who won the Tarn cup in 1914-1918?").years == {1914, 1918}  # two whole years: a span
    assert read_question("How long was Tarn Hall closed in 2015-16?").years == {2015, 2016}  # no season: a span


def test_the_namesake_a_question_sets_aside_is_no_part_of_what_it_asks() -> None:
    asked = read_question("Which firm employed the Ola Brink who inspected the wall (not the coastguard officer)?")
    assert asked.subjects == ("Ola Brink",)
    assert not {"coastguard", "officer", "offic"} & asked.focus
    dash = read_question("Which company did Ivo Sand work for — the truck driver, not the former mayor of Lenby?")
    assert not {"mayor", "former", "lenby"} & (dash.focus | set(dash.subject_words))
    check = read_question("Is it true that the bridge, not the tunnel, was closed on 3 May 2021?")
    assert "tunnel" in check.hypothesis  # a claim checked is checked as written


def test_a_full_name_then_the_and_a_place_is_the_name_and_then_what_the_person_is() -> None:
    asked = read_question("Which committee is chaired by Elna Vik the Sorby city councillor?")
    assert asked.subjects == ("Elna Vik", "Sorby")
    titles = "the Bank of the West, Alfred the Great and the band Rage Against the Machine"
    assert [v.raw for v in extract_values(titles) if v.dimension == "name"] == [
        "Bank of the West",
        "Alfred the Great",
        "Rage Against the Machine",
    ]


def test_did_any_child_die_asks_whether_someone_died() -> None:
    assert read_question("Did any child die as a result of the Orby school meals outbreak?").hypothesis == (
        "Someone died as a result of the Orby school meals outbreak"
    )
    assert read_question("Did any board member vote against the motion?").hypothesis == (
        "Someone voted against the motion"
    )


def test_a_noun_ending_like_a_participle_does_not_end_the_subject() -> None:
    assert read_question("Where was the central kitchen that produced the korma?").subjects == ()
    assert read_question("When was the snow shed built?").subjects == ("snow shed",)
    assert read_question("When was the flood memorial unveiled?").subjects == ("flood memorial",)


def test_a_plural_noun_after_the_verb_is_its_object_not_the_verb() -> None:
    charged = read_question("Did the Orby Marsh Society charge visitors an entry fee to see the herons?")
    assert charged.hypothesis == "The Orby Marsh Society charged visitors an entry fee to see the herons"
    assert read_question("Did the Society charge people to see the herons?").hypothesis == (
        "The Society charged people to see the herons"
    )
    assert read_question("Did the Huygens probe land on Titan?").hypothesis == "The Huygens probe landed on Titan"


def test_an_adverb_of_time_before_the_participle_is_no_part_of_the_subject() -> None:
    assert read_question("On what date was the heron last seen at the marsh?").subjects == ("heron",)
    assert read_question("When was the bridge first opened?").subjects == ("bridge",)
    assert read_question("When was the heron found?").subjects == ("heron",)  # an irregular participle
    assert read_question("When was the last ferry cancelled?").subjects == ("last ferry",)


def test_a_verb_ending_the_question_after_a_named_place_is_its_verb() -> None:
    asked = read_question("Did Orla Venn's election petition in the Regional Court succeed?")
    assert asked.hypothesis == "Orla Venn's election petition in the Regional Court succeeded"
    assert read_question("Did the strike at Orby end?").hypothesis == "The strike at Orby ended"
    assert read_question("Did the Trust charge people to see the herons?").hypothesis == (
        "The Trust charged people to see the herons"
    )


def test_a_lower_case_subject_of_one_or_two_words_ends_before_its_verb() -> None:
    assert read_question("Did the independent review find that the course was short?").hypothesis == (
        "The independent review found that the course was short"
    )
    assert read_question("Did the ferry service resume before July 2024?").hypothesis == (
        "The ferry service resumed before July 2024"
    )


def test_yes_no_questions_about_long_or_possessed_subjects_read_as_statements() -> None:
    cases = {
        "Did Orrin District Council's Parks, Sport and Leisure Committee approve the grant to the lido?": (
            "Orrin District Council's Parks, Sport and Leisure Committee approved the grant to the lido"
        ),
        "Did the county council transport committee vote unanimously to close the ferry?": (
            "The county council transport committee voted unanimously to close the ferry"
        ),
        "Was Councillor Brant's amendment to keep the pool open adopted?": (
            "Councillor Brant's amendment to keep the pool open was adopted"
        ),
        "Was Ada Quill's deposit given back to her?": "Ada Quill's deposit was given back to her",
        "Was the depot repair contract put out to tender?": "The depot repair contract was put out to tender",
    }
    for question, statement in cases.items():
        asked = read_question(question)
        assert asked.kind is Kind.YES_NO and asked.hypothesis == statement, question


def test_how_long_a_state_lasted_is_a_span_of_time_whatever_follows_it() -> None:
    for question in (
        "For how long was Orrin's runway closed after the culvert failed?",
        "How long was the bridge completely closed to all traffic after the barge strike?",
        "For how long did the strike last?",
        "For how long was the Orby ferry out of passenger service after the fire?",  # a word inside the state
    ):
        assert read_question(question).wants is Wants.DURATION, question
    assert read_question("How long was the closed section of the road?").wants is Wants.NUMBER  # a length


def test_a_question_opening_by_asking_when_asks_a_date_whatever_measure_it_names() -> None:
    for question in (
        "When was the weight limit on Keld Bridge lifted?",
        "On what date was the weight limit removed?",
        "When did the bus fare rise?",
        "In what year did the population of Orrin peak?",
    ):
        assert read_question(question).wants is Wants.DATE, question
    assert read_question("How much did the bus fare rise?").wants is Wants.NUMBER


def test_yes_no_questions_about_a_member_of_a_group_or_a_possessed_report_read_as_statements() -> None:
    crew = read_question("Was any member of the Tollan Star's crew injured when the mast fell?").hypothesis
    assert crew == "Someone was injured among the Tollan Star's crew when the mast fell"
    report = read_question("Did the auditors' final report put the club's losses above £2 million?").hypothesis
    assert report == "The auditors' final report put the club's losses above £2 million"


def test_a_question_whether_a_thing_was_able_to_do_something_reads_as_a_statement() -> None:
    asked = read_question("Were lifeboats able to reach the Orr Star during the night of the storm?")
    assert asked.hypothesis == "lifeboats were able to reach the Orr Star during the night of the storm"


def test_a_prison_term_asked_is_a_span_of_time() -> None:
    assert (
        read_question("What prison term was handed to the Keld treasurer who took the funds?").wants is Wants.DURATION
    )
    assert read_question("What jail sentence did the court give him?").wants is Wants.DURATION


def test_did_the_noun_verb_to_tenses_the_first_verb() -> None:
    asked = read_question("Did the police manage to get the Keld chalice back after it was stolen?")
    assert asked.hypothesis == "The police managed to get the Keld chalice back after it was stolen"
    assert (
        read_question("Did the council decide to close the pool?").hypothesis == "The council decided to close the pool"
    )


def test_a_yes_no_question_about_someone_by_their_role_reads_as_a_statement() -> None:
    asked = read_question("Was former councillor Ada Quill convicted at Keld Crown Court?")
    assert asked.hypothesis == "Former councillor Ada Quill was convicted at Keld Crown Court"


def test_a_capital_letter_after_a_noun_designates_one_of_them() -> None:
    asked = read_question("Why was the load not moved to cooling tower A during the Keld outage?")
    assert "tower A" in " ".join(asked.subjects) and "A" not in asked.subjects


def test_a_named_kind_asked_at_the_end_asks_a_name() -> None:
    assert read_question("Ada Quill, the Keld society's chair, was headteacher of which school?").wants is Wants.NAME


def test_a_place_within_one_is_asked_as_a_place() -> None:
    assert read_question("At which berth of Keld Ferry Terminal did the fuel escape?").wants is Wants.PLACE
    assert read_question("In which room of the museum does the Orla portrait hang?").wants is Wants.PLACE


def test_how_long_a_thing_was_closed_to_some_in_a_year_asks_a_span_of_time() -> None:
    assert read_question("For how long was Keld Reservoir closed to swimmers in 2024?").wants is Wants.DURATION


def test_a_claim_to_verify_is_a_claim_check() -> None:
    asked = read_question("Claim to verify: three walkers lost their lives on Keld Edge.")
    assert asked.kind is Kind.CLAIM_CHECK and asked.hypothesis == "three walkers lost their lives on Keld Edge."
