"""Fire Lasers (rules: Action Sequence 4, Lasers). U.S. only.

Each laser fires once, at one Invader unit in any land territory that has no targeting
marker yet (one laser per territory per turn): black d10, 5 or more destroys.
Project ruling: lasers do not reach units in invasion zones.
"""
from __future__ import annotations

from typing import TYPE_CHECKING

from fortress.rules.actions import Action, End, Fire, shared
from fortress.rules.dice import LASER_DIE, roll_laser
from fortress.rules.phases.cache import Cache, following, updated
from fortress.rules.units import SIDE_NAMES, US

if TYPE_CHECKING:
    from fortress.rules.game import Game


def enter(g: "Game") -> None:
    g.state.targeted = []
    g.state.lasers_fired = 0


def target_number(g: "Game") -> int:
    return LASER_DIE.destroy_on - g.state.laser_bonus


class _Targets(Cache):
    """The Fire actions of one Fire Lasers phase. A shot only targets its territory (and
    may destroy a unit there), so after it the list loses that territory's actions."""

    __slots__ = ("next",)


def legal(g: "Game") -> list[Action]:
    s = g.state
    if s.lasers_fired >= len(s.lasers):
        return [End()]
    c = updated(g, "lasers")
    if c is not None:
        return c.produce(c.next)
    seen = {(u.side, u.kind, u.area) for u in s.units.values()
            if u.side != US and g.board[u.area].is_land and u.area not in s.targeted}
    c = g.memo["lasers"] = _Targets(g)
    return c.produce([_fire(*t) for t in sorted(seen)] + [End()])


def _fire(side: str, unit: str, area: str) -> Fire:
    """One shared object per action (see fortress.rules.actions.shared)."""
    return shared(Fire, side, unit, area)


def apply(g: "Game", action: Action) -> None:
    s = g.state
    if isinstance(action, End):
        s.laser_bonus = 0
        g.next_phase()
        return
    assert isinstance(action, Fire)
    c = following(g, "lasers")
    if c is not None:
        area = action.area
        c.next = [a for a in c.out if not isinstance(a, Fire) or a.area != area]
    rng = g.rng()
    roll = roll_laser(rng)
    g.keep_rng(rng)
    s.lasers_fired += 1
    s.targeted.append(action.area)
    need = target_number(g)
    name = g.board[action.area].name
    hit = roll >= need
    g.emit("laser", f"Laser fires at {SIDE_NAMES[action.side]} {action.unit} in {name}: rolled {roll} "
           f"({'destroyed' if hit else 'missed'}; {need}+ destroys).", US, (action.area,),
           ((action.unit, "black", str(roll)),))
    if hit:
        unit = next(u for u in g.units(action.area, action.side) if u.kind == action.unit)
        g.destroy(unit, "laser")
        g.check_armies()


def explain(g: "Game", action: Action) -> str:
    s = g.state
    if not isinstance(action, Fire):
        return "Fire Lasers: fire at an Invader unit ('fire SIDE UNIT AREA') or 'end'."
    if s.lasers_fired >= len(s.lasers):
        return f"Fire Lasers: all {len(s.lasers)} lasers have fired this turn (each fires once)."
    area = g.board[action.area]
    if area.is_zone:
        return f"Fire Lasers: lasers reach land territories only, not invasion zones like {area.name} (project ruling)."
    if action.area in s.targeted:
        return f"Fire Lasers: {area.name} already has a targeting marker (one laser per territory per turn)."
    return f"Fire Lasers: there is no {SIDE_NAMES.get(action.side, action.side)} {action.unit} in {area.name}."
