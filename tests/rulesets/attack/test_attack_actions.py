"""[Move], [Attack], [Navigate], [Build], [Research], [Negotiate], [Burn Oil] on small positions."""
from __future__ import annotations

from tests.rulesets.attack.conftest import cleared, put, ships, start, two_sides, with_capital


def test_move_one_region_by_land_or_an_open_anchored_zone() -> None:
    g = cleared()
    side = g.side
    put(g, side, "old-south", infantry=3)
    start(g, "move")
    assert g.explain("move 1 infantry old-south midwest") is None       # a land border
    assert g.explain("move 1 infantry old-south mexico") is None        # across the Caribbean (anchored)
    assert "one region" in g.explain("move 1 infantry old-south ontario")
    assert "at least one army unit" in g.explain("move 3 infantry old-south midwest")


def test_moved_units_do_not_move_twice_and_a_neutral_region_is_fought_for() -> None:
    g = cleared()
    side = g.side
    put(g, side, "new-england", infantry=2, artillery=1)
    put(g, side, "midwest", infantry=1)
    start(g, "move")
    g.apply("move 1 infantry new-england midwest")
    assert g.explain("move 2 infantry midwest great-plains") is not None  # one of them moved already
    g.apply("move 1 artillery new-england quebec-maritimes")
    g.apply("end")
    while g.state.fight:
        g.apply(g.legal_actions()[0])
    assert g.state.control.get("quebec-maritimes") in (side, None)
    assert g.phase != "move" or g.state.fight


def test_attack_ranges_and_a_single_target() -> None:
    """[Attack]: infantry 1 region, tanks 3 through own regions; aircraft fly over."""
    g = cleared()
    side = g.side
    put(g, side, "new-england", infantry=2, tank=2, aircraft=2)
    put(g, side, "midwest", infantry=1)
    start(g, "attack")
    assert g.explain("attack 1 infantry new-england ontario") is None
    assert "cannot reach" in g.explain("attack 1 infantry new-england great-plains")
    assert g.explain("attack 1 tank new-england great-plains") is None      # through Midwest, ours
    assert "cannot reach" in g.explain("attack 1 tank new-england western-canada")  # through neutral Prairies
    assert g.explain("attack 1 aircraft new-england western-canada") is None      # flies over
    g.apply("attack 1 tank new-england great-plains")
    assert "single region" in g.explain("attack 1 infantry new-england ontario")


def test_a_tank_passes_a_permitting_players_region() -> None:
    g = cleared()
    side = g.side
    other = next(x for x in g.state.sides if x != side)
    put(g, side, "new-england", infantry=1, tank=1)
    put(g, other, "midwest", infantry=1)
    start(g, "attack")
    assert "cannot reach" in g.explain("attack 1 tank new-england great-plains")
    g.state.grants.append(f"{other}>{side}")
    assert g.explain("attack 1 tank new-england great-plains") is None


def test_navigate_one_step_embark_by_capacity_and_never_back_to_the_coast() -> None:
    g = cleared()
    side = g.side
    put(g, side, "new-england", infantry=2, tank=1)
    ships(g, side, "coast:new-england", destroyer=1, submarine=1)
    start(g, "navigate")
    legal = {str(a) for a in g.legal_actions()}
    assert "embark infantry new-england destroyer coast:new-england" in legal
    assert "embark tank new-england destroyer coast:new-england" not in legal   # a destroyer carries infantry/artillery
    assert not any(a.startswith("embark") and " submarine " in a for a in legal)  # submarines carry nothing
    g.apply("embark infantry new-england destroyer coast:new-england")
    g.apply("navigate destroyer/infantry coast:new-england north-atlantic")
    assert "may still move" in g.explain("navigate destroyer/infantry north-atlantic caribbean")  # one step a Navigate
    assert g.state.fleet(side, "north-atlantic") == {"destroyer/infantry": 1}
    g.apply("end")
    assert g.state.zone_holder("north-atlantic") == side  # an empty zone is taken without battle


def test_disembark_into_a_region_bordering_the_ships_zone() -> None:
    g = cleared()
    side = g.side
    put(g, side, "new-england", infantry=1)
    ships(g, side, "north-atlantic", destroyer__infantry=1)
    start(g, "move")
    assert g.explain("disembark destroyer/infantry north-atlantic quebec-maritimes") is None
    assert g.explain("disembark destroyer/infantry north-atlantic hawaii") is not None


