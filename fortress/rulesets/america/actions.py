"""Actions: what a player does, as frozen dataclasses holding ids, and their notation.

The notation names areas, so it is written and read with the board the game is played
on (as python-chess's ``board.san(move)`` and ``board.parse_san(text)``):
``notation(action, board)`` writes it, ``parse(text, board, units)`` reads it back (names or
ids, any case, plurals allowed; ``units``: the ruleset's unit types), and ``sort_key(action, board)`` orders actions as their
notation does. ``str(action)`` is the same text with area ids, for logs and reprs.

>>> from fortress.engine.board import Board, Area
>>> from fortress.rulesets.america.tables import default
>>> units = default().units
>>> b = Board([Area("a", "Alpha", "plain"), Area("b", "Big Bend", "plain")], [("a", "b")])
>>> notation(Move(2, "hovertank", "a", "b"), b)
'move 2 hovertank Alpha -> Big Bend'
>>> str(Move(2, "hovertank", "a", "b"))
'move 2 hovertank a -> b'
>>> parse("move 2 hovertanks alpha -> big bend", b, units) == Move(2, "hovertank", "a", "b")
True
>>> parse("move 1 mobile+infantry Alpha -> Big Bend", b, units).passenger
'infantry'

Each verb is written and read in one place, :data:`VERBS`: its action class, a pattern
naming the class's fields, and an example (the machinery: :mod:`fortress.engine.actions`).
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Mapping

from fortress.engine.actions import (BASE_VERBS, MAX_TEXT, WORDS as BASE_WORDS, Action, End, Notation, NotationError,
                                     Surrender, Verb, Word, shared)
from fortress.engine.board import Board
from fortress.engine.shape import shown
from fortress.rulesets.america.units import UnitType, side_name, unit_name

__all__ = ["MAX_TEXT", "NOTATION", "VERBS", "WORDS", "Action", "Attack", "Casualty", "Commit", "Declare", "Disengage",
           "End", "Fight", "Fire", "Ground", "Invade", "Move", "NotationError", "Place", "PlaceLaser", "Play", "Retreat",
           "Sabotage", "Surrender", "notation", "parse", "shared", "sort_key"]


@dataclass(frozen=True, slots=True)
class Place(Action):
    """Put one unit from the pool on the board (setup, reinforcements, partisan cards)."""

    unit: str
    area: str


@dataclass(frozen=True, slots=True)
class PlaceLaser(Action):
    """Reinforcements: build a Space Laser over a U.S. city."""

    area: str


@dataclass(frozen=True, slots=True)
class Declare(Action):
    """Declare Invasions: an Invader names a territory it will attack this turn."""

    area: str


@dataclass(frozen=True, slots=True)
class Move(Action):
    """Maneuvers: ``count`` units of a type from ``src`` to ``dst``; a mobile unit may
    carry a ``passenger`` (infantry or partisan) when ``count`` is 1."""

    count: int
    unit: str
    src: str
    dst: str
    passenger: str | None = None


@dataclass(frozen=True, slots=True)
class Fire(Action):
    """Fire Lasers: one laser shoots at one unit of ``side`` and type ``unit`` in ``area``."""

    side: str
    unit: str
    area: str


@dataclass(frozen=True, slots=True)
class Attack(Action):
    """Combat: start the battle for a declared territory."""

    area: str


@dataclass(frozen=True, slots=True)
class Commit(Action):
    """Combat: send ``count`` units of a type from adjacent ``src`` into the battle."""

    count: int
    unit: str
    src: str


@dataclass(frozen=True, slots=True)
class Fight(Action):
    """Combat: roll the next round of the battle."""


@dataclass(frozen=True, slots=True)
class Casualty(Action):
    """Combat: the firing side picks the enemy unit its hit destroys (by type and where it stands)."""

    unit: str
    area: str


@dataclass(frozen=True, slots=True)
class Retreat(Action):
    """Combat: the defender's unit retreats from ``src`` to ``dst`` (None: nowhere, destroyed)."""

    unit: str
    src: str
    dst: str | None


@dataclass(frozen=True, slots=True)
class Disengage(Action):
    """Combat: the attacker's unit standing in ``area`` leaves the battle before it fires."""

    unit: str
    area: str


@dataclass(frozen=True, slots=True)
class Invade(Action):
    """Invasion: ``count`` units move from ``src`` into the conquered ``dst``."""

    count: int
    unit: str
    src: str
    dst: str


@dataclass(frozen=True, slots=True)
class Sabotage(Action):
    """Partisan event card: destroy one Invader unit."""

    side: str
    unit: str
    area: str


