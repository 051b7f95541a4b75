"""Facts in text: do two sentences talk about the same thing, and do they agree?

The offline reasoner's judgment in four pure functions, over the pieces in :mod:`.sentences`,
:mod:`.words` and :mod:`.values` (re-exported here):

* :func:`same_subject` -- the *subject words* of two texts (content words, events folded to one
  canonical verb, values removed) overlap: at least :data:`MIN_SHARED_WORDS` shared words making up
  at least :data:`MIN_OVERLAP` of the smaller set. Tuned on encyclopedia-style sentences: a claim
  and a paraphrase from another source typically share 2-4 of 3-6 subject words (0.5-1.0), two
  unrelated sentences of one article 0-1. Two texts naming one designation with different numbers
  (``Apollo 11`` / ``Apollo 12``) are never about the same subject.
* :func:`supports` -- same subject (or every subject word of the claim: *Do not store above 25
  °C*), same polarity, every date/number of the claim stated in the sentence (normalized, at least
  as precisely, in a compatible role, and of the same thing: :func:`_framed_alike`) or the same
  cause of one event (:func:`same_cause`), and half of its names;
  a claim without dates or numbers needs all its names and :data:`STRICT_OVERLAP` of its subject
  words in the sentence.
* :func:`conflicts` / :func:`find_conflict` -- same subject, and a value of the same dimension and
  the same *role* differs (or the polarity differs while the values agree).

The **role** of a value is the set of canonical events (``land``, ``launch``, ``return``...) named
in its clause, not counting an event that is only a purpose or an end point (``the goal of
landing``, ``for return to Earth``, ``from launch to splashdown``). Clauses are cut at ``;``,
dashes, ``, and``, ``after``, ``before``, ``while``..., so ``launched on July 16, 1969, and landed
on July 20`` gives July 16 the role {launch} and July 20 the role {land}.

Two values are compared only when their roles are equal: a date of the launch never contradicts a
date of the landing, and a clause naming two events is ambiguous and compared with nothing but an
equally ambiguous clause. For non-date values ``collect`` is folded into ``return`` (``brought back
12 kg`` vs ``returned 21.5 kg``). Two values that no event places are compared only when the texts
share at least :data:`STRICT_OVERLAP` of their subject words and each states exactly one value of
that dimension. Names conflict only as the *agents* of one event: ``Ingrid Solberg founded the
Kessler Observatory`` and ``the Kessler Observatory was founded in 1896 by ... Anton Kessler`` name
different founders (the name right before the event's verb, or after *by* in its clause), unless
one text names the other's agent among its own (``founded by Solberg and Kessler``). Precision over
recall: a missed contradiction costs a challenge, a false one costs a true claim.
"""

from __future__ import annotations

import itertools
import re
from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from functools import lru_cache

from agents.offline.regions import is_region
from agents.offline.sentences import Sentence, split_sentences
from agents.offline.units import NUM, NUMBER_WORDS, NUMWORD, parse_number
from agents.offline.values import (
    FATE_COUNT,
    HOW_MANY,
    MONTH_NAMES,
    Value,
    covers,
    extract_values,
    numbers_in,
    values_agree,
)
from agents.offline.words import (
    PARTICLE,
    PAST_ACTS,
    STOP_WORDS,
    Token,
    canonical_events,
    content_words,
    keywords,
    one_family,
    tokens,
)

__all__ = [
    "ANSWERS_YES_OR_NO",
    "MOTION",
    "CAUSE_PHRASE",
    "CLAIM_THAT",
    "COMPARATIVE",
    "DUE_TO",
    "EARLY",
    "FORMER",
    "ROLE_ENDED",
    "GUESSED_SIZE",
    "HARM_WORDS",
    "IN_ERROR",
    "SAID_IN_ERROR",
    "NOT_YET",
    "STATED_THAT",
    "MIN_OVERLAP",
    "MIN_SHARED_WORDS",
    "STRICT_OVERLAP",
    "Conflict",
    "Sentence",
    "Value",
    "agent_said",
    "bare_numbers_said",
    "other_designation",
    "changed_from",
    "conflicts",
    "content_words",
    "covers",
    "dated_word",
    "extract_values",
    "find_conflict",
    "harm_of",
    "harms_denied",
    "someone_harmed",
    "is_dateline",
    "is_negated",
    "keywords",
    "names_a_thing",
    "name_present",
    "numbers_in",
    "roles_of",
    "same_subject",
    "split_sentences",
    "subject_words",
    "restates",
    "rival_cause_on_its_page",
    "rival_on_its_page",
    "same_cause",
    "supports",
    "values_agree",
]

#: Frame words a claim's value and a sentence's value must share for the frame to pick that value.
FRAME_SHARED = 2
#: Content words before a value that make its frame (a page's title or a footer before it are not).
FRAME_WORDS = 4
#: Two texts share a subject when they share at least this many subject words...
MIN_SHARED_WORDS = 2
#: ...making up at least this share of the smaller text's subject words.
MIN_OVERLAP = 0.5
#: A polarity conflict, or one between values that no event places, needs a closer match: this
#: share of the smaller text's subject words.
STRICT_OVERLAP = 0.75

#: Words that negate what they govern; *lack* too (``a lack of correlation`` denies a correlation).
_NEGATIONS = frozenset(
    {"not", "never", "no", "nor", "neither", "cannot", "none", "nobody", "nothing"}
    | {"lack", "lacks", "lacked", "lacking"}
)
_NUMBER_SIGN = re.compile(r"\.\s*\d")  # ``No. 5``: *number*, not a negation
#: Verbs that deny the act after them (``refused to approve``, ``declined to extend``); not *failed to*,
#: which a claim uses to say a thing fell short (*models failed to predict the pause*) as often as not.
_REFUSALS = frozenset("refuse refuses refused refusing decline declines declined declining".split())  # noqa: SIM905
#: A failure of a thing to do an act (``the failure of standby pump No. 1 to start``): the act denied
#: (a noun naming what did not happen, unlike the verb *failed to* above).
_FAILURE_TO_ACT = re.compile(
    r"\s+of\s+(?:[\w.'\u2019-]+\s+){1,6}?to\s+(?P<verb>(?!(?:a|an|the|its|their|his|her|about|around|some|record)\b)[a-z]{2,})\b"
)
_TO_ACT = re.compile(r"\s+to\s+(?P<verb>(?!(?:a|an|the|its|their|his|her|about|around|some|record)\b)[a-z]{2,})\b")
_SCOPE_WORDS = 8  # words a negation governs at most
_CLAUSE_BREAK = re.compile(
    r";|:\s|\s[\u2014\u2013]\s|\s--\s|,\s+(?:and|but|while|whereas|which|then|after|before|until|when)\b"
    r"|\s(?:after|before|while|whereas|until|then|following)\s"
)
_SCOPE_END = re.compile(rf"[,.]|{_CLAUSE_BREAK.pattern}")  # where a negation's clause ends
#: A subordinate clause opening a sentence, to its comma (``When the appeal passed its target in
#: February,``): what it dates is not what the main clause after it dates.
_OPENING_CLAUSE = re.compile(
    r"^\s*(?:When|Once|After|Before|While|Although|Though|Since|If|As\s+soon\s+as)\s[^,;]{3,}(?=,\s)"
)
#: A comma and an indefinite noun phrase after it: an apposition (``the Lantern Theatre, a listed
#: building opened in 1887``) where its clause has already said its own event.
_APPOSITION = re.compile(r",\s+(?:a|an)\s+(?=\w)")
_NOMINAL = re.compile(r"\b(?:of|for|to|about|towards?|from|until|since)\s+$", re.IGNORECASE)
_AND = re.compile(r"\s+and\s+(?=\w)")
_DESIGNATION = re.compile(r"\b([A-Z][a-z]+)\s+(\d+)\b")
_ROLE_AFFINITY = {"collect": "return"}  # for quantities: bringing samples back is returning them

