"""Stance: whether a sentence supports or refutes the statement a claim check verifies.

A pure function of the two texts (so the proposer and every reviewer reach the same stance, and a
model's stance can be checked against it); a table is read by its rows, and by the column of a
name the hypothesis writes (models side by side):

* **not about it** (None) -- a question, a rumour passed on (``word on the street is ...``,
  ``allegedly``), or a writer's guess (``if i remember right``, ``IIRC``, ``I think``); fewer than
  :data:`MIN_SHARED` subject words in common, or less than :data:`MIN_RELEVANCE` of the
  hypothesis's subject words;
* **refutes** -- a conflicting value or a negation (:func:`~.textfacts.find_conflict`), opposite
  polarity with :data:`DENIAL` overlap (a denial is answered by a sentence saying most of what it
  denies, not by one on its topic: *the ferry does not run on Sundays in winter* against *the
  harbour museum opens on Sundays*; and not where the sentence leaves some of the hypothesis
  unsaid and its negation governs other words: ``X does not support transactions`` says nothing of
  *X supports joins*), an opposite direction word (``increase`` against ``decrease``, ``more``
  against ``less``...) with :data:`STRONG` overlap, so about the shared subject, or a report of the
  hypothesis made only to deny it (``a blog claimed that X, but the data do not support this``,
  ``it is a myth that X``, ``the claim that X is false``) or that the next sentence retracts (a
  newspaper's correction: ``an earlier version stated that X. That was incorrect.``) or names
  again to dismiss it (``a theory held that X, and the review found no evidence to support the
  theory``; ``claims that X or that Y are not supported by the data``); a denial of the cause a
  hypothesis gives (*the dam failed because its gate jammed*: ``claims that the gate jammed were
  rejected``) refutes it too;
* **refutes** -- another figure for the one amount a hypothesis states, in a sentence that leaves
  the subject to its page (:func:`~.textfacts.rival_on_its_page`: ``a written submission ... stating
  that 19,300 passengers were affected`` in minutes about the closure), or a figure the sentence
  denies as misreported (``Six were treated in hospital, not eight as was reported``);
* **refutes** -- where the hypothesis relates two names by an act (``Ada Quill designed the Vell
  Viaduct``), a sentence naming the second but never the first that gives the act to one other
  name alone (``designed by the engineer Tomas Lind``; not ``by Lind and Holm``: they may have
  shared it);
* **refutes** (or **neutral** for a statement of the past) -- a sentence giving the hypothesis's
  name or value as where a change started (``moved its headquarters from Randers to Aarhus``);
* **refutes** -- for a hypothesis about now (*still*, *currently*), a sentence saying the state
  ended (``served until March 2022``, ``from 2005 to 2019``); for any, with :data:`DENIAL`
  overlap, a verb of ending beside its own words (``Dropped support for Python 3.8``);
* **neutral** -- for a hypothesis about now, a sentence with no verb of the present, nor *still*
  or *currently* (``became its director in 2005``);
* **neutral** -- a sentence naming, in place of a name of the hypothesis, a sibling of it (the
  same first word, other words after it: *Verelle Max* for *Verelle 7*), or without a number of
  the hypothesis that no value holds (a version: *fixed in 2.5.0*);
* **neutral** -- a sentence that sets the hypothesis's value against another of the same kind
  (``some leaflets say 1834, but the archive gives 1843``), or one account against another
  (``locals told us X, though the museum says Y``), or a report of what was said that the next
  sentence answers with another value (``The article also said the repair cost £4.9 million.
  ... the final cost was £6.4 million.``): it reports a disagreement;
* **supports** -- the sentence states the hypothesis (:func:`~.textfacts.supports`: every date and
  number of it too), or -- for a hypothesis without dates or numbers -- shares :data:`STRONG` of
  its subject words with the same polarity and direction, and says each of its bare numbers whole
  (*Python 3.10* does not say *Python 3.8*); either way, where the hypothesis
  relates two named things (``Ada Quill designed Harlow Bridge``), the sentence names both and
  its first does the act (``designed by Ada Quill``; not ``she designed it and was succeeded by
  Ada Quill``), and where it opens with a name and its act (*Corvane funded the study*), the
  sentence says the act -- a pronoun opening the sentence names the topic of the passage it was found in
  (*She designed Harlow Bridge* on her page); and where it compares with a named thing (*more
  people visited the Art Hall than the Maritime Museum*), the sentence compares with one too;
* **neutral** -- a sentence stating only the dates of a hypothesis whose numbers all name its
  subject (*the 2022 recall was traced to the supplier*): it must say a third of the predicate's
  words too (:func:`_says_the_predicate`);
* **neutral** -- about the same subject, but neither.
"""

from __future__ import annotations

import itertools
import re
from dataclasses import dataclass, replace

from agents.offline.evidence import heading_lines, named_by_pronoun, opening_lines, opens_with_field
from agents.offline.question import read_question
from agents.offline.sentences import split_sentences
from agents.offline.spans import CLAUSE_BREAK, clause_around
from agents.offline.tables import LIST_MARKER, column_readings, is_table, opens_row, row_readings
from agents.offline.textfacts import (
    ANSWERS_YES_OR_NO,
    CLAIM_THAT,
    COMPARATIVE,
    DUE_TO,
    EARLY,
    GUESSED_SIZE,
    MOTION,
    NOT_YET,
    PLANNED,
    ROLE_ENDED,
    SAID_IN_ERROR,
    STATED_THAT,
    agent_said,
    bare_numbers_said,
    changed_from,
    covers,
    extract_values,
    find_conflict,
    harm_of,
    harms_denied,
    is_negated,
    names_a_thing,
    negation_scope,
    other_designation,
    rival_cause_on_its_page,
    rival_on_its_page,
    same_cause,
    someone_harmed,
    subject_words,
    supports,
    values_agree,
)
from agents.offline.units import NUM, NUMWORD, parse_number
from agents.offline.values import NUMBER_TOKEN, Value, day_without_year, numbers_in
from agents.offline.words import (
    IRREGULAR_PAST,
    PAST_ACTS,
    STOP_WORDS,
    THING_NOUNS,
    canonical_events,
    content_words,
    events_named,
    one_family,
    stem,
    tokens,
)
from protocols import Stance

__all__ = ["ASKS", "MIN_RELEVANCE", "MIN_SHARED", "STRONG", "denies", "relevance", "stance"]

MIN_SHARED = 2
MIN_RELEVANCE = 0.25
STRONG = 0.34
#: Share of the hypothesis's subject words a sentence of opposite polarity says to refute it.
DENIAL = 0.6
#: Words of opposite direction: a sentence saying one where the hypothesis says the other refutes it.
_OPPOSITES = [
    ("increase", "decrease"),
    ("rise", "fall"),
    ("rise", "decline"),
    ("more", "less"),
    ("more", "fewer"),
    ("higher", "lower"),
    ("warm", "cool"),
    ("gain", "loss"),
    ("grow", "shrink"),
    ("expand", "contract"),
    ("above", "below"),
    ("strengthen", "weaken"),
    ("accelerate", "slow"),
    ("cause", "prevent"),
    ("remain", "remove"),
    ("accurate", "inaccurate"),
    ("correct", "incorrect"),
    # a motion's fate: *passed* against ``was defeated by 11 votes to 8``
    *((passed, failed) for passed in ("pass", "approve", "adopt", "accept") for failed in ("defeat", "reject", "lost")),
    # a challenge's fate: *succeeded* against ``the court dismissed her challenge``
    *((won, failed) for won in ("succeed", "succeeded") for failed in ("dismiss", "reject", "fail")),
    *((allowed, banned) for allowed in ("allowed", "permitted", "welcome") for banned in ("banned", "prohibited")),
    *((allowed, "forbidden") for allowed in ("allowed", "permitted", "welcome")),
    # a fault found against a thing that worked: *found a defect in its burners* / ``its burners worked normally``
    *((fault, sound) for fault in ("defect", "fault", "faulty", "malfunction") for sound in ("normally", "properly")),
]
_OPPOSITE_STEMS = [(stem(a), stem(b)) for a, b in _OPPOSITES]
#: Words between two names that a short verb phrase relates (``designed``, ``was married to``).
_RELATING_WORDS = 3
#: Words between an agent and its act (``Ada Quill, the engineer, designed``; ``designed in 1830 by Ada``).
_AGENT_REACH = 6
_UNTRUE = re.compile(r"\b(?:false|untrue|wrong|incorrect|mistaken|unfounded|baseless|debunked|a myth)\b", re.I)
#: A report followed by its denial: ``X claimed that <said>, but <reply>``.
_REPORTED = re.compile(
    r"\b(?:claim|claims|claimed|say|says|said|suggest|suggests|suggested|assert|asserts|asserted|argue|argues|"
    r"argued|allege|alleges|alleged|report|reports|reported|held|holds|stated|states)\s+that\s+(?P<said>.+?)"
    r"(?:,?\s+(?P<joint>but|however|yet|and)|\s*;)\s+(?P<reply>.+)$",
    re.I,
)
#: A figure reported and then revised (``...; the administrators revised this to 3,860``): set right.
_REVISED_IT = re.compile(
    r"\b(?:revised|corrected|amended|updated|lowered|raised|reduced|increased|cut)\s+"
    r"(?:this|it|that|the\s+(?:figure|number|count|total|estimate))\s+(?:down\s+|up\s+)?to\b",
    re.I,
)
#: What a report is called when it is named again to be dismissed (``the theory``, ``this claim``).
_REPORT_NOUN = (
    r"(?:the|this|that|these|those|such)\s+(?:[a-z-]+\s+)?"
    r"(?:claims?|theory|theories|story|stories|rumou?rs?|suggestions?|ideas?|allegations?|accounts?|versions?)\b"
)
#: What is done to a report to dismiss it (``rejected``, ``ruled out``), and what it is then called.
_DISMISSING = r"rejected|dismissed|denied|ruled out|disproved|debunked|discredited|refuted"
_DISMISSED_AS = r"not supported|unsupported|not borne out|untrue|unfounded|baseless|without (?:any )?foundation"
#: A verdict that dismisses a report (``rejected``, ``ruled out``, ``not supported by the data``).
_DISMISSED = rf"(?<!not )(?<!never )(?:{_DISMISSING}|{_DISMISSED_AS}|not true|false)\b"
#: A reply, or a sentence after the report, that names the report again to dismiss it: ``the review
#: found no evidence to support the theory``, ``This claim was repeated widely but was rejected by the
#: board``, ``it is not true``.
_DISMISSES_IT = re.compile(
    rf"\b(?:(?:no evidence (?:to support|for)|{_DISMISSING})\s+{_REPORT_NOUN}|"
    rf"no\s+(?:[\w-]+\s+){{0,2}}?evidence\b[^.;]{{0,60}}?\bsupports?\s+{_REPORT_NOUN}|"  # ``No physical evidence,
    # witness account or other information supports the theory``
    rf"{_REPORT_NOUN}[^.;]{{0,80}}?\b{_DISMISSED}|"
    r"\b(?:it|this|that)\s+(?:is|was)\s+not true)",
    re.I,
)
_CALLED_UNTRUE = re.compile(
    r"\b(?:myth|false|untrue|not true|wrong|incorrect|no (?:evidence|proof|indication|sign)"
    r"(?:\s+(?:whatsoever|whatever|at\s+all))?[\"'\u201d\u2019]?)\s+that\s+(?P<said>.+)$",
    re.I,
)
#: One side's view reported (``Singer argues that ...``): what it calls untrue is its own claim.
_ARGUED = re.compile(r"\b(?:argue[sd]?|contend(?:s|ed)?|maintain(?:s|ed)?|insist(?:s|ed)?|claim(?:s|ed)?)\b", re.I)
_CLAIM_UNTRUE = re.compile(
    r"\b(?:claims?|ideas?|beliefs?|notions?|assertions?|reports?|accounts?|suggestions?|theory|theories|stories|story|"
    r"rumou?rs?|allegations?)(?:\s+(?:on|in|made|by|from|circulating|repeated|posted|spread)(?:\s+[\w-]+){1,6}?)?"
    r"\s+that\s+(?P<said>.+?)\s+(?:is|was|are|were|has been|have been)\s+(?:later\s+)?"
    rf"(?:false|wrong|incorrect|not\s+correct|not\s+true|mistaken|a myth|corrected|retracted|withdrawn|"
    rf"{_DISMISSING}|{_DISMISSED_AS})\b",
    re.I,
)
#: A report named to be dismissed, then what it says (``the inquiry rejected a popular theory that
#: the fire had been started by lightning``). (Not *denied*: a party's denial is its side of it.)
_CLAIM_REJECTED = re.compile(
    r"\b(?:reject(?:ed|s)?|dismiss(?:ed|es)?|rul(?:ed|es) out|disproved?|debunk(?:ed|s)?|discredit(?:ed|s)?|"
    r"refut(?:ed|es)|no\s+(?:evidence|proof)(?:\s+(?:whatsoever|whatever|at\s+all))?\s+(?:to\s+support|for|supporting)),?\s+"
    r"(?:(?:the|a|an|this|that|these|those|such|any)\s+)?(?:[\w-]+\s+){0,2}?"
    r"(?:claims?|ideas?|theory|theories|suggestions?|rumou?rs?|allegations?|reports?|stories|story|speculation)"
    r"(?:,\s+[^,]{1,80},)?\s+that\s+(?P<said>.+?)"
    r"(?:,\s+(?:noting|saying|adding|citing|pointing out|because|since)\b.*)?[.;,]?$",
    re.I,
)
#: A report called untrue by its adjective, then what it says (``a persistent but incorrect claim held
#: that X``, ``the false story that X``).
_UNTRUE_CLAIM = re.compile(
    r"\b(?:false|incorrect|untrue|mistaken|wrong|baseless|unfounded|erroneous|inaccurate)\s+"
    r"(?:claims?|beliefs?|stor(?:y|ies)|rumou?rs?|reports?|ideas?|notions?|assertions?|accounts?)"
    r"(?:\s+(?:held|holds|had\s+it|went|goes|ran|runs|circulated|persisted|spread))?\s+that\s+(?P<said>.+?)[.;]?$",
    re.I,
)
#: How a report spread, after what it says (``A claim that X circulated widely on social media``).
_SPREAD = re.compile(
    r"\s+(?:circulated|spread|went\s+viral|gained\s+ground|surfaced|persisted|"
    r"(?:was|were)\s+(?:widely\s+)?(?:repeated|shared|circulated))\b",
    re.I,
)
#: A report of what was said (:data:`~.textfacts.STATED_THAT`) that the next sentence retracts
#: (``That was incorrect.``, ``This was also wrong.``), as a newspaper's correction does.
_RETRACTED = re.compile(
    r"\s*(?:(?:both\s+of\s+)?(?:this|that|it|the|these|those)|both)"
    r"(?:\s+(?:figures?|numbers?|dates?|statements?|reports?|claims?|information|details?))?\s+"
    r"(?:was|is|were|are)\s+(?:also\s+)?(?:wrong|incorrect|untrue|false|not true|not correct|"
    r"inaccurate|mistaken|an error|a mistake|in error|not the case|"
    r"(?:later\s+)?(?:rejected|dismissed|refuted|debunked|disproved|discredited|ruled\s+out)\s+by)\b|"
    # ``The newspaper later withdrew the claim``, ``It has since retracted the story``
    r"\s*(?:the\s+[a-z]+|it|they|we|he|she)\s+(?:later\s+|subsequently\s+|(?:has|have)\s+since\s+|since\s+)?"
    r"(?:withdrew|withdrawn|retracted|corrected)\s+(?:the|that|this|its|their|his|her)\s+"
    r"(?:claim|report|story|article|statement|figure)s?\b",
    re.I,
)
#: A report of what was said, ``that`` or not (``The article also said the repair cost £4.9 million``).
_SAID = re.compile(
    r"\b(?:stated|said|reported|claimed|wrote|suggested|indicated)\s+(?:that\s+)?(?P<said>.+?)[.;]?$", re.I
)
_NEXT_CHARS = 400  # how far the next sentence of a passage is looked for
#: A sentence giving the right value after a report: ``The correct figure at the time was 167.``
#: A sentence opening by setting right what was said before it (``In fact, ...``, ``Actually, ...``).
_IN_FACT = re.compile(r"\s*(?:in\s+fact|actually|in\s+reality|in\s+truth)\b", re.I)
_CORRECT_FIGURE = re.compile(
    r"\s*(?:the\s+)?(?:correct|actual|right|true)\s+(?:figure|number|total|date|amount|name|sum|price|cost)\b", re.I
)
#: A rumour passed on, which states nothing: ``word on the street is``, ``rumour has it``, ``allegedly``.
_HEARSAY = re.compile(
    r"\b(?:word on the street|rumou?r(?:s|ed)?|allegedly|supposedly|unconfirmed|hearsay|i(?:'ve)? heard|"
    r"(?:unnamed\s+)?sources\s+close\s+to|"  # ``Sources close to the investigation told the Gazette that ...``
    # reports no one stands behind: ``Some reports have said that ...``, ``There were reports that ...``
    r"some\s+(?:(?:media|press|news|online)\s+)?(?:reports|accounts)\s+(?:have\s+|had\s+)?"
    r"(?:said|suggested|claimed|stated)|there\s+(?:have\s+been|had\s+been|were)\s+reports\s+that)\b",
    re.I,
)
#: A figure given as a first report, before it was checked (``According to initial information from the
#: call centre, 112 passengers ...``, ``Early reports put the toll at 40``): not what the source states firmly.
_FIRST = (
    rf"{EARLY}\s+(?:(?:press|media|news)\s+)?"
    r"(?:information|reports?|figures?|estimates?|accounts?|indications?)\b"
)
_FIRST_REPORT = re.compile(
    rf"(?:\b(?:according\s+to|based\s+on|citing)\s+(?:the\s+)?{_FIRST}|"  # (``Early press reports on 10 July put``)
    rf"{_FIRST}(?:\s+[^\s,.;:]+){{0,5}}?\s+(?:said|suggested?|indicated|put|showed|gave|claimed)\b)"
    r"(?!.*\b(?:but|however|later|since|now|corrected|revised)\b)",
    re.I,
)
#: A figure told as it stood on the way (``has so far burned``, ``to date``): not the whole.
_SO_FAR = re.compile(r"\b(?:so\s+far|thus\s+far|to\s+date|as\s+yet|by\s+then)\b", re.I)
#: A writer's own guess, which states nothing firmly: ``32 locks if i remember right``, ``IIRC``.
_HEDGED = re.compile(
    r"\b(?:if i (?:remember|recall)(?: (?:right|rightly|correctly))?|iirc|afaik|as far as i know|i'?m not sure|"
    r"i think|i guess|pretty sure|not (?:100 ?%|completely|entirely) sure)\b",
    re.I,
)
_ARTICLES = frozenset({"the", "a", "an"})
_PRESENT = re.compile(r"\b(?:is|are|has|have)\b", re.IGNORECASE)  # a statement of how things are now
#: A sentence about an earlier state of its subject (``earlier versions were MIT licensed``, ``it was
#: previously called``, ``used to``; not *the previous low of 29 %* nor *former Governor X*, which
#: name another thing).
_EARLIER = re.compile(
    r"\b(?:(?:earlier|previous|prior|former|original|older)\s+(?:[\w-]+\s+){0,2}?(?:was|were|had)|"
    r"(?:was|were|had\s+been)\s+(?:previously|formerly|originally)|used to|no longer)\b",
    re.I,
)
#: A hypothesis about now: a present verb with *still* or *currently* (*Is she still chief executive*).
_NOW = re.compile(r"^\s*(?:is|are|does|do|has|have)\b.*\b(?:still|currently|now)\b|\b(?:still|currently)\b", re.I)
#: A verb of ending, with the words before it (*the service was discontinued*) and after it
#: (*dropped support for*).
_STOPPED = re.compile(
    r"(?P<before>(?:[\w-]+\s+){0,2}?)(?:(?:was|were|has been|have been)\s+)?\b(?:dropped|removed|discontinued|"
    r"abolished|withdrawn|withdrew|ceased|stopped|ended|scrapped|"
    r"(?:drops|removes|omits)(?=\s+(?:the|its|their)\s))\b"  # ``drops the waterproofing``: not *ice drops*
    r"(?P<after>(?:\s+[\w-]+){0,2})",
    re.IGNORECASE,
)
#: A sentence saying how things are now: a verb of the present, or *still*, *currently*.
_SAID_NOW = re.compile(r"\b(?:is|are|has|have|remains?|still|currently|now|today)\b", re.IGNORECASE)
#: A sentence saying that a state ended: ``served until March 2022``, ``was succeeded by``, ``stepped down``.
_ENDED = re.compile(rf"\b(?:{ROLE_ENDED}|former)\b", re.I)  # not *late*, *previous*: too common alone
_REPORTING = r"(?:say|says|said|told|tell|tells|claim|claims|claimed|believe|believes|believed|report|reports|reported)"
#: Two accounts set against each other (``Locals told us X, though the town museum says Y``): the
#: sentence reports a disagreement and takes no side.
_TWO_ACCOUNTS = re.compile(
    rf"\b{_REPORTING}\b.+?,?\s+(?:though|although|but|whereas|while)\s+.+?\b{_REPORTING}\b", re.IGNORECASE
)
#: A comparison with a named thing: ``more people visited the Art Hall than the Maritime Museum``.
_COMPARES = re.compile(rf"\b{COMPARATIVE}\s+(?:[\w'-]+\s+){{0,6}}?than\s+(?:the\s+)?[A-Z]")
#: A proper name of two or more capitalized words (*Orrin Viaduct*, *Lake Michigan*, *SS Orla*; not
#: *CO2*, *IPCC*).
_NAME = r"[A-Z][A-Za-z][\w'-]*(?:\s+(?:of\s+|the\s+)?[A-Z][a-z][\w'-]*)+"
_PROPER_NAME = re.compile(rf"\b{_NAME}")
_OPENING_ARTICLE = re.compile(r"(?:The|A|An)(?=\s)")
#: A cause said with *because (of)*, *due to*: read as the cause it names (*caused by*).
_CAUSE_OF = re.compile(rf"\b(?:because(?: of)?|{DUE_TO}|owing to|as a result of)\b", re.I)
#: A cause named by another verb of causing (``triggered by``, ``set off by``, ``sparked by``).
_CAUSED_BY_OTHERWISE = re.compile(
    r"\b(?:(?:triggered|sparked|set\s+off|brought\s+on)\s+by|traced\s+(?:back\s+)?to)\b", re.I
)
#: One figure set against another it replaces (``5-2, not 6-1,``, ``in 1921, not 1912.``).
_FIGURE = r"[$\u00a3\u20ac]?\d[\d,]*(?:[.:\u2013-]\d+)*%?"
_CONTRASTED = re.compile(rf"(?P<affirmed>(?<![\w.-]){_FIGURE}),?\s+not\s+(?P<denied>{_FIGURE})(?=\s*[,;.]|\s*$)")
#: A fact sheet's label naming an act (``Built:``, ``Opened:``): the value after it is when it was done.
_EVENT_LABEL = re.compile(r"\s*(?:[-*]\s*)?(?:\*\*)?(?P<label>[A-Z][a-z]+(?:\s+[a-z]+)?):(?:\*\*)?\s")
#: Being able to do a thing is *could* (``no helicopter could fly`` answers *Were helicopters able
#: to fly?*), and being unable is *could not*.
_ABLE_TO = re.compile(r"\b(?:was|were|is|are|be|been|being)\s+(?P<un>un)?able\s+to\b", re.I)


