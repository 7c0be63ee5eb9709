"""America in Flames' stage B military, a rule per test on small positions: the Americas board
and ATTACK!'s graph for it, the political entry check, minors' armies, battles and conquest,
boxes, bought units, §5.2's multiple and the research sites (docs/rules-aif.md, stage B)."""
from __future__ import annotations

from dataclasses import replace

import fortress
from fortress.rulesets.aif import military, politics
from fortress.rulesets.aif.production import cost
from fortress.rulesets.aif.common import income
from fortress.rulesets.aif.tables import load
from fortress.rulesets.attack import world
from fortress.rulesets.attack.state import AttackState

T = load()


def at_operations(first: str = "germany") -> fortress.Game:
    """A 6-player game at its first operations step (nobody declared); ``first`` to act."""
    game = fortress.new_game(seed=4, ruleset="aif", players=6)
    while game.phase in ("pre-set-up", "declare"):
        game.apply("influence none" if game.phase == "pre-set-up" else "pass", sorted(game.to_move)[0])
    while game.side != first:
        game.apply("pass")
    return game


def flag(game: fortress.Game, minor: str, **kw) -> None:
    s = game.state
    s.politics = replace(s.politics, flags={**s.politics.flags, minor: replace(s.politics.flags[minor], **kw)})


def test_the_board_is_the_americas_map_and_attacks_graph_follows_the_states_map():
    game = at_operations()
    board = game.board
    assert {"texas", "caribbean", "japan", "germany-italy"} <= set(board.areas)
    assert "coast" in board.kinds_between("texas", "gulf-of-mexico") and board.kinds_between("panama", "colombia") == ("land",)
    g = world.graph_of(game.state)
    assert g is world.americas_graph() and world.graph_of(AttackState(seed=1, players=2, rng=1)) is world.graph()
    assert ("gulf-of-panama", "panama") in g.canals["caribbean"]  # the Panama Canal, through Panama
    assert {"north-pacific", "central-pacific"} <= g.sea["japan"] and not g.lanes and not g.anchored_zones("texas")
    assert "japan" in world.in_theatre("americas", "zone") and "texas" in world.in_theatre("americas", "region")


def test_the_starting_forces_hold_every_allied_region_and_the_axis_wait_in_their_boxes():
    s = at_operations().state
    assert all(s.army_size(holder, region) >= 1 for region, holder in s.control.items())
    assert s.control["greenland"] == "cw" and "northern-mexico" not in s.control  # a minor at peace: no holder
    aboard = T.forces["japan"]["ships"]["japan"]["destroyer/infantry"]
    assert s.fleet("japan", "japan")["destroyer/infantry"] == aboard > 0 and not s.armies.get("germany")


def test_a_minor_at_peace_is_entered_only_as_its_band_allows():
    game = at_operations("usa")
    game.apply("choose move")
    why = game.explain("move 1 infantry texas northern-mexico")
    assert why.startswith("Move: 3.1: USA may not enter Northern Mexico")
    flag(game, "mexico", square=8, power="usa")  # May Enter (§3.1)
    assert game.explain("move 1 infantry texas northern-mexico") is None
    game.apply("move 1 infantry texas northern-mexico")
    game.apply("end")
    assert game.state.army("usa", "northern-mexico") == {"infantry": 1} and "northern-mexico" not in game.state.control


def test_war_raises_the_minors_army_and_a_friend_may_not_share_its_regions():
    game = fortress.new_game(seed=4, ruleset="aif", players=6)
    while game.phase == "pre-set-up":
        game.apply("influence none", sorted(game.to_move)[0])
    game.apply("declare mexico")  # Germany: Mexico becomes the USA's Full Ally (§3.2)
    s = game.state
    assert s.army("mexico", "northern-mexico") == {"infantry": 3} and s.control["southern-mexico"] == "mexico"
    assert "Mexico goes to war and raises 6 infantry." in game.log
    assert military.entry_problem(s, "usa", "northern-mexico").endswith("(ruling, as in ATTACK!)")
    assert military.entry_problem(s, "germany", "northern-mexico") is None  # an enemy's: a battle


def fight_out(game: fortress.Game) -> None:
    while game.state.fight or game.phase == "attack":
        game.apply(game.legal_actions()[0] if game.state.fight else "end")


def test_an_attack_on_a_minor_at_war_fights_atttacks_battle_and_taking_every_region_conquers_it():
    game = at_operations("usa")
    s = game.state
    flag(game, "panama", square=T.full_ally, power="germany", aligned=True)  # at war with the USA
    s.control["panama"], s.raised = "panama", ["panama"]
    s.add_army("panama", "panama", "infantry", 1)
    s.control["central-america"] = "usa"
    s.add_army("usa", "central-america", "tank", 6)
    game.apply("choose attack")
    assert game.explain("attack 1 tank central-america southern-mexico").startswith("Attack: 3.1: USA may not enter Southern")
    game.apply("attack 5 tank central-america panama")
    fight_out(game)
    assert s.control["panama"] == "usa" and s.politics.flags["panama"].conquered_by == "usa"
    assert any(line.startswith("3.1: USA conquers Panama") for line in game.log)


