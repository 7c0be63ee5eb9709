"""Tests of fortress.odds: hand-worked battles, exact vs Monte Carlo, parser, CLI, for_game."""
from __future__ import annotations

import json
from fractions import Fraction as F

import pytest
from click.testing import CliRunner

from fortress.rulesets.america import odds as O
from fortress.engine import rulesets
from fortress.rulesets.america.battle import POLICIES
from fortress.rulesets.america.odds import exact, monte_carlo, parse_force


def close(x: float, y) -> bool:
    return abs(x - float(y)) < 1e-12


def table(o: O.Odds) -> dict:
    return {(oc.attackers, oc.defenders, oc.disengaged, oc.retreated): p for oc, p in o.outcomes}


INF = (("infantry", 1),)


def test_one_infantry_against_one_infantry_on_a_plain():
    # Defender's red d6 first: hit 1/6 + Combined Arms 1/6 (always a hit for the defender)
    # destroys the attacker (1/3); retreat 1/6 disengages it; blank 1/2 leaves it to fire.
    # Attacker's red d6 on a plain: hit + CA = 2/6 destroys, retreat 1/6, blank 1/2.
    want = {
        ((), INF, (), ()): F(1, 3),                      # attacker destroyed
        ((), INF, INF, ()): F(1, 6),                     # attacker disengaged
        (INF, (), (), ()): F(1, 2) * F(1, 3),            # defender destroyed: 1/6
        (INF, (), (), INF): F(1, 2) * F(1, 6),           # defender retreated: 1/12
        (INF, INF, (), ()): F(1, 2) * F(1, 2),           # nobody hurt: 1/4
    }
    got = table(exact({"infantry": 1}, {"infantry": 1}, "plain"))
    assert set(got) == set(want) and all(close(got[k], v) for k, v in want.items())
    o = exact({"infantry": 1}, {"infantry": 1}, "plain")
    assert close(o.p_cleared, F(1, 6) + F(1, 12))
    assert close(o.p_attacker_destroyed, F(1, 3)) and close(o.p_attacker_gone, F(1, 2))
    assert close(o.attacker_losses, F(1, 3)) and close(o.defender_losses, F(1, 6))
    assert close(o.attacker_losses_by_type["infantry"], F(1, 3))


def test_no_retreat_destroys_the_retreating_defender():
    o = exact({"infantry": 1}, {"infantry": 1}, "plain", retreat_possible=False)
    assert close(o.defender_losses, F(1, 6) + F(1, 12)) and close(o.retreated, 0)
    assert close(o.p_cleared, F(1, 4))


def test_combined_arms_is_a_miss_for_an_attacker_without_all_classes_in_a_city():
    # Same battle in a city: the attacker's Combined Arms face is a miss (foot only).
    got = table(exact({"infantry": 1}, {"infantry": 1}, "city"))
    assert close(got[(INF, (), (), ())], F(1, 2) * F(1, 6))
    assert close(got[(INF, INF, (), ())], F(1, 2) * F(4, 6))
    # A mountain is the same; a plain is not.
    assert close(exact({"infantry": 1}, {"infantry": 1}, "mountain").p_cleared, F(1, 2) * F(2, 6))


def test_combined_arms_counts_for_an_attacker_with_all_three_classes_in_a_city():
    # Helicopter + mobile + infantry against 1 infantry in a city. The defender's foot fire
    # must take the attacker's infantry (hit or CA, 1/3); on a retreat (1/6) the attacker
    # disengages its cheapest unit, the infantry. So with 1/2 the attacker fires with all
    # three classes: white d8 (hit/CA/retreat 4/8), red d6 (3/6), red d6 (3/6) -> the
    # defender stays only with 1/2 * 1/2 * 1/2 = 1/8. With 1/2 it fires without foot:
    # white d8 hit/retreat 3/8, red d6 hit/retreat 2/6 -> stays with 5/8 * 4/6 = 5/12.
    o = exact({"helicopter": 1, "mobile": 1, "infantry": 1}, {"infantry": 1}, "city")
    assert close(o.p_cleared, F(1, 2) * (1 - F(1, 8)) + F(1, 2) * (1 - F(5, 12)))


