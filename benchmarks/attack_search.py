"""ATTACK!'s search bot against its heuristic (two players unless ``--players``), the search's
seat rotated: game ``i`` (seed ``FIRST + i``) seats the search at seat ``i % players``, every
other seat the heuristic.

    python benchmarks/attack_search.py FIRST LAST [--players 2] [--playouts 12] [--candidates 3]

prints one line per game (seed, seat, result, points, seconds), then the search's wins with a
Wilson 95% interval and the median seconds a game (the figures of docs/bots.md).
"""
from __future__ import annotations

import argparse
import time

import fortress
from fortress.ai import make_bot
from fortress.rulesets.attack import victory

from attack_heuristic import run  # the same seat rotation and summary


def play(seed: int, seat: int, playouts: int, candidates: int, players: int = 2) -> tuple[bool, str, float, int]:
    """One game, the search at ``seat``: (won, points line, seconds, actions)."""
    start = time.perf_counter()
    game = fortress.new_game(seed=seed, players=players, ruleset="attack")
    sides = game.state.sides
    bots = {s: make_bot("search", seed=seed * 10 + k, ruleset="attack", playouts=playouts, candidates=candidates)
            if k == seat else make_bot("heuristic", seed=seed * 10 + k, ruleset="attack")
            for k, s in enumerate(sides)}
    while not game.is_over:
        game.apply(bots[game.side].choose(game))
    table = game.rules.tables.victory
    line = " ".join(f"{s}={victory.points(game.state, s, table)}{'*' if k == seat else ''}" for k, s in enumerate(sides))
    return game.winner == sides[seat], line, time.perf_counter() - start, len(game.history)


def main() -> None:
    p = argparse.ArgumentParser()
    p.add_argument("first", type=int)
    p.add_argument("last", type=int, help="the last seed, included")
    p.add_argument("--players", type=int, default=2)
    p.add_argument("--playouts", type=int, default=12)
    p.add_argument("--candidates", type=int, default=3)
    a = p.parse_args()
    run(a.first, a.last, a.players, lambda seed, seat: play(seed, seat, a.playouts, a.candidates, a.players),
        "search wins against the heuristic")

if __name__ == "__main__":
    main()
