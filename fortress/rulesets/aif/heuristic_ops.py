"""The America in Flames heuristic's military (stage B): the operations step, battles, and the
units a production order buys. Rules of thumb, each stated where it is applied:

- targets: a region the power may enter (:func:`.military.entry_problem`) that it does not
  hold: worth ``SITE`` with a research site (§5.3: each one taken makes the enemy's rolls dearer
  and ours cheaper), ``HOME`` in an enemy home country (§5.2, §7), 1 in a minor at war, and
  ``BASE`` empty (a landing place); taken only when ATTACK!'s exact odds
  (:func:`fortress.rulesets.attack.heuristic.win_chance`) give ``GOOD_ODDS`` with every unit
  that can go (all but the one holding each region, ATTACK!'s occupancy); a landing only when
  the whole force aboard has them against the target's guard (:func:`guard`: its defenders and
  the enemy army next to it), so the troops mass in the box until they do;
- the operation: Move when its loaded ships lie off the target (land first); in the power's
  first operation of the turn, Navigate when troops wait in its box (they land in the second,
  before the enemy's production sees them at sea); Attack when a target next to its army has
  good odds; Navigate when loaded ships are at sea elsewhere (one zone nearer the best target,
  by value over distance); else pass. Attack and Move send units as ATTACK!'s heuristic does
  (infantry first, until the odds reach ``ENOUGH``); every cargo off a target lands there;
- battles: fronts by the battle's own policy (ATTACK!'s, ruling 12);
- units (production): the side behind in the race (more turns to the target at its rolls)
  spends what research leaves on an invasion force, a destroyer with an infantry aboard at a
  time (3 build points a landed unit); the side ahead buys infantry for each home region with
  a research site that enemy army units could reach next turn (aboard ships off it, or next to
  it), until its defenders outnumber them.
"""
from __future__ import annotations

from collections import deque
from typing import Any

from fortress.engine.actions import Action, End
from fortress.engine.flow import Choose, Pass
from fortress.rulesets.aif import buy, military
from fortress.rulesets.attack import world
from fortress.rulesets.attack.actions import Disembark, Go, Sail
from fortress.rulesets.attack.heuristic import (ENOUGH, GOOD_ODDS, free_force, front_by_policy, pass_or_end, total_of,
                                              win_chance)
from fortress.rulesets.aif.tables import load

SITE = 4.0  #: a research site's region
HOME = 2.0  #: a region of an enemy major's home country
BASE = 0.5  #: an empty region a power may enter: a landing place
SCALE = 10  #: the most units a battle is judged on (:func:`scaled_chance`)
PAIR = ("destroyer", "infantry")  #: the invasion force's unit, bought together (the ship carries the infantry)


# -- reading the map -----------------------------------------------------------------------------
def graph(s: Any) -> world.Graph[Any]:
    return world.graph_of(s)


def value(s: Any, power: str, region: str) -> float:
    """What taking ``region`` is worth to ``power`` (0: it may not go there, or holds it)."""
    if s.control.get(region) == power or military.entry_problem(s, power, region) is not None:
        return 0.0
    area, holder, t = military.americas().areas[region], s.control.get(region), load()
    worth = SITE if area.research_site else 0.0
    major = military.owner(region)
    if major in t.powers and t.side(major) != t.side(power) and region in military.homes(major):
        worth += HOME
    if holder is not None and holder in t.minors:
        worth += 1.0
    return worth or (BASE if holder is None else 0.0)


def defenders(s: Any, region: str) -> tuple[tuple[str, int], ...]:
    holder = s.control.get(region)
    return tuple(sorted(s.army(holder, region).items())) if holder else ()


def odds(s: Any, force: dict[str, int], region: str) -> float:
    """``force``'s chance to take ``region`` (1 if nobody defends it): ATTACK!'s exact odds
    (:func:`scaled_chance`)."""
    defence = defenders(s, region)
    if not defence or not force:
        return 1.0 if force else 0.0
    return scaled_chance(tuple(sorted(force.items())), defence)


