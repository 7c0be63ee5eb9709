"""Clash: in each area where both sides stand, each rolls a die; the lower roll loses a
pawn (ties: nobody). Nothing to decide: it happens on entering the step."""
from __future__ import annotations

from fortress.engine.check import Automatic


def enter(g) -> None:
    side = g.state.turn
    for area in g.board.ids:
        mine, theirs = g.units(area, side), g.enemies_in(area, side)
        if not (mine and theirs):
            continue
        a, b = g.dice.below(6) + 1, g.dice.below(6) + 1
        g.emit("roll", f"Clash in {g.board[area].name}: {a} against {b}.", side, (area,))
        if a != b:
            g.destroy((theirs if a > b else mine)[0], "clash")


class Rules(Automatic):
    __slots__ = ()
    step = "Clash"


def apply(g, action) -> None:
    g.next_phase()

