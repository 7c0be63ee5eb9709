"""Engine benchmarks for ``fortress bench``: full random games per second on
one core, actions applied per second, median ``legal_actions`` time, save/load time.

Game timings use CPU time of this process (``time.process_time``): the engine is
single-threaded and CPU-bound, and CPU time is far less disturbed than wall time by
other work on a shared 2-core machine."""
from __future__ import annotations

import random
import statistics
import time

import fortress
from fortress.bench import Figure, median_time


def random_game(seed: int) -> tuple[fortress.Game, int, float, list[float]]:
    """Play one game of random legal actions; returns (game, actions, seconds, legal times)."""
    game = fortress.new_game(seed=seed)
    rng = random.Random(seed)
    legal_times = []
    n = 0
    clock = time.process_time
    start = clock()
    while not game.is_over:
        acts = game.legal_actions()
        game.apply(rng.choice(acts[:-1]))
        n += 1
        if n % 10 == 0:  # a fresh computation of the legal actions (apply keeps them)
            t = clock()
            fresh = game.copy()  # a copy works its legal actions out anew
            start += clock() - t  # copying is not playing: left out of the game's time
            t = clock()
            fresh.legal_actions()
            legal_times.append(clock() - t)
    return game, n, clock() - start, legal_times


def run(quick: bool) -> list[Figure]:
    games = 6 if quick else 30
    seconds, actions, legal = [], 0, []
    last = None
    for seed in range(games):
        last, n, secs, lt = random_game(seed)
        seconds.append(secs)
        actions += n
        legal.extend(lt)
    per_game = statistics.median(seconds)
    assert last is not None
    save = median_time(last.to_json, repeats=5)
    text = last.to_json()
    load = median_time(lambda: fortress.Game.from_json(text), repeats=3 if quick else 5)
    new = median_time(lambda: fortress.new_game(seed=1), repeats=5)
    return [
        Figure("full random games per second (one core)", 1 / per_game, "games/s",
               f"median of {games} games, {actions // games} actions each on average; target >= 20"),
        Figure("actions applied per second (incl. legal_actions)", actions / sum(seconds), "actions/s"),
        Figure("legal_actions median time", statistics.median(legal) * 1e6, "us",
               f"p90 {statistics.quantiles(legal, n=10)[-1] * 1e6:.0f} us"),
        Figure("new_game (balanced setup)", new * 1e3, "ms"),
        Figure("save a finished game (to_json)", save * 1e3, "ms", f"{len(text) // 1024} KB"),
        Figure("load a finished game (from_json, replays it)", load * 1e3, "ms"),
    ]
