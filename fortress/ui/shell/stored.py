"""The shell on the shared game store: a page plays one seat of a stored game (issue 31).

``fortress serve --ruleset NAME --store URL`` (or ``FORTRESS_STORE``) gives every page's shell
a store. "Start a shared game" stores a new game with the seats as picked (human or a bot) and
gives the seat links; the page takes the first human seat. A page opened with ``?seat=TOKEN``
plays that seat only. Everything the page shows comes from its seat's view
(:meth:`GameStore.seat_view`): another seat's hand or sealed order never reaches it. A move is
submitted at the ply the page saw (:meth:`GameStore.play`; in a sealed step the others' orders
given meanwhile do not make it stale: :mod:`fortress.store.deciders`), the store plays the bot
seats (each from its own view), and :func:`fortress.ui.pages.follow` redraws the page when
another seat moves. The page keeps its own copy of the whole game at the ply it drew, in the
kernel only: the other seats' actions since the page's own last one are played on it for the
shell's Bot turns box, which tells and draws them from the seat's view only.
"""
from __future__ import annotations

import asyncio
import html
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

import ipywidgets as W

import fortress
from fortress.engine.actions import Action
from fortress.engine.game import Game
from fortress.store import SPECTATOR, GameStore, NewGame, Seat, StaleGame, StoreError
from fortress.ui import pages

if TYPE_CHECKING:
    from fortress.ui.shell.app import Shell

LOST_RACE = "Another player moved first, so your action was not played: here is the game as it stands now."


@dataclass
class StoredSeat:
    """This page's seat at a stored game, and the ply it has seen."""

    store: GameStore
    token: str
    seat: Seat
    ply: int
    code: str = ""
    browser: str | None = None
    made: NewGame | None = None  # the links, when this page started the game

    @property
    def game_id(self) -> str:
        return self.seat.game_id


