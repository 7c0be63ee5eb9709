"""The world build's planar steps on small made-up shapes (no npm, no network): rings across the
date line, splits in the Pacific frame, zones that wrap at ±360°, adjacency in two frames, and
lanes checked against the shapes. The full build (npm) runs only with FORTRESS_WORLD_BUILD set."""
from __future__ import annotations

import os
from pathlib import Path

import pytest

pytest.importorskip("antimeridian")
pytest.importorskip("geopandas")

import shapely  # noqa: E402
from shapely.geometry import Point, Polygon, box  # noqa: E402

from fortress.geodata import world_build as wb  # noqa: E402
from fortress.geodata.world_recipe import Canal, Lane, Recipe, Region, Zone  # noqa: E402


def region(rid: str, *seeds: tuple[float, float], split: str = "Land") -> Region:
    return Region(rid, rid.title(), "asia", "pacific", (), (), split, seeds)


def recipe(zones=(), lanes=(), regions=()) -> Recipe:
    return Recipe(tuple(regions), tuple(zones), tuple(lanes), (), (), ())


def test_a_ring_across_the_date_line_is_cut_not_drawn_across_the_map() -> None:
    spherical = Polygon([(170, 60), (-170, 60), (-170, 70), (170, 70)])  # 20° wide, across ±180
    fixed = wb.fix(spherical)
    assert fixed.geom_type == "MultiPolygon" and len(shapely.get_parts(fixed)) == 2
    assert fixed.area == pytest.approx(200.0)  # not the 340°-wide band planar shapely would see
    assert shapely.get_parts(wb.to_pacific(fixed)).size == 1  # whole again in the Pacific frame


def test_a_country_across_the_date_line_is_split_in_the_pacific_frame() -> None:
    country = shapely.union(box(160, 60, 180, 70), box(-180, 60, -170, 70))
    shares = wb.split_country(country, [region("west", (165, 65)), region("east", (-172, 65))])
    # the east seed at -172 is nearest to the land just across ±180, not to the land at 160-168.5
    assert shares["east"].covers(Point(179, 65)) and shares["east"].covers(Point(-175, 65))
    assert shares["west"].covers(Point(161, 65)) and not shares["west"].covers(Point(-175, 65))
    assert shares["west"].area + shares["east"].area == pytest.approx(country.area)
    assert shares["east"].bounds[2] <= 180.0  # back in the native frame


def test_zones_wrap_the_date_line_and_skip_water_without_a_seed() -> None:
    land = shapely.union_all([box(-100, -62, 100, 85), box(140, 10, 150, 20)])  # a lake-like hole
    lake = box(-50, 0, -40, 10)
    land = shapely.difference(land, lake)  # the 'Caspian': water holding no seed
    zones = [Zone("west-pacific", "West Pacific", "pacific", False, False, ((120.0, 0.0),)),
             Zone("east-pacific", "East Pacific", "pacific", False, False, ((-175.0, 0.0),))]
    out = wb.build_zones(recipe(zones), land)
    # the cell of the seed at -175 reaches west across ±180 (its copy at 185 is nearer than 120)
    assert out["east-pacific"].covers(Point(175, 0)) and out["east-pacific"].covers(Point(-120, 0))
    assert out["west-pacific"].covers(Point(130, 0))
    assert not any(z.intersects(lake.buffer(-0.1)) for z in out.values())


def test_adjacency_counts_pairs_across_the_date_line_but_not_points() -> None:
    geoms = {"a": box(170, 0, 180, 10), "b": box(-180, 0, -170, 10), "c": box(160, 10, 170, 20),
             "d": box(170, 10, 180, 20)}
    pairs = wb.shape_pairs(geoms)
    assert ("a", "b") in pairs and ("c", "d") in pairs and ("a", "d") in pairs
    assert ("a", "c") not in pairs  # corner only


