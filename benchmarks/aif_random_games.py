"""Random America in Flames games with every invariant of tests/rulesets/aif/test_aif_ruleset.py
checked after every action (the track, the map, sealed orders unseen), each game ended with a
result and replayed from its save; seed ``s`` plays ``2 + s % 5`` players and the variants cycled
as the slow test ``test_more_random_games`` does (issue 39: 200 random games keep every invariant).

    python benchmarks/aif_random_games.py 2000 2199

prints a line per game (seed, players, variants, winner, turns, CPU seconds), then the count."""
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # the repository's root: its tests
from tests.rulesets.aif.test_aif_ruleset import finished, invariants, random_game  # noqa: E402

first, last = int(sys.argv[1]), int(sys.argv[2])
ok = 0
for seed in range(first, last + 1):
    variants = [v for v, on in zip(("short-game", "bidding", "atomic-bomb"), (seed % 2, seed % 3 == 0, seed % 4 == 1)) if on]
    t = time.process_time()
    game = random_game(seed, 2 + seed % 5, variants, check=invariants)
    finished(game)
    ok += 1
    print(seed, 2 + seed % 5, variants, game.winner, game.round, f"{time.process_time() - t:.1f}s", flush=True)
print(f"{ok} random games kept every invariant")
