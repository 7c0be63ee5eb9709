"""The context a step of the turn works through: the state, the board, the ruleset, and
the few verbs that change the game.

A phase module (``fortress.rulesets.america.phases``) receives a :class:`Context` as ``g``. It reads
``g.state`` and ``g.board`` and changes the game only through these verbs:

* ``g.emit(kind, text, ...)``: tell what happened (an :class:`~fortress.engine.events.Event`);
* ``g.add_unit``, ``g.relocate``, ``g.set_status``, ``g.destroy``: the one path by which
  units appear, move, change status and leave, so the unit views (``g.units``,
  ``g.present``, ``g.side_units``, ``g.load``, ``g.room``) never fall out of step with the state;
* ``g.dice``: the state's own random generator (draws write through to ``state.rng``:
  nothing to hand back);
* ``g.next_phase()``, ``g.end_game()``, ``g.check_armies()``: the flow, which the turn
  (:mod:`fortress.engine.turn`) and the ruleset's victory conditions carry out.

``g.acting`` is the side whose action is being checked or carried out (in a step where several
sides may act, the one that asked; otherwise whoever decides now); ``g.flow`` what the turn
keeps during a round (choices used, sealed orders: :mod:`fortress.engine.flow`).
``g.eliminate(side, why)`` puts a side out of the game (the game ends when one team is left).

``g.variants`` names the optional rules the game plays (checked by the ruleset when the
game was made); a step or hook that a variant changes reads it.
``g.tables`` is the ruleset's data (:class:`fortress.rulesets.america.tables.Tables`: unit types, dice,
cards, the numbers of ``rules.toml``), read once when the ruleset was built; ``g.unit_limit``
its unit limit.

The context imports neither :mod:`fortress.engine.game` nor the phases: the facade builds
it, the phases use it, and nothing imports back.
"""
from __future__ import annotations

from bisect import insort
from dataclasses import dataclass, field
from operator import attrgetter
from typing import TYPE_CHECKING, Any, cast

from fortress.engine.dice import Rng
from fortress.engine.events import Event
from fortress.engine.state import GameState, UnitsState

if TYPE_CHECKING:
    from fortress.engine.board import Board
    from fortress.engine.rulesets import Ruleset

_uid = attrgetter("uid")


@dataclass
class Flow:
    """What the engine keeps during a round: ``used`` (side -> chosen step -> times this
    round), ``sealed`` (side -> its order, in the order given), ``plies`` (side -> the history
    index of its sealed order) and ``rep`` (which repetition of the current step)."""

    used: dict[str, dict[str, int]] = field(default_factory=dict)
    sealed: dict[str, Any] = field(default_factory=dict)
    plies: dict[str, int] = field(default_factory=dict)
    rep: int = 0

    def copy(self) -> "Flow":
        return Flow({s: dict(u) for s, u in self.used.items()}, dict(self.sealed), dict(self.plies), self.rep)


class StateRng(Rng):
    """A generator whose whole state is ``state.rng``: every draw writes through, so the
    state always holds where the sequence stands (copies, saves and replays see it)."""

    __slots__ = ("owner",)

    def __init__(self, owner: Any) -> None:  # noqa: D107 (no seed: it reads the owner's)
        self.owner = owner

    @property  # type: ignore[override, unused-ignore]  # (older mypy flags the attribute made a property)
    def state(self) -> int:
        value: int = self.owner.rng
        return value

    @state.setter
    def state(self, value: int) -> None:
        self.owner.rng = value


