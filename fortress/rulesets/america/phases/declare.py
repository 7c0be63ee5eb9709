"""Declare Battles (rules: Action Sequence 2). The player marks enemy land territories,
an Invader one control marker each (Combat side up) while it has markers left
(:mod:`fortress.rulesets.america.markers`); only those can be fought over, invaded or captured
this turn. Invasion zones are never declared (project ruling). With the Invader Card
variant an Invader may also play its Declare Battles cards here (:mod:`fortress.rulesets.america.invader_cards`)."""
from __future__ import annotations

from typing import TYPE_CHECKING

from fortress.rulesets.america.actions import Action, Declare, End, Play, shared
from fortress.engine.check import Check
from fortress.rulesets.america.invader_cards import CardRules, play
from fortress.rulesets.america.markers import Markers, count

if TYPE_CHECKING:
    from fortress.engine.context import Context


def enter(g: "Context") -> None:
    g.state.declared = []


class Rules(Check):
    """Any enemy land territory not declared yet may be declared; 'end' at any time.

    Which areas may be declared at all (:meth:`_closed` says None: enemy land, no zone)
    cannot change while the phase lasts: ``open`` holds their declarations, in board
    order, worked out once per phase (``game.memo``). :meth:`reason` and :meth:`legal`
    both read it, and refuse what is declared already. An Invader with no control marker
    left declares nothing more (``markers``: None for the U.S., which uses none)."""

    __slots__ = ("side", "control", "declared", "open", "markers")

    def __init__(self, g: "Context") -> None:
        super().__init__(g)
        self.side, self.control, self.declared = g.state.turn, g.state.control, set(g.state.declared)
        key = ("declare", self.side)
        found = g.memo.get(key)
        if found is None:
            found = g.memo[key] = {a: shared(Declare, a) for a in g.board.land if self._closed(a) is None}
        self.open: dict[str, Declare] = found
        self.markers: Markers | None = None
        if self.side in g.tables.numbers["markers"]:  # control holds through Declare: the territories held are counted once
            held = g.memo.get(("held", self.side))
            self.markers = count(g.state, g.board, self.side, g.tables.numbers, held)
            g.memo[("held", self.side)] = self.markers.held

    def _spent(self) -> str | None:
        """Why no declaration is left to make: every control marker is in use (None: one is left)."""
        m = self.markers
        if m is None or m.left > 0:
            return None
        return f"Declare Battles: no control marker is left to declare with; {m}."

    def _closed(self, area: str) -> str | None:
        """Why ``area`` cannot be declared at all this phase (None: it can)."""
        if area in self.g.board.zone_set:
            return f"Declare Battles: {self.g.board[area].name} is an invasion zone; zones are never declared, attacked or captured."
        if self.control[area] == self.side:
            return f"Declare Battles: {self.g.board[area].name} is already yours; only enemy territories are declared."
        return None

    def legal(self) -> list[Action]:
        """The open declarations not made yet (none without a marker left), the cards that
        may be played (Invader Card variant), then 'end'."""
        plays = CardRules(self.g, "declare").legal()
        if self._spent():
            return plays + [End()]
        declared = self.declared
        return [a for area, a in self.open.items() if area not in declared] + plays + [End()]

    def reason(self, action: Action) -> str | None:
        if type(action) is Declare:
            area = action.area
            if area in self.open and area not in self.declared:
                return self._spent()
            return self._closed(area) or f"Declare Battles: {self.g.board[area].name} is already declared."
        if type(action) is Play:
            return CardRules(self.g, "declare").reason(action)
        return None if type(action) is End else "Declare Battles: mark enemy territories ('declare AREA') or 'end'."


def apply(g: "Context", action: Action) -> None:
    if isinstance(action, End):
        side = g.state.turn
        numbers = g.tables.numbers
        markers = count(g.state, g.board, side, numbers) if side in numbers["markers"] else None
        if markers is not None and markers.left <= 0:  # the step ended by itself: say why
            g.emit("markers", f"{markers}: no more battles can be declared.", side)
        g.next_phase()
        return
    if isinstance(action, Play):
        play(g, action)
        return
    assert isinstance(action, Declare)  # reason() let nothing else through
    g.state.declared.append(action.area)
    g.emit("declare", f"{g.side_name(g.state.turn)} declares a battle for {g.board[action.area].name}.",
           g.state.turn, (action.area,))
