"""The operations step (issue 39, stage B; design on the text's halved activity): each power
chooses one of ATTACK!'s Move, Attack, Navigate and Transport and carries it out with ATTACK!'s
step module (its check, its moves, its battles), or passes; every power twice a turn, the
Commonwealth and France once (the text halves their activity).

The order (design): the step is played four times a turn: the powers of the side with the
initiative take their first operation, then the other side's powers; then the initiative's
powers their second, then the other side's (:class:`AifTurn`). Within a side, the turn order.

What America in Flames adds to ATTACK!'s checks is one political check (:func:`problem`, from
:mod:`.military`): where land units may end, and which box ships may enter. After every action
:func:`.military.settle` looks for conquests and the Axis' win.
"""
from __future__ import annotations

from types import ModuleType
from typing import Any

from fortress.engine.actions import Action
from fortress.engine.check import Check
from fortress.engine.turn import Step, Turn
from fortress.rulesets.aif import military
from fortress.rulesets.aif.tables import load, other
from fortress.rulesets.attack import attack, move, navigate, transport
from fortress.rulesets.attack.actions import Disembark, Go, Sail

Context = Any
STEP = "operations"


def playing(g: Context, rep: int) -> tuple[str, ...]:
    """The powers taking an operation in the step's ``rep``-th time this turn (0 to 3)."""
    s, t = g.state, load()
    side = s.initiative if rep % 2 == 0 else other(s.initiative)
    once = g.rules.data["single_operation"]
    return tuple(p for p in g.turn.order if t.side(p) == side and p not in s.out and (rep < 2 or p not in once))


class AifTurn(Turn):
    """The round-level turn, with the operations step's order of play (:func:`playing`)."""

    def _next_side(self, g: Any, step: Step, after: str | None) -> str | None:
        if step.name != STEP:
            return super()._next_side(g, step, after)
        order = playing(g, g.flow.rep)
        start = 0 if after is None else order.index(after) + 1 if after in order else len(order)
        return order[start] if start < len(order) else None


def problem(g: Context, action: Action) -> str | None:
    """Why America in Flames' politics forbid ``action`` (None: ATTACK!'s own check decides)."""
    s, power = g.state, g.acting
    if isinstance(action, Go) and action.how in ("move", "attack"):
        why = military.entry_problem(s, power, action.dest)
        if why is None and action.how == "attack" and not s.hostile(power, s.control.get(action.dest)):
            why = "an Attack's target is a region an enemy holds (declare war on a minor first, 3.2)"
        return None if why is None else f"{action.how.capitalize()}: {why}."
    if isinstance(action, Disembark):
        why = military.entry_problem(s, power, action.region)
        return None if why is None else f"Move: {why}."
    if isinstance(action, Sail):
        why = military.box_problem(power, action.dest)
        return None if why is None else f"Navigate: {why}."
    return None


def guarded(rules: type[Check]) -> type[Check]:
    """ATTACK!'s step check with :func:`problem` added (its candidates filtered by it)."""

    class Guarded(rules):  # type: ignore[valid-type, misc]  # an ATTACK! step's Fighting check
        __slots__ = ()

        def own_candidates(self) -> list[Action]:
            return [a for a in super().own_candidates() if problem(self.g, a) is None]

        def own_reason(self, action: Action) -> str | None:
            return super().own_reason(action) or problem(self.g, action)

    Guarded.__name__ = f"Aif{rules.__name__}"
    return Guarded


class Operation:
    """One of ATTACK!'s action steps played as an operation: its module's ``enter``, ``auto``
    and ``apply``, its check guarded by :func:`problem`, then :func:`.military.settle`."""

    def __init__(self, base: ModuleType) -> None:
        self.base = base
        self.Rules = guarded(base.Rules)
        self.enter = base.enter
        self.auto = getattr(base, "auto", None)

    def apply(self, g: Context, action: Action) -> None:
        power = g.acting
        region = action.dest if isinstance(action, Go) and action.how != "transport" else \
            action.region if isinstance(action, Disembark) else None
        self.base.apply(g, action)
        if region is not None:
            military.entered(g, power, region)
            military.home_attacked(g, power, region)
        military.settle(g)


STEPS: dict[str, Any] = {"move": Operation(move), "attack": Operation(attack), "navigate": Operation(navigate),
                         "transport": Operation(transport)}
