"""Gather (a deed): roll a die and gain that many coins. Nothing to decide."""
from __future__ import annotations

from typing import Any

from fortress.engine.check import Automatic


def enter(g: Any) -> None:
    side = g.acting
    roll = g.dice.below(6) + 1
    g.state.coins[side] += roll
    g.emit("roll", f"{g.side_name(side)} gathers: rolls {roll}, now {g.state.coins[side]} coins.", side,
           rolls=((side, "d6", str(roll)),))


class Rules(Automatic):
    __slots__ = ()
    step = "Gather"


def apply(g: Any, action: Any) -> None:
    g.next_phase()
