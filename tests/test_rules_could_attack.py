"""``Game.could_attack`` (issue 35, item 3): a territory it says no unit can reach is one whose
declared battle lapses at Combat, however the side moves in Maneuvers; one next to a unit
of the side to move can be attacked."""
from __future__ import annotations

import fortress
from fortress.ai import make_bot
from fortress.rulesets.america import actions as A


def lapses_after_maneuvers(game: fortress.Game, area: str, bot_seed: int) -> bool:
    """Declare ``area``, let a random bot play Maneuvers (moves, then end), and say whether
    the battle there lapsed."""
    g = game.copy()
    g.apply(A.Declare(area))
    g.apply(A.End())
    bot, events = make_bot("random", seed=bot_seed), []
    side = g.state.turn
    while g.phase == "maneuvers" and g.state.turn == side:
        events += g.apply(bot.choose(g))
    if g.phase == "combat" and g.state.turn == side and A.End() in g.legal_actions():
        events += g.apply(A.End())  # Combat still open: ending it lapses the battles nobody attacked
    return any(e.kind == "lapse" and g.board[area].name in e.text for e in events)


def test_a_territory_no_unit_can_reach_lapses_and_one_next_door_can_be_attacked():
    checked = 0
    for seed in (1, 2, 3):
        g = fortress.new_game(seed, players=4, setup="balanced")
        declarable = [a.area for a in g.legal_actions() if isinstance(a, A.Declare)]
        far = [a for a in declarable if g.units_in(a) and not g.could_attack(a)]
        near = [a for a in declarable if g.attack_forces(a)]
        assert far and near
        assert all(g.could_attack(a) for a in near)
        for i, area in enumerate(far[:4]):
            assert lapses_after_maneuvers(g, area, seed * 10 + i), area
            checked += 1
    assert checked >= 8
