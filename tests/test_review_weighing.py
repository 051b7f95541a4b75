"""Reviewers weigh claims as the settlement reads them: a weaker reading is no contradiction, and
a sentence that answers its question is on topic though it does not repeat the subject."""

from __future__ import annotations

from pathlib import Path

from protocols import GapCategory
from tests.corpuskit import research_over


def test_a_year_merely_mentioned_near_the_question_words_does_not_contradict_the_answer(tmp_path: Path) -> None:
    pages = {
        "history.md": (
            "Kestrel Bay station. The station opened on 3 May 1902 as the terminus of the coast line. "
            "Its brick hall was designed by the railway's own engineers."
        ),
        "today.md": (
            "Kestrel Bay station today. Trains first reached the town on 3 May 1902. Opened in 1987, the "
            "Harbour Interchange replaced the old bus yard, bringing buses and trains together again."
        ),
    }
    result = research_over(tmp_path, pages, "When was the Kestrel Bay station opened?")
    assert "3 May 1902" in result.answer
    assert not [g for g in result.gaps if g.category is GapCategory.CONTRADICTORY_SOURCES]


def test_a_sentence_that_says_she_for_the_subject_still_answers_its_question(tmp_path: Path) -> None:
    pages = {
        "queen.md": (
            "Ysolde of the Coast. Ysolde was a queen of the coast kingdoms in the ninth century. "
            "She was the wife of both kings Tamsin Rook and Ebbe Lund, and the mother of Aldo."
        ),
        "noise.md": "The coast kingdoms traded amber and salt along the northern sea routes.",
    }
    result = research_over(tmp_path, pages, "Who was the husband of Ysolde?")
    assert "Tamsin Rook" in result.answer and result.citations


def test_a_figure_for_another_year_does_not_contradict_the_claim_in_review(tmp_path: Path) -> None:
    pages = {
        "now.md": "Ardmore is a town in Wisconsin. The population was 6,306 as of the 2020 census.",
        "then.md": "Ardmore, Brown County, Wisconsin. The population was 4,284 as of the 2010 census.",
        "early.md": "Ardmore, Brown County, Wisconsin. The population was 1,548 at the 2000 census.",
    }
    result = research_over(tmp_path, pages, "What is the population of Ardmore, Wisconsin?")
    assert result.citations and "6,306" in result.answer
    assert not [g for g in result.gaps if g.category is GapCategory.CONTRADICTORY_SOURCES]


def test_a_weak_mention_of_another_measure_does_not_contradict_the_answer_in_review(tmp_path: Path) -> None:
    pages = {
        "lake.md": "Lake Tarrow is a glacial lake. It reaches a maximum depth of 94 metres. "
        "The lake drains into the Tarrow River.",
        "survey.md": "The 2019 survey measured the maximum depth of Lake Tarrow at 94 metres, near the north shore.",
        "river.md": "Boating on Lake Tarrow\n\nThe Tarrow River leaves the lake at its eastern end and reaches the "
        "sea after 140 kilometres.",
    }
    result = research_over(tmp_path, pages, "How deep is Lake Tarrow?")
    assert "94 metres" in result.answer
    assert not [g for g in result.gaps if g.category is GapCategory.CONTRADICTORY_SOURCES]


def test_a_claim_opening_with_a_pronoun_answers_a_sibling_question_about_the_same_subject(tmp_path: Path) -> None:
    pages = {
        "tern.md": "The Tern depth sounder\n\nThe Tern is an echo sounder. It was launched in 1991 and "
        "measures depths of up to 300 metres."
    }
    result = research_over(tmp_path, pages, "When was the Tern launched and how deep can it measure?")
    assert "300 metres" in result.answer and "1991" in result.answer
    assert not [g for g in result.gaps if g.category is GapCategory.SOURCE_NOT_FOUND], result.gaps


