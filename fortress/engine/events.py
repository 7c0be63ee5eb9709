"""Events: what happened, each with a one-line English text (``game.log`` is their story).

Chance is explicit: dice rolls and card draws are events carrying their results.
"""
from __future__ import annotations


class Event:
    """One thing that happened.

    ``kind`` is a short tag ("phase", "place", "move", "roll", "combined_arms", "laser", "destroy",
    "card", "capture", "city", "supply", "retreat", "disengage", "battle", "victory", ...),
    ``areas`` the area ids it touched (the UI highlights them), ``rolls`` the dice
    as ``(unit, die, face)`` triples for a roll.

    ``audience`` says who sees it: None for everyone, else the sides that may (a card drawn
    into a secret hand, a sealed order before it is revealed); :meth:`fortress.Game.view`
    gives a side only the events it may see.

    Immutable in practice: nothing changes an event once made. It is a plain class with
    ``__slots__`` rather than a frozen dataclass because a game makes thousands of them
    and this one is about four times quicker to create; equality, hashing and ``repr``
    are those the dataclass had (by fields, same class only).
    """

    __slots__ = ("kind", "text", "side", "areas", "rolls", "audience")

    def __init__(self, kind: str, text: str, side: str | None = None, areas: tuple[str, ...] = (),
                 rolls: tuple[tuple[str, str, str], ...] = (), audience: frozenset[str] | None = None) -> None:
        self.kind = kind
        self.text = text
        self.side = side
        self.areas = areas
        self.rolls = rolls
        self.audience = audience

    def seen_by(self, side: str) -> bool:
        """``side`` may see this event (everyone sees one without an audience)."""
        return self.audience is None or side in self.audience

    def _fields(self) -> tuple[object, ...]:
        return (self.kind, self.text, self.side, self.areas, self.rolls, self.audience)

    def __eq__(self, other: object) -> bool:
        if other.__class__ is not self.__class__:
            return NotImplemented
        return self._fields() == other._fields()

    def __hash__(self) -> int:
        return hash(self._fields())

    def __repr__(self) -> str:
        return (f"Event(kind={self.kind!r}, text={self.text!r}, side={self.side!r}, "
                f"areas={self.areas!r}, rolls={self.rolls!r}"
                + ("" if self.audience is None else f", audience={sorted(self.audience)!r}") + ")")

    def __str__(self) -> str:
        return self.text
