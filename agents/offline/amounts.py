"""Which numbers answer a question that asks for an amount (a count, a measure, a population).

Every quantity, count and bare number of the sentence is a candidate amount, except:

* a **share** (``18% of the population``) where the question asks for no share, percentage,
  proportion or rate, nor a change (``by how much``, ``lower``, ``increase``...: ``fell by 38
  percent``);
* a **measure or a count of other things** (``10 miles``, ``one of four townships``) where the
  question asks for a population (a count of people, or a bare number, is one);
* anything but a count where the question asks ``how many`` things (``how many people work at the
  observatory?`` is not answered by its ``0.9-metre refractor``), or the measure its unit names
  (``how many kilometres``, ``how many years``);
* anything but a length where the question asks ``how far`` / ``tall`` / ``high`` / ``deep`` /
  ``wide``, anything but a mass where it asks ``how heavy``, anything but a speed where it asks
  ``how fast``, anything but a length or a span of time where it asks ``how long is``, a span
  of time where it asks ``how large`` / ``big`` (its area or its count first: :func:`preferred_amount`),
  and anything but a share or an amount right after ``by`` where it asks ``by how much``;
* anything but the measure a noun of the question names where no *how* names one and no change is
  asked (a *dose* is a mass or a volume, a *half-life* a span of time, a *height* a length:
  :data:`_MEASURE_NOUNS`);
* where the question asks for a maximum (a minimum), anything but an upper (a lower) bound -- *do
  not take more than 80 mg* -- or a value its sentence calls the maximum (*the maximum dose is 40
  mg*); *the usual starting dose is 20 mg* is no maximum;
* a **rate** (``90.4 people per square mile``) unless the question asks for one (``per``,
  ``density``, *a year*, or a dose), and a rate's denominator (``officers per 1,000 residents``).

A bare number no other value holds (``a population of 37,935``) counts an unnamed thing; a number
inside a name is a designation (``Apollo 11``) and no amount.
"""

from __future__ import annotations

import itertools
import re
from dataclasses import replace

from agents.offline.question import Asked
from agents.offline.units import MONEY_DIMENSIONS, NUM, NUMWORD, SCALES, parse_number
from agents.offline.values import Value, extract_values, values_agree
from agents.offline.words import STOP_WORDS, canonical_noun, content_words, stem

__all__ = [
    "amounts_in",
    "counts_alike",
    "measure_said",
    "measure_words",
    "other_span",
    "preferred_amount",
    "values_compared",
    "wanted_amounts",
]

#: A number no other value holds; not an ordinal (*its 125th anniversary* counts nothing).
_BARE_NUMBER = re.compile(
    r"(?:(?<![\w.,/:-])\d{1,3}(?:,\d{3})+(?![\w,.]\d)|(?<![\w.,/:-])\d{2,}(?!\d)(?![\w.,/:]\d))(?!st\b|nd\b|rd\b|th\b)"
)
_RATE = re.compile(
    r"(?:\s+[a-z]+){0,2}\s+(?:per|a|an)\s+(?:square|sq\b|km|mile|acre|hectare|year|day|hour|capita|head)|\s*/\s*\w"
)
_PER = re.compile(r"\bper\s+$")  # ``per 1,000 residents``: a rate's denominator
_PEOPLE = frozenset({"person", "people", "inhabitant", "resident", "citizen"})
#: A thing's size: its extent, or how many it holds (``how large`` asks no span of time).
_SIZES = ("area", "volume", "length", "mass", "count")
#: What a place's or a body's size is stated as first: its area, or the people (or things) it counts.
_FIRST_SIZES = ("area", "count")
_BY_HOW_MUCH = re.compile(r"\s*by how much\b", re.I)
#: A hedge before an amount (``by about 12``, ``grew by nearly 2,000``).
_HEDGE = r"(?:about\s+|around\s+|nearly\s+|almost\s+|roughly\s+|some\s+)?"
_BY_AMOUNT = re.compile(rf"\bby\s+{_HEDGE}$", re.I)
#: The amount a change went by, not what it happened to: ``grew by 1,951``, ``grew by 13.6% (1,951
#: persons)`` (the count in brackets restating the share).
_CHANGE_AMOUNT = re.compile(
    r"\b(?:grew|grown|rose|risen|increased|decreased|fell|fallen|dropped|declined|shrank|shrunk|gained|lost|"
    rf"jumped|climbed)\s+by\s+{_HEDGE}"
    r"(?:[\d.,]+\s*(?:%|percent|per cent)\s*\(\s*)?$",
    re.I,
)
#: An amount one thing exceeds or falls short of another by: ``about 1 million more than planned``.
_DIFFERENCE_AFTER = re.compile(r"\s+(?:more|less|fewer|higher|lower|greater|smaller)\s+than\b", re.I)
_LARGE = re.compile(r"\s*how (?:large|big)\b", re.I)


