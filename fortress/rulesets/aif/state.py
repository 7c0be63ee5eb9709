"""America in Flames as a ruleset: its state (plain data) and its actions with their notation.

The political state is stage A's :class:`~fortress.rulesets.aif.politics.Politics` (immutable:
a copy of the game shares it until a step replaces it); the rest is the ruleset's own: each
side's research points, who holds the initiative, the auction's bids, who has the atomic bomb;
and the military, in ATTACK!'s shapes and with its readers and changers
(:class:`~fortress.rulesets.attack.state.Forces`): ``armies`` power or minor -> region ->
{kind: n}, ``ships`` power -> zone, box or ``coast:REGION`` -> {KIND or KIND/CARGO: n},
``control`` region -> its holder (a power, or a minor at war; a minor's region at peace has
none).
"""
from __future__ import annotations

import copy
import re
from dataclasses import dataclass, field
from typing import Any

from fortress.engine.board import Board
from fortress.engine.actions import Action, End, NotationError, Surrender
from fortress.rulesets.aif.military import enemies
from fortress.rulesets.aif.politics import Politics
from fortress.rulesets.attack.state import Counts, Forces, plain_copy


@dataclass
class AifState(Forces):
    """A game of America in Flames, and what the engine reads (``phase``, ``turn``, ``round``,
    ``out``, ``winner``, ``result``, ``surrendered``, ``seed``, ``rng``, ``players``; ``units``:
    none, the military is counted in ``armies`` and ``ships``)."""

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
    units: dict[int, Any] = field(default_factory=dict)  # the core's unit objects: none here
    # -- the military (ATTACK!'s fields, read and changed by ATTACK!'s step modules) -------------
    map: str = "americas"                                    #: ATTACK!'s graph of this map (world.graph_of)
    sides: list[str] = field(default_factory=list)           #: the six powers
    control: dict[str, str] = field(default_factory=dict)    #: region -> power or minor holding it
    armies: dict[str, dict[str, Counts]] = field(default_factory=dict)  #: holder -> region -> counts
    ships: dict[str, dict[str, Counts]] = field(default_factory=dict)   #: power -> zone/box/coast -> counts
    raised: list[str] = field(default_factory=list)          #: minors whose armies are raised (at war)
    attacked: list[str] = field(default_factory=list)        #: powers whose home an enemy attacked this turn
    act: dict[str, Any] = field(default_factory=dict)        #: the operation under way (moved units)
    fights: list[dict[str, Any]] = field(default_factory=list)  #: battles waiting, in order
    fight: dict[str, Any] | None = None                     #: the battle being fought
    # ATTACK!'s, empty here: no grants, face-down markers, technology, cards, capitals or markers
    grants: list[str] = field(default_factory=list)
    neutral: dict[str, str] = field(default_factory=dict)
    tech: dict[str, Counts] = field(default_factory=dict)
    hands: dict[str, list[str]] = field(default_factory=dict)
    capital: dict[str, str] = field(default_factory=dict)
    markers: Counts = field(default_factory=dict)

    def copy(self) -> "AifState":
        new = copy.copy(self)
        for name, value in vars(self).items():
            if name != "politics" and isinstance(value, (dict, list)):
                setattr(new, name, plain_copy(value))
        return new

    def hostile(self, side: str, holder: str | None) -> bool:
        """Units fight only an enemy holder: a power of the other side, or a minor at war with
        ``side`` (design: no battle in a partner's region or a minor's at peace)."""
        return holder is not None and enemies(self, side, holder)

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
    """``produce POINTS RESEARCH [N KIND PLACE ...]``: a power's sealed production order: build
    points spent on political points (§5.3, 1 each), given to its side's research rolls (§5.3,
    §8), and on units (design: ATTACK!'s, at its costs, :mod:`.buy`)."""

    points: int
    research: int
    units: tuple[tuple[int, str, str], ...] = ()
    verb = "produce"

    def __str__(self) -> str:
        return f"produce {self.points} {self.research}" + "".join(f" {n} {k} {p}" for n, k, p in self.units)


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
_PRODUCE = re.compile(r"produce (\d{1,6}) (\d{1,6})((?: \d{1,3} [a-z]{1,20} [a-z:-]{1,60}){0,20})$")
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
        parts = m[3].split()
        return Produce(int(m[1]), int(m[2]), tuple((int(parts[i]), parts[i + 1], parts[i + 2])
                                                  for i in range(0, len(parts), 3)))
    if m := _INFLUENCE.match(words):
        parts = m[1].split()
        return Influence(tuple((parts[i], int(parts[i + 1])) for i in range(0, len(parts), 2)))
    raise NotationError(f"cannot read {text[:60]!r}: write 'influence MINOR LEVELS ...', 'influence none', "
                        "'produce POINTS RESEARCH [N KIND PLACE ...]', 'declare MINOR', 'align MINOR', 'bomb MINOR', 'bid N', "
                        "'pass', 'end' or 'surrender'")
