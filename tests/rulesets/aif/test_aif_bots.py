"""America in Flames' heuristic bot (fortress/rulesets/aif/heuristic.py): legal through whole
games, blind to sealed orders, reproducible, and each rule of thumb on a small position."""
from __future__ import annotations

from dataclasses import replace

import pytest

import fortress
from fortress.ai import bot_names, make_bot
from fortress.engine.actions import Surrender
from fortress.rulesets.aif import heuristic
from fortress.rulesets.aif.politics import Flag
from fortress.rulesets.aif.state import Align, Bid, Declare, Influence, Produce
from fortress.rulesets.aif.tables import load
from tests.rulesets.aif.conftest import placed

T = load()


def aif(seed: int = 1, players: int = 2, variants=()) -> fortress.Game:
    return fortress.new_game(seed=seed, ruleset="aif", players=players, variants=variants)


def bot(seed: int = 0):
    return make_bot("heuristic", seed=seed, ruleset="aif")


def play(game: fortress.Game, seed: int = 0, until=lambda g: g.is_over) -> list[str]:
    """Heuristic bots for every power until ``until``; each choice checked legal first."""
    bots = {s: make_bot("heuristic", seed=seed * 10 + k, ruleset=game.rules) for k, s in enumerate(game.rules.sides)}
    reasons = []
    while not until(game):
        side = game.side
        action = bots[side].choose(game)
        assert not isinstance(action, Surrender) and game.explain(action, side) is None, (side, action)
        assert bots[side].reason.startswith(game.notation(action) + ": ") and len(bots[side].reason) > len(game.notation(action)) + 8
        reasons.append(bots[side].reason)
        game.apply(action, side)
    return reasons


def at(game: fortress.Game, phase: str, side: str | None = None) -> fortress.Game:
    """Play on with the bots to ``phase`` (and ``side`` deciding)."""
    play(game, until=lambda g: g.phase == phase and (side is None or g.side == side))
    return game


def calm(game: fortress.Game) -> fortress.Game:
    """The bots to the first production step, every power passing its operations: the Axis
    still in their boxes, nothing threatens the Allied homes."""
    bots = {s: bot() for s in game.rules.sides}
    while game.phase != "production":
        side = game.side
        game.apply("pass" if game.phase == "operations" else bots[side].choose(game), side)
    return game


def with_track(game: fortress.Game, points=None, **flags: Flag) -> fortress.Game:
    game.state.politics = placed(T, points, **flags)
    game.touch()
    return game


def test_aif_seats_its_heuristic():
    assert bot_names("aif") == ("heuristic", "random")
    assert bot().name == "heuristic"


@pytest.mark.slow  # about 2.5 s of CPU
def test_a_short_game_plays_legal_actions_to_a_result_with_a_reason_each():
    game = aif(seed=3, variants=("short-game", "bidding", "atomic-bomb"))
    reasons = play(game, seed=3)
    assert game.winner in ("allies", "axis")
    assert any("bid" in r for r in reasons) and any(r.startswith("produce") for r in reasons)


@pytest.mark.slow
@pytest.mark.parametrize("seed, players, variants", [(4, 6, ("bidding",)), (5, 4, ("atomic-bomb",))])
def test_whole_games_at_other_player_counts(seed, players, variants):
    game = aif(seed, players, variants)
    play(game, seed)
    assert game.winner in ("allies", "axis")


def test_the_same_seed_gives_the_same_game():
    first, second = aif(seed=7), aif(seed=7)
    for game in (first, second):
        at(game, "influence")
    assert first.history == second.history and first.log == second.log


def test_it_reads_only_its_view_never_another_powers_sealed_order():
    """Japan, the last to write its pre-set-up order, chooses the same whatever Germany wrote
    unseen, from the game or from Japan's view, where Germany's order is a placeholder."""
    choices = set()
    for order in ("influence argentina 5 panama 3", "influence brazil 8", "influence none"):
        game = aif(players=6)
        game.apply(order, "germany")
        for side in ("usa", "cw", "france", "italy"):
            game.apply("influence none", side)
        view = game.view("japan")
        assert game.side == "japan" and view.notation(view.history[-1 - 4]) == "sealed"
        for given in (game, view):
            b = bot(1)
            action = b.choose(given)
            assert game.explain(action, "japan") is None
            choices.add((str(action), b.reason))
    assert len(choices) == 1


def test_a_bot_given_a_view_plays_for_the_views_side_in_a_sealed_step():
    """As a seat's bot is asked (``game.view(side)``): the view's side, not the first awaited."""
    game = aif(players=6)
    view = game.view("japan")
    b = bot()
    action = b.choose(view)
    assert game.side == "usa" and game.explain(action, "japan") is None and "Peru" in b.reason


