"""Supply Check (rules: Action Sequence 7): Invader units only.

A unit is supplied if a path of territories its side controls or occupies leads to one
of its own zones (or, in the Invader Card variant, one of its working footholds:
:mod:`fortress.rulesets.america.invader_cards`); unsupplied units are destroyed.
"""
from __future__ import annotations

from collections import deque
from typing import TYPE_CHECKING

from fortress.rulesets.america.actions import Action
from fortress.engine.check import Automatic
from fortress.rulesets.america.invader_cards import arrival_areas

if TYPE_CHECKING:
    from fortress.engine.context import Context


def enter(g: "Context") -> None:
    supply_check(g)


class Rules(Automatic):
    __slots__ = ()
    step = "Supply"


def apply(g: "Context", action: Action) -> None:
    g.next_phase()


def supplied_areas(g: "Context", side: str) -> set[str]:
    """Areas joined to ``side``'s zones (and working footholds) through areas it controls or occupies."""
    s, board = g.state, g.board
    occupied = {u.area for u in s.units.values() if u.side == side}

    def ok(a: str) -> bool:
        return bool(s.control[a] == side or a in occupied)
    seen = set(arrival_areas(s, board, side))
    frontier = deque(seen)
    while frontier:
        here = frontier.popleft()
        for n in board.neighbours(here):
            if n not in seen and ok(n):
                seen.add(n)
                frontier.append(n)
    return seen


def supply_check(g: "Context") -> None:
    side = g.state.turn
    good = supplied_areas(g, side)
    cut = [u for u in g.state.units.values() if u.side == side and u.area not in good]
    for u in cut:
        g.destroy(u, "out of supply")
    if cut:
        g.check_armies()
