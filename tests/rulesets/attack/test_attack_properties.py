"""Seeded random games of ATTACK! Deluxe through the public API, checking after every action:
units change only by battle, build, retooling or influence; every held region is occupied;
hands hold at most 5 cards; certificates are never negative; a peeked marker is seen only by
its peeker (masked state and log, in every other side's view); the state survives a JSON round
trip; each game reaches a result and replays from its save."""
from __future__ import annotations

import json
from typing import Any

import pytest

import fortress
from fortress.ai.random_bot import RandomBot
from fortress.rulesets.attack.state import HIDDEN, AttackState

GROW = {"build", "influence", "capital"}  # capital: the starting units arrive [Setup S3]
SHRINK = {"research", "fire", "coast", "coastal"}


def totals(s: AttackState) -> dict[str, int]:
    out = {}
    for side in s.sides:
        army = sum(n for here in s.armies.get(side, {}).values() for n in here.values())
        navy = sum(n * (1 + k.count("/")) for here in s.ships.get(side, {}).values() for k, n in here.items())
        out[side] = army + navy
    return out


def check(g: Any, before: dict[str, int], kinds: set[str], views: bool) -> None:
    s = g.state
    after = totals(s)
    for side in s.sides:
        if after[side] > before[side]:
            assert kinds & GROW, (side, kinds)
        if after[side] < before[side]:
            assert kinds & SHRINK, (side, kinds)
    for region, holder in s.control.items():
        assert s.army_size(holder, region) >= 1 or s.fight, (region, holder)
    assert all(len(h) <= 5 for h in s.hands.values())
    assert all(v >= 0 for v in [*s.production.values(), *s.oil_certs.values()])
    if views:
        assert AttackState.from_dict(json.loads(json.dumps(s.to_dict()))) == s
        for side in s.live():
            view = g.view(side)
            peeks = [e for e in view.events if e.kind == "peek"]
            assert all(e.side == side for e in peeks)
            assert all(view.state.neutral[r] == HIDDEN for r, seen in s.peeked.items() if side not in seen)


def play(players: int, seed: int, variants: tuple[str, ...] = ()) -> Any:
    g = fortress.new_game(seed=seed, players=players, ruleset="attack", setup=None, variants=variants)
    bot = RandomBot(seed)
    n = 0
    while not g.is_over:
        before, mark = totals(g.state), len(g.events)
        g.apply(bot.choose(g))
        n += 1
        check(g, before, {e.kind for e in g.events[mark:]}, views=n % 30 == 0)
        assert n < 20000
    assert g.state.result
    assert set(g.scores) == set(g.rules.sides)
    seated = {s for seat in g.seats for s in seat}
    returns = g.returns()
    assert all(returns[s] == 0.0 for s in g.rules.sides if s not in seated)  # colours nobody plays
    ranked = [returns[s] for s in seated]  # from +1 to -1 by rank, tied sides sharing their ranks' mean
    assert all(-1.0 <= r <= 1.0 for r in ranked) and abs(sum(ranked)) < 1e-9
    again = fortress.Game.from_json(g.to_json())
    assert again.state == g.state
    return g


@pytest.mark.quick
@pytest.mark.parametrize("players,seed", [(2, 11), (4, 12)])
def test_random_games_keep_every_invariant(players: int, seed: int) -> None:
    play(players, seed)


@pytest.mark.slow
@pytest.mark.parametrize("players,seed,variants", [
    (2, 21, ("pacific",)), (3, 22, ("years-9",)), (4, 23, ("pacific",)), (5, 24, ()), (6, 25, ()),
    (6, 26, ("years-12",)), (4, 27, ()), (2, 28, ())])
def test_more_random_games_keep_every_invariant(players: int, seed: int, variants: tuple[str, ...]) -> None:
    play(players, seed, variants)


def test_a_bot_looks_ahead_in_a_determinized_view() -> None:
    """hide_from: the view's unseen cards and markers are re-dealt, none left hidden."""
    g = fortress.new_game(seed=5, players=3, ruleset="attack", setup=None)
    bot = RandomBot(5)
    while g.round < 2:
        g.apply(bot.choose(g))
    side = g.side
    view = g.view(side)
    other = next(x for x in g.state.sides if x != side)
    assert all(c == HIDDEN for c in view.state.hands[other])
    look = view.determinized(7)
    assert HIDDEN not in look.state.hands[other] and HIDDEN not in look.state.neutral.values()
    assert look.legal_actions(side)
    look.apply(RandomBot(1).choose(look))
