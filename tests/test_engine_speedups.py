"""The engine's caches of legal actions (fortress.rules.phases.cache) change nothing: after
every action of many random games, the legal actions equal (same actions, same order) a
computation from scratch on a copy whose caches are all cleared."""
from __future__ import annotations

import random

import pytest

import fortress
from fortress.rules import actions as A


def from_scratch(game) -> list:
    c = game.copy()
    c.memo = {}
    c._index = None
    c._legal = None
    return c._compute_legal() + [A.Surrender()]


def play_checking(seed: int, players: int, setup: str) -> int:
    game = fortress.new_game(seed=seed, players=players, setup=setup)
    rng = random.Random(seed)
    n = 0
    while not game.is_over:
        legal = game.legal_actions()
        assert legal == from_scratch(game), (seed, n, game.phase)
        game.apply(rng.choice(legal[:-1]))
        n += 1
    return n


@pytest.mark.parametrize("seed", range(6))
def test_incremental_legal_actions_equal_a_fresh_computation(seed):
    players, setup = [(4, "balanced"), (2, "random"), (3, "coastal")][seed % 3]
    assert play_checking(seed, players, setup) > 100


def test_a_copy_or_an_undo_does_not_share_a_stale_cache():
    game = fortress.new_game(seed=3)
    rng = random.Random(3)
    while game.phase != "maneuvers" or len(game.legal_actions()) < 10:
        game.apply(rng.choice(game.legal_actions()[:-1]))
    other = game.copy()
    for _ in range(3):
        game.apply(game.legal_actions()[0])
        other.apply(other.legal_actions()[-2])
        assert game.legal_actions() == from_scratch(game)
        assert other.legal_actions() == from_scratch(other)
    if game.can_undo:
        game.undo()
        assert game.legal_actions() == from_scratch(game)


def test_a_state_changed_behind_the_engine_is_recomputed_once_legal_is_reset():
    game = fortress.new_game(seed=5)
    rng = random.Random(5)
    while game.phase != "maneuvers":
        game.apply(rng.choice(game.legal_actions()[:-1]))
    unit = next(u for u in game.state.units.values() if u.side == game.state.turn and not u.moved)
    unit.moved = True
    game._legal = None
    game.touch()
    assert game.legal_actions() == from_scratch(game)
    game.apply(game.legal_actions()[0])
    assert game.legal_actions() == from_scratch(game)


def test_actions_given_as_text_keep_the_caches_right():
    """An action parsed from its notation equals, but is not, the listed object."""
    game = fortress.new_game(seed=7)
    rng = random.Random(7)
    for n in range(600):
        legal = game.legal_actions()
        assert legal == from_scratch(game), (n, game.phase)
        game.apply(str(rng.choice(legal[:-1])))
        if game.is_over:
            break


@pytest.mark.parametrize("seed", range(2))
def test_legal_actions_recomputed_after_a_reset_stay_right(seed):
    """As the benchmark does: ``game._legal`` reset every few actions (Maneuvers then
    reuses its cache if a walk over the units finds what it was built from)."""
    game = fortress.new_game(seed=seed)
    rng = random.Random(seed)
    n = 0
    while not game.is_over:
        if n % 3 == 0:
            game._legal = None
        legal = game.legal_actions()
        assert legal == from_scratch(game), (seed, n, game.phase)
        game.apply(rng.choice(legal[:-1]))
        n += 1


def test_a_unit_moved_behind_the_engine_in_maneuvers_is_seen_after_a_reset():
    game = fortress.new_game(seed=2)
    rng = random.Random(2)
    while game.phase != "maneuvers" or len(game.legal_actions()) < 10:
        game.apply(rng.choice(game.legal_actions()[:-1]))
    side = game.state.turn
    unit = next(u for u in game.state.units.values() if u.side == side and not u.moved and not u.status)
    other = next(a for a in game.board.ids if game.state.control[a] == side and a != unit.area)
    unit.area = other
    game._legal = None
    game.touch()
    assert game.legal_actions() == from_scratch(game)
