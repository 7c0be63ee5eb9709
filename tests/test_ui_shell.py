"""The dashboard shell (fortress.ui.shell) without a browser: games of Council, ATTACK! and Hill
played by pressing the generic panel's buttons, bots in the other seats, what a seat's page
shows (never another seat's hand or sealed order), saves, loads, undo and seats."""
from __future__ import annotations

import base64
import random
import re

import pytest

import fortress
from fortress.engine import rulesets
from fortress.ui.shell import board as boards
from fortress.ui.shell.app import Shell
from tests import toy_ruleset

BOTS = {"amber": "random", "birch": "random", "cedar": "random", "dune": "random"}


def texts(widget) -> str:
    """Every text a widget tree holds (values, labels, option labels, placeholders): what the
    page receives."""
    out, stack = [], [widget]
    while stack:
        w = stack.pop()
        out += [v for name in ("value", "description", "placeholder", "tooltip")
                if isinstance(v := getattr(w, name, None), str)]
        out += [str(o[0] if isinstance(o, tuple) else o) for o in getattr(w, "options", ()) or ()]
        stack += list(getattr(w, "children", ()) or ())
    return "\n".join(out)


def secrets_from(game: fortress.Game, seen_by: set[str]) -> list[str]:
    """The texts of the events no side in ``seen_by`` may see (others' draws, sealed orders)."""
    return [e.text for e in game.events if e.audience is not None and not (e.audience & seen_by)]


def press(shell: Shell, rng: random.Random, typed: bool = False) -> None:
    """Choose a verb (never surrender) and one of its actions in the panel, and press Do it
    (or type the action's notation and press Do typed action)."""
    panel = shell.panel
    verbs = [v for _label, v in panel.verbs.options if v != "surrender"]
    panel.verbs.value = rng.choice(verbs)
    panel.choice.value = rng.randrange(len(panel.choice.options))
    if typed:
        panel.text.value = panel.choice.label
        panel.typed.click()
    else:
        panel.go.click()


def assert_private(shell: Shell, humans: set[str]) -> None:
    page = texts(shell.root)
    leaked = [t for t in secrets_from(shell.game, humans) if t in page]
    assert not leaked, leaked
    viewer = shell.viewer
    if viewer is not None and viewer in shell.game.to_move:  # the panel lists the viewer's actions only
        mine = {shell.game.notation(a) for a in shell.game.legal_actions(viewer)}
        assert {label for v in shell.panel.actions.values() for label, _a in v} == mine


@pytest.mark.parametrize("human", ["cedar", "amber"])
def test_council_is_played_to_the_end_through_the_panel_and_no_seat_sees_anothers_secrets(human):
    shell = Shell("council", seed=5, seats={**BOTS, human: "human"})
    rng, game = random.Random(1), shell.game
    sealed_waits = 0
    for i in range(400):
        if game.is_over:
            break
        assert_private(shell, {human})
        assert human in game.to_move and shell.viewer == human  # the bots moved until the human's turn
        if game.phase == "bid" and len(game.to_move) < 4:
            sealed_waits += 1  # others' sealed bids are in, unseen by this page
        press(shell, rng, typed=i % 5 == 0)
        assert "Refused" not in shell.message.value, shell.message.value
    assert game.is_over and shell.tick.value == str(len(game.history))
    assert_private(shell, {human})
    assert "Game over" in shell.result.value and re.search(r"[+-]\d\.\d\d", shell.result.value)
    assert shell.panel.side is None and shell.panel.controls.layout.display == "none"
    assert (sealed_waits > 0) == (human != "amber")  # Cedar bids after Amber's and Birch's bots


