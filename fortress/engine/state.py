"""What the engine reads and writes of a ruleset's state: the typed contract.

A ruleset's state is its own plain-data class (Fortress America's ``State``, ATTACK!'s
``AttackState``, ...). The engine knows it only through :class:`GameState`: who is to move and
when, who is out, the result, the random generator's position, a copy and the plain data of a
save. A ruleset whose pieces are units on areas (a move, a battle) also gives
:class:`UnitsState`, which the context's unit verbs (``Context.add_unit``, ``units``, ``load``)
use. ``tests/test_state_contract.py`` checks every installed ruleset's state against both.
"""
from __future__ import annotations

from typing import Any, Mapping, Protocol, runtime_checkable


@runtime_checkable
class GameState(Protocol):
    """The fields and methods every ruleset's state has (the engine's turn, flow and result)."""

    seed: int  #: the seed the game was started with (no view shows it)
    players: int  #: how many players sit at the table
    rng: int  #: where the game's random sequence stands (``Context.dice`` writes through)
    phase: str  #: the step being played (a name of the ruleset's ``rules.toml`` turn)
    turn: str  #: the side whose turn it is
    round: int  #: the round (year, season: the ruleset's calendar labels it)
    out: list[str]  #: the sides out of the game (surrendered or eliminated), in order
    winner: str | None  #: the winning side or team once the game is over
    result: str  #: why the game ended, in words
    surrendered: str | None  #: the side that surrendered, if one did

    def copy(self) -> GameState:
        """An independent copy (what undo, search and views work on)."""

    def to_dict(self) -> dict[str, Any]:
        """The state as plain JSON data (a save's ``state``)."""


@runtime_checkable
class Unit(Protocol):
    """A piece on the board, as the context's unit verbs see it."""

    uid: int
    side: str
    kind: str
    area: str
    status: Any  #: the ruleset's own status values
    origin: str | None  #: where a unit away from its place keeps it (a bombing bomber)


@runtime_checkable
class UnitsState(Protocol):
    """A state whose pieces are units on areas, with a side holding each area."""

    @property
    def units(self) -> Mapping[int, Any]:
        """Every unit on the board by uid (each a :class:`Unit`)."""

    @property
    def control(self) -> Mapping[str, str]:
        """The side holding each area."""

    def add_unit(self, side: str, kind: str, area: str) -> Any:
        """A new unit (a :class:`Unit`) of ``side`` in ``area`` with the next uid."""


__all__ = ["GameState", "Unit", "UnitsState"]
