"""America in Flames' tables, read from ``fortress/rulesets/aif/data/*.toml`` and checked.

A file that breaks its schema (:mod:`fortress.rulesets.aif.schemas`) or a rule a schema
cannot say (a flash naming an unknown minor, two powers in one position) raises
:class:`fortress.engine.data.DataError`, one line naming the file, the key and what is allowed:

>>> from fortress.rulesets.aif import tables
>>> bad = tables.read_raw() | {"track": tables.read_raw()["track"] | {"full_ally": "16"}}
>>> tables.explain(bad)
"track.toml: full_ally = '16': allowed: the Full Ally square, 3 or more"
"""
from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from importlib import resources
from pathlib import Path
from typing import Any, Mapping

from fortress.engine.data import DataError, first_problem, read_toml
from fortress.rulesets.aif import schemas

DATA_DIR = Path(str(resources.files("fortress.rulesets.aif") / "data"))
Raw = dict[str, dict[str, Any]]


@dataclass(frozen=True)
class Power:
    """A major power (``powers.toml``)."""

    id: str
    name: str
    side: str
    position: str  # "in", "above" or "below" its square (§3.1)
    presetup_points: int
    factories: int
    resources: int


@dataclass(frozen=True)
class Minor:
    """A minor country (``minors.toml``); ``cost`` is its row of the political cost chart."""

    id: str
    name: str
    flagged: bool
    areas: tuple[str, ...]
    cost: Mapping[str, int]
    flash: bool = False
    back: tuple[str, ...] = ()
    controller: str | None = None  # an unflagged minor's major power
    on_map: bool = True
    factories: int = 0
    resources: int = 0
    army: int = 0  # infantry raised on entering the war (design, stage B)


@dataclass(frozen=True)
class Band:
    """A band of squares and what it allows the favoured power (§3.1)."""

    name: str
    low: int
    high: int
    resources: str
    factories: bool
    enter: bool
    align: bool
    leave: str
    commitment_waived: bool


@dataclass(frozen=True)
class Tables:
    """Everything stage A reads, typed."""

    powers: Mapping[str, Power]
    minors: Mapping[str, Minor]
    bands: tuple[Band, ...]
    hurdles: frozenset[int]  # a hurdle between n and n + 1 is stored as n
    arrows: Mapping[str, int]  # turn label -> square
    turns: tuple[str, ...]
    full_ally: int
    mobilisation: int
    research_start: Mapping[str, int]
    first_initiative: str
    research: Mapping[str, Any]
    seats: Mapping[int, tuple[tuple[str, ...], ...]]
    flash_triggers: frozenset[str] = frozenset({"war", "entry"})
    first_turn: tuple[str, int] = ("May/Jun", 1945)
    forces: Mapping[str, Any] | None = None  # forces.toml: power -> armies/ships -> area -> counts

    def side(self, power: str) -> str:
        return self.powers[power].side

    def side_powers(self, side: str) -> tuple[str, ...]:
        return tuple(p for p, v in self.powers.items() if v.side == side)

    def flagged(self) -> tuple[str, ...]:
        return tuple(m for m, v in self.minors.items() if v.flagged)

    def turn_label(self, n: int) -> str:
        """Turn ``n`` (1 = the first) as a calendar label: ``May/Jun 1945`` (§13), then every two
        months."""
        start = self.turns.index(self.first_turn[0]) + n - 1
        return f"{self.turns[start % len(self.turns)]} {self.first_turn[1] + start // len(self.turns)}"

    def band(self, square: int) -> Band | None:
        """The band of ``square`` (None for 0 and 1)."""
        return next((b for b in self.bands if b.low <= square <= b.high), None)


def other(side: str) -> str:
    return "axis" if side == "allies" else "allies"


def read_raw(folder: Path | None = None) -> Raw:
    """The data files as parsed TOML (not checked)."""
    out: Raw = {}
    for name in schemas.NAMES:
        where = Path(folder or DATA_DIR) / f"{name}.toml"
        out[name] = read_toml(where)
    return out


def explain(raw: Raw) -> str:
    """Why ``raw`` (the data files) is not valid, in one line naming the file; "" when it is."""
    problem = first_problem(schemas.NAMES, raw, schemas.schema)
    if problem:
        return problem
    return _powers_problem(raw["powers"]) or _track_problem(raw["track"]) or _minors_problem(raw["minors"])


