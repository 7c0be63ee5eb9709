"""The laser's target number in the dashboard: 5+, or 4+ with Power Grid Overcharge (audit #8)."""
from __future__ import annotations

import re

import fortress
from fortress.rulesets.america import actions as A
from fortress.ui import build_app
from fortress.rulesets.america.dashboard import info

SHOT = A.Fire("west", "infantry", "great-basin")


def at_lasers(seed: int = 0, bonus: int = 1) -> fortress.Game:
    """The U.S. Fire Lasers step, two lasers, West infantry in the Great Basin and the Mojave
    Desert; ``bonus`` as the Power Grid Overcharge card sets it."""
    game = fortress.Game.from_position({
        "turn": "us", "phase": "lasers", "round": 4, "lasers": ["Denver", "Seattle"],
        "control": {"west": ["Great Basin", "Mojave Desert"]},
        "units": {"Great Basin": "west: 5 infantry", "Mojave Desert": "west: 1 infantry"}}, seed=seed)
    game.state.laser_bonus = bonus
    game.touch()
    return game


def test_the_engine_says_the_target_number():
    assert at_lasers(bonus=0).laser_target() == 5 and at_lasers().laser_target() == 4
    assert at_lasers().reminder().endswith("4+ destroys.") and at_lasers(bonus=0).reminder().endswith("5+ destroys.")


def test_the_panel_and_the_reminder_say_4_with_the_card(tmp_path):
    for bonus, need in ((1, "4+"), (0, "5+")):
        app = build_app(display_it=False, save_dir=tmp_path)
        app.start(at_lasers(bonus=bonus), {})
        panel = app.panel_box.children[0].children[1].value
        assert f"black d10, {need} destroys" in panel and f"{need} destroys" in app.status.value


def test_a_4_that_destroys_is_outlined_as_a_hit_in_the_dice_strip():
    for seed in range(200):
        game = at_lasers(seed)
        game.apply(SHOT)
        if next(e for e in game.events if e.kind == "laser").rolls[0][2] == "4":
            break
    else:
        raise AssertionError("no seed rolls a 4")
    assert game.phase == "lasers"
    strip = info.dice_html(game)
    assert re.search(r"<span class='ft-die hit'[^>]*title='infantry: black die, 4'", strip)
    assert "a laser destroys on 4+" in strip
    game.apply(A.End())  # the card's 4+ is over; the shot shown still destroyed
    strip = info.dice_html(game)
    assert re.search(r"<span class='ft-die hit'[^>]*title='infantry: black die, 4'", strip)
    assert "a laser destroys on 5+" in strip
