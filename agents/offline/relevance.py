"""How well a span answers a question: the score of a candidate answer (see :mod:`.candidates`).

3 per focus word of the question in the span (the words beyond the subject: ``built``,
``population``; 2 for the kin of the event asked about: *opened* for *established*), +2 when one is
within six words of the value in the same clause, +2 for a name right after the subject
(``Interstate 235 in Iowa``) and 2 more for a place in a definition of the subject (``Indera
Mahkota is a township in Kuantan``), 1 per subject word in the span and 1 more
when the passage names the subject, +1 for a person named after ``by`` (+2 more right after the
question's own act or the subject's kind: ``directed by``, ``an album by American singer``; 3 more
after the verb a ``who`` question asks about: ``led by`` for *who led the survey*), +2
for a name in a work's bracketed qualifier (``X (The Killers album)``), +2 for a kinship stated
from the other side (``son of`` for a father), +1 for a two-word-or-longer name, +2 for a name
listed with others, +4 for a definition of the subject (``X is a comic book series``) when the
question wants a phrase, the source's authority rank, minus one per 10 words beyond 30. For a
biography's ``(date - date)`` the first date is the birth and the second the death (``(born
date)`` the birth); right after the subject's name, they lose 3 for any other question, as does a
birth or a death said in prose (``born in Port Moresby in 1975``, ``who died on 3 March 2019``) for
any question but about that. Words of the subject's own name do not
count in the distance between a value and a focus word.
"""

from __future__ import annotations

import re

from agents.offline.amounts import counts_population, measure_said
from agents.offline.entities import ORDINAL, acronym_written_out, spelled_out
from agents.offline.evidence import Found
from agents.offline.question import Asked, Wants, act_of_agent
from agents.offline.spans import BORN_QUALIFIER, CLAUSE_BREAK
from agents.offline.values import Value, extract_values
from agents.offline.words import content_words, events_named, name_word_pattern, tokens

__all__ = [
    "ADDRESS_BEFORE",
    "definition_opens",
    "defines",
    "events_apart",
    "kin_events",
    "follows_subject",
    "born_in_qualifier",
    "from_other_side",
    "in_qualifier",
    "is_office",
    "located_in_definition",
    "near_focus",
    "owner_of_subject",
    "placed_to_answer",
    "position_bonus",
    "relevance",
    "first_ordinal_title",
    "subject_title_before",
    "told_of_kin",
]

#: A question about what the subject did, not what it is (``What award did X receive?``).
_DEED_ASKED = re.compile(r"^\s*(?:what|which)\b[^?]*?\b(?:did|does|do|has|have|had)\b", re.IGNORECASE)
#: A question about what did something to the subject (``What caused X?``): a definition of the
#: subject answers it only if it says the act.
_DONE_TO = re.compile(r"^\s*what\s+([a-z]+ed)\b", re.IGNORECASE)
#: *What is the (broadcast) format of X?*: an attribute of the subject asked by its noun.
_ATTRIBUTE_ASKED = re.compile(r"^\s*what\s+(?:is|was|are|were)\s+(?:the\s+)?(?:[a-z]+\s+)?([a-z]+)\s+of\b", re.I)
#: Attributes a definition of the subject states without naming them (*X is a 1987 American comedy
#: film* gives its genre, medium and kind; *X is a British actor* a profession).
_DEFINED_ATTRIBUTES = frozenset(
    content_words(
        "genre type kind medium form category profession occupation job career nature class role status function "
        "purpose identity nationality style rank title position"
    )
)


def _attribute_said_apart(question: str) -> bool:
    """Whether the question asks an attribute of the subject that a definition does not state
    unless it names it (*the format*, *the mascot*; not *the genre*, which *X is a comedy film* says)."""
    asked = _ATTRIBUTE_ASKED.match(question)
    return asked is not None and not set(content_words(asked.group(1))) & _DEFINED_ATTRIBUTES


_PRONOUN = re.compile(r"(?:He|She|It|They)\b")  # a subject pronoun (not *Its*: a possessive is no subject)
_AFTER_SUBJECT = 8  # words between the subject and a name that says where it is (``Interstate 235 in Iowa``)
_NEAR = 6  # words between a value and a focus word of the question that still make it the answer
_TIMES = frozenset({"time", "duration"})
_TIME_PREPOSITION = re.compile(
    r"\b(?:in|on|over|during|for|since|from|until|till|after|before|within|around)\s+(?:(?:early|late|mid|the)\s+)?$",
    re.I,
)
_CHILD = ("son", "daughter", "child")
_BIRTH_SAID = re.compile(r"\b(?:[Bb]orn|birth(?:place)?|native of)\b")
_BORN = re.compile(r"\b[Bb]orn\b(?:\s+[^\s,;()]+){0,5}\s+$")  # ``born in Port Moresby in`` 1975
_DIED = re.compile(r"\b(?:[Dd]ied|[Pp]assed away)\b(?:\s+[^\s,;()]+){0,5}\s+$")  # ``who died on`` 3 March 2019
#: A kinship asked for, and the words that state it from the other side (``son of`` names a father).
_CONVERSE = {
    "father": _CHILD,
    "mother": _CHILD,
    "parent": _CHILD,
    "husband": ("wife", "widow"),
    "wife": ("husband", "widower"),
    "spouse": ("wife", "husband", "widow", "widower"),
    "son": ("father", "mother", "parent"),
    "daughter": ("father", "mother", "parent"),
    "child": ("father", "mother", "parent"),
}


