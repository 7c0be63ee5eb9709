"""Messages where the player looks and nothing that jumps (issue 35, items 6 and 8): Save says
what it did beside its button, a load's note goes once the game moves on, the message line
stays in view, and the header keeps one line whatever the phase."""
from __future__ import annotations

import re

from tests.test_ui_classroom import page, store  # noqa: F401 - fixture: a SQLite store
from tests.test_ui_helpers import new_app, open_tab, press, upload
from tests.test_ui_turns import battle_site


def test_save_says_what_it_did_beside_its_button(tmp_path):
    app = new_app(tmp_path)
    open_tab(app, "Game")
    press(app, "fortress-save")
    assert "Saved round 1" in app.controls.save_message.value and app.controls.download.value
    app.board_map.click(battle_site(app))  # the game moves on: both go
    assert app.controls.save_message.value == "" and app.controls.download.value == ""


def test_a_refused_save_of_a_shared_game_says_so_beside_the_button(store, tmp_path):  # noqa: F811
    app = page(store, tmp_path)
    app.controls.new_game()
    assert app.shared is not None and not app.game.is_over
    app.controls.save()
    assert "Not saved" in app.controls.save_message.value and "ft-refused" in app.controls.save_message.value


def test_the_note_of_a_loaded_save_goes_once_the_game_moves_on(tmp_path):
    app = new_app(tmp_path)
    data = app.game.to_json(seats=app.bots.seats).encode()  # every side human
    other = new_app(tmp_path / "other")
    other.start(other.game, {})  # nothing played: loading replaces it without a question
    upload(other, data, "mygame.json")
    assert "Loaded mygame.json." in other.controls.load_message.value
    other.board_map.click(battle_site(other))
    assert other.controls.load_message.value == ""


def test_the_header_keeps_one_line_and_the_message_stays_in_view(tmp_path):
    app = new_app(tmp_path)
    css = app.root.children[0].value
    rules = dict(re.findall(r"\n(\.fortress-header[^{]*)\{([^}]*)\}", css))
    assert "flex-wrap: nowrap" in rules[".fortress-header "], rules
    assert "flex-wrap: nowrap" in rules[".fortress-header .fortress-header-buttons "]
    assert "min-width: 0" in rules[".fortress-header .fortress-status-column "]
    assert re.search(r"\.fortress-side > \.fortress-message \{\{? ?position: sticky", css)
    header = app.root.children[1]
    assert "fortress-status-column" in header.children[0]._dom_classes


def test_the_server_s_bot_moves_can_be_followed_and_its_box_is_not_a_choice(store, tmp_path):  # noqa: F811
    """Issue 35, item 4: in a served game the store plays the bots; their turns still fill the
    Bot turns tab, and "bots move by themselves" is ticked and greyed."""
    app = page(store, tmp_path)
    app.controls.players.value = 2
    app.controls.seat_pickers[1].value = "random"
    app.controls.new_game()  # the Invaders' bot seat moves first, played by the store
    assert app.shared is not None and app.game.side == "us"
    assert app.auto_box.value and app.auto_box.disabled and "server" in app.auto_box.description
    tape = app.follow.tape
    bots = [(ply, side) for ply, side, _a in store.actions(app.game_id) if side != "us"]  # (a U.S. choice in
    assert bots and [(s.ply, s.side) for s in tape.steps] == bots  # West's combat stops the run: seed-dependent)
    assert "No bot moves yet" not in app.follow.summary.value and "West" in app.follow.summary.value
    local = new_app(tmp_path / "local")
    assert not local.auto_box.disabled


def test_fit_board_shows_the_whole_board_again(tmp_path):
    """Issue 35, item 7: after a zoom or a pan by hand, "Fit board" brings the whole board back."""
    from fortress.ui.board_map import TYPICAL_SIZE, fit_view
    app = new_app(tmp_path)
    bm = app.board_map
    centre, zoom = fit_view(bm.bounds, *TYPICAL_SIZE, snap=bm.map.zoom_snap)
    bm.map.zoom, bm.map.center = 6.5, (30.0, -90.0)  # zoomed in on the Gulf by hand
    app.tools.fit.click()  # (a control on the map, not in the page's widget tree)
    assert "fortress-fit" in app.tools.fit._dom_classes
    assert bm.map.zoom == zoom and tuple(bm.map.center) == centre


def test_a_greyed_button_looks_greyed(tmp_path):
    app = new_app(tmp_path)  # the U.S. human's... no bot to move: "Play to my turn" is greyed
    assert app.play_button.disabled
    css = app.root.children[0].value
    assert re.search(r"\.widget-button:disabled[^{]*\{\{? ?opacity: \.4", css)


def two_unit_card_position():
    """A seeded game where the U.S. is to place the first of a partisan card's two units."""
    import fortress
    from fortress.ai import make_bot
    for seed in range(1, 60):
        g, bot = fortress.new_game(seed, players=4, setup="balanced"), make_bot("random", seed=seed)
        while not g.is_over and g.round <= 3:
            tasks = g.state.tasks
            if g.side == "us" and tasks and tasks[0].kind == "place" and \
                    sum(1 for t in tasks if t.kind == "place" and t.card == tasks[0].card) == 2:
                return g, tasks[0].card
            g.apply(bot.choose(g))
    raise AssertionError("no two-unit card drawn in 60 seeded games")


def test_a_card_placing_two_units_counts_them(tmp_path):
    """Issue 35, item 8: "unit 1 of 2" on a partisan card that places two units."""
    from tests.test_ui_turns import click, targets
    game, card = two_unit_card_position()
    app = new_app(tmp_path)
    app.start(game, {})

    def text() -> str:
        return " ".join(getattr(w, "value", "") for w in app.panel_box.children[0].children)
    assert f"{card}</b> (unit 1 of 2)" in text(), text()
    click(app, targets(app)[0])
    assert f"{card}</b> (unit 2 of 2)" in text(), text()
