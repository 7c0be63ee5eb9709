"""The dashboard around the game: refusals, undo, bots, saves, odds, the map's updates."""
from __future__ import annotations

import base64
from datetime import datetime, timezone

import pytest

import fortress
from fortress.rulesets.america import actions as A
from fortress.ui import build_app
from tests.test_ui_helpers import buttons, declarable, find, new_app, open_tab, press


def test_start_screen_offers_new_game_and_resume(tmp_path):
    app = build_app(display_it=False, save_dir=tmp_path)
    assert not app.playing and "Start a new game" in app.status.value
    assert app.controls.resume_button.disabled
    app.board_map.click("seattle")
    assert "Start a new game" in app.message.value
    press(app, "fortress-new-game")
    assert app.playing and app.game.phase == "declare"
    assert not app.controls.resume_button.disabled


def test_refused_click_shows_the_engine_reason(tmp_path):
    app = new_app(tmp_path)
    zone = app.game.board.zones("west")[0]
    app.board_map.click(zone)
    assert "invasion zone" in app.message.value and "ft-refused" in app.message.value
    assert not app.game.state.declared


def test_undo_only_when_the_engine_allows(tmp_path):
    app = new_app(tmp_path)
    assert app.undo_button.disabled
    target = declarable(app)
    app.board_map.click(target)
    assert target in app.game.state.declared and not app.undo_button.disabled
    press(app, "fortress-undo")
    assert target not in app.game.state.declared
    assert "Took back" in app.message.value


def test_map_updates_only_what_changed(tmp_path):
    app = new_app(tmp_path)
    target = declarable(app)
    before = app.board_map.stats["changes"]
    app.board_map.click(target)
    changed = app.board_map.stats["changes"] - before
    assert 0 < changed <= 6  # the declared polygon, its marker, and last-move highlights
    assert app.board_map.drawn_style(target)[4] == "7 4"
    assert "\u2694" in app.board_map.markers[target].icon.html


def test_maneuver_move_with_transport(tmp_path):
    app = new_app(tmp_path, seed=3)
    g = app.game
    press(app, "fortress-end")  # no declarations
    assert g.phase == "maneuvers"
    carry = next(a for a in g.legal_actions() if isinstance(a, A.Move) and a.passenger)
    app.board_map.click(carry.src)
    panel = app.current_panel()
    find(app.root, "fortress-unit-choice")[0].value = carry.unit
    find(app.root, "fortress-carry")[0].value = carry.passenger
    assert carry.dst in panel.targets()
    app.board_map.click(carry.dst)
    assert g.history[-1] == carry


def test_bots_step_and_play_to_my_turn(tmp_path):
    app = new_app(tmp_path, seats={"west": "random", "south": "random", "east": "random"})
    assert not app.step_button.disabled and "bot" in app.panel_box.children[0].value
    app.board_map.click("seattle")
    assert "Bot: step" in app.message.value
    press(app, "fortress-step")
    assert len(app.game.history) == 1 and any(line.bot for line in app.lines)
    press(app, "fortress-play")
    assert app.game.side == "us" or app.game.is_over
    assert app.recent and "bot" in app.logbook.html
    assert app.play_button.disabled


def test_unknown_bot_falls_back_to_random(tmp_path):
    app = new_app(tmp_path, seats={"west": "no-such-bot"})
    assert app.bots.name("west") == "random"
    assert "not available" in app.message.value


def test_bot_names_are_offered(tmp_path):
    app = build_app(display_it=False, save_dir=tmp_path)
    open_tab(app, "Game")
    options = [v for _label, v in find(app.root, "fortress-seat")[1].options]
    assert {"human", "random", "heuristic", "search"} <= set(options)


def test_save_download_and_load_upload(tmp_path):
    app = new_app(tmp_path)
    app.board_map.click(sorted(app.current_panel().targets())[0])
    open_tab(app, "Game")
    press(app, "fortress-save")
    link = app.controls.download.value
    data = base64.b64decode(link.split("base64,")[1].split("'")[0])
    assert fortress.Game.from_json(data).state.declared == app.game.state.declared
    other = build_app(display_it=False, save_dir=tmp_path / "other")
    other.controls.upload.value = ({"name": "g.json", "type": "application/json", "size": len(data),
                                    "content": memoryview(data), "last_modified": datetime.now(timezone.utc)},)
    assert other.playing and other.game.state.declared == app.game.state.declared
    app.board_map.click(sorted(app.current_panel().targets())[0])  # the game moves on...
    assert app.controls.download.value == ""  # ...so the link to the old position goes
    press(app, "fortress-save")
    assert app.controls.download.value
    app.start(fortress.new_game(9), {})  # and so does a new game
    assert app.controls.download.value == ""


def test_bad_save_shows_the_save_error(tmp_path):
    app = build_app(display_it=False, save_dir=tmp_path)
    bad = b'{"not": "a save"}'
    app.controls.upload.value = ({"name": "bad.json", "type": "application/json", "size": len(bad),
                                  "content": memoryview(bad), "last_modified": datetime.now(timezone.utc)},)
    assert not app.playing and "Cannot load bad.json" in app.message.value


def test_resume_last_game_after_reload(tmp_path):
    app = new_app(tmp_path, seats={"west": "random"})
    target = sorted(app.current_panel().targets())[0]
    app.bot_step()
    fresh = build_app(display_it=False, save_dir=tmp_path)  # a reloaded page: a new kernel
    assert not fresh.controls.resume_button.disabled
    press(fresh, "fortress-resume")
    assert fresh.playing and fresh.game.history == app.game.history
    assert fresh.bots.name("west") == "random" and target


