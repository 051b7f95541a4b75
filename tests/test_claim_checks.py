"""Claim checks offline, end to end: a verdict derived from agreed claims and their stances."""

from __future__ import annotations

from pathlib import Path

import pytest

from agents.offline.question import Kind, read_question
from agents.offline.stance import stance
from agents.offline.textfacts import find_conflict
from agents.offline.words import canonical_events, content_words, search_terms
from protocols import Stance
from tests.corpuskit import research_over
from tests.test_tables import PHONES

TOWER = {
    "guide.md": "The Eiffel Tower is 330 metres tall. It was completed in 1889 for the World's Fair in Paris.",
    "atlas.md": "Standing in Paris, the Eiffel Tower is 330 metres tall and was finished in 1889.",
    "history.md": "Gustave Eiffel's company built the tower, which was completed in 1889 after two years of work.",
    "tea.md": "Tea was first brought to Europe by Portuguese traders in the sixteenth century.",
}
SPLIT = {
    "pro-1.md": "Daily coffee drinking increases the risk of heart disease, a cohort study of nurses reported.",
    "pro-2.md": "Researchers said that coffee drinking increases the risk of heart disease in older smokers.",
    "con-1.md": "A large review found that coffee drinking decreases the risk of heart disease in adults.",
    "con-2.md": "Moderate coffee drinking decreases the risk of heart disease, according to a trial in Spain.",
}


@pytest.mark.parametrize(
    ("hypothesis", "sentence", "expected"),
    [
        ("The Eiffel Tower is 330 metres tall", "The Eiffel Tower is 330 metres tall.", Stance.SUPPORTS),
        ("The Eiffel Tower is 500 metres tall", "The Eiffel Tower is 330 metres tall.", Stance.REFUTES),
        ("The Eiffel Tower was completed in 1889", "The Eiffel Tower is 330 metres tall.", Stance.NEUTRAL),
        ("Coffee increases the risk of heart disease", "Coffee decreases the risk of heart disease.", Stance.REFUTES),
        (
            "Coffee increases the risk of heart disease",
            "Coffee does not increase the risk of heart disease.",
            Stance.REFUTES,
        ),
        ("The Eiffel Tower is 330 metres tall", "Tea was brought to Europe by traders.", None),
        (  # a sentence that reports both sides of a disagreement takes neither
            "Harlow Bridge was built in 1834",
            "Some older leaflets say Harlow Bridge was built in 1834, but the county archive gives 1843.",
            Stance.NEUTRAL,
        ),
        ("Harlow Bridge was built in 1834", "Harlow Bridge was built in 1834 and rebuilt in 1843.", Stance.SUPPORTS),
        (  # a relation between two named things needs both: the bridge alone says nothing of its designer
            "Ada Quill designed Harlow Bridge",
            "Harlow Bridge spans the river Tarn and was designed to carry the mail coaches.",
            Stance.NEUTRAL,
        ),
        ("Ada Quill designed Harlow Bridge", "Harlow Bridge was designed by Ada Quill in 1830.", Stance.SUPPORTS),
        (  # a measure's adjective and its noun name one quantity: 87 metres deep against a depth of 94
            "Lake Orvin is 87 metres deep",
            "The 2019 survey measured the maximum depth of Lake Orvin at 94 metres, near the northern basin.",
            Stance.REFUTES,
        ),
        (  # a report made only to deny it refutes what it reports
            "Ardomycin cuts heart attacks by half",
            "A blog post claimed that ardomycin cuts heart attacks by half, but the trial data do not support this.",
            Stance.REFUTES,
        ),
        (
            "Ardomycin cuts heart attacks by half",
            "It is a myth that ardomycin cuts heart attacks by half.",
            Stance.REFUTES,
        ),
        ("Ardomycin cuts heart attacks by half", "Heart attacks were 21 percent rarer with ardomycin.", Stance.REFUTES),
        ("Ardomycin cuts heart attacks by half", "Ardomycin cut heart attacks by 48 percent.", Stance.SUPPORTS),
        (
            "Harlow Bridge was built in 1834",
            "Some leaflets say that Harlow Bridge was built in 1834, but the county archive gives 1843.",
            Stance.NEUTRAL,
        ),
        (  # both names, but the first does another act: no support for the relation
            "Lars Eide founded Fennick Instruments",
            "Maren Holt founded Fennick Instruments and led it until 2011, when she was succeeded by Lars Eide.",
            Stance.NEUTRAL,
        ),
        (
            "Maren Holt founded Fennick Instruments",
            "Fennick Instruments was founded in 1987 by the engineer Maren Holt.",
            Stance.SUPPORTS,
        ),
        (  # a denial of another thing (transactions) says nothing of joins
            "Larkdb supports joins",
            "Asked about it, he said Larkdb does not support multi-series transactions.",
            Stance.NEUTRAL,
        ),
        ("Larkdb supports joins", "Larkdb has no support for joins, which ruled it out for us.", Stance.REFUTES),
        (  # another name where the hypothesis has its own: no support (nor, from a name alone, a refutation)
            "Larkdb is licensed under the MIT license",
            "Larkdb is released under the Apache License 2.0.",
            Stance.NEUTRAL,
        ),
        ("Larkdb is licensed under the MIT license", "Larkdb is licensed under the MIT license.", Stance.SUPPORTS),
        (  # one account set against another takes no side
            "The Tarn flood was caused by melting snow alone",
            "Locals told us the Tarn flood was caused by melting snow alone, though the museum says rain was to blame.",
            Stance.NEUTRAL,
        ),
        (  # where a change started is no longer so
            "Larvik Foods is headquartered in Randers",
            "Larvik Foods moved its headquarters from Randers to Aarhus in 1994.",
            Stance.REFUTES,
        ),
        (
            "Larvik Foods was headquartered in Randers",
            "Larvik Foods moved its headquarters from Randers to Aarhus in 1994.",
            Stance.NEUTRAL,
        ),
        (  # *a lack of* denies what it governs, as *no* does
            "The study found a lack of correlation between rainfall and crop yield",
            "The study found a close correlation between rainfall and crop yield.",
            Stance.REFUTES,
        ),
        (  # a comparison of two named things is supported only by a comparison, not one side's count
            "more people visited the Vell Art Hall than the Maritime Museum in 2023",
            "About 62,000 people visited the Vell Maritime Museum in 2023.",
            Stance.NEUTRAL,
        ),
        (
            "more people visited the Vell Art Hall than the Maritime Museum in 2023",
            "In 2023 the Vell Art Hall had 41,000 visitors, fewer than the Maritime Museum.",
            Stance.REFUTES,
        ),
        (  # what the hypothesis says of a named thing must be said: its name and collapse are not its cause
            "Did rust cause the Orrin Viaduct collapse",
            "The Orrin Viaduct, a concrete road bridge over the Kell, collapsed at dawn on 4 May 2011.",
            Stance.NEUTRAL,
        ),
        (
            "the Orrin Viaduct collapsed because of rust",
            "The Orrin Viaduct, a concrete road bridge over the Kell, collapsed at dawn on 4 May 2011.",
            Stance.NEUTRAL,
        ),
        ("Did rust cause the Orrin Viaduct collapse", "Rust was not the cause of the collapse.", Stance.REFUTES),
        (  # *because of X* claims that X caused it: denying the cause refutes it
            "the Orrin Viaduct collapsed because of rust",
            "Rust was not the cause of the collapse.",
            Stance.REFUTES,
        ),
        (
            "the Orrin Viaduct collapsed because of rust",
            "The Orrin Viaduct collapsed because rust had eaten through its bearings.",
            Stance.SUPPORTS,
        ),
        (  # a role that ended is no longer held: *still* asks about now
            "Is Ana Vidal still the chief executive of Corran Tools",
            "Ana Vidal served as chief executive of Corran Tools from 2009 until March 2022, when she was "
            "succeeded by Marcus Doyle.",
            Stance.REFUTES,
        ),
        (
            "Ana Vidal was the chief executive of Corran Tools",
            "Ana Vidal served as chief executive of Corran Tools from 2009 until March 2022.",
            Stance.SUPPORTS,
        ),
        (  # what held of earlier versions does not say what holds now
            "Tern is MIT licensed",
            "Tern 2.0 was the first release under the Apache License 2.0 (earlier versions were MIT licensed).",
            Stance.NEUTRAL,
        ),
        (  # another name of the same kind: another licence, which does not say this one
            "Tern is MIT licensed",
            "Tern is released under the Apache License 2.0.",
            Stance.NEUTRAL,
        ),
        ("Tern is MIT licensed", "Tern is MIT licensed, which mattered to our lawyers.", Stance.SUPPORTS),
        (  # a table's row under its header: another licence in the hypothesis's place
            "Tern is released under the MIT license",
            "| Generator | Language | Licence |\n|---|---|---|\n| Tern | Go | Apache 2.0 |\n| Inkpress | Rust | MIT |",
            Stance.NEUTRAL,
        ),
        (  # *previous* and *former* of another thing say nothing of an earlier state of this one
            "Tarn fjord sea ice is at a record low",
            "Tarn fjord sea ice hit a record low in 2012, below the previous low of 2007.",
            Stance.SUPPORTS,
        ),
        (
            "Tree-ring decline is discussed in Tarn papers",
            "The tree-ring decline was discussed in Tarn papers, as former Governor Ada Quill said.",
            Stance.SUPPORTS,
        ),
        (  # a version number is said whole: *3.10* does not say *3.8*
            "Tidewater 4 supports Python 3.8",
            "Version 4.0 of Tidewater was released in March 2025 and requires Python 3.10 or newer.",
            Stance.NEUTRAL,
        ),
        (  # what was stopped no longer holds
            "Tidewater 4 supports Python 3.8",
            "Tidewater 4.0.0: dropped support for Python 3.8 and 3.9.",
            Stance.REFUTES,
        ),
        (  # a person's surname names them; a place's or a prize's last word does not
            "Ada Quill studied at the University of Orrin",
            "Quill studied biology at the University of Orrin, where she took her doctorate in 1990.",
            Stance.SUPPORTS,
        ),
        (  # a role held from one year to another has ended; one taken up says nothing of now
            "Is Ada Quill still the director of the Tarn Institute",
            "Ada Quill was the director of the Tarn Institute from 2005 to 2019.",
            Stance.REFUTES,
        ),
        (
            "Is Ada Quill still the director of the Tarn Institute",
            "Ada Quill joined the Tarn Institute in 2001 and became its director in 2005.",
            Stance.NEUTRAL,
        ),
        (  # an amount within a bound states the bound
            "Lake Orvin is larger than 200 square kilometres",
            "Lake Orvin covers 212 square kilometres of the Tarn valley.",
            Stance.SUPPORTS,
        ),
        (
            "Lake Orvin covers less than 300 square kilometres",
            "Lake Orvin covers 212 square kilometres.",
            Stance.SUPPORTS,
        ),
        (  # a pair of years states each
            "In 1977 the Tarn oscillation switched to a warm phase",
            "1976/1977: the Tarn oscillation changed to a warm phase.",
            Stance.SUPPORTS,
        ),
        (  # a denial is answered only by a sentence saying most of what it denies, not by its topic
            "The harbour ferry does not run on Sundays in winter",
            "The harbour museum opens on Sundays.",
            Stance.NEUTRAL,
        ),
        (
            "The harbour ferry does not run on Sundays in winter",
            "In winter the harbour ferry runs on Sundays too.",
            Stance.REFUTES,
        ),
        (  # an opposite direction word refutes only a sentence about the same thing
            "Visitor numbers at the Orrin museum increased sharply after the new wing opened in the spring",
            "Ticket sales at the Orrin cinema decreased after it opened in the spring.",
            Stance.NEUTRAL,
        ),
        (
            "Visitor numbers at the Orrin museum increased after the new wing opened",
            "Visitor numbers at the Orrin museum decreased after the new wing opened.",
            Stance.REFUTES,
        ),
        # a question states nothing, however many words it shares (an FAQ's bold question line)
        ("The Kira Lite supports wireless charging", "**Does the Kira Lite support wireless charging?**", None),
        ("The Kira Lite supports wireless charging", '"Does the Kira Lite support wireless charging?"', None),
    ],
)
def test_stance_of_a_sentence_toward_a_hypothesis(hypothesis: str, sentence: str, expected: Stance | None) -> None:
    assert stance(hypothesis, sentence) is expected


def test_a_true_claim_is_supported_with_its_sources(tmp_path: Path) -> None:
    result = research_over(tmp_path, TOWER, "Is it true that the Eiffel Tower is 330 metres tall?")
    assert result.verdict is not None and result.verdict.verdict.value == "supported"
    assert result.answer.startswith("Verdict: supported")
    assert result.verdict.supporting and set(result.verdict.supporting) <= {c.id for c in result.claims}
    cited = {c.locator for c in result.citations}
    assert {"guide.md", "atlas.md"} <= cited and "tea.md" not in cited


def test_a_false_claim_is_refuted(tmp_path: Path) -> None:
    question = (
        "Is the following claim supported, refuted, disputed, or is there not enough information?"
        ' Claim: "The Eiffel Tower is 500 metres tall"'
    )
    result = research_over(tmp_path, TOWER, question)
    assert result.verdict is not None and result.verdict.verdict.value == "refuted", result.answer
    assert result.verdict.claim == "The Eiffel Tower is 500 metres tall"
    assert all(c.stance is Stance.REFUTES for c in result.claims if c.id in result.verdict.refuting)


MILLS = {
    "report.md": "Halvorsen Mills is a Norwegian textile firm headquartered in Skien. It was founded in 1911.",
    "history.md": "Halvorsen Mills opened its first weaving hall in 1912, two streets from the Skien harbour.",
}


def test_another_town_for_a_head_office_refutes_and_a_region_does_not(tmp_path: Path) -> None:
    (tmp_path / "a").mkdir(), (tmp_path / "b").mkdir()
    result = research_over(tmp_path / "a", MILLS, "Is it true that Halvorsen Mills is headquartered in Molde?")
    assert result.verdict is not None and result.verdict.verdict.value == "refuted", result.answer
    assert "Skien" in result.answer
    result = research_over(tmp_path / "b", MILLS, "Is it true that Halvorsen Mills is headquartered in Norway?")
    assert result.verdict is not None and result.verdict.verdict.value != "refuted", result.answer


