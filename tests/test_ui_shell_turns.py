"""The shell's Bot turns box (fortress.ui.shell.botturns) and its Hint button, without a browser:
every bot action since the page's human last played is told in words from the viewer's view (no
other seat's draw or sealed order), stepped through back and forth and replayed on the board at
a chosen pace, each position the game as it stood then; the Hint is the named bot's choice from
the seat's own view and changes nothing."""
from __future__ import annotations

import html
import random

from fortress.ai import make_bot
from fortress.ui.shell import board as boards
from fortress.ui.shell import hint as hints
from fortress.ui.shell.app import Shell
from fortress.ui.shell.board import status_table
from tests.test_ui_shell import BOTS, hill, press, secrets_from, texts  # noqa: F401 - hill: a fixture


def spy_on_hints(monkeypatch) -> list:
    """The games the Hint's bots are given to choose from, as they are asked."""
    given: list = []

    def spying(name, seed=0, ruleset=None):
        bot = make_bot(name, seed=seed, ruleset=ruleset)
        choose = bot.choose
        bot.choose = lambda game: given.append(game) or choose(game)
        return bot

    monkeypatch.setattr(hints, "make_bot", spying)
    return given


def test_every_bot_action_since_the_humans_last_is_told_and_replayed_on_the_board():
    shell = Shell("council", seed=5, seats={**BOTS, "cedar": "human"})
    game, tape, turns = shell.game, shell.tape, shell.turns
    rng = random.Random(2)
    press(shell, rng)
    assert tape.steps and turns.controls.layout.display == ""
    start = len(game.history) - len(tape.steps)
    assert [s.ply for s in tape.steps] == list(range(start, len(game.history)))  # every bot action since Cedar's
    assert {s.side for s in tape.steps} <= {"amber", "birch", "dune"}
    told = {e.text for s in tape.steps for e in s.events if e.kind != "phase" and e.seen_by("cedar")}
    assert told and all(t in turns.summary.value.replace("&#x27;", "'") for t in told)
    n = len(tape.steps)
    assert turns.slider.max == n and turns.slider.value == n and "The game now" in turns.caption.value
    assert f"Then the bots played {n} actions: Bot turns" in shell.message.value
    for k in (n - 1, 1, 0, n - 2):  # back and forth: each position is the game as it stood then
        turns.go(k)
        position = tape.position(k)
        assert list(position.history) == list(game.history[:start + k])
        assert shell.board.status.value == status_table(position.view("cedar"))
        if k:
            step = tape.steps[k - 1]
            assert f"Action {k} of {n}" in turns.caption.value and shell.rules.side_names[step.side] in turns.caption.value
    turns.back.click()
    assert turns.slider.value == n - 3
    turns.next.click()
    assert turns.slider.value == n - 2 and turns.watching
    turns.now.click()
    assert not turns.watching and shell.board.status.value == status_table(game.view("cedar"))
    assert shell.tick.value == str(len(game.history))


def test_the_pace_is_chosen_and_a_new_run_starts_after_the_humans_next_action():
    shell = Shell("council", seed=5, seats={**BOTS, "cedar": "human"})
    rng = random.Random(2)
    press(shell, rng)
    turns = shell.turns
    for _label, ms in turns.speed.options:
        turns.speed.value = ms
        assert turns.play.interval == ms
    first, kept = shell.tape.steps[0], 0
    turns.go(1)
    press(shell, rng)  # Cedar acts: the game now is shown
    assert not turns.watching
    while shell.tape.steps[0] is first:  # Cedar's own actions keep the last run told ...
        assert shell.game.side == "cedar"
        kept += 1
        press(shell, rng)
    mine = len(shell.game.history) - len(shell.tape.steps) - 1  # ... until the bots play again, after them
    assert shell.tape.steps[0] is not first and shell.tape.steps[0].ply == mine + 1 > first.ply
    assert shell.tape.position(0).history == shell.game.history[:mine + 1] and kept


def test_no_seat_is_told_another_seats_draw_or_sealed_order():
    """Cedar bids after Amber's and Birch's bots: their bids are told as sealed orders, and no
    bot's private draw reaches Cedar's page."""
    shell = Shell("council", seed=2, seats={**BOTS, "cedar": "human"})
    rng = random.Random(3)
    sealed_seen = 0
    for _ in range(60):
        if shell.game.is_over:
            break
        page = texts(shell.root)
        assert not [t for t in secrets_from(shell.game, {"cedar"}) if t in page]
        if shell.game.phase == "bid" and "a sealed order" in shell.turns.moves.value:
            sealed_seen += 1
            hidden = [s for s in shell.tape.steps if s.phase == "bid"]
            assert hidden and all(f"{shell.game.notation(shell.game.history[s.ply])}<" not in shell.turns.moves.value
                                  for s in hidden)
        for k in range(len(shell.tape.steps)):  # every position of the run, as Cedar saw it
            shell.turns.go(k)
            page = texts(shell.root)
            assert not [t for t in secrets_from(shell.game, {"cedar"}) if t in page]
        press(shell, rng)
    assert sealed_seen


def test_the_hint_is_the_named_bots_choice_from_the_seats_view_and_changes_nothing(hill, monkeypatch):  # noqa: F811
    import ipywidgets as W

    def factory(game):
        return W.HTML(game.round_label)

    assert Shell("hill", players=2, seed=3).hint.widget.layout.display == "none"  # no bot named: no Hint
    factory.hint_bot = "random"
    boards.register("hill", factory)
    given = spy_on_hints(monkeypatch)
    try:
        shell = Shell("hill", players=2, seed=3)
        game = shell.game
        before = list(game.history)
        assert shell.hint.widget.layout.display == ""
        hint = shell.hint.ask()
        assert game.history == before and given and given[-1] is not game
        assert [e.text for e in given[-1].events] == [e.text for e in game.view("red").events]  # the seat's view
        expected = make_bot("random", seed=len(before), ruleset=game.rules).choose(game.view("red"))
        assert hint.move == game.notation(expected) and html.escape(hint.move) in shell.hint.answer.value
        assert game.explain(hint.move, "red") is None
        shell.act(hint.move, "red")
        assert shell.hint.answer.value == ""  # the answer was for the last position
    finally:
        boards.unregister("hill")
