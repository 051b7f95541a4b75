"""Planning the research scope: a compound question cut into one sub-question per thing it asks.

1. Split the question at ``?``/``;`` and before every ``wh``-word that opens a new clause (after a
   comma, ``and`` or ``or``): ``When and where did Apollo 11 land on the Moon, who walked on the
   surface, and what did the crew bring back?`` -> ``When`` | ``where did Apollo 11 land on the
   Moon`` | ``who walked on the surface`` | ``what did the crew bring back``.
2. A bare ``wh``-word borrows the rest of the next clause (``When did Apollo 11 land on the
   Moon?``), or of the previous one when it comes last (``Is coffee healthy, and why?`` -> ``Why
   is coffee healthy?``).
3. The main subject -- the first proper name of the question (``Apollo 11``) -- is carried into a
   clause that lacks it: in place of a pronoun (``how long has it been`` -> ``how long has Tokyo
   been``), after ``the`` when the clause has one (``What did the Apollo 11 crew bring back?``),
   else at the end (``Who walked on the surface during Apollo 11?``).
4. Two names sharing a plural noun are two questions: ``When were the Halden and Kessler
   observatories founded?`` -> ``When was the Halden Observatory founded?`` and ``When was the
   Kessler Observatory founded?``; ``the populations of Mereth and Harlow`` -> ``the population of
   Mereth`` and ``... of Harlow``.
5. The context refocuses: ``focus on X`` moves the sub-questions about X (sharing all its subject
   words, two thirds when it has more than two) first, or adds one;
   ``ignore X`` / ``exclude X`` / ``not interested in X`` drops the sub-questions about X.

Before any of this the question is read (:mod:`.question`): a claim check or a yes/no question
gives its hypothesis as the only research question (the instruction words around it -- "is the
following claim supported...?" -- are not researched); a comparison gives one question per side:
the measure its comparative names (``Which is higher, X or Y?`` -> ``How high is X?``, ``How high
is Y?``; :data:`_COMPARED_MEASURES`), else ``What is known about X?``; an open overview gives
``What is known about X?``.

A simple question gives itself as the only sub-question. At ``deep`` a question on the main
subject's key facts is added, room for the further claims a deep run needs. At most
:data:`MAX_QUESTIONS` are kept.
"""

from __future__ import annotations

import math
import re

from agents.offline.evidence import normalized
from agents.offline.question import DOES_IT_FASTER, HAS_THE_MORE, Kind, base_of_past, read_question, version_after
from agents.offline.textfacts import extract_values, subject_words
from agents.offline.words import THING_NOUNS
from protocols import Depth

__all__ = ["MAX_QUESTIONS", "plan_questions"]

MAX_QUESTIONS = 6
_WH = r"(?:what|when|where|who|whom|whose|which|why|how)"
_PREP = r"(?:(?:from|in|on|at|to|for|by|with|since|until)\s+)?"
_SPLIT = re.compile(rf",?\s+(?:and|or)\s+(?={_PREP}{_WH}\b)|,\s*(?={_PREP}{_WH}\b)", re.IGNORECASE)
_BARE_WH = re.compile(
    rf"^{_PREP}{_WH}(?:\s+(?:many|much|long|far|often|date|day|year|month|time|hour|place|town|city|country))?$",
    re.IGNORECASE,
)
_AUX = r"(?:did|does|do|was|were|is|are|has|have|had|can|could|will|would|should)"
#: A clause opening with its wh-phrase, then the rest (``at what time did the deck collapse``): the rest
#: is what a bare wh-phrase before it asks too (*On what date and at what time did ...?*).
_WH_LEAD = re.compile(rf"^{_PREP}{_WH}(?:\s+\w+)?\s+(?P<rest>{_AUX}\b.*)$", re.IGNORECASE)
_INSERT_AFTER_THE = re.compile(rf"^({_WH}(?:\s+\w+)?\s+{_AUX}\s+the\s+)(.*)$", re.IGNORECASE)
_PRONOUN = re.compile(rf"^({_WH}(?:\s+\w+)?\s+{_AUX}\s+)(?:it|they|he|she|this|that)\b", re.IGNORECASE)
#: A pronoun ending a clause as its object (``who owns it``, ``who designed them``).
_OBJECT_PRONOUN = re.compile(r"\s(it|them|him|her)\s*[?.!]?\s*$", re.IGNORECASE)
#: What a comparison's comparative asks of each side: ``Which is higher, X or Y?`` -> ``How high is X?``.
_COMPARED_MEASURES = {
    "higher": "How high is {}?",
    "taller": "How tall is {}?",
    "deeper": "How deep is {}?",
    "longer": "How long is {}?",
    "wider": "How wide is {}?",
    "heavier": "How heavy is {}?",
    "larger": "How large is {}?",
    "bigger": "How big is {}?",
    "faster": "How fast is {}?",
    "more populous": "What is the population of {}?",
    "more expensive": "How much does {} cost?",
    # the other direction asks the same measure (:mod:`.comparing` reads which way)
    "lower": "How high is {}?",
    "shorter": "How long is {}?",
    "narrower": "How wide is {}?",
    "lighter": "How heavy is {}?",
    "smaller": "How large is {}?",
    "slower": "How fast is {}?",
    "cheaper": "How much does {} cost?",
}
#: A comparison of age: each side's beginning is the measure (a founding, an opening; a birth).
_AGE_COMPARED = re.compile(r"\b(?:older|oldest|newer|newest|younger|youngest)\b", re.I)
_WHO = re.compile(r"\s*who\b", re.I)
#: A comparison's bare sides are named with the kind of thing asked when it is part of such names
#: (*Halden Observatory*, *Dunmore Station*: a bare *Kessler* is as much a person as the place).
_NAME_NOUNS = THING_NOUNS
#: The kind a comparison names its sides by: ``Which observatory is older, ...``.
_WHICH_KIND = re.compile(r"\s*which\s+([A-Za-z][a-z-]+)\s+(?:is|was|are|were|has|had|did|does)\b", re.I)
_FOCUS = re.compile(r"\bfocus(?:ing|ed)?\s+(?:on|upon)\s+([^.;!?\n]+)", re.IGNORECASE)
_EXCLUDE = re.compile(
    r"\b(?:ignore|ignoring|exclude|excluding|skip|not interested in|except)\s+([^.;!?\n]+)", re.IGNORECASE
)


