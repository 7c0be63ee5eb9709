"""Invasion (rules: Action Sequence 6).

Each unit that did not disengage, is not scouting and has not invaded yet, standing
next to a declared territory now free of enemy units, may move one step into it
(infantry and partisans included) within the 5-unit limit. At the end, bombers that
bombed a territory still held by enemy units return to where they came from; those
in a cleared territory stay there (project ruling).
"""
from __future__ import annotations

from collections import Counter
from itertools import chain
from typing import TYPE_CHECKING

from fortress.rules.actions import Action, End, Invade
from fortress.rules.phases.cache import Cache, following, updated
from fortress.rules.units import SIDE_NAMES

if TYPE_CHECKING:
    from fortress.rules.game import Game


def targets(g: "Game") -> list[str]:
    s = g.state
    return [a for a in s.declared if not g.enemies_in(a, s.turn)]


def room(g: "Game", dst: str, side: str) -> int:
    """Room left under the unit limit, counting the bombers that bombed ``dst``: they
    stay in a cleared territory when Invasion ends."""
    return g.room(dst, side) - sum(1 for u in g.units(dst, side) if u.status == "bombing")


def _ready(g: "Game") -> Counter:
    s = g.state
    return Counter((u.kind, u.area) for u in s.units.values()
                   if u.side == s.turn and not u.status and not u.invaded)


class _Invasions(Cache):
    """The legal invasions of one Invasion phase, by target.

    Only the side to move acts, so the targets (declared territories free of enemies)
    stay the same for the whole phase, and the units ready to invade only become fewer.
    ``invade N UNIT S -> D`` changes the room of ``D`` (and of ``S`` if it is a target)
    and the units ready in ``S``: only the targets ``D``, ``S`` and those next to ``S``
    are rebuilt. ``units[(kind, src)]``: units ready; ``near[dst]``: the ``(kind, src)``
    next to ``dst``, sorted; ``space[dst]``: room left; ``blocks[dst]``: its invasions.
    """

    __slots__ = ("targets", "units", "near", "space", "blocks")


def legal(g: "Game") -> list[Action]:
    c = updated(g, "invasion") or _build(g)
    acts = list(chain.from_iterable(map(c.blocks.__getitem__, c.targets)))
    acts.append(End())
    return c.produce(acts)


def _build(g: "Game") -> _Invasions:
    c = g.memo["invasion"] = _Invasions(g)
    side, board = g.state.turn, g.board
    c.targets = targets(g)
    c.units = _ready(g)
    at: dict[str, list[tuple[str, str]]] = {}  # the ready (kind, src) by src
    for key in c.units:
        at.setdefault(key[1], []).append(key)
    c.near = {dst: sorted([key for n in board.neighbours(dst) for key in at.get(n, ())]) for dst in c.targets}
    c.space = {dst: room(g, dst, side) for dst in c.targets}
    c.blocks = {}
    for dst in c.targets:
        _block(c, dst)
    return c


def _block(c: _Invasions, dst: str) -> None:
    space, ready = c.space[dst], c.units
    acts: list[Action] = []
    if space > 0:
        for key in c.near[dst]:
            n = ready[key]
            if n > 0:
                acts.extend(_row(key[0], key[1], dst, n)[:min(n, space)])
    c.blocks[dst] = acts


_ROWS: dict[tuple[str, str, str], list[Invade]] = {}


def _row(kind: str, src: str, dst: str, n: int) -> list[Invade]:
    """``[invade 1 ..., invade 2 ..., ...]`` for at least ``n`` units (shared, never changed:
    actions are immutable)."""
    row = _ROWS.get((kind, src, dst))
    if row is None or len(row) < n:
        row = _ROWS[(kind, src, dst)] = [Invade(k, kind, src, dst) for k in range(1, max(n, 5) + 1)]
    return row


def _invaded(g: "Game", c: _Invasions, action: Invade) -> None:
    """Bring the cache up to date after ``action`` (already carried out)."""
    side, src, dst = g.state.turn, action.src, action.dst
    c.units[(action.unit, src)] -= action.count
    for area in (src, dst):
        if area in c.space:
            c.space[area] = room(g, area, side)
    for area in {src, dst} | set(g.board.neighbours(src)):
        if area in c.blocks:
            _block(c, area)


def apply(g: "Game", action: Action) -> None:
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
    c = following(g, "invasion")
    if c is not None:
        _invaded(g, c, action)
    g.emit("move", f"{SIDE_NAMES[s.turn]} invades: {action.count} {action.unit} from {g.board[action.src].name} "
           f"into {g.board[action.dst].name}.", s.turn, (action.src, action.dst))


def _bombers_home(g: "Game") -> None:
    s = g.state
    bombers = False
    for u in s.units.values():
        if u.side == s.turn and u.status == "bombing":
            bombers = True
            if g.enemies_in(u.area, s.turn):
                g.emit("move", f"{SIDE_NAMES[u.side]} bomber returns from {g.board[u.area].name} to "
                       f"{g.board[u.origin].name}.", u.side, (u.area, u.origin))
                u.area = u.origin
            u.status, u.origin = "", None
    if bombers:  # the unit views list bombing bombers by origin
        g.touch()


def explain(g: "Game", action: Action) -> str:
    s = g.state
    if not isinstance(action, Invade):
        return "Invasion: move units one step into declared territories free of enemies ('invade N UNIT FROM -> TO') or 'end'."
    dst, src = g.board[action.dst], g.board[action.src]
    if action.dst not in s.declared:
        return f"Invasion: only declared territories can be entered; {dst.name} was not declared."
    if g.enemies_in(action.dst, s.turn):
        return f"Invasion: {dst.name} still holds enemy units."
    if not g.board.adjacent(action.src, action.dst):
        return f"Invasion: units move one step; {src.name} is not next to {dst.name}."
    if room(g, action.dst, s.turn) < action.count:
        return f"Invasion: {dst.name} has room for {max(room(g, action.dst, s.turn), 0)} more of your units (5-unit limit)."
    return (f"Invasion: not that many {action.unit} in {src.name} may invade (units that disengaged, scouts and "
            "units that already invaded cannot).")