def relevance(
    asked: Asked, subject: set[str], item: Found, span: str, value: Value | None, *, pronoun: bool = False
) -> float:
    """How well ``span`` answers ``asked``; ``pronoun``: a pronoun opening it stands for the subject
    (*It ran ... in Spain* on the trial's page), which it then names."""
    words = content_words(span)
    present = set(words)
    if asked.wants is Wants.NAME:  # *director Tony Richardson* says who *directed*
        present |= _acts_of_agents(words)
    if value is not None and value.kind == "member":  # *hockey* is the sport asked, named or not
        present |= set(content_words(asked.member_of)) & asked.focus
    if value is not None and value.dimension == "time":
        present -= _life_words_outside(span, value)
    named = _named(asked, subject, span, present, value)
    if not named and pronoun and _PRONOUN.match(span):
        named = 1  # a pronoun names the subject, though less surely than its own words
    score = 3.0 * len(_focus_said(asked, present)) + named + (2 if _kin_event_only(asked, span) else 0)
    if value is not None and counts_population(asked, value) and "population" not in present:
        score += 2  # ``there were 2,454 people`` says the population, though less surely than its word
    if value is not None and measure_said(asked, span, value):
        score += 2  # *how long is the bridge*: ``a total length of 86 metres``, not ``closed for three days``
    if subject and subject & set(content_words(item.context[:400])):
        score += 1
    if value is not None and value.dimension == "name":
        score += 1 if len(value.raw.split()) >= 2 else 0
        score += 1 if re.search(r"\bby\s+$", span[: value.start]) else 0
        score += 2 if _listed(span, value) else 0
    if value is not None and asked.focus and near_focus(asked, span, value):
        score += 2
    if value is not None and asked.wants is Wants.DATE and year_of_name(asked, span, value):
        score += 2  # ``the ... Act 1882``: the year its name gives it
    if value is not None and value.dimension == "name" and in_qualifier(asked, span, value):
        score += 2
    if value is not None and value.dimension == "name" and from_other_side(asked, span, value):
        score += 2
    doer_of = _done_by(span, value) if value is not None and value.dimension == "name" else frozenset()
    if doer_of & (asked.focus | asked.kinds):
        score += 2 + (3 if doer_of & asked.act else 0)
    if value is not None and value.dimension == "name" and follows_subject(asked, span, value, pronoun=pronoun):
        score += 2 + (2 if asked.wants is Wants.PLACE and defines(asked, span) else 0)
    done_to = _DONE_TO.match(asked.text)
    if done_to is not None:
        says_focus = bool(set(content_words(done_to.group(1))) & present)
    elif _attribute_said_apart(asked.text):
        says_focus = bool(asked.focus & present)  # *the mascot of X* is not said by what X is
    else:
        says_focus = bool(asked.focus & present) or not _DEED_ASKED.match(asked.text)
    if value is None and defines(asked, span) and says_focus:
        score += 4  # what the subject is; no answer to what it did (``what award did X receive``) unless it says
    if asked.wants is Wants.PHRASE and asked.focus and not asked.focus & present and not named:
        return 0.0
    if asked.wants is Wants.PHRASE and not _says_degree(asked.text, words):
        return 0.0  # *How accurate are X?* is not answered by what X is
    return score + item.rank - max(0, len(span.split()) - 30) // 10


def _focus_said(asked: Asked, present: set[str]) -> set[str]:
    """The question's focus words a span says, itself or the noun of who does it (*visited*: ``38,450
    visitors came to see it``; not *profession* in ``professional``)."""
    agents = present - asked.focus  # (*career* is no agent of *care* where *career* is asked itself)
    return {
        f
        for f in asked.focus
        if f in present or any(_AGENT_NOUN.fullmatch(w, len(f)) for w in agents if w.startswith(f))
    }


#: The ending of the noun of who does an act, after the act's stem (*visit*-*or*, *organis*-*er*).
_AGENT_NOUN = re.compile(r"e?(?:or|er)s?")


def _named(asked: Asked, subject: set[str], span: str, present: set[str], value: Value | None) -> int:
    """How many of the subject's words ``span`` names (all of them where it spells the name
    otherwise: an acronym written out, another ending) -- outside a name it offers as the answer:
    ``The Vell Viaduct was designed by the Orla Bridge Company`` does not speak of the Orla Bridge."""
    if value is not None and value.dimension == "name":
        span = f"{span[: value.start]} {span[value.end :]}"
        present = set(content_words(span))
    own = len(subject & present)
    return own or (len(subject) if any(spelled_out(n, span) for n in asked.subjects) else 0)


#: The words of a life's two ends (*born*, *died*: ``birth``, ``death``).
_LIFE_WORDS = frozenset(content_words("born died"))


#: *How accurate are ...?*: the degree of a quality asked. Measures (*how long*, *how many*) are no
#: phrase questions (:mod:`.question`), so only the words that make *how* ask something else stay out.
_HOW_DEGREE = re.compile(
    r"^\s*how\s+(?!(?:often|soon|come|do|does|did|is|are|was|were|can|could|should|would)\b)([a-z]+)\b",
    re.IGNORECASE,
)


def _says_degree(question: str, words: list[str]) -> bool:
    """Whether a span says the quality a *how <adjective>* question asks the degree of (*accurate*:
    ``accurate to about 5 centimetres``, ``its accuracy``); True for any other question."""
    asked = _HOW_DEGREE.match(question)
    quality = content_words(asked.group(1)) if asked is not None else []
    if not quality:
        return True
    prefix = quality[0][: max(4, len(quality[0]) - 2)]
    return any(word.startswith(prefix) for word in words)


