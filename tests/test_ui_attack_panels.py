"""A ruleset's own panels in the dashboard shell (fortress.ui.shell.panel), without a browser:
the extension point on the toy ruleset Hill (a panel by step, one always shown, the generic
panel where none takes the moment, the page's view given, never the game), and ATTACK!'s panels
(fortress.rulesets.attack.panels): a first year of a 4-player game played by pressing their
buttons, used actions greyed with the game's reason, the attack panel's odds those of
fortress.rulesets.attack.odds for the same battle, and no panel showing another seat's secrets."""
from __future__ import annotations

import ipywidgets as W
import pytest

from fortress.engine import rulesets
from fortress.engine.actions import End
from fortress.engine.flow import Choose
from fortress.rulesets.attack.battle import Battle
from fortress.rulesets.attack.odds import against_neutral, odds
from fortress.rulesets.attack.panels import MAX_STATES, RUNS
from fortress.rulesets.attack.state import HIDDEN
from fortress.ui.shell import board as boards
from fortress.ui.shell.app import Shell
from tests import toy_ruleset
from tests.test_ui_shell import secrets_from, texts

PREFERRED = ("attack", "move", "build")  #: Red's actions in Spring, Summer and Autumn


class Spy:
    """A panel that records what it was shown and takes the moment when told to."""

    def __init__(self, play, takes: bool) -> None:
        self.play, self.takes, self.seen = play, takes, []
        self.widget = W.Button(description="end it")
        self.widget.on_click(lambda _b: self.play(End()))

    def show(self, view, side):
        self.seen.append((view, side))
        return self.takes


def spy_dashboard(made: dict[str, Spy]):
    def factory(game):
        return W.HTML(game.round_label)

    def panel(key: str, takes: bool):
        def make(play):
            made[key] = Spy(play, takes)
            return made[key]
        return make

    factory.panels = {"*": panel("*", True), "march": panel("march", True), "end": panel("end", False)}
    return factory


@pytest.fixture
def hill():
    toy_ruleset.install()
    yield rulesets.get("hill")
    rulesets.unregister("hill")


def test_a_rulesets_panels_take_their_steps_and_the_generic_panel_the_rest(hill):
    made: dict[str, Spy] = {}
    boards.register("hill", spy_dashboard(made))
    try:
        shell = Shell("hill", players=2, seed=3)
        panel = shell.panel
        assert shell.game.phase == "march" and panel.taken is made["march"]
        assert panel.step.children == (made["march"].widget,) and panel.always.children == (made["*"].widget,)
        assert panel.generic.children == (panel.fold,) and panel.fold.children == (panel.controls,)  # folded
        view, side = made["march"].seen[-1]
        assert side == "red" and view is not shell.game and view.phase == "march"  # the page's view, not the game
        assert [e.text for e in view.events] == [e.text for e in shell.game.view("red").events]
        before = len(shell.game.history)
        made["march"].widget.click()  # the panel plays through the shell: the bots answer
        assert len(shell.game.history) > before and "Refused" not in shell.message.value
        while shell.game.phase == "march" and not shell.game.is_over:
            made["march"].widget.click()
        if not shell.game.is_over:
            assert shell.game.phase != "march" and panel.taken is None  # "end" was asked and declined
            assert made["end"].seen and panel.generic.children == (panel.controls,)  # the generic panel, open
    finally:
        boards.unregister("hill")


def test_the_shell_without_ruleset_panels_shows_the_generic_panel_alone(hill):
    shell = Shell("hill", players=2, seed=3)
    assert shell.panel.own == {} and shell.panel.generic.children == (shell.panel.controls,)
    assert shell.panel.always.children == () and shell.panel.step.children == ()


# -- ATTACK! -----------------------------------------------------------------------------------
def generic(shell: Shell, wanted: tuple[str, ...] = ()) -> None:
    """Play through the generic panel: the first listed verb of ``wanted``, else the first verb."""
    panel = shell.panel
    verbs = [v for _label, v in panel.verbs.options if v != "surrender"]
    panel.verbs.value = next((v for v in wanted if v in verbs), verbs[0])
    panel.choice.value = 0
    panel.go.click()


def decide(shell: Shell) -> None:
    """In a battle: the battle panel takes the moment; Deploy its suggested front, or Fire."""
    decisions = shell.panel.taken
    assert decisions is shell.panel.own["front"] or decisions is shell.panel.own["fire"], decisions
    if decisions.fronts:
        assert not decisions.deploy.disabled, decisions.deploy.tooltip
        decisions.deploy.click()
    else:
        decisions.fire.click()