def test_a_lone_partisan_rolls_the_white_d8():
    # White d8: hit 2/8 + CA 1/8 destroys the attacker (3/8), retreat 1/8 disengages it.
    o = exact({"infantry": 1}, {"partisan": 1}, "plain")
    assert close(o.p_attacker_destroyed, F(3, 8)) and close(o.disengaged, F(1, 8))
    assert close(o.p_cleared, F(1, 2) * F(3, 6))
    # Two partisans roll red d6s: the attacker survives both with (1/2)^2.
    o2 = exact({"infantry": 1}, {"partisan": 2}, "plain")
    assert close(o2.p_attacker_gone, 1 - F(1, 4))


def test_bombers_inside_fight_as_attackers():
    # One bomber inside, alone, against 1 infantry: red d6 hits it 2/6 (foot fire reaches
    # air when there is nothing else), disengages it 1/6; then the blue d10: hit 3/10,
    # CA 2/10 (a hit on a plain, a miss in a city), retreat 1/10.
    assert close(exact({}, {"infantry": 1}, "plain", bombers_inside=1).p_cleared, F(1, 2) * F(6, 10))
    assert close(exact({}, {"infantry": 1}, "city", bombers_inside=1).p_cleared, F(1, 2) * F(4, 10))
    battle = O.make_battle({}, {"infantry": 1}, "city", bombers_inside=1)
    ends = O.final_states(battle, POLICIES["cheapest-first"], POLICIES["cheapest-first"])
    assert any(b.disengaged == {("bomber", O.BATTLE_AREA): 1} for b, _p in ends)


def test_probabilities_sum_to_one_and_policies_change_the_answer():
    a, d = {"infantry": 2, "hovertank": 1, "helicopter": 1}, {"infantry": 2, "bomber": 1}
    results = {name: exact(a, d, "city", attacker_policy=name, defender_policy=name) for name in POLICIES}
    for o in results.values():
        assert abs(sum(p for _o, p in o.outcomes) - 1) < 1e-9
    assert len({round(o.p_cleared, 12) for o in results.values()}) > 1


def test_factored_exact_matches_plain_enumeration():
    cases = [
        ({"infantry": 2, "mobile": 1, "hovertank": 1, "helicopter": 1}, {"infantry": 3, "hovertank": 1, "helicopter": 1}, "city", 0),
        ({"infantry": 3, "bomber": 1}, {"partisan": 1, "mobile": 1}, "mountain", 2),
        ({"hovertank": 2, "helicopter": 2}, {"infantry": 1, "bomber": 1, "helicopter": 1}, "plain", 1),
    ]
    for a, d, terrain, inside in cases:
        for name in POLICIES:
            battle = O.make_battle(a, d, terrain, bombers_inside=inside)
            plain = O.odds_of(battle, attacker_policy=name, defender_policy=name, factored=False)
            fast = O.odds_of(battle, attacker_policy=name, defender_policy=name)
            pt, ft = dict(plain.outcomes), dict(fast.outcomes)
            assert set(pt) == set(ft) and all(abs(pt[k] - ft[k]) < 1e-12 for k in pt)


BATTLES = [
    ({"infantry": 1}, {"infantry": 1}, "plain", 0),
    ({"infantry": 3, "hovertank": 1}, {"infantry": 2}, "city", 0),
    ({"infantry": 2, "mobile": 1, "helicopter": 1, "bomber": 1}, {"infantry": 2, "hovertank": 1}, "city", 0),
    ({"hovertank": 3, "helicopter": 2}, {"partisan": 1}, "mountain", 0),
    ({"infantry": 4, "mobile": 2}, {"infantry": 3, "helicopter": 1, "bomber": 1}, "mountain", 1),
    ({"helicopter": 2}, {"infantry": 1, "mobile": 1}, "plain", 2),
    ({"infantry": 5, "hovertank": 3, "helicopter": 2}, {"infantry": 2, "mobile": 1, "hovertank": 1, "bomber": 1}, "city", 3),
    ({"mobile": 2, "infantry": 2}, {"partisan": 2, "infantry": 1}, "plain", 0),
]
FIGURES = ("p_cleared", "p_attacker_destroyed", "p_attacker_gone", "attacker_losses", "defender_losses",
           "disengaged", "retreated")


def _misses(exact_odds: O.Odds, mc: O.Odds) -> list[str]:
    out = []
    for name in FIGURES:
        lo, hi = mc.intervals[name]
        if not lo - 1e-9 <= getattr(exact_odds, name) <= hi + 1e-9:
            out.append(name)
    return out


