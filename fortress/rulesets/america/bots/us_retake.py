"""U.S. counter-attacks: retaking captured cities.

The Invaders win on the number of captured cities at the end of a U.S. turn, and they
often hold a city with what survived the attack, or with nothing at all once a laser has
destroyed its last defender. A captured city is retaken by declaring it, standing next to
it, clearing it (a laser shot, then a battle if needed) and invading. This module plans
that: which captured cities are within reach this turn, how many U.S. units should stand
next to each, and how much a move, a laser shot or an invasion helps.
Only the public game state is read.
"""
from __future__ import annotations

from collections import Counter

from fortress.rulesets.america.bots.common import NONE, by_area, distances
from fortress.rulesets.america.units import INVADERS, US

#: Most Invader units in a captured city the U.S. still tries to retake.
MAX_DEFENDERS = 2
#: ... and when every city counts (:func:`all_out`).
MAX_DEFENDERS_ALL_OUT = 4
#: U.S. units wanted next to a captured city, by the number of its defenders.
WANT = {0: 1, 1: 3, 2: 4, 3: 5, 4: 5}


def all_out(game) -> bool:
    """Every retaken city counts now: the last round (nothing after this U.S. turn
    matters but the count), or the Invaders close to the 18 cities that win (the U.S. goes
    all out from ``cities_to_win`` captured cities: they lose at the end of its turn)."""
    numbers = game.tables.numbers
    return game.round >= numbers["rounds"] or len(game.state.captured) >= numbers["cities_to_win"]


def max_defenders(game) -> int:
    return MAX_DEFENDERS_ALL_OUT if all_out(game) else MAX_DEFENDERS


def captured(game) -> dict[str, int]:
    """Invader-held cities -> number of Invader units in them."""
    s, board = game.state, game.board
    out = {}
    for c in board.cities:
        if s.control.get(c) in INVADERS:
            out[c] = sum(1 for u in game.units(c) if u.side != US)
    return out


def reach(game) -> set[str]:
    """Areas where some U.S. unit can stand after this turn's Maneuvers (a rough bound:
    mechanized units one step through U.S. ground, air units over any land)."""
    s, board, units = game.state, game.board, game.tables.units
    out: set[str] = set()
    for area, kinds in by_area(game, US).items():
        out.add(area)
        moves = max((units[k].move for k in kinds if units[k].cls != "foot"), default=0)
        if not moves:
            continue
        if max((units[k].move for k in kinds if units[k].cls == "air"), default=0) >= 2:
            land = distances(board, [area], through=lambda a: board[a].is_land, most=moves)
            out |= {a for a, d in land.items() if d <= moves and s.control.get(a) == US}
        else:
            out |= {a for a in board.neighbours(area) if s.control.get(a) == US}
    return out


def targets(game) -> dict[str, int]:
    """Captured cities worth declaring this turn: few defenders, and a U.S. unit stands
    in them (an empty one is retaken just by declaring it) or can get next to them.
    City -> number of defenders."""
    near, board, most = reach(game), game.board, max_defenders(game)  # near holds the U.S. units' own areas
    return {c: n for c, n in captured(game).items()
            if n <= most and (c in near or any(x in near for x in board.neighbours(c)))}


def support(game, area: str, units: dict[str, Counter]) -> int:
    """U.S. units next to ``area`` (those that could invade it)."""
    return sum(sum(units.get(n, NONE).values()) for n in game.board.neighbours(area))


def move_gain(game, a, ctx: dict) -> float:
    """How much a U.S. move helps retake a declared captured city: it ends next to a
    target that still lacks units, and did not already stand next to it."""
    board, units = game.board, ctx["units"]
    goals = ctx.get("retake")
    if goals is None:  # once per Maneuvers decision, not per move scored
        most = max_defenders(game)
        goals = ctx["retake"] = {c: n for c, n in captured(game).items() if c in game.state.declared and n <= most}
    best = 0.0
    for c, n in goals.items():
        if not board.adjacent(a.dst, c) or board.adjacent(a.src, c) or a.src == c:
            continue
        lack = WANT[n] - support(game, c, units)
        if lack > 0:
            best = max(best, 2.5 + (1.0 if n == 0 else 0.0) + 0.2 * min(lack, 3))
    if best:
        ctx["why"][a] = f"move next to {board[a.dst].name} to retake a city"
    return best


def laser_bonus(game, area: str, units: dict[str, Counter]) -> float:
    """Extra score for a laser shot into a declared captured city the U.S. stands next to."""
    s = game.state
    if area not in s.declared or s.control.get(area) not in INVADERS or not game.board[area].is_city:
        return 0.0
    n = sum(1 for u in game.units(area) if u.side != US)
    if n > max_defenders(game) + 1 or not support(game, area, units):
        return 0.0
    return max(12.0 - 3 * n, 3.0)


def invade_gain(game, a, here: int) -> float:
    """Score for moving a U.S. unit into a cleared captured city (air units too) where
    ``here`` U.S. units stand: up to two units, never emptying a threatened U.S. city."""
    if game.state.control.get(a.dst) not in INVADERS or not game.board[a.dst].is_city:
        return 0.0
    if here >= 2 or a.count > 2 - here:
        return 0.0
    return 8.0 + (2.0 if here == 0 else 0.0) + 0.1 * game.tables.values[a.unit]
