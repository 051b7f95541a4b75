"""Values stated in a sentence: dates, years, clock times, quantities with units, counts and names.

Every value carries a *dimension* that says what it may be compared with: ``time`` (full dates,
partial dates and years compare field by field, so ``July 20, 1969`` == ``20 July 1969`` ==
``1969-07-20`` and ``1968`` differs from ``July 20, 1969``; a decade, ``the 1890s``, holds each
of its years; ``112 BC`` is year -112), ``clock:<zone>``, a physical dimension
(``mass``, ``length``, ``duration``, ``speed``, ``area``, ``volume``; amounts converted to SI, so
``47.5 pounds`` == ``21.5 kilograms``), ``percent`` (a change by a fraction too: ``cut by half``
is about 50 percent), a currency, ``count:<noun>`` (``3 astronauts``), ``member:<class>`` (a
sport, a political party: :func:`members`), ``offset`` (a duration placing one event after
another: ``19 minutes later``), or ``name``.

Numbers are equal when they agree to the precision they are written with (``22 kg`` == ``21.5 kg``,
``21.7 kg`` != ``21.5 kg``; a compound duration is truncated, not rounded: ``8 days, 3 hours, 18
minutes`` == ``8 days, 3 hours, 18 minutes, and 35 seconds``); a value hedged by ``about``,
``nearly``, ``more than``... gets a 10 % tolerance. A date without a year inherits the year of
the nearest other date in the same text (``launched on July 16, 1969, and landed on July 20``).
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass, replace
from functools import lru_cache

from agents.offline.kinds import members_in, same_member, specificity
from agents.offline.units import (
    COUNT,
    CURRENCY,
    CURRENCY_DIMS,
    NUM,
    NUMBER_WORDS,
    NUMWORD,
    QUANTITY,
    SCALE_ABBREVIATIONS,
    SCALES,
    SHORT_UNITS,
    UNITS,
    parse_number,
)
from agents.offline.words import STOP_WORDS, canonical_noun

__all__ = [
    "FATE_COUNT",
    "HOW_MANY",
    "MONTH_NAMES",
    "NAME_ABBREVIATION",
    "NUMBER_TOKEN",
    "Value",
    "covers",
    "day_without_year",
    "extract_values",
    "members",
    "numbers_in",
    "season_openers",
    "values_agree",
]

#: A whole number in figures, with or without thousands separators (``5,000``, ``838``).
_WHOLE_FIGURES = re.compile(r"[1-9]\d{0,2}(?:,\d{3})+|[1-9]\d*")

#: Each month's spellings, its full name first.
_MONTH_SPELLINGS = [
    ("January", "Jan"),
    ("February", "Feb"),
    ("March", "Mar"),
    ("April", "Apr"),
    ("May",),
    ("June", "Jun"),
    ("July", "Jul"),
    ("August", "Aug"),
    ("September", "Sept", "Sep"),
    ("October", "Oct"),
    ("November", "Nov"),
    ("December", "Dec"),
]
_MONTHS = {m: i + 1 for i, names in enumerate(_MONTH_SPELLINGS) for m in names}
#: The months' full names, as a pattern's alternatives.
_FULL_MONTH = "|".join(names[0] for names in _MONTH_SPELLINGS)
#: Month names and abbreviations, capitalized.
MONTH_NAMES = frozenset(_MONTHS)
_WEEKDAYS = frozenset({"Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"})
_MONTH = r"(?P<mon>" + "|".join(sorted(_MONTHS, key=len, reverse=True)) + r")\.?"
_DAY = r"(?P<day>[0-3]?\d)(?:st|nd|rd|th)?"
_YEAR = r"(?P<year>1\d{3}|20\d{2}|2100)"
_DATES = [
    re.compile(r"\b(?P<year>\d{4})-(?P<mon>\d{2})-(?P<day>\d{2})\b"),
    re.compile(rf"\b{_MONTH}\s+{_DAY},?\s+{_YEAR}\b"),
    re.compile(rf"\b{_DAY}\s+{_MONTH},?\s+{_YEAR}\b"),
    re.compile(rf"\b{_MONTH},?\s+(?:of\s+)?{_YEAR}\b"),
    re.compile(rf"\b{_MONTH}\s+{_DAY}\b(?![:\d])"),
    re.compile(rf"\b{_DAY}\s+{_MONTH}\b"),
]
_CLOCK = re.compile(
    # a time with a dot before its minutes and *am* or *pm* after them: ``at 7.05am``, ``11.30 p.m.``
    r"\b(?P<dh>1[0-2]|0?[1-9])\.(?P<dm>[0-5]\d)\s*(?P<dampm>[ap]\.m\.|[ap]m|[AP]M)(?![A-Za-z])|"
    r"\b(?P<h>[01]?\d|2[0-3]):(?P<m>[0-5]\d)(?::(?P<s>[0-5]\d))?"
    r"(?:\s*(?P<ampm>[ap]\.m\.|[ap]m|[AP]M)(?![A-Za-z]))?(?:\s*(?P<zone>UTC|GMT|EDT|EST|CDT|CST|PDT|PST|Z)\b)?"
    # an hour with *am* or *pm* and no minutes: ``open 10am to 5pm``, ``at 7 p.m.``
    r"|\b(?P<hour>1[0-2]|0?[1-9])\s*(?P<half>[ap]\.m\.|[ap]m|[AP]M)(?![A-Za-z])"
)
_DECADE = re.compile(r"(?<![\d$\u20ac\u00a3.,:/])\b(1\d{2}0|20\d0)s\b")
_ERA_YEAR = re.compile(
    r"(?<![\d.,])\b(?:(?P<bc>\d{1,4})\s*(?:BCE?|B\.C\.(?:E\.)?)(?!\w)|(?:AD|A\.D\.)\s*(?P<ad>\d{1,4})\b|"
    r"(?P<ad2>\d{1,4})\s*(?:AD|CE|A\.D\.)(?!\w))"
)
#: A number before a street's name is a house number, not a year (``1313 Belknap Street``).
_STREET = r"\s+(?:[A-Z][\w.'-]*\s+){1,3}(?:Street|St\.|Avenue|Ave\.|Road|Rd\.|Boulevard|Blvd\.|Lane|Drive|Place)(?!\w)"
_YEAR_ONLY = re.compile(
    rf"(?<![\d$€£.,:/-])\b(1\d{{3}}|20\d{{2}}|2100)\b(?![.,]?\d)(?!\s*(?:%|percent\b))(?!{_STREET})"
)

#: Two years joined by a slash or a hyphen (``1976/77``, ``2019/2020``, ``(1874-1949)``).
_YEAR_PAIR = re.compile(
    r"(?<![\d$€£.,:/-])\b(?P<first>1\d{3}|20\d{2})\s?(?:[/-]\s?(?P<second>\d{4}|\d{2})|\u2013\s?(?P<short>\d{2}))"
    r"\b(?![.,/\u2013-]?\d)"
)  # a span of two whole years with an en dash (1874 to 1949) is two years already
#: The most years a pair written with four digits each spans (a life): longer, the numbers are no years.
_PAIR_SPAN = 120
_LAST_YEAR = 2100
_DURATION_JOIN = re.compile(r"\s*(?:,\s*(?:and\s+)?|and\s+)?")
#: Words that make a number a bound: ``at least 12``, ``more than 300``, ``above £4 million``; ``at most``,
#: ``fewer than 20``, ``below 5 %``.
_LOWER_BOUND = re.compile(
    r"(?:at least|(?:more|larger|greater|bigger|higher|longer|taller|heavier|older) than|a minimum of|upwards of|"
    r"above|in excess of|exceeding)\s*$",
    re.IGNORECASE,
)
#: A date as a bound (``resume before July 2024``, ``after March 2020``): the date itself is excluded.
_DATE_BOUND = re.compile(r"\b(?P<side>before|prior to|after)\s+$", re.IGNORECASE)
_UPPER_BOUND = re.compile(
    r"(?:at most|(?:fewer|less|smaller|lower|shorter|lighter|younger) than|up to|a maximum of|not exceeding|below)\s*$",
    re.IGNORECASE,
)
#: A denied comparison turns the bound round: *no more than 80*, *do not take more than 80 mg* (at
#: most 80), *not less than 5* (at least 5).
_DENIED_BOUND = re.compile(r"\b(?:no|not|never)\s+(?:\w+\s+)?(?P<than>more|fewer|less)\s+than\s*$", re.IGNORECASE)
#: A cap is an upper bound: *capped at 90 nights*, *to cap short-term rentals at 90*, *limited to 4*.
_CAPPED = re.compile(r"\b(?:cap(?:s|ped)?(?:\s+[\w-]+){0,3}\s+at|limited to|a limit of)\s*$", re.IGNORECASE)
_HEDGE = re.compile(
    r"(?:about|approximately|around|nearly|almost|roughly|some|over|under|more than|less than|up to|"
    r"at least|at most|close to|circa|~)\s*$",
    re.IGNORECASE,
)
#: A word ending in a full stop that is part of a name (a title, an initial, the *No.* of a numbered
#: work or unit: *Symphony No. 38*), not a sentence's end.
NAME_ABBREVIATION = r"(?:Dr|Mr|Mrs|Ms|Prof|St|Mt|Gen|Col|Lt|Capt|Sgt|Jr|Sr)\.|No\.(?=\s*\d)|(?:[A-Z]\.)+"
#: A capitalized word; two joined by an en dash (U+2013) are one: a route's or a pact's name.
_NAME_WORD = rf"(?:{NAME_ABBREVIATION}|[A-Z][\w\u2019'-]*(?:\u2013[A-Z][\w\u2019'-]*)*)"
_NAME = re.compile(  # never from inside a word: *mmHg* holds no name *Hg*
    rf"(?<!\w){_NAME_WORD}(?:\s+(?:(?:of\s+the|of|de|la|von|van|der|du|da|del|the|&)\s+|de[\u2019']\s+)?(?!The\b){_NAME_WORD}|\s+\d+[A-Za-z]?(?![\w.]?\d|\w)|\s+v?\d+(?:\.\d+){{2,3}}(?![\w.]?\d|\w))*"
)
_EPS = 1 + 1e-6  # float slack on tolerances
#: A change by a fraction, read as an approximate percentage (``fell by half``, ``cut by a third``).
_FRACTIONS = {"half": 50.0, "a half": 50.0, "a third": 100 / 3, "one third": 100 / 3, "a quarter": 25.0}
_FRACTIONS |= {"one quarter": 25.0, "two thirds": 200 / 3, "three quarters": 75.0}
_FRACTION = re.compile(
    r"\b(?:by|in)\s+(?P<frac>half|a half|a third|one third|a quarter|one quarter|two[- ]thirds|three[- ]quarters)\b",
    re.IGNORECASE,
)
_OFFSET = re.compile(r"\s+(?:later|earlier|after|before|ago|afterwards?|into)\b")
_CONNECTORS = frozenset({"of", "de", "la", "von", "van", "der", "du", "da", "del", "the", "&"})
NUMBER_TOKEN = re.compile(r"\d+(?:,\d{3})*(?:\.\d+)*")  # a version is one number: ``2.4.2``


@dataclass(frozen=True, slots=True)
class Value:
    """A value found in a text (``text[start:end] == raw``).

    Attributes:
        kind: ``date``, ``year``, ``decade``, ``season`` (a span of months: ``month`` the first,
            ``amount`` the last), ``time``, ``quantity``, ``percent``, ``count``, ``name`` or
            ``member`` (of a known class: :func:`members`).
        dimension: what it compares with (see the module docstring).
        amount: the number in the canonical unit (quantities, percents, counts, clock minutes).
        resolution: the precision it is written with, in the canonical unit.
        approx: hedged (``about 21 kg``): compared with a 10 % tolerance.
        bound: ``min`` (``at least 12``, ``more than``) or ``max`` (``at most``, ``fewer
            than``, ``up to``): a number the truth lies beyond; it allows every value on
            its side (:func:`values_agree` gives None, beyond its hedge's tolerance: not a
            contradiction, not the same statement).
        year, month, day: the fields of a date or year (``None`` when not stated).
    """

    kind: str
    raw: str
    start: int
    end: int
    dimension: str
    amount: float | None = None
    resolution: float = 0.0
    approx: bool = False
    year: int | None = None
    month: int | None = None
    day: int | None = None
    bound: str | None = None

    @property
    def precision(self) -> int:
        """How many of a date's fields it gives (day, month, year); how specifically a member of a
        class is named (:func:`~.kinds.specificity`: ``American football`` over ``NFL``); 0 for
        other values."""
        if self.kind == "member":
            return specificity(self.dimension.removeprefix("member:"), self.raw)
        return sum(f is not None for f in (self.year, self.month, self.day)) if self.dimension == "time" else 0

    @property
    def round_zeros(self) -> int | None:
        """The zeros a whole number written in figures ends with (``5,000`` -> 3, ``838`` -> 0): a round
        figure is more often an estimate than a count. ``None`` for any other value (a date, a
        decimal, a number with a scale word: ``3.5 million``)."""
        if self.amount is None or self.dimension == "time" or not _WHOLE_FIGURES.fullmatch(self.raw):
            return None
        digits = self.raw.replace(",", "")
        return len(digits) - len(digits.rstrip("0"))

    @property
    def norm(self) -> str:
        """A canonical spelling: ``1969-07-20``, ``????-07-20``, ``1969``, ``21.5 mass``, ``Neil Armstrong``."""
        if self.kind == "season" and self.month and self.amount:
            return f"????-{self.month:02d}..{int(self.amount):02d}"
        if self.dimension == "time":
            parts = [f"{self.year:04d}" if self.year else "????"]
            parts += [f"{self.month:02d}" if self.month else "??"] if self.month or self.day else []
            parts += [f"{self.day:02d}"] if self.day else []
            return "-".join(parts)
        if self.amount is not None:
            return f"{self.amount:.6g} {self.dimension}"
        return self.raw


def extract_values(text: str) -> list[Value]:
    """All values stated in ``text``, in order of position (see the module docstring)."""
    return list(_extract(text))


@lru_cache(maxsize=4096)
def _extract(text: str) -> tuple[Value, ...]:
    found: list[Value] = []
    for finder in (_dates, _slashed_dates, _seasons, _clocks, _eras, _quantities, _decades, _years, _counts):
        taken = [(v.start, v.end) for v in found]
        found += [v for v in finder(text) if not any(v.start < e and s < v.end for s, e in taken)]
    found = [_bounded(text, v) for v in _inherit_years(sorted(found, key=lambda v: v.start))]
    found += _names(text, [(v.start, v.end) for v in found])
    return tuple(sorted(found, key=lambda v: (v.start, v.end)))


def _bounded(text: str, value: Value) -> Value:
    """``value`` with its :attr:`Value.bound`, when the words before an amount make it one (or before a
    date: ``before July 2024`` is an upper bound, ``after March 2020`` a lower one)."""
    if value.dimension == "time":
        side = _DATE_BOUND.search(text[max(0, value.start - 16) : value.start])
        if side is None:
            return value
        return replace(value, bound="max" if side["side"].lower() in ("before", "prior to") else "min")
    if value.amount is None:
        return value
    before = text[max(0, value.start - 40) : value.start]
    denied = _DENIED_BOUND.search(before)
    if denied is not None:
        return replace(value, bound="max" if denied["than"].lower() == "more" else "min")
    if _CAPPED.search(before):
        return replace(value, bound="max")
    before = before[-16:]
    if _LOWER_BOUND.search(before):
        return replace(value, bound="min")
    if _UPPER_BOUND.search(before):
        return replace(value, bound="max")
    return value


def members(cls: str, text: str) -> list[Value]:
    """The members of a known class (``sport``, ``party``: :mod:`.kinds`) that ``text`` names, as
    values of dimension ``member:<class>``. Not among :func:`extract_values`: a word like
    *football* is a value only where a question asks for a sport."""
    return [Value("member", text[a:b], a, b, f"member:{cls}") for a, b in members_in(cls, text)]


def numbers_in(text: str) -> set[str]:
    """Every number written in digits in ``text``, thousands separators dropped (``15,103`` -> ``15103``)."""
    return {m.group().replace(",", "") for m in NUMBER_TOKEN.finditer(text)}


def values_agree(a: Value, b: Value) -> bool | None:
    """Whether two values say the same thing: True, False (they differ), or None (not comparable)."""
    if a.dimension != b.dimension:
        return None
    if a.dimension == "time":
        if a.kind == "season" or b.kind == "season":  # two seasons agree by both ends; a date is no season
            return a.month == b.month and a.amount == b.amount if a.kind == b.kind else None
        if (a.resolution >= 10 or b.resolution >= 10) and a.year and b.year:  # a decade holds its years
            span = int(max(a.resolution, b.resolution))
            return a.year // span == b.year // span
        if bool(a.bound) != bool(b.bound):  # *before July 2024* allows *14 June 2024*, not *2 July 2024*
            return None if _within_date_bound(a, b) is not False else False
        common = [(x, y) for x, y in ((a.year, b.year), (a.month, b.month), (a.day, b.day)) if x and y]
        return all(x == y for x, y in common) if common else None
    if a.dimension == "name":
        return _name_key(a.raw) == _name_key(b.raw)
    if a.kind == "member":
        return same_member(a.dimension.removeprefix("member:"), a.raw, b.raw)
    assert a.amount is not None and b.amount is not None
    if a.bound != b.bound and _within_bounds(a, b) is False:
        return False  # *400 passengers* is beyond *up to 380*, however round the 400 is written
    diff = abs(a.amount - b.amount)
    if a.approx or b.approx:
        same = diff <= max(max(a.resolution, b.resolution) / 2, 0.1 * max(abs(a.amount), abs(b.amount))) * _EPS
    elif a.dimension == "duration":  # "8 days, 3 hours, 18 minutes" is truncated, not rounded
        same = diff < max(a.resolution, b.resolution)
    else:
        same = diff <= max(a.resolution, b.resolution) / 2 * _EPS
    if not same and a.bound != b.bound:  # *at least 12* is no other number than 17: it allows it
        return _within_bounds(a, b)
    return same


def _within_bounds(a: Value, b: Value) -> bool | None:
    """Two amounts too far apart to be one, and not bounds of one kind (two of one kind compare as
    amounts: *at least 12* states *at least 12*): None where both can be true, False where not."""
    assert a.amount is not None and b.amount is not None
    if a.bound and b.bound:  # a lower and an upper bound
        low, high = (a.amount, b.amount) if a.bound == "min" else (b.amount, a.amount)
        return None if low <= high else False
    (limit, kind), other = ((a.amount, a.bound), b.amount) if a.bound else ((b.amount, b.bound), a.amount)
    allowed = other >= limit if kind == "min" else other <= limit
    return None if allowed else False


def _within_date_bound(a: Value, b: Value) -> bool | None:
    """A date against a date bound (one of ``a``, ``b`` has one): True where the date is within it
    (``14 June 2024`` for *before July 2024*), False where not, None where their fields do not tell."""
    bound, date = (a, b) if a.bound else (b, a)
    for x, y in ((date.year, bound.year), (date.month, bound.month), (date.day, bound.day)):
        if not y:
            break  # the bound says no finer: the date falls in the bound's own month or year
        if not x:
            return None  # ``2024`` against *before July 2024*: either may be
        if x != y:
            return (x < y) == (bound.bound == "max")
    return False  # the bound's own date is outside it: *before July 2024* is not *in July 2024*


def day_without_year(value: Value) -> bool:
    """A day of a month given without its year (``on 20 January``)."""
    return value.dimension == "time" and bool(value.month and value.day) and not value.year


def covers(stated: Value, other: Value) -> bool:
    """``other`` states ``stated`` at least as precisely (a date needs every field ``stated`` has; a
    bound is stated by an exact amount within it: *612 square kilometres* says *larger than 500*)."""
    if stated.bound and not other.bound and other.amount is not None and stated.dimension == other.dimension:
        return _within_bounds(stated, other) is None
    if stated.bound and not other.bound and stated.dimension == "time" == other.dimension:
        return _within_date_bound(stated, other) is True  # ``14 June 2024`` is before July 2024
    if values_agree(stated, other) is not True:
        return False
    if stated.dimension == "time":
        pairs = ((stated.year, other.year), (stated.month, other.month), (stated.day, other.day))
        return all(b or not a for a, b in pairs) and other.resolution <= stated.resolution
    return True


# ----------------------------------------------------------------------------------------- finders


def _dates(text: str) -> list[Value]:
    out: list[Value] = []
    for pattern in _DATES:
        for m in pattern.finditer(text):
            if any(m.start() < v.end and v.start < m.end() for v in out):
                continue
            groups = m.groupdict()
            mon = groups.get("mon")
            month = int(mon) if mon and mon.isdigit() else _MONTHS.get(mon or "")
            day = int(groups["day"]) if groups.get("day") else None
            year = int(groups["year"]) if groups.get("year") else None
            if not month or not 1 <= month <= 12 or (day is not None and not 1 <= day <= 31):
                continue
            out.append(Value("date", m.group(), m.start(), m.end(), "time", year=year, month=month, day=day))
    return out + _range_days(text, out)


#: A day before a date whose month it shares (``between 10 and 13 November``, ``10-13 November``) ...
_DAY_BEFORE_RANGE = re.compile(
    r"(?:\bbetween\s+([0-3]?\d)(?:st|nd|rd|th)?\s+and|(?<![\d.,])\b([0-3]?\d)(?:st|nd|rd|th)?\s*"
    r"(?:to|until|till|through|[\u2013-]))\s*$"
)
#: ... or after one (``November 10-13``, ``May 3 to 5, 2020``).
_DAY_AFTER_RANGE = re.compile(r"\s*(?:to|until|till|through|[\u2013-])\s*([0-3]?\d)\b(?![\d.:]|,\d|\s*[A-Z])")


def _range_days(text: str, dates: list[Value]) -> list[Value]:
    """The other end of a span of days written with one month (``between 10 and 13 November
    2018``): a date of that month too, not a count of ten."""
    out = []
    for date in (d for d in dates if d.day is not None and d.month is not None):
        day_first = text[date.start].isdigit()
        m = (
            _DAY_BEFORE_RANGE.search(text, max(0, date.start - 20), date.start)
            if day_first
            else _DAY_AFTER_RANGE.match(text, date.end)
        )
        group = next((g for g in (1, 2) if m is not None and m.lastindex and g <= m.lastindex and m.group(g)), 0)
        if m is None or not group or not 1 <= int(m.group(group)) <= 31:
            continue
        day = int(m.group(group))
        out.append(
            Value(
                "date", m.group(group), m.start(group), m.end(group), "time", year=date.year, month=date.month, day=day
            )
        )
    return out


#: A span of months without a day or a year, what a place keeps to every year (``open April to
#: October``, ``from May until September``, ``April-October``): a season, its first and last month.
_SEASON = re.compile(
    rf"\b(?:from\s+|(?P<between>between\s+))?(?P<a>{_FULL_MONTH})\s*"
    rf"(?:to|until|till|through|(?(between)and|(?!))|[\u2013-])\s*(?P<b>{_FULL_MONTH})\b"
    r"(?!\s*,?\s*(?:[0-3]?\d(?:st|nd|rd|th)?\b(?!\s*[ap]\.?m)|1\d{3}|20\d{2}))"  # not before a day or a year
)


def _seasons(text: str) -> list[Value]:
    """Spans of months (:data:`_SEASON`), as times whose ``month`` is the first and ``amount`` the
    last month; a span of two dates is two dates, not a season (``May 1 to June 3`` has days)."""
    out = []
    for m in _SEASON.finditer(text):
        first, last = _MONTHS[m["a"]], _MONTHS[m["b"]]
        if first != last:
            out.append(Value("season", m.group(), m.start(), m.end(), "time", amount=float(last), month=first))
    return out


#: A date in figures with slashes (``15/8/2010``, ``8/15/2010``): day first or month first, as the
#: figures allow; where either may be the month, only the year is sure.
_SLASHED_DATE = re.compile(r"(?<![\d/.,])\b(?P<a>\d{1,2})/(?P<b>\d{1,2})/(?P<year>1\d{3}|20\d{2})\b(?![/\d])")


def _slashed_dates(text: str) -> list[Value]:
    out: list[Value] = []
    for m in _SLASHED_DATE.finditer(text):
        a, b, year = int(m["a"]), int(m["b"]), int(m["year"])
        if not (1 <= a <= 31 and 1 <= b <= 31) or (a > 12 and b > 12):
            continue
        month, day = (b, a) if a > 12 else (a, b) if b > 12 else (None, None)
        if a == b:
            month, day = a, b  # ``4/4/2012``: either way round
        out.append(Value("date", m.group(), m.start(), m.end(), "time", year=year, month=month, day=day))
    return out


def _clocks(text: str) -> list[Value]:
    out: list[Value] = []
    for m in _CLOCK.finditer(text):
        if m["dh"]:
            hours, minutes = int(m["dh"]), int(m["dm"])
        else:
            hours, minutes = (int(m["h"]), int(m["m"])) if m["h"] else (int(m["hour"]), 0)
        ampm = (m["ampm"] or m["half"] or m["dampm"] or "").lower().replace(".", "")
        if ampm == "pm" and hours < 12:
            hours += 12
        elif ampm == "am" and hours == 12:
            hours = 0
        zone = "UTC" if m["zone"] in ("UTC", "GMT", "Z") else (m["zone"] or "")
        seconds = int(m["s"]) / 60 if m["s"] else 0.0
        resolution = 1 / 60 if m["s"] else 1.0
        amount = hours * 60 + minutes + seconds
        out.append(Value("time", m.group(), m.start(), m.end(), f"clock:{zone}", amount, resolution))
    return out


def _hedged(text: str, start: int) -> bool:
    return _HEDGE.search(text[max(0, start - 16) : start]) is not None


def _quantities(text: str) -> list[Value]:
    out: list[Value] = []
    for m in QUANTITY.finditer(text):
        unit = m["unit"]
        if unit.lower() in SHORT_UNITS and unit != unit.lower():
            continue
        dimension, factor = UNITS[unit.lower()]
        number, resolution = parse_number(m["num"])
        scale = SCALES[m["scale"].lower()] if m["scale"] else 1.0
        kind = "percent" if dimension == "percent" else "quantity"
        amount, res = number * scale * factor, resolution * scale * factor
        out.append(Value(kind, m.group(), m.start(), m.end(), dimension, amount, res, _hedged(text, m.start())))
    for m in CURRENCY.finditer(text):
        number, resolution = parse_number(m["num"])
        scale = SCALES[m["scale"].lower()] if m["scale"] else SCALE_ABBREVIATIONS[m["abbr"]] if m["abbr"] else 1.0
        dimension = CURRENCY_DIMS[m["cur"]]
        amount, res = number * scale, resolution * scale
        # ``£48.2m`` is money, not 48.2 metres
        out = [v for v in out if v.end <= m.start() or v.start >= m.end()]
        out.append(Value("quantity", m.group(), m.start(), m.end(), dimension, amount, res, _hedged(text, m.start())))
    for m in _FRACTION.finditer(text):  # a change by a fraction: ``cut by half`` is about 50 percent
        amount = _FRACTIONS[m["frac"].lower().replace("-", " ")]
        out.append(Value("percent", m["frac"], m.start("frac"), m.end("frac"), "percent", amount, 1.0, True))
    merged = _merge_durations(sorted(out, key=lambda v: v.start), text)
    return [_as_offset(v) if v.dimension == "duration" and _OFFSET.match(text, v.end) else v for v in merged]


def _as_offset(value: Value) -> Value:
    return replace(value, dimension="offset")


def _merge_durations(values: list[Value], text: str) -> list[Value]:
    """``2 hours 31 minutes`` and ``8 days, 3 hours, 18 minutes`` are one duration each."""
    merged: list[Value] = []
    for value in values:
        last = merged[-1] if merged else None
        if (
            last is not None
            and last.dimension == value.dimension == "duration"
            and _DURATION_JOIN.fullmatch(text[last.end : value.start])
            and last.resolution > value.resolution
        ):
            assert last.amount is not None and value.amount is not None
            merged[-1] = replace(
                last,
                raw=text[last.start : value.end],
                end=value.end,
                amount=last.amount + value.amount,
                resolution=value.resolution,
            )
        else:
            merged.append(value)
    return merged


def _decades(text: str) -> list[Value]:
    """``the 1890s``: a year known to ten years (its first year, with a resolution of 10)."""
    return [
        Value("decade", m.group(), m.start(), m.end(), "time", resolution=10.0, year=int(m.group(1)))
        for m in _DECADE.finditer(text)
    ]


def _eras(text: str) -> list[Value]:
    """A year with its era: ``112 BC`` (a negative year), ``AD 79``, ``79 AD``."""
    out = []
    for m in _ERA_YEAR.finditer(text):
        bc = m["bc"] is not None
        year = int(m["bc"] or m["ad"] or m["ad2"])
        out.append(Value("year", m.group(), m.start(), m.end(), "time", year=-year if bc else year))
    return out


def _years(text: str) -> list[Value]:
    """Years, and the later year of a pair written ``1976/1977``, ``1976/77``, ``1914-18`` or
    ``1874-1949`` (a season, a fiscal year, a span, a life: each of its years is stated, as in a
    span written with an en dash)."""
    out = [
        Value("year", m.group(), m.start(), m.end(), "time", year=int(m.group()), approx=_hedged(text, m.start()))
        for m in _YEAR_ONLY.finditer(text)
    ]
    for m in _YEAR_PAIR.finditer(text):
        first, second = int(m["first"]), m["second"] or m["short"]
        year = int(second) if len(second) == 4 else first // 100 * 100 + int(second)
        year += 100 if len(second) == 2 and year <= first else 0  # ``1999/00``
        if first < year <= min(_LAST_YEAR, first + _PAIR_SPAN):
            approx = _hedged(text, m.start())
            out.append(Value("year", second, m.end() - len(second), m.end(), "time", year=year, approx=approx))
    return sorted(out, key=lambda v: v.start)


#: Words naming a season of a pair of years (*the winter of 2019-20*, *the 2019-20 season*, *the
#: 2021/22 financial year*).
_SEASON_WORDS = r"(?:winter|summer|season|financial\s+year|fiscal\s+year|academic\s+year|school\s+year|campaign)"
_SEASON_BEFORE = re.compile(rf"\b{_SEASON_WORDS}\s+(?:of\s+)?(?:the\s+)?$", re.I)
_SEASON_AFTER = re.compile(rf"\s+{_SEASON_WORDS}\b", re.I)


def season_openers(text: str) -> frozenset[int]:
    """Where the first year of each season written short stands (``2019`` of ``the winter of
    2019-20``, ``the 1999/00 season``): such a pair names one season, which its later year tells apart
    from the one before (``2018-19``). A pair not named a season (*its renovation in 2015-16*) is a
    span of both years."""
    return frozenset(
        m.start("first")
        for m in _YEAR_PAIR.finditer(text)
        if len(m["second"] or m["short"]) == 2
        and (_SEASON_BEFORE.search(text, 0, m.start()) or _SEASON_AFTER.match(text, m.end()))
    )


def _designation(text: str, start: int) -> bool:
    """The number at ``start`` follows a capitalized word (``Apollo 11``, ``Quartet No. 3``): part of
    a name."""
    if not text[start].isdigit():
        return False
    before = re.search(r"(?:\b(No)\.|([A-Za-z][\w\u2019'-]*))\s+$", text[max(0, start - 30) : start])
    if before is None:
        return False
    if before.group(1):
        return True
    word = before.group(2)
    return word[0].isupper() and word not in _MONTHS and word.lower() not in STOP_WORDS and word.lower() not in HOW_MANY


#: Words that say how exact a number is (``Roughly 180,000 households``): never a name's, though capitalized
#: where they open a sentence.
HOW_MANY = frozenset(
    {"roughly", "approximately", "exactly", "precisely", "fully", "nearly", "almost", "around", "about", "some", "only"}
    | {"just", "barely", "merely", "circa", "over", "under", "estimated"}
)


#: *one* counting a noun where nothing else can be meant: opening a sentence (``One skier died.``)
#: or after *only*, *just* (``only one ferry runs``); not ``one of the``, ``one day``, ``the one road``.
_ONE = re.compile(
    r"(?:(?<=^)|(?<=[.!?:;]\s)|(?<=\bonly\s)|(?<=\bjust\s))(?:one|a\s+single)\s+(?P<noun>[a-z][a-z-]+)\b", re.I
)


#: The low end of a range of counts, right before its high end (``between 35 and 45 wolves``, ``six
#: to eight packs``, ``6-8 packs``); not where a change starts (``rose from 31 to 36 wolves``).
_RANGE_LOW = re.compile(
    rf"(?:(?P<between>\bbetween\s+)|(?<!from\s)(?<![\w.,$€£-]))(?P<low>{NUM}|{NUMWORD})\s*"
    r"(?(between)and|(?:to|-|\u2013))\s*$",
    re.IGNORECASE,
)


def _range_low(text: str, start: int, high: float, scale: float) -> tuple[int, float] | None:
    """Where a range's low end starts before the count at ``start``, and its amount (in the high
    end's scale: ``between 2 and 3 million``), if it is lower than ``high``."""
    low = _RANGE_LOW.search(text, max(0, start - 40), start)
    if low is None:
        return None
    amount = parse_number(low["low"])[0] * scale
    return (low.start("between") if low["between"] else low.start("low"), amount) if amount < high else None


