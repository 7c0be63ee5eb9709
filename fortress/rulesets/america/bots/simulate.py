"""Bot-versus-bot games at scale: serially, on a local process pool, or on a Dask cluster.

Game ``i`` uses seed ``seed + i``; each side's bot gets a seed derived from that game
seed and the side, so a run gives the same games however it is split up.

>>> from fortress.rulesets.america.bots.simulate import simulate
>>> r = simulate(2, seed=1, bots={"us": "random", "west": "random", "south": "random", "east": "random"},
...              workers=1, progress=False)
>>> list(r.frame.seed)
[1, 2]
"""
from __future__ import annotations

import os
import statistics
import time
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, field
from typing import Any, Iterable, cast

import pandas as pd

from fortress.rulesets.america.bots import BOT_NAMES
from fortress.rulesets.america.views import AmericaGame
from fortress.odds.intervals import wilson, z_value
from fortress.rulesets.america.units import INVADERS, SIDES, US

DEFAULT_BOTS = {"us": "heuristic", "west": "heuristic", "south": "heuristic", "east": "heuristic"}
MAX_ACTIONS = 100_000  #: a game longer than this is an engine or bot bug
COLUMNS = ["seed", "winner", "first", "rounds", "cities", "actions", "seconds", "decisions",
           "us_decision_median", "invader_decision_median", "us", "west", "south", "east"]


def bot_seed(game_seed: int, side: str) -> int:
    """The seed of ``side``'s bot in the game with ``game_seed`` (stable across runs)."""
    return (game_seed * 1_000_003 + SIDES.index(side) * 7_919 + 17) % (2 ** 62)


def play_game(game_seed: int, bots: dict[str, str], players: int = 4,
              options: dict[str, dict] | None = None, variants: tuple[str, ...] = ()) -> dict:
    """Play one game to the end; returns its row for the results frame (``first``: the
    individual winner under Individual Invader Victory, else None)."""
    import fortress
    from fortress.ai import make_bot

    options = options or {}
    start = time.perf_counter()
    game = cast(AmericaGame, fortress.new_game(seed=game_seed, players=players, variants=variants))
    seats = {s: make_bot(bots[s], seed=bot_seed(game_seed, s), **options.get(bots[s], {})) for s in SIDES}
    times: dict[str, list[float]] = {"us": [], "invaders": []}
    while not game.is_over:
        if len(game.history) > MAX_ACTIONS:
            raise RuntimeError(f"game {game_seed} did not end after {MAX_ACTIONS} actions")
        side = game.side
        t0 = time.perf_counter()
        action = seats[side].choose(game)
        times["us" if side == US else "invaders"].append(time.perf_counter() - t0)
        game.apply(action)
    med = {k: statistics.median(v) if v else 0.0 for k, v in times.items()}
    return {"seed": game_seed, "winner": game.winner, "first": game.ranking[0].side if game.ranking else None,
            "rounds": game.round, "cities": game.cities_captured(),
            "actions": len(game.history), "seconds": time.perf_counter() - start,
            "decisions": len(times["us"]) + len(times["invaders"]),
            "us_decision_median": med["us"], "invader_decision_median": med["invaders"],
            **{s: bots[s] for s in SIDES}}


def _play_many(seeds: list[int], bots: dict[str, str], players: int, options: dict | None,
               variants: tuple[str, ...] = ()) -> list[dict]:
    return [play_game(s, bots, players, options, variants) for s in seeds]


@dataclass
class Results:
    """One row per game in ``frame``; summaries with Wilson intervals."""

    frame: pd.DataFrame
    wall_seconds: float = 0.0
    workers: int = 1
    confidence: float = 0.95
    extra: dict = field(default_factory=dict)

    @property
    def games(self) -> int:
        return len(self.frame)

    def win_rate(self, camp: str = "us") -> tuple[float, float, float]:
        """(rate, low, high) of ``camp`` ("us" or "invaders") winning, Wilson interval."""
        wins = int((self.frame.winner == camp).sum())
        lo, hi = wilson(wins, self.games, z_value(self.confidence))
        return (wins / self.games if self.games else 0.0), lo, hi

    def individual_wins(self) -> dict[str, int]:
        """Invader wins by the individual winner (games played with Individual Invader Victory)."""
        firsts = self.frame["first"].dropna()
        return {side: int((firsts == side).sum()) for side in INVADERS} if len(firsts) else {}

    def summary(self) -> dict:
        f = self.frame
        us, us_lo, us_hi = self.win_rate("us")
        inv, inv_lo, inv_hi = self.win_rate("invaders")
        return {"individual_wins": self.individual_wins(),
            "games": self.games, "bots": {s: f[s].iloc[0] for s in SIDES} if self.games else {},
            "us_wins": int((f.winner == "us").sum()), "us_win_rate": us, "us_win_interval": [us_lo, us_hi],
            "invader_win_rate": inv, "invader_win_interval": [inv_lo, inv_hi],
            "mean_rounds": float(f.rounds.mean()), "mean_cities_captured": float(f.cities.mean()),
            "mean_actions": float(f.actions.mean()), "mean_game_seconds": float(f.seconds.mean()),
            "median_us_decision_ms": float(f.us_decision_median.median() * 1e3),
            "median_invader_decision_ms": float(f.invader_decision_median.median() * 1e3),
            "games_per_second": self.games / self.wall_seconds if self.wall_seconds else 0.0,
            "wall_seconds": self.wall_seconds, "workers": self.workers, "confidence": self.confidence,
        }

    def table(self) -> str:
        s = self.summary()
        pct = lambda x: f"{100 * x:.1f}%"  # noqa: E731
        rows = [
            ("games", f"{s['games']}"),
            ("bots", ", ".join(f"{k}={v}" for k, v in s["bots"].items())),
            ("U.S. wins", f"{s['us_wins']} ({pct(s['us_win_rate'])}, {int(self.confidence * 100)}% CI "
                          f"{pct(s['us_win_interval'][0])}-{pct(s['us_win_interval'][1])})"),
            ("Invader wins", f"{s['games'] - s['us_wins']} ({pct(s['invader_win_rate'])}, CI "
                             f"{pct(s['invader_win_interval'][0])}-{pct(s['invader_win_interval'][1])})"),
            *([("individual wins", ", ".join(f"{k} {v}" for k, v in s["individual_wins"].items()))]
              if s["individual_wins"] else []),
            ("mean rounds", f"{s['mean_rounds']:.2f}"),
            ("mean cities captured", f"{s['mean_cities_captured']:.2f}"),
            ("mean actions per game", f"{s['mean_actions']:.0f}"),
            ("median decision (U.S. / Invaders)",
             f"{s['median_us_decision_ms']:.2f} ms / {s['median_invader_decision_ms']:.2f} ms"),
            ("mean seconds per game", f"{s['mean_game_seconds']:.2f}"),
            ("games per second", f"{s['games_per_second']:.2f} ({s['workers']} "
                                 f"worker{'s' if s['workers'] != 1 else ''}, {s['wall_seconds']:.1f} s)"),
        ]
        width = max(len(k) for k, _ in rows)
        return "\n".join(f"{k:<{width}}  {v}" for k, v in rows)


