"""Which entity a span speaks of, when several share the question's subject name.

A name is shared (``Double Live`` is an album of three bands; ``Senator Bloomer`` is three
people); what tells the entities apart is the full name around the subject's head word (``Asa
Schoonmaker "Ace" Bloomer``, ``John Henry Bloomer``) and a qualifier after it in brackets
(``Turkey Shoot (2014 film)``) or, at a document's title, after a comma or *of* (``Kansas City
Southern Depot, Zwolle``, ``1st arrondissement of Lyon``). Two spans whose entity words are both
known and neither holds the other are *named apart*: different entities, whose different answers
are no contradiction.
"""

from __future__ import annotations

import itertools
import re
from functools import lru_cache

from agents.offline.evidence import Found
from agents.offline.question import Asked, Wants
from agents.offline.values import NAME_ABBREVIATION, Value, extract_values, values_agree
from agents.offline.words import NAME_WORD_ABBREVIATIONS, STOP_WORDS, TEXTS

__all__ = [
    "ORDINAL",
    "acronym_written_out",
    "entity_label",
    "entity_of",
    "named_apart",
    "other_end",
    "same_dates",
    "same_life",
    "spelled_out",
]

#: Lower-case words inside a name (``Louis de Lorraine``): part of a name, naming no one by themselves.
_PARTICLES = frozenset({"of", "de", "von", "van", "da", "del", "la", "le"})
_NAME_WORD = re.compile(rf"(?:[A-Z][\w.'\u2019-]*|\"[^\"]{{1,24}}\"|(?:{'|'.join(sorted(_PARTICLES))})['\u2019]?)$")
_QUALIFIER = re.compile(r"\s*\(([^()]{1,48})\)")
_LIFE_DATES = re.compile(r"\d\s*[\u2013\u2014\u2212-]\s*\d|\b(?:c\.|ca\.)")
#: A bracket that only dates a life (``(born 3 May 1961)``) says when, not which entity: no qualifier.
_DATES_ONLY = re.compile(r"\s*(?:born|b\.|died|d\.)\s+[^,;]*$")
#: A bracket that glosses the name instead of telling which one it is: its spelling in a language
#: (``Urdu: چوڑیاں``, ``Ottoman Turkish: ...``), its meaning or its sound.
_GLOSS = re.compile(r"\s*(?:[A-Z][a-z]+(?:\s+[A-Z][a-z]+)?\s*:|(?:meaning|lit\.|literally|pronounced)\b)")
#: A bracket holding a year alone: which namesake a title means (*Battle of Beirut (1941)*), or when
#: the thing happened (*SS Maren Holt (1923)* heading a list's entry) -- the latter where a date is
#: asked: the bracket then states a candidate answer, not another entity.
_YEAR_ONLY = re.compile(r"\s*(?:c\.\s*)?\d{3,4}\s*$")
#: Titles before a name say how a source addresses a person, not which person it means.
_HONORIFICS = frozenset(["dr", "prof", "professor", "mr", "mrs", "ms", "miss", "mx", "sir", "dame", "rev", "revd"])
#: Words that open a person's name (an honorific or a rank: ``Princess Xenia``, ``Sir Ian``): what a
#: page writes before one is another name (``Mother Elisabetha di Sasso Ruffo Princess Xenia``).
_RANKS = ["prince", "princess", "king", "queen", "emperor", "empress", "tsar", "tsarina", "sultan", "duke"]
_RANKS += ["duchess", "archduke", "archduchess", "count", "countess", "baron", "baroness", "lord", "lady"]
_NAME_OPENERS = _HONORIFICS | frozenset(_RANKS)
_YEAR_WORD = re.compile(r"1[5-9]\d\d|20\d\d")
_HEAD_CHARS = 240
_NAME_BEFORE_CHARS = 30  # the words of a title's name before its head word
#: How far into the sentence a title's name may be said again (``Mara Lind (chemist)\n\nMara Lind was``).
_TITLE_SAID_AGAIN = 60
_NAME_AFTER = re.compile(r"\s+[A-Z][\w.'\u2019-]*+")
_NAME_AFTER_WORDS = 3  # more capitalized words than this in a row are a page's labels
_CAPITAL = r"[A-Z][\w.'\u2019-]*\s*"
#: An ordinal in a title (``3rd`` of ``3rd Baronet``).
ORDINAL = r"\d+(?:st|nd|rd|th)"
#: A title's qualifier: an ordinal and a title (``3rd Baronet``, ``4th Baron Fermoy``) or a few capitalized words.
_QUALIFYING = rf"(?:{ORDINAL}\s+(?:{_CAPITAL}){{1,2}}|(?:{_CAPITAL}){{1,3}})"
_TITLE_QUALIFIER = re.compile(rf"(?:,|\s+of)\s+({_QUALIFYING})")
_TITLE_CHARS = 60  # a passage's title is at its very start
_OTHER_ENDING_LENGTH = 8  # a one-word name this long is recognized with another ending