#: A report of what was said (``An earlier version of this article stated that X``): whether the
#: report stands or is retracted, the sentence after it tells (:mod:`.stance`).
#: Adverbs that call a report an error (``incorrectly stated``, ``brochures wrongly give 1985``).
IN_ERROR = r"(?:incorrectly|wrongly|erroneously|mistakenly|falsely|inaccurately)"
#: A statement reported as made in error, as a correction notice does: ``incorrectly stated that X``,
#: ``An earlier version of this article said that X`` (a correction's set phrase).
SAID_IN_ERROR = re.compile(
    rf"\b(?:{IN_ERROR}|(?:an?|the)\s+(?:earlier|previous|original)\s+version(?:\s+of\s+(?:this|the|our)\s+"
    r"(?:article|story|report|piece|post|page|item))?(?:\s+also)?)"
    r"\s+(?=(?:stated|said|reported|claimed|wrote|suggested|asserted|implied)\s+that\s)",
    re.I,
)
#: A size guessed at, not measured (``must be 60 metres high``, ``must be about 6 metres long``): a
#: writer's estimate. (Not ``must be 18 or over``: a rule, which gives no size.)
GUESSED_SIZE = re.compile(
    r"\bmust\s+(?:be|have\s+been)\s+(?:about\s+|around\s+|like\s+|nearly\s+|easily\s+|at\s+least\s+|over\s+)?"
    r"(?P<size>[\d.,]+\s*-?[a-z]+|[a-z]+\s+[a-z]+)\s+(?:high|tall|long|wide|deep|thick|across)\b",
    re.IGNORECASE,
)
#: *Yes* or *No* opening an answer (an FAQ's, under its question).
ANSWERS_YES_OR_NO = re.compile(r"^\s*(?P<answer>yes|no)\b\s*[.,!;:\u2013\u2014-]", re.IGNORECASE)
#: A motion as minutes set it down, its number or its mover before it (``4.1 MOTION 1: "That the
#: board approves a revised opening date ...``, ``That the Board terminate the contract ...``,
#: ``Proposed: A. Lune   Seconded: B. Marsh "That ...``): a proposal, which the lines after it carry
#: or defeat.
MOTION = re.compile(
    r"^(?:[^\n]{0,80}?:\s*|[^\n]{0,160}?\s(?=[\"\u201c]That\s))?"  # a label, or who moved it before the quote
    r"[\"\u201c]?That\s+(?P<body>(?:the|this)\s+[A-Za-z][\w-]*(?:[ \t]+[A-Z][\w-]*)*)"
    r"\s+(?:\([a-z]\)\s*)?(?P<proposed>[a-z].*)$",  # (``That the Committee\n(a) approves ...;\n(b) ...``)
    re.DOTALL,
)
#: A denial true as of when it was written: in the perfect (``has not cancelled``, ``had not offered``)
#: or of what is to come (``said he would not be resigning``).
NOT_YET = re.compile(
    r"\b(?:has|have|had|will|would)\s+(?:not|never)\b|\b(?:hasn't|haven't|hadn't|won't|wouldn't)\b", re.IGNORECASE
)
#: A sentence saying that nobody came to harm, naming no one (``Nobody was injured.``, ``No-one was
#: hurt.``, ``1.3 There were no casualties.``, ``The town is fortunate that no one died``,
#: ``Thankfully, nobody was hurt``; not ``No crew were injured.``: passengers may have been).
_NOBODY_HARMED = re.compile(
    r"^\s*(?:\d+(?:\.\d+)*\s+)?(?:[^.;:]{0,80}?\bthat\s+|(?:fortunately|thankfully|luckily|miraculously),?\s+)?"
    r"(?:nobody|no-?one|no one)(?:\s+else)?\s+"
    r"(?:(?:was|were)\s+(?P<how>(?:seriously|badly|critically)\s+)?)?(?P<act>[a-z]+)\b"
    r"|^\s*(?:\d+(?:\.\d+)*\s+)?(?:there\s+(?:was|were)\s+)?no\s+(?P<grave>(?:serious|major|critical)\s+)?"
    r"(?P<loss>casualties|injuries|deaths|fatalities)\b",
    re.IGNORECASE,
)
#: The harms a denial may deny, by a word for each (*injured*, *hurt*; *killed*, *died*, *deaths*);
#: *casualties* are either.
#: Words of harm, and the harms they name.
HARM_WORDS = {
    "injured": {"injury"}, "hurt": {"injury"}, "injuries": {"injury"}, "wounded": {"injury"},
    "killed": {"death"}, "died": {"death"}, "dead": {"death"}, "deaths": {"death"}, "fatalities": {"death"},
    "casualties": {"injury", "death"},
}  # fmt: skip


def harms_denied(sentence: str, *, grave: bool = False) -> set[str]:
    """The harms a sentence denies anyone came to (``No-one was hurt.``: an injury), naming no
    one and nothing else; empty for any other sentence. A denial of grave harm only (``There were
    no serious injuries``) denies harm only where ``grave`` harm is asked."""
    denial = _NOBODY_HARMED.match(sentence)
    if denial is None or ((denial["how"] or denial["grave"]) and not grave):
        return set()
    return HARM_WORDS.get((denial["act"] or denial["loss"]).lower(), set())


_SOMEONE_HARMED = re.compile(
    r"^(?:Someone|Somebody)\s+(?:was\s+|were\s+)?(?P<how>(?:seriously|badly|critically)\s+)?(?P<act>[a-z]+)"
)


#: A death in other words (*lost their life*, *lost his life*).
_LOST_A_LIFE = re.compile(r"\blost\s+(?:his|her|their|its|a)\s+li(?:fe|ves)\b", re.I)


#: A claim that nobody came to a harm (*Nobody was killed in the hut fire*, *No one died*).
_NOBODY_CLAIMED = re.compile(
    r"^(?:nobody|no-?one|no one)(?=\s+(?:was\s+|were\s+)?(?:(?:seriously|badly|critically)\s+)?[a-z]+)", re.I
)


def someone_harmed(claim: str) -> str | None:
    """The claim a claim that nobody came to a harm denies (*Someone was killed in the hut fire*
    for *Nobody was killed in the hut fire*), or None for any other claim."""
    nobody = _NOBODY_CLAIMED.match(claim)
    someone = f"Someone{claim[nobody.end() :]}" if nobody else ""
    return someone if nobody and harm_of(someone)[0] else None


def harm_of(claim: str) -> tuple[set[str], bool, str]:
    """The harm a claim says someone came to, whether grave, and where or when (*Someone was
    seriously injured in the fire*: an injury, grave, *in the fire*); no harm for any other claim."""
    claim = _LOST_A_LIFE.sub("died", claim)  # *Someone lost their life*: died
    someone = _SOMEONE_HARMED.match(claim)
    if someone is None:
        return set(), False, ""
    return HARM_WORDS.get(someone["act"], set()), bool(someone["how"]), claim[someone.end() :]


STATED_THAT = re.compile(
    r"\b(?:stated|said|reported|claimed|wrote|suggested|asserted|alleged|held)"
    r"(?:,\s+[^,]{1,60},|\s+(?:in|on|last|earlier|at)\s+[^,.;]{1,30}?)?\s+that\s+"  # ``reported in October that``
    r"(?P<said>.+?)[.;]?$",  # ``reported, citing an unnamed source, that X``
    re.I,
)

#: A report named by its noun, then what it says (``the claim, repeated widely online, that X``,
#: ``the theory that X``, ``claims circulated on social media that X``): what the next sentence may dismiss.
CLAIM_THAT = re.compile(
    r"\b(?:claims?|theory|theories|rumou?rs?|suggestions?|allegations?|stor(?:y|ies))"
    r"(?:,\s+[^,]{1,80},|\s+(?:circulated|spread|surfaced|emerged|appeared)\b[^,.;]{0,80}?)?\s+that\s+(?P<said>.+?)[.;]?$",
    re.IGNORECASE,
)


@dataclass(frozen=True, slots=True)
class Conflict:
    """Why a sentence contradicts a claim.

    Attributes:
        kind: ``value`` (a date or quantity differs), ``negation`` (one says not) or ``denial``
            (one reports it only to call it an error: a correction).
        claim_value: the claim's value (``None`` for a negation).
        other_value: the sentence's differing value (``None`` for a negation).
        role: the events both values are about (may be empty).
    """

    kind: str
    claim_value: Value | None = None
    other_value: Value | None = None
    role: frozenset[str] = frozenset()

    def describe(self) -> str:
        """A short human reading: ``"July 20, 1968" vs "July 20, 1969" (land)``."""
        if self.kind == "denial":
            return "one source reports it only to call it an error"
        if self.kind == "negation" or self.claim_value is None or self.other_value is None:
            return "one source negates what the other states"
        about = f" ({', '.join(sorted(self.role))})" if self.role else ""
        return f'"{self.other_value.raw}" vs "{self.claim_value.raw}"{about}'


def negation_scope(text: str) -> frozenset[str]:
    """The content words a negation governs: from the first negating word to the end of its clause
    (at most :data:`_SCOPE_WORDS` words); empty when ``text`` is not negated."""
    for i, tok in enumerate(tokens(text)):
        if _negates(text, i, tok):
            stop = _SCOPE_END.search(text, tok.end)
            end = stop.start() if stop is not None else len(text)
            return frozenset(content_words(" ".join(text[tok.end : end].split()[:_SCOPE_WORDS])))
    return frozenset()


def _first_denied(text: str) -> str:
    """The first content word a negation governs, past a name (*run* of ``does not run on Sundays``,
    *deliver* of ``No HomeStack 10 was ever delivered``), or ``""``."""
    toks = tokens(text)
    for i, tok in enumerate(toks):
        if _negates(text, i, tok):
            for later in toks[i + 1 :]:
                words = content_words(later.surface)
                if words and not later.surface[0].isupper() and not later.surface[0].isdigit():
                    return words[0]
            return ""
    return ""


#: A change from one value to another: the first is what the thing was before.
_CHANGED = re.compile(
    r"\b(?:(?:mov|chang|ris|grow|fall|drop|increas|decreas|switch|rais|lower|cut|reduc|expand|upgrad|bump|jump|climb|"
    r"declin|extend|shrink)(?:e|es|ed|s|ing|en|n|ped|ping|ting)?|rose|grew|fell|went|shrank|goes|going)"
    r"\s+(?:[\w'\u2019]+\s+){0,6}?from\s+(?:(?:the|its|their)\s+)?(?:(?:current|present|existing|previous|former|"
    r"original)\s+)?(?:about\s+|around\s+)?$",
    re.IGNORECASE,
)


#: Words saying that someone's time in a role ended: ``served until March 2022``, ``was succeeded
#: by``, ``stepped down``, ``resigned`` (the candidates and the stance read them alike).
ROLE_ENDED = (
    r"until\s+(?:[A-Z][a-z]+\s+)?(?:\d{1,2}\s+)?(?:[A-Z][a-z]+\s+)?\d{4}|stepped down|resigned|retired|"
    r"from\s+(?:[A-Z][a-z]+\s+)?\d{4}\s+to\s+(?:[A-Z][a-z]+\s+)?\d{4}|"
    r"(?:was|were) succeeded by|left the (?:company|post|role|job|office)"
)
#: A word before a title saying its holder holds it no more: ``the former chief executive``.
FORMER = r"former|formerly|ex-|previous|retired|late"
#: *due to* naming a cause (``due to corrosion``), not a schedule (``due to be electrified in 2026``,
#: ``due to open next year``): a verb after it says when something is expected.
_SCHEDULED = (
    "be|open|close|start|begin|end|finish|arrive|leave|depart|return|retire|expire|launch|take|come|go|run|reopen|"
    "complete|resume|sign|vote|meet|appear"
)
DUE_TO = rf"due to(?!\s+(?:{_SCHEDULED})\b)"
#: Words saying something is yet to be done: planned, scheduled, expected (``A fifth season is
#: planned for July 2020``, ``is due to open in 2026``, ``the trust plans to dig``).
PLANNED = (
    rf"(?:is|are|was|were)\s+(?:planned|scheduled|proposed|expected|intended|due\s+to\s+(?:{_SCHEDULED}))|"
    r"(?:plans?|planned|intends?|intended)\s+to"
)


