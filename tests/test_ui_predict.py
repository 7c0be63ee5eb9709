"""Class-prediction mode (issue 18): pause before the dice, the exact odds, the class's guess,
then every die explained with its rule."""
from __future__ import annotations

import re

import pytest

import fortress
from fortress.ai import make_bot
from fortress.rulesets.america import actions as A
from fortress.engine.events import Event
from fortress.rulesets.america.dashboard.predict import BATTLE, LASER, Question, answer, explain, explain_die, question, rolls_dice
from tests.test_ui_helpers import new_app, press

HEURISTIC = {"west": "heuristic", "south": "heuristic", "east": "heuristic"}


def until(game, done, bot=None):
    bot = bot or make_bot("heuristic")
    while not done(game):
        game.apply(bot.choose(game))
    return game


def test_only_fights_and_laser_shots_roll():
    assert rolls_dice(A.Fight()) and rolls_dice(A.Fire("west", "infantry", "portland"))
    assert not rolls_dice(A.End()) and not rolls_dice(A.Declare("portland"))


def test_a_battle_question_has_the_exact_odds():
    game = until(fortress.new_game(3, setup="balanced"), lambda g: A.Fight() in g.legal_actions())
    q = question(game, A.Fight())
    b = game.battle
    expected = fortress.rulesets.america.odds.exact(dict(b.attackers), dict(b.defenders), game.board[b.area].kind).p_cleared
    assert q.kind == BATTLE and q.area == b.area and q.attacker == b.attacker
    assert [k for k, _l, _p in q.choices] == ["cleared", "held"]
    assert q.choices[0][2] == pytest.approx(expected) and q.choices[1][2] == pytest.approx(1 - expected)


def test_a_laser_question_has_the_chance_the_dice_give():
    game = until(fortress.new_game(3, setup="balanced"), lambda g: g.phase == "lasers" and any(
        isinstance(a, A.Fire) for a in g.legal_actions()))
    shot = next(a for a in game.legal_actions() if isinstance(a, A.Fire))
    q = question(game, shot)
    assert q.kind == LASER and [k for k, _l, _p in q.choices] == ["destroyed", "missed"]
    runs = 600  # the same shot in copies with other dice: the share destroyed is the question's chance
    hits = 0
    for seed in range(runs):
        copy = game.determinized(seed)
        events = copy.apply(shot)
        hits += answer(q, copy.events) == "destroyed"
        assert events
    p = q.choices[0][2]
    assert abs(hits / runs - p) < 4 * (p * (1 - p) / runs) ** 0.5 + 1e-9


def test_the_answer_is_read_from_the_events_after_the_question():
    q = Question(BATTLE, "portland", "west", "", (("cleared", "", 0.5), ("held", "", 0.5)), 1)
    start = Event("battle", "West attacks Portland.", "west", ("portland",))
    roll = Event("roll", "...", "us", ("portland",), (("infantry", "red", "blank"),))
    held = Event("battle", "Battle for Portland: the defenders hold.", "us", ("portland",))
    cleared = Event("battle", "Battle for Portland: no defender is left.", "west", ("portland",))
    assert answer(q, [start, roll]) is None
    assert answer(q, [roll, start, roll, held]) == "held"  # the event before the question is not read
    assert answer(q, [start, start, roll, cleared]) == "cleared"


