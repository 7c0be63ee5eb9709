"""What is a captured city worth to the U.S., round by round? (the evidence behind
``fortress.rulesets.america.bots.search.US_LATE``)

    .venv/bin/python benchmarks/us_eval_fit.py --games 600 --seed 30000 --workers 2
    .venv/bin/python benchmarks/us_eval_fit.py --games 600 --seed 30000 --workers 2 --at round

Plays ``--games`` heuristic games (every seat ``heuristic``, game seeds SEED, SEED+1, ...)
and records, at the first U.S. Declare decision of every round (where the U.S. search's
rollouts stop and score), the captured cities, the value of the U.S. and of the Invader
units on the board, the Invader reserves, the captured cities the heuristic would go for
(``us_retake.targets``) and who won in the end. Then, for each round, a logistic
regression of "the U.S. wins" on those counts, printed as weights in U.S. unit value
(infantry 1): ``captured -6.3`` means a captured city at that point is worth as much to
the outcome as six infantry; the win rate by captured count follows. These are
correlations across positions, not the effect of one choice (``benchmarks/us_plan_study.py``
tests scores against plans played from the same position; the games of the search are the
real test). About 3 minutes for 600 games on two cores. ``--at round`` reads the counts where
the Invaders' search scores instead (each round's start; round r's row is the end of round r-1).
"""
from __future__ import annotations

import argparse
import json
from concurrent.futures import ProcessPoolExecutor

import numpy as np

import fortress
from fortress.ai import make_bot
from fortress.rulesets.america.bots import us_retake
from fortress.rulesets.america.bots.search import forces, reserve_value
from fortress.rulesets.america.bots.simulate import bot_seed
from fortress.rulesets.america.units import SIDES, US

FEATURES = ("captured", "us", "invaders", "reserves", "targets")


def record(game) -> dict:
    inv, us = forces(game)
    return {"round": game.round, "captured": len(game.state.captured), "us": us, "invaders": inv,
            "reserves": reserve_value(game), "targets": len(us_retake.targets(game))}


def play(seed: int, at: str = "us") -> dict:
    """One heuristic game; the counts at each U.S. Declare (``at="us"``, the U.S. search's
    horizon) or at each round's first decision (``at="round"``: the end of the round before,
    the Invaders' search's horizon), and the winner."""
    game = fortress.new_game(seed=seed, players=4)
    bots = {s: make_bot("heuristic", seed=bot_seed(seed, s)) for s in SIDES}
    rows, seen = [], set()
    while not game.is_over:
        here = game.side == US and game.phase == "declare" if at == "us" else True
        if here and game.round not in seen:
            seen.add(game.round)
            rows.append(record(game))
        game.apply(bots[game.side].choose(game))
    return {"seed": seed, "us_won": game.winner == US, "rows": rows}


def logistic(x: np.ndarray, y: np.ndarray, ridge: float = 1e-3, steps: int = 50) -> np.ndarray:
    """Weights (constant first) of a logistic regression, by Newton's method."""
    x = np.c_[np.ones(len(x)), x]
    w = np.zeros(x.shape[1])
    for _ in range(steps):
        p = 1 / (1 + np.exp(-x @ w))
        grad = x.T @ (p - y) + ridge * w
        hess = (x.T * (p * (1 - p))) @ x + ridge * np.eye(len(w))
        w -= np.linalg.solve(hess, grad)
    return w


def fit(games: list[dict], features=FEATURES) -> dict[int, dict]:
    """Round -> {feature: weight in U.S. unit value, "positions": n, "us_win": rate}."""
    out = {}
    rounds = sorted({r["round"] for g in games for r in g["rows"]})
    for rnd in rounds:
        rows = [(r, g["us_won"]) for g in games for r in g["rows"] if r["round"] == rnd]
        x = np.array([[r[f] for f in features] for r, _ in rows], float)
        y = np.array([won for _, won in rows], float)
        if len(rows) < 20 or y.min() == y.max():
            continue
        keep = x.std(axis=0) > 0  # a count that never varies in this round (reserves late) gets 0
        w = np.zeros(len(features))
        w[keep] = logistic(x[:, keep], y)[1:]
        unit = w[features.index("us")]
        out[rnd] = {**{f: (w[i] / unit if unit else 0.0) for i, f in enumerate(features)},
                    "positions": len(rows), "us_win": float(y.mean())}
    return out


def by_captured(games: list[dict], least: int = 8) -> dict[int, dict[int, tuple[float, int]]]:
    """Round -> captured cities at that U.S. Declare -> (U.S. win rate, positions), for the
    counts seen at least ``least`` times."""
    cells: dict[int, dict[int, list[bool]]] = {}
    for g in games:
        for r in g["rows"]:
            cells.setdefault(r["round"], {}).setdefault(r["captured"], []).append(g["us_won"])
    return {rnd: {c: (sum(v) / len(v), len(v)) for c, v in sorted(row.items()) if len(v) >= least}
            for rnd, row in sorted(cells.items())}


def main(argv: list[str] | None = None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--games", type=int, default=600)
    ap.add_argument("--seed", type=int, default=30000)
    ap.add_argument("--workers", type=int, default=2)
    ap.add_argument("--without", default="", help="comma-separated features to leave out (e.g. targets)")
    ap.add_argument("--at", choices=("us", "round"), default="us",
                    help="where the counts are read: each U.S. Declare, or each round's start (the Invaders' horizon)")
    ap.add_argument("--json", action="store_true")
    args = ap.parse_args(argv)
    seeds = range(args.seed, args.seed + args.games)
    if args.workers > 1:
        with ProcessPoolExecutor(args.workers) as pool:
            games = list(pool.map(play, seeds, [args.at] * len(seeds), chunksize=4))
    else:
        games = [play(s, args.at) for s in seeds]
    features = tuple(f for f in FEATURES if f not in args.without.split(","))
    table = fit(games, features)
    if args.json:
        print(json.dumps({"games": len(games), "us_wins": sum(g["us_won"] for g in games), "rounds": table,
                          "by_captured": by_captured(games)}))
        return
    print(f"{len(games)} heuristic games from seed {args.seed}: the U.S. won {sum(g['us_won'] for g in games)}")
    print("round positions us_win " + " ".join(f"{f:>9}" for f in features))
    for rnd, row in table.items():
        print(f"{rnd:5d} {row['positions']:9d} {row['us_win']:6.2f} " + " ".join(f"{row[f]:9.2f}" for f in features))
    print("U.S. win rate by captured cities there (positions):")
    for rnd, row in by_captured(games).items():
        print(f"{rnd:5d} " + " ".join(f"{c}:{p:.2f}({n})" for c, (p, n) in row.items()))


if __name__ == "__main__":
    main()
