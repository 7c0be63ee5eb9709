"""One turn of America in Flames played through its dashboard panels, without a browser, on a
real hot-seat game (every power human): the declarations (the USA declares war on Mexico, the
others pass), the operations in ATTACK!'s own panels (Germany navigates; the USA moves, then
attacks Mexico and fights the battle in ATTACK!'s battle panels, the battle shown on the page),
the sealed production order with units bought (nothing of it on the page for the next seat),
then the minor influence step."""
from __future__ import annotations

import html

import pytest

import fortress
from fortress.engine.flow import Pass
from fortress.rulesets.aif.dashboard import americas_map
from fortress.rulesets.aif.panels import OperationChooser, ProductionPanel
from fortress.rulesets.aif.panels.orders import InfluencePanel
from fortress.rulesets.aif.state import Influence, Produce
from fortress.rulesets.attack.panels import AttackPanel, BattleDecisions, NavigatePanel
from fortress.rulesets.attack.world import place_name
from fortress.ui.shell import board as boards
from fortress.ui.shell.app import Shell
from tests.test_ui_aif import POWERS, presetup
from tests.test_ui_shell import secrets_from, texts


@pytest.fixture(autouse=True)
def aif_dashboard():
    boards.register("aif", americas_map)
    yield
    boards.unregister("aif")


def declare_on_mexico(shell: Shell) -> None:
    """The declarations: the USA declares war on Mexico (it joins the Axis, §3.2), the others pass."""
    while shell.game.phase == "declare":
        panel = shell.panel.taken
        if shell.game.side == "usa":
            panel.minor.value = "mexico"
            panel.buttons["declare"].click()
        else:
            panel.passing.click()


def choose(shell: Shell, operation: str | None) -> None:
    """The acting power's chooser: each button greyed exactly when the game refuses it, with its
    reason; then ``operation`` pressed (None: Pass)."""
    chooser, game = shell.panel.taken, shell.game
    assert isinstance(chooser, OperationChooser) and game.phase == "operations"
    for name, button in chooser.buttons.items():
        why = game.explain(game.parse(f"choose {name}"), game.side)
        assert button.disabled == (why is not None) and (why is None or button.tooltip == why)
    (chooser.buttons[operation] if operation else chooser.passing).click()


def pass_until(shell: Shell, power: str) -> None:
    while shell.game.phase == "operations" and shell.game.side != power:
        choose(shell, None)


def fight_out(shell: Shell) -> int:
    """Each battle under way fought in ATTACK!'s battle panels (its suggested front, Fire), shown on
    every page meanwhile; how many decisions it took."""
    n = 0
    while shell.game.state.fight:
        area = html.escape(place_name(shell.game.state.fight["area"]))
        always = shell.panel.own["*"]
        assert always.widget.children[0] is always.battle.widget and area in always.battle.widget.value
        panel = shell.panel.taken
        assert isinstance(panel, BattleDecisions)
        (panel.deploy if panel.deploy.layout.display == "" else panel.fire).click()
        n += 1
        assert n < 200
    return n


