"""Maneuvers: click a territory with your units, pick type and count, click the destination.

Transport (a mobile unit carrying one infantry or partisan), bombing and scouting are
offered whenever the engine lists them among the legal moves.
"""
from __future__ import annotations

import ipywidgets as W

from fortress import actions as A
from fortress.ui.panels.base import Panel

class ManeuverPanel(Panel):
    title = "Maneuvers"
    css = "fortress-panel-maneuver"

    def __init__(self, app) -> None:
        super().__init__(app)
        self.unit: str | None = None
        self.count = 1
        self.passenger: str | None = None

    def reset(self) -> None:
        self.selected, self.unit, self.count, self.passenger = None, None, 1, None

    # -- what is possible ------------------------------------------------------------------
    def moves(self) -> list[A.Move]:
        return self.legal(A.Move)

    def sources(self) -> frozenset[str]:
        return frozenset(m.src for m in self.moves())

    def _from_here(self) -> list[A.Move]:
        return [m for m in self.moves() if m.src == self.selected]

    def _matching(self) -> list[A.Move]:
        return [m for m in self._from_here() if m.unit == self.unit and m.count == self.count
                and m.passenger == self.passenger]

    def targets(self) -> frozenset[str]:
        if self.selected is None:
            return self.sources()
        return frozenset(m.dst for m in self._matching())

    def _fix_choice(self) -> None:
        here = self._from_here()
        kinds = sorted({m.unit for m in here})
        if not kinds:
            self.reset()
            return
        if self.unit not in kinds:
            self.unit, self.count, self.passenger = kinds[0], 1, None
        counts = {m.count for m in here if m.unit == self.unit and m.passenger is None}
        if self.passenger is None and self.count not in counts:
            self.count = max(counts) if counts else 1
        if self.passenger and not any(m.passenger == self.passenger for m in here if m.unit == self.unit):
            self.passenger = None

    # -- widgets -----------------------------------------------------------------------------
    def build(self) -> list[W.Widget]:
        if self.selected is None:
            return [W.HTML("Click one of your territories with units that can still move (green outline)."),
                    self.end_button("End maneuvers")]
        self._fix_choice()
        if self.selected is None:
            return self.build()
        here = self._from_here()
        kinds = sorted({m.unit for m in here})
        unit = W.ToggleButtons(options=kinds, value=self.unit)
        unit.add_class("fortress-unit-choice")
        unit.observe(self._on_unit, "value")
        counts = sorted({m.count for m in here if m.unit == self.unit and m.passenger is None})
        count = W.Dropdown(options=counts, value=self.count if self.count in counts else counts[-1],
                           description="how many", layout=W.Layout(width="160px"))
        count.add_class("fortress-count")
        count.observe(self._on_count, "value")
        out = [W.HTML(f"From <b>{self.name(self.selected)}</b>: choose units, then click a destination "
                      "(green outline)."), unit, count]
        riders = sorted({m.passenger for m in here if m.unit == self.unit and m.passenger})
        if riders:
            carry = W.Dropdown(options=[("nobody", None)] + [(r, r) for r in riders], value=self.passenger,
                               description="carry", layout=W.Layout(width="200px"))
            carry.add_class("fortress-carry")
            carry.observe(self._on_carry, "value")
            out.append(carry)
        kinds_of = self._kinds_of_move()
        if kinds_of:
            out.append(W.HTML("<small>" + "; ".join(kinds_of) + "</small>"))
        cancel = W.Button(description="Cancel", layout=W.Layout(width="auto"))
        cancel.add_class("fortress-cancel")
        cancel.on_click(lambda _b: self._cancel())
        out.append(W.HBox([cancel, self.end_button("End maneuvers")]))
        return out

    def _kinds_of_move(self) -> list[str]:
        """Destinations in enemy hands: a bomber there bombs, a helicopter scouts."""
        g, side = self.game, self.game.state.turn
        out = []
        for d in sorted(self.targets()):
            if g.controller(d) != side:
                enemy = any(sd != side for sd, _k in g.units_in(d))
                out.append(f"{'bomb' if enemy else 'scout'} {self.name(d)}")
        return out

    def _on_unit(self, change) -> None:
        self.unit, self.passenger, self.count = change["new"], None, 1
        self.app.refresh(panel_only=True)

    def _on_count(self, change) -> None:
        self.count = change["new"]
        self.app.refresh(panel_only=True)

    def _on_carry(self, change) -> None:
        self.passenger = change["new"]
        if self.passenger:
            self.count = 1
        self.app.refresh(panel_only=True)

    def _cancel(self) -> None:
        self.reset()
        self.app.refresh(panel_only=True)

    # -- clicks ------------------------------------------------------------------------------
    def click(self, aid: str) -> None:
        if self.selected is not None and aid != self.selected:
            match = [m for m in self._matching() if m.dst == aid]
            if match:
                self.app.act(match[0], after=self._after_move)
                return
            if aid not in self.sources():
                self.app.say(self.game.explain(A.Move(self.count, self.unit, self.selected, aid, self.passenger))
                             or "That move is not possible now.")
                return
        if aid == self.selected:
            self._cancel()
            return
        if aid in self.sources():
            self.selected, self.unit, self.count, self.passenger = aid, None, 1, None
            self.app.refresh(panel_only=True)
            return
        self.app.say(f"Maneuvers: none of your units in {self.name(aid)} can move now "
                     "(foot units need a mobile unit to carry them; each unit moves once).")

    def _after_move(self) -> None:
        if self.selected not in self.sources():
            self.reset()
