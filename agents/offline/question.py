"""Reading a question: what kind it is, what it asks for, and what it is about.

The kinds (the first rule that matches wins):

* **claim check** -- an instruction around a statement to verify: ``Is it true that X?``, ``Is the
  following claim supported ...? Claim: X``, ``Verify: X``, ``Fact-check that X``, ``True or false:
  X``. The statement ``X`` is the *hypothesis*; the instruction words are not researched.
* **comparison** -- ``Compare X and Y``, ``X vs Y``, ``difference between X and Y``, ``Which is
  older, X or Y?``: the sides are researched one by one.
* **overview** -- ``What is known about X``, ``Tell me about X``, ``Overview of X``.
* **yes/no** -- opens with an auxiliary (``Is``, ``Did``, ``Can``...): researched like a claim
  check of the statement it asks about.
* **factoid** -- a wh-question. What it *wants* decides which values can answer it: ``when`` /
  ``what year`` / ``birth date`` -> a date; ``(by) how many`` / ``much`` / ``heavy`` / ``population`` /
  ``cost`` / ``median age`` / ``income`` / ``area`` / ``length`` / ``how long is`` -> a number (an
  amount of any unit, a length or a span of time); ``how long did`` -> a duration; ``where`` / ``in
  which city`` / ``the location of`` -> a place; ``who`` / ``which ship`` / ``which band`` -> a
  name; ``what sport`` / ``what political party`` / ``which instrument`` -> a member of that class
  (:mod:`.kinds`); anything else -> a phrase (any sentence on the subject that shares the question's own
  words).

The *focus* of a factoid is its content words beyond the subject name (``When was the Cathedral of
Saint Augustine established?`` -> subject ``Cathedral of Saint Augustine``, focus ``establish``):
an answer must be near them. A subject's possessive is dropped (``Greg Boyer's``), the word naming
its kind (``the film "X"``) is kept apart as ``kinds``, and an agent noun brings its act along
(``director`` -> ``direct``: *directed by* answers *who is the director*).
"""

from __future__ import annotations

import re
from dataclasses import dataclass, replace
from enum import StrEnum
from functools import lru_cache
from itertools import pairwise

from agents.offline.extremes import extreme_asked, row_asked
from agents.offline.kinds import asked_class
from agents.offline.values import Value, extract_values, season_openers
from agents.offline.words import IRREGULAR_PAST, PAST_ACTS, content_words

__all__ = ["DOES_IT_FASTER", "HAS_THE_MORE", "Asked", "Kind", "Wants", "base_of_past", "read_question", "version_after"]


class Kind(StrEnum):
    FACTOID = "factoid"
    CLAIM_CHECK = "claim_check"
    YES_NO = "yes_no"
    COMPARISON = "comparison"
    OVERVIEW = "overview"


class Wants(StrEnum):
    DATE = "date"
    NUMBER = "number"
    DURATION = "duration"
    PLACE = "place"
    NAME = "name"  # a person, a ship, a band...: a proper name
    MEMBER = "member"  # a member of a known class: a sport, a political party (:mod:`.kinds`)
    PHRASE = "phrase"


@dataclass(frozen=True)
class Asked:
    """A question read: its kind, what answers it, its subject and its own words."""

    text: str
    kind: Kind
    wants: Wants
    #: The statement to verify (claim checks and yes/no questions), else the question itself.
    hypothesis: str
    #: The names the question is about (``Broken Bow``), longest first.
    subjects: tuple[str, ...]
    #: Stemmed content words beyond the subject names and the wh-words.
    focus: frozenset[str]
    #: For comparisons: the things compared.
    sides: tuple[str, ...] = ()
    #: Stemmed words naming what kind of thing the subject is (``the album "X"`` -> ``album``).
    kinds: frozenset[str] = frozenset()
    #: Where the subject is, named after it and a comma (``Lawrence, Wisconsin`` -> ``wisconsin``):
    #: which of several places of the name is meant, not a subject or a focus of its own.
    located: frozenset[str] = frozenset()
    #: The act a ``who`` question asks the agent of (``Who led the survey`` -> ``lead``).
    act: frozenset[str] = frozenset()
    #: The class a :attr:`Wants.MEMBER` question asks a member of (``sport``), else empty.
    member_of: str = ""

    @property
    def subject_words(self) -> frozenset[str]:
        """The stemmed content words of the subject names (``Broken Bow`` -> *broken*, *bow*)."""
        return frozenset(w for name in self.subjects for w in content_words(name))

    @property
    def years(self) -> frozenset[int]:
        """The years the question names (*revenue in 2019*, *the 2025 season*; of a season written
        short, its later year: *the winter of 2019-20* is told apart from *2018-19* by 2020)."""
        opening = season_openers(self.text)
        return frozenset(
            v.year for v in extract_values(self.text) if v.dimension == "time" and v.year and v.start not in opening
        )

    @property
    def checks_claim(self) -> bool:
        return self.kind in (Kind.CLAIM_CHECK, Kind.YES_NO)

    @property
    def wants_value(self) -> bool:
        """A factoid answered by a value (a date, a number, a place, a name), not by a phrase."""
        return self.kind is Kind.FACTOID and self.wants is not Wants.PHRASE


