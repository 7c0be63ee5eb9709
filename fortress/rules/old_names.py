"""The module names Fortress America's tables had before each ruleset brought its own data
(``units.UNITS``, ``dice.DICE``, ``state.RULES``, ...), kept importable for code written
against them: each module's ``__getattr__`` (PEP 562) reads the default ruleset's
:class:`~fortress.rules.tables.Tables` on first use. Nothing in ``fortress`` uses them
(the engine reads ``g.tables``, everything else ``game.tables``), and this module imports
nothing, so importing the engine reads no data file.

>>> from fortress.rules import units
>>> units.UNITS["bomber"].move
4
"""
from __future__ import annotations

from typing import Any, Callable

#: module -> old name -> how it is read from the tables (a :class:`fortress.rules.tables.Tables`;
#: not imported here, even for types: every module with old names imports this one)
OLD: dict[str, dict[str, Callable[[Any], Any]]] = {
    "fortress.rules.units": {"UNITS": lambda t: t.units, "UNIT_NAMES": lambda t: tuple(t.units),
                             "ARMY_UNITS": lambda t: tuple(n for n in t.units if n != "partisan"),
                             "SIDE_NAMES": lambda t: t.side_names},
    "fortress.rules.dice": {"DICE": lambda t: t.dice, "LASER_DIE": lambda t: t.laser_die},
    "fortress.rules.cards": {"CARDS": lambda t: t.cards},
    "fortress.rules.invader_cards": {"CARDS": lambda t: t.invader_cards,
                                     "HAND_LIMIT": lambda t: t.invader_deck["hand_limit"],
                                     "DRAW": lambda t: t.invader_deck["draw"]},
    "fortress.rules.state": {"RULES": lambda t: t.numbers},
    "fortress.rules.america": {"RULES": lambda t: t.numbers},
    "fortress.rules.stacking": {"UNIT_LIMIT": lambda t: t.numbers["unit_limit"]},
    "fortress.ai.common": {"VALUE": lambda t: t.values, "CLASS": lambda t: t.classes},
}


def forward(module: str) -> Callable[[str], Any]:
    """The ``__getattr__`` of ``module``: its old names from the default ruleset's tables,
    AttributeError for any other name (without reading anything)."""
    names = OLD[module]

    def __getattr__(name: str) -> Any:
        if name not in names:
            raise AttributeError(f"module {module!r} has no attribute {name!r}")
        from fortress.rules.tables import default
        return names[name](default())
    return __getattr__
