"""Sides, unit types and their classes (rules: Unit Types and Combat).

>>> UNITS["hovertank"].cls, UNITS["hovertank"].die, UNITS["hovertank"].move
('mechanized', 'white', 1)
"""
from __future__ import annotations

from dataclasses import dataclass

from fortress.data import load

_SIDES = load("rules")["sides"]  # sides, their names and teams: rules.toml [sides]
US = "us"
WEST, SOUTH, EAST = "west", "south", "east"
SIDES = tuple(_SIDES)  #: in turn order
INVADERS = tuple(s for s, row in _SIDES.items() if row["team"] == "invaders")
SIDE_NAMES = {s: row["name"] for s, row in _SIDES.items()}

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


def _load() -> dict[str, UnitType]:
    out = {}
    for name, row in load("units").items():
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


UNITS: dict[str, UnitType] = _load()
UNIT_NAMES = tuple(UNITS)
#: Units every side owns; partisans are the U.S.'s alone.
ARMY_UNITS = tuple(n for n in UNITS if n != "partisan")


def unit_name(text: str) -> str:
    """Normalise a unit word: ``"Hovertanks"`` -> ``"hovertank"``; raises ValueError."""
    word = text.strip().lower()
    aliases = {"mobile unit": "mobile", "mobile units": "mobile", "tank": "hovertank", "tanks": "hovertank",
               "heli": "helicopter", "helis": "helicopter", "inf": "infantry"}
    word = aliases.get(word, word)
    if word in UNITS:
        return word
    if word.endswith("s") and word[:-1] in UNITS:
        return word[:-1]
    raise ValueError(f"unknown unit type {text!r}; the types are {', '.join(UNIT_NAMES)}")


def side_name(text: str) -> str:
    word = text.strip().lower().replace(".", "")
    word = {"usa": US, "united states": US}.get(word, word)
    if word in SIDES:
        return word
    raise ValueError(f"unknown side {text!r}; the sides are {', '.join(SIDES)}")