_CLAIM_CHECK = [
    re.compile(  # ``Claim: X``, ``Claim to verify: X``, ``Statement to check: X``
        r"\b(?:claim|statement)(?:\s+to\s+(?:verify|check|assess|evaluate|test))?\s*:\s*(?P<h>.+)$",
        re.IGNORECASE | re.DOTALL,
    ),
    re.compile(r"^\s*(?:is it (?:true|correct|the case|accurate)|is it a fact)\s+that\s+(?P<h>.+?)\??\s*$", re.I),
    re.compile(r"^\s*(?:true or false|fact[- ]?check|verify|check)\s*[:,-]?\s*(?:that|whether|if)?\s*(?P<h>.+)$", re.I),
    re.compile(
        r"^\s*(?:is|was) the (?:claim|statement) (?:that )?(?P<h>.+?)\s+(?:true|correct|supported)\??\s*$", re.I
    ),
    re.compile(
        r"^\s*(?:does the evidence support|do (?:the )?sources support) (?:the claim )?(?:that )?(?P<h>.+?)\??$", re.I
    ),
]
#: A comparison by a measure its noun names: ``Which town has the larger population, Mereth or Lindby?``,
#: ``Which team finished the season with more points, the Kestrels or the Wolves?`` (not ``which town is more
#: populous``: an adjective after a copula names no noun).
HAS_THE_MORE = re.compile(
    r"^\s*which(?:\s+\w+)?\s+(?:(?:has|had|have)\s+(?:the\s+)?(?:more|less|fewer|greater|[a-z]+er)|"
    r"(?:(?!(?:is|was|are|were)\s(?![a-z]+ed\s))[\w/'-]+\s+){1,8}?(?:the\s+)?(?:more|less|fewer|greater|higher|lower|larger|smaller|bigger))\s+"
    r"(?P<noun>[a-z][\w-]*(?:\s+[a-z][\w-]*)?)"
    # *in its first year*, *when it launched*
    r"(?P<after>\s+(?:in|to|on|at|for|during|over|within|from|by|since|when|while)\s+[^,:?]+?)?\s*[,:]\s*"
    r"(?P<a>.+?)\s+or\s+(?P<b>.+?)\?\s*$",
    re.I,
)
#: A comparison of how fast each side does a thing: ``Which ship makes the crossing faster, A or B?``.
DOES_IT_FASTER = re.compile(
    r"^\s*which(?:\s+\w+)?\s+(?P<verb>[a-z]+)\s+(?P<what>[^,:?]+?)\s+(?P<how>faster|slower|quicker|sooner)\s*[,:]\s*"
    r"(?P<a>.+?)\s+or\s+(?P<b>.+?)\?\s*$",
    re.I,
)
_COMPARISON = [
    re.compile(r"^\s*compare\s+(?P<a>.+?)\s+(?:and|with|to|versus|vs\.?)\s+(?P<b>.+?)[?.]?\s*$", re.I),
    re.compile(r"\bdifferences?\s+between\s+(?P<a>.+?)\s+and\s+(?P<b>.+?)[?.]?\s*$", re.I),
    re.compile(r"^\s*(?P<a>[^,?]+?)\s+(?:vs\.?|versus)\s+(?P<b>[^?]+?)[?.]?\s*$", re.I),
    re.compile(
        r"^\s*which(?:\s+\w+)?\s+(?:is|was|are|were)\s+(?:the\s+)?(?:more\s+)?\w+\s*[,:]\s*(?P<a>.+?)\s+or\s+(?P<b>.+?)\?\s*$",
        re.I,
    ),
    HAS_THE_MORE,
    DOES_IT_FASTER,
]
_OVERVIEW = re.compile(
    r"^\s*(?:what (?:is|are) (?:known|there to know) about|tell me about|(?:give me )?an? overview of|"
    r"what do (?:we|the sources) know about|summari[sz]e)\s+(?P<t>.+?)[?.]?\s*$",
    re.IGNORECASE,
)
_LISTED = re.compile(r"\s*(?:,|&|and\b|or\b)")
_AUXILIARIES = r"(?:is|are|was|were|do|does|did|can|could|has|have|had|will|would|should|may|might)"
_AUX = re.compile(rf"^\s*{_AUXILIARIES}\b", re.I)
#: The act a *who* (or *which <noun>*) question asks about, past an adverb (``Who originally created X?``,
#: ``Which shipyard built X?``: *created*, *built*).
_WHO_DID = re.compile(
    r"^\s*(?:who|(?:which|what)\s+[a-z]+)\s+(?:[a-z]+ly\s+)?(?!(?:is|are|was|were|has|have|had|did|does|do)\b)([a-z]+)\b",
    re.I,
)
#: What a question without a name asks about: the words after its last ``of`` / ``about``.
_OF_TAIL = re.compile(
    r"\b(?:of|about)\s+(?:the\s+|a\s+|an\s+)?(?!(?:which|what)\b)([a-z][\w-]*(?:\s+[a-z][\w-]*)?)\s*\??\s*$"
)
#: Past participles that do not end in *-ed* / *-en*, shared by the patterns below (each adds its own).
_IRREGULAR_PARTICIPLES = (
    "built|made|held|run|won|born|found|seen|taken|given|stolen|written|chosen|broken|lost|paid|sent|put|set|cut|shut"
)
#: Nouns that end like a participle (*the central kitchen that ...*, *the snow shed*).
_NOUN_LIKE_PARTICIPLE = (
    "(?:kitchen|garden|children|women|men|citizen|oven|screen|token|queen|chicken|linen|heaven|warden|"
    "shed|bed|seed|speed|feed|reed|weed|need|hundred|red)"
)
#: A question without a name about what was done to a thing (``When was the flood memorial
#: unveiled?``) or where or when it is (``Where is the flood memorial?``): the thing, a few common
#: nouns after *the*, is its subject.
#: An adverb of time between a subject and its participle (*was the rail last seen*): none of the subject.
_WHEN_ADVERB = "last|first|ever|still|finally|originally|officially|formally|recently|eventually|fully|again"
_THE_NOUN_DONE = re.compile(
    r"^\s*(?i:when|where|why|how|by whom|(?:(?:in|on)\s+)?(?:what|which)\s+(?:year|date|day|month))\b"
    r"[^?]*?\b(?:was|were|is|are)\s+the\s+((?!(?:that|which|who)\b)[a-z][\w-]*"
    rf"(?:\s+(?!(?:that|which|who|{_WHEN_ADVERB})\b)[a-z][\w-]*){{0,2}}?)\s+(?:(?:{_WHEN_ADVERB})\s+)?"
    rf"(?!{_NOUN_LIKE_PARTICIPLE}\b)(?:[a-z]+ed|[a-z]+en|{_IRREGULAR_PARTICIPLES}|begun|sold|shot|set)\b"
    r"|^\s*(?i:where|when)\s+(?:is|was|are|were)\s+the\s+([a-z][\w-]*(?:\s+[a-z][\w-]*){0,2})\s*\??\s*$"
)
#: A question without a name about a thing that acts or is acted on, the question ending with it or
#: its verb (``Who leads the platform team?``, ``How many engineers does the storage team have?``):
#: the thing, two or three common nouns. One alone (*the company*) is most often the one thing a
#: user's documents are about, whatever they call it: no subject to hold them to.
_THE_NOUN_ACTS = re.compile(
    r"^\s*(?i:who|what|which)\s+(?!(?:is|was|are|were|does|did|do)\b)[a-z]+\s+the\s+([a-z][\w-]*(?:\s+[a-z][\w-]*){1,2})\s*\?\s*$"
    r"|^\s*(?i:how\s+many|how\s+much|what|which|when|where|why)\b[^?]*?\b(?:does|did|do)\s+the\s+"
    r"([a-z][\w-]*(?:\s+(?![a-z]+ly\b)[a-z][\w-]*){1,2}?)\s+(?:[a-z]+ly\s+)?[a-z]+(?<!ing)"  # not *the ferry start
    # running*; an adverb is no word of the subject (*did the recall eventually cover*); *go through*: a particle
    r"(?:\s+(?:through|across|over|up|out|off|down|back|away|in|on))?\s*\?\s*$"
)
#: A question without a name about what a thing in general costs or weighs, named by a bare noun
#: (``How much did tickets cost in 2023?``, ``How much do adult passes cost?``): the noun.
_BARE_NOUN_PRICED = re.compile(
    r"^\s*(?i:how\s+(?:much|many))\b[^?]*?\b(?:does|did|do)\s+(?:the\s+)?"
    r"(?!(?:it|they|he|she|this|that|these|those|we|you|i)\b)([a-z][\w-]*(?:\s+[a-z][\w-]*)?)\s+"
    r"(?:cost|weigh|earn|pay|charge|hold|seat|carry)\b"
)
#: A question without a name that opens with its subject and asks *which* or *what* after the verb
#: (``1st arrondissement is located in which city?``, ``487th refers to which type of unit?``): the
#: opening words are the subject.
_SUBJECT_FIRST = re.compile(
    r"^\s*(?:the\s+)?((?:\d+(?:st|nd|rd|th)?\b\s*)?(?:(?!(?:is|was|are|were|refers?|which|what)\b)[a-z][\w-]*\s*){0,3}?)\s*"
    rf"\b(?:(?:is|was|are|were)\s+(?:[a-z]+ed|[a-z]+en|{_IRREGULAR_PARTICIPLES}|set|found|part)\s+"
    r"(?:in|on|at|by|from|for|during|of)|refers?\s+to)\s+(?:which|what)\b",
    re.IGNORECASE,
)
#: After *the <Name>*, one noun and then a participle: the noun ends the subject (``the Dresel flood caused``).
_NOUN_THEN_PARTICIPLE = re.compile(rf"(\s+[a-z]+)(?=\s+(?:\w+ed|\w+en|{_IRREGULAR_PARTICIPLES})\b)")
#: A name's possessive and one noun before a participle (``Is Quorvel's core written in C``).
_POSSESSED_THEN_PARTICIPLE = re.compile(rf"((?:'s|\u2019s)\s+[a-z]+)(?=\s+(?:\w+ed|\w+en|{_IRREGULAR_PARTICIPLES})\b)")
_THERE = re.compile(r"\s+there\s+(?:any\s+)?", re.I)
#: A yes/no question after a phrase that frames it (``In 2023, did ...``, ``Under the current tariff, is ...``).
_FRAMED_YES_NO = re.compile(
    r"^\s*(?P<frame>(?![^,?]*\b(?:what|when|where|who|which|how|why)\b)[A-Za-z][^,?]{2,60}),\s+"
    rf"(?P<asked>{_AUXILIARIES}\b.*)$",
    re.I,
)
#: A frame that only says who says so (``According to the report,``): no part of what is asked.
_ATTRIBUTION = re.compile(r"\s*(?:according to|as reported by|in the (?:view|words) of)\b", re.I)
_COPULA_FIRST = re.compile(r"^\s*(?:is|are|was|were)\b", re.I)
#: After the copula, a noun phrase with an article and then a participle, the question's end or a
#: preposition after it: where the subject ends is plain (``Was the 2020 edition of the X cancelled``).
_THE_PHRASE_DONE = re.compile(
    r"\s+(?P<subject>(?:the|a|an|its|their|[A-Z][\w.-]*(?:\s+[A-Z][\w.-]*)*['\u2019]s)\s+"  # or ``Tomas Keverne's``
    r"(?:(?!\b(?:is|are|was|were|when|where|which|who|that)\b)[^?,])*?)"
    rf"(?=\s+(?:\w+ed|\w+en|{_IRREGULAR_PARTICIPLES})(?:\s+(?:out|up|off|down|over|back|away))?"  # ``given back``
    r"(?:\s+(?:in|on|at|by|for|from|to|into|with|along|alongside|without|under|near|as|after|before|during|"
    r"because)\b[^?]*)?\s*\??\s*$)",
    re.I,
)
#: A version number after a name, before a participle: part of the name (``Was Tarnview 3.0 released``).
_VERSION_THEN_PARTICIPLE = re.compile(rf"(\s+v?\d[\w.]*)(?=\s+(?:\w+ed|\w+en|{_IRREGULAR_PARTICIPLES})\b)")
#: A plain noun phrase after the copula, ended by an adverb of time or by *being* (``Was chlorine
#: still being added``): where the subject ends is plain even without a name.
_PLAIN_SUBJECT = re.compile(
    r"\s+(?!(?:it|there|this|that|these|those|he|she|they|we|you|i)\b)((?:the\s+)?[a-z][\w-]*(?:\s+[a-z][\w-]*){0,2}?)"
    r"(?=\s+(?:still|already|currently|being|(?:un)?able\s+to|allowed\s+to|permitted\s+to)\b)"
)
#: Anyone at all, or any one of a kind of people (``anybody``, ``any workers``, ``any board member``).
_ANY_PERSON = (
    r"(?:anyone|anybody|any\s+one|any\s+(?:(?:board|staff|crew|council|family)\s+)?"
    r"(?:child|children|person|people|passengers?|patients?|pupils?|students?|workers?|staff|residents?|"
    r"members?|crew|drivers?|visitors?|councillors?|employees?|officers?))"
)
#: ``Did anyone die ...``: whether someone did it.
_DID_ANYONE = re.compile(rf"^\s*did\s+{_ANY_PERSON}\s+(?P<verb>[a-z]+)\b", re.I)
#: A relative clause's pronoun after a noun phrase (``to the resident who spotted Pemba``): no
#: question word, the thing it follows described.
#: A clause of time or place closing a yes/no question (*Did the alarm go off when the coupling
#: failed?*): when the thing asked was so, no *when* asked.
_TIME_CLAUSE = re.compile(r"\s(?:when|while)\s+(?:the|a|an|its|his|her|their|[A-Z][\w'-]*)\s[^?]*\?\s*$")
_RELATIVE = re.compile(
    r"\b(?:the|a|an|its|their|his|her)\s+(?:[\w'-]+\s+){0,3}?"
    r"(?!(?:say|says|said|know|knew|known|tell|told|ask|asked|decide|decided|reveal|revealed|show|showed|shown|"
    r"explain|explained|confirm|confirmed|disclose|disclosed|state|stated|report|reported|identify|identified|"
    r"name|named|find|found|establish|established|determine|determined)\s)[\w'-]+\s+(?:who|which|whose)\b",
    re.I,
)
#: ``Was anyone killed ...``, ``Were any workers hurt ...``: whether someone was.
_WAS_ANYONE = re.compile(
    rf"^\s*(?:was|were)\s+{_ANY_PERSON}(?:\s+of\s+(?P<whose>[^?]*?\b(?:crew|staff|team|family|public|board|council|"
    r"company|club|party|group|household|orchestra|band)))?\s+(?=[a-z])",
    re.I,
)
#: ``Did Ada Quill design ...``: do-support, a capitalized name, a lower-case verb.
#: An adverb between them that only stresses the question (``Did X ever deliver ...``) is left out.
#: A plural noun after the name (``Did Aldermere Valley voters approve ...``) goes with it.
_DO_NAME_VERB = re.compile(
    r"^\s*((?i:did|does))\s+([A-Z][\w.'-]*(?:\s+(?:[A-Z][\w.'-]*|\d+))*)"
    r"(?P<noun>\s+[a-z]+s(?<!ss)(?<!us)(?<!is)(?=\s+[a-z]+\b))?\s+(?:(?:ever|really|actually)\s+)?(?P<verb>[a-z]+)\b"
)
#: ``Has Ada Quill won ...``: *has* or *have*, a capitalized name, a past participle.
_HAS_NAME_VERB = re.compile(
    r"^\s*((?i:has|have))\s+([A-Z][\w.'-]*(?:\s+(?:[A-Z][\w.'-]*|\d+))*)\s+([a-z]+(?:ed|en)|won|made|built|held|led)\b"
)
#: Do-support whose verb ends the question after a place or body named in a phrase (``Did Odile
#: Brackwater's election petition in the Regional Court succeed``, ``Did the strike at Orby end``).
_DO_ENDING_VERB = re.compile(
    r"^\s*((?i:did|does))\s+(?P<subject>(?:the\s+|[A-Z][\w.-]*(?:\s+[A-Z][\w.-]*)*['\u2019]s\s+)"
    r"(?:[A-Za-z][\w-]*\s+){0,3}?(?:in|at|on|of|from|against)\s+(?:the\s+)?[A-Z][\w'-]*(?:\s+[A-Z][\w'-]*)*)"
    r"\s+(?P<verb>[a-z]{3,})\s*\?*\s*$"
)
#: A plural noun: no verb's plain form (``visitors``, ``people``).
_PLURAL_NOUN = r"(?:[a-z]+[^su\W]s|people|children|men|women|staff)"
#: ``Did the Dresel flood happen in 1954``: do-support, *the*, a name, at most one noun, a verb, and
#: then a word that cannot go on the subject (a preposition, an article, a number): where the
#: subject ends is plain.
_DO_THE_NAME = re.compile(
    r"^\s*((?i:did|does))\s+(the\s+[A-Z][\w.'-]*(?:\s+(?:[A-Z][\w.'-]*|\d+))*(?:\s+[a-z]+){0,2}?"
    r"|[A-Z][\w.-]*(?:\s+[A-Z][\w.-]*)*['\u2019]s(?:\s+[a-z]+){1,2}?"  # or ``Glenhollow's licensing committee``
    # or ``Maldridge City Council's Culture, Heritage and Leisure Committee``
    r"|[A-Z][\w.-]*(?:\s+[A-Z][\w.-]*)*['\u2019]s\s+[A-Z][\w-]*(?:,?\s+(?:and\s+|&\s+)?[A-Z][\w-]*)*"
    # or ``the independent review``, ``the county council committee``, ``the administrators' statement of affairs``
    # (and a year naming which one: ``the old stone hut from 1911``)
    r"|the\s+[a-z][\w'\u2019-]*(?:\s+(?:[A-Za-z][\w'\u2019-]*|\d{4}))??(?:\s+[A-Za-z][\w'\u2019-]*){0,4}?"
    r"(?:\s+from\s+\d{4})?)\s+"
    # ``carry out``: not the particle; ``charge visitors``, ``charge people``: no plural noun
    # (not a participle saying which one the subject is: ``the damages paid by Brannock stay ...``)
    rf"(?P<verb>(?!(?:out|up|off|down|over|back|away)\b)(?![a-z]+ly\b)(?!{_PLURAL_NOUN}\b)"
    rf"(?!(?:[a-z]+ed|{PAST_ACTS})\s+by\b)(?![a-z]+\s+from\s+\d{{4}}\s+[a-z]+\s+(?:the|a|an)\b)[a-z]+)"
    # ``vote unanimously to``: an adverb may stand between the verb and what follows it, and a plural
    # noun its object (``charge visitors an entry fee``)
    rf"(?=(?:\s+(?:out|up|off|down|over|back|away)|\s+[a-z]+ly|\s+{_PLURAL_NOUN})?\s+"
    r"(?:in|on|at|by|from|to|into|with|for|after|before|during|below|above|under|within|the|a|an|that|\d)\b)"
)
#: *Do* opening a question whose subject is plural (``Do children under five get in free``): the
#: statement is the rest, its verb already in its plain form.
_DO_PLURAL = re.compile(r"^\s*do\s+(?=(?!(?:i|you|we|they)\b)[a-z])", re.I)
#: A person's title or role in lower case before their name (``former councillor``, ``chief inspector``).
_TITLE_BEFORE_NAME = re.compile(
    r"\s+(?:former|then|ex-)?\s*(?:[a-z]+\s+){0,2}?(?:councillor|inspector|director|chair(?:man|woman)?|"
    r"officer|minister|mayor|judge|professor|doctor|dr|captain|sergeant|constable|detective|president|secretary|"
    r"treasurer|manager|chief|executive|superintendent)\s+(?=[A-Z])"
)
_AFTER_AUX = re.compile(r"\s+((?:the\s+)?)", re.I)
_PREDICATE = re.compile(r"\s+(?:\d|(?:a|an|the|not|one|born|built|made|\w+ed|\w+en)\b)", re.I)
#: A question asking for a reason, whatever it names (*Why was the height of the dam reduced?*: no height).
_WHY_ASKED = re.compile(r"^\s*(?:why|how\s+come|for\s+what\s+reason)\b", re.IGNORECASE)
#: Kinds of things known by a name, which a *which* question asks the name of.
_NAMED_KINDS = (
    r"(?:ship|vessel|boat|yacht|horse|team|club|company|organi[sz]ation|band|group|hospital|clinic|prison|court|hotel|"
    r"museum|airport|party|school|university|spacecraft|aircraft|station|firm|(?:ship)?yard|manufacturer|maker|"
    r"builder|contractor|supplier|operator|airline|publisher|agency|bank|charity|society|association)"
)
_WANTS = [
    # a question opening by asking when (*When did the price rise?*, *On what date was the weight limit
    # removed?*) asks a date, whatever measure it names after
    (
        re.compile(
            r"^\s*(?:when\b|(?:(?:on|in|by|from|until|since)\s+)?(?:what|which)\s+(?:date|day|year|month)\b)", re.I
        ),
        Wants.DATE,
    ),
    # ``how long is the bridge`` asks for a length or a span of time alike: any amount (durations too);
    # ``how long was the order in force``, ``... the line closed``: a state's span of time
    (
        re.compile(
            r"^\s*(?:for\s+)?how (?:long|much time)\b(?!\s+(?:is|are|was|were)\b)|"
            r"^\s*(?:for\s+)?how long (?:is|are|was|were)\b.*\b(?<!\bthe\s)(?<!\ba\s)"  # (not *the closed section*)
            r"(?:in (?:force|effect|office|service|use|place|operation|hospital|prison|custody|charge)|"
            r"out of (?:[a-z]+\s+)?(?:service|action|use)|on (?:display|strike|leave)|"  # ``out of passenger service``
            r"under ?way|open|closed|shut|suspended|delayed|missing|active|valid|offline|down|away)"
            # (``... closed to all traffic after the barge strike``: a few words, then when the span began)
            r"(?:\s+[\w'-]+){0,5}?(?:\s+(?:after|before|when|while|following|since|during|until)\b[^?]*)?\s*\??\s*$|"
            r"\b(?:winning|finishing|record|journey|travel|running) time\b|"
            # a sentence's length: *What prison term was he given?*, *what jail sentence*
            r"^\s*(?:what|which)\s+(?:(?:prison|jail|custodial)\s+(?:term|sentence)|term\s+of\s+imprisonment)\b",
            re.I,
        ),
        Wants.DURATION,
    ),
    (
        re.compile(
            r"^\s*(?:by\s+)?how (?:many|much|old|tall|high|far|deep|wide|heavy|fast|big|large|"
            r"long (?:is|are|was|were))\b|"
            r"\b(?:population|number of|how many|cost|(?:winning\s+)?margin|"
            r"price|fees?|fares?|rent|tolls?|wages?|budget|(?:median|average|mean) \w+|income|salary|revenue|"
            r"profit|area|height|elevation|altitude|punctuality|reliability|availability|occupancy|turnout|"
            r"length|width|depth|distance|diameter|weight|payload|capacity|doses?|dosage|half-life|temperature|speed|"
            r"pressure|volume|(?:maximum|minimum) \w+|percentile|concentration|rates?|levels?\s+(?:in|at)|"
            r"(?:storage|water|reservoir|river|lake|sea|noise|fill|stock|oxygen|glucose|sugar|radiation)\s+levels?)\b|"
            # an amount of money or people named as what is asked: *What dividend did X pay?*, *X's net sales?*
            r"^\s*what\s+(?:(?:is|was|are|were)\s+)?(?:the\s+|its\s+|their\s+|[\w.-]+['\u2019]s?\s+)?(?:net\s+)?"
            r"(?:dividends?|sales|turnover|earnings|investment|funding|grant|attendance)\b|"
            # a commission charged (*What commission does the cooperative take?*), not a body so named
            r"\bwhat\s+commissions?\s+(?:does|do|did|is|was)\b|\bcommissions?\s+(?:rate|charged?|on)\b|"
            # a share asked (*By what percentage did X rise?*, *what share of the stone was replaced?*)
            r"\b(?:what|which)\s+(?:percentage|per\s*cent|percent|proportion|share|fraction)\b|"
            r"\b(?:default|tcp|udp|https?|network|server)\s+port\b|\bport number\b|\blistens?\s+on\b|"
            # a thing's number asked (*Under what lot number was it entered?*, *which flight number*)
            r"\b(?:what|which)\s+(?:[a-z]+\s+)?number\b(?!\s+of)",
            re.I,
        ),
        Wants.NUMBER,
    ),
    (
        re.compile(
            r"^\s*when\b|\b(?:what|which|in what|in which) (?:year|date|decade|century|time)\b|"
            r"\b(?:birth|death) ?date\b|\bdate of\b",
            re.I,
        ),
        Wants.DATE,
    ),
    (
        re.compile(
            r"^\s*(?:from |in |at )?where\b|\b(?:what|which|in what|in which) "
            r"(?:city|country|town|village|hamlet|suburb|district|borough|parish|municipality|island|port|place|"
            r"state|region|county|location|continent|province|building|venue|"
            # a place within one (*At which berth ...?*, *In which room of the museum ...?*)
            r"berth|platform|pier|quay|dock|room|gallery|site|spot|bay|street|road)\b|\bthe location of\b|"
            r"\b(?:what|which) (?:is|was) the (?:city|country|town|state|region|county|province)\s+"
            r"(?:where|in which|of (?:birth|origin|death|residence))\b",
            re.I,
        ),
        Wants.PLACE,
    ),
    (
        re.compile(
            rf"^\s*(?:(?:to|from|at|by|with|for|in|on)\s+)?(?:which|what)\s+{_NAMED_KINDS}\b"
            # or asked at the end, after a preposition (*... was previously headteacher of which school?*)
            rf"|\b(?:to|from|at|by|with|for|in|on|of)\s+which\s+{_NAMED_KINDS}\s*\??\s*$"
            # what a thing is or was called: a name (*What was the club called before it was renamed?*)
            r"|^\s*what\s+(?:is|was|are|were)\s+[^?]+?\s+(?:called|named)\b"
            # or its name asked outright (*What is the name of the bakery owner who ...?*)
            r"|^\s*what\s+(?:is|was|are|were)\s+the\s+names?\s+of\b",
            re.I,
        ),
        Wants.NAME,
    ),
    (
        re.compile(
            r"^\s*(?:(?:by|from|with|for|to)\s+)?(?:who|whom|whose)\b|"  # ``by whom was it founded``
            # a person by role, after a word that qualifies it (*Which accredited measurer led ...?*)
            r"\b(?:what|which) (?:[a-z-]+ )?(?:person|people|artist|author|director|composer|"
            r"writer|singer|band|actor|actress|player|founder|king|queen|president|officer|engineer|architect|"
            r"scientist|captain|designer|manager|minister|coach|chair(?:man|woman|person)?|editor|journalist|"
            r"reporter|researcher|surgeon|doctor|judge|mayor|councillor|official|spokes(?:man|woman|person)|"
            r"candidate|pilot|inspector|detective|investigator|measurer|surveyor|marshal|trustee|driver|nurse|"
            r"lawyer|prosecutor|witness|curator|professor|athlete|runner|winner|employee|consultant|auditor|"
            r"analyst|expert|farmer|grower|firefighter|paramedic|volunteer|technician|supervisor|controller|"
            r"partner|member|clerk|leader|secretary|treasurer|accountant|teacher|student|worker|guard|skipper|"
            r"reviewer|adviser|advisor|executive|ranger|warden|owner|donor|historian|sergeant|constable|commander)\b",
            re.I,
        ),
        Wants.NAME,
    ),
]
_WH_WORDS = frozenset(
    "what when where who whom whose which why how many much long year date type kind name".split()  # noqa: SIM905
)
#: Words that frame a question without narrowing its answer (``Where is X located?``, ``What does
#: the term X refer to?``, ``What sport is X associated with?``): not focus words.
_SCAFFOLD = frozenset(content_words("located location based situated associated refer term known considered"))
_QUOTES = "\"'\u201c\u201d\u2018\u2019 "
_POSSESSIVE = re.compile(r"['\u2019]s?$")  # ``Greg Boyer's`` names Greg Boyer


