"""The dashboard: the map, the phase panels and the views around them, wired to a Game.

``App`` owns one ``fortress.Game`` and is the only place that calls ``game.apply``
(through :meth:`App.act`) so that refusals, the log, bot moves and autosaves are
handled the same way for every panel.
"""
from __future__ import annotations

import asyncio
import time
from typing import Any, Callable, Iterable

import ipywidgets as W

import fortress
from fortress.rulesets.america import actions as A
from fortress.store import GameStore, SeatTaken, StaleGame, StoreError
from fortress.ui import clicks, pages
from fortress.rulesets.america.dashboard import classroom, info, turn_flow
from fortress.rulesets.america.dashboard.banner import Banner
from fortress.ui import theme as T
from fortress.rulesets.america.dashboard.bots import BotSeats
from fortress.ui.board_map import MAP_HEIGHT, BoardMap, MapView
from fortress.rulesets.america.dashboard.follow_panel import FollowPanel
from fortress.rulesets.america.dashboard.gamebar import GameControls
from fortress.rulesets.america.dashboard.logbook import LogBook, Note
from fortress.rulesets.america.dashboard.maptools import MapTools
from fortress.rulesets.america.dashboard.odds_panel import OddsPanel
from fortress.rulesets.america.dashboard.panels import PANELS, GenericPanel, Panel
from fortress.rulesets.america.dashboard.panels.cards import HandPanel
from fortress.ui.lazy_tabs import LazyTabs
from fortress.rulesets.america.dashboard.predict_panel import PredictPanel
from fortress.rulesets.america.dashboard.shared_play import SharedPlay
from fortress.ui.storage import Autosaver, new_game_id

BOT_STEP_LIMIT = 5000  # "play to my turn" never loops longer than this