def _counts(text: str) -> list[Value]:
    out: list[Value] = []
    for m in _ONE.finditer(text):
        noun = m["noun"].lower()
        if noun not in STOP_WORDS and noun not in UNITS and noun not in SCALES and not noun.endswith(("ed", "ing")):
            raw = text[m.start() : m.start("noun")].rstrip()
            out.append(Value("count", raw, m.start(), m.start() + len(raw), "count:" + canonical_noun(noun), 1.0, 1.0))
    for m in _count_matches(text):
        noun = m["noun"].lower()
        if noun in SCALES and not m["scale"]:  # ``5.6 million.``: a scaled number that counts nothing named
            number, resolution = parse_number(m["num"])
            scale = SCALES[noun]
            hedged = _hedged(text, m.start())
            out.append(
                Value("count", m.group(), m.start(), m.end(), "count:", number * scale, resolution * scale, hedged)
            )
            continue
        if noun.endswith(("ed", "ing")):  # ``four staffed huts``: a participle before the noun counted
            after = re.match(r"\s+([a-z][a-z-]+)\b", text[m.end("noun") :])
            noun = after.group(1) if after is not None else noun
        elif noun not in STOP_WORDS and not noun.endswith("s") and (head := _PLURAL_HEAD.match(text, m.end("noun"))):
            noun = head.group(1)  # ``412 member farms``: farms are counted, *member* qualifies them
        counts_noun = not (noun in STOP_WORDS or noun in UNITS or noun.endswith(("ed", "ing")))
        if (not counts_noun and not m["scale"]) or _designation(text, m.start()):
            continue  # "the other two walked": a count needs a noun (or a scale: ``5.6 million in 2022``)
        if m["num"].isdigit() and 1000 <= int(m["num"]) <= 2100:
            continue  # a year, not a count
        number, resolution = parse_number(m["num"])
        if m["scale"]:  # ``3.5 million people``: the scale multiplies, it is not what is counted
            number, resolution = number * SCALES[m["scale"].lower()], resolution * SCALES[m["scale"].lower()]
        dimension = "count:" + (canonical_noun(noun) if counts_noun else "")
        end = m.end("scale") if m["scale"] else m.end("num")  # the number and its scale, not the noun
        start = m.start()
        low = _range_low(text, start, number, SCALES[m["scale"].lower()] if m["scale"] else 1.0)
        if low is not None:  # ``between 35 and 45 wolves``: any count from one end to the other
            start, number, resolution = low[0], (low[1] + number) / 2, number - low[1]
        raw = text[start:end]
        hedged = _hedged(text, start)  # ``about 14,000 people`` agrees with 14,200
        out.append(Value("count", raw, start, start + len(raw), dimension, number, resolution, hedged))
    for m in _SOME_OF.finditer(text):  # ``nine of his laboratory's papers``: nine papers
        noun = m["noun"].lower()
        if noun in UNITS or _designation(text, m.start()) or any(m.start() <= v.start < m.end() for v in out):
            continue  # (``19 of the 23 plants``: the plants are counted whole, 23)
        number, resolution = parse_number(m["num"])
        if not (m["num"].isdigit() and 1000 <= int(m["num"]) <= 2100):
            dimension = "count:" + canonical_noun(noun)
            out.append(
                Value(
                    "count", m["num"], m.start(), m.end("num"), dimension, number, resolution, _hedged(text, m.start())
                )
            )
    for m in FATE_COUNT.finditer(text):  # ``nineteen were admitted to hospital and four died``: four people
        if _designation(text, m.start()):
            continue  # ``Route 66 died out``: a name's number
        number, resolution = parse_number(m["num"])
        hedged = _hedged(text, m.start())
        out.append(Value("count", m["num"], m.start(), m.end("num"), "count:person", number, resolution, hedged))
    return out


