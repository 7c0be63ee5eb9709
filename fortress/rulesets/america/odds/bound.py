"""An upper bound on a battle's chance to clear the territory, far cheaper than the exact odds,
for a question that needs only "does the chance reach this bar?" (the heuristic's "fight now at
95%"). ``tests/test_odds_exact.py`` holds it above the exact chance on random battles."""
from __future__ import annotations

from functools import lru_cache
from typing import Mapping

from fortress.rulesets.america.battle import firing_die
from fortress.rulesets.america.dice import COMBINED_ARMS, HIT, RETREAT
from fortress.rulesets.america.tables import Tables


def cleared_at_most(attackers: Mapping[str, int], defenders: int, tables: Tables) -> float:
    """At least P(cleared) for ``attackers`` (unit type -> count) against ``defenders`` units: the
    chance that the attackers' dice show at least ``defenders`` hits, Combined Arms and retreats,
    each unit rolling once the better of its dice (alone or not, ``firing_die``). A battle is one
    round in which each unit fires once at most (rules: Combat Resolution), a defender leaves
    only by one such face, and the defender's fire only takes attackers away."""
    if defenders <= 0:
        return 1.0
    reach = [1.0] + [0.0] * defenders  # P(k faces so far), the last slot: at least ``defenders``
    for kind, n in attackers.items():
        p = _best_chance(kind, tables)
        for _ in range(n):  # one more die: the last slot keeps what it has
            reach[defenders] += reach[defenders - 1] * p
            for k in range(defenders - 1, 0, -1):
                reach[k] = reach[k] * (1 - p) + reach[k - 1] * p
            reach[0] *= 1 - p
    return reach[defenders]


@lru_cache(maxsize=256)
def _best_chance(kind: str, tables: Tables) -> float:
    """The larger chance of a face that can take a defender away (a hit, Combined Arms, a
    retreat) on the dice a ``kind`` unit may roll."""
    unit = tables.units[kind]
    best = 0.0
    for die in {firing_die(unit, False), firing_die(unit, True)}:
        faces = tables.dice[die].probabilities()
        best = max(best, faces.get(HIT, 0.0) + faces.get(COMBINED_ARMS, 0.0) + faces.get(RETREAT, 0.0))
    return best
