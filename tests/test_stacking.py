"""The 5-unit limit holds at the end of a phase action (issue 16, item 3; rules: "5 Unit
Limit: No more than 5 units in any territory/invasion zone at end of an action")."""
from __future__ import annotations

from fortress.rulesets.america import actions as A
from fortress.rulesets.america.state import Task, TaskKind
from tests.conftest import units
from tests.invariants import check
from tests.test_rules_turn import with_task


def west(position, phase, units_, control=("coast", "hills"), declared=()):
    return position({"turn": "west", "phase": phase, "round": 2, "declared": list(declared),
                     "control": {"west": list(control)}, "units": units_})


def crowd(game, area, side, n=1):
    """Put ``n`` more of ``side``'s units in ``area`` by hand (a position the rules never
    reach, to see that 'end' holds the line on its own)."""
    movable = [u for u in game.state.units.values() if u.side == side and u.area != area]
    for u in movable[:n]:
        u.area = area
    game.touch()
    game._legal = None  # as tests.test_rules_turn.with_task does


# -- Maneuvers: a swap between two full territories ---------------------------------------------------
def test_swap_between_two_full_territories(position):
    g = west(position, "maneuvers", {"coast": "west: 5 hovertank", "hills": "west: 5 mobile"})
    g.apply(A.Move(1, "hovertank", "coast", "hills"))  # Hills holds 6 for now
    assert A.End() not in g.legal_actions()
    assert g.explain(A.End()) == ("Maneuvers: Hills (6 units) is over the 5-unit limit, which holds at the end "
                                  "of Maneuvers; move units out first.")
    g.apply(A.Move(1, "mobile", "hills", "coast"))
    assert units(g, "coast", "west") == {"hovertank": 4, "mobile": 1}
    assert units(g, "hills", "west") == {"hovertank": 1, "mobile": 4}
    assert g.explain(A.End()) is None and A.End() in g.legal_actions()


def test_end_of_maneuvers_names_every_over_full_place(position):
    g = west(position, "maneuvers", {"coast": "west: 5 hovertank", "hills": "west: 5 mobile", "w1": "west: 2 hovertank"},
             control=("coast", "hills", "plainb"))
    g.apply(A.Move(2, "hovertank", "w1", "coast"))
    g.apply(A.Move(1, "hovertank", "coast", "hills"))
    assert g.explain(A.End()) == ("Maneuvers: Coast (6 units) and Hills (6 units) are over the 5-unit limit, which "
                                  "holds at the end of Maneuvers; move units out first.")


def test_no_move_into_a_full_place_that_could_not_be_emptied_again(position):
    # infantry cannot move by itself: Coast could never get back to 5
    g = west(position, "maneuvers", {"coast": "west: 5 infantry", "hills": "west: 1 hovertank", "w1": "west: 1 mobile"})
    reason = g.explain(A.Move(1, "hovertank", "hills", "coast"))
    assert "Coast (6 units) would be over the 5-unit limit" in reason and "room for 0" in reason
    assert not any(isinstance(a, A.Move) and a.dst == "coast" for a in g.legal_actions())


def test_no_move_takes_the_room_an_over_full_place_needs(position):
    # Hills holds 6; its mobile units can go only to Coast, which has room for 1
    g = west(position, "maneuvers", {"coast": "west: 5 hovertank", "hills": "west: 5 mobile", "w1": "west: 1 hovertank"})
    g.apply(A.Move(1, "hovertank", "coast", "hills"))
    reason = g.explain(A.Move(1, "hovertank", "w1", "coast"))
    assert "Hills (6 units) would be over the 5-unit limit" in reason
    assert A.Move(1, "mobile", "hills", "coast") in g.legal_actions()


def test_an_over_full_place_can_always_be_put_right(position):
    """Whatever the side does, while a place is over the limit a move that helps is listed."""
    g = west(position, "maneuvers", {"coast": "west: 5 hovertank", "hills": "west: 5 mobile"})
    g.apply(A.Move(4, "hovertank", "coast", "hills"))  # Hills: 9
    g.apply(A.Move(3, "mobile", "hills", "coast"))  # Hills: 6, Coast: 4
    legal = g.legal_actions()
    assert A.End() not in legal and A.Move(1, "mobile", "hills", "coast") in legal
    g.apply(A.Move(1, "mobile", "hills", "coast"))
    assert A.End() in g.legal_actions()


