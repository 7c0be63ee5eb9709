"""The navigate panel [Navigate]."""
from __future__ import annotations

import html
from typing import Any

import ipywidgets as W

from fortress.engine.actions import End
from fortress.rulesets.attack.actions import Embark, Sail
from fortress.rulesets.attack.panels.common import Play, discard, menu
from fortress.rulesets.attack.world import place_name


class NavigatePanel:
    """The Navigate step, no battle under way: a row per ship that may sail (where it is, the
    places one step away, Sail), the army units that may embark, and the end of the action."""

    def __init__(self, play: Play) -> None:
        self.play = play
        self.ships = W.VBox(_dom_classes=("ft-attack-ships",))
        self.embark, self.boarding = menu(play, "embark", "Embark", "embark", width="100%")
        self.done = W.Button(description="End the Navigate (battles follow)", _dom_classes=("ft-attack-navigate-end",))
        self.done.on_click(lambda _b: self.play(End()))
        self.widget = W.VBox([W.HTML("<b>Navigate</b>: each ship one step; army units board empty ships."),
                              self.ships, W.HBox([self.embark, self.boarding]), self.done],
                             _dom_classes=("ft-attack-navigate",))

    def show(self, view: Any, side: str | None) -> bool:
        if side is None or view.state.fight:
            return False  # a battle under way: its decisions are the generic panel's
        legal = view.legal_actions(side)
        sails: dict[tuple[str, str], list[Sail]] = {}
        for a in legal:
            if isinstance(a, Sail):
                sails.setdefault((a.ship, a.origin), []).append(a)
        discard(self.ships.children)
        self.ships.children = [self._row(ship, origin, found) for (ship, origin), found in sails.items()]
        boards = [a for a in legal if isinstance(a, Embark)]
        self.embark.options = [(f"{a.kind} from {place_name(a.region)} onto the {a.ship} at {place_name(a.place)}", a)
                               for a in boards]
        self.embark.value = boards[0] if boards else None
        self.boarding.disabled = not boards
        return True

    def _row(self, ship: str, origin: str, sails: list[Sail]) -> W.HBox:
        where = W.Dropdown(options=[(place_name(a.dest), a) for a in sails], value=sails[0],
                           layout=W.Layout(width="200px"), _dom_classes=("ft-attack-sail-to",))
        go = W.Button(description="Sail", layout=W.Layout(width="70px"), _dom_classes=("ft-attack-sail",))
        go.on_click(lambda _b: self.play(where.value))
        label = W.HTML(f"{html.escape(ship.replace('/', ' carrying '))} at {html.escape(place_name(origin))}",
                       layout=W.Layout(width="220px"))
        return W.HBox([label, where, go])


