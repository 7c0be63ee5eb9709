"""Build the board files in ``geodata/`` from U.S. Census county shapes.

Build-time only (needs geopandas, shapely >= 2.2, pyogrio and npm). The steps:

1. ``npm pack`` us-atlas and world-atlas into a cache and verify their sha512;
2. read the lower-48 counties and repair them with ``shapely.coverage_clean``;
3. give every county to a territory (nearest seed point, cities only within a
   radius, overrides last) and dissolve;
4. cut the invasion zones out of hand-drawn regions (Voronoi cells of the zone
   seeds minus U.S. land), so coastlines and the Mexican border are shared;
5. simplify the whole coverage at once, round to 4 decimals, compute adjacency,
   labels and coastal flags, and write deterministic GeoJSON and CSV.
"""
from __future__ import annotations

import base64
import csv
import hashlib
import json
import shutil
import subprocess
import tarfile
import tempfile
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import cast

import geopandas as gpd
import numpy as np
import shapely
from shapely.geometry import Point, Polygon, mapping
from shapely.ops import polylabel

from fortress.engine.board import GEODATA_DIR as GEODATA
from fortress.geodata import overlays
PACKAGES = {
    "us-atlas": ("3.0.1", "sha512-wEIZCq0ImPvGblTd8gZMqNNCPkQshugMUG/8nkSWXb02+XqNFREg9atHOKP9w6prLZTpqcLhSvdBW81MkV3/0Q=="),
    "world-atlas": ("2.0.2", "sha512-IXfV0qwlKXpckz1FhwXVwKRjiIhOnWttOskm5CtxMsjgE/MXAYRHWJqgXOpM8IkcPBoXnyTU5lFHcYa5ChG0LQ=="),
}
CREDIT = (
    "Source: U.S. Census Bureau, via us-atlas (ISC licence); "
    "territories are the fortress project's own design"
)
BACKDROP_CREDIT = "Made with Natural Earth, via world-atlas (ISC licence); U.S. Census Bureau, via us-atlas (ISC licence)"
DROPPED_STATES = {"02", "15"}  # Alaska, Hawaii; territories have state FIPS > 56
CITY_RADIUS_KM = 65.0
TOLERANCE = 0.03  # degrees, for simplify_coverage
ISLAND_MIN_AREA = 0.06  # square degrees: smaller islands are dropped
EXCLAVE_MAX_AREA = 0.5  # square degrees: larger stray parts are reported, not merged
ZONE_MIN_AREA = 0.01


@dataclass(frozen=True)
class Territory:
    id: str
    name: str
    kind: str
    region: str
    seeds: tuple[tuple[float, float], ...]  # (lon, lat)


# -- sources -------------------------------------------------------------------------
def fetch_package(name: str, cache: Path) -> Path:
    """Unpack npm package ``name`` (pinned in PACKAGES) into ``cache``; verify its sha512."""
    version, integrity = PACKAGES[name]
    target = cache / f"{name}-{version}"
    if (target / "package.json").exists():
        return target
    cache.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory(dir=cache) as tmp:
        subprocess.run(["npm", "pack", f"{name}@{version}", "--silent"], cwd=tmp, check=True, capture_output=True)
        tgz = Path(tmp) / f"{name}-{version}.tgz"
        digest = "sha512-" + base64.b64encode(hashlib.sha512(tgz.read_bytes()).digest()).decode()
        if digest != integrity:
            raise RuntimeError(f"{name}@{version}: sha512 mismatch ({digest})")
        with tarfile.open(tgz) as tar:
            tar.extractall(tmp, filter="data")
        shutil.move(str(Path(tmp) / "package"), target)
    return target


def read_csv(path: Path) -> list[dict[str, str]]:
    if not path.exists():
        return []
    with open(path, encoding="utf-8", newline="") as fh:
        return [{k: (v or "").strip() for k, v in row.items()} for row in csv.DictReader(fh)]


def parse_points(text: str) -> tuple[tuple[float, float], ...]:
    """'lon lat; lon lat' -> ((lon, lat), ...)."""
    pairs = (tuple(float(x) for x in part.split()) for part in text.split(";") if part.strip())
    return tuple(cast("tuple[float, float]", p) for p in pairs)


def read_territories(source: Path) -> list[Territory]:
    return [
        Territory(r["id"], r["name"], r["kind"], r["region"], parse_points(r["seeds"]))
        for r in read_csv(source / "territories.csv")
    ]


