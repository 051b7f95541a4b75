"""Words: tokens, stop words, light stemming and the canonical event and subject vocabulary.

Everything here is a pure function of its input, and the analysis of a text is remembered
(:data:`TEXTS`). Content words are lower-cased, stop words are
dropped and a light stemmer folds plural ``-s``, ``-ing`` and ``-ed`` (``landed``, ``landing``,
``lands`` -> ``land``). On top of the stems two small synonym tables make sentences written by
different hands comparable:

* :data:`EVENT_PHRASES` maps event verbs and their nouns to one canonical event (``touched down``,
  ``landing`` -> ``land``; ``lift off``, ``launched`` -> ``launch``; ``splashed down``, ``returned``
  -> ``return``). Events decide the *role* of a date or a quantity (see :mod:`.textfacts`).
* :data:`SUBJECT_SYNONYMS` folds a few common nouns (``lunar`` -> ``moon``, ``astronauts`` ->
  ``crew``, ``rocks`` -> ``sample``).

Both tables are deliberately short and domain-neutral where possible; extending them is the way to
teach the offline reasoner a new field.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache

__all__ = [
    "EVENT_PHRASES",
    "EVENT_SEARCH_TERMS",
    "IRREGULAR_PAST",
    "PARTICLE",
    "PAST_ACTS",
    "STOP_WORDS",
    "SUBJECT_SYNONYMS",
    "THING_NOUNS",
    "WH_SEARCH_TERMS",
    "Token",
    "canonical_events",
    "events_named",
    "canonical_noun",
    "content_words",
    "first_person",
    "keywords",
    "one_family",
    "search_terms",
    "stem",
    "tokens",
]

STOP_WORDS = frozenset(
    """a about above after again against all almost along also although am among an and another any anybody
    anyone are around as at away be became because become been before being below between both but
    by can could did do does doing done down during each either else even ever every few for from
    further had has have having he her here hers herself him himself his how however i if in into is
    it its itself just later like many may me might more most much must my myself near nearly no nor
    not of off often on once one only onto or other our ours ourselves out over own per perhaps
    quite rather same several she should since so some somebody someone still such than that the
    their theirs them themselves then there these they this those though through thus to too under
    until up upon us very via was we well were what when where whether which while who whom whose
    why will with within without would yet you your yours yourself yourselves""".split()  # noqa: SIM905 (a list literal is 40 lines)
)

_IRREGULAR = {
    "brought": "bring",
    "rebuilt": "rebuild",
    "began": "begin",
    "begun": "begin",
    "came": "come",
    "died": "die",
    "dying": "die",
    "drove": "drive",
    "fell": "fall",
    "flew": "fly",
    "flown": "fly",
    "found": "find",
    "gave": "give",
    "got": "get",
    "held": "hold",
    "kept": "keep",
    "led": "lead",
    "left": "leave",
    "made": "make",
    "met": "meet",
    "ran": "run",
    "rode": "ride",
    "said": "say",
    "paid": "pay",
    "sent": "send",
    "spent": "spend",
    "stood": "stand",
    "took": "take",
    "went": "go",
    "won": "win",
    "wrote": "write",
    "written": "write",
    "taken": "take",
    "given": "give",
    "driven": "drive",
    "chose": "choose",
    "chosen": "choose",
    "spoke": "speak",
    "spoken": "speak",
    "broke": "break",
    "broken": "break",
    "drew": "draw",
    "drawn": "draw",
    "grew": "grow",
    "grown": "grow",
    "shown": "show",
    "sang": "sing",
    "sung": "sing",
    "taught": "teach",
    "told": "tell",
    "sold": "sell",
    "bought": "buy",
    "men": "man",
    "women": "woman",
    "people": "person",
    "children": "child",
}

#: A verb's particle (*declared over*, *switched off*): the verb and it are one act, which the verb
#: alone does not say (*declared* an outbreak is its start). A regular-expression group.
PARTICLE = r"(?:over|out|off|up|down|back|away)"

#: Canonical events. Keys are tuples of *stems*; a multi-word phrase wins over its first word.
#: Whose life was lost (*lost their lives*, *lost his life*): one who died.
_WHOSE_LIFE = (("their", "live"), ("his", "life"), ("her", "life"))
EVENT_PHRASES: dict[tuple[str, ...], str] = {
    ("land",): "land",
    ("break", "out"): "outbreak",  # a fire, a war or an epidemic began: ``a fire broke out in the roof``
    ("touchdown",): "land",
    ("touch", "down"): "land",
    ("set", "down"): "land",
    ("launch",): "launch",
    ("liftoff",): "launch",
    ("lift", "off"): "launch",
    ("blast", "off"): "launch",
    ("take", "off"): "launch",
    ("splashdown",): "return",
    ("splash", "down"): "return",
    ("splash",): "return",
    ("return",): "return",
    ("reentry",): "return",
    ("come", "home"): "return",
    ("come", "back"): "return",
    ("bring", "back"): "collect",
    ("collect",): "collect",
    ("gather",): "collect",
    ("walk",): "walk",
    ("moonwalk",): "walk",
    ("spacewalk",): "walk",
    ("eva",): "walk",
    ("extravehicular",): "walk",
    ("excursion",): "walk",
    ("step", "onto"): "walk",
    ("set", "foot"): "walk",
    ("orbit",): "orbit",
    ("circl",): "orbit",
    ("dock",): "dock",
    ("go", "off"): "sound",  # an alarm that went off sounded: ``no alarm sounded in the control cabin``
    ("sound",): "sound",
    ("steal",): "steal",  # a theft, however worded: ``seven items were stolen``, ``the theft of the torc``
    ("stol",): "steal",
    ("stolen",): "steal",
    ("theft",): "steal",
    ("resign",): "resign",  # left a post: ``resigned``, ``stepped down as chief executive``, ``her resignation``
    ("resignation",): "resign",
    ("step", "down"): "resign",
    ("stand", "down"): "resign",
    ("aground",): "ground",  # a ship run aground, grounded: one event (``the grounding``)
    ("ground",): "ground",
    ("award",): "award",  # a prize given: ``was awarded the Sverdrup Medal``, ``received the medal``
    ("receiv",): "award",
    ("marry",): "marry",
    ("marriag",): "marry",
    ("born",): "birth",
    ("birth",): "birth",
    ("die",): "death",
    ("kill",): "death",  # ``Nobody was killed``, ``no fatalities``: no one died
    ("fatal",): "death",
    ("fatality",): "death",
    ("death",): "death",
    # ``two people who lost their lives``: they died
    **{(lost, whose, life): "death" for lost in ("lost", "lose", "los") for whose, life in _WHOSE_LIFE},
    ("surviv",): "survive",  # who lived through it: ``nine survived``, ``nine survivors``
    ("survivor",): "survive",
    ("found",): "found",
    ("establish",): "found",
    ("organiz",): "found",
    ("form",): "found",
    ("formation",): "found",
    ("incorporat",): "found",
    ("built",): "build",
    ("build",): "build",
    ("construct",): "build",
    ("construction",): "build",
    ("erect",): "build",
    ("complet",): "build",  # a thing finished (``Completed in 1913, it is``; see :data:`_NOT_ITS_OWN`)
    ("completion",): "build",
    ("creat",): "found",  # what brings a thing into being: ``created by`` answers *who founded*, and back
    ("creator",): "found",
    ("creation",): "found",
    ("start", "by"): "found",  # ``the Rust database started by Tomasz Wrona`` (not *started playing*)
    ("open",): "open",
    ("go", "into", "servic"): "open",  # a lift, a line or a ship put to use: ``went into service``
    ("enter", "servic"): "open",
    ("enter", "into", "servic"): "open",
    ("stop",): "stop",  # a service or a plant stopped: ``ceased generation on 30 June 2023``
    ("ceas",): "stop",
    ("inaugurat",): "open",
    ("dedicat",): "open",  # a building's dedication is its opening ceremony (see :data:`_NOT_ITS_OWN`)
    ("releas",): "release",
    ("make",): "make",  # who makes a product: its maker, manufacturer or developer (``developed by``)
    ("mak",): "make",
    ("maker",): "make",
    ("manufactur",): "make",
    ("manufacturer",): "make",
    ("develop",): "make",
    ("developer",): "make",
    ("acquir",): "acquire",  # a company's purchase of another: ``agreed to buy``, ``the acquisition of``
    ("acquisition",): "acquire",
    ("buy",): "acquire",
    ("bought",): "acquire",
    ("purchas",): "acquire",
    ("turn", "down"): "reject",  # an offer refused: ``turned down``, ``rejected``
    ("reject",): "reject",
    ("dismiss",): "reject",  # a challenge refused: ``dismissed the petition``, ``threw out the challenge``
    **{(throw, "out"): "reject" for throw in ("throw", "threw", "thrown")},
    ("renam",): "rename",  # a new name is no beginning: ``in 1918 it was renamed the 24th Division``
    ("merg",): "merge",
    ("merger",): "merge",
    ("amalgamat",): "merge",
    ("disband",): "disband",
    ("dissolv",): "disband",
    ("demolish",): "demolish",
    ("demolition",): "demolish",
    ("accredit",): "accredit",  # a school's accreditation dates no founding
    ("accreditation",): "accredit",
    ("sink",): "sink",  # a ship lost: ``sank``, ``was sunk by`` (not *foundered*: *the founders*)
    ("sank",): "sink",
    ("sunk",): "sink",
    ("go", "to", "the", "bottom"): "sink",  # ``Three vessels went to the bottom``
    ("deep",): "depth",  # a measure's adjective and noun: ``87 metres deep``, ``a depth of 94 metres``
    ("depth",): "depth",
    ("tall",): "height",
    ("high",): "height",  # ``how high is it`` asks its height, its altitude or its elevation
    ("height",): "height",
    ("altitud",): "height",
    ("elevation",): "height",
    ("wide",): "width",
    ("width",): "width",
    ("length",): "length",
    ("heavy",): "weight",
    ("weigh",): "weight",
    ("weight",): "weight",
    ("fast",): "speed",
    ("speed",): "speed",
    ("lower",): "decrease",  # a change and its usual wordings: ``lowered LDL`` / ``LDL fell by 38 percent``
    ("reduc",): "decrease",
    ("decreas",): "decrease",
    ("declin",): "decrease",
    ("fall",): "decrease",
    ("drop",): "decrease",
    ("rais",): "increase",
    ("increas",): "increase",
    ("rise",): "increase",
    ("rose",): "increase",
    **{(go, "down"): "decrease" for go in ("go", "went", "gone")},  # *did the charge go down?*
    **{(go, "up"): "increase" for go in ("go", "went", "gone")},
}
_LONGEST_PHRASE = max(len(k) for k in EVENT_PHRASES)

#: Words a search for an event should also try: corpora say "touched down" and "brought back".
EVENT_SEARCH_TERMS = {
    "land": ("landed", "landing", "touched", "touchdown"),
    "launch": ("launched", "liftoff", "lifted"),
    "return": ("returned", "splashed", "splashdown"),
    "collect": ("collected", "gathered", "brought", "samples"),
    "walk": ("walked", "moonwalk"),
    "orbit": ("orbit", "orbited"),
    "birth": ("born",),
    "death": ("died",),
    "found": ("founded", "established"),
    "sink": (
        "sank",
        "sunk",
        "sinking",
        "bottom",
    ),  # past forms a stemmed search does not fold: ``sank on 18 August 1911``
    "ground": ("aground", "grounded"),  # ``grounding`` stems as ``grounded`` does
    "build": ("built", "constructed", "completed"),
    "height": ("height", "high", "tall"),  # a measure's noun and adjectives: ``84 m high``, ``| Height | 84 m |``
    "depth": ("depth", "deep"),
    "width": ("width", "wide"),
    "length": ("length", "long"),
    "weight": ("weight", "weighs"),
    "speed": ("speed",),
}

#: Words a search for a word (or the word it folds to, :data:`SUBJECT_SYNONYMS`) should also try, where
#: a stemmed search does not fold them: *when did the festival start* -> ``began in 1987``, ``first held``.
_WORDED_AS = {"start": ("began", "begun", "first"), "finish": ("concluded", "completed", "ended")}

#: The noun of a verb, by the verb's stem, that a stemmed search does not fold into it (*injured*:
#: ``no serious injuries``; *failed*: ``the failure``).
_NOUN_OF_VERB = {"injur": "injuries", "fail": "failure", "depart": "departure"}

#: The past tense of irregular verbs (``run`` -> ``ran``): a stemmed search does not fold them.
IRREGULAR_PAST = {
    "be": "was", "become": "became", "begin": "began", "bring": "brought", "build": "built", "buy": "bought",
    "come": "came", "do": "did", "draw": "drew", "find": "found", "fly": "flew", "get": "got", "give": "gave",
    "go": "went", "grow": "grew", "have": "had", "hold": "held", "keep": "kept", "know": "knew", "lead": "led",
    "leave": "left", "lose": "lost", "make": "made", "meet": "met", "pay": "paid", "run": "ran", "say": "said",
    "see": "saw", "sell": "sold", "send": "sent", "sing": "sang", "speak": "spoke", "spend": "spent",
    "stand": "stood", "take": "took", "teach": "taught", "tell": "told", "think": "thought", "win": "won",
    "write": "wrote", "freeze": "froze", "break": "broke", "choose": "chose", "drive": "drove", "eat": "ate",
    "fall": "fell", "feel": "felt", "fight": "fought", "hear": "heard", "put": "put", "read": "read",
    "ride": "rode", "rise": "rose", "set": "set", "shoot": "shot", "sit": "sat", "steal": "stole",
    "swim": "swam", "throw": "threw", "wear": "wore", "catch": "caught", "cut": "cut", "hit": "hit",
    "let": "let", "sink": "sank", "strike": "struck", "beat": "beat", "lay": "laid", "sleep": "slept",
}  # fmt: skip
#: The irregular past forms that are acts, as a regular expression's alternatives (``built|sold|...``;
#: not the helpers *was*, *had*, *did*, nor *got*, *put*, *set*, *let*, which are more than a past).
PAST_ACTS = "|".join(sorted(set(IRREGULAR_PAST.values()) - {"was", "had", "did", "got", "put", "set", "let"}))

#: Words an answer to a wh-question tends to use ("the landing site", "the moonwalk lasted").
WH_SEARCH_TERMS = {
    "where": ("site", "located", "place", "venue"),
    "when": ("date",),
    "why": ("caused", "because", "reason"),
    "how long": ("lasted", "duration", "length", "days", "hours", "months"),
    "how many": ("number",),
    "how high": ("elevation", "altitude", "highest"),  # ``Carrow Pike (2,847 m) is the highest summit``
    "how tall": ("height", "tallest"),
    "how deep": ("depth", "deepest"),
}

#: Words of names and how names abbreviate them: *St. John* is *Saint John*, *Mt. Hood* *Mount Hood*.
#: (A street's *St* is read as *Saint* too: the two are compared only as words of names.)
NAME_WORD_ABBREVIATIONS = {"saint": "St", "mount": "Mt", "fort": "Ft"}


def name_word_pattern(word: str) -> str:
    """A regular expression for a word of a name, written out or abbreviated (``Saint``, ``St.``:
    ``Saint``, ``St.``, ``St``)."""
    bare = word.rstrip(".").lower()
    full = next((w for w, short in NAME_WORD_ABBREVIATIONS.items() if bare in (w, short.lower())), None)
    return rf"(?:{full}|{NAME_WORD_ABBREVIATIONS[full]}\.?)" if full else re.escape(word)


#: Nouns folded together so that two phrasings of one subject share words (stem -> canonical).
SUBJECT_SYNONYMS = {
    "lunar": "moon",
    "astronaut": "crew",
    "crewmember": "crew",
    "crewman": "crew",
    "rock": "sample",
    "soil": "sample",
    "specimen": "sample",
    "spacecraft": "craft",
    "vehicle": "craft",
    "lander": "module",
    "rocket": "launcher",
    "booster": "launcher",
    "price": "cost",  # *How much does it cost?* is answered under a table's *Price* column
    "latest": "current",  # the newest of a series: *the latest version*, ``the current stable version``
    "newest": "current",
    "employee": "employ",  # *How many employees* is answered by ``employs 2,300 people``
    "ceo": "executive",  # *Who is the CEO?* is answered by ``has been chief executive since 2021``
    "begin": "start",  # *when did the festival start* is answered by ``began in 1987``
    "commenc": "start",
    "conclud": "finish",  # *when did the recount finish* is answered by ``concluded on 2 November``
    "seen": "see",  # a sighting, however worded: *first spotted* is ``| First seen | 9 April 2024 |``
    "saw": "see",
    "spot": "see",
    "sight": "see",
    "bike": "bicycl",
    "allow": "permit",  # a permission and its usual wordings: ``allowed``, ``permitted``, ``welcome``
    "welcom": "permit",
    "prohibit": "ban",  # and a prohibition's
    "forbid": "ban",
    "forbidden": "ban",
    "chairman": "chair",
    "chairwoman": "chair",
    "chairperson": "chair",
    "penalty": "fine",  # a regulator's penalty is its fine: *Why was X fined less?*, ``reduced the penalty because``
    "give": "award",  # a prize or an honour given: *voted to give a commendation*, ``to award commendations``
    "terminat": "end",  # a contract ended: *the vote to terminate the contract*, ``voted to end the contract``
    "sale": "sell",  # *had sold 180,000 copies* and ``total sales had reached 118,000 copies``: one act
    "agre": "vot",  # a body's decision, however its record words it: *agreed to create a fund*, ``voted to create``
    "resolv": "vot",
    "decid": "vot",
    "hurt": "injur",  # ``seven were hurt`` says how many were injured
    "wound": "injur",
    **{short.lower(): word for word, short in NAME_WORD_ABBREVIATIONS.items()},
}

#: A word: letters of any script (*Lärchenhang* is one word), but a lone letter only in ASCII (the
#: *Â* of text decoded with the wrong charset is no word).
_WORD = re.compile(r"(?:[^\W_]{2,}|[A-Za-z0-9])(?:['\u2019][^\W_]+)?")
_VOWEL = re.compile(r"[aeiouy]")
#: Distinct texts whose analysis is remembered: every turn of every role rereads the same few hundred
#: passages and statements, so each is tokenized and stemmed once (results are returned as fresh lists).
TEXTS = 4096
#: Distinct words whose stem is remembered.
WORDS = 16384


@dataclass(frozen=True, slots=True)
class Token:
    """A word of a text: its surface form and where it is (``text[start:end] == surface``)."""

    surface: str
    start: int
    end: int

    @property
    def lower(self) -> str:
        return self.surface.lower()


def tokens(text: str) -> list[Token]:
    """All word tokens of ``text`` (letters and digits, with an inner apostrophe), in order."""
    return list(_tokens(text))


@lru_cache(maxsize=TEXTS)
def _tokens(text: str) -> tuple[Token, ...]:
    return tuple(Token(m.group(), m.start(), m.end()) for m in _WORD.finditer(text))


#: Kinds whose name is part of a thing's proper name (*Halden Observatory*, *Dunmore Station*,
#: *Nansen Prize*): a name ending in one names no person.
_THING_NOUNS_TEXT = (
    "observatory station bridge museum lake river mountain mount university college school hospital church "
    "cathedral castle airport stadium park tower library theatre theater hall dam tunnel canal island bay "
    "institute club company street prize award medal cooperative road lane avenue square village valley farm "
    "works council trust society association centre center mill quarry harbour port market district railway "
    "foundation"
)
THING_NOUNS = frozenset(_THING_NOUNS_TEXT.split())
#: The words of a writer speaking of themselves or to the reader, as written mid-sentence (*Our
#: Lady*, *US*, *You* in a title are names).
_PERSONAL = frozenset({"me", "my", "mine", "we", "our", "ours", "us", "you", "your", "yours"})
#: *I* as a writer's word: before a word in lower case and not after a name (``I kept``, ``I've
#: changed``; not a title's *I Will Follow* or *I'm the Man*, nor *Napoleon I, declared*).
_I = frozenset({"I", "I've", "I'd", "I'll", "I\u2019ve", "I\u2019d", "I\u2019ll"})


def first_person(text: str) -> bool:
    """Whether ``text`` speaks in the first or second person (``It took us seven hours``, ``I've
    kept the structure``, *we're*): an account of one's own, not a statement of how things are."""
    words = _tokens(text)
    for i, token in enumerate(words):
        if re.split(r"['\u2019]", token.surface)[0] in _PERSONAL:
            return True
        after_name = i > 0 and words[i - 1].surface[:1].isupper()  # *Napoleon I*, *Faustin I of Haiti*
        if token.surface in _I and not after_name and i + 1 < len(words) and words[i + 1].surface[:1].islower():
            return True
    return False


def _undouble(word: str) -> str:
    if len(word) > 3 and word[-1] == word[-2] and word[-1] not in "lsz":
        return word[:-1]
    return word


#: Words ending like an office (*-ncy*) that name no holder's office.
_NOT_OFFICES = frozenset({"currency", "frequency", "emergency", "efficiency", "tendency", "dependency"})


@lru_cache(maxsize=WORDS)
def stem(word: str) -> str:
    """A light stem: plural ``-s``/``-ies``/``-es``, ``-ing``, ``-ed``/``-ied``, a final ``-e``, possessives.

    The stem is only used to compare words, never shown: ``landed``/``landing``/``lands`` -> ``land``,
    ``samples`` -> ``sampl``... only consistency matters.
    """
    word = word.lower().replace("\u2019", "'")
    if word.endswith("'s"):
        word = word[:-2]
    word = word.rstrip("'")
    if word in _IRREGULAR:
        return _IRREGULAR[word]
    if word.isdigit() or len(word) <= 3:
        return word
    if word.endswith(("ies", "ied")) and len(word) > 4:  # studies / studied / study; not died
        word = word[:-3] + "y"
    elif word.endswith("s") and not word.endswith(("ss", "us", "is")):
        word = word[:-1]
    if word.endswith("cy") and word[-3] in "nt" and len(word) > 6 and word not in _NOT_OFFICES:
        word = word[:-2] + ("t" if word[-3] == "n" else "")  # an office is its holder: *presidency*, *baronetcy*
    for suffix in ("ing", "ed"):
        if word.endswith(suffix) and len(word) - len(suffix) >= 3 and _VOWEL.search(word[: -len(suffix)]):
            word = _undouble(word[: -len(suffix)])
            break
    if word.endswith("e") and len(word) > 4:
        word = word[:-1]
    return _american(word)


#: British spellings and their American stems (``licence`` and ``license`` are one word to compare).
_BRITISH_STEMS = {"licenc": "licens", "defenc": "defens", "offenc": "offens", "programm": "program"}
_BRITISH_STEMS |= {"travell": "travel", "cancell": "cancel", "organis": "organiz", "organisation": "organization"}
_BRITISH_STEMS |= {"grey": "gray", "aluminium": "aluminum", "catalogu": "catalog"}
#: ``colour``, ``harbour``: the *-our* words whose American spelling is *-or*.
_OUR = frozenset(
    {"colour", "honour", "favour", "labour", "neighbour", "harbour", "behaviour", "flavour", "humour", "rumour"}
    | {"vapour", "vigour", "armour", "odour"}
)
#: ``centre``, ``kilometre``: stems ending so are spelled *-er* in American English.
_TRE = re.compile(r"(?:cent|met|lit|theat|fib)r$")


def _american(word: str) -> str:
    if word in _BRITISH_STEMS:
        return _BRITISH_STEMS[word]
    if word in _OUR:
        return word[:-2] + "r"
    return word[:-1] + "er" if _TRE.search(word) else word


_SYNONYM_STEMS = {stem(k): stem(v) for k, v in SUBJECT_SYNONYMS.items()}
#: A word's stem -> the word it folds to, as written (a search term: *employees* -> *employ*).
_FOLDED_TO = {stem(k): v for k, v in SUBJECT_SYNONYMS.items()}


def _canonical(stem_: str) -> str:
    return _SYNONYM_STEMS.get(stem_, stem_)


#: A word and a hyphen right before *wide*, the word no measure: ``island-wide`` says where, not how wide.
_WIDE_SUFFIX = re.compile(
    r"(?<![\w-])(?!(?:metres?|meters?|feet|foot|ft|inch(?:es)?|miles?|yards?|km|cm|mm|m)-)[A-Za-z]+-$", re.I
)
#: A hyphen and a letter right after a word: the word opens a compound (``open-source``).
_COMPOUND_HEAD = re.compile(r"-[A-Za-z]")


_DETERMINERS = frozenset({"a", "an", "the", "his", "her", "its", "their", "our", "my", "this", "that", "these"})
#: Verbs that name a thing's own event except before these words (``it was completed in 1913``, not
#: ``the railroad completed a line``, ``she completed her studies``; ``dedicated in 1902``, not a
#: book ``dedicated to his wife``).
_NOT_ITS_OWN = {
    "complet": _DETERMINERS,
    "dedicat": frozenset({"to"}),
    # ``an open day``, ``an open-air concert``: an occasion the public may come to, no opening
    "open": frozenset("day days evening evenings house weekend air letter session meeting water".split()),  # noqa: SIM905
}
#: What *made* may make that is no product: money (``made a net profit of 84.6 million``).
_MADE_NOT_MADE = frozenset("profit profits loss losses money".split())  # noqa: SIM905


_LOWER_DETERMINERS = frozenset({"the", "a", "an"})


def _inside_name(text: str, toks: Sequence[Token], i: int) -> bool:
    """Whether the ``i``-th token is a capitalized word of a proper name: a capitalized word (not a
    stop word such as a sentence's opening *The*) right before or after it, across a space only
    (*High* of ``Rutherford High School``, *Launch* of ``Launch Complex 39A``), or one right after a
    lower-case article (*Raise* of ``the Raise the Lantern appeal``)."""
    if not toks[i].surface[:1].isupper():
        return False
    if i > 0 and toks[i - 1].surface in _LOWER_DETERMINERS:
        return True  # ``the Raise the Lantern appeal``: a capital after *the* mid-sentence opens a name
    for j in (i - 1, i + 1):
        if 0 <= j < len(toks):
            a, b = sorted((toks[i], toks[j]), key=lambda t: t.start)
            word = toks[j].surface
            if word[:1].isupper() and word.lower() not in STOP_WORDS and text[a.end : b.start].isspace():
                return True
    return False


def canonical_events(text: str) -> list[tuple[str, int, int]]:
    """The events named in ``text`` as ``(event, start, end)`` character spans, in order.

    Multi-word phrases (``touched down``) are matched before single words (``touched``).
    """
    return list(_events(text))


def events_named(text: str) -> set[str]:
    """The canonical events ``text`` names, without where (``opened`` -> *open*)."""
    return {event for event, _, _ in _events(text)}


@lru_cache(maxsize=TEXTS)
def _events(text: str) -> tuple[tuple[str, int, int], ...]:
    toks = tokens(text)
    stems = [stem(t.surface) for t in toks]
    found: list[tuple[str, int, int]] = []
    i = 0
    while i < len(toks):
        if _COMPOUND_HEAD.match(text, toks[i].end) or _inside_name(text, toks, i):
            i += 1  # ``open-source``, ``built-in``: a modifier; ``Rutherford High School``: a name's word
            continue
        if stems[i] == "wide" and _WIDE_SUFFIX.search(text, 0, toks[i].start):
            i += 1  # ``island-wide``, ``company-wide``: across all of it, no width (``a 3-metre-wide gap`` is one)
            continue
        if i + 1 < len(toks) and toks[i + 1].lower in _NOT_ITS_OWN.get(stems[i], ()):
            i += 1  # ``the railroad completed a line``: another thing finished
            continue
        if stems[i] == "make" and (
            {t.lower for t in toks[i + 1 : i + 4]} & _MADE_NOT_MADE or (i + 1 < len(toks) and toks[i + 1].lower == "up")
        ):
            i += 1  # ``made a net profit``, ``made up 23 per cent of all loans``: nothing manufactured
            continue
        for size in range(_LONGEST_PHRASE, 0, -1):
            key = tuple(stems[i : i + size])
            if len(key) == size and key in EVENT_PHRASES:
                found.append((EVENT_PHRASES[key], toks[i].start, toks[i + size - 1].end))
                i += size
                break
        else:
            if stems[i] == _WON and set(stems[i + 1 : i + 1 + _PRIZE_REACH]) & _PRIZES:
                found.append(("award", toks[i].start, toks[i].end))  # *won the Nansen Prize*: a prize given
            i += 1
    return tuple(found)


#: *Won* with a prize within reach after it is the award event (*won the Fridtjof Nansen Prize* is
#: *received* it); *won the regatta* stays a win.
_WON = stem("won")  # stems compare: *win*, *wins*, *won*, *winning* are one
_PRIZES = frozenset(stem(w) for w in ("prize", "award", "medal", "trophy"))
_PRIZE_REACH = 5


def canonical_noun(word: str) -> str:
    """The comparable form of a noun: its stem, folded through :data:`SUBJECT_SYNONYMS`."""
    return _canonical(stem(word))


_STEM_LEAST = 4  # letters of a word asked that a longer word of its family opens with (*fail*, *failure*)
_SHARED_OPENING = 0.8  # or the share of the shorter stem two words of a family open alike with (*intrud*, *intrus*)


def one_family(word: str, asked: str) -> bool:
    """Whether ``word`` is of the family of a stemmed word asked: it opens with it (*failure*,
    *fail*), or they open alike for most of the shorter (*intrusion*, *intrud*)."""
    if len(asked) < _STEM_LEAST:
        return False
    if word.startswith(asked):
        return True
    shared = next((i for i, (a, b) in enumerate(zip(word, asked, strict=False)) if a != b), min(len(word), len(asked)))
    return shared > _STEM_LEAST and shared >= _SHARED_OPENING * min(len(word), len(asked))


def content_words(text: str) -> list[str]:
    """Lower-cased, stemmed content words of ``text``, stop words dropped, in order (with repeats).

    Event phrases become their canonical event (``touched down`` -> ``land``) and a few nouns their
    canonical synonym (``lunar`` -> ``moon``).
    """
    return list(_content_words(text))


_CONTRACTION = re.compile(r"['\u2019](?:s|re|ve|ll|d|m)$")


@lru_cache(maxsize=TEXTS)
def _content_words(text: str) -> tuple[str, ...]:
    events = {start: (event, end) for event, start, end in canonical_events(text)}
    words: list[str] = []
    skip_until = -1
    for tok in tokens(text):
        if tok.start < skip_until:
            continue
        if tok.start in events:
            event, skip_until = events[tok.start]
            words.append(event)
            continue
        if tok.lower in STOP_WORDS or _CONTRACTION.sub("", tok.lower) in STOP_WORDS:
            continue  # ``it's``, ``there's``: a stop word with its contraction
        words.append(_canonical(stem(tok.surface)))
    return tuple(words)


_ORDINAL_WORDS = (
    "first", "second", "third", "fourth", "fifth", "sixth", "seventh", "eighth", "ninth", "tenth", "eleventh",
    "twelfth", "thirteenth", "fourteenth", "fifteenth", "sixteenth", "seventeenth", "eighteenth", "nineteenth",
    "twentieth",
)  # fmt: skip
#: An ordinal in digits and in words, each to the other (*13th*: *thirteenth*): a text writes either.
_ORDINALS = {
    f"{n}{'th' if 10 <= n % 100 <= 20 else {1: 'st', 2: 'nd', 3: 'rd'}.get(n % 10, 'th')}": word
    for n, word in enumerate(_ORDINAL_WORDS, 1)
}
_ORDINALS |= {w: d for d, w in _ORDINALS.items() if w not in ("first", "second")}  # *second* is also time


#: How far into a question its wh-phrase is looked for (``For roughly how long ...``).
_WH_WORDS = 4
#: The words an answer to a wh-phrase is said in, kept in the search of however long a question
#: (a span of time is said in its units: ``for about nine hours``, ``for 266 days``).
_ANSWER_UNITS = {"how long": ("days", "hours")}


def search_terms(text: str, *, limit: int = 12) -> list[str]:
    """Keywords of ``text`` (and the word each folds to, :data:`SUBJECT_SYNONYMS`: *CEO* ->
    *executive*), the usual wordings of the events it names, and the words an answer to its
    wh-question tends to use (``where`` -> ``site``...): the terms of a search for it."""
    words = keywords(text, limit=limit)
    folded = [_FOLDED_TO.get(stem(w.lower()), w.lower()) for w in words]
    words += [f for f in dict.fromkeys(folded) if f not in words]  # *CEO*: executive
    wordings = [*(EVENT_SEARCH_TERMS.get(e, ()) for e, _, _ in canonical_events(text)), *map(_WORDED_AS.get, folded)]
    words += [w for terms in wordings for w in terms or () if w not in words]
    words += [IRREGULAR_PAST[w] for w in folded if w in IRREGULAR_PAST and IRREGULAR_PAST[w] not in words]
    nouns = [_NOUN_OF_VERB.get(stem(w), "") for w in folded]
    words += [noun for noun in dict.fromkeys(nouns) if noun and noun not in words]
    words += [_ORDINALS[w] for w in folded if w in _ORDINALS and _ORDINALS[w] not in words]
    asks = text.lower().split()[:_WH_WORDS]  # ``For roughly how long did ...``: the wh-phrase comes first
    phrases = [" ".join(asks[i : i + 2]) for i in range(len(asks))]
    phrase = next((p for p in phrases if p in WH_SEARCH_TERMS), asks[0] if asks else "")
    wh = WH_SEARCH_TERMS.get(phrase, ())
    words += [w for w in wh if w not in words]
    reserved = list(_ANSWER_UNITS.get(phrase, ()))  # what an answer says, however long the query
    kept = [w for w in words if w not in reserved][: limit - len(reserved)]
    return [*kept, *reserved]


def keywords(text: str, *, limit: int = 10) -> list[str]:
    """Distinct lower-cased surface content words of ``text`` (unstemmed: for search queries)."""
    out: list[str] = []
    for tok in tokens(text):
        word = tok.lower.replace("\u2019", "'")
        if word.endswith("'s"):
            word = word[:-2]
        if word in STOP_WORDS or word in out or (len(word) < 2 and not word.isdigit()):
            continue
        out.append(word)
        if len(out) == limit:
            break
    return out
