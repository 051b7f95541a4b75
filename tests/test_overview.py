"""An overview question (``What is known about X?``) is answered with several facts about X, what X
is first, including sentences that name X only by a pronoun in a page about X."""

from __future__ import annotations

from pathlib import Path

from agents.offline.candidates import candidates
from agents.offline.question import read_question
from tests.corpuskit import research_over
from tests.test_candidates import found

PAGES = {
    "founder.md": (
        "Maren Holt\n\nMaren Holt (born 14 March 1951) is a Norwegian engineer and businesswoman. She studied "
        "electrical engineering in Trondheim and graduated in 1975.\n\nShe founded Fennick Instruments in 1987 "
        "and led it until 2011. She received the St. Olav's Medal in 2009."
    ),
    "company.md": (
        "# Fennick Instruments\n\nFennick Instruments is a maker of marine sensors in Bergen. It was founded in "
        "1987 by the engineer Maren Holt. Its best-known product is the Tern depth sounder, first sold in 1991."
    ),
}


def test_an_overview_gathers_several_facts_about_its_subject_what_it_is_first(tmp_path: Path) -> None:
    result = research_over(tmp_path, PAGES, "What is known about Maren Holt?")
    claims = [c.statement for c in result.claims]
    assert len(claims) >= 3, claims
    assert claims[0].startswith("Maren Holt (born 14 March 1951) is a Norwegian engineer")
    assert any(c.startswith("She ") for c in claims)  # named by a pronoun on her own page: agreed
    assert not any("best-known product" in c for c in claims)  # the company's page's "Its" is not hers


def test_what_the_subject_is_does_not_answer_what_it_did() -> None:
    asked = read_question("What award did Maren Holt receive?")
    best = candidates(asked, found({"founder.md": PAGES["founder.md"]}))[0]
    assert best.statement == "She received the St. Olav's Medal in 2009."


def test_the_overviews_own_words_do_not_count_as_the_subjects(tmp_path: Path) -> None:
    pages = {
        "company.md": "# Fennick Instruments\n\nIts best-known product is the Tern depth sounder, first sold in 1991.",
        "tern.md": "The Tern depth sounder\n\nThe Tern is an echo sounder for small boats made by Fennick Instruments.",
    }
    result = research_over(tmp_path, pages, "What is known about the Tern?")
    assert result.claims and result.claims[0].statement.startswith("The Tern is an echo sounder"), result.answer


def test_a_web_page_paragraph_without_its_final_period_is_a_fact_of_the_overview(tmp_path: Path) -> None:
    pages = {
        "kessler.html": (
            "<html><body><nav>Home | Things to do | Observatories | Contact</nav><h1>Kessler Observatory</h1>"
            "<p>The Kessler Observatory was founded in 1896 by the brewer Anton Kessler on the hill above the "
            "harbour</p><p>Guided tours of the Kessler Observatory run on Thursday evenings from September to "
            "April</p></body></html>"
        ),
    }
    result = research_over(tmp_path, pages, "What is known about the Kessler Observatory?")
    claims = [c.statement for c in result.claims]
    assert any("founded in 1896 by the brewer Anton Kessler" in c for c in claims), result.answer
    assert not any("Home | Things to do" in c for c in claims)


NEWS = (
    "New ferry finally arrives\n\n"
    "LINDHOLM - After long delays, the electric ferry MF Torsa made its first crossing to Hamnøy on Monday. "
    "It was built in Gdansk.\n\n"
    "Captain Siri Vold, who has sailed the route for 17 years, said the new ship is much quieter.\n\n"
    "The old diesel ferry will be sold."
)


def test_a_later_paragraph_is_about_what_the_story_opens_with_not_only_its_headline(tmp_path: Path) -> None:
    result = research_over(tmp_path, {"news.txt": NEWS}, "Who is the captain of MF Torsa?")
    assert "Siri Vold" in result.answer, result.answer


def test_a_question_about_a_date_is_answered_by_what_happened_on_it(tmp_path: Path) -> None:
    page = "# Lindholm harbour\n\nThe harbour's new pier opened on 3 May 1999, after two years of building."
    result = research_over(tmp_path, {"harbour.md": page}, "What happened on 3 May 1999?")
    assert "new pier opened on 3 May 1999" in result.answer, result.answer


BRANCHES = {
    "report.md": (
        "# Orrvik Library: annual report\n\nThe Haugen branch was closed from March to September for repairs"
        " after a water leak. The Lunde branch now opens on Sundays."
    ),
    "news.txt": "Orrvik library turns 125\n\nThe director said the library now has seven branches and 4,000 borrowers.",
}


def test_an_overview_of_a_named_thing_takes_no_sentence_that_shares_only_its_common_noun(tmp_path: Path) -> None:
    result = research_over(tmp_path, BRANCHES, "What is known about the Nordby branch?")
    assert not result.claims, result.answer  # other branches, and the library's branches, are not the Nordby branch
