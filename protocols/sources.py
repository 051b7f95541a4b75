"""What source backends return: documents (stored whole, by SHA-256) and passages within them."""

from __future__ import annotations

import hashlib

from pydantic import BaseModel, ConfigDict, Field

from protocols.contract import Authority, Recency

__all__ = ["DeniedSource", "Passage", "SearchResult", "SourceDocument", "SourceHit", "content_hash"]


def content_hash(text: str) -> str:
    """The content address of a document: ``sha256:<hex>`` of its UTF-8 text."""
    return "sha256:" + hashlib.sha256(text.encode("utf-8")).hexdigest()


class SourceDocument(BaseModel):
    """A fetched document, full text kept so that every excerpt can be checked against it."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    kind: str = Field(..., description='"file" or "web".')
    locator: str = Field(..., description="Path or URL.")
    title: str | None = None
    text: str
    authority: Authority = Authority.MEDIUM
    recency: Recency | None = None
    published: str | None = Field(None, description="ISO date when the source states one.")

    @property
    def content_hash(self) -> str:
        return content_hash(self.text)


class Passage(BaseModel):
    """A search hit: a span of a document, with the document itself."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    document: SourceDocument
    start: int = Field(..., ge=0, description="Character offset of the passage in document.text.")
    end: int = Field(..., ge=0)
    score: float = Field(0.0, description="Backend relevance, larger is better.")

    @property
    def text(self) -> str:
        return self.document.text[self.start : self.end]


class SourceHit(BaseModel):
    """A passage as an agent sees it: already stored, so it can be quoted by ``source_id``."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    source_id: str
    kind: str
    locator: str
    title: str | None
    authority: Authority
    text: str = Field(..., description="The passage text (verbatim from the stored document).")
    start: int
    end: int
    score: float = 0.0
    lead: str = Field(
        "", description="The document's opening words when the passage starts later: what the document is about."
    )
    section: str = Field("", description="The heading of the document's section the passage is in, if any.")
    after: str = Field(
        "", description="The document's words right after the passage (a correction's retraction may follow it)."
    )


class DeniedSource(BaseModel):
    """A source that exists but could not be read (unreadable file, 403, paywall...)."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    locator: str
    reason: str


class SearchResult(BaseModel):
    """What a source backend returns for one query."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    passages: list[Passage] = Field(default_factory=list)
    denied: list[DeniedSource] = Field(default_factory=list)
