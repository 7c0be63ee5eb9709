"""Maneuvers (rules: Action Sequence 3, Special Unit Abilities).

Each unit moves once, up to its movement value, through territories its side controls
(an Invader's own zones count) and ends in one. Foot units move only when a mobile
unit carries one from its own territory (Transport). Air units fly over any land
territory and their own zones, and end in friendly ones, except:

* Bombing: a bomber may end in an occupied declared enemy territory (up to 5 bombers
  beyond the unit limit); it must attack there in Combat and keeps its place in the
  territory it came from.
* Scouting: a helicopter may end in an unoccupied, non-city declared enemy territory;
  it cannot move or attack again this turn.
"""
from __future__ import annotations

from bisect import insort
from itertools import chain
from typing import TYPE_CHECKING

from fortress.rules.actions import Action, End, Move, shared
from fortress.rules.phases.cache import Cache, following, updated
from fortress.rules.state import RULES
from fortress.rules.units import AIR, FOOT, SIDE_NAMES, UNITS

if TYPE_CHECKING:
    from fortress.rules.game import Game

BOMBING_LIMIT = RULES["bombing_limit"]
UNIT_LIMIT = RULES["unit_limit"]


_REACH: dict[tuple[int, str, str, int], dict[str, int]] = {}


def _passable(g: "Game", side: str):
    board = g.board

    def through_air(a: str) -> bool:  # air: any land, and own zones
        area = board[a]
        return area.is_land or area.side == side

    return through_air


def air_reach(g: "Game", side: str, src: str, steps: int) -> dict[str, int]:
    """Areas an air unit of ``side`` reaches from ``src``: it depends on the board
    only (air flies over any land and its own zones), so it is cached."""
    key = (id(g.board), side, src, steps)
    found = _REACH.get(key)
    if found is None:
        found = _REACH[key] = g.board.reachable(src, steps, _passable(g, side))
    return found


def destinations(g: "Game", side: str, src: str, kind: str) -> dict[str, str]:
    """Where a unit of ``kind`` in ``src`` may end: {area: "move"|"bomb"|"scout"}."""
    return _destinations(g, side, src, kind, _enemy_areas(g, side))


def _enemy_areas(g: "Game", side: str) -> set[str]:
    return {u.area for u in g.state.units.values() if u.side != side}


def _destinations(g: "Game", side: str, src: str, kind: str, enemy_areas: set[str]) -> dict[str, str]:
    unit, s, board = UNITS[kind], g.state, g.board
    control, declared = s.control, s.declared
    reach = air_reach(g, side, src, unit.move) if unit.cls == AIR else board.neighbours(src)
    out: dict[str, str] = {}
    for dst in reach:
        if dst == src:
            continue
        if control[dst] == side:
            out[dst] = "move"
        elif dst in declared and board[dst].is_land:
            if unit.bombing and dst in enemy_areas:
                out[dst] = "bomb"
            elif unit.scouting and dst not in enemy_areas and not board[dst].is_city:
                out[dst] = "scout"
    return out


def _capacity(g: "Game", side: str, dst: str, how: str) -> int:
    if how == "bomb":
        return BOMBING_LIMIT - sum(1 for u in g.units(dst, side) if u.status == "bombing")
    return g.room(dst, side)


def _move(*key) -> Move:
    """One shared object per action (see fortress.rules.actions.shared)."""
    return shared(Move, *key)


def _where(g: "Game", side: str, src: str, kind: str) -> dict[str, str]:
    """:func:`destinations`, worked out once per phase (g.memo, from :func:`_plan`)."""
    wheres = g.memo.get("maneuvers-where")
    if wheres is None:
        wheres = g.memo["maneuvers-where"] = {}
    where = wheres.get((src, kind))
    if where is None:
        where = wheres[(src, kind)] = {dst: how for dst, how, _row in _plan(g, side, src, kind)}
    return where


def _plan(g: "Game", side: str, src: str, kind: str) -> tuple[tuple[str, str, list[Move]], ...]:
    """``(dst, how, [move 1 ..., move 2 ..., ...])`` for each place :func:`destinations`
    gives, in the same order. Control, declarations and enemy positions do not change
    during Maneuvers, so it is worked out once per phase (g.memo)."""
    plans = g.memo.get("maneuvers-plan")
    if plans is None:
        s = g.state
        plans = g.memo["maneuvers-plan"] = {}
        g.memo["maneuvers-enemy"] = _enemy_areas(g, side)
        g.memo["maneuvers-declared"] = set(s.declared)
    plan = plans.get((src, kind))
    if plan is not None:
        return plan
    unit, control = UNITS[kind], g.state.control
    enemy, declared = g.memo["maneuvers-enemy"], g.memo["maneuvers-declared"]
    out = []
    for dst, land, city, row in _candidates(g, side, src, kind):
        if control[dst] == side:
            out.append((dst, "move", row))
        elif land and dst in declared:
            if unit.bombing and dst in enemy:
                out.append((dst, "bomb", row))
            elif unit.scouting and dst not in enemy and not city:
                out.append((dst, "scout", row))
    plan = plans[(src, kind)] = tuple(out)
    return plan