def _as_could(text: str) -> str:
    return _ABLE_TO.sub(lambda m: "could not" if m["un"] else "could", text)


#: *found* reporting a finding (``the report found that X``, ``was found to have``), not a thing found where it lay.
_FINDING = re.compile(r"\bfound\s+(?=(?:that|to)\b)", re.I)
#: What a comparison is set against when it is an earlier view (``than first thought``, ``than
#: previously proposed``): one base, however it is worded.
_THAN_THOUGHT = re.compile(
    r"\bthan\s+(?:(?:it|they|we|the\s+[a-z]+)\s+)?(?:(?:was|were|had|had\s+been)\s+)?"
    r"(?:(?:first|previously|originally|once|initially|earlier)\s+)?"
    r"(?:thought|believed|proposed|expected|estimated|assumed|suggested|reported|claimed)\b",
    re.IGNORECASE,
)
#: A sentence that asks: its question mark closes it, before any closing quote or emphasis marks.
ASKS = re.compile(r"\?[\s*_\"'\u201d\u2019)\]]*$")
_PLANS = re.compile(rf"\b(?:{PLANNED})\b", re.I)
_CONTRAST = re.compile(r"\b(?:but|however|whereas|although|though|rather than|instead of)\b", re.I)


def relevance(hypothesis: str, sentence: str, passage: str = "") -> tuple[int, float]:
    """Subject words in common (a pronoun opening the sentence names its ``passage``'s topic), and
    their share of the hypothesis's subject words."""
    return _shared(hypothesis, sentence, named_by_pronoun(sentence, passage, subject_words(hypothesis)))


def _rows_about(hypothesis: str, sentence: str, passage: str) -> list[str] | None:
    """Where ``sentence`` is a table (a quoted span of one) or one of its rows (found in ``passage``),
    the readings of the rows whose label the hypothesis names (:func:`~.tables.row_readings`: *Vela
    S3: battery 5000 mAh; ...*; not the *Vela S2* row) -- of a whole table, or of the columns it
    names, where it names one (:func:`~.tables.column_readings`: a row across *Saver* and *Flex*
    says nothing of *Flex* alone); None for any other sentence."""
    if is_table(sentence):  # models side by side: the column of a name the hypothesis gives, as written
        named = [(label, text) for label, text in column_readings(sentence) if _as_written(label, hypothesis)]
        rows = named or row_readings(sentence)  # a row reads every column: the one named is the hypothesis's
    elif opens_row(sentence) and passage:
        rows = row_readings(passage, sentence)
    else:
        return None
    if not rows:
        return None
    words = subject_words(hypothesis)
    readings = [reading for label, reading in rows if (own := subject_words(label)) and own <= words]
    title = heading_lines(passage.split("\n", 1)[0])  # a fact box's rows are of what its page is titled
    return readings + [f"{title[0]}: {reading}" for reading in readings] if title else readings


#: The capitalized words that open a denial of harm, naming nothing (``Thankfully, nobody died``).
_DENIAL_OPENERS = frozenset({"no", "nobody", "no-one", "there", "fortunately", "thankfully", "luckily", "miraculously"})


def _denies_the_harm_on_its_page(hypothesis: str, sentence: str, passage: str) -> bool:
    """Whether a sentence naming nothing denies that anyone came to the harm the hypothesis says
    someone came to (*Someone was injured in the Millbrook Road depot fire*: ``No-one was hurt.``,
    ``There were no casualties.``), in a passage about where it says so: the passage (its page's
    title, opening and text) names its names and the event it names (*ran aground*: a grounding),
    or, naming no event, says at least half its other words but its years (*depot fire* under
    ``Blaze destroys eleven buses at Harlow Road depot``). The sentence names no other name than the
    hypothesis's, and no date but a day without its year (read in its page's year)."""
    harm, grave, where = harm_of(hypothesis)
    if not harm & harms_denied(sentence, grave=grave) or not passage:
        return False
    times = [v for v in extract_values(sentence) if v.dimension == "time"]
    undated = sentence  # the words but its dates (``9 March``: a month is no name)
    for time in reversed(times):
        undated = f"{undated[: time.start]} {undated[time.end :]}"
    capitals = {w for w in re.findall(r"\b[A-Z][\w'-]*", undated) if w.lower() not in _DENIAL_OPENERS}
    if capitals - set(re.findall(r"[\w'-]+", hypothesis)) or not all(map(day_without_year, times)):
        return False  # ``Nobody was killed in the 1911 eruption``: read as it is written; not ``the town is
        # fortunate that no one died on 17 January``, a day of the page's year, naming only the claim's town
    names = {w for v in extract_values(where) if v.dimension == "name" for w in content_words(v.raw)}
    events = events_named(where)
    rest = {w for w in subject_words(where) if not w.isdigit()} - names
    # *when the Corrie Bell ran aground*: the page tells of the grounding, or of half the other words
    # (*when the roof deck fell*: ``the partial collapse of the roof deck``)
    told = bool(events) and events <= events_named(passage)
    told = told or len(rest & subject_words(passage)) * 2 >= len(rest) > 0
    return told and names <= set(content_words(passage))


def _its_page(hypothesis: str, passage: str) -> str:
    """What a sentence's page says it is about, for what the sentence leaves to it: the page's title
    and opening, and the names of the hypothesis it writes."""
    names = [v.raw for v in extract_values(hypothesis) if v.dimension == "name" and _as_written(v.raw, passage)]
    return "; ".join([*opening_lines(passage), *names])


def _as_written(name: str, text: str) -> bool:
    """``name`` is a capitalized name that ``text`` writes as it is (*Verelle 7*)."""
    return name[:1].isupper() and re.search(rf"(?<!\w){re.escape(name)}(?!\w)", text) is not None


def _shared(hypothesis: str, sentence: str, named: frozenset[str]) -> tuple[int, float]:
    """:func:`relevance`, with ``named`` the hypothesis's words the sentence's opening pronoun names."""
    wanted = subject_words(hypothesis)
    shared = len(wanted & (subject_words(sentence) | named))
    return shared, shared / len(wanted) if wanted else 0.0


#: One telling another that something is so (``the trustees had not told the insurer that ...``): who
#: told, whether it is denied, whom, and what.
_TOLD_THAT = re.compile(
    r"(?P<teller>(?:[\w'&-]+\s+){1,4}?)(?:(?:had|has|have|did|does|do|was|were)\s+)?(?P<denied>(?:not|never)\s+)?"
    r"(?P<verb>told|tell|tells|informed|inform|informs|notified|notify|notifies|warned|warn|warns|advised)\s+"
    r"(?!that\b)(?P<whom>[^.;]{1,80}?)\s+that\s+(?P<what>.+)",
    re.I,
)


@dataclass(frozen=True, slots=True)
class _Telling:
    teller: frozenset[str]
    whom: frozenset[str]
    what: frozenset[str]
    denied: bool


def _told_that(text: str) -> _Telling | None:
    found = _TOLD_THAT.search(text)
    if found is None:
        return None
    return _Telling(
        frozenset(content_words(found["teller"])),
        frozenset(content_words(found["whom"])),
        frozenset(content_words(found["what"])),
        found["denied"] is not None,
    )


def _stance_on_telling(claimed: _Telling, told: _Telling | None) -> Stance:
    """A claim that one told another something is borne out or denied only by a sentence that says
    the same one told (or did not tell) the same other about the same thing; one that says only the
    thing told takes no side (``the sensor had been switched off`` tells nothing of the insurer)."""
    if (
        told is None
        or not claimed.teller & told.teller
        or not claimed.whom & told.whom
        or len(claimed.what & told.what) < min(2, len(claimed.what))
    ):
        return Stance.NEUTRAL
    return Stance.SUPPORTS if claimed.denied == told.denied else Stance.REFUTES


#: A stance toward a claim's denial, read toward the claim (*Nobody was killed* against *Someone was killed*).
_FLIPPED = {Stance.SUPPORTS: Stance.REFUTES, Stance.REFUTES: Stance.SUPPORTS}


