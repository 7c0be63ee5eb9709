"""Actions: what a player does, as frozen dataclasses holding ids, and their notation.

The notation names areas, so it is written and read with the board the game is played
on (as python-chess's ``board.san(move)`` and ``board.parse_san(text)``):
``notation(action, board)`` writes it, ``parse(text, board, units)`` reads it back (names or
ids, any case, plurals allowed; ``units``: the ruleset's unit types), and ``sort_key(action, board)`` orders actions as their
notation does. ``str(action)`` is the same text with area ids, for logs and reprs.

>>> from fortress.board import Board, Area
>>> from fortress.rules.tables import default
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
naming the class's fields, and an example.
"""
from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Callable, Mapping, TypeVar

from fortress.board import Board
from fortress.rules.units import UnitType, side_name, unit_name


class NotationError(ValueError):
    """Text that is not an action in the notation."""


@dataclass(frozen=True, slots=True)
class Action:
    """Base class. Each subclass's ``verb`` (the first word of its notation) comes from
    its entry in :data:`VERBS`."""

    verb = ""

    def __str__(self) -> str:
        return NOTATION.write(self, {})


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


@dataclass(frozen=True, slots=True)
class End(Action):
    """End the current phase (or step)."""


@dataclass(frozen=True, slots=True)
class Surrender(Action):
    """Give up the game."""


# -- shared objects ------------------------------------------------------------------------
_SHARED: dict[tuple, Action] = {}


_A = TypeVar("_A", bound=Action)


def shared(cls: type[_A], *fields) -> _A:
    """The one shared object for an action (actions are immutable): the phases build
    their legal actions from these, so a game's lists reuse objects instead of creating
    thousands of equal ones (a speed-up; equality and hashing are unaffected)."""
    key = (cls, *fields)
    act = _SHARED.get(key)
    if act is None:
        act = _SHARED[key] = cls(*fields)
    return act  # type: ignore[return-value]  # the key's class made it


# -- the words of the notation ---------------------------------------------------------------
def _read_area(text: str, board: Board, units: Mapping[str, UnitType]) -> str:
    try:
        return board.find(text)
    except KeyError as exc:
        raise NotationError(exc.args[0]) from None


def _read_count(word: str, board: Board, units: Mapping[str, UnitType]) -> int:
    if not (word.isascii() and word.isdigit()) or int(word) < 1:  # "²" is a digit to Python, not to int()
        raise NotationError(f"expected a number of units, got {word!r}")
    return int(word)


def _read_unit(word: str, board: Board, units: Mapping[str, UnitType]) -> str:
    try:
        return unit_name(word, units)
    except ValueError as exc:
        raise NotationError(str(exc)) from None


def _read_card(word: str, board: Board, units: Mapping[str, UnitType]) -> str:
    return word.lower()  # an unknown card is refused by the shape checks (malformed)


def _read_side(word: str, board: Board, units: Mapping[str, UnitType]) -> str:
    try:
        return side_name(word)
    except ValueError as exc:
        raise NotationError(str(exc)) from None


@dataclass(frozen=True, slots=True)
class Word:
    """One kind of field in a pattern: the text it matches and how it is read; an area is
    written as the board names it (``board.names``), anything else as ``str(value)``."""

    regex: str
    read: Callable[[str, Board, Mapping[str, UnitType]], object]
    area: bool = False
    text: bool = True  # the value is already text (else it is written with str())


#: The kind of each action field, by field name.
WORDS: dict[str, Word] = {
    "count": Word(r"\S+", _read_count, text=False),
    "unit": Word(r"[^\s+]+", _read_unit),
    "passenger": Word(r"[^\s+]+", _read_unit),
    "side": Word(r"\S+", _read_side),
    "card": Word(r"\S+", _read_card),
    "area": Word(r".+?", _read_area, area=True),
    "src": Word(r".+?", _read_area, area=True),
    "dst": Word(r".+?", _read_area, area=True),
}

# A pattern is literal text with fields: "{name}", "{name|none}" (None is written as the
# word ``none``) and "[prefix{name}]" (written only when the field is not None).
_PART = re.compile(r"\[(?P<pre>[^{\]]*)\{(?P<opt>\w+)\}\]|\{(?P<name>\w+)(?:\|(?P<none>\w+))?\}|(?P<text>[^\[{]+)")