#: A number of things out of a set named after it (``nine of his laboratory's papers``, ``all 14 of the
#: Tolvane Laboratory papers``): the first plural noun within four words -- where no number counts the set.
_SOME_OF = re.compile(
    rf"(?<![\w.,$€£-])(?P<num>{NUM}|{NUMWORD})\s+of\s+(?:the|his|her|its|their|our|these|those|[A-Z][\w-]*['\u2019]s)\s+"
    r"(?:(?:[\w-]+|[\w-]+['\u2019]s)\s+){0,3}?(?P<noun>[a-z][a-z-]+[^s\W]s)\b",
    re.I,
)


#: A number with no noun, then a fate only people meet (``and four died``, ``nine survived``, ``two were
#: injured``): a count of people.
FATE_COUNT = re.compile(
    rf"(?<![\w.,$€£-])(?P<num>{NUM}|{NUMWORD})\s+(?:of\s+them\s+)?(?:died|drowned|perished|survived|"
    r"(?:were|was)\s+(?:killed|injured|hurt|wounded|rescued|evacuated|missing|hospitali[sz]ed))\b",
    re.I,
)


#: A plural noun right after a singular one (``member farms``, ``police officers``): the head counted.
_PLURAL_HEAD = re.compile(r"\s+([a-z][a-z-]{2,}(?<!s)s)\b")


