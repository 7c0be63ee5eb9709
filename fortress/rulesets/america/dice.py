"""Fortress America's dice: the faces of the combat dice (rules: Combat Die Results), the
laser's roll (rules: Lasers) and the exact distribution of a throw, which the battle's odds
and the bots use. The generator and the :class:`~fortress.engine.dice.Die` are the engine's.

>>> from fortress.rulesets.america.tables import default
>>> default().dice["red"].faces.count("hit")
1
"""
from __future__ import annotations

from functools import lru_cache
from math import comb
from typing import TYPE_CHECKING, Any, Mapping, Protocol

from fortress.engine.dice import Die, Rng

if TYPE_CHECKING:
    from numpy.typing import NDArray

HIT, COMBINED_ARMS, RETREAT, BLANK = "hit", "combined_arms", "retreat", "blank"
FACE_WORDS = {HIT: "Hit", COMBINED_ARMS: "Combined Arms", RETREAT: "Retreat", BLANK: "blank"}


def roll_laser(rng: Rng, die: Die) -> int:
    """A laser's roll (a black d10), 1..sides."""
    return rng.below(die.sides) + 1


# -- the distribution of a throw ---------------------------------------------------------
#: A multiset of dice: ``((die name, how many), ...)`` sorted by name. The tables below
#: read the dice by name from the ruleset's ``tables`` (a :class:`DiceOf`).
DiceKey = tuple[tuple[str, int], ...]


class DiceOf(Protocol):
    """What holds a ruleset's dice by name, hashed by identity, so that each ruleset's
    throws are cached apart (:class:`fortress.rulesets.america.tables.Tables`)."""

    @property
    def dice(self) -> Mapping[str, Die]: ...
    def __hash__(self) -> int: ...


@lru_cache(maxsize=4096)
def roll_table(dice: DiceKey, tables: DiceOf) -> tuple[tuple[int, int, int, float], ...]:
    """Joint distribution of (hits, Combined Arms, retreats) for a multiset of dice."""
    dist = {(0, 0, 0): 1.0}
    for name, n in dice:
        probs = tables.dice[name].probabilities()
        ph, pc, pr = probs.get(HIT, 0.0), probs.get(COMBINED_ARMS, 0.0), probs.get(RETREAT, 0.0)
        faces = [(d, q) for d, q in (((1, 0, 0), ph), ((0, 1, 0), pc), ((0, 0, 1), pr),
                                     ((0, 0, 0), 1.0 - ph - pc - pr)) if q > 0]
        for _ in range(n):
            nxt: dict[tuple[int, int, int], float] = {}
            for (h, c, r), p in dist.items():
                for (dh, dc, dr), q in faces:
                    k = (h + dh, c + dc, r + dr)
                    nxt[k] = nxt.get(k, 0.0) + p * q
            dist = nxt
    return tuple((h, c, r, p) for (h, c, r), p in dist.items())


@lru_cache(maxsize=16384)
def volley_table(dice: DiceKey, combined_counts: bool, enemies: int, tables: DiceOf) -> tuple[tuple[int, int, float], ...]:
    """Distribution of the (hits, retreats) of a throw that can differ in effect:
    Combined Arms folded into hits when it counts, hits capped at ``enemies`` and
    retreats at the enemies left after the hits.

    The same numbers as folding and capping ``roll_table(dice)``: the uncapped joint
    table of the dice (``_joint``, once per dice multiset) folded for this cap."""
    import numpy as np  # only the odds need it: the game itself never asks

    e = enemies
    hs, rs, ps = _joint(dice, combined_counts, tables)
    h = np.minimum(hs, e)
    w = e + 1
    folded = np.bincount(h * w + np.minimum(rs, e - h), weights=ps, minlength=w * w)
    keys = folded.nonzero()[0]
    return tuple(zip((keys // w).tolist(), (keys % w).tolist(), folded[keys].tolist()))


@lru_cache(maxsize=4096)
def _faces_table(name: str, n: int, combined_counts: bool, stride: int, tables: DiceOf) -> NDArray[Any]:
    """P(h hits, r retreats) of ``n`` dice ``name`` (multinomial), flat at ``h * stride + r``."""
    import numpy as np

    probs = tables.dice[name].probabilities()
    ph = probs.get(HIT, 0.0) + (probs.get(COMBINED_ARMS, 0.0) if combined_counts else 0.0)
    pr = probs.get(RETREAT, 0.0)
    pb = 1.0 - ph - pr
    out = np.zeros((n + 1) * stride)
    for h in range(n + 1):
        ch = comb(n, h) * ph ** h
        for r in range(n + 1 - h):
            out[h * stride + r] = ch * comb(n - h, r) * pr ** r * pb ** (n - h - r)
    return out


@lru_cache(maxsize=4096)
def _joint(dice: DiceKey, combined_counts: bool, tables: DiceOf) -> tuple[NDArray[Any], NDArray[Any], NDArray[Any]]:
    """The uncapped joint distribution of (hits, retreats) of ``dice`` as (hits, retreats,
    probability) arrays over the outcomes that can happen (a product of multinomials,
    convolved flat with a stride above the number of dice, so no index wraps)."""
    import numpy as np

    m = sum(n for _name, n in dice) + 1
    flat = np.ones(1)
    for name, n in dice:
        flat = np.convolve(flat, _faces_table(name, n, combined_counts, m, tables))
    keys = flat.nonzero()[0]
    return keys // m, keys % m, flat[keys]


def clear_tables() -> None:
    """Forget the cached throw distributions (to time the odds with cold caches)."""
    for table in (roll_table, volley_table, _faces_table, _joint):
        table.cache_clear()