def _nouns(words: str) -> frozenset[str]:
    return frozenset(canonical_noun(w) for w in words.split())


_HOW_MANY = re.compile(r"\s*how many\s+([a-z]+)", re.I)
#: The words after *how many* that name what is counted (up to three, before the verb's helper).
_COUNTED_WORDS = re.compile(
    r"\s*how many\s+(?:of\s+(?:the|its|their|these|those)\s+)?"  # *how many of the stolen plants*: the plants
    r"((?:(?!(?:do|does|did|is|are|was|were|has|have|had|will|would|can|could)\b)[a-z][\w-]*\s*){1,3})",
    re.I,
)
#: Nouns that count people: a question about people is answered by a count of any of them.
_HUMAN = _nouns(
    "people person inhabitant resident citizen employee worker staff member student pupil visitor "
    "passenger soldier player volunteer patient participant adult child"
)
#: A question about money: what was paid, spent, earned, raised, or a price, a budget, revenue.
_MONEY_ASKED = re.compile(
    r"\s*(?:how much\b.*\b(?:pay|paid|cost|costs|spend|spent|earn|earned|earns|raise|raised|sell|sold|charge|"
    r"charged|charges|worth|fund|funded|invest|invested|owe|owed|lose|lost|make|made|receive|received)\b"
    r"|(?:what|how much)\b.*\b(?:revenue|revenues|profit|profits|income|price|cost|budget|salary|turnover|sales|"
    r"fee|fees|fine|valuation|spending|dividend|dividends|earnings|grant|funding|investment)\b"
    r"|(?:the\s+)?(?:\w+\s+)?(?:cost|costs|price|budget|revenue|salary|fee|fees)\s+of\b)",  # *Total cost of X?*
    re.I,
)
_MONEY = tuple(MONEY_DIMENSIONS)  # the dimensions of money amounts
_SCALE_NOUNS = _nouns(" ".join(SCALES))
#: Currencies written as a word after the number that are read as counts of that word (the symbols,
#: the codes and the names in :data:`~.units.UNITS` -- *kroner*, *yen*, *yuan*, *rupees* -- are money
#: already).
_CURRENCY_NOUNS = _nouns(
    "francs franc pesos peso rand roubles rubles zloty lira lire dinars dirhams riyals baht ringgit shekels forint "
    "koruna reais"
)
_HOW_OLD = re.compile(r"\s*how old\b", re.I)
#: A question asking how far apart two things are.
_DISTANCE_ASKED = re.compile(r"\bhow far\b|\bdistances?\b", re.I)
#: A question asking how long a thing is (not how high or how deep).
_LENGTH_ASKED = re.compile(r"\bhow long\b|\blength\b|\blonger\b|\bshorter\b", re.I)
#: Before a length, that it is a reach from something: ``within 50 metres of any lock``.
_WITHIN_BEFORE = re.compile(r"\bwithin\s+$", re.I)
#: After a length, that it is a height or a depth: ``58 ft (17.7 m) above the river``, ``30 m deep``.
_HEIGHT_AFTER = re.compile(r"\s*\)?\s*(?:\([^()]{1,20}\)\s*)?(?:above|below|high|tall|deep|up|down)\b", re.I)
#: After a length, what it is reckoned from: ``12 miles north of Harwick``, ``3 km from the coast``.
_BEARING_AFTER = re.compile(
    r"\s+(?:(?:due\s+)?(?:north|south|east|west)(?:-?(?:east|west))?(?:wards?)?\s+of|from|away|outside|beyond|"
    r"upstream|downstream|inland|offshore)\b",
    re.I,
)
_FAST = re.compile(r"\s*how (?:fast|quickly)\b", re.I)
#: An amount of something per unit of time: how fast it is done.
_PER_TIME = re.compile(
    r"(?:\s+[a-z][\w-]*){0,3}\s+(?:per|a|an|each|every)\s+(?:second|minute|hour|day|week|month|year)s?\b|\s*/\s*(?:s|sec|min|h|hr)\b"
)
#: A question whose *how long* may ask a length or a span of time (``How long is Harlow Bridge?``).
_HOW_LONG_IS = re.compile(r"\s*how long (?:is|are|was|were)\b", re.I)
#: Sums of money a *how large* may ask the size of.
_SUMS = (
    r"(?:penalty|penalties|fine|fines|grant|grants|bill|payment|debt|loss|losses|deficit|budget|bonus|settlement|"
    r"award|donation|loan|subsidy|compensation|payout|overrun|surplus)"
)
#: What a ``how far`` / ``how tall`` / ``how long is`` / ``how large`` question measures.
_MEASURE_ASKED = [
    # *What percentage of the budget is the county paying?*: a share, not the budget's amount
    (
        re.compile(r"\s*(?:by\s+)?(?:what|which)\s+(?:percentage|per\s*cent|percent|proportion|share)\b", re.I),
        ("percent",),
    ),
    (re.compile(r"\s*how (?:far|tall|high|deep|wide)\b", re.I), ("length",)),
    (re.compile(r"\s*how heavy\b", re.I), ("mass",)),
    (_HOW_LONG_IS, ("length", "duration", "offset")),
    # *How large was the penalty?*: a sum of money is its size
    (
        re.compile(rf"{_LARGE.pattern}\s+(?:is|was|are|were)\s+(?:the|its|their|a|an)\s+(?:[a-z]+\s+)?{_SUMS}\b", re.I),
        _MONEY,
    ),
    (_LARGE, _SIZES),
]
#: A question asking an amount per unit of time: *How many nights a year can a home be rented?*
_RATE_ASKED = re.compile(
    r"\b(?:a|an|per|each|every)\s+(?:year|month|week|day|hour|minute|second)\b"
    # or what it usually is, in the simple present: *How many visitors does the festival draw?*
    r"|^\s*how\s+(?:many|much)\b[^?]*?\b(?:does|do)\s+(?!.*\b(?:in|since|by)\s+\d{4}\b)",
    re.I,
)
#: A dose is often given per day or per kilogram (*40 mg a day*): that rate is the dose asked for.
_DOSE = re.compile(r"\b(?:doses?|dosage)\b", re.I)
#: What a measure's noun asks for where no *how* does (*the maximum daily dose*: a mass or a volume).
_MEASURE_NOUNS = [
    (_DOSE, ("mass", "volume")),
    (re.compile(r"\bhalf-life\b", re.I), ("duration",)),
    (re.compile(r"\btemperature\b", re.I), ("temperature",)),
    (re.compile(r"\bpressure\b", re.I), ("pressure",)),
    (re.compile(r"\b(?:weight|payload)\b", re.I), ("mass",)),
    (re.compile(r"\b(?:height|altitude|elevation|width|depth|distance|diameter)\b", re.I), ("length",)),
]
#: A question asking for a limit: *What is the maximum daily dose?*, *the minimum age*.
_LIMIT_ASKED = re.compile(r"\b(?:(?P<max>maximum|max|upper limit)|minimum|lower limit)\b", re.I)
_MAX_NAMED = re.compile(r"\b(?:maximum|max|highest|most|limit|top)\b", re.I)
_MIN_NAMED = re.compile(r"\b(?:minimum|min|lowest|least|limit)\b", re.I)
#: What may be told as a share (a reservoir's *storage level*: ``stood at 37.0 per cent``; an *occupancy*).
_SHARES = frozenset(
    stem(w)
    for w in (
        *("percent", "percentage", "share", "proportion", "fraction", "rate", "level", "occupancy", "turnout"),
        *("punctuality", "reliability", "availability", "efficiency"),
    )
)
#: Money charged as a share of a sum (*What commission does the cooperative take on sales?*: 4.5 %).
_CHARGED_AS_SHARE = frozenset(content_words("commission interest tax vat discount levy royalty"))
#: A change is often stated as a share (``fell by 38 percent``): a question about one may want it.
_CHANGES = frozenset(content_words("lower reduce cut raise increase decrease fall drop rise grow decline"))
_NUMERIC_DIMENSIONS = ("count", "mass", "length", "area", "volume", "speed", "percent", "duration")


