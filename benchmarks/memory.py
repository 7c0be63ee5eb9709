"""Memory of a long run of bots' games, as ``fortress simulate`` plays them in one worker:
peak resident memory (``ru_maxrss``) every few heuristic-v-heuristic games, one subprocess per
source tree, so the trees can be compared side by side.

    git worktree add /tmp/fortress-before HEAD~1
    python benchmarks/memory.py /tmp/fortress-before . --games 20 --every 5

Benchmarks report; they assert nothing.
"""
from __future__ import annotations

import argparse
import os
import subprocess
import sys
from pathlib import Path

PLAY = """
import resource, sys
import fortress
from fortress.ai import make_bot
games, every = int(sys.argv[1]), int(sys.argv[2])
out = []
for seed in range(games):
    game = fortress.new_game(seed=seed)
    bots = {s: make_bot("heuristic", seed=seed) for s in ("us", "west", "south", "east")}
    while not game.is_over:
        game.apply(bots[game.side].choose(game))
    if (seed + 1) % every == 0:
        out.append(str(resource.getrusage(resource.RUSAGE_SELF).ru_maxrss // 1024))
print(" ".join(out))
"""


def peaks(tree: Path, games: int, every: int) -> list[str]:
    """Peak resident MB after every ``every`` games of one run in ``tree``."""
    env = {**os.environ, "PYTHONPATH": str(tree.resolve())}
    return subprocess.run([sys.executable, "-c", PLAY, str(games), str(every)], cwd="/", env=env,
                          capture_output=True, text=True, check=True).stdout.split()


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("trees", type=Path, nargs="+", help="source trees")
    ap.add_argument("--games", type=int, default=20)
    ap.add_argument("--every", type=int, default=5)
    args = ap.parse_args(argv)
    marks = range(args.every, args.games + 1, args.every)
    print("peak resident MB after " + ", ".join(str(m) for m in marks) + " heuristic games (seeds 0, 1, ...):")
    for tree in args.trees:
        print(f"  {str(tree):<28} " + " ".join(f"{p:>6}" for p in peaks(tree, args.games, args.every)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