def entity_of(asked: Asked, item: Found) -> frozenset[str]:
    """The words that tell which entity bearing the subject's name a span speaks of: the full name
    around the subject's head word (``Asa Schoonmaker "Ace" Bloomer``) and a qualifier in brackets
    after it (``(1994 film)``, ``(musician)``), in the sentence, at the head of its passage and in
    its document's title (``# Mara Lind (chemist)``); without the subject's own words. A value in
    the qualifier stays (``(Ronnie Milsap album)``, ``(printer, born 1666)``): the entity is named
    by it, and a copy of one passage that changes both is caught as one text before entities are
    compared."""
    named = _entities_named(asked)
    # each side of a firm's ``&`` heads a name too (``Penrillo`` of ``Penrillo & Daughters``)
    heads = [part.split()[-1] for name in named for part in name.split(" & ") if part.split()]
    if not heads:
        return frozenset()
    own = {w.lower() for name in asked.subjects for w in re.findall(r"\w+(?:-\w+)*", name)}
    own |= {w.lower() for name in asked.subjects for w in re.findall(r"\w+", name)}  # ``News-Democrat``: its parts too
    own |= {NAME_WORD_ABBREVIATIONS[w].lower() for w in own if w in NAME_WORD_ABBREVIATIONS}  # *St.* for *Saint*
    title_before = _title_before(item, heads)
    head_of_passage = title_before or _head(item)
    # a title further on supersedes the document's own (``Thomas Penrose (cricketer)`` as a second section)
    title_line = item.context.split("\n", 1)[0] if "\n" in item.context and not title_before else ""
    words: set[str] = set()
    dated = asked.wants is Wants.DATE
    whole = [name for name in named if len(name.split()) >= 2]
    for text, title in ((item.text, False), (head_of_passage, True), (title_line, True)):
        for head in heads:
            match = _whole_name_at(text, whole) or _head_at(text, head)
            if match is not None and _ANOTHER_NAME_OF_IT.search(text, 0, match.start()):
                break  # ``The school was founded as Altrincham County High School``: a former name, no other school
            if match is not None:
                words |= _name_around(text, match.start(), match.end(), title=title, own=own, dated=dated)
                break
    return frozenset(
        w
        for w in words
        if w not in own and w not in STOP_WORDS and w.rstrip("'\u2019") not in _PARTICLES and w not in _HONORIFICS
    )


#: A name the subject bore or bears besides (``founded as``, ``renamed``, ``also known as``), up to
#: the name's head: the same entity under another name.
_ANOTHER_NAME_OF_IT = re.compile(
    r"\b(?:(?:founded|established|opened|started|formed|created|built|known)\s+as|renamed)"
    r"\s+(?:the\s+|an?\s+)?(?:[A-Z][\w.'&-]*\s+){0,6}$"
)


def _entities_named(asked: Asked) -> tuple[str, ...]:
    """The subjects whose namesakes are told apart: not a setting the question places another in
    (*the rank of Admiral Morgan in the United States Navy*), whose name a page repeats without
    saying which Morgan it means."""
    settings = {name for name in asked.subjects if re.search(rf"\bin\s+(?:the\s+)?{re.escape(name)}\b", asked.text)}
    return tuple(name for name in asked.subjects if name not in settings) or asked.subjects