def test_another_namesakes_birth_date_does_not_contradict_a_claim_about_what_one_is(tmp_path: Path) -> None:
    # two athletes share a name; each page says what its athlete is, with a birth date beside it:
    # the reviewers read the two dates as one person's in dispute and rejected both answers
    pages = {
        "football.md": (
            "Ivo Marsh (American football) Ivo Marsh (born March 4, 1994) is an American football offensive guard "
            "who is currently a free agent."
        ),
        "baseball.md": (
            "Ivo Marsh (baseball) Ivo Daniel Marsh (born June 12, 1988) is an American professional baseball "
            "outfielder who is currently a free agent."
        ),
    }
    result = research_over(tmp_path, pages, "What sport is Ivo Marsh associated with?")
    assert "football offensive guard" in result.answer and "baseball outfielder" in result.answer
    assert not [g for g in result.gaps if g.category is GapCategory.CONTRADICTORY_SOURCES]


def test_an_early_lower_bound_is_no_rival_of_the_final_count(tmp_path: Path) -> None:
    """*At least nine* in the first report allows the inquiry's *Fourteen*: one answer, no dispute;
    numbers written in words and a date's day and year are read as such."""
    pages = {
        "report.md": (
            "The ferry Saltmarsh Queen sank off Brenna Point on 2 March 2009. Fourteen passengers drowned "
            "and 60 were rescued. The inquiry blamed an open bow door."
        ),
        "wiki.md": (
            "The Saltmarsh Queen was a roll-on ferry built in Gdansk. It sank off Brenna Point on 2 March 2009, "
            "drowning 14 passengers."
        ),
        "paper.txt": "At least nine passengers drowned when the Saltmarsh Queen sank on Monday night.",
    }
    result = research_over(tmp_path, pages, "How many passengers drowned when the Saltmarsh Queen sank?")
    assert ("14 passengers" in result.answer or "Fourteen passengers" in result.answer) and result.citations
    assert "nine" not in result.answer and "60" not in result.answer
    assert not [g for g in result.gaps if g.category is GapCategory.CONTRADICTORY_SOURCES]


def test_a_why_question_is_answered_by_a_sentence_that_gives_a_cause(tmp_path: Path) -> None:
    pages = {
        "board.md": (
            "The Lindqvist Dam failed on 12 April 1987 and flooded the valley below. The review board "
            "found that the failure was caused by water seeping through a weak layer of shale under the dam."
        ),
        "atlas.md": (
            "Lindqvist Dam was an earth dam in the Vessel valley. It failed in 1987, killing four people. "
            "Seepage through the shale beneath the dam caused the failure, engineers later found."
        ),
        "letters.md": "The Lindqvist Dam failed in April 1987, a week after heavy rain, as many readers will recall.",
    }
    result = research_over(tmp_path, pages, "Why did the Lindqvist Dam fail?")
    assert "shale" in result.answer and result.citations
    assert "four people" not in result.answer and "readers" not in result.answer


def test_a_page_defining_the_bare_name_and_a_qualified_namesake_are_both_answered(tmp_path: Path) -> None:
    # the bare name's page never says which "Harrow Lantern" it means; the other page's title does:
    # two entities, each answer attributed to its own (one was dropped as a restatement)
    pages = {
        "play.md": (
            "The Harrow Lantern is a play written in 1931 by Edda Quill about a lighthouse keeper's family. "
            "It ran for two seasons at the Marlow Theatre."
        ),
        "film.md": (
            "The Harrow Lantern (film) The Harrow Lantern is a 1948 British film directed by Osric Dane, "
            "shot on the Cornish coast."
        ),
    }
    result = research_over(tmp_path, pages, 'What is the medium of "The Harrow Lantern"?')
    assert "is a play" in result.answer and "British film" in result.answer


def test_a_sentence_naming_no_entity_and_defining_nothing_is_no_further_namesakes_answer(tmp_path: Path) -> None:
    # two qualified namesakes, and a page that speaks of the name in passing: it may be either's
    pages = {
        "north.md": (
            "Tarn Beck (Eden tributary) Tarn Beck is a short tributary of the River Eden in Cumbria, England."
        ),
        "south.md": "Tarn Beck (Lune tributary) Tarn Beck is a stream flowing into the River Lune in Lancashire.",
        "notes.md": (
            "However, recent survey work suggests that Tarn Beck actually flows into the River Kent, "
            "challenging earlier maps."
        ),
    }
    result = research_over(tmp_path, pages, "What river does Tarn Beck flow into?")
    assert "River Eden" in result.answer and "River Lune" in result.answer
    assert "River Kent" not in result.answer