# -- the auction ----------------------------------------------------------------------------------
def test_the_auction_bids_while_the_race_is_worth_it_and_never_against_a_partner():
    """At the start the Allies (20 research points ahead, rolls at 5) win the race at 201; the
    Axis at 198 would not; the Commonwealth does not outbid the USA's standing bid."""
    game = aif(players=4, variants=("bidding",))
    usa = bot()
    assert usa.choose(game) == Bid(1) and "100%" in usa.reason
    game.apply("bid 1")
    cw = bot()
    assert str(cw.choose(game)) == "pass" and "partner" in cw.reason
    game.apply("pass")
    germany = bot()
    assert str(germany.choose(game)) == "pass" and "below 50%" in germany.reason


def test_the_race_estimate_favours_the_side_ahead():
    import random
    share = heuristic.race({"allies": 20, "axis": 0}, {"allies": 9, "axis": 6}, 200, "axis", random.Random(1), 40)
    assert share["allies"] > 0.9
    share = heuristic.race({"allies": 0, "axis": 50}, {"allies": 9, "axis": 9}, 200, "axis", random.Random(1), 40)
    assert share["axis"] > 0.9


# -- influence ------------------------------------------------------------------------------------
def test_influence_takes_a_flag_over_a_band_edge_first():
    """The USA with 2 points: one level in Mexico (cost 2) takes USA +4 into Full Production,
    worth more than any other level."""
    game = with_track(aif(), {"usa": 2}, mexico=Flag(4, "usa"))
    action = bot().choose(game)
    assert game.side == "usa" and action == Influence((("mexico", 1),))
    b = bot()
    b.choose(game)
    assert "Mexico 1, 2 point(s)" in b.reason


def test_influence_leaves_a_minor_to_the_cheaper_partner():
    """Mexico costs the USA 2 and the Commonwealth 4: with points on both, the Commonwealth
    spends elsewhere."""
    game = aif()
    game.apply("influence none", "usa")
    assert game.side == "cw"
    action = bot().choose(game)
    assert isinstance(action, Influence) and action.levels
    assert all(T.minors[m].cost["cw"] <= T.minors[m].cost["usa"] for m, _ in action.levels)


def test_a_margin_over_a_band_edge_is_worth_something_against_the_enemys_push():
    """Full Production at +5 can be pushed back to +4 (Half Resources); +8 keeps a margin."""
    edge = placed(T, mexico=Flag(5, "usa"))
    margin = placed(T, mexico=Flag(8, "usa"))
    gain = heuristic.worth(T, margin, "allies") - heuristic.worth(T, edge, "allies")
    assert gain > 3 * heuristic.SQUARE
    assert heuristic.worth(T, edge, "axis") < heuristic.worth(T, placed(T), "axis")  # the enemy's flag


def test_the_regular_influence_step_keeps_a_reserve():
    game = at(aif(seed=2), "influence", "usa")
    points = game.state.politics.points["usa"]
    action = bot().choose(game)
    spent = sum(n * T.minors[m].cost["usa"] for m, n in action.levels)
    assert spent <= points - int(points * heuristic.RESERVE)


# -- declarations ---------------------------------------------------------------------------------
def to_allied_declarations(game: fortress.Game) -> fortress.Game:
    at(game, "declare")
    while game.phase == "declare" and T.side(game.side) == "axis":
        game.apply("pass")
    assert game.phase == "declare" and game.side == "usa"
    return game


def test_it_aligns_its_minor_at_mobilisation():
    game = with_track(to_allied_declarations(aif()), mexico=Flag(11, "usa"))
    b = bot()
    assert b.choose(game) == Align("mexico") and "Mobilisation" in b.reason


def test_it_declares_war_on_an_enemy_minor_at_mobilisation_when_the_flash_pays():
    """Brazil favours Germany at Mobilisation; war makes it Germany's Full Ally (the Axis get
    14 points, 3.5), and Brazil's flash moves Argentina and Chile one square our way (3.7):
    from USA +4 into Full Production, worth the war. With Argentina and Chile at +8 it is not."""
    flags = dict(brazil=Flag(11, "germany"), argentina=Flag(4, "usa"), chile=Flag(4, "usa"))
    game = with_track(to_allied_declarations(aif()), **flags)
    b = bot()
    assert b.choose(game) == Declare("brazil") and "declares war on Brazil" in b.reason
    calm = dict(flags, argentina=Flag(8, "usa"), chile=Flag(8, "usa"))
    game = with_track(to_allied_declarations(aif()), **calm)
    b = bot()
    assert str(b.choose(game)) == "pass" and "not pay" in b.reason


