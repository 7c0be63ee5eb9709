"""Invasion (rules: Action Sequence 6).

Each unit that did not disengage, is not scouting and has not invaded yet, standing
next to a declared territory now free of enemy units, may move one step into it
(infantry and partisans included) within the 5-unit limit (an invading unit moves once,
so a place over the limit could not be put right later; 'end' is refused while one is
over it, see :mod:`fortress.rulesets.america.stacking`). At the end, bombers that
bombed a territory still held by enemy units return to where they came from; those
in a cleared territory stay there (project ruling).
"""
from __future__ import annotations

from typing import TYPE_CHECKING

from fortress.rulesets.america.actions import Action, End, Invade
from fortress.engine.check import Check
from fortress.rulesets.america.stacking import end_refusal
from fortress.rulesets.america.state import Status

if TYPE_CHECKING:
    from fortress.engine.context import Context

class Rules(Check):
    """Units ready to invade (``ready``: not disengaged, scouting, bombing or done
    invading) step from next door into declared territories free of enemies, within the
    5-unit limit; 'end' at any time.

    Which declared territories are free of enemies cannot change while the phase lasts
    (units invade only free ones; bombers go home at its end): ``open``, worked out once
    per phase (``game.memo``), numbers them in declared order, and ``into`` lists the open
    ones next to each area. One walk
    over the side's units gives ``ready`` (by unit type and area) and ``load`` (units
    counting toward the limit, bombers that bombed an area in both places: they stay in
    a cleared territory when Invasion ends). :meth:`reason` and :meth:`legal` read these
    through :meth:`route`."""

    __slots__ = ("side", "ready", "load", "open", "into")

    def __init__(self, g: "Context") -> None:
        super().__init__(g)
        s = g.state
        self.side = side = s.turn
        self.ready: dict[tuple[str, str], int] = {}
        self.load: dict[str, int] = {}
        ready, load = self.ready, self.load
        for u in g.side_units(side):
            area = u.area
            load[area] = load.get(area, 0) + 1
            if u.status == "bombing":
                load[u.origin] = load.get(u.origin, 0) + 1
            elif not u.status and not u.invaded:
                key = (u.kind, area)
                ready[key] = ready.get(key, 0) + 1
        found = g.memo.get(("invasion", side))
        if found is None:
            found = g.memo[("invasion", side)] = self._open()
        self.open: dict[str, int] = found[0]
        self.into: dict[str, tuple[str, ...]] = found[1]

    def _open(self) -> tuple[dict[str, int], dict[str, tuple[str, ...]]]:
        """The declared territories free of enemy units, numbered in declared order, and
        for each area the open ones next to it."""
        g, side = self.g, self.side
        enemy = {u.area for u in g.state.units.values() if u.side != side}
        open_ = {dst: i for i, dst in enumerate(g.state.declared) if dst not in enemy}
        into: dict[str, list[str]] = {}
        for dst in open_:
            for src in g.board.neighbours(dst):
                into.setdefault(src, []).append(dst)
        return open_, {src: tuple(dsts) for src, dsts in into.items()}

    def room(self, dst: str) -> int:
        """Room left in ``dst`` under the unit limit."""
        return self.g.unit_limit - self.load.get(dst, 0)

    def legal(self) -> list[Action]:
        """For each open target (in declared order), each ready group next to it (by unit
        type, then area): 1 up to the bound :meth:`route` gives."""
        open_, into, route = self.open, self.into, self.route
        pairs = sorted((open_[dst], kind, src, dst) for kind, src in self.ready for dst in into.get(src, ()))
        out: list[Action] = []
        for _, kind, src, dst in pairs:
            why, most = route(kind, src, dst)
            if why is None:
                out.extend(_row(kind, src, dst, most)[:most])
        if not self.over():
            out.append(End())
        return out

    def over(self) -> str | None:
        """Why Invasion may not end: a place over the 5-unit limit (None: none is)."""
        return end_refusal(self.g.board, "Invasion", self.load, self.g.unit_limit)

    def target(self, dst: str) -> str | None:
        """Why nothing may invade ``dst`` now, or None."""
        if dst not in self.open:
            d = self.g.board[dst]
            if dst not in self.g.state.declared:
                return f"Invasion: only declared territories can be entered; {d.name} was not declared."
            return f"Invasion: {d.name} still holds enemy units."
        if self.room(dst) <= 0:
            return f"Invasion: {self.g.board[dst].name} has room for no more of your units (5-unit limit)."
        return None

    def route(self, kind: str, src: str, dst: str) -> tuple[str | None, int]:
        """(why no ``kind`` may invade from ``src`` into ``dst``, or None; then how many may)."""
        why = self.target(dst)
        if why is not None:
            return why, 0
        board = self.g.board
        if not board.adjacent(src, dst):
            return f"Invasion: units move one step; {board[src].name} is not next to {board[dst].name}.", 0
        ready = self.ready.get((kind, src), 0)
        if ready <= 0:
            return (f"Invasion: no {kind} in {board[src].name} may invade (units that disengaged, scouts and "
                    "units that already invaded cannot).", 0)
        return None, min(self.room(dst), ready)

    def reason(self, action: Action) -> str | None:
        if type(action) is End:
            return self.over()
        if not isinstance(action, Invade):
            return "Invasion: move units one step into declared territories free of enemies ('invade N UNIT FROM -> TO') or 'end'."
        why, most = self.route(action.unit, action.src, action.dst)
        if why is not None or 0 < action.count <= most:
            return why
        if action.count < 1:
            return "Invasion: invade with at least one unit."
        space = self.room(action.dst)
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
    g.emit("move", f"{g.side_name(s.turn)} invades: {action.count} {action.unit} from {g.board[action.src].name} "
           f"into {g.board[action.dst].name}.", s.turn, (action.src, action.dst))


def _bombers_home(g: "Context") -> None:
    s = g.state
    for u in s.units.values():
        if u.side == s.turn and u.status == "bombing":
            if g.enemies_in(u.area, s.turn):
                g.emit("move", f"{g.side_name(u.side)} bomber returns from {g.board[u.area].name} to "
                       f"{g.board[u.origin].name}.", u.side, (u.area, u.origin))
                g.relocate(u, u.origin)
            g.set_status(u, Status.NONE)
