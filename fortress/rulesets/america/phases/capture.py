"""Capture Territories (rules: Action Sequence 8, Victory Conditions).

Declared territories the player occupies and no enemy occupies become the
player's. A U.S. city taken by an Invader goes onto the captured-city track, credited
to that Invader, and its laser is lost; each city the U.S. retakes earns a bonus
partisan card next Reinforcements. Territories where partisan cards placed U.S. units
and no Invader remains become U.S.-held at the U.S. capture step.
Capture is the last step of a turn; what happens when a turn ends (markers cleared,
victory checked) is in :mod:`fortress.rulesets.america.ruleset`.
"""
from __future__ import annotations

from typing import TYPE_CHECKING

from fortress.rulesets.america.actions import Action
from fortress.engine.check import Automatic
from fortress.rulesets.america.units import US

if TYPE_CHECKING:
    from fortress.engine.context import Context


def enter(g: "Context") -> None:
    capture(g)


class Rules(Automatic):
    __slots__ = ()
    step = "Capture"


def apply(g: "Context", action: Action) -> None:
    g.next_phase()


def _take(g: "Context", area: str, side: str) -> None:
    s, board = g.state, g.board
    before = s.control[area]
    s.control[area] = side
    name = board[area].name
    g.emit("capture", f"{g.side_name(side)} captures {name} from {g.side_name(before)}.", side, (area,))
    if not board[area].is_city:
        return
    if side == US:
        if s.captured.pop(area, None) is not None:
            s.bonus_cards += 1
            g.emit("city", f"The U.S. retakes {name}: one bonus partisan card next Reinforcements.", US, (area,))
        return
    s.captured[area] = side
    if area in s.lasers:
        s.lasers.remove(area)
        g.emit("city", f"The laser in {name} is lost.", side, (area,))
    g.emit("city", f"{name} goes on the captured-city track for {g.side_name(side)} "
           f"({len(s.captured)} of {g.tables.numbers['cities_to_win']}).", side, (area,))


def capture(g: "Context") -> None:
    s, side = g.state, g.state.turn
    candidates = list(s.declared) + (list(s.partisan_areas) if side == US else [])
    for area in dict.fromkeys(candidates):
        mine = bool(g.units(area, side))
        if mine and s.control[area] != side and not g.enemies_in(area, side):
            _take(g, area, side)

