"""America in Flames' board (fortress/geodata/americas/): the supplement's map facts (its minors,
the Caribbean and the Gulf of Panama, five research sites in the USA, off-map boxes on the western
and eastern edges, 4.2, 5.3, 13) hold on the committed files, and the check catches damage."""
from __future__ import annotations

import copy
import os
import shutil
from collections import deque
from pathlib import Path

import pytest

pytest.importorskip("shapely")

from click.testing import CliRunner  # noqa: E402

from fortress.cli.geodata import geodata  # noqa: E402
from fortress.geodata import americas_check  # noqa: E402
from fortress.geodata.americas_map import AmericasMap  # noqa: E402
from fortress.geodata.americas_recipe import (AMERICAS_DIR, ENTRY_COSTS, edge_problems, read_recipe,  # noqa: E402
                                              recipe_problems)
from fortress.geodata.check import geometries  # noqa: E402

FLAGGED = ["mexico", "central_america", "panama", "cuba", "haiti", "dominican_republic", "colombia", "venezuela",
           "ecuador", "peru", "bolivia", "paraguay", "uruguay", "argentina", "chile", "brazil"]  # the list


@pytest.fixture(scope="module")
def board() -> AmericasMap:
    return AmericasMap.load()


def reachable(board: AmericasMap, start: str, *types: str) -> set[str]:
    seen, todo = {start}, deque([start])
    while todo:
        for nxt in board.neighbours(todo.popleft(), *types):
            if nxt not in seen:
                seen.add(nxt)
                todo.append(nxt)
    return seen


# -- the supplement's facts ---------------------------------------------------------------
@pytest.mark.parametrize("minor", FLAGGED)
def test_every_flagged_minor_holds_an_area(board: AmericasMap, minor: str) -> None:
    held = board.held_by(minor)
    assert held and all(board.areas[a].flagged for a in held)


def test_only_the_sixteen_minors_are_flagged(board: AmericasMap) -> None:
    assert {a.owner for a in board.areas.values() if a.flagged} == set(FLAGGED)


def test_control_at_the_start(board: AmericasMap) -> None:
    """13: the Commonwealth controls Greenland (an unflagged minor, as in stage A's minors.toml);
    the Netherlands (no flag) has its home in Dutch Guiana; Canada is the Commonwealth's home
    country; France's is French Guiana."""
    assert board.held_by("greenland") == ["greenland"] and not board.areas["greenland"].flagged
    assert board.held_by("netherlands") == ["dutch-guiana"] and not board.areas["dutch-guiana"].flagged
    cw_home = {a for a in board.held_by("cw") if board.areas[a].home}
    assert cw_home == {"british-columbia", "prairies", "ontario", "quebec", "maritimes"}
    assert board.held_by("france") == ["french-guiana"] and board.areas["french-guiana"].home


def test_the_map_agrees_with_stage_as_tables(board: AmericasMap) -> None:
    """Each minor of minors.toml on the map holds exactly the areas it names there, and the
    research sites are powers.toml's."""
    from fortress.rulesets.aif import tables

    t = tables.load()
    for m in t.minors.values():
        assert sorted(board.areas[a].name for a in board.held_by(m.id)) == sorted(m.areas), m.id
    assert {a.research_site for a in board.areas.values() if a.research_site} == set(t.research["sites"])
    assert {o for a in board.areas.values() if a.kind == "box" for o in a.powers} | {"usa", "cw", "france"} == set(t.powers)


def test_split_countries(board: AmericasMap) -> None:
    """Canada (five home areas and Newfoundland), Brazil in three, Argentina and Mexico in two."""
    assert len(board.held_by("brazil")) == 3 and len(board.held_by("argentina")) == 2
    assert len(board.held_by("mexico")) == 2
    assert "newfoundland" in board.neighbours("quebec", "land")


def test_french_guiana_is_cut_out_of_france() -> None:
    """France's multipolygon gives only the mainland of French Guiana (no Europe, no Antilles)."""
    geoms = geometries(americas_check.load(AMERICAS_DIR)[0])
    west, south, east, north = geoms["french-guiana"].bounds
    assert -55 < west and east < -51 and 2 < south and north < 6.5


