"""Validate the committed board files (shapely only, no geopandas).

Every ``check_*`` function returns a list of problems (strings); an empty list
means the check passed. :func:`run_checks` runs them all on a directory, each by its
name in :data:`CHECKS`; :func:`check_dir` gives their problems as one list.
"""
from __future__ import annotations

import csv
import json
from collections import Counter, deque
from collections.abc import Callable
from pathlib import Path

import shapely
from shapely.geometry import Point, shape

from fortress.engine.board import GEODATA_DIR, INVADERS, KINDS

CITY_COUNT = 30
ZONES_PER_SIDE = 6
OVERLAP_TOLERANCE = 1e-9  # square degrees
Pair = tuple[str, str]


def load(directory: Path, shapes: str = "board.geojson", table: str = "adjacency.csv") -> tuple[list[dict], list[dict[str, str]]]:
    """The features of board.geojson and the rows of adjacency.csv (or the files named)."""
    with open(directory / shapes, encoding="utf-8") as fh:
        features = json.load(fh)["features"]
    with open(directory / table, encoding="utf-8", newline="") as fh:
        rows = list(csv.DictReader(fh))
    return features, rows


def geometries(features: list[dict]) -> dict[str, shapely.Geometry]:
    return {f["properties"].get("id"): shape(f["geometry"]) for f in features if f["properties"].get("id")}


def check_ids(features: list[dict]) -> list[str]:
    problems = []
    ids: Counter[str] = Counter()
    for n, f in enumerate(features):
        pid = f.get("properties", {}).get("id")
        if not pid:
            problems.append(f"feature #{n} has no id")
            continue
        ids[pid] += 1
        if f.get("id") != pid:
            problems.append(f"feature {pid}: top-level id {f.get('id')!r} differs from properties.id")
    problems += [f"duplicate id {i!r} ({n} features)" for i, n in sorted(ids.items()) if n > 1]
    return problems


def check_kinds(features: list[dict]) -> list[str]:
    problems = []
    for f in features:
        p = f["properties"]
        kind, side = p.get("kind"), p.get("side")
        if kind not in KINDS:
            problems.append(f"{p.get('id')}: kind {kind!r} not allowed")
        elif kind == "zone" and side not in INVADERS:
            problems.append(f"{p.get('id')}: zone side {side!r} not allowed")
        elif kind != "zone" and side is not None:
            problems.append(f"{p.get('id')}: land territory with side {side!r}")
        if kind == "city" and not p.get("city"):
            problems.append(f"{p.get('id')}: city territory without a city name")
        if kind in ("mountain", "plain", "city") and not p.get("region"):
            problems.append(f"{p.get('id')}: land territory without a region")
    return problems


def check_counts(features: list[dict]) -> list[str]:
    kinds = Counter(f["properties"].get("kind") for f in features)
    sides = Counter(f["properties"].get("side") for f in features if f["properties"].get("kind") == "zone")
    problems = []
    if kinds["city"] != CITY_COUNT:
        problems.append(f"{kinds['city']} cities, expected {CITY_COUNT}")
    for side in INVADERS:
        if sides[side] != ZONES_PER_SIDE:
            problems.append(f"{sides[side]} invasion zones for {side}, expected {ZONES_PER_SIDE}")
    return problems


def check_geometry(geoms: dict[str, shapely.Geometry]) -> list[str]:
    """Valid polygons that do not overlap each other."""
    problems = []
    for aid, g in geoms.items():
        if g.geom_type not in ("Polygon", "MultiPolygon") or g.is_empty:
            problems.append(f"{aid}: geometry is {g.geom_type}, not a polygon")
        elif not g.is_valid:
            problems.append(f"{aid}: invalid polygon ({shapely.is_valid_reason(g)})")
    ids = list(geoms)
    arr = [geoms[i] for i in ids]
    left, right = shapely.STRtree(arr).query(arr, predicate="intersects")
    for i, j in zip(left, right):
        if i < j and arr[i].is_valid and arr[j].is_valid:
            area = arr[i].intersection(arr[j]).area
            if area > OVERLAP_TOLERANCE:
                problems.append(f"{ids[i]} and {ids[j]} overlap ({area:.6f} sq deg)")
    return problems