def test_exact_and_monte_carlo_agree():
    # 8 battles x 7 figures at 99.9 % confidence: about 0.06 misses expected; allow 2.
    misses = []
    for i, (a, d, terrain, inside) in enumerate(BATTLES):
        ex = exact(a, d, terrain, bombers_inside=inside)
        mc = monte_carlo(a, d, terrain, bombers_inside=inside, runs=3000, seed=1000 + i, confidence=0.999)
        misses += [f"battle {i}: {m}" for m in _misses(ex, mc)]
    assert len(misses) <= 2, misses


def test_the_agreement_check_can_fail():
    # A wrong exact answer (the plain instead of the city) is caught by the same check.
    a, d = {"infantry": 3, "hovertank": 1}, {"infantry": 2}
    mc = monte_carlo(a, d, "city", runs=3000, seed=7, confidence=0.999)
    assert _misses(exact(a, d, "plain"), mc)
    assert not _misses(exact(a, d, "city"), mc)


def test_monte_carlo_is_reproducible_and_reports_intervals():
    m1 = monte_carlo({"infantry": 2}, {"infantry": 1}, runs=500, seed=3)
    m2 = monte_carlo({"infantry": 2}, {"infantry": 1}, runs=500, seed=3)
    assert m1 == m2 and m1.runs == 500
    lo, hi = m1.intervals["p_cleared"]
    assert 0 <= lo <= m1.p_cleared <= hi <= 1


def test_wilson_and_z():
    assert abs(O.z_value(0.95) - 1.959964) < 1e-5
    lo, hi = O.wilson(0, 100, 1.96)
    assert lo == 0 and 0.03 < hi < 0.04


def test_parse_force():
    assert parse_force("2 infantry, 1 hovertank, 1 helicopter") == {"infantry": 2, "hovertank": 1, "helicopter": 1}
    assert parse_force("3 Hovertanks + bomber; 2 mobile units") == {"hovertank": 3, "bomber": 1, "mobile": 2}
    assert parse_force("1 infantry, 2 infantry") == {"infantry": 3}
    assert parse_force("") == {}
    for bad in ("2 dragons", "two infantry", "2 infantry,, 1 bomber", "3"):
        with pytest.raises(ValueError):
            parse_force(bad)


def test_bad_inputs():
    with pytest.raises(ValueError, match="terrain"):
        exact({"infantry": 1}, {"infantry": 1}, "swamp")
    with pytest.raises(ValueError, match="policy"):
        exact({"infantry": 1}, {"infantry": 1}, attacker_policy="bravest")


def test_cli_table_and_json():
    from fortress.cli.odds import odds as cmd
    r = CliRunner().invoke(cmd, ["--attacker", "2 infantry, 1 hovertank, 1 helicopter", "--defender", "2 infantry",
                                 "--terrain", "city"])
    assert r.exit_code == 0, r.output
    assert "territory cleared" in r.output and "%" in r.output and "Most likely" in r.output
    r = CliRunner().invoke(cmd, ["-a", "1 infantry", "-d", "1 infantry", "--json"])
    data = json.loads(r.output)
    assert abs(data["figures"]["p_cleared"] - 0.25) < 1e-12
    r = CliRunner().invoke(cmd, ["-a", "3 infantry", "-d", "1 infantry", "--monte-carlo", "300", "--seed", "2",
                                 "--bombers-inside", "1", "--defender-policy", "protect-air"])
    assert r.exit_code == 0 and "Monte Carlo" in r.output and ".." in r.output
    r = CliRunner().invoke(cmd, ["-a", "2 dragons", "-d", "1 infantry"])
    assert r.exit_code != 0 and "unknown unit type" in r.output


class _Area:
    def __init__(self, kind):
        self.kind = kind


class _Game:
    """Just the engine's contract for for_game (tokens with counts, the area's kind, the
    ruleset's tables)."""

    board = {"denver": _Area("city")}
    tables = rulesets.get().tables

    def attack_forces(self, area):
        return {("infantry", "utah"): 2, ("hovertank", "kansas"): 1, ("bomber", "denver"): 1}

    def defence_forces(self, area):
        return {("infantry", "denver"): 2}


def test_for_game_uses_the_engine_contract():
    o = O.for_game(_Game(), "denver")
    ref = exact({("infantry", "utah"): 2, ("hovertank", "kansas"): 1}, {"infantry": 2}, "city", bombers_inside=1)
    assert close(o.p_cleared, ref.p_cleared)
    mc = O.for_game(_Game(), "denver", method="monte-carlo", runs=200, seed=1)
    assert mc.method == "monte-carlo"


