"""Maneuvers' listing of legal moves, alone, in several source trees side by side: the CPU time
of one listing, split as random play meets it (first listing of a phase with its tables still
to build; later listings with no place over the 5-unit limit; with a place over it), each the
best of ``--reps`` passes over every position, so a busy machine disturbs it little (whole
games, ``engine_speed.py``, vary by +-10% at load 10 and hide changes below that).

    python benchmarks/maneuvers_listing.py /tmp/fortress-main . --games 6 --reps 8
    python benchmarks/maneuvers_listing.py . --ceiling    # and what the 5-unit check costs there

The positions are every Maneuvers listing of ``--games`` seeded random games (the benchmark's
random player); a later listing is timed with the phase's tables as the game had built them
(``game.memo``), a first one with none. ``--ceiling`` times the listings with a place over the
limit once more with the 5-unit check's greedy way back answered for free (``Rules.stuck``
replaced, in that process only, by one finding every move allowed): the most any shortcut of
that check could save. Benchmarks report; they assert nothing.
"""
from __future__ import annotations

import argparse
import os
import subprocess
import sys
from pathlib import Path

MEASURE = """
import random, sys, time
import fortress
from fortress.rulesets.america.phases import maneuvers
games, reps, ceiling = int(sys.argv[1]), int(sys.argv[2]), sys.argv[3] == "1"
first, later = [], {False: [], True: []}
for seed in range(games):
    game, rng, before = fortress.new_game(seed=seed), random.Random(seed), None
    while not game.is_over:
        if game.phase == "maneuvers":
            ctx = game.ctx.copy()
            if before != "maneuvers":
                ctx.memo = {}
                first.append(ctx)
            else:
                ctx.memo = game.ctx.memo
                later[bool(maneuvers.Rules(ctx).over)].append(ctx)
        before = game.phase
        game.apply(rng.choice(game.legal_actions()[:-1]))

def best(ctxs, fresh):
    out = float("inf")
    for _ in range(reps):
        if fresh:
            for ctx in ctxs:
                ctx.memo = {}
        start = time.process_time()
        for ctx in ctxs:
            maneuvers.Rules(ctx).legal()
        out = min(out, time.process_time() - start)
    return out / len(ctxs) * 1e6

for ctx in first + later[False] + later[True]:
    maneuvers.Rules(ctx)  # the unit views, built once
row = [len(first), best(first, True), len(later[False]), best(later[False], False), len(later[True]),
       best(later[True], False)]
if ceiling:
    maneuvers.Rules.stuck = lambda self, move, dst: []
    row.append(best(later[True], False))
print(*row)
"""


def measure(tree: Path, games: int, reps: int, ceiling: bool = False) -> list[float]:
    env = {**os.environ, "PYTHONPATH": str(tree.resolve())}
    out = subprocess.run([sys.executable, "-c", MEASURE, str(games), str(reps), str(int(ceiling))], cwd="/", env=env,
                         capture_output=True, text=True, check=True).stdout.split()
    return [float(x) for x in out]


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("trees", type=Path, nargs="+", help="source trees, the first one the baseline")
    ap.add_argument("--games", type=int, default=6)
    ap.add_argument("--reps", type=int, default=8)
    ap.add_argument("--ceiling", action="store_true",
                    help="also time the listings over the limit with the 5-unit check answered for free")
    args = ap.parse_args(argv)
    rows = {tree: measure(tree, args.games, args.reps, args.ceiling) for tree in args.trees}
    base = rows[args.trees[0]]
    print(f"Maneuvers listing, CPU µs per listing (best of {args.reps} passes; {args.games} random games):")
    print(f"  {'tree':<28} {'first of phase':>16} {'within limit':>16} {'place over it':>16}")
    for tree, row in rows.items():
        cells = [f"{row[i]:7.1f} x{row[i] / base[i]:.2f}" for i in (1, 3, 5)]
        print(f"  {str(tree):<28} " + " ".join(f"{c:>16}" for c in cells))
    n = base
    print(f"  ({n[0]:.0f} first listings, {n[2]:.0f} within the limit, {n[4]:.0f} with a place over it)")
    for tree, row in rows.items() if args.ceiling else ():
        print(f"  {str(tree):<28} place over it, the 5-unit check free: {row[6]:7.1f} µs (x{row[6] / row[5]:.2f})")
    return 0


if __name__ == "__main__":
    sys.exit(main())
