"""Actions: what a player does, as frozen dataclasses with a text notation.

``str(action)`` is the notation and ``parse(text, board)`` reads it back:

>>> from fortress.board import Board, Area
>>> b = Board([Area("a", "Alpha", "plain"), Area("b", "Big Bend", "plain")], [("a", "b")])
>>> str(Move(2, "hovertank", "a", "b"))
'move 2 hovertank Alpha -> Big Bend'
>>> parse("move 2 hovertanks alpha -> big bend", b) == Move(2, "hovertank", "a", "b")
True
>>> parse("move 1 mobile+infantry Alpha -> Big Bend", b).passenger
'infantry'
"""
from __future__ import annotations

from dataclasses import dataclass

from fortress.board import Board, area_name
from fortress.rules.units import side_name, unit_name


class NotationError(ValueError):
    """Text that is not an action in the notation."""


@dataclass(frozen=True, slots=True)
class Action:
    """Base class. Each subclass has a ``verb`` and prints as its notation."""

    verb = ""


@dataclass(frozen=True, slots=True)
class Place(Action):
    """Put one unit from the pool on the board (setup, reinforcements, partisan cards)."""

    unit: str
    area: str
    verb = "place"

    def __str__(self) -> str:
        return f"place {self.unit} {area_name(self.area)}"


@dataclass(frozen=True, slots=True)
class PlaceLaser(Action):
    area: str
    verb = "laser"

    def __str__(self) -> str:
        return f"laser {area_name(self.area)}"


@dataclass(frozen=True, slots=True)
class Declare(Action):
    area: str
    verb = "declare"

    def __str__(self) -> str:
        return f"declare {area_name(self.area)}"


@dataclass(frozen=True, slots=True)
class Move(Action):
    """Maneuvers: ``count`` units of a type from ``src`` to ``dst``; a mobile unit may
    carry a ``passenger`` (infantry or partisan) when ``count`` is 1."""

    count: int
    unit: str
    src: str
    dst: str
    passenger: str | None = None
    verb = "move"

    def __str__(self) -> str:
        what = self.unit + (f"+{self.passenger}" if self.passenger else "")
        return f"move {self.count} {what} {area_name(self.src)} -> {area_name(self.dst)}"


@dataclass(frozen=True, slots=True)
class Fire(Action):
    """Fire Lasers: one laser shoots at one unit of ``side`` and type ``unit`` in ``area``."""

    side: str
    unit: str
    area: str
    verb = "fire"

    def __str__(self) -> str:
        return f"fire {self.side} {self.unit} {area_name(self.area)}"


@dataclass(frozen=True, slots=True)
class Attack(Action):
    """Combat: start the battle for a declared territory."""

    area: str
    verb = "attack"

    def __str__(self) -> str:
        return f"attack {area_name(self.area)}"


@dataclass(frozen=True, slots=True)
class Commit(Action):
    """Combat: send ``count`` units of a type from adjacent ``src`` into the battle."""

    count: int
    unit: str
    src: str
    verb = "commit"

    def __str__(self) -> str:
        return f"commit {self.count} {self.unit} {area_name(self.src)}"


@dataclass(frozen=True, slots=True)
class Fight(Action):
    verb = "fight"

    def __str__(self) -> str:
        return "fight"


@dataclass(frozen=True, slots=True)
class Casualty(Action):
    """Combat: the firing side picks the enemy unit its hit destroys (by type and where it stands)."""

    unit: str
    area: str
    verb = "destroy"

    def __str__(self) -> str:
        return f"destroy {self.unit} {area_name(self.area)}"


@dataclass(frozen=True, slots=True)
class Retreat(Action):
    """Combat: the defender's unit retreats from ``src`` to ``dst`` (None: nowhere, destroyed)."""

    unit: str
    src: str
    dst: str | None
    verb = "retreat"

    def __str__(self) -> str:
        return f"retreat {self.unit} {area_name(self.src)} -> {area_name(self.dst) if self.dst else 'destroyed'}"


@dataclass(frozen=True, slots=True)
class Disengage(Action):
    """Combat: the attacker's unit standing in ``area`` leaves the battle before it fires."""

    unit: str
    area: str
    verb = "disengage"

    def __str__(self) -> str:
        return f"disengage {self.unit} {area_name(self.area)}"


@dataclass(frozen=True, slots=True)
class Invade(Action):
    count: int
    unit: str
    src: str
    dst: str
    verb = "invade"

    def __str__(self) -> str:
        return f"invade {self.count} {self.unit} {area_name(self.src)} -> {area_name(self.dst)}"


@dataclass(frozen=True, slots=True)
class Sabotage(Action):
    """Partisan event card: destroy one Invader unit."""

    side: str
    unit: str
    area: str
    verb = "sabotage"

    def __str__(self) -> str:
        return f"sabotage {self.side} {self.unit} {area_name(self.area)}"


@dataclass(frozen=True, slots=True)
class Ground(Action):
    """Partisan event card: an Invader's air units may not move in its next Maneuvers."""

    side: str
    verb = "ground"

    def __str__(self) -> str:
        return f"ground {self.side}"


@dataclass(frozen=True, slots=True)
class End(Action):
    """End the current phase (or step)."""

    verb = "end"

    def __str__(self) -> str:
        return "end"


@dataclass(frozen=True, slots=True)
class Surrender(Action):
    verb = "surrender"

    def __str__(self) -> str:
        return "surrender"


