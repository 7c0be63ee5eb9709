"""The map's own controls (top right): "Names" prints every territory's name on the map,
"Projector" makes counters and text twice as large, "Fit board" shows the whole board again
after a zoom or a pan by hand, and the box under them names the
territory under the pointer, beside the pointer where the page's script places it (a map you can
read from the back of the room)."""
from __future__ import annotations

import html
from typing import TYPE_CHECKING

import ipyleaflet as L
import ipywidgets as W

from fortress.ui import theme as T

if TYPE_CHECKING:
    from fortress.rulesets.america.dashboard.app import App

PROJECTOR_CLASS = "fortress-projector"


def describe(game, aid: str) -> str:
    """One territory in a line: name, what it is, who holds it, the units there."""
    area = game.board[aid]
    kind = "invasion zone" if area.is_zone else ("city" if area.is_city else "territory")
    kind += ", mountain" if area.is_mountain else ""
    holder = game.controller(aid)
    held = f"held by {T.side_label(holder)}" if holder else "held by nobody"
    units = game.units_in(aid)
    forces = [f"{T.side_chip(side)} {T.unit_summary({k: n for (s, k), n in units.items() if s == side})}"
              for side in T.SIDE_COLOURS if any(s == side for s, _k in units)]
    return (f"<b>{html.escape(area.name)}</b> <small>({kind}, {held})</small>"
            + (f"<br>{' '.join(forces)}" if forces else ""))


class MapTools:
    """The toggles and the hover box, in one control on the map."""

    def __init__(self, app: "App") -> None:
        self.app = app
        self.names = self._toggle("Names", "fortress-names-toggle", "print every territory's name on the map")
        self.projector = self._toggle("Projector", "fortress-projector-toggle",
                                      "counters and text twice as large, for a classroom projector")
        self.names.observe(self._on_names, "value")
        self.projector.observe(self._on_projector, "value")
        self.fit = W.Button(description="Fit board", tooltip="show the whole board again, as large as it fits",
                            layout=W.Layout(width="auto"), _dom_classes=("fortress-fit",))
        self.fit.on_click(self._on_fit)
        self.hover = W.HTML("", _dom_classes=("fortress-hover",))
        self.box = W.VBox([W.HBox([self.names, self.projector, self.fit]), self.hover],
                          _dom_classes=("fortress-map-tools",))
        self.control = L.WidgetControl(widget=self.box, position="topright")

    @staticmethod
    def _toggle(label: str, css: str, tip: str) -> W.ToggleButton:
        return W.ToggleButton(value=False, description=label, tooltip=tip, layout=W.Layout(width="auto"),
                              _dom_classes=(css,))

    def _on_fit(self, _button) -> None:
        self.app.board_map.fit_board()

    def _on_names(self, change) -> None:
        self.app.board_map.set_options(names=change["new"])

    def _on_projector(self, change) -> None:
        root = self.app.root
        (root.add_class if change["new"] else root.remove_class)(PROJECTOR_CLASS)
        self.app.board_map.set_options(projector=change["new"])

    def hovered(self, aid: str | None) -> None:
        """The pointer entered territory ``aid`` (None: left the map's territories)."""
        self.hover.value = describe(self.app.game, aid) if aid else ""
