"""ATTACK! Deluxe's battle tables and dice ([Dice&Cards], [Battles] Steps 2-4): the data of
``data/battle.toml`` checked, unit counts, hit matching and the exact hit distribution of one
fire step (:func:`step_table`), shared by :mod:`~fortress.rulesets.attack.battle` and the odds.

>>> step_table("army", (("infantry", 1),), 0)  # one infantry: its face is one side in six
(0.8333333333333334, 0.16666666666666666)
"""
from __future__ import annotations

import tomllib
from dataclasses import dataclass
from functools import cache, lru_cache
from importlib import resources
from math import comb
from typing import Any, Literal, Mapping, Protocol

from fortress.engine.data import DataError

Kind = Literal["army", "naval"]
Role = Literal["attacker", "defender"]
Units = dict[str, int]
KINDS: tuple[Kind, Kind] = ("army", "naval")
ROLES: tuple[Role, Role] = ("attacker", "defender")
SIDES = 6  #: faces of a battle die


class Dice(Protocol):
    """What rolls the dice: the engine's seeded :class:`fortress.engine.dice.Rng`."""

    def below(self, n: int) -> int: ...


@dataclass(frozen=True)
class Tables:
    """``data/battle.toml``, checked."""

    faces: Mapping[str, tuple[str, ...]]  # kind -> the die's six faces
    order: Mapping[str, tuple[str, ...]]  # kind -> its unit types, in destruction order
    casualties_from: str
    front: int
    growth: int
    salvo: Mapping[str, str]  # kind -> the type that fires the opening salvo
    first_without_salvo: Role
    air_unit: str
    air_die: str
    air_face: str
    policy: Mapping[str, tuple[str, ...]]  # kind -> the front policy's round-robin order
    coastal_face: str  # the naval face on which a submarine's coastal attack destroys a unit


def _check(raw: dict[str, Any]) -> Tables:
    try:
        dice, order, policy = raw["dice"], raw["destruction"], raw["policy"]
        t = Tables({k: tuple(dice[k]) for k in KINDS}, {k: tuple(order[k]) for k in KINDS},
                   order["casualties_from"], raw["front"]["size"], raw["front"]["growth"],
                   {k: raw["salvo"][k] for k in KINDS}, raw["salvo"]["first_without_salvo"],
                   raw["air_support"]["unit"], raw["air_support"]["die"], raw["air_support"]["scores_on"],
                   {k: tuple(policy[k]) for k in KINDS}, raw["coastal_attack"]["scores_on"])
    except KeyError as exc:
        raise DataError(f"battle.toml: {exc.args[0]} is missing") from None
    for k in KINDS:
        if len(t.faces[k]) != SIDES or set(t.faces[k]) - set(t.order[k]) - {"blank"}:
            raise DataError(f"battle.toml: dice.{k} must have {SIDES} faces, each a {k} unit type or blank")
        if sorted(t.policy[k]) != sorted(t.order[k]) or t.salvo[k] not in t.order[k]:
            raise DataError(f"battle.toml: policy.{k} and salvo.{k} must name the {k} unit types {list(t.order[k])}")
    if set(t.order["army"]) & set(t.order["naval"]) or t.air_unit not in t.order["naval"] \
            or t.air_face not in t.faces.get(t.air_die, ()):
        raise DataError("battle.toml: unit types must differ between kinds; air support needs a naval unit and a face of its die")
    if t.coastal_face not in t.faces["naval"]:
        raise DataError("battle.toml: coastal_attack.scores_on must be a face of the naval die")
    if t.first_without_salvo not in ROLES or t.casualties_from not in ("front", "all") or t.front < 1 or t.growth < 0:
        raise DataError("battle.toml: first_without_salvo, casualties_from, front.size or front.growth out of range")
    return t


@cache
def tables() -> Tables:
    """The battle tables of ``data/battle.toml`` (read once)."""
    text = (resources.files("fortress.rulesets.attack") / "data" / "battle.toml").read_text(encoding="utf-8")
    return _check(tomllib.loads(text))


