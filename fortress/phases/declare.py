"""Declare Battles (rules: Action Sequence 2). The player marks any number of enemy
land territories; only those can be fought over, invaded or captured this turn.
Invasion zones are never declared (project ruling)."""
from __future__ import annotations

from typing import TYPE_CHECKING

from fortress.actions import Action, Declare, End
from fortress.units import SIDE_NAMES

if TYPE_CHECKING:
    from fortress.game import Game


def enter(g: "Game") -> None:
    g.state.declared = []


_DECLARE: dict[str, Declare] = {}


def _declare(area: str) -> Declare:
    """Actions are immutable, so one object per area serves every game (a speed-up)."""
    act = _DECLARE.get(area)
    if act is None:
        act = _DECLARE[area] = Declare(area)
    return act


def legal(g: "Game") -> list[Action]:
    side, control, declared = g.state.turn, g.state.control, set(g.state.declared)
    acts: list[Action] = [_declare(a) for a in g.board.land if control[a] != side and a not in declared]
    return acts + [End()]


def apply(g: "Game", action: Action) -> None:
    if isinstance(action, End):
        g.next_phase()
        return
    g.state.declared.append(action.area)
    g.emit("declare", f"{SIDE_NAMES[g.state.turn]} declares a battle for {g.board[action.area].name}.",
           g.state.turn, (action.area,))


def explain(g: "Game", action: Action) -> str:
    if not isinstance(action, Declare):
        return "Declare Battles: mark enemy territories ('declare AREA') or 'end'."
    area = g.board[action.area]
    if area.is_zone:
        return f"Declare Battles: {area.name} is an invasion zone; zones are never declared, attacked or captured."
    if g.state.control[action.area] == g.state.turn:
        return f"Declare Battles: {area.name} is already yours; only enemy territories are declared."
    return f"Declare Battles: {area.name} is already declared."