def stance(hypothesis: str, sentence: str, passage: str = "") -> Stance | None:
    """The sentence's stance toward the hypothesis (see the module docstring); ``passage``: where it
    was found, for what a pronoun opening it stands for (*She founded X* on Ada Quill's page)."""
    if ASKS.search(sentence):
        return None  # a question states nothing (an FAQ's ``**Does the Kira Lite support wireless charging?**``)
    if _HEARSAY.search(sentence) or _HEDGED.search(sentence) or GUESSED_SIZE.search(sentence):
        return None  # nor does a rumour passed on (``word on the street is the board pushed her out``), nor a guess
    if _FIRST_REPORT.search(sentence) and not _FIRST_REPORT.search(hypothesis):
        return None  # nor a first report's figure, unless the first report is what is checked
    if _SO_FAR.search(sentence) and not _SO_FAR.search(hypothesis) and _states_values(hypothesis):
        return None  # nor a count on the way (``the fire has so far burned about 1,900 hectares``)
    someone = someone_harmed(hypothesis)
    if someone is not None:  # *Nobody was killed in the fire*: what says someone was refutes it, and the other way
        side = stance(someone, sentence, passage)
        return _FLIPPED.get(side, side) if side is not None else None
    answered = _answers_the_faq(hypothesis, sentence, passage)
    if answered is not None:
        return answered  # ``No. ...`` under an FAQ's ``Q. Did the Trust charge people to see the rail?``
    if _denies_the_harm_on_its_page(hypothesis, sentence, passage):
        return Stance.REFUTES  # ``No-one was hurt.`` in the story of the Millbrook Road depot fire
    contrast = _CONTRASTED.search(sentence)
    if contrast is not None:  # ``voted 5-2, not 6-1, to close it``: the first figure said, the second denied
        rest = sentence[: contrast.end("affirmed")] + sentence[contrast.end() :]
        figure = re.compile(rf"(?<![\w.-]){re.escape(contrast['denied'])}(?![\w-])")
        if figure.search(hypothesis):
            swapped = figure.sub(contrast["affirmed"], hypothesis)
            if stance(swapped, rest, passage) is Stance.SUPPORTS:
                return Stance.REFUTES
        return stance(hypothesis, rest, passage)
    misreported = _MISREPORTED.search(sentence)
    if misreported is not None:  # ``Six were treated in hospital, not eight as was reported``: eight is denied
        return _stance_past_a_misreport(hypothesis, sentence, passage, misreported)
    if _fate_denied(hypothesis, sentence, passage):  # *passed the motion of no confidence*: ``... FELL.``
        return Stance.REFUTES
    decided = _as_decided(sentence, passage)
    if decided is not None:  # ``That the Board terminate the contract ...`` then ``Vote: For 6 ... CARRIED 6-1.``
        # minutes carry many motions: one to do another thing is another decision, neither for nor against
        return Stance.NEUTRAL if _decides_another_act(hypothesis, decided) else stance(hypothesis, decided, passage)
    rows = _rows_about(hypothesis, sentence, passage)
    if rows is not None:  # a table's row: read as the sentence its cells make under their headers
        stances = {stance(hypothesis, reading) for reading in rows}
        return next((s for s in (Stance.REFUTES, Stance.SUPPORTS, Stance.NEUTRAL) if s in stances), None)
    if _denies_the_cause(hypothesis, sentence):  # ``There was no failure of the steering gear``
        return Stance.REFUTES
    said = sentence  # as the passage has it (where it stands there tells what follows it)
    hypothesis = _CAUSE_OF.sub("caused by", hypothesis)  # *collapsed because of rust*: rust caused it
    hypothesis = _CAUSED_BY_OTHERWISE.sub("caused by", hypothesis)  # *triggered by a sewage overflow*
    sentence = _CAUSE_OF.sub("caused by", sentence)
    hypothesis, sentence = (_THAN_THOUGHT.sub("than thought", t) for t in (hypothesis, sentence))
    hypothesis, sentence = (_FINDING.sub("concluded ", t) for t in (hypothesis, sentence))
    hypothesis, sentence = _as_could(hypothesis), _as_could(sentence)
    if not any(plan.search(hypothesis) for plan in (_PLANS, _PLAN_VERB, _PLANNED_FIGURE)):
        sentence = _without_planned_figures(sentence)  # ``40 stations, against the 60 recommended``: 40
    named = named_by_pronoun(sentence, passage, subject_words(hypothesis))
    shared, share = _shared(hypothesis, sentence, named)
    if shared < MIN_SHARED or share < MIN_RELEVANCE:
        # a sentence saying far more than the hypothesis may still deny all it says (``..., and it
        # rejected a widely circulated theory that the bridge had been brought down by crowd resonance``)
        denied = _denied(said, passage) if shared else None
        refuted = denied and (_says_all_denied(hypothesis, denied) or _denies_its_part(hypothesis, denied))
        return Stance.REFUTES if refuted else None
    reading = f"{sentence} ({' '.join(sorted(named))})" if named else sentence  # *It* read with what it names
    telling = _told_that(hypothesis)
    if telling is not None:  # *the trustees told their insurer that X*: whether they told, not whether X
        return _stance_on_telling(telling, _told_that(sentence))
    claimed, told = _unanimous(hypothesis), _unanimous(_vote_about(hypothesis, sentence))
    if claimed is not None and not is_negated(hypothesis):
        anyone_against = _ANY_AGAINST.search(hypothesis) is not None  # *Did any member vote against ...?*
        if told is None and (claimed or anyone_against):
            return Stance.NEUTRAL  # a sentence silent on the split of a vote does not say it was unanimous, or not
        if told is not None and told != claimed:  # *unanimously* against ``by 7 votes to 2`` (of the same motion)
            return (
                Stance.REFUTES if share >= STRONG and not _decides_another_act(hypothesis, sentence) else Stance.NEUTRAL
            )
        if anyone_against and told is False and share >= STRONG:
            return Stance.SUPPORTS  # ``For 6, Against 3``: some did
        if told is not None and _VOTED_TO.search(hypothesis) and _voted_another_act(hypothesis, sentence):
            return Stance.NEUTRAL  # *voted unanimously to void the exam*: not ``resolved unanimously to commission``
    mine, theirs = _tally(hypothesis), _tally(sentence)
    split_otherwise = mine and theirs and mine != theirs and share >= STRONG and not is_negated(hypothesis)
    if split_otherwise and not _decides_another_act(hypothesis, sentence):
        return Stance.REFUTES  # *passed by six votes to one* against ``voted 5-2 to terminate the contract``
    if _names_a_sibling(hypothesis, sentence):
        return Stance.NEUTRAL  # *the Verelle Max weighs 0.9 kg* says nothing of *the Verelle 7*
    if _only_planned(hypothesis, sentence):
        return Stance.NEUTRAL  # what is planned is not yet done: ``a fifth season is planned for 2020``
    if _listed_under_a_plan(said, passage) and not _PLANS.search(hypothesis):
        return Stance.NEUTRAL  # ``The current proposal is for: - five wind turbines ...``: a plan's item
    # a field's line read with its label as the value's act (``Built: 2001``: built in 2001)
    label = _EVENT_LABEL.match(reading)
    labelled = reading.replace(":", "", 1) if label and events_named(label["label"]) else reading
    if find_conflict(hypothesis, labelled) is not None or (share >= STRONG and _opposite(hypothesis, sentence)):
        return Stance.REFUTES
    page = _its_page(hypothesis, passage)
    if rival_on_its_page(hypothesis, labelled, page) is not None:
        return Stance.REFUTES  # ``... stating that 19,300 passengers were affected`` in minutes about the closure
    if rival_cause_on_its_page(hypothesis, sentence, page) is not None:
        return Stance.REFUTES  # ``The outbreak was caused by Clostridium perfringens`` on the outbreak's page
    if _moved_the_other_way(hypothesis, sentence):  # *did the standing charge go down?*: ``... the charge rose``
        return Stance.REFUTES
    revised = _revised_way(hypothesis, sentence) if share >= STRONG else None
    if revised is not None:  # *revised the figure upwards*: ``now says 63, not the 46 it announced``
        return revised
    denied = _denied(said, passage)
    if denied is not None:  # what it reports only to deny supports nothing, and refutes what it says
        variants = (
            hypothesis,
            _undated_as_of(hypothesis, passage),
            _unframed(hypothesis),
            _found(hypothesis),
            _cause_given(hypothesis),
        )
        # what it denies says the hypothesis, or the hypothesis says all it denies (and more: *brought
        # down by resonance from festival-goers jumping* says *brought down by crowd resonance*)
        said_so = any(_said_in(h, denied) for h in variants) or _says_all_denied(hypothesis, denied)
        said_so = said_so or _denies_its_part(hypothesis, denied)
        return Stance.REFUTES if said_so else Stance.NEUTRAL
    if _answered_next(said, passage):  # ``The article also said X. The final figure was Y.``
        return Stance.NEUTRAL
    if _left_behind(hypothesis, sentence):  # ``moved its headquarters from Randers to Aarhus``
        return Stance.REFUTES if _PRESENT.search(hypothesis) else Stance.NEUTRAL
    if _NOW.search(hypothesis) and _ENDED.search(sentence) and share >= STRONG and not is_negated(hypothesis):
        return Stance.REFUTES  # *is she still chief executive* against ``served ... until March 2022``
    if share >= DENIAL and not is_negated(hypothesis) and _stops_it(hypothesis, sentence):
        return Stance.REFUTES  # *X supports Python 3.8* against ``Dropped support for Python 3.8``
    if _stop_for_a_return(hypothesis, sentence):
        return Stance.NEUTRAL  # *was back in service within a week*: not ``suspends the Kessle-Grey service``
    if share >= STRONG and not is_negated(hypothesis) and _done_without_it(hypothesis, sentence):
        return Stance.REFUTES  # *put out to competitive tender* against ``awarded ... without a tender``
    if _PRESENT.search(hypothesis) and _EARLIER.search(sentence) and not _PRESENT.search(sentence):
        return Stance.NEUTRAL  # *X is MIT licensed* is not said by ``earlier versions were MIT licensed``
    if _NOW.search(hypothesis) and not _SAID_NOW.search(sentence):
        return Stance.NEUTRAL  # *is she still director* is not said by ``became its director in 2005``
    if share >= STRONG and not is_negated(hypothesis) and _voted_another_act_on_it(hypothesis, sentence):
        return Stance.REFUTES  # *voted to revoke the licence* against ``voted 7-4 to suspend the licence``
    if not is_negated(hypothesis) and _another_does_the_act(hypothesis, sentence, named):
        return Stance.REFUTES  # *Klara Oberholz designed the dam* against ``designed by the engineer Anselm Weider``
    if (
        _reports_both(hypothesis, sentence)
        or _TWO_ACCOUNTS.search(sentence)
        or not _names_both_sides(hypothesis, sentence, named)
    ):
        return Stance.NEUTRAL  # a report of both sides; or one side of a relation, or another's act
    if _said_of_another_group(hypothesis, sentence):
        return Stance.NEUTRAL  # *voted 9 to 4 for adolescents*: not ``voted 9 to 4 ... for adults``
    if _another_subject(hypothesis, sentence, named):
        return Stance.NEUTRAL  # *Ilse Varga resigned in May 2021*: not ``Oskar Brandt resigned on 4 May 2021``
    if _another_of_its_kind(hypothesis, sentence):
        return Stance.NEUTRAL  # *the Corran Flats Cooperative*: not ``sold through the Sedge Hollow Cooperative``
    if _COMPARES.search(hypothesis) and not _COMPARES.search(sentence):
        return Stance.NEUTRAL  # a comparison of named things is supported only by one (one side's count is none)
    if not bare_numbers_said(hypothesis, sentence):  # *fixed in 2.5.0* is not said by a sentence without it
        if share >= STRONG and _same_polarity(hypothesis, sentence) and other_designation(hypothesis, sentence):
            return Stance.REFUTES  # *came off at tower 7* against ``came off the sheaves at tower 6``
        return Stance.NEUTRAL
    if _dated(hypothesis) and canonical_events(hypothesis) and not canonical_events(reading):
        return Stance.NEUTRAL  # *released on the date announced in September 2022*: not ``the target date was``
    if _says_only_what_names_a_value(hypothesis, sentence, named):
        return Stance.NEUTRAL  # *paid the full €212.6 million that the venture claimed*: ``claimed €212.6 million``
    if _placed_elsewhere(hypothesis, sentence):  # *started in the kitchen*: ``started in the drying room``
        return Stance.REFUTES if share >= STRONG and _same_polarity(hypothesis, sentence) else Stance.NEUTRAL
    if _only_an_earlier_figure(hypothesis, sentence):
        return Stance.NEUTRAL  # ``The initial figure of 12 stolen items ... arose because ...``: a figure given once
    # a dated or numbered claim of a cause needs the cause and what it caused: *collapsed because he was
    # paid £450,000* is not said by ``his package was £450,000``, *high winds caused the lift to stop on 10
    # February* not by ``when it stopped on Saturday 10 February``
    if _states_values(hypothesis) and not (
        _effect_said(hypothesis, sentence, named) and _cause_said(hypothesis, sentence, named)
    ):
        return Stance.NEUTRAL
    if supports(hypothesis, reading) and (
        (_states_values(hypothesis) and _says_the_predicate(hypothesis, reading, named))
        or _says_it_of_the_name(hypothesis, sentence, named)
        or same_cause(hypothesis, reading)
    ):
        return Stance.SUPPORTS  # a dated or numbered hypothesis is said by its values, a cause by its cause
    if _states_values(hypothesis):  # a dated or numbered statement is supported only by a sentence stating it
        if not _states_every_value(hypothesis, sentence, passage) or not _says_the_predicate(
            hypothesis, reading, named
        ):
            return Stance.REFUTES if _denied_as_of(hypothesis, sentence, passage) else Stance.NEUTRAL
        if _same_polarity(hypothesis, sentence) or _same_polarity_where_stated(hypothesis, sentence):
            return Stance.SUPPORTS
        if share >= DENIAL and not _negates_another_thing(hypothesis, sentence, named):
            return Stance.REFUTES  # ``X was not on the committee that refused it in October 2017``
        return Stance.NEUTRAL
    if share >= STRONG:
        if is_negated(hypothesis) == is_negated(sentence):
            if (
                not _cause_said(hypothesis, sentence, named)
                or not agent_said(hypothesis, subject_words(sentence) | named)  # *knocked out by ransomware*
                or _another_name_in_its_place(hypothesis, sentence)
                or not _says_it_of_the_name(hypothesis, sentence, named)
                or not _names_one(hypothesis, sentence, named)
                or not _says_what_was_done(hypothesis, sentence, named)
                or not _says_its_event(hypothesis, sentence, named)
                or not _says_what_it_was(hypothesis, sentence, named)
                or (_SUBORDINATE.search(hypothesis) and not _says_the_predicate(hypothesis, reading, named))
                or not _subject_head_said(hypothesis, sentence, named)
            ):
                return Stance.NEUTRAL
            return Stance.SUPPORTS
        if share < DENIAL or _negates_another_thing(hypothesis, sentence, named):
            return Stance.NEUTRAL
        return Stance.REFUTES
    return Stance.NEUTRAL


#: A figure denied as one reported in error, after the right one (``Six people were treated in
#: hospital, not eight as was reported by some outlets``).
_MISREPORTED = re.compile(
    rf",?\s+not\s+(?P<denied>{NUM}|{NUMWORD})\s+as\s+(?:was\s+|were\s+|had\s+been\s+)?"
    r"(?:first\s+|initially\s+|earlier\s+|wrongly\s+)?(?:reported|stated|claimed|said|announced)\b[^,.;]*",
    re.I,
)


def _stance_past_a_misreport(hypothesis: str, sentence: str, passage: str, misreported: re.Match[str]) -> Stance | None:
    """The stance of a sentence that gives a figure and denies another as misreported: a hypothesis
    stating the denied figure is refuted where, with the given figure in its place, the rest of the
    sentence supports it; any other is read on the rest."""
    rest = sentence[: misreported.start()] + sentence[misreported.end() :]
    denied = parse_number(misreported["denied"])[0]
    given = next((v for v in extract_values(rest) if v.kind == "count" and v.amount is not None), None)
    mine = next((v for v in extract_values(hypothesis) if v.kind == "count" and v.amount == denied), None)
    if given is not None and mine is not None:
        swapped = f"{hypothesis[: mine.start]}{given.raw}{hypothesis[mine.end :]}"
        if stance(swapped, rest, passage) is Stance.SUPPORTS or _counted_alike(hypothesis, mine, rest, given):
            return Stance.REFUTES
    return stance(hypothesis, rest, passage)


def _counted_alike(hypothesis: str, mine: Value, rest: str, given: Value) -> bool:
    """Whether two counts count one thing and say one act of it, in the few words after each
    (*twelve items were stolen from Case 4B* and ``seven items had been stolen``)."""
    counted = set(content_words(mine.dimension.partition(":")[2]))
    done = set(content_words(hypothesis[mine.end :])[:_COUNTED_ACT_WORDS]) - counted
    told = set(content_words(rest[given.end :])[:_COUNTED_ACT_WORDS]) - counted
    return mine.dimension == given.dimension and bool(done & told)


_COUNTED_ACT_WORDS = 3


#: A line that is a question, as an FAQ sets it (``**Q. Did the Trust charge people?**``, ``Q: ...``):
#: a passage's section heading when the search found its answer (``agents.sources.documents.section_at``).
_FAQ_QUESTION = re.compile(r"^[\s*#>_]*(?:Q(?:uestion)?\s*\d*\s*[.:)]\s*)?(?P<question>[A-Z][^\n]*?\?)[\s*_]*$")


def _answers_the_faq(hypothesis: str, sentence: str, passage: str) -> Stance | None:
    """The stance of an answer that opens with *Yes* or *No* toward the hypothesis, by the question
    on the line before it in the passage (an FAQ's): *No* under ``Did the Trust charge people to
    see the rail?`` refutes *The Trust charged visitors an entry fee to see the rail* (what was
    denied covers it), *Yes* supports what the question says (where that says the hypothesis).
    None where the sentence opens with neither, or no such question stands before it."""
    answer = ANSWERS_YES_OR_NO.match(sentence)
    if answer is None:
        return None
    lines = [line for line in passage[: max(passage.find(sentence), 0)].splitlines() if line.strip()]
    asked = _FAQ_QUESTION.match(lines[-1]) if lines else None
    if asked is None:
        return None
    said = read_question(asked["question"]).hypothesis
    if said.rstrip("?") == asked["question"].rstrip("?"):
        return None  # a question not read as a statement: what it asks is unknown
    if answer["answer"].lower() == "yes":
        return Stance.SUPPORTS if stance(hypothesis, said) is Stance.SUPPORTS else None
    denied = stance(said, hypothesis) is Stance.SUPPORTS or _harm_asked_wider(said, hypothesis)
    return Stance.REFUTES if denied else None


def _harm_asked_wider(asked: str, hypothesis: str) -> bool:
    """Whether a question read as *Someone was hurt* asks of the harm the hypothesis says someone
    came to, and of no narrower time or place (*Someone was injured among the ship's crew when
    ...*): a *No.* to it denies the hypothesis too."""
    harm, _, where = harm_of(asked)
    claimed = harm_of(hypothesis)[0]
    return bool(harm & claimed) and set(content_words(where)) <= set(content_words(hypothesis))


#: A motion's fate as minutes record it after the motion (``CARRIED 6-1.``, ``MOTION 1 CARRIED.``,
#: ``Motion lost.``): the first such word after it.
_FATE = re.compile(r"\b(?P<fate>carried|passed|adopted|agreed|lost|defeated|fell|failed|rejected)\b", re.I)
_ITEM_MARK = re.compile(r"(?:^|\s)\([a-z]\)\s")
_FOR_AGAINST = re.compile(r"\bfor[:\s]+(?P<for>\d+)\b.*?\bagainst[:\s]+(?P<against>\d+)\b", re.I)
_COUNT_FOR_AGAINST = re.compile(
    r"\b(?P<for>\d+)\s+for\b[,;\s]+(?P<against>\d+)\s+against\b", re.I
)  # ``9 for, 2 against``
#: A line of minutes that tells a decision (``RESOLVED: Motion 1 CARRIED.``, ``Result: lost``).
_DECISION_LINE = re.compile(r"(?im)^[\s*_]*(?:resolved|result|outcome|decision|motion|the motion|vote|voting)\b.*$")


def _fate_told(after: str) -> re.Match[str] | None:
    """What became of a motion in the minutes after it: a fate in capitals (``CARRIED``), else one on a
    line telling a decision (``Resolved: carried``), else the first fate word -- not a member's
    ``Cllr Hale agreed.`` in the debate before the vote, where a told fate follows."""
    fates = list(_FATE.finditer(after))
    motions = [f for f in fates if not _AMENDMENT.search(_line_at(after, f.start()))]
    fates = motions or fates  # ``Vote on amendment: ... LOST.``: an amendment's fate, not the motion's
    lines = [m.span() for m in _DECISION_LINE.finditer(after)]
    told = [f for f in fates if f["fate"].isupper()] or [f for f in fates if any(a <= f.start() < b for a, b in lines)]
    return next(iter(told or fates), None)


_AMENDMENT = re.compile(r"\bamendment\b", re.I)


def _line_at(text: str, at: int) -> str:
    """The line of ``text`` that ``at`` stands in."""
    end = text.find("\n", at)
    return text[text.rfind("\n", 0, at) + 1 : end if end >= 0 else len(text)]


_DEFEATED = frozenset({"lost", "defeated", "fell", "failed", "rejected"})
#: The bare forms of the verbs a motion may open with that lose more than an *-s* (``That this council has``).
_BARE_FORMS = {"has": "have", "is": "be", "does": "do"}
#: How far after a motion its fate is looked for (its mover, seconder, discussion and count between).
_FATE_REACH = 1200


