"""The shell: a game of any ruleset, played at one page through the public API.

The page's *viewer* is the side it shows: the human side that acts now (in a hot-seat game the
humans take turns, one at a time, so no one's sealed order or hand shows to the next), else the
last one shown. The board, the ruleset's status lines and the log come from the viewer's view
(``game.view(side)``, the events that side may see); with no human seat the page is a
spectator's and its log keeps the events everyone sees. :meth:`Shell.act` is the one place a
human's action is played; the bots then play until a human is to act or the game is over.
On a game store (``store``) the page may instead play one seat of a stored game
(:mod:`fortress.ui.shell.stored`): then its game is that seat's view, and the store plays.
"""
from __future__ import annotations

import html
from typing import TYPE_CHECKING, Any

import ipywidgets as W

import fortress
from fortress.engine import rulesets
from fortress.engine.actions import Action
from fortress.engine.events import Event
from fortress.engine.game import Game
from fortress.ui.shell.board import BoardView
from fortress.ui.shell.botturns import BotTurns, Tape
from fortress.ui.shell.gamebar import GameBar
from fortress.ui.shell.hint import HintBox
from fortress.ui.shell.panel import ActionPanel
from fortress.ui.shell.seats import HUMAN, Seats

if TYPE_CHECKING:
    from fortress.store import GameStore
    from fortress.ui.shell.stored import StoredPlay

BOT_LIMIT = 5000  #: bot actions played after one human action, at most (then the page says so)
LOG_LINES = 200  #: the log shows this many of the latest events

CSS = """<style>
.fortress-shell .ft-refused { color: #b03a2e; font-weight: bold; }
.fortress-shell-log { max-height: 320px; overflow-y: auto; font-size: 0.9em; }
.ft-shell-status th, .ft-shell-areas th { text-align: left; padding-right: 1em; }
.fortress-shell-header h3 { margin: 0.2em 0; }
</style>"""


