"""Validate the committed world board (shapely only, no geopandas; independent of the build).

Every ``check_*`` returns a list of problems (strings); :func:`run_checks` runs them all, each by
its name in :data:`CHECKS`, as ``fortress geodata check --board world`` does.
"""
from __future__ import annotations

from collections import Counter
from pathlib import Path

import shapely
from shapely.geometry import box

from fortress.geodata import check
from fortress.geodata.check import check_connected, check_geometry, check_ids, check_labels, geometries
from fortress.geodata.world_recipe import CONTINENTS, WORLD_DIR

MAX_REGIONS = 90  # one government marker each
EDGE_KINDS = {"land": ("region", "region"), "coast": ("region", "zone"), "sea": ("zone", "zone"),
              "lane": ("region", "region"), "canal": ("zone", "zone"), "exception": ("region", "region")}
SHAPE_TYPES = ("land", "coast", "sea")
Pair = tuple[str, str]


def load(directory: Path) -> tuple[list[dict], list[dict[str, str]]]:
    """The features of world.geojson and the rows of edges.csv."""
    return check.load(directory, "world.geojson", "edges.csv")


def kinds_of(features: list[dict]) -> dict[str, str]:
    return {f["properties"]["id"]: f["properties"].get("kind", "") for f in features if f["properties"].get("id")}


def check_properties(features: list[dict]) -> list[str]:
    problems = []
    for f in features:
        p = f["properties"]
        if p.get("kind") not in ("region", "zone"):
            problems.append(f"{p.get('id')}: kind {p.get('kind')!r} is neither region nor zone")
        if p.get("kind") == "region" and p.get("continent") not in CONTINENTS:
            problems.append(f"{p.get('id')}: continent {p.get('continent')!r} unknown")
        if not p.get("theatres") or set(p["theatres"]) - {"west", "pacific"}:
            problems.append(f"{p.get('id')}: theatres {p.get('theatres')!r} not west and/or pacific")
        if p.get("kind") == "zone" and not (isinstance(p.get("arctic"), bool) and isinstance(p.get("anchored"), bool)):
            problems.append(f"{p.get('id')}: a zone needs true/false arctic and anchored flags")
    count = sum(f["properties"].get("kind") == "region" for f in features)
    if count > MAX_REGIONS:
        problems.append(f"{count} regions, more than the {MAX_REGIONS} government markers")
    return problems


def pacific(g: shapely.Geometry) -> shapely.Geometry:
    """Everything west of 0° moved by +360°, so pairs across the date line meet."""
    west = shapely.intersection(g, box(-180, -90, 0, 90))
    return shapely.union(shapely.intersection(g, box(0, -90, 180, 90)), shapely.affinity.translate(west, 360.0))


def touching(geoms: dict[str, shapely.Geometry]) -> tuple[set[Pair], set[Pair]]:
    """(pairs sharing a border of positive length in either frame, pairs meeting only at points)."""
    ids = sorted(geoms)
    line: set[Pair] = set()
    point: set[Pair] = set()
    for frame in (lambda g: g, pacific):
        arr = [frame(geoms[i]) for i in ids]
        left, right = shapely.STRtree(arr).query(arr, predicate="intersects")
        for i, j in zip(left, right):
            if i < j:
                (line if arr[i].relate_pattern(arr[j], "F***1****") else point).add((ids[i], ids[j]))
    return line, point - line


def check_edges(rows: list[dict[str, str]], kinds: dict[str, str],
                edge_kinds: dict[str, tuple[str, str]] = EDGE_KINDS) -> list[str]:
    """Rows name known areas of the right kinds, in order a < b, once each per type."""
    problems, seen = [], Counter[tuple[str, str, str]]()
    for r in rows:
        a, b, t = r.get("a", ""), r.get("b", ""), r.get("type", "")
        seen[(a, b, t)] += 1
        if t not in edge_kinds:
            problems.append(f"edge {a} - {b} has type {t!r}")
        elif a not in kinds or b not in kinds:
            problems.append(f"edge {a} - {b} names an unknown area")
        elif sorted((kinds[a], kinds[b])) != sorted(edge_kinds[t]):
            problems.append(f"{t} edge {a} - {b} joins a {kinds[a]} and a {kinds[b]}")
        if a >= b:
            problems.append(f"edge {a} - {b} is not in order a < b (asymmetric or self pair)")
        via = r.get("via", "").split()
        if t == "lane" and (not via or any(kinds.get(z) != "zone" for z in via)):
            problems.append(f"lane {a} - {b} crosses unknown zones {via}")
        if t == "canal" and (len(via) != 1 or kinds.get(via[0]) != "region"):
            problems.append(f"canal {a} - {b} is not controlled by one region")
    problems += [f"edge {a} - {b} ({t}) listed {n} times" for (a, b, t), n in sorted(seen.items()) if n > 1]
    return problems


