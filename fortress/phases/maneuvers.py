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

from collections import Counter
from typing import TYPE_CHECKING

from fortress.actions import Action, End, Move
from fortress.state import RULES
from fortress.units import AIR, FOOT, SIDE_NAMES, UNITS

if TYPE_CHECKING:
    from fortress.game import Game

BOMBING_LIMIT = RULES["bombing_limit"]
UNIT_LIMIT = RULES["unit_limit"]


def _movers(g: "Game", side: str) -> dict[str, Counter]:
    """Unmoved units able to move, by area."""
    grounded = side in g.state.grounded
    out: dict[str, Counter] = {}
    for u in g.state.units.values():
        if u.side != side or u.moved or u.status:
            continue
        unit = UNITS[u.kind]
        if unit.cls == FOOT or (grounded and unit.cls == AIR):
            continue
        out.setdefault(u.area, Counter())[u.kind] += 1
    return out


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


_MOVES: dict[tuple, Move] = {}


def _move(*key) -> Move:
    """Actions are immutable, so one object per move serves every game (a speed-up)."""
    act = _MOVES.get(key)
    if act is None:
        act = _MOVES[key] = Move(*key)
    return act


def _loads(g: "Game", side: str) -> tuple[Counter, Counter]:
    """Units of ``side`` counting toward each area's limit, and bombers bombing each area."""
    load: Counter = Counter()
    bombing: Counter = Counter()
    for u in g.state.units.values():
        if u.side == side:
            if u.status == "bombing":
                load[u.origin] += 1
                bombing[u.area] += 1
            else:
                load[u.area] += 1
    return load, bombing


def legal(g: "Game") -> list[Action]:
    side = g.state.turn
    # Control, declarations and enemy positions do not change during Maneuvers, so where
    # a unit type may go from an area is worked out once per phase (g.memo).
    dests = g.memo.setdefault("maneuvers", {})
    enemy_areas = None
    load, bombing = _loads(g, side)
    acts: list[Action] = []
    for src, kinds in _movers(g, side).items():
        foot = Counter(u.kind for u in g.units(src, side) if UNITS[u.kind].cls == FOOT and not u.moved) \
            if "mobile" in kinds else Counter()
        for kind, n in kinds.items():
            carrier = UNITS[kind].transport
            where = dests.get((src, kind))
            if where is None:
                if enemy_areas is None:
                    enemy_areas = _enemy_areas(g, side)
                where = dests[(src, kind)] = list(_destinations(g, side, src, kind, enemy_areas).items())
            for dst, how in where:
                cap = BOMBING_LIMIT - bombing[dst] if how == "bomb" else UNIT_LIMIT - load[dst]
                acts.extend(_move(k, kind, src, dst) for k in range(1, min(n, cap) + 1))
                if carrier and how == "move" and cap >= 2:
                    acts.extend(_move(1, kind, src, dst, p) for p in foot)
    acts.append(End())
    return acts


def apply(g: "Game", action: Action) -> None:
    side = g.state.turn
    if isinstance(action, End):
        if side in g.state.grounded:
            g.state.grounded.remove(side)
        g.next_phase()
        return
    assert isinstance(action, Move)
    how = destinations(g, side, action.src, action.unit)[action.dst]
    movers = [u for u in g.units(action.src, side) if u.kind == action.unit and not u.moved and not u.status]
    for u in movers[: action.count]:
        g.relocate(u, action.dst, action.src if how == "bomb" else None)
        u.moved = True
        if how == "scout":
            u.status = "scout"
    if action.passenger:
        rider = next(u for u in g.units(action.src, side) if u.kind == action.passenger and not u.moved)
        g.relocate(rider, action.dst)
        rider.moved = True
    verb = {"move": "moves", "bomb": "flies in to bomb", "scout": "scouts"}[how]
    g.emit("move", f"{SIDE_NAMES[side]} {verb}: {action}.".replace(": move ", ": "), side, (action.src, action.dst))


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
