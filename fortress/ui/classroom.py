"""The dashboard on the shared game store: a page plays a stored game at one seat.

``fortress serve`` puts the store's URL in ``FORTRESS_STORE`` for every page's kernel and
Voila puts the page's query string in ``QUERY_STRING``: ``?seat=TOKEN`` opens that seat's
game where it stands, ``?code=ABC123`` takes a free seat, ``?teacher=TOKEN`` is the
teacher's view (:mod:`fortress.ui.teacher`). Every human move is submitted at its ply
(:meth:`SharedGame.push`), bots are played by the store (each move exactly once, by
whichever kernel gets there first) and :func:`follow` redraws when another seat moves.
"""
from __future__ import annotations

import asyncio
import html
import os
from dataclasses import dataclass, field
from typing import TYPE_CHECKING
from urllib.parse import parse_qs, urlencode

import ipywidgets as W

from fortress.store import SPECTATOR, GameStore, NewGame, Seat, SeatError, StaleGame, StoreError
from fortress.ui import theme as T

if TYPE_CHECKING:
    from fortress.rules.game import Game
    from fortress.ui.app import App
    from fortress.ui.shared_play import SharedPlay

STORE_ENV = "FORTRESS_STORE"
TEACHER_ENV = "FORTRESS_TEACHER_TOKEN"
#: how long a page waits for another seat's move before it looks whether a bot is due
#: (a bot seat whose driving browser closed is played by any page still open on the game)
IDLE_BOTS = 2.0
JOINED = "Joined the game: you have a seat."


def store_from_env() -> GameStore | None:
    """The store ``fortress serve`` names in ``FORTRESS_STORE``, if any."""
    url = os.environ.get(STORE_ENV, "").strip()
    return GameStore(url) if url else None


def page_query() -> dict[str, str]:
    """The page's query string (``?seat=...``), as Voila hands it to the kernel."""
    text = os.environ.get("QUERY_STRING", "")
    if os.environ.get("VOILA_PREHEAT") == "True":  # a preheated kernel learns its page later
        from voila.utils import get_query_string
        text = get_query_string() or ""
    return {k: v[0] for k, v in parse_qs(text).items() if v}


def page_link(query: str) -> str:
    """An address of this page with ``query``: absolute when the kernel knows its server; the
    page's ``template`` kept (JupyterHub's /voila/render route names it in the address)."""
    host, port = os.environ.get("SERVER_NAME", ""), os.environ.get("SERVER_PORT", "")
    path = os.environ.get("SCRIPT_NAME", "/") or "/"
    template = parse_qs(os.environ.get("QUERY_STRING", "")).get("template")
    if template:
        query += "&" + urlencode({"template": template[0][:64]})
    if not host:
        return f"{path}?{query}"
    return f"http://{host}{':' + port if port else ''}{path}?{query}"


def store_seats(game: "Game", seats: dict[str, str]) -> dict[str, str]:
    """The dashboard's seats (side -> "human" or a bot name) as the store's (seat number ->
    "human" or "bot:<name>")."""
    kinds = {}
    for i, sides in enumerate(game.seats):
        name = seats.get(sides[0], "human")
        kinds[str(i + 1)] = "human" if name == "human" else f"bot:{name}"
    return kinds


