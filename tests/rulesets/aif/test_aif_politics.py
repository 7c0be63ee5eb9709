"""The rules of §3 and the brief's rulings, one test each (docs/rules-aif.md maps them)."""
from __future__ import annotations

from dataclasses import replace

import pytest

from fortress.rulesets.aif.politics import (Flag, Order, Presence, RuleError, align, automatic, buy_points, conquer,
                                            conquest_win, declare_war, describe, end_of_step, enter, level_cost,
                                            major_conquered, may_enter, presetup, resolve, start)
from fortress.rulesets.aif.track import signed, walk
from tests.rulesets.aif.conftest import placed

RICH = {p: 200 for p in ("usa", "cw", "france", "germany", "italy", "japan")}


def one(t, state, *orders, initiative="axis", presence=Presence()):
    return resolve(state, t, list(orders), initiative, presence)


# -- the track (§3.1) ---------------------------------------------------------------------------
def test_bands_and_their_effects_are_data(t):
    assert [(b.low, b.high) for b in t.bands] == [(2, 4), (5, 7), (8, 10), (11, 13), (14, 15), (16, 16)]
    assert t.band(0) is None and t.band(1) is None
    assert t.band(3).resources == "half" and not t.band(3).factories
    assert t.band(6).factories and not t.band(6).enter
    assert t.band(9).enter and not t.band(9).align
    assert t.band(12).align and t.band(12).leave == "adjacent"
    assert t.band(15).leave == "anywhere" and t.band(16).commitment_waived


def test_favour_by_position_in_above_below(t):
    positions = {p.id: p.position for p in t.powers.values()}
    assert positions == {"usa": "in", "germany": "in", "cw": "above", "italy": "above",
                         "france": "below", "japan": "below"}


def test_favour_changes_only_through_0(t):
    """Italy pushes a German flag up; it stays German (ruling 2)."""
    out = one(t, placed(t, RICH, chile=Flag(3, "germany")), Order("italy", "chile", 4))
    assert out.state.flags["chile"] == Flag(5, "germany")


def test_levels_continue_through_0_and_then_favour_the_applier(t):
    """Ruling 1: 0 is an ordinary square."""
    out = one(t, placed(t, RICH, peru=Flag(2, "japan")), Order("cw", "peru", 5))
    assert out.state.flags["peru"] == Flag(3, "cw")
    out = one(t, placed(t, RICH, peru=Flag(2, "japan")), Order("cw", "peru", 2))
    assert out.state.flags["peru"] == Flag()


# -- orders (§3.6) --------------------------------------------------------------------------------
@pytest.mark.parametrize("levels, applied", [(1, 1), (3, 2), (4, 2), (5, 3)])
def test_a_partner_applies_half_its_levels_rounding_up(t, levels, applied):
    """Ruling 2: halved when the flag favours another power of the same side."""
    out = one(t, placed(t, RICH, cuba=Flag(1, "usa")), Order("france", "cuba", levels))
    assert out.state.flags["cuba"] == Flag(1 + applied, "usa")


def test_no_halving_on_0_on_your_own_favour_or_against_the_other_side(t):
    state = placed(t, RICH, cuba=Flag(2, "usa"), haiti=Flag(2, "germany"))
    out = one(t, state, Order("usa", "cuba", 3), Order("france", "haiti", 3), Order("japan", "mexico", 3))
    assert out.state.flags["cuba"] == Flag(5, "usa")
    assert out.state.flags["haiti"] == Flag(1, "france")
    assert out.state.flags["mexico"] == Flag(3, "japan")


def test_hurdles_are_free_upward_and_cost_two_levels_downward(t):
    """Ruling 3: every hurdle points up, on both sides."""
    assert walk(t, 4, "allies", 1, cap=15) == (5, 0)
    assert walk(t, 5, "axis", 2, cap=15) == (4, 0)
    assert walk(t, 5, "axis", 1, cap=15) == (5, 1)  # one level cannot cross: it is lost
    assert walk(t, -14, "allies", 5, cap=15) == (-11, 1)  # 2 for 13|14, 1, 1, and 10|11 needs 2
    assert walk(t, -11, "allies", 2, cap=15) == (-10, 0)


def test_influence_never_moves_a_flag_into_full_ally(t):
    state = placed(t, RICH, bolivia=Flag(13, "germany"))
    out = one(t, state, Order("germany", "bolivia", 5))
    assert out.state.flags["bolivia"] == Flag(15, "germany")
    assert "3.6: influence never moves a flag into Full Ally, 3 lost" in out.moves[0].text
    assert out.state.points["germany"] == 200 - 5 * 2  # ruling 5: spent as written


