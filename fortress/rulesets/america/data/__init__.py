"""Readable data files of the game (dice, units, rules, cards), checked against their schemas.

The files ship inside the package (``fortress/rulesets/america/data/*.toml``). A teacher's edited copy goes in
a folder named by ``FORTRESS_DATA``: each file found there replaces the packaged one (a file
not there is read from the package). Nothing is read at import: a ruleset reads its data
folder when it is first built (:func:`fortress.engine.rulesets.get`, :mod:`fortress.rulesets.america.tables`).
A file that breaks its schema (:mod:`fortress.rulesets.america.data.schemas`)
raises :class:`DataError`, one line naming the file, the key and what is allowed:

>>> units = {name: dict(row) for name, row in load("units").items()}
>>> units["infantry"]["dye"] = units["infantry"].pop("die")
>>> explain("units", units)
"[infantry]: unknown key 'dye'; missing key 'die' (allowed keys: class, die, lone_die, move, value, transport, scouting, bombing)"
>>> explain("units", units | {"infantry": {"class": "foot", "die": "red", "move": "zero", "value": 1}})
"[infantry] move = 'zero': allowed: areas moved in Maneuvers, 0 or more"
"""
from __future__ import annotations

import os
from functools import cache
from importlib import resources
from pathlib import Path

import fastjsonschema

from fortress.engine.data import DataError, message, read_toml
from fortress.rulesets.america.data import schemas

__all__ = ["DATA_DIR", "NAMES", "DataError", "explain", "load", "path", "schema"]

#: The packaged data files.
DATA_DIR = Path(str(resources.files("fortress.rulesets.america") / "data"))
NAMES = ("dice", "units", "rules", "cards", "invader_cards")


def cache_clear() -> None:
    """Forget the files read (a test that changes ``FORTRESS_DATA``)."""
    _load.cache_clear()


def path(name: str, folder: Path | None = None) -> Path:
    """``<folder>/<name>.toml``; for the packaged folder (the default), ``FORTRESS_DATA/<name>.toml``
    instead if that file exists."""
    if folder is not None and Path(folder) != DATA_DIR:
        return Path(folder) / f"{name}.toml"
    teacher = os.environ.get("FORTRESS_DATA")
    if teacher and (Path(teacher) / f"{name}.toml").is_file():
        return Path(teacher) / f"{name}.toml"
    return DATA_DIR / f"{name}.toml"


def load(name: str, folder: Path | None = None) -> dict:
    """Parse and validate ``<name>.toml`` of ``folder`` (default: the packaged data, which
    ``FORTRESS_DATA`` may override), cached by the file read; treat the result as read-only."""
    if name not in NAMES:
        raise DataError(f"no data file named {name!r} (there are {', '.join(NAMES)})")
    return _load(name, path(name, folder), folder)


@cache
def _load(name: str, where: Path, folder: Path | None) -> dict:
    """``where`` read and validated (the unit and dice names its schema allows are those of
    ``folder``'s files)."""
    data = read_toml(where)
    problem = explain(name, data, folder)
    if problem:
        raise DataError(f"{where}: {problem}")
    return data


def schema(name: str, folder: Path | None = None) -> dict:
    """The JSON Schema of one data file (dice and unit names come from the files loaded from
    ``folder``, as :func:`load` reads it)."""
    if name == "dice":
        return schemas.dice()
    if name == "units":
        return schemas.units(list(load("dice", folder)))
    return getattr(schemas, name)(list(load("units", folder)))


def explain(name: str, data: dict, folder: Path | None = None) -> str:
    """Why ``data`` is not a valid ``<name>.toml`` (of ``folder``), in one line; "" when it is."""
    try:
        fastjsonschema.validate(schema(name, folder), data)
    except fastjsonschema.JsonSchemaValueException as exc:
        return message(exc, data)
    if name == "invader_cards":
        return _decks(data)
    return _faces(data) if name == "dice" else ""


def _decks(data: dict) -> str:
    """What a JSON Schema cannot say: each Invader has 8 cards, exactly one a foothold."""
    for side in schemas.INVADER_SIDES:
        own = [c for c in data["cards"].values() if c["side"] == side]
        footholds = sum(1 for c in own if c["effect"] == "foothold")
        if len(own) != 8 or footholds != 1:
            return f"[cards] side = {side!r}: {len(own)} cards with {footholds} footholds; allowed: 8 cards, 1 foothold"
        early = [c["name"] for c in own if c["effect"] != "strike" and c["phase"] != "reinforcements"]
        if early:
            return f"[cards] {early[0]!r}: allowed: only a strike is played in declare"
    return ""


def _faces(dice: dict) -> str:
    """What a JSON Schema cannot say: a die lists exactly ``sides`` faces."""
    for name, die in dice.items():
        if "faces" in die and len(die["faces"]) != die["sides"]:
            return f"[{name}] faces: {len(die['faces'])} faces listed but sides = {die['sides']}"
        if "destroy_on" in die and die["destroy_on"] > die["sides"]:
            return f"[{name}] destroy_on = {die['destroy_on']}: allowed: a roll from 1 to sides = {die['sides']}"
    return ""
