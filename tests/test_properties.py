"""Property tests: many seeded random games, checking invariants after every action."""
from __future__ import annotations

import random

import pytest
from hypothesis import HealthCheck, Phase, given, settings
from hypothesis import strategies as st

import fortress
from fortress.engine import rulesets
from tests import invariants

CHUNKS = 10  # ten test items per variant set, so pytest-xdist can spread them evenly over cores
SPAN = 2**29
#: odds (1 in N) that a ply whose shape the game has seen goes to JSON and back all the same
ROUND_TRIP_ODDS = 20
#: the optional rules the games play: none, and every variant the ruleset lists, all at once (a
#: variant joins these games as soon as rules.toml [variants] lists it, e.g. invader-cards)
VARIANT_SETS = {"plain": (), "variants": tuple(sorted(rulesets.get().variants))}
#: games per variant set: 200 with the variants; 100 without (as many as before the variants had a
#: set of their own, when half of 200 games played individual-victory)
GAMES = {"plain": 100, "variants": 200}
#: games of chunk 0 of each set, the quick tier's (``bash scripts/test.sh --quick``); the other
#: chunks, marked slow, share the rest of GAMES
QUICK_GAMES = 2


def games_in(chunk: int, name: str) -> int:
    """How many of GAMES[name] chunk ``chunk`` plays (the chunks add up to GAMES[name])."""
    if chunk == 0:
        return QUICK_GAMES
    rest, slow_chunks = GAMES[name] - QUICK_GAMES, CHUNKS - 1
    return rest // slow_chunks + (chunk <= rest % slow_chunks)


def games(chunk: int):
    """Seeds of chunk ``chunk`` (each its own span of seeds: the chunks play different games)."""
    return given(seed=st.integers(min_value=chunk * SPAN, max_value=(chunk + 1) * SPAN - 1),
                 players=st.sampled_from([2, 3, 4]),
                 setup=st.sampled_from(["balanced", "coastal", "random"]))


@pytest.mark.parametrize("name", VARIANT_SETS)
@pytest.mark.parametrize("chunk", [pytest.param(0, marks=pytest.mark.quick)]
                         + [pytest.param(c, marks=pytest.mark.slow) for c in range(1, CHUNKS)])
def test_random_games_keep_every_invariant(chunk, name):
    """GAMES[name] seeded random games with the variant set ``name``; after every action no Invader
    uses more control markers than it has and every place holds at most 5 units (Maneuvers aside,
    which cannot end over the limit), with the other invariants of tests/invariants.py."""
    variants = VARIANT_SETS[name]

    @settings(max_examples=games_in(chunk, name), deadline=None, derandomize=True, print_blob=True,
              phases=[Phase.explicit, Phase.reuse, Phase.generate],  # a seed is already minimal: no shrinking
              suppress_health_check=[HealthCheck.too_slow])
    @games(chunk + CHUNKS * list(VARIANT_SETS).index(name))  # each set its own seeds
    def one_game(seed, players, setup):
        play_and_check(seed, players, setup, variants)

    one_game()


def test_the_variant_games_play_every_variant():
    assert {"individual-victory", "invader-cards"} <= set(VARIANT_SETS["variants"])


def test_the_chunks_play_every_game_once():
    assert all(sum(games_in(c, name) for c in range(CHUNKS)) == GAMES[name] for name in VARIANT_SETS)


def play_and_check(seed: int, players: int, setup: str, variants: tuple[str, ...]) -> None:
    """One seeded random game, every invariant of tests/invariants.py after every action; the
    state to JSON and back (issue 15: it must be plain data at any point, a battle's middle
    included) at the start, the end, the first time each shape of state (invariants.shape)
    comes up, and at plies drawn with odds 1 in ROUND_TRIP_ODDS from a generator of its own
    seeded by ``seed`` (the game's choices do not depend on it); every 97th action, explain()."""
    game = fortress.new_game(seed=seed, players=players, setup=setup, variants=variants)
    rng, sample = random.Random(seed), random.Random(f"round trips {seed}")
    shapes: set[tuple] = set()
    n = read = 0
    invariants.check(game)
    invariants.check_round_trip(game)
    while not game.is_over:
        action = rng.choice(game.legal_actions()[:-1])
        game.apply(action)
        invariants.check(game)
        invariants.check_ranking(game, since=read)
        read = len(game.events)
        invariants.check_cards(game)
        n += 1
        shape = invariants.shape(game, action)
        if shape not in shapes or sample.random() * ROUND_TRIP_ODDS < 1:
            shapes.add(shape)
            invariants.check_round_trip(game)
        if n % 97 == 0:
            invariants.check_explain_agrees(game, rng)
    invariants.check_round_trip(game)
    assert game.winner in ("us", "invaders")
    assert game.variants == set(variants)
    if seed % 10 == 0:  # the full save/replay is as long as the game: check a tenth of them
        again = fortress.Game.from_json(game.to_json())
        assert again.state.to_dict() == game.state.to_dict()
        assert again.variants == game.variants and again.ranking == game.ranking


@settings(max_examples=60, deadline=None, derandomize=True, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data())
def test_individual_victory_ranks_any_invader_win(data):
    """Random games rarely end in an Invader win; here 18 of the 30 cities (and some other
    territories and units) are dealt at random to the Invaders just before the U.S. turn
    ends, with and without the variant."""
    board = fortress.Board.default()
    cities = sorted(a.name for a in board if a.is_city)
    land = sorted(a.name for a in board if not a.is_city and not a.is_zone)
    taken = data.draw(st.lists(st.sampled_from(cities), min_size=18, max_size=18, unique=True))
    held = data.draw(st.lists(st.sampled_from(land), max_size=6, unique=True))
    owner = {name: data.draw(st.sampled_from(["west", "south", "east"])) for name in taken + held}
    control = {side: [n for n, s in owner.items() if s == side] for side in ("west", "south", "east")}
    units = {c: f"{owner[c]}: {data.draw(st.integers(1, 5))} infantry" for c in taken[:6]}
    variants = data.draw(st.sampled_from([(), ("individual-victory",)]))
    game = fortress.Game.from_position({"turn": "us", "phase": "capture", "round": 4, "control": control,
                                        "captured": {c: owner[c] for c in taken}, "units": units},
                                       variants=variants)
    assert game.winner == "invaders"
    invariants.check_ranking(game)
    assert bool(game.ranking) == bool(variants)
