"""America in Flames' military on the Americas map (stage B, design around the text's §3): what
the map tells the politics, the one political check on where units may go, the minors' armies
raised when war comes, and conquest. The units, moves and battles are ATTACK!'s
(:mod:`fortress.rulesets.attack`); docs/rules-aif.md gives each rule's source and tests.

* :func:`entry_problem`: where a land unit may end a Move, Attack or landing: its power's own
  regions; an enemy's (a battle follows); a minor's at peace only where §3.1's band lets it in
  (:func:`~.politics.may_enter`); never a partner's or a friendly minor's (ruling: one holder's
  army per region, as in ATTACK!). A box takes only its own powers' ships (design).
* :func:`muster`: at the end of every step (§3.1) a minor at war (aligned) raises its army
  (``minors.toml`` ``army``: infantry, spread over its regions, design) and holds its regions; a
  minor fallen neutral disbands; units where they may no longer be leave the map (§3.1).
* :func:`settle`: after each operation's actions: entering a minor at war moves its flag (§3.2);
  a minor at war with every region taken is conquered by the power holding most of them (§3.1);
  an Allied major with every home region held by the Axis is conquered (§3.2); the Axis win by
  conquest (§7).
"""
from __future__ import annotations

from collections.abc import Mapping
from functools import cache
from typing import Any

from fortress.geodata.americas_map import AmericasMap
from fortress.rulesets.aif import politics
from fortress.rulesets.aif.politics import Presence
from fortress.rulesets.aif.tables import Tables, load, other
from fortress.rulesets.attack import world
from fortress.rulesets.attack.tables import load as attack_tables

Context = Any


def americas() -> AmericasMap:
    """The Americas map, loaded once (with ATTACK!'s graph of it)."""
    return world.americas_graph().world


def owner(region: str) -> str:
    """The power or minor a region belongs to ('' for a zone or box)."""
    return americas().areas[region].owner


@cache
def regions_of(holder: str) -> tuple[str, ...]:
    return tuple(americas().held_by(holder))


@cache
def homes(power: str) -> tuple[str, ...]:
    """A major's home regions on the map (§13: the USA, Canada, French Guiana)."""
    return tuple(r for r in regions_of(power) if americas().areas[r].home)


def forces_problem(data: Mapping[str, Any]) -> str:
    """``forces.toml`` (its shape checked by its schema) on the map: every area on the Americas
    map (a ship's place: a zone, a box or ``coast:REGION``), every unit one of ATTACK!'s types,
    every cargo one its ship carries."""
    areas, units = americas().areas, attack_tables().units
    for power in data:
        for branch in ("armies", "ships"):
            for place, counts in data[power][branch].items():
                region = place.removeprefix("coast:") if branch == "ships" else place
                kind = "region" if branch == "armies" or place.startswith("coast:") else "sea area or box"
                if region not in areas or (areas[region].kind == "region") != (kind == "region"):
                    return f"forces.toml: [{power}] {branch}: {place!r} is not a {kind} of the Americas map"
                for key in counts:
                    unit, _, cargo = key.partition("/")
                    want = "army" if branch == "armies" else "naval"
                    if unit not in units or units[unit]["branch"] != want or (
                            cargo and cargo not in units[unit]["carries"]):
                        return (f"forces.toml: [{power}] {branch} {place}: {key!r} is not one of ATTACK!'s "
                                f"{want} units (or cargo it carries)")
    return ""


def enemies(s: Any, side: str, holder: str) -> bool:
    """``side`` (a power) and ``holder`` (a power or a minor) are at war."""
    t = load()
    if holder in t.powers:
        return t.side(holder) != t.side(side)
    flag = s.politics.flags.get(holder)
    return flag is not None and politics.at_war(t, flag, side)


def entry_problem(s: Any, power: str, region: str) -> str | None:
    """Why ``power``'s land units may not end in ``region`` (None: they may)."""
    t = load()
    holder = s.control.get(region)
    name = americas().areas[region].name
    if holder == power or (holder is not None and enemies(s, power, holder)):
        return None
    if holder is not None:
        return (f"{name} is held by {holder_text(t, holder)}, a friend: one holder's army per region "
                "(ruling, as in ATTACK!)")
    minor = owner(region)
    flag = s.politics.flags.get(minor)
    if flag is not None and politics.may_enter(t, flag, power):
        return None
    return (f"3.1: {t.powers[power].name} may not enter {name}: {holder_text(t, minor)} is not at war with it "
            "and its flag does not let it in")


def box_problem(power: str, place: str) -> str | None:
    """Design: only a box's own powers' ships enter it (Japan's; Germany's and Italy's)."""
    area = americas().areas.get(place)
    if area is None or area.kind != "box" or power in area.powers:
        return None
    return f"only {' and '.join(p.capitalize() for p in area.powers)}'s ships enter the {area.name} box (design)"


def holder_text(t: Tables, holder: str) -> str:
    if holder in t.powers:
        return t.powers[holder].name
    return t.minors[holder].name if holder in t.minors else holder


def presence(s: Any) -> Presence:
    """Per minor, the powers with units in its regions or on their coasts, and with land units."""
    t = load()
    units: dict[str, set[str]] = {}
    land: dict[str, set[str]] = {}
    for power in t.powers:
        for region in s.armies.get(power, {}):
            if owner(region) in t.minors:
                land.setdefault(owner(region), set()).add(power)
                units.setdefault(owner(region), set()).add(power)
        for place in s.ships.get(power, {}):
            if place.startswith("coast:") and owner(place[6:]) in t.minors:
                units.setdefault(owner(place[6:]), set()).add(power)
    return Presence({m: frozenset(p) for m, p in units.items()}, {m: frozenset(p) for m, p in land.items()})