@dataclass(frozen=True, slots=True)
class _Field:
    name: str
    word: Word
    prefix: str = ""  # written before the value: "+" of "[+{passenger}]"
    none: str | None = None  # how None is written: "" for an optional part, a word for "{dst|destroyed}"

    def regex(self) -> str:
        text = f"(?P<{self.name}>{self.word.regex})"
        if self.none == "":
            return f"(?:{re.escape(self.prefix)}{text})?"
        return text

    def text(self) -> str:
        """A Python expression for the field's text, of the action ``a`` with area names ``names``."""
        value = f"a.{self.name}"
        text = f"names.get({value}, {value})" if self.word.area else value if self.word.text else f"str({value})"
        if self.prefix:
            text = f"{self.prefix!r} + {text}"
        return text if self.none is None else f"({self.none!r} if {value} is None else {text})"


@dataclass
class Verb:
    """How one action class is written and read: ``pattern`` is its notation with the
    class's fields in braces (its first word is the verb), ``example`` a sample for help
    texts. Writing, reading and the sort key are all derived from the pattern; writing and
    the key are compiled into one small function each (as :mod:`dataclasses` compiles
    ``__init__``), since events and the bots' sorting write actions all the time."""

    cls: type[Action]
    pattern: str
    example: str
    word: str = field(init=False)
    parts: tuple = field(init=False, repr=False)  # literal strings and _Field objects
    fields: tuple = field(init=False, repr=False)
    regex: re.Pattern = field(init=False, repr=False)
    #: (action, {area id: name}) -> the notation / its sort key
    write: Callable[[Action, dict], str] = field(init=False, repr=False)
    key: Callable[[Action, dict], tuple] = field(init=False, repr=False)

    def __post_init__(self) -> None:
        word, _, rest = self.pattern.partition(" ")
        parts: list = []
        for m in _PART.finditer(rest):
            if m["text"]:
                parts.append(m["text"])
            elif m["opt"]:
                parts.append(_Field(m["opt"], WORDS[m["opt"]], m["pre"], ""))
            else:
                parts.append(_Field(m["name"], WORDS[m["name"]], "", m["none"]))
        self.word, self.parts = word, tuple(parts)
        self.fields = tuple(p for p in parts if isinstance(p, _Field))
        self.regex = re.compile("".join(p.regex() if isinstance(p, _Field) else _literal(p) for p in parts),
                                re.IGNORECASE | re.DOTALL)
        pieces = [_escape(p) if isinstance(p, str) else "{" + p.text() + "}" for p in parts]
        self.write = eval(f'lambda a, names: f"""{_escape(word + " " if parts else word)}{"".join(pieces)}"""')
        self.key = eval(f"lambda a, names: ({', '.join([repr(word), *(f.text() for f in self.fields)])},)")
        self.cls.verb = word

    def read(self, rest: str, board: Board, units: Mapping[str, UnitType],
             cards: Mapping[str, str] | None = None) -> Action:
        if not self.parts:
            if rest.strip():
                raise NotationError(f"'{self.word}' takes nothing after it")
            return self.cls()
        if "->" in self.pattern and "->" not in rest:
            raise NotationError(f"'{self.word}' needs '->' between the two areas, e.g. '{self.example}'")
        if cards and self.fields[0].name == "card":
            rest = _card_by_name(rest, cards)
        m = self.regex.fullmatch(rest.strip())
        if m is None:
            said = f"{self.word} {rest.strip()}".strip()
            raise NotationError(f"could not read {said!r}; write it like '{self.example}'")
        values: dict[str, object] = {}
        for f in self.fields:
            text = m[f.name]
            if text is None or (f.none and text.lower() == f.none):
                values[f.name] = None
            else:
                values[f.name] = f.word.read(text, board, units)
        return self.cls(**values)


def _card_by_name(rest: str, cards: Mapping[str, str]) -> str:
    """``rest`` with a card's name at its start written as the card's id ("Pacific Convoy
    at Seattle" -> "pacific-convoy at Seattle"): a name has spaces, which the card's word
    (one word) cannot hold; any case and spacing, the longest name first."""
    said = " ".join(rest.split())
    for name in sorted(cards, key=len, reverse=True):
        if said.lower() == name.lower() or said.lower().startswith(name.lower() + " "):
            return cards[name] + said[len(name):]
    return rest


