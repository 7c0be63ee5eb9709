"""Setup (rules: Setup 2-3). The U.S. places all 60 units, exactly 2 in each city;
then each Invader places its 20 starting units in its own zones, at most 5 a zone."""
from __future__ import annotations

from typing import TYPE_CHECKING

from fortress.rulesets.america.actions import Action, Place, shared
from fortress.engine.check import Check
from fortress.rulesets.america.units import US

if TYPE_CHECKING:
    from fortress.engine.context import Context

def enter(g: "Context") -> None:
    _start_placer(g, g.turn.setup_order[0])


def _start_placer(g: "Context", side: str) -> None:
    g.state.turn = side
    if side == US:
        g.state.to_place = {k: v for k, v in g.tables.numbers["pool"].items()}
    else:
        g.state.to_place = dict(g.tables.numbers["invader"]["start"])
    for kind, n in g.state.to_place.items():
        g.state.reserves[side][kind] -= n


class Rules(Check):
    """The U.S. fills each city with exactly 2 units; each Invader fills its own zones,
    at most 5 units a zone, until its starting units are placed. ``rooms``: the room
    left in each area asked about (asked once per area, not once per unit type)."""

    __slots__ = ("rooms",)

    def __init__(self, g: "Context") -> None:
        super().__init__(g)
        self.rooms: dict[str, int] = {}

    def room(self, area: str) -> int:
        """Places left in ``area``: 2 a city for the U.S., the 5-unit limit in a zone."""
        found = self.rooms.get(area)
        if found is None:
            g = self.g
            if g.state.turn == US:
                found = g.tables.numbers["us"]["units_per_city"] - len(g.units(area, US))
            else:
                found = g.room(area, g.state.turn)
            self.rooms[area] = found
        return found

    def candidates(self) -> list[Action]:
        g = self.g
        side = g.state.turn
        areas = g.board.cities if side == US else g.board.zones(side)
        kinds = [k for k, n in g.state.to_place.items() if n > 0]
        room = self.room  # a full area is refused whatever the unit: not worth asking about
        return [shared(Place, k, a) for a in areas if room(a) > 0 for k in kinds]

    def reason(self, action: Action) -> str | None:
        g = self.g
        side = g.state.turn
        if not isinstance(action, Place):
            return f"Setup: {g.side_name(side)} is placing starting units; use 'place UNIT AREA'."
        if g.state.to_place.get(action.unit, 0) <= 0:
            return f"Setup: {g.side_name(side)} has no {action.unit} left to place."
        area = g.board[action.area]
        if side == US:
            if not area.is_city:
                return f"Setup: the U.S. places its units in cities only; {area.name} is not a city."
            if self.room(action.area) <= 0:
                return f"Setup: {area.name} already has its {g.tables.numbers['us']['units_per_city']} units (rules: exactly 2 in each city)."
            return None
        if not (area.is_zone and area.side == side):
            return f"Setup: {g.side_name(side)} places its starting units in its own invasion zones only."
        if self.room(action.area) <= 0:
            return f"Setup: {area.name} is full (at most 5 units a zone)."
        return None


def apply(g: "Context", action: Action) -> None:
    assert isinstance(action, Place)
    side = g.state.turn
    g.add_unit(side, action.unit, action.area)
    g.state.to_place[action.unit] -= 1
    g.emit("place", f"{g.side_name(side)} places {action.unit} in {g.board[action.area].name}.", side, (action.area,))
    if not any(g.state.to_place.values()):
        placers = g.turn.setup_order
        i = placers.index(side)
        if i + 1 < len(placers):
            _start_placer(g, placers[i + 1])
        else:
            g.state.to_place = {}
            g.emit("setup", "Setup is complete. The invasion begins.")
            g.next_phase()
