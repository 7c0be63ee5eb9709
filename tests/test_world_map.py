"""ATTACK! Deluxe's map facts (rulebook 004, [Maps], [Transport], [Research], [Explanations]) hold on
the committed world board (fortress/geodata/world/), read with the standard library only."""
from __future__ import annotations

import pytest

from fortress.geodata.world_map import WorldMap
from fortress.geodata.world_recipe import CONTINENTS, read_recipe, recipe_problems

ANCHORED = {  # [Explanations] Sea Zone Notes, word for word
    "caribbean": {"old-south", "great-plains", "mexico", "panama", "colombia", "amazonia"},
    "north-sea": {"norway-sweden", "finland", "karelia", "poland", "germany", "france", "great-britain"},
    "mediterranean": {"algeria", "libya", "egypt-sudan", "syria-iraq", "turkey", "caucasus", "ukraine", "france",
                      "balkans", "italy", "spain"},
    "coral-sea": {"french-indochina", "burma-malay", "western-australia", "northern-australia", "queensland",
                  "dutch-east-indies"},
    "sea-of-japan": {"japan", "koryak", "yakut", "vladivostok", "manchuko-korea"},
}


@pytest.fixture(scope="module")
def world() -> WorldMap:
    return WorldMap.load()


@pytest.mark.parametrize("zone", sorted(ANCHORED))
def test_each_anchored_zone_borders_exactly_the_listed_regions(world: WorldMap, zone: str) -> None:
    assert world.areas[zone].anchored
    assert world.coast_of(zone) == ANCHORED[zone]


def test_only_the_five_listed_zones_have_anchors(world: WorldMap) -> None:
    assert {z for z in world.of_kind("zone") if world.areas[z].anchored} == set(ANCHORED)


def test_rail_example_chain(world: WorldMap) -> None:
    """[Research] Rail: Level 0 New England-Midwest, 1 Great Plains, 2 Western US."""
    assert [world.land_distance("new-england", r) for r in ("midwest", "great-plains", "western-us")] == [1, 2, 3]


def test_panama_touches_colombia(world: WorldMap) -> None:
    """[Research] with Rail 1 one transports New England to Panama and continues to Colombia."""
    assert "colombia" in world.neighbours("panama", "land")


def test_new_england_to_panama_is_one_lane_through_the_north_atlantic_and_caribbean(world: WorldMap) -> None:
    (lane,) = world.lanes("new-england", "panama")
    assert lane.via == ("north-atlantic", "caribbean")


def test_panama_lanes_to_hawaii_and_the_western_us(world: WorldMap) -> None:
    """[Research] one cannot continue from Panama to Hawaii in the same round; [Canals] the lane
    from New England to the Western US stops in Panama."""
    assert world.lanes("panama", "hawaii") and world.lanes("panama", "western-us")


def test_new_england_to_western_us_is_not_one_transport(world: WorldMap) -> None:
    assert not world.one_transport("new-england", "western-us")


def test_old_south_to_mexico_is_one_anchored_step(world: WorldMap) -> None:
    """[Transport] from Old South to Mexico through the Caribbean Sea."""
    assert world.anchored_link("old-south", "mexico") == ["caribbean"]


def test_burma_malay_to_japan_takes_more_than_one_transport(world: WorldMap) -> None:
    """[Transport] not through the Northwest Pacific, Southwest Pacific and Coral Sea at once."""
    assert not world.one_transport("burma-malay", "japan")
    assert "coral-sea" in world.coast_of_region("burma-malay")
    assert "southwest-pacific" in world.neighbours("coral-sea", "sea")
    assert "northwest-pacific" in world.neighbours("southwest-pacific", "sea")
    assert "northwest-pacific" in world.coast_of_region("japan")


def test_saudi_arabia_and_somaliland_do_not_touch_and_the_red_sea_has_no_anchor(world: WorldMap) -> None:
    """[Explanations] The Red Sea: Saudi Arabia to Somaliland only by Navigate, then Move."""
    assert "somaliland" not in world.neighbours("saudi-arabia")
    assert not world.areas["red-sea"].anchored and not world.areas["indian-ocean"].anchored
    assert {"saudi-arabia", "somaliland"} <= world.coast_of("red-sea")