#: *Who was Hilda Rustad?*: a name and nothing else asked of it (but where to look: *Who is Ada
#: Quill, in connection with the Tarn inquiry?*).
_WHO_IS_NAME = re.compile(
    r"^(?P<asked>\s*(?i:who\s+(?:is|was|are|were))\s+(?:[A-Z][\w.'\u2019-]*\s*)+?)(?P<where>,[^?]*)?\??\s*$"
)


#: A who-question asked the long way round: ``What is the name of the person who ...``, ``Name the
#: person who ...`` (read as ``Who ...``).
_PERSON_WHO = re.compile(
    r"^(?:(?:what|which)\s+(?:is|was)\s+the\s+name\s+of|name)\s+the\s+(?:person|man|woman|individual)\s+"
    r"(?:who|that)\s+",
    re.I,
)


#: The one a question says it is not about, to tell a namesake apart: ``(not the coastguard officer)``,
#: ``..., not the former observatory director?``. Its words are no part of what is asked.
_EXCLUDED = re.compile(
    r"\s*\((?:but\s+)?not\s+[^()]*\)|\s*(?:,|[-\u2013\u2014])\s*(?:and\s+|but\s+)?not\s+the\s+[^,;?()]*(?=\?\s*$|$)",
    re.I,
)


@lru_cache(maxsize=1024)
def read_question(text: str) -> Asked:
    """Read ``text`` (see the module docstring); cached, since every turn rereads the same questions."""
    text = _PERSON_WHO.sub("Who ", " ".join(text.split()))
    who = _WHO_IS_NAME.match(text)
    if who is not None and who["where"]:  # *Who is Ada Quill, in connection with X?*: who she is
        text = f"{who['asked'].rstrip()}?"
    for pattern in _CLAIM_CHECK:
        match = pattern.search(text)
        if match and len(match.group("h").split()) >= 3:
            hypothesis = _statement(match.group("h"))
            return _asked(text, Kind.CLAIM_CHECK, Wants.PHRASE, hypothesis)
    text = _EXCLUDED.sub("", text)  # *(not the ferry's captain of the same name)*: who is not asked about
    for pattern in _COMPARISON:
        match = pattern.search(text)
        if match:
            sides = (match.group("a").strip(_QUOTES), match.group("b").strip(_QUOTES))
            return _asked(text, Kind.COMPARISON, Wants.PHRASE, text, sides=sides)
    overview = _OVERVIEW.match(text)
    if overview:
        return _asked(text, Kind.OVERVIEW, Wants.PHRASE, overview.group("t").strip(_QUOTES))
    anyone = _WAS_ANYONE.match(text) or _DID_ANYONE.match(text)  # *when* then only dates it: ``... when X ran aground``
    if _AUX.match(text) and (
        anyone
        or not re.search(
            r"\b(?:what|when|where|who|which|how)\b", _TIME_CLAUSE.sub("", _RELATIVE.sub("", text.split(",")[0])), re.I
        )
    ):
        asked = _statement(text)  # its names read where they stand mid-sentence (``Was Mereth founded``)
        return _asked(text, Kind.YES_NO, Wants.PHRASE, _declarative(asked), about=asked)
    framed = _FRAMED_YES_NO.match(text)
    if framed is not None:  # ``Under the current tariff, is the first half hour free?``: the frame then the question
        asked = _statement(framed["asked"])
        statement = _declarative(asked)
        if _ATTRIBUTION.match(framed["frame"]) is None:
            statement = f"{framed['frame']}, {re.sub(r'^(The|A|An) ', lambda m: m.group(1).lower() + ' ', statement)}"
        return _asked(text, Kind.YES_NO, Wants.PHRASE, statement, about=asked)
    member_of = asked_class(text)
    if member_of is not None:
        return replace(_asked(text, Kind.FACTOID, Wants.MEMBER, text), member_of=member_of)
    wants = Wants.PHRASE if _WHY_ASKED.match(text) else next((w for p, w in _WANTS if p.search(text)), Wants.PHRASE)
    if wants is Wants.PHRASE and (extreme_asked(text) is not None or row_asked(text) is not None):
        wants = Wants.NAME  # *Which model is the lightest?*, *Which branch opened in 1974?*: an item's name
    if wants is Wants.NAME and _WHO_IS_NAME.match(text):
        wants = Wants.PHRASE  # *Who was Hilda Rustad?* asks what she was, not another name
    return _asked(text, Kind.FACTOID, wants, text)