def test_orders_for_a_full_ally_or_a_conquered_minor_are_refused(t):
    state = placed(t, RICH, bolivia=Flag(16, "germany", aligned=True), peru=Flag(4, "japan", conquered_by="usa"))
    with pytest.raises(RuleError, match="^3.1: Bolivia is a Full Ally of Germany; its flag never moves again"):
        one(t, state, Order("usa", "bolivia", 1))
    with pytest.raises(RuleError, match="^3.1: Peru is conquered by USA"):
        one(t, state, Order("usa", "peru", 1))


@pytest.mark.parametrize("order, words", [
    (Order("usa", "brazil", 0), "3.6: influence levels are a whole number of 1 or more"),
    (Order("usa", "brazil", True), "3.6: influence levels are a whole number"),
    (Order("usa", "netherlands", 1), "3.1: the Netherlands has no flag on the track"),
    (Order("usa", "atlantis", 1), "3.1: no minor named 'atlantis'"),
    (Order("spain", "brazil", 1), "3.6: no major power named 'spain'"),
    (Order("usa", "brazil", 17), "3.6: USA has 50 political points; its orders cost 51"),
])
def test_bad_orders_are_refused_naming_the_rule_and_nothing_changes(t, order, words):
    state = presetup(start(t), t)
    before = state.to_plain()
    with pytest.raises(RuleError) as info:
        one(t, state, Order("germany", "chile", 1), order)
    assert str(info.value).startswith(words)
    assert state.to_plain() == before


def test_one_order_per_power_and_minor(t):
    with pytest.raises(RuleError, match="^3.6: USA wrote two orders for Cuba"):
        one(t, placed(t, RICH), Order("usa", "cuba", 1), Order("usa", "cuba", 2))


def test_an_enemy_land_unit_adds_one_point_per_level_for_its_enemies_only(t):
    """Ruling 8: "enemy" is enemy to the buyer."""
    here = Presence(land={"brazil": frozenset({"germany"})})
    assert level_cost(t, "usa", "brazil", here) == 4 and level_cost(t, "italy", "brazil", here) == 4
    assert level_cost(t, "usa", "brazil") == 3
    out = one(t, placed(t, {"usa": 12}), Order("usa", "brazil", 3), presence=here)
    assert out.state.points["usa"] == 0
    with pytest.raises(RuleError, match="cost 16$"):
        one(t, placed(t, {"usa": 12}), Order("usa", "brazil", 4), presence=here)


def test_ties_go_to_the_side_with_the_initiative(t):
    orders = (Order("usa", "cuba", 3), Order("germany", "cuba", 3))
    state = placed(t, RICH, cuba=Flag(4, "usa"))  # the 4|5 hurdle makes the order matter
    assert one(t, state, *orders, initiative="axis").state.flags["cuba"] == Flag(4, "usa")  # 1, then 4
    assert one(t, state, *orders, initiative="allies").state.flags["cuba"] == Flag(5, "usa")  # 7, then 5


def test_partners_tied_go_by_points_on_the_minor_then_on_all_minors_then_factories(t):
    # Uruguay: CW 2, Italy 3, Germany 4 a level; Italy and Germany 3 levels each.
    out = one(t, placed(t, RICH), Order("italy", "uruguay", 3), Order("germany", "uruguay", 3))
    assert out.state.flags["uruguay"].power == "germany"  # 12 points before 9
    # Cuba: Germany 4, Italy 4 a level: equal on the minor; Italy spends more overall.
    out = one(t, placed(t, RICH), Order("germany", "cuba", 2), Order("italy", "cuba", 2), Order("italy", "peru", 1))
    assert out.state.flags["cuba"].power == "italy"
    # equal everywhere: Germany's 30 factories beat Italy's 12
    out = one(t, placed(t, RICH), Order("italy", "cuba", 2), Order("germany", "cuba", 2))
    assert out.state.flags["cuba"].power == "germany"


def test_unspent_points_carry_over(t):
    """Ruling 6."""
    state = one(t, presetup(start(t), t), Order("france", "haiti", 2)).state
    assert presetup(state, t).points["france"] == 15 - 4 + 15
    assert buy_points(state, t, "france", 7).points["france"] == 11 + 7
    with pytest.raises(RuleError, match="^5.3"):
        buy_points(state, t, "france", -1)


