"""Speed of the facade's hot paths, for comparing two checkouts side by side: ``Game.copy``,
``Game.determinized`` (bots copy games for every look-ahead), random games and
heuristic-v-heuristic games (CPU time, medians).

    for i in 1 2 3; do for tree in /tmp/old /work/wt/facade; do
        (cd $tree && PYTHONPATH=$PWD python benchmarks/facade_speed.py); done; done
"""
from __future__ import annotations

import random
import statistics
import time

import fortress
from fortress.ai import make_bot

clock = time.process_time


def midgame(seed: int = 11) -> fortress.Game:
    game = fortress.new_game(seed=seed)
    rng = random.Random(seed)
    while game.round < 4:
        game.apply(rng.choice(game.legal_actions()[:-1]))
    return game


def per_call(fn, n: int) -> float:
    runs = []
    for _ in range(5):
        t = clock()
        for _ in range(n):
            fn()
        runs.append((clock() - t) / n)
    return statistics.median(runs)


def median_game(seeds: range, chooser) -> float:
    """Median CPU time of a game from each seed, ``chooser(seed)`` giving the picker."""
    times = []
    for seed in seeds:
        t = clock()
        game, choose = fortress.new_game(seed=seed), chooser(seed)
        while not game.is_over:
            game.apply(choose(game))
        times.append(clock() - t)
    return statistics.median(times)


def random_chooser(seed: int):
    rng = random.Random(seed)
    return lambda game: rng.choice(game.legal_actions()[:-1])


def heuristic_chooser(seed: int):
    bots = {s: make_bot("heuristic", seed=seed * 10 + i) for i, s in enumerate(("us", "west", "south", "east"))}
    return lambda game: bots[game.side].choose(game)


def main() -> None:
    game = midgame()
    copy_us = per_call(game.copy, 2000) * 1e6
    det_us = per_call(lambda: game.determinized(5), 2000) * 1e6
    first_legal = per_call(lambda: game.copy().legal_actions(), 300) * 1e6
    rand = median_game(range(6), random_chooser)
    heur = median_game(range(500, 503), heuristic_chooser)
    print(f"{fortress.__file__.rsplit('/fortress/', 1)[0]}: copy {copy_us:.1f} us, determinized {det_us:.1f} us, "
          f"copy+legal_actions {first_legal:.0f} us, random game {rand * 1e3:.0f} ms, heuristic game {heur * 1e3:.0f} ms")


if __name__ == "__main__":
    main()