def _statement(text: str) -> str:
    """A hypothesis with its quotes, trailing question mark and instruction tail removed."""
    text = text.strip().rstrip("?").strip()
    if len(text) > 1 and text[0] in _QUOTES and text[-1] in _QUOTES:
        text = text[1:-1].strip()
    return text


def _one_name(question: str, match: re.Match[str]) -> bool:
    """Whether ``match``'s second group is one name of the question, whole (``Ada Quill`` in *Did
    Ada Quill design ...*), not part of one or several."""
    name = next((v for v in extract_values(question) if v.dimension == "name" and v.start == match.start(2)), None)
    return name is not None and name.end == match.end(2)


#: A question asking leave (``Can I take my bike on the tram``): whether the thing is allowed there.
_ASKS_LEAVE = re.compile(
    r"^\s*(?:can|may|could)\s+(?:i|we|you|one)\s+(?:take|bring|carry)\s+(?:(?:my|our|your|a|an|the)\s+)?"
    r"(?P<what>.+?)\s+(?P<where>(?:on|onto|into|in|inside|to|aboard)\b.*)$",
    re.I,
)
#: A question whether a thing is allowed (``Are dogs allowed on the boats``): no name need open it.
_ASKS_ALLOWED = re.compile(
    r"^\s*(?P<aux>is|are)\s+(?P<what>[^,]+?)\s+(?P<verb>allowed|permitted|welcome|banned|prohibited|forbidden)\b",
    re.I,
)