def _whole_name_at(text: str, names: list[str]) -> re.Match[str] | None:
    """The first place ``text`` writes one of the subject's names of two words or more whole: a
    fact box listing aliases (``Maurice Burke Roche ; Maurice Roche ;``) is read where it names the
    subject as asked, not at the first alias sharing its last word."""
    found = [m for name in names if (m := re.search(rf"(?<![\w-]){_spaced(name)}(?![\w-])", text))]
    return min(found, key=lambda m: m.start()) if found else None


def _spaced(name: str) -> str:
    """A pattern for ``name`` whose words may be joined by a hyphen as well as a space (*News
    Democrat* is written ``News-Democrat``)."""
    return r"[\s-]+".join(re.escape(word) for word in name.split())


def _head_at(text: str, head: str) -> re.Match[str] | None:
    """Where ``text`` names the subject's head word: as written, or -- a long one-word name -- with
    another ending (``Belorusskaya (Koltsevaya line)`` for *Belorussky*, as :func:`spelled_out`)."""
    match = re.search(rf"(?<![\w-]){re.escape(head)}(?![\w-])", text)
    if match is None and len(head) >= _OTHER_ENDING_LENGTH:
        match = re.search(rf"(?<![\w-]){re.escape(head[:-1])}\w{{1,4}}(?![\w-])", text, re.IGNORECASE)
    return match


#: The name before an acronym's bracket: ``Oxford University Chess Club (`` for *OUCC*.
_EXPANDED = re.compile(r"((?:[A-Z][\w'\u2019-]*\s+(?:(?:of|the|and|for|de|du)\s+)?){2,8})\(\s*$")


def _name_around(
    text: str, start: int, end: int, *, title: bool = False, own: set[str] | None = None, dated: bool = False
) -> set[str]:
    """The words of the name running through ``text[start:end]`` and its bracketed qualifier (at a
    passage's title, also one after a comma or *of*: ``Kansas City Southern Depot, Zwolle``, ``1st
    arrondissement of Lyon``; not a title's opening verb: ``Visiting Mereth and Lake Orvin``, though
    a name ending in *-ing* is lost there); an acronym in brackets after the name it stands for is
    that name (``Oxford University Chess Club (OUCC)``)."""
    expanded = _EXPANDED.search(text, 0, start) if re.match(r"\s*\)", text[end:]) else None
    if expanded is not None:
        return {w.lower() for w in re.findall(r"\w+(?:-\w+)*", expanded.group(1))}
    line_start = text.rfind("\n", 0, start) + 1  # a name runs within its line (``Manchester, England\nAltrincham ...``)
    before = [] if _opens_name(text[start:end]) else text[line_start:start].split()
    taken: list[str] = []
    read = 0  # words of the name before its head (taken, or the subject's own)
    for i, word in enumerate(reversed(before[-4:])):
        opening = i == len(before[-4:]) - 1 and len(before) <= 4
        if word.islower() and word in (own or ()):
            read += 1
            continue  # the subject's own common noun inside the name (``1978 NCAA Division III football season``)
        if title and opening and not dated and _YEAR_WORD.fullmatch(word):
            taken.append(word)  # a title's opening year names which of a recurring event (``1945 Newport by-election``)
            break
        if not _NAME_WORD.match(word) or (title and opening and word.lower().endswith("ing")):
            break  # a title's opening verb (``Visiting Mereth and Lake Orvin``) names no one
        if word[-1] in ".!?" and not re.fullmatch(NAME_ABBREVIATION, word):
            break  # the end of the sentence before (``a 4-core CPU. Kestrel, the Rust database``)
        taken.append(word)
        read += 1
        if _opens_name(word):
            break
    # after the name, more of it (``Princess Xenia Andreevna Romanoff``) -- not in a title, where the
    # words that follow are the title's own (``Apollo 11 Myths and Facts``), nor a longer run of
    # capitals, which is a page's labels (``Courthouse Location Town Square Adel``)
    after = _between_copies(text, start, end, read) if title else _more_of_name(text[end:])
    rest = end + len(after)
    words = [*taken, *after.split()]
    titled = _TITLE_QUALIFIER.match(text[rest:]) if title and start < _TITLE_CHARS else None
    if titled is not None:
        words += itertools.takewhile(lambda w: w.lower() not in STOP_WORDS, titled.group(1).split())
    qualifier = _QUALIFIER.match(text[rest:])
    if (
        qualifier is not None
        and len(qualifier.group(1).split()) <= 6
        and not _LIFE_DATES.search(qualifier.group(1))
        and not _DATES_ONLY.match(qualifier.group(1))
        and not (dated and _YEAR_ONLY.match(qualifier.group(1)))
        and not _GLOSS.match(qualifier.group(1))
    ):
        words += qualifier.group(1).split()
    return {w.lower() for word in words for w in re.findall(r"\w+(?:-\w+)*", word)}


