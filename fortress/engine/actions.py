"""Actions: what a player does, as frozen dataclasses holding ids, and the notation machinery
every ruleset writes and reads them with.

A ruleset declares each verb once, as a :class:`Verb`: its action class, a pattern naming the
class's fields (``"move {count} {unit} {src} -> {dst}"``) and an example; a :class:`Notation`
of its verbs writes (``notation.write(action, board.names)``), reads (``notation.read(text,
board, units)``) and orders (``notation.key``) them. The notation names areas, so it is written
and read with the board the game is played on (as python-chess's ``board.san(move)``).
``str(action)`` is the same text with area ids, for logs and reprs.

>>> from fortress.engine.board import Area, Board
>>> @dataclass(frozen=True, slots=True)
... class Go(Action):
...     count: int
...     area: str
>>> go = Notation((Verb(Go, "go {count} {area}", "go 2 Alpha"), *BASE_VERBS))
>>> b = Board([Area("a", "Alpha", "plain"), Area("b", "Big Bend", "plain")], [("a", "b")])
>>> go.write(Go(2, "b"), b.names), str(Go(2, "b"))
('go 2 Big Bend', 'go 2 b')
>>> go.read("GO 3 big bend", b, {})
Go(count=3, area='b')
"""
from __future__ import annotations

import re
from dataclasses import dataclass, field, fields
from typing import Any, Callable, Mapping, TypeVar

from fortress.engine.board import Board

#: each action class's writer, registered by its :class:`Verb` (``str(action)`` uses it)
_WRITERS: dict[type, Callable[[Any, dict[str, str]], str]] = {}


class NotationError(ValueError):
    """Text that is not an action in the notation."""


@dataclass(frozen=True, slots=True)
class Action:
    """Base class. Each subclass's ``verb`` (the first word of its notation) comes from
    its entry in :data:`VERBS`."""

    verb = ""

    def __str__(self) -> str:
        """The action in its ruleset's notation with area ids (logs, reprs); an action with
        no :class:`Verb` is written as its verb (or class name) and its fields."""
        write = _WRITERS.get(type(self))
        if write is not None:
            return write(self, {})
        values = [str(getattr(self, f.name)) for f in fields(self)]
        return " ".join([self.verb or type(self).__name__.lower(), *values])


@dataclass(frozen=True, slots=True)
class End(Action):
    """End the current phase (or step)."""


@dataclass(frozen=True, slots=True)
class Surrender(Action):
    """Give up the game."""


# -- shared objects ------------------------------------------------------------------------
_SHARED: dict[tuple[Any, ...], Action] = {}


_A = TypeVar("_A", bound=Action)


def shared(cls: type[_A], *fields: Any) -> _A:
    """The one shared object for an action (actions are immutable): the phases build
    their legal actions from these, so a game's lists reuse objects instead of creating
    thousands of equal ones (a speed-up; equality and hashing are unaffected)."""
    key = (cls, *fields)
    act = _SHARED.get(key)
    if act is None:
        act = _SHARED[key] = cls(*fields)
    return act  # type: ignore[return-value]  # the key's class made it


# -- the words of the notation ---------------------------------------------------------------
def _read_area(text: str, board: Board, units: Mapping[str, Any]) -> str:
    try:
        return board.find(text)
    except KeyError as exc:
        raise NotationError(exc.args[0]) from None


def _read_count(word: str, board: Board, units: Mapping[str, Any]) -> int:
    if not (word.isascii() and word.isdigit()) or int(word) < 1:  # "²" is a digit to Python, not to int()
        raise NotationError(f"expected a number of units, got {word!r}")
    return int(word)


def _read_card(word: str, board: Board, units: Mapping[str, Any]) -> str:
    return word.lower()  # an unknown card is refused by the ruleset's shape checks


@dataclass(frozen=True, slots=True)
class Word:
    """One kind of field in a pattern: the text it matches and how it is read; an area is
    written as the board names it (``board.names``), anything else as ``str(value)``."""

    regex: str
    read: Callable[[str, Board, Mapping[str, Any]], object]
    area: bool = False
    text: bool = True  # the value is already text (else it is written with str())


#: The kinds of field every ruleset may use, by field name (a ruleset adds its own: units, sides).
WORDS: dict[str, Word] = {
    "count": Word(r"\S+", _read_count, text=False),
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
    #: the kind of each field, by field name (a ruleset's words; :data:`WORDS` by default)
    words: Mapping[str, Word] = field(default_factory=lambda: WORDS, repr=False)
    word: str = field(init=False)
    parts: tuple[str | _Field, ...] = field(init=False, repr=False)  # literal strings and _Field objects
    fields: tuple[_Field, ...] = field(init=False, repr=False)
    regex: re.Pattern[str] = field(init=False, repr=False)
    #: (action, {area id: name}) -> the notation / its sort key
    write: Callable[[Action, dict[str, str]], str] = field(init=False, repr=False)
    key: Callable[[Action, dict[str, str]], tuple[str, ...]] = field(init=False, repr=False)

    def __post_init__(self) -> None:
        word, _, rest = self.pattern.partition(" ")
        parts: list[str | _Field] = []
        for m in _PART.finditer(rest):
            if m["text"]:
                parts.append(m["text"])
            elif m["opt"]:
                parts.append(_Field(m["opt"], self.words[m["opt"]], m["pre"], ""))
            else:
                parts.append(_Field(m["name"], self.words[m["name"]], "", m["none"]))
        self.word, self.parts = word, tuple(parts)
        self.fields = tuple(p for p in parts if isinstance(p, _Field))
        self.regex = re.compile("".join(p.regex() if isinstance(p, _Field) else _literal(p) for p in parts),
                                re.IGNORECASE | re.DOTALL)
        pieces = [_escape(p) if isinstance(p, str) else "{" + p.text() + "}" for p in parts]
        self.write = eval(f'lambda a, names: f"""{_escape(word + " " if parts else word)}{"".join(pieces)}"""')
        self.key = eval(f"lambda a, names: ({', '.join([repr(word), *(f.text() for f in self.fields)])},)")
        self.cls.verb = word
        _WRITERS[self.cls] = self.write

    def read(self, rest: str, board: Board, units: Mapping[str, Any],
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


#: The turn's own verbs, in every ruleset's notation.
BASE_VERBS: tuple[Verb, ...] = (Verb(End, "end", "end"), Verb(Surrender, "surrender", "surrender"))


class Notation:
    """A ruleset's notation: its verbs, written and read with the board of a game."""

    def __init__(self, verbs: tuple[Verb, ...]) -> None:
        self.verbs = verbs
        self._of: dict[type, Verb] = {v.cls: v for v in verbs}
        self._key_of: dict[type, Callable[[Action, dict[str, str]], tuple[str, ...]]] = {v.cls: v.key for v in verbs}
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

    def read(self, text: str, board: Board, units: Mapping[str, Any],
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


MAX_TEXT = 200  #: the longest action text read (the longest real one is under 80 characters)
