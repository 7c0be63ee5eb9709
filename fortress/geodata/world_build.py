"""Build ATTACK! Deluxe's world board (``fortress/geodata/world/``) from Natural Earth.

Build-time only (geopandas, shapely >= 2.2, antimeridian, npm). The steps:

1. ``npm pack`` world-atlas (50m countries) and us-atlas (states) and verify their sha512;
2. cut every ring crossing ±180° with ``antimeridian`` before any planar step;
3. make each region from its countries, its U.S. states (cut out of Natural Earth's U.S.A.)
   and its share of a split country (the Voronoi cell of its seeds, clipped to the country);
4. move the parts the recipe overrides, merge slivers, drop Arctic and small islands to backdrop;
5. sea zones: Voronoi cells of the zone seeds repeated at ±360° (so they wrap the date line),
   intersected with the world ocean inside the frame;
6. simplify the whole coverage at once, compute DE-9IM adjacency in two longitude frames,
   type the edges, and write deterministic GeoJSON and CSV.
"""
from __future__ import annotations

import csv
import tempfile
from pathlib import Path

import antimeridian
import geopandas as gpd
import numpy as np
import shapely
from shapely.geometry import Point, box, shape

from fortress.geodata.build import PACKAGES, dump, fetch_package, geojson_geometry, label_point, tidy_parts
from fortress.geodata.build import metadata as build_metadata
from fortress.geodata.world_recipe import THEATRES, WORLD_DIR, Recipe, Region, read_recipe, recipe_problems

CREDIT = ("Made with Natural Earth, via world-atlas (ISC licence); U.S. Census Bureau, via us-atlas "
          "(ISC licence); regions, sea zones and lanes are the fortress project's own design")
FRAME = box(-180.0, -62.0, 180.0, 85.0)  # no passage over the poles
WEST, EAST = box(-180.0, -90.0, 0.0, 90.0), box(0.0, -90.0, 180.0, 90.0)
TOLERANCE = 0.2  # degrees, for simplify_coverage
BACKDROP_MIN_AREA = 0.5  # square degrees: smaller islands in no region are left out (sea)
ISLAND_MIN_AREA = 0.1  # square degrees: smaller detached parts are backdrop
ARCTIC_ISLAND_LAT = 60.0  # detached parts north of this are backdrop (the Arctic islands)
SLIVER_MAX_AREA = 2.0  # square degrees: detached parts touching another region join it
#: square degrees: a zone's smaller detached parts (water a Voronoi edge cut off across an isthmus
#: or a bay: the Caribbean's cells reached the Gulf of Panama, the Red Sea's Egypt's Mediterranean coast)
#: join the zone they share the longest border with, so no passage crosses land
ZONE_PART_MAX = 6.0
SKIPPED = {"Antarctica"}  # outside the frame; its rings wrap the pole
USA = "United States of America"
EDGE_TYPES = ("land", "coast", "sea", "lane", "canal", "exception")


# -- sources --------------------------------------------------------------------------
def fix(geom: shapely.Geometry) -> shapely.Geometry:
    """Cut rings that cross ±180° (world-atlas is spherical), then make valid."""
    fixed = shape(antimeridian.fix_shape(geom, great_circle=False, fix_winding=True))
    return shapely.make_valid(fixed)


def load_countries(world_atlas: Path, frame: shapely.Geometry = FRAME) -> dict[str, shapely.Geometry]:
    """Natural Earth's countries by name, cut at the date line and clipped to ``frame``."""
    gdf = gpd.read_file(world_atlas / "countries-50m.json", layer="countries")
    out: dict[str, shapely.Geometry] = {}
    for name, geom in sorted(zip(gdf["name"], gdf.geometry), key=lambda t: t[0]):
        if name in SKIPPED or geom is None:
            continue
        g = shapely.intersection(fix(geom), frame)
        if g.is_empty:
            continue
        out[name] = shapely.union(out[name], g) if name in out else g
    return out


