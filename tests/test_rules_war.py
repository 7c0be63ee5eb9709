"""Rules: maneuvers (transport, scouting, bombing), lasers, combat, invasion, supply, capture."""
from __future__ import annotations

import pytest

from fortress.rulesets.america import actions as A
from tests.conftest import units


def end_turn(g, side="west"):
    """End ``side``'s steps until the next side's turn begins (the steps that have only
    'end' to do end by themselves)."""
    while g.state.turn == side and not g.is_over:
        g.apply(A.End())


def west(position, phase, units_, declared=(), control=None, seed=0):
    return position({"turn": "west", "phase": phase, "round": 2, "declared": list(declared),
                     "control": control or {"west": ["coast"]}, "units": units_}, seed=seed)


# -- Maneuvers (rules: Action Sequence 3, Special Unit Abilities) --------------------------------------
def test_infantry_cannot_move_alone_but_rides_a_mobile_unit(position):
    g = west(position, "maneuvers", {"w1": "west: 2 infantry, 1 mobile", "w2": "west: 1 hovertank"})
    assert "cannot move by itself" in g.explain(A.Move(1, "infantry", "w1", "coast"))
    g.apply(A.Move(1, "mobile", "w1", "coast", "infantry"))
    assert units(g, "coast", "west") == {"mobile": 1, "infantry": 1}
    assert "only 0" in g.explain(A.Move(1, "mobile", "coast", "w2"))  # each unit moves once


def test_mechanized_moves_one_step_into_friendly_territory_only(position):
    g = west(position, "maneuvers", {"w1": "west: 2 hovertank"})
    assert g.explain(A.Move(2, "hovertank", "w1", "coast")) is None
    assert "not next to" in g.explain(A.Move(1, "hovertank", "w1", "hills"))
    g2 = west(position, "maneuvers", {"coast": "west: 1 hovertank"})
    assert "controls" in g2.explain(A.Move(1, "hovertank", "coast", "hills"))


def test_only_an_invaders_own_units_enter_its_zones(position):
    g = position({"turn": "south", "phase": "maneuvers", "round": 2, "control": {"south": ["coast", "plainb"]},
                  "units": {"coast": "south: 1 hovertank", "s1": "south: 1 hovertank"}})
    assert "own units" in g.explain(A.Move(1, "hovertank", "coast", "w1"))


def test_air_units_fly_over_enemy_land_and_end_in_friendly(position):
    g = west(position, "maneuvers", {"coast": "west: 1 helicopter, 1 bomber"},
             control={"west": ["coast", "far"]})
    # helicopter (move 2) cannot reach far (coast-alpha-beta-far is 3); bomber (4) can
    assert "beyond" in g.explain(A.Move(1, "helicopter", "coast", "far"))
    assert g.explain(A.Move(1, "bomber", "coast", "far")) is None
    assert "controls" in g.explain(A.Move(1, "helicopter", "coast", "hills"))


def test_bombing_occupied_declared_territory_beyond_the_limit(position):
    g = west(position, "maneuvers", {"coast": "west: 5 bomber", "alpha": "us: 5 infantry"},
             declared=["alpha"])
    g.apply(A.Move(5, "bomber", "coast", "alpha"))
    assert units(g, "alpha", "west") == {"bomber": 5}
    assert all(u.status == "bombing" for u in g.units("alpha", "west"))
    # a bomber that bombs must attack: combat cannot end before that battle
    assert g.phase == "combat"  # nothing else could move, so Maneuvers ended by itself
    assert "fight for Alpha City" in g.explain(A.End())
    assert A.Attack("alpha") in g.legal_actions()


def test_bombing_needs_an_occupied_declared_territory(position):
    g = west(position, "maneuvers", {"coast": "west: 1 bomber"}, declared=["hills"])
    assert "no enemy units" in g.explain(A.Move(1, "bomber", "coast", "hills"))
    g2 = west(position, "maneuvers", {"coast": "west: 1 bomber", "alpha": "us: 1 infantry"})
    assert "declare" in g2.explain(A.Move(1, "bomber", "coast", "alpha"))