def amounts_in(text: str, values: list[Value]) -> list[Value]:
    """Every amount of ``text`` (its ``values`` already extracted): its measures and counts, and the
    bare numbers no other value holds, in the order written."""
    numbered = _PARAGRAPH_NUMBER.match(text)  # ``1.3 Storage figures ...``: the paragraph's number, no amount
    numbers = [
        v
        for v in values
        if (v.dimension.startswith(_NUMERIC_DIMENSIONS) or v.kind == "quantity")
        and v.dimension != "time"
        and not (numbered and v.start == numbered.start("number"))
    ]
    return sorted(numbers + _bare_numbers(text, values), key=lambda v: v.start)


#: A numbered paragraph's number opening it (``1.3 Storage figures``, ``4.2.1 The Board``).
_PARAGRAPH_NUMBER = re.compile(r"\s*(?P<number>\d{1,2}(?:\.\d{1,2}){1,3})\s+(?=[A-Z])")


def wanted_amounts(asked: Asked, text: str, values: list[Value]) -> list[Value]:
    """The amounts of ``text`` (its ``values`` already extracted) that may answer ``asked``."""
    if _PARTITIVE_ASKED.match(asked.text):  # *how many of the stolen plants*: the part, not the whole
        values = [_part_counted(text, v) or v for v in values]
    numbers = [
        v for v in amounts_in(text, values) if not _another_measure(asked, v) and not _PER.search(text, 0, v.start)
    ]
    measures = next((dims for pattern, dims in _MEASURE_ASKED if pattern.match(asked.text)), None)
    if _FAST.match(asked.text):  # a speed, or anything done per unit of time (``2.5 million points per second``)
        return [v for v in numbers if v.dimension.startswith("speed") or _PER_TIME.match(text, v.end)]
    if measures is None and _MONEY_ASKED.match(asked.text):  # ``how much did it pay``: money, not the
        share = bool(asked.focus & _CHARGED_AS_SHARE)  # 40 engineers of the firm it bought;
        return [v for v in numbers if _money(v, text) or (share and v.dimension == "percent")]  # a commission: 4.5%
    if measures is None:
        measures = _counted(asked)
    if measures is None and not _BY_HOW_MUCH.match(asked.text) and not asked.focus & _CHANGES:
        measures = next((dims for pattern, dims in _MEASURE_NOUNS if pattern.search(asked.text)), None)
    if measures is not None:  # ``how far``: a distance, not the town's population
        numbers = [v for v in numbers if v.dimension.startswith(measures)]
    if _LENGTH_ASKED.search(asked.text):  # ``carries the canal 58 ft above the river``: a height, not its length
        numbers = [v for v in numbers if not (v.dimension == "length" and _HEIGHT_AFTER.match(text, v.end))]
        # ``on a lead within 50 metres of any lock``: how near, not how long
        numbers = [v for v in numbers if not (v.dimension == "length" and _WITHIN_BEFORE.search(text, 0, v.start))]
    if not _DISTANCE_ASKED.search(asked.text):  # ``lies 12 miles north of Harwick``: how far apart, not how big
        numbers = [v for v in numbers if not (v.dimension == "length" and _BEARING_AFTER.match(text, v.end))]
    if _HOW_OLD.match(asked.text):  # an age: years, or a bare number (*Dr Ruth Okafor, 58,*); not two children
        numbers = [v for v in numbers if v.dimension in ("duration", "count:")]
    counted = _counted_nouns(asked)
    if counted:  # ``how many people``: not ``more than 90 retailers``
        numbers = [
            v
            for v in numbers
            if not v.dimension.startswith("count:") or _counts_one_of(v, counted) or _counted_after(text, v, counted)
        ]
    limit = _LIMIT_ASKED.search(asked.text)
    if limit is not None:  # a maximum: an upper bound (*no more than 80 mg*), or a value said to be the maximum
        bound, named = ("max", _MAX_NAMED) if limit["max"] else ("min", _MIN_NAMED)
        numbers = [v for v in numbers if v.bound == bound or named.search(text)]
    if _BY_HOW_MUCH.match(asked.text):  # the amount a change went by, or a share; not what it happened to
        numbers = [v for v in numbers if v.dimension == "percent" or _BY_AMOUNT.search(text, 0, v.start)]
    elif not asked.focus & _CHANGES:  # what a thing amounts to, not the amount it changed by
        numbers = [v for v in numbers if not _CHANGE_AMOUNT.search(text, 0, v.start)]
        numbers = [v for v in numbers if not _DIFFERENCE_AFTER.match(text, v.end)]  # *1 million more than planned*
    numbers = [v for v in numbers if not other_span(asked, text, v)]
    if "per" in asked.focus or "density" in asked.focus or _DOSE.search(asked.text) or _RATE_ASKED.search(asked.text):
        return numbers
    return [v for v in numbers if not _RATE.match(text, v.end)]  # a rate is not the count asked for


