"""What every phase panel shares: a box of widgets, map-click handling, action buttons."""
from __future__ import annotations

from typing import TYPE_CHECKING, Iterable

import ipywidgets as W

from fortress import actions as A

if TYPE_CHECKING:
    from fortress.ui.app import App


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

    # -- hooks --------------------------------------------------------------------------
    def build(self) -> list[W.Widget]:
        """The widgets for the current decision (called after every change)."""
        return []

    def click(self, aid: str) -> None:
        """A click on the map at area ``aid``."""
        self.app.say(f"{self.name(aid)}: nothing to do there in this phase.", refused=False)

    def targets(self) -> frozenset[str]:
        return frozenset()

    def reset(self) -> None:
        self.selected = None

    # -- helpers ------------------------------------------------------------------------
    @property
    def game(self):
        return self.app.game

    def legal(self, kind: type | tuple[type, ...] | None = None) -> list[A.Action]:
        acts = self.game.legal_actions()
        return [a for a in acts if kind is None or isinstance(a, kind)]

    def name(self, aid: str | None) -> str:
        return self.game.board[aid].name if aid else "nowhere"

    def refresh(self) -> None:
        head = [W.HTML(f"<b>{self.title}</b>")] if self.title else []
        self.box.children = head + self.build()

    def button(self, label: str, action: A.Action, css: str = "fortress-action", style: str = "") -> W.Button:
        b = W.Button(description=label, tooltip=str(action), button_style=style,
                     layout=W.Layout(width="auto", max_width="100%"))
        b.add_class(css)
        b.on_click(lambda _b: self.app.act(action))
        return b

    def end_button(self, label: str = "End phase") -> W.Widget:
        if A.End() not in self.game.legal_actions():
            return W.HTML("")
        return self.button(label, A.End(), "fortress-end", "warning")

    def buttons(self, items: Iterable[tuple[str, A.Action]], css: str = "fortress-action") -> W.Widget:
        return W.Box([self.button(label, act, css) for label, act in items],
                     layout=W.Layout(flex_flow="row wrap"))

    def try_action(self, action: A.Action) -> bool:
        """Apply ``action`` if legal, else show why not (``game.explain``)."""
        return self.app.act(action)
