"""Input of the odds calculator: forces as text or mappings, terrains, policies, the battle.
Unit words are read against a ruleset's unit types (``tables``: ``game.tables``; default:
the default ruleset's, :func:`fortress.rulesets.america.tables.default`).

>>> parse_force("2 infantry and a bomber")
Counter({'infantry': 2, 'bomber': 1})
"""
from __future__ import annotations

import re
from collections import Counter
from typing import Mapping

from fortress.rulesets.america.battle import POLICIES, Battle, Policy, Token
from fortress.engine.dice import whole
from fortress.rulesets.america.tables import Tables, default
from fortress.rulesets.america.units import unit_name

TERRAINS = ("plain", "city", "mountain")
BATTLE_AREA = "battle"  #: area name used when the caller gives none
FROM = "adjacent"  #: ``where`` of attackers given by unit type only

Units = Mapping[str, int] | Mapping[Token, int]


def parse_force(text: str, tables: Tables | None = None) -> Counter[str]:
    """``"2 infantry, 1 hovertank, helicopter"`` -> Counter of unit types.

    Items are separated by commas, ``+``, ``;`` or ``and``; a missing count means 1.
    >>> parse_force("2 infantry, 1 hovertank and a helicopter")
    Counter({'infantry': 2, 'hovertank': 1, 'helicopter': 1})
    """
    out: Counter[str] = Counter()
    units = (tables or default()).units
    if not text.strip() or text.strip().lower() in {"none", "nothing", "-"}:
        return out
    for item in re.split(r"\s*(?:,|;|\+|\band\b)\s*", text.strip(), flags=re.I):
        if not item:
            raise ValueError(f"empty item in force {text!r}")
        m = re.fullmatch(r"(?:(\d+)|an?)?\s*x?\s*([A-Za-z][A-Za-z ]*?)", item.strip(), flags=re.I)
        if not m:
            raise ValueError(f"cannot read {item!r} in force {text!r}: write e.g. '2 infantry, 1 hovertank'")
        n = int(m.group(1)) if m.group(1) else 1
        if n < 0:
            raise ValueError(f"negative count in {item!r}")
        out[unit_name(m.group(2), units)] += n
    return +out


MAX_COUNT = 1_000  #: units of one kind in a force at most (the box holds 305 figures in all)


def count(n: object, what: str) -> int:
    """``n`` as a count of units: a whole number (a numpy one too) from 0 to :data:`MAX_COUNT`."""
    value = whole(n, what)
    if not 0 <= value <= MAX_COUNT:
        raise ValueError(f"{what} must be from 0 to {MAX_COUNT:,}, not {str(value)[:20]}")
    return value


def tokens(units: Units, where: str, tables: Tables | None = None) -> dict[Token, int]:
    """Normalise a force: keys are tokens ``(type, where)`` or unit words (given ``where``)."""
    out: dict[Token, int] = {}
    types = (tables or default()).units
    for key, n in units.items():
        token = (unit_name(key[0], types), key[1]) if isinstance(key, tuple) else (unit_name(key, types), where)
        n = count(n, f"the count of {repr(key)[:40]}")
        if n:
            out[token] = out.get(token, 0) + n
    return out


def policy(name_or_fn: str | Policy) -> Policy:
    if callable(name_or_fn):
        return name_or_fn
    try:
        return POLICIES[name_or_fn]
    except KeyError:
        raise ValueError(f"unknown policy {name_or_fn!r}; the policies are {', '.join(POLICIES)}") from None


def make_battle(attackers: Units, defenders: Units, terrain: str, *, bombers_inside: int = 0,
                area: str = BATTLE_AREA, tables: Tables | None = None) -> Battle:
    """The battle of these forces in ``terrain``, with the units and dice of ``tables``."""
    if terrain not in TERRAINS:
        raise ValueError(f"unknown terrain {terrain!r}; the terrains are {', '.join(TERRAINS)}")
    tables = tables or default()
    att = tokens(attackers, FROM, tables)
    bombers_inside = count(bombers_inside, "bombers_inside")
    if bombers_inside:
        att[("bomber", area)] = att.get(("bomber", area), 0) + bombers_inside
    return Battle(area, terrain, att, tokens(defenders, area, tables), tables)