#: A figure set right later in the sentence (``... corrected this to £64.7 million``).
_CORRECTED_LATER = re.compile(
    r"\b(?:corrected|revised|amended)\s+(?:(?:this|it|that|the\s+\w+)\s+)?(?:down\s+|up\s+)?to\s+[\d$\u00a3\u20ac]",
    re.I,
)


def changed_from(text: str, start: int, end: int) -> bool:
    """Whether ``text[start:end]`` is where a change started (``moved from 7400 to 7401``, ``grew from
    3,000 to 5,200``, ``moved its headquarters from Randers to Aarhus``, a figure *corrected to* another
    after it); a figure is so even where
    the text does not say where it ended (``had already cut the scheme from 812 homes``), a name
    only before *to* (``increased radiative forcing from CO2, methane ...``: where it comes from)."""
    if _CORRECTED_LATER.search(text, end):
        return True  # ``initially gave the cost as £84.7 million; the newspaper corrected this to £64.7 million``
    if not _CHANGED.search(text, 0, start):
        return False
    return (
        re.match(r"\s+to\s+\S", text[end:]) is not None or re.match(r"[\d$\u00a3\u20ac]", text[start:end]) is not None
    )


def is_negated(text: str) -> bool:
    """Whether ``text`` is negated: ``not``, ``never``, ``no``, ``nor``, ``n't``, ``lack of``... --
    not by a fact box's field value (``Parking No``, ``Religion None``: capitalized inside the text),
    the abbreviation of *number* (``reference No. 70000438``), or a bound (``no more than 90``)."""
    return any(_negates(text, i, tok) for i, tok in enumerate(tokens(text)))


def _negates(text: str, i: int, tok: Token) -> bool:
    word = tok.lower.replace("\u2019", "'")
    if word in ("no", "none") and ((i > 0 and tok.surface[0].isupper()) or _NUMBER_SIGN.match(text, tok.end)):
        return word == "no" and _CELL_OF_NONE.match(text, tok.end) is not None  # ``No auction``: there is none
    if _BOUND_AFTER.match(text, tok.end):
        return False  # *no more than 90 nights*, *do not take more than 80 mg*: a bound, not a denial
    if word == "not" and _VALUE_AFTER.match(text, tok.end) and _VALUE_OR_COMMA_BEFORE.search(text, 0, tok.start):
        return False  # ``voted 5-2, not 6-1, to close it``: one value set against another, the act affirmed
    if word == "not" and _NOT_THIS_CAUSE.match(text, tok.end):
        return False  # ``was not cancelled for health reasons ... but because of flooding``: the cause denied
    if word in _REFUSALS:  # ``refused to approve``, ``declined to extend``; not ``declined to 5 million``
        act = _TO_ACT.match(text, tok.end)
        return act is not None and act["verb"].lower() not in NUMBER_WORDS
    if word in ("failure", "failures"):  # ``the failure of standby pump No. 1 to start automatically``
        act = _FAILURE_TO_ACT.match(text, tok.end)
        return act is not None and act["verb"].lower() not in NUMBER_WORDS
    return word in _NEGATIONS or word.endswith("n't")


#: After *not*, an act and a cause, then *but* and another cause: the first cause is denied, not the act.
_NOT_THIS_CAUSE = re.compile(
    r"\s+\w+\s+(?:for|because|caused\s+by|due\s+to|owing\s+to|over)\b[^.;]*?"
    r"\bbut\s+(?:because|caused\s+by|due\s+to|owing\s+to|for|as\s+a\s+result\s+of)\b",
    re.I,
)
#: A figure right after *not*, and a figure or a comma right before it: a contrast of values.
_VALUE_AFTER = re.compile(r"\s+[$\u00a3\u20ac]?\d")
_VALUE_OR_COMMA_BEFORE = re.compile(r"(?:,|\d[\w%.]*)\s*$")


#: After a capitalized *No* in a table's cell or a fact box: a common noun, what there is none of
#: (``auction No auction``), not the next field's label (``Parking No Other information``).
_CELL_OF_NONE = re.compile(r"\s+[a-z][a-z-]+\b")


#: What turns a negation into a bound on the number after it (:mod:`.values` reads the bound).
_BOUND_AFTER = re.compile(r"\s+(?:\w+\s+)?(?:more|fewer|less)\s+than\s+(?:\w+\s+)?[\d£$€]|\s+exceeding\b", re.I)


#: A word that compares (``fewer`` than, ``larger`` than, ``busier`` than).
COMPARATIVE = (
    r"(?:more|less|fewer|greater|larger|smaller|bigger|higher|lower|older|younger|longer|shorter|[a-z]{3,}ier)"
)
#: An editor's marker in a wiki's text (``[citation needed]``, ``[update]``, ``[12]``): no word of it.
_EDITORIAL = re.compile(r"\[\s*(?:[a-z]+ needed|update|edit|when\?|who\?|which\?|by whom\?|\d+)\s*\]", re.IGNORECASE)


@lru_cache(maxsize=4096)
def subject_words(text: str) -> frozenset[str]:
    """Content words of ``text`` without its dates and quantities (names stay: they are the subject)
    or an editor's markers (``[citation needed]``)."""
    blanked = list(_EDITORIAL.sub(lambda m: " " * len(m.group()), text))
    for value in extract_values(text):
        if value.dimension != "name" and not _titled(value.raw):
            blanked[value.start : value.end] = " " * (value.end - value.start)
    return frozenset(content_words("".join(blanked)))


def _titled(raw: str) -> bool:
    """A quantity spelled in capitalized words is a title's (*Six Feet Under*, *Three Rivers*): a name."""
    words = raw.split()
    return len(words) >= 2 and all(w[:1].isupper() for w in words) and not any(ch.isdigit() for ch in raw)


def _designations(text: str) -> dict[str, set[str]]:
    found: dict[str, set[str]] = {}
    for m in _DESIGNATION.finditer(text):
        if m.group(1) in MONTH_NAMES or m.group(1).lower() in HOW_MANY:
            continue  # (``About 430 people``: how many, not *Apollo 11*)
        found.setdefault(m.group(1), set()).add(m.group(2))
    return found


def _overlap(a: str, b: str) -> tuple[int, float]:
    wa, wb = subject_words(a), subject_words(b)
    if not wa or not wb:
        return 0, 0.0
    shared = len(wa & wb) + sum(1 for w in wa - wb if any(_compound_of(w, v) for v in wb - wa))
    return shared, shared / min(len(wa), len(wb))


#: The least letters of a compound's head, and of what comes before it (*foot*-*bridg*).
_HEAD_LEAST, _MODIFIER_LEAST = 5, 3


def _compound_of(a: str, b: str) -> bool:
    """Whether one word is a compound ending in the other (*footbridge* and *bridge*, *landslide* and
    *slide*): the same thing, named more or less closely."""
    short, long = sorted((a, b), key=len)
    return len(short) >= _HEAD_LEAST and len(long) - len(short) >= _MODIFIER_LEAST and long.endswith(short)


def same_subject(a: str, b: str, *, min_overlap: float = MIN_OVERLAP) -> bool:
    """Whether ``a`` and ``b`` are about the same thing (see the module docstring for the rule)."""
    da, db = _designations(a), _designations(b)
    for head in da.keys() & db.keys():
        if not da[head] & db[head]:
            return False  # Apollo 11 vs Apollo 12
    shared, ratio = _overlap(a, b)
    return shared >= MIN_SHARED_WORDS and ratio >= min_overlap


def _clauses(text: str) -> list[tuple[int, int]]:
    cuts = {m.start() for m in _CLAUSE_BREAK.finditer(text)}
    event_starts = {start for _, start, _ in canonical_events(text)}
    opening = _OPENING_CLAUSE.match(text)
    if opening is not None:  # ``When the appeal passed its target in February, we told you ...``
        cuts.add(opening.end())
    for m in _APPOSITION.finditer(text):  # ``a fire broke out in the Lantern Theatre, a building opened in 1887``
        if any(max((c for c in cuts if c < m.start()), default=0) <= s < m.start() for s in event_starts):
            cuts.add(m.start())
    for m in _AND.finditer(text):  # ``and four died``, ``and that 30 died``: another clause
        if (
            m.end() in event_starts
            or re.match(r"\w+(?:ed|ing)\b|that\s", text[m.end() :])
            or FATE_COUNT.match(text, m.end())
        ):
            cuts.add(m.start())
    bounds = [0, *sorted(cuts), len(text)]
    return list(itertools.pairwise(bounds))


def _clause_of(text: str, value: Value) -> tuple[int, int]:
    """Where the clause of ``text`` holding ``value`` starts and ends (the whole text where none does)."""
    return next(((s, e) for s, e in _clauses(text) if s <= value.start < e), (0, len(text)))


def _verbal_events(text: str) -> list[tuple[str, int, int]]:
    """Events that are what a clause reports, not its purpose (``the goal of landing``, ``to land``)."""
    return [e for e in canonical_events(text) if not _NOMINAL.search(text[max(0, e[1] - 12) : e[1]])]


def roles_of(text: str) -> dict[tuple[int, int], frozenset[str]]:
    """For each value span of ``text``, the events named in its clause."""
    clauses = _clauses(text)
    events = _verbal_events(text)
    roles: dict[tuple[int, int], frozenset[str]] = {}
    for value in extract_values(text):
        for start, end in clauses:
            if start <= value.start < end:
                roles[(value.start, value.end)] = frozenset(e for e, s, _ in events if start <= s < end)
                break
    return roles


@dataclass(frozen=True, slots=True)
class _Stated:
    value: Value
    role: frozenset[str]
    frame: frozenset[str]  # what the words before it say the value is of (see :func:`_frames`)