def _powers_problem(data: dict[str, Any]) -> str:
    powers = data["powers"]
    for side in schemas.SIDES:
        places = sorted(v["position"] for v in powers.values() if v["side"] == side)
        if places != sorted(schemas.POSITIONS):
            return f"powers.toml: [powers] side = {side!r}: allowed: three powers, one in, one above, one below"
    if sum(v["first_initiative"] for v in data["sides"].values()) != 1:
        return "powers.toml: [sides] first_initiative: allowed: true for exactly one side"
    for n, seats in data["seats"].items():
        if n == "source":
            continue
        held = sorted(p for seat in seats for p in seat)
        if held != sorted(schemas.POWERS):
            return f"powers.toml: [seats] {n}: allowed: seats that share out the six powers, each once"
        if any(len({powers[p]["side"] for p in seat}) > 1 for seat in seats):
            return f"powers.toml: [seats] {n}: allowed: each seat's powers on one side"
    return ""


def _track_problem(data: dict[str, Any]) -> str:
    top = data["full_ally"]
    squares = [s for b in data["bands"] for s in range(b["low"], b["high"] + 1)]
    if squares != list(range(2, top + 1)):
        return f"track.toml: bands: allowed: bands covering squares 2 to full_ally = {top} in order, each once"
    if not 2 <= data["mobilisation"] < top:
        return f"track.toml: mobilisation = {data['mobilisation']}: allowed: a square from 2 to {top - 1}"
    for h in data["hurdles"]:
        low, high = h["between"]
        if high != low + 1 or not 1 <= low < top - 1:
            return f"track.toml: hurdles between = {h['between']}: allowed: [n, n + 1] with n from 1 to {top - 2}"
    if data["first_turn"] not in data["turns"]:
        return f"track.toml: first_turn = {data['first_turn']!r}: allowed: one of {', '.join(data['turns'])}"
    for a in data["arrows"]:
        if a["turn"] not in data["turns"]:
            return f"track.toml: arrows turn = {a['turn']!r}: allowed: one of {', '.join(data['turns'])}"
        if a["square"] >= top:
            return f"track.toml: arrows square = {a['square']}: allowed: a square below full_ally = {top}"
    if len({a["turn"] for a in data["arrows"]}) != len(data["arrows"]):
        return "track.toml: arrows: allowed: one arrow per turn"
    return ""


def _minors_problem(data: dict[str, Any]) -> str:
    flagged = [m for m, v in data.items() if v["flagged"]]
    for mid, v in data.items():
        for target in v.get("back", []):
            if target not in flagged or target == mid:
                return f"minors.toml: [{mid}] back = {target!r}: allowed: another flagged minor ({', '.join(flagged)})"
        if v.get("back") and not v["flash"]:
            return f"minors.toml: [{mid}] back: allowed: only a flag with flash = true lists minors on its back"
    return ""


@cache
def load(folder: Path | None = None) -> Tables:
    """The tables of ``folder`` (default: the packaged data), read and checked once."""
    raw = read_raw(folder)
    problem = explain(raw)
    if problem:
        raise DataError(f"{folder or DATA_DIR}/{problem}")
    return build(raw)


def build(raw: Raw) -> Tables:
    """:class:`Tables` from checked files."""
    pw, tr = raw["powers"], raw["track"]
    powers = {p: Power(p, v["name"], v["side"], v["position"], v["presetup_points"], v["factories"],
                       v["resources"]) for p, v in pw["powers"].items()}
    minors = {m: Minor(m, v["name"], v["flagged"], tuple(v["areas"]), dict(v.get("cost", {})),
                       v.get("flash", False), tuple(v.get("back", ())), v.get("controller"),
                       v.get("on_map", True), v.get("factories", 0), v.get("resources", 0),
                       v.get("army", 0))
              for m, v in raw["minors"].items()}
    bands = tuple(Band(**{k: b[k] for k in Band.__dataclass_fields__}) for b in tr["bands"])
    first = next(s for s, v in pw["sides"].items() if v["first_initiative"])
    seats = {int(n): tuple(tuple(seat) for seat in v) for n, v in pw["seats"].items() if n != "source"}
    return Tables(powers, minors, bands, frozenset(h["between"][0] for h in tr["hurdles"]),
                  {a["turn"]: a["square"] for a in tr["arrows"]}, tuple(tr["turns"]), tr["full_ally"],
                  tr["mobilisation"], {s: v["research_start"] for s, v in pw["sides"].items()}, first,
                  dict(pw["research"]), seats, frozenset(tr["flash_triggers"]), (tr["first_turn"], tr["first_year"]),
                  {p: v for p, v in raw["forces"].items() if p != "source"})
