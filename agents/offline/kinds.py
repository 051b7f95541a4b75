"""Answers that are members of a known class: *What sport ...*, *What political party ...*,
*What instrument ...*, *What position did X play?*.

Such a question is answered by a word or two of a closed class (``a hockey player``, ``elected as a
Republican``), which a sentence rarely puts near the class's own noun: no sentence says *the sport
of X was hockey*. So the class's members are listed here (general knowledge, as units are), and a
member found in a sentence about the subject is a value like a date or a number: two sources
naming one member agree, two naming different members disagree.

Members compare by their words (:func:`same_member`): a more specific member agrees with a more
general one (``ice hockey`` with ``hockey``, ``American football`` with ``football``, the league
``NFL`` with ``football``), two with different qualifiers do not (``ice hockey`` and ``field
hockey``, ``rugby union`` and ``rugby league``).

Words that are often something else are left out, or listed only in a phrase that makes them a
member (``running`` only as ``distance running``; ``bowling`` only as ``ten-pin bowling``, since a
cricket passage speaks of a bowler's bowling). Party names are matched only capitalized: *liberal*,
*conservative* and *green* are common adjectives; any capitalized ``... Party`` is a member too.
"""

from __future__ import annotations

import re
from functools import lru_cache

__all__ = ["asked_class", "member_said_otherwise", "members_in", "same_member", "specificity"]

