"""``legal_actions()`` and ``explain()`` agree: both come from each phase's one check
(fortress.engine.check). After every action of several random games, every legal
action explains to None (asked as an equal copy, so the check itself answers), and a
sample of near-miss and random candidates gets a reason exactly when it is not listed.
The last tests make the two disagree on purpose and check that this is caught."""
from __future__ import annotations

import copy
import dataclasses
import random

import pytest

import fortress
from fortress.rulesets.america import actions as A
from fortress.rulesets.america.phases import declare, maneuvers
from fortress.rulesets.america.tables import default
from fortress.rulesets.america.units import SIDES

UNIT_NAMES = tuple(default().units)


def candidates(game, rng: random.Random, n: int) -> list[A.Action]:
    """Actions a player might try: legal ones with a field changed, and random ones."""
    ids, legal = game.board.ids, game.legal_actions()[:-1]
    out: list[A.Action] = []
    for a in rng.sample(legal, min(n, len(legal))):
        fields = {f.name: getattr(a, f.name) for f in dataclasses.fields(a)}
        if "count" in fields:
            out.append(dataclasses.replace(a, count=fields["count"] + rng.choice((1, 2, 5))))
        for name in ("area", "dst", "src"):
            if fields.get(name):
                out.append(dataclasses.replace(a, **{name: rng.choice(ids)}))
        if "unit" in fields:
            out.append(dataclasses.replace(a, unit=rng.choice(UNIT_NAMES)))
    area, other, unit, side = rng.choice(ids), rng.choice(ids), rng.choice(UNIT_NAMES), rng.choice(SIDES)
    out += [A.Declare(area), A.Place(unit, area), A.PlaceLaser(area), A.Fire(side, unit, area), A.Attack(area),
            A.Commit(rng.randint(1, 3), unit, area), A.Move(rng.randint(1, 3), unit, area, other),
            A.Invade(rng.randint(1, 3), unit, area, other), A.Sabotage(side, unit, area), A.Ground(side),
            A.Casualty(unit, area), A.Retreat(unit, area, other), A.Disengage(unit, area), A.Fight(), A.End()]
    return out


def check_agreement(game, rng: random.Random, every: bool = False, n: int = 6) -> None:
    """Assert that ``explain`` and ``legal_actions`` agree in ``game`` now."""
    legal = game.legal_actions()
    listed = set(legal)
    for a in legal if every else rng.sample(legal, min(n, len(legal))):
        assert game.explain(copy.copy(a)) is None, (game.phase, str(a))
    for a in candidates(game, rng, n):
        reason = game.explain(a)
        assert (reason is None) == (a in listed), (game.phase, str(a), reason)
        assert reason is None or (isinstance(reason, str) and reason), (game.phase, str(a))


def play_checking(seed: int, players: int, setup: str | None) -> int:
    game = fortress.new_game(seed=seed, players=players, setup=setup)
    rng = random.Random(seed)
    n = 0
    while not game.is_over:
        check_agreement(game, rng, every=n % 40 == 0)
        game.apply(rng.choice(game.legal_actions()[:-1]))
        n += 1
    return n


@pytest.mark.slow
@pytest.mark.parametrize("seed, players, setup", [(0, 4, "balanced"), (1, 2, "random"), (2, 3, "coastal"),
                                                  (3, 4, None)])
def test_legal_actions_and_explain_agree_through_random_games(seed, players, setup):
    assert play_checking(seed, players, setup) > 100


def test_actions_given_as_text_are_judged_by_the_same_check():
    game = fortress.new_game(seed=7)
    rng = random.Random(7)
    for _ in range(400):
        legal = game.legal_actions()
        action = rng.choice(legal[:-1])
        assert game.explain(str(action)) is None
        game.apply(str(action))
        if game.is_over:
            break


def _at(phase: str, seed: int = 3):
    game = fortress.new_game(seed=seed)
    rng = random.Random(seed)
    while game.phase != phase or len(game.legal_actions()) < 10:
        game.apply(rng.choice(game.legal_actions()[:-1]))
    return game, rng


def test_a_check_that_allows_more_than_is_listed_is_caught(monkeypatch):
    game, rng = _at("declare")
    check_agreement(game, rng, every=True)
    monkeypatch.setattr(declare.Rules, "legal", lambda self: [A.End()])  # lists less than it allows
    game._legal = None
    with pytest.raises(AssertionError):
        for _ in range(20):
            check_agreement(game, rng)


def test_a_listing_that_drifts_from_the_check_is_caught(monkeypatch):
    game, rng = _at("maneuvers")
    check_agreement(game, rng, every=True)
    allowed = maneuvers.Rules.reason
    monkeypatch.setattr(maneuvers.Rules, "reason",  # refuses moves of one unit that the listing still gives
                        lambda self, a: "no" if isinstance(a, A.Move) and a.count == 1 else allowed(self, a))
    with pytest.raises(AssertionError):
        check_agreement(game, rng, every=True)


def _naive_moves(rules: maneuvers.Rules) -> list[A.Action]:
    """Maneuvers' legal moves, each kept by ``Rules.allows`` one by one (the rule as stated)."""
    out: list[A.Action] = []
    for src, here in rules.movers.items():
        for kind in here:
            n = here[kind]
            riders = tuple(rules.riders.get(src, ())) if rules.units[kind].transport else ()
            flat, spans = rules.plan(src, kind, n, riders)
            out += [m for start, end, _dst, how, _ in spans.values() for m in flat[start:end] if rules.allows(m, how)]
    return out + ([] if rules.over else [A.End()])


@pytest.mark.parametrize("seed", [0, 5])
def test_maneuvers_sifts_each_segment_as_allows_does_move_by_move(seed):
    """The listing's per-segment sift (maneuvers.Rules.sift) keeps exactly the moves that
    ``allows`` keeps, over places and all, at every Maneuvers position of a random game."""
    game = fortress.new_game(seed=seed)
    rng = random.Random(seed)
    seen = over = 0
    while not game.is_over:
        if game.phase == "maneuvers":
            rules = maneuvers.Rules(game.ctx)
            assert rules.legal() == _naive_moves(maneuvers.Rules(game.ctx)), game.round
            seen, over = seen + 1, over + bool(rules.over)
        game.apply(rng.choice(game.legal_actions()[:-1]))
    assert seen > 100 and over > 10


def test_the_units_by_side_stay_in_step_with_the_state():
    """``g.side_units`` (kept by the unit verbs) is the side's units in uid order after every
    action, units destroyed, placed and moved included."""
    game = fortress.new_game(seed=4)
    rng = random.Random(4)
    for _ in range(1500):
        if game.is_over:
            break
        for side in game.rules.sides:
            assert game.ctx.side_units(side) == [u for u in game.state.units.values() if u.side == side]
        game.apply(rng.choice(game.legal_actions()[:-1]))