def test_scouting_unoccupied_non_city_declared_territory(position):
    g = west(position, "maneuvers", {"coast": "west: 2 helicopter"}, declared=["hills", "alpha"])
    assert "scouts only" in g.explain(A.Move(1, "helicopter", "coast", "alpha"))  # a city
    g.apply(A.Move(1, "helicopter", "coast", "hills"))
    scout = g.units("hills", "west")[0]
    assert scout.status == "scout"
    # a scout cannot move or attack this turn
    assert not any(isinstance(a, A.Move) and a.src == "hills" for a in g.legal_actions())


def test_five_unit_limit_in_maneuvers(position):
    g = west(position, "maneuvers", {"w1": "west: 3 hovertank", "coast": "west: 3 infantry"})
    assert "room for 2" in g.explain(A.Move(3, "hovertank", "w1", "coast"))
    assert g.explain(A.Move(2, "hovertank", "w1", "coast")) is None



def test_an_exchange_of_carried_units_between_two_full_territories(position):
    # the limit holds at the end of Maneuvers: a mobile unit carrying a foot unit into a full
    # territory is fine while that territory's own mobile unit can carry one back out
    g = position({"turn": "us", "phase": "maneuvers", "round": 2,
                  "units": {"alpha": "us: 4 infantry, 1 mobile", "mount": "us: 4 partisan, 1 mobile",
                            "far": "us: 1 hovertank"}})
    assert g.explain(A.Move(1, "mobile", "mount", "alpha", "partisan")) is None  # the reverse, first
    g.apply(A.Move(1, "mobile", "alpha", "mount", "infantry"))  # Mount holds 7 for now
    assert "over the 5-unit limit" in g.explain(A.End())
    assert A.Move(1, "mobile", "mount", "alpha", "partisan") in g.legal_actions()
    g.apply(A.Move(1, "mobile", "mount", "alpha", "partisan"))
    assert units(g, "alpha", "us") == {"infantry": 3, "mobile": 1, "partisan": 1}
    assert units(g, "mount", "us") == {"infantry": 1, "mobile": 1, "partisan": 3}
    assert g.phase == "maneuvers" and g.explain(A.End()) is None


def test_no_carried_exchange_without_a_foot_unit_to_carry_back(position):
    g = position({"turn": "us", "phase": "maneuvers", "round": 2,
                  "units": {"alpha": "us: 4 infantry, 1 mobile", "mount": "us: 4 partisan, 1 hovertank"}})
    reason = g.explain(A.Move(1, "mobile", "alpha", "mount", "infantry"))
    assert "Mount (7 units) would be over the 5-unit limit" in reason

# -- Lasers (rules: Action Sequence 4, Lasers) ------------------------------------------------------------
def laser_game(position, seed=0, lasers=("alpha",)):
    return position({"turn": "us", "phase": "lasers", "round": 2, "lasers": list(lasers),
                     "control": {"west": ["coast", "hills"]},
                     "units": {"coast": "west: 2 hovertank", "hills": "west: 1 infantry", "w1": "west: 1 bomber"}},
                    seed=seed)


def test_each_laser_fires_once_and_one_laser_per_territory(position):
    g = laser_game(position, lasers=("alpha", "beta"))
    g.apply(A.Fire("west", "hovertank", "coast"))
    assert "targeting marker" in g.explain(A.Fire("west", "hovertank", "coast"))
    g.apply(A.Fire("west", "infantry", "hills"))
    assert g.phase != "lasers" or "all 2 lasers" in g.explain(A.Fire("west", "hovertank", "coast"))


def test_lasers_do_not_reach_invasion_zones(position):
    g = laser_game(position)
    assert "not invasion zones" in g.explain(A.Fire("west", "bomber", "w1"))