_SPORTS = """
football; american football; association football; soccer=association football; gridiron football=american football;
canadian football; gaelic football; australian rules football; aussie rules=australian rules football; futsal;
rugby; rugby union; rugby league; rugby sevens; hockey; ice hockey; field hockey; roller hockey; bandy; floorball;
baseball; softball; basketball; volleyball; beach volleyball; handball; netball; korfball; lacrosse; hurling;
camogie; shinty; water polo; tennis; table tennis; ping pong=table tennis; badminton; squash; racquetball;
golf; cricket; snooker; billiards; darts; chess; ten-pin bowling; tenpin bowling=ten-pin bowling; lawn bowls;
athletics; track and field=athletics; distance running; middle-distance running; long-distance running;
cross-country running; sprinting; marathon running; racewalking; race walking=racewalking; hurdling; decathlon;
heptathlon; pole vault; high jump; long jump; triple jump; shot put; discus throw; javelin throw; hammer throw;
cycling; road cycling; track cycling; mountain biking; bmx; bmx racing=bmx; motocross; motorsport; motor racing;
auto racing; formula one; rallying; rally driving=rallying; stock car racing; nascar=stock car racing; karting;
motorcycle racing; horse racing; show jumping; dressage; eventing; equestrianism; rodeo; boxing; kickboxing;
wrestling; sumo; sumo wrestling=sumo; judo; karate; taekwondo; jujitsu; jiu-jitsu; mixed martial arts;
mma=mixed martial arts; fencing; archery; sport shooting; skiing; alpine skiing; cross-country skiing; ski jumping;
nordic combined; biathlon; freestyle skiing; snowboarding; bobsleigh; bobsled=bobsleigh; luge; curling;
figure skating; speed skating; short track speed skating; swimming; synchronized swimming; artistic swimming;
diving; rowing; canoeing; kayaking; sailing; windsurfing; surfing; gymnastics; artistic gymnastics;
rhythmic gymnastics; trampolining; weightlifting; powerlifting; bodybuilding; triathlon; modern pentathlon;
duathlon; rock climbing; sport climbing; skateboarding; esports; e-sports=esports; orienteering; paragliding;
nfl=american football; ncaa football=american football; nba=basketball; wnba=basketball; nhl=ice hockey;
mlb=baseball; mls=association football; pga=golf; atp=tennis; wta=tennis; ufc=mixed martial arts;
footballer=football; cricketer=cricket; golfer=golf; hockey player=hockey; swimmer=swimming; cyclist=cycling;
boxer=boxing; wrestler=wrestling; sprinter=sprinting; rower=rowing; skier=skiing; fencer=fencing; gymnast=gymnastics;
weightlifter=weightlifting; powerlifter=powerlifting; bodybuilder=bodybuilding; triathlete=triathlon;
jockey=horse racing; batsman=cricket; quarterback=american football; racing driver=motor racing;
snowboarder=snowboarding; skateboarder=skateboarding; surfer=surfing; sumotori=sumo; rikishi=sumo
"""
_PARTIES = """
Republican; Republicans=Republican; GOP=Republican; Democratic; Democrat=Democratic; Democrats=Democratic;
Whig; Whigs=Whig; Federalist; Federalists=Federalist; Democratic-Republican; Labour=Labor; Labor; Conservative;
Conservatives=Conservative; Tory=Conservative; Tories=Conservative; Liberal; Liberals=Liberal; Liberal Democrat;
Liberal Democrats=Liberal Democrat; Green; Greens=Green; Socialist; Communist; Progressive; Libertarian; Populist;
Know Nothing; Free Soil; Unionist; Farmer-Labor; Christian Democratic; Christian Democrat=Christian Democratic;
Social Democratic; Social Democrat=Social Democratic; Nationalist
"""
_INSTRUMENTS = """
piano; pianist=piano; guitar; guitarist=guitar; bass guitar; bassist=bass guitar; violin; violinist=violin; viola;
cello; cellist=cello; double bass; drums; drummer=drums; percussion; percussionist=percussion; trumpet;
trumpeter=trumpet; trombone; trombonist=trombone; saxophone; saxophonist=saxophone; clarinet; clarinetist=clarinet;
flute; flautist=flute; flutist=flute; oboe; bassoon; french horn; horn; tuba; harp; harpist=harp; organ;
organist=organ; harpsichord; accordion; banjo; mandolin; ukulele; harmonica; sitar; keyboards; keyboardist=keyboards;
piccolo; cor anglais; english horn=cor anglais; cornet; flugelhorn; euphonium; recorder; lute; lutenist=lute; zither;
dulcimer; xylophone; marimba; vibraphone; glockenspiel; timpani; congas; bongos; steelpan; steel drum=steelpan;
synthesizer; harmonium; bandoneon; concertina; bagpipes; piper=bagpipes; balalaika; bouzouki; oud; tabla; sarod;
sarangi; santoor; veena; shehnai; bansuri; mridangam; ghatam; dhol; erhu; pipa; guzheng; koto; shamisen; shakuhachi;
taiko; kora; mbira; djembe; didgeridoo; charango; cavaquinho
"""
#: Playing positions in team sports; a specific position names the general one it is a kind of
#: (``centre-back`` is a defender), so the two agree. Words that are mostly something else (*center*,
#: *safety*, *wing*, *lock*, *guard* alone) are left out.
_POSITIONS = """
goalkeeper; goalie=goalkeeper; goaltender=goalkeeper; keeper=goalkeeper; wicket-keeper=wicketkeeper;
wicketkeeper; defender; centre-back=central defender; center-back=central defender; centre back=central defender;
center back=central defender; central defender; full-back=full back defender; fullback=full back defender;
left-back=left back defender; right-back=right back defender; wing-back=wing back defender;
sweeper=sweeper defender; defenceman=defender; defenseman=defender; midfielder; defensive midfielder;
attacking midfielder; central midfielder; winger; forward; centre-forward=centre forward; center forward=centre forward;
striker=striker forward; quarterback; running back; halfback; wide receiver; tight end; offensive lineman;
offensive tackle; defensive tackle; defensive end; linebacker; cornerback; free safety; strong safety;
placekicker=kicker; kicker; punter; long snapper; pitcher; relief pitcher; starting pitcher; catcher;
first baseman; second baseman; third baseman; shortstop; outfielder; left fielder=left outfielder;
center fielder=center outfielder; right fielder=right outfielder; designated hitter; point guard; shooting guard;
small forward; power forward; flanker; hooker; prop; scrum-half=scrum half; fly-half=fly half; number eight;
batsman; opening batsman; bowler; all-rounder; left wing; right wing
"""
#: Military ranks. Words that are mostly something else alone (*general*, *major*, *captain*,
#: *private*, *commander*, *marshal*) are listed only in the phrases that make them a rank.
_RANKS = """
admiral; fleet admiral; admiral of the fleet; vice admiral; vice-admiral=vice admiral; rear admiral;
rear-admiral=rear admiral; commodore; general of the army; general of the air force; lieutenant general;
lieutenant-general=lieutenant general; major general; major-general=major general; brigadier general;
brigadier-general=brigadier general; brigadier; colonel; lieutenant colonel; lieutenant-colonel=lieutenant colonel;
lieutenant commander; lieutenant-commander=lieutenant commander; lieutenant; first lieutenant; second lieutenant;
sub-lieutenant; flight lieutenant; squadron leader; wing commander; group captain; air commodore; air vice-marshal;
air marshal; air chief marshal; field marshal; marshal of the royal air force; sergeant; staff sergeant;
master sergeant; sergeant major; corporal; lance corporal; warrant officer; petty officer; chief petty officer;
ensign
"""
#: The class a question asks a member of, by the noun it asks with (``What sport ...``).
_CLASS_NOUNS = {"sport": "sport", "sports": "sport", "party": "party", "instrument": "instrument"}
_CLASS_NOUNS |= {"position": "position", "rank": "rank"}
_ASKED = re.compile(
    r"^\s*(?:in\s+|of\s+|for\s+)?(?:what|which)\s+(?P<copula>(?:is|was|are|were)\s+(?:the|his|her|their|its)\s+)?"
    r"(?:(?:political|kind\s+of|type\s+of|primary|main|principal|chief)\s+)?(?P<noun>sports?|party|instrument|position|rank)\b"
    r"(?!\s+(?!(?:of|for|in|at|by|with|on|is|was|are|were|did|does|do|has|have|had|that|which|who|associated|"
    r"played|plays|represented|represents)\b)(?-i:[a-z]))",  # not a noun's attribute: *the sports budget*
    re.I,
)
#: A capitalized run ending in *Party*: a party's name, listed or not (``the Minnesota Farmer-Labor Party``).
_PARTY_NAME = re.compile(r"(?:\b[A-Z][\w'-]*\s+){1,4}Party\b")


