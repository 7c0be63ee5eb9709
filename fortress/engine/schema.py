"""The published shape of saves and positions (``save.schema.json``, JSON Schema 2020-12),
checked with :mod:`jsonschema` before anything is built from them.

Integers are strict: ``1.0`` and ``true`` are not integers here (Python would take
them for 1). Messages say where and what is wrong without repeating the input.

>>> problem({"format": "fortress-save", "version": 1, "seed": 1e999, "players": 4,
...          "setup": "balanced", "actions": []})
'seed must be an integer'
>>> problem({"turn": "west", "round": 0}, "position")
'round is out of range'
>>> problem({"units": {"Denver": 5}}, "position")
"units['Denver'] must be a string"
"""
from __future__ import annotations

import json
import re
import sys
from contextlib import contextmanager
from functools import cache
from importlib.resources import files
from typing import Any, Callable, Iterable, Iterator

MAX_DEPTH = 10  #: levels of nesting a save may have (a real one has 4)
_NOT_BRACKET = re.compile(r"[^\[\]{}]+")
_SQUARE = str.maketrans("{}", "[]")  # depth alone matters here


@cache
def schema() -> dict[str, Any]:
    """The save schema as a dict (its ``$defs`` hold the position's)."""
    loaded: dict[str, Any] = json.loads(files("fortress.engine").joinpath("save.schema.json").read_text())
    return loaded


#: modules :mod:`jsonschema` imports, when they are installed, only for format checks no check
#: here makes (``format_checker=None``): rfc3987-syntax builds 39 Lark grammars as it is
#: imported, 1.7 s of CPU on an idle core, most of a served page's first read of its game
UNUSED_FORMAT_MODULES = ("rfc3987_syntax",)


@contextmanager
def without_unused_formats() -> Iterator[None]:
    """Within it, an import of :mod:`jsonschema` (or of what imports it: nbformat, Voila's
    utilities) skips :data:`UNUSED_FORMAT_MODULES` unless they are imported already; that
    jsonschema then checks no ``iri`` format, which nothing in fortress asks of it. The
    modules stay importable afterwards."""
    hidden = [name for name in UNUSED_FORMAT_MODULES if name not in sys.modules]
    for name in hidden:
        sys.modules[name] = None  # type: ignore[assignment]  # import raises ImportError: jsonschema goes without
    try:
        yield
    finally:
        for name in hidden:
            if sys.modules.get(name, ...) is None:
                del sys.modules[name]


@cache
def _validator(part: str | None) -> Any:
    with without_unused_formats():
        import jsonschema  # imported on first use

    base = jsonschema.Draft202012Validator
    strict = base.TYPE_CHECKER.redefine(
        "integer", lambda checker, value: type(value) is int)  # not bool, not 1.0
    cls = jsonschema.validators.extend(base, type_checker=strict)
    full = schema()
    target = full if part is None else {**full["$defs"][part], "$defs": full["$defs"]}
    return cls(target, format_checker=None)


def load_checker() -> None:
    """Import and build the save check now rather than at the first game read (jsonschema's
    import: ~0.3 s of a core): a preheated kernel of ``fortress serve`` does it before its page
    asks, so a seat link it serves spends none of it (issue 35, item 11)."""
    _validator(None)


def problem(instance: object, part: str | None = None) -> str | None:
    """What is wrong with ``instance`` against the save schema (``part``: one of its
    ``$defs``, e.g. ``"position"``), or None if it fits."""
    validator = _validator(part)  # imports jsonschema
    from jsonschema.exceptions import best_match

    error = best_match(validator.iter_errors(instance))
    return None if error is None else describe(error)


_WHAT: dict[str, Callable[[Any], str]] = {
    "type": lambda e: f"must be {_article(e.validator_value)}",
    "minimum": lambda e: "is out of range", "maximum": lambda e: "is out of range",
    "maxLength": lambda e: "is too long", "minLength": lambda e: "is empty",
    "maxItems": lambda e: "has too many items", "maxProperties": lambda e: "has too many entries",
    "pattern": lambda e: "is malformed", "const": lambda e: f"must be {e.validator_value!r}",
    "additionalProperties": lambda e: f"has a field it does not know: {_short(_extra(e))}",
    "required": lambda e: f"lacks {e.message.split(' ', 1)[0]}",
}
_MAPS = ("units", "captured", "control")  # objects whose keys are names the player wrote


def save_problem(data: object) -> str | None:
    """:func:`problem` for a whole save, its list of actions (thousands of strings) checked
    in one quick pass against the limits the schema gives them, the rest by the schema."""
    actions = data.get("actions") if isinstance(data, dict) else None
    if type(actions) is not list or not isinstance(data, dict):
        return problem(data)
    rule = schema()["properties"]["actions"]
    if len(actions) > rule["maxItems"]:
        return "actions has too many items"
    longest = rule["items"]["maxLength"]
    for i, action in enumerate(actions):
        if type(action) is not str:
            return f"actions[{i}] must be a string"
        if len(action) > longest:
            return f"actions[{i}] is too long"
    return problem({**data, "actions": []})


def _article(types: str | list[str]) -> str:
    names = [types] if isinstance(types, str) else types
    return " or ".join(("an " if t[0] in "aeiou" else "a ") + t for t in names)


def _extra(error: Any) -> str:
    known = error.schema.get("properties", {})
    return next((k for k in error.instance if k not in known), "?")


def _short(key: object) -> str:
    return repr(key[:30] + "..." if isinstance(key, str) and len(key) > 30 else key)


def describe(error: Any) -> str:
    """``where what``, e.g. ``seed must be an integer``; input appears only as short keys."""
    what = _WHAT[error.validator](error) if error.validator in _WHAT else "is not allowed here"
    return f"{_where(error.absolute_path) or 'it'} {what}"


def _where(path: Iterable[Any]) -> str:
    out, prev = "", None
    for key in path:
        if isinstance(key, int):
            out += f"[{key}]"
        elif prev in _MAPS or not key.isidentifier() or len(key) > 30:
            out += f"[{_short(key)}]"
        else:
            out += f".{key}" if out else key
        prev = key
    return out


def too_deep(text: str, limit: int = MAX_DEPTH) -> bool:
    """More than ``limit`` levels of ``[]``/``{}`` nesting in JSON ``text``, found
    without recursion: strings dropped, then innermost pairs peeled off level by level.

    >>> too_deep('{"a": [[1], "]]]["]}', 2), too_deep('{"a": [[1], "]]]["]}', 3)
    (True, False)
    """
    plain = text.replace("\\\\", "").replace('\\"', "")  # escapes first, so quotes pair up
    rest = _NOT_BRACKET.sub("", "".join(plain.split('"')[::2])).translate(_SQUARE)  # outside strings
    for _ in range(limit):
        rest, before = rest.replace("[]", ""), len(rest)
        if not rest or len(rest) == before:  # done, or unbalanced (json.loads will say so)
            return False
    return bool(rest)