def test_a_hot_seat_takes_each_sealed_order_unseen_by_the_next_human():
    shell = Shell("council", seed=2, seats={**BOTS, "amber": "human", "cedar": "human"})
    rng, game = random.Random(3), shell.game
    while game.phase != "bid":
        press(shell, rng)
    assert shell.viewer == "amber" and game.to_move == {"amber", "birch", "cedar", "dune"}
    shell.panel.verbs.value = "bid"
    shell.panel.go.click()
    assert shell.viewer == "cedar" and "amber" not in game.to_move  # Amber's bid is in; Cedar's turn
    assert "has given its orders" in shell.message.value and "bid" not in shell.message.value
    page = texts(shell.root)
    assert not [t for t in secrets_from(game, {"cedar"}) if t in page]
    assert any("Amber's sealed order" in t for t in secrets_from(game, {"cedar"}))  # the test can fail


def test_a_refused_typed_action_changes_nothing_and_says_why():
    shell = Shell("council", seed=1, seats={**BOTS, "amber": "human"})
    before = len(shell.game.history)
    shell.panel.text.value = "bid 99"
    shell.panel.typed.click()
    assert len(shell.game.history) == before and "Refused" in shell.message.value
    shell.panel.text.value = "fly to the moon"
    shell.panel.typed.click()
    assert len(shell.game.history) == before and "Refused" in shell.message.value
    assert shell.act("choose gather", "birch") is False  # a bot's side is not played at this page
    assert len(shell.game.history) == before


def test_surrender_is_asked_twice():
    shell = Shell("council", seed=1, seats={**BOTS, "amber": "human"})
    shell.panel.verbs.value = "surrender"
    shell.panel.go.click()
    assert "amber" not in shell.game.state.out and "press again" in shell.panel.title.value
    shell.panel.go.click()
    assert "amber" in shell.game.state.out


def test_save_load_undo_and_seats():
    shell = Shell("council", seed=4, seats={**BOTS, "amber": "human"})
    shell.act("choose play", "amber")
    assert shell.game.undoable == 1 and not shell.bar.undo.disabled
    shell.bar.undo.click()
    assert shell.game.phase == "deeds" and shell.game.history == [] and "Took back" in shell.message.value
    shell.act("choose gather", "amber")  # a die roll: cannot be taken back
    assert shell.bar.undo.disabled
    shell.bar.save_button.click()
    link = shell.bar.download.value
    data = base64.b64decode(re.search(r"base64,([^']+)'", link).group(1))
    played = list(map(shell.game.notation, shell.game.history))
    shell.act("choose draw", "amber")  # the game moves on: the link to the old position goes
    assert shell.bar.download.value == ""
    other = Shell("council", seed=9)
    other.bar.load(data, "council.json")
    assert list(map(other.game.notation, other.game.history)) == played and other.seats.humans == ["amber"]
    assert "Loaded council.json" in other.message.value
    other.bar.load(fortress.new_game(1).to_json(), "fa.json")  # another ruleset's save is refused in words
    assert "is a game of Fortress America" in other.message.value
    assert list(map(other.game.notation, other.game.history)) == played
    other.bar.load(b"{not json", "broken.json")
    assert "Cannot load broken.json" in other.message.value
    picker = other.seats.box.children[0].children[1]  # Amber's seat becomes a bot: the bots play on
    picker.value = "random"
    assert other.game.is_over and other.seats.humans == [] and "all seats are bots" in other.header.value


def test_a_new_game_from_the_bar():
    shell = Shell("council", seed=4)
    shell.bar.seed.value = 11
    shell.bar.new.click()
    assert shell.game.history == [] or shell.seats.humans != [shell.game.side]
    assert "New game, seed 11" in shell.message.value and shell.bar.players.options == (4,)


