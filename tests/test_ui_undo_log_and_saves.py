"""The dashboard's undo, game log, loading and saving, seats, refusals and game-over line, each driven
through the widgets as a player would."""
from __future__ import annotations

import re
import sys
from pathlib import Path

import pytest

import fortress
from fortress.rulesets.america import actions as A
from fortress.rulesets.america.dashboard import app as app_module
from fortress.ui import build_app, theme
from fortress.rulesets.america.dashboard import info
from fortress.rulesets.america.dashboard.logbook import named
from tests.test_ui_helpers import buttons, declarable, find, new_app, open_tab, press, upload

BOTS = {"west": "random", "south": "random", "east": "random"}


# -- 2. Undo: only the present player's own moves of this turn ---------------------------------
def test_undo_never_takes_back_the_bots_moves(tmp_path):
    app = new_app(tmp_path, seats=BOTS)
    press(app, "fortress-play")
    assert app.game.side == "us" and app.game.history
    assert app.undo_button.disabled
    moves = list(app.game.history)
    app.undo()
    assert app.game.history == moves and "ft-refused" in app.message.value


def test_undo_never_takes_back_a_bots_move_while_the_bot_is_still_to_move(tmp_path):
    app = new_app(tmp_path, seats=BOTS)  # West, a bot, moves first
    press(app, "fortress-step")
    assert app.game.side == "west" and app.game.undoable  # the engine would take it back...
    assert app.undo_button.disabled  # ...the page does not
    moves = list(app.game.history)
    app.undo()
    assert app.game.history == moves and "ft-refused" in app.message.value


def test_undo_takes_back_own_moves_and_the_log_forgets_them(tmp_path):
    app = new_app(tmp_path)
    target = declarable(app)
    app.board_map.click(target)
    assert "declares a battle" in app.logbook.html
    press(app, "fortress-undo")
    assert not app.game.state.declared and "declares a battle" not in app.logbook.html
    press(app, "fortress-end")  # West ends Declare: Undo says so in words, not "Undone: end"
    press(app, "fortress-undo")
    assert app.game.phase == "declare"
    assert "Took back the end of the Declare battles step." in app.message.value
    assert "Undone" not in app.message.value


def test_no_undo_once_the_game_is_over(tmp_path):
    app = new_app(tmp_path)
    app.board_map.click(declarable(app))
    app.act(A.Surrender())
    assert app.game.is_over and app.undo_button.disabled
    app.undo()
    assert app.game.is_over


# -- 3. The whole game's log, grouped by round, side's turn and phase, collapsible -------------
def test_the_log_keeps_the_whole_game_grouped_and_collapsible(tmp_path):
    app = new_app(tmp_path, seats=BOTS)
    press(app, "fortress-play")
    for _ in range(200):  # the U.S. ends every step: on to round 2's U.S. turn
        if app.game.round == 2 and app.game.side == "us":
            break
        if app.bots.is_bot(app.game.side):
            press(app, "fortress-play")
        else:
            app.act(next((a for a in app.game.legal_actions() if isinstance(a, A.End)), app.game.legal_actions()[0]))
    assert app.game.round == 2 and len(app.game.events) > 60
    rounds = app.logbook.box.children
    assert [re.search(r"<b>(.*?)</b>", w.value).group(1) for w in rounds] == ["Round 2", "Round 1", "Setup"]
    newest, first = rounds[0].value, rounds[1].value
    assert newest.startswith("<details class='fortress-log-round' open>")
    assert first.startswith("<details class='fortress-log-round'>")  # older rounds are folded
    for side in ("West", "South", "East", "U.S."):
        assert f"Round 1: {side}&#x27;s turn" in first
    assert "West: Declare" in first and first.count("fortress-log-phase") >= 8
    assert any(t in first for t in ("West moves", "West declares", "West: Maneuvers"))
    placed = app.game.events[1]  # the setup's placements are still there, their territories marked
    assert named(placed.text, placed.areas, app.game.board) in rounds[2].value and "ft-area" in rounds[2].value
    kept = rounds[1]
    press(app, "fortress-end") if buttons(app, "fortress-end") else None
    assert app.logbook.box.children[1] is kept  # a finished round is not sent again


def test_the_log_drawn_bit_by_bit_is_the_log_drawn_at_once():
    import random
    from fortress.rulesets.america.dashboard.logbook import LogBook
    game, rng, book = fortress.new_game(4), random.Random(1), LogBook()
    while game.round < 4:
        game.apply(rng.choice(game.legal_actions()[:-1]))
        if rng.random() < 0.1:
            book.update(game)
    book.update(game)
    fresh = LogBook()
    fresh.update(game)
    assert book.html == fresh.html and len(book.box.children) == 5  # setup and rounds 1-4


# -- 4. Class names of our own: nothing Font Awesome styles ------------------------------------
def _font_awesome_classes() -> set[str]:
    css = Path(sys.prefix) / "share/jupyter/nbconvert/templates/classic/static/style.css"
    if not css.exists():
        pytest.skip("no Font Awesome stylesheet in this environment")
    return set(re.findall(r"\.(fa-[\w-]+):before", css.read_text(errors="replace")))


@pytest.mark.slow  # over 2 s of CPU (tests/durations.json)
def test_no_dashboard_class_is_a_font_awesome_icon(tmp_path):
    icons = _font_awesome_classes()
    assert {"fa-info", "fa-table"} <= icons
    app = new_app(tmp_path)
    app.odds.refresh()
    app.board_map.click(app.game.board.zones("west")[0])  # a refusal
    html = theme.CSS + app.message.value + app.pools.value + app.tracks.value + app.logbook.html
    html += info.legend_html() + app.status.value + app.odds.box.children[-1].value
    used = set(re.findall(r"\.([a-z][\w-]*)", theme.CSS))
    for attr in re.findall(r"class='([^']*)'", html):
        used.update(attr.split())
    assert used and not used & icons, sorted(used & icons)