# -- automatic influence (§3.4) -------------------------------------------------------------------
def test_the_sep_oct_arrow_moves_flags_at_9_or_higher_one_square(t):
    state = placed(t, peru=Flag(9, "japan"), chile=Flag(8, "germany"), cuba=Flag(15, "usa"),
                   mexico=Flag(12, "cw"))
    out = automatic(state, t, "Sep/Oct")
    flags = out.state.flags
    assert flags["peru"] == Flag(10, "japan") and flags["chile"] == Flag(8, "germany")
    assert flags["mexico"] == Flag(13, "cw")
    assert flags["cuba"] == Flag(16, "usa", aligned=True)  # automatic moves may reach Full Ally
    assert automatic(state, t, "Mar/Apr").state == state  # no arrow that turn
    with pytest.raises(RuleError, match="^3.4: no turn named 'Sept'"):
        automatic(state, t, "Sept")


def test_the_pre_set_up_steps_move_no_flag_automatically(t):
    """Ruling 7: presetup only adds points."""
    state = placed(t, cuba=Flag(15, "usa"))
    assert presetup(state, t).flags == state.flags


# -- secondary moves (§3.7) ----------------------------------------------------------------------
def test_a_secondary_move_crosses_a_hurdle_downward_for_two_squares(t):
    state = placed(t, brazil=Flag(7, "usa"), chile=Flag(5, "usa"))
    out = declare_war(state, t, "japan", "brazil")  # 9 squares: 3 the other way
    assert out.state.flags["chile"] == Flag(3, "usa")  # 5 -> 4 takes 2, then 1


def test_a_secondary_move_stops_short_of_full_ally(t):
    """Our ruling: like influence, a secondary move never reaches Full Ally."""
    out = declare_war(placed(t, chile=Flag(14, "germany")), t, "germany", "brazil")
    assert out.state.flags["chile"] == Flag(15, "germany")


def test_a_flash_does_not_move_a_full_ally(t):
    state = placed(t, chile=Flag(16, "germany", aligned=True))
    assert declare_war(state, t, "germany", "brazil").state.flags["chile"] == state.flags["chile"]


# -- war, entry, conquest (§3.2) ------------------------------------------------------------------
def test_no_war_where_you_have_units(t):
    with pytest.raises(RuleError, match="^3.2: Japan has units in Peru and may not declare war on it"):
        declare_war(start(t), t, "japan", "peru", Presence(units={"peru": frozenset({"japan"})}))


def test_war_makes_the_minor_a_full_ally_of_the_power_it_favours_on_the_other_side(t):
    out = declare_war(placed(t, peru=Flag(3, "japan")), t, "usa", "peru")
    assert out.state.flags["peru"] == Flag(16, "japan", aligned=True)


def test_war_on_a_minor_favouring_your_side_goes_to_the_cheapest_enemy(t):
    out = declare_war(placed(t, colombia=Flag(5, "germany")), t, "italy", "colombia")
    assert out.state.flags["colombia"] == Flag(16, "usa", aligned=True)  # USA 2 a level


def test_war_is_refused_on_a_minor_already_at_war_with_you(t):
    state = placed(t, mexico=Flag(12, "usa", aligned=True))
    with pytest.raises(RuleError, match="^3.2: Mexico is already at war with Japan"):
        declare_war(state, t, "japan", "mexico")


def test_entering_a_minor_at_war_moves_it_to_full_ally(t):
    state = placed(t, mexico=Flag(12, "usa", aligned=True))
    out = enter(state, t, "japan", "mexico")
    assert out.state.flags["mexico"] == Flag(16, "usa", aligned=True) and out.moves[0].cause == "entry"
    with pytest.raises(RuleError, match="^3.2: USA is not at war with Mexico"):
        enter(state, t, "usa", "mexico")


def test_a_conquered_minor_never_moves_again(t):
    state = declare_war(start(t), t, "usa", "argentina").state
    state = conquer(state, t, "usa", "argentina").state
    assert state.flags["argentina"].conquered_by == "usa"
    with pytest.raises(RuleError, match="^3.1: Argentina is conquered by USA"):
        declare_war(state, t, "germany", "argentina")
    with pytest.raises(RuleError, match="^3.2: Germany can conquer only a minor at war with it"):
        conquer(start(t), t, "germany", "cuba")


def test_a_conquered_major_passes_its_minors_to_a_partner_at_half(t):
    state = placed(t, uruguay=Flag(16, "cw", aligned=True), haiti=Flag(5, "cw"), cuba=Flag(4, "usa"))
    out = major_conquered(state, t, "cw")
    flags = out.state.flags
    assert flags["uruguay"] == Flag(8, "usa", aligned=True)  # "half of full ally is 8"
    assert flags["haiti"] == Flag(3, "usa")  # USA and France both 2 a level: the USA has more factories
    assert flags["cuba"] == state.flags["cuba"] and "cw" in out.state.conquered
    # the Netherlands and Greenland (unflagged, the CW's) have no flag to halve (our ruling)
    assert flags["netherlands"] == flags["greenland"] == Flag(16, "usa", aligned=True)
    alone = major_conquered(major_conquered(out.state, t, "usa").state, t, "france").state
    assert alone.flags["haiti"] == alone.flags["netherlands"] == Flag()  # no partner left
    after, _ = end_of_step(out.state, t)
    assert not after.state.flags["uruguay"].aligned  # 8 is below Mobilisation
    with pytest.raises(RuleError, match="^3.2: Commonwealth is conquered and writes no orders"):
        resolve(replace(out.state, points=RICH), t, [Order("cw", "cuba", 1)], "axis")


