"""Fire Lasers: click a territory with Invader units, then pick the target unit."""
from __future__ import annotations

import ipywidgets as W

from fortress.rules import actions as A
from fortress.ui import theme as T
from fortress.ui.panels.base import Panel


class LasersPanel(Panel):
    title = "Fire lasers"
    css = "fortress-panel-lasers"

    def targets(self) -> frozenset[str]:
        return frozenset(a.area for a in self.legal(A.Fire))

    def build(self) -> list[W.Widget]:
        s = self.game.state
        left = len(s.lasers) - s.lasers_fired
        out = [W.HTML(f"{left} of {len(s.lasers)} lasers still to fire; each fires once at an Invader unit in a "
                      "territory without a targeting marker (black d10, 5+ destroys). Click a highlighted territory.")]
        if self.selected:
            fires = [a for a in self.legal(A.Fire) if a.area == self.selected]
            out.append(W.HTML(f"Targets in <b>{self.name(self.selected)}</b>:"))
            out.append(self.buttons([(f"Fire at {T.side_label(a.side)} {a.unit}", a) for a in fires],
                                    "fortress-fire"))
        out.append(self.end_button("Done firing"))
        return out

    def click(self, aid: str) -> None:
        fires = [a for a in self.legal(A.Fire) if a.area == aid]
        if not fires:
            area = self.game.board[aid]
            if area.is_zone or aid in self.game.state.targeted or not self.legal(A.Fire):
                self.app.say(self.game.explain(A.Fire("west", "infantry", aid)) or "No target there.")
            else:
                self.app.say(f"Fire Lasers: there is no Invader unit in {area.name} to shoot at.")
            return
        self.selected = aid
        self.app.refresh(panel_only=True)
