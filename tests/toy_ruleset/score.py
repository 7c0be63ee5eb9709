"""Score: the side to move scores a point if it alone holds the hill."""
from __future__ import annotations

from fortress.engine.check import Automatic


def enter(g) -> None:
    s, hill = g.state, g.rules.data["hill"]
    if g.units(hill, s.turn) and not g.enemies_in(hill, s.turn):
        s.points[s.turn] += 1
        g.emit("score", f"{g.side_name(s.turn)} holds {g.board[hill].name}: {s.points[s.turn]} point(s).", s.turn)


class Rules(Automatic):
    __slots__ = ()
    step = "Scoring"


def apply(g, action) -> None:
    g.next_phase()

