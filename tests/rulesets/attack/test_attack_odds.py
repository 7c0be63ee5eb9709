"""The exact odds of an ATTACK! Deluxe battle (the looping absorbing chain) against closed
forms, an independent linear solve and Monte Carlo."""
from __future__ import annotations

import json

import pytest

from fortress.rulesets.attack.battle import Battle, BattleOptions
from fortress.rulesets.attack.odds import exact, monte_carlo, odds, settled, spread

BATTLES = [
    ("army", {"infantry": 3, "tank": 1}, {"infantry": 3}, BattleOptions()),
    ("army", {"infantry": 2, "artillery": 1, "aircraft": 1}, {"infantry": 4, "tank": 1}, BattleOptions()),
    ("naval", {"submarine": 1, "battleship": 1, "carrier": 1}, {"destroyer": 2, "battleship": 1}, BattleOptions()),
    ("army", {"infantry": 5, "tank": 1}, {"infantry": 4, "aircraft": 1}, BattleOptions(armor_raid="twice", shock_troops=1)),
]


def battle(kind, attack, defend, options=BattleOptions(), defender="d"):
    return Battle.start(kind, "a", attack, defender, defend, options=options)


def test_one_infantry_each_loops_to_the_closed_form():
    """Each side hits with 1/6; the defender fires first (ruling 4): it wins 6/11."""
    o = exact(battle("army", {"infantry": 1}, {"infantry": 1}))
    assert o.method == "exact"
    assert o.defender_wins == pytest.approx(6 / 11) and o.attacker_wins == pytest.approx(5 / 11)
    assert o.attacker_survivors["infantry"] == pytest.approx(5 / 11)


def test_the_salvo_in_a_closed_form():
    """1 artillery against 1 infantry: the salvo hits 1/6; then the defender fires first."""
    o = exact(battle("army", {"artillery": 1}, {"infantry": 1}))
    assert o.attacker_wins == pytest.approx(1 / 6 + 5 / 6 * 5 / 11)


def test_a_neutral_of_nothing_is_won_for_certain():
    o = exact(battle("army", {"tank": 2}, {}, defender=None))
    assert (o.attacker_wins, o.defender_wins, o.attacker_survivors["tank"]) == (1.0, 0.0, 2.0)


@pytest.mark.parametrize("kind, attack, defend, options", BATTLES)
def test_the_chain_solved_loop_by_loop_equals_a_linear_solve(kind, attack, defend, options):
    """The geometric series round each no-hit loop against numpy solving (I - Q) x = R over
    every state reached."""
    import numpy as np

    start = settled(battle(kind, attack, defend, options), spread)
    index, states, todo = {start.key(canonical=True): 0}, [start], [start]
    edges: list[tuple[int, int, float]] = []
    while todo:
        b = todo.pop()
        if b.done:
            continue
        for p, o in b.next_outcomes():
            k = settled(o, spread).key(canonical=True)
            if k not in index:
                index[k] = len(states)
                states.append(o)
                todo.append(o)
            edges.append((index[b.key(canonical=True)], index[k], p))
    n = len(states)
    m = np.eye(n)
    for i, j, p in edges:
        m[i, j] -= p
    wins = np.array([float(s.done and s.winner() == "attacker") for s in states])
    x = np.linalg.solve(m, wins)
    assert exact(start).attacker_wins == pytest.approx(x[0], abs=1e-12)


@pytest.mark.parametrize("kind, attack, defend, options", BATTLES)
def test_the_odds_add_up(kind, attack, defend, options):
    o = exact(battle(kind, attack, defend, options))
    assert o.attacker_wins + o.defender_wins == pytest.approx(1.0)
    for role, units in (("attacker", attack), ("defender", defend)):
        for t, v in o.survivors(role).items():
            assert 0.0 <= v <= units.get(t, 0) + 1e-12


def test_the_front_policy_matters():
    b = battle("army", {"infantry": 4, "aircraft": 2}, {"infantry": 6})
    only_infantry = exact(b, lambda _, c: {"infantry": min(c.size, c.available.get("infantry", 0)),
                                           **({"aircraft": c.size - c.available.get("infantry", 0)}
                                              if c.size > c.available.get("infantry", 0) else {})})
    assert exact(b).attacker_wins > only_infantry.attacker_wins + 0.002  # 0.9378 against 0.9334


def test_too_many_states_falls_back_to_monte_carlo_and_says_so():
    b = battle("army", {"infantry": 6, "tank": 2}, {"infantry": 6, "aircraft": 2})
    o = odds(b, max_states=20, runs=300, seed=3)
    assert o.method == "monte carlo" and o.size == 300 and "20 states" in o.note and o.stderr > 0
    assert o == odds(b, max_states=20, runs=300, seed=3)  # seeded


def _agree(kind, attack, defend, options, runs, sigmas):
    b = battle(kind, attack, defend, options)
    e, m = exact(b), monte_carlo(b, runs, seed=7)
    assert abs(e.attacker_wins - m.attacker_wins) <= sigmas * max(m.stderr, 1 / runs)
    for role, units in (("attacker", attack), ("defender", defend)):
        spread_bound = sum(units.values()) / 2 / runs ** 0.5  # the sd of a count in [0, units]
        for t in units:
            assert abs(e.survivors(role)[t] - m.survivors(role)[t]) <= sigmas * spread_bound


