"""Build America in Flames' board (``fortress/geodata/americas/``) with the world board's pipeline.

Build-time only (geopandas, shapely >= 2.2, antimeridian, npm). The same steps as
:mod:`world_build` within a frame from 180°W to 10°W, 60°S to 86°N (so Greenland is whole);
then the off-map boxes (4.2) are added as areas of kind ``box``, drawn beyond the map edge and
joined to every sea area on their edge with the recipe's entry cost.
"""
from __future__ import annotations

import tempfile
from pathlib import Path

import shapely
from shapely.geometry import LineString, box

from fortress.geodata import world_build as wb
from fortress.geodata.americas_recipe import AMERICAS_DIR, AmericasRecipe, edge_problems, read_recipe, recipe_problems
from fortress.geodata.build import dump, fetch_package
from fortress.geodata.build import metadata as build_metadata

CREDIT = ("Made with Natural Earth, via world-atlas (ISC licence); U.S. Census Bureau, via us-atlas "
          "(ISC licence); areas, sea areas and off-map boxes are the fortress project's own design")
WEST, EAST, SOUTH, NORTH = -180.0, -10.0, -60.0, 86.0
FRAME = box(WEST, SOUTH, EAST, NORTH)
EDGE_LINES = {"west": LineString([(WEST, SOUTH), (WEST, NORTH)]), "east": LineString([(EAST, SOUTH), (EAST, NORTH)])}
TOLERANCE = 0.1  # degrees, for simplify_coverage (the world board uses 0.2 at twice the scale)
ZONE_PART_MAX = 1.0  # square degrees: smaller detached parts of a sea area join their neighbour
EDGE_MIN_LENGTH = 0.5  # degrees of map edge a sea area must hold to be an edge sea area
Row = tuple[str, str, str, str, str, str]  # a, b, type, via, cost, note


def build(out: Path = AMERICAS_DIR, source_cache: Path | None = None, verbose: bool = True,
          pictures: Path | None = None) -> list[str]:
    """Rebuild americas.geojson, edges.csv and backdrop.geojson in ``out`` from ``out/source``;
    draw the board into ``pictures`` if given. Returns the log."""
    recipe = read_recipe(out / "source")
    problems = recipe_problems(recipe)
    if problems:
        raise RuntimeError("the recipe has problems:\n" + "\n".join(problems))
    cache = Path(source_cache) if source_cache else Path(tempfile.gettempdir()) / "fortress-geodata-cache"
    countries = wb.load_countries(fetch_package("world-atlas", cache), FRAME)
    states = wb.load_states(fetch_package("us-atlas", cache))
    log: list[str] = []
    geoms, backdrop = wb.board_shapes(recipe.shapes, countries, states, log, FRAME, TOLERANCE, ZONE_PART_MAX)
    edges = {z: edge for z in geoms for edge, line in EDGE_LINES.items() if on_edge(geoms[z], line)}
    rows = [(a, b, kind, via, "", note) for a, b, kind, via, note in wb.edges(recipe.shapes, wb.shape_pairs(geoms))]
    rows = sorted(rows + box_rows(recipe, edges) + canal_problems(recipe, rows))
    write(out, recipe, geoms, backdrop, rows, edges)
    if pictures is not None:
        from fortress.geodata import americas_render

        americas_render.render(out, pictures / "board-americas.png")
    if verbose:
        print("\n".join(log))
    return log


def on_edge(geom: shapely.Geometry, line: LineString) -> bool:
    return bool(shapely.intersection(geom.boundary, line).length >= EDGE_MIN_LENGTH)


def box_rows(recipe: AmericasRecipe, edges: dict[str, str]) -> list[Row]:
    """A ``box`` edge per entry, once :func:`edge_problems` finds none."""
    problems = edge_problems(recipe, edges)
    if problems:
        raise RuntimeError("\n".join(problems))
    return [(*sorted((e.box, e.zone)), "box", "", str(e.cost), f"{e.basis}: {e.note}")  # type: ignore[misc]
            for e in recipe.entries]


def canal_problems(recipe: AmericasRecipe, rows: list[Row]) -> list[Row]:
    """No rows: refuses a canal whose region does not touch both its sea areas."""
    coast = {(a, b) for a, b, kind, *_ in rows if kind == "coast"}
    for c in recipe.shapes.canals:
        missing = [z for z in (c.zone_a, c.zone_b) if tuple(sorted((c.region, z))) not in coast]
        if missing:
            raise RuntimeError(f"canal {c.id}: {c.region} does not touch {', '.join(missing)}")
    return []


def write(out: Path, recipe: AmericasRecipe, geoms: dict, backdrop: shapely.Geometry, rows: list[Row],
          edges: dict[str, str]) -> None:
    zone_ids = {z.id for z in recipe.shapes.zones}
    coastal = {x for a, b, kind, *_ in rows if kind == "coast" for x in (a, b) if x not in zone_ids}
    flagged = {o.id for o in recipe.owners if o.flagged}
    features = []
    for r in recipe.shapes.regions:
        h = recipe.holdings[r.id]
        props = {"id": r.id, "name": r.name, "kind": "region", "continent": r.continent, "owner": h.owner,
                 "flagged": h.owner in flagged, "home": h.home, "research_site": h.research_site,
                 "coastal": r.id in coastal}
        features.append(wb.feature(r.id, props, geoms[r.id]))
    for z in recipe.shapes.zones:
        props = {"id": z.id, "name": z.name, "kind": "zone", "basis": recipe.zone_basis[z.id], "edge": edges.get(z.id, "")}
        features.append(wb.feature(z.id, props, geoms[z.id]))
    for b in recipe.boxes:
        (x0, y0), (x1, y1) = b.drawn_at
        props = {"id": b.id, "name": b.name, "kind": "box", "powers": list(b.powers), "edge": b.edge}
        features.append(wb.feature(b.id, props, box(x0, y0, x1, y1)))
    title = "America in Flames: the board for the Americas"
    dump({"type": "FeatureCollection", "metadata": metadata(title), "features": features}, out / "americas.geojson")
    wb.write_backdrop(out / "backdrop.geojson", metadata("America in Flames: backdrop (land in no area)"), backdrop)
    wb.write_edges(out / "edges.csv", ["a", "b", "type", "via", "cost", "note"], rows)


def metadata(title: str) -> dict:
    return build_metadata(title, CREDIT, "fortress geodata build --board americas (fortress/geodata/americas_build.py)")