class StoredPlay:
    """The shell's shared-game part: Start a shared game, the seat links, one seat played,
    the store followed (``shared``, ``closed``, :meth:`pull`, :meth:`check_seats` and
    :meth:`store_bots` are what :func:`fortress.ui.pages.follow` uses)."""

    def __init__(self, shell: "Shell", store: GameStore) -> None:
        self.shell, self.store = shell, store
        self.shared: StoredSeat | None = None
        self.closed = False
        self._seen: Game | None = None  # the whole game at the ply the page drew (Bot turns replay from it)
        self._follower: asyncio.Task[None] | None = None
        self.start_button = W.Button(description="Start a shared game", button_style="info",
                                     layout=W.Layout(width="auto"), _dom_classes=("fortress-shell-share",))
        self.start_button.on_click(lambda _b: self.start())
        self.links = W.HTML(_dom_classes=("fortress-shell-links",))
        self.code = W.Text(placeholder="ABC123", description="join code", layout=W.Layout(width="200px"),
                           _dom_classes=("fortress-join-input",))
        self.join_button = W.Button(description="Join with code", layout=W.Layout(width="auto"),
                                    _dom_classes=("fortress-join",))
        self.join_button.on_click(lambda _b: self.join())
        self.joining = W.HBox([self.code, self.join_button], layout=W.Layout(flex_flow="row wrap"))
        self.widget = W.VBox([W.HTML("<b>Shared game</b> <small>(stored on the server: each player opens "
                                     "their seat link, or joins with the game's code)</small>"),
                              W.HBox([self.start_button, self.joining], layout=W.Layout(flex_flow="row wrap")),
                              self.links], _dom_classes=("fortress-shell-stored",))

    # -- opening a seat ------------------------------------------------------------------------
    def start(self) -> bool:
        """Store a new game (the bar's players and optional rules, an unguessable seed) seated as
        the pickers say; this page takes the first human seat, the others get links."""
        shell = self.shell
        bar, who = shell.bar, dict(shell.seats.who)
        chosen = {name for name, box in bar.variants.items() if box.value}
        try:
            game = fortress.new_game(None, players=int(bar.players.value), ruleset=shell.rules.name, variants=chosen)
            kinds = pages.store_seats(game, who)
            if "human" not in kinds.values():
                shell.say("Seat at least one human to start a shared game (the bots play on the server).",
                          refused=True)
                return False
            made = self.store.create_game(game, kinds, title=shell.rules.title or shell.rules.name)
        except (ValueError, StoreError) as exc:
            shell.say(f"Could not start the shared game: {exc}", refused=True)
            return False
        mine = next(s for s, k in kinds.items() if k == "human")
        return self.open(made.tokens[mine], made=made, note="Shared game started: hand out the other seat links.")

    def open(self, token: str, made: NewGame | None = None, note: str = "", take: bool = False) -> bool:
        """Play the seat of a link's token, held for this page's browser (a wrong token, a
        seat another browser holds, the spectator's link: said in words, no game)."""
        shell, browser = self.shell, pages.page_browser()
        try:
            seat = self.store.hold(token, browser, pages.browser_name(), take) if browser else self.store.open(token)
            if not seat.sides:
                raise StoreError("this is the spectator's link; the shell plays seats only: open a player's seat link")
            code = self.store.code(seat.game_id)
        except StoreError as exc:
            shell.say(f"{exc}. Ask for your seat link again.", refused=True)
            return False
        self.shared = StoredSeat(self.store, token, seat, 0, code, browser or None, made)
        self._seen = None
        self.links.value = links_html(self.shared, shell)
        self.start_button.layout.display = self.joining.layout.display = "none"
        self.store_bots(pull=False)
        self.pull(note or "Your seat at the shared game, as it stands.")
        self.follow()
        return True

    def join(self) -> bool:
        """Take a free player's seat of the game whose join code is typed in the box."""
        if not self.code.value.strip():
            self.shell.say("Type the join code you were given in the box, then press Join with code.", refused=True)
            return False
        try:
            token = self.resume(self.code.value) or self.store.join(self.code.value)[0]
        except StoreError as exc:
            self.shell.say(f"{exc}.", refused=True)
            return False
        return self.open(token, note="You joined the shared game: this is your seat (keep your seat link, "
                                     "below, to come back to it).")

    def resume(self, code: str) -> str | None:
        """The token of the seat this page's browser already holds in the game of ``code``
        (a reload, another tab), if any: joining again would take a second seat."""
        browser = pages.page_browser()
        if not browser:
            return None
        try:
            return self.store.resume(code, browser)
        except StoreError:
            return None

    # -- playing and following -----------------------------------------------------------------
    def act(self, action: Action | str, side: str) -> bool:
        """Submit this seat's action at the ply the page saw; the bots then move on the server."""
        shared, shell = self.shared, self.shell
        assert shared is not None
        text = action if isinstance(action, str) else shell.game.notation(action)
        try:
            shared.ply, _view = self.store.play(shared.token, shared.ply, text, shared.browser, side)
        except StaleGame:
            self.pull(LOST_RACE, refused=True)
            return False
        except StoreError as exc:
            shell.say(f"Refused: {exc}", refused=True)
            return False
        self.store_bots(pull=False)
        self.pull(f"Played {text}.")
        return True

    def pull(self, note: str = "", refused: bool = False) -> None:
        """Show the stored game as this seat sees it now."""
        shared = self.shared
        if shared is None:
            return
        shared.ply, view = self.store.seat_view(shared.token)
        if view is not None:
            self._catch_up(shared)
            self.shell.show_seat(view, shared.seat.sides, note, refused)

    def _catch_up(self, shared: StoredSeat) -> None:
        """Play the stored actions since the page last drew on its copy of the game: this
        page's own start a new run of Bot turns, the other seats' are recorded in it."""
        tape, seen = self.shell.tape, self._seen
        if seen is None or len(seen.history) > shared.ply:  # a new seat, or actions taken back
            _ply, self._seen = self.store.snapshot(shared.game_id)
            tape.reset()
            return
        for _ply, side, text in self.store.actions(shared.game_id, since=len(seen.history)):
            if side in shared.seat.sides:
                seen.apply(seen.parse(text), side)
                tape.fresh = True
            else:
                tape.record(seen, seen.parse(text), side)

    def store_bots(self, pull: bool = True) -> int:
        """Let the store play the bot seats that are due (each from its own view)."""
        if self.shared is None:
            return 0
        made = self.store.play_bots(self.shared.game_id)
        if made and pull:
            self.pull()
        return made

    def check_seats(self) -> None:
        """Whether another browser took this page's seat over: then the page stops playing it."""
        shared = self.shared
        if shared is None or not shared.browser or shared.seat.kind != "human":
            return
        holder = self.store.holder(shared.game_id, shared.seat.seat, shared.browser)
        if holder is None or not holder.mine:
            self.shared = None
            who = holder.name if holder is not None else "the teacher, who freed it"
            self.shell.leave_seat(f"Your seat was taken over, by {who}: open your seat link again to take it back.")

    def follow(self) -> None:
        """Redraw when another seat moves (a task on the kernel's loop; none outside a kernel,
        where :meth:`pull` looks)."""
        try:
            loop = asyncio.get_running_loop()
        except RuntimeError:
            return
        if self._follower is None:
            self._follower = loop.create_task(pages.follow(self, self.store.url))

    def close(self) -> None:
        self.closed = True


