"""Fire Lasers: click a territory with Invader units, then pick the target unit."""
from __future__ import annotations

import ipywidgets as W

from fortress.rulesets.america import actions as A
from fortress.ui import theme as T
from fortress.rulesets.america.dashboard.panels.base import Panel


class LasersPanel(Panel):
    title = "Fire lasers"
    css = "fortress-panel-lasers"

    def targets(self) -> frozenset[str]:
        return frozenset(a.area for a in self.legal(A.Fire))

    def build(self) -> list[W.Widget]:
        s = self.game.state
        left = len(s.lasers) - s.lasers_fired
        out = [W.HTML(f"{left} of {len(s.lasers)} lasers still to fire; each fires once at an Invader unit in a "
                      f"territory without a targeting marker (black d10, {self.game.laser_target()}+ destroys). "
                      "Click a highlighted territory.")]
        if self.selected:
            fires = [a for a in self.legal(A.Fire) if a.area == self.selected]
            out.append(W.HTML(f"Targets in <b>{self.ref(self.selected)}</b>:"))
            out.append(self.buttons([(f"Fire at {T.side_label(a.side)} {a.unit}", a) for a in fires],
                                    "fortress-fire"))
        out.append(self.end_button("Done firing"))
        return out

    def click(self, aid: str) -> None:
        fires = [a for a in self.legal(A.Fire) if a.area == aid]
        if not fires:  # ask the engine about a shot at a unit that is there, if any
            shots = [A.Fire(side, kind, aid) for side, kind in self.game.units_in(aid) if side != "us"]
            self.app.say((self.game.explain(shots[0]) if shots else None)
                         or f"Fire Lasers: there is no Invader unit in {self.name(aid)} to shoot at.")
            return
        self.selected = aid
        self.app.refresh(panel_only=True)