# -- shared objects ------------------------------------------------------------------------
_SHARED: dict[tuple, Action] = {}


def shared(cls: type, *fields) -> Action:
    """The one shared object for an action (actions are immutable): the phases build
    their legal actions from these, so a game's lists reuse objects instead of creating
    thousands of equal ones (a speed-up; equality and hashing are unaffected)."""
    key = (cls, *fields)
    act = _SHARED.get(key)
    if act is None:
        act = _SHARED[key] = cls(*fields)
    return act


# -- parsing -------------------------------------------------------------------------------
def _area(text: str, board: Board) -> str:
    try:
        return board.find(text)
    except KeyError as exc:
        raise NotationError(exc.args[0]) from None


def _count(word: str) -> int:
    if not word.isdigit() or int(word) < 1:
        raise NotationError(f"expected a number of units, got {word!r}")
    return int(word)


def _unit(word: str) -> str:
    try:
        return unit_name(word)
    except ValueError as exc:
        raise NotationError(str(exc)) from None


def _side(word: str) -> str:
    try:
        return side_name(word)
    except ValueError as exc:
        raise NotationError(str(exc)) from None


def _split_arrow(rest: str, verb: str) -> tuple[str, str]:
    if "->" not in rest:
        raise NotationError(f"'{verb}' needs '->' between the two areas, e.g. '{EXAMPLES[verb]}'")
    left, right = rest.split("->", 1)
    return left.strip(), right.strip()


EXAMPLES = {
    "place": "place infantry Seattle",
    "laser": "laser Denver",
    "declare": "declare Denver",
    "move": "move 2 hovertank Seattle -> Olympic Peninsula",
    "fire": "fire west hovertank Great Basin",
    "attack": "attack Denver",
    "commit": "commit 2 infantry Front Range",
    "fight": "fight",
    "destroy": "destroy hovertank Front Range",
    "retreat": "retreat infantry Denver -> Front Range",
    "disengage": "disengage hovertank Front Range",
    "invade": "invade 2 infantry Front Range -> Denver",
    "sabotage": "sabotage west hovertank Great Basin",
    "ground": "ground west",
    "end": "end",
    "surrender": "surrender",
}


def parse(text: str, board: Board) -> Action:
    """Read an action written in the notation (names or ids, any case, plurals allowed)."""
    words = text.strip().split(None, 1)
    if not words:
        raise NotationError("empty action")
    verb, rest = words[0].lower(), (words[1] if len(words) > 1 else "")
    if verb not in EXAMPLES:
        raise NotationError(f"unknown action {verb!r}; actions are: {', '.join(EXAMPLES)}")
    try:
        return _PARSERS[verb](rest, board)
    except NotationError:
        raise
    except (ValueError, IndexError):
        raise NotationError(f"could not read {text!r}; write it like '{EXAMPLES[verb]}'") from None


def _parse_move(rest: str, board: Board) -> Action:
    left, dst = _split_arrow(rest, "move")
    count, what, src = left.split(None, 2)
    unit, _, passenger = what.partition("+")
    return Move(_count(count), _unit(unit), _area(src, board), _area(dst, board), _unit(passenger) if passenger else None)


def _parse_invade(rest: str, board: Board) -> Action:
    left, dst = _split_arrow(rest, "invade")
    count, unit, src = left.split(None, 2)
    return Invade(_count(count), _unit(unit), _area(src, board), _area(dst, board))


def _parse_retreat(rest: str, board: Board) -> Action:
    left, dst = _split_arrow(rest, "retreat")
    unit, src = left.split(None, 1)
    return Retreat(_unit(unit), _area(src, board), None if dst.lower() == "destroyed" else _area(dst, board))


def _parse_unit_area(cls):
    def parse_it(rest: str, board: Board) -> Action:
        unit, area = rest.split(None, 1)
        return cls(_unit(unit), _area(area, board))
    return parse_it


def _parse_side_unit_area(cls):
    def parse_it(rest: str, board: Board) -> Action:
        side, unit, area = rest.split(None, 2)
        return cls(_side(side), _unit(unit), _area(area, board))
    return parse_it


def _parse_area(cls):
    return lambda rest, board: cls(_area(rest, board))


def _parse_bare(cls):
    def parse_it(rest: str, board: Board) -> Action:
        if rest.strip():
            raise NotationError(f"'{cls.verb}' takes nothing after it")
        return cls()
    return parse_it


def _parse_commit(rest: str, board: Board) -> Action:
    count, unit, src = rest.split(None, 2)
    return Commit(_count(count), _unit(unit), _area(src, board))


_PARSERS = {
    "place": _parse_unit_area(Place),
    "laser": _parse_area(PlaceLaser),
    "declare": _parse_area(Declare),
    "move": _parse_move,
    "fire": _parse_side_unit_area(Fire),
    "attack": _parse_area(Attack),
    "commit": _parse_commit,
    "fight": _parse_bare(Fight),
    "destroy": _parse_unit_area(Casualty),
    "retreat": _parse_retreat,
    "disengage": _parse_unit_area(Disengage),
    "invade": _parse_invade,
    "sabotage": _parse_side_unit_area(Sabotage),
    "ground": lambda rest, board: Ground(_side(rest)),
    "end": _parse_bare(End),
    "surrender": _parse_bare(Surrender),
}
