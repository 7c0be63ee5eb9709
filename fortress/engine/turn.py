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

**A turn played round by round** (``level = "round"``, ATTACK!'s seasons, America in Flames'
calendar turns): the steps belong to the round, not to a side's turn. A step is played by its
sides one after the other in ``order`` (``state.turn`` is whoever plays it now), ``repeat``
times a round; after the last step the ruleset's ``end_turn(g)`` ends the round (victory) and
the next begins. Such a step may be a **choice** (``choose = ["gather", "draw"]``: each side
chooses one of those steps, each at most ``times`` a round), **optional** (``optional = true``:
``pass`` leaves it), or **sealed** (``sealed = true``: every side gives one hidden order, all
are revealed together and the step module's ``resolve(g, orders)`` carries them out); see
:mod:`fortress.engine.flow`. ``[turn.calendar]`` names the rounds (``labels``, ``first_year``,
``new_year``: "May/Jun 1945"); ``[turn.choices.NAME]`` gives a chosen step's ``reminder``.

**Opening steps** (``[[turn.opening]]``, tables like ``[[turn.steps]]``): steps played once, in
order, after the setup step (if any) and before the first round (America in Flames' auction and
pre-set-up influence steps), each ``repeat`` times. Like the setup step, one begins for the
first side of ``order`` and its module hands over from side to side itself and calls
``next_phase()`` when done; a sealed one collects every side's order and resolves them
(``resolve`` calls ``next_phase()``). Their rounds are labelled "Before ..." the first.

A step module provides ``Rules``, its rules stated once (a
:class:`fortress.engine.check.Check`: ``Rules(g).reason(action)`` says why an action
is refused, None if allowed, and ``Rules(g).legal()`` lists the legal actions, without
Surrender), ``apply(g, action)``, and optionally ``enter(g)`` and ``auto(g) -> bool`` (True
if it did something). ``g`` is a :class:`fortress.engine.context.Context`.
"""
from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from types import ModuleType
from typing import TYPE_CHECKING, Any

from fortress.engine import flow
from fortress.engine.actions import End
from fortress.engine.check import Pending, unlisted
from fortress.engine.flow import Calendar, pending

if TYPE_CHECKING:
    from fortress.engine.context import Context

_END = End()


@dataclass(frozen=True)
class Step:
    """One step of the turn and the module that plays it."""

    name: str
    module: ModuleType | None  #: None for a choice step (the engine plays it)
    sides: frozenset[str]
    reminder: str = ""
    skip_round: int | None = None  #: in this round ...
    skip_sides: frozenset[str] = frozenset()  #: ... these sides pass the step over
    choose: tuple[str, ...] = ()  #: a choice step: the steps its player chooses among ...
    times: int = 1  #: ... each at most this many times a round
    repeat: int = 1  #: a round-level step is played this many times a round
    optional: bool = False  #: its player may ``pass``
    sealed: bool = False  #: every side gives one hidden order; revealed and resolved together
    parent: str | None = None  #: a chosen step: the choice step it was chosen in

    Rules: type = field(init=False, repr=False, compare=False)
    apply: Callable[..., None] = field(init=False, repr=False, compare=False)
    enter: Callable[..., None] | None = field(init=False, repr=False, compare=False)
    auto: Callable[..., bool] | None = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:  # the module's functions, looked up once
        for verb in ("Rules", "apply", "enter", "auto"):
            object.__setattr__(self, verb, getattr(self.module, verb, None))
        if self.choose:
            object.__setattr__(self, "Rules", flow.ChoiceRules)
            object.__setattr__(self, "apply", flow.choose)
        if self.sealed:
            object.__setattr__(self, "apply", flow.submit)
        if self.optional:
            object.__setattr__(self, "Rules", flow.optional_rules(self.Rules))
            object.__setattr__(self, "apply", flow.optional_apply(self.apply))

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
    level: str = "turn"  #: "turn": steps of each side's turn; "round": steps of the round
    calendar: Calendar | None = None  #: the rounds' names
    choices: tuple[Step, ...] = ()  #: the steps a choice step offers
    opening: tuple[Step, ...] = ()  #: steps played once before the first round (after setup)

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

        def make(row: Mapping[str, Any], name: str, parent: str | None = None) -> Step:
            skip = row.get("skip") or {}
            choose = tuple(row.get("choose", ()))
            return Step(name, None if choose else modules[name], sides(row.get("sides", "all")),
                        row.get("reminder", ""), skip.get("round"), sides(skip.get("sides", [])), choose,
                        row.get("times", 1), row.get("repeat", 1), row.get("optional", False),
                        row.get("sealed", False), parent)

        steps = tuple(make(row, row["name"]) for row in data["steps"])
        chosen = data.get("choices") or {}
        choices = tuple(make({"sides": list(s.sides)} | chosen.get(name, {}), name, s.name)
                        for s in steps for name in s.choose)
        setup = data.get("setup")
        calendar = data.get("calendar")
        return cls(steps, make(setup, setup["step"]) if setup else None,
                   tuple(setup["order"]) if setup else (), order, data.get("first_round", 1),
                   data.get("auto_end", True), data.get("level", "turn"),
                   Calendar(tuple(calendar["labels"]), calendar.get("first_year"), calendar.get("new_year"))
                   if calendar else None, choices, tuple(make(row, row["name"]) for row in data.get("opening", ())))

    by_name: dict[str, Step] = field(init=False, repr=False, compare=False)
    simultaneous: bool = field(init=False, repr=False, compare=False)  #: some step is sealed
    own_words: bool = field(init=False, repr=False, compare=False)  #: the engine offers choose/pass

    def __post_init__(self) -> None:
        if self.level not in ("turn", "round"):
            raise ValueError(f"[turn]: level is 'turn' or 'round', not {self.level!r}")
        by_name = {} if self.setup is None else {self.setup.name: self.setup}
        by_name.update((s.name, s) for s in self.opening + self.steps + self.choices)
        object.__setattr__(self, "by_name", by_name)
        object.__setattr__(self, "simultaneous", any(s.sealed for s in self.opening + self.steps))
        object.__setattr__(self, "own_words", any(s.choose or s.optional or s.sealed for s in by_name.values()))

    def label(self, round_: int) -> str:
        """The round's name: its calendar label ("May/Jun 1945"), else "Round N"; before the
        first round (the setup and opening steps), "Before" the first's name."""
        if round_ < self.first_round:
            return f"Before {self.label(self.first_round)}"
        return self.calendar.label(round_, self.first_round) if self.calendar else f"Round {round_}"

    # -- who decides -------------------------------------------------------------------------
    def decider(self, g: "Context") -> str:
        """The one side that decides now: in a sealed step the first, in the order, whose order
        is still awaited; otherwise the ruleset's ``side_to_move``."""
        if self.simultaneous:
            step = self.by_name.get(g.state.phase)
            if step is not None and step.sealed:
                waiting = pending(g, step)
                if waiting:
                    return waiting[0]
        side: str = g.rules.side_to_move(g.state)
        return side

    def deciders(self, g: "Context") -> frozenset[str]:
        """Every side that may act now (the ruleset's ``to_move`` hook, if it has one)."""
        if g.state.winner is not None:
            return frozenset()
        if g.rules.to_move is not None:
            return frozenset(g.rules.to_move(g))
        if self.simultaneous:
            step = self.by_name.get(g.state.phase)
            if step is not None and step.sealed:
                return frozenset(pending(g, step))
        return frozenset((g.rules.side_to_move(g.state),))

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
        step = self.by_name[name]
        if step.sealed:
            g.emit("phase", f"{self.label(g.state.round)}: {name.capitalize()} (sealed orders).")
        else:
            g.emit("phase", f"{g.side_name(g.state.turn)}: {name.capitalize()}.", g.state.turn)
        enter = step.enter
        if enter is not None:
            enter(g)

    def advance(self, g: "Context") -> None:
        """The current step is over: begin the next one this side plays, or end the turn
        (after setup: begin the first round)."""
        state = g.state
        if self.setup is not None and state.phase == self.setup.name:
            self.open(g)
            return
        names = [s.name for s in self.opening]
        if state.phase in names:
            i, rep = names.index(state.phase), g.flow.rep
            if rep + 1 < self.opening[i].repeat:
                self._begin_opening(g, i, rep + 1)
            elif i + 1 < len(names):
                self._begin_opening(g, i + 1, 0)
            else:
                self.first_turn(g)
            return
        if self.level == "round":
            self._advance_round(g)
            return
        i = next((k + 1 for k, s in enumerate(self.steps) if s.name == state.phase), 0)
        for s in self.steps[i:]:
            if s.plays(state.turn, state.round):
                self.begin(g, s.name)
                return
        self.end_turn(g)

    def open(self, g: "Context") -> None:
        """Play begins (after the setup step, if any): the first opening step, else round one."""
        if self.opening:
            self._begin_opening(g, 0, 0)
        else:
            self.first_turn(g)

    def _begin_opening(self, g: "Context", i: int, rep: int) -> None:
        """Begin the ``i``-th opening step (its ``rep``-th time) for the first side of the order."""
        g.flow.rep = rep
        g.flow.sealed, g.flow.plies = {}, {}
        g.state.turn = next(s for s in self.order if s not in g.state.out)
        self.begin(g, self.opening[i].name)

    def first_turn(self, g: "Context") -> None:
        """Round one begins: the first side of the order that is in the game plays."""
        g.state.round = self.first_round
        if self.level == "round":
            self._begin_round(g)
            return
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

    def drop(self, g: "Context", side: str) -> None:
        """``side`` has just left the game (surrender, elimination): play goes on without it."""
        state = g.state
        if state.winner is not None:
            return
        step = self.by_name.get(state.phase)
        if step is not None and step.sealed:
            g.flow.sealed.pop(side, None)
            g.flow.plies.pop(side, None)
            if not pending(g, step):
                flow.reveal(g, step)
        elif state.turn == side:
            if self.level == "round":
                self._advance_round(g)
            else:
                self.end_turn(g)

    # -- a turn played round by round (level = "round") --------------------------------------
    def _begin_round(self, g: "Context") -> None:
        g.emit("round", f"{self.label(g.state.round)} begins.")
        self._begin_step(g, 0, 0)

    def _begin_step(self, g: "Context", i: int, rep: int) -> None:
        """Begin the ``i``-th step of the round (its ``rep``-th time this round) for its first
        side, or for all at once if it is sealed; pass it over if nobody plays it."""
        step, state = self.steps[i], g.state
        g.flow.rep = rep
        if step.sealed:
            g.flow.sealed, g.flow.plies = {}, {}
            if pending(g, step):
                state.turn = next(s for s in self.order if s not in state.out)
                self.begin(g, step.name)
                return
        else:
            side = self._next_side(g, step, None)
            if side is not None:
                state.turn = side
                self.begin(g, step.name)
                return
        self._after_step(g, i, rep)

    def _next_side(self, g: "Context", step: Step, after: str | None) -> str | None:
        """The side after ``after`` (None: the first) in the order that plays ``step``."""
        order, state = self.order, g.state
        for side in order[0 if after is None else order.index(after) + 1:]:
            if side not in state.out and step.plays(side, state.round):
                return side
        return None

    def _advance_round(self, g: "Context") -> None:
        """The side playing the step is done (a chosen step ends its choice): the next side
        plays it, else the step's next time this round, else the next step, else the round ends."""
        state = g.state
        step = self.by_name[state.phase]
        if step.parent is not None:
            step = self.by_name[step.parent]
        if not step.sealed:
            side = self._next_side(g, step, state.turn)
            if side is not None:
                state.turn = side
                self.begin(g, step.name)
                return
        self._after_step(g, self.steps.index(step), g.flow.rep)

    def _after_step(self, g: "Context", i: int, rep: int) -> None:
        if rep + 1 < self.steps[i].repeat:
            self._begin_step(g, i, rep + 1)
        elif i + 1 < len(self.steps):
            self._begin_step(g, i + 1, 0)
        else:
            g.rules.end_turn(g)  # the round's end: the ruleset checks victory
            if g.is_over:
                return
            g.flow.used = {}
            g.state.round += 1
            self._begin_round(g)

    def settle(self, g: "Context") -> None:
        """Do everything that needs no decision, until a side must decide (its legal
        actions are left in ``g._legal``, or the phase's check as :class:`Pending`) or the
        game is over."""
        state = g.state
        by_name = self.by_name
        while state.winner is None:
            s = by_name[state.phase]
            if s.auto is not None and s.auto(g):
                g._legal = None
                continue
            rules = s.Rules(g)
            if unlisted(rules):  # the phase says so without listing (check.Pending)
                if self.auto_end and rules.lone_end():
                    s.apply(g, _END)
                    continue
                g._legal = Pending(rules)
                return
            legal = rules.legal()
            if self.auto_end and len(legal) == 1 and type(legal[0]) is End:
                s.apply(g, _END)
                continue
            g._legal = legal
            return
        g._legal = None