def kind_of(units: Mapping[str, int]) -> Kind:
    """The kind of battle ``units`` fight (army when there are none)."""
    return "naval" if any(t in tables().order["naval"] for t in units) else "army"


def total(units: Mapping[str, int]) -> int:
    return sum(units.values())


def plus(a: Mapping[str, int], b: Mapping[str, int]) -> Units:
    """``a`` and ``b`` together, zero counts left out."""
    out = {t: a.get(t, 0) + b.get(t, 0) for t in sorted({*a, *b})}
    return {t: n for t, n in out.items() if n}


def describe(units: Mapping[str, int]) -> str:
    """``{"infantry": 2, "tank": 1}`` as "2 infantry, 1 tank" (destruction order)."""
    order = tables().order["army"] + tables().order["naval"]
    text = ", ".join(f"{units[t]} {t}" for t in order if units.get(t))
    return text or "nothing"


def match_hits(faces: Mapping[str, int], units: Mapping[str, int]) -> int:
    """[Battles] Step 3: a face scores if it names a type among ``units``, and each unit is
    matched by only one die: the sum over types of min(faces, units).

    The rulebook's example: 1 tank and 3 infantry; two infantry faces score 2, two tanks 1.

    >>> match_hits({"infantry": 2, "blank": 2}, {"tank": 1, "infantry": 3})
    2
    >>> match_hits({"tank": 2, "aircraft": 2}, {"tank": 1, "infantry": 3})
    1
    """
    return sum(min(n, units.get(face, 0)) for face, n in faces.items())


def roll_faces(rng: Dice, kind: str, n: int) -> list[str]:
    """``n`` dice of ``kind`` (army or naval), one face each."""
    faces = tables().faces[kind]
    return [faces[rng.below(SIDES)] for _ in range(n)]


def counted(faces: list[str]) -> Units:
    out: Units = {}
    for f in faces:
        out[f] = out.get(f, 0) + 1
    return out


@lru_cache(maxsize=65536)
def step_table(kind: str, rolling: tuple[tuple[str, int], ...], carriers: int) -> tuple[float, ...]:
    """P(hits) of one fire step (index = hits): one die per unit of ``rolling``, matched
    against those units ([Battles] Step 3), plus ``carriers`` air-support dice.

    Per type in turn, the dice showing it are binomial among the dice left, given they
    show none of the types already counted (the multinomial, one type at a time)."""
    faces = tables().faces[kind]
    own = dict(rolling)
    dist: dict[tuple[int, int], float] = {(sum(n for _, n in rolling), 0): 1.0}  # (dice left, hits)
    mass = 1.0
    for t in sorted({f for f in faces if f in own}):
        q = faces.count(t) / SIDES / mass
        nxt: dict[tuple[int, int], float] = {}
        for (left, h), p in dist.items():
            for k, pk in enumerate(_binomial(left, q)):
                key = (left - k, h + min(k, own[t]))
                nxt[key] = nxt.get(key, 0.0) + p * pk
        dist, mass = nxt, mass - faces.count(t) / SIDES
    hits = [0.0] * (sum(own.values()) + carriers + 1)
    for (_, h), p in dist.items():
        hits[h] += p
    air = tables()
    q_air = air.faces[air.air_die].count(air.air_face) / SIDES
    out = [0.0] * len(hits)
    for h, p in enumerate(hits):
        for k, pk in enumerate(_binomial(carriers, q_air)):
            if h + k < len(out):
                out[h + k] += p * pk
    while len(out) > 1 and out[-1] == 0.0:
        out.pop()
    return tuple(out)


def _binomial(n: int, q: float) -> list[float]:
    q = min(max(q, 0.0), 1.0)
    return [comb(n, k) * q**k * (1 - q) ** (n - k) for k in range(n + 1)]