@dataclass
class SharedGame:
    """A page's seat at a stored game and the ply it has seen."""

    store: GameStore
    token: str
    seat: Seat
    ply: int
    base: int  # how many actions the game's starting save held
    made: NewGame | None = None  # the links, when this page created the game
    code: str = ""  # the game's join code
    last: "Game | None" = field(default=None, repr=False)  # the game as last read or written in the store

    @property
    def game_id(self) -> str:
        return self.seat.game_id

    def push(self, game: "Game") -> None:
        """Submit ``game``'s moves past the stored ply, in order (:class:`StaleGame` when
        another seat moved first: nothing of ours past that point is stored)."""
        for action in game.history[self.base + self.ply:]:
            self.last = self.store.submit(self.token, self.ply, game.notation(action))
            self.ply += 1

    def load(self) -> "Game":
        """The game as stored now (and remember its ply)."""
        self.ply, game = self.store.snapshot(self.game_id)
        self.last = game.copy()
        return game

    def changed(self) -> bool:
        return self.store.plies(self.game_id) != self.ply

    def display_seats(self) -> tuple[dict[str, str], frozenset[str]]:
        """Side -> "human" or bot name, and the sides other people play."""
        seats, others = {}, set()
        for seat in self.store.seats_of(self.game_id):
            for side in seat.sides:
                seats[side] = seat.bot or "human"
                if not seat.bot and side not in self.seat.sides:
                    others.add(side)
        return seats, frozenset(others)


def open_seat(store: GameStore, token: str) -> SharedGame:
    """The page's game from a seat link (:class:`SeatError` for a wrong token)."""
    seat = store.open(token)
    ply, game = store.snapshot(seat.game_id)
    code = next((g["code"] for g in store.list_games() if g["id"] == seat.game_id), "")
    return SharedGame(store, token, seat, ply, len(game.history) - ply, code=code)


def spectate(store: GameStore, game_id: str, code: str = "") -> SharedGame:
    """A spectator's view of a stored game, for the teacher (who holds no link)."""
    ply, game = store.snapshot(game_id)
    seat = Seat(game_id, SPECTATOR, (), SPECTATOR)
    return SharedGame(store, "", seat, ply, len(game.history) - ply, code=code)


def create(store: GameStore, game: "Game", seats: dict[str, str], title: str = "") -> SharedGame:
    """Store a new game; the page takes its first human seat (the spectator's if none)."""
    made = store.create_game(game, store_seats(game, seats), title=title)
    kinds = store_seats(game, seats)
    mine = next((s for s, k in kinds.items() if k == "human"), SPECTATOR)
    shared = open_seat(store, made.tokens[mine])
    shared.made = made
    return shared


def turn_html(shared: SharedGame, game: "Game", seats: dict[str, str]) -> str:
    """Whose move it is, said from this seat's point of view."""
    mine = shared.seat.sides
    you = (f"you play {' + '.join(T.side_chip(s) for s in mine)}" if mine
           else "you are watching (spectator link): you act for no side")
    if game.is_over:
        return (f"<span class='ft-info fortress-turn-now' data-ply='{shared.ply}' data-side=''>Shared game "
                f"{html.escape(shared.code)}: the game is over; {you}.</span>")
    side = game.side
    if side in mine:
        now = f"<b>Your move</b> ({T.side_chip(side)})"
    elif seats.get(side, "human") != "human":
        now = f"{T.side_chip(side)} is moving (the {html.escape(seats[side])} bot, on the server)"
    else:
        now = f"Waiting for {T.side_chip(side)}: another player's move; this page updates when they move"
    return f"<span class='fortress-turn-now' data-ply='{shared.ply}' data-side='{side}'>{now}</span> &middot; <small>{you}; join code " \
           f"<b class='fortress-join-code'>{html.escape(shared.code)}</b></small>"


def links_html(made: NewGame, game: "Game", mine: str = "") -> str:
    """One link per seat and the join code, for the page that created the game; the link of
    the page's own seat (token ``mine``) is marked ``fortress-my-link``: the page's address
    becomes it (the template's script), so a reload brings the game back."""
    rows = []
    for seat, token in made.tokens.items():
        who = "spectator" if seat == SPECTATOR else " + ".join(T.side_chip(s) for s in game.seats[int(seat) - 1])
        url = html.escape(page_link(f"seat={token}"))
        own = (" class='fortress-my-link'", " (this page)") if token == mine else ("", "")
        rows.append(f"<li class='fortress-seat-link' data-seat='{seat}'>{who}: "
                    f"<a{own[0]} href='{url}' target='_blank'>{url}</a>{own[1]}</li>")
    return (f"<div class='fortress-links'><b>Seat links</b> (send each player theirs; keep yours to come back) "
            f"&middot; join code <b class='fortress-new-code'>{html.escape(made.code)}</b><ul>{''.join(rows)}</ul></div>")


