"""Validate the committed Americas board (shapely only; independent of the build).

Reuses the world board's checks for ids, geometry, labels, edges and shared borders, and adds
the Americas' own: owners and flagged minors, research sites, off-map boxes on their edge, the
Panama Canal, slivers. ``fortress geodata check --board americas`` runs :func:`run_checks`.
"""
from __future__ import annotations

from collections import Counter
from pathlib import Path

import shapely
from shapely.geometry import LineString

from fortress.geodata import check
from fortress.geodata.americas_recipe import (AMERICAS_DIR, CONTINENTS, EDGES, ENTRY_COSTS, RESEARCH_SITES, Owner,
                                              read_recipe)
from fortress.geodata.check import check_connected, check_geometry, check_ids, check_labels, geometries, neighbours_of
from fortress.geodata.world_check import check_edges, check_shapes, kinds_of, touching

EDGE_KINDS = {"land": ("region", "region"), "coast": ("region", "zone"), "sea": ("zone", "zone"),
              "canal": ("zone", "zone"), "box": ("box", "zone")}
MIN_RADIUS = {"region": 0.15, "zone": 0.5}  # degrees: the largest part's inscribed circle, at least
MIN_PART_AREA = 0.02  # square degrees: no part of an area smaller (a sliver)


def load(directory: Path) -> tuple[list[dict], list[dict[str, str]]]:
    """The features of americas.geojson and the rows of edges.csv."""
    return check.load(directory, "americas.geojson", "edges.csv")


def by_id(features: list[dict]) -> dict[str, dict]:
    return {f["properties"]["id"]: f["properties"] for f in features if f["properties"].get("id")}


def check_properties(features: list[dict], owners: dict[str, Owner]) -> list[str]:
    """Kinds and flags are known; every region belongs to a known owner, ``flagged`` as the
    owner is; every flagged minor holds at least one area."""
    problems, held = [], set()
    for aid, p in by_id(features).items():
        kind = p.get("kind")
        if kind == "region":
            owner = owners.get(p.get("owner", ""))
            held.add(p.get("owner"))
            if owner is None:
                problems.append(f"{aid}: owner {p.get('owner')!r} unknown")
            elif p.get("flagged") is not owner.flagged:
                problems.append(f"{aid}: flagged is {p.get('flagged')}, but {owner.name} is {'' if owner.flagged else 'not '}flagged")
            if p.get("continent") not in CONTINENTS or not isinstance(p.get("home"), bool):
                problems.append(f"{aid}: continent {p.get('continent')!r} unknown or home not true/false")
        elif kind == "zone":
            if p.get("basis") not in ("text", "design") or p.get("edge") not in ("", *EDGES):
                problems.append(f"{aid}: basis {p.get('basis')!r} or edge {p.get('edge')!r} unknown")
        elif kind == "box":
            if p.get("edge") not in EDGES or not p.get("powers") or set(p["powers"]) - set(owners):
                problems.append(f"{aid}: a box needs an edge (west/east) and known powers")
        else:
            problems.append(f"{aid}: kind {kind!r} is not region, zone or box")
    problems += [f"{o.name}: a flagged minor with no area" for o in owners.values() if o.flagged and o.id not in held]
    return problems


def check_research(features: list[dict]) -> list[str]:
    """Five research sites, all in the USA, one per area (5.3)."""
    sites = {aid: p for aid, p in by_id(features).items() if p.get("research_site")}
    names = [p["research_site"] for p in sites.values()]
    problems = [f"{aid}: research site {p['research_site']} is not in the USA" for aid, p in sites.items() if p.get("owner") != "usa"]
    if len(sites) != RESEARCH_SITES or len(set(names)) != len(names):
        problems.append(f"{len(sites)} areas hold research sites ({', '.join(names)}), not {RESEARCH_SITES} distinct ones")
    return problems


