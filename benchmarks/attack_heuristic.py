"""ATTACK!'s heuristic against three random bots, the heuristic's seat rotated: game ``i``
(seed ``SEED + i``) seats it at seat ``i % players``; bots seeded as in ``fortress.ai.seats``.

    python benchmarks/attack_heuristic.py FIRST LAST [--players 4] [--variant pacific]

prints one line per game (seed, seat, winner, points, actions, seconds), then wins with a
Wilson 95% interval and the median seconds a game (the figures of docs/bots.md).
"""
from __future__ import annotations

import argparse
import statistics
import time
from typing import Callable

import fortress
from fortress.ai import make_bot
from fortress.odds.intervals import wilson, z_value
from fortress.rulesets.attack import victory


def play(seed: int, seat: int, players: int, variants: tuple[str, ...]) -> tuple[bool, str, float, int]:
    """One game, the heuristic at ``seat``: (won, points line, seconds, actions)."""
    start = time.perf_counter()
    game = fortress.new_game(seed=seed, players=players, ruleset="attack", variants=variants)
    sides = [side for seats in game.seats for side in seats]
    bots = {s: make_bot("heuristic" if k == seat else "random", seed=seed * 10 + k, ruleset=game.rules)
            for k, s in enumerate(sides)}
    while not game.is_over:
        game.apply(bots[game.side].choose(game))
    table = game.rules.tables.victory
    line = " ".join(f"{s}={victory.points(game.state, s, table)}{'*' if k == seat else ''}" for k, s in enumerate(sides))
    return game.winner == sides[seat], f"{line} round={game.state.round}", time.perf_counter() - start, len(game.history)


def main() -> None:
    p = argparse.ArgumentParser()
    p.add_argument("first", type=int)
    p.add_argument("last", type=int, help="the last seed, included")
    p.add_argument("--players", type=int, default=4)
    p.add_argument("--variant", action="append", default=[])
    a = p.parse_args()
    run(a.first, a.last, a.players, lambda seed, seat: play(seed, seat, a.players, tuple(a.variant)), "heuristic wins")


def run(first: int, last: int, seats: int, game: Callable[[int, int], tuple[bool, str, float, int]], who: str) -> None:
    """Seeds ``first``..``last``, game ``i`` at seat ``i % seats``: a line a game, then the wins
    (``who``) with a Wilson 95% interval and the median seconds a game."""
    wins, times = 0, []
    for seed in range(first, last + 1):
        seat = (seed - first) % seats
        won, line, secs, n = game(seed, seat)
        wins += won
        times.append(secs)
        print(f"seed {seed} seat {seat} {'WON ' if won else 'LOST'} {line} actions={n} {secs:.1f}s", flush=True)
    games = len(times)
    lo, hi = wilson(wins, games, z_value(0.95))
    print(f"{who} {wins}/{games} = {wins / games:.1%} (Wilson 95%: {lo:.1%}-{hi:.1%}); "
          f"median {statistics.median(times):.2f} s a game, mean {statistics.mean(times):.2f} s")


if __name__ == "__main__":
    main()
