"""Sides, unit types and their classes (rules: Unit Types and Combat).

The unit types are data (``units.toml``), read when the ruleset is built
(:mod:`fortress.rulesets.america.tables`); a game reads them as ``game.tables.units``:

>>> from fortress.engine import rulesets
>>> hovertank = rulesets.get().tables.units["hovertank"]
>>> hovertank.cls, hovertank.die, hovertank.move
('mechanized', 'white', 1)
"""
from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any


# Fortress America's sides (rules.toml [sides] names them, its schema requires exactly these;
# their names in texts are the ruleset's ``side_names``).
US = "us"
WEST, SOUTH, EAST = "west", "south", "east"
SIDES = (WEST, SOUTH, EAST, US)  #: in the order of rules.toml [sides] (the turn order)
INVADERS = (WEST, SOUTH, EAST)

FOOT, MECH, AIR = "foot", "mechanized", "air"
CLASSES = (AIR, MECH, FOOT)  #: firing order within a side (rules: Combat Resolution)


@dataclass(frozen=True, slots=True)
class UnitType:
    name: str
    cls: str
    die: str
    move: int
    value: int
    lone_die: str | None = None
    transport: int = 0
    scouting: bool = False
    bombing: bool = False

    @property
    def plural(self) -> str:
        return self.name + "s"


def unit_types(rows: Mapping[str, Any]) -> dict[str, UnitType]:
    """The unit types of a ``units.toml`` (already validated)."""
    out = {}
    for name, row in rows.items():
        out[name] = UnitType(
            name=name,
            cls=row["class"],
            die=row["die"],
            move=row["move"],
            value=row["value"],
            lone_die=row.get("lone_die"),
            transport=row.get("transport", 0),
            scouting=row.get("scouting", False),
            bombing=row.get("bombing", False),
        )
    return out


def unit_name(text: str, units: Mapping[str, UnitType]) -> str:
    """Normalise a unit word to one of ``units``: ``"Hovertanks"`` -> ``"hovertank"``; raises ValueError."""
    word = text.strip().lower()
    aliases = {"mobile unit": "mobile", "mobile units": "mobile", "tank": "hovertank", "tanks": "hovertank",
               "heli": "helicopter", "helis": "helicopter", "inf": "infantry"}
    word = aliases.get(word, word)
    if word in units:
        return word
    if word.endswith("s") and word[:-1] in units:
        return word[:-1]
    raise ValueError(f"unknown unit type {text!r}; the types are {', '.join(units)}")


def side_name(text: str) -> str:
    word = text.strip().lower().replace(".", "")
    word = {"usa": US, "united states": US}.get(word, word)
    if word in SIDES:
        return word
    raise ValueError(f"unknown side {text!r}; the sides are {', '.join(SIDES)}")