def map_edges(geoms: dict[str, shapely.Geometry], kinds: dict[str, str]) -> dict[str, set[str]]:
    """The sea areas on each map edge: the map is the regions' and zones' bounding box."""
    bounds = shapely.union_all([g for i, g in geoms.items() if kinds.get(i) in ("region", "zone")]).bounds
    west, south, east, north = bounds
    lines = {"west": LineString([(west, south), (west, north)]), "east": LineString([(east, south), (east, north)])}
    return {edge: {i for i, g in geoms.items() if kinds.get(i) == "zone" and shapely.intersection(g.boundary, line).length > 0.5}
            for edge, line in lines.items()}


def check_boxes(features: list[dict], rows: list[dict[str, str]], geoms: dict[str, shapely.Geometry]) -> list[str]:
    """Each box is drawn beyond its edge and joined, at a cost of 2, 3 or 4, to exactly the sea
    areas on that edge (4.2); a zone's ``edge`` property says the same."""
    props, kinds = by_id(features), kinds_of(features)
    edges = map_edges(geoms, kinds)
    problems = [f"{z}: edge property {props[z].get('edge')!r}, but the map edge it lies on is {e!r}"
                for z in props if kinds[z] == "zone"
                for e in [next((k for k, zs in edges.items() if z in zs), "")] if props[z].get("edge") != e]
    land = shapely.union_all([g for i, g in geoms.items() if kinds.get(i) != "box"]).bounds
    for b in (i for i in props if kinds[i] == "box"):
        edge = props[b].get("edge", "")
        links = {(r["a"] if r["b"] == b else r["b"]): r.get("cost", "") for r in rows if b in (r["a"], r["b"])}
        if set(links) != edges.get(edge, set()):
            problems.append(f"box {b} reaches {sorted(links)}, the {edge} edge's sea areas are {sorted(edges.get(edge, ()))}")
        problems += [f"box {b} - {z}: entry cost {c!r} is not one of {ENTRY_COSTS}" for z, c in sorted(links.items())
                     if c not in [str(n) for n in ENTRY_COSTS]]
        x0, _, x1, _ = geoms[b].bounds
        if not (x1 < land[0] if edge == "west" else x0 > land[2]):
            problems.append(f"box {b} is not drawn beyond the {edge} edge")
    return problems


def check_canals(rows: list[dict[str, str]]) -> list[str]:
    """A canal's region borders both the sea areas it joins (Panama: the Caribbean and the Gulf of Panama)."""
    coast = {frozenset((r["a"], r["b"])) for r in rows if r.get("type") == "coast"}
    return [f"canal {r['a']} - {r['b']}: {r['via']} does not border {z}" for r in rows if r.get("type") == "canal"
            for z in (r["a"], r["b"]) if frozenset((r["via"], z)) not in coast]


def check_coastal(features: list[dict], rows: list[dict[str, str]]) -> list[str]:
    coast = {x for r in rows if r.get("type") == "coast" for x in (r["a"], r["b"])}
    return [f"{aid}: coastal is {p.get('coastal')}, the coasts say {aid in coast}" for aid, p in by_id(features).items()
            if p.get("kind") == "region" and p.get("coastal") is not (aid in coast)]


def check_slivers(geoms: dict[str, shapely.Geometry], kinds: dict[str, str]) -> list[str]:
    """No sliver: every part of a region or zone has some area, and each area's largest part
    holds a circle of the kind's minimum radius."""
    problems = []
    for aid in sorted(geoms):
        if kinds.get(aid) not in MIN_RADIUS:
            continue
        parts = sorted(shapely.get_parts(geoms[aid]), key=lambda p: -p.area)
        radius = shapely.maximum_inscribed_circle(parts[0], 0.01).length if parts else 0.0
        if radius < MIN_RADIUS[kinds[aid]]:
            problems.append(f"{aid}: a sliver (its widest point holds a circle of radius {radius:.2f}°)")
        problems += [f"{aid}: a part of {p.area:.4f} sq deg at {p.representative_point().coords[0]} is a sliver"
                     for p in parts if p.area < MIN_PART_AREA]
    return problems