@lru_cache(maxsize=4096)
def _facts(text: str) -> tuple[tuple[_Stated, ...], tuple[Value, ...]]:
    """The comparable values of ``text`` with their roles and frames, and its names."""
    roles = roles_of(text)
    values = extract_values(text)
    # a dateline (``CORRINTH, 18 January - The court has dismissed ...``) dates the report, unless the
    # report says it happened that day (``... the ferry resumed today``)
    told_later = _SAME_DAY.search(text) is None
    amounts = [v for v in values if v.dimension != "name" and not (told_later and is_dateline(text, v))]
    frames = _frames(text, values, amounts)
    facts = tuple(_Stated(v, roles.get((v.start, v.end), frozenset()), f) for v, f in zip(amounts, frames, strict=True))
    return facts, tuple(v for v in values if v.dimension == "name")


def _frames(text: str, values: list[Value], amounts: list[Value]) -> list[frozenset[str]]:
    """Each value's *frame*: the last :data:`FRAME_WORDS` content words before it in its clause, since
    the value before it, leaving out names -- what the sentence says the value is of, not whose it is.
    ``The crossing takes 25 minutes and the ferry runs every 40 minutes``: {crossing, take} for 25
    minutes, {ferry, run} for 40; ``introduced in the Independent State of Croatia on 26 July 1941``:
    {introduce}."""
    blanked = list(text)
    for value in values:
        blanked[value.start : value.end] = " " * (value.end - value.start)
    plain = "".join(blanked)
    clauses = _clauses(text)
    frames: list[frozenset[str]] = []
    previous_end = 0
    for value in amounts:
        clause_start = next((s for s, e in clauses if s <= value.start < e), 0)
        before = content_words(plain[max(clause_start, previous_end) : value.start])
        frames.append(frozenset(before[-FRAME_WORDS:]))
        previous_end = value.end
    return frames


def _framed_alike(fact: _Stated, others: list[_Stated]) -> list[_Stated]:
    """Of ``others`` -- a sentence's values of ``fact``'s dimension in its role -- the one whose frame
    shares the most words with ``fact``'s, at least :data:`FRAME_SHARED` and more than every other;
    else all of them. A value is compared with what the sentence says of the same thing (``the
    crossing takes 40 minutes`` with *The crossing takes 25 minutes*, not with *the ferry runs every
    40 minutes*); one shared word is too little to tell (*1992 births ... 2020*: *births* frames both)
    but where it frames one value alone (*paid £84,500* and ``was paid a total of £48,500 ... the
    survey (£31,200)``)."""
    if len(others) < 2:
        return others
    shared = [len(fact.frame & o.frame) for o in others]
    best = max(shared)
    if shared.count(best) > 1 or (best < FRAME_SHARED and sorted(shared)[-2] > 0):  # (all 0: a tie)
        return others
    return [others[shared.index(best)]]


def _same_role(fact: _Stated, other: _Stated) -> bool:
    """Whether two values are said in the same role: of the same event, or -- an amount the claim
    says of no event -- framed by the same words (*the contract was worth £2.1 million* and
    ``awarded Brightplate a contract, worth £1.86 million``: the contract's worth, whatever the
    sentence's verb)."""
    if _role(fact) == _role(other):
        return True
    return not fact.role and fact.value.dimension != "time" and len(fact.frame & other.frame) >= FRAME_SHARED


def _role(stated: _Stated) -> frozenset[str]:
    if stated.value.dimension == "time":
        return stated.role
    return frozenset(_ROLE_AFFINITY.get(r, r) for r in stated.role)


def _agent_conflict(claim: str, sentence: str) -> Conflict | None:
    """The claim and the sentence name different agents of one event (see the module docstring)."""
    for event, names, others in _named_apart(claim, sentence, _agents_of(claim), _agents_of(sentence)):
        return Conflict("value", names[0], others[0], frozenset({event}))
    return _cause_conflict(claim, sentence) or _place_conflict(claim, sentence)


def _named_apart(
    claim: str, sentence: str, mine: Mapping[str, list[Value]], theirs: Mapping[str, list[Value]]
) -> Iterator[tuple[str, list[Value], list[Value]]]:
    """For each event (or placing) both texts give names for, the two lists of names, where neither
    text names any of the other's (``founded by Solberg and Kessler`` names both: no conflict)."""
    for key, names in mine.items():
        others = theirs.get(key, [])
        if others and not _names_one(names, _facts(sentence)[1]) and not _names_one(others, _facts(claim)[1]):
            yield key, names, others


def _place_conflict(claim: str, sentence: str) -> Conflict | None:
    """The claim and the sentence place one thing in different towns by the same word, one that
    allows one place only (``is headquartered in Bergen`` against ``headquartered in Trondheim``;
    ``born in Lyon`` against ``born in Nantes``; not *studied in*): neither text names the other's
    place, and neither place is a region that could hold the other (*born in France* and *born in
    Lyon* can both be true: :mod:`.regions`)."""
    for word, places, others in _named_apart(claim, sentence, _places_of(claim), _places_of(sentence)):
        if not any(is_region(p.raw) for p in [*places, *others]):
            return Conflict("value", places[0], others[0], frozenset({word}))
    return None


#: A place after *in* / *at* and the content word before it (``headquartered in``, ``born at``).
_PLACED_BY = re.compile(r"\b([a-z][\w-]*)\s+(?:in|at)\s+(?:the\s+)?$")
#: Words that place a thing in one place only, as :func:`~.words.content_words` writes them: where
#: it was born, died, was buried, founded, or is based or located (one may study or live in many).
_ONE_PLACE = frozenset(content_words("born died buried founded headquartered based located situated seated"))
#: Words of one placing, as one (a company *based in* a town is *headquartered* there).
_SAME_PLACING = {w: "headquarter" for w in content_words("based seated")} | {content_words("situated")[0]: "locat"}
#: A town written before *-based* (``the Bergen-based bakery group``): based in it.
_BASED = re.compile(r"\b([A-Z][\w'\u2019]*)-based\b")


@lru_cache(maxsize=4096)
def _places_of(text: str) -> Mapping[str, list[Value]]:
    """The names ``text`` places something in, by the word before their *in* / *at* when that word
    allows one place only (:data:`_ONE_PLACE`)."""
    out: dict[str, list[Value]] = {}
    for name in _facts(text)[1]:
        placed = _PLACED_BY.search(text[: name.start])
        words = content_words(placed.group(1)) if placed else []
        if words and words[0] in _ONE_PLACE:
            out.setdefault(_SAME_PLACING.get(words[0], words[0]), []).append(name)
    for based in _BASED.finditer(text):
        town = Value("name", based.group(1), based.start(1), based.end(1), "name")
        out.setdefault("headquarter", []).append(town)
    return out


def _cause_conflict(claim: str, sentence: str) -> Conflict | None:
    """The claim and the sentence give one event different causes, each a thing, not a name (``sunk
    by a storm`` against ``was sunk by a German mine``, ``sank ... after striking a mine``): neither
    text names the other's cause (``sunk by a mine during a storm`` names both)."""
    mine, theirs = _causes_of(claim), _causes_of(sentence)
    for event, cause in mine.items():
        other = theirs.get(event)
        if other is None or _share_a_family(cause.words, other.words):
            continue  # (``Seepage through the shale`` and ``water seeping through a weak layer``: one cause)
        if cause.words <= set(content_words(sentence)) or other.words <= set(content_words(claim)):
            continue
        return Conflict("value", cause, other, frozenset({event}))
    return None


def _share_a_family(a: frozenset[str], b: frozenset[str]) -> bool:
    """Whether two sets of words share one, or two words of one family (*seepage*, *seep*)."""
    return bool(a & b) or any(one_family(x, y) or one_family(y, x) for x in a for y in b)


def same_cause(claim: str, sentence: str) -> bool:
    """Both give one event a cause and the causes share a word (``was sunk by a German mine`` and
    ``sank ... after striking a mine``): the sentence states the claim's cause."""
    theirs = _causes_of(sentence)
    return any(event in theirs and cause.words & theirs[event].words for event, cause in _causes_of(claim).items())


@dataclass(frozen=True, slots=True)
class _Cause(Value):
    words: frozenset[str] = frozenset()


#: What follows an event to give its cause, within its clause: the thing that did it (*sunk by a
#: German mine*), or what was done or came before it (*sank ... after striking a mine*, *closed for
#: repairs after a water leak*); ``thing`` is the cause, up to three words.
CAUSE_PHRASE = re.compile(
    r"\s+(?:[^\s.;,]+\s+){0,12}?(?:by\s+(?:a|an|the)\s+|(?:after|following)\s+(?:[a-z]+ing\s+(?:(?:a|an|the)\s+)?|(?:a|an|the)\s+))"
    r"(?P<thing>(?:(?!that\b|which\b|who\b|in\b|on\b|at\b|during\b)[\w-]+\s*){1,3})"
)


@lru_cache(maxsize=4096)
def _causes_of(text: str) -> Mapping[str, _Cause]:
    """For each event ``text`` reports, the thing it says did it or came before it (see
    :func:`_cause_conflict`)."""
    out: dict[str, _Cause] = {}
    for event, _, end in _verbal_events(text):
        found = CAUSE_PHRASE.match(text, end)
        if found is None or event in out:
            continue
        thing = found.group("thing").strip()
        words = frozenset(content_words(thing))
        if words:
            out[event] = _Cause("cause", thing, found.start("thing"), found.end("thing"), "cause", words=words)
    for caused in _CAUSED_BY.finditer(text):  # ``The outbreak was caused by Salmonella Enteritidis``
        _add_cause(out, _head_of(caused["what"]), caused, "thing")
    for causing in _CAUSED_IT.finditer(text):  # ``A gritting tractor driven onto the deck caused the collapse``
        _add_cause(out, causing["what"], causing, "thing")
    return out