def _life_words_outside(span: str, value: Value) -> frozenset[str]:
    """A date in a life's bracket is that life's, whatever the words outside it say (``He was born
    in Finnaas as a son of Gerhard Moe (1885-1931)``: the birth told is his, and 1885 is Moe's): the
    life words outside the bracket holding ``value``; none when no bracket does."""
    bracket = _bracket_holding(_LIFE_BRACKET, span, value) or _bracket_holding(_BORN_BRACKET, span, value)
    if bracket is None:
        return frozenset()
    return _LIFE_WORDS - set(content_words(bracket.group()))


#: Kin of a person, as a possessive names them (``Middleton's father``).
_KIN_NOUNS = (
    "father|mother|parents?|husband|wife|spouse|sons?|daughters?|child|children|brothers?|sisters?|widow|widower|"
    "grandfather|grandmother|grandson|granddaughter|uncle|aunt|nephew|niece|cousin"
)


def told_of_kin(asked: Asked, text: str) -> bool:
    """The sentence is about a relative of the subject, named by a possessive before its verb
    (``Middleton's father died in 1685``, ``Her older sister was Nina, born in 1901``): what it
    dates or places is the relative's, unless the question asks about kin, the sentence turns back
    to the subject (``His mother gave birth to him in Paris``) or the relative it names is the
    subject asked about."""
    if asked.focus & _KINSHIP:
        return False
    names = [re.escape(w) for name in asked.subjects for w in name.split() if w[:1].isupper()]
    owners = ["[Hh]is|[Hh]er|[Tt]heir"]
    if names:
        owners.append(rf"(?:[A-Z][\w.'\u2019-]*\s+){{0,3}}(?:{'|'.join(names)})(?:'s|\u2019s)")
    opening = re.match(rf"^\W*(?:{'|'.join(owners)})\s+(?:[a-z-]+\s+)?(?:{_KIN_NOUNS})\b", text)
    if opening is None or _BACK_TO_SUBJECT.search(text, opening.end()) is not None:
        return False
    rest = text[opening.end() :].lower()  # ``His older brother was Tor Aas``: asked of Tor Aas, he is the subject
    return not any(re.search(rf"(?<!\w){re.escape(name.lower())}(?!\w)", rest) for name in asked.subjects)


#: A pronoun after a relative's sentence opens that stands for the subject again.
_BACK_TO_SUBJECT = re.compile(r"\b(?:he|she|him|her|they|them)\b", re.IGNORECASE)


def _acts_of_agents(words: list[str]) -> set[str]:
    """The acts the agent nouns among ``words`` do (*director* -> *direct*), as a question's focus has them."""
    return {act for word in words if (act := act_of_agent(word)) is not None}


def _listed(span: str, value: Value) -> bool:
    """A name listed with another (``Neil Armstrong and Buzz Aldrin``): the answer names them all."""
    after = re.match(r"\s*(?:,\s*|\s+)(?:and|&)\s+[A-Z]", span[value.end :])
    before = re.search(r"[A-Z][\w.'-]*\s*(?:,\s*)?\s(?:and|&)\s+$", span[: value.start])
    return after is not None or before is not None


def placed_to_answer(asked: Asked, span: str, value: Value, *, pronoun: bool = False) -> bool:
    """Whether a name stands where an answer to ``asked`` stands: near what is asked, after ``by``,
    in a work's qualifier, on the other side of the kinship asked for, or -- for a place -- in what
    the sentence says of the subject. A name elsewhere is a mention, not the answer; so is one that
    did another act than the one asked (``The trial was funded by Korlin Pharma`` for *who led the
    trial*), however near the question's words."""
    if _agent_of_another_act(asked, span, value) or _kin_of_another(asked, span, value):
        return False
    return (
        near_focus(asked, span, value)
        or by_agent(asked, span, value)
        or from_other_side(asked, span, value)
        or in_qualifier(asked, span, value)
        or (asked.wants is Wants.PLACE and follows_subject(asked, span, value, pronoun=pronoun))
        or (asked.wants is Wants.PLACE and located_in_definition(asked, span, value))
        or (asked.wants is Wants.PLACE and _placed_after_the_act(asked, span, value))
    )


#: Places said one inside the other after an act (``in a polytunnel behind a cottage in the village of``).
_LOCATIVE_CHAIN = re.compile(  # the act's noun may come first (``five helicopter rotations to the field at``)
    r"(?:\s+[a-z][\w'-]*)?"
    r"(?:\s+(?:in|at|on|to|into|onto|behind|near|inside|outside|under|beside|within)\s+(?:the\s+|a\s+|an\s+)?"
    r"(?:[\w'-]+\s+){0,3}?(?:[\w'-]+(?:\s+of(?:\s+the)?)?))+\s+$",
    re.IGNORECASE,
)
_CHAIN_CHARS = 120


def _placed_after_the_act(asked: Asked, span: str, value: Value) -> bool:
    """A place at the end of a chain of places right after the act asked (*Where were the orchids
    found?*: ``were found in a heated polytunnel behind a cottage in the village of Ashby Cross``)."""
    start = max(0, value.start - _CHAIN_CHARS)
    for tok in reversed(list(tokens(span[start : value.start]))):
        if asked.focus & set(content_words(tok.surface)):
            return _LOCATIVE_CHAIN.fullmatch(span, start + tok.end, value.start) is not None
    return False


