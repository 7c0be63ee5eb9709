"""`fortress geodata check --board world` passes on the committed world board and catches damage."""
from __future__ import annotations

import csv
import json
import shutil
from pathlib import Path

import pytest
from click.testing import CliRunner

pytest.importorskip("shapely")

import shapely  # noqa: E402

from fortress.cli.geodata import geodata  # noqa: E402
from fortress.geodata import world_check  # noqa: E402
from fortress.geodata.world_recipe import WORLD_DIR  # noqa: E402
from tests import geodata_edit  # noqa: E402

FILES = ("world.geojson", "edges.csv")


def copy_world(tmp_path: Path) -> Path:
    for name in FILES:
        shutil.copy(WORLD_DIR / name, tmp_path / name)
    return tmp_path


def edit_features(directory: Path, change) -> None:
    geodata_edit.edit_features(directory / "world.geojson", change)


def edit_rows(directory: Path, change) -> None:
    geodata_edit.edit_rows(directory / "edges.csv", ["a", "b", "type", "via", "note"], change)


def problems(directory: Path) -> list[str]:
    return world_check.check_dir(directory)[0]


def props(features: list[dict], aid: str) -> dict:
    return next(f["properties"] for f in features if f["properties"]["id"] == aid)


def test_committed_world_passes() -> None:
    found, summary = world_check.check_dir(WORLD_DIR)
    assert found == []
    assert sum(summary["regions by continent"].values()) <= world_check.MAX_REGIONS
    assert len(summary["regions by continent"]) == 6
    assert summary["anchored zones"] == ["caribbean", "coral-sea", "mediterranean", "north-sea", "sea-of-japan"]


def test_cli_world_check_passes_and_the_us_board_still_checks() -> None:
    runner = CliRunner()
    world = runner.invoke(geodata, ["check", "--board", "world"])
    assert world.exit_code == 0, world.output
    assert "0 problem(s)" in world.output and "anchored zones" in world.output
    us = runner.invoke(geodata, ["check"])
    assert us.exit_code == 0 and "adjacency pairs" in us.output


@pytest.mark.slow
def test_cli_world_check_json_names_each_check(tmp_path: Path) -> None:
    done = CliRunner().invoke(geodata, ["check", "--board", "world", "--json"])
    found = json.loads(done.stdout)
    assert done.exit_code == 0 and found["ok"] is True
    assert [c["name"] for c in found["checks"]] == list(world_check.CHECKS)
    broken = copy_world(tmp_path)
    edit_rows(broken, lambda rows: rows + [{"a": "japan", "b": "spain", "type": "land", "via": "", "note": ""}])
    done = CliRunner().invoke(geodata, ["check", "--board", "world", "--json", "--dir", str(broken)])
    status = {c["name"]: c["status"] for c in json.loads(done.stdout)["checks"]}
    assert done.exit_code == 1 and status["shapes"] == "failed" and status["ids"] == "passed"


def test_a_border_that_is_not_there(tmp_path: Path) -> None:
    d = copy_world(tmp_path)
    edit_rows(d, lambda rows: rows + [{"a": "japan", "b": "spain", "type": "land", "via": "", "note": ""}])
    assert "japan - spain is not a shared border of the shapes" in problems(d)


@pytest.mark.slow
def test_a_missing_border_and_unreachable_region(tmp_path: Path) -> None:
    d = copy_world(tmp_path)
    edit_rows(d, lambda rows: [r for r in rows if "madagascar" not in (r["a"], r["b"])])
    found = problems(d)
    assert any("madagascar" in p and "missing from edges.csv" in p for p in found)
    assert any(p.startswith("madagascar: no path reaches it") for p in found)


def test_asymmetric_or_wrongly_typed_edges(tmp_path: Path) -> None:
    d = copy_world(tmp_path)

    def damage(rows):
        first = next(r for r in rows if r["type"] == "land")
        rows.append({**first, "a": first["b"], "b": first["a"]})
        coast = next(r for r in rows if r["type"] == "coast")
        coast["type"] = "sea"
        return rows

    edit_rows(d, damage)
    found = problems(d)
    assert any("not in order a < b" in p for p in found)
    assert any(p.startswith("sea edge") and "joins a region and a zone" in p for p in found)


