"""Which short-horizon score predicts the U.S. plans' real results? (the evidence behind
``fortress.rulesets.america.bots.search.evaluate_us``)

    .venv/bin/python benchmarks/us_plan_study.py --games 100 --out study.jsonl 7001:2 7002:3 ...
    .venv/bin/python benchmarks/us_plan_study.py --analyse study.jsonl

A position is ``GAMESEED:ROUND``: the game of that seed played by the heuristic on every
seat up to the U.S. Declare of that round. From it, every candidate plan of the search
(``candidate_plans``) is played to the end of the game ``--games`` times (the plan for
that U.S. turn, the heuristic afterwards and on every other seat; determinization seeds
0..N-1, the same for every plan). Each game records, at three horizons, the captured
cities and the forces (h0: the end of that U.S. turn; h1: the U.S.'s next Declare;
h2: the end of its next turn) and who won. ``--analyse`` prints each plan's win rate and,
for some evaluation weights, the correlation within a position between a plan's mean
score at a horizon and its win rate, and the win rate gained over the ``balanced`` plan when the
plan with the best mean score over 6 random games is picked (what the search does).
About 5 minutes per position on two cores.
"""
from __future__ import annotations

import argparse
import json
import random
import statistics
from collections import defaultdict
from concurrent.futures import ProcessPoolExecutor
from functools import cache

from fortress.bench.bots import us_declare
from fortress.rulesets.america.bots.heuristic import HeuristicBot
from fortress.rulesets.america.bots.search import PlannedBot, candidate_plans, forces, horizon_reached, reserve_value
from fortress.rulesets.america.units import US

#: GAMESEED, ROUND -> the game of that seed played by the heuristic up to that U.S. Declare
position = cache(us_declare)


def snapshot(game) -> dict:
    inv, us = forces(game)
    return {"cap": len(game.state.captured), "us": us, "inv": inv, "res": reserve_value(game), "over": game.is_over,
            "win": game.winner == "us" if game.is_over else None}


def play(job: tuple[int, int, str, int]) -> dict:
    seed, rnd, name, det = job
    knobs, targets = candidate_plans(position(seed, rnd), "us")[name]
    sim = position(seed, rnd).determinized(det)
    own, other = PlannedBot(seed=det, targets=targets, **knobs), HeuristicBot(seed=det + 1)
    rec: dict = {}
    while not sim.is_over:
        if "h0" not in rec and horizon_reached(sim, "invaders", rnd):
            rec["h0"] = snapshot(sim)
        if "h1" not in rec and horizon_reached(sim, "us", rnd):
            rec["h1"] = snapshot(sim)
        if "h2" not in rec and sim.round > rnd + 1:
            rec["h2"] = snapshot(sim)
        mine = sim.round == rnd and sim.state.turn == US and sim.side == US
        sim.apply((own if mine else other).choose(sim))
    for h in ("h0", "h1", "h2"):
        rec.setdefault(h, snapshot(sim))
    return {"seed": seed, "round": rnd, "plan": name, "det": det, "win": sim.winner == US, **rec}


def study(positions: list[str], games: int, out: str, workers: int) -> None:
    with ProcessPoolExecutor(workers) as pool, open(out, "a") as fh:
        for text in positions:
            seed, rnd = map(int, text.split(":"))
            if position(seed, rnd).is_over:
                print(f"{text}: the game is over before that round")
                continue
            names = list(candidate_plans(position(seed, rnd), "us"))
            rows = list(pool.map(play, [(seed, rnd, n, d) for n in names for d in range(games)], chunksize=10))
            for row in rows:
                fh.write(json.dumps(row) + "\n")
            wins = {n: sum(r["win"] for r in rows if r["plan"] == n) for n in names}
            print(text, ", ".join(f"{n} {w}/{games}" for n, w in wins.items()), flush=True)


def score(snap: dict, w_inv: float, w_res: float, w_cap: float) -> float:
    if snap["over"]:
        return 1000.0 if snap["win"] else -1000.0
    return snap["us"] - w_inv * snap["inv"] - w_res * snap["res"] - w_cap * snap["cap"]


def analyse(path: str) -> None:
    by: dict = defaultdict(lambda: defaultdict(dict))
    for line in open(path):
        r = json.loads(line)
        by[r["seed"], r["round"]][r["plan"]][r["det"]] = r
    live = {p: plans for p, plans in by.items()
            if statistics.mean(r["win"] for v in plans.values() for r in v.values()) >= 0.1}
    for p, plans in by.items():
        wins = {n: statistics.mean(r["win"] for r in v.values()) for n, v in plans.items()}
        print(f"{p[0]}:{p[1]}", " ".join(f"{n}={w:.2f}" for n, w in wins.items()))
    print(f"{len(live)} positions where the U.S. wins at least 10% (the others are lost whatever it does)")
    if not live:
        print("no position to compare plans on")
        return
    rng = random.Random(0)
    # h1 with the weights of evaluate_us and some others; h0 with the Invaders' weights
    # (the search's U.S. evaluation before: 5 per captured city, 0.1 per unit value)
    for h, weights in (("h1", (0.5, 0.25, 0.5)), ("h1", (0.25, 0.0, 0.5)), ("h1", (0.0, 0.0, 0.0)),
                       ("h1", (1.0, 0.5, 50.0)), ("h0", (1.0, 0.5, 50.0)), ("h0", (0.5, 0.25, 0.5))):
        corrs, gains = [], []
        for plans in live.values():
            wins = {n: statistics.mean(r["win"] for r in v.values()) for n, v in plans.items()}
            means = {n: statistics.mean(score(r[h], *weights) for r in v.values()) for n, v in plans.items()}
            try:
                corrs.append(statistics.correlation([means[n] for n in plans], [wins[n] for n in plans]))
            except statistics.StatisticsError:  # every plan scored (or won) alike
                pass
            dets = sorted(next(iter(plans.values())))
            for _ in range(100):
                picked = rng.sample(dets, min(6, len(dets)))
                est = {n: statistics.mean(score(v[d][h], *weights) for d in picked) for n, v in plans.items()}
                gains.append(wins[max(est, key=est.get)] - wins["balanced"])
        corr = f"{statistics.mean(corrs):+.2f}" if corrs else "n/a"
        print(f"{h} score = us - {weights[0]} inv - {weights[1]} reserves - {weights[2]} captured: "
              f"correlation {corr}, gain over balanced {statistics.mean(gains):+.3f}")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("positions", nargs="*", help="GAMESEED:ROUND")
    ap.add_argument("--games", type=int, default=100)
    ap.add_argument("--out", default="us_plan_study.jsonl")
    ap.add_argument("--workers", type=int, default=2)
    ap.add_argument("--analyse", metavar="JSONL")
    args = ap.parse_args()
    if args.analyse:
        analyse(args.analyse)
    else:
        study(args.positions, args.games, args.out, args.workers)


if __name__ == "__main__":
    main()