def _table(listing: str) -> dict[str, str]:
    """``member`` or ``member=canonical`` entries, ``;``-separated, as a member -> canonical map."""
    out = {}
    for entry in listing.replace("\n", " ").split(";"):
        member, _, canonical = entry.strip().partition("=")
        out[member.strip()] = (canonical or member).strip()
    return out


_MEMBERS = {"sport": _table(_SPORTS), "party": _table(_PARTIES), "instrument": _table(_INSTRUMENTS)}
_MEMBERS["position"] = _table(_POSITIONS)
_MEMBERS["rank"] = _table(_RANKS)
#: Classes whose members are matched as written (capitalized); the others in any case.
_CASED = frozenset({"party"})
#: Each class's members by their lower-case spelling (matching heeds case; what a member stands for does not).
_CANONICAL = {
    cls: {member.lower(): canonical for member, canonical in members.items()} for cls, members in _MEMBERS.items()
}


@lru_cache(maxsize=1)
def _patterns() -> dict[str, re.Pattern[str]]:
    out = {}
    for cls, members in _MEMBERS.items():
        alternatives = "|".join(re.escape(m) for m in sorted(members, key=len, reverse=True))
        flags = 0 if cls in _CASED else re.I
        out[cls] = re.compile(rf"(?<![\w-])(?:{alternatives})(?![\w-])", flags)
    return out


def asked_class(question: str) -> str | None:
    """The class ``question`` asks a member of (``What sport is X associated with?`` -> ``sport``), if any."""
    match = _ASKED.match(question)
    if match is None or (match.group("copula") and re.match(r"\s+of\s+(?:the|a|an)\b", question[match.end() :])):
        return None  # *What is the sport of the year?* asks which one was chosen, not a subject's member
    cls = _CLASS_NOUNS[match.group("noun").lower()]
    if cls == "position" and not re.search(r"\bplay(?:s|ed|ing)?\b", question, re.I):
        return None  # *What was the position of X?* may ask for an office; a playing position is *played*
    return cls


def members_in(cls: str, text: str) -> list[tuple[int, int]]:
    """Where ``text`` names members of ``cls``, as (start, end), in order; the longest at each place."""
    spans = [(m.start(), m.end()) for m in _patterns()[cls].finditer(text)]
    if cls == "party":
        spans += [(m.start(), m.end()) for m in _PARTY_NAME.finditer(text)]
        spans = [s for s in spans if not any(o != s and o[0] <= s[0] and s[1] <= o[1] for o in spans)]
    return sorted(set(spans))


@lru_cache(maxsize=1024)
def canonical_words(cls: str, raw: str) -> frozenset[str]:
    """A member's canonical words (``Labour Party`` -> ``labor``; ``NFL`` -> ``american football``):
    two names with the same are one name for the member."""
    canonical = _CANONICAL[cls].get(raw.lower(), raw)
    words = re.findall(r"[a-z]+", canonical.lower())
    if cls == "party":
        words = [_PARTY_WORDS.get(w, w) for w in words if w != "party"]
    return frozenset(words)


_PARTY_WORDS = {"labour": "labor", "democrat": "democratic", "democrats": "democratic"}


def member_said_otherwise(cls: str, text: str) -> str | None:
    """The member ``text`` names only by another word for it (``footballer``, ``NFL``,
    ``quarterback``), by its own name (``football``, ``American football``): what a question asking
    the class is answered with. None where the text names it itself, names none, or names
    several."""
    raws = [text[a:b] for a, b in members_in(cls, text)]
    own = {_CANONICAL[cls].get(raw.lower(), raw.lower()) for raw in raws}
    if len(own) != 1:
        return None
    member = next(iter(own))
    words = set(re.findall(r"[a-z]+", member))
    return None if any(set(re.findall(r"[a-z]+", raw.lower())) == words for raw in raws) else member


def same_member(cls: str, a: str, b: str) -> bool:
    """Whether two members of ``cls`` are one, the more general agreeing with the more specific
    (``hockey`` with ``ice hockey``): the words of one hold the other's."""
    x, y = canonical_words(cls, a), canonical_words(cls, b)
    return x <= y or y <= x


def specificity(cls: str, raw: str) -> int:
    """How specifically ``raw`` names its member: the more words its canonical name has, the more
    specific, and the name itself over another word for it (``American football`` over
    ``quarterback`` and ``NFL``, which over ``football``): a group is stated by its most specific."""
    words = canonical_words(cls, raw)
    return 2 * len(words) + (frozenset(re.findall(r"[a-z]+", raw.lower())) == words)