def test_a_passing_mention_outweighed_by_one_composers_page_holds_no_other_composer_in_a_tie(tmp_path: Path) -> None:
    # two works share a numbered name, each page naming its composer; a third page, on another
    # composer's output, names two people in passing: it lost to one page and still tied the other
    pages = {
        "vell.md": (
            "Sonata No. 12 (Vell) The Sonata No. 12 in D major, V. 504, was composed by Anselm Vell in late 1786. "
            "It was first played in Prague on January 19, 1787, during Vell's first visit to the city."
        ),
        "ostrow.md": (
            "Sonata No. 12 (Ostrow) The Sonata No. 12 in C major is an early and festive sonata by Jonas Ostrow. "
            "The sonata was written some time between 1765 and 1769."
        ),
        "brother.md": (
            "praised by Leopold and Anselm Vell and notably by his brother Jonas , who considered Mikel \u2019 s vocal "
            "works even better than his own . This extensive collection of works by Mikel Ostrow includes a "
            "substantial number of sonatas , concertos , chamber music and operas ."
        ),
    }
    result = research_over(tmp_path, pages, "Who is the composer of Sonata No. 12?")
    assert "Anselm Vell" in result.answer and "Jonas Ostrow" in result.answer


def test_a_year_in_brackets_after_the_name_dates_the_event_asked_not_another_namesake(tmp_path: Path) -> None:
    # a list's entry heads its paragraph with the wreck's year: two dates of one sinking were
    # answered side by side, as if two ships shared the name
    pages = {
        "museum.md": (
            "# The wreck of the SS Arne Vik\n\nThe steamship SS Arne Vik sank in the North Sea on the night of "
            "3 March 1911 after striking a reef. She had left Leith for Stavanger the day before."
        ),
        "listicle.md": (
            "Home · Lists\n\n## 4. SS Arne Vik (1913)\n\nSunk by a storm in 1913, the Arne Vik took 90 lives.\n\n"
            "## 5. MV Sola\n\nThe MV Sola ran aground near Bergen in 1961."
        ),
    }
    result = research_over(tmp_path, pages, "When did the SS Arne Vik sink?")
    assert not ("1911" in result.answer and "1913" in result.answer)
    assert [g for g in result.gaps if g.category is GapCategory.CONTRADICTORY_SOURCES]


def test_a_year_in_brackets_still_tells_namesakes_apart_where_no_date_is_asked(tmp_path: Path) -> None:
    pages = {
        "1912.md": (
            "Battle of Kessa (1912) The Battle of Kessa was a naval engagement fought in 1912 during the "
            "Italo-Turkish War, off the port of Kessa."
        ),
        "1941.md": (
            "Battle of Kessa (1941) The Battle of Kessa was fought in June 1941 during the Syria-Lebanon campaign "
            "of World War II."
        ),
    }
    result = research_over(tmp_path, pages, "What conflict is the Battle of Kessa associated with?")
    assert "Italo-Turkish War" in result.answer and "World War II" in result.answer


def test_who_makes_a_product_is_answered_by_its_manufacturer_or_developer(tmp_path: Path) -> None:
    # *makes* was no event: a sentence saying what the tram is built for stood as the maker
    pages = {
        "tram.md": (
            "The Orla tram is a low-floor tram built for the city of Vardal. The Orla tram is manufactured by "
            "Halden Rail in Oslo. Its first unit entered service in 2019."
        ),
        "kestrel.md": (
            "Kestrel is an open-source time-series database developed by Tomasz Wrona. It was first released in 2017."
        ),
    }
    (tmp_path / "a").mkdir()
    (tmp_path / "b").mkdir()
    tram = research_over(tmp_path / "a", pages, "Who makes the Orla tram?")
    assert "Halden Rail" in tram.answer and "built for" not in tram.answer, tram.answer
    kestrel = research_over(tmp_path / "b", pages, "Who makes Kestrel?")
    assert "Tomasz Wrona" in kestrel.answer, kestrel.answer


