"""Units bought in the sealed production order (stage B, design): ATTACK!'s units at ATTACK!'s
costs (attack/data/units.toml), placed when the orders are revealed.

* An Allied power places army units in a home region it holds, ships on such a region's coast
  (``coast:REGION``, as ATTACK! builds them).
* An Axis power, off the map, places ships in its box; its army units go aboard its empty ships
  there that can carry them (as many as there are), the ships bought in the same order first.
"""
from __future__ import annotations

from typing import Any, Sequence

from fortress.rulesets.aif import military
from fortress.rulesets.aif.tables import load
from fortress.rulesets.attack.tables import load as attack_tables
from fortress.rulesets.attack.world import COAST

Buy = tuple[int, str, str]  #: (count, unit type, place)


def cost(units: Sequence[Buy]) -> int:
    table = attack_tables().units
    return sum(n * table[kind]["cost"] for n, kind, _ in units if kind in table)


def box_of(power: str) -> str | None:
    return next((a.id for a in military.americas().areas.values() if a.kind == "box" and power in a.powers), None)


def places(s: Any, power: str, naval: bool) -> list[str]:
    """Where ``power`` places a bought unit of that branch."""
    box = box_of(power)
    if box is not None:
        return [box]
    regions = [r for r in military.homes(power) if s.control.get(r) == power]
    if naval:
        coastal = military.americas()
        return [COAST + r for r in regions if any(e.type == "coast" and r in (e.a, e.b) for e in coastal.edges)]
    return regions


def problem(s: Any, power: str, units: Sequence[Buy]) -> str | None:
    """Why ``power`` may not place ``units`` (None: it may)."""
    table = attack_tables().units
    for n, kind, place in units:
        if kind not in table or n < 1:
            return f"Production: {kind[:30]!r} is not a unit type ({', '.join(table)}), or {n} is not 1 or more."
        naval = table[kind]["branch"] == "naval"
        if place not in places(s, power, naval):
            where = ", ".join(places(s, power, naval)) or "nowhere (no home region held)"
            return f"Production: {load().powers[power].name} places {kind} at {where}, not {place[:40]} (design)."
    if box_of(power) is not None and boarding(s, power, units) is None:
        return (f"Production: {load().powers[power].name}'s army units go aboard empty ships in its box "
                "that can carry them, and there are not enough (design).")
    return None


def boarding(s: Any, power: str, units: Sequence[Buy]) -> list[tuple[str, str]] | None:
    """The ships in ``power``'s box (empty ones there and those bought now) its bought army
    units board, in order, each the first ship type (by name) that carries it; None if one finds none."""
    table = attack_tables().units
    box = box_of(power) or ""
    empty = {k: n for k, n in s.fleet(power, box).items() if "/" not in k}
    for n, kind, _ in units:
        if table[kind]["branch"] == "naval":
            empty[kind] = empty.get(kind, 0) + n
    out = []
    for n, kind, _ in units:
        if table[kind]["branch"] != "army":
            continue
        for _ in range(n):
            ship = next((k for k in sorted(empty) if empty[k] and kind in table[k]["carries"]), None)
            if ship is None:
                return None
            empty[ship] -= 1
            out.append((ship, kind))
    return out


def place(g: Any, power: str, units: Sequence[Buy]) -> None:
    """Put the bought units on the map (:func:`problem` said they fit): ships first, then the
    army units, in a home region or aboard (:func:`boarding`)."""
    s, table, box = g.state, attack_tables().units, box_of(power)
    plan = (boarding(s, power, units) or []) if box is not None else []
    for n, kind, where in units:
        if table[kind]["branch"] == "naval" or box is None:
            (s.add_ship if table[kind]["branch"] == "naval" else s.add_army)(power, where, kind, n)
    for ship, kind in plan:
        s.add_ship(power, box, ship, -1)
        s.add_ship(power, box, f"{ship}/{kind}", 1)
    if units:
        bought = ", ".join(f"{n} {k} at {w}" for n, k, w in units)
        g.emit("build", f"{load().powers[power].name} places {bought}.", power)
