"""ATTACK! Deluxe's actions and their notation (area ids as written in the data, e.g.
``new-england``; a coastline is ``coast:REGION``; a ship with cargo ``destroyer/infantry``)."""
from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

from fortress.engine.board import Board
from fortress.engine.actions import Action, End, NotationError, Surrender


@dataclass(frozen=True, slots=True)
class Government(Action):
    """``government GOV CARD``: take a government and its starting economy card [Setup S2]."""
    gov: str
    card: str
    verb = "government"

    def __str__(self) -> str:
        return f"government {self.gov} {self.card}"


@dataclass(frozen=True, slots=True)
class Capital(Action):
    """``capital REGION`` [Setup S3]."""
    region: str
    verb = "capital"

    def __str__(self) -> str:
        return f"capital {self.region}"


@dataclass(frozen=True, slots=True)
class Deploy(Action):
    """``deploy KIND REGION``: one starting unit from the capital to an adjacent region [Setup S3]."""
    kind: str
    region: str
    verb = "deploy"

    def __str__(self) -> str:
        return f"deploy {self.kind} {self.region}"


@dataclass(frozen=True, slots=True)
class Direction(Action):
    """``direction cw|ccw`` [Setup S5]."""
    way: str
    verb = "direction"

    def __str__(self) -> str:
        return f"direction {self.way}"


@dataclass(frozen=True, slots=True)
class Go(Action):
    """``move|attack|transport N KIND FROM TO``: army units go from one region to another."""
    how: str
    n: int
    kind: str
    origin: str
    dest: str
    verb = "go"

    def __str__(self) -> str:
        return f"{self.how} {self.n} {self.kind} {self.origin} {self.dest}"


@dataclass(frozen=True, slots=True)
class Disembark(Action):
    """``disembark SHIP/CARGO ZONE REGION`` [Move] Disembarking."""
    ship: str
    zone: str
    region: str
    verb = "disembark"

    def __str__(self) -> str:
        return f"disembark {self.ship} {self.zone} {self.region}"


@dataclass(frozen=True, slots=True)
class Sail(Action):
    """``navigate SHIP FROM TO``: one ship one step [Navigate]."""
    ship: str
    origin: str
    dest: str
    verb = "navigate"

    def __str__(self) -> str:
        return f"navigate {self.ship} {self.origin} {self.dest}"


@dataclass(frozen=True, slots=True)
class Embark(Action):
    """``embark KIND REGION SHIP PLACE``: one army unit boards an empty ship [Navigate]."""
    kind: str
    region: str
    ship: str
    place: str
    verb = "embark"

    def __str__(self) -> str:
        return f"embark {self.kind} {self.region} {self.ship} {self.place}"


@dataclass(frozen=True, slots=True)
class Word(Action):
    """A verb with up to three words after it: ``negotiate REGION``, ``influence``,
    ``decline``, ``convert N``, ``build KIND PLACE``, ``research TECH UNIT AREA``, ``oil
    REGION``, ``burn REGION``, ``play CARD``, ``grant SIDE``, ``revoke SIDE``, ``fire``,
    ``front KIND=N ...``."""
    word: str
    args: tuple[str, ...] = ()
    verb = "word"

    def __str__(self) -> str:
        return " ".join((self.word, *self.args))


WORDS = {"discard": 1, "negotiate": 1, "influence": 0, "decline": 0, "convert": 1, "build": 2, "research": 3, "oil": 1,
         "burn": 1, "play": 1, "grant": 1, "revoke": 1, "fire": 0, "front": -1}
_TOKEN = re.compile(r"^[a-z0-9:/=\-]{1,40}$")


def parse(text: str, board: Board) -> Action:
    """Read one action in ATTACK!'s notation (see the classes above), ``end`` or ``surrender``."""
    words = text.strip().lower().split()
    if not words or not all(_TOKEN.match(w) for w in words):
        raise NotationError(f"cannot read {text[:60]!r}: write an action such as 'move 2 infantry A B' or 'end'")
    head, rest = words[0], words[1:]
    if words == ["end"]:
        return End()
    if words == ["surrender"]:
        return Surrender()
    found = _read(head, rest)
    if found is None:
        raise NotationError(f"cannot read {text[:60]!r}: unknown action or wrong number of words")
    return found


def _read(head: str, rest: list[str]) -> Action | None:
    simple: dict[str, tuple[int, Any]] = {
        "government": (2, Government), "capital": (1, Capital), "deploy": (2, Deploy),
        "direction": (1, Direction), "disembark": (3, Disembark), "navigate": (3, Sail), "embark": (4, Embark)}
    if head in simple:
        n, cls = simple[head]
        return cls(*rest) if len(rest) == n else None
    if head in ("move", "attack", "transport"):
        if len(rest) == 4 and rest[0].isdigit() and 0 < int(rest[0]) < 1000:
            return Go(head, int(rest[0]), *rest[1:])
        return None
    if head in WORDS and (WORDS[head] == len(rest) or (WORDS[head] < 0 and rest)):
        return Word(head, tuple(rest))
    return None
