"""How should the U.S. search spend its rollouts? (the evidence behind ``search.SAMPLING``)

    .venv/bin/python benchmarks/us_sampling_study.py --build table.json 7400:5 7401:6 ...
    .venv/bin/python benchmarks/us_sampling_study.py --evaluate table.json --rollouts 90
    .venv/bin/python benchmarks/us_sampling_study.py --evaluate table.json --rollouts 90 first=2 se=1 margin=0.25

A position is ``GAMESEED:ROUND`` (the game of that seed played by the heuristic on every
seat up to the U.S. Declare of that round). ``--build`` plays every candidate plan there
with the determinization seeds 0..99 (``search.rollout``, the search's own play-outs;
about 40 s per position on one core, positions shared over ``--workers``) and stores the
values. ``--evaluate`` then runs the real search (``SearchBot._search``) at every position
many times without playing anything: its rollouts are looked up in the table, drawn from
the seeds 0..59 in a different order each time and capped at ``--rollouts`` in all. Each
choice is judged on the held-out seeds 60..99: the chosen plan's mean value there less the
``balanced`` plan's. Settings ``key=value`` (``first``, ``se``, ``margin``) override
``SAMPLING["us"]`` for the run. The printed gain is in the evaluation's units (U.S. unit value).
"""
from __future__ import annotations

import argparse
import json
import random
import statistics
from concurrent.futures import ProcessPoolExecutor

from fortress.rulesets.america.bots import search
from fortress.bench.bots import us_declare

#: determinization seeds per plan in the table; the search draws from the first 60% of them
SEEDS = 100


def build(position: str, seeds: int = SEEDS) -> tuple[str, dict | None]:
    seed, rnd = map(int, position.split(":"))
    game = us_declare(seed, rnd)
    if game.is_over or game.round != rnd:
        return position, None
    plans = search.candidate_plans(game, "us")
    return position, {name: [search.rollout(game, game.side, "us", plan, s) for s in range(seeds)]
                      for name, plan in plans.items()}


class _Draws:
    """Stands in for the bot's random generator: its determinization seeds are the
    table's training seeds, in a shuffled order."""

    def __init__(self, rng: random.Random, train: int) -> None:
        self.rng, self.order = rng, iter(rng.sample(range(train), train))

    def getrandbits(self, k: int) -> int:
        return next(self.order) if k == 62 else self.rng.getrandbits(k)


class _Lookup:
    """A rollout runner that reads the table instead of playing, up to ``cap`` rollouts."""

    workers = 1

    def __init__(self, values: dict[str, list[float]], names: dict[str, str], cap: int) -> None:
        self.values, self.names, self.left = values, names, cap

    def run(self, jobs, deadline):
        out = []
        for plan, seed in jobs:
            self.left -= 1
            out.append(self.values[self.names[repr(plan)]][seed] if self.left >= 0 else None)
        return out


def evaluate(table: dict, rollouts: int, repeats: int) -> dict:
    gains, best, other = [], [], 0
    for position, values in table.items():
        seed, rnd = map(int, position.split(":"))
        game = us_declare(seed, rnd)
        names = {repr(plan): name for name, plan in search.candidate_plans(game, "us").items()}
        train = len(values["balanced"]) * 3 // 5
        held = {name: statistics.mean(v[train:]) for name, v in values.items()}
        best.append(max(held.values()) - held["balanced"])
        for r in range(repeats):
            bot = search.SearchBot(seed=r, budget=1e9, max_rollouts=train)
            bot.rng = _Draws(random.Random(f"{position}/{r}"), train)
            bot._search(game, play=_Lookup(values, names, rollouts))
            gains.append(held[bot.last_search["plan"]] - held["balanced"])
            other += bot.last_search["plan"] != "balanced"
    return {"positions": len(table), "choices": len(gains), "gain": statistics.mean(gains),
            "gain_se": statistics.stdev(gains) / len(gains) ** 0.5,
            "not_balanced": other / len(gains), "best_held_out": statistics.mean(best)}


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--build", metavar="OUT")
    ap.add_argument("--evaluate", metavar="TABLE")
    ap.add_argument("--rollouts", type=int, default=90, help="rollouts per decision (about 90 on two workers)")
    ap.add_argument("--repeats", type=int, default=40)
    ap.add_argument("--workers", type=int, default=2)
    ap.add_argument("--seeds", type=int, default=SEEDS, help="determinization seeds per plan (--build)")
    ap.add_argument("args", nargs="*", help="positions SEED:ROUND (--build) or settings key=value (--evaluate)")
    a = ap.parse_args()
    if a.build:
        with ProcessPoolExecutor(a.workers) as pool:
            table = {p: v for p, v in pool.map(build, a.args, [a.seeds] * len(a.args)) if v is not None}
        with open(a.build, "w") as f:
            json.dump(table, f)
        print(f"{len(table)} positions written to {a.build}")
    if a.evaluate:
        with open(a.evaluate) as f:
            table = json.load(f)
        settings = search.SAMPLING["us"] = {**search.SAMPLING["us"],
                                            **{k: float(v) for k, v in (x.split("=") for x in a.args)}}
        r = evaluate(table, a.rollouts, a.repeats)
        print(f"settings {settings}, {a.rollouts} rollouts: held-out gain over balanced "
              f"{r['gain']:+.2f} (se {r['gain_se']:.2f}) over {r['choices']} choices at {r['positions']} positions; "
              f"a plan other than balanced {r['not_balanced']:.0%}; best plan on the held-out seeds "
              f"{r['best_held_out']:+.2f} (an optimistic bound)")


if __name__ == "__main__":
    main()
