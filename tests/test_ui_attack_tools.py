"""ATTACK! in the dashboard shell, the tools beside its panels, without a browser: the bots' turns
replayed on the world board as Red saw them, the Hint (ATTACK!'s heuristic, from Red's view only),
the odds workbench (any two forces and the options a battle takes: the odds module's exact odds),
and a waiting seat's own hand of action cards, read-only, never another seat's."""
from __future__ import annotations

import html

import pytest

from fortress.ai import make_bot
from fortress.rulesets.attack.actions import Go
from fortress.rulesets.attack.battle import Battle, BattleOptions
from fortress.rulesets.attack.odds import against_neutral, odds
from fortress.rulesets.attack.panels import MAX_STATES as PANEL_STATES
from fortress.rulesets.attack.panels import RUNS as PANEL_RUNS
from fortress.rulesets.attack.panels.workbench import MAX_STATES, RUNS
from fortress.rulesets.attack.state import HIDDEN
from fortress.ui.shell.app import Shell
from tests.test_ui_attack_more import give
from tests.test_ui_attack_panels import generic, spring
from tests.test_ui_shell import secrets_from, texts
from tests.test_ui_shell_turns import spy_on_hints

pytestmark = pytest.mark.slow  #: each opens a 4-player game's world board, most after a Spring (2-5 s)