def _add_cause(out: dict[str, _Cause], what: str, m: re.Match[str], group: str) -> None:
    """Record the cause ``m`` gives a thing caused (``what``: its noun), unless one is known."""
    words = frozenset(content_words(m[group]))
    event = f"cause:{' '.join(content_words(what)[-1:])}"
    if words and event != "cause:" and event not in out:
        out[event] = _Cause("cause", m[group].strip(), m.start(group), m.end(group), "cause", words=words)


def _head_of(phrase: str) -> str:
    """The noun a phrase is about: the last word before its first *of* (``The partial collapse of the
    car park in February``: *collapse*), else its last word."""
    before = re.split(r"\s+of\s+", phrase.strip(), maxsplit=1)[0]
    words = before.split()
    return words[-1] if words else ""


#: A thing said to be caused by another (``The outbreak was caused by Salmonella Enteritidis in ...``):
#: the thing caused (its noun) and its cause, up to three words, not its place or time.
_CAUSED_BY = re.compile(
    r"(?P<what>\b[a-z][\w-]*(?:\s+of\s+[^,;.]{1,80}?)?)\s+(?:was|were|had\s+been|has\s+been)\s+(?:[a-z]+ly\s+)?"
    r"caused\s+by\s+(?:an?\s+|the\s+)?"
    r"(?P<thing>(?:(?!(?:that|which|who|in|on|at|during|from|after|before|and)\b)[\w.-]+\s*){1,3})",
    re.I,
)
#: A thing said to cause another, as the subject of *caused* (``a council gritting tractor driven onto
#: the top deck caused the car park collapse``): its words up to a participle, a preposition or a
#: comma (at most three), and the noun it caused, ending its object.
_CAUSED_IT = re.compile(
    r"^\s*(?:(?:an?|the)\s+)?(?P<thing>[\w-]+\s+(?:(?!(?:\w+ed|\w+en|onto|on|in|at|by|from|with|through|under|beneath|"
    r"across|over|into|near|behind|of|that|which|who|was|were)\b)"
    r"[\w-]+\s+){0,2})(?:[^,;.]{0,60}?\s)?(?<!was\s)(?<!were\s)(?<!been\s)(?<!be\s)caused\s+(?!by\b)"
    r"(?:the\s+|a\s+|an\s+)?(?:[\w'-]+\s+){0,4}?(?P<what>[a-z][\w-]*)\b"
    r"(?=\s*(?:[.;,]|$|\s+(?:in|on|at|of|to|and|when|after)\b))",
    re.I,
)


def _names_one(names: list[Value], among: tuple[Value, ...]) -> bool:
    """Whether a name of ``among`` is one of ``names`` (by its last word: *Solberg* ~ *Ingrid Solberg*)."""
    last = {_last_word(n) for n in names}
    return any(_last_word(n) in last for n in among)


def _last_word(name: Value) -> str:
    words = tokens(name.raw)
    return re.sub(r"['\u2019]s$", "", words[-1].lower) if words else ""


@lru_cache(maxsize=4096)
def _agents_of(text: str) -> Mapping[str, list[Value]]:
    """Who did each event ``text`` reports: the name right before its verb (``Ingrid Solberg founded``)
    or after *by* in its clause (``was founded in 1896 by the brewer Anton Kessler``). Cached: a
    claim is compared with every sentence a tally reads."""
    names = _facts(text)[1]
    clauses = _clauses(text)
    out: dict[str, list[Value]] = {}
    for event, start, end in _verbal_events(text):
        if event in _DONE_BY_MANY:
            continue  # ``Oskar Brandt resigned`` is no rival of *Ilse Varga resigned*: both may have
        clause_end = next((e for s, e in clauses if s <= start < e), len(text))
        by = _BY_AGENT.match(text, end, clause_end)
        for name in names:
            active = not text[name.end : start].strip() and name.end <= start
            passive = by is not None and name.start == by.end()
            if active or passive:
                out.setdefault(event, []).append(name)
    return out


#: Events many do, each on their own account (a resignation, an alarm sounding): two names doing one
#: are no rival answers to who did it.
_DONE_BY_MANY = frozenset({"resign", "sound"})
#: What stands between a passive verb and its agent: ``founded in 1896 by the brewer and amateur astronomer``.
_BY_AGENT = re.compile(
    r"(?:\s+(?:in|on)\s+[\w ,]{1,20}?)?\s+by\s+(?:(?:the|a|an|his|her|its|their)\s+)?(?:[a-z][\w-]*\s+){0,4}"
)


def name_present(name: Value, text: str) -> bool:
    """Whether ``text`` names ``name`` (by its last word: ``Neil Armstrong`` ~ ``Armstrong's``)."""
    words = tokens(name.raw)  # the last word as a token: ``Walley-Beckett`` -> ``beckett``
    if not words:
        return False
    key = re.sub(r"['\u2019]s$", "", words[-1].lower)
    return any(re.sub(r"['\u2019]s$", "", t.lower) == key for t in tokens(text))


def supports(claim: str, sentence: str) -> bool:
    """Whether ``sentence`` states what ``claim`` states (see the module docstring)."""
    if is_negated(claim) != is_negated(sentence):
        return False
    mine = subject_words(claim)
    if not same_subject(claim, sentence) and not (mine and mine <= subject_words(sentence)):
        return False  # a short claim (*Do not store above 25 °C*) is about what holds all its words
    if not bare_numbers_said(claim, sentence):
        return False  # ``port 7401`` is not stated by ``port 7400``; nor *was 1,294 at the 2010 census* by *5,000*
    claim_facts, claim_names = _facts(claim)
    other_facts, _ = _facts(sentence)
    for fact in claim_facts:
        placed = [
            o
            for o in other_facts
            if o.value.dimension == fact.value.dimension and (not fact.role or not o.role or _role(fact) & _role(o))
        ]
        if not any(covers(fact.value, other.value) for other in _framed_alike(fact, placed)):
            return False
    present = sum(name_present(n, sentence) for n in claim_names)
    if claim_facts or same_cause(claim, sentence):
        return present >= len(claim_names) // 2
    # no value to check: the sentence must say most of what the claim says, and who or what did it
    # (*started by lightning* is not said by *an inquiry into the causes of the fire*)
    theirs = subject_words(sentence)
    said = present == len(claim_names) and len(mine & theirs) >= STRICT_OVERLAP * len(mine)
    return said and agent_said(claim, theirs)


#: The agent of a passive (``started by lightning``, ``brought down by crowd resonance``): up to three words.
_AGENT = re.compile(
    # not how a thing is known (*measured by satellites*, *confirmed by observations*): its evidence, no agent
    r"\b(?!(?:measured|confirmed|shown|observed|documented|recorded|reported|supported|verified|demonstrated|"
    r"estimated|calculated|detected|indicated|suggested|predicted|projected|seen)\b)"
    rf"(?:[a-z]+ed|[a-z]+en|{PAST_ACTS}|run|set|hit|shut|put)"
    r"(?:\s+(?:out|up|off|down|over|away|back))?\s+by\s+(?:(?:a|an|the)\s+)?"
    r"((?:(?!(?:of|from|in|at|on|during|with|and|or|that|which|who)\b)[\w-]+\s*){1,3})"
)


#: Whom a thing was passed to (``was sold to a housing association``): who got it is what is claimed,
#: as much as who did it.
_RECIPIENT = re.compile(
    r"\b(?:sold|given|handed(?:\s+over)?|transferred|leased|awarded|granted|donated|lent|loaned|let)\s+"
    r"to\s+(?:(?:a|an|the)\s+)?((?:(?!(?:of|from|in|at|on|as|for|during|with|and|or|that|which|who)\b)[\w-]+\s*){1,3})"
)


def agent_said(claim: str, words: frozenset[str]) -> bool:
    """Whether ``words`` hold a word of each agent the claim names -- the one its passive act is done
    by, not one a participle names to say which things it means (*for the families affected by the
    collapse*) -- and of whom it says a thing was passed to (up to three words: *crowd resonance*, *a
    ransomware attack*, *a housing association*; none: True)."""
    agents = [
        m.group(1)
        for m in _AGENT.finditer(claim)
        if not (_QUALIFIED_NOUN.search(claim, 0, m.start()) and _HARMED.match(claim, m.start()))
    ]
    agents += [m.group(1) for m in _RECIPIENT.finditer(claim)]
    return all(set(content_words(agent)) & words for agent in agents)


#: A noun phrase right before a participle of harm, no verb between (*for the families affected by
#: the collapse*): the participle says which ones it means, and its *by* names no agent of the claim's
#: act (not *the models used by the IPCC*: who used them is part of what is claimed).
_QUALIFIED_NOUN = re.compile(
    r"\b(?:the|a|an|those|these|all|any|its|their|his|her|our)\s+(?:[\w'-]+\s+){0,2}?"
    r"(?!(?:is|are|was|were|be|been|being|has|have|had|get|gets|got)\s)[\w'-]+\s+$",
    re.I,
)
_HARMED = re.compile(r"(?:affected|hit|hurt|injured|killed|displaced|bereaved|impacted|harmed)\b", re.I)


def bare_numbers_said(claim: str, sentence: str) -> bool:
    """Whether the sentence says every number of the claim that no value holds (a port, a model
    number: ``7401``); a claim without such a number needs none."""
    blanked = list(claim)
    for value in extract_values(claim):
        blanked[value.start : value.end] = " " * (value.end - value.start)
    bare = numbers_in("".join(blanked))
    return not bare or bare <= numbers_in(sentence)


def other_designation(claim: str, sentence: str) -> bool:
    """Whether the sentence numbers a thing the claim numbers otherwise, and never with the claim's
    number (``came off the sheaves at tower 6`` against *came off at tower 7*): another of its kind."""
    said = numbers_in(sentence)
    for m in _DESIGNATED.finditer(claim):
        noun = m.group(1).lower()
        if m.group(2) in said or noun in STOP_WORDS or noun.endswith(("ed", "ing", "ly")):
            continue  # *aged 12*, *about 40*: a measure or a bound, no thing's number
        others = re.finditer(rf"\b{re.escape(m.group(1))}\s+(\d{{1,3}})\b(?![.,:/]?\d)", sentence, re.I)
        if any(other.group(1) != m.group(2) for other in others):
            return True
    return False