def test_suez_and_panama_canals(world: WorldMap) -> None:
    """[Maps] Suez is controlled by Egypt-Sudan and joins the Indian Ocean and the Mediterranean;
    the Panama Canal is controlled by Panama."""
    canals = {e.via: {e.a, e.b} for e in world.edges if e.type == "canal"}
    assert canals[("egypt-sudan",)] == {"mediterranean", "indian-ocean"}
    assert canals[("panama",)] == {"caribbean", "eastern-pacific"}
    assert "mediterranean" in world.coast_of_region("egypt-sudan")


@pytest.mark.parametrize("a,b,region", [("caribbean", "eastern-pacific", "panama"),
                                         ("indian-ocean", "mediterranean", "egypt-sudan")])
def test_a_canal_is_the_only_passage_between_its_zones(world: WorldMap, a: str, b: str, region: str) -> None:
    """[Explanations] The Panama Canal is controlled by Panama (Suez by Egypt-Sudan): holding it
    closes the passage, so the two zones share no sea edge beside the canal."""
    assert [(e.type, e.via) for e in world.edges if {e.a, e.b} == {a, b}] == [("canal", (region,))]


def test_suez_is_the_only_way_from_the_mediterranean_to_the_red_sea(world: WorldMap) -> None:
    """[Explanations] Suez: the Red Sea lies between the canal and the Indian Ocean, so the
    Mediterranean does not border it (a stray piece of the Red Sea on Egypt's coast once did)."""
    assert world.neighbours("mediterranean", "sea") & {"red-sea", "indian-ocean"} == set()
    assert "sea-of-japan" not in world.neighbours("east-siberian-sea")  # Chukotka between


def test_structure(world: WorldMap) -> None:
    """Every region reachable, symmetric edges, a capital possible on every continent, <= 90 regions."""
    regions = world.of_kind("region")
    assert 70 <= len(regions) <= 90
    reach = {regions[0]}
    todo = [regions[0]]
    while todo:
        for nxt in world.neighbours(todo.pop()):
            if nxt not in reach:
                reach.add(nxt)
                todo.append(nxt)
    assert reach == set(world.areas)
    assert all(e.a < e.b for e in world.edges)
    assert {world.areas[r].continent for r in regions if world.areas[r].capital_ok} == set(CONTINENTS)


def test_capital_needs_a_non_arctic_zone(world: WorldMap) -> None:
    """[Setup S3] a capital borders at least one sea zone that is not part of the Arctic."""
    for r in world.of_kind("region"):
        zones = world.coast_of_region(r)
        assert world.areas[r].capital_ok == any(not world.areas[z].arctic for z in zones), r


def test_the_recipe_is_clean_and_names_the_rulebooks_areas() -> None:
    recipe = read_recipe()
    assert recipe_problems(recipe) == []
    names = {a.name for a in (*recipe.regions, *recipe.zones)}
    rulebook = {"New England", "Midwest", "Great Plains", "Western US", "Old South", "Mexico", "Panama", "Colombia",
                "Amazonia", "Hawaii", "Burma-Malay", "Japan", "Saudi Arabia", "Somaliland", "Egypt-Sudan",
                "Norway-Sweden", "Finland", "Karelia", "Poland", "Germany", "France", "Great Britain", "Algeria",
                "Libya", "Syria-Iraq", "Turkey", "Caucasus", "Ukraine", "Italy", "Spain", "French Indochina",
                "Western Australia", "Northern Australia", "Queensland", "Dutch East Indies", "Koryak", "Yakut",
                "Vladivostok", "Manchuko-Korea", "North Atlantic", "Caribbean", "North Sea", "Mediterranean",
                "Coral Sea", "Sea of Japan", "Red Sea", "Indian Ocean", "Northwest Pacific", "Southwest Pacific",
                "Balkans"}
    assert rulebook <= names


def test_koryak_holds_chukotka_on_both_sides_of_the_date_line() -> None:
    """[Maps] the maps join: an area cut by the map's edge is one area."""
    import json

    from fortress.geodata.world_recipe import WORLD_DIR

    features = json.loads((WORLD_DIR / "world.geojson").read_text(encoding="utf-8"))["features"]
    koryak = next(f for f in features if f["id"] == "koryak")["geometry"]
    polys = koryak["coordinates"] if koryak["type"] == "MultiPolygon" else [koryak["coordinates"]]
    xs = [x for poly in polys for ring in poly for x, _ in ring]
    assert min(xs) < -170 and max(xs) == 180