def without_arctic_islands(country: shapely.Geometry) -> shapely.Geometry:
    """The country less its detached parts north of 60°N (Baffin, Novaya Zemlya, Svalbard...),
    which stay backdrop whatever region the country goes to. Parts are judged in the Pacific
    frame when the country crosses the date line, so Chukotka is not taken for an island."""
    wraps = crosses_date_line(country)
    parts = polygons(to_pacific(country) if wraps else country)
    if not parts:
        return country
    main = max(parts, key=lambda p: p.area)
    kept = shapely.union_all([p for p in parts if p is main or p.representative_point().y < ARCTIC_ISLAND_LAT])
    return from_pacific(kept) if wraps else kept


def crosses_date_line(geom: shapely.Geometry) -> bool:
    return bool(geom.bounds[0] < -179 and geom.bounds[2] > 179)


def load_states(us_atlas: Path) -> dict[str, shapely.Geometry]:
    gdf = gpd.read_file(us_atlas / "states-10m.json", layer="states")
    return {name: fix(geom) for name, geom in sorted(zip(gdf["name"], gdf.geometry), key=lambda t: t[0])}


# -- regions ------------------------------------------------------------------------------
def polygons(geom: shapely.Geometry) -> list[shapely.Geometry]:
    return [p for p in shapely.get_parts(geom) if p.geom_type == "Polygon" and not p.is_empty]


def to_pacific(geom: shapely.Geometry) -> shapely.Geometry:
    """The Pacific frame: whatever lies west of 0° shifted by +360°."""
    return shapely.union(shapely.intersection(geom, EAST),
                         shapely.transform(shapely.intersection(geom, WEST), lambda c: c + [360.0, 0.0]))


def from_pacific(geom: shapely.Geometry) -> shapely.Geometry:
    east = box(180.0, -90.0, 360.0, 90.0)
    back = shapely.transform(shapely.intersection(geom, east), lambda c: c - [360.0, 0.0])
    return shapely.union(shapely.difference(geom, east), back)


def split_country(country: shapely.Geometry, owners: list[Region]) -> dict[str, shapely.Geometry]:
    """Each owner's share: the Voronoi cells of its seeds clipped to the country, in the Pacific
    frame when the country crosses the date line (Russia)."""
    wraps = crosses_date_line(country)
    frame_geom = to_pacific(country) if wraps else country
    seeds = [(r.id, (x + 360.0 if wraps and x < 0 else x, y)) for r in owners for x, y in r.seeds]
    cells = shapely.voronoi_polygons(shapely.MultiPoint([p for _, p in seeds]), extend_to=frame_geom.envelope.buffer(10),
                                     ordered=True)
    share: dict[str, list[shapely.Geometry]] = {r.id: [] for r in owners}
    for (rid, _), cell in zip(seeds, shapely.get_parts(cells)):
        share[rid].append(cell)
    out = {}
    for rid, parts in share.items():
        g = shapely.intersection(frame_geom, shapely.union_all(parts))
        out[rid] = from_pacific(g) if wraps else g
    return out


def us_states_split(usa: shapely.Geometry, states: dict[str, shapely.Geometry], regions: list[Region]) -> dict[str, shapely.Geometry]:
    """Natural Earth's U.S.A. cut by the Census states; what neither claims goes to the nearest region."""
    claims = {}
    for r in regions:
        missing = [s for s in r.states if s not in states]
        if missing:
            raise RuntimeError(f"region {r.id}: unknown U.S. states {missing}")
        claims[r.id] = shapely.intersection(usa, shapely.union_all([states[s] for s in r.states]))
    claims = {rid: shapely.union_all(polygons(g)) for rid, g in claims.items()}
    rest = shapely.difference(usa, shapely.union_all(list(claims.values())))
    ids = sorted(claims)
    for piece in polygons(rest):
        nearest = min(ids, key=lambda rid: (claims[rid].distance(piece), rid))
        claims[nearest] = shapely.union(claims[nearest], piece)
    return claims