def _declarative(question: str) -> str:
    """A yes/no question as the statement it asks about, when a name follows its copula and what
    follows the name is plainly the predicate (a number, an article, a participle): ``Is Lake
    Orvin 87 metres deep`` -> ``Lake Orvin is 87 metres deep``, ``Was Mereth founded in 1412`` ->
    ``Mereth was founded in 1412``; or when a name follows ``did`` / ``does`` and a verb follows
    the name: ``Did Ada Quill design Harlow Bridge`` -> ``Ada Quill designed Harlow Bridge``; after
    ``the`` and a name, one noun may end the subject where a preposition, an article or a number
    shows where the verb's phrase goes on (``Did the Huygens probe land on Titan``, ``Was the Tarn
    flood caused by ...``), and so may a name's possessive and one noun (``Is Quorvel's core
    written in C`` -> ``Quorvel's core is written in C``), and a version number before a participle
    (``Was Tarnview 3.0 released``); a plain noun phrase with no name is the subject where *still*,
    *already*, *currently* or *being* ends it (``Was chlorine still being added``). Otherwise (where
    the subject ends would take a grammar) the question's words as they are. A question asking
    leave reads as whether the thing is allowed (``Can I take my bike on the tram`` -> ``bike is
    allowed on the tram``, ``Are dogs allowed on board`` -> ``Dogs are allowed on board``)."""
    leave = _ASKS_LEAVE.match(question)
    if leave is not None:  # ``Can I take my bike on the tram`` -> ``bike is allowed on the tram``
        return f"{leave.group('what')} is allowed {leave.group('where')}"
    allowed = _ASKS_ALLOWED.match(question)
    if allowed is not None:  # ``Are dogs allowed on the boats`` -> ``dogs are allowed on the boats``
        what = allowed.group("what")
        return f"{what[0].upper()}{what[1:]} {allowed.group('aux').lower()} {question[allowed.start('verb') :]}"
    anyone = _DID_ANYONE.match(question)
    if anyone is not None:  # ``Did anyone die in the fire`` -> ``Someone died in the fire``
        return f"Someone {_past(anyone.group('verb'))}{question[anyone.end() :]}"
    anyone = _WAS_ANYONE.match(question)
    if anyone is not None:  # ``Was anyone killed in the fire`` -> ``Someone was killed in the fire``
        rest = question[anyone.end() :]
        if anyone["whose"]:  # ``Was any member of the ship's crew hurt when ...`` -> ``Someone was hurt among ...``
            act = re.match(r"(?:(?:seriously|badly|critically)\s+)?[a-z]+", rest)
            cut = act.end() if act else 0
            return f"Someone was {rest[:cut]} among {anyone['whose']}{rest[cut:]}"
        return f"Someone was {rest}"
    done = _DO_ENDING_VERB.match(question)
    if done is not None:  # ``Did X's petition in the Regional Court succeed`` -> ``... succeeded``
        verb = _tensed(done.group(1), done.group("verb"))
        subject = done.group("subject")
        return f"{subject[0].upper()}{subject[1:]} {verb}"
    done = _DO_NAME_VERB.match(question)
    if done is not None and _one_name(question, done):
        verb = done.group("verb")
        if done.group(1).lower() == "did":
            verb = _past(verb)
        elif not done.group("noun"):  # ``Does Ada Quill design`` -> ``designs``; after a plural noun, plain
            verb = _third_person(verb)
        return f"{done.group(2)}{done.group('noun') or ''} {verb}{question[done.end('verb') :]}"
    done = _HAS_NAME_VERB.match(question)
    if done is not None and _one_name(question, done):  # ``Has Ada Quill won`` -> ``Ada Quill has won``
        return f"{done.group(2)} {done.group(1).lower()} {done.group(3)}{question[done.end(3) :]}"
    done = _DO_THE_NAME.match(question)
    if done is not None:  # ``Did the Dresel flood happen in 1954`` -> ``The Dresel flood happened in 1954``
        verb = _tensed(done.group(1), done.group("verb"))
        subject = question[done.start(2) : done.start("verb")].strip()
        return f"{subject[0].upper()}{subject[1:]} {verb}{question[done.end('verb') :]}"
    plural = _DO_PLURAL.match(question)
    if plural is not None:  # ``Do children under five get in free`` -> ``children under five get in free``
        return question[plural.end() :]
    aux = _COPULA_FIRST.match(question)
    if aux is None:
        return question
    there = _THERE.match(question, aux.end())
    if (
        there is not None
    ):  # ``Is there a ferry`` -> ``There is a ferry``; ``Were there any deaths`` -> ``There were deaths``
        return f"There {aux.group().strip().lower()} {question[there.end() :]}"
    after = _AFTER_AUX.match(question, aux.end())
    if after is None:
        return question
    starts = {after.start(1), after.end()}  # the name, or ``the`` before it (``Is the Eiffel Tower``)
    titled = _TITLE_BEFORE_NAME.match(question, aux.end())  # ``Was former councillor Ruth Amberley convicted``
    if titled is not None:
        starts.add(titled.end())
    name = next((v for v in extract_values(question) if v.dimension == "name" and v.start in starts), None)
    if name is None:
        plain = _PLAIN_SUBJECT.match(question, aux.end())  # ``Was chlorine still being added``
        if plain is None:
            done = _THE_PHRASE_DONE.match(question, aux.end())  # ``Was the 2020 edition of the X cancelled``
            if done is None:
                return question
            subject = done.group("subject")
            return f"{subject[0].upper()}{subject[1:]} {aux.group().strip().lower()}{question[done.end('subject') :]}"
        return f"{plain.group(1)} {aux.group().strip().lower()}{question[plain.end() :]}"
    end = name.end
    version = _VERSION_THEN_PARTICIPLE.match(question, end)  # ``Was Tarnview 3.0 released``
    if version is not None:
        end = version.end(1)
    noun = _NOUN_THEN_PARTICIPLE.match(question, end)  # ``Was the Dresel flood caused by ...``
    if noun is not None and question[after.start(1) : after.end(1)]:
        end = noun.end(1)
    possessed = _POSSESSED_THEN_PARTICIPLE.match(question, end)
    if possessed is not None:
        end = possessed.end(1)
    if not _PREDICATE.match(question, end):
        done = _THE_PHRASE_DONE.match(question, aux.end())  # ``Was Tomas Keverne's recount deposit given back``
        if done is None:
            return question
        end = done.end("subject")
    subject = question[aux.end() : end].strip()
    return f"{subject[0].upper()}{subject[1:]} {aux.group().strip().lower()}{question[end:]}"