def test_attack_plays_in_the_shell_on_its_world_map():
    shell = Shell("attack", players=4, seed=1)
    game = shell.game
    assert shell.seats.humans == ["red"] and len(shell.seats.box.children) == 4
    assert shell.bar.players.options == (2, 3, 4, 5, 6) and set(shell.bar.variants) == {"pacific", "years-9",
                                                                                      "years-12"}
    maps = [w for w in walk(shell.root) if "fortress-world-map" in getattr(w, "_dom_classes", ())]
    assert len(maps) == 1, "the world board comes through the fortress.dashboards entry point"
    areas = shell.board.made.map.areas
    rng = random.Random(2)
    for _ in range(6):
        assert shell.viewer == "red" and "red" in game.to_move
        press(shell, rng)
        assert "Refused" not in shell.message.value, shell.message.value
    assert len(game.history) > 6 and "ATTACK! Deluxe" in shell.header.value
    assert shell.board.made.map.areas is areas and shell.board.made.map.game is not game  # redrawn, from the view
    assert "Red (" in shell.board.status.value  # the ruleset's status lines
    shell.bar.players.value = 2  # for the next game: the game in play keeps its four seats
    assert len(shell.seats.box.children) == 4 and shell.viewer == "red" and shell.panel.side == "red"
    shell.bar.variants["pacific"].value = True
    shell.bar.new.click()
    assert len(shell.game.seats) == 2 and shell.game.variants == {"pacific"} and len(shell.seats.box.children) == 2
    assert shell.seats.who == {"red": "human", "blue": "random"} and shell.panel.side == "red"


def test_attacks_world_board_shows_the_view_of_the_games_map():
    """[Setup S1]: a Pacific game opens on the Pacific view, a 5-6 player game (both maps) on the
    World; a new game on another map turns the view; a view the player picked stays between moves."""
    shell = Shell("attack", players=4, seed=1)
    board = shell.board.made
    assert board.map.view == "western" and board.map.views.value == "western"
    board.map.select("midwest")
    shell.bar.variants["pacific"].value = True
    shell.bar.new.click()
    assert shell.game.state.map == "pacific" and shell.board.made is board  # the same widget, turned
    assert board.map.view == "pacific" and board.map.caption.value == "Pacific Theatre"
    assert board.map.selected is None and "Midwest" not in board.map.status.value
    board.map.views.value = "world"  # the player's pick
    press(shell, random.Random(1))
    assert board.map.view == "world"
    both = Shell("attack", players=6, seed=1).board.made.map
    assert both.view == "world" and both.views.value == "world"
    shell.bar.variants["pacific"].value = False
    shell.bar.new.click()
    assert board.map.view == "western" and board.map.caption.value == "Western Theatre"


def test_the_board_fills_its_column_beside_the_panel():
    """The board's box takes the column's whole width (it shrank to its widest child, so ATTACK!'s
    map was 470 px wide at 1280x720 beside 280 px of nothing: tests/e2e/test_shell_attack.py)."""
    shell = Shell("attack", players=4, seed=1)
    column = shell.board.widget
    assert column.layout.width == "100%" and shell.board.made.widget in column.children


def test_the_selected_areas_holder_is_said_anew_after_a_move():
    shell = Shell("attack", players=4, seed=2)
    world = shell.board.made.map
    world.select("alaska")
    assert "Alaska</b> (region, neutral)" in world.status.value
    shell.act("government fascism minerals", "red")
    shell.act("capital alaska", "red")  # Red's capital: Alaska is Red's
    assert "Alaska</b> (region, held by Red)" in world.status.value


def walk(widget):
    yield widget
    for child in getattr(widget, "children", ()) or ():
        yield from walk(child)


@pytest.fixture
def hill():
    toy_ruleset.install()
    yield rulesets.get("hill")
    rulesets.unregister("hill")


