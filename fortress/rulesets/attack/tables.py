"""ATTACK! Deluxe's data tables, read from ``data/`` and checked against their schemas
(:mod:`.schemas`) when the ruleset loads: a broken file is refused with one line naming the
file, the key and what is allowed (``fortress.engine.data.DataError``)."""
from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

from fortress.engine.data import DataError, first_problem, read_toml
from fortress.rulesets.attack import schemas

DATA_DIR = Path(__file__).resolve().parent / "data"
Raw = dict[str, dict[str, Any]]


@dataclass(frozen=True)
class Tables:
    """Every data file, checked: ``units``, ``governments``, ``markers``, ``economy``,
    ``cards``, ``victory``, ``players`` (plain dicts as in the files) and ``rules`` (rules.toml)."""

    rules: dict[str, Any]
    units: dict[str, Any]
    governments: dict[str, Any]
    markers: dict[str, Any]
    economy: dict[str, Any]
    cards: dict[str, Any]
    victory: dict[str, Any]
    players: dict[str, Any]

    def number(self, name: str) -> Any:
        """A number of ``rules.toml``'s ``[numbers]`` (its ``value``)."""
        return self.rules["numbers"][name]["value"]

    @property
    def card_kinds(self) -> dict[str, dict[str, Any]]:
        return {k: v for k, v in self.cards.items() if isinstance(v, dict)}

    def relation(self, mine: str, theirs: str) -> str:
        """``same``, ``allied`` or ``hostile`` [Negotiate], [Placards]."""
        if mine == theirs:
            return "same"
        return "hostile" if self.governments[mine]["hostile"] == theirs else "allied"

    def retool(self, tech: str, level: int) -> list[tuple[str, int]]:
        """The rows one of which pays for ``tech`` at ``level`` [Research] Retooling."""
        rows = []
        for row in self.economy[tech]["rows"]:
            factor, unit = row.split()
            rows.append((unit, level * (3 if factor == "3L" else 1)))
        return rows


def read_raw(folder: Path) -> Raw:
    out: Raw = {}
    for name in ("rules", *schemas.NAMES):
        where = folder / f"{name}.toml"
        out[name] = read_toml(where)
    return out


def explain(raw: Raw) -> str:
    """Why the files are not valid, in one line naming the file; "" when they are."""
    problem = first_problem(schemas.NAMES, raw, schemas.schema)
    if problem:
        return problem
    split = raw["markers"]["split"]
    if sum(split[g] for g in schemas.GOVERNMENTS) != raw["markers"]["total"]:
        return "markers.toml: [split]: allowed: numbers adding up to total"
    for gov, row in raw["governments"].items():
        if raw["governments"][row["hostile"]]["hostile"] != gov or row["hostile"] == gov:
            return f"governments.toml: [{gov}] hostile: allowed: pairs hostile to each other"
    return ""


@cache
def load(folder: Path = DATA_DIR) -> Tables:
    """The tables of ``folder`` (default: the packaged data), read and checked once."""
    raw = read_raw(folder)
    problem = explain(raw)
    if problem:
        raise DataError(f"{folder}/{problem}")
    return Tables(**raw)