class App(SharedPlay):
    """Build with :func:`fortress.ui.build_app`; ``app.root`` is the widget to display.
    A game on the shared store (classroom play): :class:`fortress.rulesets.america.dashboard.shared_play.SharedPlay`."""

    def __init__(self, save_dir=None, map_height: str = MAP_HEIGHT, store: GameStore | None = None,
                 defer_labels: bool = False) -> None:
        self.autosaver = Autosaver(save_dir)
        clicks.install()
        self._init_shared(store)
        self.game: fortress.Game = fortress.new_game(0, setup="balanced")  # a preview until a game starts
        self.playing = False
        self.game_id = ""
        self.bots = BotSeats()
        self.banner = Banner()
        self.logbook = LogBook()
        self.recent: frozenset[str] = frozenset()
        self.timings: list[float] = []
        self._save_pending = False
        self._panels: dict[type, Panel] = {}
        self._panel_key: tuple = ()
        self.tools = MapTools(self)
        self.board_map = BoardMap(self.game.board, self.on_map_click, height=map_height, game=self.game, fit=True,
                                  on_hover=self.tools.hovered, tools=self.tools.control, defer_labels=defer_labels)
        self._idle = self._html("fortress-idle")  # one widget, its text changed: no widget per redraw
        self._build_widgets()
        self.refresh()

    # -- layout ---------------------------------------------------------------------------------
    def _html(self, css: str, value: str = "") -> W.HTML:
        return W.HTML(value, _dom_classes=(css,))

    def _button(self, label: str, css: str, handler: Callable[[], object], style: str = "") -> W.Button:
        b = W.Button(description=label, button_style=style, layout=W.Layout(width="auto"), _dom_classes=(css,))
        b.on_click(lambda _b: handler())
        return b

    def _build_widgets(self) -> None:
        self.status = self._html("fortress-status")
        self.tick = self._html("fortress-tick")  # changes after every redraw: a sync point for tests
        self.tick.layout.display = "none"
        self.seen = self._html("fortress-seen-ply", clicks.seen_html(0))  # the ply drawn last: clicks carry it
        self.seen.layout.display = "none"
        self.message = self._html("fortress-message")
        self.turn_note = self._html("fortress-turn-note")  # shared games: whose move, from this seat
        self.turn_note.layout.display = "none"  # an empty line would still take its height
        self.undo_button = self._button("Undo", "fortress-undo", self.undo)
        self.step_button = self._button("Bot: step", "fortress-step", self.bot_step)
        self.play_button = self._button("Play to my turn", "fortress-play", self.play_to_human, "info")
        self.hint_button = self._button("Hint", "fortress-hint", self.hint)
        self.auto_box = W.Checkbox(value=False, description="bots move by themselves", indent=False,
                                   layout=W.Layout(width="auto"))
        self.auto_box.add_class("fortress-auto")
        self.auto_box.observe(self._on_auto, "value")
        self.predict = PredictPanel(self)  # class-prediction mode: its toggle in the header, its box on the right
        buttons = W.HBox([self.undo_button, self.hint_button, self.step_button, self.play_button, self.auto_box,
                           self.predict.toggle])
        buttons.add_class("fortress-header-buttons")
        header = W.HBox([W.VBox([self.status, self.turn_note, self.seat_claim.box],
                                _dom_classes=("fortress-status-column",)), buttons],
                        layout=W.Layout(justify_content="space-between", align_items="center", width="100%"))
        header.add_class("fortress-header")
        strip = W.HBox([self.banner.widget, self.banner.busy], layout=W.Layout(width="100%", align_items="center"),
                       _dom_classes=("fortress-banner-strip",))
        self.tracks = self._html("fortress-tracks")
        self.pools = self._html("fortress-pools-view")
        self.cards = self._html("fortress-cards-view")
        self.dice = self._html("fortress-dice-view")
        self.log = self.logbook.box
        self.panel_box = W.VBox(layout=W.Layout(width="100%"))
        self.panel_box.add_class("fortress-phase")
        self.generic = GenericPanel(self)
        self.fallback = W.Accordion(children=[self.generic.box], selected_index=None)
        self.fallback.set_title(0, "All legal actions (fallback)")
        self.fallback.observe(lambda _c: self._refresh_generic(), "selected_index")
        self.odds = OddsPanel(self)
        self.hand: HandPanel | None = None  # Invader Card variant: the human Invader's own hand (made on first use)
        self.hand_box = W.Box(layout=W.Layout(width="100%"))
        self._controls: GameControls | None = None  # the Game tab, built when first opened (or asked for)
        self.follow = FollowPanel(self)
        self.lazy_tabs = LazyTabs([("Log", self.log), ("Bot turns", self.follow.box), ("Pools", self.pools),
                                   ("Odds", self.odds.box), ("Game", self._game_page)], css="fortress-tabs")
        self.tabs = tabs = self.lazy_tabs.tab
        left = W.VBox([self.board_map.map, W.HTML(info.legend_html()), self.tracks],
                      layout=W.Layout(width="63%", min_width="520px", align_self="flex-start"))
        right = W.VBox([self.message, self.predict.box, self.panel_box, self.hand_box, self.dice, self.cards, tabs,
                        self.fallback],
                       layout=W.Layout(width="37%", min_width="330px", padding="0 0 0 6px"))
        right.add_class("fortress-side")
        left.add_class("fortress-map-column")  # sticky: the map stays in view while the side column scrolls
        for column in (left, right):  # full width, one under the other, on a phone (theme.CSS)
            column.add_class("fortress-column")
        body = W.HBox([left, right], layout=W.Layout(width="100%", flex_flow="row wrap"))
        body.add_class("fortress-body")
        self.root = W.VBox([T.style_widget(a.id for a in self.game.board), header, strip, body, self.seen, self.tick],
                           layout=W.Layout(width="100%"))
        self.root.add_class("fortress-app")

    def _game_page(self) -> W.Widget:
        self._controls = GameControls(self)
        return self._controls.box

    @property
    def controls(self) -> GameControls:
        """The Game tab's controls (new game, resume, save, load), built on first use."""
        self.lazy_tabs.page("Game")
        assert self._controls is not None
        return self._controls

    # -- starting and loading -------------------------------------------------------------------
    def start(self, game: fortress.Game, seats: dict[str, str], game_id: str | None = None,
              note: str = "") -> None:
        """Play ``game`` with ``seats`` (side -> "human" or a bot name); on a store, as a
        new shared game this page takes the first human seat of."""
        if self.store is not None:
            try:
                shared = classroom.create(self.store, game, seats, browser=pages.page_browser(),
                                          name=self.page_name())
            except StoreError as exc:
                self.say(f"Could not store the new game: {exc}")
                return
            self.play_shared(shared, " ".join(filter(None, [note, "A shared game: send each player their seat link "
                                                            "(below) or the join code."])))
            return
        self.game, self.playing = game, True
        self._server_plays_bots(False)  # a local game: this page plays the bots
        self.game_id = game_id or new_game_id(game.state.seed)
        problems = self.bots.configure(seats, game.state.seed, ruleset=game.rules)
        self.logbook.clear()
        self.follow.clear()
        self.predict.clear()
        self.odds.clear()
        self.banner.reset()
        self.recent = frozenset()
        self._panel_key = ()
        self.autosave(with_seats=True)
        self.say(" ".join(filter(None, [note] + problems)) or "New game: good luck!", refused=bool(problems))
        self.tabs.selected_index = 0
        self.refresh()
        self.maybe_auto()

    # -- the one way to change the game ---------------------------------------------------------
    def act(self, action: A.Action | str, after: Callable[[], None] | None = None, asked: bool = False) -> bool:
        """Apply a human player's action; show the reason if it is refused. In class-prediction
        mode a move that rolls dice waits for the class's guess first (``asked`` once it has)."""
        t0 = time.perf_counter()
        if self.stale_click() or not self._human_may_act():
            return False
        if not asked and self.predict.wants(action) and self.game.explain(action) is None:
            self.predict.ask(self.game, action, lambda: self.act(action, after, asked=True))
            self.refresh()
            return False
        side = self.game.side
        try:
            events = self.game.apply(action)
        except fortress.IllegalAction as exc:
            self.say(exc.reason)
            return False
        self.banner.acted(self.game, side)
        if not self._push():
            return False
        self.recent = frozenset(a for e in events for a in e.areas)
        if after is not None:
            after()
        self.say(turn_flow.happened(events, side), refused=False)  # steps passed by themselves, the turn handed on
        self.refresh()
        self.timings.append(time.perf_counter() - t0)
        self.autosave_soon()
        if not asked:  # after a guessed move, the prediction box says when the bots go on
            self.maybe_auto()
        return True

    def act_many(self, actions: Iterable[A.Action]) -> bool:
        """Apply several actions in turn (stops at the first refusal) with one redraw."""
        if self.stale_click() or not self._human_may_act():
            return False
        touched: set[str] = set()
        for action in actions:
            side = self.game.side
            try:
                events = self.game.apply(action)
            except fortress.IllegalAction as exc:
                self.say(exc.reason)
                break
            self.banner.acted(self.game, side)
            touched.update(a for e in events for a in e.areas)
        if not self._push():
            return False
        self.recent = frozenset(touched)
        self.autosave_soon()
        self.refresh()
        return True

    def after_external(self, note: str, side: str | None = None) -> None:
        """A panel applied actions itself (e.g. a batch of placements by ``side``): log, save, redraw."""
        if side is not None:
            self.banner.acted(self.game, side)
        if not self._push():
            return
        self.logbook.note(len(self.game.events), note)
        self.autosave_soon()
        self.say(note, refused=False)
        self.refresh()

    def _human_may_act(self) -> bool:
        if not self.playing:
            self.say(f"Start a new game or {'resume' if self.store is None else 'join'} one first (Game tab).")
            return False
        if self.game.is_over:
            self.say(" ".join(("The game is over.", *info.winner_text(self.game))))
            return False
        if self.shared is not None and self.game.side not in self.shared.sides:
            self.say(classroom.not_yours(self.shared, self.game, self.bots.seats))
            return False
        if self.predict.waiting:
            self.say("The class guesses first (the buttons above the panel).")
            return False
        if self.bots.is_bot(self.game.side):
            self.say(f"It is {T.side_label(self.game.side)}'s move ({self.bots.name(self.game.side)} bot): "
                     "press 'Bot: step' or 'Play to my turn'.")
            return False
        return True

    @property
    def lines(self) -> list[Note]:
        """The dashboard's own log lines (bots' reasons, batch notes)."""
        return self.logbook.lines()

    def undo(self) -> None:
        """Take back one of the present player's own moves of this turn (``game.undoable``), in
        a stored game too (:meth:`GameStore.take_back`); else say why not."""
        why = self.undo_refusal()
        if why:
            self.say(why)
            return
        self.predict.clear()  # a question asked before the move taken back asks no more
        g = self.game
        before, action = g.events, g.history[-1]  # undo replays into a new list: this one keeps the undone events
        if self.shared is not None:
            try:
                self.game = g = self.shared.take_back()
            except SeatTaken as exc:
                self.seat_lost(exc.holder)
                return
            except StaleGame:
                self.pull("Another player moved first, so nothing was taken back: here is the game as it stands.")
                return
            except StoreError as exc:
                self.say(f"Nothing was taken back: {exc}.")
                return
        else:
            g.undo()
        self.logbook.forget(len(g.events))
        gone = [e.text for e in before[len(g.events):] if e.kind not in ("phase", "turn")]
        if isinstance(action, A.End):
            what = f"Took back the end of the {info.PHASE_NAMES.get(g.phase, g.phase)} step."
        else:
            what = f"Took back: {gone[0]}" if gone else "Took back your last move."
        self.recent = frozenset()
        self.say(what, refused=False)
        self.autosave_soon()
        self.refresh()

    def undo_refusal(self) -> str:
        """Why Undo cannot take anything back now ("" if it can): the Undo button's tooltip
        while it is greyed, and the message when pressed."""
        g = self.game
        if not self.playing:
            return "Nothing to take back: no game yet."
        if g.is_over:
            return "Nothing to take back: the game is over."
        if self.shared is not None and g.side not in self.shared.sides:
            return f"Nothing to take back: it is {T.side_label(g.side)}'s move, and only the side to move " \
                   "takes back its own moves."
        if self.bots.is_bot(g.side):
            return f"Nothing to take back: it is the {self.bots.name(g.side)} bot's move, and a bot's moves stay."
        if not g.undoable:
            return ("Nothing of yours to take back this turn: dice rolled, cards drawn and the other players' "
                    "moves stay.")
        return ""

    @property
    def undoable(self) -> bool:
        """Whether Undo may take back a move now: a human's own (``game.undoable``), never a
        bot's; in a stored game, this page's seat's."""
        return not self.undo_refusal()

    def hint(self) -> None:
        """The Hint button: what a bot would do now and why, with its odds (``fortress.rulesets.america.dashboard.hints``)."""
        from fortress.rulesets.america.dashboard.hints import hint, hint_bot
        g = self.game
        if not self.playing or g.is_over:
            self.say("No hint: start a game (Game tab)." if not self.playing else "No hint: the game is over.")
            return
        if self.shared is not None and g.side not in self.shared.sides:
            self.say(f"No hint now: it is {T.side_label(g.side)}'s move, not yours.")
            return
        bot = hint_bot(self.bots.name(g.side))
        self.banner.busy_hint(bot)  # the search takes ~2 s: the busy line says so meanwhile
        try:
            text = hint(g, bot, seed=len(g.history)).text
        finally:
            self.banner.busy_off()
        self.say(text, refused=False)
        self.bump()

    # -- bots ---------------------------------------------------------------------------------------
    def bot_step(self, redraw: bool = True) -> bool:
        """Let the bot whose decision it is make one move."""
        g = self.game
        if self.shared is not None:
            return self.store_bots(limit=1) > 0
        if not self.playing or g.is_over or not self.bots.is_bot(g.side):
            if redraw:
                self.say("No bot to move now: it is a human player's decision.")
            return False
        if self.predict.waiting:
            if redraw:
                self.say("The class guesses first (the buttons above the panel).")
            return False
        side = g.side
        self.banner.busy_on(side, self.bots.name(side))
        try:
            action, reason = self.bots.choose(side, g)
        finally:
            if redraw:
                self.banner.busy_off()
        if self.predict.wants(action):  # class-prediction mode: the bot's dice wait for the guess
            self.predict.ask(g, action, lambda: self._bot_apply(side, action, reason, True))
            if redraw:
                self.refresh()
            return False
        return self._bot_apply(side, action, reason, redraw)

    def _bot_apply(self, side: str, action: A.Action, reason: str, redraw: bool) -> bool:
        g, at = self.game, len(self.game.events)
        before, state = self.follow.tape.snapshot(g), g.state.copy()  # for the Bot turns tab
        try:
            events = g.apply(action)
        except fortress.IllegalAction as exc:  # a bot bug: never crash the page
            self.say(f"The {self.bots.name(side)} bot tried '{g.notation(action)}': {exc.reason}")
            return False
        self.follow.record(before, g, action, reason, events, state)
        if reason:
            self.logbook.note(at, f"{self.bots.name(side)} bot: {reason}", side, bot=True)
        self.recent = (self.recent if not redraw else frozenset()) | {a for e in events for a in e.areas}
        if redraw:
            self.autosave_soon()
            self.say("")
            self.refresh()
        return True

    def play_to_human(self) -> None:
        """Bots move until a human must decide (or the game ends)."""
        if self.shared is not None:
            self.store_bots()
            return
        self.recent = frozenset()
        n = 0
        try:
            while n < BOT_STEP_LIMIT and self.bot_step(redraw=False):
                n += 1
        finally:
            self.banner.busy_off()
        self.autosave_soon()
        paused = " They wait for the class's guess before the dice." if self.predict.waiting else ""
        self.say(f"The bots made {n} move{'s' if n != 1 else ''} (outlined in olive on the map; the Bot turns "
                 f"tab tells and replays them).{paused}" if n else
                 paused.strip() or "No bot to move now: it is a human player's decision.", refused=False)
        if n and self.tabs.selected_index == 0:  # from the Log, not from a tab the player chose
            self.tabs.selected_index = 1  # Bot turns
        self.refresh()

    def _on_auto(self, change: dict[str, Any]) -> None:
        """"Bots move by themselves" ticked: if a bot is to move, it starts now."""
        if change["new"]:
            self.maybe_auto()

    def maybe_auto(self) -> None:
        """With "bots move by themselves" ticked, the bots play on to a human's decision (on a
        store, the server plays the bot seats)."""
        if self.shared is not None:
            self._bots_soon()
            return
        if self.auto_box.value and self.playing and self.bots.is_bot(self.game.side):
            self.play_to_human()

    # -- saving ---------------------------------------------------------------------------------------
    def autosave_soon(self) -> None:
        """Autosave once the browser has its update (after this message handler returns)."""
        try:
            loop = asyncio.get_running_loop()
        except RuntimeError:  # no event loop (plain Python, tests): save now
            self.autosave()
            return
        if not self._save_pending:
            self._save_pending = True
            loop.call_soon(self._deferred_save)

    def _deferred_save(self) -> None:
        self._save_pending = False
        self.autosave()

    def autosave(self, with_seats: bool = False) -> None:
        if self.playing and self.game_id and self.shared is None:  # a shared game is stored as it is played
            ok = self.autosaver.write(self.game_id, self.game.to_json(indent=None, seats=self.bots.seats),
                                      self.bots.seats if with_seats else None)
            if not ok:
                self.say(self.autosaver.error)

    # -- map clicks and messages ----------------------------------------------------------------------
    def on_map_click(self, aid: str) -> None:
        if not self._human_may_act():
            return
        if self.follow.watching:  # the map shows a position of the bots' turns, not the game
            self.say("The map shows the bots' moves (Bot turns tab): press 'The game now' to play.")
            return
        self.message.value = ""  # a new selection: the last refusal no longer applies
        self.current_panel().click(aid)

    def say(self, text: str, refused: bool = True) -> None:
        import html as _h
        css = "ft-refused" if refused else "ft-info"
        self.message.value = f"<span class='{css}'>{_h.escape(text)}</span>" if text else ""
        if refused and text:
            self.bump()

    # -- drawing ------------------------------------------------------------------------------------------
    def current_panel(self) -> Panel:
        cls = PANELS.get(self.game.phase, GenericPanel)
        if cls not in self._panels:
            self._panels[cls] = cls(self) if cls is not GenericPanel else self.generic
        panel = self._panels[cls]
        key = (self.game.phase, self.game.side, self.game.round, cls)
        if key != self._panel_key:
            panel.reset()
            self._panel_key = key
        return panel

    def refresh(self, panel_only: bool = False) -> None:
        """Redraw: the map first (what the player watches), then the panel, then the rest."""
        g = self.game
        human = self.playing and not g.is_over and not self.bots.is_bot(g.side) and \
            (self.shared is None or g.side in self.shared.sides)
        panel = self.current_panel() if human else None
        if panel is not None:
            panel.prepare()
        battle = b.area if (b := g.battle) else None
        view = MapView(selected=panel.selected if panel else None,
                       targets=panel.targets() if panel else frozenset(), recent=self.recent, battle=battle)
        self.board_map.update(g, view)
        if panel is not None:
            panel.refresh()
        self._refresh_hand(human)
        box = panel.box if panel is not None else self._idle_box()
        if self.panel_box.children != (box,):
            self.panel_box.children = [box]
        if not panel_only:
            self._refresh_views()
        # last: a page whose turn note shows a ply has drawn everything of that ply
        self._refresh_turn_note()
        self.bump()

    def _refresh_hand(self, human: bool) -> None:
        """Show the hand of the human Invader to move (Invader Card variant); else nothing."""
        if HandPanel.shown(self.game, human):
            self.hand = self.hand or HandPanel(self)
            self.hand.refresh()
            if self.hand_box.children != (self.hand.box,):
                self.hand_box.children = [self.hand.box]
        elif self.hand_box.children:  # hidden: nothing of a hand stays in the page
            self.hand_box.children = ()

    def bump(self) -> None:
        """Mark the end of the kernel's answer to a click (also when it only said no), and the
        ply now drawn (a click made on this board carries it: :mod:`fortress.ui.clicks`)."""
        seen = clicks.seen_html(len(self.game.history))
        if self.seen.value != seen:
            self.seen.value = seen
        self.tick.value = str(int(self.tick.value or 0) + 1)

    def stale_click(self) -> bool:
        """Whether the click being handled was made on a board drawn before the game moved on
        (a bot's move, another page's at this seat, landed meanwhile): then say so, redraw,
        and play nothing (issue 40, item 3)."""
        seen = clicks.clicked_at()
        if seen is None or seen == len(self.game.history):
            clicks.consume()  # later actions of the same click (act after act) are its own doing
            return False
        self.say("Your click was not played: the game moved on before it arrived (another move came in). "
                 "Here is the game as it stands now; look again and choose.")
        self.refresh()
        return True

    def _refresh_views(self) -> None:
        g = self.game
        self.banner.update(g, self.bots.seats, self.playing, shared=self.shared is not None)
        resume = "resume one" if self.store is None else "join one with its code (your seat link brings yours back)"
        self.status.value = info.status_html(g, self.bots.seats, self.others) if self.playing else \
            f"<span class='ft-title'>Fortress America</span> Start a new game or {resume} (Game tab)."
        why = self.undo_refusal()
        self.undo_button.disabled = bool(why)
        self.undo_button.tooltip = why or "Take back your last move (this turn, before any die or card)"
        bot_turn = self.playing and not g.is_over and self.bots.is_bot(g.side)
        self.step_button.disabled = self.play_button.disabled = not bot_turn
        self.tracks.value = info.tracks_html(g)
        self.pools.value = info.pools_html(g)
        self.cards.value = info.cards_view(g)
        self.dice.value = info.dice_html(g)
        self.logbook.update(g)
        self.odds.refresh()
        if self._controls is not None:
            self._controls.drop_stale_download()
        self.follow.refresh()
        self.predict.refresh(g)
        self._refresh_generic()

    def _refresh_generic(self) -> None:
        if self.fallback.selected_index == 0 and self.playing:
            self.generic.refresh()

    def _idle_box(self) -> W.Widget:
        g = self.game
        if not self.playing:
            text = ("<b>Welcome.</b> Choose players and press <b>Start new game</b> in the Game tab below, " +
                    ("or resume the last game." if self.store is None else
                     "or join a game with its code there; your seat link brings your game back."))
        elif g.is_over:
            text = f"<b>Game over.</b> {info.result_html(g)} Start a new game in the Game tab."
        elif self.shared is not None:
            text = classroom.not_yours(self.shared, g, self.bots.seats)
        else:
            text = (f"{T.side_chip(g.side)} is played by the <b>{self.bots.name(g.side)}</b> bot. "
                    "Press <b>Bot: step</b> to watch one move, or <b>Play to my turn</b>.")
        self._idle.value = text
        return self._idle
