"""`fortress geodata check` passes on the committed board and catches each kind of damage."""
from __future__ import annotations

import csv
import json
import shutil
from pathlib import Path

import pytest
from click.testing import CliRunner

pytest.importorskip("shapely")

from fortress.engine.board import GEODATA_DIR  # noqa: E402
from fortress.geodata import check  # noqa: E402
from fortress.cli.geodata import geodata  # noqa: E402
from tests import geodata_edit  # noqa: E402


def copy_board(tmp_path: Path) -> Path:
    for name in ("board.geojson", "adjacency.csv"):
        shutil.copy(GEODATA_DIR / name, tmp_path / name)
    return tmp_path


def edit_features(directory: Path, change) -> None:
    geodata_edit.edit_features(directory / "board.geojson", change)


def edit_rows(directory: Path, change) -> None:
    geodata_edit.edit_rows(directory / "adjacency.csv", ["a", "b", "basis", "note"], change)


def problems(directory: Path) -> list[str]:
    return check.check_dir(directory)[0]


def by_id(features: list[dict], aid: str) -> dict:
    return next(f for f in features if f["properties"]["id"] == aid)


def square(x: float, y: float, size: float = 1.0) -> dict:
    ring = [[x, y], [x + size, y], [x + size, y + size], [x, y + size], [x, y]]
    return {"type": "Polygon", "coordinates": [ring]}


def test_committed_board_passes() -> None:
    found, summary = check.check_dir(GEODATA_DIR)
    assert found == []
    assert summary["by kind"]["city"] == 30
    assert summary["zones by side"] == {"east": 6, "south": 6, "west": 6}


def test_cli_check_passes_and_fails(tmp_path: Path) -> None:
    runner = CliRunner()
    ok = runner.invoke(geodata, ["check"])
    assert ok.exit_code == 0, ok.output
    assert "0 problem(s)" in ok.output and "adjacency pairs" in ok.output
    broken = copy_board(tmp_path)
    edit_rows(broken, lambda rows: rows + [{"a": "denver", "b": "miami", "basis": "shape", "note": ""}])
    bad = runner.invoke(geodata, ["check", "--dir", str(broken)])
    assert bad.exit_code == 1


def json_check(*args: str) -> tuple[int, dict]:
    """``fortress geodata check --json``: exit code and the parsed report (stdout is JSON only)."""
    done = CliRunner().invoke(geodata, ["check", "--json", *args])
    return done.exit_code, json.loads(done.stdout)


def test_cli_check_json_passes() -> None:
    code, found = json_check()
    assert code == 0 and found["ok"] is True and found["problems"] == 0
    assert [c["name"] for c in found["checks"]] == list(check.CHECKS)
    assert {c["status"] for c in found["checks"]} == {"passed"}
    assert all(c["checks"] for c in found["checks"])  # each says what it checks
    assert found["summary"]["by kind"]["city"] == 30
    assert found["summary"] == check.check_dir(GEODATA_DIR)[1]


def test_cli_check_json_names_the_failing_check(tmp_path: Path) -> None:
    broken = copy_board(tmp_path)
    edit_rows(broken, lambda rows: rows + [{"a": "denver", "b": "miami", "basis": "shape", "note": ""}])
    code, found = json_check("--dir", str(broken))
    status = {c["name"]: c["status"] for c in found["checks"]}
    assert code == 1 and found["ok"] is False
    assert status["shapes"] == "failed" and status["ids"] == "passed"
    shapes = next(c for c in found["checks"] if c["name"] == "shapes")
    assert any("denver - miami" in p for p in shapes["problems"])
    listed = [p for c in found["checks"] for p in c["problems"]]
    assert found["problems"] == len(listed) and sorted(listed) == sorted(problems(broken))


def test_cli_check_json_unreadable_board(tmp_path: Path) -> None:
    code, found = json_check("--dir", str(tmp_path))
    status = {c["name"]: c["status"] for c in found["checks"]}
    assert code == 1 and found["problems"] == 1 and found["summary"] == {}
    assert status.pop("read") == "failed" and set(status.values()) == {"not run"}


def test_duplicate_id(tmp_path: Path) -> None:
    d = copy_board(tmp_path)
    edit_features(d, lambda fs: fs.append(json.loads(json.dumps(by_id(fs, "denver")))))
    assert any("duplicate id 'denver'" in p for p in problems(d))


def test_missing_id(tmp_path: Path) -> None:
    d = copy_board(tmp_path)
    edit_features(d, lambda fs: by_id(fs, "denver")["properties"].__setitem__("id", ""))
    assert any("has no id" in p for p in problems(d))


def test_extra_adjacency_row(tmp_path: Path) -> None:
    d = copy_board(tmp_path)
    edit_rows(d, lambda rows: rows + [{"a": "denver", "b": "miami", "basis": "shape", "note": ""}])
    assert any("denver - miami is not a shared border" in p for p in problems(d))