def links_html(shared: StoredSeat, shell: "Shell") -> str:
    """The join code, and, for the page that started the game, each other player's seat link."""
    rules, made = shell.rules, shared.made
    out = [f"<div>Join code <b class='fortress-join-code'>{html.escape(shared.code)}</b>; this page plays "
           f"{html.escape(' + '.join(rules.side_names.get(s, s) for s in shared.seat.sides))}.</div>"]
    if made is None:
        url = html.escape(pages.page_link(f"seat={shared.token}"))
        out.append("<details class='fortress-private-links'><summary>Your seat link (keep it to come back from "
                   f"another computer; it plays your seat)</summary><a class='fortress-my-link' href='{url}' "
                   f"target='_blank'>{url}</a></details>")
    else:
        seats = {s.seat: s for s in shared.store.seats_of(shared.game_id)}
        rows = []
        for number, token in made.tokens.items():
            seat = seats.get(number)
            if number == SPECTATOR or seat is None or seat.bot or token == shared.token:
                continue
            names = " + ".join(rules.side_names.get(s, s) for s in seat.sides)
            url = html.escape(pages.page_link(f"seat={token}"))
            rows.append(f"<li class='fortress-seat-link' data-seat='{number}'>{html.escape(names)}: "
                        f"<a href='{url}' target='_blank'>{url}</a></li>")
        if rows:
            out.append("<details class='fortress-private-links' open><summary>Seat links, to hand out privately "
                       f"(a link plays its seat)</summary><ul>{''.join(rows)}</ul></details>")
    return "".join(out)


def open_from_page(shell: "Shell", query: dict[str, Any]) -> None:
    """Open the seat the page's address names (``?seat=TOKEN``), if any; a join code
    (``?code=ABC123``) goes in the box for the student to press Join: a link preview fetching
    the address takes no seat (issue 40)."""
    stored = shell.stored
    if stored is None:
        return
    if query.get("seat"):
        stored.open(str(query["seat"]))
    elif query.get("code") and (token := stored.resume(str(query["code"]))):
        stored.open(token)  # this browser holds a seat there: the page's own address, reloaded
    elif query.get("code"):
        stored.code.value = str(query["code"])[:12].upper()
        shell.say(f"Press “Join with code” to take a seat in game {stored.code.value}: no seat is taken "
                  "until you do.")
