"""Waiting for another seat's move: PostgreSQL's LISTEN/NOTIFY (each stored action notifies
:data:`NOTIFY_CHANNEL`), a cheap poll of the game's ply count on SQLite that queries only when
the database's files changed. Mixed into :class:`fortress.store.store.GameStore`."""
from __future__ import annotations

import os
import time

from sqlalchemy.engine import Engine

NOTIFY_CHANNEL = "fortress_moves"


class Waiting:
    """GameStore's waiting (it has the engine, ``postgres`` and ``plies``)."""

    engine: Engine
    postgres: bool

    def plies(self, game_id: str) -> int:
        raise NotImplementedError

    def wait_for_change(self, game_id: str, ply: int, timeout: float = 10.0) -> int:
        """Block until the game has other than ``ply`` actions stored (more, or fewer after a
        take-back), or ``timeout`` seconds pass; returns the number stored. PostgreSQL: LISTEN/NOTIFY; SQLite: a cheap poll."""
        end = time.monotonic() + timeout
        if self.postgres:
            return self._listen(game_id, ply, end)
        files = self._files()
        seen: Signature | None = None
        asked, now, again = 0.0, 0, 0
        while True:
            # a query only when the database's files changed (a stat costs microseconds, a
            # query far more: 30 waiting pages polled 0.75 of a core), and each second anyway;
            # after a change, a few more ticks too: a commit's pages reach the log before the
            # shared index that makes them visible, so the first query may not see it yet
            signature = _signature(files) if files else None
            changed = signature is None or signature != seen
            if changed or again or time.monotonic() - asked >= 1.0:
                again = _AGAIN if changed and asked else again - 1 if again else 0
                seen, asked = signature, time.monotonic()
                if (now := self.plies(game_id)) != ply:
                    return now
            if time.monotonic() >= end:
                return now
            time.sleep(0.05)

    def _files(self) -> list[str]:
        """The SQLite database's file and its write-ahead log (none in memory)."""
        name = self.engine.url.database
        return [name, name + "-wal"] if name and name != ":memory:" else []

    def _listen(self, game_id: str, ply: int, end: float) -> int:
        raw = self.engine.raw_connection()
        try:
            conn = raw.driver_connection
            assert conn is not None  # a live psycopg connection
            conn.autocommit = True
            conn.execute(f"LISTEN {NOTIFY_CHANNEL}")
            while (now := self.plies(game_id)) == ply and (left := end - time.monotonic()) > 0:
                for note in conn.notifies(timeout=min(left, 1.0)):
                    if note.payload.split(":")[0] == game_id:
                        break
            return now
        finally:
            raw.invalidate()  # a listening, autocommitting connection never goes back to the pool


_AGAIN = 4  #: ticks of 50 ms that still query after the files changed
Signature = tuple[tuple[int, int] | None, ...]  # (size, mtime) per database file


def _signature(files: list[str]) -> Signature:
    """Size and modification time of each file: changes with every write to the database."""
    out: list[tuple[int, int] | None] = []
    for name in files:
        try:
            st = os.stat(name)
            out.append((st.st_size, st.st_mtime_ns))
        except OSError:
            out.append(None)
    return tuple(out)
