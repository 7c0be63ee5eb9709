"""America in Flames' political engine (§3.1-§3.7): points, sealed influence orders and their
one global order of application, automatic influence, war on minors, conquest, alignment,
neutralisation and eviction. Pure functions over plain data: each returns a new
:class:`Politics` and the moves made, or raises :class:`RuleError` naming the rule and leaves
everything as it was.

The first pre-set-up step of §3.6, replayed:

>>> from fortress.rulesets.aif.tables import load
>>> t = load()
>>> state = presetup(start(t), t)
>>> orders = [Order("germany", "argentina", 5), Order("germany", "panama", 3),
...           Order("japan", "panama", 3), Order("usa", "brazil", 6), Order("usa", "argentina", 2)]
>>> out = resolve(state, t, orders, initiative="axis")
>>> [describe(t, out.state.flags[m]) for m in ("brazil", "argentina", "panama")]
['USA +6', 'Germany +4', 'Germany +5']
>>> out.state.points["germany"], out.state.points["japan"], out.state.points["usa"]
(13, 21, 24)
"""
from __future__ import annotations

from dataclasses import dataclass, field, replace
from math import ceil
from typing import Any, Mapping, Sequence

from fortress.rulesets.aif.tables import Tables, other
from fortress.rulesets.aif.track import (Flag, Move, RuleError, cheapest, describe, frozen, jump_to_full_ally,
                                         secondary, settle, signed, walk)

__all__ = ["Flag", "Move", "Order", "Outcome", "Politics", "Presence", "RuleError", "align", "application_order",
           "automatic", "buy_points", "check_orders", "conquer", "conquest_win", "declare_war", "describe",
           "end_of_step", "enter", "level_cost", "major_conquered", "may_enter", "order_cost", "presetup", "resolve", "start", "war_points"]


@dataclass(frozen=True)
class Politics:
    """The political state: every minor's flag, each power's saved points, conquered majors."""

    flags: Mapping[str, Flag]
    points: Mapping[str, int]
    conquered: frozenset[str] = frozenset()

    def to_plain(self) -> dict[str, Any]:
        """JSON-ready data (a save)."""
        return {"flags": {m: vars(f).copy() for m, f in self.flags.items()}, "points": dict(self.points),
                "conquered": sorted(self.conquered)}

    @classmethod
    def from_plain(cls, data: Mapping[str, Any]) -> "Politics":
        return cls({m: Flag(**f) for m, f in data["flags"].items()}, dict(data["points"]),
                   frozenset(data["conquered"]))


@dataclass(frozen=True)
class Presence:
    """What the map tells the politics: per minor, the powers with any units there, and those
    with land units there."""

    units: Mapping[str, frozenset[str]] = field(default_factory=dict)
    land: Mapping[str, frozenset[str]] = field(default_factory=dict)


@dataclass(frozen=True)
class Order:
    """A sealed influence order: ``levels`` influence levels of ``power`` in ``minor`` (§3.6)."""

    power: str
    minor: str
    levels: int


@dataclass(frozen=True)
class Outcome:
    state: Politics
    moves: tuple[Move, ...] = ()
    log: tuple[str, ...] = ()


def start(t: Tables) -> Politics:
    """The game's start (§3.1, §13): flagged minors on 0, the others Full Allies of their
    controller; no points."""
    flags = {m: Flag() if v.flagged else Flag(t.full_ally, v.controller, aligned=True) for m, v in t.minors.items()}
    return Politics(flags, {p: 0 for p in t.powers})


def presetup(state: Politics, t: Tables, short: bool = False) -> Politics:
    """A pre-set-up influence step's points (§3.5), added to those saved; in the short game
    the Axis powers get twice as many (§12)."""
    factor = t.research["short_game_axis_factor"] if short else 1
    points = {p: n + t.powers[p].presetup_points * (factor if t.side(p) == "axis" else 1)
              for p, n in state.points.items()}
    return replace(state, points=points)