#: A question that opens by naming whose account it asks for: ``According to X, what ...?``.
_ATTRIBUTED = re.compile(r"^\s*according to (?P<source>[^,?]+),\s*(?P<question>.+)$", re.I)


def plan_questions(question: str, context: str | None, depth: Depth) -> list[str]:
    """The research questions for ``question`` (see the module docstring); at least one."""
    text = normalized(question)
    asked = read_question(text)
    if asked.checks_claim:
        return [_finish_statement(asked.hypothesis)]
    if asked.kind is Kind.COMPARISON:
        by_noun = HAS_THE_MORE.match(text)  # ``which has the larger population``: each side's population
        measure = _measure_by_noun(by_noun, text) if by_noun else None
        faster = DOES_IT_FASTER.match(text)  # ``which ship makes the crossing faster``: how long each takes
        if faster is not None and measure is None:
            measure = f"How long does {{}} take to {_base_verb(faster['verb'])} {faster['what']}?"
        measure = measure or next(
            (q for word, q in _COMPARED_MEASURES.items() if re.search(rf"\b{word}\b", text, re.I)), None
        )
        if measure is None and _AGE_COMPARED.search(text):  # older, newer: when each began (a person: was born)
            measure = "When was {} born?" if _WHO.match(text) else "When was {} founded?"
        ask = measure or "What is known about {}?"
        kind = _WHICH_KIND.match(text)  # ``which observatory is older, Halden or Kessler``: each is one
        noun = kind.group(1).lower() if kind else ""
        named = [
            f"the {side} {noun.capitalize()}" if noun in _NAME_NOUNS and noun not in side.lower() else side
            for side in asked.sides
        ]
        return [ask.format(side) for side in named][:MAX_QUESTIONS]
    if asked.kind is Kind.OVERVIEW:
        return [f"What is known about {asked.hypothesis}?"]
    attributed = _ATTRIBUTED.match(text)
    if attributed is not None:  # ``According to the 2009 survey, what share ...?``: one question, its source kept
        question = attributed["question"].rstrip(" ?")
        text = f"{question[0].upper()}{question[1:]} according to {attributed['source']}?"
    shared = _shared_noun(text)
    if shared is not None:  # ``the Halden and Kessler observatories``: one question per observatory
        return [q for each in shared for q in plan_questions(each, context, depth)][:MAX_QUESTIONS]
    subject = _main_subject(text)
    clauses = _expand(_clauses(text))
    questions = _dedupe([_finish(_carry(c, subject)) for c in clauses]) or [_finish(text)]
    questions = _refocus(questions, context, subject)
    if depth is Depth.DEEP and subject and len(questions) < MAX_QUESTIONS:
        questions.append(f"What are the key facts about {subject}?")
    return questions[:MAX_QUESTIONS]


def _base_verb(verb: str) -> str:
    """A verb's base from its present (*makes* -> *make*, *goes* -> *go*) or past (*made* -> *make*)."""
    base = base_of_past(verb.lower())
    if base is not None:
        return base
    return re.sub(r"(sh|ch|ss|[xzo])es$|(?<!s)s$", r"\1", verb.lower())


