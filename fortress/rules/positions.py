"""Positions for teaching and tests: a game built from a small readable description.

The description is a dict, or the same as TOML text::

    turn = "west"              # whose turn it is
    phase = "maneuvers"        # the phase it starts in
    round = 2
    declared = ["Denver"]      # territories declared this turn
    lasers = ["Denver"]        # cities holding a laser
    captured = { "Seattle" = "west" }   # the captured-city track
    [control]                  # who holds what; unlisted land is U.S., zones their Invader's
    west = ["Great Basin", "Seattle"]
    [units]                    # "side: N unit, N unit"; the side defaults to the holder
    "Denver" = "us: 2 infantry, 1 hovertank"
    "Great Basin" = "west: 3 hovertank, 1 mobile"

Reserves are the pools less what stands on the board.

>>> import fortress
>>> g = fortress.Game.from_position('''
... turn = "west"
... phase = "declare"
... round = 2
... [units]
... "Denver" = "2 infantry"
... ''')
>>> g.units_in(g.board.find("Denver"))[("us", "infantry")]
2
"""
from __future__ import annotations

import tomllib
from typing import TYPE_CHECKING

from fortress.board import Board
from fortress.rules import rulesets
from fortress.rules.america import NAME, RULES
from fortress.rules.units import INVADERS, SIDES, side_name, unit_name

if TYPE_CHECKING:
    from fortress.rules.game import Game


class PositionError(ValueError):
    """A position description that cannot be set up; the message says why."""


def parse_units(text: str, default_side: str) -> tuple[str, list[tuple[str, int]]]:
    """``"west: 3 hovertank, 1 mobile"`` -> ("west", [("hovertank", 3), ("mobile", 1)])."""
    side = default_side
    if ":" in text:
        head, text = text.split(":", 1)
        side = side_name(head)
    out = []
    for part in filter(None, (p.strip() for p in text.split(","))):
        words = part.split(None, 1)
        if len(words) == 1:
            words = ["1", words[0]]
        if not words[0].isdigit():
            raise PositionError(f"cannot read {part!r}: write it like '2 infantry'")
        out.append((unit_name(words[1]), int(words[0])))
    return side, out


def build(description: dict | str, board: Board | None = None, seed: int = 0, players: int = 4) -> "Game":
    from fortress.rules.game import Game

    desc = tomllib.loads(description) if isinstance(description, str) else dict(description)
    rules = rulesets.get(NAME)
    board = board or rules.board()
    state = rules.new_state(seed, players, board)
    find = board.find
    try:
        for side, areas in (desc.get("control") or {}).items():
            for name in areas:
                state.control[find(name)] = side_name(side)
        for name, text in (desc.get("units") or {}).items():
            area = find(name)
            side, units = parse_units(text, state.control[area])
            for kind, n in units:
                for _ in range(n):
                    state.add_unit(side, kind, area)
                pool = state.reserves[side]
                if pool.get(kind, 0) < n:
                    raise PositionError(f"{side} has not {n} more {kind} in its pool for {name}")
                pool[kind] -= n
        state.declared = [find(n) for n in desc.get("declared", [])]
        state.lasers = [find(n) for n in desc.get("lasers", [])]
        state.lasers_left = RULES["us"]["lasers"] - len(state.lasers)
        state.captured = {find(c): side_name(s) for c, s in (desc.get("captured") or {}).items()}
    except (KeyError, ValueError) as exc:
        raise PositionError(str(exc.args[0] if exc.args else exc)) from None
    turn = side_name(desc.get("turn", "west"))
    if turn not in SIDES:
        raise PositionError(f"unknown side {turn!r}")
    state.turn, state.round = turn, int(desc.get("round", 1))
    state.out = [s for s in INVADERS if s in desc.get("out", [])]
    game = Game(state, board, None, rules, position=desc, options={"players": players})
    declared = list(state.declared)

    def restore(g: "Game") -> None:  # entering Declare Battles clears the declarations
        g.state.declared = declared

    game.start(desc.get("phase", "declare"), restore)
    return game
