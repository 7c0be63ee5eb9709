"""Who holds a seat (issue 35): a human seat belongs to the browser that opened it.

A seat link is a bearer token; holding adds which browser plays it now. The server gives
each browser a secret of its own (a cookie; :mod:`fortress.ui.voila_app`), the page's kernel
hands it to the store, and the store keeps its hash beside the seat with a name to show
(the student's, or the kind of browser). Another browser opening the same link is refused
with :class:`~fortress.store.store.SeatTaken` ("this seat is taken, by ...") and may take it
over explicitly (``take=True``); the page that lost it is refused its next move and told.
The teacher frees a seat (:meth:`SeatHolding.free`): its holder goes, and the join code
may give it to someone else (with a new token: the old link stops working). The same
browser holds its seat again on a reload without asking. Spectator and bot seats are never held.
"""
from __future__ import annotations

import hashlib
from dataclasses import dataclass
from datetime import datetime, timezone
from typing import TYPE_CHECKING

from sqlalchemy import delete, insert, select, update
from sqlalchemy.engine import Connection, Engine
from sqlalchemy.exc import IntegrityError

from fortress.store.schema import games, holders, seats

if TYPE_CHECKING:
    from fortress.store.store import Seat

NAME_LENGTH = 60


@dataclass(frozen=True)
class Holder:
    """The browser holding a seat: its name, since when, and whether it is the asking one."""

    name: str
    since: datetime
    mine: bool = False

    def held_for(self, now: datetime | None = None) -> str:
        """How long it has held the seat, in words ("2 min")."""
        since = self.since if self.since.tzinfo else self.since.replace(tzinfo=timezone.utc)  # SQLite drops the zone
        seconds = max(0, int(((now or datetime.now(timezone.utc)) - since).total_seconds()))
        return f"{seconds} s" if seconds < 60 else f"{seconds // 60} min" if seconds < 3600 else f"{seconds // 3600} h"


def browser_hash(browser: str) -> str:
    return hashlib.sha256(("browser:" + browser).encode()).hexdigest()


def seal(token: str, browser: str, game_id: str, seat: str) -> str:
    """``token`` sealed with the browser's secret (stored: the database alone does not give it)."""
    data = token.encode()
    key = hashlib.shake_256(f"seal:{browser}:{game_id}:{seat}".encode()).digest(len(data))
    return bytes(a ^ b for a, b in zip(data, key)).hex()


def unseal(sealed: str, browser: str, game_id: str, seat: str) -> str:
    data = bytes.fromhex(sealed)
    key = hashlib.shake_256(f"seal:{browser}:{game_id}:{seat}".encode()).digest(len(data))
    return bytes(a ^ b for a, b in zip(data, key)).decode(errors="replace")