# -- production -----------------------------------------------------------------------------------
def test_production_buys_the_rolls_worth_it_and_points_with_the_rest():
    """The Allies' 10th roll adds under 0.1 expected points, so they buy 9: the USA pays 8 (its
    41 build points), the Commonwealth the ninth; the rest buys political points."""
    assert heuristic.wanted_rolls(20) == 9 and heuristic.wanted_rolls(4) == 4
    game = with_track(calm(aif()))
    game.state.politics = replace(game.state.politics, points={p: 0 for p in T.powers})
    usa, cw = bot(), bot()
    assert usa.choose(game) == Produce(1, 40) and "buys 9 roll(s)" in usa.reason
    game.apply(Produce(1, 40), "usa")
    assert cw.choose(game) == Produce(5, 5)


def test_production_buys_every_roll_near_the_target_and_spare_points_go_to_research():
    game = with_track(calm(aif()))
    game.state.research["allies"] = 195
    assert bot().choose(game) == Produce(1, 40)  # all 8 rolls the USA pays for
    game.state.research["allies"] = 20
    game.state.politics = replace(game.state.politics, points={**game.state.politics.points, "cw": heuristic.STOCK})
    game.apply(Produce(1, 40), "usa")
    assert bot().choose(game) == Produce(0, 10)  # the stock is full: the spare 5 buy a roll too


# -- stage B: operations, battles, units ----------------------------------------------------------
def to_operations(game: fortress.Game, power: str) -> fortress.Game:
    """The bots to the first operations step, every other power passing its operations, until
    ``power`` chooses."""
    bots = {s: bot() for s in game.rules.sides}
    while not (game.phase == "operations" and game.side == power):
        side = game.side
        game.apply("pass" if game.phase == "operations" else bots[side].choose(game), side)
    return game


def test_it_attacks_a_region_next_to_its_army_when_the_odds_are_good():
    """A German infantry holds the South (Oak Ridge); the USA's Texas army (2 infantry, a tank)
    and Midwest army are next to it: the USA chooses Attack, then sends infantry first."""
    game = to_operations(aif(), "usa")
    s = game.state
    s.control["south"] = "germany"
    s.armies.setdefault("germany", {})["south"] = {"infantry": 1}
    s.armies["usa"].pop("south", None)
    game.touch()
    b = bot()
    assert str(b.choose(game)) == "choose attack" and "south" in b.reason
    game.apply("choose attack")
    order = b.choose(game)
    assert str(order).startswith("attack ") and order.kind == "infantry" and order.dest == "south"


def test_the_axis_sail_their_troops_for_a_research_site_and_land_there():
    """Japan's troops aboard in its box sail for the best landing by value over distance, a
    research site's region; every loaded ship sails strictly nearer it; off it, they land."""
    from fortress.rulesets.aif import heuristic_ops
    game = to_operations(aif(), "japan")
    aim = heuristic_ops.plan(game.state, "japan")
    assert aim is not None and heuristic_ops.military.americas().areas[aim[1]].research_site
    b = bot()
    assert str(b.choose(game)) == "choose navigate"
    game.apply("choose navigate")
    sail = b.choose(game)
    far = heuristic_ops.sea_distance(game.state, aim[0])
    assert far[sail.dest] < far[sail.origin] and "sails for" in b.reason


def test_scaled_odds_screen_lopsided_battles_and_shrink_big_ones():
    from fortress.rulesets.aif.heuristic_ops import scaled_chance
    assert scaled_chance((("infantry", 4),), (("infantry", 2),)) == 1.0
    assert scaled_chance((("infantry", 2),), (("infantry", 4),)) == 0.0
    big = scaled_chance((("infantry", 30),), (("infantry", 20),))
    small = scaled_chance((("infantry", 6),), (("infantry", 4),))
    assert big == small and 0.5 < big < 1


def test_production_behind_in_the_race_buys_an_invasion_force_and_ahead_defends_the_sites():
    """The Axis (behind: 0 research points, rolls at 10) buy 2 rolls between them and destroyers
    with infantry aboard with the rest; the USA buys infantry for a research site Axis troops
    aboard lie off."""
    from fortress.rulesets.aif import heuristic_ops
    from fortress.rulesets.aif.common import income
    game = calm(aif())
    for power in ("usa", "cw", "france"):
        game.apply("produce 0 0", power)
    b = bot()
    order = b.choose(game)
    assert game.side == "germany" and order.research == 20 and "behind in the race" in b.reason
    pairs = (income(T, game.state, "germany") - 20) // 3  # a destroyer (2) with an infantry (1) aboard
    assert pairs > 0 and dict((k, n) for n, k, _ in order.units) == {"destroyer": pairs, "infantry": pairs}
    game = calm(aif())
    game.state.ships["japan"] = {"eastern-pacific": {"destroyer/infantry": 3}}
    game.touch()
    assert heuristic_ops.threat(game.state, "usa", "california") == 3
    order = bot().choose(game)
    assert (3 + 1 - game.state.army_size("usa", "california"), "infantry", "california") in order.units