def near_focus(asked: Asked, span: str, value: Value) -> bool:
    """A focus word within :data:`_NEAR` words of the value, in the same clause (the subject's own
    words do not count: ``first played for Papua New Guinea in the 1996 ACC Trophy``; nor do the
    words of a date or a span of time: ``recorded over eleven days in late 2012 at Gannet Sound``);
    for *married to*, a word naming a spouse counts (``with her husband, the painter Tomas Reid``)."""
    own = {w.lower() for name in asked.subjects for w in name.split()}
    focus = asked.focus | (_SPOUSE if "marry" in asked.focus else frozenset())
    timed = _timed(span, value)
    within = _WITHIN_PLACE.search(span, 0, value.start) if asked.wants is Wants.PLACE else None
    if within is not None:  # ``in the assembly room of the Corn Exchange``: one place, however many words
        timed.append(within.span())
    toks = [t for t in tokens(span) if t.lower not in own and not any(s <= t.start < e for s, e in timed)]
    at = next((i for i, t in enumerate(toks) if t.start >= value.start), len(toks))
    agents = asked.wants is Wants.NAME  # an agent noun names who did the act asked (*director* for *directed*)
    for tok in toks[max(0, at - _NEAR) : at + _NEAR + 1]:
        said = content_words(tok.surface)
        if focus & (set(said) | (_acts_of_agents(said) if agents else set())):
            lo, hi = sorted((tok.start, value.start))
            if not CLAUSE_BREAK.search(span[lo:hi]):
                return True
    return False


#: A part of a place right before the place's name: ``in the assembly room of the`` (not the kind of
#: place the name is: ``in the coastal town of``).
_WITHIN_PLACE = re.compile(
    r"\b(?:in|at)\s+the\s+(?:[a-z-]+\s+){0,2}(?!(?:town|city|village|county|district|region|state|country|"
    r"province|island|parish|borough|municipality)\s)[a-z-]+\s+of\s+(?:the\s+)?$"
)


def _timed(span: str, value: Value) -> list[tuple[int, int]]:
    """The phrases of ``span`` that say when or how long, with their preposition (``over eleven
    days``, ``in late 2012``), but ``value``: no distance between a verb and what it did (not a date
    said without one, as after *born*)."""
    out = []
    for v in extract_values(span):
        if v.dimension in _TIMES and v.start != value.start:
            prep = _TIME_PREPOSITION.search(span, 0, v.start)
            if prep is not None:
                out.append((prep.start(), v.end))
    return out


def by_agent(asked: Asked, span: str, value: Value) -> bool:
    """A name that did the work the sentence is about: ``written and directed by Steve Kloves``,
    ``a live album by American punk band Butthole Surfers``, not one that did another act than the
    question's (``succeeded by`` for *who founded*), ``Joe Jackson's second album`` (a
    possessive only before the subject's kind or its name: ``based on Winston Churchill's years`` is
    not his)."""
    if asked.focus & _KINSHIP:  # a husband or a father is no agent of a deed (``published by Harbour House``)
        return False
    if _after_by(span, value):
        return not _did_another_act(asked, span, value)
    owned = re.match(r"(?:'|\u2019)s((?:\s+[\w-]+){1,3})", span[value.end :])
    if owned is not None and bool(asked.kinds & set(owned.group(1).lower().split())):
        return True
    return owner_of_subject(asked, span[value.end :]) == 0  # ``Michael Haydn's Symphony No. 38``: the maker's


def owner_of_subject(asked: Asked, text: str) -> int | None:
    """Where in ``text`` the possessive ending before one of the subject's names begins (``Michael
    Haydn's Symphony No. 38``: at ``'s``), the first if several: the name before it owns the
    subject, as its maker; None when ``text`` has none."""
    found = [
        m.start()
        for name in asked.subjects
        if (m := re.search(rf"(?:'|\u2019)s\s+{re.escape(name)}(?![\w-])", text)) is not None
    ]
    return min(found, default=None)


def _after_by(span: str, value: Value) -> bool:
    """The name follows ``by`` in its clause, up to five words after it."""
    by = re.search(r"\bby\s+(?:[\w.'/-]+\s+){0,5}$", span[: value.start])
    return by is not None and not CLAUSE_BREAK.search(by.group())


def _agent_of_another_act(asked: Asked, span: str, value: Value) -> bool:
    """``who founded X``: a name after ``by`` that did another act (``succeeded by Lars Eide``) did
    not found it."""
    return _after_by(span, value) and _did_another_act(asked, span, value)


def _did_another_act(asked: Asked, span: str, value: Value) -> bool:
    """The act before the ``by`` that a name follows is not the one asked about; for *who is the
    <office>* (:data:`_OFFICES`), one that neither leads nor takes over (``led by``, ``succeeded
    by``) nor is the role's own act: ``founded in 1952 by Olav Brekke`` does not say who the chief
    executive is."""
    verb = _word_before_by(span, value)
    if not re.search(r"(?:ed|en)$", verb):
        return False
    if asked.act:
        return not asked.act & _act_words(verb)
    return (
        _ROLE_ASKED.match(asked.text) is not None
        and bool(asked.focus & _OFFICES)
        and not asked.focus & _act_words(verb)
        and verb.lower() not in _HOLDING
    )