def _opens_name(words: str) -> bool:
    """Whether ``words`` begin with an honorific or a rank, which opens a person's name."""
    first = words.split()[0].lower().rstrip(".") if words.split() else ""
    return first in _NAME_OPENERS


def _between_copies(text: str, start: int, end: int, read: int) -> str:
    """A title's words between the name and the name said again as its page begins (``No. 94
    Squadron RAAF No. 94 Squadron was ...``): the title's qualifier (*RAAF*); empty when the name
    is not said again right after a few capitalized words."""
    opening = re.search(rf"(?:\S+\s+){{{read}}}$", text[:start]) if read else None
    name = text[opening.start() if opening else start : end]
    again = re.match(rf"\s+((?:[A-Z0-9][\w.'\u2019-]*\s+){{1,3}}?){re.escape(name)}(?![\w-])", text[end:])
    return again.group(1) if again else ""


def _more_of_name(text: str) -> str:
    """The rest of a name at the start of ``text`` (``Andreevna Romanoff`` after *Princess Xenia*): up
    to :data:`_NAME_AFTER_WORDS` capitalized words before a stop word (``Squadron The 378th ...``),
    and whom the thing is for (``Wirral Grammar School for Girls``); a longer run of capitals is a
    page's labels (``Courthouse Location Town Square Adel``), no name."""
    end = 0
    count = 0
    while (word := _NAME_AFTER.match(text, end)) is not None and word.group().strip().lower() not in STOP_WORDS:
        end, count = word.end(), count + 1
    if count > _NAME_AFTER_WORDS:
        return ""
    whom = _FOR_WHOM.match(text, end)  # ``Wirral Grammar School for Girls``: whom it is for names it too
    return text[: whom.end()] if whom is not None else text[:end]


#: A name's *for* and whom it is for (``for Girls``, ``for the Blind``), capitalized as part of the name.
_FOR_WHOM = re.compile(r"\s+for\s+(?:the\s+)?[A-Z][\w'\u2019-]*(?:\s+[A-Z][\w'\u2019-]*){0,2}")


def named_apart(a: frozenset[str], b: frozenset[str]) -> bool:
    """Entity words that name two different entities: both known, neither within the other."""
    return bool(a and b) and not (a <= b or b <= a)


def _title_before(item: Found, heads: list[str]) -> str:
    """The last page title the passage gives before the sentence, past its head: a scrape that runs
    from one page into the next (``... for those under age 18. Lake Mills (town), Wisconsin Lake Mills
    is a town in ...``) -- the subject's head word before a bracketed qualifier or a capitalized one
    after a comma (``St. Lawrence, Wisconsin St. Lawrence is a town``), said again as the page
    begins. From a few words before it (the rest of the name) to the sentence; empty when there is
    none."""
    at = item.context.find(item.text)
    if at <= 0:
        return ""
    context = item.context[: at + _TITLE_SAID_AGAIN]  # the name said again may open the sentence
    titles = [
        m
        for head in heads
        for m in re.finditer(
            rf"(?<![\w-]){re.escape(head)}(?:\s*\([^()]{{1,48}}\)|,\s+[A-Z][\w'\u2019-]*(?:\s+[A-Z][\w'\u2019-]*)?)"
            rf"(?=[^()]{{0,40}}?(?<![\w-]){re.escape(head)}(?![\w-]))",  # said again (ahead: titles may overlap)
            context,
        )
    ]  # the title's name said again as its page begins: ``Lake Mills (town), Wisconsin Lake Mills is``,
    # ``St. Lawrence, Wisconsin St. Lawrence is``
    last = max((m.start() for m in titles), default=0)
    if last <= 0:
        return ""  # the passage's own title: its head names the entity
    opening = context.rfind(" ", 0, max(0, last - _NAME_BEFORE_CHARS)) + 1
    return context[max(opening, context.rfind("\n", 0, last) + 1) :]  # not past the title's own line