def test_a_turn_is_played_through_the_panels() -> None:
    shell = Shell("aif", players=2, seed=1, seats={p: "human" for p in POWERS})
    game = shell.game
    presetup(shell, {})
    presetup(shell, {})
    declare_on_mexico(shell)
    assert "USA declares war on Mexico" in shell.log.value
    assert game.state.armies["mexico"]["northern-mexico"]  # Mexico at war raises its army (§3.1)
    assert game.side == "germany"  # the Axis hold the initiative: their operations first
    choose(shell, "navigate")
    sea = shell.panel.taken
    assert isinstance(sea, NavigatePanel) and game.phase == "navigate" and sea.ships.children
    where = sea.ships.children[0].children[1]
    ship_to = where.value.dest
    sea.ships.children[0].children[2].click()  # Sail, to the first place offered
    assert game.state.ships["germany"].get(ship_to)
    shell.panel.taken.done.click()
    fight_out(shell)
    pass_until(shell, "usa")

    choose(shell, "move")  # the USA's first operation: Move
    move = shell.panel.taken
    assert isinstance(move, AttackPanel) and move.how == "move" and game.phase == "move"
    move.target.value = "texas"
    assert move.odds.value == "No battle: Texas is yours."
    texas = dict(game.state.armies["usa"]["texas"])
    move.counts["midwest", "infantry"].value = 1
    move.send.click()
    assert game.state.armies["usa"]["texas"]["infantry"] == texas["infantry"] + 1
    shell.panel.taken.fight.click()  # the end of the Move
    pass_until(shell, "usa")

    choose(shell, "attack")  # its second: Attack Mexico
    attack = shell.panel.taken
    assert isinstance(attack, AttackPanel) and attack.how == "attack" and game.phase == "attack"
    assert {t for _name, t in attack.target.options} == {"northern-mexico", "southern-mexico"}  # Mexico's, at war
    attack.target.value = "northern-mexico"
    defenders = sum(game.state.armies["mexico"]["northern-mexico"].values())
    for (region, _kind), box in attack.counts.items():
        box.value = box.max if region == "texas" else 0
    assert f"against Mexico&#x27;s {defenders} units" in attack.odds.value  # a minor named, not its id
    attack.send.click()
    if isinstance(shell.panel.taken, AttackPanel):
        shell.panel.taken.fight.click()
    assert game.state.fight and game.state.fight["defender"] == "mexico"
    assert "USA attacks Mexico" in shell.panel.own["*"].battle.widget.value
    assert fight_out(shell) > 0
    assert "wins the battle for Northern Mexico" in shell.log.value
    pass_until(shell, None)

    assert game.phase == "production" and game.side == "usa"
    panel = shell.panel.taken
    assert isinstance(panel, ProductionPanel)
    row = panel.units["tank"]
    assert "texas" in [w for _n, w in row.place.options] and not row.count.disabled
    row.count.value, row.place.value = 2, "texas"
    panel.units["destroyer"].count.value = 1
    cost = 2 * 2 + 2  # ATTACK!'s costs: a tank 2, a destroyer 2
    assert f"{cost} on units" in panel.note.value and f"spends <b>{cost}</b> of 41" in panel.note.value
    assert panel.order() == Produce(0, 0, ((2, "tank", "texas"), (1, "destroyer", panel.units["destroyer"].place.value)))
    row.count.value = 30  # past the build points: greyed with the game's reason
    why = game.explain(panel.order(), "usa")
    assert why is not None and "41 build points" in why and panel.submit.disabled and panel.submit.tooltip == why
    row.count.value = 2
    tanks = game.state.armies["usa"].get("texas", {}).get("tank", 0)
    panel.submit.click()
    assert shell.viewer == "cw" and all(r.count.value == 0 for r in panel.units.values())  # cleared
    secret = secrets_from(game, {"cw"})
    assert any("2 tank texas" in s for s in secret) and not [s for s in secret if s in texts(shell.root)]
    for _power in POWERS[1:]:
        shell.panel.taken.submit.click()
    assert game.state.armies["usa"]["texas"]["tank"] == tanks + 2  # placed when the orders are revealed
    assert "USA places 2 tank at texas" in shell.log.value
    assert game.phase == "influence" and isinstance(shell.panel.taken, InfluencePanel)


def test_a_unit_row_with_nowhere_to_go_is_greyed_with_the_check_s_reason() -> None:
    """The production panel offers a unit type only where the game places it: with no home
    region held, the USA's rows are greyed with the game's own reason."""
    game = fortress.new_game(2, players=2, ruleset="aif")
    while game.phase != "production":
        game.apply(Influence(()) if game.phase == "pre-set-up" else Pass(), game.side)
    assert game.side == "usa"
    panel = ProductionPanel(lambda action: True)
    assert panel.show(game.view("usa"), "usa") and not panel.units["infantry"].count.disabled
    assert [w for _n, w in panel.units["destroyer"].place.options] == \
        [w for w in (f"coast:{r}" for r in game.state.held("usa")) if game.explain(
            Produce(0, 0, ((1, "destroyer", w),)), "usa") is None]  # every coast the check accepts, no other
    for region in game.state.held("usa"):
        game.state.control[region] = "germany"
    panel.show(game.view("usa"), "usa")
    why = game.explain(Produce(0, 0, ((1, "infantry", ""),)), "usa")
    row = panel.units["infantry"]
    assert why is not None and "no home region held" in why
    assert row.count.disabled and row.count.tooltip == why and row.place.options == ()


def test_the_hint_is_the_heuristics_order_from_the_usas_view_and_hides_the_others_orders():
    """The shell's Hint asks America in Flames' heuristic (the dashboard's ``hint_bot``) for the
    USA's sealed pre-set-up order, from the USA's view: the game is not changed, and the hint
    is the order the heuristic gives in that view."""
    from fortress.ai import make_bot

    shell = Shell("aif", seed=3)
    game = shell.game
    assert game.phase == "pre-set-up" and shell.viewer == "usa"
    before = list(game.history)
    hint = shell.hint.ask()
    assert game.history == before and hint.bot == "heuristic" and hint.side == "usa"
    view = game.view("usa")
    assert view.viewer == "usa" and game.viewer is None
    expected = make_bot("heuristic", seed=len(before), ruleset=game.rules).choose(view)
    assert hint.move == game.notation(expected) and hint.move.startswith("influence")
    assert html.escape(hint.text) in shell.hint.answer.value
    assert not [t for t in secrets_from(game, {"usa"}) if t in texts(shell.root)]