def buy_points(state: Politics, t: Tables, power: str, build_points: int) -> Politics:
    """§5.3: political points at 1 build point each, saved until spent (§3.5)."""
    _power(t, power)
    if isinstance(build_points, bool) or not isinstance(build_points, int) or build_points < 0:
        raise RuleError(f"5.3: political points are bought with a whole number of build points, not {build_points!r}")
    return replace(state, points={**state.points, power: state.points[power] + build_points})


def _power(t: Tables, power: str) -> None:
    if power not in t.powers:
        raise RuleError(f"3.6: no major power named {power!r} (powers: {', '.join(t.powers)})")


def _flagged(t: Tables, minor: str) -> None:
    if minor not in t.minors:
        raise RuleError(f"3.1: no minor named {minor!r} (minors: {', '.join(t.minors)})")
    if not t.minors[minor].flagged:
        raise RuleError(f"3.1: {t.minors[minor].name} has no flag on the track; it is a Full Ally of its controller")


def _movable(t: Tables, state: Politics, minor: str) -> None:
    flag = state.flags[minor]
    if flag.conquered_by:
        raise RuleError(f"3.1: {t.minors[minor].name} is {describe(t, flag)}; its flag never moves again")
    if flag.square >= t.full_ally:
        raise RuleError(f"3.1: {t.minors[minor].name} is a {describe(t, flag)}; its flag never moves again "
                        "until conquered")


# -- costs and orders (§3.6) ---------------------------------------------------------------------
def level_cost(t: Tables, power: str, minor: str, presence: Presence = Presence()) -> int:
    """Points per influence level: the chart's cost, +1 where an enemy land unit (enemy to the
    buyer) stands (§3.6)."""
    enemy = any(t.side(p) != t.side(power) for p in presence.land.get(minor, ()))
    return t.minors[minor].cost[power] + (1 if enemy else 0)


def order_cost(t: Tables, o: Order, presence: Presence = Presence()) -> int:
    """The points an order spends: its levels at :func:`level_cost`."""
    return o.levels * level_cost(t, o.power, o.minor, presence)


def check_orders(state: Politics, t: Tables, orders: Sequence[Order], presence: Presence = Presence()) -> dict[str, int]:
    """Every order valid and affordable (what :func:`resolve` checks first); returns the points
    each power spends, or raises :class:`RuleError` naming the rule."""
    seen: set[tuple[str, str]] = set()
    spent: dict[str, int] = {}
    for o in orders:
        _power(t, o.power)
        _flagged(t, o.minor)
        if o.power in state.conquered:
            raise RuleError(f"3.2: {t.powers[o.power].name} is conquered and writes no orders")
        if isinstance(o.levels, bool) or not isinstance(o.levels, int) or o.levels < 1:
            raise RuleError(f"3.6: influence levels are a whole number of 1 or more "
                            f"({t.powers[o.power].name} in {t.minors[o.minor].name}: {o.levels!r})")
        if (o.power, o.minor) in seen:
            raise RuleError(f"3.6: {t.powers[o.power].name} wrote two orders for {t.minors[o.minor].name}; write one")
        seen.add((o.power, o.minor))
        _movable(t, state, o.minor)
        spent[o.power] = spent.get(o.power, 0) + order_cost(t, o, presence)
    for power, cost in spent.items():
        if cost > state.points[power]:
            raise RuleError(f"3.6: {t.powers[power].name} has {state.points[power]} political points; "
                            f"its orders cost {cost}")
    return spent


def application_order(t: Tables, orders: Sequence[Order], initiative: str,
                      presence: Presence = Presence()) -> list[Order]:
    """The one global order of application (§3.6): most levels first; ties to the side with the
    initiative; then most points on that minor, most points on all minors, most factories;
    last (our ruling), the order the power wrote them in."""
    on_all: dict[str, int] = {}
    for o in orders:
        on_all[o.power] = on_all.get(o.power, 0) + order_cost(t, o, presence)
    rank = list(t.powers)

    def key(item: tuple[int, Order]) -> tuple[int, ...]:
        i, o = item
        return (-o.levels, t.side(o.power) != initiative, -order_cost(t, o, presence),
                -on_all[o.power], -t.powers[o.power].factories, rank.index(o.power), i)

    return [o for _, o in sorted(enumerate(orders), key=key)]