@dataclass(frozen=True, slots=True)
class Ground(Action):
    """Partisan event card: an Invader's air units may not move in its next Maneuvers."""

    side: str


@dataclass(frozen=True, slots=True)
class Play(Action):
    """Invader Card variant: the side to move plays ``card`` from its hand, naming the
    ``unit`` type and ``area`` its effect needs (a strike: both; a foothold: the area)."""

    card: str
    unit: str | None = None
    area: str | None = None


# -- the words of Fortress America's notation ---------------------------------------------------
def _read_unit(word: str, board: Board, units: Mapping[str, UnitType]) -> str:
    try:
        return unit_name(word, units)
    except ValueError as exc:
        raise NotationError(str(exc)) from None


def _read_side(word: str, board: Board, units: Mapping[str, UnitType]) -> str:
    try:
        return side_name(word)
    except ValueError as exc:
        raise NotationError(str(exc)) from None


#: The kind of each action field, by field name: the engine's words and Fortress America's units and sides.
WORDS: dict[str, Word] = {
    **BASE_WORDS,
    "unit": Word(r"[^\s+]+", _read_unit),
    "passenger": Word(r"[^\s+]+", _read_unit),
    "side": Word(r"\S+", _read_side),
}


#: Every verb of the notation, in one place.
VERBS: tuple[Verb, ...] = tuple(Verb(cls, pattern, example, WORDS) for cls, pattern, example in (
    (Place, "place {unit} {area}", "place infantry Seattle"),
    (PlaceLaser, "laser {area}", "laser Denver"),
    (Declare, "declare {area}", "declare Denver"),
    (Move, "move {count} {unit}[+{passenger}] {src} -> {dst}", "move 2 hovertank Seattle -> Olympic Peninsula"),
    (Fire, "fire {side} {unit} {area}", "fire west hovertank Great Basin"),
    (Attack, "attack {area}", "attack Denver"),
    (Commit, "commit {count} {unit} {src}", "commit 2 infantry Front Range"),
    (Fight, "fight", "fight"),
    (Casualty, "destroy {unit} {area}", "destroy hovertank Front Range"),
    (Retreat, "retreat {unit} {src} -> {dst|destroyed}", "retreat infantry Denver -> Front Range"),
    (Disengage, "disengage {unit} {area}", "disengage hovertank Front Range"),
    (Invade, "invade {count} {unit} {src} -> {dst}", "invade 2 infantry Front Range -> Denver"),
    (Sabotage, "sabotage {side} {unit} {area}", "sabotage west hovertank Great Basin"),
    (Ground, "ground {side}", "ground west"),
    (Play, "play {card}[ {unit}][ at {area}]", "play carrier-air-wing hovertank at Denver"),
)) + BASE_VERBS


# -- the shape checks of its fields (fortress.engine.shape checks areas and sides) --------------
def _check_count(value: object, board: Board, rules: Any) -> str | None:
    return None if type(value) is int and value >= 1 else "must be a whole number of units (at least 1)"


def _check_unit(value: object, board: Board, rules: Any) -> str | None:
    return None if type(value) is str and value in rules.tables.units else f"{shown(value)} is not a unit type"


def _check_card(value: object, board: Board, rules: Any) -> str | None:
    cards: Mapping[str, Any] = rules.tables.invader_cards if rules.tables else {}
    return None if type(value) is str and value in cards else f"{shown(value)} is not an Invader card"


#: the ruleset's ``field_checks``: its counts, unit types and Invader cards
FIELD_CHECKS = {"count": _check_count, "unit": _check_unit, "passenger": _check_unit, "card": _check_card}


#: The notation of Fortress America.
NOTATION = Notation(VERBS)


def notation(action: Action, board: Board) -> str:
    """``action`` in the notation, its areas named as ``board`` names them."""
    return NOTATION.write(action, board.names)


def sort_key(action: Action, board: Board) -> tuple[str, ...]:
    """A key that orders actions exactly as their notation on ``board`` sorts (see
    :meth:`Notation.key`; the bots sort by it at every decision, hence one call less)."""
    return NOTATION._key_of[type(action)](action, board.names)


def parse(text: str, board: Board, units: Mapping[str, UnitType],
          cards: Mapping[str, str] | None = None) -> Action:
    """Read an action written in the notation (names or ids, any case, plurals allowed;
    the unit types of ``units``, the ruleset's; ``cards``: card name -> id)."""
    return NOTATION.read(text, board, units, cards)
