"""What the action steps share: the units an action has already moved (they do not move twice
in one action), the occupancy rule, and the battles that follow Move, Attack and Navigate."""
from __future__ import annotations

from typing import Any

from fortress.engine.actions import Action
from fortress.engine.check import Check
from fortress.rulesets.attack import combat


def moved(s: Any, area: str, kind: str) -> int:
    """Units of ``kind`` that arrived in ``area`` during this action."""
    n: int = s.act.get("moved", {}).get(area, {}).get(kind, 0)
    return n


def mark_moved(s: Any, area: str, kind: str, n: int) -> None:
    here = s.act.setdefault("moved", {}).setdefault(area, {})
    here[kind] = here.get(kind, 0) + n


def free(s: Any, side: str, region: str, kind: str) -> int:
    """``side``'s units of ``kind`` in ``region`` that may still move in this action."""
    here: int = s.army(side, region).get(kind, 0)
    return here - moved(s, region, kind)


def occupancy(s: Any, side: str, region: str, n: int) -> str | None:
    """[Move], [Attack]: "You must have at least one army unit in every region you control"
    (checked as units leave, so an action can always end)."""
    if s.control.get(region) == side and s.army_size(side, region) - n < 1:
        return f"at least one army unit stays in every region you hold, and {region} would be left empty [Move]"
    return None


class Fighting(Check):
    """A step whose battles follow it: while a battle is under way its decisions are the
    battle's (:mod:`.combat`); otherwise the step's own (``own_candidates``, ``own_reason``)."""

    __slots__ = ()

    def candidates(self) -> list[Action]:
        if self.g.state.fight:
            return combat.Rules(self.g).candidates()
        return self.own_candidates()

    def reason(self, action: Action) -> str | None:
        if self.g.state.fight:
            return combat.Rules(self.g).reason(action)
        return self.own_reason(action)

    def own_candidates(self) -> list[Action]:
        raise NotImplementedError

    def own_reason(self, action: Action) -> str | None:
        raise NotImplementedError


def fight(g: Any, action: Action) -> bool:
    """Carry out a battle decision if a battle is under way (True), then go on."""
    if not g.state.fight:
        return False
    combat.apply(g, action)
    proceed(g)
    return True


def proceed(g: Any) -> None:
    """After the movement: the next battle, or the action's end once none is left."""
    if g.is_over or g.state.fight:
        return
    if combat.begin_next(g):
        return
    if not g.is_over:
        g.next_phase()


def auto(g: Any) -> bool:
    if combat.auto(g):
        proceed(g)
        return True
    return False
