"""Feast (an optional step): pay coins for points, or pass (the engine adds 'pass')."""
from __future__ import annotations

from typing import Any

from fortress.engine.actions import Action
from fortress.engine.check import Check
from fortress_council.state import Feast


class Rules(Check):
    __slots__ = ()

    def candidates(self) -> list[Action]:
        return [Feast()]

    def reason(self, action: Action) -> str | None:
        g = self.g
        cost = g.rules.data["feast"]["cost"]
        if not isinstance(action, Feast):
            return "Feast: hold a feast ('feast') or 'pass'."
        if g.state.coins[g.acting] < cost:
            return f"Feast: a feast costs {cost} coins; {g.side_name(g.acting)} has {g.state.coins[g.acting]}."
        return None


def apply(g: Any, action: Action) -> None:
    s, side, feast = g.state, g.acting, g.rules.data["feast"]
    s.coins[side] -= feast["cost"]
    s.points[side] += feast["points"]
    g.emit("feast", f"{g.side_name(side)} holds a feast: {s.points[side]} point(s).", side)
    g.next_phase()
