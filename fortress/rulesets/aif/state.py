"""America in Flames as a ruleset: its state (plain data) and its actions with their notation.

The political state is stage A's :class:`~fortress.rulesets.aif.politics.Politics` (immutable:
a copy of the game shares it until a step replaces it); the rest is the ruleset's own: each
side's research points, who holds the initiative, the auction's bids, who has the atomic bomb.
"""
from __future__ import annotations

import copy
import re
from dataclasses import dataclass, field
from typing import Any

from fortress.engine.board import Board
from fortress.engine.actions import Action, End, NotationError, Surrender
from fortress.rulesets.aif.politics import Politics


@dataclass
class AifState:
    """A game of America in Flames (the political war), and what the engine reads (``phase``,
    ``turn``, ``round``, ``out``, ``winner``, ``result``, ``surrendered``, ``seed``, ``rng``,
    ``players``, ``units``: none, there is no military)."""

    seed: int
    players: int
    rng: int
    politics: Politics
    research: dict[str, int]
    initiative: str = "axis"  #: text §13: the Axis hold it in the first turn (and the pre-set-up steps)
    bids: list[tuple[str, int]] = field(default_factory=list)  #: the auction: (bidding side, bid)
    passed: list[str] = field(default_factory=list)  #: the auction: seats that passed since the last bid
    bomb: list[str] = field(default_factory=list)  #: the teams that have developed the atomic bomb (§8)
    phase: str = ""
    turn: str = ""
    round: int = 0
    out: list[str] = field(default_factory=list)
    winner: str | None = None
    result: str = ""
    surrendered: str | None = None
    units: dict[int, Any] = field(default_factory=dict)  # no units: stage B's military is not built

    def copy(self) -> "AifState":
        new = copy.copy(self)
        new.research, new.bids, new.passed = dict(self.research), list(self.bids), list(self.passed)
        new.bomb, new.out = list(self.bomb), list(self.out)
        return new

    def to_dict(self) -> dict[str, Any]:
        data = {k: copy.deepcopy(v) for k, v in vars(self).items() if k != "politics"}
        data["politics"] = self.politics.to_plain()
        data["bids"] = [list(b) for b in self.bids]
        return data


@dataclass(frozen=True, slots=True)
class Influence(Action):
    """``influence MINOR LEVELS ...`` (or ``influence none``): a power's sealed influence order,
    levels per minor (§3.6)."""

    levels: tuple[tuple[str, int], ...]
    verb = "influence"

    def __str__(self) -> str:
        return "influence " + (" ".join(f"{m} {n}" for m, n in self.levels) or "none")


@dataclass(frozen=True, slots=True)
class Produce(Action):
    """``produce POINTS RESEARCH``: a power's sealed production order: build points spent on
    political points (§5.3, 1 each) and given to its side's research rolls (§5.3, §8)."""

    points: int
    research: int
    verb = "produce"

    def __str__(self) -> str:
        return f"produce {self.points} {self.research}"


@dataclass(frozen=True, slots=True)
class OnMinor(Action):
    """An action on one minor: its verb, then the minor's id."""

    minor: str

    def __str__(self) -> str:
        return f"{self.verb} {self.minor}"


@dataclass(frozen=True, slots=True)
class Declare(OnMinor):
    """``declare MINOR``: declare war on a minor (§3.2)."""

    verb = "declare"


@dataclass(frozen=True, slots=True)
class Align(OnMinor):
    """``align MINOR``: align a minor at Mobilisation or higher by announcing it (§3.1)."""

    verb = "align"


@dataclass(frozen=True, slots=True)
class Bomb(OnMinor):
    """``bomb MINOR``: drop an atom bomb on a minor (variant "atomic-bomb"; §10.7(c))."""

    verb = "bomb"


@dataclass(frozen=True, slots=True)
class Bid(Action):
    """``bid N``: a bid in the auction for sides (variant "bidding"; §13)."""

    amount: int
    verb = "bid"

    def __str__(self) -> str:
        return f"bid {self.amount}"


_WORDS: dict[str, Action] = {"end": End(), "surrender": Surrender(), "influence none": Influence(())}
_ONE = re.compile(r"(declare|align|bomb) ([a-z_]{1,40})$")
_BID = re.compile(r"bid (\d{1,6})$")
_PRODUCE = re.compile(r"produce (\d{1,6}) (\d{1,6})$")
_INFLUENCE = re.compile(r"influence((?: [a-z_]{1,40} \d{1,6}){1,40})$")
_VERBS: dict[str, type[Declare] | type[Align] | type[Bomb]] = {"declare": Declare, "align": Align, "bomb": Bomb}


def parse(text: str, board: Board) -> Action:
    """Read ``influence MINOR N ...``, ``influence none``, ``produce P R``, ``declare MINOR``,
    ``align MINOR``, ``bomb MINOR``, ``bid N``, ``end`` or ``surrender`` (minors by id:
    ``central_america``)."""
    words = " ".join(text.strip().lower().split())
    if words in _WORDS:
        return _WORDS[words]
    if m := _ONE.match(words):
        return _VERBS[m[1]](m[2])
    if m := _BID.match(words):
        return Bid(int(m[1]))
    if m := _PRODUCE.match(words):
        return Produce(int(m[1]), int(m[2]))
    if m := _INFLUENCE.match(words):
        parts = m[1].split()
        return Influence(tuple((parts[i], int(parts[i + 1])) for i in range(0, len(parts), 2)))
    raise NotationError(f"cannot read {text[:60]!r}: write 'influence MINOR LEVELS ...', 'influence none', "
                        "'produce POINTS RESEARCH', 'declare MINOR', 'align MINOR', 'bomb MINOR', 'bid N', "
                        "'pass', 'end' or 'surrender'")
