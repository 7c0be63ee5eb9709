"""Control markers (rules: Components; Action Sequence 2 and 8).

The box holds a fixed number of control markers per Invader (``[markers]`` in rules.toml:
35 Western, 30 Southern, 25 Eastern). An Invader puts one Combat side up on each battle
it declares and keeps one Control side up on each territory it holds; a marker comes
back when its territory is lost, or when its declaration lapses or ends without a
capture (the turn's declarations are cleared when the turn ends). Capture turns the
declaration's own marker Control side up, so a capture never needs a marker the Invader
does not have (project ruling, docs/rules.md). The U.S. uses no markers.

Markers in use are worked out from the state (control and the turn's declarations),
never counted separately, so they cannot drift from the board.

>>> from fortress.rulesets.america.state import new_state
>>> from fortress.engine.board import Board
>>> board = Board.default()
>>> from fortress.rulesets.america.tables import default
>>> s = new_state(seed=1, players=4, numbers=default().numbers)
>>> s.control = {a: "us" for a in board.ids}
>>> s.control["seattle"] = "west"
>>> s.turn, s.declared = "west", ["portland", "seattle"]
>>> m = count(s, board, "west", default().numbers)
>>> (m.held, m.declared, m.in_use, m.left)
(1, 1, 2, 33)
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Mapping, Protocol, Sequence

if TYPE_CHECKING:
    from fortress.engine.board import Board


class Holdings(Protocol):
    """What markers are worked out from: a game state, or a position being checked (read
    only, so a plain ``dict`` and ``list`` qualify)."""

    @property
    def control(self) -> Mapping[str, str]: ...
    @property
    def declared(self) -> Sequence[str]: ...
    @property
    def turn(self) -> str: ...


@dataclass(frozen=True, slots=True)
class Markers:
    """One Invader's control markers: ``supply`` in the box, ``held`` Control side up
    (territories it holds), ``declared`` Combat side up (battles declared this turn on
    territories it does not hold yet)."""

    side: str
    supply: int
    held: int
    declared: int
    name: str = ""  #: the side's name in texts

    @property
    def in_use(self) -> int:
        return self.held + self.declared

    @property
    def left(self) -> int:
        return self.supply - self.in_use

    def __str__(self) -> str:
        return (f"{self.name or self.side} has {self.in_use} of its {self.supply} control markers in use "
                f"({self.held} on territories held, {self.declared} on battles declared)")


def count(state: Holdings, board: "Board", side: str, numbers: Mapping[str, Any],
          held: int | None = None) -> Markers:
    """``side``'s markers in ``state``, with the supply per Invader of ``numbers`` (rules.toml
    ``[markers]``); a ValueError for a side with no markers (the U.S.).
    ``held``: the territories ``side`` holds, if already counted (control has not changed)."""
    name = numbers["sides"].get(side, {}).get("name", side)
    if side not in numbers["markers"]:
        raise ValueError(f"{name} uses no control markers")
    control, zones = state.control, board.zone_set
    if held is None:
        held = sum(1 for area, who in control.items() if who == side and area not in zones)
    declared = sum(1 for area in state.declared if control[area] != side) if state.turn == side else 0
    return Markers(side, numbers["markers"][side], held, declared, name)
