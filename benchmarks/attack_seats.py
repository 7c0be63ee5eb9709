"""ATTACK!'s seats against each other: the heuristic at every seat, so a seat that wins more
than its share shows the game's (victory points', turn order's) bias, not a bot's strength.
Issue 37 asks that no seat position win more than its share by 10 points.

    python benchmarks/attack_seats.py FIRST LAST [--players 4] [--variant pacific]

prints one line per game (seed, winner, every seat's points, years, actions, seconds), then
each seat's wins with a Wilson 95% interval against its share (1 / players), and the ending
(a capital taken, or the last year). Bots are seeded ``seed * 10 + seat`` as in
``benchmarks/attack_heuristic.py``.
"""
from __future__ import annotations

import argparse
import statistics
import time
from collections import Counter

import fortress
from fortress.ai import make_bot
from fortress.odds.intervals import wilson, z_value
from fortress.rulesets.attack import victory


def play(seed: int, players: int, variants: tuple[str, ...]) -> tuple[list[str], str | None, str, float]:
    """One game, the heuristic at every seat: (sides in seat order, winner, line, seconds)."""
    start = time.perf_counter()
    game = fortress.new_game(seed=seed, players=players, ruleset="attack", variants=variants)
    sides = [side for seats in game.seats for side in seats]
    bots = {s: make_bot("heuristic", seed=seed * 10 + k, ruleset=game.rules) for k, s in enumerate(sides)}
    while not game.is_over:
        game.apply(bots[game.side].choose(game))
    table = game.rules.tables.victory
    points = " ".join(f"{s}={victory.points(game.state, s, table)}" for s in sides)
    ending = "last year" if game.state.round >= game.state.years else "capital taken"
    line = f"{points} year={game.state.round} {ending} actions={len(game.history)}"
    return sides, game.winner, line, time.perf_counter() - start


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("first", type=int)
    p.add_argument("last", type=int, help="the last seed, included")
    p.add_argument("--players", type=int, default=4)
    p.add_argument("--variant", action="append", default=[])
    a = p.parse_args()
    wins: Counter[int] = Counter()
    endings: Counter[str] = Counter()
    times: list[float] = []
    for seed in range(a.first, a.last + 1):
        sides, winner, line, secs = play(seed, a.players, tuple(a.variant))
        if winner in sides:
            wins[sides.index(winner)] += 1
        endings["capital taken" if "capital taken" in line else "last year"] += 1
        times.append(secs)
        print(f"seed {seed} winner {winner} {line} {secs:.1f}s", flush=True)
    games, share, z = len(times), 1 / a.players, z_value(0.95)
    for seat in range(a.players):
        lo, hi = wilson(wins[seat], games, z)
        rate = wins[seat] / games
        verdict = "within" if rate <= share + 0.10 else "OVER"
        print(f"seat {seat}: {wins[seat]}/{games} = {rate:.1%} (Wilson 95%: {lo:.1%}-{hi:.1%}); "
              f"share {share:.1%}, {verdict} share + 10 points")
    print(f"endings: {dict(endings)}; median {statistics.median(times):.2f} s a game, mean {statistics.mean(times):.2f} s")


if __name__ == "__main__":
    main()
