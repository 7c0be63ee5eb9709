""""Hill", a toy ruleset: its own data folder (``data/rules.toml``, ``data/board.toml``),
board, state, actions and notation, a turn of three steps (march, clash, score) and its
own victory. It exists to show that a second ruleset plugs into the engine through
:func:`fortress.engine.rulesets.register` without the Fortress America code knowing of it.
"""
from __future__ import annotations

import tomllib
from pathlib import Path

from fortress.engine.board import Area, Board
from fortress.engine.rulesets import Ruleset, read_data, register, teams_of
from fortress.engine.turn import Turn
from tests.toy_ruleset import clash, march, score
from tests.toy_ruleset.state import HillState, parse

NAME = "hill"
DATA = Path(__file__).resolve().parent / "data"
RULES = read_data(DATA)


def board() -> Board:
    with open(DATA / "board.toml", "rb") as fh:
        data = tomllib.load(fh)
    return Board([Area(**row) for row in data["areas"]], [tuple(e) for e in data["edges"]],
                 metadata={"title": "Hill"})


def new_state(seed: int, players: int, board: Board) -> HillState:
    state = HillState(seed=seed, players=players, rng=seed, phase="", turn=RULES["turn"]["order"][0])
    state.points = {side: 0 for side in RULES["sides"]}
    for side, row in RULES["sides"].items():
        for _ in range(RULES["pawns"]):
            state.add_unit(side, "pawn", row["home"])
    return state


def end_turn(g) -> None:
    """A side with no pawn is out and the other wins; after the last round, points decide."""
    s = g.state
    s.marches = 0
    for side in RULES["sides"]:
        if not any(u.side == side for u in s.units.values()):
            winner = next(t for t in RULES["sides"] if t != side)
            g.end_game(winner, f"{g.side_name(side)} has no pawn left.")
            return
    if s.turn == RULES["turn"]["order"][-1] and s.round >= RULES["rounds"]:
        red, blue = s.points["red"], s.points["blue"]
        winner = "red" if red > blue else "blue" if blue > red else RULES["tie_winner"]
        g.end_game(winner, f"the points after round {s.round} are Red {red}, Blue {blue}.")


def lose(state: HillState, unit) -> str:
    del state.units[unit.uid]
    return "off the board"


def ruleset() -> Ruleset:
    return Ruleset(
        name=NAME, title="Hill", data_dir=DATA, data=RULES,
        turn=Turn.from_data(RULES["turn"], {"march": march, "clash": clash, "score": score}, teams_of(RULES)),
        board=board, new_state=new_state, parse=parse, end_turn=end_turn, lose=lose,
    )


def install() -> None:
    """Register the toy ruleset as "hill" (built on first use)."""
    register(NAME, ruleset)
