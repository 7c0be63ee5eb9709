"""A ruleset's data tables (Fortress America's: units, dice, partisan cards, Invader cards and
the numbers of ``rules.toml``), read from the ruleset's data folder when the ruleset is built
(:func:`fortress.engine.rulesets.get`), never at import. ``FORTRESS_DATA`` overrides the
packaged folder's files (:mod:`fortress.rulesets.america.data`).

The engine reads them through the game's context (``g.tables``), bots, UI, odds and the CLI
through the game (``game.tables``) or :func:`default` (the default ruleset's, when no game is
at hand):

>>> t = default()
>>> t.units["bomber"].move, t.dice["black"].destroy_on, t.numbers["unit_limit"]
(4, 5, 5)
>>> t.classes["hovertank"], t.values["infantry"]
('mechanized', 1)
"""
from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from functools import cached_property
from pathlib import Path
from typing import Any

from fortress.rulesets.america.data import load
from fortress.rulesets.america.cards import Card, InvaderCard, invader_cards, partisan_cards
from fortress.engine.dice import Die, dice_of
from fortress.rulesets.america.units import UnitType, unit_types


@dataclass(frozen=True, eq=False)
class Tables:
    """The data of one ruleset, validated; treat it as read-only. Compared and hashed by
    identity (the dice's throw tables are cached per ``Tables``). It is what a battle reads
    (:class:`fortress.rulesets.america.battle.Arms`)."""

    units: Mapping[str, UnitType]
    dice: Mapping[str, Die]
    cards: Mapping[str, Card]  #: the partisan deck's cards
    invader_cards: Mapping[str, InvaderCard]  #: the Invader Card variant's cards
    invader_deck: Mapping[str, Any]  #: ``invader_cards.toml``'s numbers (``hand_limit``, ``draw``)
    numbers: Mapping[str, Any]  #: ``rules.toml``: pools, limits, rounds, victory, turn, sides
    ruleset: str = ""  #: the name of the ruleset that holds them (a pickled copy is that ruleset's)
    classes: Mapping[str, str] = field(init=False)  #: unit type -> its class
    values: Mapping[str, int] = field(init=False)  #: unit type -> its value

    def __post_init__(self) -> None:
        object.__setattr__(self, "classes", {k: u.cls for k, u in self.units.items()})
        object.__setattr__(self, "values", {k: u.value for k, u in self.units.items()})

    def __reduce__(self) -> tuple[Any, ...]:
        """Pickled by the name of their ruleset (a battle in a state sent to a worker process
        carries the name, not the tables): unpickled, they are that ruleset's there."""
        if not self.ruleset:
            raise TypeError("tables that belong to no ruleset are not pickled")
        return (_of_ruleset, (self.ruleset,))

    @cached_property
    def side_names(self) -> dict[str, str]:
        return {s: row["name"] for s, row in self.numbers["sides"].items()}

    @property
    def laser_die(self) -> Die:
        """The die a laser rolls (rules: Lasers: a black d10)."""
        return self.dice["black"]

    @classmethod
    def read(cls, folder: Path, ruleset: str) -> "Tables":
        """Read and validate the tables of ``folder`` for the ruleset named ``ruleset``
        (raises :class:`fortress.rulesets.america.data.DataError`)."""
        deck = load("invader_cards", folder)
        return cls(units=unit_types(load("units", folder)), dice=dice_of(load("dice", folder)),
                   cards=partisan_cards(load("cards", folder)), invader_cards=invader_cards(deck["cards"]),
                   invader_deck={k: v for k, v in deck.items() if k != "cards"}, numbers=load("rules", folder),
                   ruleset=ruleset)


def _of_ruleset(name: str | None = None) -> Tables:
    from fortress.engine import rulesets
    tables: Tables = rulesets.get(name).tables
    return tables


def default() -> Tables:
    """The default ruleset's tables (built, and so read, on first use)."""
    return _of_ruleset()