def test_the_allies_behind_in_the_race_still_race():
    """The Allies win only by the bomb (§7): behind (the Axis 150 points ahead), the USA buys
    more rolls than a side behind keeps (``BEHIND_ROLLS``) and no invasion force."""
    from fortress.rulesets.aif.heuristic import BEHIND_ROLLS
    game = calm(aif())
    game.state.research = {**game.state.research, "axis": 170}
    game.touch()
    b = bot()
    order = b.choose(game)
    each = 10 - 5  # the Allies hold the five research sites (§8)
    assert game.side == "usa" and order.research > BEHIND_ROLLS * each, b.reason
    assert "behind in the race" not in b.reason and "destroyer" not in {k for _, k, _ in order.units}

def test_a_land_attack_counts_every_unit_but_the_one_holding_its_region():
    """ATTACK!'s occupancy keeps a unit in each region a power holds, so the force next to a
    target is all but one unit a region: 2 Japanese infantry in British Columbia send 1 against
    the Pacific Northwest's 1 (no target at good odds); 3 send 2 (a sure win)."""
    from fortress.rulesets.aif import heuristic_ops
    game = to_operations(aif(), "japan")
    s = game.state
    for region in heuristic_ops.graph(s).land["pacific-northwest"]:
        s.armies.get(s.control.get(region, ""), {}).pop(region, None)
        s.control.pop(region, None)
    s.armies["usa"]["pacific-northwest"] = {"infantry": 1}
    s.control["british-columbia"] = "japan"
    s.armies["japan"] = {"british-columbia": {"infantry": 2}}
    assert heuristic_ops.free({"infantry": 2, "tank": 1}) == {"infantry": 1, "tank": 1}
    assert "pacific-northwest" not in heuristic_ops.land_targets(s, "japan")
    s.armies["japan"]["british-columbia"]["infantry"] = 3
    assert "pacific-northwest" in heuristic_ops.land_targets(s, "japan")


def test_the_troops_mass_in_the_box_against_the_target_and_its_neighbours():
    """A landing is judged against the target's defenders and the enemy army next to it (they
    reinforce or strike back): 40 American infantry in California turn Japan's force from the
    Pacific Northwest; a force that takes no target with good odds that way waits in the box."""
    from fortress.rulesets.aif import heuristic_ops
    game = to_operations(aif(), "japan")
    s = game.state
    force = heuristic_ops.cargo(s, "japan")["japan"]
    assert heuristic_ops.plan(s, "japan") == ("north-pacific", "pacific-northwest")
    s.armies["usa"]["california"]["infantry"] += 40
    assert heuristic_ops.odds(s, force, "pacific-northwest") >= heuristic_ops.GOOD_ODDS
    assert heuristic_ops.massed(s, "japan", force, "pacific-northwest") < heuristic_ops.GOOD_ODDS
    assert heuristic_ops.plan(s, "japan") != ("north-pacific", "pacific-northwest")
    for region, holder in s.control.items():
        if s.hostile("japan", holder):
            s.armies[holder][region]["infantry"] = s.armies[holder][region].get("infantry", 0) + 40
    game.touch()
    assert heuristic_ops.plan(s, "japan") is None
    b = bot()
    assert str(b.choose(game)) == "pass" and "no target" in b.reason


def test_troops_leave_the_box_only_in_a_first_operation_to_land_in_the_second():
    """Japan's troops in its box sail in its first operation of the turn; in its second they
    stay (sailing then would leave them at sea, seen, until next turn)."""
    game = to_operations(aif(), "japan")
    b = bot()
    assert str(b.choose(game)) == "choose navigate" and "to land next" in b.reason
    game.apply("pass")
    bots = {s: bot() for s in game.rules.sides}
    while not (game.phase == "operations" and game.side == "japan"):
        side = game.side
        game.apply("pass" if game.phase == "operations" else bots[side].choose(game), side)
    assert game.ctx.flow.rep >= 2 and game.state.round == 1
    assert str(b.choose(game)) != "choose navigate"
