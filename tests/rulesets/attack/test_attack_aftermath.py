"""[Victory] after a battle, [Battles] Transports destroyed, [Research] Oil, [Build] Factories,
[Negotiate] across a sea zone, [Burn Oil] with Imperial Reserves."""
from __future__ import annotations

from typing import Any

from fortress.rulesets.attack import combat
from tests.rulesets.attack.conftest import cleared, put, ships, start, to_winter, two_sides, with_capital


def test_a_won_neutral_region_brings_its_marker_and_a_players_region_one_of_theirs() -> None:
    g, s, side, other = two_sides()
    s.markers = {side: 3, other: 3}
    s.neutral["midwest"] = "monarchy"
    combat.conquer(g.ctx, side, None, "midwest")
    assert s.control["midwest"] == side and "midwest" not in s.neutral and s.markers[side] == 4
    assert s.taken[-1] == "monarchy"
    ships(g, other, "coast:ontario", destroyer=2)
    combat.conquer(g.ctx, side, other, "ontario")
    assert (s.markers[side], s.markers[other]) == (5, 2)
    assert not s.fleet(other, "coast:ontario")  # ships on a conquered coastline are destroyed


def test_a_sunk_ship_takes_its_cargo_and_losses_take_empty_ships_first() -> None:
    g = cleared()
    s = g.state
    side = g.side
    ships(g, side, "north-atlantic", destroyer=1, destroyer__infantry=1, battleship__tank=1)
    combat._set_fleet(g.ctx, side, "north-atlantic", {"destroyer": 1, "battleship": 0})
    assert s.fleet(side, "north-atlantic") == {"destroyer/infantry": 1}
    combat._set_fleet(g.ctx, side, "north-atlantic", {})
    assert s.fleet(side, "north-atlantic") == {}


def test_an_oil_level_places_an_oil_marker() -> None:
    g = cleared()
    s = g.state
    side = g.side
    put(g, side, "new-england", infantry=4)
    put(g, side, "midwest", infantry=1)
    s.tech[side]["oil"] = 0
    s.oil, s.burned = [], ["midwest"]
    start(g, "research")
    g.apply("research oil infantry new-england")
    assert "oil marker" in g.explain("end")
    g.apply("oil midwest")  # a burned deposit takes a marker again at the next Oil level
    assert "midwest" in s.oil and "midwest" not in s.burned and s.tech[side]["oil"] == 1


def test_factories_let_units_be_built_away_from_the_capital() -> None:
    g, s, side = with_capital()
    put(g, side, "midwest", infantry=1)
    put(g, side, "great-plains", infantry=1)
    s.production[side] = 5
    s.tech[side]["factories"] = 1
    start(g, "build")
    assert g.explain("build infantry midwest") is None
    assert "placed at the capital" in g.explain("build infantry great-plains")  # two regions away


def test_negotiate_across_a_sea_zone_needs_it_open() -> None:
    g, s, side, other = two_sides()
    put(g, side, "new-england", infantry=1)
    ships(g, other, "north-atlantic", destroyer=1)
    start(g, "negotiate")
    assert g.explain("negotiate midwest") is None  # by land
    far = "great-britain"  # a lane across the North Atlantic
    assert "not a neutral region adjacent" in g.explain(f"negotiate {far}")
    s.grants.append(f"{other}>{side}")
    assert g.explain(f"negotiate {far}") is None


def test_imperial_reserves_burn_oil_with_fewer_certificates() -> None:
    g = cleared()
    s = g.state
    for i, x in enumerate(s.sides):
        put(g, x, ("new-england", "great-britain")[i], infantry=1)
        s.oil.append(s.held(x)[0])
        s.oil_certs[x] = 4
        s.hands[x] = ["imperial-reserves"]
    to_winter(g)
    side = g.side
    region = s.held(side)[0]
    assert "costs 5" in g.explain(f"burn {region}")
    g.apply("play imperial-reserves")
    assert g.explain(f"burn {region}") is None
    g.apply(f"burn {region}")
    assert s.oil_certs[side] == (1 if s.government[side] == "monarchy" else 0)  # 4 (Monarchy: 3) certificates


def coastal_position(enemy_ships: bool) -> tuple[Any, str, str]:
    g, s, side, other = two_sides()
    put(g, side, "new-england", infantry=1)
    put(g, other, "great-britain", infantry=1)
    ships(g, side, "north-atlantic", submarine=3)
    if enemy_ships:
        ships(g, other, "coast:great-britain", destroyer=1)
    start(g, "navigate")
    return g, side, other


def test_a_submarine_returns_to_a_coastline_for_a_coastal_attack() -> None:
    """Ruling 9 (design): never the last unit of a region; the region is never taken."""
    g, side, other = coastal_position(False)
    assert "navigate submarine north-atlantic coast:great-britain" in [str(a) for a in g.legal_actions()]
    assert "one step" in g.explain("navigate submarine north-atlantic coast:new-england")  # its own region
    g.apply("navigate submarine north-atlantic coast:great-britain")
    g.apply("end")
    s = g.state
    assert [e for e in g.events if e.kind == "coastal"]
    assert s.army(other, "great-britain") == {"infantry": 1} and s.control["great-britain"] == other


def test_a_coastal_attack_on_ships_is_a_naval_battle_on_the_coastline() -> None:
    g, side, other = coastal_position(True)
    g.apply("navigate submarine north-atlantic coast:great-britain")
    g.apply("end")
    fights = [e for e in g.events if e.kind == "battle"]
    assert fights and "the coast of Great Britain" in fights[0].text
    while g.phase == "navigate":
        g.apply(g.legal_actions()[0])
    s = g.state
    assert not (s.fleet(side, "coast:great-britain") and s.fleet(other, "coast:great-britain"))


def test_the_suez_canal_is_open_while_egypt_sudan_is_neutral_yours_or_permitting() -> None:
    """[Maps] Canals: controlled by the region they pass through; open if it is neutral."""
    g, s, side, other = two_sides()
    put(g, side, "italy", infantry=1)
    ships(g, side, "mediterranean", destroyer=2)
    start(g, "navigate")
    assert g.explain("navigate destroyer mediterranean indian-ocean") is None  # Egypt-Sudan is neutral
    assert g.explain("navigate destroyer mediterranean red-sea") is not None  # beyond the isthmus: no sea border
    put(g, other, "egypt-sudan", infantry=1)
    assert "not one step" in g.explain("navigate destroyer mediterranean indian-ocean")
    s.grants.append(f"{other}>{side}")
    assert g.explain("navigate destroyer mediterranean indian-ocean") is None


def test_the_panama_canal_is_the_only_passage_from_the_caribbean_to_the_eastern_pacific() -> None:
    """[Explanations] The Panama Canal is controlled by Panama: held by another player, it closes
    the passage (the zones' shapes touch across Central America, which is no passage)."""
    g, s, side, other = two_sides()
    put(g, side, "old-south", infantry=1)
    ships(g, side, "caribbean", destroyer=2)
    start(g, "navigate")
    assert g.explain("navigate destroyer caribbean eastern-pacific") is None  # Panama is neutral
    put(g, other, "panama", infantry=1)
    assert "not one step" in g.explain("navigate destroyer caribbean eastern-pacific")
    s.grants.append(f"{other}>{side}")
    assert g.explain("navigate destroyer caribbean eastern-pacific") is None