def _escape(text: str) -> str:
    """Literal text inside a generated f-string."""
    return text.replace("\\", "\\\\").replace('"', '\\"').replace("{", "{{").replace("}", "}}")


def _literal(text: str) -> str:
    """The regex of literal text in a pattern: spaces match any run of spaces (none
    around an arrow)."""
    if text.strip() == "->":
        return r"\s*->\s*"
    return r"\s+".join(re.escape(w) for w in text.split(" "))


#: Every verb of the notation, in one place.
VERBS: tuple[Verb, ...] = (
    Verb(Place, "place {unit} {area}", "place infantry Seattle"),
    Verb(PlaceLaser, "laser {area}", "laser Denver"),
    Verb(Declare, "declare {area}", "declare Denver"),
    Verb(Move, "move {count} {unit}[+{passenger}] {src} -> {dst}", "move 2 hovertank Seattle -> Olympic Peninsula"),
    Verb(Fire, "fire {side} {unit} {area}", "fire west hovertank Great Basin"),
    Verb(Attack, "attack {area}", "attack Denver"),
    Verb(Commit, "commit {count} {unit} {src}", "commit 2 infantry Front Range"),
    Verb(Fight, "fight", "fight"),
    Verb(Casualty, "destroy {unit} {area}", "destroy hovertank Front Range"),
    Verb(Retreat, "retreat {unit} {src} -> {dst|destroyed}", "retreat infantry Denver -> Front Range"),
    Verb(Disengage, "disengage {unit} {area}", "disengage hovertank Front Range"),
    Verb(Invade, "invade {count} {unit} {src} -> {dst}", "invade 2 infantry Front Range -> Denver"),
    Verb(Sabotage, "sabotage {side} {unit} {area}", "sabotage west hovertank Great Basin"),
    Verb(Ground, "ground {side}", "ground west"),
    Verb(Play, "play {card}[ {unit}][ at {area}]", "play carrier-air-wing hovertank at Denver"),
    Verb(End, "end", "end"),
    Verb(Surrender, "surrender", "surrender"),
)


class Notation:
    """A ruleset's notation: its verbs, written and read with the board of a game."""

    def __init__(self, verbs: tuple[Verb, ...]) -> None:
        self.verbs = verbs
        self._of: dict[type, Verb] = {v.cls: v for v in verbs}
        self._key_of: dict[type, Callable] = {v.cls: v.key for v in verbs}
        self._named: dict[str, Verb] = {v.word: v for v in verbs}

    def has(self, cls: type) -> bool:
        """Whether this notation has a verb for the action class ``cls``."""
        return cls in self._of

    def write(self, action: Action, names: dict[str, str]) -> str:
        """``action`` in the notation, naming areas by ``names`` (id -> name); ids if not there."""
        verb = self._of.get(type(action))
        return verb.write(action, names) if verb else repr(action)

    def key(self, action: Action, names: dict[str, str]) -> tuple[str, ...]:
        """A key that orders actions exactly as their notation sorts: the verb and the text
        of each field. Tuples compare as the joined texts do, since every separator between
        fields starts with a space, which sorts before any character of a word. (The one
        exception, an area name that is another's plus a space and a character before "-",
        as "Big" and "Big & Co", is on no board: tests/test_notation.py checks.)"""
        return self._key_of[type(action)](action, names)

    def read(self, text: str, board: Board, units: Mapping[str, UnitType],
             cards: Mapping[str, str] | None = None) -> Action:
        """The action written as ``text`` (names or ids, any case, plurals allowed; unit
        types of ``units``; ``cards``: card name -> id, so a card may be named either way)."""
        if len(text) > MAX_TEXT:
            raise NotationError(f"an action is at most {MAX_TEXT} characters long")
        words = text.strip().split(None, 1)
        if not words:
            raise NotationError("empty action")
        word, rest = words[0].lower(), (words[1] if len(words) > 1 else "")
        verb = self._named.get(word)
        if verb is None:
            raise NotationError(f"unknown action {word!r}; actions are: {', '.join(self._named)}")
        return verb.read(rest, board, units, cards)


#: The notation of Fortress America.
NOTATION = Notation(VERBS)
MAX_TEXT = 200  #: the longest action text read (the longest real one is under 80 characters)


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
