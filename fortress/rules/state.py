"""The game state: plain data (ids, ints, strings, lists, dicts), JSON-able and cheap to copy.

Nothing here knows the rules beyond bookkeeping: where units stand, who holds what,
the pools. The phases in ``fortress.rules.turn`` change it.
"""
from __future__ import annotations

import copy
from dataclasses import asdict, dataclass, field, fields

from fortress.data import load
from fortress.rules.units import INVADERS, SIDES, US

RULES = load("rules")


@dataclass(slots=True)
class Unit:
    """One piece on the board.

    ``status``: "" (normal), "scout" (a scouting helicopter), "bombing" (a bomber in an
    enemy territory; ``origin`` is where it came from and where its place is kept),
    "disengaged" (left a battle this turn).
    """

    uid: int
    side: str
    kind: str
    area: str
    moved: bool = False
    status: str = ""
    origin: str | None = None
    invaded: bool = False
    committed: str | None = None  # battle area it was sent to this turn


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
    tasks: list[dict] = field(default_factory=list)  # what the U.S. must still resolve
    partisan_areas: list[str] = field(default_factory=list)
    grounded: list[str] = field(default_factory=list)
    battle: dict | None = None
    out: list[str] = field(default_factory=list)
    winner: str | None = None
    result: str = ""
    surrendered: str | None = None

    def copy(self) -> "State":
        new = copy.copy(self)
        new.units = {k: copy.copy(u) for k, u in self.units.items()}
        for f in ("control", "captured", "to_place"):
            setattr(new, f, dict(getattr(self, f)))
        for f in ("reserves", "graveyard"):
            setattr(new, f, {k: dict(v) for k, v in getattr(self, f).items()})
        for f in ("lasers", "targeted", "declared", "fought", "deck", "discard", "hand",
                  "partisan_areas", "grounded", "out"):
            setattr(new, f, list(getattr(self, f)))
        new.tasks = [dict(t) for t in self.tasks]
        new.battle = copy.deepcopy(self.battle) if self.battle is not None else None
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
        out = {f.name: getattr(self, f.name) for f in fields(self)}
        out["units"] = [asdict(u) for u in self.units.values()]
        return copy.deepcopy(out)

    @classmethod
    def from_dict(cls, data: dict) -> "State":
        data = copy.deepcopy(data)
        units = {row["uid"]: Unit(**row) for row in data.pop("units")}
        state = cls(**data)
        state.units = units
        return state


def new_state(seed: int, players: int) -> State:
    pool = RULES["pool"]
    state = State(seed=seed, players=players, rng=seed)
    state.reserves = {s: dict(pool) for s in SIDES}
    state.reserves[US]["partisan"] = RULES["us"]["partisans"]
    state.graveyard = {s: {} for s in INVADERS}
    state.lasers_left = RULES["us"]["lasers"]
    return state