def test_five_research_sites_all_in_the_usa(board: AmericasMap) -> None:
    """5.3: "5 sites, all of them in the USA"; which five is our design (the Manhattan Project's)."""
    sites = {a.research_site: a.id for a in board.areas.values() if a.research_site}
    assert set(sites) == {"Hanford", "Berkeley", "Los Alamos", "Chicago", "Oak Ridge"}
    assert len(set(sites.values())) == 5 and all(board.areas[a].owner == "usa" for a in sites.values())


def test_the_texts_sea_areas_are_named_as_in_the_text() -> None:
    recipe = read_recipe()
    assert recipe_problems(recipe) == []
    named = {z.name for z in recipe.shapes.zones if recipe.zone_basis[z.id] == "text"}
    assert named == {"Caribbean", "Gulf of Panama", "North Atlantic", "Central Atlantic"}
    assert 16 <= len(recipe.shapes.zones) <= 20 and 40 <= len(recipe.shapes.regions) <= 50


def test_panama_canal_joins_the_caribbean_and_the_pacific_side(board: AmericasMap) -> None:
    """4.1: Colón is on the Caribbean, San José (Costa Rica) on the Gulf of Panama."""
    assert board.canal("panama") == ("caribbean", "gulf-of-panama")
    assert {"caribbean", "gulf-of-panama"} <= board.neighbours("panama", "coast")
    assert "gulf-of-panama" in board.neighbours("central-america", "coast")
    assert "caribbean" not in board.neighbours("gulf-of-panama", "sea")  # only the canal joins them there
    assert "gulf-of-panama" in board.neighbours("caribbean", "canal")


def test_boxes_reach_only_the_sea_areas_on_their_edge(board: AmericasMap) -> None:
    """4.2: Japan by the western edge, Germany and Italy by the eastern; a cost of 2, 3 or 4 for each
    sea area on the edge. The edge sea areas are taken from the shapes, not from the files' flags."""
    geoms = geometries(americas_check.load(AMERICAS_DIR)[0])
    edges = americas_check.map_edges(geoms, {i: a.kind for i, a in board.areas.items()})
    assert board.areas["japan"].edge == "west" and board.areas["germany-italy"].edge == "east"
    assert board.areas["japan"].powers == ("japan",) and board.areas["germany-italy"].powers == ("germany", "italy")
    for box in board.of_kind("box"):
        costs = board.entry_costs(box)
        assert set(costs) == edges[board.areas[box].edge] == board.neighbours(box)
        assert set(costs.values()) <= set(ENTRY_COSTS)
    assert not edges["west"] & edges["east"]


def test_the_graph_is_connected_with_and_without_the_boxes(board: AmericasMap) -> None:
    assert reachable(board, "northeast") == set(board.areas)
    on_map = set(board.areas) - set(board.of_kind("box"))
    assert reachable(board, "northeast", "land", "coast", "sea") == on_map
    assert reachable(board, "alaska", "land") >= {"northeast", "panama", "colombia", "pampas-patagonia"}


def test_no_sliver_areas() -> None:
    features, _ = americas_check.load(AMERICAS_DIR)
    geoms = geometries(features)
    assert americas_check.check_slivers(geoms, americas_check.kinds_of(features)) == []


@pytest.mark.slow
def test_the_committed_board_passes_its_check() -> None:
    problems, summary = americas_check.check_dir(AMERICAS_DIR)
    assert problems == []
    assert summary["zones"] == 18 and sum(summary["regions by continent"].values()) == 44
    done = CliRunner().invoke(geodata, ["check", "--board", "americas"])
    assert done.exit_code == 0 and "0 problem(s)" in done.output


# -- the check catches damage --------------------------------------------------------------
@pytest.fixture(scope="module")
def files() -> tuple[list[dict], list[dict[str, str]]]:
    return americas_check.load(AMERICAS_DIR)


def box_problems(files, extra: list[dict[str, str]], change=lambda r: r) -> list[str]:
    features, rows = files
    return americas_check.check_boxes(features, [change(r) for r in rows] + extra, geometries(features))