def test_sources_on_both_sides_make_a_disputed_verdict_and_both_are_shown(tmp_path: Path) -> None:
    result = research_over(tmp_path, SPLIT, "Is it true that coffee drinking increases the risk of heart disease?")
    assert result.verdict is not None and result.verdict.verdict.value == "disputed", result.answer
    assert result.verdict.supporting and result.verdict.refuting
    assert "increases" in result.answer and "decreases" in result.answer  # shown, not averaged away


FOUNDED = {
    "about.md": "Tarnby Public Library is the library of Tarnby. It was established in 1898 with 4,000 books.",
    "news.txt": (
        "Tarnby Public Library marked its 125th anniversary on Friday. "
        "The library was founded in 1899, when the merchant Hedda Sollie donated her books to the city, Eide said."
    ),
}


def test_sources_that_disagree_with_each_other_but_all_refute_the_claim_refute_it(tmp_path: Path) -> None:
    # 1898 against 1899: no side is agreed, yet neither says 1905 -- the verdict was "disputed"
    (tmp_path / "a").mkdir(), (tmp_path / "b").mkdir()
    result = research_over(tmp_path / "a", FOUNDED, "Is it true that Tarnby Public Library was founded in 1905?")
    assert result.verdict is not None and result.verdict.verdict.value == "refuted", result.answer
    assert "disagree with each other" in result.verdict.rule
    assert any(g.category.value == "contradictory_sources" for g in result.gaps)  # the split stays shown
    result = research_over(tmp_path / "b", FOUNDED, "Is it true that Tarnby Public Library was founded in 1898?")
    assert result.verdict is not None and result.verdict.verdict.value == "disputed", result.answer


def test_a_claim_the_corpus_says_nothing_about_is_insufficient(tmp_path: Path) -> None:
    result = research_over(tmp_path, TOWER, "Is it true that the Brooklyn Bridge has six lanes?")
    assert result.verdict is not None and result.verdict.verdict.value == "insufficient"
    assert not result.claims


def test_a_factoid_has_no_verdict(tmp_path: Path) -> None:
    result = research_over(tmp_path, TOWER, "When was the Eiffel Tower completed?")
    assert result.verdict is None and "1889" in result.answer


def test_related_evidence_that_takes_no_side_is_shown_and_marked_as_such(tmp_path: Path) -> None:
    visits = {"visits.md": "The Eiffel Tower draws about seven million visitors a year, most of them in summer."}
    result = research_over(tmp_path, TOWER | visits, "Is it true that the Eiffel Tower was completed in 1889?")
    assert result.verdict is not None and result.verdict.verdict.value == "supported", result.answer
    sideless = [c for c in result.claims if c.stance is None]
    assert sideless, result.answer
    assert all(c.id not in result.verdict.supporting + result.verdict.refuting for c in sideless)
    for claim in sideless:  # its visitors are about the tower but not about its completion
        line = next(line for line in result.answer.splitlines() if claim.statement[:30] in line)
        assert line.startswith("Related, taking no side: ")


def test_a_quoted_title_is_not_evidence() -> None:
    from agents.offline.spans import readable

    assert not readable('"Seals caught in the global warming debate".')
    assert readable("Seals are caught in the middle of the global warming debate.")


BRIDGE = {
    "county.md": "Harlow Bridge spans the river Tarn. Harlow Bridge was designed to carry the mail coaches.",
    "guide.md": "Harlow Bridge is a stone bridge on the Tarn; Harlow Bridge was designed for the mail coaches.",
    "quill.md": "Ada Quill was an engineer from Eastport who built mills along the coast.",
}


def test_mentions_of_one_side_of_a_relation_do_not_answer_a_yes_no_question_about_it(tmp_path: Path) -> None:
    result = research_over(tmp_path, BRIDGE, "Did Ada Quill design Harlow Bridge?")
    assert result.verdict is not None and result.verdict.verdict.value == "insufficient", result.answer


LAKE = {
    "survey.md": "The 2019 survey measured the maximum depth of Lake Orvin at 94 metres, near the northern basin.",
    "atlas.md": "Lake Orvin is a glacial lake. Lake Orvin reaches a depth of 94 metres in its northern basin.",
    "town.md": "The town of Mereth lies on the southern shore of Lake Orvin and had 14,200 people in 2021.",
}


def test_a_yes_no_question_with_a_wrong_measure_is_refuted_as_a_statement(tmp_path: Path) -> None:
    result = research_over(tmp_path, LAKE, "Is Lake Orvin 87 metres deep?")
    assert result.verdict is not None and result.verdict.verdict.value == "refuted", result.answer
    assert result.verdict.claim == "Lake Orvin is 87 metres deep"


def test_a_pronoun_for_the_pages_subject_names_it_in_a_relation() -> None:
    sentence = "She founded Fennick Instruments in 1987."
    assert stance("Maren Holt founded Fennick Instruments", sentence, "founder\nMaren Holt\n") is Stance.SUPPORTS
    assert stance("Maren Holt founded Fennick Instruments", sentence) is Stance.NEUTRAL  # whose page is unknown


def test_a_did_question_about_a_named_subject_is_checked_as_a_statement(tmp_path: Path) -> None:
    pages = {
        "founder.md": "Maren Holt\n\nMaren Holt (born 1951) is an engineer. She founded Fennick Instruments in 1987.",
        "company.md": "# Fennick Instruments\n\nFennick Instruments makes marine sensors in Bergen.",
    }
    result = research_over(tmp_path, pages, "Did Maren Holt found Fennick Instruments?")
    assert result.verdict is not None and result.verdict.claim == "Maren Holt founded Fennick Instruments"
    assert result.verdict.verdict.value == "supported", result.answer


def test_a_pronoun_for_the_pages_subject_lets_its_value_support_or_refute() -> None:
    page = "# Lake Tarrow\n\nLake Tarrow is a glacial lake."
    sentence = "It covers an area of 212 square kilometres and reaches a maximum depth of 94 metres."
    assert stance("Lake Tarrow is 87 metres deep", sentence, page) is Stance.REFUTES
    assert stance("Lake Tarrow is 94 metres deep", sentence, page) is Stance.SUPPORTS


def test_a_pronoun_names_its_pages_subject_not_the_rest_of_the_opening_sentence() -> None:
    """*It stores metrics ...* on Larkdb's page is about Larkdb; it says nothing of what Larkdb is
    written in, though the page's opening sentence says *written in Rust*."""
    page = "# Larkdb\n\nLarkdb is an embedded database written in Rust. It stores metrics in compressed column blocks."
    sentence = "It stores metrics in compressed column blocks."
    assert stance("Larkdb is written in Go", sentence, page) is None
    assert stance("Larkdb stores metrics in compressed column blocks", sentence, page) is Stance.SUPPORTS


WRECK = {
    "museum.md": "# The wreck of the SS Orla\n\nThe steamship SS Orla sank in the Irish Sea on 3 March 1931 after "
    "striking a rock off the headland.",
    "inquiry.md": "# Inquiry into the loss of the SS Orla\n\nThe inquiry found that the SS Orla was sunk by an "
    "uncharted rock.",
    "list.html": "<h2>7. SS Orla</h2><p>Sunk by a storm, the SS Orla took 40 lives. Her captain was among the dead",
}


def test_two_causes_of_one_event_dispute_each_other_and_a_shared_cause_is_stated_twice() -> None:
    assert stance(
        "the SS Orla was sunk by a storm", "The inquiry found that the SS Orla was sunk by an uncharted rock."
    ) is (Stance.REFUTES)
    assert stance("the SS Orla was sunk by a storm", "The SS Orla was sunk by a rock during a storm.") is (
        Stance.SUPPORTS
    )
    assert (
        stance(
            "the SS Orla was sunk by an uncharted rock",
            "The steamship SS Orla sank in the Irish Sea after striking a rock off the headland.",
        )
        is Stance.SUPPORTS
    )


def test_a_pronoun_names_the_topics_name_not_what_the_topic_line_says_of_it() -> None:
    passage = "Sunk by a storm, the SS Orla took 40 lives. Her captain was among the dead"
    assert stance("the SS Orla was sunk by a storm", "Her captain was among the dead", passage) is not Stance.SUPPORTS


def test_a_claim_that_one_source_gives_a_cause_the_others_contradict_is_refuted(tmp_path: Path) -> None:
    result = research_over(tmp_path, WRECK, "Is it true that the SS Orla was sunk by a storm?")
    assert result.verdict is not None and result.verdict.verdict.value == "refuted", result.answer
    assert any(g.category.value == "contradictory_sources" for g in result.gaps)


WEAVERS = {
    "about.md": (
        "# Orkdal Weavers\n\nOrkdal Weavers is a textile company based in Molde. It was founded in 1911.\n\n"
        "The company employs 410 people and exports to twelve countries.\n"
    ),
    "river.txt": "Weaving on the river\n\nMills once worked along the river. The council closed the last in 1980.",
}


def test_the_and_a_noun_stands_for_what_the_page_defined_as_one(tmp_path: Path) -> None:
    (tmp_path / "a").mkdir(), (tmp_path / "b").mkdir()
    result = research_over(tmp_path / "a", WEAVERS, "Is it true that Orkdal Weavers employs 300 people?")
    assert result.verdict is not None and result.verdict.verdict.value == "refuted", result.answer
    result = research_over(tmp_path / "b", WEAVERS, "Is it true that Orkdal Weavers employs 410 people?")
    assert result.verdict is not None and result.verdict.verdict.value == "supported", result.answer


SPECS = {
    "specs.csv": PHONES["specs.csv"],
    "launch.md": "# Kito A2 launch\n\nOrbis Mobile announced the Kito A2 on 14 March 2024 in Lisbon.",
}


def test_a_table_row_takes_a_side_as_its_cells_read_under_their_headers(tmp_path: Path) -> None:
    for folder, question, verdict in (
        ("a", "Is it true that the Kito A2 has a 4,100 mAh battery?", "refuted"),  # the A1's, not the A2's
        ("b", "Is it true that the Kito A2 weighs 188 grams?", "supported"),
    ):
        (tmp_path / folder).mkdir()
        result = research_over(tmp_path / folder, SPECS, question)
        assert result.verdict is not None and result.verdict.verdict.value == verdict, result.answer
        assert any("Kito A2 | 4500 | 188" in c.raw_excerpt for c in result.citations), result.citations


def test_a_pronoun_after_an_opening_date_names_the_page_topic() -> None:
    sentence = "In 2012 she received the Tarn Prize."
    page = f"# Ada Quill\n\nAda Quill (born 1961) is a marine biologist.\n\n## Awards\n\n{sentence}"
    assert stance("Ada Quill received the Tarn Prize", sentence, page) is Stance.SUPPORTS


def test_winning_a_prize_is_receiving_it_and_winning_a_race_is_not() -> None:
    # *Has Ada Quill won the Tarn Prize?* was insufficient beside ``she received the Tarn Prize``
    sentence = "In 2012 she received the Tarn Prize."
    page = f"# Ada Quill\n\nAda Quill (born 1961) is a marine biologist.\n\n## Awards\n\n{sentence}"
    assert stance("Ada Quill has won the Tarn Prize", sentence, page) is Stance.SUPPORTS
    assert canonical_events("She won a gold medal")[0][0] == "award"
    assert canonical_events("Which boat won the Lindholm regatta") == []


def test_a_doctored_page_takes_no_side_in_a_claim_check(tmp_path: Path) -> None:
    """A passage whose note says its facts were altered neither supports nor refutes the claim (the
    note is read in the passage it closes: a note in another paragraph of a long page is not seen)."""
    docs = {
        "guide.md": "The Orla Bridge is 410 metres long. It was opened in 1931 across the Orla estuary.",
        "doctored.md": "The Orla Bridge is 520 metres long and was opened in 1931. Note: The context has been "
        'modified to replace "410" with "520" to support the new answer.',
        "tea.md": "Tea was first brought to Europe by Portuguese traders in the sixteenth century.",
    }
    result = research_over(tmp_path, docs, "Is it true that the Orla Bridge is 410 metres long?")
    assert result.verdict is not None and result.verdict.verdict.value == "supported", result.answer
    assert all("doctored" not in c.locator for c in result.citations)


VIADUCT = "# Vell Viaduct\n\nThe Vell Viaduct carries the coast railway over the Orla. "


@pytest.mark.parametrize(
    ("sentence", "expected"),
    [
        (VIADUCT + "The viaduct was designed by the engineer Tomas Lind, who built the Orla Pier.", Stance.REFUTES),
        (VIADUCT + "Tomas Lind designed the Vell Viaduct in 1901.", Stance.REFUTES),
        (VIADUCT + "The Vell Viaduct was designed by Tomas Lind and Ada Quill.", Stance.SUPPORTS),
        (VIADUCT + "The Vell Viaduct was designed by Tomas Lind and Petra Holm.", Stance.NEUTRAL),  # shared work
        (VIADUCT + "The Vell Viaduct was built by the Orla Iron Company.", Stance.NEUTRAL),  # another act
        (VIADUCT + "Tomas Lind designed the Orla Pier.", None),  # another thing: not about it
        (VIADUCT + "Tomas Lind 1901, the Vell Viaduct guide, was printed in 1902.", Stance.NEUTRAL),  # no act
    ],
)
def test_another_doer_of_the_act_alone_refutes_who_did_it(sentence: str, expected: Stance | None) -> None:
    """*Ada Quill designed the Vell Viaduct* is refuted by a sentence giving the design to another
    name alone, on the viaduct's page (*The viaduct* stands for it there), and by nothing else."""
    passage, last = sentence, sentence.rsplit(". ", 1)[-1]
    dated = "guide" in sentence  # a year between the names is no act (``Tomas Lind 1901``)
    hypothesis = f"Ada Quill designed the {'1901 ' if dated else ''}Vell Viaduct"
    assert stance(hypothesis, last, passage) is expected


@pytest.mark.parametrize(
    ("sentence", "expected"),
    [
        ("The Orla hydroelectric station generated 21 GWh in 2022.", Stance.SUPPORTS),
        ("The Orla Dam has a pumping station.", Stance.NEUTRAL),  # *pumping* is said in its place
        ("The Orla Dam has a visitor centre.", Stance.NEUTRAL),
        ("The Orla Dam has no power station.", Stance.REFUTES),
    ],
)
def test_a_compound_s_modifier_left_out_still_says_the_thing(sentence: str, expected: Stance) -> None:
    """*a hydroelectric station* says *a hydroelectric power station*: a word that only modifies the
    next one the sentence says may go unsaid, as one word in four may."""
    assert stance("The Orla Dam has a hydroelectric power station", sentence) is expected