def test_a_conquered_major_gets_no_war_points(t):
    state = major_conquered(start(t), t, "italy").state
    out = declare_war(state, t, "cw", "mexico")
    assert out.state.points["italy"] == 0 and out.state.points["germany"] == 5


# -- alignment, neutrality, eviction (§3.1) --------------------------------------------------------
def test_only_the_favoured_power_aligns_from_mobilisation(t):
    state = placed(t, venezuela=Flag(11, "italy"), peru=Flag(10, "japan"))
    assert align(state, t, "italy", "venezuela").state.flags["venezuela"].aligned
    with pytest.raises(RuleError, match="^3.1: only the favoured power aligns a minor, from square 11 up"):
        align(state, t, "germany", "venezuela")
    with pytest.raises(RuleError, match="^3.1"):
        align(state, t, "japan", "peru")


def test_an_aligned_minor_below_mobilisation_becomes_neutral_at_the_end_of_a_step(t):
    state = placed(t, RICH, venezuela=Flag(11, "italy", aligned=True))
    pushed = one(t, state, Order("usa", "venezuela", 2)).state  # 2 for 10|11
    assert pushed.flags["venezuela"] == Flag(10, "italy", aligned=True)  # until the step ends
    out, _ = end_of_step(pushed, t)
    assert out.state.flags["venezuela"] == Flag(10, "italy") and "becomes neutral" in out.log[0]


def test_units_leave_a_minor_they_could_not_enter(t):
    flags = {"peru": Flag(7, "japan"), "chile": Flag(9, "germany"), "bolivia": Flag(12, "germany", aligned=True),
             "mexico": Flag(16, "usa", aligned=True)}
    state = placed(t, **flags)
    units = {"peru": frozenset({"japan"}), "chile": frozenset({"germany", "italy"}),
             "bolivia": frozenset({"italy"}), "mexico": frozenset({"germany", "cw"})}
    _, evicted = end_of_step(state, t, Presence(units=units))
    assert sorted(evicted) == [("italy", "chile"), ("japan", "peru")]
    assert may_enter(t, flags["mexico"], "germany")  # at war with it


def test_conquest_victory_needs_every_enemy_major_and_every_minor_on_the_map(t):
    state = start(t)
    for p in ("usa", "cw", "france"):
        state = major_conquered(state, t, p).state
    assert not conquest_win(state, t, "axis")
    flags = {m: Flag(16, "germany", aligned=True) for m in t.minors}
    assert conquest_win(replace(state, flags=flags), t, "axis")
    assert not conquest_win(replace(state, flags=flags), t, "allies")


def test_describe_and_signed(t):
    assert describe(t, Flag(5, "germany")) == "Germany +5" and signed(t, Flag(5, "germany")) == -5
    assert describe(t, Flag(16, "cw", True)) == "Full Ally of Commonwealth"


def test_state_round_trips_as_plain_data(t):
    from fortress.rulesets.aif.politics import Politics

    state = declare_war(presetup(start(t), t), t, "germany", "brazil").state
    assert Politics.from_plain(state.to_plain()) == state


def test_the_start_of_the_game(t):
    """§3.1: flags on 0; §13: the Netherlands and Greenland the CW's, Rumania and Portugal
    Germany's, Spain Italy's, all Full Allies."""
    state = start(t)
    assert all(state.flags[m] == Flag() for m in t.flagged())
    assert state.flags["netherlands"] == state.flags["greenland"] == Flag(16, "cw", aligned=True)
    assert state.flags["spain"] == Flag(16, "italy", aligned=True)
    assert dict(state.points) == {p: 0 for p in t.powers}


def test_a_flag_pushed_through_0_is_no_longer_aligned(t):
    """Our ruling: 0 is neutral, whatever the end of the step finds."""
    state = placed(t, RICH, venezuela=Flag(11, "italy", aligned=True))
    out = one(t, state, Order("usa", "venezuela", 16))
    assert out.state.flags["venezuela"] == Flag(2, "usa")  # 11 squares down for 14 levels (3 hurdles), 2 up