def not_yours(shared: SharedGame, game: "Game", seats: dict[str, str]) -> str:
    """Why this page cannot act now, in plain words."""
    side, mine = game.side, shared.seat.sides
    if not mine:
        return "You are watching this game (spectator link): you cannot move for any side."
    who = f"the {seats[side]} bot on the server" if seats.get(side, "human") != "human" else "another player"
    yours = ", ".join(T.side_label(s) for s in mine)
    return (f"It is {T.side_label(side)}'s move, played by {who}; you play {yours.removesuffix('.')}. "
            "This page updates when they move.")


class ClassroomBox:
    """The Game tab's shared-game part: the seat links, and "Join with code"."""

    def __init__(self, app: "App") -> None:
        self.app = app
        self.links = W.HTML("")
        self.links.add_class("fortress-links-box")
        self.code = W.Text(placeholder="ABC123", description="join code", layout=W.Layout(width="200px"))
        self.code.add_class("fortress-join-input")
        self.join_button = W.Button(description="Join with code", layout=W.Layout(width="auto"))
        self.join_button.add_class("fortress-join")
        self.join_button.on_click(lambda _b: self.join())
        self.box = W.VBox([W.HTML("<b>Shared games</b> <small>(games live on the server: open your seat "
                                  "link to come back to yours)</small>"),
                           W.HBox([self.code, self.join_button]), self.links])

    def join(self) -> None:
        store = self.app.store
        assert store is not None  # the box is shown on a store only
        if not self.code.value.strip():
            self.app.say("Type the join code you were given in the box, then press Join.")
            return
        try:
            token, _seat = store.join(self.code.value)
        except StoreError as exc:
            self.app.say(str(exc))
            return
        self.app.open_link(token, note=JOINED)

    def show(self, shared: SharedGame | None, game: "Game") -> None:
        if shared is None:
            self.links.value = ""
        elif shared.made is not None:
            self.links.value = links_html(shared.made, game, shared.token)
        else:
            url = html.escape(page_link(f"seat={shared.token}"))
            self.links.value = (f"<div class='fortress-links'>Your seat link (keep it to come back): "
                                f"<a class='fortress-my-link' href='{url}' target='_blank'>{url}</a></div>")


def open_from_query(app: "App", query: dict[str, str]) -> None:
    """Open what the page's address names: a seat link, or a join code."""
    if "seat" in query:  # ``joined``: the server took this seat for a ``?code=`` address
        app.open_link(query["seat"], note=JOINED if query.get("joined") else "")
    elif "code" in query:
        app.controls.classroom.code.value = query["code"][:12]
        app.controls.classroom.join()


async def follow(app: "SharedPlay", url: str) -> None:
    """Redraw ``app`` whenever another seat moves (a thread waits on the store; the redraw
    runs on the kernel's own loop); on a quiet bot turn, play the bots."""
    watcher: GameStore | None = None  # its own connections: the waiting thread shares nothing
    loop = asyncio.get_running_loop()
    while not app.closed:
        shared = app.shared
        if shared is None:
            await asyncio.sleep(0.5)
            continue
        try:
            watcher = watcher or GameStore(url)
            now = await loop.run_in_executor(None, watcher.wait_for_change, shared.game_id, shared.ply, IDLE_BOTS)
            if app.shared is not shared:
                continue
            if now != shared.ply:
                app.pull()
            else:
                app.store_bots()
        except Exception:  # noqa: BLE001 - a database hiccup (locked, restarted): the page keeps following
            await asyncio.sleep(1.0)


__all__ = ["ClassroomBox", "SharedGame", "SeatError", "StaleGame", "create", "follow", "open_seat",
           "page_query", "store_from_env"]
