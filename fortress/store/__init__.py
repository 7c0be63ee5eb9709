"""The shared game store for classroom play: games, their actions and their
seats in SQLite (default, one file) or PostgreSQL, so that a game lives on the server and
every laptop at it sees the same moves. See :mod:`fortress.store.store`."""
from __future__ import annotations

from fortress.store.holders import Holder
from fortress.store.store import (CODE_ALPHABET, SPECTATOR, GameStore, NewGame, Seat, SeatError, SeatTaken,
                                  StaleGame, StoreError, StoreUnavailable, default_url)

__all__ = ["CODE_ALPHABET", "SPECTATOR", "GameStore", "Holder", "NewGame", "Seat", "SeatError", "SeatTaken",
           "StaleGame", "StoreError", "StoreUnavailable", "default_url"]
