"""The partisan deck (rules: Partisan Cards): 31 cards of the project's own design, kept in
``fortress/rulesets/america/data/cards.toml``: 24 that place units in the one to three territories they name
("cards specify territories and unit types to place"), 7 events. Also the Invader cards of
the Invader Card variant (``invader_cards.toml``; played as :mod:`fortress.rulesets.america.invader_cards`
says). The cards are read as the ruleset is built (:mod:`fortress.rulesets.america.tables`)."""
from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Mapping

from fortress.rulesets.america.state import Task, TaskKind

if TYPE_CHECKING:
    from fortress.engine.board import Board

EFFECTS = ("place", "extra_laser", "sabotage", "extra_card", "laser_bonus", "ground")


@dataclass(frozen=True, slots=True)
class Card:
    id: str
    name: str
    text: str
    effect: str
    places: tuple[str, ...] = ()  #: the territories a "place" card's units go in (ids)
    units: tuple[tuple[str, int], ...] = ()
    count: int = 1

    def tasks(self) -> list[Task]:
        """What resolving this card asks of the U.S., in order: one PLACE task per unit."""
        if self.effect == "place":
            return [Task(TaskKind.PLACE, self.name, u, self.places) for u, n in self.units for _ in range(n)]
        if self.effect == "extra_card":
            return [Task(TaskKind.DRAW, self.name)]
        return [Task(TaskKind(self.effect), self.name)]

    def orders(self, board: "Board") -> str:
        """What a "place" card places where, in words ("2 partisan in Seattle or Cascades");
        "" for an event card."""
        if self.effect != "place":
            return ""
        units = " and ".join(f"{n} {u}" for u, n in self.units)
        return f"{units} in {either(territory_name(board, p) for p in self.places)}"


def territory_name(board: "Board", area: str) -> str:
    """A territory's name (its id if ``board`` lacks it: a card may name a territory of another map)."""
    return board[area].name if area in board else area


def either(names: Iterable[str]) -> str:
    """``a``, ``a or b``, ``a, b or c``: the places a card names, in words."""
    names = list(names)
    return "".join(names) if len(names) < 2 else f"{', '.join(names[:-1])} or {names[-1]}"


def partisan_cards(rows: Mapping[str, Any]) -> dict[str, Card]:
    """The cards of a ``cards.toml`` (already validated)."""
    out = {}
    for cid, row in rows.items():
        if row["effect"] not in EFFECTS:
            raise ValueError(f"cards.toml: card {cid} has unknown effect {row['effect']!r}")
        out[cid] = Card(cid, row["name"], row["text"], row["effect"], tuple(row.get("places", ())),
                        tuple(row.get("units", {}).items()), row.get("copies", 1))
    return out


#: the steps a card may be played in, as the reasons name them
STEP_NAMES = {"reinforcements": "Reinforcements", "declare": "Declare Battles"}


@dataclass(frozen=True, slots=True)
class InvaderCard:
    """One Invader card (``invader_cards.toml``): its owner, when it is played, its effect
    and the effect's numbers (``units``; ``kinds``: unit types; ``near``: "zones" or "units")."""

    id: str
    side: str
    name: str
    phase: str
    effect: str
    text: str
    units: int = 0
    kinds: tuple[str, ...] = ()
    near: str = ""

    @property
    def when(self) -> str:
        """The step it is played in, as a player reads it."""
        return STEP_NAMES[self.phase]


def invader_cards(rows: Mapping[str, Any]) -> dict[str, InvaderCard]:
    """The cards of ``invader_cards.toml``'s ``[cards]`` (already validated)."""
    return {cid: InvaderCard(cid, row["side"], row["name"], row["phase"], row["effect"], row["text"],
                             row.get("units", 0), tuple(row.get("kinds", ())), row.get("near", ""))
            for cid, row in rows.items()}


def new_deck(cards: Mapping[str, Card]) -> list[str]:
    """Every card id, as many times as it has copies (unshuffled)."""
    return [c.id for c in cards.values() for _ in range(c.count)]


