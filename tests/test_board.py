"""The committed board loads and has the shape the rules expect."""
from __future__ import annotations

import json
from collections import Counter
from pathlib import Path

import pytest

from fortress.engine.board import GEODATA_DIR, Board

shapely = pytest.importorskip("shapely")
from shapely.geometry import shape  # noqa: E402


@pytest.fixture(scope="module")
def board() -> Board:
    return Board.load(GEODATA_DIR)


def test_loads(board: Board) -> None:
    assert len(board) > 100
    assert board.metadata["credit"].startswith("Source: U.S. Census Bureau")


def test_counts(board: Board) -> None:
    kinds = Counter(a.kind for a in board)
    assert kinds["city"] == 30
    assert 10 <= kinds["mountain"] <= 16
    assert 70 <= len(board.land) <= 100
    assert len(board.zones()) == 18
    for side in ("west", "south", "east"):
        assert len(board.zones(side)) == 6


def test_neighbours_symmetric(board: Board) -> None:
    for a in board.ids:
        for b in board.neighbours(a):
            assert a in board.neighbours(b)


def test_every_area_has_a_neighbour_and_cities_two(board: Board) -> None:
    for a in board:
        assert board.neighbours(a.id), a.id
        if a.is_city:
            assert len(board.neighbours(a.id)) >= 2, a.id


def test_known_adjacencies(board: Board) -> None:
    assert board.neighbours("seattle") & {"olympic-peninsula", "cascades"}
    pacific = set(board.zones("west"))
    assert any(board.adjacent(z, t) for z in pacific for t in ("seattle", "olympic-peninsula"))
    assert any(board.adjacent(z, t) for z in board.zones() for t in ("san-diego", "los-angeles"))
    assert board.adjacent("denver", "colorado-springs")
    assert any(board.adjacent(z, "miami") for z in board.zones("east"))
    assert any(board["mexico-chihuahua"].id == z for z in board.neighbours("el-paso"))


def test_point_only_pairs_are_not_adjacent(board: Board) -> None:
    geoms = {i: shape(g) for i, g in board.geometry.items()}
    tree_ids = list(geoms)
    arr = [geoms[i] for i in tree_ids]
    left, right = shapely.STRtree(arr).query(arr, predicate="touches")
    point_only = [(tree_ids[i], tree_ids[j]) for i, j in zip(left, right)
                  if i < j and not arr[i].relate_pattern(arr[j], "F***1****")]
    for a, b in point_only:
        assert not board.adjacent(a, b), (a, b)


def test_path_over_land(board: Board) -> None:
    path = board.path("seattle", "miami", through=lambda a: board[a].is_land)
    assert path is not None and path[0] == "seattle" and path[-1] == "miami"
    assert all(board[a].is_land for a in path)
    for a, b in zip(path, path[1:]):
        assert board.adjacent(a, b)


def test_find(board: Board) -> None:
    assert board.find("Seattle") == "seattle"
    assert board.find("st-louis") == board.find("St. Louis")
    assert board.find("washington dc") == "washington-dc"
    with pytest.raises(KeyError):
        board.find("Atlantis")


def test_areas_carry_their_properties(board: Board) -> None:
    for a in board:
        assert a.name and a.kind in ("city", "mountain", "plain", "zone")
        if a.is_zone:
            assert a.side in ("west", "south", "east") and a.region == "" and a.city is None
        else:
            assert a.side is None and a.region
            assert (a.city == a.name) if a.is_city else a.city is None
        lat, lon = a.label
        assert 14 < lat < 50 and -130 < lon < -60
    assert board["seattle"].coastal and not board["denver"].coastal


def test_regions(board: Board) -> None:
    regions = board.regions()
    assert 10 <= len(regions) <= 14
    for name, ids in regions.items():
        assert 5 <= len(ids) <= 12, name


def test_every_land_territory_is_one_mainland_piece(board: Board) -> None:
    """Islands are allowed; a second mainland piece (exclave) is not."""
    for a in board:
        if a.is_land:
            parts = sorted(shapely.get_parts(shape(board.geometry[a.id])), key=lambda p: -p.area)
            assert all(p.area < 0.1 * parts[0].area for p in parts[1:]), a.id


def test_file_sizes() -> None:
    assert (GEODATA_DIR / "board.geojson").stat().st_size < 300_000
    assert (GEODATA_DIR / "backdrop.geojson").stat().st_size < 100_000
    meta = json.loads((GEODATA_DIR / "backdrop.geojson").read_text())["metadata"]
    assert "Natural Earth" in meta["credit"]


def test_find_takes_any_spacing_and_case():
    board = Board.default()
    assert board.find("  salt   LAKE\tcity ") == board.find("Salt Lake City")