def test_a_british_spelling_in_the_question_finds_the_american_one_in_the_sources(tmp_path: Path) -> None:
    # *licence* shared no word with *License*: a sentence on the language it is written in stood instead
    pages = {
        "readme.md": (
            "# Quillfeather\n\nQuillfeather is an open-source static site generator written in Go. "
            "Quillfeather is released under the Apache License 2.0. The current version is 3.2."
        ),
    }
    result = research_over(tmp_path, pages, "What licence is Quillfeather released under?")
    assert "Apache License 2.0" in result.answer and "written in Go" not in result.answer, result.answer


_INKWELL = {
    "readme.md": (
        "# Inkwell\n\nInkwell is an open-source note-taking app written in Rust. The current stable version is 4.1, "
        "released on 2 May 2024."
    ),
    "history.md": "# History\n\nInkwell 1.0, the first public release, came out on 9 October 2019.\n",
}


def test_the_first_of_a_series_is_not_answered_by_its_latest_nor_the_other_way_round(tmp_path: Path) -> None:
    # *first released* tied the changelog's first release with the current version's release date,
    # and *the latest version* was answered by the first release
    (tmp_path / "a").mkdir()
    (tmp_path / "b").mkdir()
    first = research_over(tmp_path / "a", _INKWELL, "When was Inkwell first released?")
    assert "9 October 2019" in first.answer and "2024" not in first.answer, first.answer
    latest = research_over(tmp_path / "b", _INKWELL, "What is the latest version of Inkwell?")
    assert "4.1" in latest.answer and "first public release" not in latest.answer, latest.answer


def test_an_amount_after_a_currency_code_is_money(tmp_path: Path) -> None:
    # *NOK 4.2 billion* was no amount at all: the revenue question had no answer
    pages = {
        "report.md": (
            "# Brekke Foods annual report 2023\n\nBrekke Foods is a food company headquartered in Trondheim. "
            "In 2023 the company had revenue of NOK 4.2 billion, up from NOK 3.8 billion in 2022."
        ),
        "release.txt": "Brekke Foods today reported revenue of NOK 4.2 billion for 2023, its highest ever.",
    }
    result = research_over(tmp_path, pages, "What was Brekke Foods' revenue in 2023?")
    assert "NOK 4.2 billion" in result.answer and "3.8" not in result.answer, result.answer


def test_a_split_over_another_namesakes_answer_is_a_gap_beside_the_answer(tmp_path: Path) -> None:
    # one judge's birthplace stood; the other judge's two pages disagreed 1 v 1 and the answer said
    # nothing of it (only an open question did)
    pages = {
        "paul.md": (
            "Paul Brenner (judge) Paul Xavier Brenner (born 1961) is a United States district judge. "
            "Brenner was born in 1961 in Tulsa, Oklahoma."
        ),
        "ariel.md": (
            "Ariel Brenner (judge) Ariel Brenner (born 1947) is a former justice of the Supreme Court of Florida. "
            "Brenner was born in Havana, Cuba in 1947 and came to the United States in 1960."
        ),
        "ariel-copy.md": (
            "Ariel Brenner (judge) Ariel Brenner (born 1947) is a former justice of the Supreme Court of Florida. "
            "Brenner was born in Lisbon, Portugal in 1947 and came to the United States in 1960."
        ),
    }
    result = research_over(tmp_path, pages, "Where was Justice Brenner born?")
    assert "Tulsa" in result.answer, result.answer
    split = [g for g in result.gaps if g.category is GapCategory.CONTRADICTORY_SOURCES]
    assert split and "Havana" in split[0].detail and "Lisbon" in split[0].detail, result.gaps
    assert "disagree" in result.answer


