"""Dice and the seeded random generator (rules: Combat Die Results, Lasers).

The generator is a splitmix64 sequence whose whole state is one integer, so a game's
randomness is plain data: it is saved, copied and replayed exactly.

>>> a, b = Rng(7), Rng(7)
>>> [a.below(6) for _ in range(5)] == [b.below(6) for _ in range(5)]
True
>>> from fortress.rules.tables import default
>>> default().dice["red"].faces.count("hit")
1
"""
from __future__ import annotations

import operator
from dataclasses import dataclass
from functools import lru_cache
from math import comb
from typing import TYPE_CHECKING, Any, Mapping, Protocol, Sequence, TypeVar

from fortress.rules.old_names import forward

if TYPE_CHECKING:
    from numpy.typing import NDArray

_T = TypeVar("_T")

HIT, COMBINED_ARMS, RETREAT, BLANK = "hit", "combined_arms", "retreat", "blank"
FACE_WORDS = {HIT: "Hit", COMBINED_ARMS: "Combined Arms", RETREAT: "Retreat", BLANK: "blank"}

_MASK = (1 << 64) - 1
SEED_MIN, SEED_MAX = -(1 << 63), _MASK  #: the seeds a save holds (``save.schema.json``)


def whole(value: object, what: str) -> int:
    """``value`` as a plain ``int`` (a numpy integer too, as a DataFrame column gives it);
    ``ValueError`` for a bool or anything that is not a whole number."""
    if isinstance(value, bool) or not hasattr(type(value), "__index__"):
        raise ValueError(f"{what} must be a whole number, not {type(value).__name__}")
    return operator.index(value)  # type: ignore[arg-type]  # has __index__


def seed_value(seed: object, what: str = "the seed") -> int:
    """``seed`` as a plain ``int`` (see :func:`whole`) within 64 bits, as a save can hold it.

    >>> seed_value(7), seed_value(-1)
    (7, -1)
    >>> seed_value(2**64)
    Traceback (most recent call last):
    ValueError: the seed must fit in 64 bits (from -9223372036854775808 to 18446744073709551615)
    """
    value = whole(seed, what)
    if not SEED_MIN <= value <= SEED_MAX:
        raise ValueError(f"{what} must fit in 64 bits (from {SEED_MIN} to {SEED_MAX})")
    return value


_GAMMA, _MIX1, _MIX2 = 0x9E3779B97F4A7C15, 0xBF58476D1CE4E5B9, 0x94D049BB133111EB


class Rng:
    """splitmix64: tiny, fast, good enough for dice, state is one int."""

    __slots__ = ("state",)

    def __init__(self, seed: int = 0) -> None:
        self.state = operator.index(seed) & _MASK  # a numpy integer too

    def next64(self) -> int:
        self.state = s = (self.state + _GAMMA) & _MASK
        z = ((s ^ (s >> 30)) * _MIX1) & _MASK
        z = ((z ^ (z >> 27)) * _MIX2) & _MASK
        return z ^ (z >> 31)

    def count_faces(self, faces: Sequence[Sequence[int]], numbers: Sequence[int], counts: list[int]) -> None:
        """Roll ``numbers[k]`` dice whose faces are ``faces[k]`` (small ints; no faces: no
        roll) for each ``k`` in turn and add 1 to ``counts[face]`` per die: the draws of
        ``faces[k][self.below(len(faces[k]))]``, in one loop (Monte Carlo's hot path)."""
        s = self.state
        for f, n in zip(faces, numbers):
            if n and f:
                sides = len(f)
                for _ in range(n):
                    s = (s + _GAMMA) & _MASK
                    z = ((s ^ (s >> 30)) * _MIX1) & _MASK
                    z = ((z ^ (z >> 27)) * _MIX2) & _MASK
                    counts[f[(z ^ (z >> 31)) % sides]] += 1
        self.state = s

    def below(self, n: int) -> int:
        """A uniform integer in ``range(n)`` (bias below 1e-17)."""
        return self.next64() % n

    def shuffle(self, items: list[Any]) -> None:
        for i in range(len(items) - 1, 0, -1):
            j = self.below(i + 1)
            items[i], items[j] = items[j], items[i]

    def choice(self, items: Sequence[_T]) -> _T:
        return items[self.below(len(items))]


@dataclass(frozen=True, slots=True)
class Die:
    name: str
    sides: int
    faces: tuple[str, ...] = ()
    destroy_on: int | None = None

    def probabilities(self) -> dict[str, float]:
        """Chance of each face symbol on one roll."""
        out: dict[str, float] = {}
        for f in self.faces:
            out[f] = out.get(f, 0.0) + 1 / self.sides
        return out


def dice_of(rows: Mapping[str, Any]) -> dict[str, Die]:
    """The dice of a ``dice.toml`` (already validated)."""
    out = {}
    for name, row in rows.items():
        faces = tuple(row.get("faces", ()))
        if faces and len(faces) != row["sides"]:
            raise ValueError(f"dice.toml: die {name} has {len(faces)} faces but sides = {row['sides']}")
        out[name] = Die(name, row["sides"], faces, row.get("destroy_on"))
    return out


def roll_face(rng: Rng, die: Die) -> str:
    return die.faces[rng.below(die.sides)]


def roll_laser(rng: Rng, die: Die) -> int:
    """A laser's roll (a black d10), 1..sides."""
    return rng.below(die.sides) + 1




# -- the distribution of a throw ---------------------------------------------------------
#: A multiset of dice: ``((die name, how many), ...)`` sorted by name. The tables below
#: read the dice by name from the ruleset's ``tables`` (a :class:`DiceOf`).
DiceKey = tuple[tuple[str, int], ...]


class DiceOf(Protocol):
    """What holds a ruleset's dice by name, hashed by identity, so that each ruleset's
    throws are cached apart (:class:`fortress.rules.tables.Tables`)."""

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


__getattr__ = forward(__name__)  # the old names of the default ruleset's tables (fortress.rules.old_names)
