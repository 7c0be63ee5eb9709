"""Turns a player can follow (issue 35, item 3): the button that ends the turn says so, a step
or a turn that ends by itself is told, a lapsed battle is told, a declaration no unit can
reach asks for a second click, and Fight! is not offered with nothing sent."""
from __future__ import annotations

from fortress.rulesets.america import actions as A
from tests.test_ui_helpers import buttons, find, new_app, press
from tests.test_ui_turns import battle_site, click, targets


def panel_text(app) -> str:
    return " ".join(getattr(w, "value", "") for w in find(app.panel_box, "fortress-panel") for w in w.children
                    if hasattr(w, "value"))


def unreachable(app) -> str:
    g = app.game  # one with defenders: a battle to fight, or to lapse
    return next(a for a in targets(app) if not g.could_attack(a) and g.units_in(a))


def test_the_end_button_says_when_it_ends_the_turn(tmp_path):
    app = new_app(tmp_path)
    seen = set()
    while app.game.round == 1 and app.game.state.turn != "us":
        g, turn = app.game, app.game.state.turn
        label = buttons(app, "fortress-end")[0].description
        press(app, "fortress-end")
        ended = g.state.turn != turn
        assert label.startswith("End turn") == ended, (label, g.phase)
        if ended:
            assert f"({app.game.side.capitalize()} next)" in label or "next)" in label
            assert "turn is over" in app.message.value and "Round 1: " in app.message.value, app.message.value
        else:
            assert "\u2192" in label  # where it leads: "Done declaring -> Maneuvers"
        seen.add(ended)
    assert seen == {True, False}


def test_a_declaration_no_unit_can_reach_asks_twice_and_its_lapse_is_told(tmp_path):
    app = new_app(tmp_path)  # West declares
    g = app.game
    far = unreachable(app)
    click(app, far)
    assert far not in g.state.declared and "No unit of yours can reach" in app.message.value
    click(app, far)  # the second click declares it anyway
    assert far in g.state.declared
    assert "it will lapse" in panel_text(app)
    press(app, "fortress-end")  # Done declaring
    assert g.phase == "maneuvers"
    press(app, "fortress-end")  # no unit can attack: Combat lapses the battle, and the turn ends by itself
    assert g.state.turn != "west"
    assert f"declared battle in {g.board[far].name} lapses" in app.message.value, app.message.value
    assert "West&#x27;s turn is over" in app.message.value


def test_a_reachable_declaration_needs_one_click_and_fight_needs_units_sent(tmp_path):
    app = new_app(tmp_path)
    g = app.game
    site = battle_site(app)
    click(app, site)
    assert site in g.state.declared
    press(app, "fortress-end")
    press(app, "fortress-end")
    assert g.phase == "combat" and "Still to come this turn: Invasion" in panel_text(app)
    click(app, site)  # the battle starts; nothing sent yet
    assert g.battle is not None and not buttons(app, "fortress-fight")
    assert g.explain(A.Fight()) and "Fight! needs at least one attacking unit" in panel_text(app)
    click(app, targets(app)[0])
    assert buttons(app, "fortress-fight")


def test_each_panel_module_imports_first():
    """No import cycle: a kernel may import a panel before the dashboard (Voila did)."""
    import subprocess
    import sys
    for module in ("fortress.rulesets.america.dashboard.panels.base", "fortress.rulesets.america.dashboard.turn_flow", "fortress.rulesets.america.dashboard.info"):
        done = subprocess.run([sys.executable, "-c", f"import {module}"], capture_output=True, text=True)
        assert done.returncode == 0, done.stderr[-400:]