def check_chooser(shell: Shell) -> None:
    """Each action button greyed exactly when the game refuses it, its hover text the game's reason."""
    chooser, game = shell.panel.taken, shell.game
    for name, button in chooser.buttons.items():
        why = game.explain(Choose(name), "red")
        assert button.disabled == (why is not None), name
        if why is not None:
            assert button.tooltip == why


def attack_with_everything(shell: Shell) -> float:
    """In the attack panel: a neutral target if any, every unit that reaches it; the odds shown are
    checked against the odds module; then Send and Fight. Returns the odds shown."""
    panel, game = shell.panel.taken, shell.game
    neutral = [t for _name, t in panel.target.options if game.state.control.get(t) is None]
    panel.target.value = neutral[0] if neutral else panel.target.options[0][1]
    target = panel.target.value
    for box in panel.counts.values():
        box.value = box.max
    sent = {}
    for (_region, kind), box in panel.counts.items():
        sent[kind] = sent.get(kind, 0) + box.max
    holder = game.state.control.get(target)
    expected = against_neutral(sent, game.state.round, max_states=MAX_STATES, runs=RUNS) if holder is None else \
        odds(Battle.start("army", "red", sent, holder, dict(game.state.army(holder, target))), max_states=MAX_STATES,
             runs=RUNS)
    assert f"<b>{expected.attacker_wins:.1%}</b> to take {game.board[target].name}" in panel.odds.value
    assert panel.battle_odds() == expected
    before = len(game.history)
    panel.send.click()
    assert len(game.history) > before and "Refused" not in shell.message.value, shell.message.value
    if shell.panel.taken is panel:  # still choosing: fight
        panel.fight.click()
    return expected.attacker_wins


def move_within(shell: Shell) -> int:
    """In the move panel: one unit into a region of Red's own (no battle: the panel says so and
    shows no odds), then End. Returns the units moved."""
    panel, game = shell.panel.taken, shell.game
    assert {t for _name, t in panel.target.options} == {
        a.dest for a in game.legal_actions("red") if game.notation(a).startswith("move ")}
    mine = [t for _name, t in panel.target.options if game.state.control.get(t) == "red"]
    assert mine, "Red can move within its own regions in Year 1 at seed 2"
    panel.target.value = mine[0]
    next(iter(panel.counts.values())).value = 1
    assert panel.odds.value == f"No battle: {game.board[mine[0]].name} is yours." and panel.battle_odds() is None
    before = len(game.history)
    panel.send.click()
    assert len(game.history) == before + 1 and "Refused" not in shell.message.value, shell.message.value
    panel.fight.click()
    return 1


def check_builds(shell: Shell) -> None:
    """Each unit's Build button greyed exactly when the game lists no build of it, with the
    game's reason; the purse is the state's."""
    panel, game = shell.panel.taken, shell.game
    legal = {game.notation(a) for a in game.legal_actions("red")}
    for kind, button in panel.buttons.items():
        listed = {game.notation(a) for _label, a in panel.places[kind].options}
        assert listed == {t for t in legal if t.startswith(f"build {kind} ")}
        assert button.disabled == (not listed)
        if button.disabled:
            home = ("coast:" if game.rules.tables.units[kind]["branch"] == "naval" else "") + game.state.capital["red"]
            assert button.tooltip == game.explain(f"build {kind} {home}", "red")
    assert f"production <b>{game.state.production['red']}</b>" in panel.purse.value


def build_while_allowed(shell: Shell) -> int:
    """In the build panel: the oil certificates converted, tanks while allowed (the Minerals limit
    greys them), then infantry while production lasts, then Done. Returns the units built."""
    panel, built, game = shell.panel.taken, 0, shell.game
    certificates = game.state.oil_certs.get("red", 0)
    assert panel.converting.disabled == (certificates == 0)
    if certificates:  # every oil certificate into production (the last option)
        production = game.state.production["red"]
        panel.converting.click()
        assert game.state.oil_certs["red"] == 0 and game.state.production["red"] == production + certificates
    for kind in ("tank", "infantry"):
        while shell.panel.taken is panel and not panel.buttons[kind].disabled and built < 6:
            check_builds(shell)
            panel.buttons[kind].click()
            built += 1
    assert panel.buttons["tank"].disabled and "Build:" in panel.buttons["tank"].tooltip
    if shell.panel.taken is panel:  # else nothing was left to do and the step ended by itself
        check_builds(shell)
        panel.done.click()
    return built


