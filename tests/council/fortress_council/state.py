"""Council's state (plain data) and its actions with their notation."""
from __future__ import annotations

import copy
import re
from dataclasses import dataclass, field, fields
from typing import Any

from fortress.engine.board import Board
from fortress.engine.actions import Action, End, NotationError, Surrender

HIDDEN = "?"  #: a card a view does not show


@dataclass
class CouncilState:
    """Everything a game of Council is: coins, points, the secret hands, the deck (in order),
    the cards played (public), and what the engine reads (``phase``, ``turn``, ``round``,
    ``out``, ``winner``, ``result``, ``surrendered``, ``seed``, ``rng``, ``players``)."""

    seed: int
    players: int
    rng: int
    phase: str = ""
    turn: str = ""
    round: int = 0
    coins: dict[str, int] = field(default_factory=dict)
    points: dict[str, int] = field(default_factory=dict)
    hands: dict[str, list[str]] = field(default_factory=dict)
    deck: list[str] = field(default_factory=list)
    played: list[str] = field(default_factory=list)
    out: list[str] = field(default_factory=list)
    winner: str | None = None
    result: str = ""
    surrendered: str | None = None
    units: dict[int, Any] = field(default_factory=dict)  # Council has no units

    def copy(self) -> "CouncilState":
        new = copy.copy(self)
        new.coins, new.points = dict(self.coins), dict(self.points)
        new.hands = {s: list(h) for s, h in self.hands.items()}
        new.deck, new.played, new.out = list(self.deck), list(self.played), list(self.out)
        return new

    def to_dict(self) -> dict[str, Any]:
        return {f.name: copy.deepcopy(getattr(self, f.name)) for f in fields(self)}


@dataclass(frozen=True, slots=True)
class PlayCard(Action):
    """``play CARD``: play a card from your hand for its points."""

    name: str
    verb = "play"

    def __str__(self) -> str:
        return f"play {self.name}"


@dataclass(frozen=True, slots=True)
class Bid(Action):
    """``bid N``: a sealed bid of N coins (0 is a bid)."""

    coins: int
    verb = "bid"

    def __str__(self) -> str:
        return f"bid {self.coins}"


@dataclass(frozen=True, slots=True)
class Feast(Action):
    """``feast``: pay coins for points."""

    verb = "feast"

    def __str__(self) -> str:
        return "feast"


_WORDS = {"end": End(), "surrender": Surrender(), "feast": Feast()}
_PLAY = re.compile(r"play ([a-z]+)$")
_BID = re.compile(r"bid (\d{1,6})$")


def parse(text: str, board: Board) -> Action:
    """Read ``play CARD``, ``bid N``, ``feast``, ``end`` or ``surrender``."""
    words = " ".join(text.strip().lower().split())
    if words in _WORDS:
        return _WORDS[words]
    if m := _PLAY.match(words):
        return PlayCard(m[1])
    if m := _BID.match(words):
        return Bid(int(m[1]))
    raise NotationError(f"cannot read {text[:60]!r}: write 'play CARD', 'bid N', 'feast', 'end' or 'surrender'")
