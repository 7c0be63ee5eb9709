"""Invasion (rules: Action Sequence 6).

Each unit that did not disengage, is not scouting and has not invaded yet, standing
next to a declared territory now free of enemy units, may move one step into it
(infantry and partisans included) within the 5-unit limit. At the end, bombers that
bombed a territory still held by enemy units return to where they came from; those
in a cleared territory stay there (project ruling).
"""
from __future__ import annotations

from collections import Counter
from typing import TYPE_CHECKING

from fortress.actions import Action, End, Invade
from fortress.units import SIDE_NAMES

if TYPE_CHECKING:
    from fortress.game import Game


def targets(g: "Game") -> list[str]:
    s = g.state
    return [a for a in s.declared if not g.enemies_in(a, s.turn)]


def room(g: "Game", dst: str, side: str) -> int:
    """Room left under the unit limit, counting the bombers that bombed ``dst``: they
    stay in a cleared territory when Invasion ends."""
    return g.room(dst, side) - sum(1 for u in g.units(dst, side) if u.status == "bombing")


def _ready(g: "Game") -> Counter:
    s = g.state
    return Counter((u.kind, u.area) for u in s.units.values()
                   if u.side == s.turn and not u.status and not u.invaded)


def legal(g: "Game") -> list[Action]:
    side, board = g.state.turn, g.board
    ready = _ready(g)
    acts: list[Action] = []
    for dst in targets(g):
        space = room(g, dst, side)
        if space <= 0:
            continue
        near = board.neighbours(dst)
        for (kind, src), n in sorted(ready.items()):
            if src in near:
                acts.extend(Invade(k, kind, src, dst) for k in range(1, min(n, space) + 1))
    return acts + [End()]


def apply(g: "Game", action: Action) -> None:
    s = g.state
    if isinstance(action, End):
        _bombers_home(g)
        g.next_phase()
        return
    assert isinstance(action, Invade)
    movers = [u for u in g.units(action.src, s.turn) if u.kind == action.unit and not u.status and not u.invaded]
    for u in movers[: action.count]:
        g.relocate(u, action.dst)
        u.invaded = True
    g.emit("move", f"{SIDE_NAMES[s.turn]} invades: {action.count} {action.unit} from {g.board[action.src].name} "
           f"into {g.board[action.dst].name}.", s.turn, (action.src, action.dst))


def _bombers_home(g: "Game") -> None:
    s = g.state
    for u in s.units.values():
        if u.side == s.turn and u.status == "bombing":
            if g.enemies_in(u.area, s.turn):
                g.emit("move", f"{SIDE_NAMES[u.side]} bomber returns from {g.board[u.area].name} to "
                       f"{g.board[u.origin].name}.", u.side, (u.area, u.origin))
                u.area = u.origin
            u.status, u.origin = "", None
    g.touch()


def explain(g: "Game", action: Action) -> str:
    s = g.state
    if not isinstance(action, Invade):
        return "Invasion: move units one step into declared territories free of enemies ('invade N UNIT FROM -> TO') or 'end'."
    dst, src = g.board[action.dst], g.board[action.src]
    if action.dst not in s.declared:
        return f"Invasion: only declared territories can be entered; {dst.name} was not declared."
    if g.enemies_in(action.dst, s.turn):
        return f"Invasion: {dst.name} still holds enemy units."
    if not g.board.adjacent(action.src, action.dst):
        return f"Invasion: units move one step; {src.name} is not next to {dst.name}."
    if room(g, action.dst, s.turn) < action.count:
        return f"Invasion: {dst.name} has room for {max(room(g, action.dst, s.turn), 0)} more of your units (5-unit limit)."
    return (f"Invasion: not that many {action.unit} in {src.name} may invade (units that disengaged, scouts and "
            "units that already invaded cannot).")