def check_labels(features: list[dict], geoms: dict[str, shapely.Geometry]) -> list[str]:
    problems = []
    for f in features:
        p = f["properties"]
        lat, lon = p.get("label") or (None, None)
        g = geoms.get(p.get("id"))
        if lat is None or g is None or not g.covers(Point(lon, lat)):
            problems.append(f"{p.get('id')}: label point {p.get('label')} is outside the area")
    return problems


def shape_pairs(geoms: dict[str, shapely.Geometry]) -> tuple[set[Pair], set[Pair]]:
    """(pairs sharing a border of positive length, pairs meeting only at points)."""
    ids = sorted(geoms)
    arr = [geoms[i] for i in ids]
    left, right = shapely.STRtree(arr).query(arr, predicate="intersects")
    line: set[tuple[str, str]] = set()
    point: set[tuple[str, str]] = set()
    for i, j in zip(left, right):
        if i < j:
            (line if arr[i].relate_pattern(arr[j], "F***1****") else point).add((ids[i], ids[j]))
    return line, point


def check_table(rows: list[dict[str, str]], ids: set[str]) -> list[str]:
    """Well-formed rows: known ids, a < b, no duplicates, known basis."""
    problems, seen = [], set()
    for r in rows:
        a, b, basis = r.get("a", ""), r.get("b", ""), r.get("basis", "")
        if a not in ids or b not in ids:
            problems.append(f"adjacency {a} - {b} names an unknown area")
        if a >= b:
            problems.append(f"adjacency {a} - {b} is not in order a < b (asymmetric or self pair)")
        key = tuple(sorted((a, b)))
        if key in seen:
            problems.append(f"adjacency {a} - {b} listed twice")
        seen.add(key)
        if basis not in ("shape", "exception"):
            problems.append(f"adjacency {a} - {b} has basis {basis!r}")
    return problems


def check_symmetric(neighbours: dict[str, set[str]]) -> list[str]:
    return [f"adjacency {a} -> {b} is not symmetric" for a, ns in sorted(neighbours.items()) for b in sorted(ns) if a not in neighbours.get(b, ())]


def check_against_shapes(rows: list[dict[str, str]], geoms: dict[str, shapely.Geometry]) -> list[str]:
    """The table agrees with the shapes; exceptions are exempt but must not duplicate a shape pair."""
    line, point = shape_pairs(geoms)
    table = {tuple(sorted((r["a"], r["b"]))): r.get("basis") for r in rows}
    problems = []
    for pair, basis in sorted(table.items()):
        if basis == "exception":
            if pair in line:
                problems.append(f"exception {pair[0]} - {pair[1]} already shares a border")
        elif pair in point:
            problems.append(f"adjacency {pair[0]} - {pair[1]} meets only at a point")
        elif pair not in line:
            problems.append(f"adjacency {pair[0]} - {pair[1]} is not a shared border of the shapes")
    problems += [f"{a} and {b} share a border missing from adjacency.csv" for a, b in sorted(line - set(table))]
    return problems


def neighbours_of(rows: list[dict[str, str]], ids) -> dict[str, set[str]]:
    out: dict[str, set[str]] = {i: set() for i in ids}
    for r in rows:
        if r["a"] in out and r["b"] in out:
            out[r["a"]].add(r["b"])
            out[r["b"]].add(r["a"])
    return out


def check_connected(neighbours: dict[str, set[str]]) -> list[str]:
    if not neighbours:
        return ["the board has no areas"]
    start = sorted(neighbours)[0]
    seen, todo = {start}, deque([start])
    while todo:
        for nxt in neighbours[todo.popleft()]:
            if nxt not in seen:
                seen.add(nxt)
                todo.append(nxt)
    return [f"{a}: no path reaches it from {start} (island)" for a in sorted(set(neighbours) - seen)]


def check_zones(features: list[dict], neighbours: dict[str, set[str]]) -> list[str]:
    kind = {f["properties"]["id"]: f["properties"].get("kind") for f in features}
    problems = []
    for aid, k in sorted(kind.items()):
        if k == "zone" and not any(kind.get(n) != "zone" for n in neighbours.get(aid, ())):
            problems.append(f"invasion zone {aid} touches no land territory")
        if k == "city" and len(neighbours.get(aid, ())) < 2:
            problems.append(f"city {aid} has fewer than 2 neighbours")
    return problems