def scaled_chance(attack: tuple[tuple[str, int], ...], defence: tuple[tuple[str, int], ...]) -> float:
    """ATTACK!'s odds (:func:`~fortress.rulesets.attack.heuristic.win_chance`), screened for
    speed: two units to one or better counts as a sure win, one to two or worse as a loss; a
    battle of more than ``SCALE`` units is judged on its armies scaled down to ``SCALE`` units
    in all, each kind kept (the ratio of the forces is what the odds turn on)."""
    a, d = sum(n for _, n in attack), sum(n for _, n in defence)
    if a >= 2 * d:
        return 1.0
    if 2 * a <= d:
        return 0.0
    k = min(1.0, SCALE / (a + d))
    return win_chance(shrink(attack, k), shrink(defence, k), 1)


def shrink(units: tuple[tuple[str, int], ...], k: float) -> tuple[tuple[str, int], ...]:
    return tuple((kind, max(1, round(n * k))) for kind, n in units)


def cargo(s: Any, power: str) -> dict[str, dict[str, int]]:
    """The army units aboard ``power``'s ships, by place (a zone or a box)."""
    out: dict[str, dict[str, int]] = {}
    for place, counts in s.ships.get(power, {}).items():
        for key, n in counts.items():
            if "/" in key and n:
                kind = key.split("/")[1]
                out.setdefault(place, {})[kind] = out.setdefault(place, {}).get(kind, 0) + n
    return out


def sea_distance(s: Any, start: str) -> dict[str, int]:
    """Zones (and boxes) by the number of sea steps from ``start``."""
    sea = graph(s).sea
    dist, todo = {start: 0}, deque([start])
    while todo:
        here = todo.popleft()
        for nxt in sorted(sea.get(here, ())):
            if nxt not in dist:
                dist[nxt] = dist[here] + 1
                todo.append(nxt)
    return dist


def guard(s: Any, power: str, region: str) -> tuple[tuple[str, int], ...]:
    """``region``'s defenders and every enemy army unit next to it by land (they may reinforce
    it or strike back before the landing holds): what a landing force is massed against."""
    out: dict[str, int] = dict(defenders(s, region))
    for near in graph(s).land.get(region, ()):
        holder = s.control.get(near)
        if holder is not None and holder != power and s.hostile(power, holder):
            for kind, n in s.army(holder, near).items():
                out[kind] = out.get(kind, 0) + n
    return tuple(sorted((k, n) for k, n in out.items() if n))


def massed(s: Any, power: str, force: dict[str, int], region: str) -> float:
    """``force``'s chance against :func:`guard` of ``region`` (1 if nothing guards it)."""
    against = guard(s, power, region)
    if not against or not force:
        return 1.0 if force else 0.0
    return scaled_chance(tuple(sorted(force.items())), against)


def landing(s: Any, power: str, place: str, force: dict[str, int]) -> tuple[float, str, str] | None:
    """The best target for ``force`` aboard at ``place``: (value over 1 + sea steps, zone off it,
    region), among targets the force takes with ``GOOD_ODDS`` against their guard (the
    defenders and the enemy army next to them: the troops wait, massing, until they do)."""
    dist, coast = sea_distance(s, place), graph(s).coast
    best = None
    for zone in sorted(dist):
        for region in sorted(coast.get(zone, ())):
            worth = value(s, power, region)
            if worth and massed(s, power, force, region) >= GOOD_ODDS:
                score = worth / (1 + dist[zone])
                if best is None or score > best[0]:
                    best = (score, zone, region)
    return best


def land_targets(s: Any, power: str) -> list[str]:
    """Enemy-held regions next (by land) to ``power``'s army that its units there take with good odds."""
    land, out = graph(s).land, []
    mine = {r: c for r, c in s.armies.get(power, {}).items() if c}
    for region in sorted({n for r in mine for n in land.get(r, ())}):
        holder = s.control.get(region)
        if holder is None or holder == power or not s.hostile(power, holder) or not value(s, power, region):
            continue
        force: dict[str, int] = {}
        for r in land.get(region, ()):
            for kind, n in free(mine.get(r, {})).items():
                force[kind] = force.get(kind, 0) + n
        if odds(s, force, region) >= GOOD_ODDS:
            out.append(region)
    return out