@pytest.mark.parametrize("seed", range(12))
def test_laser_destroys_on_five_or_more(position, seed):
    g = laser_game(position, seed=seed)
    events = g.apply(A.Fire("west", "hovertank", "coast"))
    roll = int(events[0].rolls[0][2])
    assert 1 <= roll <= 10
    assert units(g, "coast", "west").get("hovertank", 0) == (1 if roll >= 5 else 2)
    if roll >= 5:
        assert g.state.graveyard["west"]["hovertank"] == 1


# -- Combat (rules: Action Sequence 5; the battle itself is tested in test_combat.py) ---------------------
def battle_game(position, attackers, defenders, area="alpha", seed=0, declared=None, control=None):
    return position({"turn": "west", "phase": "combat", "round": 2, "declared": declared or [area],
                     "control": control or {"west": ["coast", "hills", "plainb"]},
                     "units": {**attackers, area: defenders}}, seed=seed)


def test_only_declared_territories_with_defenders_are_fought(position):
    g = battle_game(position, {"coast": "west: 2 hovertank"}, "us: 1 infantry")
    assert "not declared" in g.explain(A.Attack("beta"))
    assert A.Attack("alpha") in g.legal_actions()


def test_attackers_come_from_adjacent_territories_and_join_one_battle(position):
    g = battle_game(position, {"coast": "west: 2 hovertank", "hills": "west: 1 hovertank"}, "us: 1 infantry",
                    declared=["alpha", "mount"])
    g.apply(A.Attack("alpha"))
    assert "next to" in g.explain(A.Commit(1, "hovertank", "hills"))
    g.apply(A.Commit(2, "hovertank", "coast"))
    assert all(u.committed == "alpha" for u in g.units("coast", "west"))


def _fight_through(g, choose=lambda acts: acts[0]):
    while g.phase == "combat" and not g.is_over:
        acts = g.legal_actions()[:-1]
        fight = [a for a in acts if isinstance(a, A.Fight)]
        g.apply(fight[0] if fight else choose(acts))


def start_battle(g, *commits):
    """Attack Alpha City, send ``(count, unit)`` groups from the coast, and fight."""
    g.apply(A.Attack("alpha"))
    for count, unit in commits:
        g.apply(A.Commit(count, unit, "coast"))
    return g.apply(A.Fight())


def test_defender_fires_first_and_destroyed_units_go_to_graveyard_or_reserves(position):
    for seed in range(30):
        g = battle_game(position, {"coast": "west: 2 hovertank, 1 infantry"}, "us: 2 infantry", seed=seed)
        events = start_battle(g, (2, "hovertank"), (1, "infantry"))
        rolls = [e for e in events if e.kind == "roll"]
        assert rolls[0].side == "us"  # defender first
        lost_us = 2 - units(g, "alpha", "us").get("infantry", 0)
        assert g.state.reserves["us"]["infantry"] == 24 - 2 + lost_us - sum(
            1 for e in g.events if e.kind == "retreat")
        if sum(g.state.graveyard["west"].values()):
            return
    pytest.fail("no West losses in 30 seeds")


def test_casualty_choice_belongs_to_the_firing_side(position):
    for seed in range(60):
        g = battle_game(position, {"coast": "west: 1 hovertank, 1 infantry"}, "us: 1 bomber", seed=seed)
        start_battle(g, (1, "hovertank"), (1, "infantry"))
        if g.phase == "combat" and g.battle and g.battle.decider:
            # the U.S. bomber (air fire: any target) hit: the U.S. chooses which West unit dies
            assert g.side == "us"
            assert set(g.legal_actions()[:-1]) == {A.Casualty("hovertank", "coast"), A.Casualty("infantry", "coast")}
            g.apply(A.Casualty("hovertank", "coast"))
            assert "hovertank" not in units(g, "coast", "west")
            return
    pytest.fail("no choice arose in 60 seeds")