#: A thing numbered by a noun and a number (``tower 7``, ``pier 6``, ``gate 2``), the number not
#: counting a noun after it (*costs 5 euros*).
_DESIGNATED = re.compile(
    r"\b([a-z]{3,})\s+(\d{1,3})\b(?![.,:/]?\d)(?!\s+(?!(?:and|or|in|on|at|of|to|for|from|during|was|were|is)\b)[a-z])"
)


def restates(a: str, b: str) -> bool:
    """Whether one text states what the other states, either way round (one fact in two wordings)."""
    return supports(a, b) or supports(b, a)


#: A report's figure for an earlier period set in brackets after this period's (``61 per cent
#: (2023: 54 per cent)``, ``(prior year: 54 %)``): its year dates only the bracket's figure.
_PRIOR_PERIOD = re.compile(r"\(\s*(?:(?:1[89]|20)\d\d|(?:the\s+)?(?:prior|previous|last)\s+year)\s*:[^()]*\)", re.I)


#: *since* before a date: a state that began then and holds on (``has been adding it since 2018``).
_SINCE = re.compile(r"\bsince\s+$", re.I)


def _held_on_to(claim: str, fact: Value, sentence: str, other: Value) -> bool:
    """Whether ``other`` dates the start of a state that still held at ``fact``'s later date (*since
    2018* allows *in 2023*; not *in 2015*, nor the claim's own *since 2016*)."""
    return (
        _SINCE.search(sentence, 0, other.start) is not None
        and _SINCE.search(claim, 0, fact.start) is None
        and fact.year is not None
        and other.year is not None
        and fact.year > other.year
    )


#: A verb of announcing right before a date (*was announced in October 2017*, *named on 9 May*).
_ANNOUNCED = re.compile(r"\b(?:announced|named|unveiled|revealed|confirmed|agreed|signed)\s+(?:\w+\s+){0,2}$", re.I)


def _announced_before(claim: str, fact: Value, sentence: str, other: Value) -> bool:
    """Whether ``fact`` dates an announcement the claim reports and ``other`` the later start of a
    state (``since September 2018``): what was announced began after it was announced."""
    if _SINCE.search(sentence, 0, other.start) is None or _ANNOUNCED.search(claim, 0, fact.start) is None:
        return False
    if fact.year is None or other.year is None:
        return False
    return (fact.year, fact.month or 0) < (other.year, other.month or 13)


#: A year before a noun after an article (``the 2018 conference paper``): part of a thing's name.
_ARTICLE_BEFORE = re.compile(r"\b(?:the|a|an|its|his|her|their|this|that)\s+$", re.I)
_NOUN_AFTER = re.compile(r"\s+[a-z][a-z-]+\b(?<!\bto)(?<!\band)(?<!\bor)")


def names_a_thing(text: str, value: Value) -> bool:
    """Whether a year or a date is said as part of a thing's name (``the 2018 conference paper``,
    ``its March 2022 meeting``), not as when something happened."""
    return value.dimension == "time" and (
        (_ARTICLE_BEFORE.search(text, 0, value.start) is not None and _NOUN_AFTER.match(text, value.end) is not None)
        or (
            value.kind == "year"
            and _THING_FROM.search(text, 0, value.start) is not None
            and _ITS_VERB_AFTER.match(text, value.end) is not None
        )
    )


#: A thing and *from* before a year, its verb after (``the old stone hut from 1911 survived``): the year
#: says which thing it is (not ``the ferry sailed from 1998 to 2004``: no verb follows the year).
_THING_FROM = re.compile(r"\b(?:the|its|their|this|that)\s+(?:[a-z][\w-]*\s+){1,3}from\s+$", re.I)
_ITS_VERB_AFTER = re.compile(rf"\s+(?:[a-z]+ed|{PAST_ACTS}|is|was|were|are|has|had)\b")


def _names_another_of_a_series(claim: str, fact: Value, sentence: str, other: Value) -> bool:
    """Whether the claim and the sentence name two things of one noun by their years, one of them
    its text's subject (*The 2020 edition of the Open was cancelled* against ``from the 2024 edition
    ... onwards``; *Someone was killed in the 2017 eruption* against ``The 1911 eruption killed 14
    people``): two members of a series, not two dates of one. (Where neither is a subject, the years
    say which one each is about: *won the title in the 2019 season* against ``in the 2018 season``.)"""
    if not names_a_thing(sentence, other):
        return False
    if not _opens_its_clause(claim, fact) and not _opens_its_clause(sentence, other):
        return False
    mine, theirs = _NOUN_AFTER.match(claim, fact.end), _NOUN_AFTER.match(sentence, other.end)
    return mine is not None and theirs is not None and mine.group().strip().lower() == theirs.group().strip().lower()


def _opens_its_clause(text: str, value: Value) -> bool:
    """Whether the value stands right after its clause's opening article (``The 1911 eruption``,
    ``; the 1978 eruption``): it names the clause's subject."""
    return len(re.split(r"[;:]", text[: value.start])[-1].split()) <= 1


#: A page's copyright notice (``\u00a9 2024 Brannock Valley Mountain Rescue.``, ``Copyright 2023 ...``).
_NOTICE = re.compile(r"\s*(?:\u00a9|\(c\)\s|copyright\b)", re.I)


def find_conflict(claim: str, sentence: str) -> Conflict | None:
    """How ``sentence`` contradicts ``claim``, or ``None`` (see the module docstring)."""
    occasion = _DONE_DURING_AN_OCCASION.search(claim)  # *stolen during an open day in April 2018*: when, not what
    bare = claim[: occasion.start()] + claim[occasion.end() :] if occasion is not None else claim
    if _NOTICE.match(sentence) or not (same_subject(claim, sentence) or same_subject(bare, sentence)):
        return None  # ``(c) 2024 Brannock Valley Mountain Rescue.``: when a page was written, no fact of its own
    strict = same_subject(claim, sentence, min_overlap=STRICT_OVERLAP) or (
        occasion is not None and same_subject(bare, sentence, min_overlap=STRICT_OVERLAP)
    )
    timed = _TIME_CLAUSE.search(claim)  # *were on board when the slope gave way*: when, not what was counted
    counted_alike = strict or (
        timed is not None and same_subject(claim[: timed.start()], sentence, min_overlap=STRICT_OVERLAP)
    )
    claim_facts, _ = _facts(claim)
    other_facts = _facts_said(sentence)
    unsaid = _said_in_error(claim)  # a correction's report of the error: not what the correction says
    claim_facts = tuple(f for f in claim_facts if not any(a <= f.value.start < b for a, b in unsaid))
    if not any(names_a_thing(claim, f.value) for f in claim_facts):  # ``the 2018 conference paper``: a thing's name
        other_facts = tuple(o for o in other_facts if not names_a_thing(sentence, o.value))
    for fact in claim_facts:
        same_dim = [o for o in other_facts if o.value.dimension == fact.value.dimension]
        started = [o for o in same_dim if changed_from(sentence, o.value.start, o.value.end)]
        if not changed_from(claim, fact.value.start, fact.value.end) and not any(
            values_agree(fact.value, o.value) for o in started
        ):  # ``raised it from 4,800 to 11,500 tonnes``: where a change started is no rival of where it ended
            same_dim = [o for o in same_dim if o not in started]
        same_role = [o for o in same_dim if _same_role(fact, o)]
        if len(same_role) > 1:  # several values in the claim value's role: the one said of the same thing
            alike = _framed_alike(fact, same_role)
            same_dim = [o for o in same_dim if o not in same_role or o in alike]
        if any(values_agree(fact.value, o.value) and _same_role(fact, o) for o in same_dim):
            continue
        for other in same_dim:
            if not _same_role(fact, other) or values_agree(fact.value, other.value) is not False:
                continue
            if names_a_thing(claim, fact.value) and not names_a_thing(sentence, other.value):
                continue  # *fined ... over the 2022 breach*: the breach's year, not the fine's ``12 September 2023``
            if names_a_thing(claim, fact.value) and _names_another_of_a_series(
                claim, fact.value, sentence, other.value
            ):
                continue  # *the 2020 edition* and ``the 2024 edition``: two editions, no rival years of one
            if _per_item(claim, fact.value) != _per_item(sentence, other.value):
                continue  # *six turbines rated at 3.4 MW each*: not the farm's ``20.4 MW``
            if _rate_of(claim, fact.value) != _rate_of(sentence, other.value):
                continue  # *2 million tons per year*: not ``10 tons per hectare each year``
            if _parts_of_the_other(claim, fact.value, other.value) or _parts_of_the_other(
                sentence, other.value, fact.value
            ):
                continue  # *five were taken to X and two to Y*: parts of ``Seven people were injured``
            if _apart_in_a_change(claim, fact.value, sentence, other.value):
                continue  # *lowered from 44 m to 41 m*: not ``lowered by three metres``, the change's size
            if _held_on_to(claim, fact.value, sentence, other.value):
                continue  # ``has been adding it since 2018`` was still adding it in 2023
            if _announced_before(claim, fact.value, sentence, other.value):
                continue  # *her appointment was announced in October 2017*: ``music director since September 2018``
            if any(values_agree(f.value, other.value) and _role(f) == _role(other) for f in claim_facts):
                continue  # the claim states that value too, of another of the things it lists (*Edgar (born 1854)*)
            if not (fact.role or other.role) and not _clause_shares_words(sentence, other.value, claim):
                continue  # ``When the appeal passed its target in March, we said we hoped to reopen in 2026``
            if not fact.role and not _date_word_said(claim, fact.value, sentence):
                continue  # *the main that burst there was laid in 1973*: not ``the burst of 3 February 2024``
            if not (fact.role or other.role) and (  # (``touched down``: its event, *land*, says the act)
                _particle_unsaid(claim, fact.value, sentence) or _particle_unsaid(sentence, other.value, claim)
            ):
                continue  # *declared the outbreak over on 8 November*: not ``declared an outbreak on 12 October``
            # *no more than 90 nights* and *let a home for up to 120 nights*: one count, said of one thing
            close = counted_alike or (
                _counts_of_one_thing(fact.value)
                and len((fact.frame or _done_to(claim, fact.value)) & (other.frame | _done_to(sentence, other.value)))
                >= FRAME_SHARED
            )  # a count opening its clause (``27 ambulances were diverted``) is framed by what follows it
            # (a value both state, ``8 per cent`` in each, leaves the others a pair: ``81`` and ``76 per cent``)
            unpaired = [o for o in same_dim if not any(values_agree(f.value, o.value) for f in claim_facts)]
            alone = [
                f
                for f in claim_facts
                if f.value.dimension == fact.value.dimension and f not in _paired(claim_facts, other_facts)
            ]
            if not fact.role and (not close or len(unpaired) > 1 or len(alone) > 1):
                continue  # no event places either value: only a close, unambiguous pair is compared
            return Conflict("value", fact.value, other.value, _role(fact))
    agents = _agent_conflict(claim, sentence)
    if agents is not None:
        return agents
    claim_negated = is_negated(claim)
    said_as_fact = counted_alike and not _RULE_OR_PLAN.search(sentence)  # not ``every delivery must be supervised``
    if not (strict or said_as_fact) or claim_negated == is_negated(sentence):
        return None
    denial, affirmation = (claim, sentence) if claim_negated else (sentence, claim)
    if _first_denied(denial) not in subject_words(affirmation):
        return None  # ``because a clamp had not been torqued``: it denies another thing
    if all(any(values_agree(f.value, o.value) for o in other_facts) for f in claim_facts):
        return Conflict("negation")
    return None