def test_for_game_with_a_real_game():
    import fortress
    game = fortress.Game.from_position({
        "turn": "west", "phase": "combat", "round": 2, "declared": ["Denver"],
        "control": {"west": ["Front Range"]},
        "units": {"Front Range": "west: 2 hovertank, 1 infantry", "Denver": "us: 2 infantry"},
    })
    area = game.board.find("Denver")
    assert game.board[area].kind == "city"
    before = (dict(game.attack_forces(area)), dict(game.defence_forces(area)))
    o = O.for_game(game, area)
    ref = exact({"hovertank": 2, "infantry": 1}, {"infantry": 2}, "city")
    assert dict(o.outcomes) == pytest.approx(dict(ref.outcomes), abs=1e-12)
    for name in O.SUMMARY:
        assert close(getattr(o, name), getattr(ref, name))
    assert (dict(game.attack_forces(area)), dict(game.defence_forces(area))) == before  # the game is untouched
    mc = O.for_game(game, area, method="mc", runs=2000, seed=4, defender_policy="protect-air")
    ref_mc = monte_carlo({"hovertank": 2, "infantry": 1}, {"infantry": 2}, "city", runs=2000, seed=4,
                         defender_policy="protect-air")
    assert mc.p_cleared == ref_mc.p_cleared and mc.intervals == ref_mc.intervals
    with pytest.raises(ValueError, match="method"):
        O.for_game(game, area, method="guess")


@pytest.mark.parametrize("successes, n, low, high", [
    (81, 263, 0.2553, 0.3662), (15, 148, 0.0624, 0.1605), (0, 20, 0.0, 0.1611), (1, 29, 0.0061, 0.1718)])
def test_wilson_interval_matches_newcombe_1998(successes, n, low, high):
    """Reference values: Newcombe (1998), Statistics in Medicine 17:857-872, Table I, method 3."""
    from fortress.odds import wilson, z_value
    got = wilson(successes, n, z_value(0.95))
    assert got == pytest.approx((low, high), abs=5e-5)


def test_z_value_is_the_normal_quantile():
    from fortress.odds import z_value
    assert z_value(0.95) == pytest.approx(1.959964, abs=1e-6)
    assert z_value(0.99) == pytest.approx(2.575829, abs=1e-6)


def test_counts_and_confidence_are_checked_in_words():
    import numpy as np
    assert exact({"infantry": np.int64(2)}, {"infantry": 1}).p_cleared == exact({"infantry": 2}, {"infantry": 1}).p_cleared
    for kwargs, words in [({"attackers": {"infantry": 1.5}}, "the count of 'infantry' must be a whole number, not float"),
                          ({"attackers": {"infantry": "2"}}, "not str"),
                          ({"attackers": {"infantry": 10**22}}, "must be from 0 to 1,000"),
                          ({"attackers": {"infantry": -1}}, "must be from 0 to 1,000, not -1"),
                          ({"bombers_inside": -1}, "bombers_inside must be from 0"),
                          ({"bombers_inside": 1.5}, "bombers_inside must be a whole number")]:
        with pytest.raises(ValueError, match=words):
            exact(kwargs.get("attackers", {"infantry": 2}), {"infantry": 1},
                  bombers_inside=kwargs.get("bombers_inside", 0))
    for confidence in (0, 1.0, 95):
        with pytest.raises(ValueError, match="a fraction between 0 and 1"):
            monte_carlo({"infantry": 2}, {"infantry": 1}, runs=100, confidence=confidence)


def test_fortress_odds_finds_the_rulesets_calculator() -> None:
    """``fortress.odds`` answers with the calculator the game's ruleset names (its ``odds``);
    a ruleset without one is refused in words."""
    import fortress.odds
    assert fortress.odds.calculator() is O and fortress.odds.calculator("fortress-america") is O
    game = fortress.new_game(seed=1)
    denver = game.board.find("Denver")
    assert fortress.odds.for_game(game, denver) == O.for_game(game, denver)
    assert fortress.odds.exact({"infantry": 2}, {"infantry": 1}, "city") == O.exact({"infantry": 2}, {"infantry": 1}, "city")
    assert fortress.odds.parse_force("2 infantry") == O.parse_force("2 infantry")
    assert rulesets.get("attack").odds is None
    with pytest.raises(ValueError, match="ATTACK! Deluxe has no odds calculator"):
        fortress.odds.for_game(fortress.new_game(seed=1, ruleset="attack", players=2), "x")