def _candidates(g: "Game", side: str, src: str, kind: str) -> tuple:
    """``(dst, is land, is city, moves)`` for each area a ``kind`` could reach from
    ``src`` on this board, whoever holds what (cached for the process)."""
    key = (id(g.board), side, src, kind)
    found = _CANDIDATES.get(key)
    if found is None or found[0] is not g.board:
        unit, board = UNITS[kind], g.board
        reach = air_reach(g, side, src, unit.move) if unit.cls == AIR else board.neighbours(src)
        found = _CANDIDATES[key] = (board, tuple((dst, board[dst].is_land, board[dst].is_city, _row(kind, src, dst))
                                                 for dst in reach if dst != src))
    return found[1]


_CANDIDATES: dict[tuple, tuple] = {}


def _row(kind: str, src: str, dst: str) -> list[Move]:
    row = _ROWS.get((kind, src, dst))
    if row is None:
        row = _ROWS[(kind, src, dst)] = [_move(k, kind, src, dst) for k in range(1, UNIT_LIMIT + 1)]
    return row


#: ``[move 1 ..., move 5 ...]`` by (kind, src, dst), shared and never changed (actions
#: are immutable).
_ROWS: dict[tuple[str, str, str], list[Move]] = {}
_CARRIERS = frozenset(k for k, u in UNITS.items() if u.transport)


class _Moves(Cache):
    """The legal moves of one Maneuvers phase, kept in pieces a move changes little.

    Control, declarations and enemy positions are fixed during Maneuvers, so a move
    ``S -> D`` changes only the moves from ``S`` (fewer movers and passengers) and the
    moves into ``S`` or ``D`` (their room changed). ``kinds[src]``: unmoved movers by
    type, in uid order; ``first[src]``: the smallest such uid (sources are listed in
    that order, as a walk over the units in uid order would); ``foot[src]``: unmoved
    passengers by type; ``segs[(src, kind)]``: one list of moves per destination of
    ``_where(src, kind)``; ``blocks[src]``: all moves from ``src``; ``users[dst]``:
    ``(src, kind, i, how)`` whose i-th destination is ``dst``; ``load`` and ``bombing``:
    counts toward the unit and bombing limits.
    """

    __slots__ = ("side", "kinds", "first", "foot", "order", "segs", "blocks", "users", "load", "bombing")


def _build(g: "Game") -> _Moves:
    """A cache worked out from scratch (stored in g.memo), in one walk over the units;
    or the cache already there if that walk finds what it was built from (:func:`_same`)."""
    old = g.memo.get("maneuvers-moves")
    c = g.memo["maneuvers-moves"] = _Moves(g)
    c.side = side = g.state.turn
    grounded = side in g.state.grounded
    c.load, c.bombing = load, bombing = dict.fromkeys(g.board.ids, 0), dict.fromkeys(g.board.ids, 0)
    c.kinds, c.first = kinds, first = {}, {}
    c.segs, c.blocks, c.users = {}, {}, {}
    foot: dict[str, dict[str, int]] = {}
    for u in g.state.units.values():  # in uid order
        if u.side != side:
            continue
        area = u.area
        if u.status == "bombing":
            load[u.origin] += 1
            bombing[area] += 1
        else:
            load[area] += 1
        if u.moved:
            continue
        cls = UNITS[u.kind].cls
        if cls == FOOT:
            foot.setdefault(area, {})[u.kind] = 1
        elif not u.status and not (grounded and cls == AIR):
            here = kinds.get(area)
            if here is None:
                here = kinds[area] = {}
                first[area] = u.uid
            here[u.kind] = here.get(u.kind, 0) + 1
    c.foot = {src: foot.get(src, {}) for src in kinds}
    if old is not None and old.state is c.state and _same(old, c):
        g.memo["maneuvers-moves"] = old
        return old
    c.order = list(kinds)  # first seen first: sorted by the smallest mover uid
    for src in kinds:
        _source(g, c, src)
    return c


def _same(old: _Moves, new: _Moves) -> bool:
    """``old`` (the cache of this state, kept up to date by every action since it was
    built) counts what ``new``'s walk counted: the same side, movers by type and source
    in the same order, passengers, loads and bombers. Every move list is worked out from
    those counts and the phase's plans, so ``old``'s lists are those a new build would
    make (a build after ``game._legal`` was reset, e.g. by a benchmark, is then cheap);
    a state changed behind the engine's back in any way that matters makes them differ."""
    if old.side != new.side or old.order != list(new.kinds) or old.first != new.first \
            or old.load != new.load or old.bombing != new.bombing:
        return False
    okinds, ofoot, nfoot = old.kinds, old.foot, new.foot
    for src, here in new.kinds.items():
        if list(okinds[src].items()) != list(here.items()) or list(ofoot[src]) != list(nfoot[src]):
            return False
    return True


