"""The dashboard on the shared game store: a page plays a stored game at one seat.

``fortress serve`` puts the store's URL in ``FORTRESS_STORE`` for every page's kernel and
Voila puts the page's query string in ``QUERY_STRING``: ``?seat=TOKEN`` opens that seat's
game where it stands, ``?code=ABC123`` takes a free seat, ``?teacher=TOKEN`` is the
teacher's view (:mod:`fortress.rulesets.america.dashboard.teacher`). Every human move is submitted at its ply
(:meth:`SharedGame.push`), bots are played by the store (each move exactly once, by
whichever kernel gets there first) and :func:`fortress.ui.pages.follow` redraws when another seat moves.
"""
from __future__ import annotations

import html
import re
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Callable

import ipywidgets as W

from fortress.store import SPECTATOR, GameStore, Holder, NewGame, Seat, SeatError, SeatTaken, StaleGame, StoreError
from fortress.ui import theme as T
from fortress.ui.pages import page_browser, page_link, store_seats

if TYPE_CHECKING:
    from fortress.engine.game import Game
    from fortress.rulesets.america.dashboard.app import App
    from fortress.rulesets.america.dashboard.shared_play import SharedPlay

JOINED = "Joined the game: you have a seat."


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
    #: hot-seat: the other human seats' tokens by side, when this page created the game (issue 35);
    #: a seat goes once its link is opened or the join code takes it (:meth:`handed_out`)
    more: dict[str, str] = field(default_factory=dict, repr=False)
    more_seats: dict[str, str] = field(default_factory=dict, repr=False)  # side -> its seat number
    #: the browser this page holds its seat as (:func:`page_browser`); None: not held (the teacher's spectator)
    browser: str | None = field(default=None, repr=False)
    lost: bool = False  # another browser took the seat over (or the teacher freed it): this page only watches

    @property
    def game_id(self) -> str:
        return self.seat.game_id

    @property
    def sides(self) -> tuple[str, ...]:
        """The sides this page plays: its seat's, and on the page that created the game every
        other human seat's (hot-seat at one screen); none once another browser took it over."""
        if self.lost:
            return ()
        return self.seat.sides + tuple(s for s in self.more if s not in self.seat.sides)

    def token_for(self, side: str | None) -> str:
        """The token that acts for ``side`` (this page's own seat's for any other)."""
        return self.more.get(side or "", self.token)

    def handed_out(self) -> list[str]:
        """Drop the hot-seat sides whose seat another player took (its link opened, or the join
        code); the sides dropped."""
        if not self.more:
            return []
        taken = self.store.claimed(self.game_id)
        gone = [side for side in self.more if self.more_seats.get(side) in taken]
        for side in gone:
            del self.more[side]
        return gone

    def push(self, game: "Game") -> None:
        """Submit ``game``'s moves past the stored ply, in order, each with the token of the seat
        of the side to move (:class:`StaleGame` when another seat moved first: nothing of ours
        past that point is stored)."""
        if self.handed_out():
            raise SeatError("that seat went to another player (its link was opened, or the join code "
                            "took it): they play it now")
        for action in game.history[self.base + self.ply:]:
            side = self.last.side if self.last is not None and not self.last.is_over else None
            self.last = self.store.submit(self.token_for(side), self.ply, game.notation(action), browser=self.browser)
            self.ply += 1

    def take_back(self) -> "Game":
        """Take back this seat's last stored move (:meth:`GameStore.take_back`); the game as
        it then stands."""
        game = self.store.take_back(self.token_for(self.last.side if self.last is not None else None), self.ply,
                                    browser=self.browser)
        self.ply -= 1
        self.last = game.copy()
        return game

    def load(self) -> "Game":
        """The game as stored now (and remember its ply)."""
        self.ply, game = self.store.snapshot(self.game_id)
        self.last = game.copy()
        self.handed_out()
        return game

    def taken_from_us(self) -> tuple[bool, Holder | None]:
        """Whether another browser holds this page's seat now, and its holder (None when
        nobody does: the teacher freed it)."""
        if not self.browser or self.lost or self.seat.kind != "human":
            return False, None
        holder = self.store.holder(self.game_id, self.seat.seat, self.browser)
        return (holder is None or not holder.mine), holder

    def changed(self) -> bool:
        return self.store.plies(self.game_id) != self.ply

    def display_seats(self) -> tuple[dict[str, str], frozenset[str]]:
        """Side -> "human" or bot name, and the sides other people play."""
        seats, others = {}, set()
        for seat in self.store.seats_of(self.game_id):
            for side in seat.sides:
                seats[side] = seat.bot or "human"
                if not seat.bot and side not in self.sides:
                    others.add(side)
        return seats, frozenset(others)