def _body_named(body: str, passage: str) -> str:
    """The body a motion names by its noun (``the Committee``) as its minutes' heading names it
    (``MALDRIDGE CITY COUNCIL`` / ``CULTURE, HERITAGE AND LEISURE COMMITTEE``: the Maldridge City
    Council Culture, Heritage and Leisure Committee); the motion's words where the heading does not."""
    noun = body.split()[-1].lower()
    lines = [line.strip() for line in passage.splitlines() if line.strip()][:_HEADING_LINES]
    at = next((i for i, line in enumerate(lines) if noun in line.lower().split()), None)
    if at is None:
        return body[0].upper() + body[1:]
    heading = " ".join(lines[: at + 1])
    if heading.isupper():  # ``CULTURE, HERITAGE AND LEISURE COMMITTEE``: its words as a name writes them
        heading = " ".join(w.lower() if w.lower() in _LOWER_IN_NAMES else w.capitalize() for w in heading.split())
    return f"The {heading}"


_LOWER_IN_NAMES = frozenset({"and", "of", "the", "for", "on", "in", "at", "to"})
#: How many lines open minutes with the name of the body that met.
_HEADING_LINES = 3


def _told_after(sentence: str, passage: str) -> tuple[str, re.Match[str]] | None:
    """The minutes after a motion up to the next one, and the fate they tell it (:func:`_fate_told`);
    None where the passage tells none."""
    # where it stands in its passage, whatever its line breaks (a claim's statement has them as spaces)
    placed = re.search(r"\s+".join(map(re.escape, sentence.split())), passage)
    if placed is None:
        return None
    after = passage[placed.end() : placed.end() + _FATE_REACH]
    following = re.search(r"(?m)^.*\bThat\s+(?:the|this)\s", after)  # the next motion: its fate is its own
    after = after[: following.start()] if following is not None else after
    fate = _fate_told(after)
    return (after, fate) if fate is not None else None


def _carried(sentence: str, passage: str) -> bool | None:
    """Whether the motion ``sentence`` was carried (True) or lost (False), as its minutes tell; None
    for any other sentence, or a motion whose fate is not told."""
    told = _told_after(sentence, passage) if MOTION.match(sentence.strip()) else None
    return None if told is None else told[1]["fate"].lower() not in _DEFEATED


#: A claim of what became of a motion (``passed the motion of no confidence``, ``the motion to close
#: the pool was defeated``), and of which motion: the words after *motion*.
_FATE_CLAIMED = re.compile(
    r"\b(?:(?P<carried>passed|carried|adopted|approved|backed)|(?P<lost>rejected|defeated|voted\s+down|threw\s+out))"
    r"\s+(?:the|a|its)\s+motion\b(?P<which>[^.;]*)"
    r"|\bmotion\b(?P<which2>[^.;]{0,160}?)\s+(?:was|were)\s+(?:(?P<carried2>passed|carried|adopted|approved)"
    r"|(?P<lost2>rejected|defeated|lost))\b",
    re.I,
)


def _fate_denied(hypothesis: str, sentence: str, passage: str) -> bool:
    """Whether the hypothesis claims what became of a motion (:data:`_FATE_CLAIMED`) and the sentence
    is a motion its minutes tell the other fate of, most of the hypothesis's words for the motion in
    it (*passed the motion of no confidence* against ``"That this council has no confidence in ..."``
    and ``The motion FELL.``). (The same fate leaves the rest to judge: *passed unanimously*.)"""
    claimed = _FATE_CLAIMED.search(hypothesis)
    carried = _carried(sentence, passage) if claimed is not None else None
    if claimed is None or carried is None:
        return False
    which = set(content_words(claimed["which"] or claimed["which2"] or "")) - _MOTION_WORDS
    if not which or len(which & set(content_words(sentence))) * 2 < len(which):
        return False
    return bool(claimed["carried"] or claimed["carried2"]) != carried


#: Words about a motion, not of it (*at its March 2024 meeting*).
_MOTION_WORDS = frozenset(content_words("meeting extraordinary council committee board"))


def _as_decided(sentence: str, passage: str) -> str | None:
    """A motion read with what the minutes say became of it: ``The Board voted to terminate the
    contract ... (Vote: For 6. Against 1. CARRIED 6-1.)`` for ``That the Board terminate the
    contract ...`` carried on the lines after it, ``The Board did not terminate ...`` for one lost.
    None for any other sentence, or a motion whose fate its passage does not tell (before the next
    motion)."""
    motion = MOTION.match(sentence.strip())
    told = _told_after(sentence, passage) if motion is not None else None
    if motion is None or told is None:
        return None
    after, fate = told
    counted = re.search(r"(?im)^.*\bvot(?:e|es|ing)\b", after[: fate.start()])  # ``Vote: For 6 ... Against 1``
    outcome = " ".join(after[counted.start() if counted is not None else fate.start() : fate.end()].split())
    split = _FOR_AGAINST.search(outcome) or _COUNT_FOR_AGAINST.search(outcome)
    if split is not None:  # ``For 6 (...). Against 1 (Aherne).``: by 6 votes to 1, as a report words it
        outcome += f", {split['for']} votes to {split['against']}"
    body = _body_named(motion["body"], passage)
    proposed = " ".join(_ITEM_MARK.sub(" ", motion["proposed"]).split())  # its parts (a), (b), ... as one text
    act, _, rest = proposed.rstrip(' ."\u201d').partition(" ")
    if act.endswith("ly") and rest:  # ``That the Council formally demands``: to demand (how is no part of what)
        act, _, rest = rest.partition(" ")
    act = _BARE_FORMS.get(act) or re.sub(r"(?<=[^s])s$", "", act)  # ``That the board approves``: to approve
    lost = fate["fate"].lower() in _DEFEATED
    if act == "be":  # ``That the grant be reduced to £400,000``
        return f"{body} was {'not ' if lost else ''}to be {rest} ({outcome})."
    return f"{body} {'did not' if lost else 'voted to'} {act} {rest} ({outcome})."


#: What a vote decided to do (``voted 7-4 to suspend``, ``voted in August 2024 to revoke``).
#: (Not a count's *to*: ``by 5 votes to two``.)
_VOTED_TO = re.compile(
    rf"\b(?:vot(?:e|ed|es|ing)|resolved)\b[^.;]{{0,40}}?\bto\s+(?P<act>(?!(?:{NUMWORD}|one)\b)[a-z]{{3,}})\b",
    re.IGNORECASE,
)


#: The acts a vote's sentence lists after its first (``voted to accept ..., to set ... and to award ...``).
_VOTE_ACTS = re.compile(r"\bto\s+([a-z]{3,})\b")


def _acts_voted(sentence: str, told: re.Match[str]) -> set[str]:
    """The words of every act a vote decided, from the one ``told`` found on (:data:`_VOTE_ACTS`), and
    the state a thing was declared in (``to declare the examination void``: to void it)."""
    start = told.start("act") - 3
    acts = {w for act in _VOTE_ACTS.findall(sentence, start) for w in content_words(act)}
    return acts | {w for state in _DECLARED_STATE.findall(sentence, start) for w in content_words(state)}


#: A vote to declare a thing in a state (``to declare the examination void``): the state is the act.
_DECLARED_STATE = re.compile(
    r"\bto\s+(?:declare|rule|deem|pronounce)\s+(?:[\w'-]+\s+){1,5}?"
    r"(void|invalid|null|closed|unlawful|illegal|redundant|vacant|bankrupt|insolvent)\b",
    re.IGNORECASE,
)


def _decides_another_act(hypothesis: str, decided: str) -> bool:
    """Whether a motion read as decided (:func:`_as_decided`) decides another act than the one the
    hypothesis says was decided, by its vote's act (*voted to revoke*) or its own verb (*adopted the
    plan*): ``voted to authorise the Superintendent to commit $1.9 million`` is no vote on the plan."""
    if _VOTED_TO.search(hypothesis) is not None:
        return _voted_another_act(hypothesis, decided)
    named = _ACT_DECIDED.search(hypothesis)  # *the motion to declare ... passed*, *voted against accepting*
    verb = named.group(named.lastgroup or 0) if named is not None else None
    if verb is None:
        first = _FIRST_VERB.search(hypothesis)
        verb = first.group() if first is not None else None
    told = _VOTED_TO.search(decided)
    if verb is None or told is None or not content_words(verb):
        return False  # (*was passed*: no act named to tell apart)
    return not set(content_words(verb)) & _acts_voted(decided, told)


#: The act a hypothesis says was decided, named by a motion's or a vote's words (*the council's
#: motion to declare a major incident*, *voted against accepting the recommendations*).
_ACT_DECIDED = re.compile(
    r"\bmotion\s+to\s+(?P<act>[a-z]{3,})\b"
    r"|\bvot(?:e|ed|es|ing)\s+(?:[a-z]+ly\s+)?(?:against|for|in\s+favou?r\s+of)\s+(?P<ing>[a-z]{3,}ing)\b",
    re.I,
)


def _voted_another_act_on_it(hypothesis: str, sentence: str) -> bool:
    """Both say a vote decided to do something to one thing, and not the same thing (*to revoke the
    festival's licence* against ``to suspend the festival's licence``; not ``to adopt the dredging
    plan``, a vote on another thing)."""
    if not _voted_another_act(hypothesis, sentence):
        return False
    claimed, told = _VOTED_TO.search(hypothesis), _VOTED_TO.search(sentence)
    assert claimed is not None and told is not None  # (both found by _voted_another_act)
    passed_over = _RATHER_THAN.search(sentence, told.end())
    if passed_over is not None and set(content_words(passed_over["act"])) & set(content_words(claimed["act"])):
        return True  # ``the vote to keep the money back, rather than end the agreement``: the act set aside
    object_claimed = set(content_words(hypothesis[claimed.end() :])[:_OBJECT_WORDS])
    return bool(object_claimed) and object_claimed <= set(content_words(sentence[told.end() :])[: _OBJECT_WORDS + 1])


#: An act a decision set aside for the one it took (``rather than end the agreement``).
_RATHER_THAN = re.compile(r"\b(?:rather\s+than|instead\s+of)\s+(?P<act>[a-z]+)", re.IGNORECASE)
#: The words after a vote's act that say what it was done to (*the festival's licence*).
_OBJECT_WORDS = 2


def _voted_another_act(hypothesis: str, sentence: str) -> bool:
    """Both say a vote decided to do something, and not the same thing (*revoke* against *suspend*)."""
    claimed, told = _VOTED_TO.search(hypothesis), _VOTED_TO.search(sentence)
    if claimed is None or told is None:
        return False
    # every act of the vote: ``voted to accept the findings, to set a deadline and to award ...``
    return not set(content_words(claimed["act"])) & _acts_voted(sentence, told)


#: A phrase of time that opens a hypothesis before a comma (``After the rescue,``, ``During the
#: storm,``): it says when, and a sentence need not say it to say the rest.
_TIME_FRAME = re.compile(r"^\s*(?:after|before|during|following|since|until)\s+[^,]{1,40},\s*", re.I)


def _past_its_time_frame(hypothesis: str) -> str:
    """The hypothesis after its opening phrase of time (:data:`_TIME_FRAME`), if it has one."""
    framed = _TIME_FRAME.match(hypothesis)
    return hypothesis[framed.end() :] if framed is not None else hypothesis


#: A work's title with its subtitle (``Cinderhold: The Sunken Vaults``): another work than the title alone.
_SUBTITLED = re.compile(
    r"\b([A-Z][\w'-]*(?:\s+[A-Z][\w'-]*){0,3}):\s+((?:The\s+|A\s+)?[A-Z][\w'-]*(?:\s+[A-Z][\w'-]*)*)"
)


_POSSESSIVE = re.compile(r"['\u2019]s\b")
_OWNER_FIRST = re.compile(r"^\S+['\u2019]s\s")  # ``NASA's Climate Change``: the owner's thing


def _names_a_sibling(hypothesis: str, sentence: str) -> bool:
    """The sentence names, in place of a name of the hypothesis it does not say, a sibling: the same
    first word with other words after it (*Verelle Max* for *Verelle 7*, *Apollo 12* for *Apollo 11*,
    a title's sequel with its subtitle: *Cinderhold: The Sunken Vaults* for *Cinderhold*), and not
    itself named by the hypothesis (*the Tamsin River* beside *the Tamsin Valley*)."""
    # (*Maldridge City Council's Culture* is a heading's ``Maldridge City Council Culture``, *St Bride
    # Hospital* ``St Bride's Hospital``; ``NASA's Climate Change`` is NASA's, no sibling of *NASA Finds X*)
    own = [_POSSESSIVE.sub("", v.raw) for v in extract_values(hypothesis) if v.dimension == "name"]
    names = [v.raw for v in extract_values(sentence) if v.dimension == "name" and not _OWNER_FIRST.match(v.raw)]
    said = [name for name in (_POSSESSIVE.sub("", raw) for raw in names) if name not in own]
    subtitled = [(m.group(1), m.group(2)) for m in _SUBTITLED.finditer(sentence)]
    for name in own:
        first, _, rest = name.partition(" ")
        if any(title in (name, first) and sub.lower() not in hypothesis.lower() for title, sub in subtitled):
            return True  # *Cinderhold: The Sunken Vaults*, a sequel, for *Cinderhold*
        if not rest or re.search(rf"\b{re.escape(name)}\b", sentence, re.IGNORECASE):
            continue
        if any(other.partition(" ")[0] == first and other.partition(" ")[2] not in ("", rest) for other in said):
            return True
    return False


#: Words right before a change, or right after it past *in* / *of*, that name what changed.
_MOVED_WORDS = 5
_DIRECTIONS = frozenset({"increase", "decrease"})


def _moved_the_other_way(hypothesis: str, sentence: str) -> bool:
    """The hypothesis says its subject went one way (*did the daily standing charge go down?*) and
    the sentence says the same thing went the other (``... while the daily standing charge rose``,
    ``an increase in the daily standing charge``), whatever else it says went which way (``the
    energy rate was cut``): what moved is read from the words next to each change."""
    moves = [(e, s) for e, s, _ in canonical_events(hypothesis) if e in _DIRECTIONS]
    if len({e for e, _ in moves}) != 1:
        return False
    way, at = moves[0]
    thing = set(subject_words(hypothesis[:at]))
    if len(thing) < 2:
        return False
    for event, start, end in canonical_events(sentence):
        if event not in _DIRECTIONS:
            continue
        before = CLAUSE_BREAK.split(re.split(r"[,;]", sentence[:start])[-1])[-1].split()[-_MOVED_WORDS:]
        after = re.match(rf"\s+(?:in|of)\s+((?:\S+\s*){{1,{_MOVED_WORDS}}})", sentence[end:])
        named = set(subject_words(" ".join(before))) | (set(subject_words(after.group(1))) if after else set())
        if len(named & thing) >= 2:
            return event != way
    return False


#: A hypothesis that a figure was revised one way (``later revised its first figure upwards``).
_REVISED_WAY = re.compile(
    r"\b(?:revised|corrected|adjusted|raised|lowered|increased|reduced|cut)\b[^.;]{0,80}?"
    r"\b(?P<way>upwards?|up|downwards?|down|higher|lower)\b|\b(?P<verb>raised|increased|lowered|reduced)\b",
    re.IGNORECASE,
)
#: The figure a sentence gives as the one it replaces: ``not the 46 it announced``, ``up from 46``,
#: ``first put at 46``.
_REPLACED_FIGURE = re.compile(
    r"\b(?:not\s+(?:the\s+)?|(?:up|down)\s+from\s+(?:the\s+)?|(?:first|initially|originally|previously|earlier)\s+"
    r"(?:announced|reported|given|stated|said|put)\s+(?:at\s+|as\s+)?(?:the\s+)?)$",
    re.IGNORECASE,
)
#: A figure standing alone (``46``, ``1,250``), not part of a range or a word (``11-12 November``).
_FIGURE_TOKEN = re.compile(r"(?<![\w.,-])\d[\d,]*(?:\.\d+)?(?![\w-])")


def _revised_way(hypothesis: str, sentence: str) -> Stance | None:
    """Whether the sentence bears out the way the hypothesis says a figure was revised (*revised its
    number of lost containers upwards*: ``now says that 63 containers went overboard, not the 46 it
    announced``): the figure the sentence gives as replaced against the other of its kind. None
    where the hypothesis claims no revision's way or the sentence gives no replaced figure."""
    claimed = _REVISED_WAY.search(hypothesis)
    if claimed is None or any(v.dimension != "name" for v in extract_values(hypothesis)):
        return None  # (a hypothesis giving its figures is read by them)
    word = (claimed["way"] or claimed["verb"]).lower()
    up = word.startswith(("up", "higher", "raised", "increased"))
    dated = [(v.start, v.end) for v in extract_values(sentence) if v.dimension == "time"]
    figures = [m for m in _FIGURE_TOKEN.finditer(sentence) if not any(a <= m.start() < b for a, b in dated)]
    old = [m for m in figures if _REPLACED_FIGURE.search(sentence, 0, m.start())]
    new = [m for m in figures if m not in old]
    if len(old) != 1 or len(new) != 1:
        return None
    before, after = (float(m.group().replace(",", "")) for m in (old[0], new[0]))
    return None if before == after else Stance.SUPPORTS if (after > before) == up else Stance.REFUTES


def _only_planned(hypothesis: str, sentence: str) -> bool:
    """The sentence gives the hypothesis's dates only as what was planned for them (``A fifth
    season is planned for July-August 2020`` for *carried out a season in 2020*; not ``was due to
    finish in March ... returned to service on 1 May 2023`` for *the 2023 refit*), where the
    hypothesis plans nothing itself."""
    wanted = [v for v in extract_values(hypothesis) if v.dimension == "time"]
    if not wanted or _PLANS.search(hypothesis) or _PLAN_VERB.search(hypothesis):
        return False
    planned = _plan_spans(sentence)
    if not planned:
        return False
    stated = [v for v in extract_values(sentence) if v.dimension == "time"]
    in_plans = [v for v in stated if any(a <= v.start < b for a, b in planned)]
    said_as_done = [v for v in stated if v not in in_plans]
    return any(covers(w, v) for w in wanted for v in in_plans) and not any(
        covers(w, v) for w in wanted for v in said_as_done
    )