#: A news report's opening place before its date (``Tarnby, ``, ``LONDON, Monday ``), and the
#: dash after the date (``6 February 2024 -``).
_DATELINE_PLACE = re.compile(r"^\s*[A-Z][\w'.-]*(?:\s+[A-Z][\w'.-]*){0,3}\s*,\s*(?:[A-Z][a-z]+day,?\s+)?$")
_DATELINE_DASH = re.compile(r"\s*(?:--?|\u2013|\u2014)\s")


#: A reference's date: after a quoted title and its comma, ending the line (``Vale Evening Post,
#: "Appeal passes target", 1 March 2024.``), or after the title and its paper (``"Psalter found",
#: *Caldreth Herald*, 3 March 2023.``).
_AFTER_A_TITLE = re.compile(
    r"[\"\u201d]\s*,\s*(?:[*_]*[A-Z][^,\"\u201d]{0,60}?[*_]*,\s*)?(?:(?:published|retrieved|accessed)\s+)?$",
    re.IGNORECASE,
)
_REFERENCE_END = re.compile(r"[\s.)\]]*$")


def _facts_said(sentence: str) -> tuple[_Stated, ...]:
    """The sentence's values that are facts it states: not a period before (``until 2019``), a guess,
    a report of an error, its dateline, or a cited source's date."""
    facts, _ = _facts(sentence)
    aside = [m.span() for m in _PRIOR_PERIOD.finditer(sentence)]
    aside += [m.span("size") for m in GUESSED_SIZE.finditer(sentence)]  # ``must be 60 metres high``: a guess
    aside += _said_in_error(sentence)
    aside += [(o.value.start, o.value.end) for o in facts if is_dateline(sentence, o.value)]  # when written
    aside += [(o.value.start, o.value.end) for o in facts if _cited_on(sentence, o.value)]  # when published
    return tuple(o for o in facts if not any(a <= o.value.start < b for a, b in aside))


def rival_cause_on_its_page(claim: str, sentence: str, page: str) -> Conflict | None:
    """Another cause the sentence gives the thing the claim gives a cause (:func:`_cause_conflict`),
    where it leaves to its page what the claim names: *The Calderbrook school meals outbreak was caused
    by E. coli O157* against ``The outbreak was caused by Clostridium perfringens`` on a page about that
    outbreak (read with the page, the sentence is about the claim's subject: :func:`same_subject`)."""
    if not page or not _about_it_on_its_page(claim, sentence, page):
        return None
    return _cause_conflict(claim, sentence)


def _about_it_on_its_page(claim: str, sentence: str, page: str) -> bool:
    """Whether the sentence, read with what its page says it is about, is about the claim's subject."""
    return same_subject(claim, f"{sentence} ({page})")


def rival_on_its_page(claim: str, sentence: str, page: str) -> Conflict | None:
    """Another value the sentence gives for the one amount the claim states, where it leaves to its
    page what the claim names: *14,600 passengers were affected by the Kestrelford runway closure*
    against ``a written submission ... stating that 19,300 passengers were affected`` in minutes
    about that closure. ``page`` is what the sentence's page says it is about (its title, its opening,
    the names it writes): read with the sentence, it must make the claim's subject
    (:func:`same_subject`). The sentence must give one value of the amount's kind (a count of the
    same thing, a sum, a volume -- not a date nor a span of time: a page's dates and spans are of many
    acts, *over the last 50 years*), the claim must state it (not deny it), and a word must say
    of both values what they are, on the same side of each (*affected* after both counts;
    *temperature* before ``41.3°C`` in ``the maximum temperature recorded ... was 41.3°C``), the
    counted thing and the names aside: ``three patients suffered moderate harm`` is no count of the
    19 patients transferred, nor ``fined £6,000 for paying cash`` a sum *paid ... in cash*."""
    amounts = [f for f in _facts(claim)[0] if f.value.dimension not in ("name", "time", "duration")]
    if len(amounts) != 1 or is_negated(claim) or _MAY_BE.search(sentence):
        return None  # (``may be the highest in 20 million years``: a possibility, no rival figure)
    if not _about_it_on_its_page(claim, sentence, page):
        return None
    (fact,) = amounts
    rivals = [o for o in _facts_said(sentence) if o.value.dimension == fact.value.dimension]
    if len(rivals) != 1 or values_agree(fact.value, rivals[0].value) is not False:
        return None
    (other,) = rivals
    if (
        _per_item(claim, fact.value) != _per_item(sentence, other.value)
        or changed_from(sentence, other.value.start, other.value.end)
        or numbers_in(other.value.raw) <= numbers_in(claim)  # *31 of the company's 52 routes*: 31 is said
        or _by_amount(claim, fact.value) != _by_amount(sentence, other.value)  # *raise prices by 11 cents*: a change
        or _rate_of(claim, fact.value) != _rate_of(sentence, other.value)  # *tons per year*, ``per hectare each year``
        or (_CHANGED_TO.search(claim, 0, fact.value.start) and _EARLY_WORD.search(sentence, 0, other.value.start))
    ):  # *later raised its estimate to 31,400 litres*: ``an initial estimate of 12,000 litres`` is where it began
        return None
    named = {w for text in (claim, sentence) for v in _facts(text)[1] for w in content_words(v.raw)}
    counted = set(content_words(fact.value.dimension.partition(":")[2]))
    said_of = (fact.frame & other.frame) | (_said_after(claim, fact.value) & _said_after(sentence, other.value))
    said_of -= counted | named | _PER_TIME  # ``tons per year``: how it is measured, not what of
    return Conflict("value", fact.value, other.value, _role(fact)) if said_of else None


#: A figure changed to the value right after (``raised its estimate of the fuel lost to``).
_CHANGED_TO = re.compile(
    r"\b(?:rais|revis|increas|lower|reduc|cut|upgrad|downgrad|correct|amend|adjust|put\s+up|brought\s+down)\w*"
    r"\b[^.;]{0,80}?\bto\s+(?:about\s+|around\s+|some\s+|nearly\s+|almost\s+)?$",
    re.I,
)
#: Words that make a report or a figure the first of several (``an initial estimate of``, ``the
#: original figure was``, ``early reports``).
EARLY = r"(?:initial|early|earliest|earlier|first|original|previous|preliminary|provisional)"
_EARLY_WORD = re.compile(rf"\b{EARLY}\b", re.I)


#: A possibility, not a statement: ``may be``, ``might have been``, ``could be``.
_MAY_BE = re.compile(r"\b(?:may|might|could)\s+(?:well\s+)?(?:have\s+)?be(?:en)?\b", re.I)


#: Words of time a rate is given per (``2 billion tons per year``, ``10 tons per hectare each year``).
_PER_TIME = frozenset(content_words("year years month months week weeks day days hour hours annual annually"))


def _cited_on(text: str, value: Value) -> bool:
    """Whether ``value`` is the date a reference gives its work (``..., "Title", 1 March 2024.``):
    when the work appeared, no date of what it reports."""
    return (
        value.dimension == "time"
        and _AFTER_A_TITLE.search(text, 0, value.start) is not None
        and _REFERENCE_END.match(text, value.end) is not None
    )


_SAME_DAY = re.compile(r"\b(?:today|tonight|this\s+(?:morning|afternoon|evening))\b", re.IGNORECASE)


def is_dateline(text: str, value: Value) -> bool:
    """Whether ``value`` is the date of a report's dateline (``Tarnby, 6 February 2024 - ...``):
    when the report was written, not a date of what it reports."""
    return (
        value.dimension == "time"
        and _DATELINE_PLACE.match(text[: value.start]) is not None
        and _DATELINE_DASH.match(text, value.end) is not None
    )


def _said_in_error(text: str) -> list[tuple[int, int]]:
    """The spans of ``text`` that report what was said in error, to their clause's end (``The
    earlier version also stated that the trial enrolled 30 patients; ...``)."""
    return [(m.end(), _report_end(text, m.end())) for m in SAID_IN_ERROR.finditer(text)]


def _report_end(text: str, at: int) -> int:
    """Where a report going on at ``at`` ends: a semicolon or a full stop."""
    end = _REPORT_END.search(text, at)
    return end.start() if end is not None else len(text)


_REPORT_END = re.compile(r";|\.(?:\s|$)")