def open_seat(store: GameStore, token: str, browser: str | None = None, name: str = "",
              take: bool = False) -> SharedGame:
    """The page's game from a seat link, its seat held by ``browser`` (:class:`SeatError` for
    a wrong token, :class:`SeatTaken` when another browser holds it and ``take`` is False)."""
    seat = store.hold(token, browser, name, take) if browser else store.open(token)
    ply, game = store.snapshot(seat.game_id)
    code = store.code(seat.game_id)
    return SharedGame(store, token, seat, ply, len(game.history) - ply, code=code, browser=browser or None)


def spectate(store: GameStore, game_id: str, code: str = "") -> SharedGame:
    """A spectator's view of a stored game, for the teacher (who holds no link)."""
    ply, game = store.snapshot(game_id)
    seat = Seat(game_id, SPECTATOR, (), SPECTATOR)
    return SharedGame(store, "", seat, ply, len(game.history) - ply, code=code)


def create(store: GameStore, game: "Game", seats: dict[str, str], title: str = "", browser: str | None = None,
           name: str = "") -> SharedGame:
    """Store a new game; the page takes its first human seat (the spectator's if none) and
    plays the other human seats too (hot-seat at one screen) until the teacher hands one out:
    its link opened, or the join code taking it (:meth:`SharedGame.handed_out`)."""
    made = store.create_game(game, store_seats(game, seats), title=title)
    kinds = store_seats(game, seats)
    mine = next((s for s, k in kinds.items() if k == "human"), SPECTATOR)
    shared = open_seat(store, made.tokens[mine], browser, name)
    shared.made = made
    others = [s for s, k in kinds.items() if k == "human" and s != mine]
    shared.more = {side: made.tokens[s] for s in others for side in game.seats[int(s) - 1]}
    shared.more_seats = {side: s for s in others for side in game.seats[int(s) - 1]}
    return shared


def full_stop(text: str) -> str:
    """``text`` (HTML) ending a sentence: a full stop after it, unless it ends in one already
    ("you play U.S." read "you play U.S..", issue 35)."""
    return text if re.sub(r"<[^>]*>", "", text).rstrip().endswith(".") else text + "."


def turn_html(shared: SharedGame, game: "Game", seats: dict[str, str]) -> str:
    """Whose move it is, said from this seat's point of view."""
    mine = shared.sides
    you = (f"you play {' + '.join(T.side_chip(s) for s in mine)}" if mine
           else "you are watching (spectator link): you act for no side")
    if game.is_over:
        return (f"<span class='ft-info fortress-turn-now' data-ply='{shared.ply}' data-side=''>Shared game "
                f"{html.escape(shared.code)}: the game is over; {full_stop(you)}</span>")
    side = game.side
    if side in mine:
        now = f"<b>Your move</b> ({T.side_chip(side)})"
    elif seats.get(side, "human") != "human":
        now = f"{T.side_chip(side)} is moving (the {html.escape(seats[side])} bot, on the server)"
    else:
        now = f"Waiting for {T.side_chip(side)}: another player's move; this page updates when they move"
    return f"<span class='fortress-turn-now' data-ply='{shared.ply}' data-side='{side}'>{now}</span> &middot; <small>{you}; join code " \
           f"<b class='fortress-join-code'>{html.escape(shared.code)}</b></small>"


