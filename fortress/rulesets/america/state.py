"""The game state: typed, plain data (ids, ints, strings, enums, small dataclasses), cheap to
copy, and turned into JSON-able data and back at any point of a game (mid-battle included)
by :meth:`State.to_dict` / :meth:`State.from_dict`.

Nothing here knows the rules beyond bookkeeping: where units stand, who holds what,
the pools, the partisan-card tasks left to resolve, the battle in progress. The phases in
``fortress.engine.turn`` change it; the UI and bots read a battle through :class:`BattleView`.

>>> import json
>>> from fortress.rulesets.america.tables import default
>>> s = new_state(seed=1, players=4, numbers=default().numbers)
>>> u = s.add_unit("west", "infantry", "x")
>>> u.status = Status.SCOUT
>>> s.tasks = [Task(TaskKind.REINFORCE, left=8)]
>>> State.from_dict(json.loads(json.dumps(s.to_dict())), default()) == s
True
"""
from __future__ import annotations

import copy
from dataclasses import dataclass, field
from enum import StrEnum
from types import MappingProxyType
from typing import Any, Mapping, NamedTuple

from fortress.rulesets.america.battle import ATTACKER, Arms, Battle, Decision, Token
from fortress.rulesets.america.units import INVADERS, SIDES, US


class Status(StrEnum):
    """What a unit is doing beyond standing in its area (rules: Maneuvers, Combat).
    ``NONE`` is the empty string, so ``not unit.status`` means a normal unit."""

    NONE = ""
    SCOUT = "scout"  #: a scouting helicopter
    BOMBING = "bombing"  #: a bomber in an enemy territory; its place is kept in ``origin``
    DISENGAGED = "disengaged"  #: left a battle this turn


@dataclass(slots=True)
class Unit:
    """One piece on the board. ``origin``: where a bombing bomber came from (and keeps its
    place); ``committed``: the battle area it was sent to this turn."""

    uid: int
    side: str
    kind: str
    area: str
    moved: bool = False
    status: Status = Status.NONE
    origin: str | None = None
    invaded: bool = False
    committed: str | None = None

    def copy(self) -> "Unit":
        """An independent copy (the constructor is several times quicker than copy.copy)."""
        return Unit(self.uid, self.side, self.kind, self.area, self.moved, self.status, self.origin, self.invaded,
                    self.committed)

    def to_data(self) -> dict:
        return {"uid": self.uid, "side": self.side, "kind": self.kind, "area": self.area, "moved": self.moved,
                "status": str(self.status), "origin": self.origin, "invaded": self.invaded,
                "committed": self.committed}

    @classmethod
    def from_data(cls, row: dict) -> "Unit":
        return cls(row["uid"], row["side"], row["kind"], row["area"], row["moved"], _STATUS[row["status"]],
                   row["origin"], row["invaded"], row["committed"])


_STATUS = {s.value: s for s in Status}  # Status(value) without the enum machinery (a hot path)


class TaskKind(StrEnum):
    """What a reinforcements task asks (rules: Action Sequence 1, Partisan Cards)."""

    REINFORCE = "reinforce"  #: an Invader brings reserves into its zones
    LASER = "laser"  #: the U.S. places its laser of the turn
    DRAW = "draw"  #: the U.S. draws a partisan card
    PLACE = "place"  #: a card places a unit in one of the territories it names
    EXTRA_LASER = "extra_laser"
    SABOTAGE = "sabotage"
    LASER_BONUS = "laser_bonus"
    GROUND = "ground"


@dataclass(frozen=True, slots=True)
class Task:
    """One thing the side in Reinforcements must still resolve, first task first.
    ``card``: the card that asked it ("" for the turn's own); ``unit``/``places``: what a
    PLACE task places and the territories (ids) the card names for it; ``left``: units a
    REINFORCE task still allows."""

    kind: TaskKind
    card: str = ""
    unit: str = ""
    places: tuple[str, ...] = ()
    left: int = 0

    def placed_one(self) -> "Task":
        """This task with one unit fewer ``left``."""
        return Task(self.kind, self.card, self.unit, self.places, self.left - 1)

    def to_data(self) -> dict:
        return {"kind": str(self.kind), "card": self.card, "unit": self.unit, "places": list(self.places),
                "left": self.left}

    @classmethod
    def from_data(cls, row: dict) -> "Task":
        return cls(TaskKind(row["kind"]), row["card"], row["unit"], tuple(row["places"]), row["left"])


class Stage(StrEnum):
    """The stages of a battle in progress (rules: Action Sequence 5)."""

    ASSEMBLE = "assemble"  #: the attacker sends units (``commit``) until ``fight``
    FIGHT = "fight"  #: the round is rolled and its choices made


class Roll(NamedTuple):
    """One die rolled in a battle: by ``side``'s ``unit``, its die and the face it showed."""

    side: str
    unit: str
    die: str
    face: str


