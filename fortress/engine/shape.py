"""Shape checks: whether an action object is an action at all (fields of the right types,
ids this board and ruleset know) before the rules judge it. ``Game.explain`` and
``Game.apply`` ask :func:`malformed` first, so ``count=1.0`` or an unknown area never
reaches a step's check."""
from __future__ import annotations

from dataclasses import fields
from typing import Any, Callable, Mapping, Protocol

from fortress.engine.actions import Action
from fortress.engine.board import Board

Check = Callable[[object, Board, Any], "str | None"]


class Names(Protocol):
    """What an action's names are checked against: a ruleset's name, sides and own field
    checks, as a :class:`~fortress.engine.rulesets.Ruleset` has them."""

    @property
    def name(self) -> str: ...
    @property
    def sides(self) -> tuple[str, ...]: ...
    @property
    def field_checks(self) -> Mapping[str, Check]: ...


def malformed(action: object, board: Board, rules: Names) -> str | None:
    """Why ``action`` is not an action at all (a field of the wrong type, an unknown area
    id or side, or a value the ruleset's own ``field_checks`` refuse: Fortress America's
    unit types, cards and counts), or None if it is well formed; the rules judge the rest.
    Checked before the rules look at it, so ``count=1.0`` or ``count=True`` (equal to 1 in
    Python) is refused, not carried out. ``rules``: the ruleset.

    >>> from dataclasses import dataclass
    >>> from fortress.engine.board import Area
    >>> from fortress.engine import rulesets
    >>> @dataclass(frozen=True)
    ... class Go(Action):
    ...     area: str
    ...     side: str | None = None
    >>> b = Board([Area("a", "Alpha", "plain"), Area("b", "Big Bend", "plain")], [("a", "b")])
    >>> rules = rulesets.get()
    >>> malformed(Go("atlantis"), b, rules)
    "go: area 'atlantis' is not an area of this board"
    >>> malformed(Go("a", "martians"), b, rules)
    "go: side 'martians' is not a side"
    >>> malformed(Go("a"), b, rules) is None
    True
    """
    cls = type(action)
    key = (cls, rules.name)
    checks = _CHECKS.get(key)
    if checks is None:
        if not isinstance(action, Action) or cls is Action:
            return f"{cls.__name__!r} is not an action"
        checks = _CHECKS[key] = _checks_of(cls, {**_FIELD_CHECKS, **rules.field_checks})
    for name, check, may_be_none in checks:
        value = getattr(action, name)
        if value is None and may_be_none:
            continue
        reason = check(value, board, rules)
        if reason:
            return f"{action.verb or cls.__name__.lower()}: {name} {reason}"  # type: ignore[attr-defined]
    return None


def _checks_of(cls: type, by_field: Mapping[str, Check]) -> tuple[tuple[str, Check, bool], ...]:
    """(field, check, may be None) for each checked field of an action class."""
    return tuple((f.name, by_field[f.name], "None" in str(f.type)) for f in fields(cls) if f.name in by_field)


def shown(value: object) -> str:
    """A field's value as a message shows it: a string quoted and cut, anything else by type."""
    return repr(value)[:40] if type(value) is str else f"of type {type(value).__name__}"


def _check_side(value: object, board: Board, rules: Names) -> str | None:
    return None if type(value) is str and value in rules.sides else f"{shown(value)} is not a side"


def _check_area(value: object, board: Board, rules: Names) -> str | None:
    return None if type(value) is str and value in board else f"{shown(value)} is not an area of this board"


_CHECKS: dict[tuple[type, str], tuple[tuple[str, Check, bool], ...]] = {}  # per class and ruleset, worked out once
#: the engine's checks, by field name: areas and sides (a ruleset adds its own: ``field_checks``)
_FIELD_CHECKS: dict[str, Check] = {"side": _check_side, "area": _check_area, "src": _check_area, "dst": _check_area}
