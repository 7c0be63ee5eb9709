"""The partisan deck (rules: Partisan Cards): 31 cards of the project's own design,
kept in ``fortress/data/cards.toml``: 24 that place units in a named region, 7 events."""
from __future__ import annotations

from dataclasses import dataclass

from fortress.data import load
from fortress.rules.state import Task, TaskKind

EFFECTS = ("place", "extra_laser", "sabotage", "extra_card", "laser_bonus", "ground")


@dataclass(frozen=True, slots=True)
class Card:
    id: str
    name: str
    text: str
    effect: str
    region: str = ""
    units: tuple[tuple[str, int], ...] = ()
    count: int = 1

    def tasks(self) -> list[Task]:
        """What resolving this card asks of the U.S., in order."""
        if self.effect == "place":
            return [Task(TaskKind.PLACE, self.name, u, self.region) for u, n in self.units for _ in range(n)]
        if self.effect == "extra_card":
            return [Task(TaskKind.DRAW, self.name)]
        return [Task(TaskKind(self.effect), self.name)]


def _load() -> dict[str, Card]:
    out = {}
    for cid, row in load("cards").items():
        if row["effect"] not in EFFECTS:
            raise ValueError(f"cards.toml: card {cid} has unknown effect {row['effect']!r}")
        out[cid] = Card(cid, row["name"], row["text"], row["effect"], row.get("region", ""),
                        tuple(row.get("units", {}).items()), row.get("copies", 1))
    return out


CARDS: dict[str, Card] = _load()


def new_deck() -> list[str]:
    """Every card id, as many times as it has copies (unshuffled)."""
    return [c.id for c in CARDS.values() for _ in range(c.count)]