def test_a_verb_is_no_modifier_of_the_noun_after_it() -> None:
    """*pushed* does not modify *chair* in *pushed out as chair*: a sentence saying the rest but not
    the act (*will retire as chair*) does not say the hypothesis."""
    hypothesis = "Ada Quill was pushed out as chair by the board"
    assert stance(hypothesis, "The board announced that Ada Quill will retire as chair in June.") is Stance.NEUTRAL


def test_a_rumour_passed_on_takes_no_side() -> None:
    hypothesis = "Ada Quill was pushed out as chair by the board"
    assert stance(hypothesis, "word on the street is the board pushed Ada Quill out as chair.") is None
    assert stance(hypothesis, "Ada Quill was allegedly pushed out as chair by the board.") is None
    assert stance(hypothesis, "the board pushed Ada Quill out as chair if i remember right") is None  # a guess
    assert stance(hypothesis, "Ada Quill was pushed out as chair by the board in May.") is Stance.SUPPORTS


def test_a_version_the_hypothesis_gives_must_be_said_beside_its_values() -> None:
    hypothesis = "The Vell bug that corrupted files over 2 GB was fixed in version 2.5.0."
    assert stance(hypothesis, "Vell had a bug where files over 2 GB were corrupted.") is Stance.NEUTRAL
    assert stance(hypothesis, "The Vell bug with files over 2 GB was fixed in 2.4.2.") is Stance.NEUTRAL
    assert stance(hypothesis, "The Vell bug that corrupted files over 2 GB was fixed in 2.5.0.") is Stance.SUPPORTS


def test_a_fact_sheet_s_list_line_takes_a_side_on_a_claim(tmp_path: Path) -> None:
    """``- Net profit EUR 84.6m (2023: EUR 71.2m)`` reads as no sentence, but states the profit;
    *made a net profit* manufactures nothing (no event of making to tell the figures apart by)."""
    release = (
        "Vell Foods reports record 2024\n\nVell Foods N.V. today published its results for 2024.\n\n"
        "Highlights\n- Net revenue up 12 per cent to EUR 1.25bn (2023: EUR 1.12bn)\n"
        "- Net profit EUR 84.6m (2023: EUR 71.2m)\n- 612,000 loaves sold\n"
    )
    question = "Is the following claim supported? Claim: Vell Foods N.V. made a net profit of €86.4 million in 2024."
    result = research_over(tmp_path, {"release.txt": release}, question)
    assert result.verdict is not None and result.verdict.verdict.value == "refuted", result.answer
    assert canonical_events("Vell made a net profit of 84.6 million.") == []
    assert [e for e, _, _ in canonical_events("Vell made the first frame in 2003.")] == ["make"]


def test_a_table_of_models_side_by_side_is_read_by_column_and_a_sibling_model_says_nothing() -> None:
    specs = (
        "| Specification | Vela Go | Vela 7 | Vela Max |\n|---|---|---|---|\n"
        "| Weight | 168 g | 205 g | 412 g |\n| Battery (mAh) | 1500 | 2200 | 3600 |"
    )
    assert stance("The Vela 7 weighs 215 grams.", specs) is Stance.REFUTES
    assert stance("The Vela 7 weighs 205 grams.", specs) is Stance.SUPPORTS
    assert stance("The Vela 7 weighs 215 grams.", "The Vela Max weighs about 0.9 kg empty.") is Stance.NEUTRAL


def test_a_model_that_drops_a_feature_refutes_that_it_has_it() -> None:
    hypothesis = "The Vela Go is waterproof"
    assert stance(hypothesis, "The cheaper Vela Go (EUR 119) drops the waterproofing and the warm light.") is (
        Stance.REFUTES
    )
    assert stance(hypothesis, "The Vela Go is waterproof to 2 m for an hour.") is Stance.SUPPORTS


def test_a_statement_the_next_sentence_retracts_refutes() -> None:
    hypothesis = "Ada Quill was found to have copied the Tarn survey"
    said = "First, the article stated that Ada Quill had been found to have copied the Tarn survey."
    correction = f"Corrections. {said} This was wrong. The panel found that Bo Lind copied it."
    assert stance(hypothesis, said, correction) is Stance.REFUTES
    assert stance(hypothesis, said, f"{said} The panel met in May.") is Stance.SUPPORTS  # nothing retracts it


def test_a_statement_reported_as_made_in_error_refutes() -> None:
    hypothesis = "Tarn homeowners must pay up to $900 toward a new meter"
    correction = "An article on May 3 incorrectly stated that Tarn homeowners must pay up to $900 toward a new meter."
    assert stance(hypothesis, correction) is Stance.REFUTES
    assert stance(hypothesis, "The article stated that Tarn homeowners must pay up to $900 toward a new meter.") is (
        Stance.SUPPORTS  # reported, not retracted
    )
    retracted = "We stated that Tarn homeowners pay for new meters. This is not the case."
    assert stance("Tarn homeowners pay for new meters", retracted.split(". ")[0] + ".", retracted) is Stance.REFUTES


def test_what_an_earlier_version_of_the_article_said_was_said_in_error() -> None:
    hypothesis = "Tarn Water tested its meters only once every nine months"
    correction = (
        "Correction, 4 May 2023: An earlier version of this story said that Tarn Water had moved to testing its"
        " meters every nine months."
    )
    assert stance(hypothesis, correction) is Stance.REFUTES
    assert stance(
        hypothesis, "A later version of the rules said that Tarn Water tests its meters every nine months."
    ) is (
        Stance.SUPPORTS  # a report, not a correction
    )


STORY_AND_ITS_CORRECTION = {
    "tarn-news.txt": (
        "TARNFORD, 2 May 2023 -- The town's water company changed its checks last year.\n\n"
        "Tarn News understands that Tarn Water moved from testing each meter every three months to testing it"
        " every nine months.\n\nCorrection, 4 May 2023: An earlier version of this story said that Tarn Water had"
        " moved to testing its meters every nine months. The interval was in fact extended to six months."
    ),
    "club.md": "The Tarnford walking club meets every Thursday at the village hall.",
}


def test_a_story_s_own_correction_withdraws_what_it_said(tmp_path: Path) -> None:
    question = "Is it true that Tarn Water tested its meters only once every nine months?"
    result = research_over(tmp_path, STORY_AND_ITS_CORRECTION, question)
    assert result.verdict is not None and result.verdict.verdict.value != "supported", result.answer


def test_a_hypothesis_s_opening_phrase_of_time_need_not_be_said() -> None:
    hypothesis = "After the rescue, Tomas Vell was flown to St Bride's Hospital in Tarnford."
    assert stance(hypothesis, "Tomas Vell was flown to St Bride's Hospital in Tarnford.") is Stance.SUPPORTS
    said = "We stated that Tomas Vell was flown to St Bride's Hospital in Tarnford."
    assert stance(hypothesis, said, f"{said} This was incorrect.") is Stance.REFUTES
    assert stance("Tomas Vell was flown to St Bride's Hospital because of the storm", said) is Stance.NEUTRAL


def test_a_dated_event_is_not_supported_by_a_sentence_that_reports_no_event() -> None:
    hypothesis = "Tarnview 3.0 was released on the date announced in the September 2022 roadmap"
    target = "The original target date for Tarnview 3.0, in the roadmap of September 2022, was 15 March 2023."
    assert stance(hypothesis, target) is Stance.NEUTRAL
    said = "Tarnview 3.0 was released on 21 June 2023, later than the September 2022 roadmap announced."
    assert stance("Tarnview 3.0 was released in June 2023", said) is Stance.SUPPORTS


def test_a_sentence_naming_none_of_the_hypothesis_s_names_does_not_support_it() -> None:
    hypothesis = "Ada Quill was found to have copied data in the Tarn-4 survey paper"
    unnamed = "The journal retracted the survey paper after an inquiry found its lead author had copied data."
    assert stance(hypothesis, unnamed) is Stance.NEUTRAL
    assert stance(hypothesis, "An inquiry found that Ada Quill had copied data in the survey paper.") is Stance.SUPPORTS


def test_a_fact_sheet_line_is_about_its_page_s_topic() -> None:
    hypothesis = "Tarn Rovers' colours are green and gold"
    assert stance(hypothesis, "Colours: green and gold") is Stance.SUPPORTS  # a field names no one: its page
    assert stance(hypothesis, "The club's colours are green and gold.") is Stance.NEUTRAL  # no name said


def test_a_permission_is_said_by_its_usual_wordings_and_refuted_by_a_ban() -> None:
    hypothesis = "bike is allowed on the Tarn ferry"
    assert stance(hypothesis, "Bicycles are welcome on the Tarn ferry.") is Stance.SUPPORTS
    assert stance(hypothesis, "Bicycles are not permitted on the Tarn ferry.") is Stance.REFUTES
    assert stance(hypothesis, "Bikes are banned from the Tarn ferry.") is Stance.REFUTES


def test_a_row_across_fares_side_by_side_is_read_in_the_column_the_hypothesis_names() -> None:
    fares = (
        "| | Saver | Flex |\n|---|---|---|\n| Cabin bag (max 8 kg) | Included | Included |\n"
        "| Checked bag | Not included \u2013 add one 23 kg bag for EUR 30 online "
        "| One checked bag up to 23 kg included |\n"
        "| Seat choice | Allocated at check-in | Choose any free seat |"
    )
    assert stance("Does a Tarnair Flex fare include a checked bag", fares) is Stance.SUPPORTS
    assert stance("Does a Tarnair Saver fare include a checked bag", fares) is not Stance.SUPPORTS


def test_a_title_with_a_subtitle_is_another_work() -> None:
    hypothesis = "The Emberfall campaign raised more than $1.4 million"
    sequel = "*Emberfall: The Drowned Halls* was crowdfunded in 2020, raising $874,300 from 6,112 backers."
    assert stance(hypothesis, sequel) is Stance.NEUTRAL
    assert stance(hypothesis, "The Emberfall campaign closed with $1,412,650 pledged.") is Stance.SUPPORTS


def test_another_modifier_in_a_compound_s_place_does_not_say_it() -> None:
    hypothesis = "the modern Tarn Valley Tramway is built to metre gauge"
    other = "Unlike the original tramway, the new line was built to standard gauge to share equipment."
    assert stance(hypothesis, other) is not Stance.SUPPORTS
    assert stance(hypothesis, "The modern Tarn Valley Tramway was built to gauge rules.") is not Stance.REFUTES


RESCUE = {
    "courier-story.txt": (
        "TARNFORD, 12 March -- Two walkers were rescued from Carn Dubh on Sunday night. "
        "At first light on Monday the helicopter was able to land on the ridge. "
        "Mr Holm was flown to St Ives Hospital in Tarnford, where his condition was described as stable."
    ),
    "courier-corrections.txt": (
        "CORRECTIONS\n\n"
        "We stated that the injured walker, Aron Holm, was flown to St Ives Hospital in Tarnford. "
        "This was incorrect. Mr Holm was flown directly to Wexley Royal Infirmary, which has a trauma unit."
    ),
    "club-news.md": "The Tarnford walking club meets every Thursday at the village hall.",
}


def test_a_correction_names_what_it_withdraws_in_several_ways() -> None:
    hypothesis = "410 jobs were lost in Tarnby when the Quay Works closed"
    said = "An article on Thursday stated that 410 jobs would be lost in Tarnby when the Quay Works closes."
    assert stance(hypothesis, said, f"{said} That figure was wrong and we withdraw it.") is Stance.REFUTES
    assert stance(hypothesis, "Early press reports that 410 jobs would be lost in Tarnby were corrected.") is (
        Stance.REFUTES
    )
    assert stance(hypothesis, "Early press reports that 410 jobs would be lost in Tarnby were widely shared.") is (
        Stance.SUPPORTS
    )


def test_a_report_the_next_sentence_answers_with_another_figure_takes_no_side() -> None:
    hypothesis = "The repair of the Vell Viaduct cost £3.2 million"
    said = "The article also said the Vell Viaduct repair cost £3.2 million."
    answered = f"{said} That was a 2010 estimate; the final cost of the viaduct repair was £5.1 million."
    assert stance(hypothesis, said, answered) is Stance.NEUTRAL
    assert stance(hypothesis, said, f"{said} The work took three years.") is Stance.SUPPORTS


def test_what_a_named_one_did_must_be_said_to_support_it() -> None:
    hypothesis = "Tarnwick Chemicals funded the orvazine foraging study"
    assert stance(hypothesis, "*Main article: [Retraction of the orvazine foraging study](#)*") is Stance.NEUTRAL
    assert stance(hypothesis, "The orvazine foraging study was funded by Tarnwick Chemicals.") is Stance.SUPPORTS


def test_what_a_one_word_name_did_must_be_said_to_support_it() -> None:
    hypothesis = "Tarnwick appealed the regulator's decision to fine it"
    assert stance(hypothesis, "The regulator has put out its draft decision to fine Tarnwick.") is Stance.NEUTRAL
    said = "Tarnwick lodged an appeal against the regulator's decision to fine it."
    assert stance(hypothesis, said) is Stance.SUPPORTS
    kept = "Tarnwick kept its head office in Dunvale after moving production to Orrby"  # *kept* says little
    assert (
        stance(kept, "Tarnwick's head office remained in Dunvale after production moved to Orrby.") is Stance.SUPPORTS
    )


def test_made_up_of_a_share_is_no_event() -> None:
    assert not canonical_events("digital loans made up 23 per cent of all loans in 2023")
    hypothesis = "digital loans made up about 23 per cent of all Tarnby Library loans in 2023."
    said = "Digital loans accounted for 23.0 per cent of all loans in 2023, compared with 24.1 per cent in 2022."
    assert stance(hypothesis, said) is Stance.SUPPORTS


def test_an_announcement_comes_before_the_state_it_announces() -> None:
    hypothesis = (
        "The appointment of Ada Quill as music director of the Tarn Philharmonic was announced in October 2017."
    )
    later = "The Tarn Philharmonic said Ada Quill, its music director since September 2018, will stay until 2030."
    assert stance(hypothesis, later) is not Stance.REFUTES
    assert stance("Ada Quill was music director of the Tarn Philharmonic in 2016.", later) is Stance.REFUTES


