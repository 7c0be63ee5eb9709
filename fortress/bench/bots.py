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
    from fortress.rulesets.america.bots.simulate import simulate
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
    out += rollout_figures(budget)
    return out


def us_declare(seed: int, rnd: int):
    """The game of ``seed`` played by the heuristic on every seat up to the U.S. Declare
    of round ``rnd``."""
    import fortress
    from fortress.ai import make_bot
    from fortress.rulesets.america.bots.simulate import bot_seed
    from fortress.rulesets.america.units import SIDES, US

    game = fortress.new_game(seed=seed)
    seats = {s: make_bot("heuristic", seed=bot_seed(seed, s)) for s in SIDES}
    while not game.is_over and not (game.side == US and game.phase == "declare" and game.round == rnd):
        game.apply(seats[game.side].choose(game))
    return game


def rollout_figures(budget: float, positions=((7001, 2), (7004, 5), (7006, 6))) -> list[Figure]:
    """Rollouts a U.S. search makes in ``budget`` seconds at a few positions, on one
    process and on every core (the rollout pool is started, and its odds caches warmed
    by one search, before the count)."""
    from fortress.rulesets.america.bots.rollouts import default_workers
    from fortress.rulesets.america.bots.search import SearchBot

    games = [us_declare(seed, rnd) for seed, rnd in positions]
    out = []
    for workers in sorted({1, default_workers()}):
        SearchBot(seed=0, budget=budget, workers=workers)._search(games[0])  # warm up
        counts = []
        for game in games:
            bot = SearchBot(seed=1, budget=budget, workers=workers)
            bot._search(game)
            counts.append(bot.last_search["rollouts"])
        out.append(Figure(f"search: U.S. rollouts per searched decision, {workers} worker(s)",
                          statistics.median(counts), "rollouts",
                          f"budget {budget} s; {', '.join(map(str, counts))} at seeds:rounds "
                          + " ".join(f"{s}:{r}" for s, r in positions)))
    return out