#: *Who is the chief executive of X?*: the holder of a role asked, not the agent of an act.
_ROLE_ASKED = re.compile(r"^\s*who\s+(?:is|was|are|were)\s+(?:the\s+)?(?:current\s+|new\s+|first\s+)?[a-z]", re.I)
#: Offices a person holds (not a maker: *the artist*, *the architect*, *the director* of a film).
_OFFICES = frozenset(
    content_words(
        "chair executive president head leader mayor governor manager captain coach principal secretary "
        "treasurer minister chancellor dean rector premier speaker commissioner"
    )
)
#: Words a title adds to an office (*Chief Executive Officer*, *Chief Operating Officer*).
_TITLE_WORDS = frozenset(content_words("chief officer operating financial vice deputy general acting interim"))
_OFFICER = frozenset(content_words("officer"))


def is_office(name: str) -> bool:
    """A capitalized title, not a person: every word an office's or a title's (*Chief Executive
    Officer*, *Vice President*), or such a title *of* a body (*the Trust's Head of Operations*);
    the answer to *who* holds one is a name."""
    words = set(content_words(name))
    if bool(words) and words <= _OFFICES | _TITLE_WORDS and bool(words & (_OFFICES | _OFFICER)):
        return True
    # an office of a body, perhaps after the body's possessive: *the Trust's Head of Operations*
    held = _OFFICE_OF.match(name)
    return held is not None and is_office(held["office"])


_OFFICE_OF = re.compile(r"(?:[A-Z][\w-]*['\u2019]s\s+)?(?P<office>[A-Z][\w-]*(?:\s+[A-Z][\w-]*){0,2})\s+of\s+[A-Z]")


#: Verbs whose agent holds a role over the subject: ``led by``, ``headed by``, ``succeeded by``.
_HOLDING = frozenset(
    "led headed chaired managed run directed governed captained coached succeeded replaced".split()  # noqa: SIM905
)


#: Words naming a spouse: what *married to* asks for.
_SPOUSE = frozenset(content_words("husband wife spouse partner widow widower"))
#: Focus words of a question about kinship or marriage, whose answer is a relative, not an agent.
_KINSHIP = frozenset(content_words(" ".join(_CONVERSE))) | _SPOUSE | frozenset(content_words("married"))


def from_other_side(asked: Asked, span: str, value: Value) -> bool:
    """A kinship the sentence states from the subject's side: the name right after ``son of`` asks
        for a father, after ``wife of`` for a husband, a title or two between (``X was the eldest son of
    the Tangut ruler Li Deming``), but not a second name (``son of Ann Hale and Tom Hale``)."""
    sides = _sides(asked)
    return bool(sides) and _word_before_of(span, value) in sides


#: Kin nouns that name a relative by ``<noun> of <Name>`` (``a son of Cleomenes II``).
_KIN_OF = frozenset(re.findall(r"[a-z]+", _KIN_NOUNS.replace("s?", "")))


def _kin_of_another(asked: Asked, span: str, value: Value) -> bool:
    """For a kinship asked (*who is the husband of X*), the name follows another kinship's ``of``
    (``her husband Cleonymus, a son of Cleomenes II``): the relative of someone the sentence names,
    not the one asked for."""
    sides = _sides(asked)
    return bool(sides) and _word_before_of(span, value) in _KIN_OF - sides - asked.focus


def _sides(asked: Asked) -> set[str]:
    """The words that state the kinship asked from the other side (*son*, *daughter* for a father)."""
    return {w for word in asked.focus for w in _CONVERSE.get(word, ())}


_BEFORE_OF = re.compile(r"\b([a-z]+)\s+of\s+(?:the\s+)?(?:(?!and\b)[A-Za-z-]+\s+){0,3}$")


def _word_before_of(span: str, value: Value) -> str | None:
    """The word before the ``of`` that the value follows, a title or two between (``son of the Tangut
    ruler``), but no second name after an ``and``."""
    before = _BEFORE_OF.search(span[: value.start])
    return before.group(1) if before else None


def born_in_qualifier(asked: Asked, span: str, value: Value) -> bool:
    """A birth year in a title's bracketed qualifier (``Arne Lid (footballer, born 1978)``), asked
    when the subject was born."""
    before = re.search(rf"\(\s*{BORN_QUALIFIER}$", span[: value.start])
    return "birth" in asked.focus and before is not None and re.match(r"\s*\)", span[value.end :]) is not None


def in_qualifier(asked: Asked, span: str, value: Value) -> bool:
    """A name in the bracketed qualifier of a work's title, before the work's kind: the maker
    (``Direct Hits (The Killers album)`` for the album's artist)."""
    if not asked.kinds:
        return False
    after = re.match(r"\s+([a-z]+)\s*\)", span[value.end :])
    opens = re.search(r"\(\s*(?:[Tt]he\s+)?$", span[: value.start])
    return opens is not None and after is not None and after.group(1) in asked.kinds


#: The word before ``by`` (past a date or a place: ``founded in 1987 by``), ``by`` and up to five
#: words before the name (``by American singer X``).
_DONE_BY = re.compile(r"(\w+)(?:\s+(?:in|on|at|during)\s+[\w.,]+)?\s+by\s+(?:[\w.'/-]+\s+){0,5}$")


def _done_by(span: str, value: Value) -> frozenset[str]:
    """The words of what a name did, right before ``by`` and it (``directed by Howard Morris``,
    ``founded in 1987 by``, ``an album by the band Anthrax``, ``led by Petra Vinn``); none when no ``by`` leads
    to it in its clause. Where they are the question's own words, or the subject's kind, the name
    is the one who did what is asked, not another name nearby (``released by Megaforce``); with
    ``by``, a word may name another act than alone (``started by`` is *founded by*)."""
    return _act_words(_word_before_by(span, value))


