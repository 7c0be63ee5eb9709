"""The "Bot turns" tab: what the bots did since your last turn, in words and move by move.

A paragraph per bot turn (:func:`fortress.rulesets.america.dashboard.follow.summarize_turn`), Back / Next / Play
(at a chosen speed) over the positions the bots' moves passed through, the map showing
each with arrows for its moves (one ``Polyline`` layer for moves, one for attacks,
updated in place), and the move list grouped by side's turn and phase. The widgets are
made once and updated; the last position is the game as it is now.
"""
from __future__ import annotations

import html
import math
from typing import TYPE_CHECKING, Any

import ipyleaflet as L
import ipywidgets as W

from fortress.rulesets.america.dashboard import info
from fortress.ui import theme as T
from fortress.ui.area_layers import OVERLAYS
from fortress.ui.board_map import MapView
from fortress.rulesets.america.dashboard.follow import Step, Tape, move_list, summarize_turn

if TYPE_CHECKING:
    from fortress.rulesets.america.dashboard.app import App

NONE_YET = ("<i>No bot moves yet. After <b>Play to my turn</b> (or <b>Bot: step</b>) the bots' turns are "
            "told here, and you can step through them.</i>")
SPEEDS = (("slow (1.5 s)", 1500), ("normal (0.8 s)", 800), ("fast (0.3 s)", 300))
MOVE_COLOUR, ATTACK_COLOUR = "#1d2733", "#b3261e"
CSS = """<style>
.fortress-follow-moves { max-height: 300px; overflow-y: auto; font-size: 12px; border: 1px solid #ccc;
    background: #fafafa; padding: 2px 4px; }
.fortress-follow-moves .grp { margin: 2px 0; }
.fortress-follow-moves .mv { display: inline-block; margin: 0 6px 0 0; }
.fortress-follow-moves .mv.now { background: #fff3bf; outline: 1px solid #7a6a00; }
.fortress-follow-summary { max-height: 220px; overflow-y: auto; }
.fortress-follow-summary p { margin: 3px 0; }
</style>"""


def arrow(src: tuple[float, float], dst: tuple[float, float], head: float = 0.45) -> list[list[tuple[float, float]]]:
    """A line from ``src`` to ``dst`` ((lat, lon)), stopped short of the label, with an arrowhead:
    three polylines for a multi-polyline layer."""
    k = math.cos(math.radians((src[0] + dst[0]) / 2)) or 1.0
    x0, y0, x1, y1 = src[1] * k, src[0], dst[1] * k, dst[0]
    dx, dy = x1 - x0, y1 - y0
    length = math.hypot(dx, dy) or 1.0
    x1, y1 = x0 + dx * 0.85, y0 + dy * 0.85  # the tip short of the destination's label
    size = min(head, length * 0.35)
    ends = []
    for turn in (2.6, -2.6):  # radians: the two barbs, swept back from the line
        a = math.atan2(dy, dx) + turn
        ends.append((y1 + size * math.sin(a), (x1 + size * math.cos(a)) / k))
    tip = (y1, x1 / k)
    return [[src, tip], [ends[0], tip], [tip, ends[1]]]


def arrows(step: Step | None, labels: dict[str, tuple[float, float]]) -> tuple[list, list]:
    """The (moves, attacks) multi-polylines of ``step``'s events: a unit sent into a battle
    is an attack, any other move a move."""
    moves: list = []
    attacks: list = []
    for e in step.events if step else ():
        if e.kind in ("move", "commit") and len(e.areas) == 2 and all(a in labels for a in e.areas):
            (attacks if e.kind == "commit" else moves).extend(arrow(labels[e.areas[0]], labels[e.areas[1]]))
    return moves, attacks


