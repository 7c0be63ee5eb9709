"""``Game.random_action``: a legal action drawn uniformly, mostly without listing
(fortress.engine.check: a phase's ``sample`` and ``lone_end``; Maneuvers has both).

Through random games played with it, every draw is legal and 'end' is taken by itself exactly
when the listing would hold it alone; at positions with a place over the 5-unit limit (where
most draws are checked by the greedy way back) the draws fall on every legal action and on
nothing else, as often as each other. The last tests break the sampler on purpose and check
that this is caught."""
from __future__ import annotations

import copy
import math
import pickle
import random
from collections import Counter

import pytest

import fortress
from fortress.engine.actions import End
from fortress.engine.game import IllegalAction
from fortress.rulesets.america.phases import maneuvers


def maneuvers_rules(game) -> maneuvers.Rules:
    """Maneuvers' check of ``game`` now, made afresh."""
    assert game.phase == "maneuvers"
    return maneuvers.Rules(game.ctx)


def check_draws(game, rng: random.Random, draws: int = 4) -> None:
    """Each of ``draws`` draws at ``game`` now is listed; in Maneuvers 'end' is alone in the
    listing exactly when ``lone_end`` says so."""
    probe = game.copy()  # draws without a listing made first
    drawn = [probe.random_action(rng) for _ in range(draws)]
    legal = game.legal_actions()[:-1]
    for action in drawn:
        assert action in legal, (game.phase, str(action))
    if game.phase == "maneuvers":
        rules = maneuvers_rules(game)
        assert rules.lone_end() == (rules.legal() == [End()])


def play_drawing(seed: int, players: int, setup: str | None, variants: frozenset = frozenset()) -> tuple[int, int]:
    """A game played with ``random_action``, checked at every decision; (actions, Maneuvers
    decisions)."""
    game = fortress.new_game(seed=seed, players=players, setup=setup, variants=set(variants))
    rng, check = random.Random(seed), random.Random(-seed)
    n = moves = 0
    while not game.is_over:
        copy = game.copy()
        check_draws(copy, check)
        moves += game.phase == "maneuvers"
        game.apply(game.random_action(rng))
        n += 1
    return n, moves


@pytest.mark.parametrize("seed, players, setup", [(0, 4, "balanced"), (1, 2, "random")])
def test_every_draw_is_legal_through_random_games(seed, players, setup):
    n, moves = play_drawing(seed, players, setup)
    assert n > 300 and moves > 100


@pytest.mark.parametrize("seed, players, setup, variants", [
    (2, 3, "coastal", {"invader-cards"}), (3, 4, None, {"individual-victory"}),
    (4, 2, "balanced", {"invader-cards", "individual-victory"}), (5, 4, "random", set())])
def test_every_draw_is_legal_with_the_variants(seed, players, setup, variants):
    n, moves = play_drawing(seed, players, setup, frozenset(variants))
    assert n > 300 and moves > 100


def test_drawn_games_are_reproducible_and_end():
    def play(seed: int) -> list[str]:
        game, rng = fortress.new_game(seed=seed), random.Random(seed)
        while not game.is_over:
            game.apply(game.random_action(rng))
        return [game.notation(a) for a in game.history]
    assert play(5) == play(5)


def over_limit_positions(count: int) -> list[fortress.Game]:
    """Maneuvers positions with a place over the 5-unit limit and at least 20 legal actions."""
    found = []
    for seed in range(40):
        game, rng = fortress.new_game(seed=seed), random.Random(seed)
        while not game.is_over and len(found) < count:
            if game.phase == "maneuvers" and maneuvers_rules(game).over and len(game.legal_actions()) > 20:
                found.append(game.copy())
                break
            game.apply(rng.choice(game.legal_actions()[:-1]))
        if len(found) == count:
            return found
    raise AssertionError("too few positions over the limit")