def resolve(state: Politics, t: Tables, orders: Sequence[Order], initiative: str,
            presence: Presence = Presence()) -> Outcome:
    """The sealed orders of one influence step, revealed together: points are spent as written,
    then each order is applied in :func:`application_order` (§3.6, §3.7)."""
    if initiative not in ("allies", "axis"):
        raise RuleError(f"3.6: the initiative is held by 'allies' or 'axis', not {initiative!r}")
    spent = check_orders(state, t, orders, presence)
    flags = dict(state.flags)
    moves: list[Move] = []
    for o in application_order(t, orders, initiative, presence):
        moves += _apply(t, flags, o, state.conquered)
    points = {p: n - spent.get(p, 0) for p, n in state.points.items()}
    return Outcome(Politics(flags, points, state.conquered), tuple(moves), tuple(m.text for m in moves))


def _apply(t: Tables, flags: dict[str, Flag], o: Order, conquered: frozenset[str]) -> list[Move]:
    """One order applied: halved if the flag favours a partner (§3.6, rounding up), hurdles,
    never into Full Ally; then the flash (§3.7)."""
    before, name, minor = flags[o.minor], t.powers[o.power].name, t.minors[o.minor].name
    if frozen(t, before):
        return []  # our ruling: an order made void during the step loses its levels
    side = t.side(o.power)
    levels, why = o.levels, ""
    if before.power not in (None, o.power) and t.side(before.power) == side:
        levels = ceil(o.levels / 2)
        why = f", halved to {levels} (it favours {t.powers[before.power].name})"
    pos, lost = walk(t, signed(t, before), side, levels, cap=t.full_ally - 1)
    after = settle(t, before, pos, o.power)
    flags[o.minor] = after
    if lost and abs(pos) == t.full_ally - 1 and (pos > 0) == (side == "allies"):
        why += f"; 3.6: influence never moves a flag into Full Ally, {lost} lost"
    elif lost:
        why += f"; {lost} lost at a hurdle"
    text = f"3.6: {name}'s {o.levels} levels in {minor}{why}: {describe(t, before)} → {describe(t, after)}"
    moves = [Move(o.minor, before, after, "influence", text)]
    return moves + secondary(t, flags, o.minor, signed(t, after) - signed(t, before), "influence", conquered)


# -- automatic influence (§3.4) -------------------------------------------------------------------
def automatic(state: Politics, t: Tables, turn: str) -> Outcome:
    """§3.4: in a turn with an arrow, every flag on the arrow's square or higher moves one
    square towards its side's Full Ally, into it too (then the minor is aligned). Run in the
    regular steps only, before the orders; the pre-set-up steps have no turn (our ruling)."""
    if turn not in t.turns:
        raise RuleError(f"3.4: no turn named {turn!r} (turns: {', '.join(t.turns)})")
    arrow = t.arrows.get(turn)
    flags, moves = dict(state.flags), []
    for minor in t.flagged():
        before = flags[minor]
        if arrow is None or frozen(t, before) or before.power is None or before.square < arrow:
            continue
        pos, _ = walk(t, signed(t, before), t.side(before.power), 1, cap=t.full_ally)
        after = settle(t, before, pos, before.power)
        after = replace(after, aligned=after.aligned or after.square >= t.full_ally)
        flags[minor] = after
        moves.append(Move(minor, before, after, "automatic", f"3.4: {turn} arrow at {arrow}: {t.minors[minor].name} "
                                                             f"{describe(t, before)} → {describe(t, after)}"))
        moves += secondary(t, flags, minor, signed(t, after) - signed(t, before), "automatic", state.conquered)
    return Outcome(replace(state, flags=flags), tuple(moves), tuple(m.text for m in moves))


# -- war, entry, conquest (§3.2) ------------------------------------------------------------------
def at_war(t: Tables, flag: Flag, power: str) -> bool:
    """``power`` is at war with the minor: it is aligned with, or conquered by, the other side."""
    holder = flag.conquered_by or flag.power
    return holder is not None and (flag.aligned or flag.conquered_by is not None) and t.side(holder) != t.side(power)