@dataclass(slots=True)
class BattleState:
    """The battle in progress at ``area`` (the attacker is the side whose turn it is).
    ``decider``: the side that must choose now, if a choice waits; ``battle``: the round
    itself once it is fought; ``rolls``: the dice rolled so far."""

    area: str
    defender: str
    stage: Stage = Stage.ASSEMBLE
    decider: str | None = None
    battle: Battle | None = None
    rolls: list[Roll] = field(default_factory=list)

    def copy(self) -> "BattleState":
        return BattleState(self.area, self.defender, self.stage, self.decider,
                           None if self.battle is None else self.battle.copy(), list(self.rolls))

    def to_data(self) -> dict:
        return {"area": self.area, "defender": self.defender, "stage": str(self.stage), "decider": self.decider,
                "battle": None if self.battle is None else self.battle.to_data(),
                "rolls": [list(r) for r in self.rolls]}

    @classmethod
    def from_data(cls, data: dict, tables: Arms) -> "BattleState":
        battle = None if data["battle"] is None else Battle.from_data(data["battle"], tables)
        return cls(data["area"], data["defender"], Stage(data["stage"]), data["decider"], battle,
                   [Roll(*r) for r in data["rolls"]])

    def view(self, state: "State") -> "BattleView":
        """A read-only picture of this battle in ``state``."""
        b, area, turn = self.battle, self.area, state.turn
        if b is None:  # still assembling: the units sent so far against the units in the area
            attackers: dict[Token, int] = {}
            defenders: dict[Token, int] = {}
            for u in state.units.values():
                if u.side == turn:
                    if u.committed == area:
                        attackers[(u.kind, u.area)] = attackers.get((u.kind, u.area), 0) + 1
                elif u.area == area:
                    defenders[(u.kind, area)] = defenders.get((u.kind, area), 0) + 1
        else:
            attackers, defenders = b.attackers, b.defenders
        return BattleView(self.area, state.turn, self.defender, self.stage, self.decider,
                          MappingProxyType(dict(attackers)), MappingProxyType(dict(defenders)),
                          None if b is None else b.decision(), tuple(self.rolls),
                          None if b is None else b.copy())


@dataclass(frozen=True)
class BattleView:
    """A battle as the UI and bots see it (``Game.battle``): forces are counted by token
    ``(unit type, where)``, ``where`` being the area an attacker comes from and the battle's
    area for a defender. ``decision`` is the choice the battle waits for, if any (``decider``
    makes it); ``battle`` an independent copy of the round once fought, for odds and casualty
    policies (changing it does not change the game)."""

    area: str
    attacker: str
    defender: str
    stage: Stage
    decider: str | None
    attackers: Mapping[Token, int]
    defenders: Mapping[Token, int]
    decision: Decision | None
    rolls: tuple[Roll, ...]
    battle: Battle | None

    def combined_arms_miss(self) -> str | None:
        """Why a Combined Arms face the attacker rolls now is no hit, in words (None: it is
        a hit, or the round is not fought yet). A roll whose Combined Arms did not count is
        followed in the log by an event of kind "combined_arms" saying why."""
        return None if self.battle is None else self.battle.combined_arms_miss(ATTACKER)

    def units(self, role: str) -> dict[str, int]:
        """Units per type of the attacker (``role="attacker"``) or the defender."""
        out: dict[str, int] = {}
        for (kind, _where), n in (self.attackers if role == ATTACKER else self.defenders).items():
            out[kind] = out.get(kind, 0) + n
        return out


_SCALARS = ("seed", "players", "rng", "phase", "turn", "round", "next_uid", "lasers_left", "lasers_fired",
            "laser_bonus", "bonus_cards", "winner", "result", "surrendered")
_DICTS = ("control", "captured", "to_place")
_NESTED = ("reserves", "graveyard")
_LISTS = ("lasers", "targeted", "declared", "fought", "deck", "discard", "hand", "partisan_areas", "grounded", "out")
#: the Invader Card variant's fields (fortress.rulesets.america.invader_cards): in the plain data only
#: when one is not empty, so a game without the variant has the data (and digests) it had
_CARD_FIELDS = ("invader_decks", "invader_hands", "invader_played", "footholds")


