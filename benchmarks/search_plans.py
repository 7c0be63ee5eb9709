"""The plans the U.S. search chooses at fixed positions, and what they cost, in several source
trees side by side: a change to the play-outs that must not change the search's choices
(issue 34) keeps every plan, play-out count and value here.

    git worktree add /tmp/base COMMIT
    python benchmarks/search_plans.py /tmp/base . --playouts 24 --positions 24

A position is the game of seed ``7001 + i`` played by the heuristic on every seat up to the
U.S. Declare of round ``2 + i % 6``; at each, ``SearchBot(seed=i, playouts=N)`` searches once
(one process; ``last_search``: plan, play-outs, value); ``--reseed K`` searches the first
tree's positions again with other seeds, which says how much of a plan choice is chance. Each tree runs in its own subprocess
(``PYTHONPATH``), rounds alternating; per tree the play-outs per CPU-second of the searches
(median over the rounds) and, against the first tree, the positions where plan, play-outs
or value differ. Benchmarks report; they assert nothing.
"""
from __future__ import annotations

import argparse
import statistics
import sys
from pathlib import Path

from trees import json_in

MEASURE = """
import json, sys, time
from fortress.bench.bots import us_declare
from fortress.rulesets.america.bots.search import SearchBot
playouts, count, bot_seed = int(sys.argv[1]), int(sys.argv[2]), int(sys.argv[3])
rows, spent = [], 0.0
for i in range(count):
    game = us_declare(7001 + i, 2 + i % 6)
    if game.is_over:
        continue
    bot = SearchBot(seed=bot_seed + i, playouts=playouts)
    start = time.process_time()
    bot._search(game)
    spent += time.process_time() - start
    s = bot.last_search
    rows.append([7001 + i, 2 + i % 6, s["plan"], s["rollouts"], round(s["value"], 6), s["too_few"]])
print(json.dumps({"rows": rows, "cpu": spent}))
"""


def measure(tree: Path, playouts: int, positions: int, bot_seed: int = 0) -> dict:
    """One run in ``tree``: its searches' rows and their CPU seconds."""
    result: dict = json_in(tree, MEASURE, playouts, positions, bot_seed)
    return result


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("trees", type=Path, nargs="+", help="source trees, the first one the reference")
    ap.add_argument("--playouts", type=int, default=24, help="the search's budget in play-outs")
    ap.add_argument("--positions", type=int, default=24)
    ap.add_argument("--rounds", type=int, default=1)
    ap.add_argument("--reseed", type=int, default=0,
                    help="the first tree searches once more with the bots' seeds moved by this much (other "
                         "determinizations): how often the plan chosen is the same by chance")
    args = ap.parse_args(argv)
    runs: dict[Path, list[dict]] = {t: [] for t in args.trees}
    for _ in range(args.rounds):
        for tree in args.trees:
            runs[tree].append(measure(tree, args.playouts, args.positions))
    base = runs[args.trees[0]][0]["rows"]
    for row in base:
        print("  ", *row)
    print(f"plans other than balanced: {sum(r[2] != 'balanced' for r in base)} of {len(base)}; "
          f"too few to choose: {sum(r[5] for r in base)}")
    for tree in args.trees:
        rows = runs[tree][0]["rows"]
        rate = statistics.median(sum(r[3] for r in run["rows"]) / run["cpu"] for run in runs[tree])
        differ = [r[:2] + r[2:5] for r, b in zip(rows, base) if r != b]
        print(f"{str(tree):<24} play-outs per CPU-s {rate:6.1f}  plans {sum(r[2] == b[2] for r, b in zip(rows, base))}"
              f"/{len(base)} the same; rows differing: {len(differ) + abs(len(rows) - len(base))} {differ[:6]}")
    if args.reseed:
        rows = measure(args.trees[0], args.playouts, args.positions, args.reseed)["rows"]
        print(f"{str(args.trees[0])} reseeded by {args.reseed}: plans {sum(r[2] == b[2] for r, b in zip(rows, base))}"
              f"/{len(base)} the same")
    return 0


if __name__ == "__main__":
    sys.exit(main())