def _count_matches(text: str) -> Iterator[re.Match[str]]:
    """The matches of :data:`~.units.COUNT` in ``text``; where what follows a number is a number in
    words (``1.2 Fourteen (14) passengers``: a paragraph's number), the count read from that word."""
    at = 0
    while (m := COUNT.search(text, at)) is not None:
        if m["noun"].lower() in NUMBER_WORDS:
            at = m.start("noun")
            continue
        yield m
        at = m.end()


def _inherit_years(values: list[Value]) -> list[Value]:
    out: list[Value] = []
    for i, value in enumerate(values):
        if value.dimension == "time" and value.kind == "date" and value.year is None:
            donors = [v for v in values[:i][::-1] + values[i + 1 :] if v.dimension == "time" and v.year]
            if donors:
                value = replace(value, year=donors[0].year)
        out.append(value)
    return out


def _sentence_start(text: str, start: int) -> bool:
    """Whether a word opens a sentence, a line, or a column of a line (``July 2021      Contract awarded``)."""
    if re.search(r"(?:\t|\s{3,})$", text[:start]):
        return True
    before = text[:start].rstrip(" \t\"'\u201c\u2018(*#->")
    return not before or before[-1] in ".!?:\n"


def _names(text: str, taken: list[tuple[int, int]]) -> list[Value]:
    """Runs of capitalized words (with ``of``/``de``... inside and a designation number or a
    release's version at the end: *Apollo 11*, *Quorvel 3.2.1*).

    A run is cut where it touches a date or quantity. A run that opens a sentence loses its first
    word when that is a stop word (``The``, ``On``); a single capitalized word opening a sentence
    is not clearly a name and is skipped.
    """
    out: list[Value] = []
    for m in _NAME.finditer(text):
        words = [(w.start() + m.start(), w.end() + m.start()) for w in re.finditer(r"\S+", m.group())]
        labels = [w for w in words if text[w[0] : w[1]] in _FIELD_LABELS]
        fields = labels if len(labels) >= _FIELDS_IN_A_BOX else []  # an infobox's run: its labels part its names
        group: list[tuple[int, int]] = []
        for word in [*words, (-1, -1)]:
            if word in fields or _appositive_the(text, group, word):
                word = (-1, -1)  # ``Elin Marsh the Marrowick councillor``: a full name, then what she is
            if word[0] >= 0 and not any(word[0] < e and s < word[1] for s, e in taken):
                group.append(word)
                continue
            name = _name_of(text, group)
            if name is not None:
                out.append(name)
            group = []
    return out