# -- 5. Loading: errors where the player looks, a question first, the seats kept ---------------
def test_a_load_error_shows_next_to_the_load_control(tmp_path):
    app = build_app(display_it=False, save_dir=tmp_path)
    upload(app, b'{"not": "a save"}', "bad.json")
    assert "Cannot load bad.json" in app.controls.load_message.value
    box = app.controls.box.children
    assert box.index(app.controls.load_message) == box.index(app.controls.upload) + 1


@pytest.mark.quick  # ~3 s of CPU: two dashboards and a replayed save
def test_loading_asks_before_replacing_a_game_in_progress(tmp_path):
    other = new_app(tmp_path / "other", seed=5)
    data = other.game.to_json().encode()
    app = new_app(tmp_path)
    app.board_map.click(declarable(app))
    mine = list(app.game.history)
    upload(app, data)
    assert app.game.history == mine and buttons(app, "fortress-load-replace")
    press(app, "fortress-load-keep")
    assert app.game.history == mine and not buttons(app, "fortress-load-replace")
    upload(app, data)
    press(app, "fortress-load-replace")
    assert app.game.state.seed == 5 and not buttons(app, "fortress-load-replace")


def test_the_seats_travel_in_the_save(tmp_path):
    app = new_app(tmp_path, seats={"west": "heuristic", "south": "random", "east": "random"})
    open_tab(app, "Game")
    press(app, "fortress-save")
    link = app.controls.download.value
    import base64
    data = base64.b64decode(link.split("base64,")[1].split("'")[0])
    fresh = build_app(display_it=False, save_dir=tmp_path / "fresh")  # pickers: random bots
    upload(fresh, data)
    assert fresh.playing and fresh.bots.name("west") == "heuristic" and fresh.bots.name("us") == "human"
    resumed = build_app(display_it=False, save_dir=tmp_path)  # the autosave keeps them too
    open_tab(resumed, "Game")
    (tmp_path / f"{app.game_id}.seats.json").unlink()
    press(resumed, "fortress-resume")
    assert resumed.bots.name("west") == "heuristic"


# -- 6. Ticking "bots move by themselves" while a bot is to move starts the bots ----------------
def test_ticking_auto_while_a_bot_is_to_move_starts_the_bots(tmp_path):
    app = new_app(tmp_path, seats=BOTS)
    assert app.bots.is_bot(app.game.side)
    app.auto_box.value = True
    assert app.game.side == "us" and app.game.history


# -- 7. A Combined Arms die that does not count is a miss in the dice strip, with the reason ---
def test_a_combined_arms_die_that_does_not_count_is_shown_as_a_miss(position):
    for seed in range(60):
        g = position({"turn": "west", "phase": "combat", "round": 2, "declared": ["alpha"],
                      "control": {"west": ["coast", "hills", "plainb"]},
                      "units": {"coast": "west: 4 hovertank", "alpha": "us: 4 infantry"}}, seed=seed)
        g.apply(A.Attack("alpha"))
        g.apply(A.Commit(4, "hovertank", "coast"))
        g.apply(A.Fight())
        if any(e.kind == "combined_arms" for e in g.events):
            break
    strip = info.dice_html(g)
    assert "ft-die miss" in strip and "no air or foot unit" in strip
    ca = re.findall(r"<span class='ft-die([^']*)'[^>]*title='hovertank: \w+ die, combined_arms[^']*'", strip)
    assert ca and all(c == " miss" for c in ca)


# -- 8. Refusals go, the winner is named, phone width, words ------------------------------------
def test_a_refusal_is_cleared_by_the_next_selection(tmp_path):
    app = new_app(tmp_path)
    app.board_map.click(app.game.board.zones("west")[0])
    assert "ft-refused" in app.message.value
    press(app, "fortress-end")  # to maneuvers: selecting a unit to move is not an action
    app.board_map.click("seattle")  # no unit of West's there
    assert "ft-refused" in app.message.value
    src = sorted(app.current_panel().targets())[0]
    app.board_map.click(src)
    assert app.current_panel().selected == src and app.message.value == ""


def test_game_over_says_who_won(tmp_path):
    app = new_app(tmp_path, seats=BOTS)
    press(app, "fortress-play")
    app.act(A.Surrender())  # the U.S. gives up: the Invaders (a team, not a side) win
    team = app.game.rules.team_names[app.game.winner]
    assert app.game.is_over and team == "The Invaders" and f"{team} won." in app.status.value
    assert f"{team} won." in app.panel_box.children[0].value
    assert ">nobody<" not in app.logbook.html and f">{team}</span> The Invaders win" in app.logbook.html
    app.board_map.click("seattle")
    assert f"The game is over. {team} won. " in app.message.value and "&lt;" not in app.message.value


def test_bot_moves_are_counted_in_words(tmp_path, monkeypatch):
    monkeypatch.setattr(app_module, "BOT_STEP_LIMIT", 1)
    app = new_app(tmp_path, seats=BOTS)
    press(app, "fortress-play")
    assert "made 1 move (" in app.message.value and "yellow" not in app.message.value
    assert "olive" in app.message.value and "olive outline" in info.legend_html()


def test_the_columns_and_header_buttons_are_marked_for_narrow_screens(tmp_path):
    app = new_app(tmp_path)
    assert len(find(app.root, "fortress-column")) == 2 and find(app.root, "fortress-header-buttons")
    assert "@media (max-width" in theme.CSS