def test_a_report_with_an_aside_and_a_cause_is_retracted_by_the_next_sentence() -> None:
    hypothesis = "the Tarn Philharmonic cancelled its Vell tour because ticket sales were poor"
    said = (
        "An article on 22 May reported, citing an unnamed source, that the Tarn Philharmonic cancelled its"
        " Vell tour because ticket sales had been poor."
    )
    assert stance(hypothesis, said, f"{said} That was incorrect, and we withdraw it.") is Stance.REFUTES
    both = f"{said}\n\nBoth of these statements were incorrect."
    assert stance(hypothesis, said, both) is Stance.REFUTES


STORY_AND_CORRECTION = {
    "herald.txt": (
        "CORRECTIONS\n\nAn article on our website on 3 May stated that jet fuel from the spill at Tarn Airport"
        " had reached Orla Marsh.\n\nThat statement was incorrect. The fuel was held by the airport's drains."
    ),
    "news.txt": "Jet fuel from the spill at Tarn Airport reached Orla Marsh, residents said on Tuesday.",
    "club.md": "The Tarn birdwatching club meets on Sundays at the visitor centre.",
}


def test_a_retraction_in_the_next_paragraph_of_a_correction_is_read(tmp_path: Path) -> None:
    result = research_over(
        tmp_path, STORY_AND_CORRECTION, "Is it true that jet fuel from the spill at Tarn Airport reached Orla Marsh?"
    )
    refuting = [c for c in result.claims if c.stance is Stance.REFUTES]
    assert refuting and "stated that jet fuel" in refuting[0].statement, result.answer


def test_a_date_naming_the_subject_is_not_what_a_dated_hypothesis_claims() -> None:
    hypothesis = "the Harlow Road water main burst in March 2024 was caused by a Tessan Works crew digging a trench"
    assert stance(hypothesis, "4.2 The board discussed the Harlow Road water main burst of 2 March 2024.") is (
        Stance.NEUTRAL
    )
    said = "The Harlow Road water main burst on 2 March 2024 was caused by a Tessan Works crew digging a trench."
    assert stance(hypothesis, said) is Stance.SUPPORTS
    asked = "Did the 2022 dam inspection find cracking in the Orla spillway"
    assert stance(asked, "Item 3: the 2022 dam inspection report was received and noted.") is Stance.NEUTRAL
    # a number in the predicate is what is claimed: a sentence stating it says it
    assert (
        stance(
            "digital loans made up 23 per cent of all Tarnby Library loans in 2023",
            "Digital loans were 23 per cent of all loans in 2023.",
        )
        is Stance.SUPPORTS
    )


def test_a_correction_s_report_is_read_with_what_it_names_before_it() -> None:
    hypothesis = "two walkers died in the Carn Dubh rockfall of 4 May 2023"
    said = (
        'In our article "Two dead in Carn Dubh rockfall", published on 4 May 2023, we reported that two walkers'
        " had died in the rockfall."
    )
    assert stance(hypothesis, said, f"{said} This was incorrect. One walker died.") is Stance.REFUTES


def test_one_opening_a_sentence_counts_what_follows() -> None:
    hypothesis = "two walkers died in the Carn Dubh rockfall"
    assert stance(hypothesis, "One walker died in the Carn Dubh rockfall; another was injured.") is Stance.REFUTES
    assert stance(hypothesis, "One of the walkers died in the Carn Dubh rockfall.") is not Stance.REFUTES


def test_where_a_change_started_is_no_rival_of_where_it_ended() -> None:
    said = "The new line raises the plant's annual capacity from 4,800 tonnes to 11,500 tonnes."
    assert stance("The new line raised the plant's annual capacity to 11,500 tonnes.", said) is Stance.SUPPORTS
    assert stance("The new line raised the plant's annual capacity to 12,500 tonnes.", said) is Stance.REFUTES
    assert stance("The plant's annual capacity is 4,800 tonnes.", said) is Stance.REFUTES


@pytest.mark.parametrize(
    "said",
    [
        "The new line would raise the plant's annual capacity from 4,800 tonnes to 11,500 tonnes.",
        "The board agreed to increase the plant's annual capacity from 4,800 tonnes to 11,500 tonnes.",
        "The plant's annual capacity has grown from 4,800 tonnes to 11,500 tonnes.",
        "The new plant would raise annual capacity from the current 4,800 tonnes to 11,500 tonnes.",
    ],
)
def test_a_change_in_any_tense_starts_from_no_rival(said: str) -> None:
    assert stance("The new line raised the plant's annual capacity to 11,500 tonnes.", said) is not Stance.REFUTES


def test_a_prize_that_went_to_another_refutes_who_won_it() -> None:
    hypothesis = "The Salt Road won the Tarn Audience Award in 2023"
    assert stance(hypothesis, 'The Tarn Audience Award went to "Nine Winters", a documentary.') is Stance.REFUTES
    assert stance(hypothesis, "The Tarn Audience Award went to Nine Winters and The Salt Road.") is not Stance.REFUTES


WALKERS = {
    "courier-story.txt": (
        "TARNFORD, 4 May 2023 -- Two walkers are believed to have died in a rockfall on Carn Dubh this morning,"
        " according to people at the scene."
    ),
    "courier-correction.txt": (
        "Correction\n\nIn our article published on 4 May 2023, we reported that two walkers had died in the"
        " rockfall on Carn Dubh. This was incorrect. One walker died; the second was flown to hospital."
    ),
    "club.md": "The Tarnford walking club meets every Thursday at the village hall.",
}


@pytest.mark.parametrize(
    ("docs", "question"),
    [
        (RESCUE, "Is it true that Aron Holm was flown to St Ives Hospital in Tarnford?"),
        # the correction restates the story it retracts: that restatement is no second source for it
        (WALKERS, "Is it true that two walkers died in the rockfall on Carn Dubh on 4 May 2023?"),
    ],
)
def test_a_correction_stands_against_the_story_it_corrects(tmp_path: Path, docs: dict[str, str], question: str) -> None:
    result = research_over(tmp_path, docs, question)
    assert result.verdict is not None and result.verdict.verdict.value == "refuted", result.answer
    story = [g for g in result.gaps if g.category.value == "contradictory_sources"]
    assert story and "only to call it an error" in story[0].detail  # the story is not hidden: it is a gap


def test_what_is_planned_is_not_yet_done() -> None:
    hypothesis = "The Tarn Survey Project carried out an excavation season in 2020"
    assert stance(hypothesis, "A fifth excavation season is planned for July 2020.") is Stance.NEUTRAL
    assert stance(hypothesis, "The project is due to begin an excavation season in 2020.") is Stance.NEUTRAL
    assert stance(hypothesis, "The project carried out its fifth excavation season in 2020.") is Stance.SUPPORTS
    refit = "The 2023 refit of the Tarn ferry ended up costing more than its budget."
    said = "The refit was due to finish in March, but it ended in May 2023 and cost more than its budget."
    assert stance(refit, said) is Stance.SUPPORTS


def test_a_figure_a_plan_gives_is_not_what_was_done() -> None:
    hypothesis = "The Tarn ferry service opened with 12 boats"
    assert stance(hypothesis, "The service opened in May with 8 boats, against the 12 boats proposed in 2019.") is (
        Stance.REFUTES
    )
    assert stance(hypothesis, "A study in 2019 recommended a service of 12 boats and four piers.") is Stance.NEUTRAL
    assert stance(hypothesis, "The ferry service opened in May with 12 boats and four piers.") is Stance.SUPPORTS
    assert stance("A 2019 study proposed 12 boats for the Tarn ferry", "A study in 2019 proposed 12 boats.") is (
        Stance.SUPPORTS  # the plan is the claim
    )


def test_a_guessed_size_takes_no_side() -> None:
    hypothesis = "Tarn Dam is 38 metres high"
    assert stance(hypothesis, "tarn dam is massive, must be 60 metres high from the bottom.") is None
    assert stance(hypothesis, "Tarn Dam is 60 metres high from the bottom.") is Stance.REFUTES


def test_an_opening_article_is_no_word_of_a_name() -> None:
    said = "Future notices will say plainly that Stage 3 bans handheld hoses."
    assert stance("The Stage 3 rules banned the use of handheld hoses for watering gardens", said) is Stance.SUPPORTS
    assert stance("the Stage 3 rules banned the use of handheld hoses for watering gardens", said) is Stance.SUPPORTS


def test_a_hypothesis_saying_what_a_value_replaced_is_not_left_behind_by_it() -> None:
    said = "Since 2021, Tarn farmers have had to report a wolf kill within 72 hours, extended from 24 hours."
    assert stance("Tarn farmers have had 72 hours instead of 24 hours to report a wolf kill", said) is (Stance.SUPPORTS)
    assert stance("Tarn farmers have had 24 hours to report a wolf kill", said) is Stance.REFUTES


def test_what_will_be_done_is_not_yet_done() -> None:
    said = "It will enrol up to 30 patients aged 12 and over at two Tarn hospitals."
    assert stance("the Tarn trial enrolled 30 patients", said, f"The Tarn trial was approved. {said}") is not (
        Stance.SUPPORTS
    )
    assert stance("The Tarn trial will enrol 30 patients", "The Tarn trial will enrol up to 30 patients.") is (
        Stance.SUPPORTS
    )


def test_what_the_earlier_version_also_stated_was_said_in_error() -> None:
    said = "The earlier version also stated that the Tarn trial enrolled 30 patients; the Tarn trial enrolled 24."
    assert stance("the Tarn trial enrolled 30 patients", said) is Stance.REFUTES
    assert find_conflict(said, "and it was 24 patients in the Tarn trial not 30") is None  # the correction says 24


def test_a_correction_s_report_is_read_under_its_heading() -> None:
    hypothesis = "the air traffic controller on duty during the runway incursion at Tarn Airport was dismissed"
    said = (
        "First, the article reported, citing a source at the airport, that the air traffic controller on duty at the"
        " time of the incident had been dismissed."
    )
    heading = "CORRECTIONS\n\nTarn Airport runway incident\n\nAn article contained two errors."
    correction = f"{heading}\n\n{said} This is not correct."
    assert stance(hypothesis, said, correction) is Stance.REFUTES
    assert (
        stance(hypothesis, said, correction.replace("This is not correct.", "We stand by it.")) is not Stance.SUPPORTS
    )


def test_an_act_denied_outright_was_not_done_after_anything_either() -> None:
    hypothesis = "Tarn Air dismissed Captain Ada Quill after the Orr Point accident"
    denied = (
        "An earlier version of this article stated that Tarn Air had dismissed Captain Ada Quill pending the inquiry."
    )
    assert stance(hypothesis, denied) is Stance.REFUTES
    reported = "The article stated that Tarn Air had dismissed Captain Ada Quill pending the inquiry."
    assert stance(hypothesis, reported) is not Stance.REFUTES


def test_what_is_denied_was_found_by_no_one() -> None:
    hypothesis = "the Tarn Marine Board found that the Orr ferry's boiler had exploded"
    assert stance(
        hypothesis, "An earlier version of this article stated that the Orr ferry's boiler had exploded."
    ) is (Stance.REFUTES)
    assert stance(hypothesis, "The article stated that the Orr ferry's boiler had exploded.") is not Stance.REFUTES
    found = "the Tarn Marine Board found the Orr ferry's boiler exploded"  # *found* with no *that*
    assert stance(found, "There is no evidence that the Orr ferry's boiler exploded.") is Stance.REFUTES
    argued = "Ada Quill argues that there is no evidence that the Orr ferry's boiler exploded."  # one side's view
    assert stance(found, argued) is not Stance.REFUTES


GUIDE = (
    "TOP SIGHTS\n\n1. The Tarn Rope Museum\nthe star attraction. the shed is 342 m long\nOpening hours\n"
    "Apr-Oct: Tue-Sun 10:00-17:00\nClosed Mondays. Last entry 45 minutes before closing\n"
)


def test_a_line_saying_a_state_with_no_subject_is_of_the_heading_above_it(tmp_path: Path) -> None:
    hypothesis = "The Tarn Rope Museum is closed on Mondays"
    assert stance(hypothesis, "Closed Mondays.", GUIDE) is Stance.SUPPORTS
    assert stance(hypothesis, "Closed Mondays.", GUIDE.replace("Tarn Rope Museum", "Orr Boat Museum")) is not (
        Stance.SUPPORTS
    )
    docs = {"guide.txt": GUIDE, "club.md": "The Tarnford walking club meets every Thursday at the village hall."}
    result = research_over(tmp_path, docs, "Is the Tarn Rope Museum closed on Mondays?")
    assert result.verdict is not None and result.verdict.verdict.value == "supported", result.answer


def test_sales_reached_is_what_was_sold() -> None:
    hypothesis = "The Tarn Atlas had sold 180,000 copies by the end of 2018"
    said = "By 31 December 2018 total sales of The Tarn Atlas had reached 118,000 copies."
    assert stance(hypothesis, said) is Stance.REFUTES
    assert stance("The Tarn Atlas had sold 118,000 copies by the end of 2018", said) is not Stance.REFUTES


def test_a_total_paid_refutes_another_sum_paid_beside_its_parts() -> None:
    hypothesis = "Harrow Lane paid Tessel Surveys Ltd £84,500 for survey work."
    said = (
        "Harrow Lane has since confirmed, and Tessel Surveys Ltd agrees, that the firm was paid a total of £48,500 for"
        " two pieces of work:"
        " a channel survey (£31,200) and a bird survey (£17,300)."
    )
    assert stance(hypothesis, said) is Stance.REFUTES
    assert stance("Harrow Lane paid Tessel Surveys Ltd £48,500 for survey work.", said) is not Stance.REFUTES


def test_a_report_the_next_sentence_says_was_withdrawn_refutes_what_it_reported() -> None:
    hypothesis = "radiocarbon dating showed that a chapel stood at Tarnfield in the eighth century"
    said = "In May 2021 a local newspaper reported that the chapel stood at Tarnfield in the eighth century."
    assert stance(hypothesis, said, f"{said} The newspaper later withdrew the claim.") is Stance.REFUTES
    assert stance(hypothesis, said, f"{said} It has since retracted the story.") is Stance.REFUTES
    assert stance(hypothesis, said, f"{said} The excavation ended in June.") is not Stance.REFUTES