#: The words after a figure that make it a plan's, not what was done: ``the 60 stations recommended``.
_PLANNED_FIGURE = re.compile(
    r"(?:\s+[a-z-]+){0,2}?\s+(?:recommended|proposed|planned|forecast|projected|envisaged|targeted|budgeted)\b"
)


#: A verb whose object is a plan: ``the study recommended a network of 60 stations``, ``It will enrol up
#: to 30 patients`` (what is to come is not yet done).
_PLAN_VERB = re.compile(
    r"\b(?:recommend(?:ed|s)?|propos(?:ed|es)|envisag(?:ed|es)|call(?:ed|s)\s+for|will|shall|(?:is|are)\s+(?:going|set)\s+to)\b",
    re.IGNORECASE,
)


def _without_planned_figures(sentence: str) -> str:
    """The sentence with each figure a plan gives blanked (``opened with 40 docking stations, against
    the 60 stations recommended in the study``: what was done is 40, and 60 is no one's count of it;
    ``the study recommended 60 stations``: a count of nothing done). Dates stay: what was planned
    for a date is :func:`_only_planned`'s."""
    plans = _plan_spans(sentence)
    for value in reversed(extract_values(sentence)):
        if value.dimension in ("name", "time"):
            continue
        if _PLANNED_FIGURE.match(sentence, value.end) or any(a <= value.start < b for a, b in plans):
            sentence = sentence[: value.start] + " " * (value.end - value.start) + sentence[value.end :]
    return sentence


def _plan_spans(sentence: str) -> list[tuple[int, int]]:
    """Where the sentence tells a plan or what is to come: from each plan's word (:data:`_PLANS`,
    :data:`_PLAN_VERB`) to the end of its clause."""
    return [(m.end(), _clause_end(sentence, m.end())) for p in (_PLANS, _PLAN_VERB) for m in p.finditer(sentence)]


def _clause_end(sentence: str, at: int) -> int:
    """Where the clause going on at ``at`` ends (:data:`~.textfacts.CLAUSE_BREAK`), or the sentence's end."""
    end = CLAUSE_BREAK.search(sentence, at)
    return end.start() if end is not None else len(sentence)


def _listed_under_a_plan(sentence: str, passage: str) -> bool:
    """Whether the sentence is an item of a list its passage brings in with a plan (``3.1 The current
    proposal is for:`` above ``- five wind turbines, each ... 3.0 MW``): what was proposed, not done."""
    at = passage.find(sentence[:40]) if sentence else -1
    item = _ITEM_START.search(passage, 0, at) if at > 0 else None
    if item is None:
        return False  # not an item of a list
    lines = passage[: item.start()].split("\n")
    lead = next((line.strip() for line in reversed(lines) if line.strip() and not _ITEM.match(line)), "")
    return lead.endswith(":") and _PLAN_LEAD.search(lead) is not None


_ITEM = re.compile(rf"\s*{LIST_MARKER}\s")
_ITEM_START = re.compile(rf"\n[ \t]*{LIST_MARKER}[ \t]+$")
#: The words of a list's lead-in line that make its items a plan.
_PLAN_LEAD = re.compile(r"\b(?:propos\w*|plan(?:s|ned)?|would|will|intend\w*|draft)\b", re.IGNORECASE)


def _says_it_of_the_name(hypothesis: str, sentence: str, named: frozenset[str]) -> bool:
    """Where the hypothesis is about a named thing, whether the sentence says what it says of it:
    all of the hypothesis's other words, but one in four and the words that only modify a next one
    it says (:func:`_compound_modifiers`) (*the Orrin Viaduct collapsed because of
    rust* is not supported by *The Orrin Viaduct ... collapsed at dawn*: the name and the event are
    what the documents are about; the cause is the claim), but those of an opening phrase of time
    (:data:`_TIME_FRAME`). A hypothesis naming nothing keeps the share rule alone."""
    if (_act_of_the_name(hypothesis) & subject_words(hypothesis)) - subject_words(sentence) - named:
        return False  # what the named one did is the claim: *Corvane funded the study* is not said without *fund*
    opening = _OPENING_ARTICLE.match(hypothesis)  # ``The Stage 3 rules``: the article is no word of a name
    written = f"{opening.group().lower()}{hypothesis[opening.end() :]}" if opening else hypothesis
    names = {word for m in _PROPER_NAME.finditer(written) for word in content_words(m.group())}
    said = subject_words(_past_its_time_frame(hypothesis)) - names  # ``After the rescue, ...``: when
    if not names or not said:
        return True
    missing = said - subject_words(sentence) - named
    if _PASSIVE_ACT.search(hypothesis) is not None:  # *was carried out at*: where, not that it was done
        missing -= _HAPPENED
    missing -= _compound_modifiers(hypothesis, said - missing, sentence)
    missing -= _qualifiers_of_the_one_meant(hypothesis, sentence)
    return len(missing) <= len(said) // 4


#: The verb right after a hypothesis's opening name, in the past: ``Corvane Agrochem funded``,
#: ``Ada Quill was appointed``, ``the mill had closed``.
_ACT_AFTER_NAME = re.compile(
    rf"^(?:the\s+)?(?P<name>{_NAME}|[A-Z][\w'-]+)\s+(?:(?:was|were|had|has|have)\s+)?(?P<act>[a-z]+ed|{PAST_ACTS})\b"
)


#: Verbs that say little of their own (*kept its head office in X*: ``the head office remained in X``).
_LIGHT_ACTS = frozenset({"kept", "made", "took", "gave", "held", "got", "had"})


def _act_of_the_name(hypothesis: str) -> set[str]:
    """The words of the act a hypothesis opening with a name gives it (*funded* of *Corvane Agrochem
    funded the study*), or none."""
    someone = _SOMEONE_DID.match(hypothesis)
    if someone is not None:  # ``Someone died``: no name, and the act is all the claim says of anyone
        return set(content_words(someone.group("act")))
    m = _ACT_AFTER_NAME.match(_past_its_time_frame(hypothesis))
    if m is None or m.group("name").lower() in STOP_WORDS or m.group("act") in _LIGHT_ACTS:
        return set()  # *They funded*: no name; *Tarnwick kept its office*: the office is what is claimed
    return set(content_words(m.group("act")))


def _compound_modifiers(hypothesis: str, said: frozenset[str] | set[str], sentence: str) -> set[str]:
    """The hypothesis's words that only modify the next one, which the sentence says: *power* of *a
    hydroelectric power station* where it reads *a hydroelectric station* (the two words side by
    side: *pushed* does not modify *CEO* in *pushed out as CEO*) -- unless the sentence puts another
    word in the modifier's place (*built to standard gauge* does not say *built to metre gauge*)."""
    pairs = [
        (content_words(a.surface), content_words(b.surface))
        for a, b in itertools.pairwise(tokens(hypothesis))
        if not hypothesis[a.end : b.start].strip(" -")  # next to each other: not *pushed out as CEO*
    ]
    own = set(content_words(hypothesis))
    before: dict[str, str] = {}  # the content word the sentence writes right before each of its words
    for a, b in itertools.pairwise(tokens(sentence)):
        left, right = content_words(a.surface), content_words(b.surface)
        if left and right and not left[-1][:1].isdigit():  # *a 2019 paper*: a date, no other kind of paper
            before[right[0]] = left[-1]
    return {
        w[0]
        for w, after in pairs
        if w and after and after[0] in said and w[0] not in said and before.get(after[0], w[0]) in own
    }


#: A noun with the *of* phrase that says which one it is (``the merger of the Tarrowgate and
#: Quillon orchestras``): up to six words, to the clause's next preposition, verb or punctuation.
_OF_PHRASE = re.compile(
    r"\bthe\s+(?:[a-z]+\s+)?(?P<noun>[a-z]+)\s+of\s+(?P<which>(?:the\s+)?(?:(?!(?:in|on|at|by|for|to|with|from|after|before|"
    r"because|was|were|is|are|has|had|that|which|who)\b)[\w'-]+\s*){1,6})",
    re.I,
)


def _qualifiers_of_the_one_meant(hypothesis: str, sentence: str) -> set[str]:
    """The hypothesis's words saying which one of a thing it means (*the merger of the Tarrowgate
    and Quillon orchestras*) where the sentence says *the merger* with no *of* phrase of its own:
    the one its page is about, the one the hypothesis means."""
    out: set[str] = set()
    for m in _OF_PHRASE.finditer(hypothesis):
        noun = re.escape(m.group("noun"))
        if re.search(rf"\bthe\s+{noun}\b(?!\s+of\b)", sentence, re.I):
            out |= set(subject_words(m.group("which")))
    tail = _CONNECTED_WITH.search(hypothesis)  # *offences connected with the fire*: the ones its page means
    if tail is not None and not re.search(_CONNECTING, sentence, re.IGNORECASE):  # not tied to another thing
        out |= set(subject_words(tail.group()))
    return out


#: A closing phrase tying a thing to the event a page is about (``connected with the fire``,
#: ``in connection with the collapse``, ``related to the outbreak``).
_CONNECTING = r"\b(?:(?:in\s+)?connect(?:ed|ion)\s+(?:with|to)|related\s+to|linked\s+to|arising\s+from)\b"
_CONNECTED_WITH = re.compile(rf"{_CONNECTING}\s+(?:the|this|that)\s+[a-z-]+\s*[.?]?$", re.IGNORECASE)


#: A vote said to be unanimous (``unanimously``, ``without dissent``, ``nem. con.``).
_UNANIMOUS = re.compile(
    r"\b(?:unanimous(?:ly)?|without (?:a )?(?:dissent|vote against|opposition)|nem\.? con"
    r"|without\s+any(?:one|body|\s+[a-z-]+)?\s+voting\s+against)\b",  # *without any trustee voting against it*
    re.I,
)
_VOTES = rf"\d+|{NUMWORD}|one|none|nil|zero"
#: A vote's count: ``by seven votes to two``, ``voted 9-3``, ``a vote of 5 to 0``, ``with two against``.
_VOTE_COUNT = re.compile(
    rf"\b(?:(?:votes?|voted|voting)\s+(?:of\s+|by\s+)?(?P<for>{_VOTES})\s*(?:to|[\u2013-])\s*(?P<against>{_VOTES})\b"
    rf"|(?P<for2>{_VOTES})\s+votes?\s+to\s+(?P<against2>{_VOTES})\b"
    rf"|(?P<against3>{_VOTES})\s+(?:votes?\s+)?against\b"
    # ``Vote: For 9, Against 0``, ``For 6 (Brannigan, ...). Against 1``
    rf"|\bfor[:\s]+(?:{_VOTES})\s*(?:\([^()]*\)\s*)?[,;.\u2013-]\s*against[:\s]+(?P<against4>{_VOTES})\b)",
    re.I,
)
#: A claim that someone voted against (*Did any board member vote against ...?*): the vote was split.
_ANY_AGAINST = re.compile(
    r"\b(?:any(?:one|body|\s+(?:[a-z-]+\s+){1,2}?)|someone|somebody)\s*(?:vot(?:e|ed)|ballot(?:ed)?)\s+against\b",
    re.I,
)


def _vote_about(hypothesis: str, sentence: str) -> str:
    """The part of a sentence telling of several votes that tells of the one the hypothesis speaks of
    (``voted 9-2 ... to call for an independent review, and voted unanimously to ask ...``: the first,
    for *voted unanimously in favour of calling for an independent review*): the one sharing most of
    its words; the whole sentence where it tells of one vote."""
    starts = [m.start() for m in _VOTED.finditer(sentence)]
    if len(starts) < 2:
        return sentence
    parts = [sentence[a:b] for a, b in itertools.pairwise([0, *starts[1:], len(sentence)])]
    wanted = set(content_words(hypothesis))
    return max(parts, key=lambda part: len(wanted & set(content_words(part))))


_VOTED = re.compile(r"\bvoted\b", re.I)  # (not the noun: ``by seven votes to two``)


def _unanimous(text: str) -> bool | None:
    """Whether ``text`` says a vote was unanimous (True), split (False: some voted against), or
    neither (None)."""
    if _UNANIMOUS.search(text):
        return True
    if _ANY_AGAINST.search(text):
        return False
    count = _VOTE_COUNT.search(text)
    if count is None:
        return None
    against = (count["against"] or count["against2"] or count["against3"] or count["against4"]).lower()
    return against in ("0", "none", "nil", "zero")


def _another_of_its_kind(hypothesis: str, sentence: str) -> bool:
    """Whether the sentence names, where the hypothesis has a name of two words or more ending in a
    noun of its kind (:data:`~.words.THING_NOUNS`) it does not say, another of that kind: the same
    last word, none of the others (*the Sedge Hollow Cooperative* for *the Corran Flats
    Cooperative*, *Ostby Road* for *Harlow Road*). It tells of that one. (A person's name ends in
    no such noun: *Cllr Quill* may be *Mayor Ada Quill*.)"""
    present = set(content_words(sentence))
    said = [content_words(v.raw) for v in extract_values(sentence) if v.dimension == "name"]
    for name in (v for v in extract_values(hypothesis) if v.dimension == "name"):
        words = content_words(name.raw)
        if len(words) < 2 or words[-1] not in THING_NOUNS or set(words[:-1]) & present:
            continue  # one word, or the sentence says what tells it apart
        if any(len(other) > 1 and other[-1] == words[-1] and not set(other[:-1]) & set(words) for other in said):
            return True
    return False


def _another_name_in_its_place(hypothesis: str, sentence: str) -> bool:
    """Whether the sentence puts another name where the hypothesis has one it does not say: after
    the same word (*Kestrel is licensed under the MIT license* against *released under the Apache
    License*), or one of the same kind (*Kestrel is MIT licensed* against *the Apache License*: the
    word after the hypothesis's name is the other name's, follows it, or comes right before it, as
    a table's header before its cell: ``licence Apache 2.0``). Such a sentence does not
    support the hypothesis (whether it refutes it, a name cannot tell: a city may lie in the region
    the other names)."""
    present = set(content_words(sentence))
    names = [v for v in extract_values(hypothesis) if v.dimension == "name"]
    own = {w for v in names for w in content_words(v.raw)}  # another of its own names is no other name
    others = [v for v in extract_values(sentence) if v.dimension == "name" and not set(content_words(v.raw)) & own]
    for name in names:
        if set(content_words(name.raw)) <= present:
            continue
        after = content_words(hypothesis[name.end :])[:1]  # *MIT licensed*: the name says what kind of licence
        if after and any(after[0] in content_words(f"{v.raw} {_next_word(sentence, v.end)}") for v in others):
            return True  # ``released under the Apache License``: another licence
        if after and any(content_words(sentence[: v.start])[-1:] == after for v in others):
            return True  # ``licence Apache 2.0``, a table's row read under its header: another licence
        before = [w for w in re.findall(r"[\w'-]+", hypothesis[: name.start].lower()) if w not in _ARTICLES]
        if not before:
            continue
        slot = re.compile(rf"\b{re.escape(before[-1])}\s+(?:(?:the|a|an)\s+)?([A-Z][\w'-]*)")
        if any(not set(content_words(m.group(1))) & own for m in slot.finditer(sentence)):
            return True
    return False


#: An act and the place it says it was done in (``started in the drying room``, ``kept at the depot``):
#: a lower-case place of up to three words after *in*, *at* or *inside* and an article.
_ACT_IN_PLACE = re.compile(
    r"\b(?P<act>[a-z]{3,})\s+(?P<prep>in|at|inside)\s+(?:the|a|an|its|his|her|their)\s+"
    r"(?P<place>[a-z][a-z-]*(?:\s+(?!(?:and|or|but|of|on|in|at|by|to|for|from|with|was|were|had|has|which|that|"
    r"where|when|while|after|before|because|since)\b)[a-z][a-z-]*){0,2})"
)
#: Words after *in the* that say when, not where (*started in the early hours*, *at the time*).
_TIME_NOUNS = frozenset(
    "morning afternoon evening night day days hours hour week weeks month months year years time "  # noqa: SIM905
    "spring summer autumn winter end past beginning meantime interim first last same".split()
)


def _placed_elsewhere(hypothesis: str, sentence: str) -> bool:
    """Whether the sentence says the hypothesis's act was done in another place (*the fire started
    in the kitchen* against ``the fire started in the drying room``): the same act, *in* or *at*
    another place whose words share none with the hypothesis's, which the sentence may still name
    elsewhere (``..., and the kitchen stove had been out``)."""
    for claimed in _ACT_IN_PLACE.finditer(hypothesis):
        place = set(content_words(claimed.group("place")))
        if not place or place & _TIME_NOUNS or claimed.group("act") in STOP_WORDS:
            continue
        for told in _ACT_IN_PLACE.finditer(sentence):
            other = set(content_words(told.group("place")))
            same_act = one_family(told.group("act"), claimed.group("act"))
            if same_act and other and not other & _TIME_NOUNS and not other & place:
                return True
    return False


def _next_word(text: str, at: int) -> str:
    word = re.match(r"\s*([\w'-]+)", text[at:])
    return word.group(1) if word else ""


def _negates_another_thing(hypothesis: str, sentence: str, named: frozenset[str]) -> bool:
    """The sentence's negation governs words the hypothesis does not say, while it leaves some of the
    hypothesis's unsaid (``Kestrel does not support multi-series transactions`` against *Kestrel
    supports joins*): it denies another thing, which says nothing of this one."""
    wanted = subject_words(hypothesis)
    if not wanted - subject_words(sentence) - named:
        return False  # it says all the hypothesis says, and denies it
    scope = negation_scope(sentence)
    if not scope:  # a negation of nothing said (``every settlement that lacks them``: a pronoun), or none
        return is_negated(sentence)
    return bool(scope - wanted)