def assemble(recipe: Recipe, countries: dict[str, shapely.Geometry], states: dict[str, shapely.Geometry]) -> dict[str, list[shapely.Geometry]]:
    """Each region's polygons before tidying."""
    parts: dict[str, list[shapely.Geometry]] = {r.id: [] for r in recipe.regions}
    for r in recipe.regions:
        missing = [c for c in r.countries if c not in countries]
        if missing:
            raise RuntimeError(f"region {r.id}: unknown Natural Earth countries {missing}")
        for c in r.countries:
            parts[r.id] += polygons(without_arctic_islands(countries[c]))
    us_regions = [r for r in recipe.regions if r.states]
    for rid, g in us_states_split(countries[USA], states, us_regions).items():  # Alaska lies north of 60°N
        parts[rid] += polygons(g)
    for name in sorted({r.split for r in recipe.regions if r.split}):
        if name not in countries:
            raise RuntimeError(f"split of unknown country {name!r}")
        owners = [r for r in recipe.regions if r.split == name]
        for rid, g in split_country(without_arctic_islands(countries[name]), owners).items():
            parts[rid] += polygons(g)
    for o in recipe.overrides:
        move_part(parts, Point(o.point), o.region)
    return parts


def move_part(parts: dict[str, list[shapely.Geometry]], where: Point, target: str) -> None:
    """Give the polygon containing ``where`` to ``target`` ('' = backdrop)."""
    for rid, polys in parts.items():
        hit = [p for p in polys if p.contains(where)]
        if hit:
            parts[rid] = [p for p in polys if not p.contains(where)]
            if target:
                parts[target] += hit
            return
    raise RuntimeError(f"part override: no region has land at {where.x}, {where.y}")


def tidy(parts: dict[str, list[shapely.Geometry]], log: list[str]) -> dict[str, shapely.Geometry]:
    """The U.S. board's tidying: detached slivers join the region they touch most; detached Arctic
    or small islands become backdrop."""
    land = {rid: shapely.union_all(ps) for rid, ps in parts.items()}
    empty = sorted(rid for rid, g in land.items() if g.is_empty)
    if empty:
        raise RuntimeError(f"regions that received no land: {empty}")
    return tidy_parts(land, log, SLIVER_MAX_AREA, keep_island)


def keep_island(part: shapely.Geometry) -> bool:
    """Keep a detached part that is large enough and south of the Arctic islands, or that is only
    detached because the date line cuts it (Chukotka east of 180°)."""
    on_date_line = part.bounds[0] <= -180.0 or part.bounds[2] >= 180.0
    return bool(on_date_line or (part.area >= ISLAND_MIN_AREA and part.representative_point().y < ARCTIC_ISLAND_LAT))


# -- sea zones --------------------------------------------------------------------------------
def build_zones(recipe: Recipe, land: shapely.Geometry, frame: shapely.Geometry = FRAME) -> dict[str, shapely.Geometry]:
    """Voronoi cells of every zone seed and its copies at ±360°, unioned per zone, within the
    ocean (the frame minus land, only the water bodies holding a seed: no Caspian)."""
    seeds = [(z.id, Point(x + shift, y)) for z in recipe.zones for x, y in z.seeds for shift in (-360.0, 0.0, 360.0)]
    water = [p for p in polygons(shapely.difference(frame, land))]
    ocean = shapely.union_all([w for w in water if any(w.contains(p) for _, p in seeds)])
    cells = shapely.get_parts(shapely.voronoi_polygons(shapely.MultiPoint([p for _, p in seeds]),
                                                       extend_to=box(-720.0, -120.0, 720.0, 120.0), ordered=True))
    out = {}
    for z in recipe.zones:
        mine = shapely.union_all([c for (zid, _), c in zip(seeds, cells) if zid == z.id])
        out[z.id] = shapely.union_all(polygons(shapely.intersection(mine, ocean)))
        if out[z.id].is_empty:
            raise RuntimeError(f"sea zone {z.id} has no water: move its seeds")
    return out


# -- finishing and adjacency ------------------------------------------------------------
def finish(geoms: dict[str, shapely.Geometry], tolerance: float = TOLERANCE) -> dict[str, shapely.Geometry]:
    """Clean and simplify the whole coverage at once, round to 4 decimals, orient rings."""
    ids = list(geoms)
    clean = shapely.coverage_clean(np.array([geoms[i] for i in ids], dtype=object), snapping_distance=1e-6)
    simple = shapely.coverage_simplify(clean, tolerance)
    out = shapely.orient_polygons(shapely.make_valid(shapely.set_precision(simple, 1e-3)), exterior_cw=False)
    return {i: shapely.union_all(polygons(g)) for i, g in zip(ids, out)}