def check_shapes(rows: list[dict[str, str]], line: set[Pair], point: set[Pair]) -> list[str]:
    """land/coast/sea edges are exactly the shared borders (``line``, from :func:`touching`);
    none meets only at a point."""
    table = {(r["a"], r["b"]) for r in rows if r.get("type") in SHAPE_TYPES}
    exceptions = {(r["a"], r["b"]) for r in rows if r.get("type") == "exception"}
    canals = {(r["a"], r["b"]) for r in rows if r.get("type") == "canal"}
    problems = [f"{a} - {b} meets only at a point" for a, b in sorted(table & point)]
    problems += [f"{a} - {b} is not a shared border of the shapes" for a, b in sorted(table - line - point)]
    problems += [f"{a} and {b} share a border missing from edges.csv" for a, b in sorted(line - table - canals)]
    problems += [f"exception {a} - {b} already shares a border" for a, b in sorted(exceptions & line)]
    return problems


def check_links(rows: list[dict[str, str]], line: set[Pair]) -> list[str]:
    """Each lane runs through touching zones from one end to the other; a canal's region touches
    one of its zones."""
    touch = {frozenset(p) for p in line}
    problems = []
    for r in rows:
        via = r.get("via", "").split()
        if r.get("type") == "lane" and via:
            hops = [r["a"], *via, r["b"]]
            if any(frozenset(h) not in touch for h in zip(hops, hops[1:])):
                hops = [r["b"], *via, r["a"]]
            gaps = [f"{x}-{y}" for x, y in zip(hops, hops[1:]) if frozenset((x, y)) not in touch]
            problems += [f"lane {r['a']} - {r['b']}: {g} do not touch" for g in gaps]
        if r.get("type") == "canal" and via and not ({frozenset((via[0], r["a"])), frozenset((via[0], r["b"]))} & touch):
            problems.append(f"canal {r['a']} - {r['b']}: {via[0]} touches neither zone")
    return problems


def check_canals(rows: list[dict[str, str]]) -> list[str]:
    """Two zones joined by a canal have no other edge: only the canal's region opens the passage
    ([Explanations] Panama Canal, Suez Canal), so their shapes' shared border (if any) is none."""
    canals = {(r["a"], r["b"]): r.get("via", "") for r in rows if r.get("type") == "canal"}
    return [f"{r['a']} - {r['b']} are joined by the canal of {canals[(r['a'], r['b'])]} and also by a {r.get('type')} edge"
            for r in rows if r.get("type") != "canal" and (r.get("a"), r.get("b")) in canals]


def check_coasts(features: list[dict], rows: list[dict[str, str]]) -> list[str]:
    """coastal and capital_ok agree with the coast edges; each continent can hold a capital
    ("borders at least one sea zone that is not part of the Arctic", Setup S3)."""
    props = {f["properties"]["id"]: f["properties"] for f in features}
    coast: dict[str, set[str]] = {}
    for r in rows:
        if r.get("type") == "coast" and r["a"] in props and r["b"] in props:
            land, zone = (r["a"], r["b"]) if props[r["a"]].get("kind") == "region" else (r["b"], r["a"])
            coast.setdefault(land, set()).add(zone)
    problems, capitals = [], set()
    for aid, p in props.items():
        if p.get("kind") != "region":
            continue
        ok = any(not props[z].get("arctic") for z in coast.get(aid, ()))
        if bool(p.get("coastal")) != bool(coast.get(aid)):
            problems.append(f"{aid}: coastal is {p.get('coastal')} but it borders {len(coast.get(aid, ()))} zones")
        if bool(p.get("capital_ok")) != ok:
            problems.append(f"{aid}: capital_ok is {p.get('capital_ok')}, the coasts say {ok}")
        if ok:
            capitals.add(p.get("continent"))
    problems += [f"no region of {c} may hold a capital" for c in CONTINENTS if c not in capitals]
    return problems


