"""Invasion (rules: Action Sequence 6).

Each unit that did not disengage, is not scouting and has not invaded yet, standing
next to a declared territory now free of enemy units, may move one step into it
(infantry and partisans included) within the 5-unit limit. At the end, bombers that
bombed a territory still held by enemy units return to where they came from; those
in a cleared territory stay there (project ruling).
"""
from __future__ import annotations

from collections import Counter
from typing import TYPE_CHECKING

from fortress.rules.actions import Action, End, Invade
from fortress.rules.phases.check import Check
from fortress.rules.units import SIDE_NAMES

if TYPE_CHECKING:
    from fortress.rules.context import Context


def room(g: "Context", dst: str, side: str) -> int:
    """Room left under the unit limit, counting the bombers that bombed ``dst``: they
    stay in a cleared territory when Invasion ends."""
    return g.room(dst, side) - sum(1 for u in g.units(dst, side) if u.status == "bombing")


class Rules(Check):
    """Units ready to invade (``ready``: not disengaged, scouting, bombing or done
    invading) step from next door into declared territories free of enemies, within the
    5-unit limit; 'end' at any time."""

    __slots__ = ("ready", "targets", "enemy")

    def __init__(self, g: "Context") -> None:
        super().__init__(g)
        s = g.state
        self.targets: dict[str, tuple[str | None, int]] = {}
        side, self.ready, self.enemy = s.turn, Counter(), set()
        for u in s.units.values():
            if u.side != side:
                self.enemy.add(u.area)
            elif not u.status and not u.invaded:
                self.ready[(u.kind, u.area)] += 1

    def legal(self) -> list[Action]:
        """For each open target, each ready group next to it: 1 up to the bound :meth:`route` gives."""
        near: dict[str, list[tuple[str, str]]] = {}  # the ready (kind, src) by src
        for key in self.ready:
            near.setdefault(key[1], []).append(key)
        neighbours, route = self.g.board.neighbours, self.route
        out: list[Action] = []
        for dst in self.g.state.declared:
            if self.target(dst)[0] is None:
                for kind, src in sorted(key for n in neighbours(dst) for key in near.get(n, ())):
                    why, most = route(kind, src, dst)
                    if why is None:
                        out.extend(_row(kind, src, dst, most)[:most])
        out.append(End())
        return out

    def target(self, dst: str) -> tuple[str | None, int]:
        """(why nothing may invade ``dst``, or None; then the room left there)."""
        found = self.targets.get(dst)
        if found is None:
            found = self.targets[dst] = self._target(dst)
        return found

    def _target(self, dst: str) -> tuple[str | None, int]:
        g, side, d = self.g, self.g.state.turn, self.g.board[dst]
        if dst not in g.state.declared:
            return f"Invasion: only declared territories can be entered; {d.name} was not declared.", 0
        if dst in self.enemy:
            return f"Invasion: {d.name} still holds enemy units.", 0
        space = room(g, dst, side)
        if space <= 0:
            return f"Invasion: {d.name} has room for no more of your units (5-unit limit).", 0
        return None, space

    def route(self, kind: str, src: str, dst: str) -> tuple[str | None, int]:
        """(why no ``kind`` may invade from ``src`` into ``dst``, or None; then how many may)."""
        why, space = self.target(dst)
        if why is not None:
            return why, 0
        s, d = self.g.board[src], self.g.board[dst]
        if not self.g.board.adjacent(src, dst):
            return f"Invasion: units move one step; {s.name} is not next to {d.name}.", 0
        ready = self.ready.get((kind, src), 0)
        if ready <= 0:
            return (f"Invasion: no {kind} in {s.name} may invade (units that disengaged, scouts and "
                    "units that already invaded cannot).", 0)
        return None, min(space, ready)

    def reason(self, action: Action) -> str | None:
        if type(action) is End:
            return None
        if not isinstance(action, Invade):
            return "Invasion: move units one step into declared territories free of enemies ('invade N UNIT FROM -> TO') or 'end'."
        why, most = self.route(action.unit, action.src, action.dst)
        if why is not None or 0 < action.count <= most:
            return why
        if action.count < 1:
            return "Invasion: invade with at least one unit."
        space = room(self.g, action.dst, self.g.state.turn)
        if action.count > space:
            return f"Invasion: {self.g.board[action.dst].name} has room for {space} more of your units (5-unit limit)."
        return (f"Invasion: not that many {action.unit} in {self.g.board[action.src].name} may invade (units that "
                "disengaged, scouts and units that already invaded cannot).")


_ROWS: dict[tuple[str, str, str], list[Invade]] = {}


def _row(kind: str, src: str, dst: str, n: int) -> list[Invade]:
    """``[invade 1 ..., invade 2 ..., ...]`` for at least ``n`` units (shared, never changed:
    actions are immutable)."""
    row = _ROWS.get((kind, src, dst))
    if row is None or len(row) < n:
        row = _ROWS[(kind, src, dst)] = [Invade(k, kind, src, dst) for k in range(1, max(n, 5) + 1)]
    return row


def apply(g: "Context", action: Action) -> None:
    s = g.state
    if isinstance(action, End):
        _bombers_home(g)
        g.next_phase()
        return
    assert isinstance(action, Invade)
    movers = [u for u in g.units(action.src, s.turn) if u.kind == action.unit and not u.status and not u.invaded]
    for u in movers[: action.count]:
        g.relocate(u, action.dst)
        u.invaded = True
    g.emit("move", f"{SIDE_NAMES[s.turn]} invades: {action.count} {action.unit} from {g.board[action.src].name} "
           f"into {g.board[action.dst].name}.", s.turn, (action.src, action.dst))


def _bombers_home(g: "Context") -> None:
    s = g.state
    for u in s.units.values():
        if u.side == s.turn and u.status == "bombing":
            if g.enemies_in(u.area, s.turn):
                g.emit("move", f"{SIDE_NAMES[u.side]} bomber returns from {g.board[u.area].name} to "
                       f"{g.board[u.origin].name}.", u.side, (u.area, u.origin))
                g.relocate(u, u.origin)
            g.set_status(u, "")
