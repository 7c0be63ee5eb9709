"""Every choice of the Fortress America heuristic, hashed, in several source trees side by side:
a change meant to make the heuristic cheaper, not different, keeps every hash here.

    git worktree add /tmp/base main
    python benchmarks/heuristic_choices.py /tmp/base .

Per tree (its own subprocess, ``PYTHONPATH``): whole heuristic games in six settings (the
default, each variant, both, 2 and 3 players; ``--games`` seeds each) and U.S. searches of 24
play-outs at the positions of ``benchmarks/search_plans.py`` (``--searches``); each choice of
a heuristic (its notation and its reason) goes into a running SHA-256, printed after each game
and at the end with the searches' plans and values. Benchmarks report; they assert nothing.
"""
from __future__ import annotations

import argparse
import sys
from pathlib import Path

from trees import json_in

MEASURE = """
import hashlib, json, sys
import fortress
from fortress.bench.bots import us_declare
from fortress.rulesets.america.bots import heuristic
from fortress.rulesets.america.bots.search import SearchBot
games, searches = int(sys.argv[1]), int(sys.argv[2])
digest, count = hashlib.sha256(), [0]
plain = heuristic.HeuristicBot.choose

def choose(self, game):
    action = plain(self, game)
    digest.update(f"{game.notation(action)}|{self.reason}\\n".encode())
    count[0] += 1
    return action

heuristic.HeuristicBot.choose = choose
settings = [{}, {"variants": {"invader-cards"}}, {"variants": {"individual-victory"}}, {"players": 2}, {"players": 3},
            {"variants": {"invader-cards", "individual-victory"}, "players": 2}]
rows = []
for k, options in enumerate(settings):
    for seed in range(600 + 10 * k, 600 + 10 * k + games):
        game = fortress.new_game(seed=seed, **options)
        bots = {s: heuristic.HeuristicBot(seed=seed * 7 + i) for i, s in enumerate(game.rules.sides)}
        while not game.is_over:
            game.apply(bots[game.side].choose(game))
        rows.append([f"game {seed} setting {k}", digest.hexdigest()[:12], count[0], game.winner, game.round])
for i in range(searches):
    game = us_declare(7001 + i, 2 + i % 6)
    if not game.is_over:
        bot = SearchBot(seed=i, playouts=24)
        bot._search(game)
        rows.append([f"search {7001 + i}", bot.last_search["plan"], bot.last_search["rollouts"],
                     round(bot.last_search["value"], 6)])
rows.append(["all", digest.hexdigest()[:16], count[0]])
print(json.dumps(rows))
"""


def measure(tree: Path, games: int, searches: int) -> list:
    rows: list = json_in(tree, MEASURE, games, searches)
    return rows


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("trees", type=Path, nargs="+", help="source trees, the first one the reference")
    ap.add_argument("--games", type=int, default=3, help="seeds per setting")
    ap.add_argument("--searches", type=int, default=12, help="search positions")
    args = ap.parse_args(argv)
    base = measure(args.trees[0], args.games, args.searches)
    print(f"{str(args.trees[0]):<24} {base[-1][2]} choices, digest {base[-1][1]}")
    for tree in args.trees[1:]:
        rows = measure(tree, args.games, args.searches)
        differ = [r for r, b in zip(rows, base) if r != b]
        print(f"{str(tree):<24} {rows[-1][2]} choices, digest {rows[-1][1]}; rows differing: "
              f"{len(differ) + abs(len(rows) - len(base))} {differ[:3]}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
