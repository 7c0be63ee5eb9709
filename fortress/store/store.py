"""A shared game store: games, their actions and their seats in SQLite or PostgreSQL.

>>> import fortress
>>> from fortress.store import GameStore
>>> store = GameStore("sqlite://")                     # in memory; a file or postgresql:// URL in use
>>> made = store.create_game(fortress.new_game(seed=1, players=2), seats={"2": "bot:random"})
>>> sorted(made.tokens)                                 # one link token per seat
['1', '2', 'spectator']
>>> store.open(made.tokens["1"]).sides
('us',)
>>> moved = store.play_bots(made.game_id)               # the Invaders' bot moves, each made once
>>> store.game(made.game_id).side
'us'

Every write is an action at its ply number; two writers at the same ply cannot both
succeed (the loser gets :class:`StaleGame` and reloads), except in a sealed step, where the
others' hidden orders given meanwhile do not make a seat's order stale (the rule:
:mod:`fortress.store.deciders`). Each action is stored with the side that took it; the state is
rebuilt by replay through the public API (``Game.from_json`` and ``Game.apply(action, side)``)
and cached per game. What a seat is shown comes from its side's view (:meth:`GameStore.seat_view`).
"""
from __future__ import annotations

import functools
import hashlib
import json
import os
import secrets
import zlib
from dataclasses import dataclass, field
from pathlib import Path
from datetime import datetime, timezone
from typing import TYPE_CHECKING, Any, Callable, ParamSpec, TypeVar

from sqlalchemy import create_engine, delete, event, func, insert, select, update
from sqlalchemy.engine import Engine, make_url
from sqlalchemy.exc import IntegrityError, SQLAlchemyError
from sqlalchemy.pool import StaticPool

from fortress.store import deciders
from fortress.store.holders import Holder, SeatHolding
from fortress.store.schema import SCHEMA_VERSION, actions, games, meta, metadata
from fortress.store.schema import seats as seat_table
from fortress.store.waiting import NOTIFY_CHANNEL, Waiting

if TYPE_CHECKING:
    from fortress.engine.game import Game

#: letters of a join code: no 0/O, 1/I/L, easy to read off a projector and type
CODE_ALPHABET = "ABCDEFGHJKMNPQRSTUVWXYZ23456789"
CODE_LENGTH = 6
SPECTATOR = "spectator"


class StoreError(Exception):
    """A store request refused; the message says why in plain words."""


class SeatError(StoreError):
    """A missing, wrong or edited token, or a seat acting for a side it does not hold."""


class SeatTaken(SeatError):
    """Another browser holds this seat (:mod:`fortress.store.holders`): who, and since when."""

    def __init__(self, seat: "Seat", holder: Holder) -> None:
        self.seat, self.holder = seat, holder
        super().__init__(f"this seat is taken, by {holder.name or 'another browser'} (for {holder.held_for()})")


class StaleGame(StoreError):
    """Someone else moved first: the action was not stored; reload the game and look again."""


class StoreUnavailable(StoreError):
    """The database could not be reached, or failed: what was asked did not happen."""


P = ParamSpec("P")
R = TypeVar("R")


def _reachable(method: Callable[P, R]) -> Callable[P, R]:
    """A store request whose database fails (down, restarted, a bad address, a full disk) raises
    :class:`StoreUnavailable` in one plain line naming the driver's reason, never the
    driver's own exception with its traceback and SQL."""
    @functools.wraps(method)
    def wrapped(*args: P.args, **kwargs: P.kwargs) -> R:
        try:
            return method(*args, **kwargs)
        except StoreError:
            raise
        except Exception as exc:
            if not isinstance(exc, SQLAlchemyError) and not type(exc).__module__.startswith(("psycopg", "sqlite3")):
                raise
            lines = str(getattr(exc, "orig", None) or exc).strip().splitlines()
            why = lines[0][:160] if lines else type(exc).__name__
            raise StoreUnavailable(f"the game store cannot be reached right now ({why}); try again in a moment") \
                from None
    return wrapped


@dataclass(frozen=True)
class Seat:
    """A seat at a stored game: the sides it acts for (none for a spectator)."""

    game_id: str
    seat: str
    sides: tuple[str, ...]
    kind: str  # "human", "bot:<name>" or "spectator"

    @property
    def bot(self) -> str | None:
        return self.kind.split(":", 1)[1] if self.kind.startswith("bot:") else None