def step_end(g: Context) -> None:
    """§3.1, at the end of any step (and after a major's conquest moves its minors): an aligned
    minor below Mobilisation falls neutral, units where they may no longer be leave, and the
    armies are mustered (:func:`muster`)."""
    s = g.state
    out, evicted = politics.end_of_step(s.politics, load(), presence(s))
    for line in out.log:
        g.emit("neutral", line)
    s.politics = out.state
    muster(g, evicted)


def muster(g: Context, evicted: list[tuple[str, str]]) -> None:
    """§3.1 at a step's end: minors at war raise their armies, neutral ones disband, and the
    ``evicted`` (power, minor) pairs' units leave the minor's regions (design: off the map)."""
    s, t = g.state, load()
    for minor in t.flagged():
        flag = s.politics.flags[minor]
        if flag.aligned and not flag.conquered_by and minor not in s.raised:
            raise_army(g, minor)
        elif minor in s.raised and not flag.aligned and not flag.conquered_by:
            s.raised.remove(minor)
            s.armies.pop(minor, None)
            for region in regions_of(minor):
                if s.control.get(region) == minor:
                    del s.control[region]
            g.emit("disband", f"3.1: {t.minors[minor].name}'s army disbands.", None, regions_of(minor))
    for power, minor in evicted:
        for region in regions_of(minor):
            s.armies.get(power, {}).pop(region, None)
            s.ships.get(power, {}).pop("coast:" + region, None)
            if s.control.get(region) == power:
                del s.control[region]


def raise_army(g: Context, minor: str) -> None:
    """A minor at war raises ``army`` infantry (minors.toml, design), spread evenly over the
    regions it still holds or that nobody holds (the first taking the odd ones). A region where
    a power's units already stand is held by that power instead (design; the most units, then
    the turn order): one holder's army per region."""
    s, t = g.state, load()
    s.raised.append(minor)
    for region in regions_of(minor):
        there = [p for p in t.powers if s.army_size(p, region)]
        if s.control.get(region) is None and there:
            s.control[region] = max(there, key=lambda p: (s.army_size(p, region), -list(t.powers).index(p)))
    mine = [r for r in regions_of(minor) if s.control.get(r) in (None, minor)]
    if not mine:
        return
    n = t.minors[minor].army
    for i, region in enumerate(mine):
        s.control[region] = minor
        count = n // len(mine) + (1 if i < n % len(mine) else 0)
        if count:
            s.add_army(minor, region, "infantry", count)
    g.emit("muster", f"{t.minors[minor].name} goes to war and raises {n} infantry.", None, tuple(mine))


def entered(g: Context, power: str, region: str) -> None:
    """§3.2: a land unit of ``power`` enters a minor at war with it: the flag goes to the other
    side's Full Ally square (if it is not there)."""
    s, t = g.state, load()
    minor = owner(region)
    flag = s.politics.flags.get(minor)
    if minor not in t.flagged() or flag is None or flag.conquered_by or not politics.at_war(t, flag, power):
        return
    out = politics.enter(s.politics, t, power, minor)
    s.politics = out.state
    for line in out.log:
        g.emit("war", line, power)


def home_attacked(g: Context, power: str, region: str) -> None:
    """§5.2: an enemy land unit attacks ``region``: its major's home is attacked this turn."""
    s, t = g.state, load()
    major = owner(region)
    if major in t.powers and region in homes(major) and t.side(major) != t.side(power) and major not in s.attacked:
        s.attacked.append(major)


def settle(g: Context) -> None:
    """After an operation's action: a minor at war (an unflagged one: its controller's regions)
    with every region held by its enemies is conquered (§3.1), by the power holding most;
    majors conquered (§3.2); the win by conquest (§7)."""
    s, t = g.state, load()
    unflagged = [m for m, v in t.minors.items() if not v.flagged and v.on_map]
    for minor in [*s.raised, *unflagged]:
        flag = s.politics.flags[minor]
        takers = [s.control.get(r) for r in regions_of(minor)]
        if flag.conquered_by or not takers or not all(h in t.powers and politics.at_war(t, flag, h) for h in takers):
            continue
        conqueror = max(takers, key=lambda p: (takers.count(p), -list(t.powers).index(p)))
        out = politics.conquer(s.politics, t, conqueror, minor)
        s.politics = out.state
        for line in out.log:
            g.emit("conquest", line, conqueror, regions_of(minor))
    for power in t.powers:
        mine = homes(power)
        if power in s.politics.conquered or not mine:
            continue
        if all(s.control.get(r) in t.powers and t.side(s.control[r]) != t.side(power) for r in mine):
            out = politics.major_conquered(s.politics, t, power)
            s.politics = out.state
            g.emit("conquest", f"3.2: {t.powers[power].name}'s home country is conquered.", None, mine)
            for line in out.log:
                g.emit("conquest", line)
            step_end(g)
    for side in ("axis", "allies"):
        if not g.is_over and politics.conquest_win(s.politics, t, side):
            g.end_game(side, f"the {side.capitalize()} have conquered every home country of the "
                             f"{other(side).capitalize()} on the map, and every minor is theirs (7).")


def research_control(s: Any) -> dict[str, str]:
    """Each research site's holder (§5.3: a site changes hands with its region)."""
    areas = americas().areas.values()
    return {a.research_site: s.control.get(a.id, a.owner) for a in areas if a.research_site}
