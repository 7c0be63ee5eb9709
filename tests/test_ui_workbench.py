"""The teacher's odds workbench (issue 18): any territory, any step, units that could still
come, editable forces, with / without combined arms side by side."""
from __future__ import annotations

from collections import Counter

import pytest

import fortress
from fortress.ai import make_bot
from fortress.rules import actions as A
from fortress.ui.odds_panel import force_text
from fortress.ui.workbench import compare, could_still_come, forces_for, other_way
from tests.test_ui_helpers import new_app, press


def south_maneuvers():
    """South's Maneuvers in round 1 (heuristic Invaders), El Paso declared: nothing moved yet."""
    game, bot = fortress.new_game(3, setup="balanced"), make_bot("heuristic")
    while not (game.state.turn == "south" and game.phase == "maneuvers"):
        game.apply(bot.choose(game))
    return game


def gains(game, area: str, move) -> Counter:
    """Units by type that can join a battle at ``area`` after ``move``, not before."""
    after = game.copy()
    after.apply(move)
    out = Counter()
    for (k, _w), c in after.attack_forces(area).items():
        out[k] += c
    for (k, _w), c in game.attack_forces(area).items():
        out[k] -= c
    return +out


def test_units_that_could_still_come_are_those_a_legal_move_brings_into_the_battle():
    game = south_maneuvers()
    area = "el-paso"
    coming = could_still_come(game, area)
    assert coming
    total = Counter()
    for m in game.legal_actions():  # every move, tried for real: the largest gain of each kind from each place
        if isinstance(m, A.Move):
            total |= Counter({(k, m.src): n for k, n in gains(game, area, m).items()})
    expected = Counter()
    for (k, _src), n in total.items():
        expected[k] += n
    assert coming == expected


def test_before_maneuvers_the_game_is_not_changed_and_the_moves_are_the_same():
    from fortress.rules.save import SaveError  # noqa: F401 - the public module is importable
    game, bot = fortress.new_game(3, setup="balanced"), make_bot("heuristic")
    while not (game.state.turn == "south" and game.phase == "declare"):
        game.apply(bot.choose(game))
    state, history = game.state.to_dict(), list(game.history)
    early = could_still_come(game, "el-paso")
    assert game.state.to_dict() == state and game.history == history
    while game.phase == "declare":  # what South then does: declare, end; the moves are the same
        game.apply(A.Declare("el-paso") if game.explain(A.Declare("el-paso")) is None else A.End())
    assert early == could_still_come(game, "el-paso") and early


def test_forces_of_a_battle_now_and_after_the_step_no_one_can_come():
    game = south_maneuvers()
    f = forces_for(game, "el-paso")
    assert f.side == "south" and f.terrain == game.board["el-paso"].kind
    assert sum(f.now.values()) + f.inside == sum(game.attack_forces("el-paso").values())
    assert f.defenders == Counter({k: n for (k, _w), n in game.defence_forces("el-paso").items()})
    bot = make_bot("heuristic")
    while game.phase == "maneuvers":
        game.apply(bot.choose(game))
    assert not forces_for(game, "el-paso").coming


def test_with_and_without_combined_arms():
    full = Counter(infantry=2, hovertank=1, helicopter=1)
    label, force = other_way(full, "city")
    assert "without" in label and force == Counter(infantry=2, hovertank=1)
    label, force = other_way(Counter(infantry=2, hovertank=1), "mountain")
    assert "with combined arms" in label and force["infantry"] == 2 and sum(force.values()) == 4
    assert other_way(full, "plain") is None and other_way(Counter(), "city") is None
    rows = compare(Counter(infantry=2, hovertank=1), Counter(infantry=2), "city")
    assert [r[0] for r in rows][0] == "as given" and len(rows) == 2
    assert rows[1][2].p_cleared > rows[0][2].p_cleared  # combined arms helps the attacker in a city
    assert rows[0][2].p_cleared == pytest.approx(
        fortress.odds.exact({"infantry": 2, "hovertank": 1}, {"infantry": 2}, "city").p_cleared)


def test_the_workbench_form_fills_edits_and_compares(tmp_path):
    app = new_app(tmp_path, seats={"west": "heuristic"}, seed=3)
    app.play_to_human() if app.bots.is_bot(app.game.side) else None
    odds = app.odds
    odds.pick.value = "portland"  # any territory, declared or not
    f = forces_for(app.game, "portland")
    assert odds.defenders.value == force_text(f.defenders) and odds.terrain.value == "city"
    odds.attackers.value, odds.defenders.value = "2 infantry, 1 hovertank", "2 infantry"
    press(app, "fortress-odds-go")
    out = odds.out.value
    expected = fortress.odds.exact({"infantry": 2, "hovertank": 1}, {"infantry": 2}, "city")
    assert f"Cleared: {expected.p_cleared:.1%}" in out and "as given" in out and "with combined arms" in out
    odds.terrain.value = "plain"
    press(app, "fortress-odds-go")
    assert "always a hit" in odds.out.value and "with combined arms" not in odds.out.value
    odds.attackers.value = "2 dragons"
    press(app, "fortress-odds-go")
    assert "Odds unavailable" in odds.out.value


def test_coming_units_are_added_when_ticked(tmp_path):
    app = new_app(tmp_path, seats={"west": "heuristic", "east": "heuristic"}, seed=3)
    app.game = south_maneuvers()
    app.refresh()
    odds = app.odds
    odds.pick.value = "el-paso"
    f = odds.forces
    assert f.coming and force_text(f.coming) in odds.coming.description
    with_coming = Counter(fortress.odds.parse_force(odds.attackers.value))
    odds.coming.value = False
    without = Counter(fortress.odds.parse_force(odds.attackers.value))
    assert with_coming - without == f.coming