def test_a_report_followed_by_the_correct_figure_refutes_what_it_reported() -> None:
    hypothesis = "221 burials were excavated from the Tarnfield Abbey cemetery"
    said = "The article also stated that 221 burials had been excavated from the Tarnfield Abbey cemetery."
    assert stance(hypothesis, said, f"{said} The correct figure at the time was 167.") is Stance.REFUTES
    assert stance(hypothesis, said, f"{said} The dig ended in May.") is Stance.SUPPORTS


def test_an_earlier_view_a_comparison_is_set_against_is_one_base() -> None:
    hypothesis = "Dr Ada Quill conceded that the chapel was probably a century younger than first thought"
    said = (
        "Dr Ada Quill conceded on Thursday that the chapel was probably a century younger than the team had proposed."
    )
    assert stance(hypothesis, said) is Stance.SUPPORTS
    assert stance(hypothesis, "Dr Ada Quill said the chapel was a century younger than the tower.") is not (
        Stance.SUPPORTS
    )


AWARD_AND_ITS_CORRECTION = {
    "tarn-ledger.txt": (
        "Thursday 22 November 2018\n\nThe panel ordered Tarn Lane Press to pay Orr 65,000 crowns in compensation"
        " and to bear most of the costs of the proceedings."
    ),
    "ledger-corrections.txt": (
        "Corrections\n\n1. The article stated that the Tarn Arbitration Board ordered Tarn Lane Press to pay Orr"
        " Editions 65,000 crowns. The correct figure is 62,500 crowns, as stated in paragraph 7.1 of its award."
    ),
    "award.md": "7.1 The panel ordered Tarn Lane Press to pay Orr **62,500 crowns** in compensation for the delay.",
    "club.md": "The Tarnford walking club meets every Thursday at the village hall.",
}


def test_a_figure_a_correction_sets_right_stands_against_nothing(tmp_path: Path) -> None:
    question = "Is it true that the arbitration panel ordered Tarn Lane Press to pay Orr Editions 62,500 crowns?"
    result = research_over(tmp_path, AWARD_AND_ITS_CORRECTION, question)
    assert result.verdict is not None and result.verdict.verdict.value == "supported", result.answer


def test_a_denial_stating_every_date_refutes_a_dated_claim() -> None:
    hypothesis = "Mayor Ada Quill sat on the planning committee that refused the Orr Lane scheme in October 2017"
    said = (
        "Cllr Quill, who has led her group since 2011, was not on the planning committee that refused the Orr Lane"
        " scheme in October 2017."
    )
    assert stance(hypothesis, said) is Stance.REFUTES
    assert (
        stance(hypothesis, "The Orr Lane scheme was not refused in October 2017 by the planning committee.")
        is not Stance.SUPPORTS
    )


def test_a_hard_wrapped_correction_is_read_as_written() -> None:
    hypothesis = "the Tarn Commission fined Orr Power & Light 250,000 crowns over the 2022 blackout"
    passage = (
        "CORRECTION\n\nAn earlier version of this article, published on 3 March 2023,\n"
        "stated that the Tarn Commission fined Orr Power &\nLight 250,000 crowns over the 2022 blackout.\n"
        "This was incorrect. The Commission did not impose a fine."
    )
    said = (
        "An earlier version of this article, published on 3 March 2023, stated that the Tarn Commission fined"
        " Orr Power & Light 250,000 crowns over the 2022 blackout."
    )
    assert stance(hypothesis, said, passage) is Stance.REFUTES


def test_where_an_increase_comes_from_is_no_change_of_its_source() -> None:
    hypothesis = "While there are many drivers, CO2 is the largest radiative forcing and is increasing fastest."
    said = "Human activity has increased greenhouse gases, leading to increased radiative forcing from CO2 and methane."
    assert stance(hypothesis, said) is not Stance.REFUTES


@pytest.mark.parametrize(
    "said",
    [
        "With fuel use falling, the energy rate was cut from 1 April 2024, while the daily standing charge rose.",
        "The board approved a reduction in the energy rate from 1 April 2024, with an increase in the daily standing"
        " charge.",
    ],
)
def test_what_moved_the_other_way_is_read_next_to_each_change(said: str) -> None:
    hypothesis = "Did the daily standing charge for households go down on 1 April 2024"
    assert stance(hypothesis, said) is Stance.REFUTES
    assert stance(hypothesis, "On 1 April 2024 the daily standing charge fell to 42 cents.") is Stance.SUPPORTS


def test_a_cleft_it_stands_for_nothing_on_the_page() -> None:
    """*It was the treasurer, Oskar Brandt, who resigned* names the one who did it; its *It* is not
    the page's subject (the club's chair named in the title), so it says nothing of her resigning."""
    page = "Ilse Varga\nIlse Varga chairs the Tamsby Rowing Club. It was the treasurer, Oskar Brandt, who resigned."
    sentence = "It was the treasurer, Oskar Brandt, who resigned on 4 May 2021."
    assert stance("Ilse Varga resigned as chair of the Tamsby Rowing Club in May 2021", sentence, page) in (
        Stance.NEUTRAL,
        None,
    )
    assert stance("Ilse Varga resigned as chair of the Tamsby Rowing Club in May 2021", sentence) in (
        Stance.NEUTRAL,
        None,
    )
    said = "She resigned on 4 May 2021."  # a pronoun for the page's subject still names her
    assert stance("Ilse Varga resigned as chair of the Tamsby Rowing Club in May 2021", said, page) is Stance.SUPPORTS


def test_another_person_doing_the_dated_act_does_not_support_it() -> None:
    claim = "Ilse Varga resigned as chair of the Tamsby Rowing Club in May 2021"
    assert stance(claim, "Oskar Brandt resigned as treasurer of the Tamsby Rowing Club on 4 May 2021.") in (
        Stance.NEUTRAL,
        None,
    )
    assert stance(claim, "Varga resigned as chair of the Tamsby Rowing Club on 4 May 2021.") is Stance.SUPPORTS
    reported = "3.4 The chair reported that the treasurer, Oskar Brandt, had resigned from the club on 4 May 2021."
    assert stance(claim, reported) is not Stance.SUPPORTS


def test_a_claimed_cause_is_supported_only_by_a_sentence_stating_that_cause() -> None:
    """*withdrawn because the researchers had fabricated data* is not said by a sentence that gives
    another event another cause and only mentions the withdrawal."""
    claim = "the Tarn survey report was withdrawn because the researchers had fabricated data"
    sentence = (
        "A survey report from June 2021 overstated the decline because of a data-entry error at two sites; "
        "it was withdrawn by the authors in August 2021."
    )
    assert stance(claim, sentence) in (Stance.NEUTRAL, None)
    said = "In May the Tarn survey report was withdrawn because the researchers had fabricated data in two tables."
    assert stance(claim, said) is Stance.SUPPORTS


def test_whether_anyone_died_is_answered_by_a_death_not_by_the_event() -> None:
    claim = "Someone died in the 2019 Kessach chairlift accident"
    assert stance(claim, "The Kessach chairlift, dismantled after the accident of 2019, was replaced.") in (
        Stance.NEUTRAL,
        None,
    )
    assert stance(claim, "Nobody was killed in the 2019 Kessach chairlift accident.") is Stance.REFUTES
    assert stance(claim, "One skier died in the Kessach chairlift accident of 9 February 2019.") is Stance.SUPPORTS


def test_a_word_with_letters_beyond_ascii_is_one_word() -> None:
    claim = "Someone died in the 2019 Lärchenhang chairlift accident"
    assert stance(claim, "The Lärchenhang chairlift, dismantled after the accident of 2019, was replaced.") in (
        Stance.NEUTRAL,
        None,
    )
    assert content_words("Lärchenhang and São Paulo") == ["lärchenhang", "são", "paulo"]


CORRECTIONS = (
    "harbour_gazette_corrections_2021-03-09\n"
    "HARBOUR GAZETTE\n"
    "Tuesday 9 March 2021\n\n"
    "CORRECTIONS\n"
    "An article on 5 March stated that the Orrin Trust had cancelled its 2 million crown grant to the Tamsby "
    "Rowing Club. That was wrong. The trust has not cancelled its grant."
)


@pytest.mark.parametrize(
    "sentence",
    [
        "An article on 5 March stated that the Orrin Trust had cancelled its 2 million crown grant to the Tamsby "
        "Rowing Club.",
        "The Orrin Trust has not cancelled its grant to the rowing club.",
        "The Orrin Trust said it would not be cancelling its grant to the rowing club.",  # what is to come
    ],
)
def test_an_undated_denial_speaks_as_of_its_documents_date(sentence: str) -> None:
    """A correction dated 9 March 2021 saying the trust *has not cancelled* its grant (or retracting
    a report that it had) refutes *the trust cancelled its grant in March 2021*; the same words
    in a page with no date of its own, or a claim dated after the page, take no side."""
    claim = "In March 2021 the Orrin Trust cancelled its 2 million crown grant to the Tamsby Rowing Club"
    assert stance(claim, sentence, CORRECTIONS) is Stance.REFUTES
    undated = CORRECTIONS.replace("_2021-03-09", "").replace("Tuesday 9 March 2021\n", "")
    assert stance(claim, sentence, undated) is not Stance.REFUTES
    later = claim.replace("March 2021", "June 2022")
    assert stance(later, "The Orrin Trust has not cancelled its grant to the rowing club.", CORRECTIONS) in (
        Stance.NEUTRAL,
        None,
    )


def test_a_pronoun_names_the_thing_the_sentence_before_names_on_another_things_page() -> None:
    """On the railway line's page, *It has fourteen arches and is 312 metres long* right after *The
    Selwick Viaduct was built in 1870* is about the viaduct, not the line the page opened with."""
    page = (
        "# Tarrow Vale line\n\nThe Tarrow Vale line is a railway in Ambershire. It opened in 1871.\n\n"
        "## Crossings\n\nThe line crosses the Orrin valley at Selwick. The Selwick Viaduct was built in 1870 "
        "from gritstone. It has fourteen arches and is 312 metres long."
    )
    sentence = "It has fourteen arches and is 312 metres long."
    assert stance("The Selwick Viaduct is 312 metres long", sentence, page) is Stance.SUPPORTS
    assert content_words("Â\xadhumans") == ["human"]  # a lone letter of mis-decoded text is no word


def test_a_stop_dated_otherwise_refutes_a_dated_stop() -> None:
    claim = "Tarn Mill stopped production on 31 December 2022"
    assert stance(claim, "Tarn Mill ceased production on 30 June 2023.") is Stance.REFUTES
    assert stance(claim, "Tarn Mill ceased production on 31 December 2022.") is Stance.SUPPORTS


def test_a_name_in_a_later_clause_is_not_another_subject() -> None:
    claim = "Tamsby Borough Council's Strategic Planning Committee approved the harbour scheme in May 2019"
    sentence = (
        "The council's Strategic Planning Committee approved the harbour scheme on 14 May 2019, with funding "
        "from the Harbour Renewal Fund."
    )
    assert stance(claim, sentence) is Stance.SUPPORTS


def test_going_into_service_is_opening() -> None:
    claim = "The Orrin gondola went into service in December 2015"
    assert stance(claim, "The Orrin gondola opened on 19 December 2015.") is Stance.SUPPORTS
    assert stance(claim, "The Orrin gondola entered service on 4 January 2016.") is Stance.REFUTES


def test_another_number_for_the_same_kind_of_thing_refutes() -> None:
    claim = "the haul rope of the Orrin chairlift came off at tower 7 in the February 2019 accident"
    said = "On 9 February 2019 the haul rope of the Orrin chairlift came off the sheaves at tower 6."
    assert stance(claim, said) is Stance.REFUTES
    assert stance(claim, said.replace("tower 6", "tower 7")) is Stance.SUPPORTS
    assert stance(claim, said.replace("tower 6", "tower 6 and then at tower 7")) is not Stance.REFUTES
    # an age or a bound is no thing's number: *aged 18 and over* is not another *aged 12 to 17*
    covers = "On 2022-11-23 the agency authorised Orla Breath for adults aged 18 years and over, not for children."
    assert (
        stance("Orla Breath's 2022 authorisation does not cover patients aged 12 to 17", covers) is not Stance.REFUTES
    )


def test_an_item_of_a_list_brought_in_as_a_plan_states_nothing_done() -> None:
    consultation = (
        "Tarn Ridge consultation\n\n3.1 The current proposal is for:\n\n"
        "   - five wind turbines, each with a rated output of 3.0 MW;\n   - a new access track.\n"
    )
    claim = "Tarn Ridge Wind Farm consists of six turbines rated at 3.4 MW each"
    item = "five wind turbines, each with a rated output of 3.0 MW;"
    assert stance(claim, item, consultation) in (Stance.NEUTRAL, None)
    built = consultation.replace("The current proposal is for:", "The wind farm has:")
    assert stance(claim, item, built) is Stance.REFUTES


def test_a_figure_corrected_later_in_the_sentence_is_no_support() -> None:
    said = (
        "Coverage in the Tarn Courier initially gave the cost of the wing as £84.7 million; the newspaper "
        "corrected this to £64.7 million two days later."
    )
    assert stance("the Orla Wing cost £84.7 million to build", said) is not Stance.SUPPORTS
    assert stance("the Orla Wing cost £64.7 million to build", said) is Stance.SUPPORTS


def test_a_claim_check_reads_an_undated_denial_as_of_its_pages_dateline(tmp_path: Path) -> None:
    pages = {
        "gazette_2024-06-17.txt": (
            "HARBOUR GAZETTE\nMonday 17 June 2024\n\nTrust director quits\n\nThe director of operations, Pauline "
            "Ferrier, resigned on Monday. The Tamsby Health Trust's chief executive, Dr Simon Vale, said he would not "
            "be resigning over the waiting-list figures."
        ),
    }
    question = "Check this claim: the Tamsby Health Trust's chief executive, Dr Simon Vale, resigned in June 2024."
    result = research_over(tmp_path, pages, question)
    assert result.verdict is not None and result.verdict.verdict.value == "refuted", result.answer


def test_a_refusal_to_do_the_act_refutes_that_it_was_done() -> None:
    claim = "The Tarn council approved the harbour plan in 2019"
    assert stance(claim, "The Tarn council refused to approve the harbour plan in 2019.") is Stance.REFUTES
    assert stance(claim, "The Tarn council declined to approve the harbour plan in 2019.") is Stance.REFUTES