def war_points(t: Tables, minor: str, declarer: str) -> dict[str, int]:
    """§3.5: when ``declarer`` declares war on ``minor``, each power of the other side gets the
    highest cost on the chart among the powers other than itself."""
    cost = t.minors[minor].cost
    return {p: max(c for q, c in cost.items() if q != p) for p in t.side_powers(other(t.side(declarer)))}


def declare_war(state: Politics, t: Tables, power: str, minor: str, presence: Presence = Presence()) -> Outcome:
    """§3.2: not where ``power`` has units; the flag goes to the other side's Full Ally (of the
    power it favours there, else the cheapest, then the richest in factories); the other side's
    powers get points (§3.5); the flash acts (§3.7)."""
    _power(t, power)
    _flagged(t, minor)
    _movable(t, state, minor)
    flag, name, country = state.flags[minor], t.powers[power].name, t.minors[minor].name
    if power in presence.units.get(minor, ()):
        raise RuleError(f"3.2: {name} has units in {country} and may not declare war on it")
    if at_war(t, flag, power):
        raise RuleError(f"3.2: {country} is already at war with {name}")
    flags = dict(state.flags)
    moves = jump_to_full_ally(t, flags, minor, other(t.side(power)), "war", f"3.2: {name} declares war on {country}",
                              state.conquered)
    gains = {p: n for p, n in war_points(t, minor, power).items() if p not in state.conquered}
    points = {p: n + gains.get(p, 0) for p, n in state.points.items()}
    log = [m.text for m in moves] + [f"3.5: {t.powers[p].name} gets {n} political points" for p, n in gains.items()]
    return Outcome(Politics(flags, points, state.conquered), tuple(moves), tuple(log))


def enter(state: Politics, t: Tables, power: str, minor: str) -> Outcome:
    """§3.2: a land unit of ``power`` enters a minor it is at war with: the flag goes to the
    other side's Full Ally square if not there already."""
    _power(t, power)
    _flagged(t, minor)
    flag = state.flags[minor]
    if not at_war(t, flag, power):
        raise RuleError(f"3.2: {t.powers[power].name} is not at war with {t.minors[minor].name}")
    if frozen(t, flag):
        return Outcome(state)
    flags = dict(state.flags)
    moves = jump_to_full_ally(t, flags, minor, other(t.side(power)), "entry",
                              f"3.2: {t.powers[power].name} enters {t.minors[minor].name}", state.conquered)
    return Outcome(replace(state, flags=flags), tuple(moves), tuple(m.text for m in moves))


def conquer(state: Politics, t: Tables, power: str, minor: str) -> Outcome:
    """§3.1: a conquered minor's flag goes to the conqueror's force pool and never moves again
    (taking it off the track is not a move along it: no flash, our reading)."""
    _power(t, power)
    if minor not in t.minors:
        raise RuleError(f"3.1: no minor named {minor!r}")
    before = state.flags[minor]
    if not at_war(t, before, power) or before.conquered_by:
        raise RuleError(f"3.2: {t.powers[power].name} can conquer only a minor at war with it, "
                        f"not {t.minors[minor].name} ({describe(t, before)})")
    after = replace(before, conquered_by=power)
    move = Move(minor, before, after, "conquest", f"3.1: {t.powers[power].name} conquers {t.minors[minor].name}")
    return Outcome(replace(state, flags={**state.flags, minor: after}), (move,), (move.text,))


def major_conquered(state: Politics, t: Tables, power: str) -> Outcome:
    """§3.2: a completely conquered major's minors pass at half their square (rounding up, as
    §3.6 halves; Full Ally 16 -> 8) to its side's cheapest unconquered power, then the richest
    in factories (:func:`_inherited`)."""
    _power(t, power)
    conquered = state.conquered | {power}
    flags, moves = dict(state.flags), []
    for minor, before in state.flags.items():
        if before.power != power or before.conquered_by:
            continue
        after = _inherited(t, minor, before, conquered)
        flags[minor] = after
        moves.append(Move(minor, before, after, "partner", f"3.2: {t.powers[power].name} is conquered: "
                          f"{t.minors[minor].name} {describe(t, before)} → {describe(t, after)}"))
    return Outcome(Politics(flags, state.points, conquered), tuple(moves), tuple(m.text for m in moves))


