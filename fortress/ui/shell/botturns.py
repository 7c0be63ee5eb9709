"""Bot turns told and replayed: what the bots did since this page's human last played.

:class:`Tape` records the bots' latest run of actions as the shell plays them (each with the
events it caused, who played it, the round and step) and the game as it stood before the run (a
copy). A run ends when a human of the page acts: the next bot action starts a new one. Any
position of the run is the copy with the run's first actions applied again (the same dice: the
copy carries the game's generator), so no position is stored.

:class:`BotTurns` tells the run in words to the page's viewer, from the viewer's view only: an
action's notation as the viewer's view of the game holds it (another side's sealed order not yet
revealed stays "a sealed order"), the events that side may see (a spectator's page: those everyone
sees). A paragraph per bot turn (a side in a round); Back, Next, Play at a chosen speed and "The
game now" over the positions, the board showing each as the viewer would have seen it then; the
present action said with its events; the actions listed by turn and step. The widgets are made
once and updated. The bots' own reasons are not told: a bot reasons from what its seat saw.
"""
from __future__ import annotations

import html
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from typing import Any

import ipywidgets as W

from fortress.engine.actions import Action
from fortress.engine.events import Event
from fortress.engine.flow import Sealed
from fortress.engine.game import Game

MAX_STEPS = 2000  #: bot actions a run keeps at most (the oldest go: the copy before the run moves on)
SPEEDS = (("slow (1.5 s)", 1500), ("normal (0.8 s)", 800), ("fast (0.3 s)", 300))
NONE_YET = "<i>No bot has played since this page's last action.</i>"
CSS = """<style>
.fortress-shell-turns-summary, .fortress-shell-turns-moves { max-height: 240px; overflow-y: auto; font-size: 0.9em; }
.fortress-shell-turns-summary p { margin: 3px 0; }
.fortress-shell-turns-moves .mv { display: inline-block; margin: 0 6px 0 0; }
.fortress-shell-turns-moves .mv.now { background: #fff3bf; outline: 1px solid #7a6a00; }
</style>"""


@dataclass(frozen=True)
class Step:
    """One bot action: its place in the game's history, who played it, when, what it caused."""

    ply: int
    side: str
    round_label: str
    phase: str
    events: tuple[Event, ...]


@dataclass
class Tape:
    """The bots' latest run of actions and the game as it stood before it (see the module)."""

    start: Game | None = None
    steps: list[Step] = field(default_factory=list)
    actions: list[tuple[Action, str]] = field(default_factory=list)
    fresh: bool = True  #: the next bot action starts a new run (a human of the page acted)
    _cursor: tuple[Game | None, int] = (None, 0)  # a position made last, and how many steps it holds

    def reset(self) -> None:
        """Forget the run (another game)."""
        self.start, self.steps, self.actions, self.fresh, self._cursor = None, [], [], True, (None, 0)

    def record(self, game: Game, action: Action, side: str) -> list[Event]:
        """Play the bot's ``action`` for ``side`` in ``game`` and record it; returns its events
        (:class:`fortress.IllegalAction` if refused: nothing is recorded)."""
        before = game.copy() if self.fresh else None
        ply, label, phase = len(game.history), game.round_label, game.phase
        events = game.apply(action, side)
        if before is not None:
            self.reset()
            self.start, self.fresh = before, False
        self.steps.append(Step(ply, side, label, phase, tuple(events)))
        self.actions.append((action, side))
        if len(self.steps) > MAX_STEPS and self.start is not None:
            self.start.apply(*self.actions[0])
            del self.steps[0], self.actions[0]
            self._cursor = (None, 0)
        return events

    def position(self, k: int) -> Game:
        """The game after the run's first ``k`` actions (0: before the run)."""
        assert self.start is not None
        made, at = self._cursor
        if made is None or at > k:
            made, at = self.start.copy(), 0
        for action, side in self.actions[at:k]:
            made.apply(action, side)
        self._cursor = (made, k)
        return made

    def turns(self) -> list[list[tuple[int, Step]]]:
        """The steps (numbered from 1) cut into bot turns: a side in a round, in order."""
        out: list[list[tuple[int, Step]]] = []
        for i, step in enumerate(self.steps, 1):
            if not out or (out[-1][0][1].round_label, out[-1][0][1].side) != (step.round_label, step.side):
                out.append([])
            out[-1].append((i, step))
        return out


def seen(events: Iterable[Event], viewer: str | None) -> list[str]:
    """The texts of ``events`` the viewer may see (None: a spectator, the public ones), steps' starts left out."""
    return [e.text for e in events if e.kind != "phase" and (e.seen_by(viewer) if viewer else e.audience is None)]


def said(view: Game, step: Step) -> str:
    """The step's action as the viewer's view writes it (another's sealed order: not what it is)."""
    action = view.history[step.ply] if step.ply < len(view.history) else None
    if action is None or isinstance(action, Sealed):
        return "a sealed order"
    return view.notation(action)