#: Field labels of a scraped infobox (``Names Nasir al-Din Mahmud I Father Malik Shah I Mother Terken
#: Khatun Religion Sunni Islam``): in one run of capitals, :data:`_FIELDS_IN_A_BOX` of them are labels,
#: each opening a field, not words of one name (one alone may be a name's: *Mother Teresa*).
_FIELD_LABELS = frozenset(
    re.findall(
        r"\w+",
        "Born Died Father Mother Spouse Spouses Children Parents Relatives Religion Names Nationality Occupation "
        "Predecessor Successor Reign Coronation Regent Dynasty Issue Consort Burial Residence Education Genre "
        "Genres Label Labels Producer Producers Released Recorded Studio Venue Directed Written Starring "
        "Cinematography Distributed Language Founded Founder Founders Headquarters Owner Owners Industry Website "
        "Preceded Succeeded Instruments Members Origin Awards Party Position Teams",
    )
)
_FIELDS_IN_A_BOX = 2


def _appositive_the(text: str, group: list[tuple[int, int]], word: tuple[int, int]) -> bool:
    """Whether ``word`` is a *the* after a person's name of two words or more (``Elin Marsh the
    councillor``; not ``Bank of the West``, a title's ``Rage Against the Machine``, nor a one-word
    name's epithet: ``Alfred the Great``)."""
    return (
        word[0] >= 0
        and text[word[0] : word[1]] == "the"
        and len(group) >= 2
        and not any(text[s:e].lower() in _CONNECTORS | STOP_WORDS for s, e in group)
    )