def check_theatres(features: list[dict], neighbours: dict[str, set[str]]) -> list[str]:
    """Each theatre's areas are connected among themselves: a 2-4-player game plays on one
    theatre alone ([Maps] the Western and the Pacific Theatre)."""
    problems = []
    for theatre in ("west", "pacific"):
        ids = {f["properties"]["id"] for f in features if theatre in (f["properties"].get("theatres") or ())}
        inside = {a: neighbours.get(a, set()) & ids for a in ids}
        problems += [f"{theatre} theatre: {p}" for p in check_connected(inside)]
    return problems


#: Every check :func:`run_checks` makes, in order: its name and what it checks.
CHECKS: dict[str, str] = {
    "read": "world.geojson and edges.csv exist and parse",
    "ids": "every feature has an id, the same at top level and in properties, used once",
    "properties": f"kinds, continents, theatres and zone flags are known; at most {MAX_REGIONS} regions",
    "geometry": "valid polygons that do not overlap each other",
    "labels": "each area's label point lies inside the area",
    "edges": "edges name known areas of the right kinds (land, coast, sea, lane, canal, exception), "
             "in order a < b, once each",
    "shapes": "land, coast and sea edges are exactly the shared borders of positive length, in the native "
              "frame or across the date line; none meets only at a point",
    "links": "each lane runs through touching zones; each canal's region touches one of its zones",
    "canals": "two zones joined by a canal have no other edge (their shared border, if any, is no passage)",
    "coasts": "coastal and capital_ok agree with the coasts; every continent can hold a capital",
    "connected": "every area can be reached from every other",
    "theatres": "within each theatre (west, pacific) every area can be reached from every other",
}


def run_checks(directory: Path = WORLD_DIR) -> tuple[dict[str, list[str]], dict]:
    """Run every check on ``directory``: (each check's problems by name, the board's summary)."""
    try:
        features, rows = load(Path(directory))
    except (OSError, ValueError, KeyError) as exc:
        return {"read": [f"cannot read the world board: {exc}"]}, {}
    geoms = geometries(features)
    kinds = kinds_of(features)
    neighbours: dict[str, set[str]] = {i: set() for i in geoms}
    for r in rows:
        if r.get("a") in neighbours and r.get("b") in neighbours:
            neighbours[r["a"]].add(r["b"])
            neighbours[r["b"]].add(r["a"])
    line, point = touching(geoms)
    found = {
        "read": [], "ids": check_ids(features), "properties": check_properties(features),
        "geometry": check_geometry(geoms), "labels": check_labels(features, geoms),
        "edges": check_edges(rows, kinds), "shapes": check_shapes(rows, line, point),
        "links": check_links(rows, line), "canals": check_canals(rows), "coasts": check_coasts(features, rows),
        "connected": check_connected(neighbours), "theatres": check_theatres(features, neighbours),
    }
    return found, summary(features, rows)


def summary(features: list[dict], rows: list[dict[str, str]]) -> dict:
    props = [f["properties"] for f in features]
    zones = [p for p in props if p.get("kind") == "zone"]
    return {
        "areas": len(props),
        "regions by continent": dict(sorted(Counter(p.get("continent") for p in props if p.get("kind") == "region").items())),
        "zones": len(zones),
        "arctic zones": sorted(p["id"] for p in zones if p.get("arctic")),
        "anchored zones": sorted(p["id"] for p in zones if p.get("anchored")),
        "edges by type": dict(sorted(Counter(r.get("type") for r in rows).items())),
    }


def check_dir(directory: Path = WORLD_DIR) -> tuple[list[str], dict]:
    """Run every check on ``directory``; return (problems, summary)."""
    return check.check_dir(directory, run_checks)


def report(directory: Path = WORLD_DIR) -> dict:
    """The check as plain data (``fortress geodata check --board world --json``)."""
    return check.report(directory, run_checks, CHECKS)
