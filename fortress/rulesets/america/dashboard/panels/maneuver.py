"""Maneuvers: click a territory with your units, pick type and count, click the destination.

Transport (a mobile unit carrying one infantry or partisan), bombing and scouting are
offered whenever the engine lists them among the legal moves.
"""
from __future__ import annotations

from typing import cast

import ipywidgets as W

from fortress.rulesets.america import actions as A
from fortress.rulesets.america.dashboard.panels.base import Panel


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

    def prepare(self) -> None:
        if self.selected is not None:
            self._fix_choice()

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

    # -- widgets (made once, updated in place: fewer messages, faster redraws) ----------------
    def _widgets(self) -> None:
        if hasattr(self, "unit_pick"):
            return
        self._quiet = False
        self.intro = W.HTML()
        self.unit_pick = W.ToggleButtons(options=[])
        self.unit_pick.add_class("fortress-unit-choice")
        self.count_pick = W.Dropdown(options=[1], description="how many", layout=W.Layout(width="160px"))
        self.count_pick.add_class("fortress-count")
        self.carry_pick = W.Dropdown(options=[("nobody", None)], description="carry", layout=W.Layout(width="200px"))
        self.carry_pick.add_class("fortress-carry")
        self.special = W.HTML()
        self.cancel = W.Button(description="Cancel", layout=W.Layout(width="auto"))
        self.cancel.add_class("fortress-cancel")
        self.cancel.on_click(lambda _b: self._cancel())
        self.unit_pick.observe(self._on_unit, "value")
        self.count_pick.observe(self._on_count, "value")
        self.carry_pick.observe(self._on_carry, "value")
        for w in (self.intro, self.unit_pick, self.count_pick, self.carry_pick, self.special, self.cancel):
            self.keep(w)

    def _set(self, widget: W.Widget, **values) -> None:
        self._quiet = True
        try:
            with widget.hold_sync():
                for k, v in values.items():
                    if getattr(widget, k) != v:
                        setattr(widget, k, v)
        finally:
            self._quiet = False

    def build(self) -> list[W.Widget]:
        self._widgets()
        if self.selected is None:
            self.intro.value = "Click one of your territories with units that can still move (green outline, \u25c6)."
            return [self.intro, self.end_button("End maneuvers")]
        self._fix_choice()
        if self.selected is None:
            return self.build()
        here = self._from_here()
        kinds = sorted({m.unit for m in here})
        self._set(self.unit_pick, options=tuple(kinds), value=self.unit)
        counts = tuple(sorted({m.count for m in here if m.unit == self.unit and m.passenger is None})) or (1,)
        self._set(self.count_pick, options=counts, value=self.count if self.count in counts else counts[-1])
        self.intro.value = (f"From <b>{self.ref(self.selected)}</b>: choose units, then click a destination "
                            "(green outline, \u25c6).")
        out = [self.intro, self.unit_pick, self.count_pick]
        riders = sorted({m.passenger for m in here if m.unit == self.unit and m.passenger})
        if riders:
            self._set(self.carry_pick, options=tuple([("nobody", None)] + [(r, r) for r in riders]),
                      value=self.passenger)
            out.append(self.carry_pick)
        kinds_of = self._kinds_of_move()
        self.special.value = "<small>" + "; ".join(kinds_of) + "</small>" if kinds_of else ""
        out.append(self.special)
        out.append(W.HBox([self.cancel, self.end_button("End maneuvers")]))
        return out

    def _kinds_of_move(self) -> list[str]:
        """Destinations in enemy hands: a bomber there bombs, a helicopter scouts."""
        g, side = self.game, self.game.state.turn
        out = []
        for d in sorted(self.targets()):
            if g.controller(d) != side:
                enemy = any(sd != side for sd, _k in g.units_in(d))
                out.append(f"{'bomb' if enemy else 'scout'} {self.ref(d)}")
        return out

    def _on_unit(self, change) -> None:
        if self._quiet:
            return
        self.unit, self.passenger, self.count = change["new"], None, 1
        self.app.refresh(panel_only=True)

    def _on_count(self, change) -> None:
        if self._quiet:
            return
        self.count = change["new"]
        self.app.refresh(panel_only=True)

    def _on_carry(self, change) -> None:
        if self._quiet:
            return
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
                self.app.say(self.game.explain(A.Move(self.count, cast(str, self.unit), self.selected, aid, self.passenger))
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
