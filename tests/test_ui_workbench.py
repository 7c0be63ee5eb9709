"""The teacher's odds workbench (issue 18): any territory, any step, units that could still
come, editable forces, with / without combined arms side by side."""
from __future__ import annotations

from collections import Counter

import pytest

import fortress
from fortress.ai import make_bot
from fortress.rulesets.america import actions as A
from fortress.rulesets.america.dashboard.odds_panel import force_text
from fortress.rulesets.america.dashboard.workbench import coming_moves, compare, could_still_come, forces_for, kinds, other_way
from tests.test_ui_helpers import new_app, press, upload


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


def crowded_denver(at_high_plains: int = 2):
    """U.S. Maneuvers, Denver declared (West: 1 infantry); its only U.S. neighbour, High
    Plains, holds ``at_high_plains`` infantry; 7 helicopters two steps away can reach Denver's
    battle only through High Plains (the 5-unit limit: 3 more fit with 2 infantry)."""
    return fortress.Game.from_position({
        "turn": "us", "phase": "maneuvers", "round": 2, "declared": ["Denver"],
        "control": {"west": ["Denver", "Colorado Springs", "Front Range"]},
        "units": {"Denver": "west: 1 infantry", "High Plains": f"us: {at_high_plains} infantry",
                  "Edwards Plateau": "us: 2 helicopter", "Flint Hills": "us: 2 helicopter",
                  "Llano Estacado": "us: 2 helicopter", "Oklahoma City": "us: 1 helicopter"}})


def brought_by(game, area: str, plan) -> Counter:
    """The units the moves of ``plan``, played in turn in a copy, bring into the battle at ``area``."""
    after = game.copy()
    for m in plan:
        assert after.explain(m) is None, m
        after.apply(m)
    assert after.explain(A.End()) is None, "the moves together keep the 5-unit limit"
    return Counter(kinds(after.attack_forces(area))) - Counter(kinds(game.attack_forces(area)))


def test_units_that_could_still_come_are_those_legal_moves_bring_into_the_battle_together():
    game = south_maneuvers()
    area = "el-paso"
    plan, coming = coming_moves(game, area)
    assert coming and coming == could_still_come(game, area)
    assert brought_by(game, area, plan) == coming
    after = game.copy()
    for m in plan:
        after.apply(m)
    for m in after.legal_actions():  # nothing more can come: every other move adds no unit or breaks the limit
        if isinstance(m, A.Move) and gains(after, area, m):
            later = after.copy()
            later.apply(m)
            assert later.explain(A.End()) is not None, m


def test_only_the_units_that_can_reach_together_are_counted():
    """7 helicopters, each able to reach alone, but only 3 fit (issue 35, item 8: the workbench
    said 99.9% counting all 7)."""
    game = crowded_denver()
    plan, coming = coming_moves(game, "denver")
    assert coming == Counter(helicopter=3) and brought_by(game, "denver", plan) == coming
    assert could_still_come(crowded_denver(4), "denver") == Counter(helicopter=1)


def test_before_maneuvers_the_game_is_not_changed_and_the_moves_are_the_same():
    from fortress.engine.save import SaveError  # noqa: F401 - the public module is importable
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
        fortress.rulesets.america.odds.exact({"infantry": 2, "hovertank": 1}, {"infantry": 2}, "city").p_cleared)


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
    expected = fortress.rulesets.america.odds.exact({"infantry": 2, "hovertank": 1}, {"infantry": 2}, "city")
    assert f"Cleared: {expected.p_cleared:.1%}" in out and "as given" in out and "with combined arms" in out
    odds.terrain.value = "plain"
    press(app, "fortress-odds-go")
    assert "always a hit" in odds.out.value and "with combined arms" not in odds.out.value
    odds.attackers.value = "2 dragons"
    press(app, "fortress-odds-go")
    assert "Odds unavailable" in odds.out.value
    odds.attackers.value, odds.terrain.value = "", "city"  # no attackers, in a city: not "open ground"
    press(app, "fortress-odds-go")
    assert "(city)" in odds.out.value and "open ground" not in odds.out.value


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


# -- the form follows the game (audit #7) ---------------------------------------------------------
def west_moves_into_reach(game, area: str):
    """A Maneuvers move of West after which one more unit can join a battle at ``area``."""
    before = sum(game.attack_forces(area).values())
    for m in game.legal_actions():
        if isinstance(m, A.Move):
            after = game.copy()
            after.apply(m)
            if sum(after.attack_forces(area).values()) > before:
                return m
    raise AssertionError(f"no move brings a unit within reach of {area}")


