"""Setup: pick a unit type, click a city (U.S.) or one of your zones (Invaders)."""
from __future__ import annotations

import random

import ipywidgets as W

from fortress.rulesets.america import actions as A
from fortress.ui import theme as T
from fortress.rulesets.america.dashboard.panels.base import Panel


class SetupPanel(Panel):
    title = "Setup: place your starting units"
    css = "fortress-panel-setup"

    def __init__(self, app) -> None:
        super().__init__(app)
        self.unit: str | None = None

    def _kinds(self) -> list[str]:
        return sorted({a.unit for a in self.legal(A.Place)})

    def targets(self) -> frozenset[str]:
        return frozenset(a.area for a in self.legal(A.Place) if a.unit == self._unit())

    def _unit(self) -> str | None:
        kinds = self._kinds()
        if self.unit not in kinds:
            self.unit = kinds[0] if kinds else None
        return self.unit

    def build(self) -> list[W.Widget]:
        left = self.game.state.to_place
        where = "a city (2 units in each)" if self.game.side == "us" else "one of your invasion zones (5 at most)"
        kinds = self._kinds()
        if not kinds:
            return [W.HTML("Nothing left to place.")]
        pick = W.ToggleButtons(options=[(f"{k} ({left.get(k, 0)})", k) for k in kinds], value=self._unit())
        pick.add_class("fortress-unit-choice")
        pick.observe(self._on_pick, "value")
        rest = W.Button(description="Place the rest at random", layout=W.Layout(width="auto"))
        rest.add_class("fortress-setup-rest")
        rest.on_click(lambda _b: self._place_rest())
        return [W.HTML(f"{T.side_chip(self.game.side)} chooses a unit type, then clicks {where}."), pick, rest]

    def _on_pick(self, change) -> None:
        self.unit = change["new"]
        self.app.refresh(panel_only=True)

    def click(self, aid: str) -> None:
        unit = self._unit()
        if unit:
            self.try_action(A.Place(unit, aid))

    def _place_rest(self) -> None:
        """Finish this side's placement with random legal choices (seeded by the game)."""
        rng = random.Random(self.game.state.seed * 7919 + len(self.game.history))
        side = self.game.side
        actions = []
        while self.game.phase == "setup" and self.game.side == side:
            options = self.legal(A.Place)
            if not options:
                break
            action = rng.choice(options)
            self.game.apply(action)
            actions.append(action)
        self.app.after_external(f"{T.side_label(side)}: {len(actions)} units placed at random.", side)
