"""ATTACK! Deluxe's state: plain data (dicts, lists, strings, numbers) in a typed dataclass,
with ``copy()`` and ``to_dict()``/``from_dict()`` (a JSON round trip).

Army units are counted per side, region and type (``armies``); ships per side and place (a sea
zone, or ``coast:REGION`` for a coastline) as counts of ``KIND`` or ``KIND/CARGO`` (a ship
carrying one army unit [Navigate]). Government markers are counts per player (ruling: their
kinds matter only face down); face-down markers lie on neutral regions (``neutral``), and
``peeked`` says who has looked at which [Negotiate].
"""
from __future__ import annotations

import copy
from dataclasses import dataclass, field, fields
from typing import Any

HIDDEN = "?"  #: a card or marker a view does not show

Counts = dict[str, int]


def plain_copy(value: Any) -> Any:
    """A deep copy of plain data (dicts, lists, strings, numbers, None), as ``copy.deepcopy``
    makes it but without its bookkeeping (a view or a bot's copy of the state is made at every
    move); anything else is left to ``copy.deepcopy``."""
    kind = type(value)
    if kind is dict:
        return {k: plain_copy(v) for k, v in value.items()}
    if kind is list:
        return [plain_copy(v) for v in value]
    if kind in (str, int, float, bool) or value is None:
        return value
    return copy.deepcopy(value)


class Forces:
    """The military state's readers and changers, stated once for every ruleset that fights
    with ATTACK!'s units (ATTACK!, America in Flames): the state declares ``sides``, ``out``,
    ``control`` (region -> holder), ``armies`` (side -> region -> {kind: n}), ``ships`` (side ->
    zone or ``coast:REGION`` -> {KIND or KIND/CARGO: n}) and ``grants``."""

    sides: list[str]
    out: list[str]
    control: dict[str, str]
    armies: dict[str, dict[str, Counts]]
    ships: dict[str, dict[str, Counts]]
    grants: list[str]

    # -- reading ----------------------------------------------------------------------------
    def army(self, side: str, region: str) -> Counts:
        """``side``'s army units in ``region`` (a fresh dict; empty if none)."""
        return dict(self.armies.get(side, {}).get(region, {}))

    def army_size(self, side: str, region: str) -> int:
        return sum(self.armies.get(side, {}).get(region, {}).values())

    def held(self, side: str) -> list[str]:
        return sorted(r for r, s in self.control.items() if s == side)

    def fleet(self, side: str, place: str) -> Counts:
        return dict(self.ships.get(side, {}).get(place, {}))

    def zone_holder(self, zone: str) -> str | None:
        """The side whose ships are in ``zone`` (None if none, or if several: a battle waits)."""
        here = [s for s, places in self.ships.items() if places.get(zone)]
        return here[0] if len(here) == 1 else None

    def live(self) -> list[str]:
        return [s for s in self.sides if s not in self.out]

    def permits(self, grantor: str | None, grantee: str) -> bool:
        """``grantor`` (None: nobody) lets ``grantee`` pass [Explanations] (standing grant)."""
        return grantor is None or grantor == grantee or f"{grantor}>{grantee}" in self.grants

    # -- changing ---------------------------------------------------------------------------
    def add_army(self, side: str, region: str, kind: str, n: int = 1) -> None:
        here = self.armies.setdefault(side, {}).setdefault(region, {})
        here[kind] = here.get(kind, 0) + n
        if here[kind] <= 0:
            del here[kind]
            if not here:
                del self.armies[side][region]

    def add_ship(self, side: str, place: str, key: str, n: int = 1) -> None:
        here = self.ships.setdefault(side, {}).setdefault(place, {})
        here[key] = here.get(key, 0) + n
        if here[key] <= 0:
            del here[key]
            if not here:
                del self.ships[side][place]

    def hostile(self, side: str, holder: str | None) -> bool:
        """Units of ``side`` fight ``holder``'s where they meet: in ATTACK! every other player
        and every neutral [Battles] (America in Flames: only enemies)."""
        return holder != side


@dataclass
class AttackState(Forces):
    """A game of ATTACK! Deluxe (see the module docstring); the engine reads ``phase``,
    ``turn``, ``round`` (the year), ``out``, ``winner``, ``result``, ``surrendered``, ``seed``,
    ``rng`` and ``players``."""

    seed: int
    players: int
    rng: int
    phase: str = ""
    turn: str = ""
    round: int = 0
    map: str = "western"
    years: int = 6
    sides: list[str] = field(default_factory=list)      # the sides in play, in seat order
    government: dict[str, str] = field(default_factory=dict)
    capital: dict[str, str] = field(default_factory=dict)    # side -> its capital's region
    control: dict[str, str] = field(default_factory=dict)    # region -> side holding it
    armies: dict[str, dict[str, Counts]] = field(default_factory=dict)   # side -> region -> counts
    ships: dict[str, dict[str, Counts]] = field(default_factory=dict)    # side -> zone/coast -> counts
    markers: Counts = field(default_factory=dict)            # side -> government markers held
    pool: list[str] = field(default_factory=list)            # face-down markers not on the board
    neutral: dict[str, str] = field(default_factory=dict)    # neutral region -> its face-down marker
    taken: list[str] = field(default_factory=list)           # markers taken off the pool or board (public)
    peeked: dict[str, list[str]] = field(default_factory=dict)   # region -> sides that looked
    oil: list[str] = field(default_factory=list)             # regions with an oil marker
    burned: list[str] = field(default_factory=list)          # burned deposits [Burn Oil]
    oil_supply: int = 40
    production: Counts = field(default_factory=dict)         # production certificates
    oil_certs: Counts = field(default_factory=dict)          # oil certificates
    tech: dict[str, Counts] = field(default_factory=dict)    # side -> technology -> level
    population: Counts = field(default_factory=dict)
    stacks: Counts = field(default_factory=dict)             # "rail-2" -> cards left; "population"
    hands: dict[str, list[str]] = field(default_factory=dict)
    deck: list[str] = field(default_factory=list)
    discard: list[str] = field(default_factory=list)
    grants: list[str] = field(default_factory=list)          # "grantor>grantee": standing permission
    first: str = ""                                          # the command die's holder this year
    order: list[str] = field(default_factory=list)           # this year's order of play
    direction: str = "cw"
    season: str = ""
    income: list[str] = field(default_factory=list)          # sides that took income this year
    act: dict[str, Any] = field(default_factory=dict)        # the action under way (moved units, card, ...)
    fights: list[dict[str, Any]] = field(default_factory=list)   # battles waiting, in order
    fight: dict[str, Any] | None = None                     # the battle being fought (Battle.to_dict())
    setup: dict[str, Any] = field(default_factory=dict)      # the setup's progress
    out: list[str] = field(default_factory=list)
    winner: str | None = None
    result: str = ""
    surrendered: str | None = None
    units: dict[int, Any] = field(default_factory=dict)      # the core's unit objects: none here

    def copy(self) -> "AttackState":
        return AttackState(**self.to_dict())

    def to_dict(self) -> dict[str, Any]:
        return {f.name: plain_copy(getattr(self, f.name)) for f in fields(self)}

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> "AttackState":
        return cls(**plain_copy(data))
