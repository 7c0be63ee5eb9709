"""The world board's map widget (fortress.ui.world_map), without a browser: its layers, the three
views' frames (docs/board-world.md), colours by holder, names on hover and clicks."""
from __future__ import annotations

from typing import Any

import pytest

import fortress
from fortress.geodata.world_map import WorldMap
from fortress.ui.world_map import OUT_OF_PLAY, SIDE_FILL, WorldBoardMap, framed, ring_centroid_x


def lons(feature: dict[str, Any]) -> list[float]:
    return [x for poly in feature["geometry"]["coordinates"] for ring in poly for x, _ in ring]


def feature(m: WorldBoardMap, aid: str) -> dict[str, Any]:
    return next(f for f in m.features() if f["id"] == aid)


@pytest.fixture(scope="module")
def game() -> Any:
    return fortress.new_game(ruleset="attack", players=4)  # the western map [Setup S1]


@pytest.mark.quick  # ~2.3 s of CPU: the first world map of the process
def test_every_area_is_drawn_once_over_the_backdrop(game) -> None:
    m = WorldBoardMap(game)
    assert m.map.layers == (m.backdrop, m.areas, m.sea_links)  # no basemap: nothing fetched at run time
    ids = [f["id"] for f in m.features()]
    assert sorted(ids) == sorted(WorldMap.load().areas) and len(ids) == len(set(ids))
    assert m.backdrop.data["features"]
    assert [label for label, _ in m.views.options] == ["Western", "Pacific", "World"]


def test_the_pacific_view_is_whole_across_the_date_line(game) -> None:
    """Western: the native frame; Pacific and World: west of 25°W shifted by +360°."""
    m = WorldBoardMap(game)
    assert max(lons(feature(m, "western-us"))) < 0 and min(lons(feature(m, "japan"))) > 0
    west_centre = m.map.center[1]
    m.views.value = "pacific"  # the selector's button
    assert m.view == "pacific" and m.caption.value == "Pacific Theatre"
    assert min(lons(feature(m, "western-us"))) > 180 and min(lons(feature(m, "hawaii"))) > 180
    assert 100 < min(lons(feature(m, "japan"))) < 180  # east of 25°W: not moved
    assert west_centre < 0 < 150 < m.map.center[1] < 180 + 25  # centred on the Pacific
    assert all(ring_centroid_x(poly[0]) >= -25 for f in m.features() for poly in f["geometry"]["coordinates"])
    m.show("world")
    assert m.views.value == "world" and min(lons(feature(m, "western-us"))) > 180
    m.show("western")
    assert max(lons(feature(m, "western-us"))) < 0
    with pytest.raises(ValueError, match="no view"):
        m.show("arctic")


def test_a_polygon_moves_by_its_centroid_not_vertex_by_vertex() -> None:
    iceland_like = {"type": "Polygon", "coordinates": [[[-30, 60], [-10, 60], [-10, 66], [-30, 66], [-30, 60]]]}
    assert framed(iceland_like, True)["coordinates"][0][0][0] == [-30, 60]  # centroid -20: stays whole
    alaska_like = {"type": "Polygon", "coordinates": [[[-170, 60], [-140, 60], [-140, 70], [-170, 60]]]}
    assert framed(alaska_like, True)["coordinates"][0][0][0] == [190, 60]
    assert framed(alaska_like, False)["coordinates"][0][0][0] == [-170, 60]


def test_areas_are_coloured_by_holder_and_greyed_out_of_play() -> None:
    g = fortress.new_game(ruleset="attack", players=4)
    g.state.control["midwest"] = "red"
    g.state.add_ship("blue", "caribbean", "destroyer", 1)
    m = WorldBoardMap(g)
    style = {aid: feature(m, aid)["properties"]["style"] for aid in ("midwest", "caribbean", "japan", "old-south")}
    assert style["midwest"]["fillColor"] == SIDE_FILL["red"]
    assert style["caribbean"]["fillColor"] == SIDE_FILL["blue"]
    assert style["japan"]["fillColor"] == OUT_OF_PLAY  # the Pacific theatre: not on the western map
    assert style["old-south"]["fillColor"] not in (OUT_OF_PLAY, *SIDE_FILL.values())


def test_names_on_hover_and_a_click_selects_a_region_or_a_zone(game) -> None:
    m = WorldBoardMap(game)
    m.layers["caribbean"]._hover_callbacks(event="mouseover", properties={"id": "caribbean"})
    assert m.hover.value == "Caribbean"
    m.layers["midwest"]._click_callbacks(event="click", properties={"id": "midwest"})
    assert m.selected == "midwest" and "Midwest" in m.status.value and "region" in m.status.value
    assert feature(m, "midwest")["properties"]["style"]["weight"] == 3
    m.layers["north-atlantic"]._click_callbacks(event="click", properties={"id": "north-atlantic"})
    assert m.selected == "north-atlantic" and "sea zone" in m.status.value
    assert feature(m, "midwest")["properties"]["style"]["weight"] == 1
    m.layers["japan"]._click_callbacks(event="click", properties={"id": "japan"})
    assert m.selected == "north-atlantic" and "not on the western map" in m.status.value