def _inherited(t: Tables, minor: str, before: Flag, conquered: frozenset[str]) -> Flag:
    """A conquered major's minor: a flag at half its square to the cheapest partner; an
    unflagged minor (no flag to halve) a Full Ally of the partner with most factories (our
    ruling); with no partner left, neutral on 0 (our ruling)."""
    assert before.power is not None
    partners = [p for p in t.side_powers(t.side(before.power)) if p not in conquered]
    if not partners:
        return Flag()
    if not t.minors[minor].flagged:
        return Flag(t.full_ally, max(partners, key=lambda p: t.powers[p].factories), aligned=True)
    heir = cheapest(t, minor, t.side(before.power), conquered)
    return replace(before, square=ceil(before.square / 2), power=heir)


def align(state: Politics, t: Tables, power: str, minor: str) -> Outcome:
    """§3.1: at Mobilisation or higher, the favoured power aligns the minor by announcing it."""
    _power(t, power)
    _flagged(t, minor)
    before = state.flags[minor]
    band = t.band(before.square)
    if before.power != power or band is None or not band.align or before.conquered_by:
        raise RuleError(f"3.1: only the favoured power aligns a minor, from square {t.mobilisation} up "
                        f"({t.minors[minor].name} is {describe(t, before)})")
    if before.aligned:
        return Outcome(state)
    after = replace(before, aligned=True)
    move = Move(minor, before, after, "neutral", f"3.1: {t.powers[power].name} aligns {t.minors[minor].name}")
    return Outcome(replace(state, flags={**state.flags, minor: after}), (move,), (move.text,))


# -- the end of any step (§3.1) -------------------------------------------------------------------
def may_enter(t: Tables, flag: Flag, power: str) -> bool:
    """§3.1: the favoured power's units may enter from May Enter up; its partners' once the minor
    is aligned; enemies' by war; a conquered minor is open to the conqueror's side."""
    if flag.conquered_by:
        return t.side(flag.conquered_by) == t.side(power)
    if at_war(t, flag, power):
        return True
    band = t.band(flag.square)
    if flag.power is None or band is None or not band.enter or t.side(flag.power) != t.side(power):
        return False
    return flag.power == power or flag.aligned


def end_of_step(state: Politics, t: Tables, presence: Presence = Presence()) -> tuple[Outcome, list[tuple[str, str]]]:
    """§3.1 at the end of any step: an aligned minor below Mobilisation becomes neutral; units
    standing where they could not enter must leave (returned as (power, minor) pairs, for the map
    to send to the production spiral)."""
    flags, moves = dict(state.flags), []
    for minor in t.flagged():
        before = flags[minor]
        if before.aligned and not before.conquered_by and before.square < t.mobilisation:
            after = replace(before, aligned=False)
            flags[minor] = after
            moves.append(Move(minor, before, after, "neutral", f"3.1: {t.minors[minor].name} falls below "
                              f"Mobilisation ({describe(t, before)}) and becomes neutral"))
    evicted = [(p, m) for m, powers in presence.units.items() for p in sorted(powers)
               if m in flags and not may_enter(t, flags[m], p)]
    log = [m.text for m in moves] + [f"3.1: {t.powers[p].name}'s units leave {t.minors[m].name}" for p, m in evicted]
    return Outcome(replace(state, flags=flags), tuple(moves), tuple(log)), evicted


def conquest_win(state: Politics, t: Tables, side: str) -> bool:
    """§7: ``side`` has conquered every major of the other side, and every minor on the map is
    conquered by it or aligned with it."""
    if not set(t.side_powers(other(side))) <= state.conquered:
        return False
    for minor, flag in state.flags.items():
        if not t.minors[minor].on_map:
            continue
        holder = flag.conquered_by or (flag.power if flag.aligned else None)
        if holder is None or t.side(holder) != side:
            return False
    return True
