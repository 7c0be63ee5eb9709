"""Unit tests of fortress.rulesets.america.battle: the battle state machine (rules: Combat Resolution)."""
from __future__ import annotations

import pytest

from fortress.rulesets.america.battle import (
    ATTACKER, DEFENDER, POLICIES, STEPS, Battle, cheapest_first, fight, keep_combined_arms, protect_air,
)
from fortress.engine.dice import Rng
from fortress.rulesets.america.dice import BLANK, COMBINED_ARMS, HIT, RETREAT
from fortress.rulesets.america.tables import default


def battle(att: dict[str, int], dfn: dict[str, int], terrain: str = "plain") -> Battle:
    return Battle("x", terrain, {(t, "a"): n for t, n in att.items()}, {(t, "x"): n for t, n in dfn.items()},
                  default())


def test_defender_fires_first_then_attacker_air_mech_foot():
    b = battle({"infantry": 1, "hovertank": 1, "helicopter": 1}, {"infantry": 1, "mobile": 1, "bomber": 1})
    fired = []
    while not b.done:
        assert b.decision() is None
        fired.append((b.firing, sorted(t for t, _d in b.firing_units())))
        b.apply_roll([BLANK] * len(b.firing_units()))
    assert fired == [
        ((DEFENDER, "air"), [("bomber", "x")]), ((DEFENDER, "mechanized"), [("mobile", "x")]),
        ((DEFENDER, "foot"), [("infantry", "x")]), ((ATTACKER, "air"), [("helicopter", "a")]),
        ((ATTACKER, "mechanized"), [("hovertank", "a")]), ((ATTACKER, "foot"), [("infantry", "a")]),
    ]


def test_steps_skip_classes_without_units():
    b = battle({"infantry": 2}, {"hovertank": 1})
    assert b.firing == (DEFENDER, "mechanized")
    b.apply_roll([BLANK])
    assert b.firing == (ATTACKER, "foot") and len(b.firing_units()) == 2


@pytest.mark.parametrize("firing, enemy, first", [
    ("infantry", {"bomber": 1, "hovertank": 1, "infantry": 1}, {("infantry", "a")}),  # foot: foot first
    ("infantry", {"bomber": 1, "hovertank": 1}, {("hovertank", "a")}),  # then mechanized
    ("infantry", {"bomber": 1, "helicopter": 1}, {("bomber", "a"), ("helicopter", "a")}),  # then air
    ("mobile", {"bomber": 1, "hovertank": 1, "infantry": 1}, {("infantry", "a"), ("hovertank", "a")}),  # foot or mech
    ("hovertank", {"bomber": 1, "helicopter": 1}, {("bomber", "a"), ("helicopter", "a")}),  # then air
    ("helicopter", {"bomber": 1, "hovertank": 1, "infantry": 1},
     {("bomber", "a"), ("hovertank", "a"), ("infantry", "a")}),  # air: any
])
def test_order_of_casualties_per_firing_class(firing, enemy, first):
    b = battle(enemy, {firing: 1})
    b.apply_roll([HIT])
    d = b.decision()
    assert d.kind == "hit" and d.decider == DEFENDER and d.victim == ATTACKER
    assert set(d.options) == first


def test_combined_arms_always_hits_for_the_defender_even_in_a_city():
    b = battle({"infantry": 1}, {"infantry": 1}, "city")
    b.apply_roll([COMBINED_ARMS])
    assert b.decision().kind == "hit"
    b.choose(("infantry", "a"))
    assert b.attackers == {} and b.destroyed[ATTACKER] == {("infantry", "a"): 1}


@pytest.mark.parametrize("terrain, attackers, counts", [
    ("plain", {"infantry": 1}, True),
    ("city", {"infantry": 1, "hovertank": 1}, False),  # no air: Combined Arms is a miss
    ("mountain", {"helicopter": 1, "infantry": 1}, False),
    ("city", {"helicopter": 1, "mobile": 1, "infantry": 1}, True),
    ("mountain", {"bomber": 1, "hovertank": 1, "partisan": 1}, True),
])
def test_combined_arms_for_the_attacker(terrain, attackers, counts):
    b = battle(attackers, {"infantry": 2}, terrain)
    assert b.combined_arms_counts(ATTACKER) is counts