def assert_private(shell: Shell) -> None:
    """No panel shows another seat's secrets: no event Red may not see is on the panels, and the
    attack panel reads Red's view (others' cards and the markers Red has not peeked masked)."""
    page, game = texts(shell.panel.widget), shell.game
    assert not [t for t in secrets_from(game, {"red"}) if t in page]
    view = shell.panel.own["attack"].view
    if view is not None:
        assert view is not game and view.state.hands.keys() == game.state.hands.keys()
        assert all(card == HIDDEN for side, hand in view.state.hands.items() if side != "red" for card in hand)
        unseen = [r for r in game.state.neutral if "red" not in game.state.peeked.get(r, [])]
        assert unseen and all(game.state.neutral[r] != HIDDEN and view.state.neutral[r] == HIDDEN for r in unseen)


@pytest.mark.slow
def test_the_first_year_of_attack_is_played_through_its_panels():
    shell = Shell("attack", players=4, seed=2)
    game, panel = shell.game, shell.panel
    assert shell.seats.humans == ["red"] and set(panel.own) >= {"*", "season", "winter", "attack", "build"}
    taken, odds_seen, greyed, built, moved = [], [], 0, 0, 0
    for _ in range(200):
        if game.round_label == "Year 2" or game.is_over:
            break
        assert_private(shell)
        step = game.phase
        if step == "season":
            check_chooser(shell)
            greyed += sum(b.disabled for b in panel.taken.buttons.values())
            name = next(n for n in PREFERRED if not panel.taken.buttons[n].disabled)
            panel.taken.buttons[name].click()
            taken.append(name)
            assert panel.taken is None or panel.taken is not panel.own["season"]
        elif step == "winter" and panel.taken is panel.own["winter"]:
            check_chooser(shell)
            assert panel.taken.burn.disabled and "oil" in panel.taken.burn.tooltip.lower()  # no oil to burn yet
            panel.taken.passing.click()
        elif step == "attack" and panel.taken is panel.own["attack"]:
            odds_seen.append(attack_with_everything(shell))
        elif step == "build":
            built += build_while_allowed(shell)
        elif step == "move" and panel.taken is panel.own["move"]:
            moved += move_within(shell)
        elif game.state.fight:
            decide(shell)
        else:
            assert panel.taken is None  # setup, the direction: the generic panel
            generic(shell)
        assert "Refused" not in shell.message.value, shell.message.value
        track = panel.own["*"].track.widget.value if panel.always.children else ""
        assert not game.state.round or game.round_label in track
    assert game.round_label == "Year 2", game.round_label
    assert taken == ["attack", "move", "build"] and len(odds_seen) == 1 and greyed >= 1 + 2 and built >= 2
    assert moved == 1
    assert "Attack, Move, Build" not in panel.own["*"].track.widget.value  # the markers came back at the year's end


def test_used_actions_are_greyed_with_the_games_reason_and_shown_on_the_year_track():
    shell = Shell("attack", players=4, seed=2)
    game, panel = shell.game, shell.panel
    while game.phase in ("setup", "direction"):
        generic(shell)
    chooser = panel.taken
    assert chooser is panel.own["season"] and not any(b.disabled for b in chooser.buttons.values())
    assert chooser.burn.disabled and chooser.burn.tooltip == game.explain("burn amazonia", "red")  # a Winter action
    chooser.buttons["research"].click()
    while game.phase == "research":
        generic(shell, ("end",))
    assert game.phase == "season" and "red" in game.to_move and panel.taken is chooser
    research = chooser.buttons["research"]
    assert research.disabled and "research may be chosen once a round, and Red has" in research.tooltip
    assert research.tooltip == game.explain("choose research", "red")
    assert "<th>Red</th><td>Research</td>" in panel.own["*"].track.widget.value
    blue = game.view("blue").ctx.flow.used.get("blue", {})
    assert f"<th>Blue</th><td>{', '.join(k.capitalize() for k in blue) or '-'}</td>" in panel.own["*"].track.widget.value


