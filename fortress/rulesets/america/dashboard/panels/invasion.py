"""Invasion: click a declared territory now free of enemies, then move units in."""
from __future__ import annotations

from collections import defaultdict

import ipywidgets as W

from fortress.rulesets.america import actions as A
from fortress.rulesets.america.dashboard.panels.base import Panel


class InvasionPanel(Panel):
    title = "Invasion"
    css = "fortress-panel-invasion"

    def targets(self) -> frozenset[str]:
        return frozenset(a.dst for a in self.legal(A.Invade))

    def build(self) -> list[W.Widget]:
        out: list[W.Widget] = [W.HTML("Click a declared territory free of enemies (green outline) to move units "
                                      "in, one step, from next door.")]
        if self.selected in self.targets():
            groups: dict[tuple[str, str], int] = defaultdict(int)
            for a in self.legal(A.Invade):
                if a.dst == self.selected:
                    groups[(a.unit, a.src)] = max(groups[(a.unit, a.src)], a.count)
            out.append(W.HTML(f"Into <b>{self.ref(self.selected)}</b>:"))
            rows = []
            for (unit, src), n in sorted(groups.items()):
                for k in sorted({1, n}):
                    rows.append((f"{k} {unit} from {self.name(src)}", A.Invade(k, unit, src, self.selected)))
            out.append(self.buttons(rows, "fortress-invade"))
        out.append(self.end_button("End invasion"))
        return out

    def click(self, aid: str) -> None:
        if aid in self.targets():
            self.selected = aid
            self.app.refresh(panel_only=True)
            return
        # ask the engine about a step in by one of your units next door, if any
        steps = [A.Invade(1, kind, n, aid) for n in self.game.board.neighbours(aid)
                 for side, kind in self.game.units_in(n) if side == self.game.side]
        self.app.say((self.game.explain(steps[0]) if steps else None)
                     or f"Invasion: no unit of yours can enter {self.name(aid)} now.")