#: Every check :func:`run_checks` makes, in order: its name and what it checks.
CHECKS: dict[str, str] = {
    "read": "board.geojson and adjacency.csv exist and parse",
    "ids": "every feature has an id, the same at top level and in properties, used once",
    "kinds": "each kind is allowed; zones belong to an Invader and land to no side; "
             "a city has a city name; land has a region",
    "counts": f"{CITY_COUNT} cities and {ZONES_PER_SIDE} invasion zones for each Invader",
    "geometry": "valid polygons that do not overlap each other",
    "labels": "each area's label point lies inside the area",
    "table": "adjacency rows name known areas, in order a < b, once each, with basis shape or exception",
    "symmetric": "adjacency is symmetric",
    "shapes": "the adjacency table agrees with the shapes (a shared border of positive length; "
              "an exception is not already one)",
    "connected": "every area can be reached from every other",
    "zones": "each invasion zone touches land; each city has at least 2 neighbours",
}


def run_checks(directory: Path = GEODATA_DIR) -> tuple[dict[str, list[str]], dict]:
    """Run every check on ``directory``: (each check's problems by name, in :data:`CHECKS`
    order, the board's summary). A board that cannot be read has only ``read`` run."""
    try:
        features, rows = load(Path(directory))
    except (OSError, ValueError, KeyError) as exc:
        return {"read": [f"cannot read the board: {exc}"]}, {}
    geoms = geometries(features)
    neighbours = neighbours_of(rows, geoms)
    found = {
        "read": [], "ids": check_ids(features), "kinds": check_kinds(features),
        "counts": check_counts(features), "geometry": check_geometry(geoms),
        "labels": check_labels(features, geoms), "table": check_table(rows, set(geoms)),
        "symmetric": check_symmetric(neighbours), "shapes": check_against_shapes(rows, geoms),
        "connected": check_connected(neighbours), "zones": check_zones(features, neighbours),
    }
    return found, summary(features, rows)


def check_dir(directory: Path = GEODATA_DIR, run: Callable[[Path], tuple[dict[str, list[str]], dict]] | None = None) -> tuple[list[str], dict]:
    """Run every check on ``directory`` (those of ``run``, by default this board's); return
    (problems, summary)."""
    found, about = (run or run_checks)(directory)
    return [p for problems in found.values() for p in problems], about


def report(directory: Path = GEODATA_DIR, run: Callable[[Path], tuple[dict[str, list[str]], dict]] | None = None,
           checks: dict[str, str] | None = None) -> dict:
    """The check as plain data (``fortress geodata check --json``): the directory, ``ok``,
    the number of problems, each check (name, what it checks, ``passed``/``failed``/
    ``not run``, its problems) and the board's summary; ``run`` and ``checks`` give another
    board's checks (the world board's)."""
    found, about = (run or run_checks)(directory)
    rows = [{"name": name, "checks": what,
             "status": "not run" if name not in found else "failed" if found[name] else "passed",
             "problems": found.get(name, [])} for name, what in (checks or CHECKS).items()]
    count = sum(len(c["problems"]) for c in rows)
    return {"directory": str(directory), "ok": count == 0, "problems": count, "checks": rows,
            "summary": about}


def summary(features: list[dict], rows: list[dict[str, str]]) -> dict:
    props = [f["properties"] for f in features]
    return {
        "areas": len(props),
        "by kind": dict(sorted(Counter(p.get("kind") for p in props).items())),
        "zones by side": dict(sorted(Counter(p.get("side") for p in props if p.get("kind") == "zone").items())),
        "regions": dict(sorted(Counter(p.get("region") for p in props if p.get("kind") != "zone").items())),
        "adjacency pairs": len(rows),
        "exceptions": sum(r.get("basis") == "exception" for r in rows),
        "cities": sorted(p.get("city") or "" for p in props if p.get("kind") == "city"),
        "coastal": sum(bool(p.get("coastal")) for p in props),
    }