def _head(item: Found) -> str:
    """The opening of the passage (or of its document) after its title line."""
    return item.context.split("\n", 1)[-1][:_HEAD_CHARS]


def same_dates(a: Found, b: Found) -> bool:
    """Whether two passages open with the same full date (day, month and year), or the same span of
    years in brackets: one life or one event (``Greg Boyer (born September 25, 1958) is an American
    trombonist`` and ``... (born September 25, 1958) is an American chef``), whatever the qualifiers
    say. Used for answers that
    are sentences, not dates (where the date asked for would make every answer alike)."""
    mine, theirs = ([v for v in extract_values(_head(x)) if _full_date(v)] for x in (a, b))
    if any(values_agree(d, e) is True for d in mine for e in theirs):
        return True
    spans = [{_life_span(_head(x)), _life_span(x.text)} - {None} for x in (a, b)]
    return bool(spans[0] & spans[1])


def _life_span(text: str) -> tuple[str, str] | None:
    """The two years of a bracketed span of life or existence (``(2 September 1880 - 31 October
    1937)``, ``(1880-1937)``), when the text has one."""
    for bracket in re.finditer(r"\(([^()]{4,60})\)", text):
        years = re.findall(r"(?<!\d)(1\d{3}|20\d{2})(?!\d)", bracket.group(1))
        if len(years) == 2 and _LIFE_DATES.search(bracket.group(1)):
            return years[0], years[1]
    return None


def _full_date(value: Value) -> bool:
    return value.dimension == "time" and None not in (value.year, value.month, value.day)


def other_end(item: Found, value: Value) -> Value | None:
    """The other date of the bracketed span of life a date stands in (``(26 June 1624 - 18 June
    1668)``, places too: ``(15 May 1903, Ulm - 2 June 1976, Bonn)``: the death for the birth, the
    birth for the death), or None. Two people with one name differ at both ends; a changed copy of
    one person's life keeps the other end."""
    if value.dimension != "time":
        return None
    text, at = item.text, value.start
    if (offset := item.context.find(item.text)) >= 0:  # a span may stop inside its bracket: read its passage
        text, at = item.context, offset + value.start
    for bracket in re.finditer(r"\(([^()]{4,160})\)", text):
        if not bracket.start() <= at < bracket.end():
            continue
        inside = bracket.group(1)
        ends = [v for v in extract_values(inside) if v.dimension == "time"]
        if len(ends) != 2 or not _DASH.search(inside[ends[0].end : ends[1].start]):
            return None
        others = [v for v in ends if v.start + bracket.start(1) != at]
        return others[0] if len(others) == 1 else None
    return None


_DASH = re.compile(r"[\u2013\u2014\u2212-]")


_ACRONYM = re.compile(r"^[A-Z]{2,6}$")
_CAPITALIZED_RUN = re.compile(r"(?:[A-Z][\w'\u2019-]*\s+(?:(?:of|the|and|for|de|at)\s+)?){1,15}[A-Z][\w'\u2019-]*")


@lru_cache(maxsize=TEXTS)  # asked of every sentence of a passage, with that passage
def spelled_out(name: str, text: str) -> bool:
    """Whether ``text`` names ``name`` in another spelling: an acronym written out (``YHSS`` ->
    ``Yangchenphug Higher Secondary School``), one word written as two (``Mooretown`` -> ``Moore
    Town``), or a long one-word name with another ending (``Belorussky`` -> ``Belorusskaya``)."""
    if " " not in name.strip() and len(name) >= 6:
        words = re.findall(r"\w+", text[:4000].lower())
        if name.lower() in {a + b for a, b in itertools.pairwise(words)}:
            return True
        stem_ = name.lower()[:-1]  # another ending of one name (``Belorussky``, ``Belorusskaya``)
        if len(name) >= _OTHER_ENDING_LENGTH and any(w.startswith(stem_) and len(w) <= len(name) + 3 for w in words):
            return True
    return bool(acronym_written_out(name, text))