def test_an_enemy_landing_in_a_home_region_raises_the_production_multiple():
    game = at_operations("germany")
    s = game.state
    s.add_ship("germany", "gulf-of-mexico", "destroyer/infantry", 1)
    assert income(T, s, "usa") == 41
    game.apply("choose move")
    game.apply("disembark destroyer/infantry gulf-of-mexico texas")
    assert s.attacked == ["usa"] and income(T, s, "usa") == 61  # 41 x 1.5, rounded down (§5.2)


def test_income_is_the_share_of_the_home_regions_held():
    """Design: a power earns its factories or resources in the share of its home regions on the
    map it holds (rounded down), before §5.2's multiple; the Axis, homed off the map, keep all."""
    game = at_operations("germany")
    s = game.state
    base = {p: income(T, s, p) for p in ("usa", "germany")}
    for region in ("california", "south"):  # 2 of the USA's 8 home regions
        s.control[region] = "germany"
    assert income(T, s, "usa") == 41 * 6 // 8 == 30 and income(T, s, "germany") == base["germany"]
    s.attacked.append("usa")
    assert income(T, s, "usa") == 45  # 30 x 1.5 (§5.2)
    for region in military.homes("usa"):
        s.control[region] = "japan"
    assert income(T, s, "usa") == 0 and base["usa"] == 41


def test_only_a_boxs_own_powers_sail_into_it():
    game = at_operations("usa")
    game.state.add_ship("usa", "north-pacific", "destroyer", 1)
    game.apply("choose navigate")
    assert "only Japan's ships enter the Japan box" in game.explain("navigate destroyer north-pacific japan")
    assert game.explain("navigate destroyer north-pacific central-pacific") is None


def test_research_sites_change_hands_with_their_regions():
    game = at_operations()
    assert cost(game.ctx, "allies") == 5
    game.state.control["southwest"] = "germany"  # Los Alamos
    assert (cost(game.ctx, "allies"), cost(game.ctx, "axis")) == (6, 9)


def test_production_buys_attacks_units_at_home_or_aboard_in_the_box():
    game = at_operations()
    while game.phase != "production":
        game.apply("pass")
    assert "places infantry at california, midwest" in game.explain("produce 0 0 1 infantry northern-mexico", "usa")
    assert "has 41 build points" in game.explain("produce 0 0 21 destroyer coast:texas", "usa")  # 42 at 2 each
    game.apply("produce 0 0 2 infantry texas 1 destroyer coast:texas", "usa")
    assert "not enough" in game.explain("produce 0 0 1 infantry germany-italy", "germany")  # no empty carrier
    game.apply("produce 0 0 2 destroyer germany-italy 2 infantry germany-italy", "germany")
    for side in ("cw", "france", "italy", "japan"):
        game.apply("produce 0 0", side)
    s = game.state
    assert s.army("usa", "texas")["infantry"] == 4 and s.fleet("usa", "coast:texas") == {"destroyer": 1}
    assert s.fleet("germany", "germany-italy")["destroyer/infantry"] == T.forces["germany"]["ships"]["germany-italy"]["destroyer/infantry"] + 2


def test_the_axis_win_by_conquest():
    game = at_operations()
    s = game.state
    for minor in T.flagged():
        flag(game, minor, square=T.full_ally, power="germany", aligned=True)
    s.politics = replace(s.politics, conquered=frozenset({"cw", "france"}))
    for region in (*military.homes("usa"), "greenland", "dutch-guiana"):  # and the unflagged minors
        s.control[region] = "germany"
        s.add_army("germany", region, "infantry", 1)
    assert politics.conquest_win(s.politics, T, "axis") is False  # the USA is not conquered yet
    military.settle(game.ctx)
    assert game.winner == "axis" and "conquered every home country" in game.state.result


def test_units_standing_in_a_minor_when_it_goes_to_war_hold_their_region():
    game = fortress.new_game(seed=4, ruleset="aif", players=6)
    while game.phase == "pre-set-up":
        game.apply("influence none", sorted(game.to_move)[0])
    s = game.state
    flag(game, "mexico", square=8, power="usa")  # May Enter: the USA stands in Northern Mexico
    s.add_army("usa", "northern-mexico", "infantry", 1)
    game.apply("declare mexico")  # Germany: Mexico goes to the USA's Full Ally
    assert s.control["northern-mexico"] == "usa" and s.army("mexico", "southern-mexico") == {"infantry": 6}
