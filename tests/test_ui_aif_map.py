"""America in Flames' Americas map (fortress.rulesets.aif.dashboard), without a browser: every
area of the committed board drawn once over its backdrop (nothing fetched), regions coloured by
who holds them (a home by its power, a minor by the power its flag favours, stronger nearer
Full Ally, grey on 0, a conquered one by its conqueror), unit chips from the state's armies and
ships (the starting forces, then filled by hand: a minor at war holds an army too), and what a
click says."""
from __future__ import annotations

from dataclasses import replace

import ipyleaflet as L
import pytest

import fortress
from fortress.geodata.americas_map import AmericasMap
from fortress.rulesets.aif.dashboard import FRAME, NEUTRAL, AmericasBoard, AmericasBoardMap
from fortress.rulesets.aif.panels.common import POWER_COLOUR, units_at
from fortress.rulesets.aif.tables import load
from fortress.rulesets.aif.track import Flag


@pytest.fixture
def game():
    return fortress.new_game(5, players=3, ruleset="aif")


def look(m: AmericasBoardMap, aid: str) -> dict:
    return m.layers[aid].data["features"][0]["properties"]["style"]


def set_flags(game, **flags: Flag) -> None:
    s = game.state
    s.politics = replace(s.politics, flags={**s.politics.flags, **flags})


def test_every_area_is_drawn_once_over_the_backdrop_and_nothing_is_fetched(game) -> None:
    m = AmericasBoardMap(game)
    assert set(m.layers) == set(AmericasMap.load().areas) and len(m.layers) == 64
    assert not any(isinstance(layer, L.TileLayer) for layer in m.map.layers)
    assert m.map.layers == (m.backdrop, m.areas, m.units) and m.backdrop.data["features"]
    (south, west), (north, east) = FRAME
    boxes = [m.geometry(b)["coordinates"][0] for b in ("japan", "germany-italy")]
    assert all(west <= x <= east and south <= y <= north for ring in boxes for x, y in ring)


def test_regions_are_coloured_by_who_holds_them(game) -> None:
    t = load()
    m = AmericasBoardMap(game)
    assert look(m, "texas")["fillColor"] == POWER_COLOUR["usa"] and look(m, "quebec")["fillColor"] == POWER_COLOUR["cw"]
    assert look(m, "french-guiana")["fillColor"] == POWER_COLOUR["france"]
    assert look(m, "chile")["fillColor"] == NEUTRAL  # a flagged minor on 0: grey
    set_flags(game, chile=Flag(4, "germany"), peru=Flag(13, "germany", aligned=True),
              uruguay=Flag(t.full_ally, "italy", aligned=True, conquered_by="usa"))
    m.redraw()
    chile, peru = look(m, "chile"), look(m, "peru")
    assert chile["fillColor"] == peru["fillColor"] == POWER_COLOUR["germany"]
    assert chile["fillOpacity"] < peru["fillOpacity"]  # stronger nearer Full Ally
    assert look(m, "uruguay")["fillColor"] == POWER_COLOUR["usa"] and look(m, "uruguay")["fillOpacity"] == pytest.approx(0.9)
    game.state.control = {"texas": "germany"}  # a region taken in war (the military's control)
    m.redraw()
    assert look(m, "texas")["fillColor"] == POWER_COLOUR["germany"]


def test_only_changed_areas_are_sent_again(game) -> None:
    m = AmericasBoardMap(game)
    sent = {aid: layer.data for aid, layer in m.layers.items()}
    set_flags(game, brazil=Flag(6, "usa"))
    m.redraw()
    changed = {aid for aid, layer in m.layers.items() if layer.data is not sent[aid]}
    assert changed == {"northern-brazil", "northeast-brazil", "southern-brazil"}


def test_unit_chips_come_from_the_state_s_armies_and_ships(game) -> None:
    board = AmericasBoard(game)
    m = board.map
    forces = load().forces
    placed = {place.removeprefix("coast:") for branches in forces.values() for branch in ("armies", "ships")
              for place, counts in branches[branch].items() if any(counts.values())}
    chips = {marker.title: marker.icon.html for marker in m.units.layers}
    assert set(chips) == {m.area_name(a) for a in placed}  # the starting forces (forces.toml), a chip per area
    usa = forces["usa"]["armies"]["texas"]
    assert f"USA {sum(usa.values())}</span>" in chips["Texas"]
    assert units_at(game.state, "texas") == {"usa": usa}
    game.state.armies = {"usa": {"texas": {"infantry": 3, "tank": 1}}, "germany": {"texas": {"infantry": 2}},
                         "mexico": {"northern-mexico": {"infantry": 3}}}  # a minor at war holds an army
    game.state.ships = {"japan": {"caribbean": {"carrier": 1}, "coast:cuba": {"destroyer": 2}}}
    board.update(game)
    chips = {marker.title: marker.icon.html for marker in m.units.layers}
    assert set(chips) == {"Texas", "Caribbean", "Cuba", "Northern Mexico"}
    assert "USA 4</span>" in chips["Texas"] and "Ger 2</span>" in chips["Texas"]
    assert "Jpn 2</span>" in chips["Cuba"] and "Jpn 1</span>" in chips["Caribbean"]
    assert f"background:{NEUTRAL}" in chips["Northern Mexico"] and "Mex 3</span>" in chips["Northern Mexico"]
    m.select("texas")
    assert "units: USA 3 infantry, 1 tank; Germany 2 infantry" in m.status.value
    m.select("northern-mexico")
    assert "units: Mexico 3 infantry" in m.status.value
    game.state.armies = {}
    board.update(game)
    assert {marker.title for marker in m.units.layers} == {"Caribbean", "Cuba"}


def test_a_click_says_the_area_its_holder_and_a_minor_s_flag_and_band(game) -> None:
    m = AmericasBoardMap(game)
    set_flags(game, mexico=Flag(9, "usa"))
    m._clicked(event="click", properties={"id": "northern-mexico"})
    assert m.selected == "northern-mexico" and look(m, "northern-mexico")["weight"] == 3
    text = m.status.value
    assert "<b>Northern Mexico</b> (region)" in text and "Mexico: USA +9, band May Enter" in text and "units: none" in text
    m._clicked(event="click", properties={"id": "quebec"})
    assert "held by Commonwealth" in m.status.value
    m._clicked(event="click", properties={"id": "germany-italy"})
    assert "(off-map box)" in m.status.value
    m._hovered(properties={"id": "caribbean"})
    assert m.hover.value == "Caribbean"


def test_chips_use_short_names_that_the_legend_spells_out(game) -> None:
    from fortress.rulesets.aif.panels.common import short_name

    t = load()
    assert [short_name(t, h) for h in ("cw", "france", "central_america", "dominican_republic", "brazil")] == \
        ["CW", "Fr", "CA", "DR", "Bra"]
    legend = AmericasBoard(game).widget.children[-1].value
    assert "CW Commonwealth" in legend and "Jpn Japan" in legend and "USA," in legend