# -- counties and territories -------------------------------------------------------
def load_counties(us_atlas: Path) -> gpd.GeoDataFrame:
    """Lower-48 counties (fips, geometry) with a clean coverage."""
    gdf = gpd.read_file(us_atlas / "counties-10m.json", layer="counties").set_crs(4326)
    gdf = gdf.rename(columns={"id": "fips"})
    state = gdf["fips"].str[:2].astype(int)
    gdf = gdf[(state <= 56) & ~gdf["fips"].str[:2].isin(DROPPED_STATES)]
    gdf = gdf.sort_values("fips").reset_index(drop=True)
    gdf["geometry"] = shapely.coverage_clean(gdf.geometry.values)
    return gdf[~gdf.geometry.is_empty][["fips", "name", "geometry"]]


def km(lon1: np.ndarray, lat1: np.ndarray, lon2: float, lat2: float) -> np.ndarray:
    """Equirectangular distance in km."""
    x = (lon1 - lon2) * np.cos(np.radians((lat1 + lat2) / 2)) * 111.32
    y = (lat1 - lat2) * 110.57
    return np.hypot(x, y)


def assign_counties(counties: gpd.GeoDataFrame, territories: list[Territory], overrides: dict[str, str]) -> list[str]:
    """The territory id of each county: nearest seed; cities only near their point."""
    pts = shapely.point_on_surface(counties.geometry.values)
    lon, lat = shapely.get_x(pts), shapely.get_y(pts)
    best = np.full(len(counties), np.inf)
    owner = np.array([""] * len(counties), dtype=object)
    for t in territories:
        for s_lon, s_lat in t.seeds:
            d = km(lon, lat, s_lon, s_lat)
            if t.kind == "city":
                d = np.where(d <= CITY_RADIUS_KM, d, np.inf)
            better = d < best
            best[better], owner[better] = d[better], t.id
    for t in territories:
        if t.kind == "city":  # the county holding the city always joins it
            home = counties.geometry.contains(Point(t.seeds[0])).values
            owner[home] = t.id
    for i, fips in enumerate(counties["fips"]):
        owner[i] = overrides.get(fips, owner[i])
    return list(owner)


def tidy_parts(land: dict[str, shapely.Geometry], log: list[str], exclave_max: float = EXCLAVE_MAX_AREA,
               keep_island: Callable[[Polygon], bool] = lambda p: bool(p.area >= ISLAND_MIN_AREA)) -> dict[str, shapely.Geometry]:
    """Merge small stray parts into the neighbour sharing the longest border; drop the islands
    ``keep_island`` refuses (small ones)."""
    land = dict(land)
    for tid in sorted(land):
        parts = sorted(shapely.get_parts(land[tid]), key=lambda p: -p.area)
        if len(parts) < 2:
            continue
        keep = [parts[0]]
        for part in parts[1:]:
            shared = {o: part.boundary.intersection(g.boundary).length for o, g in land.items() if o != tid}
            other, length = max(shared.items(), key=lambda kv: (kv[1], kv[0]))
            if length > 0 and part.area <= exclave_max:
                land[other] = shapely.union(land[other], part)
                log.append(f"merged a {part.area:.3f} sq deg part of {tid} into {other}")
            elif length > 0 or keep_island(part):
                keep.append(part)
                if length > 0:
                    log.append(f"WARNING: {tid} has a large exclave ({part.area:.2f} sq deg)")
        land[tid] = shapely.union_all(keep)
    return land


# -- invasion zones ---------------------------------------------------------------------
def build_zones(source: Path, us_land: shapely.Geometry, world: gpd.GeoDataFrame) -> dict[str, shapely.Geometry]:
    """Invasion zones: region polygons split by Voronoi cells of the zone seeds, minus land."""
    canada = world.loc[world["name"] == "Canada"].geometry.iloc[0]
    mexico = world.loc[world["name"] == "Mexico"].geometry.iloc[0]
    taken = shapely.union(us_land, canada)
    zones: dict[str, shapely.Geometry] = {}
    specs = read_csv(source / "zones.csv")
    for region in read_csv(source / "zone_regions.csv"):
        area = shapely.difference(Polygon(parse_points(region["ring"])), taken)
        if region["sea"] == "yes":
            area = shapely.difference(area, mexico)
        else:  # land zones: Mexico itself, plus a thin band closing gaps at the border
            area = shapely.intersection(area, shapely.union(mexico, us_land.buffer(0.05)))
        mine = [z for z in specs if z["part"] == region["part"]]
        seeds = shapely.MultiPoint([(float(z["lon"]), float(z["lat"])) for z in mine])
        cells = shapely.get_parts(shapely.voronoi_polygons(seeds, extend_to=area.envelope.buffer(5)))
        for z in mine:
            seed = Point(float(z["lon"]), float(z["lat"]))
            cell = next(c for c in cells if c.contains(seed))
            parts = shapely.get_parts(shapely.intersection(cell, area))
            parts = [p for p in parts if isinstance(p, Polygon) and p.area > ZONE_MIN_AREA]
            zones[z["id"]] = max(parts, key=lambda p: p.area)
        taken = shapely.union(taken, area)
    return zones


