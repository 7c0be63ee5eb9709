"""Shape checks: whether an action object is an action at all (fields of the right types,
ids this board and ruleset know) before the rules judge it. ``Game.explain`` and
``Game.apply`` ask :func:`malformed` first, so ``count=1.0`` or an unknown area never
reaches a step's check."""
from __future__ import annotations

from dataclasses import fields
from typing import Any, Mapping, Protocol

from fortress.board import Board
from fortress.rules.actions import NOTATION, Action


class Names(Protocol):
    """What an action's names are checked against: a ruleset's sides and its tables (unit
    types, Invader cards; none in a ruleset without them), as a
    :class:`~fortress.rules.rulesets.Ruleset` has them."""

    @property
    def sides(self) -> tuple[str, ...]: ...
    @property
    def tables(self) -> Any: ...


def malformed(action: object, board: Board, rules: Names) -> str | None:
    """Why ``action`` is not an action at all (a field of the wrong type, an unknown area
    id or side, a unit type this notation does not know), or None if it is well formed;
    the rules judge the rest. Checked before the rules look at it, so ``count=1.0`` or
    ``count=True`` (equal to 1 in Python) is refused, not carried out. (Another ruleset's
    own action classes get the checks of their areas and sides; their counts, cards and
    units are theirs to check.) ``rules``: the
    ruleset, whose sides, unit types and cards an action names.

    >>> from fortress.board import Area
    >>> from fortress.rules.actions import Declare, Move, Retreat
    >>> b = Board([Area("a", "Alpha", "plain"), Area("b", "Big Bend", "plain")], [("a", "b")])
    >>> from fortress.rules import rulesets
    >>> fa = rulesets.get()
    >>> malformed(Move(True, "hovertank", "a", "b"), b, fa)
    'move: count must be a whole number of units (at least 1)'
    >>> malformed(Declare("atlantis"), b, fa)
    "declare: area 'atlantis' is not an area of this board"
    >>> malformed(Retreat("infantry", "a", None), b, fa) is None
    True
    """
    cls = type(action)
    checks = _CHECKS.get(cls)
    if checks is None:
        if not isinstance(action, Action) or cls is Action:
            return f"{cls.__name__!r} is not an action"
        checks = _CHECKS[cls] = _checks_of(cls)
    for name, check, may_be_none in checks:
        value = getattr(action, name)
        if value is None and may_be_none:
            continue
        reason = check(value, board, rules)
        if reason:
            return f"{action.verb}: {name} {reason}"  # type: ignore[attr-defined]  # checks exist for Actions only
    return None


def _checks_of(cls: type) -> tuple:
    """(field, check, may be None) for each checked field of an action class: areas and sides
    for every class; unit types, Invader cards and unit counts only in this notation's classes
    (another ruleset's units, cards and counts are its own: a bid of 0 is a count it may allow)."""
    ours = NOTATION.has(cls)
    return tuple((f.name, _FIELD_CHECKS[f.name], "None" in str(f.type)) for f in fields(cls)
                 if f.name in _FIELD_CHECKS and (ours or _FIELD_CHECKS[f.name] not in _NOTATIONS_OWN))


def _shown(value: object) -> str:
    return repr(value)[:40] if type(value) is str else f"of type {type(value).__name__}"


def _check_count(value: object, board: Board, rules: Names) -> str | None:
    return None if type(value) is int and value >= 1 else "must be a whole number of units (at least 1)"


def _check_unit(value: object, board: Board, rules: Names) -> str | None:
    return None if type(value) is str and value in rules.tables.units else f"{_shown(value)} is not a unit type"


def _check_side(value: object, board: Board, rules: Names) -> str | None:
    return None if type(value) is str and value in rules.sides else f"{_shown(value)} is not a side"


def _check_card(value: object, board: Board, rules: Names) -> str | None:
    cards: Mapping[str, Any] = rules.tables.invader_cards if rules.tables else {}
    return None if type(value) is str and value in cards else f"{_shown(value)} is not an Invader card"


def _check_area(value: object, board: Board, rules: Names) -> str | None:
    return None if type(value) is str and value in board else f"{_shown(value)} is not an area of this board"


#: how each kind of field (the names of :data:`fortress.rules.actions.WORDS`) is checked
_CHECKS: dict[type, tuple] = {}  # each action class's checks, worked out once
_NOTATIONS_OWN = (_check_unit, _check_card, _check_count)  # Fortress America's words only
_FIELD_CHECKS = {"count": _check_count, "unit": _check_unit, "passenger": _check_unit, "side": _check_side,
                 "card": _check_card, "area": _check_area, "src": _check_area, "dst": _check_area}