def test_after_a_move_only_the_areas_whose_look_changed_are_sent_again() -> None:
    """Each area is a layer of its own: a change of holder sends that area's shape again, not the
    board's (~350 KB); zones and regions in their panes, regions over zones."""
    g = fortress.new_game(ruleset="attack", players=4)
    m = WorldBoardMap(g)
    sent: list[str] = []
    for aid, layer in m.layers.items():
        layer.observe(lambda _change, aid=aid: sent.append(aid), "data")
    m.redraw()
    assert sent == []
    g.state.control["midwest"] = "red"
    m.redraw()
    assert sent == ["midwest"] and feature(m, "midwest")["properties"]["style"]["fillColor"] == SIDE_FILL["red"]
    m.select("old-south")
    assert sent == ["midwest", "old-south"]
    panes = {m.world.areas[aid].kind: layer.pane for aid, layer in m.layers.items()}
    assert m.map.panes[panes["zone"]]["zIndex"] < m.map.panes[panes["region"]]["zIndex"]


def lane(m: WorldBoardMap, lane_id: str) -> dict[str, Any]:
    return next(f for f in m.links.lanes.data["features"] if f["id"] == lane_id)


def test_lanes_anchors_and_canals_are_drawn_in_each_view(game) -> None:
    """[Map] the 20 lanes through their zones, the 5 anchored zones, Suez and Panama; in the
    Pacific frame the lanes west of 25°W move with their areas; none takes a click."""
    m = WorldBoardMap(game)
    world = m.world
    lanes = m.links.lanes.data["features"]
    assert len(lanes) == len(world.of_type("lane")) == 20
    ne_panama = lane(m, "new-england~panama")  # the Transport example: the North Atlantic, the Caribbean
    start, *through, end = ne_panama["geometry"]["coordinates"]
    assert through == [[round(c, 3) for c in reversed(world.areas[z].label)] for z in ("north-atlantic", "caribbean")]
    assert start == [round(c, 3) for c in reversed(world.areas["new-england"].label)]
    assert all(f["properties"]["style"]["interactive"] is False for f in lanes)
    assert sorted(m.links.anchors) == sorted(z for z in world.of_kind("zone") if world.areas[z].anchored)
    assert "Caribbean" in m.links.anchors["caribbean"].icon.html and "<svg" in m.links.anchors["caribbean"].icon.html
    assert {aid: "Canal" in mk.icon.html for aid, mk in m.links.canals.items()} == {"panama": True, "egypt-sudan": True}
    assert "Suez Canal" in m.links.canals["egypt-sudan"].icon.html
    west = m.links.canals["panama"].location[1]
    m.show("pacific")
    assert m.links.canals["panama"].location[1] == west + 360
    assert m.links.canals["egypt-sudan"].location[1] < 60  # east of 25°W: not moved
    hawaii_japan = lane(m, "hawaii~japan")["geometry"]["coordinates"]
    assert all(100 < x < 260 for x, _ in hawaii_japan)  # whole across the date line
    m.show("world")
    assert lane(m, "hawaii~japan")["geometry"]["coordinates"] == hawaii_japan


def test_lanes_out_of_the_map_in_play_are_faint_and_the_links_are_static() -> None:
    """On the western map (4 players) the Pacific's lanes are faint; a move sends no link again."""
    g = fortress.new_game(ruleset="attack", players=4)
    m = WorldBoardMap(g)
    opacity = {f["id"]: f["properties"]["style"]["opacity"] for f in m.links.lanes.data["features"]}
    assert opacity["hawaii~japan"] < opacity["great-britain~new-england"]
    assert m.links.anchors["coral-sea"].opacity < m.links.anchors["caribbean"].opacity  # the Pacific's: faint
    assert m.links.canals["panama"].opacity == m.links.canals["egypt-sudan"].opacity == m.links.anchors["caribbean"].opacity
    sent: list[str] = []
    for layer in m.links.layers:
        layer.observe(lambda change: sent.append(change["name"]), names=["data", "location", "opacity"])
    g.state.control["midwest"] = "red"
    m.redraw()
    assert sent == []
    both = WorldBoardMap(fortress.new_game(ruleset="attack", players=6))
    assert {f["properties"]["style"]["opacity"] for f in both.links.lanes.data["features"]} == {0.85}
    assert {mk.opacity for mk in (*both.links.anchors.values(), *both.links.canals.values())} == {0.85}
