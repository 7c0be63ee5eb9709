""""Council", a toy ruleset shipped as a package of its own (``tests/council``): four
councillors, each for themselves, over seasons (rounds named by a calendar). Each season every
councillor twice chooses a deed (gather, draw or play; each once a season), then all bid for
the season's favour in sealed bids, then each may hold a feast. Hands are secret; the most
points after the last season wins.

It is found through the ``fortress.rulesets`` entry point its ``pyproject.toml`` declares;
no line of fortress knows of it. docs/writing-a-ruleset.md walks through it.
"""
from __future__ import annotations

import tomllib
from collections import Counter
from pathlib import Path
from typing import Any

from fortress.engine.board import Area, Board
from fortress.engine.dice import Rng
from fortress.engine.rulesets import Ruleset, teams_of
from fortress.engine.turn import Turn
from fortress_council import bid, draw, feast, gather, play
from fortress_council.state import HIDDEN, CouncilState, parse

NAME = "council"
DATA = Path(__file__).resolve().parent / "data"
with open(DATA / "rules.toml", "rb") as _fh:
    RULES: dict[str, Any] = tomllib.load(_fh)
STEPS = {"gather": gather, "draw": draw, "play": play, "bid": bid, "feast": feast}


def board() -> Board:
    """Council is played around one table: a board of one area, of Council's own kind."""
    return Board([Area("hall", "Council Hall", "table")], [], metadata={"title": "Council Hall"}, kinds=("table",))


def full_deck() -> list[str]:
    return sorted(name for name in RULES["cards"] for _ in range(4))


def new_state(seed: int, players: int, board: Board) -> CouncilState:
    """Coins for all, the deck shuffled by the seed, a secret hand dealt to each."""
    rng = Rng(seed)
    deck = full_deck()
    rng.shuffle(deck)
    sides = list(RULES["sides"])
    state = CouncilState(seed=seed, players=players, rng=rng.state, turn=sides[0])
    state.coins = {s: RULES["coins"] for s in sides}
    state.points = {s: 0 for s in sides}
    state.hands = {s: [deck.pop(0) for _ in range(RULES["hand"])] for s in sides}
    state.deck = deck
    return state


def scores(g: Any) -> dict[str, float]:
    return {s: float(p) for s, p in g.state.points.items()}


def end_turn(g: Any) -> None:
    """A season ends; after the last, the most points wins (then coins, then the turn order)."""
    s = g.state
    if s.round < RULES["rounds"]:
        return
    order = list(RULES["sides"])
    live = [side for side in order if side not in s.out]
    best = max(live, key=lambda side: (s.points[side], s.coins[side], -order.index(side)))
    others = ", ".join(f"{g.side_name(side)} {s.points[side]}" for side in order if side != best)
    g.end_game(best, f"{s.points[best]} points after {g.turn.label(s.round)} ({others}).")


def chance(state: CouncilState) -> tuple[int, int]:
    """What a roll or a draw changes."""
    return state.rng, len(state.deck)


def mask(state: CouncilState, side: str) -> None:
    """What ``side`` may not see: the other hands (their sizes show) and the deck."""
    for other, hand in state.hands.items():
        if other != side:
            hand[:] = [HIDDEN] * len(hand)
    state.deck = [HIDDEN] * len(state.deck)


def hide_from(state: CouncilState, rng: Rng, observer: str) -> None:
    """Re-deal what ``observer`` has not seen (every card but its hand and those played) into
    the other hands and the deck, keeping their sizes."""
    unseen = Counter(full_deck())
    unseen.subtract(state.hands[observer] + state.played)
    pool = sorted(unseen.elements())
    rng.shuffle(pool)
    for other, hand in state.hands.items():
        if other != observer:
            hand[:] = [pool.pop() for _ in hand]
    state.deck = pool[:len(state.deck)]


def describe(game: Any) -> str:
    """The status lines a player reads (``fortress play``'s ``status``)."""
    s = game.state
    lines = [f"{game.rules.side_names[side]}: {s.points[side]} points, {s.coins[side]} coins, "
             f"{len(s.hands[side])} cards" + (" (out)" if side in s.out else "") for side in game.rules.sides]
    return "\n".join(lines)


def ruleset() -> Ruleset:
    """Council, as its entry point builds it."""
    return Ruleset(
        name=NAME, title="Council", data_dir=DATA, data=RULES,
        turn=Turn.from_data(RULES["turn"], STEPS, teams_of(RULES)),
        board=board, new_state=new_state, parse=parse, end_turn=end_turn, chance=chance,
        mask=mask, hide_from=hide_from, scores=scores, describe=describe,
    )