def test_a_side_that_surrenders_mid_maneuvers_ends_the_game_as_the_board_stands(position):
    # the shape benchmarks/fuzz.py found (seed 1202: East, 6 units in Atlantic 4): the invariants
    # asked the finished game for a move out of the over-full place
    g = west(position, "maneuvers", {"coast": "west: 5 hovertank", "hills": "west: 5 mobile"})
    g.apply(A.Move(1, "hovertank", "coast", "hills"))  # Hills holds 6 for now
    g.apply(A.Surrender())
    assert g.is_over and g.winner == "us" and g.legal_actions() == []
    assert units(g, "hills", "west") == {"hovertank": 1, "mobile": 5}
    check(g)


def test_bombing_exception_stays(position):
    g = west(position, "maneuvers", {"coast": "west: 5 bomber", "w1": "west: 5 hovertank", "alpha": "us: 5 infantry"},
             declared=["alpha"])
    g.apply(A.Move(5, "bomber", "coast", "alpha"))  # the bombers keep their place in Coast
    assert "room for 0" in g.explain(A.Move(1, "hovertank", "w1", "coast"))  # and it holds 5
    g.apply(A.End())
    assert units(g, "alpha", "west") == {"bomber": 5}  # 5 bombers over a target held by 5


# -- Invasion and Reinforcements: 'end' is refused while a place is over the limit ---------------------
def test_end_of_invasion_refused_naming_over_full_places(position):
    g = west(position, "invasion", {"coast": "west: 5 hovertank", "hills": "west: 1 mobile"}, declared=["plainb"])
    assert g.explain(A.End()) is None
    crowd(g, "coast", "west")
    assert A.End() not in g.legal_actions()
    assert g.explain(A.End()) == "Invasion: Coast (6 units) is over the 5-unit limit, which holds at the end of Invasion."


def test_invasion_stays_within_the_limit_move_by_move(position):
    g = west(position, "invasion", {"coast": "west: 3 hovertank", "hills": "west: 3 mobile"}, declared=["plainb"])
    g.apply(A.Invade(3, "hovertank", "coast", "plainb"))
    assert "room for 2" in g.explain(A.Invade(3, "mobile", "hills", "plainb"))  # an invader moves once


def test_end_of_reinforcements_refused_naming_over_full_places(position):
    g = west(position, "reinforcements", {"w1": "west: 5 hovertank", "w2": "west: 4 infantry", "coast": "west: 1 mobile"})
    assert "must still bring in 1 unit " in g.explain(A.End())  # compulsory while there is room
    crowd(g, "w1", "west")
    assert A.End() not in g.legal_actions()
    assert g.explain(A.End()) == ("Reinforcements: West One (6 units) is over the 5-unit limit, which holds at "
                                  "the end of Reinforcements.")
    assert "already holds 5" in g.explain(A.Place("infantry", "w1"))


# -- retreats and partisan cards (careful-player rulings) ---------------------------------------------
def test_a_retreat_goes_only_where_there_is_room_now(position):
    seen = 0
    for seed in range(40):  # until the dice give the U.S. a retreat to choose
        g = position({"turn": "west", "phase": "combat", "round": 2, "declared": ["alpha"],
                      "control": {"west": ["coast"]},
                      "units": {"coast": "west: 5 hovertank", "alpha": "us: 5 infantry", "mount": "us: 5 infantry",
                                "beta": "us: 4 infantry"}}, seed=seed)
        g.apply(A.Attack("alpha"))
        g.apply(A.Commit(5, "hovertank", "coast"))
        g.apply(A.Fight())
        retreats = [a for a in g.legal_actions() if isinstance(a, A.Retreat)]
        if retreats:
            seen += 1
            assert {a.dst for a in retreats} == {"beta", "plainb"}  # Mount is full; the retreat is one action
            assert "room" in g.explain(A.Retreat("infantry", "alpha", "mount"))
    assert seen


def test_a_partisan_card_places_only_where_there_is_room(position):
    game = position({"turn": "us", "phase": "reinforcements", "round": 2, "lasers": ["alpha", "beta"],
                     "control": {"west": ["coast"]},
                     "units": {"hills": "us: 4 infantry", "alpha": "us: 5 infantry", "coast": "west: 1 infantry"}})
    with_task(game, Task(TaskKind.PLACE, "Test", "partisan", ("coast", "hills", "alpha")))
    assert "with room" in game.explain(A.Place("partisan", "alpha"))  # nothing moves to make room later
    assert [a.area for a in game.legal_actions() if isinstance(a, A.Place)] == ["hills"]