def test_a_figure_told_of_another_group_of_people_does_not_support_it() -> None:
    claim = "the Tarn committee voted 9 to 4 in favour of approving orlazine for adolescents"
    both = (
        "The Tarn committee voted 9 to 4 in favour of approving orlazine for adults, and 2 to 11 against "
        "approving it for adolescents."
    )
    assert stance(claim, both) is not Stance.SUPPORTS
    adults = "On the adult indication, the Tarn committee voted 9 in favour and 4 against approving orlazine."
    assert stance(claim, adults) is not Stance.SUPPORTS
    said = "The Tarn committee voted 9 to 4 in favour of approving orlazine for adolescents."
    assert stance(claim, said) is Stance.SUPPORTS


def test_a_reports_dateline_is_no_date_of_what_it_reports() -> None:
    claim = "The Orvik ferry service resumed on 12 March 2024."
    forecast = "ORVIK, March 11 \u2014 The Orvik ferry service could resume as early as Tuesday, officials said Monday."
    assert find_conflict(claim, forecast) is None
    assert stance(claim, forecast) is not Stance.REFUTES
    dated = "The Orvik ferry service resumed on March 11, officials said."
    assert find_conflict(claim, dated) is not None


def test_a_day_without_its_year_is_read_in_the_year_of_its_pages_date(tmp_path: Path) -> None:
    claim = "The Orvik ferry service resumed on 12 March 2024."
    minutes = (
        "HARBOUR BOARD\nMINUTES\nTuesday, 2 April 2024\n\n4.1 The ferry service resumed on 12 March after repairs."
    )
    said = "The Orvik ferry service resumed on 12 March after repairs to the slipway."
    assert stance(claim, said, minutes) is Stance.SUPPORTS
    assert stance(claim, said) is not Stance.SUPPORTS  # no page date: the year is unknown
    earlier = minutes.replace("2 April 2024", "2 February 2024")  # 12 March is after the page's date
    assert stance(claim, said, earlier) is not Stance.SUPPORTS
    pages = {
        "harbour_board_minutes.txt": (
            "HARBOUR BOARD\nMINUTES OF THE REGULAR MEETING\nTuesday, 2 April 2024\n\n4.1 The harbour master "
            "reported on the winter. The Orvik ferry service resumed on 12 March after repairs to the slipway."
        ),
        "tide_tables.md": "Tide tables for Orvik harbour are published each December by the harbour board.",
    }
    question = "Is the following claim supported? Claim: The Orvik ferry service resumed on 12 March 2024."
    result = research_over(tmp_path, pages, question)
    assert result.verdict is not None and result.verdict.verdict.value == "supported", result.answer


def test_the_one_meant_needs_no_of_phrase_where_the_sentence_says_the_noun_alone() -> None:
    claim = "Tomas Revik resigned in protest against the merger of the Tarrowgate and Quillon orchestras"
    assert stance(claim, "Tomas Revik resigned in protest at the merger in 2017.") is Stance.SUPPORTS
    other = "Tomas Revik resigned in protest at the merger of the Hull and Leeds orchestras in 2017."
    assert stance(claim, other) is not Stance.SUPPORTS


def test_a_denial_that_anyone_came_to_harm_is_read_in_what_its_page_tells() -> None:
    claim = "Someone was injured in the Harlow Road depot fire"
    story = (
        "Blaze destroys buses at Harlow Road depot\n\nHARLOW, 7 February - A fire destroyed eleven buses at the "
        "Harlow Road depot overnight. No-one was hurt."
    )
    for denial in ("No-one was hurt.", "Nobody was injured.", "There were no casualties."):
        assert stance(claim, denial, story) is Stance.REFUTES, denial
    other_page = "Ferry timetable changes\n\nThe winter timetable starts in October. No-one was hurt."
    assert stance(claim, "No-one was hurt.", other_page) is not Stance.REFUTES
    assert stance(claim, "No crew were injured.", story) is not Stance.REFUTES  # passengers may have been
    grave = "Someone was seriously injured when the Corra Finch ran aground"
    report = (
        "Report on the grounding of the Corra Finch\n\nThree passengers had minor cuts. There were no serious injuries."
    )
    assert stance(grave, "There were no serious injuries.", report) is Stance.REFUTES
    assert stance(grave.replace("seriously ", ""), "There were no serious injuries.", report) is not Stance.REFUTES


def test_a_denial_of_harm_said_within_a_sentence_naming_the_claims_town_and_a_day_is_read_on_its_page() -> None:
    claim = "Someone died as a result of the sea wall collapse in Harlow"
    page = "Review of the Harlow sea wall failure\n\nThe wall gave way. Harlow is lucky that no one died on 9 March."
    assert stance(claim, "Harlow is lucky that no one died on 9 March.", page) is Stance.REFUTES
    assert stance(claim, "Thankfully, nobody died.", page) is Stance.REFUTES
    assert stance(claim, "Tarnby is lucky that no one died on 9 March.", page) is not Stance.REFUTES  # another town
    assert stance(claim, "Harlow was lucky that no one died in the 1911 storm.", page) is not Stance.REFUTES


def test_was_anyone_harmed_when_something_happened_is_a_yes_no_question() -> None:
    asked = read_question("Was anyone seriously injured when the Corra Finch ran aground?")
    assert (
        asked.kind is Kind.YES_NO
        and asked.hypothesis == "Someone was seriously injured when the Corra Finch ran aground"
    )
    allowed = read_question("Were the residents allowed home when the alert was lowered?")  # when it was so
    assert allowed.kind is Kind.YES_NO
    alarm = read_question("Did the Keld pump alarm go off in the control room when the main failed?")
    assert alarm.hypothesis == "The Keld pump alarm went off in the control room when the main failed"
    assert read_question("Did the council say where the new depot would be built?").kind is not Kind.YES_NO
    assert "injuries" in search_terms(asked.hypothesis)  # ``no serious injuries``: a stemmed search does not fold it


def test_whether_anyone_was_hurt_is_answered_by_a_denial_on_the_events_page(tmp_path: Path) -> None:
    pages = {
        "courier_depot_fire.txt": (
            "Blaze destroys eleven buses at Harlow Road depot\n\nHARLOW, 7 February 2022 - A fire destroyed eleven "
            "buses at the Harlow Road depot overnight, the fire service said. The alarm was raised by night staff "
            "at 23:40.\n\nThere were no serious injuries and no pollution."
        ),
        "timetable.md": "The Harlow bus timetable changes on 4 April 2022, when route 7 is withdrawn.",
    }
    result = research_over(tmp_path, pages, "Was anyone seriously injured in the Harlow Road depot fire?")
    assert result.verdict is not None and result.verdict.verdict.value == "refuted", result.answer


def test_a_fact_box_count_with_a_note_refutes_another_count_far_below_its_title(tmp_path: Path) -> None:
    box = (
        "| Harlow Sinfonia | |\n|---|---|\n| **Formed** | 1 July 2018, by merger |\n| **Based in** | Harlow |\n"
        "| **Principal venue** | Mercer Hall, Harlow |\n| **Chief conductor** | Ilse Marr |\n"
        "| **Leader** | Tomas Brenn |\n| **Chorus** | Harlow Choral Society |\n| **Genre** | Classical |\n"
        "| **Season** | September to June |\n| **Concerts per season** | 64 |\n| **Recordings** | 12 |\n"
        "| **Musicians** | 104 (full-time establishment) |\n| **Website** | harlowsinfonia.example |"
    )
    claim = "the Harlow Sinfonia has been cut down to 90 full-time musicians"
    assert stance(claim, "| **Musicians** | 104 (full-time establishment) |", box) is Stance.REFUTES
    pages = {
        "harlow_sinfonia.md": f"# Harlow Sinfonia\n\n*From Valepedia, the free encyclopedia*\n\n{box}\n\nThe Harlow "
        "Sinfonia is a symphony orchestra formed by the merger of two orchestras.",
        "tickets.md": "Tickets for the Harlow Sinfonia's 2024 season go on sale on 1 March.",
    }
    result = research_over(tmp_path, pages, f"Check this claim: {claim}.")
    assert result.verdict is not None and result.verdict.verdict.value == "refuted", result.answer


GATE = "the Vell dam failed because its spillway gate jammed"


@pytest.mark.parametrize(
    ("sentence", "passage", "expected"),
    [
        (  # the claims named again to be dismissed, each of the alternatives they list
            "Claims that the spillway gate jammed or that the dam was overtopped are not supported by the gauge"
            " records.",
            "",
            Stance.REFUTES,
        ),
        (  # claims said where they were made, denied
            "Claims on social media that the spillway gate had jammed were denied by the operator.",
            "",
            Stance.REFUTES,
        ),
        (  # a report the next sentence names again to reject it
            "After the collapse, residents claimed that the spillway gate had jammed shut.",
            "After the collapse, residents claimed that the spillway gate had jammed shut. This claim was repeated"
            " widely but was rejected by the inquiry, whose tests showed the gate working normally.",
            Stance.REFUTES,
        ),
        (  # a report the next sentence confirms is no denial
            "After the collapse, residents claimed that the spillway gate had jammed shut.",
            "After the collapse, residents claimed that the spillway gate had jammed shut. This claim was later"
            " confirmed by the inquiry.",
            Stance.SUPPORTS,
        ),
        (  # a reply joined by *and* that dismisses the report by name
            "A popular theory held that the spillway gate jammed, and the inquiry found no evidence to support the"
            " theory.",
            "",
            Stance.REFUTES,
        ),
        (  # a reply joined by *and* that does not dismiss it
            "Residents claimed that the spillway gate had jammed shut, and the inquiry confirmed the claim.",
            "",
            Stance.SUPPORTS,
        ),
    ],
)
def test_a_report_dismissed_by_name_refutes_what_it_says(sentence: str, passage: str, expected: Stance) -> None:
    assert stance(GATE, sentence, passage) is expected


MYTH = {
    "inquiry.txt": (
        "VELL DAM INQUIRY: SUMMARY\n\nThe dam failed on 3 March 2021 because seepage through the left abutment"
        " washed out its foundation. Claims that the spillway gate jammed or that the dam was overtopped are not"
        " supported by the gauge records, which show the gate opening on command at 04:10."
    ),
    "herald.md": (
        "# Vell dam: the gate question\n\nAfter the collapse, residents claimed that the spillway gate had jammed"
        " shut. This claim was repeated widely but was rejected by the inquiry, whose tests showed the gate"
        " working normally."
    ),
    "forum.md": "honestly the vell dam failed because the spillway gate jammed, everyone in the valley knows it",
}


def test_a_popular_cause_the_sources_dismiss_is_refuted(tmp_path: Path) -> None:
    result = research_over(tmp_path, MYTH, "Is it true that the Vell dam failed because its spillway gate jammed?")
    assert result.verdict is not None and result.verdict.verdict.value == "refuted", result.answer


def test_a_name_the_hypothesis_says_is_no_sibling_of_another_it_says() -> None:
    hypothesis = "the blight in the Orla Valley was caused by floodwater from the Orla River"
    said = "A popular theory held that the blight was carried by floodwater from the Orla River in May."
    denied = f"{said} The inquiry found no evidence to support the theory."
    assert stance(hypothesis, said, denied) is Stance.REFUTES


def test_a_motion_defeated_was_not_passed() -> None:
    hypothesis = "Orla Town Council passed the motion asking the quarry to fund a new footbridge"
    assert stance(hypothesis, "A motion asking the quarry to fund a new footbridge was defeated by 9 votes to 6.") is (
        Stance.REFUTES
    )
    passed = "The motion asking the quarry to fund a new footbridge was passed unanimously."
    assert stance(hypothesis, passed) is not Stance.REFUTES
    approved = "The board approved the plan to close the Orla depot in 2025"
    assert stance(approved, "The board rejected the plan to close the Orla depot in 2025.") is Stance.REFUTES


def test_another_of_the_kind_in_place_of_the_name_says_nothing_of_it() -> None:
    hypothesis = "a member farm of the Orla Flats Cooperative planted seed from lot KX-118"
    other = "Lot KX-118 was sold through the Tarn Hollow Cooperative seed store in spring 2023 to member farms."
    assert stance(hypothesis, other) is Stance.NEUTRAL
    own = "A member farm of the Orla Flats Cooperative planted seed from lot KX-118 in April."
    assert stance(hypothesis, own) is Stance.SUPPORTS
    titled = "Dr. Quill is a professor of hydrology at the University of Tarn."  # a title tells no one apart
    assert stance(titled, "Ada Quill is a professor of hydrology at the University of Tarn.") is Stance.SUPPORTS


@pytest.mark.parametrize(
    ("sentence", "expected"),
    [
        ("The Orla trustees voted by seven votes to two to sell the Quill portrait.", Stance.REFUTES),
        ("The Orla trustees voted 6-3 to sell the Quill portrait, with one abstention.", Stance.REFUTES),
        ("The Orla trustees voted to sell the Quill portrait, with two against.", Stance.REFUTES),
        ("The Orla trustees voted unanimously to sell the Quill portrait.", Stance.SUPPORTS),
        ("The Orla trustees voted 9-0 to sell the Quill portrait.", Stance.SUPPORTS),
        ("The Orla trustees voted to sell the Quill portrait.", Stance.NEUTRAL),  # silent on the split
    ],
)
def test_a_unanimous_vote_is_refuted_by_votes_against(sentence: str, expected: Stance) -> None:
    assert stance("the Orla trustees voted unanimously to sell the Quill portrait", sentence) is expected
    assert (
        stance(
            "the Orla trustees voted 7 to 2 to sell the Quill portrait",
            "The Orla trustees voted unanimously to sell the Quill portrait.",
        )
        is Stance.REFUTES
    )


def test_what_remains_was_not_removed() -> None:
    hypothesis = "the 2022 Orla race results were removed from the official results list"
    said = "All results from the 2022 Orla race will remain on the official results list."
    assert stance(hypothesis, said) is Stance.REFUTES


def test_a_count_opening_its_sentence_is_compared_by_what_is_said_of_it() -> None:
    hypothesis = "27 lorries were turned back at the Orla border post during the strike"
    rival = "According to the customs union, 31 lorries were turned back at the border during the strike."
    assert stance(hypothesis, rival) is Stance.REFUTES
    other = "According to the customs union, 31 lorries were parked at the Orla depot during the strike."
    assert stance(hypothesis, other) is not Stance.REFUTES