def test_the_bots_turns_are_replayed_on_the_world_board_as_red_saw_them():
    shell, _move = spring("move")
    game, tape, turns, world = shell.game, shell.tape, shell.turns, shell.board.made.map
    while not tape.steps or tape.steps[-1].ply != len(game.history) - 1:  # Red's Move, then the bots' Summer
        generic(shell, ("end", "move", "pass"))
    n = len(tape.steps)
    assert n > 3 and {s.side for s in tape.steps} <= {"blue", "green", "yellow"}
    for k in (0, n // 2, n - 1):
        turns.go(k)
        then = tape.position(k).view("red")
        assert world.game.state.armies == then.state.armies and world.game.state.control == then.state.control
        assert world.game.state.hands["red"] == then.state.hands["red"]
        assert all(set(hand) <= {HIDDEN} for side, hand in world.game.state.hands.items() if side != "red")
        page = texts(shell.root)
        assert not [t for t in secrets_from(game, {"red"}) if t in page]
    turns.next.click()
    step = tape.steps[n - 1]
    assert f"Action {n} of {n}" in turns.caption.value and html.escape(game.notation(game.history[step.ply])) in \
        turns.caption.value
    public = [e.text for e in step.events if e.audience is None and e.kind != "phase"]
    assert all(html.escape(t) in turns.caption.value for t in public)
    turns.now.click()
    assert world.game.state.armies == game.view("red").state.armies and not turns.watching


def test_the_hint_is_the_heuristics_choice_from_reds_view(monkeypatch):
    shell, _attack = spring("attack")
    game = shell.game
    given = spy_on_hints(monkeypatch)
    before = list(game.history)
    hint = shell.hint.ask()
    assert game.history == before and hint.bot == "heuristic" and hint.side == "red"
    view = given[-1]
    assert view is not game and all(set(h) <= {HIDDEN} for side, h in view.state.hands.items() if side != "red")
    unseen = [r for r in game.state.neutral if "red" not in game.state.peeked.get(r, [])]
    assert unseen and all(view.state.neutral[r] == HIDDEN for r in unseen)  # no marker Red has not looked at
    bot = make_bot("heuristic", seed=len(before), ruleset=game.rules)
    expected = bot.choose(game.view("red"))
    assert hint.move == game.notation(expected) and hint.why and hint.why in bot.reason
    assert html.escape(hint.text) in shell.hint.answer.value
    assert isinstance(expected, Go) and expected.how == "attack"  # seed 2's first Attack: the odds behind it
    target, holder = expected.dest, game.state.control.get(expected.dest)
    behind = against_neutral({expected.kind: expected.n}, game.state.round, max_states=PANEL_STATES, runs=PANEL_RUNS) \
        if holder is None else odds(Battle.start("army", "a", {expected.kind: expected.n}, "d",
                                                 game.state.army(holder, target)), max_states=PANEL_STATES, runs=PANEL_RUNS)
    assert hint.odds.startswith(f"Odds: {behind.attacker_wins:.1%} to take {game.board[target].name} with the "
                                f"{expected.n} unit")
    assert shell.act(hint.move, "red")  # the hint is a legal action of Red's


def test_the_odds_workbench_gives_the_odds_modules_odds_for_any_forces_and_options():
    shell = Shell("attack", players=4, seed=2)
    bench = shell.workbench
    assert bench.widget in shell.tools.children and shell.tools.titles[-1] == "Odds workbench"
    bench.compute()
    assert "No attacking unit" in bench.result.value
    bench.boxes["attacker"]["infantry"].value, bench.boxes["attacker"]["artillery"].value = 4, 1
    bench.boxes["defender"]["infantry"].value, bench.boxes["defender"]["tank"].value = 3, 1
    plain = bench.compute()
    expected = odds(Battle.start("army", "a", {"infantry": 4, "artillery": 1}, "d", {"infantry": 3, "tank": 1}),
                    max_states=MAX_STATES, runs=RUNS)
    assert plain == expected and plain.method == "exact"
    assert f"<b>{plain.attacker_wins:.1%}</b>" in bench.result.value and "absorbing Markov chain" in bench.result.value
    both = 1 - plain.attacker_wins - plain.defender_wins
    assert "both destroyed" in bench.result.value and f"<b>{max(0.0, both):.1%}</b>" in bench.result.value
    bench.shock.value, bench.raid.value = 1, "reroll"
    shocked = bench.compute()
    options = BattleOptions(shock_troops=1, armor_raid="reroll")
    assert shocked == odds(Battle.start("army", "a", {"infantry": 4, "artillery": 1}, "d", {"infantry": 3, "tank": 1},
                                        options=options), max_states=MAX_STATES, runs=RUNS)
    assert shocked.attacker_wins > plain.attacker_wins
    bench.defender.value, bench.year.value = "neutral", 3
    assert bench.compute() == against_neutral({"infantry": 4, "artillery": 1}, 3, max_states=MAX_STATES, runs=RUNS,
                                              options=options)
    bench.kind.value = "naval"  # a neutral raises an army: no naval battle against one
    assert set(bench.boxes["attacker"]) == {"destroyer", "submarine", "carrier", "battleship"}
    bench.boxes["attacker"]["destroyer"].value = 2
    assert bench.compute() is None and "choose an army battle" in bench.result.value


def test_the_workbench_takes_its_forces_from_the_board():
    shell = Shell("attack", players=4, seed=2)
    while shell.game.phase in ("setup", "direction"):
        generic(shell)
    bench, state = shell.workbench, shell.game.state
    armies = {(side, area): units for side, places in state.armies.items() for area, units in places.items() if units}
    assert len(bench.board.options) >= len(armies) >= 2
    (first, a), (second, b) = [(label, value) for label, value in bench.board.options if value[0] == "army"][:2]
    bench.board.value = a
    bench.to_attacker.click()
    bench.board.value = b
    bench.to_defender.click()
    assert bench.units("attacker") == a[1] and bench.units("defender") == b[1] and bench.defender.value == "player"
    assert bench.compute() == odds(Battle.start("army", "a", a[1], "d", b[1]), max_states=MAX_STATES, runs=RUNS)


def test_a_waiting_seat_sees_its_own_hand_read_only_and_never_anothers():
    shell, _move = spring("move")
    game = shell.game
    give(game, "secret-treaty")
    blue_card = next(c for c in game.state.deck if c != "secret-treaty")
    game.state.deck.remove(blue_card)
    game.state.hands.setdefault("blue", []).append(blue_card)
    while "red" in game.to_move:  # Red ends its Move in the game itself: the bots do not answer
        game.apply(next(a for a in game.legal_actions("red") if game.notation(a) in ("end", "pass"))
                   if any(game.notation(a) in ("end", "pass") for a in game.legal_actions("red"))
                   else game.legal_actions("red")[0], "red")
    shell.show_seat(game.view("red"), ("red",))  # Red's page of a game played elsewhere, as a seat link shows it
    hand = shell.panel.own["*"].hand
    assert shell.panel.side is None and hand.widget in shell.panel.own["*"].widget.children
    assert not hand.buttons and "played on your turn" in hand.title.value
    names = game.rules.tables.cards
    page = texts(shell.root)
    assert all(names[c]["name"] in page for c in game.state.hands["red"])
    if names[blue_card]["name"] not in {names[c]["name"] for c in game.state.hands["red"]}:
        assert names[blue_card]["name"] not in texts(shell.panel.widget)
    shell.leave_seat("gone")  # no seat at the page: no hand
    assert hand.widget not in shell.panel.own["*"].widget.children
