"""``fortress bench --only bots``: decision times of each bot and games per second.

Decision times are medians over every decision of whole games (one core); the search
bot is timed on a few decisions of one game with its default budget (quick: 0.2 s).
"""
from __future__ import annotations

import statistics
import time

from fortress.bench import Figure


def decision_times(bot_name: str, seeds: range, max_decisions: int | None = None, **options) -> list[float]:
    """Seconds per ``choose`` of ``bot_name`` playing every side, over games ``seeds``."""
    import fortress
    from fortress.ai import make_bot

    times: list[float] = []
    for seed in seeds:
        game = fortress.new_game(seed=seed)
        bot = make_bot(bot_name, seed=seed, **options)
        while not game.is_over and (max_decisions is None or len(times) < max_decisions):
            t0 = time.perf_counter()
            action = bot.choose(game)
            times.append(time.perf_counter() - t0)
            game.apply(action)
    return times


def games_per_second(bot_name: str, games: int) -> float:
    from fortress.ai.simulate import simulate
    start = time.perf_counter()
    simulate(games, seed=0, bots={s: bot_name for s in ("us", "west", "south", "east")}, workers=1, progress=False)
    return games / (time.perf_counter() - start)


def run(quick: bool) -> list[Figure]:
    n = 2 if quick else 10
    out = []
    for name in ("random", "heuristic"):
        t = decision_times(name, range(n))
        out.append(Figure(f"{name}: median decision time", statistics.median(t) * 1e3, "ms", f"{len(t)} decisions"))
        out.append(Figure(f"{name}: 95th percentile decision time", sorted(t)[int(0.95 * len(t))] * 1e3, "ms"))
    budget = 0.2 if quick else 2.0
    t = decision_times("search", range(1), max_decisions=60 if quick else 300, budget=budget)
    out.append(Figure("search: median decision time", statistics.median(t) * 1e3, "ms",
                      f"budget {budget} s, {len(t)} decisions"))
    searched = [x for x in t if x > budget / 2]
    out.append(Figure("search: searched decisions (first Declare of a turn), median", statistics.median(searched),
                      "s", f"{len(searched)} of {len(t)} decisions"))
    for name in ("random", "heuristic"):
        out.append(Figure(f"{name} v {name}: games per second (one core)", games_per_second(name, n), "games/s",
                          f"{n} games, 4 players"))
    return out
