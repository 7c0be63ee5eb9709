"""Declare Battles (rules: Action Sequence 2). The player marks any number of enemy
land territories; only those can be fought over, invaded or captured this turn.
Invasion zones are never declared (project ruling)."""
from __future__ import annotations

from typing import TYPE_CHECKING

from fortress.rules.actions import Action, Declare, End, shared
from fortress.rules.check import Check
from fortress.rules.units import SIDE_NAMES

if TYPE_CHECKING:
    from fortress.rules.context import Context


def enter(g: "Context") -> None:
    g.state.declared = []


class Rules(Check):
    """Any enemy land territory not declared yet may be declared; 'end' at any time.

    Which areas may be declared at all (:meth:`_closed` says None: enemy land, no zone)
    cannot change while the phase lasts: ``open`` holds their declarations, in board
    order, worked out once per phase (``game.memo``). :meth:`reason` and :meth:`legal`
    both read it, and refuse what is declared already."""

    __slots__ = ("side", "control", "declared", "open")

    def __init__(self, g: "Context") -> None:
        super().__init__(g)
        self.side, self.control, self.declared = g.state.turn, g.state.control, set(g.state.declared)
        key = ("declare", self.side)
        found = g.memo.get(key)
        if found is None:
            found = g.memo[key] = {a: shared(Declare, a) for a in g.board.land if self._closed(a) is None}
        self.open: dict[str, Declare] = found

    def _closed(self, area: str) -> str | None:
        """Why ``area`` cannot be declared at all this phase (None: it can)."""
        if area in self.g.board.zone_set:
            return f"Declare Battles: {self.g.board[area].name} is an invasion zone; zones are never declared, attacked or captured."
        if self.control[area] == self.side:
            return f"Declare Battles: {self.g.board[area].name} is already yours; only enemy territories are declared."
        return None

    def legal(self) -> list[Action]:
        """The open declarations not made yet, then 'end'."""
        declared = self.declared
        return [a for area, a in self.open.items() if area not in declared] + [End()]

    def reason(self, action: Action) -> str | None:
        if type(action) is Declare:
            area = action.area
            if area in self.open and area not in self.declared:
                return None
            return self._closed(area) or f"Declare Battles: {self.g.board[area].name} is already declared."
        return None if type(action) is End else "Declare Battles: mark enemy territories ('declare AREA') or 'end'."


def apply(g: "Context", action: Action) -> None:
    if isinstance(action, End):
        g.next_phase()
        return
    g.state.declared.append(action.area)
    g.emit("declare", f"{SIDE_NAMES[g.state.turn]} declares a battle for {g.board[action.area].name}.",
           g.state.turn, (action.area,))