def seat_status(shared: SharedGame) -> dict[str, str]:
    """Each seat's state in words, for the page that created the game (the projector): held
    by this page, played here until someone joins, held by whom, free, or a bot."""
    holders = shared.store.holders(shared.game_id)
    hot = set(shared.more_seats[s] for s in shared.more)
    out = {}
    for seat in shared.store.seats_of(shared.game_id):
        holder = holders.get((shared.game_id, seat.seat))
        if seat.bot:
            out[seat.seat] = f"the {seat.bot} bot (the server plays it)"
        elif seat.seat == shared.seat.seat and not shared.lost:
            out[seat.seat] = "this page"
        elif seat.seat in hot:
            out[seat.seat] = "played on this page until a player joins with the code"
        elif holder is not None:
            out[seat.seat] = f"taken, by {holder.name or 'another browser'}"
        elif seat.kind == "human":
            out[seat.seat] = "free: join with the code"
    return out


def links_html(made: NewGame, game: "Game", mine: str = "", bots: frozenset[str] = frozenset(),
               status: dict[str, str] | None = None, address: str = "") -> str:
    """The join code and each seat's state, for the page that created the game (a projector
    shows it: no seat token on screen, issue 35); the seat links to hand out privately are
    folded away below. The link of the page's own seat (token ``mine``) is marked
    ``fortress-my-link``, with the page's address in ``data-address`` (the template's script
    puts it in the address bar, so a reload brings the game back: :func:`own_address`). A
    bot's seat (numbers in ``bots``) has no link: the server plays it, nobody may open it."""
    rows, links = [], []
    status = status or {}
    for seat, token in made.tokens.items():
        who = "spectator" if seat == SPECTATOR else " + ".join(T.side_chip(s) for s in game.seats[int(seat) - 1])
        if seat != SPECTATOR:
            rows.append(f"<li class='fortress-seat-state' data-seat='{seat}'>{who}: "
                        f"{html.escape(status.get(seat, ''))}</li>")
        if seat in bots:
            continue
        url = html.escape(page_link(f"seat={token}"))
        own = (f" class='fortress-my-link' data-address='{address}'", " (this page)") if token == mine else ("", "")
        links.append(f"<li class='fortress-seat-link' data-seat='{seat}'>{who}: "
                     f"<a{own[0]} href='{url}' target='_blank'>{url}</a>{own[1]}</li>")
    return (f"<div class='fortress-links'>Players join with the code <b class='fortress-new-code'>"
            f"{html.escape(made.code)}</b> (Game tab, “Join with code”)<ul>{''.join(rows)}</ul>"
            f"<details class='fortress-private-links'><summary>Seat links, to hand out privately (not on a projector: "
            f"a link plays its seat)</summary><ul>{''.join(links)}</ul></details></div>")


def own_address(shared: SharedGame) -> str:
    """What the page's address names so that a reload comes back to its seat: the join code
    when the page's browser holds the seat (:meth:`GameStore.resume`: no token in the address
    bar, which a projector shows), else the seat link's token (plain Voila: no browser id)."""
    return html.escape(f"code={shared.code}" if shared.browser and shared.code else f"seat={shared.token}")


def not_yours(shared: SharedGame, game: "Game", seats: dict[str, str]) -> str:
    """Why this page cannot act now, in plain words."""
    side, mine = game.side, shared.sides
    if not mine:
        return "You are watching this game (spectator link): you cannot move for any side."
    who = f"the {seats[side]} bot on the server" if seats.get(side, "human") != "human" else "another player"
    yours = ", ".join(T.side_label(s) for s in mine)
    return (f"It is {T.side_label(side)}'s move, played by {who}; you play {yours.removesuffix('.')}. "
            "This page updates when they move.")