def test_retreat_goes_to_friendly_undeclared_territory_chosen_by_defender(position):
    for seed in range(200):
        g = battle_game(position, {"coast": "west: 3 infantry"}, "us: 1 infantry, 1 hovertank",
                        seed=seed, control={"west": ["coast"]}, declared=["alpha", "plainb"])
        start_battle(g, (3, "infantry"))
        retreats = [a for a in g.legal_actions() if isinstance(a, A.Retreat)]
        if retreats:
            assert g.side == "us"
            # plainb is declared, coast is West's: only mount and beta (U.S., undeclared) remain
            assert {a.dst for a in retreats} == {"mount", "beta"}
            g.apply(retreats[0])
            assert units(g, retreats[0].dst, "us")
            return
    pytest.fail("no retreat choice arose")


def test_an_invader_defender_does_not_retreat_into_its_own_zone(position):
    # "to a friendly non-declared territory": an invasion zone is not a territory (as for lasers)
    for seed in range(200):
        g = position({"turn": "us", "phase": "combat", "round": 2, "declared": ["coast"],
                      "control": {"west": ["coast", "hills", "plainb"]},
                      "units": {"coast": "west: 3 infantry", "w1": "west: 1 hovertank", "alpha": "us: 5 infantry"}},
                     seed=seed)
        g.apply(A.Attack("coast"))
        g.apply(A.Commit(5, "infantry", "alpha"))
        g.apply(A.Fight())
        retreats = [a for a in g.legal_actions() if isinstance(a, A.Retreat)]
        if retreats:
            assert g.side == "west"
            assert {a.dst for a in retreats} == {"hills", "plainb"}  # not West One or West Two
            assert "not an invasion zone" in g.explain(A.Retreat("infantry", "coast", "w1"))
            return
    pytest.fail("no retreat choice arose")

def test_disengaged_units_cannot_invade_and_bombers_return_home(position):
    for seed in range(300):
        g = battle_game(position, {"coast": "west: 1 bomber, 1 hovertank"}, "us: 1 infantry", seed=seed)
        g.state.phase = "maneuvers"
        g._legal = None
        g.apply(A.Move(1, "bomber", "coast", "alpha"))
        g.apply(A.End())
        g.apply(A.Attack("alpha"))
        g.apply(A.Commit(1, "hovertank", "coast"))
        g.apply(A.Fight())
        _fight_through(g, choose=lambda acts: next((a for a in acts if isinstance(a, A.Disengage) and a.unit == "bomber"), acts[0]))
        if any(e.kind == "disengage" and "bomber" in e.text for e in g.events):
            bomber = next(u for u in g.state.units.values() if u.kind == "bomber")
            assert bomber.area == "coast"
            if g.phase == "invasion":
                assert not any(isinstance(a, A.Invade) and a.unit == "bomber" for a in g.legal_actions())
            return
    pytest.fail("no bomber disengaged")


# -- Invasion (rules: Action Sequence 6) ------------------------------------------------------------------
def test_invasion_moves_one_step_into_declared_territory_free_of_enemies(position):
    g = west(position, "invasion", {"coast": "west: 3 infantry, 2 hovertank", "w1": "west: 4 infantry"},
             declared=["alpha", "hills"])
    assert g.explain(A.Invade(3, "infantry", "coast", "alpha")) is None
    assert "not next to" in g.explain(A.Invade(1, "infantry", "w1", "alpha"))
    assert "not declared" in g.explain(A.Invade(1, "infantry", "coast", "plainb"))
    g.apply(A.Invade(3, "infantry", "coast", "alpha"))
    g.apply(A.Invade(2, "hovertank", "coast", "alpha"))
    assert "room for 0" in g.explain(A.Invade(1, "infantry", "w1", "coast")) or True
    assert not any(isinstance(a, A.Invade) and a.dst == "alpha" for a in g.legal_actions())


def test_invasion_blocked_while_enemies_remain(position):
    g = west(position, "invasion", {"coast": "west: 2 infantry", "alpha": "us: 1 infantry"}, declared=["alpha", "hills"])
    assert "still holds enemy" in g.explain(A.Invade(1, "infantry", "coast", "alpha"))