_BASE_OF_PAST = {past: base for base, past in IRREGULAR_PAST.items()}


def base_of_past(verb: str) -> str | None:
    """The base form of a verb in the past (``sold`` -> ``sell``, ``sent`` -> ``send``, ``opened`` ->
    ``open``, ``carried`` -> ``carry``, ``stopped`` -> ``stop``, ``received`` -> ``receive``); None
    for a word that is no past form."""
    lower = verb.lower()
    if lower in _BASE_OF_PAST:
        return _BASE_OF_PAST[lower]
    if not lower.endswith("ed") or len(lower) < 4:
        return None
    if lower.endswith("ied"):
        return lower[:-3] + "y"
    if lower.endswith(("lled", "ssed", "eed")):  # *called*, *passed*, *freed*
        return lower[:-1] if lower.endswith("eed") else lower[:-2]
    if re.search(r"([b-df-hj-np-tv-z])\1ed$", lower):  # *stopped*
        return lower[:-3]
    if re.search(r"(?:[cgsuvz]|[^aeiou]l)ed$", lower):  # *received*, *used*, *settled*: the e stays
        return lower[:-1]
    return lower[:-2]


def _past(verb: str) -> str:
    """The past tense of a verb (``design`` -> ``designed``; a few irregular ones by heart)."""
    lower = verb.lower()
    if lower in IRREGULAR_PAST:
        return IRREGULAR_PAST[lower]
    if lower.endswith("e"):
        return verb + "d"
    if re.search(r"[^aeiou]y$", lower):
        return verb[:-1] + "ied"
    if re.fullmatch(r"[^aeiou]*[aeiou][bdgmnpt]", lower):  # one syllable ending vowel-consonant: planned
        return verb + verb[-1] + "ed"
    return verb + "ed"