def _measure_by_noun(by_noun: re.Match[str], text: str) -> str:
    """What a comparison by a noun asks of each side: *the larger population* -> ``What is the
    population of {}?``; *more inhabitants* -> ``How many inhabitants does {} have?``; *more water* ->
    ``How much water does {} have?``; with the one verb before it and what qualifies it (*sold more
    copies in its first year* -> ``How many copies did {} sell in its first year?``, *was downloaded
    more times* -> ``How many times was {} downloaded?``)."""
    noun, after = by_noun["noun"], by_noun["after"] or ""
    many = "How many" if noun.endswith("s") else "How much"
    if not re.search(r"\b(?:more|fewer|less)\s+" + re.escape(noun), text, re.I):
        return f"What is the {noun} of {{}}?"
    acted = _ACTED_MORE.match(text)
    if acted is not None and acted["aux"]:  # ``was downloaded more times``
        return f"{many} {noun} {acted['aux'].lower()} {{}} {acted['verb']}{after}?"
    base = base_of_past(acted["verb"]) if acted is not None else None
    if base is not None:  # ``sold more copies``
        return f"{many} {noun} did {{}} {base}{after}?"
    return f"{many} {noun} does {{}} have{after}?"


#: One verb, or a passive, between *which* (and a noun) and *more* (``Which sold more copies``,
#: ``Which version was downloaded more times``).
_ACTED_MORE = re.compile(r"^\s*which(?:\s+[a-z]+)??\s+(?:(?P<aux>was|were)\s+)?(?P<verb>[a-z]+)\s+more\s", re.I)


def _shared_noun(text: str) -> list[str] | None:
    """A question about two names that share a plural noun, as one question per name: ``When were
    the Halden and Kessler observatories founded?`` -> ``When was the Halden Observatory founded?``
    and ``When was the Kessler Observatory founded?``; ``What are the populations of Mereth and
    Harlow?`` -> ``What is the population of Mereth?`` and ``... of Harlow?``."""
    before_names = _NAMES_NOUN.search(text)
    of_names = _NOUN_OF_NAMES.search(text)
    match = before_names or of_names
    if match is None:
        return None
    noun = _singular(match.group("noun"))
    before, after = text[: match.start()], text[match.end() :]
    verb = _PLURAL_VERB.search(before)
    if verb is not None:
        before = before[: verb.start(1)] + _VERB_SINGULAR[verb.group(1).lower()] + before[verb.end(1) :]
    before = re.sub(r"\b([a-z]{3,}s)(\s+of\s+(?:the\s+)?)$", lambda m: _singular(m.group(1)) + m.group(2), before)
    the = match.group("the") or ""
    if before_names is not None:
        named = [f"{name} {noun[:1].upper()}{noun[1:]}" for name in (match.group("a"), match.group("b"))]
    else:
        named = [f"{noun} of {name}" for name in (match.group("a"), match.group("b"))]
    return [f"{before}{the}{name}{after}" for name in named]


def _singular(plural: str) -> str:
    if plural.endswith(("ss", "us", "is")):  # ``status``, ``campus``, ``basis``: no plural
        return plural
    if plural.endswith("ies"):
        return plural[:-3] + "y"
    if plural.endswith(("ches", "shes", "sses", "xes")):
        return plural[:-2]
    return plural[:-1]


_NAME = r"[A-Z][\w'\u2019-]*(?:\s+[A-Z][\w'\u2019-]*)*"
_PLURAL = r"(?P<noun>[a-z]{2,}[a-rtvz]s)"  # not ``status``, ``campus``, ``basis``
_NAMES_NOUN = re.compile(rf"(?P<the>the\s+)?(?P<a>{_NAME})\s+and\s+(?P<b>{_NAME})\s+{_PLURAL}\b")
_NOUN_OF_NAMES = re.compile(rf"(?P<the>the\s+)?{_PLURAL}\s+of\s+(?P<a>{_NAME})\s+and\s+(?P<b>{_NAME})\b")
_VERB_SINGULAR = {"were": "was", "are": "is", "have": "has", "do": "does"}
_PLURAL_VERB = re.compile(r"\b(were|are|have|do)\b(?!.*\b(?:were|are|have|do)\b)", re.IGNORECASE)


def _finish_statement(text: str) -> str:
    text = text.strip()
    return text if text.endswith((".", "!", "?")) else text + "."


def _clauses(text: str) -> list[str]:
    out: list[str] = []
    for sentence in re.split(r"[?;]\s*", text):
        out += [c.strip(" ,.!") for c in _SPLIT.split(sentence) if c.strip(" ,.!")]
    return out


