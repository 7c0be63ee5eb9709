"""The teacher's odds workbench, the logic: the forces for any territory at any
step, units that could still come this turn included, and the odds "with / without
combined arms" side by side. No widgets here (``fortress.rulesets.america.dashboard.odds_panel`` shows them).

The attacker is the side whose turn it is. "Could still come" is read from the engine's own
legal moves: in that side's Maneuvers, the units that legal moves played one after another
can bring into the battle together (in a copy of the game; the 5-unit limit holds for all of
them at once, so only the units that can reach are counted); before its Maneuvers, the same in a copy of the game
(hidden cards and dice re-drawn) where the target is declared and the steps before are ended.
Reinforcements not yet placed are not counted.
"""
from __future__ import annotations

from collections import Counter
from dataclasses import dataclass

from fortress.rulesets.america.odds import Odds, exact, monte_carlo
from fortress.rulesets.america import actions as A
from fortress.rulesets.america.battle import COMBINED_TERRAIN
from fortress.rulesets.america.tables import default
from fortress.rulesets.america.units import CLASSES

MANEUVERS = "maneuvers"
#: Units in a battle (attackers and defenders) up to which the odds are exact: the exact odds
#: and their outcome table pass ~1 s at 30 units of five types a side (docs/dashboard.md).
EXACT_MAX_UNITS = 28
#: Above EXACT_MAX_UNITS the odds are estimated from this many simulated battles (<= 0.8 s).
ESTIMATE_RUNS = 4000
#: Units in a battle beyond which the workbench gives no odds (an estimate would take seconds).
ESTIMATE_MAX_UNITS = 200
BEFORE_MANEUVERS = ("reinforcements", "declare")


@dataclass(frozen=True)
class Forces:
    """A battle to ask about: who attacks, with what, against what, where."""

    area: str
    side: str  # the attacker: the side whose turn it is
    terrain: str
    now: Counter  # attacking units that can join now (sent ones included), by type
    coming: Counter  # units that could still move into reach this turn, by type
    inside: int  # attacking bombers already in the territory (bombing it)
    defenders: Counter


def kinds(tokens: dict) -> Counter:
    """``{(type, where): n}`` -> Counter of types."""
    out: Counter = Counter()
    for (kind, _where), n in tokens.items():
        out[kind] += n
    return out


def forces_for(game, area: str) -> Forces:
    """The forces for a battle at ``area`` now, with what could still come this turn."""
    tokens = game.attack_forces(area)
    inside = sum(n for (kind, where), n in tokens.items() if where == area and kind == "bomber")
    now = kinds({t: n for t, n in tokens.items() if t[1] != area})
    return Forces(area, game.state.turn, game.board[area].kind, now, could_still_come(game, area), inside,
                  kinds(game.defence_forces(area)))


def attacking_force(f: Forces, coming: bool = True) -> Counter:
    """The attacking force of ``f``: the units that can join now, those that could still come
    (``coming``) and the bombers already inside."""
    att = f.now + (f.coming if coming else Counter())
    att["bomber"] += f.inside
    return +att


def battle_odds(game, area: str) -> tuple[Forces, Odds | None]:
    """The forces for a battle at ``area`` now (units that could still come included) and the
    odds of attacking with all of them, as the workbench shows them when it opens (the Hint
    reads them here too: one computation); no odds (None) with no attacker."""
    f = forces_for(game, area)
    every = f.now + f.coming
    if not +every and not f.inside:
        return f, None
    return f, compare(every, f.defenders, f.terrain, f.inside)[0][2]


def could_still_come(game, area: str) -> Counter:
    """Units of the side in turn, not able to join a battle at ``area`` now, that legal
    Maneuvers moves can bring into it together this turn (:func:`coming_moves`), by type."""
    return coming_moves(game, area)[1]


def coming_moves(game, area: str) -> tuple[list[A.Move], Counter]:
    """Legal Maneuvers moves that bring units of the side in turn into reach of a battle at
    ``area``, played one after another in a copy (each move legal after the ones before, and
    Maneuvers still able to end: the 5-unit limit holds for them all together; a helicopter
    that would end up scouting, for one, gains nothing), and the units they bring, by type.
    Larger groups are tried first; seven helicopters whose only way in is two crowded
    territories count as the few that fit (issue 35)."""
    side = game.state.turn
    if game.phase in BEFORE_MANEUVERS and game.side == side:
        game = _at_maneuvers(game, area)
    if game is None or game.phase != MANEUVERS or game.side != side:
        return [], Counter()
    reach, now = game.board.neighbours(area), kinds(game.attack_forces(area))
    candidates = sorted((m for m in game.legal_actions() if isinstance(m, A.Move) and m.src != area
                         and m.src not in reach and (m.dst in reach or m.dst == area)),
                        key=lambda m: (-m.count - (m.passenger is not None), m.unit, m.src, m.dst, m.passenger or ""))
    plan, at, forces = [], game.copy(), now
    may_end = at.explain(A.End()) is None
    for m in candidates:
        if at.explain(m) is not None:
            continue
        after = at.copy()
        after.apply(m)
        gained = kinds(after.attack_forces(area))
        if not +(gained - forces) or (may_end and after.explain(A.End()) is not None):
            continue
        plan.append(m)
        at, forces = after, gained
    return plan, +(forces - now)


