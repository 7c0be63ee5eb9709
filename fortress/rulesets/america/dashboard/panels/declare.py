"""Declare Battles: click enemy territories to mark them."""
from __future__ import annotations

import ipywidgets as W

from fortress.rulesets.america import actions as A
from fortress.rulesets.america.dashboard import turn_flow
from fortress.rulesets.america.dashboard.panels.base import Panel


class DeclarePanel(Panel):
    title = "Declare battles"
    css = "fortress-panel-declare"

    def targets(self) -> frozenset[str]:
        return frozenset(a.area for a in self.legal(A.Declare))

    def build(self) -> list[W.Widget]:
        declared = ", ".join(self.ref(a) + ("" if self.game.could_attack(a) else " (no unit can reach it: it will lapse)")
                             for a in self.game.state.declared) or "none yet"
        return [W.HTML("Click the enemy territories you mean to fight for this turn "
                       "(green dotted outline). Declared: <b>" + declared + "</b>."),
                self.end_button("Done declaring")]

    warned: str | None = None  #: an unreachable territory clicked once: a second click declares it

    def reset(self) -> None:
        super().reset()
        self.warned = None

    def click(self, aid: str) -> None:
        """Declare ``aid``; a territory no unit can reach this turn asks for a second click."""
        note = turn_flow.unreachable_note(self.game, aid) if self.game.explain(A.Declare(aid)) is None else ""
        if note and self.warned != aid:
            self.warned = aid
            self.app.say(note)
            return
        self.warned = None
        self.try_action(A.Declare(aid))
