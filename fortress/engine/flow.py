"""The turn's own decisions and bookkeeping, for a ruleset whose turn is played round by round
(``[turn] level = "round"``, see :mod:`fortress.engine.turn`): the actions the engine itself
offers, what it remembers during a round, and three kinds of step.

* **A choice step** (``choose = [...]``): the player whose turn it is chooses which of several
  steps to take (``choose gather``), each at most ``times`` times a round; the chosen step
  is then played for that side, and its end ends the choice.
* **An optional step** (``optional = true``): its player may take it or ``pass``.
* **A sealed step** (``sealed = true``): every side in it submits one order, which no other
  side, view, log or save for a seat sees; once all are in they are revealed together and the
  step's module ``resolve(g, orders)`` carries them out, in the order the ruleset defines.

What a round remembers (:class:`fortress.engine.context.Flow`: the choices used, the sealed
orders, which repetition of a step is being played) lives on the game's context: a replay of
the actions rebuilds it.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from fortress.engine.actions import Action
from fortress.engine.check import Check

# ``g`` below is the game's context (:class:`fortress.engine.context.Context`) and a step a
# :class:`fortress.engine.turn.Step`; both modules import this one, so their types are named in
# words here (no import cycle, not even a type-only one).
Context = Any
Step = Any


@dataclass(frozen=True, slots=True)
class Choose(Action):
    """``choose STEP``: take one of the steps a choice step offers."""

    step: str
    verb = "choose"

    def __str__(self) -> str:
        return f"choose {self.step}"


@dataclass(frozen=True, slots=True)
class Pass(Action):
    """``pass``: leave an optional step untaken."""

    verb = "pass"

    def __str__(self) -> str:
        return "pass"


@dataclass(frozen=True, slots=True)
class Sealed(Action):
    """Another side's order, not yet revealed: what a view or a save for a seat shows in its
    place. Never legal in a real game."""

    verb = "sealed"

    def __str__(self) -> str:
        return "sealed"


SEALED = Sealed()
FLOW_ACTIONS = (Choose, Pass, Sealed)


def parse(text: str) -> Action | None:
    """One of the engine's own actions (``choose STEP``, ``pass``, ``sealed``), or None."""
    words = text.split()
    if words == ["pass"]:
        return Pass()
    if words == ["sealed"]:
        return SEALED
    if len(words) == 2 and words[0] == "choose":
        return Choose(words[1])
    return None


# -- a choice step ------------------------------------------------------------------------------
class ChoiceRules(Check):
    """A choice step's one check: which of its steps the side may still choose this round."""

    __slots__ = ()

    def _step(self) -> Step:
        g = self.g
        step: Step = g.turn.by_name[g.state.phase]
        return step

    def candidates(self) -> list[Action]:
        return [Choose(name) for name in self._step().choose]

    def reason(self, action: Action) -> str | None:
        step, g = self._step(), self.g
        label = step.name.capitalize()
        if not isinstance(action, Choose) or action.step not in step.choose:
            return f"{label}: choose one of {', '.join(step.choose)} ('choose {step.choose[0]}')."
        used = g.flow.used.get(g.acting, {}).get(action.step, 0)
        if used >= step.times:
            times = "once" if step.times == 1 else f"{step.times} times"
            return f"{label}: {action.step} may be chosen {times} a round, and {g.side_name(g.acting)} has."
        return None


def choose(g: Context, action: Action) -> None:
    """Record the choice and begin the chosen step for the same side."""
    assert isinstance(action, Choose)
    side = g.acting
    used = g.flow.used.setdefault(side, {})
    used[action.step] = used.get(action.step, 0) + 1
    g.emit("choose", f"{g.side_name(side)} chooses {action.step}.", side)
    g.turn.begin(g, action.step)


# -- an optional step ---------------------------------------------------------------------------
def optional_rules(rules: type[Check]) -> type[Check]:
    """The step's check with ``pass`` added to what it allows."""

    class Optional(rules):  # type: ignore[valid-type, misc]  # a step's own Check class, known at run time
        __slots__ = ()

        def candidates(self) -> list[Action]:
            return [*super().candidates(), Pass()]

        def reason(self, action: Action) -> str | None:
            return None if type(action) is Pass else super().reason(action)

    Optional.__name__ = f"Optional{rules.__name__}"
    return Optional


def optional_apply(apply: Any) -> Any:
    """The step's apply, with ``pass`` ending the step for its side."""

    def run(g: Context, action: Action) -> None:
        if type(action) is Pass:
            g.emit("pass", f"{g.side_name(g.acting)} passes.", g.acting)
            g.next_phase()
        else:
            apply(g, action)
    return run


# -- a sealed step ------------------------------------------------------------------------------
def pending(g: Context, step: Step) -> tuple[str, ...]:
    """The sides of ``step`` still to give their orders, in the turn order."""
    out, sealed = g.state.out, g.flow.sealed
    return tuple(s for s in g.turn.order if s in step.sides and s not in out and s not in sealed)


def submit(g: Context, action: Action) -> None:
    """The acting side's sealed order: kept unseen (only its side sees it in the log); when
    the last order is in, every order is revealed and the step resolves them."""
    side = g.acting
    g.flow.sealed[side] = action
    g.emit("sealed", f"{g.side_name(side)} has given its orders.", side)
    if not isinstance(action, Sealed):
        g.emit("order", f"{g.side_name(side)}'s sealed order: {g.rules.notation(action, g.board)}.", side,
               audience=frozenset({side}))
    step = g.turn.by_name[g.state.phase]
    if not pending(g, step):
        reveal(g, step)


def reveal(g: Context, step: Step) -> None:
    """Every order is in: show them all, then the step's ``resolve(g, orders)``."""
    orders = dict(g.flow.sealed)
    if any(isinstance(a, Sealed) for a in orders.values()):
        raise ValueError("the other sides' orders are hidden in this copy of the game; they cannot be revealed")
    g.flow.sealed, g.flow.plies = {}, {}
    for side, action in orders.items():
        g.emit("reveal", f"{g.side_name(side)} ordered: {g.rules.notation(action, g.board)}.", side)
    step.module.resolve(g, orders)


def hidden_orders(g: Context) -> list[str]:
    """The sides whose order is in but unseen here (a view's or a seat save's placeholders)."""
    return [s for s, a in g.flow.sealed.items() if isinstance(a, Sealed)]


# -- calendar -----------------------------------------------------------------------------------
@dataclass(frozen=True)
class Calendar:
    """Round labels (``[turn.calendar]``): ``labels`` in turn (``["May/Jun", "Jul/Aug", ...]``),
    the year ``first_year`` at the first round, turning over at the label ``new_year``
    (default: the first label)."""

    labels: tuple[str, ...]
    first_year: int | None = None
    new_year: str | None = None

    def label(self, round_: int, first_round: int = 1) -> str:
        i = round_ - first_round
        n = len(self.labels)
        text = self.labels[i % n]
        if self.first_year is None:
            return text
        turn_at = self.labels.index(self.new_year) if self.new_year else 0
        return f"{text} {self.first_year + (i + n - turn_at) // n - (n - turn_at) // n}"  # new years passed