#: Every check :func:`run_checks` makes, in order: its name and what it checks.
CHECKS: dict[str, str] = {
    "read": "americas.geojson, edges.csv and the recipe's owners exist and parse",
    "ids": "every feature has an id, the same at top level and in properties, used once",
    "properties": "kinds (region, zone, box) and flags are known; each region's owner is a known power or "
                  "minor; every flagged minor holds an area",
    "research": f"{RESEARCH_SITES} research sites, all in the USA, in distinct areas",
    "geometry": "valid polygons that do not overlap each other",
    "labels": "each area's label point lies inside the area",
    "edges": "edges name known areas of the right kinds (land, coast, sea, canal, box), in order a < b, once each",
    "shapes": "land, coast and sea edges are exactly the shared borders of positive length; none meets only at a point",
    "boxes": "each off-map box lies beyond its edge and reaches exactly that edge's sea areas, at a cost of 2, 3 or 4",
    "canals": "a canal's region borders both the sea areas it joins",
    "coastal": "coastal agrees with the coast edges",
    "slivers": f"no part under {MIN_PART_AREA} sq deg; each region's widest point at least {MIN_RADIUS['region']}° "
               f"in radius, each sea area's {MIN_RADIUS['zone']}°",
    "connected": "every area, boxes included, can be reached from every other",
}


def run_checks(directory: Path = AMERICAS_DIR) -> tuple[dict[str, list[str]], dict]:
    """Run every check on ``directory``: (each check's problems by name, the board's summary)."""
    try:
        features, rows = load(Path(directory))
        source = Path(directory) / "source"
        owners = {o.id: o for o in read_recipe(source if source.is_dir() else AMERICAS_DIR / "source").owners}
    except (OSError, ValueError, KeyError) as exc:
        return {"read": [f"cannot read the Americas board: {exc}"]}, {}
    geoms = geometries(features)
    kinds = kinds_of(features)
    line, point = touching({i: g for i, g in geoms.items() if kinds.get(i) != "box"})
    found = {
        "read": [] if owners else ["the recipe names no owners"], "ids": check_ids(features),
        "properties": check_properties(features, owners), "research": check_research(features),
        "geometry": check_geometry(geoms), "labels": check_labels(features, geoms),
        "edges": check_edges(rows, kinds, EDGE_KINDS), "shapes": check_shapes(rows, line, point),
        "boxes": check_boxes(features, rows, geoms), "canals": check_canals(rows),
        "coastal": check_coastal(features, rows), "slivers": check_slivers(geoms, kinds),
        "connected": check_connected(neighbours_of(rows, set(geoms))),
    }
    return found, summary(features, rows)


def summary(features: list[dict], rows: list[dict[str, str]]) -> dict:
    props = list(by_id(features).values())
    regions = [p for p in props if p.get("kind") == "region"]
    return {
        "areas": len(props),
        "regions by continent": dict(sorted(Counter(p.get("continent") for p in regions).items())),
        "zones": sum(p.get("kind") == "zone" for p in props),
        "boxes": sorted(p["id"] for p in props if p.get("kind") == "box"),
        "owners": len({p.get("owner") for p in regions}),
        "research sites": sorted(p["research_site"] for p in regions if p.get("research_site")),
        "edges by type": dict(sorted(Counter(r.get("type") for r in rows).items())),
    }


def check_dir(directory: Path = AMERICAS_DIR) -> tuple[list[str], dict]:
    """Run every check on ``directory``; return (problems, summary)."""
    return check.check_dir(directory, run_checks)


def report(directory: Path = AMERICAS_DIR) -> dict:
    """The check as plain data (``fortress geodata check --board americas --json``)."""
    return check.report(directory, run_checks, CHECKS)