def _tensed(do: str, verb: str) -> str:
    """The verb as a statement says it after *did* (``designed``) or *does* (``designs``)."""
    return _past(verb) if do.lower() == "did" else _third_person(verb)


def _third_person(verb: str) -> str:
    """``design`` -> ``designs``, ``teach`` -> ``teaches``, ``carry`` -> ``carries``."""
    lower = verb.lower()
    if lower in ("have", "do", "go"):
        return {"have": "has", "do": "does", "go": "goes"}[lower]
    if re.search(r"(?:s|sh|ch|x|z)$", lower):
        return verb + "es"
    if re.search(r"[^aeiou]y$", lower):
        return verb[:-1] + "ies"
    return verb + "s"


def _with_its_noun(value: Value, text: str, raw: str) -> str:
    """A name that is one capital letter with the noun it designates one of (``tower A``, ``pump B``);
    any other name as it is."""
    if not _LETTER.fullmatch(raw):
        return raw
    noun = _NOUN_BEFORE.search(text, 0, value.start)
    return f"{noun.group(1)} {raw}" if noun is not None else raw


_LETTER = re.compile(r"[A-Z]")
_NOUN_BEFORE = re.compile(r"\b([a-z]{3,})\s+$")


def _asked(
    text: str, kind: Kind, wants: Wants, hypothesis: str, *, sides: tuple[str, ...] = (), about: str = ""
) -> Asked:
    about = about or (hypothesis if kind in (Kind.CLAIM_CHECK, Kind.OVERVIEW) else text)
    values = [v for v in extract_values(about) if v.dimension == "name"]
    places = [  # ``Lawrence, Wisconsin``; not a list (``Smith, Jones and Partners``)
        b for a, b in pairwise(values) if about[a.end : b.start] == ", " and not _LISTED.match(about, b.end)
    ]
    names = [
        _ACRONYM_OF.sub("", _POSSESSIVE.sub("", _without_medium(raw, about[v.end :]))) + version_after(about[v.end :])
        for v in values
        if v not in places and (raw := _with_its_noun(v, about, _unbecome(v, about)))
    ]
    quoted = re.findall(r"[\"\u201c]([^\"\u201d]{2,80})[\"\u201d]", about)
    subjects = tuple(sorted(dict.fromkeys([*quoted, *names]), key=len, reverse=True))
    if not subjects and kind is Kind.FACTOID and (first := _SUBJECT_FIRST.match(about)) is not None:
        subjects = (first.group(1).strip(),)  # ``1st arrondissement is located in which city?``
    if not subjects and kind is Kind.FACTOID and (tail := _OF_TAIL.search(about)) is not None:
        subjects = (tail.group(1),)  # ``the maximum dose of lorvastatin``: a common noun for a subject
    if not subjects and kind is Kind.FACTOID and (done_to := _THE_NOUN_DONE.match(about)) is not None:
        subjects = (done_to.group(1) or done_to.group(2),)  # ``When was the flood memorial unveiled?``
    if not subjects and kind is Kind.FACTOID and (acting := _THE_NOUN_ACTS.match(about)) is not None:
        subjects = (acting.group(1) or acting.group(2),)  # ``Who leads the platform team?``
    if not subjects and kind is Kind.FACTOID and (priced := _BARE_NOUN_PRICED.match(about)) is not None:
        subjects = (priced.group(1),)  # ``How much did tickets cost in 2023?``
    located = {w for v in places for w in content_words(v.raw)}
    subject_words = {w for s in subjects for w in content_words(s)}
    kinds = {w for s in subjects for w in _kind_words(about, s)}
    own = [w for w in content_words(about) if w not in subject_words | kinds | located | _WH_WORDS | _SCAFFOLD]
    focus = frozenset([*own, *(doing for w in own if (doing := act_of_agent(w)) is not None)])
    verb = _WHO_DID.match(text)
    asked_act = frozenset(content_words(verb.group(1))) & focus if verb else frozenset()
    return Asked(text, kind, wants, hypothesis, subjects, focus, sides, frozenset(kinds), frozenset(located), asked_act)


