"""What every phase panel shares: a box of widgets, map-click handling, action buttons."""
from __future__ import annotations

import html
from typing import TYPE_CHECKING, Any, Iterable, TypeVar, overload

import ipywidgets as W

from fortress.rulesets.america import actions as A
from fortress.ui import theme as T
from fortress.rulesets.america.dashboard import turn_flow

if TYPE_CHECKING:
    from fortress.rulesets.america.dashboard.app import App

_A = TypeVar("_A", bound=A.Action)
_B = TypeVar("_B", bound=A.Action)
_C = TypeVar("_C", bound=A.Action)


def walk(widget: W.Widget):
    yield widget
    for child in getattr(widget, "children", ()) or ():
        yield from walk(child)


def dispose(widgets, keep: set[int]) -> None:
    """Close widgets no longer shown (and their layout and style models): no leaks."""
    for top in widgets:
        for w in list(walk(top)):
            if id(w) in keep:
                continue
            for part in (getattr(w, "layout", None), getattr(w, "style", None)):
                if isinstance(part, W.Widget):
                    part.close()
            w.close()


class Panel:
    """One phase's controls. Subclasses fill :meth:`build` and may handle :meth:`click`.

    ``targets()`` are the areas where a click does something now (highlighted on the
    map); ``selected`` is the area the player picked, if any.
    """

    title = ""
    css = "fortress-panel"

    def __init__(self, app: "App") -> None:
        self.app = app
        self.selected: str | None = None
        self.box = W.VBox(layout=W.Layout(width="100%"))
        self.box.add_class("fortress-panel")
        self.box.add_class(self.css)
        self._persistent: set[int] = set()
        self._end_buttons: dict[str, W.Button] = {}

    def keep(self, widget: W.Widget) -> W.Widget:
        """Register a widget reused across refreshes (never disposed)."""
        self._persistent.update(id(w) for w in walk(widget))
        return widget

    # -- hooks --------------------------------------------------------------------------
    def build(self) -> list[W.Widget]:
        """The widgets for the current decision (called after every change)."""
        return []

    def click(self, aid: str) -> None:
        """A click on the map at area ``aid``."""
        self.app.say(f"{self.name(aid)}: nothing to do there in this phase.", refused=False)

    def targets(self) -> frozenset[str]:
        return frozenset()

    def prepare(self) -> None:
        """Settle the panel's own choices against the new game state (before drawing)."""

    def reset(self) -> None:
        self.selected = None

    # -- helpers ------------------------------------------------------------------------
    @property
    def game(self):
        return self.app.game

    @overload
    def legal(self, kind: type[_A]) -> list[_A]: ...
    @overload
    def legal(self, kind: tuple[type[_A], type[_B]]) -> list[_A | _B]: ...
    @overload
    def legal(self, kind: tuple[type[_A], type[_B], type[_C]]) -> list[_A | _B | _C]: ...
    @overload
    def legal(self, kind: None = None) -> list[A.Action]: ...

    def legal(self, kind: type | tuple[type, ...] | None = None) -> list[Any]:
        """The legal actions, only those of the class (or classes) ``kind`` if given."""
        acts = self.game.legal_actions()
        return [a for a in acts if kind is None or isinstance(a, kind)]

    def name(self, aid: str | None) -> str:
        return self.game.board[aid].name if aid else "nowhere"

    def ref(self, aid: str | None) -> str:
        """The territory's name for the panel's HTML: pointing at it lights it on the map."""
        return T.area_ref(aid, html.escape(self.name(aid))) if aid else "nowhere"

    def refresh(self) -> None:
        if not hasattr(self, "_head"):
            self._head = [W.HTML(f"<b>{self.title}</b>")] if self.title else []
        old = self.box.children
        self.box.children = self._head + self.build()
        dispose(old, keep=set(map(id, walk(self.box))) | self._persistent)

    def button(self, label: str, action: A.Action, css: str = "fortress-action", style: str = "") -> W.Button:
        b = W.Button(description=label, tooltip=self.game.notation(action), button_style=style,
                     layout=W.Layout(width="auto", max_width="100%"))
        b.add_class(css)
        for aid in {getattr(action, f, None) for f in ("area", "src", "dst")} - {None}:
            b.add_class(f"ft-at-{aid}")  # pointing at the button lights the territory (theme.area_css)
        b.on_click(lambda _b: self.app.act(action))
        return b

    def end_button(self, label: str = "End phase") -> W.Widget:
        """The button that ends the step, named for where it leads ("End turn" when the turn
        ends: :func:`fortress.rulesets.america.dashboard.turn_flow.end_label`), or, while 'end' is refused, why (say a
        place over the 5-unit limit in Maneuvers)."""
        if A.End() not in self.game.legal_actions():
            note = W.HTML(html.escape(self.game.explain(A.End()) or ""))
            note.add_class("fortress-why")
            return note
        label = turn_flow.end_label(self.game, label)  # "End turn (West next)" when it ends the turn
        if label not in self._end_buttons:
            self._end_buttons[label] = self.keep(self.button(label, A.End(), "fortress-end", "warning"))
        return self._end_buttons[label]

    def buttons(self, items: Iterable[tuple[str, A.Action]], css: str = "fortress-action") -> W.Widget:
        return W.Box([self.button(label, act, css) for label, act in items],
                     layout=W.Layout(flex_flow="row wrap"))

    def try_action(self, action: A.Action) -> bool:
        """Apply ``action`` if legal, else show why not (``game.explain``)."""
        return self.app.act(action)
