"""[Transport] on small positions, with the rulebook's own examples."""
from __future__ import annotations

import pytest

from tests.rulesets.attack.conftest import cleared, put, ships, start

US = ["new-england", "midwest", "great-plains", "western-us", "old-south", "panama", "colombia", "hawaii"]


def line(level: int, held: list[str] = US) -> tuple[object, str]:
    g = cleared()
    side = g.side
    for r in held:
        put(g, side, r, infantry=2)
    g.state.tech[side]["rail"] = level
    start(g, "transport")
    return g, side


@pytest.mark.parametrize("level,farthest", [(0, "midwest"), (1, "great-plains"), (2, "western-us")])
def test_rail_levels_reach_the_rulebooks_regions(level: int, farthest: str) -> None:
    """[Research] Note on land regions: New England -> Midwest (0), Great Plains (1), Western US (2)."""
    g, _ = line(level, ["new-england", "midwest", "great-plains", "western-us"])
    order = ["midwest", "great-plains", "western-us"]
    for i, region in enumerate(order):
        why = g.explain(f"transport 1 infantry new-england {region}")
        assert (why is None) == (i <= order.index(farthest)), (region, why)


def test_new_england_to_panama_by_one_lane_and_not_on_to_hawaii() -> None:
    """[Transport] Sea lanes, [Research] Note on sea zones: one sea lane per Transport."""
    g, _ = line(0)
    assert g.explain("transport 1 infantry new-england panama") is None
    assert "one sea lane" in g.explain("transport 1 infantry new-england hawaii")
    assert g.explain("transport 1 infantry new-england colombia") is not None  # level 0: one step


def test_level_one_continues_from_panama_to_colombia() -> None:
    g, _ = line(1)
    assert g.explain("transport 1 infantry new-england colombia") is None
    assert g.explain("transport 1 infantry new-england hawaii") is not None  # still one lane


def test_the_panama_canal_stops_the_lane_to_the_western_us() -> None:
    """[Explanations] Panama Canal: no New England -> Western US over the sea lane."""
    g, _ = line(4, ["new-england", "panama", "western-us"])
    assert g.explain("transport 1 infantry new-england western-us") is not None
    assert g.explain("transport 1 infantry new-england panama") is None


def test_anchored_crossing_old_south_to_mexico() -> None:
    """[Transport] Anchored sea zones: Old South to Mexico through the Caribbean."""
    g, _ = line(0, ["old-south", "mexico"])
    assert g.explain("transport 1 infantry old-south mexico") is None


def test_an_enemy_fleet_closes_the_lane_unless_it_permits() -> None:
    g, side = line(0)
    other = next(x for x in g.state.sides if x != side)
    ships(g, other, "north-atlantic", destroyer=1)
    assert g.explain("transport 1 infantry new-england panama") is not None
    g.state.grants.append(f"{other}>{side}")
    assert g.explain("transport 1 infantry new-england panama") is None


def test_never_through_neutral_land_and_a_held_region_keeps_a_unit() -> None:
    g, side = line(4, ["new-england", "great-plains"])
    assert g.explain("transport 1 infantry new-england great-plains") is not None  # Midwest is neutral
    g2, _ = line(0, ["new-england", "midwest"])
    assert "at least one army unit" in g2.explain("transport 2 infantry new-england midwest")
    g2.apply("transport 1 infantry new-england midwest")
    assert g2.state.army(g2.side, "midwest") == {"infantry": 3}