def test_a_box_reaching_an_inland_sea_area_is_caught(files) -> None:
    assert box_problems(files, []) == []
    extra = [{"a": "caribbean", "b": "japan", "type": "box", "via": "", "cost": "2", "note": ""}]
    assert any("box japan reaches" in p for p in box_problems(files, extra))


def test_a_bad_entry_cost_is_caught(files) -> None:
    found = box_problems(files, [], lambda r: {**r, "cost": "7"} if r["type"] == "box" else r)
    assert any("entry cost '7'" in p for p in found)


def test_a_minor_without_an_area_is_caught(files) -> None:
    owners = {o.id: o for o in read_recipe().owners}
    features = copy.deepcopy(files[0])
    assert americas_check.check_properties(features, owners) == []
    for f in features:
        if f["properties"].get("owner") == "haiti":
            f["properties"].update(owner="dominican_republic")
    assert "Haiti: a flagged minor with no area" in americas_check.check_properties(features, owners)


def test_a_canal_whose_region_misses_a_sea_is_caught(files) -> None:
    rows = files[1]
    assert americas_check.check_canals(rows) == []
    broken = [{**r, "via": "cuba"} if r["type"] == "canal" else r for r in rows]
    assert any("cuba does not border gulf-of-panama" in p for p in americas_check.check_canals(broken))


def test_a_sliver_is_caught() -> None:
    from shapely.geometry import box

    geoms = {"thin": box(0, 0, 10, 0.1), "fat": box(0, 1, 5, 6), "speck": box(20, 20, 20.1, 20.1).union(box(30, 30, 35, 35))}
    found = americas_check.check_slivers(geoms, {"thin": "region", "fat": "zone", "speck": "zone"})
    assert len(found) == 2 and found[0].startswith("speck: a part") and found[1].startswith("thin: a sliver")


# -- the build's own refusals (no npm) --------------------------------------------------------
def test_entry_costs_must_name_exactly_the_edge_sea_areas() -> None:
    recipe = read_recipe()
    edges = {e.zone: "west" for e in recipe.entries if e.box == "japan"}
    edges |= {e.zone: "east" for e in recipe.entries if e.box == "germany-italy"}
    assert edge_problems(recipe, edges) == []
    (found,) = edge_problems(recipe, {**edges, "eastern-pacific": "west"})
    assert found.startswith("box japan: the sea areas on the west edge are ['bering-sea', 'central-pacific', 'eastern-pacific'")


def test_a_broken_recipe_stops_the_build_in_plain_words(tmp_path: Path) -> None:
    """Checked before anything is fetched: no npm needed, no traceback."""
    pytest.importorskip("geopandas")
    pytest.importorskip("antimeridian")
    shutil.copytree(AMERICAS_DIR / "source", tmp_path / "source")
    entries = tmp_path / "source" / "entries.csv"
    entries.write_text(entries.read_text(encoding="utf-8") + "japan,caribbean,5,design,\n", encoding="utf-8")
    done = CliRunner().invoke(geodata, ["build", "--board", "americas", "--out", str(tmp_path)])
    assert done.exit_code == 1
    assert "entry japan - caribbean" in done.output and "Traceback" not in done.output


@pytest.mark.slow
@pytest.mark.skipif(not os.environ.get("FORTRESS_AMERICAS_BUILD"),
                    reason="needs npm (or FORTRESS_AMERICAS_BUILD=DIR, an npm cache from an earlier build); not in CI")
def test_the_build_reproduces_the_committed_files_byte_for_byte(tmp_path: Path) -> None:
    from fortress.geodata import americas_build as ab

    shutil.copytree(AMERICAS_DIR / "source", tmp_path / "source")
    ab.build(tmp_path, Path(os.environ["FORTRESS_AMERICAS_BUILD"]), verbose=False)
    for name in ("americas.geojson", "edges.csv", "backdrop.geojson"):
        assert (tmp_path / name).read_bytes() == (AMERICAS_DIR / name).read_bytes(), name
