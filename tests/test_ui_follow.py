"""Bot turns you can follow (issue 18): the summary, the move list, stepping through the bots' moves."""
from __future__ import annotations

import re
import warnings

import ipywidgets as W
import pytest

import fortress
from fortress.engine.events import Event
from fortress.ui import theme as T
from fortress.rulesets.america.dashboard.follow import Fight, Step, Tape, move_list, ordinal, summarize_turn
from fortress.rulesets.america.dashboard.follow_panel import arrow, arrows
from tests.test_ui_helpers import new_app, press

HEURISTIC = {"west": "heuristic", "south": "heuristic", "east": "heuristic"}
NAMES = {"portland": "Portland", "cascades": "Cascades", "pacific-3": "Pacific: Cape Mendocino",
         "seattle": "Seattle"}


def step(ply: int, phase: str, *events: Event, side: str = "west", fight: Fight | None = None) -> Step:
    return Step(ply, 2, side, phase, f"move {ply}", "", events, fight)


def west_takes_portland() -> list[Step]:
    return [
        step(0, "declare", Event("declare", "West declares a battle for Portland.", "west", ("portland",))),
        step(1, "maneuvers", Event("move", "West moves ...", "west", ("pacific-3", "cascades"))),
        step(2, "combat", Event("battle", "West attacks Portland.", "west", ("portland",))),
        step(3, "combat", Event("roll", "...", "us", ("portland",)),
             Event("destroy", "U.S. infantry destroyed", "us", ("portland",)),
             Event("roll", "...", "west", ("portland",)),
             Event("battle", "Battle for Portland: no defender is left.", "west", ("portland",)),
             fight=Fight("portland", 5, 0.48)),
        step(4, "invasion", Event("move", "West invades ...", "west", ("cascades", "portland"))),
        step(5, "capture", Event("capture", "West captures Portland from U.S.", "west", ("portland",)),
             Event("city", "Portland goes on the captured-city track for West (3 of 18).", "west", ("portland",))),
    ]


# -- the summary, a pure function of the steps' events -------------------------------------------
def test_summary_says_the_attack_its_odds_the_capture_and_the_city_count():
    text = summarize_turn(west_takes_portland(), NAMES, cities_before=2)
    assert "West attacked Portland with 5 units (odds 48%) and took it." in text
    assert "Portland is the 3rd captured city" in text
    assert "West declared 1 battle (Portland)." in text and "It made 1 maneuver." in text
    assert "It destroyed 1 enemy unit." in text and "lost" not in text


def test_summary_of_a_battle_the_defenders_held():
    steps = west_takes_portland()[:3] + [step(3, "combat", Event("battle", "Battle for Portland: the defenders hold.",
                                                                 "us", ("portland",)), fight=Fight("portland", 2, 0.2))]
    text = summarize_turn(steps, NAMES)
    assert "West attacked Portland with 2 units (odds 20%): the defenders held." in text
    assert "captured" not in text and "West's turn is not over yet." in text


def test_ordinals():
    assert [ordinal(n) for n in (1, 2, 3, 4, 11, 12, 13, 21, 22, 101, 111)] == \
        ["1st", "2nd", "3rd", "4th", "11th", "12th", "13th", "21st", "22nd", "101st", "111th"]


def test_move_list_groups_by_side_and_phase():
    steps = west_takes_portland() + [step(6, "declare", side="south"), step(7, "declare", side="south")]
    groups = move_list(steps)
    assert [(g.side, g.phase, [i for i, _s in g.steps]) for g in groups] == [
        ("west", "declare", [1]), ("west", "maneuvers", [2]), ("west", "combat", [3, 4]), ("west", "invasion", [5]),
        ("west", "capture", [6]), ("south", "declare", [7, 8])]


# -- the tape: recorded from a real game ----------------------------------------------------------
def play_bots(game, tape: Tape, bots, until: str = "us", rounds: int = 2) -> None:
    while game.side != until and not game.is_over and game.round <= rounds:
        bot = bots[game.side]
        action = bot.choose(game)
        before, state = tape.snapshot(game), game.state.copy()
        tape.record(before, game, action, bot.reason, game.apply(action), state)


