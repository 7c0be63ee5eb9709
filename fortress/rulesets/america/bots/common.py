"""Board reading shared by the bots: unit values, distances, threats and battle odds.

Everything here only reads the public game state (``game.state``, ``game.board``,
``attack_forces``/``defence_forces``) and the shared odds calculator.
"""
from __future__ import annotations

import weakref
from collections import Counter, deque
from functools import lru_cache
from typing import Any, Callable, Iterable, Mapping

from fortress.rulesets.america import odds as O
from fortress.rulesets.america.battle import POLICIES, Battle
from fortress.rulesets.america.tables import Tables
from fortress.rulesets.america.units import INVADERS, US

# Unit values and classes are the game's ruleset's: ``game.tables.values``, ``game.tables.classes``.
FAR = 99
#: An empty Counter for look-ups with a default (read only: never add to it).
NONE: Counter = Counter()



def best(options: Iterable, score: Callable, sort_key: Callable):
    """What ``max(sorted(options, key=sort_key), key=score)`` picks, without sorting: the
    highest score, a tie going to the option first in notation order (``sort_key``: the
    game's, ``game.sort_key``); None for no options. The bots score the legal actions in
    the engine's order, which may vary between processes, and pick by this."""
    top: Any = None
    ties: list = []
    for a in options:
        s = score(a)
        if not ties or s > top:
            top, ties = s, [a]
        elif not s < top:  # equal: max() would keep the first in notation order
            ties.append(a)
    if len(ties) > 1:
        return min(ties, key=sort_key)
    return ties[0] if ties else None


def first_kind(options: list, sort_key: Callable) -> type:
    """The type of the first of ``options`` (not empty) in notation order, without sorting."""
    kind = type(options[0])
    if all(type(a) is kind for a in options):
        return kind
    return type(min(options, key=sort_key))


def allies(side: str) -> frozenset[str]:
    """The camp of ``side``: the Invaders win together, so they never fight each other."""
    return frozenset(INVADERS) if side in INVADERS else frozenset({US})


def by_area(game, side: str | None = None) -> dict[str, Counter]:
    """Units per area as Counters of unit type (of ``side`` only, if given)."""
    out: dict[str, Counter] = {}
    for u in game.state.units.values():
        if side is None or u.side == side:
            here = out.get(u.area)
            if here is None:
                here = out[u.area] = _empty_counter()
            here[u.kind] += 1
    return out


def side_view(game, side: str) -> tuple[dict[str, Counter], dict[str, int], dict[str, int]]:
    """In one pass over the units: ``side``'s units per area (:func:`by_area`), its loads
    toward the unit limit (``stacking.loads``) and the other camp's value per area
    (:func:`enemy_value_by_area`)."""
    mine, values = allies(side), game.tables.values
    units: dict[str, Counter] = {}
    load: dict[str, int] = {}
    enemy: dict[str, int] = {}
    for u in game.state.units.values():
        if u.side == side:
            area = u.area
            here = units.get(area)
            if here is None:
                here = units[area] = _empty_counter()
            here[u.kind] += 1
            if u.origin is not None:
                area = u.origin
            load[area] = load.get(area, 0) + 1
        elif u.side not in mine:
            enemy[u.area] = enemy.get(u.area, 0) + values[u.kind]
    return units, load, enemy


def kinds_in(units: Iterable) -> Counter:
    """A Counter of the unit types of ``units``."""
    out = _empty_counter()
    for u in units:
        out[u.kind] += 1
    return out


def _empty_counter() -> Counter:
    """``Counter()`` without running ``Counter.__init__`` (a tenth of by_area's time)."""
    return dict.__new__(Counter)


def strength(units: Counter | dict, values: Mapping[str, int]) -> int:
    """The value of ``units`` (unit type -> count), by the ruleset's unit ``values``."""
    return sum(values[k] * n for k, n in units.items())