def _act_words(word: str) -> frozenset[str]:
    """The words of an act written before ``by`` (its events too: ``started by`` is *founded by*)."""
    return frozenset(content_words(word)) | events_named(f"{word} by")


def _word_before_by(span: str, value: Value) -> str:
    """The word right before ``by`` and a name (:data:`_DONE_BY`), as written; empty when no ``by``
    leads to the name in its clause."""
    by = re.search(_DONE_BY, span[: value.start])
    return "" if by is None or CLAUSE_BREAK.search(by.group()) else by.group(1)


def _subject_at(asked: Asked, span: str, *, pronoun: bool = False, before: int | None = None) -> int | None:
    """Where the first of the question's subject names ends in ``span`` (None when it is absent);
    with ``before``, its last mention that ends there or earlier (a scrape's title and a note may
    name it before the sentence does: ``X (Lincoln, Nebraska) "For other uses see X" X is ...``);
    with ``pronoun``, where a pronoun opening the span ends, when it names none."""
    ends = [e for named in _subject_ends(asked, span) for e in (named if before is not None else named[:1])]
    ends = [e for e in ends if before is None or e <= before]
    if not ends and pronoun and (opening := _PRONOUN.match(span)) is not None:
        return opening.end()
    if not ends:
        return None
    return max(ends) if before is not None else min(ends)


def _subject_ends(asked: Asked, span: str) -> list[list[int]]:
    """Per subject of the question, where each of its mentions in ``span`` ends (its words apart by
    white space or a hyphen: ``News-Democrat``; a capitalized word may stand between two of them:
    *Haymarket Historic District* names the *Haymarket District*)."""
    return [
        sorted([m.end() for m in _name_mentions(name, span)] + acronym_written_out(name, span))
        for name in asked.subjects
    ]


def _name_mentions(name: str, span: str) -> list[re.Match[str]]:
    """Where ``span`` writes a subject's name (its words apart by white space or a hyphen, a
    capitalized word between two of them, a word of it abbreviated: see :func:`_subject_ends`)."""
    pattern = r"[\s-]+(?:(?-i:[A-Z][a-z]+)\s+)?".join(name_word_pattern(w) for w in name.split())
    return list(re.finditer(rf"(?<!\w){pattern}(?!\w)", span, re.IGNORECASE)) if pattern else []


def year_of_name(asked: Asked, span: str, value: Value) -> bool:
    """A year written as part of the subject's name (``the Married Women's Property Act 1882``,
    ``the 1982 Lebanon War``): the year the thing of that name dates from, as its name says."""
    if value.kind != "year":
        return False
    if any(
        end <= value.start and not span[end : value.start].strip()
        for ends in _subject_ends(asked, span)
        for end in ends
    ):
        return True
    return any(  # the name right after the year, across white space
        m.start() > value.end and span[value.end : m.start()].isspace()
        for name in asked.subjects
        for m in _name_mentions(name, span)
    )


def follows_subject(asked: Asked, span: str, value: Value, *, pronoun: bool = False) -> bool:
    """A name within :data:`_AFTER_SUBJECT` words after the subject, in the same clause (``Interstate 235 in Iowa``):
    what the sentence says of the subject, not of something it mentions later. A place is read after
    the subject's nearest mention before it (a scrape's title may name the subject first)."""
    nearest = asked.wants is Wants.PLACE  # a place is said of the subject where the sentence names it
    end = _subject_at(asked, span, pronoun=pronoun, before=value.start if nearest else None)
    if end is None or value.start < end:
        return False
    between = _APPOSITIVE.sub("", _BRACKETED.sub("", span[end : value.start]))  # asides do not count
    return len(between.split()) <= _AFTER_SUBJECT and not CLAUSE_BREAK.search(between)


#: An aside between commas right after a name (``X, commonly called the Peake, is a school in ...``).
_APPOSITIVE = re.compile(r"^\s*,[^,.;()]{1,60},")


#: A street address before the town that holds it (``at 12 N. Mill Road, Orrvik, Wisconsin``).
ADDRESS_BEFORE = r"(?:\d+[A-Za-z]?\s+(?:[A-Z][\w.'\u2019-]*\s+){0,4}[A-Z][\w.'\u2019-]*,\s+)?"
#: A definition of the subject that goes on to say where the thing it names is (``X is a surface stop
#: on the Green Line, located in Brighton``; the state after its town: ``located in Van Horn, Texas``).
_DEFINITION_LOCATED = re.compile(
    r"^\s*,?\s*(?:is|was|are|were)\s+(?:a|an|the|one)\b[^.;()]{0,160}?(?:,\s*|\s+)"
    r"(?:located|situated|based|headquartered|lying)\s+(?:in|at|on|near)\s+(?:the\s+(?:city|town|village|heart)\s+of\s+)?"
    rf"{ADDRESS_BEFORE}(?:(?:[A-Z][\w.'\u2019-]*\s+){{0,3}}[A-Z][\w.'\u2019-]*,\s+)?$"
)


def located_in_definition(asked: Asked, span: str, value: Value) -> bool:
    """A place right after ``located in`` in a definition of the subject: where the thing the
    definition says the subject is stands (not another thing's place further in the sentence)."""
    for ends in _subject_ends(asked, span[: value.start]):  # any mention: a page's title may come first
        for end in ends:
            lead = _BRACKETED.sub("", span[end : value.start])  # bracketed asides do not count
            if _DEFINITION_LOCATED.match(lead) is not None and not CLAUSE_BREAK.search(lead):
                return True
    return False