def test_every_die_is_explained_with_its_rule():
    assert "destroyed" in explain_die("hovertank", "white", "hit", True)
    assert "always a hit for a defender" in explain_die("infantry", "red", "combined_arms", True)
    miss = "Combined Arms is no hit: an attacker in a city needs air, mechanized and foot units together"
    assert explain_die("bomber", "blue", "combined_arms", False, miss).endswith(
        "no hit: an attacker in a city needs air, mechanized and foot units together")
    assert "disengage" in explain_die("infantry", "red", "retreat", True)
    assert "retreat" in explain_die("infantry", "red", "retreat", False)
    assert "no effect" in explain_die("infantry", "red", "blank", False)
    events = [Event("roll", "", "us", ("x",), (("infantry", "red", "hit"), ("mobile", "red", "blank"))),
              Event("roll", "", "west", ("x",), (("bomber", "blue", "combined_arms"),)),
              Event("combined_arms", miss, "west", ("x",))]
    lines = explain(events, "west")
    assert len(lines) == 3 and lines[0].startswith("U.S. defending: infantry (red d6): Hit")
    assert lines[2].startswith("West attacking: bomber (blue d10): Combined Arms, no hit")


def test_the_bots_wait_before_their_dice_for_the_class(tmp_path):
    app = new_app(tmp_path, seats=HEURISTIC, seed=3)
    app.predict.toggle.value = True
    press(app, "fortress-play")
    g, p = app.game, app.predict
    assert p.waiting and g.phase == "combat" and A.Fight() in g.legal_actions()
    assert "guess" in app.message.value and "Exact odds" in p.text.value
    asked = len(g.events)
    press(app, "fortress-play")  # no move while the class has not guessed
    assert len(g.events) == asked
    press(app, "fortress-predict-guess", 1)
    happened = answer(p.question, g.events)
    assert happened is not None and not p.waiting
    assert ("was <b>right</b>" if happened == "held" else "was <b>wrong</b>") in p.text.value
    rolled = sum(len(e.rolls) for e in g.events[asked:])
    assert rolled and len(re.findall("<li>", p.text.value)) == rolled
    press(app, "fortress-predict-close")
    assert p.box.layout.display == "none"
    press(app, "fortress-play")
    assert len(g.events) > asked + rolled


def at_a_fight(tmp_path):
    """A page of human players (the heuristic chooses, the app plays) at its first Fight, with
    class prediction on."""
    app = new_app(tmp_path, seed=3)
    bot = make_bot("heuristic")
    while A.Fight() not in app.game.legal_actions():
        assert app.act(bot.choose(app.game))
    app.predict.toggle.value = True
    return app


def test_a_players_fight_waits_for_the_guess_and_the_mode_off_does_not(tmp_path):
    app = at_a_fight(tmp_path)
    history = list(app.game.history)
    assert not app.act(A.Fight()) and app.game.history == history and app.predict.waiting
    app.predict.toggle.value = False  # switched off: the question goes, the Fight is played as usual
    assert not app.predict.waiting and app.predict.box.layout.display == "none"
    assert app.act(A.Fight()) and app.game.history[-1] == A.Fight()


def test_undo_drops_the_question_and_no_move_is_made_while_the_class_guesses(tmp_path):
    app = at_a_fight(tmp_path)
    assert not app.act(A.Fight()) and app.predict.waiting
    other = [a for a in app.game.legal_actions() if a != A.Fight() and a.verb != "surrender"]
    history = list(app.game.history)
    assert not other or not app.act(other[0])  # a second move waits for the guess...
    assert app.game.history == history and "guesses first" in app.message.value
    app.undo()  # ...but Undo takes the move before back, and the question goes with it
    assert app.game.history == history[:-1] and not app.predict.waiting
    assert app.predict.box.layout.display == "none"


def test_bots_that_move_by_themselves_go_on_after_the_class_has_guessed(tmp_path):
    app = new_app(tmp_path, seats=HEURISTIC, seed=3)
    app.predict.toggle.value = True
    app.auto_box.value = True  # the bots start, and stop before their first dice
    assert app.predict.waiting
    first = app.predict.question
    press(app, "fortress-predict-guess", 0)
    if app.predict.close.layout.display is None:  # the answer is shown: the bots wait for "Got it"
        at = len(app.game.history)
        press(app, "fortress-predict-close")
        assert len(app.game.history) > at
    assert (app.predict.waiting and app.predict.question is not first) or not app.bots.is_bot(app.game.side)
