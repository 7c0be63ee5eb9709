"""Declare Battles (rules: Action Sequence 2). The player marks any number of enemy
land territories; only those can be fought over, invaded or captured this turn.
Invasion zones are never declared (project ruling)."""
from __future__ import annotations

from bisect import bisect_left
from typing import TYPE_CHECKING

from fortress.rules.actions import Action, Declare, End, shared
from fortress.rules.phases.cache import Cache, following, updated
from fortress.rules.units import SIDE_NAMES

if TYPE_CHECKING:
    from fortress.rules.game import Game


def enter(g: "Game") -> None:
    g.state.declared = []


def _declare(area: str) -> Declare:
    """One shared object per action (see fortress.rules.actions.shared)."""
    return shared(Declare, area)


class _Open(Cache):
    """The Declare actions still open: each declaration only removes its own action
    (control does not change during Declare Battles), so the list is updated, not rebuilt."""

    __slots__ = ("next",)


def legal(g: "Game") -> list[Action]:
    c = updated(g, "declare")
    if c is not None:
        return c.produce(c.next)
    side, control, declared = g.state.turn, g.state.control, set(g.state.declared)
    acts: list[Action] = [d for a, d in _declarations(g.board) if control[a] != side and a not in declared]
    acts.append(End())
    c = g.memo["declare"] = _Open(g)
    return c.produce(acts)


def _declarations(board) -> tuple[tuple[str, Declare], ...]:
    """``(area, declare AREA)`` for every land area of ``board``, in board order (cached)."""
    found = _BY_BOARD.get(id(board))
    if found is None or found[0] is not board:
        found = _BY_BOARD[id(board)] = (board, tuple((a, _declare(a)) for a in board.land))
    return found[1]


_BY_BOARD: dict[int, tuple] = {}


def _ranks(board) -> dict[str, int]:
    """Each land area's place in board order (cached), to find a Declare in the list."""
    found = _RANKS.get(id(board))
    if found is None or found[0] is not board:
        found = _RANKS[id(board)] = (board, {a: i for i, (a, _d) in enumerate(_declarations(board))})
    return found[1]


_RANKS: dict[int, tuple] = {}


def apply(g: "Game", action: Action) -> None:
    if isinstance(action, End):
        g.next_phase()
        return
    c = following(g, "declare")
    if c is not None:  # the list is in board order and ends with End: find the action by bisection
        out, rank = c.out, _ranks(g.board)
        i = bisect_left(out, rank[action.area], 0, len(out) - 1, key=lambda d: rank[d.area])
        c.next = out[:i] + out[i + 1:]
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