@pytest.mark.parametrize("kind, attack, defend, options", BATTLES[:2])
def test_exact_and_monte_carlo_agree_quickly(kind, attack, defend, options):
    _agree(kind, attack, defend, options, 2_000, 5)


@pytest.mark.slow
@pytest.mark.parametrize("kind, attack, defend, options", BATTLES)
def test_exact_and_100000_monte_carlo_battles_agree(kind, attack, defend, options):
    _agree(kind, attack, defend, options, 100_000, 4)


# -- fortress odds --ruleset attack ------------------------------------------------------------
def test_the_command_line_gives_attack_odds():
    from click.testing import CliRunner

    from fortress.cli import main

    run = CliRunner().invoke
    result = run(main, ["odds", "--ruleset", "attack", "-a", "1 artillery", "-d", "an infantry", "--json"])
    assert result.exit_code == 0, result.output
    assert json.loads(result.output)["attacker_wins"] == pytest.approx(1 / 6 + 5 / 6 * 5 / 11)
    result = run(main, ["odds", "--ruleset", "attack", "-a", "2 submarines and a carrier", "-d", "2 destroyers"])
    assert result.exit_code == 0 and "naval battle odds (exact" in result.output
    result = run(main, ["odds", "--ruleset", "attack", "-a", "2 tanks", "-d", "1 destroyer"])
    assert result.exit_code == 2 and "tank' cannot fight in a naval battle" in result.output
    result = run(main, ["odds", "--ruleset", "attack", "-a", "2 tanks", "-d", "1 infantry", "--terrain", "city"])
    assert result.exit_code == 2 and "--terrain is not an option of attack's battles" in result.output
    result = run(main, ["odds", "-a", "2 infantry", "-d", "1 infantry", "--wolf-pack"])
    assert result.exit_code == 2 and "--wolf-pack is not an option of fortress-america's battles" in result.output


def test_attack_units_are_read_from_words():
    from fortress.rulesets.attack.odds import parse_units

    assert parse_units("3 infantry; a tank + 2 battleships") == {"infantry": 3, "tank": 1, "battleship": 2}
    with pytest.raises(ValueError, match="cannot read 'hovertank'"):
        parse_units("hovertank")
    with pytest.raises(ValueError, match="at most 60 units"):
        parse_units("61 infantry")


def test_a_neutrals_armies_are_the_years_dice_faces_with_their_chances():
    """[Battles]: one army die a year, a face one unit, blanks nothing; aircraft on two faces."""
    from fortress.engine.dice import Rng
    from fortress.rulesets.attack.battle import neutral_army
    from fortress.rulesets.attack.odds import neutral_armies

    one = dict((tuple(sorted(a.items())), p) for p, a in neutral_armies(1))
    assert one == pytest.approx({(): 1 / 6, (("aircraft", 1),): 2 / 6, (("infantry", 1),): 1 / 6,
                                 (("tank", 1),): 1 / 6, (("artillery", 1),): 1 / 6})
    three = dict((tuple(sorted(a.items())), p) for p, a in neutral_armies(3))
    assert sum(three.values()) == pytest.approx(1.0) and three[(("aircraft", 3),)] == pytest.approx((2 / 6) ** 3)
    rng, runs = Rng(5), 6000  # the game's own rolls fall as the chances say
    rolled = [tuple(sorted(neutral_army(3, rng).items())) for _ in range(runs)]
    for army in ((), (("aircraft", 3),), (("aircraft", 1), ("infantry", 1), ("tank", 1))):
        p = three[army]
        assert abs(rolled.count(army) / runs - p) < 4 * (p * (1 - p) / runs) ** 0.5 + 1e-9, army


def test_the_odds_against_a_neutral_weigh_its_armies_and_agree_with_battles_against_rolled_ones():
    from fortress.rulesets.attack.odds import against_neutral

    attack = {"infantry": 3, "artillery": 1}
    exact_odds = against_neutral(attack, 2)
    assert exact_odds.method == "exact" and exact_odds.attacker_wins + exact_odds.defender_wins == pytest.approx(1.0)
    assert against_neutral({"infantry": 1}, 1).attacker_wins == pytest.approx(
        1 / 6 + sum(p * exact(battle("army", {"infantry": 1}, {k: 1}, defender=None)).attacker_wins
                    for k, p in (("aircraft", 2 / 6), ("infantry", 1 / 6), ("tank", 1 / 6), ("artillery", 1 / 6))))
    rolled = against_neutral(attack, 2, max_states=0, runs=4000, seed=3)  # each battle against a rolled army
    assert rolled.method == "monte carlo" and "estimated from 4,000 battles" in rolled.note
    assert abs(rolled.attacker_wins - exact_odds.attacker_wins) < 4 * rolled.stderr + 1e-9
