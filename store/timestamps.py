"""Timestamps at the store boundary: timezone-aware UTC in, timezone-aware UTC out, on every dialect.

The store's readers never patch a time zone onto what they read. :class:`UTCDateTime` is the column
type of every timestamp: a value written must be aware (it is converted to UTC); a value read comes
back aware in UTC. PostgreSQL keeps ``timestamp with time zone``; SQLite keeps the UTC wall time as
text (as version 1 of the schema did, so old rows read back unchanged) and the zone is re-attached on
the way out.
"""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Any

from sqlalchemy import DateTime
from sqlalchemy.engine import Dialect
from sqlalchemy.types import TypeDecorator

__all__ = ["UTCDateTime", "utcnow"]


def utcnow() -> datetime:
    """Now, timezone-aware, in UTC."""
    return datetime.now(UTC)


class UTCDateTime(TypeDecorator[datetime]):
    """A timestamp column that only takes and only gives timezone-aware UTC datetimes.

    Raises:
        ValueError: on writing a naive datetime (its zone would be a guess).
    """

    impl = DateTime(timezone=True)
    cache_ok = True

    def process_bind_param(self, value: datetime | None, dialect: Dialect) -> datetime | None:
        if value is None:
            return None
        if value.tzinfo is None:
            raise ValueError(f"naive datetime {value!r} given to the store: pass a timezone-aware one (utcnow())")
        value = value.astimezone(UTC)
        return value.replace(tzinfo=None) if dialect.name == "sqlite" else value

    def process_result_value(self, value: Any, dialect: Dialect) -> datetime | None:
        if value is None:
            return None
        assert isinstance(value, datetime)
        return value.replace(tzinfo=UTC) if value.tzinfo is None else value.astimezone(UTC)