def free(units: dict[str, int]) -> dict[str, int]:
    """The units of a region that may leave it: all but one, which holds it (ATTACK!'s
    occupancy; the one left is the first kind by rank, infantry before the rest)."""
    out = {k: n for k, n in units.items() if n}
    stay = min(out, key=lambda k: (k != "infantry", k), default=None)
    if stay is not None:
        out[stay] -= 1
    return {k: n for k, n in out.items() if n}


# -- the operations step ------------------------------------------------------------------------
def operate(game: Any, power: str, legal: list[Action]) -> tuple[Action, str]:
    """One decision of the operations step (or of a battle) for ``power``."""
    s = game.state
    if s.fight:
        return front_by_policy(s, legal)
    if any(isinstance(a, Choose) for a in legal):
        return choose(s, power, legal, first_operation(game))
    if s.phase == "attack":
        return attack(game, legal)
    if s.phase == "move":
        return move(game, power, legal)
    if s.phase == "navigate":
        return navigate(s, power, legal, first_operation(game))
    return pass_or_end(legal, f"nothing to do in {s.phase}")


def first_operation(game: Any) -> bool:
    """Whether this is a power's first operation of the turn (the step's first two times,
    :func:`.operations.playing`): troops leaving the box now can land in the second."""
    return bool(game.ctx.flow.rep < 2)


def plan(s: Any, power: str) -> tuple[str, str] | None:
    """The one target of all ``power``'s troops aboard: (the zone off it, the region), the best
    :func:`landing` for their whole force from its box (else from the place with most aboard),
    so every ship sails for the same place whatever the others did before it."""
    aboard = cargo(s, power)
    if not aboard:
        return None
    force: dict[str, int] = {}
    for counts in aboard.values():
        for kind, n in counts.items():
            force[kind] = force.get(kind, 0) + n
    start = buy.box_of(power) or max(sorted(aboard), key=lambda p: sum(aboard[p].values()))
    best = landing(s, power, start, force)
    return None if best is None else (best[1], best[2])


def choose(s: Any, power: str, legal: list[Action], first: bool = True) -> tuple[Action, str]:
    """Land the troops lying off the plan's target; in the first operation of the turn, sail the
    troops in the box for it (they land in the second, before the enemy's production sees them
    at sea); attack a target with good odds; sail the troops at sea towards the target; else pass."""
    offered = {a.step: a for a in legal if isinstance(a, Choose)}
    aim = plan(s, power)
    aboard = cargo(s, power)
    box = buy.box_of(power)
    if aim is not None:
        zone, region = aim
        if zone in aboard and "move" in offered:
            return offered["move"], f"move: land the troops off {region} ({zone})"
        if first and box in aboard and "navigate" in offered:
            return offered["navigate"], f"navigate: the troops massed in the box sail for {region} (off it at {zone}), to land next"
    targets = land_targets(s, power)
    if targets and "attack" in offered:
        return offered["attack"], f"attack: {', '.join(targets[:3])} at good odds (at least {GOOD_ODDS:.0%})"
    if aim is not None and set(aboard) - {aim[0], box} and "navigate" in offered:
        return offered["navigate"], f"navigate: the troops at sea sail for {aim[1]} (off it at {aim[0]})"
    pass_ = next((a for a in legal if isinstance(a, Pass)), None)
    return (pass_ or legal[0]), "no target worth an operation"


def attack(game: Any, legal: list[Action]) -> tuple[Action, str]:
    """ATTACK!'s rule: the best target by odds and value, units sent until the odds reach ENOUGH."""
    s, side = game.state, game.side
    committed = list(s.act.get("targets", []))
    for target in committed:
        orders = free_force(s, side, legal, target, "attack")
        if orders and odds(s, s.army(side, target), target) < ENOUGH:
            return next_order(s, side, target, orders), f"more units against {target}"
    if committed:
        return pass_or_end(legal, "the attack has what it needs")
    best = None
    for target in sorted({a.dest for a in legal if isinstance(a, Go) and a.how == "attack"}):
        orders = free_force(s, side, legal, target, "attack")
        p = odds(s, total_of(orders), target) if orders else 0.0
        score = p * value(s, side, target)
        if p >= GOOD_ODDS and score > 0 and (best is None or score > best[0]):
            best = (score, target, orders)
    if best is None:
        return pass_or_end(legal, "no target with good odds")
    _, target, orders = best
    return next_order(s, side, target, orders), f"{target}: good odds ({best[0] / value(s, side, target):.0%})"