def spring(action: str):
    """A 4-player game at seed 2 set up through the generic panel, Red's Spring ``action`` chosen
    in the chooser: the shell and the panel that takes the step."""
    shell = Shell("attack", players=4, seed=2)
    while shell.game.phase in ("setup", "direction"):
        generic(shell)
    shell.panel.taken.buttons[action].click()
    assert shell.game.phase == action and shell.panel.taken is shell.panel.own[action]
    return shell, shell.panel.taken


def test_the_attack_panel_shows_the_odds_against_a_players_army_before_anything_is_sent():
    shell, attack = spring("attack")
    game = shell.game
    assert attack.odds.value == "Choose the units to send to see the odds."
    enemy = [t for _name, t in attack.target.options if game.state.control.get(t) not in (None, "red")]
    assert enemy, "Red's neighbours at seed 2 include another player's region"
    attack.target.value = target = enemy[0]
    holder, defenders = game.state.control[target], dict(game.state.army(game.state.control[target], target))
    box = next(iter(attack.counts.values()))
    box.value = box.max
    (_region, kind), = [k for k, b in attack.counts.items() if b is box]
    expected = odds(Battle.start("army", "red", {kind: box.max}, holder, defenders), max_states=MAX_STATES, runs=RUNS)
    name = game.rules.side_names[holder]
    assert f"<b>{expected.attacker_wins:.1%}</b> to take {game.board[target].name}" in attack.odds.value
    assert f"against {name}&#x27;s {sum(defenders.values())} units" in attack.odds.value
    assert game.phase == "attack" and not game.state.act["targets"]  # nothing sent yet


def test_the_negotiate_panel_looks_shows_the_marker_and_its_price_then_influences_or_declines():
    shell, talks = spring("negotiate")
    game = shell.game
    assert {a for _name, a in talks.region.options} == {
        a for a in game.legal_actions("red") if game.notation(a).startswith("negotiate ")}
    region = talks.region.value.args[0]
    assert "is <b>" not in talks.note.value  # nothing seen before looking
    talks.look.click()
    marker = game.state.neutral[region]
    name = game.rules.tables.governments[marker]["name"]
    relation = game.rules.tables.relation(game.state.government["red"], marker)
    price = game.rules.tables.rules["numbers"]["negotiate_cost"][relation]
    assert f"is <b>{name}</b> (only you see it): influencing costs {price} production" in talks.note.value
    assert any(f"is {name}." in t for t in secrets_from(game, {"blue", "green", "yellow"}))  # Red's eyes only
    why = game.explain("influence", "red")
    assert talks.influence.disabled == (why is not None) and talks.influence.tooltip == (why or "")
    talks.decline.click()
    assert "does not influence" in shell.message.value and game.phase != "negotiate"


def test_the_research_panel_offers_the_legal_retooling_and_greys_a_technology_with_the_reason():
    shell, research = spring("research")
    game = shell.game
    legal = {game.notation(a) for a in game.legal_actions("red")}
    for tech, pays in research.pays.items():
        assert {game.notation(a) for _label, a in pays.options} == {t for t in legal if t.startswith(f"research {tech} ")}
    minerals = game.state.tech["red"].get("minerals", 0)
    assert f"Minerals {minerals} ·" in research.held.value and not research.buttons["minerals"].disabled
    research.buttons["minerals"].click()
    assert game.state.tech["red"]["minerals"] == minerals + 1 and f"Minerals {minerals + 1} ·" in research.held.value
    button, why = research.buttons["minerals"], game.explain(f"research minerals infantry {game.state.capital['red']}", "red")
    assert button.disabled and why and button.tooltip == why and "in this Research action" in why
    research.done.click()
    assert game.phase != "research" and "Refused" not in shell.message.value


def test_the_navigate_panel_sails_the_ships_the_game_lets_sail():
    shell, navigate = spring("navigate")
    game = shell.game
    rows = [row.children[1] for row in navigate.ships.children]
    listed = {game.notation(a) for where in rows for _label, a in where.options}
    assert listed and listed == {game.notation(a) for a in game.legal_actions("red")
                                 if game.notation(a).startswith("navigate ")}
    assert {a for _label, a in navigate.embark.options} == {
        a for a in game.legal_actions("red") if game.notation(a).startswith("embark ")}
    sail = rows[0].options[-1][1]
    rows[0].value = sail
    navigate.ships.children[0].children[2].click()
    assert f"to {game.board[sail.dest].name}" in shell.message.value
    assert game.state.ships["red"].get(sail.dest, {}).get(sail.ship) == 1
    navigate.done.click()
    assert game.phase != "navigate" and "Refused" not in shell.message.value