def test_missing_adjacency_row(tmp_path: Path) -> None:
    d = copy_board(tmp_path)
    edit_rows(d, lambda rows: [r for r in rows if (r["a"], r["b"]) != ("colorado-springs", "denver")])
    assert any("colorado-springs and denver share a border missing" in p for p in problems(d))


def test_asymmetric_row(tmp_path: Path) -> None:
    d = copy_board(tmp_path)
    edit_rows(d, lambda rows: rows + [{"a": "seattle", "b": "cascades", "basis": "shape", "note": ""}])
    found = problems(d)
    assert any("not in order" in p for p in found) and any("listed twice" in p for p in found)
    assert check.check_symmetric({"a": {"b"}, "b": set()}) == ["adjacency a -> b is not symmetric"]


def test_city_removed(tmp_path: Path) -> None:
    d = copy_board(tmp_path)
    edit_features(d, lambda fs: by_id(fs, "omaha")["properties"].update(kind="plain", city=None))
    assert any("29 cities" in p for p in problems(d))


def test_overlapping_polygon(tmp_path: Path) -> None:
    d = copy_board(tmp_path)
    def grow(fs):
        by_id(fs, "black-hills")["geometry"] = square(-106.0, 42.0, 4.0)
    edit_features(d, grow)
    assert any("overlap" in p and "black-hills" in p for p in problems(d))


def test_invalid_polygon(tmp_path: Path) -> None:
    d = copy_board(tmp_path)
    bowtie = {"type": "Polygon", "coordinates": [[[-100, 40], [-99, 41], [-99, 40], [-100, 41], [-100, 40]]]}
    edit_features(d, lambda fs: by_id(fs, "sandhills").__setitem__("geometry", bowtie))
    assert any("sandhills: invalid polygon" in p for p in problems(d))


def test_kind_and_side_not_allowed(tmp_path: Path) -> None:
    d = copy_board(tmp_path)
    def spoil(fs):
        by_id(fs, "ozarks")["properties"]["kind"] = "volcano"
        by_id(fs, "pacific-1")["properties"]["side"] = "north"
    edit_features(d, spoil)
    found = problems(d)
    assert any("ozarks: kind 'volcano'" in p for p in found)
    assert any("pacific-1: zone side 'north'" in p for p in found)


def test_label_outside(tmp_path: Path) -> None:
    d = copy_board(tmp_path)
    edit_features(d, lambda fs: by_id(fs, "boston")["properties"].__setitem__("label", [25.0, -80.0]))
    assert any("boston: label point" in p for p in problems(d))


def test_island_and_lonely_zone(tmp_path: Path) -> None:
    d = copy_board(tmp_path)
    edit_rows(d, lambda rows: [r for r in rows if "pacific-6" not in (r["a"], r["b"])])
    found = problems(d)
    assert any("pacific-6: no path reaches it" in p for p in found)
    assert any("invasion zone pacific-6 touches no land" in p for p in found)


def test_point_only_adjacency(tmp_path: Path) -> None:
    """Four squares meeting at one corner: the diagonal pairs are not neighbours."""
    def feat(aid, kind, geom, side=None):
        props = {"id": aid, "name": aid, "kind": kind, "side": side, "city": aid if kind == "city" else None,
                 "label": [geom["coordinates"][0][0][1] + 0.5, geom["coordinates"][0][0][0] + 0.5],
                 "coastal": False, "region": "" if kind == "zone" else "Test"}
        return {"type": "Feature", "id": aid, "properties": props, "geometry": geom}
    features = [feat("a", "city", square(0, 0)), feat("b", "plain", square(1, 0)),
                feat("c", "plain", square(0, 1)), feat("d", "plain", square(1, 1))]
    (tmp_path / "board.geojson").write_text(json.dumps({"type": "FeatureCollection", "features": features}))
    rows = [("a", "b"), ("a", "c"), ("a", "d"), ("b", "d"), ("c", "d")]
    (tmp_path / "adjacency.csv").write_text("a,b,basis,note\n" + "".join(f"{a},{b},shape,\n" for a, b in rows))
    found = problems(tmp_path)
    assert "adjacency a - d meets only at a point" in found


def test_missing_files(tmp_path: Path) -> None:
    assert problems(tmp_path)[0].startswith("cannot read the board")


@pytest.mark.slow
def test_rebuild_is_byte_identical(tmp_path: Path) -> None:
    """Rebuilding from the sources reproduces the committed files (needs npm and the registry)."""
    if shutil.which("npm") is None:
        pytest.skip("npm is not available")
    pytest.importorskip("geopandas")
    from fortress.geodata.build import build

    shutil.copytree(GEODATA_DIR / "source", tmp_path / "source")
    build(tmp_path, source_cache=tmp_path / "cache", verbose=False)
    for name in ("board.geojson", "adjacency.csv", "backdrop.geojson"):
        assert (tmp_path / name).read_bytes() == (GEODATA_DIR / name).read_bytes(), name