def move(game: Any, power: str, legal: list[Action]) -> tuple[Action, str]:
    """Every troop off the plan's target lands there (together, so the odds count them all)."""
    s, aim = game.state, plan(game.state, power)
    for a in legal:
        if aim is not None and isinstance(a, Disembark) and (a.zone, a.region) == aim:
            return a, f"land at {a.region}, worth {value(s, power, a.region):.1f}"
    return pass_or_end(legal, "nothing to land")


def navigate(s: Any, power: str, legal: list[Action], first: bool = True) -> tuple[Action, str]:
    """Each loaded ship one zone nearer the plan's target (strictly nearer: no ship sails back);
    from the box only in the first operation of the turn (to land in the second)."""
    aim = plan(s, power)
    if aim is None:
        return pass_or_end(legal, "no troops aboard")
    zone, region = aim
    dist, box = sea_distance(s, zone), buy.box_of(power)
    for a in legal:
        if isinstance(a, Sail) and "/" in a.ship and dist.get(a.dest, 99) < dist.get(a.origin, 99) \
                and (first or a.origin != box):
            return a, f"{a.ship} sails for {region} (off it at {zone})"
    return pass_or_end(legal, "the ships are where they should be")


def next_order(s: Any, side: str, target: str, orders: dict[tuple[str, str], Go]) -> Go:
    """ATTACK!'s rule: the smallest order that brings ``target`` to ``ENOUGH`` odds (infantry
    first), else the largest."""
    here = s.army(side, target)
    for (kind, origin), most in sorted(orders.items(), key=lambda kv: (kv[0][0] != "infantry", kv[0])):
        for n in range(1, most.n + 1):
            if odds(s, {**here, kind: here.get(kind, 0) + n}, target) >= ENOUGH:
                return Go("attack", n, kind, origin, target)
    return max(orders.values(), key=lambda a: (a.n, a.kind, a.origin))


# -- units in the production order ----------------------------------------------------------------
def threat(s: Any, power: str, region: str) -> int:
    """Enemy army units that could enter ``region`` next turn: next to it, or aboard off it."""
    g, t = graph(s), load()
    enemies = [p for p in t.powers if t.side(p) != t.side(power)]
    near = sum(s.army_size(e, r) for e in enemies for r in g.land.get(region, ()))
    aboard = sum(n for e in enemies for z in g.coast.get(region, ()) for n in cargo(s, e).get(z, {}).values())
    return int(near + aboard)


def defence_buys(s: Any, power: str, spare: int) -> tuple[tuple[int, str, str], ...]:
    """Infantry (1 build point each) for each threatened home region with a research site, until
    its defenders outnumber the threat, within ``spare``."""
    out, places = [], set(buy.places(s, power, False))
    for region in military.homes(power):
        if region not in places or not military.americas().areas[region].research_site:
            continue
        need = threat(s, power, region) + 1 - s.army_size(power, region)
        n = max(0, min(need, spare))
        if n:
            out.append((n, "infantry", region))
            spare -= n
    return tuple(out)


def invasion_buys(s: Any, power: str, spare: int) -> tuple[tuple[int, str, str], ...]:
    """A destroyer with an infantry aboard per 3 build points of ``spare``, placed in the box."""
    places = buy.places(s, power, True)
    pairs = spare // (buy.cost([(1, PAIR[0], ""), (1, PAIR[1], "")]) or 1)
    if not places or not pairs:
        return ()
    return ((pairs, PAIR[0], places[0]), (pairs, PAIR[1], places[0]))