def _at_maneuvers(game, area: str):
    """A copy (hidden things re-drawn) brought to this side's Maneuvers with ``area`` declared;
    None if the steps before cannot be ended (e.g. units still to place)."""
    copy = game.determinized(len(game.history))
    if copy.phase == "declare" and copy.explain(A.Declare(area)) is None:
        copy.apply(A.Declare(area))
    for _ in range(len(BEFORE_MANEUVERS)):
        if copy.phase == MANEUVERS or copy.explain(A.End()) is not None:
            break
        copy.apply(A.End())
    return copy if copy.phase == MANEUVERS else None


# -- with / without combined arms ------------------------------------------------------------
def classes(units: Counter) -> set[str]:
    """The classes of ``units`` (of Fortress America's unit types, as the odds read them)."""
    types = default().units
    return {types[k].cls for k, n in units.items() if n > 0}


def open_ground(terrain: str) -> bool:
    """Is a Combined Arms face always a hit for the attacker here (not a city or mountain)?"""
    return terrain not in COMBINED_TERRAIN


def other_way(attackers: Counter, terrain: str) -> tuple[str, Counter] | None:
    """The same attack the other way round for combined arms: with all three classes, the
    force without its smallest class; without them, with one unit of each missing class
    added (the cheapest of each). None in open ground (a Combined Arms face always counts)
    or with no attacker."""
    if open_ground(terrain) or not +attackers:
        return None
    have, types = classes(attackers), default().units
    if len(have) == len(CLASSES):
        drop = min(CLASSES, key=lambda c: (sum(n for k, n in attackers.items() if types[k].cls == c), c))
        left = Counter({k: n for k, n in attackers.items() if types[k].cls != drop})
        return f"without combined arms (no {drop} unit)", left
    added = Counter(attackers)
    names = []
    for cls in CLASSES:
        if cls not in have:
            kind = min((k for k in types if types[k].cls == cls and k != "partisan"), key=lambda k: (types[k].value, k))
            added[kind] += 1
            names.append(kind)
    return f"with combined arms (+1 {', +1 '.join(names)})", added


def attack_odds(attackers: Counter, defenders: Counter, terrain: str, inside: int = 0, exact_odds: bool = True) -> Odds:
    """Exact odds (or a Monte Carlo estimate of ``ESTIMATE_RUNS`` battles); ``inside``
    bombers already in the territory join the attackers."""
    if exact_odds:
        return exact(+attackers, +defenders, terrain, bombers_inside=inside)
    return monte_carlo(+attackers, +defenders, terrain, runs=ESTIMATE_RUNS, bombers_inside=inside)


def is_exact(units: int) -> bool:
    """Are the odds of a battle of ``units`` units exact? ``ValueError`` past ESTIMATE_MAX_UNITS."""
    if units > ESTIMATE_MAX_UNITS:
        raise ValueError(f"{units} units in this battle; the odds are given for at most {ESTIMATE_MAX_UNITS} "
                         f"(exact up to {EXACT_MAX_UNITS}, estimated above)")
    return units <= EXACT_MAX_UNITS


def compare(attackers: Counter, defenders: Counter, terrain: str, inside: int = 0) -> list[tuple[str, Counter, Odds]]:
    """(label, attacking force, odds): the force as given, and the other way round for
    combined arms when that matters (see :func:`other_way`); exact or estimated by size
    (:func:`is_exact`)."""
    total = Counter(attackers)
    total["bomber"] += inside
    exact_odds = is_exact(sum((+total).values()) + sum((+defenders).values()))
    out = [("as given", +total, attack_odds(attackers, defenders, terrain, inside, exact_odds))]
    other = other_way(total, terrain)
    if other is not None:
        label, force = other
        out.append((label, +force, attack_odds(force, defenders, terrain, exact_odds=exact_odds)))
    return out
