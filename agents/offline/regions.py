"""Names of regions that hold towns: countries, continents, the constituent countries of the United
Kingdom, the states of the United States and Australia, the provinces of Canada.

A town and a region can both be true of one place (*born in Lyon* and *born in France*), so two
different places of one event conflict only where neither is such a region (:func:`is_region`):
general knowledge, listed as units are. A state or province closing a place's address
(*Fillmore, Utah*) says where the thing a passage speaks of stands (:func:`states_addressed`).
"""

from __future__ import annotations

import re

__all__ = ["is_region", "states_addressed"]

_COUNTRIES = """
Afghanistan Albania Algeria Andorra Angola Argentina Armenia Australia Austria Azerbaijan Bahamas Bahrain
Bangladesh Barbados Belarus Belgium Belize Benin Bhutan Bolivia Botswana Brazil Brunei Bulgaria Burundi
Cambodia Cameroon Canada Chad Chile China Colombia Comoros Congo Croatia Cuba Cyprus Czechia Denmark Djibouti
Dominica Ecuador Egypt Eritrea Estonia Eswatini Ethiopia Fiji Finland France Gabon Gambia Georgia Germany Ghana
Greece Grenada Guatemala Guinea Guyana Haiti Honduras Hungary Iceland India Indonesia Iran Iraq Ireland Israel
Italy Jamaica Japan Jordan Kazakhstan Kenya Kiribati Kosovo Kuwait Kyrgyzstan Laos Latvia Lebanon Lesotho
Liberia Libya Liechtenstein Lithuania Luxembourg Madagascar Malawi Malaysia Maldives Mali Malta Mauritania
Mauritius Mexico Micronesia Moldova Monaco Mongolia Montenegro Morocco Mozambique Myanmar Burma Namibia Nauru
Nepal Netherlands Holland Nicaragua Niger Nigeria Norway Oman Pakistan Palau Palestine Panama Paraguay Peru
Philippines Poland Portugal Qatar Romania Russia Rwanda Samoa Senegal Serbia Seychelles Singapore Slovakia
Slovenia Somalia Spain Sudan Suriname Sweden Switzerland Syria Taiwan Tajikistan Tanzania Thailand Togo Tonga
Tunisia Turkey Turkmenistan Tuvalu Uganda Ukraine Uruguay Uzbekistan Vanuatu Venezuela Vietnam Yemen Zambia
Zimbabwe Britain Scotland England Wales Europe Asia Africa Antarctica Oceania America
"""
_MULTIWORD = """
United States; United States of America; United Kingdom; Great Britain; Northern Ireland; New Zealand;
South Africa; South Korea; North Korea; Saudi Arabia; Sri Lanka; Costa Rica; Dominican Republic; El Salvador;
Ivory Coast; Papua New Guinea; Sierra Leone; South Sudan; Trinidad and Tobago; United Arab Emirates;
Czech Republic; Central African Republic; Bosnia and Herzegovina; North Macedonia; East Timor; Cape Verde;
Burkina Faso; Equatorial Guinea; San Marino; Vatican City; Soviet Union; North America; South America;
Latin America; Middle East
"""
_MULTIWORD_STATES = """
New South Wales; Western Australia; South Australia; Northern Territory; British Columbia; Nova Scotia;
New Brunswick; Prince Edward Island; New Hampshire; New Jersey; New Mexico; New York; North Carolina;
North Dakota; Rhode Island; South Carolina; South Dakota; West Virginia
"""
_STATES = """
Alabama Alaska Arizona Arkansas California Colorado Connecticut Delaware Florida Hawaii Idaho Illinois
Indiana Iowa Kansas Kentucky Louisiana Maine Maryland Massachusetts Michigan Minnesota Mississippi Missouri
Montana Nebraska Nevada Ohio Oklahoma Oregon Pennsylvania Tennessee Texas Utah Vermont Virginia Washington
Wisconsin Wyoming Queensland Victoria Tasmania Ontario Quebec Alberta Manitoba Saskatchewan Newfoundland
"""
_STATE_NAMES = [*_STATES.split(), *(n.strip() for n in _MULTIWORD_STATES.replace("\n", " ").split(";"))]
_REGIONS = frozenset(
    name.lower()
    for name in [*_COUNTRIES.split(), *_STATE_NAMES, *(n.strip() for n in _MULTIWORD.replace("\n", " ").split(";"))]
)
#: A state or province closing a place's address: ``Fillmore, Utah``, ``Millard County, Utah``.
_ADDRESSED_STATE = re.compile(r"[A-Z][\w.'-]*,\s+(" + "|".join(sorted(_STATE_NAMES, key=len, reverse=True)) + r")\b")


def is_region(name: str) -> bool:
    """Whether ``name`` (``France``, ``the United States``, ``Ohio``) names a country, a continent or
    a state or province: a region that holds towns."""
    words = name.split()
    if words and words[0].lower() == "the":
        words = words[1:]
    return " ".join(words).lower() in _REGIONS


def states_addressed(text: str) -> frozenset[str]:
    """The states and provinces ``text`` gives as the last part of a place's address (``located
    approximately 30 miles south of Fillmore, Utah``): where a thing it speaks of stands."""
    return frozenset(m.group(1) for m in _ADDRESSED_STATE.finditer(text))