@pytest.fixture(scope="module")
def round_one():
    from fortress.ai import make_bot
    game = fortress.new_game(3, setup="balanced")
    tape = Tape()
    play_bots(game, tape, {s: make_bot("heuristic", seed=i) for i, s in enumerate(HEURISTIC)})
    return game, tape


def test_the_tape_replays_every_position_and_the_odds_before_the_dice(round_one):
    game, tape = round_one
    assert len(tape.states) == len(tape.steps) + 1 and tape.states[-1].to_dict() == game.state.to_dict()
    assert [len(t) for t in tape.turns()] and [t[0].side for t in tape.turns()] == ["west", "south", "east"]
    fights = [(i, s.fight) for i, s in enumerate(tape.steps) if s.fight]
    assert fights
    view = game.copy()
    for i, fight in fights:  # the odds of the battle as it stood before the step that rolled
        view.state = tape.states[i]
        b = view.battle
        assert b is not None and b.area == fight.area and not b.rolls
        expected = fortress.rulesets.america.odds.exact(dict(b.attackers), dict(b.defenders), game.board[b.area].kind).p_cleared
        assert fight.odds == pytest.approx(expected) and fight.units == sum(b.attackers.values())
    names = {a.id: a.name for a in game.board}
    for turn in tape.turns():
        text = summarize_turn(turn, names, tape.cities_before(turn))
        for i, fight in fights:
            if tape.steps[i] in turn:
                assert f"attacked {names[fight.area]} with {fight.units} units (odds {fight.odds:.0%})" in text


def test_a_run_breaks_at_another_turn_not_at_a_choice_inside_the_bots_turn():
    from fortress.ai import make_bot
    game, tape = fortress.new_game(3, setup="balanced"), Tape()
    bot = make_bot("heuristic", seed=0)

    def bot_move():
        before, state = tape.snapshot(game), game.state.copy()
        action = bot.choose(game)
        tape.record(before, game, action, "", game.apply(action), state)

    bot_move()
    game.apply(bot.choose(game))  # someone else's decision in the same turn (a human's casualty choice)
    bot_move()
    assert len(tape.steps) == 2 and len(tape.states) == 3
    while game.state.turn == "west":  # the rest of West's turn, not recorded; then South's first move
        game.apply(bot.choose(game))
    bot_move()
    assert len(tape.steps) == 1 and tape.steps[0].side == "south"


def test_bots_on_every_side_keep_the_last_four_turns():
    from fortress.ai import make_bot
    from fortress.rulesets.america.dashboard.follow import MAX_TURNS
    game, tape = fortress.new_game(3, setup="balanced"), Tape()
    bots = {s: make_bot("heuristic", seed=i) for i, s in enumerate(("west", "south", "east", "us"))}
    play_bots(game, tape, bots, until="nobody", rounds=2)  # two rounds: eight turns
    turns = tape.turns()
    assert len(turns) == MAX_TURNS and turns[-1][0].round >= 2
    assert len(tape.states) == len(tape.steps) + 1 and tape.states[-1].to_dict() == game.state.to_dict()
    assert tape.cities == len(tape.states[0].captured)  # the cities captured before the oldest turn kept


# -- the Bot turns tab ----------------------------------------------------------------------------
def live_widgets() -> int:
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", DeprecationWarning)
        return len(W.Widget.widgets)


@pytest.fixture
def played(tmp_path):
    app = new_app(tmp_path, seats=HEURISTIC, seed=3)
    start = len(app.game.history)
    press(app, "fortress-play")
    return app, len(app.game.history) - start


def test_play_to_my_turn_tells_each_bot_turn_and_lists_its_moves(played):
    app, n = played
    f = app.follow
    assert app.tabs.get_title(app.tabs.selected_index) == "Bot turns"
    assert f.slider.max == n == len(f.tape.steps) and not f.watching
    paragraphs = re.findall(r"<p>(.*?)</p>", f.summary.value)
    assert len(paragraphs) == 3
    for para, side in zip(paragraphs, ("West", "South", "East")):
        assert f">{side}</span> <b>Round 1</b>: {side} declared" in para and f"{side} captured" in para
    assert "(odds " in f.summary.value
    groups = re.findall(r"<b>R1 ([^<]*)</b>", f.moves.value)
    assert groups[:3] == ["Declare battles", "Maneuvers", "Invasion"] and len(groups) == len(move_list(f.tape.steps))
    assert f.moves.value.count("class='mv") == n


