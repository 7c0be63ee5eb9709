"""The turn: its steps, who plays each, when one is passed over, and how turns and rounds
follow each other. The ruleset declares it in its ``rules.toml`` (``[turn]``); this module
carries it out, for any ruleset.

The flow, as Fortress America declares it (rules: Action Sequence, Setup):

1. **Setup** (``[turn.setup]``): the sides place their starting units in ``order``; the
   step itself hands over from placer to placer and calls ``next_phase()`` when done.
2. **A round**: the sides take their turns in ``turn.order``; a side that is out of the
   game is passed over. After the last side, the round advances.
3. **A turn** runs ``[[turn.steps]]`` in order. A step is played by the sides it names
   (sides or teams), unless its ``skip`` passes it over (Invader First Turn: no
   Reinforcements for the Invaders in round 1).
4. **A step** starts with its module's ``enter(g)``; its ``auto(g)`` does what needs no
   decision; it ends when its player says ``end`` (the module calls ``g.next_phase()``),
   or by itself when ``end`` is its only legal action (``auto_end``).
5. **When a turn ends** the ruleset's ``end_turn(g)`` clears the turn's markers and
   checks the victory conditions (``[victory]``); if nobody has won, the next side's turn
   begins (``Round N: side's turn``).

A step module provides ``Rules``, its rules stated once (a
:class:`fortress.rules.check.Check`: ``Rules(g).reason(action)`` says why an action
is refused, None if allowed, and ``Rules(g).legal()`` lists the legal actions, without
Surrender), ``apply(g, action)``, and optionally ``enter(g)`` and ``auto(g) -> bool`` (True
if it did something). ``g`` is a :class:`fortress.rules.context.Context`.
"""
from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from types import ModuleType
from typing import TYPE_CHECKING, Any

from fortress.rules.actions import End

if TYPE_CHECKING:
    from fortress.rules.context import Context

_END = End()


@dataclass(frozen=True)
class Step:
    """One step of the turn and the module that plays it."""

    name: str
    module: ModuleType
    sides: frozenset[str]
    reminder: str = ""
    skip_round: int | None = None  #: in this round ...
    skip_sides: frozenset[str] = frozenset()  #: ... these sides pass the step over

    Rules: type = field(init=False, repr=False, compare=False)
    apply: Callable[..., None] = field(init=False, repr=False, compare=False)
    enter: Callable[..., None] | None = field(init=False, repr=False, compare=False)
    auto: Callable[..., bool] | None = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:  # the module's functions, looked up once
        for verb in ("Rules", "apply", "enter", "auto"):
            object.__setattr__(self, verb, getattr(self.module, verb, None))

    def plays(self, side: str, round_: int) -> bool:
        """``side`` plays this step in round ``round_``."""
        return side in self.sides and not (round_ == self.skip_round and side in self.skip_sides)


@dataclass(frozen=True)
class Turn:
    """The turn of a ruleset, read from its data (see the module docstring)."""

    steps: tuple[Step, ...]
    setup: Step | None
    setup_order: tuple[str, ...]
    order: tuple[str, ...]
    first_round: int = 1
    auto_end: bool = True

    @classmethod
    def from_data(cls, data: Mapping[str, Any], modules: Mapping[str, ModuleType],
                  teams: Mapping[str, tuple[str, ...]]) -> "Turn":
        """``data`` is the ``[turn]`` table; ``modules`` gives each step's module by name;
        ``teams`` the sides of each team (a step's ``sides`` may name teams or "all")."""
        order = tuple(data["order"])

        def sides(names: str | list[str]) -> frozenset[str]:
            out: set[str] = set()
            for name in [names] if isinstance(names, str) else names:
                if name != "all" and name not in teams and name not in order:
                    raise ValueError(f"[turn]: {name!r} is neither a side nor a team")
                out.update(order if name == "all" else teams.get(name, (name,)))
            return frozenset(out)

        def make(row: Mapping[str, Any], name: str) -> Step:
            skip = row.get("skip") or {}
            return Step(name, modules[name], sides(row.get("sides", "all")), row.get("reminder", ""),
                        skip.get("round"), sides(skip.get("sides", [])))

        steps = tuple(make(row, row["name"]) for row in data["steps"])
        setup = data.get("setup")
        return cls(steps, make(setup, setup["step"]) if setup else None,
                   tuple(setup["order"]) if setup else (), order, data.get("first_round", 1),
                   data.get("auto_end", True))

    by_name: dict[str, Step] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        by_name = {} if self.setup is None else {self.setup.name: self.setup}
        by_name.update((s.name, s) for s in self.steps)
        object.__setattr__(self, "by_name", by_name)

    def step(self, name: str) -> Step:
        return self.by_name[name]

    @property
    def names(self) -> tuple[str, ...]:
        """Every step's name, setup first."""
        return tuple(self.by_name)

    # -- the flow ----------------------------------------------------------------------------
    def begin(self, g: "Context", name: str) -> None:
        """Start step ``name`` for the side whose turn it is."""
        g.state.phase = name
        g._legal = None
        g.memo = {}
        g.emit("phase", f"{g.side_name(g.state.turn)}: {name.capitalize()}.", g.state.turn)
        enter = self.by_name[name].enter
        if enter is not None:
            enter(g)

    def advance(self, g: "Context") -> None:
        """The current step is over: begin the next one this side plays, or end the turn
        (after setup: begin the first round)."""
        state = g.state
        if self.setup is not None and state.phase == self.setup.name:
            self.first_turn(g)
            return
        i = next((k + 1 for k, s in enumerate(self.steps) if s.name == state.phase), 0)
        for s in self.steps[i:]:
            if s.plays(state.turn, state.round):
                self.begin(g, s.name)
                return
        self.end_turn(g)

    def first_turn(self, g: "Context") -> None:
        """Round one begins: the first side of the order that is in the game plays."""
        g.state.round = self.first_round
        self._start_next(g, self.order)

    def start_turn(self, g: "Context", side: str) -> None:
        g.state.turn = side
        g.state.phase = ""
        g.emit("turn", f"Round {g.state.round}: {g.side_name(side)}'s turn.", side)
        self.advance(g)

    def end_turn(self, g: "Context") -> None:
        """The ruleset ends the turn (markers, victory); then the next side plays, in a new
        round after the last side of the order."""
        g.rules.end_turn(g)
        if g.is_over:
            return
        state = g.state
        i = self.order.index(state.turn)
        if self._start_next(g, self.order[i + 1:]):
            return
        state.round += 1
        self._start_next(g, self.order)

    def _start_next(self, g: "Context", sides: tuple[str, ...]) -> bool:
        for side in sides:
            if side not in g.state.out:
                self.start_turn(g, side)
                return True
        return False

    def settle(self, g: "Context") -> None:
        """Do everything that needs no decision, until a side must decide (its legal
        actions are left in ``g._legal``) or the game is over."""
        state = g.state
        by_name = self.by_name
        while state.winner is None:
            s = by_name[state.phase]
            if s.auto is not None and s.auto(g):
                g._legal = None
                continue
            legal = s.Rules(g).legal()
            if self.auto_end and len(legal) == 1 and type(legal[0]) is End:
                s.apply(g, _END)
                continue
            g._legal = legal
            return
        g._legal = None