def test_the_noun_a_page_is_titled_by_names_the_pages_subject() -> None:
    claim = "the Orrin & Vale porters' strike began on 6 March 2023"
    page = "# 2023 Orrin & Vale porters' strike\n\nIt was long.\n\nThe strike began at dawn on Monday 20 March 2023."
    assert stance(claim, "The strike began at dawn on Monday 20 March 2023.", page) is Stance.REFUTES
    other = "# Orrin & Vale porters\n\nIt was long.\n\nThe strike began at dawn on Monday 20 March 2023."
    assert stance(claim, "The strike began at dawn on Monday 20 March 2023.", other) is not Stance.REFUTES


def test_a_date_said_of_a_verb_and_its_particle_has_no_rival_in_another_acts_date() -> None:
    claim = "cooling tower CT-4 was switched off on 18 July 2024"
    assert find_conflict(claim, "Cooling tower CT-4 was installed in 2009 on the roof of the plant room.") is None
    assert find_conflict(claim, "2009          Cooling tower CT-4 installed on the roof of the plant room") is None
    assert find_conflict(claim, "Cooling tower CT-4 was switched off on 12 July 2024.") is not None


def test_a_claim_that_one_told_another_is_judged_by_the_telling_not_by_what_was_told() -> None:
    claim = "the governors had told their insurer that the Room 4 alarm was switched off before the break-in"
    assert stance(claim, "The alarm in Room 4 had been switched off on 2 May while a part was ordered.") in (
        Stance.NEUTRAL,
        None,
    )
    denied = "The review found that the governors had not told the insurer that the Room 4 alarm was disabled."
    assert stance(claim, denied) is Stance.REFUTES
    other = "Finding 2. The governors did not inform the school's insurer, Tarn Mutual, that the Room 4 alarm was off."
    assert stance(claim, other) is Stance.REFUTES
    said = "The governors told their insurer on 3 May that the Room 4 alarm had been switched off."
    assert stance(claim, said) is Stance.SUPPORTS
    warned = "scientists have warned that sea levels will rise by 2100"  # told no one in particular: as before
    assert stance(warned, "Scientists warned in 2019 that sea levels will rise by 2100.") is Stance.SUPPORTS


def test_a_claim_that_any_member_voted_against_needs_the_split_of_the_vote() -> None:
    claim = "Did any board member vote against accepting the Kell Review's recommendations"
    silent = "At its meeting on 2 May the board accepted all 9 recommendations of the Kell Review."
    assert stance(claim, silent) is Stance.NEUTRAL  # silent on the split of the vote
    counted = "Motion 1, that the board accepts all 9 recommendations of the Kell Review: For 8, Against 0, Abstain 1."
    assert stance(claim, counted) is Stance.REFUTES
    split = "Motion 1, that the board accepts all 9 recommendations of the Kell Review: For 6, Against 3, Abstain 0."
    assert stance(claim, split) is Stance.SUPPORTS


def test_a_report_dated_in_passing_and_then_called_wrong_refutes_what_it_reported() -> None:
    claim = "Kellplate's contract with Orby Borough Council was worth £2.1 million a year"
    passage = (
        "The review says the contract was worth £1.86 million a year. (The Gazette reported in October that the "
        "contract was worth £2.1 million a year. That figure was incorrect.)"
    )
    reported = "(The Gazette reported in October that the contract was worth £2.1 million a year."
    assert stance(claim, reported, passage) is Stance.REFUTES


def test_an_amount_framed_alike_is_a_rival_whatever_the_sentences_verb() -> None:
    claim = "Kellplate's contract with Orby Borough Council was worth £2.1 million a year"
    awarded = "In July 2021 Orby Borough Council awarded Kellplate a three-year contract, worth £1.86 million a year."
    assert find_conflict(claim, awarded) is not None
    assert find_conflict(claim, "In July 2021 Orby Borough Council awarded Kellplate a grant of £40,000.") is None


def test_a_figure_reported_and_then_revised_is_refuted() -> None:
    claim = "About 4,300 passengers were left stranded away from home when Tarrow Air collapsed."
    revised = (
        "Early reports stated that about 4,300 passengers were stranded; the administrators revised this to 3,860."
    )
    assert stance(claim, revised) is Stance.REFUTES
    kept = "Early reports stated that about 4,300 passengers were stranded; the administrators confirmed it."
    assert stance(claim, kept) is not Stance.REFUTES


def test_a_date_of_a_verb_and_its_particle_has_no_rival_in_the_verbs_date_alone() -> None:
    over = "the Outbreak Control Team declared the outbreak over on 8 November 2023"
    began = "The Health Protection Team declared an outbreak on 12 October and convened an Outbreak Control Team."
    assert find_conflict(over, began) is None
    assert find_conflict("the outbreak was declared on 12 October 2023", over) is None
    assert find_conflict(over, "The Outbreak Control Team declared the outbreak over on 12 November 2023.") is not None


def test_a_thing_caused_by_one_agent_is_not_caused_by_another() -> None:
    found = "The Orby outbreak was caused by Salmonella Enteritidis in chicken korma."
    assert stance("The Orby outbreak was caused by Listeria monocytogenes.", found) is Stance.REFUTES
    assert stance("The Orby outbreak was caused by Salmonella.", found) is Stance.SUPPORTS
    assert (
        find_conflict("The Orby outbreak was caused by Listeria.", "The Orby outbreak was caused in part by Listeria.")
        is None
    )


def test_a_date_before_or_after_a_bound_bears_the_bound_out() -> None:
    claim = "Did the Orby ferry service resume before July 2024"
    assert stance(claim, "The Orby ferry service resumed on 14 June 2024.") is Stance.SUPPORTS
    assert stance(claim, "14 Jun 2024   Orby ferry service resumes") is Stance.SUPPORTS
    assert stance(claim, "The Orby ferry service resumed on 2 August 2024.") is Stance.REFUTES
    assert stance(claim, "The Orby ferry service resumed in July 2024.") is Stance.REFUTES
    assert stance(claim, "The Orby ferry service resumed in 2024.") is not Stance.SUPPORTS  # before July or not
    after = "The Orby bridge reopened after March 2020"
    assert stance(after, "The Orby bridge reopened on 2 April 2020.") is Stance.SUPPORTS
    assert stance(after, "The Orby bridge reopened on 2 February 2020.") is Stance.REFUTES


ORBY_FAQ = {
    "faq.md": (
        "# Questions about the Orby Marsh heron colony\n\n"
        "The Orby Marsh Society looks after the heron colony at Orby Marsh and its two hides.\n\n"
        "**Q. Did the Society charge people to see the herons?**\n\n"
        "No. Entry to the hides stayed free throughout the breeding season, as it always has.\n\n"
        "**Q. Were the hides open at night?**\n\n"
        "Yes. Both hides stayed open around the clock while the chicks were in the nests.\n\n"
        "We asked visitors to keep to the boardwalk and to leave dogs at home."
    ),
    "notes.md": "The heron colony at Orby Marsh had 41 nests in 2024, up from 33 the year before.",
}


def test_an_faq_answer_takes_the_side_its_question_asks_about(tmp_path: Path) -> None:
    answer = "No. Entry to the hides stayed free throughout the breeding season, as it always has."
    faq = ORBY_FAQ["faq.md"]
    claim = "The Orby Marsh Society charged visitors an entry fee to see the herons"
    assert stance(claim, answer, faq) is Stance.REFUTES
    assert stance(claim, answer, "") is not Stance.REFUTES  # without its question, the answer says no such thing
    opened = "Yes. Both hides stayed open around the clock while the chicks were in the nests."
    assert stance("The hides were open at night", opened, faq) is Stance.SUPPORTS
    after = "We asked visitors to keep to the boardwalk and to leave dogs at home."
    assert stance(claim, after, faq) is not Stance.REFUTES
    result = research_over(
        tmp_path, ORBY_FAQ, "Did the Orby Marsh Society charge visitors an entry fee to see the herons?"
    )
    assert result.verdict is not None and result.verdict.verdict.value == "refuted", result.answer
    assert any(c.locator == "faq.md" for c in result.citations)


def test_a_motion_that_was_lost_was_not_passed() -> None:
    claim = "Councillor Orm's motion to restore the marsh grant was passed at the June 2024 council meeting"
    lost = "18 Jun 2024 Full Council: motion to restore the marsh grant lost (19-23-2); amendment carried (27-14-3)"
    assert stance(claim, lost) is Stance.REFUTES


def test_a_theory_named_to_be_rejected_is_refuted() -> None:
    claim = "the Orby works fire was started by a lightning strike"
    page = "Orby works fire\n"
    rejected = (
        "The inquiry rejected a popular theory that the fire had been started by lightning, noting the dry weather."
    )
    assert stance(claim, rejected, page + rejected) is Stance.REFUTES
    named = 'The report names "the lightning theory", the claim, made online, that the fire was started by lightning.'
    dismissed = 'The inquiry says there were no strikes that night and that the theory is "without foundation".'
    assert stance(claim, named, f"{page}{named} {dismissed}") is Stance.REFUTES
    assert stance(claim, named, f"{page}{named} The inquiry will report in June.") is not Stance.REFUTES


def test_a_closing_tie_to_the_event_need_not_be_restated() -> None:
    claim = "Orby Chemicals pleaded guilty to offences connected with the fire"
    pleaded = (
        "Orby Chemicals pleaded guilty in December 2023 to two offences of failing to ensure the safety of its staff."
    )
    assert stance(claim, pleaded) is Stance.SUPPORTS
    fined = "Orby Chemicals was fined in December 2023 for failing to ensure the safety of its staff."
    assert stance(claim, fined) is not Stance.SUPPORTS  # the tie is let go, not the plea


def test_a_sentence_saying_more_still_denies_all_a_claim_says() -> None:
    claim = "The Orby footbridge was brought down by resonance from festival-goers jumping in time to the encore."
    found = (
        "An inquiry found in March 2025 that the collapse had been caused by the substitution of lower-grade "
        "bolts at a splice joint, and it rejected a widely circulated theory that the bridge had been brought "
        "down by crowd resonance."
    )
    assert stance(claim, found, f"Orby footbridge collapse\n{found}") is Stance.REFUTES
    plain = "An inquiry found in March 2025 that the collapse had been caused by lower-grade bolts at a splice joint."
    assert stance(claim, plain, f"Orby footbridge collapse\n{plain}") is not Stance.REFUTES


def test_a_vote_to_do_another_thing_refutes_a_vote_to_do_this_one() -> None:
    asked = read_question(
        "Did Orby's licensing committee vote in August 2024 to revoke the festival's licence outright?"
    )
    assert (
        asked.hypothesis == "Orby's licensing committee voted in August 2024 to revoke the festival's licence outright"
    )
    suspended = "On 6 August 2024 Orby's licensing committee voted 7-4 to suspend the festival's licence."
    assert stance(asked.hypothesis, suspended) is Stance.REFUTES
    revoked = "On 6 August 2024 Orby's licensing committee voted 7-4 to revoke the festival's licence."
    assert stance(asked.hypothesis, revoked) is Stance.SUPPORTS


def test_a_challenge_the_court_dismissed_did_not_succeed() -> None:
    claim = "Orla Venn's election petition in the Regional Court succeeded"
    dismissed = "ORBY, 18 January - The Regional Court has dismissed former mayor Orla Venn's petition over the count."
    assert stance(claim, dismissed) is Stance.REFUTES
    upheld = "ORBY, 18 January - The Regional Court has upheld former mayor Orla Venn's petition over the count."
    assert stance(claim, upheld) is not Stance.REFUTES


def test_a_dateline_dates_the_report_not_what_it_reports() -> None:
    report = "ORBY, 18 January - The Regional Court has confirmed Tomas Vale as mayor."
    assert find_conflict("Tomas Vale became mayor on 1 December 2023.", report) is None
    dated = "ORBY, 18 January - The Regional Court confirmed Tomas Vale as mayor on 12 January."
    assert find_conflict("Tomas Vale was confirmed as mayor on 1 December 2023.", dated) is not None


ORBY_FIRE = {
    "courier.txt": (
        "ORBY VALLEY COURIER\nWednesday 14 September 2022\n\n"
        "RESIDENTS RETURN HOME AS COUNCIL REVISES EVACUATION FIGURE\n"
        "Dead fish found along a stretch of the river; water ban for three villages\n\nBy Tom Akinde\n\n"
        "ORBY, 14 September - The last families forced out of their homes by the fire at the Orby Works "
        "chemical plant were allowed back this afternoon, almost six days after they fled.\n\n"
        "Eleven residents were treated for smoke inhalation, two of them in hospital. Nobody died.\n"
    ),
    "wiki.md": (
        "# Orby Works fire\n\nThe Orby Works fire was a fire at a chemical plant in Orby which began on 9 September "
        "2022. About 2,400 people were evacuated from their homes."
    ),
}


def test_a_short_denial_of_harm_answers_whether_anyone_died(tmp_path: Path) -> None:
    result = research_over(tmp_path, ORBY_FIRE, "Did anyone die as a result of the Orby Works fire?")
    assert result.verdict is not None and result.verdict.verdict.value == "refuted", result.answer
    assert any(c.raw_excerpt == "Nobody died." for c in result.citations)


def test_where_a_thing_was_carried_out_is_said_by_where_it_began() -> None:
    claim = "the hand recount of the Orby mayoral vote was carried out at the Tallow Street Hall in Corrinth."
    began = "The recount began on 23 October at the Tallow Street Hall in Corrinth, with 186 counters in two shifts."
    assert stance(claim, began) is Stance.SUPPORTS
    elsewhere = "The recount began on 23 October at the Quay Sports Centre in Orby, with 186 counters in two shifts."
    assert stance(claim, elsewhere) is not Stance.SUPPORTS


def test_a_passive_with_its_particle_is_said_only_with_its_agent() -> None:
    claim = "the Orby hospital's systems were knocked out by a ransomware attack"
    failure = "ORBY, 15 October - The Orby hospital ran on paper after a computer failure knocked out its systems."
    assert stance(claim, failure) is not Stance.SUPPORTS
    rejected = (
        "The report firmly rejects claims, which spread on social media, that the hospital had been hit by ransomware."
    )
    assert stance("the Orby hospital had been hit by ransomware", rejected, f"Orby hospital outage\n{rejected}") is (
        Stance.REFUTES
    )


def test_accurate_is_the_opposite_of_inaccurate() -> None:
    claim = "the June 2025 course measurement by Heddy Marrow was inaccurate"
    found = "The measurement of the course carried out in June 2025 by Heddy Marrow was accurate."
    assert stance(claim, found) is Stance.REFUTES


