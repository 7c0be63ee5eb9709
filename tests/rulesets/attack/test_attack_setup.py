"""[Setup S1-S6] played as actions."""
from __future__ import annotations

from typing import Any

import fortress
from fortress.rulesets.attack import world
from tests.rulesets.attack.conftest import after_setup


def new(players: int = 2, seed: int = 3, variants: tuple[str, ...] = ()) -> Any:
    return fortress.new_game(seed=seed, players=players, ruleset="attack", setup=None, variants=variants)


def test_governments_by_placard_and_starting_card() -> None:
    g = new(2)
    assert "Factories or rail" in g.explain("government communism minerals").replace("factories", "Factories")
    g.apply("government communism factories")
    assert "no Communism placard" in g.explain("government communism rail")  # one placard each with 2-4 players
    g6 = new(6)
    g6.apply("government communism factories")
    assert g6.explain("government communism rail") is None  # two placards each with 5-6


def test_materials_capital_units_and_ships() -> None:
    g = new(2)
    first = g.side
    g.apply("government fascism minerals")
    g.apply("government democracy rail")
    s = g.state
    assert (s.markers[first], s.production[first], s.oil_certs[first], len(s.hands[first])) == (3, 3, 1, 1)
    assert s.tech[first]["minerals"] == 1
    assert g.side == first
    assert "non-Arctic sea zone" in g.explain("capital midwest")  # landlocked: no capital [Setup S3]
    g.apply("capital new-england")
    assert s.army(first, "new-england") == {"infantry": 12, "artillery": 4, "tank": 1, "aircraft": 1}
    assert s.fleet(first, "coast:new-england") == {"destroyer": 3, "submarine": 1}
    assert "new-england" in s.oil
    assert "continent no other capital uses" in g.explain("capital mexico")  # North America is taken
    assert g.explain("capital great-britain") is None


def test_the_continent_rule_falls_back_when_no_continent_is_left() -> None:
    """Ruling: on the Pacific map with four players any continent may be chosen."""
    g = new(4, variants=("pacific",))
    for _ in range(4):
        g.apply(g.legal_actions()[0])
    continents = []
    gr = world.graph()
    while g.state.setup["stage"] == "capital":
        region = str(g.legal_actions()[0]).split()[1]
        continents.append(gr.world.areas[region].continent)
        g.apply(f"capital {region}")
    assert len(continents) == 4 and len(set(continents)) < 4


def test_deploy_to_two_adjacent_regions_then_markers_and_first_player() -> None:
    g = new(2)
    g.apply("government fascism minerals")
    g.apply("government democracy rail")
    first = g.side
    g.apply("capital new-england")
    g.apply("capital great-britain")
    assert g.side == first
    assert g.explain("deploy infantry midwest") is None
    assert g.explain("deploy infantry western-us") is not None  # not adjacent
    g.apply("deploy infantry midwest")
    g.apply("deploy infantry ontario")
    assert "two adjacent regions" in g.explain("deploy infantry quebec-maritimes")
    g.apply("end")
    g.apply("end")
    s = g.state
    assert s.setup["stage"] == "done" and g.phase == "direction" and g.side == s.first
    regions = world.graph().regions(s.map)
    assert all(r in s.neutral for r in regions if r not in s.control)
    assert g.round_label == "Year 1"


def test_five_or_six_players_play_both_maps() -> None:
    assert after_setup(6).state.map == "both"
    assert after_setup(2, variants=("pacific",)).state.map == "pacific"
    assert after_setup(3).state.map == "western"