def test_a_lane_whose_steps_do_not_touch_is_refused() -> None:
    lane = Lane("x", "r1", "r2", ("z1", "z2"), "design", "")
    zones = [Zone(z, z, "west", False, False, ((0.0, 0.0),)) for z in ("z1", "z2")]
    pairs = {("r1", "z1"), ("r2", "z2")}
    with pytest.raises(RuntimeError, match="z1-z2"):
        wb.edges(recipe(zones, [lane]), pairs)
    rows = wb.edges(recipe(zones, [lane]), pairs | {("z1", "z2")})
    assert ("r1", "r2", "lane", "z1 z2", "") in rows and ("z1", "z2", "sea", "", "") in rows
    assert ("r1", "z1", "coast", "", "") in rows


def test_zones_joined_by_a_canal_are_kept_apart_only_by_a_listed_separation() -> None:
    """[Explanations] Panama Canal: zones whose shapes touch across the isthmus are joined only by
    the canal, and the build says so unless separations.csv lists them."""
    zones = [Zone(z, z, "west", False, False, ((0.0, 0.0),)) for z in ("z1", "z2")]
    canal = Canal("c", "C", "r1", "z1", "z2", "")
    pairs = {("r1", "z1"), ("z1", "z2")}
    with pytest.raises(RuntimeError, match="canal c: z1 and z2 also touch"):
        wb.edges(Recipe((), tuple(zones), (), (canal,), (), ()), pairs)
    rows = wb.edges(Recipe((), tuple(zones), (), (canal,), (), (), (("z1", "z2", "only the canal"),)), pairs)
    assert [r[2] for r in rows if r[:2] == ("z1", "z2")] == ["canal"]
    with pytest.raises(RuntimeError, match="do not touch: z1-z2"):
        wb.edges(Recipe((), tuple(zones), (), (canal,), (), (), (("z1", "z2", "stale"),)), {("r1", "z1")})


def test_arctic_islands_go_but_land_across_the_date_line_stays() -> None:
    mainland = shapely.union(box(150, 55, 180, 68), box(-180, 62, -170, 68))  # 'Chukotka' both sides
    island = box(140, 72, 145, 76)  # 'New Siberian Islands'
    kept = wb.without_arctic_islands(shapely.union(mainland, island))
    assert kept.covers(Point(-175, 65)) and kept.covers(Point(160, 60))
    assert not kept.intersects(island)


def test_a_broken_recipe_stops_the_build_in_plain_words(tmp_path) -> None:
    """Checked before anything is fetched: no npm needed, no traceback."""
    import shutil

    from click.testing import CliRunner

    from fortress.cli.geodata import geodata
    from fortress.geodata.world_recipe import WORLD_DIR

    shutil.copytree(WORLD_DIR / "source", tmp_path / "source")
    lanes = tmp_path / "source" / "lanes.csv"
    lanes.write_text(lanes.read_text(encoding="utf-8") + "bad,new-england,atlantis,north-atlantic,design,\n",
                     encoding="utf-8")
    done = CliRunner().invoke(geodata, ["build", "--board", "world", "--out", str(tmp_path)])
    assert done.exit_code == 1
    assert "lane bad: unknown region or zone" in done.output and "Traceback" not in done.output


def test_tidying_keeps_a_part_cut_off_only_by_the_date_line() -> None:
    parts = {"koryak": [box(160, 55, 180, 68), box(-180, 62, -170, 68)], "yakut": [box(130, 55, 160, 68)],
             "kurils": [box(150, 45, 150.2, 45.2)]}
    land = wb.tidy(parts, [])
    assert land["koryak"].covers(Point(-175, 65))
    assert not land["kurils"].is_empty  # a region's main part always stays


@pytest.mark.slow
@pytest.mark.skipif(not os.environ.get("FORTRESS_WORLD_BUILD"),
                    reason="needs npm (or FORTRESS_WORLD_BUILD=DIR, an npm cache from an earlier build); not in CI")
def test_the_build_reproduces_the_committed_files_byte_for_byte(tmp_path) -> None:
    import shutil

    from fortress.geodata.world_recipe import WORLD_DIR

    shutil.copytree(WORLD_DIR / "source", tmp_path / "source")
    wb.build(tmp_path, Path(os.environ["FORTRESS_WORLD_BUILD"]), verbose=False)
    for name in ("world.geojson", "edges.csv", "backdrop.geojson"):
        assert (tmp_path / name).read_bytes() == (WORLD_DIR / name).read_bytes(), name
