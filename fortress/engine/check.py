"""Each phase states its rules once, as a :class:`Check`.

A phase's ``Check`` is built for one state (it may work out what it needs of that state
first) and answers two questions from the same code:

* :meth:`Check.reason` -- why an action is refused now, in plain words naming the rule,
  or None when it is allowed (``Game.explain``);
* :meth:`Check.legal` -- every allowed action, in the order the game lists them
  (``Game.legal_actions``): the phase's :meth:`Check.candidates`, kept where
  :meth:`Check.reason` says None.

A phase may list faster than candidate by candidate, but only through what its
:meth:`Check.reason` itself reads. Facts that cannot change while a phase lasts are worked
out once per phase and kept in ``game.memo`` (emptied at each phase; values only, never
the game or its state, since a copy of the game shares the memo): Declare's open
declarations (enemy land), Invasion's enemy-free declared targets and who borders them,
Maneuvers' places each unit type may end in from each source, and each group's moves as
if no destination held the side's units (``Rules.plan``; the places short of room, and
every move while a place is over the 5-unit limit, are sifted again at each listing). Both ``reason`` and ``legal`` read those tables; the
rest (who has moved, room left, units ready) is read afresh from the state each time:
no list of legal actions is kept from one action to the next.
``tests/test_engine_speedups.py`` holds ``legal`` and ``reason`` to each other after
every action of random games.

A phase whose listing is costly may also answer without listing (the game then keeps its
``Check`` as :class:`Pending` until the list is asked for; a phase has both or neither):

* ``lone_end()`` -- whether 'end' is its only legal action (the game then takes it);
* ``sample(rng)`` -- one legal action drawn uniformly (``Game.random_action``).

``tests/test_random_action.py`` holds both to :meth:`Check.legal`.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Iterable

from fortress.engine.actions import Action, End

if TYPE_CHECKING:
    from fortress.engine.context import Context


class Check:
    """The rules of one phase, asked of the state of ``g``."""

    __slots__ = ("g",)

    def __init__(self, g: "Context") -> None:
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


class Pending:
    """The ``Check`` of the state the game is in, kept while no list of its legal actions has
    been made (a phase with ``lone_end`` and ``sample``: the list is made when asked for);
    ``sampled``: the last action its ``sample`` drew, which the check allowed."""

    __slots__ = ("check", "sampled")

    def __init__(self, check: Check) -> None:
        self.check = check
        self.sampled: Action | None = None


def unlisted(check: Check) -> bool:
    """Whether ``check`` answers without listing (``lone_end`` and ``sample``): the game
    then keeps it as :class:`Pending` instead of its list."""
    return hasattr(check, "sample")


class Automatic(Check):
    """A step that happens by itself: its only action is 'end' (the game takes it)."""

    __slots__ = ()
    step = ""  #: the step's name in the reason

    def candidates(self) -> list[Action]:
        return [End()]

    def reason(self, action: Action) -> str | None:
        return None if type(action) is End else f"{self.step} happens by itself; there is nothing to decide."
