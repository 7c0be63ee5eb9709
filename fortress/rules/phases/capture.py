"""Capture Territories (rules: Action Sequence 8, Victory Conditions).

Declared territories the player occupies and no enemy occupies become the
player's. A U.S. city taken by an Invader goes onto the captured-city track, credited
to that Invader, and its laser is lost; each city the U.S. retakes earns a bonus
partisan card next Reinforcements. Territories where partisan cards placed U.S. units
and no Invader remains become U.S.-held at the U.S. capture step.
At the end of the U.S. turn: 18 captured cities win for the Invaders; otherwise the
U.S. wins when it completes its turn of the last round.
"""
from __future__ import annotations

from typing import TYPE_CHECKING

from fortress.rules.actions import Action
from fortress.rules.phases.check import Automatic
from fortress.rules.state import RULES
from fortress.rules.units import SIDE_NAMES, US

if TYPE_CHECKING:
    from fortress.rules.game import Game


def enter(g: "Game") -> None:
    capture(g)


class Rules(Automatic):
    __slots__ = ()
    step = "Capture"


def apply(g: "Game", action: Action) -> None:
    end_turn(g)
    if g.is_over:
        return
    g.next_phase()


def _take(g: "Game", area: str, side: str) -> None:
    s, board = g.state, g.board
    before = s.control[area]
    s.control[area] = side
    name = board[area].name
    g.emit("capture", f"{SIDE_NAMES[side]} captures {name} from {SIDE_NAMES[before]}.", side, (area,))
    if not board[area].is_city:
        return
    if side == US:
        if s.captured.pop(area, None) is not None:
            s.bonus_cards += 1
            g.emit("city", f"The U.S. retakes {name}: one bonus partisan card next Reinforcements.", US, (area,))
        return
    s.captured[area] = side
    if area in s.lasers:
        s.lasers.remove(area)
        g.emit("city", f"The laser in {name} is lost.", side, (area,))
    g.emit("city", f"{name} goes on the captured-city track for {SIDE_NAMES[side]} "
           f"({len(s.captured)} of {RULES['cities_to_win']}).", side, (area,))


def capture(g: "Game") -> None:
    s, side = g.state, g.state.turn
    candidates = list(s.declared) + (list(s.partisan_areas) if side == US else [])
    for area in dict.fromkeys(candidates):
        mine = bool(g.units(area, side))
        if mine and s.control[area] != side and not g.enemies_in(area, side):
            _take(g, area, side)


def end_turn(g: "Game") -> None:
    """Clear the turn's markers; after the U.S. turn, check victory and advance the round."""
    s = g.state
    for u in s.units.values():
        u.moved = u.invaded = False
        u.committed = None
        if u.status in ("scout", "disengaged"):
            u.status = ""
    s.declared, s.targeted, s.fought, s.partisan_areas, s.hand = [], [], [], [], []
    # no unit changed area and none was bombing (Invasion ended that): the unit views hold
    if s.turn != US:
        return
    if len(s.captured) >= RULES["cities_to_win"]:
        g.end_game("invaders", f"{len(s.captured)} cities are on the captured-city track at the end of the U.S. turn.")
    elif s.round >= RULES["rounds"]:
        g.end_game(US, f"the U.S. held out to the end of round {s.round}.")

