"""The dashboard's shared-game part: the store holds the game, this page one seat.

:class:`SharedPlay` is mixed into :class:`fortress.rulesets.america.dashboard.app.App`: opening a seat link, showing a
stored game, submitting this page's moves at their ply, reloading when another seat moved
first (a lost race), letting the store play the bot seats, following the store and the turn
note. The seat itself and the store's calls are :mod:`fortress.rulesets.america.dashboard.classroom`'s.
"""
from __future__ import annotations

import asyncio
from typing import TYPE_CHECKING

from fortress.store import GameStore, Holder, SeatTaken, StaleGame, StoreError
from fortress.rulesets.america.dashboard import classroom
from fortress.ui import pages
from fortress.ui import theme as T

if TYPE_CHECKING:
    import ipywidgets as W

    from fortress.engine.game import Game
    from fortress.rulesets.america.dashboard.bots import BotSeats
    from fortress.rulesets.america.dashboard.follow_panel import FollowPanel
    from fortress.rulesets.america.dashboard.gamebar import GameControls
    from fortress.rulesets.america.dashboard.logbook import LogBook
    from fortress.rulesets.america.dashboard.odds_panel import OddsPanel


#: what a page that lost a race at its seat says, whichever way it learnt (issue 40, item 3)
LOST_RACE = ("Another player moved first, so your move was not played: here is the game as it stands now; "
             "look again and choose.")


def moved_for_us(old: "Game", new: "Game", sides: tuple[str, ...]) -> bool:
    """Whether the stored game ``new`` moved on from ``old`` (this page's game) while it was
    this page's sides' move: someone else (another page at this seat) moved first."""
    return not old.is_over and old.side in sides and len(new.history) > len(old.history)