def _clause_shares_words(text: str, value: Value, claim: str) -> bool:
    """Whether the clause of ``text`` holding ``value`` says any content word of the claim: one that
    says none is about something else than the claim, though its sentence is not."""
    start, end = _clause_of(text, value)
    clause = text[start : value.start] + text[value.end : end]
    return bool(set(content_words(clause)) & set(content_words(claim)))


def _parts_of_the_other(text: str, part: Value, whole: Value) -> bool:
    """Whether ``part`` is the first of counts of one thing its text splits by where or how, the
    others with their noun left out, which add up to ``whole`` (*Five injured persons were taken to
    A, and two to B* and ``Seven people were injured``): a part of the total, not its rival."""
    if part.kind != "count" or part.amount is None or whole.amount is None:
        return False
    rest = [parse_number(m["n"])[0] for m in _ELIDED_COUNT.finditer(text, part.end)]
    total = Value(whole.kind, whole.raw, 0, 0, whole.dimension, part.amount + sum(rest), whole.resolution)
    return bool(rest) and values_agree(total, whole) is True


#: A count whose noun is left to the count before it, before where or how those were
#: (``..., and two to Dunmere General Hospital``, ``, 3 in Keld``).
_ELIDED_COUNT = re.compile(
    rf"(?:,\s*|\s+)(?:and\s+|with\s+)?(?:the\s+(?:other|remaining)\s+)?(?P<n>{NUM}|{NUMWORD})"
    r"\s+(?:to|in|at|into|from|on|by|with|for|as)\b",
    re.I,
)


def _apart_in_a_change(claim: str, fact: Value, sentence: str, other: Value) -> bool:
    """Whether one value is the size of a change (``lowered the crest by three metres``) and the
    other where the change started or ended (``from 44 m to 41 m``): two parts of one change."""
    by = [_BY_AMOUNT.search(text, 0, v.start) is not None for text, v in ((claim, fact), (sentence, other))]
    if by[0] == by[1]:
        return False
    text, value = (sentence, other) if by[0] else (claim, fact)
    return changed_from(text, value.start, value.end) or _TO_AMOUNT.search(text, 0, value.start) is not None


#: What a value is given per, within a few words after it (``20 tons of carbon per hectare each year``).
_PER = re.compile(r"\b(?:per|each|every)\s+([a-z]+)\b", re.I)
_RATE_REACH = 40


def _rate_of(text: str, value: Value) -> frozenset[str]:
    """The stems of what a value is a rate per (``2 billion tons per year``: {year}); none for an amount."""
    after = text[value.end : min(_clause_of(text, value)[1], value.end + _RATE_REACH)]
    return frozenset(w for m in _PER.finditer(after) for w in content_words(m.group(1)) if w in _RATE_NOUNS)


#: What amounts are given per: time, and the measures of land, weight and volume.
_RATE_NOUNS = _PER_TIME | frozenset(
    content_words("head person capita hectare acre kilometre mile metre litre gallon tonne ton kilogram pound")
)


def _by_amount(text: str, value: Value) -> bool:
    """Whether the value is the size of a change (``raise prices by 11 cents``), not a level
    (``a price of 7.2 cents``)."""
    return _BY_AMOUNT.search(text, 0, value.start) is not None


_BY_AMOUNT = re.compile(r"\bby\s+(?:about\s+|some\s+|roughly\s+|around\s+|nearly\s+|almost\s+)?$", re.IGNORECASE)
_TO_AMOUNT = re.compile(r"\bto\s+(?:about\s+|some\s+|roughly\s+|around\s+|nearly\s+|almost\s+)?$", re.IGNORECASE)


#: The word a date is said of, before its preposition: *laid* of ``was laid in 1973``.
_DATED_WORD = re.compile(
    rf"([A-Za-z][\w-]*)\s+(?:{PARTICLE}\s+)?"  # ``switched off on``: of *switched*
    r"(?:in|on|of|during)\s+(?:(?:early|late|mid)-?\s*)?"
    r"(?:(?:Mon|Tues|Wednes|Thurs|Fri|Satur|Sun)day,?\s+)?$",  # ``the avalanches of Wednesday 17 January``
    re.I,
)


#: *each* right after a value and its unit (``3.4 MW each``), or a few words before it (``each with a
#: rated output of 3.0 MW``): a value said of every one of several things, not of them all.
_EACH_AFTER = re.compile(r"\s*(?:[\w-]+\s+)?(?:each|apiece)\b", re.I)
_EACH_BEFORE = re.compile(r"\b(?:each|apiece)\b(?:\s+[^\s,;]+){0,5}\s*$", re.I)


def _per_item(text: str, value: Value) -> bool:
    return bool(_EACH_AFTER.match(text, value.end) or _EACH_BEFORE.search(text, 0, value.start))


def _date_word_said(claim: str, value: Value, sentence: str) -> bool:
    """Whether the sentence says the word the claim's date (with no event placing it) is said of:
    a date of another act is no rival (*the trunk main was laid in 1973* and ``the trunk main burst
    of 3 February 2024``). A claim's date said of no word, or of a stop word, needs none."""
    if value.dimension != "time":
        return True
    word = dated_word(claim, value)
    if word is None or word in content_words(sentence):
        return True
    during = _DONE_DURING.search(claim, 0, value.start)  # *stolen during an open day in April 2018*: stolen then
    return during is not None and bool(set(content_words(during["act"])) & set(content_words(sentence)))


#: An act done during an occasion the date that follows dates (``stolen during an Easter open day in``).
_DONE_DURING = re.compile(
    r"\b(?P<act>[a-z]+)\s+(?:during|at)\s+(?:an?|the|its|their)\s+(?:[\w'-]+\s+){0,3}?(?:in|on)\s+$", re.I
)
#: The occasion itself, up to the date's preposition (`` during an Easter open day``).
_DONE_DURING_AN_OCCASION = re.compile(
    r"\s+(?:during|at)\s+(?:an?|the|its|their)\s+(?:[\w'-]+\s+){0,3}?[\w'-]+(?=\s+(?:in|on)\s+[^,.;]{0,15}\d)", re.I
)


#: What a rule, a plan or a practice says will, must or does now be (``every delivery must be supervised``,
#: ``the procedure required every delivery to be supervised``, ``all our deliveries now happen with a
#: member of staff present``): no fact of a moment past.
_RULE_OR_PLAN = re.compile(
    r"\b(?:must|shall|should|will|would|is\s+to|are\s+to|requir(?:e|es|ed|ing)|supposed\s+to|"
    r"now|nowadays|always|usually|normally|routinely)\b",
    re.I,
)
#: A time clause closing a statement (``... when the slope gave way``, ``at the moment it collapsed``):
#: when the thing was so, not what it was.
_TIME_CLAUSE = re.compile(
    r",?\s+(?:when|while|once|at\s+the\s+(?:moment|time)(?:\s+(?:when|that))?)\s+(?:[\w'-]+\s+){0,6}?[\w'-]+\W*$", re.I
)


#: A verb's particle right before a date's preposition (``declared the outbreak over on``,
#: ``switched off on``): the act dated is the verb with it.
_PARTICLE_DATED = re.compile(rf"\b(?P<particle>{PARTICLE})\s+(?:in|on|during)\s+$", re.I)


def _particle_unsaid(claim: str, value: Value, sentence: str) -> bool:
    """Whether the claim dates a verb and its particle (*declared the outbreak over on 8 November*)
    and the sentence never says the particle: it dates the verb alone, another act (``declared an
    outbreak on 12 October``)."""
    if value.dimension != "time":
        return False
    dated = _PARTICLE_DATED.search(claim, 0, value.start)
    return dated is not None and re.search(rf"\b{dated['particle']}\b", sentence, re.I) is None


def dated_word(text: str, value: Value) -> str | None:
    """The content word (:func:`~.words.content_words`) a date is said of, right before its
    preposition: *laid* of ``was laid in 1973``, *burst* of ``the burst of 3 February``; None for
    any other value, or where no such word stands before it."""
    dated = _DATED_WORD.search(text, 0, value.start) if value.dimension == "time" else None
    words = content_words(dated.group(1)) if dated is not None else []
    return words[0] if words else None


def _done_to(text: str, value: Value) -> frozenset[str]:
    """What the clause says of a value after it: of a count, after its counted noun (``27 ambulances
    were diverted away``: {divert, away}; ``£312,000 in lost income``: {lost, income}): a value opening
    its clause has no frame before it."""
    end = _clause_of(text, value)[1]
    noun = 1 if _counts_of_one_thing(value) else 0
    return frozenset(content_words(text[value.end : end])[noun : noun + FRAME_WORDS])


#: A preposition ending what is said of a value after it (``moved | from Keld hospital``): not *of*,
#: which names what is measured (``180,000 litres of firefighting water flowed``).
_PLACE_OR_TIME = re.compile(r"\b(?:from|to|into|in|on|at|by|for|during|after|before|since|until|with)\b", re.I)


def _said_after(text: str, value: Value) -> frozenset[str]:
    """What :func:`_done_to` reads after a value, up to its first preposition but *of*: the act
    (``14 patients were moved from ...``: {move}), not where or when (*Keld hospital*, *2023*)."""
    cut = _PLACE_OR_TIME.search(text, value.end, _clause_of(text, value)[1])
    return _done_to(text[: cut.start()] if cut is not None else text, value)


def _counts_of_one_thing(value: Value) -> bool:
    """A count of a named thing (*nights*, *cars*): two such counts of one subject, framed alike,
    measure the same."""
    return value.dimension.startswith("count:") and value.dimension != "count:"


def _paired(claim_facts: tuple[_Stated, ...], other_facts: tuple[_Stated, ...]) -> list[_Stated]:
    """The claim's facts whose value the other text states too."""
    return [f for f in claim_facts if any(values_agree(f.value, o.value) for o in other_facts)]


def conflicts(claim: str, sentence: str) -> bool:
    """Whether ``sentence`` contradicts ``claim`` (a differing value in the same role, or polarity)."""
    return find_conflict(claim, sentence) is not None