def _expand(clauses: list[str]) -> list[str]:
    """Give every bare wh-word the rest of a neighbouring clause."""
    out: list[str] = []
    pending: list[str] = []
    for clause in clauses:
        if _BARE_WH.match(clause):
            pending.append(clause)
            continue
        first, _, rest = clause.partition(" ")
        lead = _WH_LEAD.match(clause)
        if pending and lead is not None:  # ``at what time did the deck collapse``: *On what date* asks it too
            out += [f"{wh} {lead['rest']}" for wh in pending]
        elif pending and re.fullmatch(_WH, first, re.IGNORECASE):
            out += [f"{wh} {rest}" for wh in pending]
        elif pending:
            out += [f"{wh} {_lower_first(clause)}" for wh in pending]
        pending = []
        out.append(clause)
    if pending and out:
        previous = out[-1]
        first, _, rest = previous.partition(" ")
        tail = rest if re.fullmatch(_WH, first, re.IGNORECASE) else _lower_first(previous)
        done = _WHO_DID.match(previous)  # *Who founded X, and when?* -> *When was X founded?*
        out += [
            f"{wh} was {done['what']} {_participle(done['verb'])}" if done and not _WHO.match(wh) else f"{wh} {tail}"
            for wh in pending
        ]
    elif pending:
        out += pending
    return out


#: A question about who did a deed to a thing: *Who founded Brekke Foods*, *Who wrote The Harrow Lantern*.
_WHO_DID = re.compile(rf"^\s*[Ww]ho\s+(?!{_AUX}\b)(?P<verb>[a-z]+)\s+(?P<what>(?:the\s+)?[A-Z\"].*?)\s*$")
#: Past participles that differ from the past tense (*wrote* -> *written*); the rest are alike (*built*).
_PARTICIPLES = {
    "wrote": "written", "drew": "drawn", "took": "taken", "gave": "given", "began": "begun", "sang": "sung",
    "rode": "ridden", "chose": "chosen", "spoke": "spoken", "broke": "broken", "stole": "stolen", "flew": "flown",
    "grew": "grown", "knew": "known", "threw": "thrown", "saw": "seen", "did": "done", "ran": "run",
    "sank": "sunk", "shook": "shaken", "wore": "worn", "tore": "torn", "forgot": "forgotten", "hid": "hidden",
}  # fmt: skip


def _participle(verb: str) -> str:
    return _PARTICIPLES.get(verb.lower(), verb)


def _main_subject(text: str) -> str | None:
    names = [v.raw + version_after(text[v.end :]) for v in extract_values(text) if v.dimension == "name"]
    multi = [n for n in names if len(n.split()) > 1]
    candidates = multi or names
    return candidates[0] if candidates else None


def _carry(clause: str, subject: str | None) -> str:
    if not subject or subject.lower() in clause.lower():
        return clause
    pronoun = _PRONOUN.match(clause)
    if pronoun:
        return f"{pronoun.group(1)}{subject}{clause[pronoun.end() :]}"
    object_pronoun = _OBJECT_PRONOUN.search(clause)
    if object_pronoun:  # ``who owns it``: the subject is what is owned
        return f"{clause[: object_pronoun.start(1)]}{subject}{clause[object_pronoun.end(1) :]}"
    match = _INSERT_AFTER_THE.match(clause)
    if match:
        return f"{match.group(1)}{subject} {match.group(2)}"
    linker = "during" if re.search(r"\d", subject) else "for"
    return f"{clause} {linker} {subject}"


def _finish(clause: str) -> str:
    clause = clause.strip(" ,.!?")
    return clause[:1].upper() + clause[1:] + "?"


def _lower_first(text: str) -> str:
    first = text.split(" ", 1)[0]
    keep = (len(first) > 1 and first.isupper()) or any(ch.isdigit() for ch in first)
    return text if keep else text[:1].lower() + text[1:]


def _dedupe(questions: list[str]) -> list[str]:
    seen: set[str] = set()
    out: list[str] = []
    for q in questions:
        if q.lower() not in seen and len(q) > 2:
            seen.add(q.lower())
            out.append(q)
    return out


def _refocus(questions: list[str], context: str | None, subject: str | None) -> list[str]:
    if not context:
        return questions
    subject_set = subject_words(subject) if subject else frozenset()
    for match in _EXCLUDE.finditer(context):
        topic = subject_words(match.group(1)) - subject_set
        kept = [q for q in questions if not topic & subject_words(q)]
        questions = kept or questions
    focus = _FOCUS.search(context)
    if focus:
        topic_text = focus.group(1).strip(" ,")
        topic = subject_words(topic_text) - subject_set
        needed = len(topic) if len(topic) <= 2 else math.ceil(len(topic) * 2 / 3)
        about = [q for q in questions if topic and len(topic & subject_words(q)) >= needed]
        if not about:
            about = [_finish(_carry(f"What is known about {topic_text}", subject))]
        questions = about + [q for q in questions if q not in about]
    return questions
