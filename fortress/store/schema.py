"""The game store's tables (SQLAlchemy Core), the same on SQLite and PostgreSQL.

A game is its starting save (setup, variants, seed and any actions it was created with:
``Game.to_json``) plus the actions played since, one row each at its ply number. The
primary key ``(game_id, ply)`` is what makes writes safe: two writers that submit at the
same ply cannot both succeed. Seats hold a hash of their token, never the token.
"""
from __future__ import annotations

from sqlalchemy import (Boolean, Column, DateTime, ForeignKey, Integer, MetaData, String, Table, Text,
                        UniqueConstraint)

#: bump when the tables change; a store written by a newer version is refused
SCHEMA_VERSION = 1

metadata = MetaData()

meta = Table(
    "fortress_meta", metadata,
    Column("key", String(40), primary_key=True),
    Column("value", String(200), nullable=False),
)

games = Table(
    "fortress_games", metadata,
    Column("id", String(24), primary_key=True),
    Column("code", String(12), nullable=False),
    Column("title", String(120), nullable=False, default=""),
    Column("created", DateTime(timezone=True), nullable=False),
    Column("start", Text, nullable=False),  # the starting save: holds the seed, never sent to a browser
    Column("plies", Integer, nullable=False, default=0),  # actions stored so far: the cheap change check
    Column("summary", Text, nullable=False, default="{}"),  # JSON for the teacher's list
    UniqueConstraint("code", name="fortress_games_code"),
)

actions = Table(
    "fortress_actions", metadata,
    Column("game_id", String(24), ForeignKey("fortress_games.id", ondelete="CASCADE"), primary_key=True),
    Column("ply", Integer, primary_key=True),
    Column("action", String(200), nullable=False),
    Column("side", String(20), nullable=False),
    Column("at", DateTime(timezone=True), nullable=False),
)

seats = Table(
    "fortress_seats", metadata,
    Column("game_id", String(24), ForeignKey("fortress_games.id", ondelete="CASCADE"), primary_key=True),
    Column("seat", String(20), primary_key=True),  # "1".."4" (a player) or "spectator"
    Column("sides", String(80), nullable=False),  # comma-separated sides this seat acts for
    Column("kind", String(20), nullable=False),  # "human", "bot:<name>" or "spectator"
    Column("token_hash", String(64), nullable=False),
    Column("claimed", Boolean, nullable=False, default=False),
    UniqueConstraint("token_hash", name="fortress_seats_token"),
)

#: who holds a human seat now (issue 35): the browser that opened it (a hash of its own
#: secret, a cookie the server gives it), the name shown to a second page, and since when.
#: A seat has at most one holder; another browser is told and may take it over explicitly
holders = Table(
    "fortress_holders", metadata,
    Column("game_id", String(24), ForeignKey("fortress_games.id", ondelete="CASCADE"), primary_key=True),
    Column("seat", String(20), primary_key=True),
    Column("browser_hash", String(64), nullable=False),
    Column("name", String(60), nullable=False, default=""),
    Column("since", DateTime(timezone=True), nullable=False),
    #: the seat's token sealed with the browser's secret: that browser alone comes back to its
    #: seat from the join code in its address (no token in the address bar of a projector)
    Column("sealed", String(160), nullable=False, default=""),
)
