"""Property tests: many seeded random games, checking invariants after every action."""
from __future__ import annotations

import random

from hypothesis import HealthCheck, Phase, given, settings
from hypothesis import strategies as st

import fortress
from tests import invariants

GAMES = 200


@settings(max_examples=GAMES, deadline=None, derandomize=True, print_blob=True,
          phases=[Phase.explicit, Phase.reuse, Phase.generate],  # a seed is already minimal: no shrinking
          suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(min_value=0, max_value=2**31),
       players=st.sampled_from([2, 3, 4]),
       setup=st.sampled_from(["balanced", "coastal", "random"]))
def test_random_games_keep_every_invariant(seed, players, setup):
    game = fortress.new_game(seed=seed, players=players, setup=setup)
    rng = random.Random(seed)
    n = 0
    invariants.check(game)
    while not game.is_over:
        game.apply(rng.choice(game.legal_actions()[:-1]))
        invariants.check(game)
        n += 1
        if n % 97 == 0:
            invariants.check_round_trip(game)
            invariants.check_explain_agrees(game, rng)
    assert game.winner in ("us", "invaders")
    if seed % 10 == 0:  # the full save/replay is as long as the game: check a tenth of them
        again = fortress.Game.from_json(game.to_json())
        assert again.state.to_dict() == game.state.to_dict()