class Context:
    """The state of one game with the verbs its phases use (see the module docstring)."""

    def __init__(self, state: GameState, board: "Board", rules: "Ruleset",
                 variants: frozenset[str] = frozenset()) -> None:
        #: the ruleset's state: a :class:`GameState` (checked where a game is made), typed
        #: ``Any`` here so that a ruleset's steps read their own fields
        self.state: Any = state
        self.board = board
        self.rules = rules
        self.variants = variants  #: the optional rules this game plays (checked by the ruleset)
        self.turn = rules.turn
        self.tables: Any = rules.tables  #: the ruleset's data (units, dice, cards, numbers)
        self.unit_limit: int = rules.data.get("unit_limit", 0)
        self.events: list[Event] = []
        #: what a phase computes once and reuses while it lasts (emptied at each phase)
        self.memo: dict[Any, Any] = {}
        #: the list of legal actions handed out last (a phase's cache checks it is its own), or
        #: the step's check kept unlisted (``check.Pending``, which imports this module)
        self._legal: Any = None
        self._index: tuple[dict[str, list[Any]], dict[str, list[Any]]] | None = None
        self._sides: dict[str, list[Any]] | None = None
        self.actor: str | None = None  #: the side asking, when it is not the one deciding now
        self.flow = Flow()

    def copy(self) -> "Context":
        """An independent copy: the state is copied, the board and ruleset shared."""
        new = Context.__new__(Context)
        new.__dict__.update(self.__dict__)
        new.state = self.state.copy()
        new.events = list(self.events)
        new.memo = dict(self.memo)
        new._legal = new._index = new._sides = None
        new.flow = self.flow.copy()
        return new

    def replace_state(self, state: GameState) -> None:
        """Put ``state`` in place of the current one (undo, replays): derived views go."""
        self.state = state
        self._legal = self._index = self._sides = None
        self.memo = {}
        self.flow = Flow()

    # -- who, what ---------------------------------------------------------------------------
    @property
    def is_over(self) -> bool:
        return self.state.winner is not None

    @property
    def acting(self) -> str:
        """The side whose action is being checked or carried out."""
        return self.actor if self.actor is not None else self.turn.decider(self)

    @property
    def dice(self) -> StateRng:
        """The game's random generator, drawing from and writing to ``state.rng``."""
        return StateRng(self.state)

    def emit(self, kind: str, text: str, side: str | None = None, areas: tuple[str, ...] = (),
             rolls: tuple[Any, ...] = (), audience: frozenset[str] | None = None) -> Event:
        """Tell what happened; ``audience``: the sides that may see it (None: everyone)."""
        if text.endswith(".."):  # a sentence ending in "U.S." takes no second period
            text = text[:-1]
        event = Event(kind, text, side, areas, rolls, audience)
        self.events.append(event)
        return event

    def side_name(self, side: str) -> str:
        return self.rules.side_names.get(side, side)

    # -- the unit views ----------------------------------------------------------------------
    @property
    def pieces(self) -> UnitsState:
        """The state as units on areas (:class:`~fortress.engine.state.UnitsState`): what the
        unit views and verbs below read; only a ruleset whose state has units calls them."""
        return cast(UnitsState, self.state)

    def _indexed(self) -> tuple[dict[str, list[Any]], dict[str, list[Any]]]:
        """Units by area, and units keeping their place elsewhere (a bombing bomber) by the
        area they came from, each list in uid order. Built on first use after a copy; kept in
        step by the unit verbs below."""
        if self._index is not None:
            return self._index
        by_area: dict[str, list[Any]] = {}
        by_origin: dict[str, list[Any]] = {}
        for u in self.pieces.units.values():
            by_area.setdefault(u.area, []).append(u)
            if u.origin is not None:
                by_origin.setdefault(u.origin, []).append(u)
        self._index = (by_area, by_origin)
        return self._index

    def present(self, area: str) -> list[Any] | tuple[Any, ...]:
        """Every unit in ``area``, in uid order: the index's list itself, not to be changed."""
        return (self._index or self._indexed())[0].get(area, ())

    def _sided(self) -> dict[str, list[Any]]:
        """Units by side, each list in uid order. Built on first use after a copy; kept in
        step by the unit verbs below."""
        if self._sides is None:
            self._sides = {}
            for u in self.pieces.units.values():
                self._sides.setdefault(u.side, []).append(u)
        return self._sides

    def side_units(self, side: str) -> list[Any] | tuple[Any, ...]:
        """Every unit of ``side`` on the board, in uid order: the view's list itself, not to
        be changed."""
        sides = self._sides
        return (self._sided() if sides is None else sides).get(side, ())

    def units(self, area: str, side: str | None = None) -> list[Any]:
        here = (self._index or self._indexed())[0].get(area, ())
        return [u for u in here if side is None or u.side == side]

    def enemies_in(self, area: str, side: str) -> list[Any]:
        return [u for u in (self._index or self._indexed())[0].get(area, ()) if u.side != side]

    def load(self, area: str, side: str) -> int:
        """Units of ``side`` counting toward the unit limit in ``area`` (a unit away from
        its origin, a bombing bomber, keeps its place where it came from)."""
        by_area, by_origin = self._index or self._indexed()
        n = 0
        for u in by_area.get(area, ()):
            if u.side == side and u.origin is None:
                n += 1
        for u in by_origin.get(area, ()):
            if u.side == side:
                n += 1
        return n

    def room(self, area: str, side: str) -> int:
        """Room left under the ruleset's unit limit (rules.toml ``unit_limit``)."""
        return self.unit_limit - self.load(area, side)

    def friendly(self, area: str, side: str) -> bool:
        held: bool = self.pieces.control.get(area) == side
        return held

    # -- the one path for changes to units ---------------------------------------------------
    def add_unit(self, side: str, kind: str, area: str) -> Any:
        """A new unit of ``side`` in ``area`` (the state gives it the next uid)."""
        unit = self.pieces.add_unit(side, kind, area)
        if self._index is not None:  # the largest uid: it goes last
            self._index[0].setdefault(area, []).append(unit)
        if self._sides is not None:
            self._sides.setdefault(side, []).append(unit)
        return unit

    def relocate(self, unit: Any, area: str) -> None:
        """Move ``unit`` to ``area`` (a bomber that goes bombing also gets ``set_status``)."""
        if self._index is not None:  # lists stay in uid order, as a fresh build makes them
            by_area = self._index[0]
            by_area[unit.area].remove(unit)
            insort(by_area.setdefault(area, []), unit, key=_uid)
        unit.area = area

    def set_status(self, unit: Any, status: str, origin: str | None = None) -> None:
        """Give ``unit`` a status; ``origin`` is where a bombing bomber keeps its place."""
        if self._index is not None and unit.origin != origin:
            by_origin = self._index[1]
            if unit.origin is not None:
                _drop(by_origin.get(unit.origin), unit)
            if origin is not None:
                insort(by_origin.setdefault(origin, []), unit, key=_uid)
        unit.status, unit.origin = status, origin

    def destroy(self, unit: Any, why: str) -> None:
        """``unit`` leaves the board (where it goes is the ruleset's: ``rules.lose``)."""
        if self._index is not None:
            by_area, by_origin = self._index
            _drop(by_area.get(unit.area), unit)
            if unit.origin is not None:
                _drop(by_origin.get(unit.origin), unit)
        if self._sides is not None:
            _drop(self._sides.get(unit.side), unit)
        where = self.rules.lose(self.state, unit)
        self.emit("destroy", f"{self.side_name(unit.side)} {unit.kind} in {self.board[unit.area].name} "
                  f"destroyed ({why}); {where}.", unit.side, (unit.area,))

    def touch(self) -> None:
        """The state was changed from outside the verbs (a test, a replay view): rebuild
        the unit views on next use."""
        self._index = self._sides = None

    # -- the flow (carried out by the turn and the ruleset) ----------------------------------
    def begin_phase(self, name: str) -> None:
        self.turn.begin(self, name)

    def next_phase(self) -> None:
        """The current step is over: go on to the next one that applies, or end the turn."""
        self.turn.advance(self)

    def end_game(self, winner: str, why: str) -> None:
        """``winner`` (a team) wins for the reason ``why``."""
        self.state.winner = winner
        self.state.result = why
        self.rules.close(self.state)
        self.emit("victory", f"{self.rules.team_wins(winner)}: {why}", winner)
        self.rules.game_over(self)

    def eliminate(self, side: str, why: str) -> None:
        """``side`` is out of the game (``why``, in words); when one team alone has sides left
        it wins, else play goes on without ``side``."""
        state, rules = self.state, self.rules
        if side in state.out or state.winner is not None:
            return
        state.out.append(side)
        self.emit("out", f"{self.side_name(side)} is out of the game: {why}", side)
        left = [t for t, sides in rules.teams.items() if any(s not in state.out for s in sides)]
        if len(left) == 1:
            self.end_game(left[0], f"every other side is out ({why})")
        else:
            self.turn.drop(self, side)

    def check_armies(self) -> None:
        """Units were lost: the ruleset sees who is out and whether that ends the game."""
        self.rules.check_armies(self)


def _drop(units: list[Any] | None, unit: Any) -> None:
    """Remove ``unit`` (this very object) from an index list."""
    for i, u in enumerate(units or ()):
        if u is unit:
            del units[i]  # type: ignore[union-attr]  # not None: it held the unit
            return