class BotTurns:
    """The page's Bot turns box over ``tape``: ``draw(game)`` shows a position of the run on the
    page's board (as the page's viewer sees it), ``live()`` the game as it is now."""

    def __init__(self, tape: Tape, names: dict[str, str], draw: Callable[[Game], None],
                 live: Callable[[], None]) -> None:
        self.tape, self.names, self.draw, self.live = tape, names, draw, live
        self.viewer: str | None = None
        self._view: Game | None = None  # the viewer's view of the game now: what the texts say
        self._quiet = False
        self.summary = W.HTML(NONE_YET, _dom_classes=("fortress-shell-turns-summary",))
        self.caption = W.HTML(_dom_classes=("fortress-shell-turns-caption",))
        self.moves = W.HTML(_dom_classes=("fortress-shell-turns-moves",))
        self.slider = W.IntSlider(value=0, min=0, max=0, description="position", continuous_update=False,
                                  layout=W.Layout(width="95%"), _dom_classes=("fortress-shell-turns-slider",))
        self.back = self._button("\u25c0 Back", "back", lambda: self.go(self.slider.value - 1))
        self.next = self._button("Next \u25b6", "next", lambda: self.go(self.slider.value + 1))
        self.now = self._button("The game now", "now", self.to_live)
        self.play = W.Play(value=0, min=0, max=0, step=1, interval=800, layout=W.Layout(width="auto"),
                           _dom_classes=("fortress-shell-turns-play",))
        W.jslink((self.play, "value"), (self.slider, "value"))
        self.speed = W.Dropdown(options=SPEEDS, value=800, description="speed", layout=W.Layout(width="190px"),
                                _dom_classes=("fortress-shell-turns-speed",))
        self.speed.observe(lambda c: setattr(self.play, "interval", c["new"]), "value")
        self.slider.observe(self._moved, "value")
        self.controls = W.VBox([W.HBox([self.back, self.play, self.next, self.now, self.speed],
                                       layout=W.Layout(flex_flow="row wrap")), self.slider, self.caption])
        self.widget = W.VBox([W.HTML(CSS), self.controls, self.summary, self.moves],
                             _dom_classes=("fortress-shell-turns",))

    @staticmethod
    def _button(label: str, css: str, handler: Callable[[], None]) -> W.Button:
        b = W.Button(description=label, layout=W.Layout(width="auto"), _dom_classes=(f"fortress-shell-turns-{css}",))
        b.on_click(lambda _b: handler())
        return b

    @property
    def watching(self) -> bool:
        """An earlier position is on the board, not the game as it is now."""
        return bool(self.slider.value < self.slider.max)

    # -- stepping --------------------------------------------------------------------------------
    def go(self, position: int) -> None:
        self.slider.value = max(0, min(position, self.slider.max))

    def to_live(self) -> None:
        self.play.playing = False
        self.go(self.slider.max)

    def _moved(self, change: dict[str, Any]) -> None:
        if self._quiet:
            return
        if change["new"] >= self.slider.max:
            self.live()  # the game as it is now (the shell redraws, and this box with it)
            return
        self.draw(self.tape.position(change["new"]))
        self._texts()

    # -- text ----------------------------------------------------------------------------------
    def refresh(self, view: Game, viewer: str | None) -> None:
        """The game moved on (``view``: the viewer's view of it now): the slider ends at the game now."""
        self._view, self.viewer = view, viewer
        n = len(self.tape.steps)
        self._quiet = True
        try:
            self.play.playing = False
            self.slider.max = self.play.max = n
            self.slider.value = self.play.value = n
        finally:
            self._quiet = False
        self.controls.layout.display = "" if n else "none"
        self.summary.value = self._summary() if n else NONE_YET
        self._texts()

    def _who(self, side: str) -> str:
        return html.escape(self.names.get(side, side))

    def _summary(self) -> str:
        """A paragraph per bot turn: what the viewer may see of each of its actions."""
        assert self._view is not None
        paras = []
        for turn in self.tape.turns():
            step = turn[0][1]
            told = " ".join(html.escape(t) for _i, s in turn for t in seen(s.events, self.viewer))
            paras.append(f"<p><b>{self._who(step.side)}</b>, {html.escape(step.round_label)} "
                         f"({len(turn)} action{'s' if len(turn) != 1 else ''}): {told or 'nothing it may show you.'}</p>")
        return "".join(paras)

    def _texts(self) -> None:
        n, i = len(self.tape.steps), self.slider.value
        self.back.disabled = not n or i == 0
        self.next.disabled = self.now.disabled = i >= n
        if not n or self._view is None:
            self.caption.value = self.moves.value = ""
            return
        if i >= n:
            self.caption.value = (f"<b>The game now</b>, after the bots' {n} action{'s' if n != 1 else ''}; "
                                  f"the last: {self._step(n)}")
        elif i == 0:
            self.caption.value = "<b>Before the bots' first action.</b> Press Next or Play."
        else:
            self.caption.value = self._step(i)
        self.moves.value = self._moves(i)

    def _step(self, i: int) -> str:
        """Action ``i`` of the run in words: who, when, the action, what the viewer saw it do."""
        assert self._view is not None
        step, n = self.tape.steps[i - 1], len(self.tape.steps)
        told = " ".join(seen(step.events, self.viewer))
        return (f"<b>Action {i} of {n}</b>: {self._who(step.side)}, {html.escape(step.round_label)} "
                f"({html.escape(step.phase)}): <b>{html.escape(said(self._view, step))}</b>"
                f"<br><small>{html.escape(told)}</small>")

    def _moves(self, now: int) -> str:
        """The actions by bot turn and step, the present one marked."""
        assert self._view is not None
        rows = []
        for turn in self.tape.turns():
            cells = "".join(f"<span class='mv{' now' if i == now else ''}'>{i}.&nbsp;"
                            f"{html.escape(said(self._view, s))}</span>" for i, s in turn)
            step = turn[0][1]
            rows.append(f"<div><b>{self._who(step.side)}</b> {html.escape(step.round_label)}: {cells}</div>")
        return "".join(rows)