def test_combined_arms_lost_when_the_last_unit_of_a_class_falls():
    b = battle({"helicopter": 1, "mobile": 1, "infantry": 1}, {"infantry": 1}, "city")
    b.apply_roll([HIT])  # defender's foot fire must take the attacker's infantry
    assert b.decision().options == [("infantry", "a")]
    b.choose(("infantry", "a"))
    assert b.attackers == {("helicopter", "a"): 1, ("mobile", "a"): 1}
    b.apply_roll([COMBINED_ARMS])  # attacker's helicopter: no foot left, so a miss
    assert b.defenders == {("infantry", "x"): 1}


def test_disengage_removes_an_attacker_before_it_fires():
    b = battle({"hovertank": 1}, {"infantry": 1})
    b.apply_roll([RETREAT])
    d = b.decision()
    assert d.kind == "disengage" and d.decider == ATTACKER and d.options == [("hovertank", "a")]
    b.choose(("hovertank", "a"))
    assert b.done and b.disengaged == {("hovertank", "a"): 1} and b.firing_units() == []


def test_retreat_moves_a_defender_out_and_clears():
    b = battle({"infantry": 1}, {"infantry": 1, "helicopter": 1})
    b.apply_roll([BLANK])  # defender air
    b.apply_roll([BLANK])  # defender foot
    b.apply_roll([RETREAT])  # attacker foot
    d = b.decision()
    assert d.kind == "retreat" and d.decider == DEFENDER and set(d.options) == {("infantry", "x"), ("helicopter", "x")}
    b.choose(("helicopter", "x"))
    assert b.retreated == {("helicopter", "x"): 1} and b.done and not b.cleared
    b.destroy_retreated(("helicopter", "x"))
    assert b.retreated == {} and b.destroyed[DEFENDER] == {("helicopter", "x"): 1}


def test_hits_resolve_before_retreats_and_extra_results_are_dropped():
    b = battle({"infantry": 3}, {"infantry": 1})
    b.apply_roll([BLANK])
    b.apply_roll([RETREAT, HIT, HIT])
    assert b.decision().kind == "hit"
    b.choose(("infantry", "x"))  # the second hit and the retreat find no target
    assert b.done and b.cleared and b.destroyed[DEFENDER] == {("infantry", "x"): 1} and not b.retreated


def test_lone_partisan_rolls_the_white_die():
    assert battle({"infantry": 1}, {"partisan": 1}).firing_units() == [(("partisan", "x"), "white")]
    assert [d for _t, d in battle({"infantry": 1}, {"partisan": 2}).firing_units()] == ["red", "red"]
    b = battle({"infantry": 1}, {"partisan": 1, "mobile": 1})
    assert b.firing_units() == [(("mobile", "x"), "red")]  # mechanized fires before foot
    b.apply_roll([BLANK])
    assert b.firing_units() == [(("partisan", "x"), "red")]  # not alone: red


def test_lone_partisan_after_losses_rolls_white():
    b = battle({"infantry": 2, "partisan": 1}, {"infantry": 1})  # the U.S. attacking, say
    b.apply_roll([HIT])  # defender: a foot hit, the defender picks the infantry
    b.choose(("infantry", "a"))
    assert [d for _t, d in b.firing_units()] == ["red", "red"]  # still two foot units: red
    b2 = battle({"partisan": 1}, {"hovertank": 1})
    b2.apply_roll([BLANK])
    assert b2.firing_units() == [(("partisan", "a"), "white")]


def test_choose_rejects_a_unit_outside_the_order_of_casualties():
    b = battle({"infantry": 1, "hovertank": 1}, {"infantry": 1})
    b.apply_roll([HIT])
    with pytest.raises(ValueError):
        b.choose(("hovertank", "a"))


def test_policies_are_named_and_documented():
    assert {"cheapest-first", "keep-combined-arms", "protect-air"} <= set(POLICIES)
    assert all(p.__doc__ for p in POLICIES.values())


def test_protect_air_keeps_air_in_the_territory():
    b = battle({"infantry": 1}, {"infantry": 1, "bomber": 1})
    b.apply_roll([BLANK]); b.apply_roll([BLANK]); b.apply_roll([RETREAT])
    d = b.decision()
    assert protect_air(b, d) == ("infantry", "x")
    assert cheapest_first(b, d) == ("bomber", "x")  # saves its most valuable unit instead