class SharedPlay:
    """App's methods for a game on the shared store (a no-op for a local game)."""

    # what the App holds and does that these methods use
    game: Game
    playing: bool
    game_id: str
    bots: BotSeats
    logbook: LogBook
    odds: OddsPanel
    recent: frozenset[str]
    _panel_key: tuple[object, ...]
    tabs: W.Tab
    turn_note: W.HTML
    follow: FollowPanel
    auto_box: W.Checkbox

    @property
    def controls(self) -> GameControls:  # App's: the Game tab's controls, built on first use
        raise NotImplementedError

    def say(self, text: str, refused: bool = True) -> None: ...

    def refresh(self, panel_only: bool = False) -> None: ...

    def _init_shared(self, store: GameStore | None) -> None:
        self.store = store  # the shared game store (classroom play), if the server has one
        self.shared: classroom.SharedGame | None = None  # this page's seat at a stored game
        self.others: frozenset[str] = frozenset()  # sides other people play (shared games)
        self.closed = False  # set to stop following the store
        self._follower: asyncio.Task[None] | None = None
        #: shown when another browser holds the seat this page's link names (issue 35)
        self.seat_claim = classroom.SeatClaim(lambda token: self.open_link(token, take=True))

    def page_name(self) -> str:
        """The name other pages see this page's seats held by: the one typed, else the browser's kind."""
        return pages.clean_name(self.seat_claim.name.value) or pages.browser_name()

    def open_link(self, token: str, note: str = "", take: bool = False) -> bool:
        """Play the stored game of a seat link's token, holding its seat for this page's
        browser (a wrong token: a message, no game; a seat another browser holds: watch,
        and a Take over button; ``take``: take it over)."""
        assert self.store is not None
        try:
            shared = classroom.open_seat(self.store, token, pages.page_browser(), self.page_name(), take)
        except SeatTaken as exc:
            self.seat_taken(token, exc)
            return False
        except StoreError as exc:
            self.shared, self.playing = None, False
            self.say(f"{exc}. Ask for your seat link again, or join with a code (Game tab).")
            self.refresh()
            return False
        self.play_shared(shared, note or ("You took over this seat: the other page was told and only watches now."
                                          if take else "Back at your game, as it stands."))
        return True

    def seat_taken(self, token: str, exc: SeatTaken) -> None:
        """Another browser holds the seat of ``token``: watch its game, say who holds it, offer Take over."""
        assert self.store is not None
        code = self.store.code(exc.seat.game_id)
        self.play_shared(classroom.spectate(self.store, exc.seat.game_id, code), f"{exc}.")
        self.seat_claim.show(token, classroom.taken_html(exc.seat, exc.holder))

    def seat_lost(self, holder: Holder | None) -> None:
        """Another browser took this page's seat over (or the teacher freed it, ``holder`` None):
        this page only watches from now on, and may take it back."""
        shared = self.shared
        assert shared is not None
        shared.lost, shared.more = True, {}
        _seats, self.others = shared.display_seats()
        self.seat_claim.show(shared.token, classroom.taken_html(shared.seat, holder, lost=True))
        who = holder.name if holder is not None else ""
        self.say(f"Your seat was taken over, by {who}: this page now only watches." if holder is not None
                 else "The teacher freed your seat: this page now only watches.")
        self.refresh()

    def play_shared(self, shared: classroom.SharedGame, note: str) -> None:
        """Show the stored game ``shared`` seats this page at."""
        self.shared = shared
        self.seat_claim.hide()
        self.game, self.playing, self.game_id = shared.load(), True, shared.game_id
        seats, self.others = shared.display_seats()
        self.bots.configure(seats, 0, ruleset=self.game.rules)  # names only: the store plays the bot seats
        self.follow.clear()
        self._server_plays_bots(True)
        self.logbook.clear()
        self.odds.clear()
        self.recent, self._panel_key = frozenset(), ()
        self.controls.classroom.show(shared, self.game)
        self.say(note, refused=False)
        self.tabs.selected_index = self.tabs.children.index(self.controls.box) if shared.made else 0  # the links
        self.refresh()
        self._bots_soon()

    def _push(self) -> bool:
        """Store this page's new moves; when another seat moved first, reload and say so."""
        if self.shared is None:
            return True
        try:
            self.shared.push(self.game)
            return True
        except SeatTaken as exc:
            self.pull()
            self.seat_lost(exc.holder)
        except StaleGame:
            self.pull(LOST_RACE)
        except StoreError as exc:
            self.pull(f"Your move was not stored: {exc}. Here is the game as it was last stored.")
        return False

    def pull(self, note: str = "") -> None:
        """Show the stored game as it stands (another seat moved, or ours was refused)."""
        shared = self.shared
        if shared is None:
            return
        old = self.game
        try:
            game = shared.load()
        except StoreError as exc:
            if note and shared.last is not None:  # our move was not stored: never show it as made
                self.game = shared.last.copy()
                self.say(note)
                self.refresh()
            else:
                self.say(str(exc))
            return
        fresh = game.events[len(old.events):] if not note else []
        if not note and moved_for_us(old, game, shared.seat.sides):
            note = LOST_RACE  # another page at this seat won the race: the click here is not played
        if not note:
            self._record_bot_moves(old, game)
        self.game, self.recent = game, frozenset(a for e in fresh for a in e.areas)
        if note:
            self.say(note)
        self.refresh()

    def _record_bot_moves(self, old: Game, new: Game) -> None:
        """The bot seats' moves between ``old`` and ``new`` (the store played them) go on the
        Bot turns tab's tape, replayed on a copy of ``old`` (the same dice: the copy keeps the
        generator), so a teacher can step through them as in a local game."""
        done = len(old.history)
        if len(new.history) <= done or new.history[:done] != old.history:
            return  # a move taken back, or another game: nothing to add
        sim = old.copy()
        for action in new.history[done:]:
            side = sim.side
            before, state = self.follow.tape.snapshot(sim), sim.state.copy()
            events = sim.apply(action)
            if self.bots.is_bot(side):
                self.follow.record(before, sim, action, "", events, state)

    def _server_plays_bots(self, shared: bool) -> None:
        """On a store the server plays the bot seats: "bots move by themselves" is ticked and
        cannot be unticked there; a local game gives the choice back."""
        box = self.auto_box
        box.value = shared or (box.value if not box.disabled else False)
        box.disabled = shared
        box.description = "bots move by themselves (the server plays them)" if shared else "bots move by themselves"

    def check_seats(self) -> None:
        """This page's seat taken over by another browser (or freed by the teacher): only watch
        (:meth:`seat_lost`). Hot-seat: a seat this page played that another player took (its
        link opened, or the join code) is theirs now: say so and redraw. The follower calls
        this when idle."""
        shared = self.shared
        if shared is None:
            return
        taken, holder = shared.taken_from_us()
        if taken:
            self.seat_lost(holder)
            return
        gone = shared.handed_out()
        if shared.made is not None:  # the creating page's seat list: who took which seat
            self.controls.classroom.show(shared, self.game)
        if gone:
            _seats, self.others = shared.display_seats()
            names = ", ".join(T.side_label(side) for side in gone)
            self.say(f"{names}: that seat went to another player, who plays it now.", refused=False)
            self.refresh()

    def store_bots(self, limit: int = 10_000) -> int:
        """Let the store play the bot seats due now (each move made once, whoever asks)."""
        if self.shared is None or self.game.is_over:
            return 0
        try:
            made = self.shared.store.play_bots(self.shared.game_id, limit=limit)
        except StoreError as exc:
            self.say(f"The server's bot could not move: {exc}")
            return 0
        if made or self.shared.changed():
            self.pull()
        return made

    def _bots_soon(self) -> None:
        """Bot seats move after this page has drawn the human's move, one redraw per move."""
        if self.shared is None or not self.bots.is_bot(self.game.side):
            return
        try:
            loop = asyncio.get_running_loop()
        except RuntimeError:  # plain Python, tests: all now
            self.store_bots()
            return
        loop.call_soon(self._bot_then_next)

    def _bot_then_next(self) -> None:
        if self.store_bots(limit=1):
            self._bots_soon()

    def follow_store(self) -> None:
        """Redraw when another seat moves (a task on the kernel's loop; see pages.follow)."""
        try:
            loop = asyncio.get_running_loop()
        except RuntimeError:  # not in a kernel: call pull() to look for moves
            return
        if self.store is not None:
            self._follower = loop.create_task(pages.follow(self, self.store.url))

    def _refresh_turn_note(self) -> None:
        """Whose move, from this seat (shared games only; hidden, taking no height, otherwise)."""
        self.turn_note.value = classroom.turn_html(self.shared, self.game, self.bots.seats) if self.shared else ""
        display = "" if self.shared else "none"
        if self.turn_note.layout.display != display:
            self.turn_note.layout.display = display