def test_step_through_shows_each_position_with_arrows_then_the_game_now(played):
    app, n = played
    f, bm, game = app.follow, app.board_map, app.game
    taken = next(e.areas[0] for s in f.tape.steps for e in s.events if e.kind == "capture")
    now_colour = T.SIDE_COLOURS[game.controller(taken)][0]
    assert bm.drawn_style(taken)[0] == now_colour
    press(app, "fortress-follow-back")
    assert f.slider.value == n - 1 and f.watching and "Move" in f.caption.value
    f.go(0)
    assert bm.drawn_style(taken)[0] == T.SIDE_COLOURS["us"][0]  # before the bots moved
    assert "Before the bots' first move" in f.caption.value and f.back.disabled
    mover = next(i for i, s in enumerate(f.tape.steps, 1) if any(e.kind == "move" for e in s.events))
    f.go(mover - 1)
    press(app, "fortress-follow-next")
    moves, attacks = f.layers
    moved = [e for e in f.tape.steps[mover - 1].events if e.kind == "move"]
    assert len(moves.locations) == 3 * len(moved) and not attacks.locations  # a line and two barbs each
    assert moves.pointer_events == "none"  # a click goes through to the territory
    sender = next(i for i, s in enumerate(f.tape.steps, 1) if any(e.kind == "commit" for e in s.events))
    f.go(sender)
    assert attacks.locations and f"class='mv now' title=" in f.moves.value
    history = list(game.history)
    bm.click(taken)  # the map shows the past: a click does not play
    assert game.history == history and "The game now" in app.message.value
    press(app, "fortress-follow-live")
    assert not f.watching and bm.drawn_style(taken)[0] == now_colour
    f.go(3)
    app.refresh()  # any redraw of the game (a click, a bot) shows the game now
    assert not f.watching and "The game now" in f.caption.value and bm.drawn_style(taken)[0] == now_colour
    assert not moves.locations and not attacks.locations and "The game now" in f.caption.value


@pytest.mark.slow
def test_stepping_makes_no_widgets_and_speed_sets_the_play_interval(played):
    app, n = played
    f = app.follow
    for i in range(n + 1):
        f.go(i)
    before = live_widgets()
    for i in range(n, -1, -1):
        f.go(i)
    f.to_live()
    assert live_widgets() == before
    f.speed.value = 300
    assert f.play.interval == 300


def test_a_new_game_clears_the_bot_turns(played, tmp_path):
    app, _n = played
    app.start(fortress.new_game(4, setup="balanced"), HEURISTIC)
    assert not app.follow.tape.steps and app.follow.slider.max == 0 and "No bot moves yet" in app.follow.summary.value


def test_arrow_points_at_its_destination():
    line, barb1, barb2 = arrow((40.0, -100.0), (40.0, -90.0))
    tip = line[1]
    assert line[0] == (40.0, -100.0) and tip == barb1[1] == barb2[0]
    assert -100 < tip[1] < -90 and abs(tip[0] - 40) < 1e-9
    assert barb1[0][1] < tip[1] and barb2[1][1] < tip[1]  # barbs swept back towards the source
    assert barb1[0][0] > 40 > barb2[1][0] or barb1[0][0] < 40 < barb2[1][0]
    assert arrows(None, {}) == ([], [])


def test_the_bot_turns_tab_opens_from_the_log_only(tmp_path):
    app = new_app(tmp_path, seats=HEURISTIC, seed=3)
    odds = app.tabs.titles.index("Odds")
    app.tabs.selected_index = odds  # the teacher is working in the Odds tab
    press(app, "fortress-play")
    assert app.tabs.selected_index == odds and app.follow.tape.steps