def test_keep_combined_arms_breaks_the_attackers_classes():
    b = battle({"helicopter": 1, "mobile": 1, "infantry": 2}, {"helicopter": 1}, "city")
    b.apply_roll([HIT])
    d = b.decision()
    assert keep_combined_arms(b, d) in {("helicopter", "a"), ("mobile", "a")}


def test_copy_is_independent_and_equal():
    b = battle({"infantry": 2, "helicopter": 1}, {"infantry": 1})
    c = b.copy()
    c.apply_roll([HIT]); c.choose(("infantry", "a"))
    assert b.attackers == {("infantry", "a"): 2, ("helicopter", "a"): 1} and b.step != c.step
    assert b.destroyed[ATTACKER] == {}
    assert b.copy() == b


def test_fight_is_reproducible():
    def run(seed):
        b = fight(battle({"infantry": 3, "hovertank": 1}, {"infantry": 2, "helicopter": 1}, "city"), Rng(seed))
        return b.attackers, b.defenders, b.disengaged, b.retreated
    assert run(5) == run(5)
    assert len(STEPS) == 6


def test_copy_in_the_middle_of_a_decision_keeps_the_remaining_steps():
    b = battle({"infantry": 2}, {"helicopter": 1, "infantry": 1})
    b.apply_roll([HIT])  # defender air: a hit waits for the defender's choice
    c = b.copy()
    assert c.step == b.step == 1 and c.pending == b.pending
    c.choose(("infantry", "a"))
    assert c.firing == (DEFENDER, "foot")


def test_roll_outcomes_lists_the_next_roll_with_its_probabilities():
    # Defender's red d6 against one infantry: Hit or Combined Arms (a hit for the defender)
    # 2/6, Retreat 1/6, blank 3/6; in a city the lone infantry attacker's Combined Arms is a miss.
    b = battle({"infantry": 1}, {"infantry": 1}, "city")
    got = {(h, r): p for h, r, p in b.roll_outcomes()}
    assert got.keys() == {(1, 0), (0, 1), (0, 0)}
    assert abs(got[(1, 0)] - 2 / 6) < 1e-12 and abs(got[(0, 1)] - 1 / 6) < 1e-12
    b.apply_results(0, 0, 0)
    got = {(h, r): p for h, r, p in b.roll_outcomes()}
    assert abs(got[(1, 0)] - 1 / 6) < 1e-12 and abs(got[(0, 0)] - 4 / 6) < 1e-12
    b.apply_results(0, 0, 0)
    assert b.done and b.roll_outcomes() == ()


def test_roll_outcomes_cap_hits_at_the_enemies_left():
    b = battle({"infantry": 1}, {"infantry": 4})
    assert max(h + r for h, r, _p in b.roll_outcomes()) == 1
    assert abs(sum(p for _h, _r, p in b.roll_outcomes()) - 1) < 1e-12


def test_volleys_are_the_throws_still_to_come():
    b = battle({"infantry": 2, "helicopter": 1}, {"infantry": 1, "mobile": 1}, "city")
    assert b.volleys(DEFENDER) == (("mechanized", (("red", 1),), True), ("foot", (("red", 1),), True))
    assert b.volleys(ATTACKER) == (("air", (("white", 1),), False), ("foot", (("red", 2),), False))


@pytest.mark.parametrize("terrain, attackers, missing", [
    ("plain", {"infantry": 1}, None),
    ("city", {"infantry": 1, "hovertank": 1}, "no air unit"),
    ("mountain", {"helicopter": 1, "infantry": 1}, "no mechanized unit"),
    ("city", {"helicopter": 1, "mobile": 1, "infantry": 1}, None),
])
def test_combined_arms_miss_says_why(terrain, attackers, missing):
    b = battle(attackers, {"infantry": 2}, terrain)
    why = b.combined_arms_miss(ATTACKER)
    assert (why is None) is b.combined_arms_counts(ATTACKER) and b.combined_arms_miss(DEFENDER) is None
    assert why is None if missing is None else (missing in why and terrain in why)