class FollowPanel:
    """The tab's widgets, over ``tape`` (which the app fills as the bots move)."""

    def __init__(self, app: "App") -> None:
        self.app = app
        self.tape = Tape()
        self._view: Any = None  # a copy of the game showing a recorded position
        self._quiet = False
        self._drawn: tuple[int, int] = (0, -1)  # the tape the texts were written for
        self.summary = W.HTML(NONE_YET, _dom_classes=("fortress-follow-summary",))
        self.box = W.VBox([self.summary])  # the controls come with the first bot move (a light first paint)
        self.box.add_class("fortress-follow")
        self.layers: tuple[L.Polyline, ...] = ()  # added to the map when first needed
        self.built = False

    def _build(self) -> None:
        """The stepping controls, made once."""
        self.caption = self._html("fortress-follow-caption")
        self.moves = self._html("fortress-follow-moves")
        self.slider = W.IntSlider(value=0, min=0, max=0, description="position", continuous_update=False,
                                  layout=W.Layout(width="95%"))
        self.slider.add_class("fortress-follow-slider")
        self.back = self._button("\u25c0 Back", "fortress-follow-back", lambda: self.go(self.slider.value - 1))
        self.next = self._button("Next \u25b6", "fortress-follow-next", lambda: self.go(self.slider.value + 1))
        self.live = self._button("The game now", "fortress-follow-live", self.to_live)
        self.play = W.Play(value=0, min=0, max=0, step=1, interval=800, layout=W.Layout(width="auto"))
        self.play.add_class("fortress-follow-play")
        W.jslink((self.play, "value"), (self.slider, "value"))
        self.speed = W.Dropdown(options=SPEEDS, value=800, description="speed", layout=W.Layout(width="190px"))
        self.speed.add_class("fortress-follow-speed")
        self.speed.observe(lambda c: setattr(self.play, "interval", c["new"]), "value")
        self.slider.observe(self._moved, "value")
        bar = W.HBox([self.back, self.play, self.next, self.live, self.speed], layout=W.Layout(flex_flow="row wrap"))
        self.box.children = [W.HTML(CSS), bar, self.slider, self.caption, self.summary, self.moves]
        self.built = True

    @staticmethod
    def _html(css: str) -> W.HTML:
        return W.HTML("", _dom_classes=(css,))

    @staticmethod
    def _button(label: str, css: str, handler) -> W.Button:
        b = W.Button(description=label, layout=W.Layout(width="auto"), _dom_classes=(css,))
        b.on_click(lambda _b: handler())
        return b

    # -- recording (the app calls these around each bot move) -------------------------------
    def record(self, before, game, action, reason: str, events, before_state) -> None:
        first = self.tape.steps[0] if self.tape.steps else None
        self.tape.record(before, game, action, reason, events, before_state)
        if self.tape.steps[0] is not first:
            self._view = None  # a new run: a new view copy

    def clear(self) -> None:
        self.tape.clear()
        self._view = None
        self.refresh()

    @property
    def watching(self) -> bool:
        """A recorded position is on the map (not the game as it is now)."""
        return self.built and self.slider.value < self.slider.max

    # -- stepping ------------------------------------------------------------------------------
    def go(self, position: int) -> None:
        if not self.built:
            return
        self.slider.value = max(0, min(position, self.slider.max))

    def to_live(self) -> None:
        if not self.built:
            return
        self.play.playing = False
        self.go(self.slider.max)

    def _moved(self, change: dict[str, Any]) -> None:
        if self._quiet:
            return
        if change["new"] >= self.slider.max:
            self._draw_arrows(None)
            self.app.refresh()  # the game as it is now
        else:
            self.show(change["new"])
        self._texts()
        self.app.bump()  # the end of the kernel's answer (a sync point for the browser tests)

    def show(self, position: int) -> None:
        """Draw the position after ``position`` recorded moves (0: before the first), its
        move's areas outlined and its moves drawn as arrows."""
        g = self.app.game
        if self._view is None:
            self._view = g.copy()
        self._view.state = self.tape.states[position]
        step = self.tape.steps[position - 1] if position else None
        recent = frozenset(a for e in step.events for a in e.areas) if step else frozenset()
        battle = b.area if (b := self._view.battle) else None
        self.app.board_map.update(self._view, MapView(recent=recent, battle=battle))
        self._draw_arrows(step)

    def _draw_arrows(self, step: Step | None) -> None:
        board = self.app.game.board
        moves, attacks = arrows(step, {a.id: (a.label[0], a.label[1]) for a in board})
        if not self.layers:
            if not (moves or attacks):
                return
            self.layers = tuple(L.Polyline(locations=[], color=c, weight=3, opacity=0.9, fill=False,
                                           dash_array=d, pointer_events="none", name=n, pane=OVERLAYS)
                                for c, d, n in ((MOVE_COLOUR, None, "bot moves"),
                                                (ATTACK_COLOUR, "6 4", "bot attacks")))
            for layer in self.layers:
                self.app.board_map.map.add(layer)
        for layer, lines in zip(self.layers, (moves, attacks)):
            if layer.locations != lines:
                layer.locations = lines

    # -- text --------------------------------------------------------------------------------------
    def refresh(self) -> None:
        """The game moved on (or the tape grew): the slider ends at the game as it is now."""
        n = len(self.tape.steps)
        if not self.built:
            if not n:
                self.summary.value = NONE_YET
                return
            self._build()
        back = self.slider.value != n  # a recorded position was shown: the texts say "now" again
        self._quiet = True
        try:
            self.play.playing = False
            self.slider.max = self.play.max = n
            self.slider.value = self.play.value = n
        finally:
            self._quiet = False
        if self.layers:
            self._draw_arrows(None)
        key = (id(self.tape.steps[0]) if n else 0, n)
        if key != self._drawn:  # the texts change with the tape or the position only, not at every redraw
            self._drawn = key
            self.summary.value = self._summary_html()
            self._texts()
        elif back:
            self._texts()

    def _summary_html(self) -> str:
        names = {a.id: a.name for a in self.app.game.board}
        paras = [f"<p>{T.side_chip(turn[0].side)} <b>Round {turn[0].round}</b>: "
                 f"{html.escape(summarize_turn(turn, names, self.tape.cities_before(turn)))}</p>"
                 for turn in self.tape.turns() if self.app.bots.is_bot(turn[0].side)]
        return "".join(paras) or NONE_YET

    def _texts(self) -> None:
        n, i = len(self.tape.steps), self.slider.value
        for b in (self.back, self.next, self.live):
            b.disabled = not n
        self.back.disabled = not n or i == 0
        self.next.disabled = self.live.disabled = i >= n
        if not n:
            self.caption.value = self.moves.value = ""
            return
        if i >= n:
            self.caption.value = f"<b>The game now</b>, after the bots' {n} move{'s' if n != 1 else ''}."
        elif i == 0:
            self.caption.value = "<b>Before the bots' first move.</b> Press Next or Play."
        else:
            s = self.tape.steps[i - 1]
            said = " ".join(e.text for e in s.events if e.kind not in ("phase", "turn"))
            why = "" if s.reason == s.text else s.reason.removeprefix(s.text + ": ")
            self.caption.value = (f"<b>Move {i} of {n}</b>: {T.side_chip(s.side)} {html.escape(s.text)}"
                                  f"<br><small>{html.escape(said)}</small>"
                                  + (f"<br><i>Why: {html.escape(why)}</i>" if why else ""))
        self.moves.value = self._moves_html(i)

    def _moves_html(self, now: int) -> str:
        rows = []
        for grp in move_list(self.tape.steps):
            cells = "".join(f"<span class='mv{' now' if i == now else ''}' title='{html.escape(s.reason)}'>"
                            f"{i}.&nbsp;{html.escape(s.text)}</span>" for i, s in grp.steps)
            rows.append(f"<div class='grp'>{T.side_chip(grp.side)} <b>R{grp.round} "
                        f"{html.escape(info.PHASE_NAMES.get(grp.phase, grp.phase))}</b>: {cells}</div>")
        return "".join(rows)
