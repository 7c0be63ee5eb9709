"""Dice and the seeded random generator.

The generator is a splitmix64 sequence whose whole state is one integer, so a game's
randomness is plain data: it is saved, copied and replayed exactly.

>>> a, b = Rng(7), Rng(7)
>>> [a.below(6) for _ in range(5)] == [b.below(6) for _ in range(5)]
True
>>> Die("army", 6, ("tank", "infantry", "artillery", "aircraft", "aircraft", "blank")).probabilities()["aircraft"]
0.3333333333333333
"""
from __future__ import annotations

import operator
from dataclasses import dataclass
from typing import Any, Mapping, Sequence, TypeVar

_T = TypeVar("_T")

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
