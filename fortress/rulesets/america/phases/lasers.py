"""Fire Lasers (rules: Action Sequence 4, Lasers). U.S. only.

Each laser fires once, at one Invader unit in any land territory that has no targeting
marker yet (one laser per territory per turn): black d10, 5 or more destroys.
Project ruling: lasers do not reach units in invasion zones.
"""
from __future__ import annotations

from typing import TYPE_CHECKING

from fortress.rulesets.america.actions import Action, End, Fire, shared
from fortress.rulesets.america.dice import roll_laser
from fortress.engine.check import Check
from fortress.rulesets.america.units import US

if TYPE_CHECKING:
    from fortress.engine.context import Context


def enter(g: "Context") -> None:
    g.state.targeted = []
    g.state.lasers_fired = 0


def target_number(g: "Context") -> int:
    destroy_on = g.tables.laser_die.destroy_on
    assert destroy_on is not None, "dice.toml: the laser die needs destroy_on"
    bonus: int = g.state.laser_bonus
    return int(destroy_on) - bonus


class Rules(Check):
    """Each laser fires once, at an Invader unit on land in a territory not targeted yet.
    ``seen``: the (side, unit type, area) of every Invader unit, from one walk over the units."""

    __slots__ = ("seen",)

    def __init__(self, g: "Context") -> None:
        super().__init__(g)
        self.seen = {(u.side, u.kind, u.area) for u in g.state.units.values() if u.side != US}

    def candidates(self) -> list[Action]:
        s = self.g.state
        if s.lasers_fired >= len(s.lasers):
            return [End()]
        return [shared(Fire, *t) for t in sorted(self.seen)] + [End()]

    def reason(self, action: Action) -> str | None:
        g, s = self.g, self.g.state
        if type(action) is End:
            return None
        if not isinstance(action, Fire):
            return "Fire Lasers: fire at an Invader unit ('fire SIDE UNIT AREA') or 'end'."
        if s.lasers_fired >= len(s.lasers):
            return f"Fire Lasers: all {len(s.lasers)} lasers have fired this turn (each fires once)."
        area = g.board[action.area]
        if area.is_zone:
            return f"Fire Lasers: lasers reach land territories only, not invasion zones like {area.name} (project ruling)."
        if action.area in s.targeted:
            return f"Fire Lasers: {area.name} already has a targeting marker (one laser per territory per turn)."
        if (action.side, action.unit, action.area) not in self.seen:
            return f"Fire Lasers: there is no {g.side_name(action.side)} {action.unit} in {area.name}."
        return None


def apply(g: "Context", action: Action) -> None:
    s = g.state
    if isinstance(action, End):
        s.laser_bonus = 0
        g.next_phase()
        return
    assert isinstance(action, Fire)
    roll = roll_laser(g.dice, g.tables.laser_die)
    s.lasers_fired += 1
    s.targeted.append(action.area)
    need = target_number(g)
    name = g.board[action.area].name
    hit = roll >= need
    g.emit("laser", f"Laser fires at {g.side_name(action.side)} {action.unit} in {name}: rolled {roll} "
           f"({'destroyed' if hit else 'missed'}; {need}+ destroys).", US, (action.area,),
           ((action.unit, "black", str(roll)),))
    if hit:
        unit = next(u for u in g.units(action.area, action.side) if u.kind == action.unit)
        g.destroy(unit, "laser")
        g.check_armies()