def acronym_written_out(name: str, text: str) -> list[int]:
    """Where ``text`` writes the acronym ``name`` out (``YHSS`` -> ``Yangchenphug Higher Secondary
    School``): the end of each such run of capitalized words (none for a name that is no acronym)."""
    if not _ACRONYM.match(name):
        return []
    out = []
    for run in _CAPITALIZED_RUN.finditer(text[:4000]):
        words = [w for w in re.finditer(r"\S+", run.group()) if w.group()[0].isupper()]
        if words and words[0].group() == "The" and not name.startswith("T"):
            words = words[1:]  # ``The University of Puerto Rico at Aguadilla`` for *UPRA*
        initials = "".join(w.group()[0] for w in words)
        if initials == name:
            out.append(run.end())
        elif initials.startswith(name):  # a title said twice as a page opens (``... School Yangchenphug ...``)
            out.append(run.start() + words[len(name) - 1].end())
    return out


def same_life(a: Found, va: Value | None, b: Found, vb: Value | None) -> bool | None:
    """Two dates each in a span of life: one life when the other ends agree, two when they do not
    (None when either is not in one)."""
    ends = (other_end(a, va) if va else None), (other_end(b, vb) if vb else None)
    if ends[0] is None or ends[1] is None:
        return None
    return values_agree(ends[0], ends[1]) is True


_LABEL_START = 12  # characters of junk before a title's name (a bullet, a heading's mark)
_COMMA_QUALIFIER = re.compile(rf",\s+({_QUALIFYING})")


def entity_label(asked: Asked, opening: str) -> str:
    """The title a source's ``opening`` gives the entity it is about, as written, when a qualifier
    tells it apart from others of the subject's name: the name and the qualifier right after it, in
    brackets (``Greg Boyer (water polo)``) or after a comma (``New Lebanon, Ohio``, ``Henry St
    John-Mildmay, 3rd Baronet``; the qualifier stops before an honorific or a word of the name,
    where the page names its subject again). The title opens the source, or -- a scrape that runs
    from one page into the next -- stands further in where the page's text begins right after it,
    naming the subject again (``... poverty line. New Lebanon, Pennsylvania New Lebanon is a
    borough``; not the next line of a list of works that share the name). Empty when the source
    has no such title."""
    text = " ".join(opening.split())
    own = {w.lower() for name in asked.subjects for w in re.findall(r"\w+", name)}
    whole = [name for name in asked.subjects if not any(name != other and name in other for other in asked.subjects)]
    for name in whole:  # not a name inside another (*Spheres* in *Music of the Spheres*)
        begins = re.compile(
            rf"\s*(?:\S+\s+){{0,6}}?{re.escape(name.split()[-1])}(?:\s*\([^()]*\))?,?\s+(?:is|was|are|were)\b"
        )
        for found in re.finditer(rf"(?<![\w-]){re.escape(name)}(?![\w-])", text):
            label, end = _qualified(text, found, own)
            opens = found.start() <= _LABEL_START
            if label and (opens or begins.match(text, end)):
                return label
            if opens:
                break
    return ""


def _qualified(text: str, name: re.Match[str], own: set[str]) -> tuple[str, int]:
    """The name with the qualifier right after it (see :func:`entity_label`), and where it ends;
    empty when none follows."""
    bracket = _QUALIFIER.match(text, name.end())
    if bracket is not None:
        return text[name.start() : bracket.end()], bracket.end()
    comma = _COMMA_QUALIFIER.match(text, name.end())
    if comma is None:
        return "", name.end()
    words = list(
        itertools.takewhile(
            lambda w: w.lower().strip(".") not in _HONORIFICS and w.lower() not in own and w.lower() not in STOP_WORDS,
            comma.group(1).split(),
        )
    )
    if not words:
        return "", name.end()
    label = f"{name.group()}, {' '.join(words)}"
    return label, name.start() + len(label)
