"""Engine speed of several source trees side by side: full random games (each action drawn
uniformly from the legal ones: from ``legal_actions()``, and again with ``Game.random_action``,
which draws without listing where it can; the two play different games) and heuristic-v-heuristic
games per second, CPU time of play only (``new_game`` is left out), one subprocess per tree and
round, the trees alternating so a busy machine slows them alike; medians of the rounds.

    git worktree add /tmp/fortress-old 87f2efe      # the engine before the reshape
    python benchmarks/engine_speed.py /tmp/fortress-old . --rounds 3

Benchmarks report; they assert nothing.
"""
from __future__ import annotations

import argparse
import statistics
import sys
from pathlib import Path

from trees import run_in

PLAY = """
import random, sys, time
import fortress
from fortress.ai import make_bot
kind, games = sys.argv[1], int(sys.argv[2])
spent, actions, winners = 0.0, 0, []
for seed in range(games):
    game = fortress.new_game(seed=seed)
    if kind == "random":
        rng = random.Random(seed)
        choose = lambda g: rng.choice(g.legal_actions()[:-1])
    elif kind == "drawn":  # Game.random_action where the tree has it (the same chances, other draws)
        rng = random.Random(seed)
        choose = (lambda g: g.random_action(rng)) if hasattr(game, "random_action") else \
            (lambda g: rng.choice(g.legal_actions()[:-1]))
    else:
        bots = {s: make_bot("heuristic", seed=seed) for s in ("us", "west", "south", "east")}
        choose = lambda g: bots[g.side].choose(g)
    start = time.process_time()
    while not game.is_over:
        game.apply(choose(game))
        actions += 1
    spent += time.process_time() - start
    winners.append(game.winner)
print(games / spent, actions, " ".join(winners))
"""


def play(tree: Path, kind: str, games: int) -> tuple[float, str]:
    """(games per second, "actions winners") of one run in ``tree``."""
    out = run_in(tree, PLAY, kind, games).split(maxsplit=1)
    return float(out[0]), out[1].strip()


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("trees", type=Path, nargs="+", help="source trees, the first one the baseline")
    ap.add_argument("--rounds", type=int, default=3)
    ap.add_argument("--random-games", type=int, default=12)
    ap.add_argument("--heuristic-games", type=int, default=6)
    args = ap.parse_args(argv)
    for kind, games in (("random", args.random_games), ("drawn", args.random_games),
                        ("heuristic", args.heuristic_games)):
        rates: dict[Path, list[float]] = {t: [] for t in args.trees}
        games_played: dict[Path, str] = {}
        for _ in range(args.rounds):
            for tree in args.trees:
                rate, games_played[tree] = play(tree, kind, games)
                rates[tree].append(rate)
        base = statistics.median(rates[args.trees[0]])
        label = "random games/s drawn with Game.random_action (listing in a tree without it)" \
            if kind == "drawn" else f"{kind} games/s"
        print(f"{label} ({games} games, medians of {args.rounds} rounds):")
        for tree in args.trees:
            rate = statistics.median(rates[tree])
            actions, winners = games_played[tree].split(maxsplit=1)
            print(f"  {str(tree):<28} {rate:8.3f}  x{rate / base:.2f}  ({actions} actions; {winners})")
    return 0


if __name__ == "__main__":
    sys.exit(main())
