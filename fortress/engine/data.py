"""What every ruleset's readable data files share: the error a broken file raises, the
JSON Schema helpers its schemas are built from, and the one-line message a schema error
becomes (``[infantry] move = 'zero': allowed: areas moved in Maneuvers, 0 or more``).

>>> table({"move": count(0, what="areas moved")}, ("move",))["required"]
['move']
"""
from __future__ import annotations

import tomllib
from pathlib import Path
from typing import Any, Callable, Iterable

import fastjsonschema

Schema = dict[str, Any]  #: a JSON Schema, as a dict


class DataError(ValueError):
    """A data file is unreadable or breaks its schema."""

    def _render_traceback_(self) -> list[str]:
        """What IPython and Jupyter show instead of a traceback: the one line (a notebook's
        first game with a broken ``FORTRESS_DATA`` file)."""
        return [f"DataError: {self}"]


def read_toml(where: Path) -> dict[str, Any]:
    """A data file parsed, or :class:`DataError` naming the file and what is wrong with it."""
    try:
        with open(where, "rb") as fh:
            return tomllib.load(fh)
    except tomllib.TOMLDecodeError as exc:
        raise DataError(f"{where}: not valid TOML: {exc}") from None
    except OSError as exc:
        raise DataError(f"{where}: cannot read it: {exc.strerror or exc}") from None


def first_problem(names: Iterable[str], raw: dict[str, Any], schema: Callable[[str], dict[str, Any]]) -> str:
    """The first of the files ``names`` in ``raw`` (parsed) that breaks its JSON Schema
    (``schema(name)``, compiled once per process and name), as ``<name>.toml: <message>``; "" if none."""
    for name in names:
        try:
            _compiled(name, schema)(raw[name])
        except fastjsonschema.JsonSchemaValueException as exc:
            return f"{name}.toml: {message(exc, raw[name])}"
    return ""


_COMPILED: dict[tuple[str, Callable[[str], dict[str, Any]]], Callable[[Any], Any]] = {}


def _compiled(name: str, schema: Callable[[str], dict[str, Any]]) -> Callable[[Any], Any]:
    key = (name, schema)
    if key not in _COMPILED:  # compiling takes a while: once per process
        _COMPILED[key] = fastjsonschema.compile(schema(name))
    return _COMPILED[key]


# -- JSON Schema helpers: every value carries a ``description``, the "allowed" part of a message --
def count(least: int = 0, most: int | None = None, what: str = "a whole number") -> Schema:
    """A whole number from ``least`` (to ``most``)."""
    schema = {"type": "integer", "minimum": least}
    if most is None:
        return schema | {"description": f"{what}, {least} or more"}
    return schema | {"maximum": most, "description": f"{what} from {least} to {most}"}


def one_of(values: Iterable[Any], what: str = "") -> Schema:
    values = list(values)
    names = ", ".join(map(str, values))
    return {"enum": list(values), "description": f"{what + ': ' if what else ''}one of {names}"}


def text(what: str) -> Schema:
    return {"type": "string", "minLength": 1, "description": what}


def flag(what: str) -> Schema:
    return {"type": "boolean", "description": f"{what}: true or false"}


def table(properties: Schema, required: tuple[str, ...] = (), what: str = "a table") -> Schema:
    """A TOML table with exactly these keys (``required`` ones must be there)."""
    return {"type": "object", "properties": properties, "required": list(required),
            "additionalProperties": False, "description": what}


def tables_of(row: Schema, what: str) -> Schema:
    """A file of named tables (``[red]``, ``[infantry]``, ...), each shaped like ``row``."""
    return {"type": "object", "minProperties": 1, "additionalProperties": row, "description": what}


# -- a schema error in one line -----------------------------------------------------------------
def _where(keys: list[Any], data: dict[str, Any]) -> str:
    """``[infantry] move`` for a key in a table, ``rounds`` for a top-level key."""
    keys = [str(k) for k in keys[1:]]  # keys[0] is fastjsonschema's "data"
    if not keys:
        return "the file"
    if not isinstance(data.get(keys[0]), dict):
        return ".".join(keys)
    return " ".join([f"[{keys[0]}]", ".".join(keys[1:])]).strip()


def message(exc: fastjsonschema.JsonSchemaValueException, data: dict[str, Any]) -> str:
    """A schema error in one line: where (``[infantry] move``), what was found, what is allowed."""
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
