"""Readable data files of the game (dice, units, rules, cards), checked against their schemas.

The files ship inside the package (``fortress/data/*.toml``). A teacher's edited copy goes in
a folder named by ``FORTRESS_DATA``: each file found there replaces the packaged one (a file
not there is read from the package). Nothing is read at import: a ruleset reads its data
folder when it is first built (:func:`fortress.rules.rulesets.get`, :mod:`fortress.rules.tables`).
A file that breaks its schema (:mod:`fortress.data.schemas`)
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
import tomllib
from functools import cache
from importlib import resources
from pathlib import Path

import fastjsonschema

from fortress.data import schemas

#: The packaged data files.
DATA_DIR = Path(str(resources.files("fortress") / "data"))
NAMES = ("dice", "units", "rules", "cards", "invader_cards")


class DataError(ValueError):
    """A data file is unreadable or breaks its schema."""

    def _render_traceback_(self) -> list[str]:
        """What IPython and Jupyter show instead of a traceback: the one line (a notebook's
        first game with a broken ``FORTRESS_DATA`` file)."""
        return [f"DataError: {self}"]


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
    try:
        with open(where, "rb") as fh:
            data = tomllib.load(fh)
    except tomllib.TOMLDecodeError as exc:
        raise DataError(f"{where}: not valid TOML: {exc}") from None
    except OSError as exc:
        raise DataError(f"{where}: cannot read it: {exc.strerror or exc}") from None
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
        return _message(exc, data)
    if name == "invader_cards":
        return _decks(data)
    return _faces(data) if name == "dice" else ""


def _where(keys: list, data: dict) -> str:
    """``[infantry] move`` for a key in a table, ``rounds`` for a top-level key."""
    keys = [str(k) for k in keys[1:]]  # keys[0] is fastjsonschema's "data"
    if not keys:
        return "the file"
    if not isinstance(data.get(keys[0]), dict):
        return ".".join(keys)
    return " ".join([f"[{keys[0]}]", ".".join(keys[1:])]).strip()


def _message(exc: fastjsonschema.JsonSchemaValueException, data: dict) -> str:
    rule, definition, value = exc.rule, exc.definition or {}, exc.value
    where = _where(list(exc.path or []), data)
    if rule in ("required", "additionalProperties", "propertyNames") and isinstance(value, dict):
        names = definition.get("propertyNames", {}).get("enum")
        allowed = names or list(definition.get("properties", {}))
        unknown = [k for k in value if allowed and k not in allowed]
        missing = [k for k in definition.get("required", []) if k not in value]
        parts = [f"unknown key {k!r}" for k in unknown] + [f"missing key {k!r}" for k in missing]
        hint = f" (allowed keys: {', '.join(allowed)})" if allowed else ""
        return f"{where}: {'; '.join(parts) or exc.message}{hint}"
    shown = "{...}" if isinstance(value, dict) else value
    return f"{where} = {shown!r}: allowed: {definition.get('description') or exc.message}"


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