def _name_of(text: str, words: list[tuple[int, int]]) -> Value | None:
    while words and (text[words[0][0]].isdigit() or _leading_connector(text[words[0][0] : words[0][1]])):
        words = words[1:]
    while words and text[words[-1][0] : words[-1][1]].lower() in _CONNECTORS:
        words = words[:-1]
    if len(words) > 3 and text[words[0][0] : words[0][1]].lower() in _SOME and text[words[1][0] : words[1][1]] == "of":
        words = words[2:]  # ``One of Carrowmere University's scientists``: a part of the name's, no word of it
    if words and _sentence_start(text, words[0][0]):
        if text[words[0][0] : words[0][1]].lower() in STOP_WORDS:
            words = words[1:]
        elif len(words) == 1:
            return None
    if not words or text[words[0][0]].isdigit():
        return None
    start, stop = words[0][0], words[-1][1]
    if text[stop - 2 : stop] in ("'s", "\u2019s") and stop - 2 > start:
        stop -= 2  # a possessive is the name's ending, not part of it (``Joe Jackson's album``)
    raw = text[start:stop]
    if len(words) == 1 and (raw in _MONTHS or raw in _WEEKDAYS or raw == "I"):
        return None
    return Value("name", raw, start, stop, "name")


#: Words saying how many of a named whole (``One of``, ``Most of``): no part of the name that follows.
_SOME = frozenset(
    "one two three four five six seven eight nine ten some many most each all none several both either neither "  # noqa: SIM905
    "any few half part much".split()
)


def _leading_connector(word: str) -> bool:
    """A word a name does not start with: a lower-case particle (``of``, ``van``) or *The*; a
    capitalized particle starts one (``Van Horn``, ``De Soto``, ``La Paz``)."""
    return word == "The" or (word.islower() and word in _CONNECTORS)


def _name_key(raw: str) -> str:
    """A name compares by its last word (``Neil Armstrong`` ~ ``Armstrong``; ``Apollo 11`` !~ ``Apollo 12``)."""
    last = raw.split()[-1]
    return re.sub(r"['\u2019]s$", "", last).lower()