class Shell:
    """A game of ruleset ``name`` at one page; ``root`` is the widget to display."""

    def __init__(self, name: str, players: int | None = None, seed: int = 1,
                 seats: dict[str, str] | None = None, game: Game | None = None,
                 store: "GameStore | None" = None) -> None:
        self.rules = rulesets.get(name)
        self.game: Game = game if game is not None else fortress.new_game(seed, players=players, ruleset=name)
        self.seats = Seats(self.rules, self._seats_changed)
        self._viewer: str | None = None
        self.header = W.HTML(_dom_classes=("fortress-shell-header",))
        self.message = W.HTML(_dom_classes=("fortress-shell-message",))
        self.result = W.HTML(_dom_classes=("fortress-shell-result",))
        self.log = W.HTML(_dom_classes=("fortress-shell-log",))
        self.tick = W.HTML("0", _dom_classes=("fortress-shell-tick",))  # the ply drawn: a sync point for tests
        self.tick.layout.display = "none"
        self.board = BoardView(name)
        factory = self.board.factory  # the ruleset's dashboard: its panels, hint bot and workbench, if any
        self.panel = ActionPanel(self.act, getattr(factory, "panels", None))
        self.hint = HintBox(getattr(factory, "hint_bot", None), getattr(factory, "hint_odds", None))
        self.tape = Tape()
        self.turns = BotTurns(self.tape, self.rules.side_names, self._draw_position, self.refresh)
        make_workbench = getattr(factory, "workbench", None)
        self.workbench: Any = make_workbench() if make_workbench is not None else None
        self.bar = GameBar(self, len(self.game.seats), seed)
        self.stored: StoredPlay | None = None
        if store is not None:
            from fortress.ui.shell.stored import StoredPlay
            self.stored = StoredPlay(self, store)
        tools = [(self.turns.widget, "Bot turns")] + ([(self.workbench.widget, "Odds workbench")]
                                                      if self.workbench is not None else [])
        self.tools = W.Accordion(children=[w for w, _t in tools], titles=tuple(t for _w, t in tools),
                                 _dom_classes=("fortress-shell-tools",))
        right = W.VBox([self.panel.widget, self.hint.widget, self.result, W.HTML("<b>Log</b>"), self.log, self.tools],
                       layout=W.Layout(width="40%", min_width="320px"))
        self.root = W.VBox([W.HTML(CSS), self.header, self.message,
                            W.HBox([W.Box([self.board.widget], layout=W.Layout(flex="1 1 auto", min_width="0")),
                                    right], layout=W.Layout(flex_flow="row wrap")),
                            *([self.stored.widget] if self.stored else []), self.bar.widget, self.tick],
                           _dom_classes=("fortress-shell", f"fortress-shell-{name}"))
        self.start(self.game, seats or {})

    # -- the game ---------------------------------------------------------------------------
    def start(self, game: Game, seats: dict[str, str], note: str = "") -> None:
        """Play ``game`` with ``seats`` (side -> "human" or a bot's name); bots move first if theirs."""
        self.game, self._viewer = game, None
        self.tape.reset()
        self.seats.seat(len(game.seats), seats, int(self.bar.seed.value))
        self.say(note)
        self.play_bots()
        self.refresh()

    def act(self, action: Action | str, side: str) -> bool:
        """Play ``action`` (or notation) for ``side``, a human seat of this page; then the bots.
        A refusal is said in words and changes nothing."""
        if side not in self.seats.humans:
            self.say(f"{self.rules.side_names.get(side, side)} is not played at this page.", refused=True)
            return False
        if self.stored is not None and self.stored.shared is not None:
            return self.stored.act(action, side)
        try:
            events = self.game.apply(action, side)
        except fortress.IllegalAction as exc:
            self.say(f"Refused: {exc}", refused=True)
            return False
        self.tape.fresh = True  # the bots' next action starts a new run of Bot turns
        self.say(public_text(events))
        said = self.message.value
        played = self.play_bots()
        if played and self.message.value == said:  # nothing went wrong: the bots' run is pointed at
            self.say(f"{public_text(events)} Then the bots played {played} action{'s' if played != 1 else ''}: "
                     "Bot turns, below the log, tells and replays them.")
        self.refresh()
        return True

    def play_bots(self) -> int:
        """Bots play while the side that decides is theirs (at most :data:`BOT_LIMIT` actions),
        recorded for the Bot turns box; returns how many they played."""
        game, played = self.game, 0
        for played in range(BOT_LIMIT):
            if game.is_over or not self.seats.is_bot(game.side):
                break
            side = game.side
            try:
                self.tape.record(game, self.seats.choose(game, side), side)
            except fortress.IllegalAction as exc:  # a bot's choice refused: the page says so, play stops
                self.say(f"The bot of {self.rules.side_names[side]} could not play: {exc}", refused=True)
                return played
        else:
            played = BOT_LIMIT
            self.say(f"The bots played {BOT_LIMIT} actions; New game or Load to go on, or seat a human.")
        if self.seats.notes:
            self.say(" ".join(self.seats.notes), refused=True)
            self.seats.notes = []
        return played

    def show_seat(self, view: Game, sides: tuple[str, ...], note: str = "", refused: bool = False) -> None:
        """Show a seat of a stored game: ``view`` is what it may see, ``sides`` the sides this
        page plays (the others are played elsewhere: other pages, the server's bots)."""
        self.game = view  # (the stored play keeps the Bot turns' run: the other seats' actions)
        self.seats.who = {s: HUMAN if s in sides else "elsewhere" for s in self.rules.sides}
        self.seats.bots = {}
        self.bar.widget.layout.display = "none"  # new game, save, load and undo are a local game's
        self.say(note, refused)
        self.refresh()

    def leave_seat(self, note: str) -> None:
        """This page no longer plays its stored seat: it shows the game no more."""
        self.seats.who = {s: "elsewhere" for s in self.rules.sides}
        self.say(note, refused=True)
        self.refresh()

    def undo(self) -> None:
        """Take back the viewer's last action of this turn, if the game allows it."""
        if self.game.undoable < 1 or not self._is_human(self.game.side):
            self.say("Nothing to undo: only your own actions of this turn that revealed no dice or cards.",
                     refused=True)
            return
        taken = self.game.undo()
        self.say(f"Took back {self.game.notation(taken)}.")
        self.refresh()

    def _is_human(self, side: str) -> bool:
        return side in self.seats.humans

    def _seats_changed(self) -> None:
        self.play_bots()
        self.refresh()

    # -- what the page shows ------------------------------------------------------------------
    @property
    def viewer(self) -> str | None:
        """The side the page shows now (None: a spectator's page, no human seat)."""
        humans, game = self.seats.humans, self.game
        acting = [s for s in humans if s in game.to_move]
        if game.side in acting:
            self._viewer = game.side
        elif acting:
            self._viewer = acting[0]
        elif self._viewer not in humans:
            self._viewer = humans[0] if humans else None
        return self._viewer

    def say(self, text: str, refused: bool = False) -> None:
        css = "ft-refused" if refused else "ft-info"
        self.message.value = f"<span class='{css}'>{html.escape(text)}</span>" if text else ""

    def refresh(self) -> None:
        """Draw everything again for the viewer."""
        game, viewer = self.game, self.viewer
        view = game.view(viewer) if viewer is not None else None
        self.header.value = self._header(viewer)
        shown = view if view is not None else game.view(self.rules.sides[0])
        self.board.show(shown)
        events = view.events if view is not None else [e for e in game.events if e.audience is None]
        self.log.value = log_html(events)
        self.result.value = self._result()
        acting = viewer if viewer is not None and viewer in game.to_move and not game.is_over else None
        waiting = "The game is over." if game.is_over else f"Waiting for {self._names(game.to_move)}."
        self.panel.show(game, acting, waiting, shown, viewer)
        self.hint.show(game, acting)
        self.turns.refresh(shown, viewer)
        if self.workbench is not None and hasattr(self.workbench, "show"):
            self.workbench.show(shown, viewer)
        self.bar.undo.disabled = game.undoable < 1 or not self._is_human(game.side)
        self.bar.drop_stale_download()
        self.tick.value = str(len(game.history))

    def _draw_position(self, position: Game) -> None:
        """Show a position of the bots' run on the board, as the page's viewer saw it then."""
        viewer = self.viewer
        self.board.show(position.view(viewer if viewer is not None else self.rules.sides[0]))
        self.tick.value = f"{len(self.game.history)}:{self.turns.slider.value}"

    def _names(self, sides: Any) -> str:
        names = [self.rules.side_names[s] for s in self.rules.sides if s in sides]
        return " and ".join(filter(None, (", ".join(names[:-1]), names[-1]))) if names else "no one"

    def _header(self, viewer: str | None) -> str:
        game = self.game
        title = html.escape(self.rules.title or self.rules.name)
        you = f" · this page plays {html.escape(self._names(self.seats.humans))}" if self.seats.humans else \
            " · all seats are bots"
        if game.is_over:
            return f"<h3>{title}</h3><div>{html.escape(game.round_label)} · game over{you}</div>"
        reminder = game.reminder()
        return (f"<h3>{title}</h3><div><b>{html.escape(game.round_label)}</b> · {html.escape(game.phase)} · "
                f"to move: <b>{html.escape(self._names(game.to_move))}</b>{you}</div>"
                + (f"<div><i>{html.escape(reminder)}</i></div>" if reminder else ""))

    def _result(self) -> str:
        """Once over: the winner, then each side's return (+1 best ... -1 worst) and score."""
        game = self.game
        if not game.is_over:
            return ""
        rules, returns, scores = self.rules, game.returns(), game.scores
        winner = rules.team_names.get(game.winner or "", game.winner or "")
        rows = "".join(f"<tr><td>{html.escape(rules.side_names[s])}</td><td>{returns[s]:+.2f}</td>"
                       + (f"<td>{scores.get(s, 0):g}</td>" if scores else "") + "</tr>"
                       for s in rules.sides if any(s in seat for seat in game.seats))
        head = "<tr><th>side</th><th>result</th>" + ("<th>score</th>" if scores else "") + "</tr>"
        return (f"<div class='ft-shell-winner'><b>Game over: {html.escape(winner)} won.</b></div>"
                f"<table>{head}{rows}</table>")


def public_text(events: list[Event]) -> str:
    """What an action did, in the words everyone may read (a sealed order: only that it is in)."""
    said = [e.text for e in events if e.audience is None and e.kind != "phase"]
    return " ".join(said[:4]) + (" ..." if len(said) > 4 else "") if said else "Done."


def log_html(events: list[Event]) -> str:
    """The latest events, newest last."""
    shown = [e for e in events if e.kind != "phase"][-LOG_LINES:]
    return "<br>".join(html.escape(e.text) for e in shown)