#: What a definition says after its subject's name: a copula and an article, within 140 characters
#: besides bracketed asides (``X (1841-1924) was an``, ``X, commonly called "The Peake" is a``,
#: ``X, also known as the Scott Bridge, the Bryant Bridge and the Canyon Bridge, is a``).
_COPULA = re.compile(
    r"^,?(?:[^.;()]|\([^()]{0,80}\)){0,140}?\b(?:is|was|are|were|refers to)\s+(?:a|an|the|one)\b", re.I
)
_BRACKETED = re.compile(r"\s*\([^()]{0,80}\)")


def defines(asked: Asked, span: str) -> bool:
    """A definition of the subject: ``X (1841-1924) was an Italian photographer``, ``X is a
    comic book series``, ``X (ice hockey) Douglas Norman X (1924-1989) was a`` (a page's title,
    then the full name; bracketed asides do not count toward the distance). It says what the
    subject is, which a phrase question asks."""
    return definition_opens(asked, span) is not None


def definition_opens(asked: Asked, span: str) -> int | None:
    """Where what a definition of the subject says it is begins (after ``X, a scrape's aside, is a``;
    see :func:`defines`), or None when ``span`` defines no subject: a definition names its subject
    (*He was a frequent accompanist* is none)."""
    end = _subject_at(asked, span)
    said = _COPULA.match(span[end:]) if end is not None else None
    return end + said.end() if end is not None and said is not None else None


#: Events that sources give for one another's date: how a thing comes to be.
_KIN_EVENTS = {"found": "origin", "build": "origin", "open": "origin", "launch": "origin", "release": "origin"}


def position_bonus(asked: Asked, text: str, value: Value) -> float:
    """A biography's dates: in ``(birth \u2013 death)`` the first date is the birth and the second the
    death, and ``(born ...)`` gives the birth. A birth said in prose (``born in Port Moresby in
    1975``), or a life right after the subject's name, is no answer to a question about another
    event (``when did X begin his career``). A place whose sentence names only other events is
    theirs too, and a birthplace is said with the birth (``studied at the University of Ibadan`` is
    no answer to *where was she born*)."""
    if value.dimension == "name" and asked.wants is Wants.PLACE:
        unborn = "birth" in asked.focus and _BIRTH_SAID.search(text) is None
        if unborn or _another_event(asked, text):
            return -3.0
        return -2.0 if _BEARING_FROM.search(text[: value.start]) else 0.0
    if value.dimension != "time":
        return 0.0
    born = _bracket_holding(_BORN_BRACKET, text, value)  # a page's title may date the life first:
    pair = _bracket_holding(_LIFE_BRACKET, text, value)  # ``X (1848-1912) X (9 July 1848 - ...)``
    if born is not None:
        birth, of_subject = True, _after_subject(asked, text, born.start())
    elif pair is not None:
        birth, of_subject = value.start < pair.start(2), _after_subject(asked, text, pair.start())
    elif _BORN.search(text[: value.start]) is not None:  # a birth said in prose: no answer to another event
        return 0.0 if "birth" in asked.focus else -3.0
    elif _DIED.search(text[: value.start]) is not None:  # so is a death (``who died on 3 March 2019``)
        return 0.0 if "death" in asked.focus else -3.0
    elif _ENTERED_IN.search(text[: value.start]) is not None and not asked.focus & _ENTRY_WORDS:
        return -3.0  # ``listed on the National Register of Historic Places in 1982`` dates the listing
    elif _LIFE_ASKED & asked.focus and not _BIRTH_OR_DEATH_SAID.search(text):
        return -3.0  # *when was X born*: ``finished in 1794 to a design by X`` dates no life
    else:
        return -3.0 if _another_event(asked, text) else 0.0
    if "birth" in asked.focus:
        return 3.0 if birth else -3.0
    if "death" in asked.focus:
        return -3.0 if birth else 3.0
    return -6.0 if of_subject else 0.0  # a life given with the name is no date of another event


#: A place the subject is reckoned from, not one it stands in: ``located south of the village of
#: Jeffersonville``, ``a short way north of the village center of North Tunbridge``, ``near``,
#: ``more accessible to Sultan Haji Ahmad Shah Airport`` (not *from*: ``hails from Cork`` is a birthplace).
_BEARING_FROM = re.compile(
    r"\b(?:(?:(?:north|south|east|west)(?:-?(?:east|west))?(?:ward)?|upstream|downstream)\s+of|near|nearby|"
    r"(?:close|next|adjacent|accessible)\s+(?:to|from)|toward|towards|via|outside\s+of|beyond)\s+"
    r"(?:the\s+)?(?:[a-z]+\s+){0,3}?(?:of\s+(?:the\s+)?)?"
    r"(?:(?:[A-Z][\w.'\u2019-]*\s+){0,3}[A-Z][\w.'\u2019-]*\s?,\s+)?$"
)
#: A date right after a thing was entered in a register or a roll (``which was listed on the
#: National Register of Historic Places in 1982``, ``inducted into the Hall of Fame in 2004``):
#: the entry's date, not that of the thing's own events.
_ENTERED_IN = re.compile(
    r"\b(?:listed|added|entered|inducted|registered|enrolled|designated)\s+(?:on|to|in|into|as)\s+(?:the\s+|a\s+)?"
    r"(?:[A-Z][\w'\u2019-]*\s+(?:(?:of|for|and)\s+(?:the\s+)?)?){1,8}(?:in|on)\s+$"
)
#: What a question about such an entry asks (*When was X listed on the Register?*).
_ENTRY_WORDS = frozenset(content_words("listed added entered inducted registered enrolled designated register"))
#: A question asking when a life began or ended.
_LIFE_ASKED = frozenset({"birth", "death"})
#: Words that say a birth or a death (a fact box's ``Born``, ``date of birth``, ``b.``, ``d.``).
_BIRTH_OR_DEATH_SAID = re.compile(
    r"\b(?:born|birth|births|died|death|deaths|d\.|b\.|passed away|killed|executed|murdered|buried)\b", re.I
)
_BORN_BRACKET = re.compile(r"\(\s*born\b[^()]{1,80}\)")
_LIFE_BRACKET = re.compile(r"\(([^()]{4,80}?)\s*[\u2013\u2014\u2212-]\s*([^()]{4,80}?)\)")  # \u2212: a minus sign