def test_a_time_clause_closing_the_claim_says_when_not_what_was_counted() -> None:
    claim = "112 passengers were on board the Tarn ferry when the storm over the bay broke"
    assert stance(claim, "87 passengers and 4 crew members were on board the Tarn ferry.") is Stance.REFUTES
    assert stance(claim, "87 passengers were waiting on the quay in Tarnby.") is not Stance.REFUTES


def test_a_first_report_states_its_figure_firmly_neither_way() -> None:
    claim = "40 people were hurt in the Tarn ferry fire"
    first = "According to initial reports from the harbour office, 40 people were hurt in the Tarn ferry fire."
    assert stance(claim, first) is None
    assert stance(claim, "The harbour office said 40 people were hurt in the Tarn ferry fire.") is Stance.SUPPORTS
    checked = "Initial reports said 40 people were hurt in the Tarn ferry fire"  # the first report is what is checked
    assert stance(checked, first) is not None
    early = "Early reports put the number hurt in the Tarn ferry fire at 40."
    assert stance(claim, early) is None
    burned = "The Tarn forest fire burned about 1,900 hectares"
    assert stance(burned, "The fire service said the Tarn forest fire has so far burned about 1,900 hectares.") is None
    assert stance(burned, "The Tarn forest fire burned about 1,900 hectares in all.") is Stance.SUPPORTS
    counted = "Ada Quill finished 163 votes ahead of Tom Reed in the provisional count"  # a stage counted, no report
    assert stance("Ada Quill led Tom Reed by 163 votes in the provisional count", counted) is not None


def test_no_evidence_for_a_popular_story_denies_what_the_story_says() -> None:
    claim = "the Tarn Star was lured onto the Skerry Reef by wreckers showing false lights"
    story = (
        "The panel found no evidence whatsoever to support the popular story that the Tarn Star was lured "
        "onto the reef by wreckers showing false lights."
    )
    assert stance(claim, story) is Stance.REFUTES
    quoted = 'The court found "no evidence whatever" that wreckers had lured the Tarn Star onto the Skerry Reef.'
    assert stance(claim, quoted) is Stance.REFUTES
    assert stance(claim, "The panel found that the Tarn Star was lured onto the Skerry Reef by wreckers.") is not (
        Stance.REFUTES
    )


def test_no_sign_of_the_thing_a_cause_names_denies_that_cause() -> None:
    claim = "the Tarn blackout was caused by a cyberattack on the substation's protection relays"
    assert stance(claim, "The inquiry found no evidence of a cyberattack or sabotage.") is Stance.REFUTES
    fire = "the Tarn blackout was caused by a fire at the substation"
    assert stance(fire, "There was no sign of fire damage in the control room.") is not Stance.REFUTES  # of damage
    assert stance(fire, "Investigators found no evidence of a fire.") is Stance.REFUTES
    # a sentence giving a cause of its own denies no other cause: it says what it was
    nature = "Most of the Tarn valley's emissions are caused by nature"
    own_cause = "The Tarn valley's warming was not a natural variation but was caused by emissions from the smelter."
    assert stance(nature, own_cause) is not Stance.REFUTES


def test_a_report_the_next_sentence_says_was_rejected_is_denied() -> None:
    claim = "the Tarn listeria outbreak was caused by raw milk supplied by Holm Farm"
    report = "A claim that the outbreak was caused by raw milk circulated widely on social media in 2023."
    passage = f"Tarn listeria outbreak\n\n{report} It was rejected by the outbreak control team and by the review."
    assert stance(claim, report, passage) is Stance.REFUTES
    upheld = f"Tarn listeria outbreak\n\n{report} It was confirmed by the outbreak control team."
    assert stance(claim, report, upheld) is not Stance.REFUTES


def test_a_life_lost_is_a_death_and_a_page_denying_any_is_on_topic(tmp_path: Path) -> None:
    """*Did anyone lose their life in the Tarn landslide?* asks of a death; the landslide's page saying
    ``Nobody was killed.`` answers it, though it names neither the landslide nor a life lost."""
    asked = read_question("Did anyone lose their life in the Tarn landslide?")
    page = (
        "Tarn landslide\n\nA landslide buried the Tarn valley railway on 17 June 2024. The train stopped 60 metres "
        "short of the debris and its 89 passengers walked out along a forest road. Nobody was killed."
    )
    assert stance(asked.hypothesis, "Nobody was killed.", page) is Stance.REFUTES
    result = research_over(tmp_path, {"tarn_landslide.md": page}, asked.text)
    assert result.verdict is not None and result.verdict.verdict.value == "refuted", result.answer


def test_a_denial_of_being_there_answers_a_claim_of_being_there_at_a_moment_but_a_rule_does_not() -> None:
    claim = "Captain Ada Quill was on the bridge when the Tarn Star struck the shoal"
    denial = (
        "She was not on the bridge at the time of the grounding and remained on board until the ship was refloated."
    )
    page = f"Captain Ada Quill\n\nCaptain Ada Quill is the master of the Tarn Star. {denial}"
    assert stance(claim, denial, page) is Stance.REFUTES
    nobody = "nobody from the pool's staff was supervising at the fill point when the driver connected his hose"
    for rule in (
        "The trust's procedure required every delivery to be supervised at the fill point by a member of staff.",
        "Every delivery must now be supervised at the fill point by a member of staff.",
    ):
        assert find_conflict(nobody, rule) is None, rule


def test_a_negation_governing_only_a_pronoun_denies_nothing_a_claim_says() -> None:
    claim = "The residents of Kettle Row were evacuated along with Tarnby"
    sirens = "Sirens should be installed in Tarnby and Kettle Row, and in every other settlement that lacks them."
    assert stance(claim, sirens) is not Stance.REFUTES
    assert stance(claim, "The residents of Kettle Row were not evacuated along with Tarnby.") is Stance.REFUTES


def test_a_denial_of_harm_answers_an_event_its_page_tells_in_other_words() -> None:
    # *when the roof deck fell*: the page tells of *the partial collapse of the roof deck*, not of a fall
    claim = "Someone was killed when the Tarn Street roof deck fell"
    page = (
        "The Tarn Street car park collapse was the partial collapse of the roof deck of a car park in Harlow "
        "on 11 February 2023. Eleven people were injured. No one was killed."
    )
    assert stance(claim, "No one was killed.", page) is Stance.REFUTES
    elsewhere = "The Harlow ferry ran aground on 11 February 2023. No one was killed."
    assert stance(claim, "No one was killed.", elsewhere) is not Stance.REFUTES


def test_a_sentence_naming_its_pages_topic_by_its_noun_speaks_of_that_topic(tmp_path: Path) -> None:
    """``... voted to demolish the car park`` on the page of *the Tarn Street car park collapse* says it
    of the Tarn Street car park, in the proposal and in review; on another car park's page it does not."""
    question = "Did Harlow councillors vote to demolish the Tarn Street car park?"
    voted = "At a full council meeting on 14 November 2023 councillors voted by 29 to 11 to demolish the car park."
    page = (
        "# Tarn Street car park collapse\n\nThe roof deck of the car park fell in February 2023.\n\n"
        f"## Demolition\n{voted}"
    )
    result = research_over(tmp_path, {"tarn_street.md": page}, question)
    assert result.verdict is not None and result.verdict.verdict.value == "supported", result.answer
    other = page.replace("Tarn Street car park collapse", "Mill Lane car park collapse")
    assert stance(read_question(question).hypothesis, voted, other) is not Stance.SUPPORTS


def test_a_theory_weighed_then_dismissed_a_few_sentences_on_is_denied() -> None:
    claim = "the Tarn forest fire was started by a walker's discarded cigarette"
    theory = "The Inquiry considered the theory that the fire was started by a cigarette discarded by a walker."
    finding = (
        f"Tarn forest fire inquiry\n\nFinding 5. {theory} The nearest trail is 900 metres from the origin. "
        "The walker who called was 1.2 kilometres away. No physical evidence or witness account supports the theory."
    )
    assert stance(claim, theory, finding) is Stance.REFUTES
    weighed = finding.replace("No physical evidence or witness account supports the theory.", "It was weighed.")
    assert stance(claim, theory, weighed) is not Stance.REFUTES


def test_a_negated_claim_is_still_refuted_by_a_plain_statement_of_it() -> None:
    # (a sentence with no negation leaves nothing denied "of another thing": *isn't rising* against ``rising``)
    claim = "The sea level at Tarn Atoll isn't rising"
    assert stance(claim, "The sea level at Tarn Atoll is rising by 4 mm a year.") is Stance.REFUTES


def test_a_cause_that_is_an_act_is_said_only_with_its_act() -> None:
    claim = "Pemba got out of his enclosure because a keeper left the service gate unlatched after the evening feed"
    gates = (
        "Both the keeper gate and the service gate were found closed and padlocked at 07:55, and the keeper who "
        "carried out the evening feed was seen on CCTV locking both gates at 17:52."
    )
    assert stance(claim, gates) is not Stance.SUPPORTS  # the keeper, the gate and the feed, but nothing left open
    said = "Pemba got out because a keeper had left the service gate unlatched after the evening feed."
    assert stance(claim, said) is Stance.SUPPORTS


def test_what_a_name_did_after_an_opening_phrase_of_time_must_be_said_too() -> None:
    hypothesis = "After the spring audit, Tarnwick appealed the regulator's decision to fine it"
    assert stance(hypothesis, "The regulator has put out its draft decision to fine Tarnwick.") is Stance.NEUTRAL


def test_the_first_figure_of_one_later_raised_is_no_rival_of_the_later_one() -> None:
    hypothesis = "Orrby Water later raised its estimate of the sewage spilled into the Keld to 8,600 litres."
    page = "Orrby Water said on 3 June that about 2,000 litres of sewage had reached the Keld."
    assert (
        stance(hypothesis, "On 3 June Orrby Water gave an initial estimate of 2,000 litres.", page)
        is not Stance.REFUTES
    )


def test_a_stop_alone_does_not_say_that_the_thing_came_back() -> None:
    hypothesis = "the Orrby\u2013Keld ferry was back in service within a week of the spill"
    assert (
        stance(hypothesis, "Tarnline Ferries suspended the Orrby-Keld ferry service after the spill.") is Stance.NEUTRAL
    )
    said = "Tarnline Ferries resumed the Orrby-Keld ferry service five days after the spill."
    assert stance(hypothesis, said) is not Stance.REFUTES


def test_stepping_down_is_resigning_and_an_aside_after_the_name_is_read_past() -> None:
    hypothesis = "Tamsin Vell stepped down as Orrby Water chief executive after the review was published"
    said = (
        "Tamsin Vell, chief executive of Orrby Water since 2015, resigned on 3 May 2024, ten days after the review "
        "was published."
    )
    assert stance(hypothesis, said) is Stance.SUPPORTS
    other = "Tamsin Vell, chief executive of Orrby Water since 2015, said the company accepted the review."
    assert stance(hypothesis, other) is not Stance.SUPPORTS


def test_a_figure_given_first_does_not_support_the_claim_of_it() -> None:
    hypothesis = "twelve cups were stolen from the Keld cabinet in the May raid"
    said = (
        "The initial figure of 12 stolen cups arose because the inventory, which listed the 12 cups on show, "
        "was sent to police before staff had checked the cabinet."
    )
    assert stance(hypothesis, said) is not Stance.SUPPORTS
    assert stance("the initial figure given was twelve stolen cups", said) is Stance.SUPPORTS


def test_a_count_set_right_refutes_the_misreported_one_of_the_same_act() -> None:
    hypothesis = "twelve items were stolen from the Keld cabinet in the May 2023 raid"
    said = "Police confirmed that seven items had been stolen, not twelve as first reported."
    assert stance(hypothesis, said) is Stance.REFUTES
    assert stance("twelve items were on show in the Keld cabinet", said) is not Stance.REFUTES


def test_an_alarm_that_went_off_sounded_and_one_muted_says_neither() -> None:
    hypothesis = "The Keld pump alarm went off in the control room when the main failed"
    denied = "Because the pump alarm had been muted since May, no alarm sounded in the control room."
    assert stance(hypothesis, denied) is Stance.REFUTES
    muted = (
        "The Keld pump alarm and the level alarm had been muted at the control panel since 4 May because of false "
        "alarms."
    )
    assert stance(hypothesis, muted) is not Stance.SUPPORTS


def test_an_early_report_of_a_number_does_not_support_the_final_one() -> None:
    hypothesis = "the final tally of runners who reported symptoms after the Keld fun run was 31"
    assert stance(hypothesis, "Early press reports on 3 June put the number of runners with symptoms at 31.") is not (
        Stance.SUPPORTS
    )
    said = "The initial figure of 12 was wrong; 31 runners reported symptoms after the Keld fun run."
    assert stance(hypothesis, said) is Stance.SUPPORTS


def test_a_cause_denied_among_other_things_refutes_it() -> None:
    hypothesis = "a council salt lorry driven onto the upper deck caused the Keld Street car park collapse"
    said = (
        "Contrary to accounts on social media, no gritting vehicle, salt lorry or other machine was on the upper deck."
    )
    assert stance(hypothesis, said) is Stance.REFUTES
    assert stance(hypothesis, "No lorry tyre marks were found on the upper deck of the Keld Street car park.") is not (
        Stance.REFUTES
    )


def test_another_cause_of_the_thing_on_its_page_refutes_the_claimed_cause() -> None:
    hypothesis = "The Orrby care home outbreak was caused by E. coli O157."
    said = (
        "The outbreak was caused by Clostridium perfringens, a bacterium that multiplies in food left to cool slowly."
    )
    assert stance(
        hypothesis, said, f"Orrby care home outbreak\n\nNine residents of the Orrby care home fell ill. {said}"
    ) is (Stance.REFUTES)
    assert (
        stance(hypothesis, said, f"Keld bakery fire\n\nA fire destroyed the Keld bakery. {said}") is not Stance.REFUTES
    )


def test_what_sources_close_to_an_inquiry_told_a_paper_states_nothing_firmly() -> None:
    hypothesis = "Ada Quill received £40,000 in bribes from Orrby Homes"
    said = (
        "Sources close to the investigation told the Courier that payments to Ada Quill from Orrby Homes "
        "totalled £40,000."
    )
    assert stance(hypothesis, said) is None
