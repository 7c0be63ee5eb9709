"""ATTACK!'s battle panel in the dashboard shell (fortress.rulesets.attack.panels.fight), without
a browser: while a battle is under way every page shows its fronts and reserves (those of the
battle in the game), who fires next and with how many dice (the opening salvo said), each fire
step's dice matched to the units (the dice the game's fire events carry), the destruction order;
the deciding seat gets its front choice (Deploy greyed with the game's reason until the front is
one the game lists) and Fire, and the battle is fought to its end by these buttons alone."""
from __future__ import annotations

import re

import pytest

from fortress.rulesets.attack.battle import Battle, tables
from fortress.rulesets.attack.battle_dice import describe
from fortress.rulesets.attack.combat import read_front
from fortress.ui.shell.app import Shell
from tests.test_ui_attack_panels import spring

pytestmark = pytest.mark.slow  #: each plays a Spring of a 4-player game first (several seconds)


def biggest_attack() -> tuple[Shell, str]:
    """Seed 2's Spring Attack sent, from every region, against the target most units reach: Red's
    battle (a front to choose: more than four units) is under way."""
    shell, attack = spring("attack")
    most = {t: sum(max(a.n for a in acts if (a.origin, a.kind) == key) for key in {(a.origin, a.kind) for a in acts})
            for t, acts in attack.orders.items()}
    attack.target.value = target = max(most, key=most.__getitem__)
    for box in attack.counts.values():
        box.value = box.max
    attack.send.click()
    if shell.panel.taken is attack:
        attack.fight.click()
    assert shell.game.state.fight and shell.game.state.fight["area"] == target
    return shell, target


def check_report(shell: Shell) -> int:
    """The report says what the game's battle holds; returns the dice it shows."""
    game, report = shell.game, shell.panel.own["*"].battle
    b = Battle.from_dict(game.state.fight["engine"])
    page = report.widget.value
    assert f"Battle for {game.board[game.state.fight['area']].name}" in page and f"round {b.round}" in page
    for role in ("attacker", "defender"):
        front = [t for t in tables().order[b.kind] for _ in range(b.front[role].get(t, 0))]
        assert f"front (at most {b.front_max(role)}): {', '.join(front) or 'empty'}" in page
        assert f"reserve: {describe(b.reserve[role]) if b.reserve[role] else 'none'}" in page
    assert f"in this order: {', '.join(tables().order[b.kind])}" in page
    start = max(i for i, e in enumerate(game.events) if e.kind == "battle" and game.state.fight["area"] in e.areas)
    thrown = [d for e in game.events[start:] if e.kind == "fire" for d in e.rolls]
    shown = re.findall(r"<span class='ft-attack-die( ft-hit)?' title='[^']*'>([^<]*)</span>", page)
    assert [(bool(hit), label) for hit, label in shown] == \
        [(bool(unit), f"{face} → {unit}" if unit else face) for unit, _die, face in thrown]
    if b.pending is None and b.salvo:
        assert f"Opening salvo: Red fires its deployed {tables().salvo[b.kind]} only" in page
    return len(shown)


def test_the_battle_panel_shows_the_battle_and_fights_it_by_its_buttons():
    shell, target = biggest_attack()
    game, panel = shell.game, shell.panel
    decisions = panel.taken
    assert decisions is panel.own["front"] and panel.own["*"].battle.widget in panel.own["*"].widget.children
    assert panel.generic.children == (panel.fold,)  # the generic panel folded under it
    listed = {game.notation(a) for a in game.legal_actions("red")} - {"surrender"}
    assert {game.notation(a) for a in decisions.fronts} == listed
    check_report(shell)
    assert "Red chooses the units for its front: 4 from its reserve." in panel.own["*"].battle.widget.value
    one = next(iter(decisions.counts.values()))
    one.value = 0 if one.value else 1  # four units no more: not a front the game lists
    assert decisions.deploy.disabled and decisions.deploy.tooltip == game.explain(decisions.chosen(), "red")
    assert "must deploy exactly 4 units" in decisions.deploy.tooltip
    for box in decisions.counts.values():
        box.value = 0
    decisions.counts["infantry"].value = 4  # no artillery on the front: no salvo, the defender fires first
    assert not decisions.deploy.disabled
    front = read_front(decisions.chosen())
    decisions.deploy.click()
    assert Battle.from_dict(game.state.fight["engine"]).front["attacker"] == front
    dice, steps = 0, 0
    while game.state.fight and steps < 60:
        dice = max(dice, check_report(shell))
        assert panel.taken in (panel.own["front"], panel.own["fire"])
        if panel.taken.fronts:
            panel.taken.deploy.click()
        else:
            panel.taken.fire.click()
        assert "Refused" not in shell.message.value, shell.message.value
        steps += 1
    assert not game.state.fight and dice > 0 and steps > 1
    assert panel.own["*"].battle.widget not in panel.own["*"].widget.children  # the battle is over: its report goes
    assert any(f"wins the battle for {game.board[target].name}" in t for t in game.log)


def test_a_waiting_page_sees_the_battle_but_gets_no_decision():
    shell, _target = biggest_attack()
    view = shell.game.view("blue")
    always, decisions = shell.panel.own["*"], shell.panel.own["front"]
    assert always.show(view, None) and always.battle.widget in always.widget.children
    assert "Battle for" in always.battle.widget.value
    assert not decisions.show(view, None)
    for box in decisions.counts.values():
        box.value = 0
    decisions.counts["artillery"].value, decisions.counts["infantry"].value = 2, 2
    decisions.deploy.click()  # artillery on the attacker's front: its opening salvo
    assert shell.panel.taken is shell.panel.own["fire"]
    assert always.show(shell.game.view("blue"), None)
    assert "Opening salvo: Red fires its deployed artillery only (2 army dice); then the other side." in \
        always.battle.widget.value