def enemy_value_by_area(game, side: str) -> dict[str, int]:
    """Value of the units of the other camp in each area."""
    mine, values = allies(side), game.tables.values
    out: dict[str, int] = {}
    for u in game.state.units.values():
        if u.side not in mine:
            out[u.area] = out.get(u.area, 0) + values[u.kind]
    return out


#: board -> {sources: distances}: the same goals recur all through a Maneuvers phase
_STEPS: "weakref.WeakKeyDictionary" = weakref.WeakKeyDictionary()


def distances(board, sources: Iterable[str], through=None, most: int | None = None) -> dict[str, int]:
    """Steps from the nearest source to every area (optionally only through ``through``, and
    only the areas at most ``most`` steps away). Without ``through`` or ``most`` the answer
    is memoized per board and set of sources: read it, never change it."""
    if through is None and most is None:
        memo = _STEPS.setdefault(board, {})
        key = frozenset(sources)
        if key not in memo:
            if len(memo) > 4096:
                memo.clear()
            memo[key] = _bfs(board, key, None)
        return memo[key]
    return _bfs(board, sources, through, most)


def _bfs(board, sources: Iterable[str], through, most: int | None = None) -> dict[str, int]:
    dist = {s: 0 for s in sources}
    queue = deque(dist)
    while queue:
        here = queue.popleft()
        if most is not None and dist[here] >= most:
            continue  # breadth first: every area still queued is at least this far
        for n in board.neighbours(here):
            if n not in dist and (through is None or through(n)):
                dist[n] = dist[here] + 1
                queue.append(n)
    return dist


def threat(game, area: str, enemy: dict[str, int]) -> float:
    """How much enemy force can strike ``area`` next turn: adjacent units in full,
    units two steps away at half weight."""
    board = game.board
    near = board.neighbours(area)
    total = sum(enemy.get(n, 0) for n in near) + enemy.get(area, 0)
    second = set()
    for n in near:
        second |= board.neighbours(n)
    second -= near | {area}
    return total + 0.5 * sum(enemy.get(n, 0) for n in second)


# -- battle odds --------------------------------------------------------------------------------
@lru_cache(maxsize=65536)
def _odds(terrain: str, att: tuple[tuple[str, int], ...], dfn: tuple[tuple[str, int], ...],
          tables: Tables) -> tuple[float, float, float]:
    battle = Battle("x", terrain, {(k, "a"): n for k, n in att}, {(k, "x"): n for k, n in dfn}, tables)
    o = O.odds_of(battle)
    values = tables.values
    lost_a = sum(values[k] * v for k, v in o.attacker_losses_by_type.items())
    lost_d = sum(values[k] * v for k, v in o.defender_losses_by_type.items())
    # rounded: the exact calculator sums in an order that can follow set order, so the last
    # bits may differ between processes; bots compare these numbers and must not (PYTHONHASHSEED)
    return round(o.p_cleared, 10), round(lost_a, 10), round(lost_d, 10)


def odds(terrain: str, attackers: Counter | dict, defenders: Counter | dict,
         tables: Tables) -> tuple[float, float, float]:
    """(P(cleared), expected attacker value lost, expected defender value lost), cached
    by unit types (where attackers come from does not change the odds); ``tables``: the
    game's (``game.tables``)."""
    att = tuple(sorted((k, n) for k, n in attackers.items() if n > 0))
    dfn = tuple(sorted((k, n) for k, n in defenders.items() if n > 0))
    if not dfn:
        return 1.0, 0.0, 0.0
    if not att:
        return 0.0, 0.0, 0.0
    return _odds(terrain, att, dfn, tables)


def by_kind(tokens: dict) -> Counter:
    """``{(kind, where): n}`` -> Counter of kinds."""
    out: Counter = Counter()
    for (kind, _w), n in tokens.items():
        out[kind] += n
    return out


def battle_choice(battle: Battle, policy: str = "keep-combined-arms"):
    """The token a casualty policy picks for the battle's pending decision."""
    d = battle.decision()
    assert d is not None, "battle_choice needs a pending decision"
    return POLICIES[policy](battle, d)