class SeatClaim:
    """The line a page shows when the seat its link names is held by another browser, or was
    taken from this page (issue 35): who holds it, a name to be shown by, and Take over."""

    def __init__(self, take: "Callable[[str], object]") -> None:
        self.token = ""
        self.text = W.HTML("")
        self.text.add_class("fortress-seat-taken-text")
        self.name = W.Text(placeholder="your name (the other page sees it)", layout=W.Layout(width="250px"))
        self.name.add_class("fortress-my-name")
        self.button = W.Button(description="Take over this seat", button_style="warning", layout=W.Layout(width="auto"))
        self.button.add_class("fortress-take-over")
        self.button.on_click(lambda _b: take(self.token))
        self.box = W.HBox([self.text, self.name, self.button],
                          layout=W.Layout(display="none", align_items="center", flex_flow="row wrap"))
        self.box.add_class("fortress-seat-taken")

    def show(self, token: str, text: str) -> None:
        self.token, self.text.value = token, text
        self.box.layout.display = ""

    def hide(self) -> None:
        self.token, self.text.value = "", ""
        self.box.layout.display = "none"


def taken_html(seat: Seat, holder: Holder | None, lost: bool = False) -> str:
    """What a page says when another browser holds its seat (or the teacher freed it)."""
    sides = " + ".join(T.side_chip(s) for s in seat.sides)
    if holder is None:
        return (f"<span class='ft-refused'>The teacher freed this seat ({sides}): this page now only watches.</span> "
                "Take it again if it is still yours:")
    who = f"<b>{html.escape(holder.name or 'another browser')}</b>"
    if lost:
        return (f"<span class='ft-refused'>Your seat ({sides}) was taken over, by {who}: this page now only "
                "watches.</span> Take it back if it is yours:")
    return (f"<span class='ft-refused'>This seat ({sides}) is taken, by {who} (for {holder.held_for()}).</span> "
            "You are watching the game. To play it on this page, take it over (the other page is told and stops):")


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
                           W.HBox([self.code, app.seat_claim.name, self.join_button],
                                  layout=W.Layout(flex_flow="row wrap")), self.links])

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
            bots = frozenset(s.seat for s in shared.store.seats_of(shared.game_id) if s.bot)
            self.links.value = links_html(shared.made, game, shared.token, bots, seat_status(shared),
                                          own_address(shared))
        elif shared.token and not shared.lost:
            url = html.escape(page_link(f"seat={shared.token}"))
            self.links.value = (f"<div class='fortress-links'><details class='fortress-private-links'><summary>Your seat "
                                f"link (keep it to come back from another computer; it plays your seat)</summary>"
                                f"<a class='fortress-my-link' data-address='{own_address(shared)}' href='{url}' "
                                f"target='_blank'>{url}</a></details></div>")
        else:
            self.links.value = ""


def open_from_query(app: "App", query: dict[str, str]) -> None:
    """Open what the page's address names: a seat link; or a join code, put in the Game tab's
    box for the student to press Join (issue 40: a link preview fetching ``?code=`` must not
    take a seat, so only a click on the page does)."""
    if "seat" in query:  # ``joined``: an older server took this seat for a ``?code=`` address
        app.open_link(query["seat"], note=JOINED if query.get("joined") else "")
    elif "code" in query and (token := resume(app, query["code"])):
        app.open_link(token)  # this browser holds a seat there: the page's own address, reloaded
    elif "code" in query:
        box = app.controls.classroom
        box.code.value = query["code"][:12]
        app.tabs.selected_index = app.tabs.children.index(app.controls.box)
        app.say(f"Press “Join with code” to take a seat in game {html.escape(box.code.value.upper())}: "
                "no seat is taken until you do.", refused=False)


def resume(app: "App", code: str) -> str | None:
    """The token of the seat this page's browser holds in the game of ``code``, if any."""
    browser = page_browser()
    if not browser or app.store is None:
        return None
    try:
        return app.store.resume(code, browser)
    except StoreError:
        return None


__all__ = ["ClassroomBox", "SharedGame", "SeatError", "StaleGame", "create", "open_seat"]