def shape_pairs(geoms: dict[str, shapely.Geometry]) -> set[tuple[str, str]]:
    """Pairs sharing a border of positive length in the native frame or the Pacific frame."""
    ids = sorted(geoms)
    pairs: set[tuple[str, str]] = set()
    for frame in (lambda g: g, to_pacific):
        arr = [frame(geoms[i]) for i in ids]
        left, right = shapely.STRtree(arr).query(arr, predicate="intersects")
        pairs |= {(ids[i], ids[j]) for i, j in zip(left, right) if i < j and arr[i].relate_pattern(arr[j], "F***1****")}
    return pairs


def edges(recipe: Recipe, pairs: set[tuple[str, str]]) -> list[tuple[str, str, str, str, str]]:
    """Typed edges (a, b, type, via, note) with a < b; lanes and canals checked against the shapes."""
    zones = {z.id for z in recipe.zones}
    touch = {frozenset(p) for p in pairs}
    apart = separated(recipe, touch)
    rows = [(a, b, ("sea" if b in zones else "coast") if a in zones else ("coast" if b in zones else "land"), "", "")
            for a, b in sorted(pairs) if frozenset((a, b)) not in apart]
    for lane in recipe.lanes:
        hops = [lane.a, *lane.zones, lane.b]
        gaps = [f"{x}-{y}" for x, y in zip(hops, hops[1:]) if frozenset((x, y)) not in touch]
        if gaps:
            raise RuntimeError(f"lane {lane.id}: these steps do not touch: {', '.join(gaps)}")
        rows.append((*sorted((lane.a, lane.b)), "lane", " ".join(lane.zones), lane.note))  # type: ignore[arg-type]
    for c in recipe.canals:
        if frozenset((c.region, c.zone_a)) not in touch:
            raise RuntimeError(f"canal {c.id}: {c.region} does not touch {c.zone_a}")
        rows.append((*sorted((c.zone_a, c.zone_b)), "canal", c.region, c.note))  # type: ignore[arg-type]
    for a, b, reason in recipe.exceptions:
        if frozenset((a, b)) in touch:
            raise RuntimeError(f"adjacency exception {a}-{b} already shares a border")
        rows.append((*sorted((a, b)), "exception", "", reason))  # type: ignore[arg-type]
    return sorted(rows)


def separated(recipe: Recipe, touch: set[frozenset[str]]) -> set[frozenset[str]]:
    """The touching pairs ``separations.csv`` keeps apart. Two zones joined by a canal must be
    listed there if their shapes touch, or holding the canal's region would close nothing
    ([Explanations] Panama Canal, Suez Canal)."""
    apart = {frozenset((a, b)) for a, b, _ in recipe.separations}
    stale = sorted("-".join(sorted(p)) for p in apart - touch)
    if stale:
        raise RuntimeError(f"separations of zones that do not touch: {', '.join(stale)}")
    for c in recipe.canals:
        pair = frozenset((c.zone_a, c.zone_b))
        if pair in touch and pair not in apart:
            raise RuntimeError(f"canal {c.id}: {c.zone_a} and {c.zone_b} also touch; list them in separations.csv")
    return apart


# -- the whole build ------------------------------------------------------------------------
def build(out: Path = WORLD_DIR, source_cache: Path | None = None, verbose: bool = True, pictures: Path | None = None) -> list[str]:
    """Rebuild world.geojson, edges.csv and backdrop.geojson in ``out`` from ``out/source``;
    draw the three views into ``pictures`` if given. Returns the log."""
    recipe = read_recipe(out / "source")
    problems = recipe_problems(recipe)
    if problems:
        raise RuntimeError("the recipe has problems:\n" + "\n".join(problems))
    cache = Path(source_cache) if source_cache else Path(tempfile.gettempdir()) / "fortress-geodata-cache"
    countries = load_countries(fetch_package("world-atlas", cache))
    states = load_states(fetch_package("us-atlas", cache))
    log: list[str] = []
    geoms, backdrop = board_shapes(recipe, countries, states, log, zone_part_max=ZONE_PART_MAX)
    rows = edges(recipe, shape_pairs(geoms))
    write(out, recipe, geoms, backdrop, rows)
    if pictures is not None:
        from fortress.geodata import world_render

        world_render.render_all(out, pictures)
    if verbose:
        print("\n".join(log))
    return log