def test_the_form_is_filled_again_for_the_side_whose_turn_it_is(tmp_path):
    app = new_app(tmp_path, seats={"west": "heuristic", "south": "heuristic", "east": "heuristic"})
    odds = app.odds
    odds.pick.value = "seattle"
    assert odds.attackers.description == "West attacks" and odds.defenders.value
    odds.attackers.value = "9 infantry"  # an edit is kept in the turn, not across it
    press(app, "fortress-play")
    assert app.game.side == "us" and odds.pick.value == "seattle"
    f = forces_for(app.game, "seattle")
    assert odds.attackers.description == "U.S. attacks" and odds.defenders.value == force_text(f.defenders) == ""
    assert odds.attackers.value != "9 infantry"


def test_an_untouched_form_follows_each_move_and_an_edited_one_stays(tmp_path):
    app = new_app(tmp_path)  # every side human: West's Declare
    app.act(A.End())
    assert app.game.phase == "maneuvers" and app.game.side == "west"
    odds = app.odds
    odds.pick.value = "seattle"
    odds.coming.value = False
    app.act(west_moves_into_reach(app.game, "seattle"))
    f = forces_for(app.game, "seattle")
    assert odds.attackers.value == force_text(f.now + Counter(bomber=f.inside))
    odds.attackers.value = "9 infantry"
    app.act(west_moves_into_reach(app.game, "seattle"))
    assert odds.attackers.value == "9 infantry"


def test_a_new_game_or_a_loaded_save_starts_with_an_empty_form(tmp_path):
    app = new_app(tmp_path, seats={"west": "heuristic"})
    odds = app.odds
    for start in (lambda: app.start(fortress.new_game(2, setup="balanced"), {}),
                  lambda: upload(app, fortress.new_game(5, setup="balanced").to_json().encode())):
        odds.pick.value = "seattle"
        press(app, "fortress-odds-go")
        start()
        assert odds.pick.value is None and odds.out.value == ""
        assert odds.attackers.value == odds.defenders.value == ""


# -- a large battle is estimated, a huge one refused: the tab never freezes (audit #6) ----------
def test_exact_up_to_the_limit_then_estimated_then_refused():
    from fortress.rulesets.america.dashboard.workbench import ESTIMATE_MAX_UNITS, ESTIMATE_RUNS, EXACT_MAX_UNITS
    rows = compare(Counter(infantry=EXACT_MAX_UNITS - 2, hovertank=1), Counter(infantry=1), "city")
    assert [o.method for _l, _f, o in rows] == ["exact", "exact"]
    rows = compare(Counter(infantry=EXACT_MAX_UNITS - 1, hovertank=1), Counter(infantry=1), "city")
    assert [(o.method, o.runs) for _l, _f, o in rows] == [("monte-carlo", ESTIMATE_RUNS)] * 2
    with pytest.raises(ValueError, match=f"at most {ESTIMATE_MAX_UNITS}"):
        compare(Counter(infantry=ESTIMATE_MAX_UNITS), Counter(infantry=1), "city")


@pytest.mark.slow
def test_a_large_battle_is_estimated_quickly_and_says_so(tmp_path):
    app = new_app(tmp_path)
    odds = app.odds
    odds.pick.value = "seattle"
    odds.attackers.value, odds.defenders.value = "24 infantry, 12 hovertank, 9 helicopter", "12 infantry, 6 hovertank"
    press(app, "fortress-odds-go")  # exact: 12 s (the outcome tables); 454 s for 40, 12, 9 v 24, 12
    assert "estimated from 4,000 simulated battles" in odds.out.value and "Cleared:" in odds.out.value
    odds.attackers.value = "1000 infantry"
    press(app, "fortress-odds-go")
    assert "Odds unavailable: 1018 units in this battle; the odds are given for at most 200" in odds.out.value


def test_no_attacker_shows_no_odds_not_cleared_nought_percent():
    """Issue 35 item 8: with no attacker the workbench said "Cleared 0.0%", read as a sure defeat."""
    from fortress.rulesets.america.dashboard.odds_panel import column_html

    rows = compare(Counter(), Counter(infantry=2), "plain")
    text = column_html(*rows[0])
    assert "Cleared" not in text and "no unit attacks" in text and "no odds" in text
    assert "Cleared" in column_html(*compare(Counter(infantry=1), Counter(infantry=2), "plain")[0])