def _chunks(seeds: list[int], n: int) -> list[list[int]]:
    """Split into about ``n`` interleaved chunks of similar cost."""
    n = max(1, min(n, len(seeds)))
    return [seeds[i::n] for i in range(n)]


def simulate(games: int, seed: int = 0, bots: dict[str, str] | None = None, players: int = 4,
             workers: int | None = None, scheduler=None, progress: bool = True,
             options: dict[str, dict] | None = None, variants: tuple[str, ...] = ()) -> Results:
    """Play ``games`` games; ``bots`` maps each side (or ``"invaders"``, the three at once)
    to a bot name (missing sides: heuristic; an unknown side or bot: ``ValueError``).

    ``workers``: processes of a local pool (None: every core; 1: in this process).
    ``scheduler``: a Dask scheduler address or ``dask.distributed.Client`` (then
    ``workers`` is ignored). ``options``: keyword options per bot name, e.g.
    ``{"search": {"budget": 0.5}}``. ``variants``: the optional rules every game plays (a
    name or names).
    """
    bots = seated(bots or {})
    variants = (variants,) if isinstance(variants, str) else tuple(variants)
    seeds = [seed + i for i in range(games)]
    start = time.perf_counter()
    if scheduler is not None:
        rows, used = _run_dask(seeds, bots, players, options, scheduler, progress, tuple(variants))
    else:
        used = workers or os.cpu_count() or 1
        rows = _run_local(seeds, bots, players, options, used, progress, tuple(variants))
    frame = pd.DataFrame(sorted(rows, key=lambda r: r["seed"]), columns=COLUMNS)
    return Results(frame, time.perf_counter() - start, used)


def seated(bots: dict[str, str]) -> dict[str, str]:
    """The bot of each side: ``bots`` by side, ``"invaders"`` for the Invaders not named,
    the heuristic for the rest. ``ValueError`` for a side or bot name it does not know
    (a typo must not quietly play the heuristic)."""
    check_sides(bots)
    for name in bots.values():
        if name not in BOT_NAMES:
            raise ValueError(f"unknown bot {str(name)[:40]!r}; choose one of {', '.join(BOT_NAMES)}")
    group = {side: bots["invaders"] for side in INVADERS if "invaders" in bots}
    return {**DEFAULT_BOTS, **group, **{k: v for k, v in bots.items() if k != "invaders"}}


def check_sides(keys: Iterable[Any]) -> None:
    """``ValueError`` naming the sides if a key of ``keys`` is not a side or "invaders"."""
    unknown = [k for k in keys if k not in DEFAULT_BOTS and k != "invaders"]
    if unknown:
        raise ValueError(f"no side {str(unknown[0])[:40]!r} in bots; the sides are "
                         f"{', '.join(DEFAULT_BOTS)}, or 'invaders' for the three Invaders")


def _bar(total: int, progress: bool):
    from tqdm.auto import tqdm
    return tqdm(total=total, disable=not progress, unit="game", desc="simulate")


def _run_local(seeds, bots, players, options, workers: int, progress: bool, variants=()) -> list[dict]:
    rows: list[dict] = []
    with _bar(len(seeds), progress) as bar:
        if workers <= 1 or len(seeds) <= 1:
            for s in seeds:
                rows.append(play_game(s, bots, players, options, variants))
                bar.update(1)
            return rows
        with ProcessPoolExecutor(max_workers=workers) as pool:
            futures = [pool.submit(play_game, s, bots, players, options, variants) for s in seeds]
            for fut in futures:
                rows.append(fut.result())
                bar.update(1)
    return rows


def _run_dask(seeds, bots, players, options, scheduler, progress: bool, variants=()) -> tuple[list[dict], int]:
    from dask.distributed import Client, as_completed

    client = scheduler if isinstance(scheduler, Client) else Client(scheduler)
    try:
        n = max(1, len(client.scheduler_info().get("workers", {})))
        parts = _chunks(seeds, 4 * n)
        futures = client.map(_play_many, parts, bots=bots, players=players, options=options, variants=variants,
                             pure=False)
        rows: list[dict] = []
        with _bar(len(seeds), progress) as bar:
            for fut in as_completed(futures):
                got = fut.result()
                rows.extend(got)
                bar.update(len(got))
        return rows, n
    finally:
        if client is not scheduler:
            client.close()