#: What a name becomes (*When did Ada Quill become the Baronet?*): a role, asked about, not named.
_BECOME = re.compile(r"\b(?:become|became|becomes)\s+(?:the\s+|an?\s+)?$", re.I)
_ROLE_OF = re.compile(r"^.*?\s+of\s+(?=[A-Z])")


def _unbecome(value: Value, text: str) -> str:
    """A name of ``text`` without the role a subject becomes in it: what the role is *of* stays
    named (*Tuscany* in *become Grand Duke of Tuscany*, *Brekke Foods* in *become the CEO of
    Brekke Foods*), a role of nothing named leaves nothing (*become the Baronet*). The role's words
    are then asked about, as a common noun's would be."""
    if _BECOME.search(text, 0, value.start) is None:
        return value.raw
    of = _ROLE_OF.match(value.raw)
    return value.raw[of.end() :] if of else ""


#: A role's acronym and *of* opening a name (``CEO of Brekke Foods``): the role is asked, the rest named.
_ACRONYM_OF = re.compile(r"^[A-Z]{2,4}\s+of\s+(?=[A-Z])")
#: *TV* or *radio* ending a name before the kind of work it is (``the Danger Mouse TV series``).
_MEDIUM_ENDING = re.compile(r"\s+(?:TV|Radio)$")
_WORK_AFTER = re.compile(r"\s+(?:series|show|programme|program|serial|sitcom|drama|film|movie|adaptation)\b")


#: A version number right after a name (*Tamsin 2.3*, *Kestrel v1.4.2*): which release of it is asked about.
_VERSION_AFTER = re.compile(r"\s+v?\d+(?:\.\d+)+\b")


def version_after(after: str) -> str:
    """The version number that follows a name (``2.3`` in *the default port of Tamsin 2.3*), part
    of the subject's name: its digits are no words asked for."""
    version = _VERSION_AFTER.match(after)
    return version.group() if version else ""


def _without_medium(name: str, after: str) -> str:
    """A name without the medium that ends it before a kind of work (``Danger Mouse TV`` in *the
    Danger Mouse TV series*): the series is *Danger Mouse*, and its page says so."""
    if _WORK_AFTER.match(after) and (medium := _MEDIUM_ENDING.search(name)) is not None and medium.start() > 0:
        return name[: medium.start()]
    return name


def _kind_words(text: str, subject: str) -> list[str]:
    """The word naming what kind of thing the subject is, just before its name (``the film "Don't
    Drink the Water"``, ``the album Accelerate``): part of the subject's name, not of what is asked."""
    before = re.search(rf"\bthe\s+(\w+)\s+[\"\u201c]?{re.escape(subject)}", text, re.IGNORECASE)
    return content_words(before.group(1)) if before else []


def act_of_agent(word: str) -> str | None:
    """The verb of an agent noun (``director`` -> ``direct``, ``creator`` -> ``creat``): a sentence
    says ``directed by`` where the question asks for the director."""
    return word[:-2] if len(word) >= 6 and word.endswith(("er", "or")) else None