def chi_square_p(counts: list[int]) -> float:
    """The chance of counts at least this uneven under equal chances (chi-square, the
    Wilson-Hilferty normal approximation: close for the dozens of cells asked here)."""
    df, expected = len(counts) - 1, sum(counts) / len(counts)
    x = sum((c - expected) ** 2 for c in counts) / expected
    z = ((x / df) ** (1 / 3) - (1 - 2 / (9 * df))) / math.sqrt(2 / (9 * df))
    return 0.5 * math.erfc(z / math.sqrt(2))


def test_draws_are_uniform_over_the_legal_actions():
    """At each position, 40 draws per legal action: every legal action is drawn, nothing else,
    and the counts fit equal chances (chi-square, p > 0.001 at each position)."""
    assert chi_square_p([40] * 30) > 0.99 and chi_square_p([20, 60] * 15) < 1e-6  # the test itself
    for game in over_limit_positions(3):
        legal = game.legal_actions()[:-1]
        rules = maneuvers_rules(game)
        flat = [m for src, here in rules.movers.items() for kind, n in here.items()
                for m in rules.plan(src, kind, n, tuple(rules.riders.get(src, ())) if rules.units[kind].transport
                                    else ())[0]]
        assert len(flat) > len(legal) - 1, "no draw of this position is refused: pick another"
        rng, probe = random.Random(len(legal)), game.copy()  # a copy: no listing made in it
        counts = Counter(probe.random_action(rng) for _ in range(40 * len(legal)))
        assert set(counts) == set(legal)
        assert chi_square_p([counts[a] for a in legal]) > 1e-3


def test_the_listing_is_the_fallback_after_refused_draws(monkeypatch):
    monkeypatch.setattr(maneuvers, "DRAWS", 0)  # every draw from the full listing
    game = over_limit_positions(1)[0]
    legal = game.legal_actions()[:-1]
    rng, probe = random.Random(1), game.copy()
    assert {probe.random_action(rng) for _ in range(20 * len(legal))} == set(legal)


def test_a_sampler_that_draws_a_refused_move_is_caught(monkeypatch):
    game = over_limit_positions(1)[0]
    monkeypatch.setattr(maneuvers.Rules, "allows", lambda self, move, how: True)  # keeps every draw
    with pytest.raises(AssertionError):
        check_draws(game, random.Random(0), draws=200)


def test_a_wrong_lone_end_is_caught(monkeypatch):
    game = over_limit_positions(1)[0]
    monkeypatch.setattr(maneuvers.Rules, "lone_end", lambda self: True)
    with pytest.raises(AssertionError):
        check_draws(game, random.Random(0))


def test_a_drawn_action_is_applied_as_checked_and_an_equal_copy_is_judged_again():
    game = over_limit_positions(1)[0]
    other = game.copy()
    drawn = game.random_action(random.Random(3))
    assert other.explain(game.notation(drawn)) is None  # the same check, asked in words
    game.apply(drawn)  # the very object drawn: taken as checked
    other.apply(copy.copy(drawn))  # an equal copy: judged by the check again
    assert [game.notation(a) for a in game.history] == [other.notation(a) for a in other.history]
    assert game.legal_actions() == other.legal_actions()


def test_random_action_outside_maneuvers_and_after_the_game():
    game, rng = fortress.new_game(seed=2, setup=None), random.Random(2)
    assert game.phase == "setup"
    assert game.random_action(rng) in game.legal_actions()
    game.apply("surrender")
    with pytest.raises(IllegalAction, match="over"):
        game.random_action(rng)


def test_a_position_with_its_check_unlisted_travels_to_another_process():
    """A game in Maneuvers keeps its step's check unlisted; ``save.to_bytes`` (the bots'
    parallel look-ahead) sends the position without it."""
    from fortress.engine.save import from_bytes, to_bytes

    game = over_limit_positions(1)[0]
    game.random_action(random.Random(0))  # the copy's check, kept unlisted
    data = to_bytes(game)
    assert pickle.loads(data)["ctx"]["_legal"] is None
    back = from_bytes(data, game.board)
    assert back.legal_actions() == game.legal_actions()
    assert back.random_action(random.Random(4)) in game.legal_actions()