def test_a_lane_through_zones_that_do_not_touch(tmp_path: Path) -> None:
    d = copy_world(tmp_path)

    def damage(rows):
        lane = next(r for r in rows if r["type"] == "lane" and r["a"] == "new-england" and r["b"] == "panama")
        lane["via"] = "north-atlantic sea-of-japan"
        return rows

    edit_rows(d, damage)
    assert any(p.startswith("lane new-england - panama") for p in problems(d))


def test_a_sea_edge_beside_a_canal(tmp_path: Path) -> None:
    """Two zones joined by a canal have no other edge: holding Panama must close the passage."""
    d = copy_world(tmp_path)
    edit_rows(d, lambda rows: rows + [{"a": "caribbean", "b": "eastern-pacific", "type": "sea", "via": "", "note": ""}])
    assert "caribbean - eastern-pacific are joined by the canal of panama and also by a sea edge" in problems(d)


def test_no_zone_has_a_stray_piece_across_land() -> None:
    """A zone's detached parts (in the frame that keeps it whole across the date line) are all
    larger than the build's ZONE_PART_MAX: no stray water beyond an isthmus (the Caribbean's once
    reached the Gulf of Panama, the Red Sea's Egypt's Mediterranean coast)."""
    limit = pytest.importorskip("fortress.geodata.world_build").ZONE_PART_MAX  # needs the [geodata] extra
    features = world_check.load(WORLD_DIR)[0]
    geoms, kinds = world_check.geometries(features), world_check.kinds_of(features)
    for zone in (a for a in geoms if kinds[a] == "zone"):
        parts = min((shapely.get_parts(geoms[zone]), shapely.get_parts(world_check.pacific(geoms[zone]))), key=len)
        assert all(p.area > limit for p in parts), zone


def test_too_many_regions() -> None:
    features = world_check.load(WORLD_DIR)[0]
    assert world_check.check_properties(features) == []
    extra = [{"properties": {**features[0]["properties"], "id": f"extra-{n}"}} for n in range(world_check.MAX_REGIONS)]
    assert "168 regions, more than the 90 government markers" in world_check.check_properties(features + extra)


def test_a_continent_without_a_capital_and_wrong_flags(tmp_path: Path) -> None:
    d = copy_world(tmp_path)
    oceania = {"western-australia", "northern-australia", "queensland", "new-south-wales", "new-zealand", "hawaii"}
    edit_rows(d, lambda rows: [r for r in rows if not (r["type"] == "coast" and {r["a"], r["b"]} & oceania)])
    found = problems(d)
    assert "no region of oceania may hold a capital" in found
    assert any(p.startswith("queensland: capital_ok is True, the coasts say False") for p in found)
    assert any(p.startswith("queensland: coastal is True") for p in found)


def test_point_only_contact(tmp_path: Path) -> None:
    d = copy_world(tmp_path)

    def damage(features):
        props(features, "hawaii")  # exists
        for f in features:
            if f["properties"]["id"] == "hawaii":
                f["geometry"] = {"type": "Polygon", "coordinates": [[[-175, -61], [-174, -61], [-174, -60], [-175, -61]]]}
                f["properties"]["label"] = [-60.9, -174.2]
            if f["properties"]["id"] == "new-zealand":
                f["geometry"] = {"type": "Polygon", "coordinates": [[[-174, -60], [-173, -60], [-173, -59], [-174, -60]]]}
                f["properties"]["label"] = [-59.9, -173.2]

    edit_features(d, damage)
    edit_rows(d, lambda rows: rows + [{"a": "hawaii", "b": "new-zealand", "type": "land", "via": "", "note": ""}])
    assert "hawaii - new-zealand meets only at a point" in problems(d)


def test_committed_files_fit_the_budget() -> None:
    """The issue's budget: the built world board under 400 KB."""
    size = sum((WORLD_DIR / name).stat().st_size for name in ("world.geojson", "edges.csv", "backdrop.geojson"))
    assert size < 400_000


def test_a_theatre_cut_in_two(tmp_path: Path) -> None:
    d = copy_world(tmp_path)

    def damage(features):
        for f in features:
            if f["properties"]["id"] in ("indian-ocean", "south-indian-ocean"):
                f["properties"]["theatres"] = ["pacific"]

    edit_features(d, damage)
    assert any(p.startswith("west theatre: madagascar: no path reaches it") for p in problems(d))
    assert not any(p.startswith("pacific theatre") for p in problems(d))
