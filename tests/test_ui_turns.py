"""Drive the dashboard's panels through a whole turn of each side, as a player would:
simulated clicks on the map's polygons and clicks on panel buttons (no browser)."""
from __future__ import annotations

import pytest

from fortress.rulesets.america import actions as A
from tests.test_ui_helpers import buttons, new_app, press


def click(app, aid: str) -> None:
    app.board_map.click(aid)  # goes through Polygon._handle_mouse_events like a browser click


def targets(app) -> list[str]:
    return sorted(app.current_panel().targets())


def do_reinforcements(app) -> None:
    g, side = app.game, app.game.side
    while g.phase == "reinforcements" and g.side == side:
        task = g.state.tasks[0].kind if g.state.tasks else ""
        if task == "reinforce":
            before = len(g.state.units)
            click(app, targets(app)[0])
            assert len(g.state.units) == before + 1
            press(app, "fortress-end")
        elif task in ("laser", "extra_laser", "place"):
            click(app, targets(app)[0])
        elif task == "sabotage":
            click(app, targets(app)[0])
            press(app, "fortress-sabotage")
        elif task == "ground":
            press(app, "fortress-ground")
        else:
            press(app, "fortress-end")


def battle_site(app) -> str:
    """An enemy territory with defenders next to units of the side to move."""
    g = app.game
    side = g.state.turn
    for aid in targets(app):
        if any(s != side for s, _k in g.units_in(aid)) and g.attack_forces(aid):
            return aid
    raise AssertionError("no battle possible")


def do_declare(app) -> str:
    site = battle_site(app)
    click(app, site)
    assert site in app.game.state.declared
    press(app, "fortress-end")
    return site


def do_maneuvers(app) -> None:
    g = app.game
    src = targets(app)[0]
    click(app, src)
    assert app.current_panel().selected == src
    dst = targets(app)[0]
    moved = len(g.events)
    click(app, dst)
    assert any(e.kind == "move" for e in g.events[moved:]), app.message.value
    press(app, "fortress-end")


def do_lasers(app) -> None:
    g = app.game
    if g.phase == "lasers" and targets(app):
        click(app, targets(app)[0])
        press(app, "fortress-fire")
        assert any(e.kind == "laser" for e in g.events[-3:])
    while g.phase == "lasers":
        press(app, "fortress-end")


def do_combat(app, site: str) -> None:
    g, side = app.game, app.game.state.turn
    click(app, site)
    assert g.battle and g.battle.area == site
    click(app, targets(app)[0])  # send every free unit from one neighbouring territory
    press(app, "fortress-fight")
    rolled = any(e.kind == "roll" for e in g.events[-30:])
    while g.phase == "combat" and g.state.turn == side:
        if buttons(app, "fortress-decision"):
            press(app, "fortress-decision")
        elif buttons(app, "fortress-attack"):
            click(app, targets(app)[0])
            press(app, "fortress-fight")
        else:
            press(app, "fortress-end")
    assert rolled
    assert "Last dice" in app.dice.value


def do_invasion(app) -> None:
    g, side = app.game, app.game.state.turn
    if g.phase == "invasion" and g.state.turn == side and targets(app):
        click(app, targets(app)[0])
        press(app, "fortress-invade")
    while g.phase == "invasion" and g.state.turn == side:
        press(app, "fortress-end")


def play_turn(app) -> None:
    side = app.game.state.turn
    if app.game.phase == "reinforcements":
        do_reinforcements(app)
    assert app.game.phase == "declare"
    site = do_declare(app)
    assert app.game.phase == "maneuvers"
    do_maneuvers(app)
    do_lasers(app)
    assert app.game.phase == "combat", app.game.phase
    do_combat(app, site)
    do_invasion(app)
    assert app.game.state.turn != side or app.game.is_over


@pytest.mark.quick  # over 2 CPU-s, kept in the quick tier on purpose
def test_a_whole_round_by_clicks(tmp_path):
    app = new_app(tmp_path)
    order = []
    for _ in range(4):
        if app.game.is_over:
            break
        order.append(app.game.state.turn)
        play_turn(app)
    assert order == ["west", "south", "east", "us"]
    assert app.game.round == 2
    assert "Round <b>2</b>" in app.status.value
    assert (tmp_path / f"{app.game_id}.json").exists()


def test_us_reinforcements_by_clicks(tmp_path):
    app = new_app(tmp_path)
    for _ in range(3):
        play_turn(app)
    assert app.game.side == "us" and app.game.phase == "reinforcements"
    assert "laser" in app.panel_box.children[0].children[1].value
    city = targets(app)[0]
    click(app, city)
    assert city in app.game.state.lasers
    assert "\u26a1" in app.board_map.markers[city].icon.html
    do_reinforcements(app)
    assert app.game.state.hand and "ft-card" in app.cards.value
