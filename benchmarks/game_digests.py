"""Digests of seeded games: the action sequences and winners of a fixed set of random and
heuristic-v-heuristic games, as one SHA-256 per game.

The engine's identity guard: a refactor that keeps every rule must keep every digest.

    python benchmarks/game_digests.py --write tests/data/game_digests.json   # record
    python benchmarks/game_digests.py --check tests/data/game_digests.json   # compare
"""
from __future__ import annotations

import argparse
import hashlib
import json
import random
import sys

import fortress
from fortress.ai import make_bot

RANDOM = [(seed, players, setup) for seed, (players, setup) in
          zip(range(100, 130), [(p, s) for p in (2, 3, 4) for s in ("balanced", "coastal", "random")] * 4)]
HEURISTIC = list(range(500, 506))
SIDES = ("us", "west", "south", "east")


def _digest(game: fortress.Game) -> str:
    text = "\n".join(game.notation(a) for a in game.history) + f"\n{game.winner}\n{game.round}"
    return hashlib.sha256(text.encode()).hexdigest()[:16]


def random_game(seed: int, players: int, setup: str) -> str:
    game = fortress.new_game(seed=seed, players=players, setup=setup)
    rng = random.Random(seed)
    while not game.is_over:
        game.apply(rng.choice(game.legal_actions()[:-1]))
    return _digest(game)


def heuristic_game(seed: int) -> str:
    game = fortress.new_game(seed=seed)
    bots = {s: make_bot("heuristic", seed=seed * 10 + i) for i, s in enumerate(SIDES)}
    while not game.is_over:
        game.apply(bots[game.side].choose(game))
    return _digest(game)


def digests() -> dict[str, str]:
    out = {f"random {s} {p} {st}": random_game(s, p, st) for s, p, st in RANDOM}
    out.update({f"heuristic {s}": heuristic_game(s) for s in HEURISTIC})
    return out


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--write", help="record the digests to this JSON file")
    ap.add_argument("--check", help="compare with the digests in this JSON file")
    args = ap.parse_args(argv)
    got = digests()
    if args.write:
        with open(args.write, "w") as f:
            json.dump(got, f, indent=1, sort_keys=True)
            f.write("\n")
    if args.check:
        with open(args.check) as f:
            want = json.load(f)
        bad = [k for k in want if got.get(k) != want[k]]
        print(f"{len(want) - len(bad)} of {len(want)} games identical")
        for k in bad:
            print("differs:", k)
        return 1 if bad else 0
    if not args.write:
        json.dump(got, sys.stdout, indent=1, sort_keys=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
