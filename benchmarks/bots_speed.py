"""Bot speed of several source trees side by side, in CPU time (robust on a busy machine,
unlike the wall-clock budget of a search): heuristic-v-heuristic games per second as
``fortress bench --only bots`` plays them (``simulate``, bots seeded per seat, new game
included), and U.S. search rollouts per 2 s of one core at the bench's three positions
(every candidate plan on the same seeds). One subprocess per tree and round, the trees
alternating; medians of the rounds.

    git worktree add /tmp/fortress-old 87f2efe      # the engine before the reshape
    python benchmarks/bots_speed.py /tmp/fortress-old . --rounds 2
    git worktree add /tmp/old edbf1f0               # main before issue 34 (the play-outs' 3 x target)
    python benchmarks/bots_speed.py /tmp/old . --rounds 3

Benchmarks report; they assert nothing.
"""
from __future__ import annotations

import argparse
import statistics
import sys
from pathlib import Path

from trees import run_in

MEASURE = """
import sys, time
try:
    from fortress.rulesets.america.bots.simulate import simulate
    from fortress.rulesets.america.bots.search import candidate_plans, rollout
except ImportError:  # the tree before the bots moved into the ruleset (main edbf1f0, before issue 34)
    from fortress.ai.simulate import simulate
    from fortress.ai.search import candidate_plans, rollout
try:
    from fortress.bench.bots import us_declare
except ImportError:  # the tree before the reshape
    from fortress.ai.bench import us_declare
games, seeds = int(sys.argv[1]), int(sys.argv[2])
start = time.process_time()
simulate(games, seed=0, bots={s: "heuristic" for s in ("us", "west", "south", "east")}, workers=1, progress=False)
rate = games / (time.process_time() - start)
positions = [us_declare(seed, rnd) for seed, rnd in ((7001, 2), (7004, 5), (7006, 6))]
first = positions[0]
rollout(first, first.side, "us", next(iter(candidate_plans(first, "us").values())), 0)  # odds caches warm
played, spent = 0, 0.0
for game in positions:
    plans = candidate_plans(game, "us")
    start = time.process_time()
    for plan in plans.values():
        for seed in range(seeds):
            rollout(game, game.side, "us", plan, seed)
            played += 1
    spent += time.process_time() - start
print(rate, 2 * played / spent, played)
"""


def measure(tree: Path, games: int, seeds: int) -> tuple[float, float, int]:
    """(heuristic games/s, rollouts per 2 s, rollouts played) of one run in ``tree``."""
    out = run_in(tree, MEASURE, games, seeds).split()
    return float(out[0]), float(out[1]), int(out[2])


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("trees", type=Path, nargs="+", help="source trees, the first one the baseline")
    ap.add_argument("--rounds", type=int, default=2)
    ap.add_argument("--games", type=int, default=3, help="heuristic games per run")
    ap.add_argument("--seeds", type=int, default=2, help="rollouts per plan and position")
    args = ap.parse_args(argv)
    runs: dict[Path, list[tuple[float, float, int]]] = {t: [] for t in args.trees}
    for _ in range(args.rounds):
        for tree in args.trees:
            runs[tree].append(measure(tree, args.games, args.seeds))
            print(f"  {tree}: {runs[tree][-1]}", flush=True)
    for i, label in ((0, f"heuristic games/s ({args.games} games)"), (1, "U.S. rollouts per 2 s of one core")):
        base = statistics.median(r[i] for r in runs[args.trees[0]])
        print(f"{label}, medians of {args.rounds} rounds:")
        for tree in args.trees:
            value = statistics.median(r[i] for r in runs[tree])
            print(f"  {str(tree):<28} {value:8.3f}  x{value / base:.2f}  ({runs[tree][-1][2]} rollouts a run)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