def _denies_the_cause(hypothesis: str, sentence: str) -> bool:
    """Whether the sentence denies the cause a hypothesis gives (*the barge struck the bridge because
    its steering gear failed* against ``There was no failure of the steering gear``): its negation
    governs every word of the cause, each said in a word of its family."""
    scope = negation_scope(sentence)
    if not scope or _CAUSE_OF.search(sentence) or _CAUSE_AFTER.search(sentence):
        return False  # (a sentence giving a cause of its own is read as one, not as this denial)
    cause = _CAUSE_OF.search(hypothesis) or _CAUSE_AFTER.search(hypothesis)
    causer = _CAUSER.match(hypothesis)
    if cause is not None:
        words = set(content_words(hypothesis[cause.end() :])) - set(subject_words(hypothesis[: cause.start()]))
        head = content_words(_BEFORE_A_PREPOSITION.split(hypothesis[cause.end() :], maxsplit=1)[0])
        if head and not _all_in(words, scope) and _no_sign_of(head[-1], sentence):
            # ``no evidence of a cyberattack`` denies any, so *caused by a cyberattack on the relays*
            words = set(head)
        elif head and not _all_in(words, scope) and _all_in(words, frozenset(content_words(sentence))):
            # ``No oysters were served ..., including at the captain's dinner on 4 September``: the
            # cause's head denied where the rest of it is said (*oysters served at the captain's dinner*)
            words = set(head)
    elif causer is not None:  # *a lightning strike caused the blade to break*: ``no evidence of a lightning strike``
        words = set(content_words(causer["cause"]))
        if _CAUSAL.search(sentence) and not _all_in(words, scope):
            # ``no evidence that theft ... contributed`` denies any theft a part, so *copper theft at the depot*
            words = set(content_words(causer["cause"])[-1:])
        thing = _THING_BEFORE_ITS_ACT.match(causer["cause"])
        head = content_words(thing.group())[-1:] if thing is not None else []
        if head and not _all_in(words, scope) and _none_listed(head[0], sentence):
            # *a council gritting tractor driven onto the top deck caused it*: ``no gritting vehicle,
            # tractor or other machine was on the roof deck``
            return True
    else:
        return False
    return bool(words) and _all_in(words, scope)


#: The thing a cause names, before what is said of it (``a council gritting tractor`` of ``... driven onto
#: the top deck``): up to a participle, a preposition or a relative word.
_THING_BEFORE_ITS_ACT = re.compile(
    r"\s*(?:(?:an?|the)\s+)?[\w-]+(?:\s+(?!(?:\w+ed|\w+en|onto|on|in|at|by|from|with|that|which|who)\b)[\w-]+){0,3}"
)
#: *No* and the things it denies, up to their verb (``no gritting vehicle, tractor or other machine was``).
_NONE_OF = re.compile(r"\bno\s+(?P<things>[^.;:]{1,100}?)\s+(?:was|were|had|has|have|is|are)\b", re.I)


def _none_listed(word: str, sentence: str) -> bool:
    """Whether the sentence denies any of a list of things one of which is ``word`` (or one of its
    family), by its last word: ``no gritting vehicle, tractor or other machine`` denies a tractor,
    ``no tractor tyre marks`` only marks."""
    items = (item for m in _NONE_OF.finditer(sentence) for item in re.split(r",|\bor\b|\band\b", m["things"]))
    return any(_in_family(word, frozenset(content_words(item)[-1:])) for item in items)


def _all_in(words: set[str], scope: frozenset[str]) -> bool:
    """Every word is in the negation's scope, in a word of its family."""
    return all(_in_family(w, scope) for w in words)


def _in_family(word: str, words: set[str] | frozenset[str]) -> bool:
    """One of ``words`` is ``word`` or of its family (*failure* for *fail*)."""
    return any(w == word or one_family(w, word) for w in words)


#: A cause given after its effect, in other words than *because* (``was caused by a cyberattack``).
_CAUSE_AFTER = re.compile(rf"\bcaused\s+by\b|{_CAUSED_BY_OTHERWISE.pattern}", re.I)
#: A denial that any such thing was found (``no evidence of a cyberattack or sabotage``): the thing.
_NO_SIGN_OF = re.compile(
    r"\bno\s+(?:evidence|signs?|indications?|traces?|proof)(?:\s+(?:whatsoever|whatever|at\s+all))?[\"'\u201d]?"
    r"\s+(?:of|for)\s+(?:(?:an?|any|the)\s+)?(?P<thing>[\w'-]+(?:\s+[\w'-]+)*?)"
    r"(?=\s+(?:or|and|nor|but|in|at|on|by|from|to|during)\b|\s*[,.;:]|\s*$)",
    re.I,
)

#: Where the head of a cause ends and what it was on or at begins (*a cyberattack | on the relays*).
_BEFORE_A_PREPOSITION = re.compile(r"\s+(?:on|at|in|of|from|to|near|during|against|by|with)\s+", re.I)


def _no_sign_of(head: str, sentence: str) -> bool:
    """Whether the sentence says no sign of a thing was found whose head is ``head`` (``no evidence of a
    cyberattack``; not ``no sign of fire damage``, whose head is *damage*)."""
    for m in _NO_SIGN_OF.finditer(sentence):
        thing = content_words(m["thing"])
        if thing and one_family(thing[-1], head):
            return True
    return False


#: Words giving a thing a part in causing another (``contributed to the failures``, ``played no part``).
_CAUSAL = re.compile(r"\b(?:contribut\w*|caus\w*|played\s+(?:a|no|any)\s+(?:part|role)|responsible|led\s+to)\b", re.I)
#: A hypothesis opening with a cause (``copper theft at the depot caused the wire to come down``):
#: the cause, short of where or when it was.
_CAUSER = re.compile(
    r"^\s*(?P<cause>[^,;]+?)(?:\s+(?:at|in|on|near|during)\s+[^,;]+?)?\s+"
    r"(?:caused|led\s+to|brought\s+about|triggered|(?:was|were)\s+(?:the\s+cause\s+of|responsible\s+for))\b",
    re.IGNORECASE,
)


#: What a hypothesis ends by saying its subject was (``... was unlawful``, ``is fully accessible``).
_ENDS_BEING = re.compile(
    r"\b(?:is|are|was|were|be|been)\s+(?:(?:very|fully|entirely|wholly|completely)\s+)?(?P<what>[a-z]{4,})\s*[.?!]?\s*$"
)


def _says_what_it_was(hypothesis: str, sentence: str, named: frozenset[str]) -> bool:
    """Whether the sentence says the word a hypothesis ending on what its subject was ends with
    (*... concluded that awarding the contract without competition was unlawful*: ``unlawful``);
    a sentence that says only the rest (``the decision to award the repair work without a tender``)
    does not say that. Participles are what was done (:func:`_says_what_was_done`), not this."""
    end = _ENDS_BEING.search(hypothesis)
    if end is None or end["what"].endswith(("ed", "en")) or re.fullmatch(PAST_ACTS, end["what"]):
        return True
    return bool(set(content_words(end["what"])) & (set(content_words(sentence)) | named))


#: What a thing was done without (``without a tender``, ``without any competition``): its noun; not
#: what a thing would be without (``above what it would be without this atmosphere``), nor one named before.
_WITHOUT = re.compile(
    r"(?<!would be )(?<!would have been )\bwithout\s+(?:(?:a|an|any)\s+)?"
    r"(?!(?:this|that|these|those|the|its|their|it|them)\b)(?P<thing>[a-z-]+(?:\s+[a-z-]+)?)\b",
    re.IGNORECASE,
)


def _done_without_it(hypothesis: str, sentence: str) -> bool:
    """Whether the sentence says a thing was done without what the hypothesis says it had
    (``awarded the repair work ... without a tender`` against *the contract was put out to
    competitive tender*): a word of the two after *without* is one of the hypothesis's, which
    itself says nothing was done without."""
    if _WITHOUT.search(hypothesis):
        return False
    wanted = set(content_words(hypothesis))
    return any(set(content_words(m["thing"])) & wanted for m in _WITHOUT.finditer(sentence))


def _stops_it(hypothesis: str, sentence: str) -> bool:
    """Whether the sentence says that what the hypothesis states was stopped: a verb of ending with
    one of the hypothesis's own words among the two before or after it (``Dropped support for Python
    3.8`` against *supports Python 3.8*, ``the ferry service was discontinued``)."""
    if _STOPPED.search(hypothesis):
        return False  # it says so itself: *the report was withdrawn because ...*
    if _RESUMED.search(hypothesis):
        return False  # *the line restarted in July*: its stop came first (``restarted, 108 days after it stopped``)
    wanted = subject_words(hypothesis)
    for m in _STOPPED.finditer(sentence):
        near = content_words(" ".join([m.group("before"), m.group("after")]))
        if wanted & set(near):
            return True
    return False


#: An act that undoes a stop (*restarted*, *resumed*, *reopened*, *reinstated*, *back in service*).
_RESUMED = re.compile(
    r"\b(?:re(?:start|open|launch|instat|introduc)\w*|resum\w*|back\s+(?:in|into|to|on)\s+(?:\w+\s+)?"
    r"(?:service|operation|use|business|production))\b",
    re.I,
)
#: A stop, for good or for a while (``suspends the service``, ``the line was closed``).
_STOPPED_A_WHILE = re.compile(r"\b(?:suspend|halt|clos|shut|withdr[ae]w|stop|ceas|grounded)\w*", re.I)


def _stop_for_a_return(hypothesis: str, sentence: str) -> bool:
    """Whether the hypothesis says a thing came back (*was back in service*, *reopened*) and the
    sentence tells only its stop (``suspends the service``): the stop came first, and says nothing
    of the return."""
    return (
        _RESUMED.search(hypothesis) is not None
        and _RESUMED.search(sentence) is None
        and _STOPPED_A_WHILE.search(sentence) is not None
    )


#: What sets an earlier value against the one now (``72 hours instead of 24 hours``).
_INSTEAD_OF = re.compile(r"\b(?:instead\s+of|rather\s+than|in\s+place\s+of|replacing)\s+(?:the\s+)?$", re.IGNORECASE)


def _left_behind(hypothesis: str, sentence: str) -> bool:
    """Whether the sentence gives a name or value of the hypothesis as where a change started
    (*Norvik Foods is headquartered in Randers* against ``It moved its headquarters from Randers
    to Aarhus in 1994``): it was so, and is not any more."""
    for value in extract_values(hypothesis):
        if changed_from(hypothesis, value.start, value.end) or _INSTEAD_OF.search(hypothesis, 0, value.start):
            continue  # *72 hours instead of 24 hours*: the hypothesis says the change too
        for m in re.finditer(rf"(?<!\w){re.escape(value.raw)}(?!\w)", sentence):
            if changed_from(sentence, m.start(), m.end()):
                return True
    return False


def denies(hypothesis: str, sentence: str, passage: str = "") -> bool:
    """Whether the sentence reports the hypothesis only to deny it (a correction: ``We stated that
    X. This was incorrect.``; ``incorrectly stated that X``; ``the claim that X is false``): a
    source against any claim stating it, whatever else that claim says."""
    denied = _denied(sentence, passage)
    return denied is not None and _said_in(hypothesis, denied)


def set_right(sentence: str, passage: str = "") -> bool:
    """Whether the sentence reports what was said only for the passage to set it right: the next
    sentence retracts it (``The article stated that X. That was incorrect.``) or states otherwise
    (``The article also stated that 221 burials had been excavated. The correct figure was 167.``),
    or the sentence itself reports it as said in error. Its values are nobody's answer."""
    if (
        SAID_IN_ERROR.search(sentence)
        or _retracted_report(sentence, passage)
        or _REPORTED_OVER_THE_FACT.search(sentence)
    ):
        return True
    return _answered_next(sentence, passage)


#: A report set against the figure it got wrong in one sentence (``one newspaper reported 31 cases when
#: the confirmed figure on that date was 21``).
_REPORTED_OVER_THE_FACT = re.compile(
    r"\b(?:reported|said|claimed|gave|put|stated|quoted)\b[^.;]{0,80}?\b(?:when|while|whereas)\s+the\s+"
    r"(?:actual|confirmed|real|true|correct|official|verified)\s+(?:figure|number|total|count)\b",
    re.I,
)


def _retracted_report(sentence: str, passage: str) -> re.Match[str] | None:
    """The report of what was said (:data:`~.textfacts.STATED_THAT`) in a sentence the next one of
    its passage retracts (``We stated that X. That was incorrect.``) or sets right (``The correct
    figure is Y.``, ``In fact, ...``), or the one after (``We reported 198 passengers. The figure came from an
    incomplete count. The correct number is 212.``), or None."""
    stated = STATED_THAT.search(sentence) or CLAIM_THAT.search(sentence) or _SAID.search(sentence)
    if stated is None:
        return None  # no report: the passage need not be searched for it
    end = _end_in(passage, sentence)
    if end < 0:
        return None
    for i, following in enumerate(_next_sentences(passage, end, _DISMISSAL_REACH)):
        if i < 2 and (  # ``That was incorrect.``: what it calls wrong is what it follows
            _RETRACTED.match(following)
            or _CORRECT_FIGURE.match(following)
            or _IN_FACT.match(following)  # ``In fact, the barge was carrying 1,150 tonnes``
        ):
            return stated
        if _DISMISSES_IT.search(following):  # ``... No evidence supports the theory.``: it names what it dismisses
            return stated
        if STATED_THAT.search(following) or CLAIM_THAT.search(following):
            return None  # another report comes between: what follows sets that one right
    return None


def _next_two(passage: str, end: int) -> list[str]:
    """The two sentences of ``passage`` after ``end``: where a report made before is set right."""
    return _next_sentences(passage, end, 2)