class SeatHolding:
    """:class:`~fortress.store.store.GameStore`'s seat holding (a mixin: the store's engine
    and :meth:`open`)."""

    engine: Engine

    if TYPE_CHECKING:
        def open(self, token: str, claim: bool = True) -> Seat: ...

    def hold(self, token: str, browser: str, name: str = "", take: bool = False) -> "Seat":
        """Open a seat link's seat for ``browser`` and hold it: free or held by the same
        browser, it is this browser's; held by another, :class:`SeatTaken` unless ``take``
        (an explicit take-over). Spectator and bot seats are opened, never held."""
        from fortress.store.store import SeatError

        if not browser:
            raise SeatError("this page has no browser id to hold a seat with")
        seat = self.open(token)
        if seat.kind != "human":
            return seat
        with self.engine.begin() as conn:
            self._hold(conn, seat, browser, name[:NAME_LENGTH], take, seal(token, browser, seat.game_id, seat.seat))
        return seat

    def _hold(self, conn: Connection, seat: "Seat", browser: str, name: str, take: bool, sealed: str) -> None:
        from fortress.store.store import SeatTaken

        key = (holders.c.game_id == seat.game_id) & (holders.c.seat == seat.seat)
        found = conn.execute(select(holders.c.browser_hash, holders.c.name, holders.c.since).where(key)).first()
        mine = browser_hash(browser)
        if found is None:
            try:
                with conn.begin_nested():
                    conn.execute(insert(holders).values(game_id=seat.game_id, seat=seat.seat, browser_hash=mine,
                                                        name=name, since=datetime.now(timezone.utc), sealed=sealed))
                return
            except IntegrityError:  # another browser took it a moment ago
                found = conn.execute(select(holders.c.browser_hash, holders.c.name, holders.c.since).where(key)).first()
                assert found is not None
        if found.browser_hash == mine:
            conn.execute(update(holders).where(key).values(name=name or found.name, sealed=sealed))
            return
        if not take:
            raise SeatTaken(seat, Holder(found.name, found.since))
        conn.execute(update(holders).where(key).values(browser_hash=mine, name=name, since=datetime.now(timezone.utc),
                                                       sealed=sealed))

    def resume(self, code: str, browser: str) -> str | None:
        """The token of a seat ``browser`` holds in the game with join code ``code`` (its page
        came back from its address), None if it holds none there."""
        from fortress.store.store import SeatError

        with self.engine.connect() as conn:
            game_id = conn.execute(select(games.c.id).where(games.c.code == code.strip().upper()[:12])).scalar()
            rows = conn.execute(select(holders.c.seat, holders.c.sealed)
                                .where(holders.c.game_id == game_id, holders.c.browser_hash == browser_hash(browser))
                                .order_by(holders.c.seat)).all() if game_id and browser else []
        for seat, sealed in rows:
            token = unseal(sealed, browser, str(game_id), seat)
            try:
                if self.open(token, claim=False).seat == seat:
                    return token
            except SeatError:  # the teacher freed it and the code gave it out again: not ours
                continue
        return None

    def holder(self, game_id: str, seat: str, browser: str = "") -> Holder | None:
        """Who holds ``seat`` of the game (``mine``: ``browser`` does), None if nobody."""
        with self.engine.connect() as conn:
            found = conn.execute(select(holders.c.browser_hash, holders.c.name, holders.c.since)
                                 .where(holders.c.game_id == game_id, holders.c.seat == seat)).first()
        if found is None:
            return None
        return Holder(found.name, found.since, bool(browser) and found.browser_hash == browser_hash(browser))

    def holders(self, game_id: str | None = None) -> dict[tuple[str, str], Holder]:
        """(game, seat) -> its holder, for one game or all (the teacher's list)."""
        query = select(holders.c.game_id, holders.c.seat, holders.c.name, holders.c.since)
        if game_id is not None:
            query = query.where(holders.c.game_id == game_id)
        with self.engine.connect() as conn:
            return {(r.game_id, r.seat): Holder(r.name, r.since) for r in conn.execute(query)}

    def check_holder(self, seat: "Seat", browser: str | None) -> None:
        """Refuse (:class:`SeatTaken`) a move ``browser`` makes for a seat another browser
        holds (None: a caller with no browser, a script or the server's bots, is not asked)."""
        from fortress.store.store import SeatTaken

        if browser is None or seat.kind != "human":
            return
        found = self.holder(seat.game_id, seat.seat, browser)
        if found is not None and not found.mine:
            raise SeatTaken(seat, found)

    def free(self, game_id: str, seat: str) -> bool:
        """The teacher frees a seat: nobody holds it, and the join code may give it out again
        (with a new token). Whether anything changed."""
        with self.engine.begin() as conn:
            gone = conn.execute(delete(holders).where(holders.c.game_id == game_id, holders.c.seat == seat)).rowcount
            opened = conn.execute(update(seats).where(seats.c.game_id == game_id, seats.c.seat == seat,
                                                      seats.c.kind == "human", seats.c.claimed.is_(True))
                                  .values(claimed=False)).rowcount
        return bool(gone or opened)