def test_america_in_flames_sealed_years_are_played_through_the_panel():
    """America in Flames: the USA's sealed orders and its operations, turn after turn, given
    through the panel while five bots play theirs; the calendar moves on and the page always
    shows the USA's own step (its sealed orders: the others' only once revealed)."""
    shell = Shell("aif", seed=3)
    assert shell.seats.humans == ["usa"] and shell.game.phase == "pre-set-up"
    start = shell.game.round_label
    for _ in range(300):
        if shell.game.round_label != start or shell.game.is_over:
            break
        assert shell.viewer == "usa" and "usa" in shell.game.to_move
        before = len(shell.game.history)
        legal = [a for a in shell.game.legal_actions("usa") if str(a) != "surrender"]
        assert shell.act(legal[-1], "usa"), shell.message.value  # the last: pass, end, a purchase
        assert len(shell.game.history) > before
    assert shell.game.round_label != start and not shell.game.is_over
    assert "this page plays USA" in shell.header.value


def test_hill_is_played_to_the_end_with_its_areas_shown(hill):
    shell = Shell("hill", players=2, seed=3)
    assert shell.seats.humans == ["red"] and "The Hill" in shell.board.picture.value
    rng = random.Random(4)
    for _ in range(300):
        if shell.game.is_over:
            break
        press(shell, rng)
    assert shell.game.is_over and "Game over" in shell.result.value
    one = Shell("hill", players=1, seed=3)  # one player holds both sides: both are played here
    assert one.seats.humans == ["red", "blue"] and one.bar.players.options == (1, 2)


def test_a_registered_dashboard_is_made_once_and_updated_or_made_again(hill):
    import ipywidgets as W

    made = []
    boards.register("hill", lambda game: made.append(game) or W.HTML(game.round_label))
    try:
        shell = Shell("hill", players=2, seed=3)
        first = len(made)
        shell.panel.verbs.value = "end"
        shell.panel.go.click()
        assert len(made) > first and shell.board.widget.children[0].value == made[-1].round_label
    finally:
        boards.unregister("hill")


# -- the start page ----------------------------------------------------------------------------
def test_the_start_page_lists_every_installed_ruleset_and_opens_each(monkeypatch):
    from fortress.rulesets.america.dashboard.app import App
    from fortress.ui.shell import RULESET_ENV, start

    monkeypatch.delenv(RULESET_ENV, raising=False)
    widget = start()
    page = widget.page
    listing = texts(widget)
    assert len(page.rows) == len(rulesets.names()) >= 4
    assert "Council <small>(4 players)" in listing and "ATTACK! Deluxe <small>(2-6 players)" in listing
    assert all(rulesets.get(name).title in listing for name in rulesets.names())
    button = next(w for w in walk(widget) if "fortress-start-council" in getattr(w, "_dom_classes", ()))
    button.click()
    assert isinstance(page.opened, Shell) and page.opened.rules.name == "council"
    assert widget.children == (page.back, page.opened.root)
    page.back.click()
    assert widget.children == (page.listing,) and page.opened is None
    next(w for w in walk(widget) if "fortress-start-fortress-america" in getattr(w, "_dom_classes", ())).click()
    assert isinstance(page.opened, App)  # Fortress America's own dashboard


def test_the_start_page_opens_the_ruleset_serve_names(monkeypatch):
    from fortress.ui.shell import RULESET_ENV, start

    monkeypatch.setenv(RULESET_ENV, "council")
    page = start().page
    assert isinstance(page.opened, Shell) and page.opened.rules.name == "council"
    monkeypatch.setenv(RULESET_ENV, "no-such-game")
    page = start().page
    assert page.opened is None and "Cannot open no-such-game" in page.message.value


def test_a_ruleset_that_draws_itself_is_shown_as_its_picture(hill):
    import dataclasses

    drawn = dataclasses.replace(hill, name="hill-drawn",
                                draw=lambda game: f"<svg class='hill-picture'><text>{game.round_label}</text></svg>")
    rulesets.register("hill-drawn", drawn)
    try:
        shell = Shell("hill-drawn", players=2, seed=3)
        assert shell.board.picture.value == "<svg class='hill-picture'><text>Round 1</text></svg>"
        assert "<b>Round 1</b> · march · to move: <b>Red</b>" in shell.header.value
    finally:
        rulesets.unregister("hill-drawn")