def _bracket_holding(pattern: re.Pattern[str], text: str, value: Value) -> re.Match[str] | None:
    """The bracket of ``pattern`` in ``text`` that holds the value, if one does."""
    return next((m for m in pattern.finditer(text) if m.start() <= value.start < m.end()), None)


def _another_event(asked: Asked, text: str) -> bool:
    """The question asks when one event happened (*founded*) and the sentence names only others
    (``agreed to buy Zielony``, ``Founded in 1961`` for *when did it acquire*): its date is theirs.
    The ways a thing begins are one kind here (:data:`_KIN_EVENTS`: a school *launched*, a barracks
    *built*, answer when they were *established*)."""
    return events_apart(asked.text, text)


def events_apart(a: str, b: str) -> bool:
    """Both texts name events and none in common (kin counted as one, :data:`_KIN_EVENTS`): *Apollo
    11 was launched on July 16* and *landed on July 20* date two events, not one in dispute."""
    one, other = _event_kinds(a), _event_kinds(b)
    return bool(one) and bool(other) and not one & other


def kin_events(a: str, b: str) -> bool:
    """Both texts name an event of one kind (*Opened* and *founded*: how a thing began)."""
    return bool(_event_kinds(a) & _event_kinds(b))


def _event_kinds(text: str) -> set[str]:
    """The events ``text`` names, kin counted as one (:data:`_KIN_EVENTS`: *opened* is an *origin*)."""
    return {_KIN_EVENTS.get(event, event) for event in events_named(text)}


def _kin_event_only(asked: Asked, text: str) -> bool:
    """The sentence names not the event asked about but its kin (*opened* for *established*): a
    weaker sign of the answer than the event itself (:data:`_KIN_EVENTS`)."""
    wanted, named = events_named(asked.text), events_named(text)
    kin = {_KIN_EVENTS[e] for e in wanted if e in _KIN_EVENTS}
    return bool(kin) and not wanted & named and bool(kin & {_KIN_EVENTS.get(e) for e in named})


def _after_subject(asked: Asked, text: str, at: int) -> bool:
    """Whether ``text[:at]`` ends with a name holding a word of the question's subject (``Gerardo
    Daniel Arteaga Zamora`` for *Arteaga*), bracketed asides after it aside (``Ahmed II (Ottoman
    Turkish: ...)``)."""
    before = _TRAILING_ASIDES.sub(" ", text[:at])
    name = re.search(r"((?:[A-Z][\w'.-]*\s+){1,6})$", before)
    if name is None:
        return False
    words = {w.lower() for w in name.group(1).split()}
    if any(w.lower() in words for subject in asked.subjects for w in subject.split()):
        return True
    return subject_title_before(set(asked.subject_words), before) is not None


#: Bracketed asides at the end of a text (a name's spelling in another script: ``(Turkish: ...)``).
_TRAILING_ASIDES = re.compile(rf"(?:{_BRACKETED.pattern})+\s*$")


#: An ordinal title after a name and a comma, at the end (``Brodrick, 4th Viscount Midleton``).
_ORDINAL_TITLE = re.compile(rf"([\w'\u2019-]+),\s+({ORDINAL})\s+[A-Z]")
_ORDINAL_TITLE_BEFORE = re.compile(
    rf"([\w'\u2019-]+),\s+({ORDINAL})\s+(?:[A-Z][\w'\u2019-]*\s+(?:of\s+(?:the\s+)?)?){{0,3}}[A-Z][\w'\u2019-]*\s*$"
)


def subject_title_before(subject: set[str], before: str) -> str | None:
    """The ordinal of the title (*4th* of ``4th Viscount Midleton``) when ``before`` ends with the
    subject's name and its ordinal title after a comma (``George Brodrick, 4th Viscount Midleton``:
    what follows is said of the subject, not of another name); None when it does not."""
    titled = _ORDINAL_TITLE_BEFORE.search(before)
    if titled is None or not set(content_words(titled.group(1))) & subject:
        return None
    return titled.group(2).lower()


def first_ordinal_title(subject: set[str], text: str) -> str | None:
    """The ordinal of the first title ``text`` gives after the subject's name (*4th* of ``George
    Brodrick, 4th Viscount Midleton``): on a page's title, which of a line of namesakes it is about."""
    return next(
        (m.group(2).lower() for m in _ORDINAL_TITLE.finditer(text) if set(content_words(m.group(1))) & subject), None
    )