def _scan(g: "Game", c: _Moves, src: str) -> bool:
    """Recount the movers and passengers in ``src``; False if none can move."""
    grounded = c.side in g.state.grounded
    kinds: dict[str, int] = {}
    foot: dict[str, int] = {}
    first = None
    for u in g.units(src, c.side):
        if u.moved:
            continue
        cls = UNITS[u.kind].cls
        if cls == FOOT:
            foot[u.kind] = 1
        elif not u.status and not (grounded and cls == AIR):
            kinds[u.kind] = kinds.get(u.kind, 0) + 1
            if first is None:
                first = u.uid
    if first is None:
        for table in (c.kinds, c.first, c.foot, c.blocks):
            table.pop(src, None)
        return False
    c.kinds[src], c.first[src], c.foot[src] = kinds, first, foot
    return True


def _source(g: "Game", c: _Moves, src: str) -> None:
    """Rebuild every move from ``src`` (and register its destinations in ``users`` the
    first time, in the same walk over the plan)."""
    segs = c.segs
    for kind in c.kinds[src]:
        key = (src, kind)
        plan = _plan(g, c.side, src, kind)
        segs[key] = _segments(c, src, kind, plan, key not in segs)
    _block(c, src)


def _block(c: _Moves, src: str) -> None:
    segs = c.segs
    c.blocks[src] = list(chain.from_iterable(chain.from_iterable(segs[(src, kind)] for kind in c.kinds[src])))


def _segments(c: _Moves, src: str, kind: str, plan: tuple, register: bool) -> list[list[Move]]:
    """The moves of ``kind`` from ``src``, one list per destination of ``plan``:
    1..n units (within the room there), then each passenger. ``register``: also record
    each destination's use in ``c.users``."""
    if register:
        users = c.users
        for i, (dst, how, _row) in enumerate(plan):
            found = users.get(dst)
            if found is None:
                users[dst] = [(src, kind, i, how)]
            else:
                found.append((src, kind, i, how))
    n = c.kinds[src][kind]
    if n > UNIT_LIMIT or (kind in _CARRIERS and c.foot[src]):
        return [_segment(c, src, kind, dst, how) for dst, how, _row in plan]
    load, bombing = c.load, c.bombing
    out = []
    for dst, how, row in plan:
        cap = BOMBING_LIMIT - bombing[dst] if how == "bomb" else UNIT_LIMIT - load[dst]
        out.append(row[:n if n < cap else cap] if cap > 0 else [])
    return out


def _segment(c: _Moves, src: str, kind: str, dst: str, how: str) -> list[Move]:
    """The moves of ``kind`` from ``src`` to ``dst``: 1..n units, then each passenger."""
    n = c.kinds[src][kind]
    cap = BOMBING_LIMIT - c.bombing[dst] if how == "bomb" else UNIT_LIMIT - c.load[dst]
    if cap <= 0:
        return []
    seg = [_move(k, kind, src, dst) for k in range(1, min(n, cap) + 1)] if n > UNIT_LIMIT \
        else _row(kind, src, dst)[:n if n < cap else cap]
    if cap >= 2 and how == "move" and kind in _CARRIERS and c.foot[src]:
        seg.extend(_move(1, kind, src, dst, p) for p in c.foot[src])
    return seg


def _moved(g: "Game", c: _Moves, action: Move, how: str) -> None:
    """Bring the cache up to date after ``action`` (already carried out)."""
    src, dst, k = action.src, action.dst, action.count
    k_load = k + (1 if action.passenger else 0)
    if how == "bomb":
        c.bombing[dst] += k
        changed = ((dst, 0, k),)
    else:
        c.load[src] -= k_load
        c.load[dst] += k_load
        changed = ((src, -k_load, 0), (dst, k_load, 0))
    c.order.remove(src)
    if _scan(g, c, src):
        _source(g, c, src)
        insort(c.order, src, key=c.first.__getitem__)
    dirty = set()
    for area, d_load, d_bomb in changed:
        for other, kind, i, how_there in _users(c, area):
            if other == src:
                continue
            if how_there == "bomb":
                new = BOMBING_LIMIT - c.bombing[area]
                old = new + d_bomb
            else:
                new = UNIT_LIMIT - c.load[area]
                old = new + d_load
            if old == new:
                continue
            n, low = c.kinds[other][kind], min(old, new)
            # what of the moves depends on the room: min(n, room), and room >= 2 for a passenger
            if n <= low and (low >= 2 or max(old, new) < 2 or how_there != "move"
                             or kind not in _CARRIERS or not c.foot[other]):
                continue
            c.segs[(other, kind)][i] = _segment(c, other, kind, area, how_there)
            dirty.add(other)
    for other in dirty:
        _block(c, other)


