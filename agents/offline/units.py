"""Numbers and units as written in text: the vocabulary :mod:`.values` reads quantities with.

Units map to a dimension and a factor to its SI (or canonical) unit, so that values written in
different units compare: ``47.5 pounds`` is 21.55 kg. One- and two-letter units (``m``, ``g``,
``t``...) count only in lower case, and ``s``/``h`` not at all (``1960s`` is a decade, not seconds).
"""

from __future__ import annotations

import re

__all__ = [
    "COUNT",
    "CURRENCY",
    "CURRENCY_DIMS",
    "MONEY_DIMENSIONS",
    "NUM",
    "NUMBER_WORDS",
    "NUMWORD",
    "QUANTITY",
    "SCALES",
    "SHORT_UNITS",
    "UNITS",
    "parse_number",
]

_UNITS_WORDS = "zero one two three four five six seven eight nine".split()  # noqa: SIM905
_TEENS = "ten eleven twelve thirteen fourteen fifteen sixteen seventeen eighteen nineteen".split()  # noqa: SIM905
_TENS = {"twenty": 20, "thirty": 30, "forty": 40, "fifty": 50, "sixty": 60, "seventy": 70, "eighty": 80, "ninety": 90}
#: Numbers written in words, two to ninety-nine (*one* is left out: it is a pronoun as often as a number).
NUMBER_WORDS = (
    {w: i for i, w in enumerate(_UNITS_WORDS) if i >= 2}
    | {w: 10 + i for i, w in enumerate(_TEENS)}
    | _TENS
    | {f"{tens}-{unit}": value + i for tens, value in _TENS.items() for i, unit in enumerate(_UNITS_WORDS) if i >= 1}
)
SCALES = {"thousand": 1e3, "million": 1e6, "billion": 1e9, "trillion": 1e12}
_SCALE = "|".join(SCALES)  # a scale word after a number (``3.5 million``), in every pattern that reads one
NUM = r"\d{1,3}(?:,\d{3})+(?:\.\d+)?|\d+(?:\.\d+)?"
#: A number in words, the longest first, a whole word (not *eight* of ``eighth``; ``ten-minute`` holds *ten*).
NUMWORD = "(?:" + "|".join(sorted(NUMBER_WORDS, key=len, reverse=True)) + r")(?![A-Za-z])"

#: surface form -> (dimension, factor to the SI / canonical unit)
UNITS: dict[str, tuple[str, float]] = {}
#: ISO codes of the currencies most written before or after an amount (``NOK 4.2 billion``, ``120 SEK``,
#: ``PLN 89``); not those spelt like an English word (*ALL*, *TRY*, *COP*, *CUP*).
CURRENCY_CODES = (
    "USD", "EUR", "GBP", "NOK", "SEK", "DKK", "CHF", "JPY", "CNY", "CAD", "AUD", "NZD", "INR",
    "PLN", "CZK", "HUF", "RON", "BGN", "ISK", "UAH", "ZAR", "BRL", "MXN", "ARS", "CLP", "KRW", "SGD",
    "HKD", "TWD", "THB", "MYR", "IDR", "VND", "ILS", "AED", "SAR", "QAR", "EGP", "NGN", "KES",
)  # fmt: skip
#: The dimensions of money amounts: a currency's code, or *krone* (``260 million kroner`` does not say
#: whose).
#: Currencies written by their names, which do not say whose (*francs*: Swiss or West African).
_NAMED_CURRENCIES = (
    "krone", "franc", "peso", "dinar", "dirham", "riyal", "shilling", "lira", "rouble", "florin", "guilder",
)  # fmt: skip
MONEY_DIMENSIONS = frozenset(code.lower() for code in CURRENCY_CODES) | frozenset(_NAMED_CURRENCIES)
for _dim, _factor, _unit_names in [
    ("mass", 1.0, "kg kgs kilogram kilograms kilogramme kilogrammes"),
    ("mass", 1e-3, "g gram grams gramme grammes"),
    ("mass", 0.45359237, "lb lbs pound pounds"),
    ("mass", 1000.0, "tonne tonnes t"),
    ("mass", 0.028349523, "oz ounce ounces"),
    ("mass", 1e-6, "mg milligram milligrams milligramme milligrammes"),
    ("mass", 1e-9, "µg mcg microgram micrograms"),
    ("length", 1000.0, "km kilometer kilometers kilometre kilometres"),
    ("length", 1.0, "m meter meters metre metres"),
    ("length", 0.01, "cm centimeter centimeters centimetre centimetres"),
    ("length", 1e-3, "mm millimeter millimeters millimetre millimetres"),
    ("length", 1609.344, "mile miles mi"),
    ("length", 0.3048, "ft foot feet"),
    ("length", 0.0254, "inch inches"),
    ("length", 1852.0, "nautical_miles nmi"),
    ("duration", 1.0, "sec secs second seconds"),
    ("duration", 60.0, "min mins minute minutes"),
    ("duration", 3600.0, "h hr hrs hour hours"),
    ("duration", 86400.0, "day days"),
    ("duration", 604800.0, "week weeks"),
    ("duration", 2629800.0, "month months"),
    ("duration", 31557600.0, "year years"),
    ("duration", 315576000.0, "decade decades"),
    ("duration", 3155760000.0, "century centuries"),
    ("speed", 1 / 3.6, "km/h kph kilometers_per_hour kilometres_per_hour"),
    ("speed", 0.44704, "mph miles_per_hour"),
    ("speed", 1.0, "m/s meters_per_second metres_per_second"),
    ("speed", 0.514444, "knot knots"),
    ("area", 1e6, "km2 km² square_kilometers square_kilometres sq_km"),
    ("area", 1.0, "m² square_meters square_metres sq_m"),
    ("area", 2589988.0, "square_miles sq_mi"),
    ("area", 1e4, "hectare hectares ha"),
    ("area", 4046.86, "acre acres"),
    ("volume", 1e-3, "l liter liters litre litres"),
    ("volume", 1.0, "m³ cubic_meter cubic_meters cubic_metre cubic_metres"),  # not ``96 million m``: a length
    ("volume", 1e9, "km³ cubic_kilometers cubic_kilometres"),
    ("volume", 3.785411784e-3, "gallon gallons"),
    ("volume", 1e-6, "ml millilitre millilitres milliliter milliliters"),
    ("pressure", 133.322, "mmhg mm_hg"),
    ("pressure", 1000.0, "kpa"),
    ("pressure", 100.0, "hpa"),
    ("pressure", 6894.76, "psi"),
    ("power", 1e3, "kw kilowatt kilowatts"),
    ("power", 1e6, "mw megawatt megawatts"),
    ("power", 1e9, "gw gigawatt gigawatts"),
    ("energy", 1e3, "kwh"),
    ("energy", 1e6, "mwh"),
    ("energy", 1e9, "gwh"),
    ("percent", 1.0, "% percent per_cent"),
    ("temperature_c", 1.0, "°c degrees_celsius"),
    ("temperature_f", 1.0, "°f degrees_fahrenheit"),
    ("usd", 1.0, "dollar dollars usd"),
    ("eur", 1.0, "euro euros eur"),
    ("gbp", 1.0, "pounds_sterling gbp"),
    ("jpy", 1.0, "yen"),
    ("cny", 1.0, "yuan renminbi"),
    ("inr", 1.0, "rupee rupees"),
    ("krone", 1.0, "krone kroner kronor krona koruna crown crowns"),  # the name does not say whose
    ("franc", 1.0, "franc francs"),
    ("peso", 1.0, "peso pesos"),
    ("dinar", 1.0, "dinar dinars"),
    ("dirham", 1.0, "dirham dirhams"),
    ("riyal", 1.0, "riyal riyals rial rials"),
    ("shilling", 1.0, "shilling shillings"),
    ("lira", 1.0, "lira lire liras"),
    ("rouble", 1.0, "rouble roubles ruble rubles"),
    ("florin", 1.0, "florin florins"),
    ("guilder", 1.0, "guilder guilders gulden"),
    ("pln", 1.0, "zloty zlotys zlotych"),
    ("huf", 1.0, "forint forints"),
    ("zar", 1.0, "rand"),
    ("ils", 1.0, "shekel shekels"),
    ("thb", 1.0, "baht"),
    ("myr", 1.0, "ringgit"),
    ("idr", 1.0, "rupiah"),
    ("ngn", 1.0, "naira"),
    *((code.lower(), 1.0, code.lower()) for code in CURRENCY_CODES if code not in ("USD", "EUR", "GBP")),
]:
    for _name in _unit_names.split():
        UNITS[_name.replace("_", " ")] = (_dim, _factor)
