"""Shared fixtures: a tiny hand-drawn board for rule tests, and helpers."""
from __future__ import annotations

import pytest

import fortress
from fortress.board import Area, Board

# A small board, drawn by hand so each rule test reads like a diagram:
#
#   [w1]-[w2]        (West's zones, at sea)
#     \   |
#     coast ---- hills
#       |    \     |
#     alpha ---- plainb ---- [s1] (South's zone)
#       |   \     |
#     mount ---- beta ---- [e1] (East's zone)
#                 |
#                far
MINI_AREAS = [
    Area("w1", "West One", "zone", side="west"),
    Area("w2", "West Two", "zone", side="west"),
    Area("s1", "South One", "zone", side="south"),
    Area("e1", "East One", "zone", side="east"),
    Area("coast", "Coast", "plain", coastal=True, region="Shore"),
    Area("hills", "Hills", "plain", region="Shore"),
    Area("alpha", "Alpha City", "city", city="Alpha City", region="Shore"),
    Area("plainb", "Plain B", "plain", region="Inland"),
    Area("mount", "Mount", "mountain", region="Inland"),
    Area("beta", "Beta City", "city", city="Beta City", region="Inland"),
    Area("far", "Far", "plain", region="Inland"),
]
MINI_EDGES = [
    ("w1", "w2"), ("w1", "coast"), ("w2", "coast"), ("coast", "hills"), ("coast", "alpha"),
    ("coast", "plainb"), ("hills", "plainb"), ("alpha", "plainb"), ("alpha", "mount"),
    ("alpha", "beta"), ("plainb", "s1"), ("plainb", "beta"), ("mount", "beta"), ("beta", "e1"),
    ("beta", "far"),
]


@pytest.fixture(scope="session")
def mini() -> Board:
    return Board(MINI_AREAS, MINI_EDGES, metadata={"title": "mini"})


@pytest.fixture
def position(mini):
    """Build a game on the mini board from a description (see fortress.rules.positions)."""

    def make(desc: dict, seed: int = 0, board: Board | None = None) -> fortress.Game:
        return fortress.Game.from_position(desc, board or mini, seed=seed)

    return make


def units(game: fortress.Game, area: str, side: str | None = None) -> dict[str, int]:
    """{unit type: count} in ``area`` (of one side if given)."""
    out: dict[str, int] = {}
    for (s, kind), n in game.units_in(area).items():
        if side is None or s == side:
            out[kind] = out.get(kind, 0) + n
    return out


def play_random(game: fortress.Game, seed: int, max_actions: int = 50_000, check=None) -> fortress.Game:
    """Play random legal actions (never Surrender) to the end; call ``check(game)`` after each."""
    import random

    rng = random.Random(seed)
    n = 0
    while not game.is_over and n < max_actions:
        game.apply(rng.choice(game.legal_actions()[:-1]))
        n += 1
        if check is not None:
            check(game)
    return game