def other_span(asked: Asked, text: str, value: Value) -> bool:
    """A span of time the question does not ask for: one given to do a thing it does not ask about
    (``He has fourteen days to appeal``, ``may appeal within fourteen days``: a deadline, not how long
    what is asked lasts), or an age where no age is asked (``A nineteen-year-old from Tarrow``)."""
    if value.dimension != "duration":
        return False
    if _WITHIN_BEFORE.search(text, 0, value.start):
        return True
    if _AGED.match(text, value.end) and not _HOW_OLD.match(asked.text):
        return True
    act = _TIME_TO_ACT.match(text, value.end) if _ALLOWED_BEFORE.search(text, 0, value.start) else None
    asked_before_frame = set(content_words(_FRAME.split(asked.text)[0]))  # not *after his appeal*
    return act is not None and not set(content_words(act["verb"])) & asked_before_frame


#: After a span of time, that it is an age (``nineteen-year-old``, ``12 years old``).
_AGED = re.compile(r"(?:-|\s+)old\b", re.I)
#: Where a question's clause of time starts (*How long is his suspension after his appeal?*).
_FRAME = re.compile(r"\b(?:after|before|following|since|during)\b", re.I)
#: Before a span of time, that it is given (``He has fourteen days``; not ``quarantined for 21 days to guard``).
_ALLOWED_BEFORE = re.compile(
    r"\b(?:has|have|had|given|gives?|gets?|got|allowed|granted)\s+(?:(?:only|just|up\s+to|another|a\s+further)\s+)?$",
    re.I,
)
#: After a span of time, what it is given for (``fourteen days to appeal``, ``30 days in which to reply``).
_TIME_TO_ACT = re.compile(r"\s+(?:in\s+which\s+)?to\s+(?P<verb>[a-z]+)\b", re.I)


