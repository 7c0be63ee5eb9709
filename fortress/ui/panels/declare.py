"""Declare Battles: click enemy territories to mark them."""
from __future__ import annotations

import ipywidgets as W

from fortress.rules import actions as A
from fortress.ui.panels.base import Panel


class DeclarePanel(Panel):
    title = "Declare battles"
    css = "fortress-panel-declare"

    def targets(self) -> frozenset[str]:
        return frozenset(a.area for a in self.legal(A.Declare))

    def build(self) -> list[W.Widget]:
        declared = ", ".join(self.ref(a) for a in self.game.state.declared) or "none yet"
        return [W.HTML("Click the enemy territories you mean to fight for this turn "
                       "(green dotted outline). Declared: <b>" + declared + "</b>."),
                self.end_button("Done declaring")]

    def click(self, aid: str) -> None:
        self.try_action(A.Declare(aid))
