"""Each phase states its rules once, as a :class:`Check`.

A phase's ``Check`` is built for one state (it may work out what it needs of that state
first) and answers two questions from the same code:

* :meth:`Check.reason` -- why an action is refused now, in plain words naming the rule,
  or None when it is allowed (``Game.explain``);
* :meth:`Check.legal` -- every allowed action, in the order the game lists them
  (``Game.legal_actions``): the phase's :meth:`Check.candidates`, kept where
  :meth:`Check.reason` says None.

A phase may list faster than candidate by candidate, but only through the same check:
Maneuvers and Invasion ask :meth:`reason`'s own route test once per
``(unit type, from, to)`` and list the counts up to the bound that test gives. A Check
lives for one question; nothing is kept from one action to the next.
``tests/test_engine_speedups.py`` holds the two answers to each other after every action
of random games.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Iterable

from fortress.rules.actions import Action, End

if TYPE_CHECKING:
    from fortress.rules.game import Game


class Check:
    """The rules of one phase, asked of the state of ``g``."""

    __slots__ = ("g",)

    def __init__(self, g: "Game") -> None:
        self.g = g

    def candidates(self) -> Iterable[Action]:
        """The actions worth asking about, in the order they are listed: every action
        :meth:`reason` allows must be among them."""
        raise NotImplementedError

    def reason(self, action: Action) -> str | None:
        """Why ``action`` is refused now (None: it is allowed)."""
        raise NotImplementedError

    def legal(self) -> list[Action]:
        """The allowed actions, in the listed order."""
        reason = self.reason
        return [a for a in self.candidates() if reason(a) is None]


class Automatic(Check):
    """A step that happens by itself: its only action is 'end' (the game takes it)."""

    __slots__ = ()
    step = ""  #: the step's name in the reason

    def candidates(self) -> list[Action]:
        return [End()]

    def reason(self, action: Action) -> str | None:
        return None if type(action) is End else f"{self.step} happens by itself; there is nothing to decide."