def board_shapes(recipe: Recipe, countries: dict[str, shapely.Geometry], states: dict[str, shapely.Geometry],
                 log: list[str], frame: shapely.Geometry = FRAME, tolerance: float = TOLERANCE,
                 zone_part_max: float = 0.0) -> tuple[dict[str, shapely.Geometry], shapely.Geometry]:
    """(every region's and zone's finished shape, the backdrop): steps 3-6 above, within ``frame``.
    With ``zone_part_max``, a zone's detached parts up to that area (cut off by a Voronoi edge
    across a bay) join the zone they share the longest border with, or are left out if they
    touch none."""
    land = tidy(assemble(recipe, countries, states), log)
    regions_land = shapely.union_all(list(land.values()))
    rest = shapely.difference(shapely.union_all(list(countries.values())), regions_land)
    backdrop = shapely.union_all([p for p in polygons(rest) if p.area >= BACKDROP_MIN_AREA])
    zones = build_zones(recipe, shapely.union(regions_land, backdrop), frame)
    if zone_part_max:
        zones = tidy_parts(zones, log, zone_part_max, lambda p: bool(p.area > zone_part_max))
    geoms = finish({**land, **zones, "backdrop": backdrop}, tolerance)
    return geoms, geoms.pop("backdrop")


def write(out: Path, recipe: Recipe, geoms: dict, backdrop: shapely.Geometry, rows: list) -> None:
    zone_ids = {z.id for z in recipe.zones}
    arctic = {z.id for z in recipe.zones if z.arctic}
    coasts: dict[str, set[str]] = {}
    for a, b, kind, _, _ in rows:
        if kind == "coast":
            land, zone = (b, a) if a in zone_ids else (a, b)
            coasts.setdefault(land, set()).add(zone)
    features = []
    for r in recipe.regions:
        props = {"id": r.id, "name": r.name, "kind": "region", "continent": r.continent,
                 "theatres": list(THEATRES[r.theatre]), "coastal": bool(coasts.get(r.id)),
                 "capital_ok": bool(coasts.get(r.id, set()) - arctic)}
        features.append(feature(r.id, props, geoms[r.id]))
    for z in recipe.zones:
        props = {"id": z.id, "name": z.name, "kind": "zone", "theatres": list(THEATRES[z.theatre]),
                 "arctic": z.arctic, "anchored": z.anchored}
        features.append(feature(z.id, props, geoms[z.id]))
    dump({"type": "FeatureCollection", "metadata": metadata("ATTACK! Deluxe: the world board"), "features": features},
         out / "world.geojson")
    write_backdrop(out / "backdrop.geojson", metadata("ATTACK! Deluxe: backdrop (land in no region)"), backdrop)
    write_edges(out / "edges.csv", ["a", "b", "type", "via", "note"], rows)


def write_backdrop(path: Path, meta: dict, backdrop: shapely.Geometry) -> None:
    back = {"type": "FeatureCollection", "metadata": meta,
            "features": [{"type": "Feature", "id": "backdrop", "properties": {"id": "backdrop", "kind": "backdrop"},
                          "geometry": geojson_geometry(backdrop)}]}
    dump(back, path)


def write_edges(path: Path, header: list[str], rows: list) -> None:
    with open(path, "w", encoding="utf-8", newline="") as fh:
        w = csv.writer(fh, lineterminator="\n")
        w.writerow(header)
        w.writerows(rows)


def feature(aid: str, props: dict, geom: shapely.Geometry) -> dict:
    where = label_point(geom)
    props["label"] = [round(where.y, 4), round(where.x, 4)]
    return {"type": "Feature", "id": aid, "properties": props, "geometry": geojson_geometry(geom)}


def metadata(title: str) -> dict:
    return build_metadata(title, CREDIT, "fortress geodata build --board world (fortress/geodata/world_build.py)")
