"""Dice and the seeded random generator (rules: Combat Die Results, Lasers).

The generator is a splitmix64 sequence whose whole state is one integer, so a game's
randomness is plain data: it is saved, copied and replayed exactly.

>>> a, b = Rng(7), Rng(7)
>>> [a.below(6) for _ in range(5)] == [b.below(6) for _ in range(5)]
True
>>> DICE["red"].faces.count("hit")
1
"""
from __future__ import annotations

from dataclasses import dataclass

from fortress.data import load

HIT, COMBINED_ARMS, RETREAT, BLANK = "hit", "combined_arms", "retreat", "blank"
FACE_WORDS = {HIT: "Hit", COMBINED_ARMS: "Combined Arms", RETREAT: "Retreat", BLANK: "blank"}

_MASK = (1 << 64) - 1


class Rng:
    """splitmix64: tiny, fast, good enough for dice, state is one int."""

    __slots__ = ("state",)

    def __init__(self, seed: int = 0) -> None:
        self.state = seed & _MASK

    def next64(self) -> int:
        self.state = s = (self.state + 0x9E3779B97F4A7C15) & _MASK
        z = ((s ^ (s >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
        return z ^ (z >> 31)

    def below(self, n: int) -> int:
        """A uniform integer in ``range(n)`` (bias below 1e-17)."""
        return self.next64() % n

    def shuffle(self, items: list) -> None:
        for i in range(len(items) - 1, 0, -1):
            j = self.below(i + 1)
            items[i], items[j] = items[j], items[i]

    def choice(self, items):
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


def _load() -> dict[str, Die]:
    out = {}
    for name, row in load("dice").items():
        faces = tuple(row.get("faces", ()))
        if faces and len(faces) != row["sides"]:
            raise ValueError(f"dice.toml: die {name} has {len(faces)} faces but sides = {row['sides']}")
        out[name] = Die(name, row["sides"], faces, row.get("destroy_on"))
    return out


DICE: dict[str, Die] = _load()
LASER_DIE = DICE["black"]


def roll_face(rng: Rng, die: str) -> str:
    d = DICE[die]
    return d.faces[rng.below(d.sides)]


def roll_laser(rng: Rng) -> int:
    """A black d10 roll, 1..10."""
    return rng.below(LASER_DIE.sides) + 1