def test_odds_panel(tmp_path):
    app = new_app(tmp_path)
    g = app.game
    site = next(a for a in sorted(app.current_panel().targets())
                if any(s != "west" for s, _k in g.units_in(a)) and g.attack_forces(a))
    app.board_map.click(site)
    assert app.odds.pick.value == site
    press(app, "fortress-odds-go")
    assert "Cleared" in app.odds.out.value


@pytest.mark.quick  # ~2.8 s of CPU: a generic ruleset's dashboard built from cold
def test_generic_fallback_lists_and_applies_legal_actions(tmp_path):
    app = new_app(tmp_path)
    app.fallback.selected_index = 0
    pick = find(app.root, "fortress-all-actions")[0]
    assert len(pick.options) == len(app.game.legal_actions())
    text = find(app.root, "fortress-notation")[0]
    text.value = "declare " + app.game.board[sorted(app.current_panel().targets())[0]].name
    press(app, "fortress-notation-go")
    assert app.game.state.declared
    text = find(app.root, "fortress-notation")[0]
    text.value = "fly to the moon"
    press(app, "fortress-notation-go")
    assert "unknown action" in app.message.value


def test_surrender_from_the_fallback_asks_to_be_pressed_twice(tmp_path):
    app = new_app(tmp_path)
    app.fallback.selected_index = 0
    pick = find(app.root, "fortress-all-actions")[0]
    pick.value = next(i for label, i in pick.options if label == "surrender")
    press(app, "fortress-all-actions-go")
    assert not app.game.is_over and "Press the button again to surrender" in app.message.value
    press(app, "fortress-all-actions-go")
    assert app.game.is_over and app.game.winner == "us"


def test_setup_by_hand(tmp_path):
    app = new_app(tmp_path, setup=None)
    g = app.game
    assert g.phase == "setup" and g.side == "us"
    city = sorted(app.current_panel().targets())[0]
    app.board_map.click(city)
    assert sum(g.units_in(city).values()) == 1
    app.board_map.click(g.board.zones("west")[0])
    assert "cities only" in app.message.value
    for _ in range(4):
        press(app, "fortress-setup-rest")
    assert g.phase != "setup" and g.round == 1


def test_tracks_show_control_markers_left_per_invader(tmp_path):
    app = new_app(tmp_path)
    shown = find(app.root, "fortress-tracks")[0].value
    assert "Control markers left" in shown and "35 / 35" in shown and "30 / 30" in shown and "25 / 25" in shown
    target = declarable(app)
    app.board_map.click(target)  # West declares a battle: one of its markers is in use
    shown = find(app.root, "fortress-tracks")[0].value
    assert "34 / 35" in shown and "0 on territories held, 1 on battles declared" in shown


def test_new_game_form_offers_each_variant_and_starts_with_the_ticked_ones(tmp_path):
    from fortress.engine import rulesets
    app = build_app(display_it=False, save_dir=tmp_path)
    open_tab(app, "Game")
    boxes = find(app.root, "fortress-variant")
    assert [b.description for b in boxes] == [v["name"] for v in rulesets.get().variants.values()]
    press(app, "fortress-new-game")
    assert app.game.variants == frozenset() and "fortress-variants" not in app.status.value
    find(app.root, "fortress-variant-individual-victory")[0].value = True
    press(app, "fortress-new-game")
    assert app.game.variants == {"individual-victory"}
    assert "Individual Invader Victory" in app.status.value


def test_dashboard_announces_the_collective_and_the_individual_result(tmp_path):
    from tests.test_variants import won_by_invaders
    app = build_app(display_it=False, save_dir=tmp_path)
    game = won_by_invaders(east=["Boston", "New York", "Philadelphia", "Washington DC", "Miami"], south=[
        "El Paso", "Albuquerque", "Dallas", "Houston", "San Antonio", "Oklahoma City"])
    app.start(game, {})
    status = app.status.value
    assert "Game over." in status and "18 cities are on the captured-city track" in status
    ranking = status[status.index("fortress-ranking"):]
    assert "Individual Invader Victory" in ranking
    assert ranking.index("7 cities") < ranking.index("6 cities") < ranking.index("5 cities")
    assert "fortress-ranking" in app.panel_box.children[0].value  # the idle box says it too


def test_dashboard_shows_no_ranking_without_the_variant(tmp_path):
    from tests.test_variants import won_by_invaders
    app = build_app(display_it=False, save_dir=tmp_path)
    app.start(won_by_invaders(variants=()), {})
    assert "Game over." in app.status.value and "fortress-ranking" not in app.status.value


def test_maneuvers_say_why_they_cannot_end_over_the_limit(tmp_path):
    """A swap between two full places: in between, no 'End' button but the engine's reason."""
    app = build_app(display_it=False, save_dir=tmp_path)
    app.start(fortress.Game.from_position({
        "turn": "west", "phase": "maneuvers", "round": 4,
        "control": {"west": ["Seattle", "Olympic Peninsula"]},
        "units": {"Olympic Peninsula": "west: 5 hovertank", "Seattle": "west: 5 mobile"}}), {})
    assert buttons(app, "fortress-end")
    assert app.act(A.Move(1, "hovertank", "olympic-peninsula", "seattle"))
    assert not buttons(app, "fortress-end")
    assert "Seattle (6 units) is over the 5-unit limit" in find(app.root, "fortress-why")[0].value
    assert app.act(A.Move(1, "mobile", "seattle", "olympic-peninsula"))
    assert buttons(app, "fortress-end")