def _counted(asked: Asked) -> tuple[str, ...] | None:
    """What ``how many`` asks for: the measure its unit names (``how many kilometres``: a length),
    else a count."""
    many = _HOW_MANY.match(asked.text)
    if many is None:
        return None
    probe = f"2 {many.group(1)}"
    unit = [v.dimension for v in amounts_in(probe, extract_values(probe))]
    return (unit[0],) if unit and not unit[0].startswith("count") else ("count",)


def _money(value: Value, text: str) -> bool:
    """An amount of money: in a currency we know (``£120 million``), a number of units not counted
    as things (``900 million kroner``, ``3,000 yen``: a scale or a currency's name), or a bare number
    said as a price (``it costs 4,500``; not ``the battery is the same 4500``)."""
    if value.dimension.startswith(_MONEY):
        return True
    noun = value.dimension.removeprefix("count:") if value.dimension.startswith("count") else None
    if noun is None:
        return False
    if not noun:  # a scaled number (``9.2 million`` under *Budget (NOK)*), or a bare one said as a price
        scaled = any(word.lower() in SCALES for word in value.raw.split()[-1:])  # ends with its scale word
        return scaled or _PRICED.search(text, 0, value.start) is not None
    return noun in _SCALE_NOUNS or noun in _CURRENCY_NOUNS


#: A bare number's last few words before it that say it is money (*costs*, *a price of*, *paid*).
_PRICED = re.compile(
    r"\b(?:costs?|costing|price[sd]?|pric(?:ed|ing)|paid|pays?|fees?|fares?|charged?|charges|worth|budget|revenue|"
    r"salary|sold|sells?|bought|buys?|for)\b(?:\s+[\w-]+){0,3}?\s*(?:of\s+|at\s+)?$",
    re.I,
)


