"""Events: what happened, each with a one-line English text (``game.log`` is their story).

Chance is explicit: dice rolls and card draws are events carrying their results.
"""
from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class Event:
    """One thing that happened.

    ``kind`` is a short tag ("phase", "place", "move", "roll", "laser", "destroy",
    "card", "capture", "city", "supply", "retreat", "disengage", "battle", "victory", ...),
    ``areas`` the area ids it touched (the UI highlights them), ``rolls`` the dice
    as ``(unit, die, face)`` triples for a roll.
    """

    kind: str
    text: str
    side: str | None = None
    areas: tuple[str, ...] = ()
    rolls: tuple[tuple[str, str, str], ...] = ()

    def __str__(self) -> str:
        return self.text
