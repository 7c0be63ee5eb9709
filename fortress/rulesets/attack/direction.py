"""The direction of play [Setup S5]: the year's first player chooses clockwise or
counterclockwise, before any action; it holds for the whole year."""
from __future__ import annotations

from typing import Any

from fortress.engine.actions import Action
from fortress.engine.check import Check
from fortress.rulesets.attack.actions import Direction
from fortress.rulesets.attack.year import year_order


class Rules(Check):
    __slots__ = ()

    def candidates(self) -> list[Action]:
        return [Direction("cw"), Direction("ccw")]

    def reason(self, action: Action) -> str | None:
        if not isinstance(action, Direction) or action.way not in ("cw", "ccw"):
            return "Direction: choose 'direction cw' (clockwise) or 'direction ccw' (counterclockwise)."
        return None


def apply(g: Any, action: Action) -> None:
    assert isinstance(action, Direction)
    s = g.state
    s.direction = action.way
    s.order = year_order(s, s.first, action.way)
    names = ", ".join(g.side_name(x) for x in s.order)
    g.emit("direction", f"{g.side_name(s.first)} chooses {'clockwise' if action.way == 'cw' else 'counterclockwise'}: {names}.",
           s.first)
    g.next_phase()