def test_build_income_oil_costs_and_the_minerals_limit() -> None:
    g, s, side = with_capital()
    s.oil.append("new-england")
    s.markers[side], s.production[side], s.oil_certs[side] = 3, 0, 0
    start(g, "build")
    assert (s.production[side], s.oil_certs[side]) == (3, 1)  # 3 markers; 1 oil marker held
    g.apply("convert 1")
    assert (s.production[side], s.oil_certs[side]) == (4, 0)
    s.tech[side]["minerals"], s.production[side] = 0, 6
    g.apply("build tank new-england")
    assert "Minerals allows 1" in g.explain("build aircraft new-england")
    assert g.explain("build destroyer coast:new-england") is None
    assert "placed at the capital" in g.explain("build infantry midwest")
    g.apply("build infantry new-england")
    g.apply("build destroyer coast:new-england")
    assert "costs 2" in g.explain("build artillery new-england")
    g.apply("build infantry new-england")
    assert g.phase == "season"  # nothing left to buy: the Build ends by itself
    assert s.fleet(side, "coast:new-england") == {"destroyer": 1}
    assert s.army(side, "new-england") == {"infantry": 3, "tank": 1}


def test_research_takes_the_lowest_level_and_retools_from_one_area() -> None:
    g = cleared()
    side = g.side
    s = g.state
    put(g, side, "new-england", infantry=4, artillery=1)
    s.tech[side] = {"rail": 0, "factories": 0, "minerals": 0, "oil": 0}
    start(g, "research")
    assert g.explain("research rail artillery new-england") is None
    assert "cannot give" in g.explain("research rail tank new-england") or \
        "retools" in g.explain("research rail tank new-england")
    g.apply("research rail infantry new-england")
    assert s.tech[side]["rail"] == 1 and s.army(side, "new-england") == {"infantry": 1, "artillery": 1}
    assert "1 level(s) of rail" in g.explain("research rail artillery new-england")
    hand = len(s.hands[side])
    g.apply("research population artillery new-england")
    assert s.population[side] == 1 and len(s.hands[side]) == hand + 1  # a Population card draws an action card


def test_negotiate_peek_cost_by_relation_and_influence() -> None:
    g, s, side, other = two_sides()
    put(g, side, "new-england", infantry=1)
    mine = s.government[side]
    hostile = g.rules.tables.governments[mine]["hostile"]
    s.neutral["midwest"] = hostile
    s.production[side] = 7
    start(g, "negotiate")
    g.apply("negotiate midwest")
    assert side in s.peeked["midwest"]
    assert g.view(other).state.neutral["midwest"] == "?"
    assert g.view(side).state.neutral["midwest"] == hostile
    assert not [e for e in g.view(other).events if e.kind == "peek"]
    assert "costs 8" in g.explain("influence")
    g.apply("decline")
    assert s.neutral["midwest"] == hostile and "midwest" not in s.control


def test_negotiate_own_government_is_free_and_draws_a_card() -> None:
    g = cleared()
    side = g.side
    s = g.state
    put(g, side, "new-england", infantry=1)
    s.neutral["midwest"] = s.government[side]
    markers = s.markers[side]
    start(g, "negotiate")
    g.apply("negotiate midwest")
    g.apply("influence")
    assert s.control["midwest"] == side and s.army(side, "midwest") == {"infantry": 1}
    assert s.markers[side] == markers + 1 and len(s.hands[side]) == 1


def test_each_action_once_a_year() -> None:
    g = cleared()
    side = g.side
    put(g, side, "new-england", infantry=1)
    start(g, "transport")  # nothing to transport: it ends by itself
    while g.side != side:
        g.apply("choose research")
        if g.phase == "research":
            g.apply("end")
    assert "once a round" in g.explain("choose transport")


def test_the_red_sea_example_embark_then_disembark() -> None:
    """[Explanations] The Red Sea: Saudi Arabia -> Somaliland is no Move or Attack (the Red Sea
    has no anchor); units embark in Saudi Arabia (Navigate) and disembark in Somaliland (Move)."""
    g = cleared()
    side = g.side
    put(g, side, "saudi-arabia", infantry=3)
    ships(g, side, "red-sea", destroyer=1)
    start(g, "attack")
    assert "cannot reach" in g.explain("attack 1 infantry saudi-arabia somaliland")
    g.apply("end")
    while g.side != side:
        g.apply("choose research")
        if g.phase == "research":
            g.apply("end")
    g.apply("choose navigate")
    g.apply("embark infantry saudi-arabia destroyer red-sea")
    g.apply("end")
    while g.side != side:
        g.apply("choose research" if "research" not in g.ctx.flow.used.get(g.side, {}) else "choose build")
        if g.phase in ("research", "build"):
            g.apply("end")
    g.apply("choose move")
    assert "one region" in g.explain("move 1 infantry saudi-arabia somaliland")
    assert g.explain("disembark destroyer/infantry red-sea somaliland") is None
