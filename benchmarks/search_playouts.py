"""The U.S. search (one worker) v heuristic Invaders: per searched turn, the play-outs it made,
whether they were too few to choose, and the plan chosen; then the counts over every turn.

    python benchmarks/search_playouts.py FIRST_SEED END_SEED 1.0    # a budget of 1 s
    python benchmarks/search_playouts.py FIRST_SEED END_SEED p24    # a budget of 24 play-outs

Not speed alone: how a budget turns into decisions on this machine. Benchmarks report; they
assert nothing."""
import sys, fortress
from fortress.ai import make_bot
from fortress.rulesets.america.bots.search import SearchBot
from fortress.rulesets.america.bots.simulate import bot_seed
rows = []
for seed in range(int(sys.argv[1]), int(sys.argv[2])):
    game = fortress.new_game(seed=seed)
    spec = sys.argv[3]
    us = SearchBot(seed=bot_seed(seed, "us"), **({"playouts": int(spec[1:])} if spec[0] == "p" else {"budget": float(spec)}))
    bots = {s: make_bot("heuristic", seed=bot_seed(seed, s)) for s in ("west", "south", "east")}
    bots["us"] = us
    last = None
    while not game.is_over:
        game.apply(bots[game.side].choose(game))
        if us.last_search is not last and us.last_search:
            last = us.last_search
            rows.append((seed, last["rollouts"], last["too_few"], last["plan"], last["challengers"]))
    print(seed, game.winner, [r[1:4] for r in rows if r[0] == seed], flush=True)
n = len(rows)
contested = [r for r in rows if r[4]]  # a plan besides the balanced one played differently
print(f"searched U.S. turns {n}; play-outs median {sorted(r[1] for r in rows)[n // 2]}; too few {sum(r[2] for r in rows)}; "
      f"not balanced {sum(r[3] != 'balanced' for r in rows)}; with a challenger {len(contested)}, "
      f"of which not balanced {sum(r[3] != 'balanced' for r in contested)}")