def _next_sentences(passage: str, end: int, count: int) -> list[str]:
    """The first ``count`` sentences of ``passage`` after ``end`` (within :data:`_NEXT_CHARS` for two)."""
    return [s.text for s in split_sentences(passage[end : end + _NEXT_CHARS * count // 2])[:count]]


#: How many sentences after a report one that names it again to dismiss it may come (a finding weighs
#: the theory, then the facts against it, then ``No evidence supports the theory``).
_DISMISSAL_REACH = 4


def _end_in(passage: str, sentence: str) -> int:
    """Where ``sentence`` ends in ``passage``, read with its white space collapsed as statements are
    (a hard-wrapped correction's lines are one sentence); -1 where the passage does not hold it."""
    if not passage or not sentence:
        return -1
    at = passage.find(sentence)
    if at >= 0:
        return at + len(sentence)
    written = re.search(r"\s+".join(map(re.escape, sentence.split())), passage)
    return written.end() if written is not None else -1


#: What a report says had a part in a thing (``the chief conductor's pay had played any meaningful part``).
_PLAYED_A_PART = re.compile(
    r"^(?P<thing>.+?)\s+(?:(?:had\s+|has\s+|have\s+)?(?:played|plays|play)\s+(?:a|an|any|some)\s+(?:[a-z]+\s+)?"
    r"(?:part|role)|(?:was|were|is|are)\s+(?:to\s+blame|responsible|the\s+cause)|(?:had\s+)?(?:caused|triggered)\s+it)\b",
    re.IGNORECASE,
)


def _denies_its_part(hypothesis: str, denied: list[str]) -> bool:
    """Whether a denial dismisses that the cause a hypothesis gives had any part in it (*collapsed
    because its conductor was paid £450,000* against ``rejected suggestions that the conductor's pay
    had played any meaningful part``): half the cause's words or more, each in a word of its family."""
    cause = _CAUSED_BY.search(hypothesis)
    if cause is None:
        return False
    wanted = set(subject_words(cause.group("cause")))
    for reading in denied:
        part = _PLAYED_A_PART.match(reading)
        said = set(content_words(part.group("thing"))) if part else set()
        if said and 2 * sum(_in_family(w, said) for w in wanted) >= len(wanted):
            return True
    return False


def _says_all_denied(hypothesis: str, denied: list[str]) -> bool:
    """Whether the hypothesis says all that one reading of a denial says, and dates or counts nothing
    the reading does not (*cancelled in March 2021* is more than a denied *had cancelled*: the
    denial may be of another time)."""
    return any(_said_in(reading, [hypothesis]) and not _values_beyond(hypothesis, reading) for reading in denied)


def _values_beyond(hypothesis: str, reading: str) -> bool:
    """Whether the hypothesis states a date or an amount the reading does not."""
    said = [v for v in extract_values(reading) if v.dimension != "name"]
    return any(not any(values_agree(v, w) for w in said) for v in extract_values(hypothesis) if v.dimension != "name")


def _said_in(hypothesis: str, readings: list[str]) -> bool:
    return bool(hypothesis) and any(stance(hypothesis, reading) is Stance.SUPPORTS for reading in readings)


def _denied_as_of(hypothesis: str, sentence: str, passage: str) -> bool:
    """Whether an undated sentence denies as of its writing (:data:`~.textfacts.NOT_YET`: ``The trust
    has not cancelled its grant``, ``he would not be resigning``) what a dated hypothesis says, on a
    page written in or after the hypothesis's time (:func:`_undated_as_of`): then, it had not happened."""
    if NOT_YET.search(sentence) is None or _dated(sentence):
        return False
    undated = _undated_as_of(hypothesis, passage)
    if not undated or is_negated(undated):
        return False
    named = named_by_pronoun(sentence, passage, subject_words(undated))
    _, share = _shared(undated, sentence, named)
    return (
        share >= DENIAL
        and _names_one(undated, sentence, named)
        and not _negates_another_thing(undated, sentence, named)
    )


def _found(hypothesis: str) -> str:
    """What a hypothesis says was found (*the University found that data had been fabricated*: that
    data had been fabricated; what is denied was found by no one); else empty."""
    finding = _FOUND_THAT.search(hypothesis)
    return hypothesis[finding.end() :] if finding is not None else ""


_FOUND_THAT = re.compile(r"\b(?:found|concluded|determined|established|ruled|showed|confirmed)\s+(?:that\s+)?", re.I)


def _cause_given(hypothesis: str) -> str:
    """The cause a hypothesis gives (*the dam failed because its gate jammed*: its gate jammed; read
    after :data:`_CAUSE_OF` made every cause *caused by*): a denial that it happened denies that it
    caused anything; else empty."""
    _, caused, cause = hypothesis.partition("caused by ")
    return cause if caused else ""


def _unframed(hypothesis: str) -> str:
    """The hypothesis without the phrase of time ending it (*dismissed Captain Ruth Ambery after the
    accident*: what was denied outright was not done after anything either); else empty."""
    framed = _TRAILING_FRAME.search(hypothesis)
    return hypothesis[: framed.start()] if framed is not None else ""


#: A phrase of time ending a hypothesis: ``after the Skarre Point accident``, ``following the inquiry``.
_TRAILING_FRAME = re.compile(
    r"\s+(?:(?:after|following|during|before|since)\s+(?:the|a|an|his|her|its|their)|when)\s+[^,;]{1,60}?[.!]?\s*$",
    re.I,
)  # ``... when Skerrin Air collapsed``


def _undated_as_of(hypothesis: str, passage: str) -> str:
    """The hypothesis with its dates (and the preposition before each) left out, where the page the
    passage is from was written (:func:`_as_of`) in or after each of them; else empty."""
    written = _as_of(passage)
    dates = [v for v in extract_values(hypothesis) if v.dimension == "time"]
    if written is None or not dates:
        return ""
    when = (written.year or 0, written.month or 0, written.day or 0)
    if any(not v.year or when < (v.year, v.month or 1, v.day or 1) for v in dates):
        return ""
    text = hypothesis
    for v in sorted(dates, key=lambda v: -v.start):
        before = _DATE_PREPOSITION.search(text, 0, v.start)
        text = text[: before.start() if before else v.start] + text[v.end :]
    return " ".join(text.split()).strip(" ,")


def _as_of(passage: str) -> Value | None:
    """The date the passage's page was written: a full date in its title where that is a file name
    (``gazette_corrections_2021-03-09``), or a dateline among its first lines (``Tuesday 9 March
    2021``, ``Posted Friday, December 6, 2019``: a line that is a date but for words of posting)."""
    for at, line in enumerate(passage.splitlines()[:_DATELINE_LINES]):
        slug = at == 0 and " " not in line.strip()
        line = line.replace("_", " ") if slug else line
        dates = [v for v in extract_values(line) if v.dimension == "time" and v.year and v.month and v.day]
        if not dates:
            continue
        rest = line[: dates[0].start] + line[dates[0].end :]
        if slug or {w.lower() for w in re.findall(r"[A-Za-z]+", rest)} <= _DATELINE_WORDS:
            return dates[0]
    return None


#: The preposition before a date in a hypothesis (*in March 2021*), left out with the date.
_DATE_PREPOSITION = re.compile(r"\b(?:in|on|during|by|since|as of)\s+$", re.IGNORECASE)
#: How far into a passage its page's dateline is looked for, and the words a dateline may have.
_DATELINE_LINES = 4
_DATELINE_WORDS = frozenset(
    "posted published updated last date dated on at am pm gmt utc bst cet "  # noqa: SIM905 (a list is 20 lines)
    "monday tuesday wednesday thursday friday saturday sunday".split()
)


def _denied(sentence: str, passage: str = "") -> list[str] | None:
    """Readings of what the sentence reports only to deny (``a blog claimed that X, but the data do not support
    this``, ``it is a myth that X``, ``the claim that X is false``, ``incorrectly stated that X``), or
    what it reports and the next sentence of its ``passage`` retracts (``An earlier version stated
    that X. That was incorrect.``), or None."""
    in_error = SAID_IN_ERROR.search(sentence)
    if in_error is not None:  # the whole report, for what it names before (a headline naming the thing)
        return [sentence[: in_error.start()] + sentence[in_error.end() :]]
    stated = _retracted_report(sentence, passage)
    if stated is not None:  # also read with what it names before (``In our article of 9 May, we reported that X``)
        readings = [stated.group("said"), sentence[: stated.start()] + stated.group("said")]
        spread = _SPREAD.search(stated.group("said"))
        if spread is not None:  # ``A claim that X circulated widely online``: X, without how it spread
            readings.append(stated.group("said")[: spread.start()])
        headings = "; ".join(heading_lines(passage))  # and under the correction's heading (``Tarnmouth ...``)
        return [*readings, f"{stated.group('said')} ({headings})"] if headings else readings
    reported = _REPORTED.search(sentence)
    if reported is not None:
        reply = reported.group("reply")
        if _DISMISSES_IT.search(reply) or _REVISED_IT.search(reply):  # ``..., and the review found no evidence
            return _alternatives(reported.group("said"))  # to support it``; ``...; they revised this to 3,860``
        if (reported.group("joint") or "").lower() in ("and", ""):
            return None  # ``She said that the bridge was safe, and engineers found no cracks``: no denial of it
        return [reported.group("said")] if is_negated(reply) or _UNTRUE.search(reply) else None
    called = (
        _CALLED_UNTRUE.search(sentence)
        or _CLAIM_UNTRUE.search(sentence)
        or _CLAIM_REJECTED.search(sentence)
        or _UNTRUE_CLAIM.search(sentence)
    )
    if called is None or _ARGUED.search(sentence, 0, called.start()):
        return None  # ``Singer argues ... that there is no evidence that X``: one side's view, no denial
    headings = "; ".join(heading_lines(passage))  # what *the fire* is, on the page titled *Marrowick Works fire*
    said = called.group("said")
    spread = _SPREAD.search(said)  # ``The false story that X spread online``: X
    said = said[: spread.start()] if spread is not None else said
    return [*_alternatives(said), f"{said} ({headings})"] if headings else _alternatives(said)


def _alternatives(said: str) -> list[str]:
    """What a report says, and each of the things it lists as alternatives (``claims that the rudder
    jammed or that the ship lost power``): a denial of the report denies each."""
    parts = re.split(r",?\s+or\s+that\s+", said)
    return [said, *parts] if len(parts) > 1 else [said]


def _answered_next(sentence: str, passage: str) -> bool:
    """Whether the sentence reports what was said (``The article also said the repair cost £4.9
    million.``) and the next sentence of its passage, or the one after, states otherwise (``... the
    final cost was £6.4 million.``): the report is set against another account, and states nothing
    itself."""
    said = _SAID.search(sentence) or _GAVE_AS.search(sentence)
    end = _end_in(passage, sentence) if said is not None else -1
    if said is None or end < 0:
        return False
    for following in _next_two(passage, end):
        if said.re is _GAVE_AS and _gives_another(said.group("said"), following):
            return True  # ``The article gave the height as 13 centimetres. The sculpture is 31 centimetres high.``
        if _CORRECT_FIGURE.match(following) or find_conflict(said.group("said"), following) is not None:
            return True
        if _SAID.search(following) or _GAVE_AS.search(following):
            return False  # another report comes between
    return False


#: What a report gave a thing as (``The same article gave the height of the bronze ... as 13 centimetres``).
_GAVE_AS = re.compile(r"\bgave\s+(?P<said>(?:the|its|his|her|their)\s+.+?\s+as\s+.+?)[.;]?$", re.I)


def _gives_another(said: str, following: str) -> bool:
    """Whether ``following`` gives a value of the kind ``said`` gives, and another one."""
    given = [v for v in extract_values(said) if v.dimension != "time"]
    return any(
        v.dimension == w.dimension and values_agree(v, w) is False for v in given for w in extract_values(following)
    )


def _names_both_sides(hypothesis: str, sentence: str, named: frozenset[str]) -> bool:
    """A hypothesis that relates two named things (``Ada Quill designed Harlow Bridge``: it opens
    with a name, another follows within :data:`_RELATING_WORDS` words) is supported only by a
    sentence naming both: one that names only the bridge says nothing of who designed it."""
    hypothesis = _past_its_time_frame(hypothesis)  # ``after Malk was disqualified, Esquival was declared``
    names = [v for v in extract_values(hypothesis) if v.dimension == "name"]
    if len(names) < 2 or len(hypothesis[: names[0].start].split()) > 1:
        return True
    if len(hypothesis[names[0].end : names[1].start].split()) > _RELATING_WORDS:
        return True
    present = set(content_words(sentence)) | named  # ``named``: what its opening pronoun names
    if not all(_name_said(v.raw, present) for v in names):
        return False
    act = set(content_words(hypothesis[names[0].end : names[1].start]))
    return _does_the_act(names[0].raw, act, sentence, named)


def _another_does_the_act(hypothesis: str, sentence: str, named: frozenset[str]) -> bool:
    """Whether the sentence gives the act a hypothesis relating two names says (``Klara Oberholz
    designed the Irmenau Dam``) to one other name alone: it names the second (or its opening
    *The dam* stands for it), never the first, and another name does the act (``The dam was
    designed by the civil engineer Anselm Weider``, ``Anselm Weider designed it``) with no other
    beside it (``designed by Weider and Oberholz``, ``with``: they may have shared it)."""
    names = [v for v in extract_values(hypothesis) if v.dimension == "name"]
    if len(names) < 2 or len(hypothesis[: names[0].start].split()) > 1:
        return False
    between = hypothesis[names[0].end : names[1].start]
    act = {w for w in content_words(between) if w.isalpha()} - _ARTICLES  # ``rewrote the 1995``: no year acts
    if not act or len(between.split()) > _RELATING_WORDS:
        return False
    present = set(content_words(sentence)) | named
    agent, done_to = names[0].raw, names[1].raw
    if _name_said(agent, present) or not _name_said(done_to, present):
        return False
    own = set(content_words(agent)) | set(content_words(done_to))
    acts = [t for t in tokens(sentence) if act & set(content_words(t.surface))]
    if _WON in act:  # ``the award went to Y``: Y won it
        acts += [t for t in tokens(sentence) if t.lower in _GIVEN_TO]
    for other in (v for v in extract_values(sentence) if v.dimension == "name"):
        if set(content_words(other.raw)) & own or _SHARED_BY.match(sentence[other.end :]):
            continue
        for t in acts:
            if t.lower in _GIVEN_TO:
                if _TO_RECEIVER.fullmatch(sentence[t.end : other.start]):
                    return True
                continue
            by = _BY_DOER.fullmatch(sentence[t.end : other.start])
            if by is not None or (t.start > other.end and not sentence[other.end : t.start].strip()):
                return True
    return False


#: From an act to its doer: ``designed (in 1957) by the civil engineer `` -- one clause, a few words.
_BY_DOER = re.compile(r"(?:\s+[\w()]+){0,3}?\s+by\s+(?:(?:the|a|an)\s+)?(?:[a-z-]+\s+){0,3}")
_WON = "win"  # the act of a prize's winner (:func:`~.words.content_words` of *won*)
#: Words giving a prize to its winner after *to*: ``the award went to Y``, ``was presented to Y``.
_GIVEN_TO = frozenset({"went", "awarded", "given", "presented"})
_TO_RECEIVER = re.compile(r"\s+to\s+(?:the\s+)?[\"'\u201c\u2018*_]*(?:[A-Z][\w'-]*\s+)?")
#: Another doer beside the first: ``Weider and Oberholz``, ``Weider, with Oberholz``, ``Weider & Co``.
_SHARED_BY = re.compile(r"\s*(?:,\s*(?:and\s+|with\s+)?[A-Z]|and\s+[A-Z]|&|with\s+[A-Z]|\()")


#: Groups of people a figure may be told for (*for adults*, *among adolescents*): one is not another.
_GROUPS = frozenset(content_words("adult adolescent teenager child infant man woman girl boy pupil senior elderly"))


def _said_of_another_group(hypothesis: str, sentence: str) -> bool:
    """Whether the hypothesis tells its figures of one group of people (*voted 9 to 4 in favour of
    approving it for adolescents*) and the sentence's clause that holds them names another group and
    not that one (``voted 9 to 4 in favour of authorisation for adults, and 2 to 11 against ...
    for adolescents``): the figures are the other group's."""
    groups = set(content_words(hypothesis)) & _GROUPS
    numbers = numbers_in(hypothesis)
    if not groups or not numbers:
        return False
    for clause in CLAUSE_BREAK.split(sentence):
        said = set(content_words(clause))
        if numbers_in(clause) & numbers and said & _GROUPS and not said & groups:
            return True
    return False


def _cause_said(hypothesis: str, sentence: str, named: frozenset[str]) -> bool:
    """Where the hypothesis gives a cause (*withdrawn because the researchers had fabricated data*,
    read as *caused by ...*; *high winds caused the lift to stop*), whether the sentence says half its
    words or more: the cause is the claim, and a sentence that tells of the event alone, or gives it
    another cause, does not state it."""
    cause = _CAUSED_BY.search(hypothesis) or _CAUSER.match(hypothesis)
    if cause is None:
        return True
    wanted = set(content_words(cause.group("cause")))
    said = subject_words(sentence) | named
    if 2 * len(wanted & said) < len(wanted):
        return False
    # what the cause did, where it is an act (*a keeper left the gate unlatched*: left, unlatched), is said
    acts = {w for m in _PAST_FORM.finditer(cause.group("cause")) for w in content_words(m.group())}
    return not acts or any(_in_family(act, said) for act in acts)


_CAUSED_BY = re.compile(r"\bcaused by\s+(?P<cause>.+)$")
#: A verb in the past, or a participle (``left``, ``unlatched``, ``jammed``): an act a cause tells of.
_PAST_FORM = re.compile(rf"\b(?:[a-z]{{3,}}ed|{PAST_ACTS})\b")


#: Where a described subject's head noun ends: at what says which one it is (``the CCTV camera
#: covering the gallery``, ``the pump at the works``; not *of*: the head of *the kind of heat* is no noun of it).
_HEAD_ENDS = re.compile(r"\s(?:[a-z]+ing|in|at|on|for|from|with|near|by|which|that|who|whose)\b")


def _subject_head_said(hypothesis: str, sentence: str, named: frozenset[str]) -> bool:
    """Whether the sentence says the noun a hypothesis's described subject is (*camera* of *the
    CCTV camera covering the library's upper gallery was working*): a sentence saying only the rest
    (``Two items were taken from the upper gallery``) tells of something else. A subject with a
    name of its own is read by its name (:func:`_says_it_of_the_name`)."""
    verb = _FIRST_VERB.search(hypothesis)
    subject = hypothesis[: verb.start()] if verb is not None else ""
    if not re.match(r"\s*(?:the|a|an)\s", subject, re.I) or re.search(r"\b[A-Z][a-z]", subject[4:]):
        return True
    ends = _HEAD_ENDS.search(subject, 4)
    if ends is None:
        return True  # (a subject named by its words alone, *the unusual heat*, may be said in others)
    head = content_words(subject[: ends.start()])[-1:]
    return not head or head[0] in set(content_words(sentence)) | named or _one_family_said(head[0], sentence)


def _one_family_said(word: str, sentence: str) -> bool:
    """A word of the sentence is of the word's family, or a compound ending in it (*footbridge*, *bridge*)."""
    return any(
        one_family(w, word) or (len(word) >= _COMPOUND_HEAD_LETTERS and w.endswith(word))
        for w in content_words(sentence)
    )


_COMPOUND_HEAD_LETTERS = 4  # letters a word needs to be read as the head of a compound ending in it


def _effect_said(hypothesis: str, sentence: str, named: frozenset[str]) -> bool:
    """Where the hypothesis gives a cause (*the orchestra collapsed mainly because its conductor was
    paid £450,000*), whether the sentence says what it caused, or that something caused it: a
    sentence stating the cause's figures alone (``his package was £450,000 a year``) states a fact,
    not that it was a cause (a cause that is an event, *its gate jammed*, is read by :func:`_cause_said`)."""
    cause = _CAUSED_BY.search(hypothesis)
    if cause is None or _CAUSAL.search(sentence) or _CAUSED_BY.search(sentence):
        return True
    effect = _predicate_words(hypothesis[: cause.start()]) or frozenset()
    return not effect or bool(effect & (subject_words(sentence) | named))


def _another_subject(hypothesis: str, sentence: str, named: frozenset[str]) -> bool:
    """Whether the sentence leaves out the name a hypothesis opens with (its subject: *Ilse Varga
    resigned ...*) and gives its act to another name before it in one clause (``It was the
    treasurer, Oskar Brandt, who resigned``, ``the vice-chair, Piet Lowry, had resigned``): what it
    says is another's doing."""
    names = [v for v in extract_values(hypothesis) if v.dimension == "name"]
    if not names or len(names[0].raw.split()) < 2 or hypothesis[: names[0].start].strip() not in ("", "the", "The"):
        return False
    act = _SUBJECTS_ACT.match(hypothesis, names[0].end)
    if act is None or _name_said(names[0].raw, set(content_words(sentence)) | named):
        return False
    own = {w for v in names for w in content_words(v.raw)}
    acted = set(content_words(act.group("act")))
    others = [
        v
        for v in extract_values(sentence)
        if v.dimension == "name" and len(v.raw.split()) > 1 and not set(content_words(v.raw)) & own
    ]
    return any(
        set(content_words(t.surface)) & acted
        and any(v.end <= t.start and not _CLAUSE_END.search(sentence, v.end, t.start) for v in others)
        for t in tokens(sentence)
    )


#: The act right after a hypothesis's opening name (``Ilse Varga resigned``, ``... Committee had approved``).
_SUBJECTS_ACT = re.compile(rf"\s+(?:(?:was|were|had|has|have)\s+)?(?P<act>[a-z]+ed|{PAST_ACTS})\b")
#: What ends a clause between a name and an act that is not its own (``... voted against; the committee approved``).
_CLAUSE_END = re.compile(r"[;:]|\.\s")


def _names_one(hypothesis: str, sentence: str, named: frozenset[str]) -> bool:
    """Whether the sentence names one of the hypothesis's names of two words or more (one word may
    be a common acronym: *CO2*, *IPCC*), if it has any, or its words but
    the nouns of its kind (*the Orla hydroelectric station* names *the Orla Dam*): *Maren Brevik
    was found to have fabricated data* is not said by ``the paper's lead author had fabricated data``."""
    if opens_with_field(sentence):
        return True  # a fact sheet's line (``Colours: navy blue and amber``) is about its page's topic
    names = [v.raw for v in extract_values(hypothesis) if v.dimension == "name" and len(v.raw.split()) > 1]
    present = set(content_words(sentence)) | named
    return not names or any(_name_said(name, present) or _own_words(name) <= present for name in names)


def _own_words(name: str) -> set[str]:
    """A name's words but the nouns of its kind (*Orla* of *the Orla Dam*)."""
    return {w for w in content_words(name) if w not in THING_NOUNS} or set(content_words(name))


def _name_said(name: str, present: set[str]) -> bool:
    """Whether a sentence whose words are ``present`` names ``name``: all its words, or -- a
    person's name of two or three words -- the last (*Kvist studied at ...* names Marta Kvist)."""
    words = content_words(name)
    if set(words) <= present:
        return True
    parts = name.lower().split()
    person = 2 <= len(parts) <= 3 and not set(parts) & (THING_NOUNS | STOP_WORDS)  # not *University of Bergen*
    return person and words[-1] in present


def _does_the_act(agent: str, act: set[str], sentence: str, named: frozenset[str]) -> bool:
    """Whether ``agent`` is who does the ``act`` in the sentence (``Ada Quill designed``, ``designed
    by Ada Quill``, *She designed* on her page), not a name beside it (``she designed the bridge and
    was succeeded by Ada Quill``). True when the sentence never names the act (nothing to judge). A
    relative clause between the two is read past (``Ada Quill, who has taught at Orr since 2009,
    designed ...``)."""
    sentence = _NAME_ASIDE.sub(_past_a_name, _RELATIVE_ASIDE.sub("", sentence))
    toks = tokens(sentence)
    acts = [i for i, t in enumerate(toks) if act & set(content_words(t.surface))]
    if not acts:
        return True
    agent_words = set(content_words(agent))
    at = [i for i, t in enumerate(toks) if agent_words & set(content_words(t.surface))]
    by_pronoun = bool(agent_words & named)  # *She designed ...* on her page
    for i in acts:
        before = [j for j in at if i - _AGENT_REACH <= j < i]
        if before and not CLAUSE_BREAK.search(sentence[toks[before[-1]].end : toks[i].start]):
            return True  # ``Ada Quill designed``
        if by_pronoun and not CLAUSE_BREAK.search(sentence[: toks[i].start]):
            return True  # *She designed ...*, opening the sentence on her page
        after = [j for j in at if i < j <= i + _AGENT_REACH]
        if after and re.search(r"\bby\b", sentence[toks[i].end : toks[after[0]].start]):
            between = sentence[toks[i].end : toks[after[0]].start]
            if not CLAUSE_BREAK.search(between):
                return True  # ``designed (in 1830) by Ada Quill``
    return False


#: A relative clause set off by commas after a name (``, who has led the laboratory since 2009,``).
_RELATIVE_ASIDE = re.compile(r",\s+(?:who|which|whose)\b[^,;.]{1,160},")
#: A noun phrase set off by commas (``, chief executive of AVWA since 2017,``, ``, AVWA's chief
#: executive,``): after a name, what the named one is.
_NAME_ASIDE = re.compile(
    r"(?P<before>\b[A-Z][\w'-]*),\s+(?:(?:the|a|an)\s+|[A-Z][\w-]*(?:'s|\u2019s)\s+)?[a-z][^,;.]{1,80},"
)


def _past_a_name(m: re.Match[str]) -> str:
    """The name before an aside, without the aside (:data:`_NAME_ASIDE`)."""
    return m["before"]


def _reports_both(hypothesis: str, sentence: str) -> bool:
    """The sentence sets the hypothesis's value against another of the same kind (``some leaflets
    say 1834, but the archive gives 1843``): it reports a disagreement and takes no side."""
    if not _CONTRAST.search(sentence):
        return False
    stated = [v for v in extract_values(sentence) if v.dimension != "name"]
    for wanted in (v for v in extract_values(hypothesis) if v.dimension != "name"):
        if any(covers(wanted, s) for s in stated) and any(values_agree(wanted, s) is False for s in stated):
            return True
    return False


#: A hypothesis's first verb (not its first word: *Was*, *Did* open a question): an auxiliary, a
#: past in *-ed* not after an article (*the planned opening* is a noun), an irregular past; after an
#: opening *did*, *does*, *do*, an irregular verb's plain form (*Did the survey find ...*).
_FIRST_VERB = re.compile(
    r"(?<=[\s-])(?:is|are|was|were|has|have|had|will|would|can|could|may|might|must|should|did|does|do|"
    rf"(?<!\bthe\s)(?<!\ba\s)(?<!\ban\s)(?<!\bits\s)[a-z]+ed|{PAST_ACTS})\b"
)
_DID_VERB = re.compile(rf"^\s*(?:did|does|do)\b.*?\s(?P<verb>{'|'.join(IRREGULAR_PAST)})\b", re.I)
#: Share of the words of a hypothesis's predicate a sentence says to state it by its dates.
_PREDICATE_SAID = 1 / 3


def _predicate_words(hypothesis: str) -> frozenset[str] | None:
    """The subject words of what a hypothesis says of its subject -- from its first verb on (*the
    trunk main burst in February 2024 was caused by a digger*: *caused by a digger*) -- where every
    number it states stands before that verb (*the 2022 recall*: a date naming the subject); None
    where a number is in the predicate (*made up 23 per cent of all loans*: the number is what is
    claimed, and a sentence stating it says it) or no verb is found."""
    verb = _DID_VERB.match(hypothesis)
    at = verb.start("verb") if verb is not None else -1
    if at < 0:
        first = _FIRST_VERB.search(hypothesis, hypothesis.find(" ") + 1 if " " in hypothesis else 0)
        at = first.start() if first is not None else -1
    if at < 0 or any(v.start >= at for v in extract_values(hypothesis) if v.dimension not in ("name", "time")):
        return None
    after = _SUBORDINATE.search(hypothesis, at)  # *started automatically after pump No. 2 tripped*: the start
    main = subject_words(hypothesis[at : after.start()]) if after is not None else frozenset()
    return main or subject_words(hypothesis[at:])


#: Where a hypothesis's main clause gives way to a clause saying when or why (``after pump No. 2 tripped``).
_SUBORDINATE = re.compile(r"\s(?:after|before|when|while|until|once|because|following)\s")


def _says_what_was_done(hypothesis: str, sentence: str, named: frozenset[str]) -> bool:
    """Whether the sentence says what a passive hypothesis says was done (*the night guard was
    arrested after the theft*: ``arrested``, not ``The theft was discovered by the night security
    staff``), in a word of it or its event."""
    done = _PASSIVE_ACT.search(hypothesis)
    if done is None or set(content_words(done["act"])) <= _HAPPENED:
        return True  # *was carried out at the Tallow Street Hall*: that it happened is no claim; where is
    act = set(content_words(done["act"])) | events_named(done.group())
    said = set(content_words(sentence)) | named | events_named(sentence)
    return bool(act & said)


def _says_its_event(hypothesis: str, sentence: str, named: frozenset[str]) -> bool:
    """Whether the sentence says an event the hypothesis's main clause names by a phrase (*The alarm
    went off in the cabin when the coupling failed*: ``sound``, not ``The alarm had been muted ...``):
    a phrasal verb's meaning is in its event, not its words. True where that clause names none."""
    main = _WHEN_CLAUSE.split(hypothesis, maxsplit=1)[0]
    events = {event for event, start, end in canonical_events(main) if " " in main[start:end]}
    return not events or bool(events & (events_named(sentence) | set(content_words(sentence)) | named))


#: Where a clause of time starts (``... when the hose coupling failed``).
_WHEN_CLAUSE = re.compile(r"\s(?:when|while|as|after|before|once)\s", re.I)


#: Acts that say only that a thing took place (*carried out*, *held*, *conducted*).
_HAPPENED = frozenset(content_words("carried conducted held staged performed undertaken out"))
_PASSIVE_ACT = re.compile(rf"\b(?:was|were)\s+(?:(?:later|then|also|first|finally)\s+)?(?P<act>[a-z]+ed|{PAST_ACTS})\b")


def _says_the_predicate(hypothesis: str, sentence: str, named: frozenset[str]) -> bool:
    """Whether a sentence stating a hypothesis's dates says enough of what the hypothesis claims
    (:func:`_predicate_words`): at least :data:`_PREDICATE_SAID` of its predicate's words. A date
    and the subject it dates are not the claim (``the Harlow Road burst of 3 February 2024`` does
    not say *the Harlow Road burst in February 2024 was caused by a digger*)."""
    someone = _SOMEONE_DID.match(hypothesis)
    if someone is not None and set(content_words(someone["act"])) - set(content_words(sentence)) - named:
        return False  # *Someone died in the 2019 accident*: the death is the claim, not the accident
    wanted = _predicate_words(hypothesis)
    if not wanted:
        return True
    return len(wanted & (subject_words(sentence) | named)) >= _PREDICATE_SAID * len(wanted)


#: A relative clause right after a value, naming it by what was done to it (``the full €212.6
#: million that the venture claimed``), to its verb.
_NAMED_BY_A_CLAUSE = re.compile(rf"\s+(?:that|which)\s+(?:[\w'-]+\s+){{0,5}}?(?P<verb>[a-z]+ed|{PAST_ACTS})\b")


def _says_only_what_names_a_value(hypothesis: str, sentence: str, named: frozenset[str]) -> bool:
    """Whether the sentence says of a value of the hypothesis only what its relative clause names it
    by, and not the verb the hypothesis says of it: ``claimed €212.6 million`` does not say *the
    insurers paid the full €212.6 million that the venture claimed*."""
    said = set(content_words(sentence)) | named
    for value in extract_values(hypothesis):
        clause = _NAMED_BY_A_CLAUSE.match(hypothesis, value.end) if value.dimension != "name" else None
        verb = _FIRST_VERB.search(hypothesis, 0, value.start) if clause is not None else None
        if clause is None or verb is None:
            continue
        if set(content_words(clause["verb"])) <= said and not set(content_words(verb.group())) <= said:
            return True
    return False


#: A hypothesis whose subject is anyone at all (``Someone died in ...``): what was done is the claim.
_SOMEONE_DID = re.compile(
    r"^(?:Someone|Somebody)\s+(?:(?:was|were|had\s+been|has\s+been)\s+)?(?:\w+ly\s+)?(?P<act>[a-z]+)\b"
)


#: A figure given first and since set aside (``The initial figure of 12``), before the value in its clause.
_EARLIER_FIGURE = re.compile(rf"\b{EARLY}\s+(?:figures?|estimates?|counts?|totals?|tally|toll)\b", re.I)
#: A claim of such a figure itself (*was first reported as*, *the initial estimate*).
_OF_AN_EARLIER_FIGURE = re.compile(rf"\b(?:{EARLY}|initially|originally)\b", re.I)


def _only_an_earlier_figure(hypothesis: str, sentence: str) -> bool:
    """Whether the sentence gives a hypothesis's amount as a figure given first (:data:`_EARLIER_FIGURE`:
    ``The initial figure of 12 stolen items ... arose because ...``) and the hypothesis speaks of no
    early figure: what was once said, not what the sentence states (its other mentions of the number
    are of that figure, or of other things: ``the 12 objects on display``). (A first report told as
    one, ``Early press reports put the number at 23``, is :data:`_FIRST_REPORT`.)"""
    if _OF_AN_EARLIER_FIGURE.search(hypothesis):
        return False
    wanted = [v for v in extract_values(hypothesis) if v.dimension not in ("name", "time")]
    given = [  # (a count of the same number, whatever it counts: *objects*, ``items``)
        v
        for v in extract_values(sentence)
        if v.dimension not in ("name", "time")
        and any(values_agree(v, w) or (v.kind == w.kind == "count" and v.amount == w.amount) for w in wanted)
    ]
    dates = [(v.start, v.end) for v in extract_values(sentence) if v.dimension == "time"]
    bare = numbers_in(hypothesis)  # ``was 23``: a number with no unit, read as written
    starts = [v.start for v in given] + [
        m.start()
        for m in NUMBER_TOKEN.finditer(sentence)
        if m.group().replace(",", "") in bare and not any(a <= m.start() < b for a, b in dates)
    ]
    return any(_EARLIER_FIGURE.search(_clause_before(sentence, at)) for at in starts)


def _clause_before(text: str, at: int) -> str:
    """The words of ``text`` before ``at`` in its clause: back to a semicolon, a colon or a dash, and
    no more than :data:`_CLAUSE_REACH` characters."""
    before = text[max(0, at - _CLAUSE_REACH) : at]
    return re.split(r"[;:\u2014]|\s-\s", before)[-1]


_CLAUSE_REACH = 90


def _states_values(text: str) -> bool:
    return any(v.dimension != "name" for v in extract_values(text))


def _dated(text: str) -> bool:
    return any(v.dimension == "time" for v in extract_values(text))


def _states_every_value(hypothesis: str, sentence: str, passage: str = "") -> bool:
    stated = [_in_the_page_year(v, passage) for v in extract_values(sentence) if v.dimension != "name"]
    wanted = [v for v in extract_values(hypothesis) if v.dimension != "name"]
    claimed = _tally(hypothesis)
    if claimed is not None and claimed == _tally(sentence):
        wanted = [v for v in wanted if v.dimension != "count:vote"]  # *by six votes to one*: ``voted 6-1``
    naming = [v for v in wanted if names_a_thing(hypothesis, v)]  # *the February 2021 flood*: said by its page
    if naming and passage:  # (the page's opening read only then: not on every sentence's stance)
        page_dates = [v for v in extract_values(passage[:_PAGE_OPENING]) if v.dimension == "time"]
        wanted = [v for v in wanted if not (v in naming and any(covers(v, d) for d in page_dates))]
    return all(any(covers(w, s) for s in stated) for w in wanted)


#: How much of a passage opens it with its page's title and first lines (what its page is about).
_PAGE_OPENING = 300


def _tally(text: str) -> tuple[float, float] | None:
    """A vote's split as ``(for, against)`` (``by six votes to one``, ``voted 6-1``, ``For 6 (...).
    Against 1``), or None where the text gives no such pair."""
    count = _VOTE_COUNT.search(text)
    pair = (count["for"], count["against"]) if count is not None and count["for"] else None
    if count is not None and count["for2"]:
        pair = (count["for2"], count["against2"])
    split = _FOR_AGAINST.search(text) if pair is None else None
    if split is not None:
        pair = (split["for"], split["against"])
    if pair is None:
        return None
    return _vote_number(pair[0]), _vote_number(pair[1])


def _vote_number(word: str) -> float:
    """A vote count as a number: digits, a number word, *one*, or *none* / *nil* / *zero*."""
    lower = word.lower()
    return 0.0 if lower in ("none", "nil", "zero") else 1.0 if lower == "one" else parse_number(word)[0]


def _in_the_page_year(value: Value, passage: str) -> Value:
    """A day of a month given without its year (``lifted at 6:00 p.m. on 20 January``) read in the
    year of the page's own date, where that day falls before it (minutes of 6 February 2024: 20
    January 2024); any other value as it is."""
    if not day_without_year(value):
        return value
    written = _as_of(passage)
    if written is None or not (written.year and written.month and written.day):
        return value
    if (value.month, value.day) > (written.month, written.day):
        return value  # a later day of the year: the page's year or a year before, unknown
    return replace(value, year=written.year)


def _same_polarity(a: str, b: str) -> bool:
    return is_negated(a) == is_negated(b)


def _same_polarity_where_stated(hypothesis: str, sentence: str) -> bool:
    """Whether each clause of the sentence that states the hypothesis's values has the hypothesis's
    polarity (``found no positive samples, ..., and the line restarted on 3 July 2023``: the
    restart's clause denies nothing)."""
    wanted = [v for v in extract_values(hypothesis) if v.dimension != "name"]
    stated = [v for v in extract_values(sentence) if v.dimension != "name" and any(covers(w, v) for w in wanted)]
    clauses = [clause_around(sentence, v.start, v.end) for v in stated]
    return bool(clauses) and all(is_negated(clause) == is_negated(hypothesis) for clause in clauses)


def _opposite(hypothesis: str, sentence: str) -> bool:
    mine = {stem(t.lower) for t in tokens(hypothesis)}
    theirs = {stem(t.lower) for t in tokens(sentence)}
    for a, b in _OPPOSITE_STEMS:
        if (a in mine and b in theirs and b not in mine and a not in theirs) or (
            b in mine and a in theirs and a not in mine and b not in theirs
        ):
            return True
    return _negated_by_prefix(mine, theirs) or _negated_by_prefix(theirs, mine)


#: A prefix that makes a word its opposite (``unlawful``, ``illegal``, ``irregular``, ``non-binding``),
#: before a word at least :data:`_PREFIXED_LEAST` letters long (not *unit*, *it*).
_PREFIXED_LEAST = 4
_NEGATING_PREFIX = re.compile(rf"^(?:un|il|ir|non-?)(?P<word>[a-z]{{{_PREFIXED_LEAST},}})$")


def _negated_by_prefix(mine: set[str], theirs: set[str]) -> bool:
    """Whether one text says a word the other says only with a negating prefix (``unlawful`` against
    ``lawful``, ``unpaid`` against ``paid``), the other never saying it bare."""
    for word in mine:
        prefixed = _NEGATING_PREFIX.match(word)
        if prefixed is not None and prefixed["word"] in theirs and prefixed["word"] not in mine and word not in theirs:
            return True
    return False