@dataclass
class _Cached:
    """A replayed game, how many actions its starting save already held, and the last stored
    action it replayed (its notation; a different one stored there: it was taken back)."""

    game: "Game"
    base: int
    last: str = ""

    @property
    def ply(self) -> int:
        return len(self.game.history) - self.base


@dataclass(frozen=True)
class NewGame:
    """What creating a game gives: its id, its join code and one token per seat."""

    game_id: str
    code: str
    tokens: dict[str, str] = field(repr=False)


def token_hash(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()


def summary(game: "Game", actor: str | None = None) -> dict[str, Any]:
    """What the teacher's list shows of a game, of any ruleset (its name; its sides' scores if it
    keeps them, ``Game.scores``; no hidden information: the last action as the
    sides other than its ``actor`` see it, a sealed order not yet revealed as ``sealed``)."""
    return {"ruleset": game.rules.name, "round": game.round, "phase": game.phase, "side": game.side,
            "captured": game.cities_captured() if hasattr(game, "cities_captured") else None,
            "scores": seated_scores(game), "winner": game.winner, "over": game.is_over,
            "last": deciders.public_last(game, actor)}


def seated_scores(game: "Game") -> dict[str, float]:
    """Each seated side's score (``Game.scores``; none for a ruleset that keeps none)."""
    seated = {side for seat in game.seats for side in seat}
    return {side: score for side, score in game.scores.items() if side in seated}


def _sqlite_pragmas(dbapi_connection: Any, _record: Any) -> None:
    cursor = dbapi_connection.cursor()
    cursor.execute("PRAGMA journal_mode=WAL")
    cursor.execute("PRAGMA busy_timeout=30000")
    cursor.execute("PRAGMA foreign_keys=ON")
    cursor.close()


def default_url() -> str:
    """The default store: one SQLite file in fortress's data folder (``FORTRESS_DATA_DIR``,
    else the user's data folder), created on first use."""
    from pathlib import Path

    from platformdirs import user_data_dir

    folder = Path(os.environ.get("FORTRESS_DATA_DIR") or user_data_dir("fortress"))
    folder.mkdir(parents=True, exist_ok=True)
    return f"sqlite:///{folder / 'games.sqlite3'}"


def make_engine(url: str) -> Engine:
    """An SQLAlchemy engine for ``url``: SQLite (a file, or ``sqlite://`` in memory) or
    PostgreSQL (``postgresql://...``, through psycopg 3)."""
    if url.startswith("postgresql://"):
        url = "postgresql+psycopg://" + url[len("postgresql://"):]
    if url.startswith("sqlite"):
        memory = url in ("sqlite://", "sqlite:///:memory:")
        path = make_url(url).database
        if not memory and path and not Path(path).parent.is_dir():  # no use trying again later
            raise StoreError(f"there is no folder {str(Path(path).parent)[:200]} for the game store's SQLite file")
        engine = create_engine(url, connect_args={"check_same_thread": False, "timeout": 30},
                               poolclass=StaticPool if memory else None)
        event.listen(engine, "connect", _sqlite_pragmas)
        return engine
    return create_engine(url, pool_pre_ping=True)


class GameStore(SeatHolding, Waiting):
    """Games shared between kernels, processes and machines (see the module docstring);
    who holds each seat: :class:`~fortress.store.holders.SeatHolding`; waiting for a change:
    :class:`~fortress.store.waiting.Waiting`."""

    @_reachable
    def __init__(self, url: str) -> None:
        self.url = url
        self.engine = make_engine(url)
        self.postgres = self.engine.dialect.name == "postgresql"
        self._cache: dict[str, _Cached] = {}
        self._create_tables()

    def _create_tables(self) -> None:
        metadata.create_all(self.engine)
        with self.engine.begin() as conn:
            found = conn.execute(select(meta.c.value).where(meta.c.key == "schema_version")).scalar()
            if found is None:
                try:
                    conn.execute(insert(meta).values(key="schema_version", value=str(SCHEMA_VERSION)))
                except IntegrityError:  # another process created the store at the same moment
                    pass
            elif int(found) > SCHEMA_VERSION:
                raise StoreError(f"this game store was written by a newer fortress (schema {found}, "
                                 f"this one reads up to {SCHEMA_VERSION}): upgrade fortress")

    # -- making games and seats ----------------------------------------------------------------
    @_reachable
    def create_game(self, game: "Game", seats: dict[str, str] | None = None, title: str = "") -> NewGame:
        """Store ``game`` as it stands (its save is the start) with one seat per player
        (``seats`` maps "1".."n" to "human" or "bot:<name>"; default human) and a spectator seat."""
        kinds = {str(i + 1): "human" for i in range(len(game.seats))}
        for seat, kind in (seats or {}).items():
            if seat not in kinds:
                raise StoreError(f"no seat {seat!r} in a {len(kinds)}-player game (seats: {', '.join(kinds)})")
            if kind != "human" and not kind.startswith("bot:"):
                raise StoreError(f"seat {seat}: {kind!r} is neither 'human' nor 'bot:<name>'")
            kinds[seat] = kind
        game_id, tokens = secrets.token_urlsafe(12), {}
        rows = []
        for i, sides in enumerate(game.seats):
            tokens[str(i + 1)] = secrets.token_urlsafe(24)
            rows.append(dict(seat=str(i + 1), sides=",".join(sides), kind=kinds[str(i + 1)]))
        tokens[SPECTATOR] = secrets.token_urlsafe(24)
        rows.append(dict(seat=SPECTATOR, sides="", kind=SPECTATOR))
        for _attempt in range(20):
            code = "".join(secrets.choice(CODE_ALPHABET) for _ in range(CODE_LENGTH))
            try:
                with self.engine.begin() as conn:
                    conn.execute(insert(games).values(
                        id=game_id, code=code, title=title[:120], created=datetime.now(timezone.utc),
                        start=game.to_json(indent=None), plies=0, summary=json.dumps(summary(game))))
                    conn.execute(insert(seat_table), [
                        dict(row, game_id=game_id, token_hash=token_hash(tokens[row["seat"]]),
                             claimed=row["kind"] != "human") for row in rows])
                self._cache[game_id] = _Cached(game.copy(), len(game.history))
                return NewGame(game_id, code, tokens)
            except IntegrityError:  # the code was taken: draw another
                continue
        raise StoreError("could not draw a free join code")

    @_reachable
    def open(self, token: str, claim: bool = True) -> Seat:
        """The seat a link's token opens (and claims, unless ``claim`` is False: a move made
        with a token leaves the seat as it was); :class:`SeatError` for anything else."""
        if not isinstance(token, str) or not 16 <= len(token) <= 64:
            raise SeatError("this link has no valid seat token")
        with self.engine.begin() as conn:
            row = conn.execute(select(seat_table).where(seat_table.c.token_hash == token_hash(token))).mappings().first()
            if row is None:
                raise SeatError("this link's seat token is not known here (mistyped, edited or from another server)")
            if claim and not row["claimed"]:
                conn.execute(update(seat_table).where(seat_table.c.token_hash == row["token_hash"]).values(claimed=True))
        return _seat(row)

    @_reachable
    def claimed(self, game_id: str) -> set[str]:
        """The game's seats whose link was opened or that were taken with the join code."""
        with self.engine.connect() as conn:
            return set(conn.execute(select(seat_table.c.seat).where(seat_table.c.game_id == game_id,
                                                                    seat_table.c.claimed.is_(True))).scalars())

    @_reachable
    def join(self, code: str, seat: str | None = None) -> tuple[str, Seat]:
        """Take a free human seat of the game with join code ``code`` (any, or ``seat``):
        a new token for it, and the seat. The seat's printed link stops working."""
        code = code.strip().upper()
        with self.engine.begin() as conn:
            game_id = conn.execute(select(games.c.id).where(games.c.code == code)).scalar()
            if game_id is None:
                raise SeatError(f"no game has the join code {code[:CODE_LENGTH + 2]!r}")
            query = select(seat_table).where(seat_table.c.game_id == game_id, seat_table.c.kind == "human",
                                        seat_table.c.claimed.is_(False))
            if seat is not None:
                query = query.where(seat_table.c.seat == seat)
            row = conn.execute(query.order_by(seat_table.c.seat)).mappings().first()
            if row is None:
                raise SeatError("every player's seat of this game is taken; ask for the spectator link")
            token = secrets.token_urlsafe(24)
            done = conn.execute(update(seat_table).where(seat_table.c.game_id == game_id, seat_table.c.seat == row["seat"],
                                                    seat_table.c.claimed.is_(False))
                                .values(token_hash=token_hash(token), claimed=True))
            if done.rowcount != 1:
                raise StaleGame("someone took that seat a moment ago; try again")
        return token, _seat(row)

    @_reachable
    def seats_of(self, game_id: str) -> list[Seat]:
        with self.engine.connect() as conn:
            rows = conn.execute(select(seat_table).where(seat_table.c.game_id == game_id).order_by(seat_table.c.seat)).mappings()
            return [_seat(r) for r in rows]

    @_reachable
    def seats_filled(self) -> dict[str, tuple[int, int]]:
        """Per game: how many of its human seats are taken (a link opened or a code used), of how many."""
        with self.engine.connect() as conn:
            rows = conn.execute(select(seat_table.c.game_id, seat_table.c.claimed)
                                .where(seat_table.c.kind == "human")).all()
        out: dict[str, tuple[int, int]] = {}
        for game_id, claimed in rows:
            taken, total = out.get(game_id, (0, 0))
            out[game_id] = (taken + bool(claimed), total + 1)
        return out

    # -- reading games ---------------------------------------------------------------------------
    @_reachable
    def plies(self, game_id: str) -> int:
        """How many actions the game has stored: the cheap check for a change."""
        with self.engine.connect() as conn:
            found = conn.execute(select(games.c.plies).where(games.c.id == game_id)).scalar()
        if found is None:
            raise StoreError(f"no game {game_id[:24]!r} in this store")
        return int(found)

    @_reachable
    def game(self, game_id: str) -> "Game":
        """The game as stored now, rebuilt by replay (cached; only new actions are replayed).
        A copy: changing it changes nothing stored."""
        return self._replayed(game_id).game.copy()

    @_reachable
    def snapshot(self, game_id: str) -> tuple[int, "Game"]:
        """The game as stored now and its ply (how many actions are stored since its start):
        the pair a player submits against (:meth:`submit` takes that ply)."""
        cached = self._replayed(game_id)
        return cached.ply, cached.game.copy()

    @_reachable
    def seat_view(self, token: str) -> tuple[int, "Game | None"]:
        """The game as the seat of ``token`` may see it now, and its ply: its side's view
        (:func:`fortress.store.deciders.seat_view`; None for the spectator's seat). What a
        page or a bot at a seat is given: no other seat's hand, sealed order or seed."""
        seat = self.open(token, claim=False)
        cached = self._replayed(seat.game_id)
        return cached.ply, deciders.seat_view(cached.game, seat)

    def _replayed(self, game_id: str) -> _Cached:
        """The game replayed up to its last stored action: the cached replay and the actions
        stored since; from the start again if the cache's last action is no longer stored
        (taken back with :meth:`take_back`, here or by another process)."""
        from fortress.engine.game import Game

        cached = self._cache.get(game_id)
        with self.engine.connect() as conn:
            if cached is not None:
                rows = conn.execute(select(actions.c.ply, actions.c.action, actions.c.side)
                                    .where(actions.c.game_id == game_id, actions.c.ply >= max(cached.ply - 1, 0))
                                    .order_by(actions.c.ply)).all()
                if cached.ply > 0:
                    if rows and tuple(rows[0][:2]) == (cached.ply - 1, cached.last):
                        rows = rows[1:]
                    else:
                        cached = None
            if cached is None:
                start = conn.execute(select(games.c.start).where(games.c.id == game_id)).scalar()
                if start is None:
                    raise StoreError(f"no game {game_id[:24]!r} in this store")
                game = Game.from_json(start)
                cached = _Cached(game, len(game.history))
                rows = conn.execute(select(actions.c.ply, actions.c.action, actions.c.side)
                                    .where(actions.c.game_id == game_id).order_by(actions.c.ply)).all()
        for ply, text, side in rows:
            if ply != cached.ply:
                raise StoreError(f"game {game_id}: stored actions skip from {cached.ply} to {ply}")
            cached.game.apply(cached.game.parse(text), side)  # for the side that took it
            cached.last = text
        self._cache[game_id] = cached
        return cached

    @_reachable
    def actions(self, game_id: str, since: int = 0) -> list[tuple[int, str, str]]:
        """The stored actions in order, from ply ``since`` on: (ply, side, notation)."""
        with self.engine.connect() as conn:
            return [tuple(r) for r in conn.execute(
                select(actions.c.ply, actions.c.side, actions.c.action)
                .where(actions.c.game_id == game_id, actions.c.ply >= since).order_by(actions.c.ply))]

    @_reachable
    def code(self, game_id: str) -> str:
        """The game's join code ("" for no such game)."""
        with self.engine.connect() as conn:
            return str(conn.execute(select(games.c.code).where(games.c.id == game_id)).scalar() or "")

    @_reachable
    def list_games(self) -> list[dict[str, Any]]:
        """Every game, newest first: id, title, code, created and the summary (teacher's view)."""
        with self.engine.connect() as conn:
            rows = conn.execute(select(games.c.id, games.c.title, games.c.code, games.c.created,
                                       games.c.plies, games.c.summary).order_by(games.c.created.desc())).mappings()
            return [{**json.loads(r["summary"]), "id": r["id"], "title": r["title"], "code": r["code"],
                     "created": r["created"], "plies": r["plies"]} for r in rows]

    # -- writing ---------------------------------------------------------------------------------
    @_reachable
    def submit(self, token: str, ply: int, action: str, browser: str | None = None,
               side: str | None = None) -> "Game":
        """Play ``action`` (notation) for the seat of ``token`` as the game's ply ``ply``
        (the number of actions the player saw stored), for ``side`` (default: the seat's side
        that may act now, :func:`~fortress.store.deciders.acting_side`). Refused with
        :class:`SeatError` for a seat none of whose sides may act now, :class:`SeatTaken` when
        another browser than ``browser`` holds the seat (a page passes its own),
        :class:`StaleGame` when the game moved on (in a sealed step, not for the others'
        orders given meanwhile: :mod:`fortress.store.deciders`), :class:`StoreError` naming
        the rule for an illegal action. Returns the whole game (a kernel that holds the whole
        game, as Fortress America's dashboard); :meth:`play` returns the seat's view."""
        seat = self.open(token, claim=False)
        self.check_holder(seat, browser)
        return self._submit(seat, ply, action, side)

    @_reachable
    def play(self, token: str, ply: int, action: str, browser: str | None = None,
             side: str | None = None) -> tuple[int, "Game | None"]:
        """:meth:`submit`, answered as the seat may see it: the ply now and the seat's view."""
        seat = self.open(token, claim=False)
        self.check_holder(seat, browser)
        game = self._submit(seat, ply, action, side)
        return self._replayed(seat.game_id).ply, deciders.seat_view(game, seat)

    def _at(self, seat: Seat, ply: int, side: str | None = None, sealed: bool = True) -> tuple[_Cached, "Game", str]:
        """The stored game's replay, a copy to change and the side ``seat`` acts for, acting at
        ``ply``: :class:`StaleGame` if the game moved on (unless only by the other sides'
        sealed orders, where ``sealed`` allows it), :class:`SeatError` if none of the seat's
        sides may act now, :class:`StoreError` once the game is over."""
        cached = self._replayed(seat.game_id)
        game = cached.game.copy()
        if ply != cached.ply and not (sealed and ply < cached.ply and
                                      deciders.only_sealed_since(game, seat, side, cached.base + ply)):
            raise StaleGame(f"the game moved on (it is at move {cached.ply}, not {ply}): look again and choose")
        if game.is_over:
            raise StoreError("the game is over")
        return cached, game, deciders.acting_side(game, seat, side)

    def _submit(self, seat: Seat, ply: int, action: str, side: str | None = None) -> "Game":
        cached, game, acting = self._at(seat, ply, side)
        try:
            parsed = game.parse(action)
            game.apply(parsed, acting)
        except ValueError as exc:  # IllegalAction and NotationError: the rule or the misreading
            raise StoreError(f"not played: {str(exc)[:300]}") from None
        text = game.notation(parsed)
        self._store(seat.game_id, cached.ply, text, acting, game)
        self._cache[seat.game_id] = _Cached(game, cached.base, text)
        return game.copy()

    @_reachable
    def take_back(self, token: str, ply: int, browser: str | None = None) -> "Game":
        """Take back the last stored action for the seat of ``token``, the game being at ``ply``:
        only the side to move's own action of this turn before any die or card
        (``Game.undoable``). Refused with :class:`StaleGame` when the game moved on,
        :class:`SeatError` for another side's move, :class:`StoreError` saying why otherwise.
        Returns the game as it then stands (:class:`SeatTaken` as :meth:`submit`)."""
        seat = self.open(token, claim=False)
        self.check_holder(seat, browser)
        _cached, game, _side = self._at(seat, ply, sealed=False)
        if ply == 0 or game.undoable < 1:
            raise StoreError("nothing of yours to take back: dice rolled, cards drawn and the other players' "
                             "moves stay")
        game.undo()
        with self.engine.begin() as conn:
            moved = conn.execute(update(games).where(games.c.id == seat.game_id, games.c.plies == ply)
                                 .values(plies=ply - 1, summary=json.dumps(summary(game))))
            if moved.rowcount != 1:
                raise StaleGame("someone else moved first; look again")
            conn.execute(delete(actions).where(actions.c.game_id == seat.game_id, actions.c.ply == ply - 1))
            if self.postgres:
                conn.execute(select(func.pg_notify(NOTIFY_CHANNEL, f"{seat.game_id}:{ply - 1}")))
        self._cache.pop(seat.game_id, None)  # replayed again on the next read (the last action differs)
        return game.copy()

    def _store(self, game_id: str, ply: int, text: str, side: str, game: "Game") -> None:
        try:
            with self.engine.begin() as conn:
                conn.execute(insert(actions).values(game_id=game_id, ply=ply, action=text, side=side,
                                                    at=datetime.now(timezone.utc)))
                moved = conn.execute(update(games).where(games.c.id == game_id, games.c.plies == ply)
                                     .values(plies=ply + 1, summary=json.dumps(summary(game, side))))
                if moved.rowcount != 1:
                    raise StaleGame("someone else moved first; look again and choose")
                if self.postgres:
                    conn.execute(select(func.pg_notify(NOTIFY_CHANNEL, f"{game_id}:{ply + 1}")))
        except IntegrityError:
            raise StaleGame("someone else moved first; look again and choose") from None

    @_reachable
    def play_bots(self, game_id: str, limit: int = 10_000) -> int:
        """Make the bot seats' moves while a bot's side decides (``game.side``; in a sealed step
        the first whose order is awaited, so bots give theirs in turn); each bot chooses from its own side's view of the game
        (``game.view(side)``: no other seat's hand or sealed order). Each move is made exactly
        once however many servers call this at once (the others get :class:`StaleGame` and
        stop). Returns how many moves this call made."""
        from fortress.ai import make_bot

        by_side = {side: seat for seat in self.seats_of(game_id) if seat.bot for side in seat.sides}
        made = 0
        while made < limit:
            cached = self._replayed(game_id)
            game, ply = cached.game, cached.ply
            side = game.side  # in a sealed step: the first whose order is awaited (bots give theirs in turn)
            seat = by_side.get(side)
            if game.is_over or seat is None:
                return made
            assert seat.bot is not None  # by_side holds bot seats only
            bot = make_bot(seat.bot, seed=zlib.crc32(f"{game_id}:{ply}".encode()), ruleset=game.rules)  # its own bots first
            try:
                self._submit(seat, ply, game.notation(bot.choose(game.view(side))), side)
            except StaleGame:
                return made
            made += 1
        return made

    def close(self) -> None:
        self.engine.dispose()


for _name in ("hold", "holder", "holders", "free", "resume"):  # the database's failures in one plain line, as above
    setattr(GameStore, _name, _reachable(getattr(SeatHolding, _name)))
GameStore.wait_for_change = _reachable(Waiting.wait_for_change)  # type: ignore[method-assign]

def _seat(row: Any) -> Seat:
    return Seat(row["game_id"], row["seat"], tuple(s for s in row["sides"].split(",") if s), row["kind"])
