"""America in Flames' random games with every invariant checked after every action (issue 39:
"200 random games keep every invariant"): the checks of ``tests/rulesets/aif/test_aif_ruleset.py``
(the track, the points, the map's occupancy and entry, sealed orders unseen by other sides'
views and seat saves, a result and a save that replays), over player counts 2-6 and the variants.

    python benchmarks/aif_random.py FIRST LAST

(run from the repository's root: it imports the tests' checks). Game ``seed`` has ``2 + seed % 5``
players and the variants the slow test gives its seed; prints a line per game, then the count
kept, failed, the winners and the time.
"""
from __future__ import annotations

import argparse
import sys
import time
import traceback
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
from tests.rulesets.aif.test_aif_ruleset import finished, invariants, random_game  # noqa: E402

VARIANTS = ("short-game", "bidding", "atomic-bomb")


def variants_of(seed: int) -> list[str]:
    return [v for v, on in zip(VARIANTS, (seed % 2, seed % 3 == 0, seed % 4 == 1)) if on]


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("first", type=int)
    p.add_argument("last", type=int, help="the last seed, included")
    a = p.parse_args()
    kept, failed, actions, winners, start = 0, 0, 0, Counter[str](), time.perf_counter()
    for seed in range(a.first, a.last + 1):
        players, variants = 2 + seed % 5, variants_of(seed)
        try:
            game = random_game(seed, players, variants, check=invariants)
            finished(game)
        except Exception:  # a broken invariant or rule: report it and go on
            failed += 1
            print(f"FAILED seed {seed} players {players} {variants}")
            traceback.print_exc(limit=3)
            continue
        kept, actions = kept + 1, actions + len(game.history)
        winners[str(game.winner)] += 1
        print(f"seed {seed} players {players} {variants} {game.winner} actions={len(game.history)}", flush=True)
    print(f"games {kept + failed}: {kept} kept every invariant, {failed} failed; winners {dict(winners)}; "
          f"{actions} actions; {time.perf_counter() - start:.0f} s")


if __name__ == "__main__":
    main()