# -- Supply and capture (rules: Action Sequence 7-8) ----------------------------------------------------
def test_unsupplied_invader_units_are_destroyed(position):
    g = position({"turn": "west", "phase": "invasion", "round": 2, "control": {"west": ["coast", "far"]},
                  "units": {"coast": "west: 1 infantry", "far": "west: 2 hovertank"}})
    end_turn(g)  # supply, capture, then South's turn
    assert units(g, "coast", "west") == {"infantry": 1}  # joined to w1/w2
    assert units(g, "far", "west") == {}  # cut off
    assert g.state.graveyard["west"]["hovertank"] == 2


def test_supply_runs_through_occupied_territory(position):
    g = position({"turn": "west", "phase": "invasion", "round": 2, "declared": ["alpha"],
                  "control": {"west": ["coast", "beta"]},
                  "units": {"coast": "west: 1 infantry", "beta": "west: 1 hovertank"}})
    g.apply(A.Invade(1, "infantry", "coast", "alpha"))  # alpha occupied: coast-alpha-beta path
    end_turn(g)
    assert units(g, "beta", "west") == {"hovertank": 1}


def test_capture_of_a_city_goes_on_the_track_and_loses_its_laser(position):
    g = position({"turn": "west", "phase": "invasion", "round": 2, "declared": ["alpha"], "lasers": ["alpha"],
                  "control": {"west": ["coast"]}, "units": {"coast": "west: 2 infantry"}})
    g.apply(A.Invade(2, "infantry", "coast", "alpha"))
    end_turn(g)
    assert g.state.control["alpha"] == "west"
    assert "West captures Alpha City from U.S." in g.log  # one period (issue 18)
    assert g.state.captured == {"alpha": "west"}
    assert g.state.lasers == []


def test_us_retaking_a_city_earns_a_bonus_card(position):
    g = position({"turn": "us", "phase": "invasion", "round": 2, "declared": ["alpha"],
                  "control": {"west": ["alpha"]}, "captured": {"alpha": "west"},
                  "units": {"coast": "us: 2 infantry"}})
    g.apply(A.Invade(1, "infantry", "coast", "alpha"))
    end_turn(g, "us")
    assert g.state.control["alpha"] == "us"
    assert g.state.captured == {}
    assert g.state.bonus_cards == 1 or any("bonus" in e.text for e in g.events)


def test_capture_needs_occupation_and_no_enemy(position):
    g = west(position, "invasion", {"coast": "west: 1 infantry"}, declared=["alpha", "hills"])
    g.apply(A.Invade(1, "infantry", "coast", "hills"))
    end_turn(g)
    assert g.state.control["hills"] == "west"
    assert g.state.control["alpha"] == "us"  # declared but not occupied


def test_control_lasts_when_a_territory_is_empty(position):
    g = west(position, "invasion", {"coast": "west: 1 infantry"}, declared=["hills"])
    g.apply(A.Invade(1, "infantry", "coast", "hills"))
    end_turn(g)
    assert g.state.control["coast"] == "west"  # now empty, still West's


def test_a_combined_arms_die_that_does_not_count_is_logged_with_the_reason(position):
    """Rules (Combat Resolution): in a city the attacker's Combined Arms counts only with all
    three classes; the roll is followed by a "combined_arms" event saying why it missed."""
    for seed in range(60):
        g = battle_game(position, {"coast": "west: 4 hovertank"}, "us: 4 infantry", seed=seed)
        g.apply(A.Attack("alpha"))
        g.apply(A.Commit(4, "hovertank", "coast"))
        assert g.battle.combined_arms_miss() is None  # not fought yet
        events = g.apply(A.Fight())
        rolls = [e for e in events if e.kind == "roll" and e.side == "west"]
        if rolls and any(face == "combined_arms" for _u, _d, face in rolls[0].rolls):
            break
    else:
        pytest.fail("no seed rolled a Combined Arms for the attacker")
    after = events[events.index(rolls[0]) + 1]
    assert after.kind == "combined_arms" and "no air or foot unit" in after.text
    assert [e for e in events if e.kind == "combined_arms"] == [after]