def _users(c: _Moves, area: str) -> list[tuple[str, str, int, str]]:
    """``c.users[area]`` without the entries of units that can no longer move (dropped)."""
    users = c.users.get(area)
    if not users:
        return []
    kinds = c.kinds
    live = [e for e in users if e[1] in kinds.get(e[0], ())]
    if len(live) != len(users):
        c.users[area] = live
    return live


def legal(g: "Game") -> list[Action]:
    c = updated(g, "maneuvers-moves") or _build(g)
    acts = list(chain.from_iterable(map(c.blocks.__getitem__, c.order)))
    acts.append(End())
    return c.produce(acts)


def apply(g: "Game", action: Action) -> None:
    side = g.state.turn
    if isinstance(action, End):
        if side in g.state.grounded:
            g.state.grounded.remove(side)
        g.next_phase()
        return
    assert isinstance(action, Move)
    src, dst = action.src, action.dst
    how = _where(g, side, src, action.unit)[dst]
    movers = [u for u in g.units(src, side) if u.kind == action.unit and not u.moved and not u.status]
    for u in movers[: action.count]:
        g.relocate(u, dst, src if how == "bomb" else None)
        u.moved = True
        if how == "scout":
            u.status = "scout"
    if action.passenger:
        rider = next(u for u in g.units(src, side) if u.kind == action.passenger and not u.moved)
        g.relocate(rider, dst)
        rider.moved = True
    c = following(g, "maneuvers-moves")
    if c is not None:
        _moved(g, c, action, how)
    g.emit("move", f"{SIDE_NAMES[side]} {_VERB[how]}: {str(action)[5:]}.", side, (src, dst))


_VERB = {"move": "moves", "bomb": "flies in to bomb", "scout": "scouts"}


def explain(g: "Game", action: Action) -> str:
    side = g.state.turn
    if not isinstance(action, Move):
        return "Maneuvers: move units ('move N UNIT FROM -> TO') or 'end'."
    unit, board = UNITS[action.unit], g.board
    src, dst = board[action.src], board[action.dst]
    mine = [u for u in g.units(action.src, side) if u.kind == action.unit]
    if not mine:
        return f"Maneuvers: {SIDE_NAMES[side]} has no {action.unit} in {src.name}."
    if unit.cls == FOOT:
        return f"Maneuvers: {action.unit} cannot move by itself (movement 0); a mobile unit may carry one ('move 1 mobile+{action.unit} ...')."
    if side in g.state.grounded and unit.cls == AIR:
        return f"Maneuvers: {SIDE_NAMES[side]}'s aircraft are grounded this turn (partisan card)."
    ready = [u for u in mine if not u.moved and not u.status]
    if len(ready) < action.count:
        return f"Maneuvers: only {len(ready)} {action.unit} in {src.name} can still move (each unit moves once a turn)."
    if action.passenger and (not unit.transport or action.count != 1):
        return "Maneuvers: only one mobile unit at a time may carry one infantry or partisan (Transport)."
    if dst.is_zone and dst.side != side:
        return f"Maneuvers: only {SIDE_NAMES.get(dst.side or '', '')}'s own units may enter {dst.name}."
    dests = destinations(g, side, action.src, action.unit)
    if action.dst not in dests:
        if unit.cls != AIR and not board.adjacent(action.src, action.dst):
            return f"Maneuvers: a {action.unit} moves 1; {dst.name} is not next to {src.name}."
        if unit.cls == AIR and action.dst not in air_reach(g, side, action.src, unit.move):
            return f"Maneuvers: {dst.name} is beyond a {action.unit}'s movement of {unit.move}."
        if action.dst not in g.state.declared:
            return f"Maneuvers: units end in territories their side controls; {dst.name} is not {SIDE_NAMES[side]}'s (declare it and take it in Invasion)."
        if unit.bombing:
            return f"Maneuvers: a bomber ends in an enemy territory only to bomb it, and {dst.name} has no enemy units."
        if unit.scouting:
            return f"Maneuvers: a helicopter scouts only an unoccupied, non-city declared territory; {dst.name} is not one."
        return f"Maneuvers: {action.unit}s end in territories their side controls; {dst.name} is held by the enemy."
    cap = _capacity(g, side, action.dst, dests[action.dst])
    need = action.count + (1 if action.passenger else 0)
    if need > cap:
        return f"Maneuvers: {dst.name} has room for {max(cap, 0)} more of your units (the 5-unit limit)."
    if action.passenger:
        return f"Maneuvers: there is no unmoved {action.passenger} in {src.name} to carry."
    return "Maneuvers: that move is not possible now."