#: A question counting a part of a whole it names (*How many of the stolen plants were recovered?*),
#: and the part a sentence counts before its whole (``Nineteen of the twenty-three plants``).
_PARTITIVE_ASKED = re.compile(r"\s*how many of (?:the|its|their|these|those)\b", re.I)
_PART_OF = re.compile(rf"(?<![\w.,-])(?P<part>{NUM}|{NUMWORD})\s+of\s+(?:the|its|their|these|those)\s+$", re.I)


def _part_counted(text: str, whole: Value) -> Value | None:
    """The count of a part a sentence gives right before the ``whole`` it is part of (``Nineteen of
    the twenty-three plants``: nineteen plants), or None."""
    part = _PART_OF.search(text, max(0, whole.start - 40), whole.start) if whole.dimension.startswith("count") else None
    if part is None:
        return None
    amount, resolution = parse_number(part["part"])
    raw = part["part"]
    return Value("count", raw, part.start("part"), part.end("part"), whole.dimension, amount, resolution)


def _counted_nouns(asked: Asked) -> frozenset[str]:
    """What ``how many`` counts, as nouns (``how many local clubs``: *local*, *club*); empty when it
    asks no count (``how many kilometres``) or is no *how many* question."""
    words = _COUNTED_WORDS.match(asked.text)
    if words is None or _counted(asked) != ("count",):
        return frozenset()
    return frozenset(canonical_noun(w.lower()) for w in words.group(1).split())


def _counted_after(text: str, value: Value, nouns: frozenset[str]) -> bool:
    """A noun asked for among the few words right after a count, past the words that describe it
    (``4,000 autonomous local clubs``: the count's noun was read as *autonomous*)."""
    after = re.match(r"(?:\s+[a-z][a-z-]*){1,3}", text[value.end :])
    return after is not None and any(
        canonical_noun(word) in nouns
        for word in itertools.takewhile(lambda w: w not in STOP_WORDS, after.group().split())
    )


def counts_alike(a: Value, b: Value) -> bool:
    """Two counts of one kind of thing: the same noun, a bare number, or people in two words
    (*14,200 inhabitants*, *23,000 people*)."""
    x, y = a.dimension.removeprefix("count:"), b.dimension.removeprefix("count:")
    both_counts = a.dimension.startswith("count") and b.dimension.startswith("count")
    return both_counts and (x == y or not x or not y or (x in _HUMAN and y in _HUMAN))


def values_compared(x: Value, y: Value) -> bool | None:
    """:func:`~.values.values_agree` for two answers to one question: ``for 21 days`` and ``21 days
    after`` are one span; a bare number and a count of it, or people counted in two words (*18,400
    inhabitants*, *around 20,000 people*), are one count."""
    if {x.dimension, y.dimension} == {"duration", "offset"} or (x.dimension != y.dimension and counts_alike(x, y)):
        y = replace(y, dimension=x.dimension)
    return values_agree(x, y)


def _counts_one_of(value: Value, nouns: frozenset[str]) -> bool:
    """Whether a count counts what is asked: a bare number, the asked noun, or people for people."""
    noun = value.dimension.removeprefix("count:")  # a scale counts nothing (``5.6 million``)
    return not noun or noun in nouns or noun in _SCALE_NOUNS or (noun in _HUMAN and bool(nouns & _HUMAN))


def preferred_amount(asked: Asked, value: Value, text: str) -> bool:
    """A count of people where the question asks for a population, an area or a count where it
    asks ``how large`` (a lake's 212 km2, a town's 14,200 people; not the river's 140 km), the
    amount a change went ``by`` where it asks ``by how much`` (``fell by 38 percent``), and a count
    of the very thing ``how many`` names (*Seventeen people died and 41 were injured*: the 17), and
    an upper bound where it asks for a maximum (*Do not take more than 80 mg in one day*), a lower
    one where it asks for a minimum."""
    limit = _LIMIT_ASKED.search(asked.text)
    if limit is not None and value.bound == ("max" if limit["max"] else "min"):
        return True
    if _LARGE.match(asked.text):
        return value.dimension.startswith(_FIRST_SIZES)
    if _BY_HOW_MUCH.match(asked.text):
        return _BY_AMOUNT.search(text, 0, value.start) is not None
    if value.dimension.startswith("count:") and value.dimension.removeprefix("count:") in _counted_nouns(asked):
        return True
    return counts_population(asked, value)