# -- geometry finishing -----------------------------------------------------------------
def finish(geoms: dict[str, shapely.Geometry]) -> dict[str, shapely.Geometry]:
    """Simplify the whole coverage at once, round to 4 decimals, orient rings."""
    ids = list(geoms)
    clean = shapely.coverage_clean(np.array([geoms[i] for i in ids], dtype=object), snapping_distance=1e-6)
    series = gpd.GeoSeries(clean, crs=4326).simplify_coverage(TOLERANCE)
    out = shapely.set_precision(series.values, 1e-4)
    out = shapely.orient_polygons(out, exterior_cw=False)
    return {i: g for i, g in zip(ids, out)}


def adjacency(geoms: dict[str, shapely.Geometry]) -> list[tuple[str, str]]:
    """Pairs sharing a border of positive length (a < b)."""
    ids = sorted(geoms)
    arr = np.array([geoms[i] for i in ids], dtype=object)
    tree = shapely.STRtree(arr)
    left, right = tree.query(arr, predicate="intersects")
    pairs = set()
    for i, j in zip(left, right):
        if i < j and arr[i].relate_pattern(arr[j], "F***1****"):
            pairs.add((ids[i], ids[j]))
    return sorted(pairs)


def label_point(geom: shapely.Geometry) -> Point:
    largest = max(shapely.get_parts(geom), key=lambda p: p.area)
    return polylabel(largest, tolerance=0.01)


def coords(obj):
    if isinstance(obj, (list, tuple)):
        if obj and isinstance(obj[0], float):
            return [round(obj[0], 4), round(obj[1], 4)]
        return [coords(o) for o in obj]
    return obj


def geojson_geometry(geom: shapely.Geometry) -> dict:
    m = mapping(geom)
    return {"type": m["type"], "coordinates": coords(m["coordinates"])}


def dump(obj: dict, path: Path) -> None:
    text = json.dumps(obj, ensure_ascii=False, separators=(",", ":"))
    text = text.replace('{"type":"Feature"', '\n{"type":"Feature"')
    path.write_text(text + "\n", encoding="utf-8")


# -- the whole build ----------------------------------------------------------------------
def build(out: Path = GEODATA, source_cache: Path | None = None, verbose: bool = True) -> list[str]:
    """Rebuild board.geojson, adjacency.csv, backdrop.geojson and footholds.geojson in ``out``;
    return the log."""
    source = out / "source"
    log: list[str] = []
    cache = Path(source_cache) if source_cache else Path(tempfile.gettempdir()) / "fortress-geodata-cache"
    us_atlas, world_atlas = fetch_package("us-atlas", cache), fetch_package("world-atlas", cache)
    territories = read_territories(source)
    overrides = {r["fips"]: r["territory"] for r in read_csv(source / "county_overrides.csv")}
    counties = load_counties(us_atlas)
    counties["territory"] = assign_counties(counties, territories, overrides)
    dissolved = counties.dissolve(by="territory").geometry
    missing = [t.id for t in territories if t.id not in dissolved.index]
    if missing:
        raise RuntimeError(f"territories that received no county: {missing}")
    land = tidy_parts({t.id: dissolved[t.id] for t in territories}, log)
    world = gpd.read_file(world_atlas / "countries-50m.json", layer="countries").set_crs(4326)
    world["geometry"] = shapely.make_valid(world.geometry.values)
    zones = build_zones(source, shapely.union_all(list(land.values())), world)
    geoms = finish({**land, **zones})
    features = make_features(source, territories, geoms)
    edges = write_adjacency(out, source, geoms, features)
    mark_coastal(features, edges)
    board = {
        "type": "FeatureCollection",
        "metadata": metadata("Fortress America: the board", CREDIT),
        "features": [f for f in features.values()],
    }
    dump(board, out / "board.geojson")
    dump(backdrop(world, counties, geoms), out / "backdrop.geojson")
    overlays.write(out / "footholds.geojson")
    if verbose:
        for line in log:
            print(line)
    return log


def metadata(title: str, credit: str, generated_by: str = "fortress geodata build (fortress/geodata/build.py)") -> dict:
    return {
        "title": title,
        "credit": credit,
        "source": {name: version for name, (version, _) in PACKAGES.items()},
        "licence": "Census shapes are public domain; us-atlas and world-atlas are ISC; Natural Earth is public domain",
        "generated_by": generated_by,
    }