@dataclass
class State:
    seed: int
    players: int
    rng: int
    phase: str = "setup"
    turn: str = US  # whose turn it is (during setup: who is placing)
    round: int = 0
    units: dict[int, Unit] = field(default_factory=dict)
    next_uid: int = 1
    control: dict[str, str] = field(default_factory=dict)
    reserves: dict[str, dict[str, int]] = field(default_factory=dict)
    graveyard: dict[str, dict[str, int]] = field(default_factory=dict)
    to_place: dict[str, int] = field(default_factory=dict)  # setup and reinforcement allowances
    lasers: list[str] = field(default_factory=list)  # cities holding a laser
    lasers_left: int = 0
    lasers_fired: int = 0
    laser_bonus: int = 0  # lowers the laser's target number this turn (event card)
    targeted: list[str] = field(default_factory=list)
    declared: list[str] = field(default_factory=list)
    fought: list[str] = field(default_factory=list)
    captured: dict[str, str] = field(default_factory=dict)  # city id -> invader credited
    bonus_cards: int = 0
    deck: list[str] = field(default_factory=list)
    discard: list[str] = field(default_factory=list)
    hand: list[str] = field(default_factory=list)  # cards drawn this turn
    tasks: list[Task] = field(default_factory=list)  # what the side in Reinforcements must still resolve
    partisan_areas: list[str] = field(default_factory=list)
    grounded: list[str] = field(default_factory=list)
    battle: BattleState | None = None
    out: list[str] = field(default_factory=list)
    invader_decks: dict[str, list[str]] = field(default_factory=dict)  # Invader Card variant: hidden order
    invader_hands: dict[str, list[str]] = field(default_factory=dict)  # seen by their owners only
    invader_played: list[str] = field(default_factory=list)  # cards played, face up
    footholds: dict[str, str] = field(default_factory=dict)  # territory -> the Invader whose foothold it is
    winner: str | None = None
    result: str = ""
    surrendered: str | None = None

    def copy(self) -> "State":
        new = copy.copy(self)
        new.units = {k: u.copy() for k, u in self.units.items()}
        for f in _DICTS:
            setattr(new, f, dict(getattr(self, f)))
        for f in _NESTED:
            setattr(new, f, {k: dict(v) for k, v in getattr(self, f).items()})
        for f in _LISTS:
            setattr(new, f, list(getattr(self, f)))
        new.tasks = list(self.tasks)  # tasks are frozen
        new.__dict__.update(_card_data(self.__dict__))  # even empty: a deal must not reach the copy
        if self.battle is not None:
            new.battle = self.battle.copy()
        return new

    # -- changes ---------------------------------------------------------------------------
    def add_unit(self, side: str, kind: str, area: str) -> Unit:
        unit = Unit(self.next_uid, side, kind, area)
        self.units[unit.uid] = unit
        self.next_uid += 1
        return unit

    def remove_unit(self, unit: Unit) -> None:
        """Destroyed: an Invader's unit goes to the graveyard, the U.S.'s back to reserves."""
        del self.units[unit.uid]
        pile = self.reserves if unit.side == US else self.graveyard
        pile[unit.side][unit.kind] = pile[unit.side].get(unit.kind, 0) + 1

    # -- plain data ------------------------------------------------------------------------
    def to_dict(self) -> dict:
        """JSON-able data sharing nothing with the state (``json.dumps`` takes it as it is)."""
        out = {f: getattr(self, f) for f in _SCALARS}
        out.update({f: dict(getattr(self, f)) for f in _DICTS})
        out.update({f: {k: dict(v) for k, v in getattr(self, f).items()} for f in _NESTED})
        out.update({f: list(getattr(self, f)) for f in _LISTS})
        out["units"] = [u.to_data() for u in self.units.values()]
        out["tasks"] = [t.to_data() for t in self.tasks]
        out["battle"] = None if self.battle is None else self.battle.to_data()
        if any(getattr(self, f) for f in _CARD_FIELDS):
            out.update(_card_data(self.__dict__))
        return out

    @classmethod
    def from_dict(cls, data: dict, tables: Arms) -> "State":
        """The state :meth:`to_dict` described (``data`` is not kept or changed); a battle in
        progress reads its units and dice from the ruleset's ``tables``."""
        state = cls(**{f: data[f] for f in _SCALARS})
        for f in _DICTS:
            setattr(state, f, dict(data[f]))
        for f in _NESTED:
            setattr(state, f, {k: dict(v) for k, v in data[f].items()})
        for f in _LISTS:
            setattr(state, f, list(data[f]))
        state.units = {row["uid"]: Unit.from_data(row) for row in data["units"]}
        state.tasks = [Task.from_data(row) for row in data["tasks"]]
        state.battle = None if data["battle"] is None else BattleState.from_data(data["battle"], tables)
        if any(f in data for f in _CARD_FIELDS):
            state.__dict__.update(_card_data(data))
        return state


def _card_data(fields: Mapping) -> dict:
    """The Invader Card variant's fields (read from ``fields``) copied, sharing nothing."""
    return {"invader_decks": {k: list(v) for k, v in fields.get("invader_decks", {}).items()},
            "invader_hands": {k: list(v) for k, v in fields.get("invader_hands", {}).items()},
            "invader_played": list(fields.get("invader_played", ())),
            "footholds": dict(fields.get("footholds", {}))}


def new_state(seed: int, players: int, numbers: Mapping[str, Any]) -> State:
    """A state with full pools, as ``numbers`` (``rules.toml``) gives them."""
    pool = numbers["pool"]
    state = State(seed=seed, players=players, rng=seed)
    state.reserves = {s: dict(pool) for s in SIDES}
    state.reserves[US]["partisan"] = numbers["us"]["partisans"]
    state.graveyard = {s: {} for s in INVADERS}
    state.lasers_left = numbers["us"]["lasers"]
    return state


