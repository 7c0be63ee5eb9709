"""ATTACK!'s remaining action panels in the dashboard shell, without a browser, on small positions
made from seed 2's first Spring: disembarking in the move panel, the player's hand of action
cards (Play where the action allows, greyed with the game's reason elsewhere), Secret Treaty's
discard in the negotiate panel, and Winter's Burn Oil and standing permissions in the chooser.
Every button plays a listed legal action; what is offered is exactly what the game lists."""
from __future__ import annotations

import pytest

from fortress.engine.flow import Choose
from fortress.rulesets.attack import paths, world
from fortress.rulesets.attack.actions import Disembark, Word
from tests.test_ui_attack_panels import generic, spring

pytestmark = pytest.mark.slow  #: each plays a Spring of a 4-player game first (several seconds)


def words(game, word: str) -> set[str]:
    return {game.notation(a) for a in game.legal_actions("red") if isinstance(a, Word) and a.word == word}


def test_the_move_panel_disembarks_the_cargo_the_game_lets_land():
    shell, move = spring("move")
    game = shell.game
    assert move.landings.layout.display == "none"  # no loaded ship: nothing to land
    s = game.state
    play = paths.in_play(s)
    zone = next(z for z, regions in sorted(world.graph().coast.items())
                if any(s.control.get(r) == "red" and r in play for r in regions))
    s.add_ship("red", zone, "destroyer/infantry")  # a loaded destroyer of Red's (a position for the test)
    game.touch()
    shell.refresh()
    listed = [a for a in game.legal_actions("red") if isinstance(a, Disembark)]
    assert listed and {a for _label, a in move.land.options} == set(listed)
    assert move.landings.layout.display == ""
    landing = move.land.value
    units = s.army_size("red", landing.region)
    move.landing.click()
    assert "Refused" not in shell.message.value, shell.message.value
    assert game.state.army_size("red", landing.region) == units + 1 and move.landings.layout.display == "none"


def give(game, card: str) -> None:
    """Red draws ``card`` from the deck (a position for the test)."""
    game.state.deck.remove(card)
    game.state.hands.setdefault("red", []).append(card)
    game.touch()


def test_the_hand_plays_a_card_in_its_action_and_secret_treaty_asks_which_card_to_discard():
    shell, talks = spring("negotiate")
    game = shell.game
    give(game, "secret-treaty")
    give(game, "bombing-run")
    game.state.production["red"] = 99  # enough to influence anything
    shell.refresh()
    hand = shell.panel.own["*"].hand
    assert hand.widget in shell.panel.own["*"].widget.children
    plays = {b.description: b for b in hand.buttons}
    assert len(hand.buttons) == len(game.state.hands["red"])
    bombing = next(b for b in hand.buttons if "ft-attack-play-bombing-run" in b._dom_classes)
    assert bombing.disabled and bombing.tooltip == game.explain("play bombing-run", "red")
    assert "played with attack, not negotiate" in bombing.tooltip
    treaty = next(b for b in hand.buttons if "ft-attack-play-secret-treaty" in b._dom_classes)
    assert not treaty.disabled and plays
    treaty.click()
    assert game.state.act.get("card") == "secret-treaty" and "secret-treaty" not in game.state.hands["red"]
    talks.look.click()
    talks.influence.click()
    assert "Refused" not in shell.message.value, shell.message.value
    offered = {b.description for b in talks.discards.children}
    assert shell.panel.taken is talks and len(offered) == len(words(game, "discard")) >= 1
    assert talks.deciding.layout.display == "none" and "keep one and discard the other" in talks.note.value
    kept = len(game.state.hands["red"])
    talks.discards.children[0].click()
    assert len(game.state.hands["red"]) == kept - 1 and game.phase != "negotiate"


def to_winter(shell) -> None:
    """Red takes Research and ends it each season (the bots play theirs) until Red is to act in Winter."""
    game = shell.game
    for _ in range(200):
        if game.phase == "winter" and "red" in game.to_move:
            return
        if game.phase == "season":
            free = [n for n, b in shell.panel.taken.buttons.items() if not b.disabled]
            shell.panel.taken.buttons[free[0]].click()
        else:
            generic(shell, ("end", "pass", "fire", "front"))
    raise AssertionError(f"no Winter for Red: {game.round_label} {game.phase}")


def test_winter_burns_oil_and_sets_the_permissions_red_gives():
    shell, _research = spring("research")
    game = shell.game
    to_winter(shell)
    chooser = shell.panel.taken
    assert chooser is shell.panel.own["winter"]
    offered = {b.description for b in chooser.permits.children}
    assert len(offered) == len(words(game, "grant") | words(game, "revoke")) == len(game.state.live()) - 1
    blue = next(b for b in chooser.permits.children if "ft-attack-grant-blue" in b._dom_classes)
    assert blue.description == "Let Blue pass" and "nobody" in chooser.granted.value
    blue.click()
    assert "red>blue" in game.state.grants and shell.panel.taken is chooser
    assert "Withdraw Blue's permission" in {b.description for b in chooser.permits.children}
    assert "Permission to pass your regions and sea zones: Blue." in chooser.granted.value
    s = game.state
    oil = next((r for r in s.oil if s.control.get(r) == "red"), s.capital["red"])
    if oil not in s.oil:
        s.oil.append(oil)
    s.oil_certs["red"] = 5  # an oil deposit and the certificates to burn it (a position for the test)
    game.touch()
    shell.refresh()
    assert not chooser.burn.disabled and chooser.region.value == Word("burn", (oil,))
    chooser.burn.click()
    assert oil in game.state.burned and game.state.oil_certs["red"] == 0
    assert shell.panel.taken is chooser and chooser.passing.layout.display == "none"  # one further action now
    free = [n for n, b in chooser.buttons.items() if not b.disabled]
    assert free and all(game.explain(Choose(n), "red") is None for n in free)


def test_a_whole_game_at_the_page_leaves_no_widget_behind():
    """The widgets a panel makes for one move (the hand's rows, the units' boxes, the ships' rows,
    the permissions' buttons) are closed with their layouts and styles at the next: over a whole
    six-year game played through the page, the live widgets stay level once every panel was made
    (before: the hand alone left about 20 behind a move)."""
    import warnings

    import ipywidgets as W

    from fortress.ai import make_bot
    from fortress.engine import rulesets
    from fortress.ui.shell.app import Shell

    sides = [side for seat in rulesets.get("attack").seats(4) for side in seat]
    shell = Shell("attack", players=4, seed=2, seats={s: "human" if s == "red" else "heuristic" for s in sides})
    player = make_bot("heuristic", seed=2, ruleset=shell.rules)
    live: list[int] = []
    while not shell.game.is_over:
        assert shell.act(player.choose(shell.game), "red"), shell.message.value
        with warnings.catch_warnings():
            warnings.simplefilter("ignore", DeprecationWarning)  # (ipywidgets 8 keeps the registry all the same)
            live.append(len(W.Widget.widgets))
    assert shell.game.round == 6 and len(live) > 100  # the whole game, Red's moves made at the page
    assert live[-1] - live[40] <= 60, live[40::10]