#: The words that say which measure a *how long is* answer is: ``a total length of 86 metres``, ``86 m
#: long``; ``the flight lasted 3 hours``. A span of time said otherwise (``closed for three days``)
#: measures an act, not the thing asked about.
_MEASURE_WORDS = {
    "length": re.compile(r"\b(?:long|length)\b", re.I),
    "duration": re.compile(r"\b(?:last(?:s|ed|ing)?|duration|long|runs?|running time|took|takes)\b", re.I),
}
#: How far from the value (in characters) its measure's word is looked for.
_MEASURE_REACH = 40


def measure_said(asked: Asked, span: str, value: Value) -> bool:
    """For a *how long is* question, whether ``span`` says which measure ``value`` is: its word for
    it stands beside it (``a total length of 86 metres``, ``lasted 2 hours``)."""
    words = _MEASURE_WORDS.get(value.dimension)
    if words is None or not _HOW_LONG_IS.match(asked.text):
        return False
    return words.search(span, max(0, value.start - _MEASURE_REACH), value.end + _MEASURE_REACH) is not None


#: What a table's column or a fact box's row calls a size: ``| Capacity | 96 million m³ |``.
_SIZE_WORDS = frozenset(content_words("size area capacity volume population"))


#: What a table's column or a fact box's row calls what *how long is* asks: ``| Length | 186 ft |``.
_LONG_WORDS = frozenset(content_words("length duration"))

#: A *how much does it cost* question, and what a price list's column calls its amount
#: (``| Category | Annual fee |``).
_HOW_MUCH_COSTS = re.compile(r"\s*how much (?:does|do|did|is|are|was|were|will)\b.*\bcosts?\b", re.I)
_PRICE_WORDS = frozenset(content_words("price fee fare charge rate"))


def measure_words(asked: Asked) -> frozenset[str]:
    """The words that name the measure a *how large* / *how big* question asks (a reservoir's
    *Capacity*, a lake's *Area*, a town's *Population*), a *how long is* one (a ship's *Length*,
    a film's *Duration*), or a *how much does it cost* one (a price list's *Fee*, *Fare*); none for
    any other question."""
    if _LARGE.match(asked.text):
        return _SIZE_WORDS
    if _HOW_MUCH_COSTS.match(asked.text):
        return _PRICE_WORDS
    return _LONG_WORDS if _HOW_LONG_IS.match(asked.text) else frozenset()


def counts_population(asked: Asked, value: Value) -> bool:
    """A count of people where the question asks for a population: ``there were 2,454 people``
    states the population as ``the population was 2,454`` does."""
    return "population" in asked.focus and value.dimension.removeprefix("count:") in _PEOPLE


def _another_measure(asked: Asked, value: Value) -> bool:
    """A share where the question asks for no share, or a measure or a count of other things where
    it asks for a population."""
    if value.dimension == "percent":
        return not asked.focus & (_SHARES | _CHARGED_AS_SHARE | _CHANGES) and not _BY_HOW_MUCH.match(asked.text)
    if "population" not in asked.focus:
        return False
    if not value.dimension.startswith("count"):
        return True  # a measure (``10 miles``, ``47.7 square miles``) counts nobody
    return value.dimension.removeprefix("count:") not in _PEOPLE | {""}


#: What joins a designation's number to the next one of its kind (``Rooms 14-18``, ``Gates 3 and 4``).
_DESIGNATIONS_GO_ON = re.compile(r"\s*(?:[-\u2013\u2014/,&]|to|and|or)\s*")


def _bare_numbers(text: str, values: list[Value]) -> list[Value]:
    """Numbers no other value holds (``a population of 37,935``): counts of an unnamed thing."""
    taken = [(v.start, v.end) for v in values]  # a number inside a name is a designation (Apollo 11)
    designated = [v.end for v in values if v.dimension == "name" and v.raw[-1:].isdigit()]  # ``Rooms 14``
    out = []
    for m in _BARE_NUMBER.finditer(text):
        if any(s <= m.start() < e for s, e in taken):
            continue
        if any(_DESIGNATIONS_GO_ON.fullmatch(text, end, m.start()) for end in designated):
            designated.append(m.end())  # ``Rooms 14-18``, ``Rooms 17 and 18``: rooms' numbers, no count
            continue
        amount = float(m.group().replace(",", ""))
        out.append(Value("count", m.group(), m.start(), m.end(), "count:", amount=amount, resolution=1.0))
    return out
