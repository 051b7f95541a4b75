"""What we make of a web page, whoever fetched it: how far to trust its host, how recent it is, and
which passage of its text to quote.

Nothing here talks to the network or imports a vendor SDK; :mod:`agents.sources.tavily` maps API results
onto these functions. Page text is data: a passage is a pair of offsets into the text exactly as it
was returned, never a rewritten copy.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Iterator
from datetime import date
from urllib.parse import urlsplit

from protocols import Authority, Recency

__all__ = ["authority_for", "best_span", "host_within", "recency_for", "url_host"]

_SHORT_TEXT = 1200  # a text shorter than this is its own passage
_MAX_PASSAGE = 1200  # longer paragraphs are cut at sentence ends into pieces of at most this

# Authority of a web source, by host. A host matches an entry when it is the entry or a subdomain
# of it; the tables are checked before the suffix rule, so the most specific knowledge wins.
# HIGH: reference and peer-reviewed publishers not already covered by the suffix rule below
# (nih.gov and who.int are, through .gov and .int).
_HIGH_HOSTS = ("nature.com", "science.org", "arxiv.org", "nejm.org", "thelancet.com", "bmj.com", "cell.com",
               "jamanetwork.com", "plos.org", "cochranelibrary.com", "ieee.org", "acm.org", "europa.eu")  # fmt: skip
# MEDIUM: established encyclopedias and news organisations (medium is also the default; listing
# them keeps them medium whatever rule is added later). Wikipedia is medium on purpose: it is a
# good map of sources but not itself a primary one.
_MEDIUM_HOSTS = ("wikipedia.org", "britannica.com", "bbc.co.uk", "bbc.com", "reuters.com", "apnews.com",
                 "nytimes.com", "theguardian.com", "washingtonpost.com", "economist.com", "npr.org")  # fmt: skip
# LOW: blogs and forums, where anyone can publish anything.
_LOW_HOSTS = ("medium.com", "reddit.com", "quora.com", "blogspot.com", "wordpress.com", "substack.com")
# HIGH by suffix: government, education, military, international organisations; also the
# country forms (gov.uk, ac.uk, edu.au, ...).
_HIGH_TLDS = frozenset({"gov", "edu", "mil", "int"})
_HIGH_SECOND_LEVEL = frozenset({"gov", "edu", "ac", "mil"})

_WORD = re.compile(r"\w+")
_PARAGRAPH = re.compile(r"\S(?:[^\n]|\n(?![ \t]*\n))*")  # a run of non-blank lines
_SENTENCE_END = re.compile(r"[.!?][\"')\]]*(?=\s)")
_STOPWORDS = frozenset(("a", "an", "and", "are", "as", "at", "be", "by", "did", "do", "does", "for", "from",
                        "has", "have", "how", "in", "is", "it", "of", "on", "or", "that", "the", "this", "to",
                        "was", "were", "what", "when", "where", "which", "who", "why", "will", "with"))  # fmt: skip


def authority_for(url: str) -> Authority:
    """How much a web source is to be trusted, judged by its host (see the tables above)."""
    host = url_host(url)
    for hosts, authority in ((_LOW_HOSTS, Authority.LOW), (_MEDIUM_HOSTS, Authority.MEDIUM)):
        if host_within(host, hosts):
            return authority
    labels = host.split(".")
    if host_within(host, _HIGH_HOSTS) or labels[-1] in _HIGH_TLDS:
        return Authority.HIGH
    if len(labels) >= 2 and len(labels[-1]) == 2 and labels[-2] in _HIGH_SECOND_LEVEL:
        return Authority.HIGH
    return Authority.MEDIUM


def recency_for(published: date | None, today: date) -> Recency | None:
    """Current under a year old, recent up to three years, dated beyond; None when undated."""
    if published is None:
        return None
    years = (today - published).days / 365.25
    if years < 1:
        return Recency.CURRENT
    return Recency.RECENT if years <= 3 else Recency.DATED


def url_host(url: str) -> str:
    """The host of ``url`` without a leading ``www.``; ``""`` when it has none or does not parse."""
    try:
        host = urlsplit(url).hostname or ""
    except ValueError:
        return ""
    return host.removeprefix("www.")


def host_within(host: str, domains: list[str] | tuple[str, ...]) -> bool:
    """Whether ``host`` is one of ``domains`` or a subdomain of one."""
    return bool(host) and any(host == d or host.endswith("." + d) for d in domains)


def best_span(text: str, query: str) -> tuple[int, int]:
    """The offsets of the passage of ``text`` that shares most terms with ``query``.

    A short text is its own passage; otherwise the paragraph (or piece of one) with the most
    distinct query terms wins, then the most occurrences, then the earliest. Offsets index into
    ``text`` exactly: nothing is rewritten.
    """
    whole = _trim(text, 0, len(text))
    if whole[1] - whole[0] < _SHORT_TEXT:
        return whole
    wanted = set(_terms(query))
    best, best_score = whole, (-1, -1)
    for start, end in _chunks(text):
        counts = _terms(text[start:end])
        score = (len(wanted & counts.keys()), sum(counts[t] for t in wanted))
        if score > best_score:
            best, best_score = (start, end), score
    return best


def _trim(text: str, start: int, end: int) -> tuple[int, int]:
    while start < end and text[start].isspace():
        start += 1
    while end > start and text[end - 1].isspace():
        end -= 1
    return start, end


def _chunks(text: str) -> Iterator[tuple[int, int]]:
    """Paragraphs (runs of non-blank lines), long ones cut at sentence ends, as offsets."""
    for match in _PARAGRAPH.finditer(text):
        start, end = _trim(text, match.start(), match.end())
        while end - start > _MAX_PASSAGE:
            limit = start + _MAX_PASSAGE
            cut = max((m.end() for m in _SENTENCE_END.finditer(text, start, limit)), default=start)
            if cut == start:  # no sentence end: cut at the last space, or hard at the limit
                space = text.rfind(" ", start + 1, limit)
                cut = space if space > start else limit
            yield _trim(text, start, cut)
            start, _ = _trim(text, cut, end)
        yield start, end


def _terms(text: str) -> Counter[str]:
    return Counter(w for w in (m.lower() for m in _WORD.findall(text)) if len(w) > 1 and w not in _STOPWORDS)