SHORT_UNITS = frozenset({"m", "g", "t", "l", "h", "mi", "ha", "min", "mg", "ml"})  # must be written in lower case
UNIT_RE = "|".join(re.escape(u) for u in sorted(UNITS, key=len, reverse=True))
#: A word saying which time a span of time counts (``2,340 flying hours``, ``40 working days``).
_TIME_COUNTED = r"(?:flying|flight|working|consecutive|calendar|business|school|man|full|whole|clear)"
QUANTITY = re.compile(
    rf"(?<![\w.,])(?<![A-Za-z]-)(?P<num>{NUM}|(?:{NUMWORD})(?:\s+and\s+a\s+half)?)(?:\s+(?P<scale>{_SCALE}))?"
    rf"(?:\s+{_TIME_COUNTED}(?=\s+(?:hours?|days?|weeks?|months?|years?)\b))?"
    rf"\s*-?\s*(?P<unit>{UNIT_RE})(?![A-Za-z0-9])",
    re.IGNORECASE,
)
CURRENCY = re.compile(
    rf"(?P<cur>US\$|\$|€|£|\b(?:{'|'.join(CURRENCY_CODES)})(?=\s?\d))\s?(?P<num>{NUM})"
    rf"(?:\s+(?P<scale>{_SCALE})|(?P<abbr>k|m|mn|bn|b|tn)\b)?(?![\d])"
)
#: A money amount's abbreviated scale: ``£48.2m``, ``$3bn``, ``$20k``.
SCALE_ABBREVIATIONS = {"k": 1e3, "m": 1e6, "mn": 1e6, "b": 1e9, "bn": 1e9, "tn": 1e12}
CURRENCY_DIMS = {"US$": "usd", "$": "usd", "€": "eur", "£": "gbp"} | {code: code.lower() for code in CURRENCY_CODES}
COUNT = re.compile(
    rf"(?<![\w.,$€£])(?<![A-Za-z]-)(?P<num>{NUM}|{NUMWORD})(?:\s+(?P<scale>{_SCALE}))?"
    r"(?:\s+\(\d[\d,]*\))?"  # ``Fourteen (14) passengers``: the number restated in digits
    r"(?:\*\*|__)?\s+(?P<noun>[a-z][a-z-]+)\b",  # ``**three** aircraft``: emphasis is no word
    re.IGNORECASE,
)


def parse_number(raw: str) -> tuple[float, float]:
    """``(value, resolution)`` of a number written in digits or words (``two and a half``)."""
    word = raw.lower().split()[0]
    if word in NUMBER_WORDS:
        half = raw.lower().endswith("half")
        return NUMBER_WORDS[word] + (0.5 if half else 0.0), 0.5 if half else 1.0
    digits = raw.replace(",", "")
    decimals = len(digits.split(".")[1]) if "." in digits else 0
    return float(digits), 10.0**-decimals