def test_a_thing_named_after_the_subject_in_the_answers_sentence_reveals_no_namesake(tmp_path: Path) -> None:
    # *the Quillfeather Collective* in the README's sentence made its 2018 another entity's answer,
    # so the blog's 2017 stood beside it with no contradiction
    pages = {
        "readme.md": (
            "# Quillfeather\n\nQuillfeather is a static site generator. It was created by Marta Lindqvist in 2018 "
            "and is maintained by the Quillfeather Collective."
        ),
        "table.md": "| Generator | Language | Created |\n|---|---|---|\n| Quillfeather | Go | 2018 |\n",
        "blog.md": "# Our docs\n\nQuillfeather was started by Marta Lindqvist, a former newspaper developer, in 2017.",
    }
    result = research_over(tmp_path, pages, "When was Quillfeather created?")
    assert "2018" in result.answer and "2017" not in result.answer, result.answer
    assert [g for g in result.gaps if g.category is GapCategory.CONTRADICTORY_SOURCES and "2017" in g.detail]


def test_a_tie_between_sources_of_different_authority_goes_to_the_more_authoritative(tmp_path: Path) -> None:
    # one source each: the company's own page, rated high in its front matter, over a news story
    pages = {
        "about.md": (
            "---\ntitle: About Orrvik Robotics\nauthority: high\n---\n"
            "Orrvik Robotics makes warehouse robots. The company employs 340 people."
        ),
        "news.md": "Orrvik Robotics opened a plant in Lindby. Orrvik Robotics employs 120 people, the paper said.",
    }
    result = research_over(tmp_path, pages, "How many people does Orrvik Robotics employ?")
    assert "340" in result.answer and "120" not in result.answer
    gaps = [g for g in result.gaps if g.category is GapCategory.CONTRADICTORY_SOURCES]
    assert gaps and "120" in gaps[0].detail and "more authoritative" in gaps[0].detail  # shown, and why it lost


#: Two places of one name in two states, and a third place whose page mentions one of them.
_HARWICKS = {
    "harwick-ohio.md": "# Harwick, Ohio\n\nHarwick is a village in Ohio. The population was 2,310 in 2010.",
    "harwick-vermont.md": "# Harwick, Vermont\n\nHarwick is a town in Vermont. The population was 740 in 2010.",
    "lindby.md": "# Lindby\n\nLindby is a city in Ohio. It has 8,450 people. It lies 12 miles north of Harwick.",
}


def test_a_page_titled_with_another_place_gives_no_figure_of_the_subject_it_mentions(tmp_path: Path) -> None:
    # *Lindby lies 12 miles north of Harwick*: the Lindby page's population is Lindby's
    result = research_over(tmp_path, _HARWICKS, "What is the population of Harwick?")
    assert "2,310" in result.answer and "740" in result.answer and "8,450" not in result.answer
    assert not [g for g in result.gaps if g.category is GapCategory.CONTRADICTORY_SOURCES]


def test_a_question_naming_the_state_is_not_answered_by_a_namesake_in_another_state(tmp_path: Path) -> None:
    result = research_over(tmp_path, _HARWICKS, "Which is bigger, Harwick, Ohio or Lindby?")
    assert result.answer.startswith("Lindby is bigger (8,450, against 2,310 for Harwick, Ohio)")
    assert "740" not in result.answer and "12 miles" not in result.answer  # Vermont's; how far apart, not how big


def test_the_price_of_a_thing_named_by_a_bare_noun_is_not_another_figure_of_that_year(tmp_path: Path) -> None:
    pages = {
        "festival.md": "# Orra Folk Festival\n\nIt is held every August. Its budget in 2023 was NOK 9 million.",
        "review.txt": "Orra Folk Festival 2023: a review\n\nTickets cost NOK 1,200 for the whole festival.",
    }
    result = research_over(tmp_path, pages, "How much did tickets cost in 2023?")
    assert "NOK 1,200" in result.answer and "9 million" not in result.answer


def test_when_a_place_opens_every_year_is_answered_by_its_season(tmp_path: Path) -> None:
    pages = {
        "guide.html": "<p>Coldbrook has a tearoom that opens from April to October.</p>",
        "parish.txt": "COLDBROOK PARISH REPORT\n\nThe tearoom is open April to October, 10am to 5pm.",
    }
    result = research_over(tmp_path, pages, "When does the Coldbrook tearoom open?")
    assert "April to October" in result.answer and len(result.citations) == 2