def make_features(source: Path, territories: list[Territory], geoms: dict) -> dict[str, dict]:
    features = {}
    for t in territories:
        geom = geoms[t.id]
        city_point = Point(t.seeds[0])
        where = city_point if t.kind == "city" and geom.contains(city_point) else label_point(geom)
        features[t.id] = feature(t.id, t.name, t.kind, None, t.name if t.kind == "city" else None, where, t.region, geom)
    for z in read_csv(source / "zones.csv"):
        features[z["id"]] = feature(z["id"], z["name"], "zone", z["side"], None, label_point(geoms[z["id"]]), "", geoms[z["id"]])
    return features


def feature(aid, name, kind, side, city, where: Point, region: str, geom) -> dict:
    props = {
        "id": aid,
        "name": name,
        "kind": kind,
        "side": side,
        "city": city,
        "label": [round(where.y, 4), round(where.x, 4)],
        "coastal": False,
        "region": region,
    }
    return {"type": "Feature", "id": aid, "properties": props, "geometry": geojson_geometry(geom)}


def write_adjacency(out: Path, source: Path, geoms: dict, features: dict) -> list[tuple[str, str, str]]:
    """Write adjacency.csv (shape pairs plus exceptions); return (a, b, basis) rows."""
    rows = [(a, b, "shape", "") for a, b in adjacency(geoms)]
    have = {(a, b) for a, b, _, _ in rows}
    for r in read_csv(source / "adjacency_exceptions.csv"):
        a, b = sorted((r["a"], r["b"]))
        if a not in features or b not in features:
            raise RuntimeError(f"adjacency exception names an unknown area: {a} - {b}")
        if (a, b) not in have:
            rows.append((a, b, "exception", r["reason"]))
    rows.sort()
    with open(out / "adjacency.csv", "w", encoding="utf-8", newline="") as fh:
        w = csv.writer(fh, lineterminator="\n")
        w.writerow(["a", "b", "basis", "note"])
        w.writerows(rows)
    return [(a, b, basis) for a, b, basis, _ in rows]


def mark_coastal(features: dict[str, dict], edges: list[tuple[str, str, str]]) -> None:
    """Land touching a sea zone, or linked by an exception across water, is coastal."""
    sea = {i for i, f in features.items() if f["properties"]["kind"] == "zone" and not i.startswith("mexico-")}
    for a, b, basis in edges:
        for x, y in ((a, b), (b, a)):
            if features[x]["properties"]["kind"] != "zone" and (y in sea or basis == "exception"):
                features[x]["properties"]["coastal"] = True


def backdrop(world: gpd.GeoDataFrame, counties: gpd.GeoDataFrame, geoms: dict) -> dict:
    """Canada, the rest of Mexico and the U.S. half of the Great Lakes, simplified."""
    zones = shapely.union_all([g for i, g in geoms.items() if "-" in i and i.split("-")[0] in ("pacific", "mexico", "gulf", "atlantic")])
    us_land = shapely.union_all(counties.geometry.values)
    box = shapely.box(-130.0, 23.0, -63.0, 52.0)
    usa = world.loc[world["name"] == "United States of America"].geometry.iloc[0]
    lakes_box = shapely.box(-92.5, 41.0, -75.5, 49.5)
    lakes = shapely.difference(shapely.intersection(usa, lakes_box), us_land.buffer(0.02))
    lakes = shapely.union_all([p for p in shapely.get_parts(lakes) if p.area > 0.3])
    shapes = {
        "canada": ("Canada", shapely.intersection(world.loc[world["name"] == "Canada"].geometry.iloc[0], box)),
        "mexico": ("Mexico", shapely.difference(shapely.intersection(world.loc[world["name"] == "Mexico"].geometry.iloc[0], box), zones)),
        "great-lakes": ("Great Lakes", lakes),
    }
    feats = []
    for fid, (name, geom) in shapes.items():
        geom = shapely.set_precision(shapely.simplify(geom, 0.05), 1e-3)
        geom = shapely.union_all([p for p in shapely.get_parts(geom) if p.area > 0.05])
        geom = shapely.orient_polygons(geom, exterior_cw=False)
        feats.append({"type": "Feature", "id": fid, "properties": {"id": fid, "name": name, "kind": "lake" if fid == "great-lakes" else "country"}, "geometry": geojson_geometry(geom)})
    return {"type": "FeatureCollection", "metadata": metadata("Fortress America: backdrop", BACKDROP_CREDIT), "features": feats}
