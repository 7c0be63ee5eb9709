"""America in Flames' board recipe (``fortress/geodata/americas/source/*.csv``), read into dataclasses.

The supplement prints no map of its own (it plays on World in Flames' American maps): its names
(the Caribbean, the Gulf of Panama, the North and Central Atlantic), its minors, its research
sites "all in the USA" and its off-map boxes are kept; the cut, the other names and the entry
costs are the project's design. Pure Python (csv only), like :mod:`world_recipe`, whose region,
zone, canal and override records it reuses.
"""
from __future__ import annotations

from dataclasses import dataclass
from importlib import resources
from pathlib import Path

from fortress.geodata.world_recipe import (Canal, PartOverride, Point, Recipe, Region, Zone, member_problems, names,
                                           points, read_csv)

AMERICAS_DIR = Path(str(resources.files("fortress") / "geodata" / "americas"))
CONTINENTS = ("north-america", "south-america")
EDGES = ("west", "east")
ENTRY_COSTS = (2, 3, 4)  # "2, 3 or 4 points ... marked along the map edge for each sea area" (4.2)
RESEARCH_SITES = 5  # "There are 5 sites, all of them in the USA" (5.3)


@dataclass(frozen=True)
class Owner:
    """A power or a minor that areas belong to; ``flagged`` minors have a track (3.1)."""
    id: str
    name: str
    kind: str  # power / minor
    flagged: bool


@dataclass(frozen=True)
class Holding:
    """Who a land area belongs to: its owner, whether it is the owner's home country, a research site."""
    owner: str
    home: bool
    research_site: str  # '' if none


@dataclass(frozen=True)
class Box:
    """An off-map box (4.2): the powers it holds, the map edge it opens on, where it is drawn."""
    id: str
    name: str
    powers: tuple[str, ...]
    edge: str  # west / east
    drawn_at: tuple[Point, Point]  # two corners of the rectangle drawn beyond the edge
    note: str


@dataclass(frozen=True)
class Entry:
    """The cost for a naval unit to pass between a box and an edge sea area (4.2; numbers design)."""
    box: str
    zone: str
    cost: int
    basis: str
    note: str


@dataclass(frozen=True)
class AmericasRecipe:
    shapes: Recipe  # regions, zones, canals and part overrides, as the world board's
    holdings: dict[str, Holding]  # by region id
    owners: tuple[Owner, ...]
    boxes: tuple[Box, ...]
    entries: tuple[Entry, ...]
    zone_basis: dict[str, str]  # text (the supplement's name) / design


def read_recipe(source: Path = AMERICAS_DIR / "source") -> AmericasRecipe:
    """Every recipe file in ``source``."""
    rows = read_csv(source / "regions.csv")
    regions = tuple(Region(r["id"], r["name"], r["continent"], "", names(r["countries"]), names(r["states"]),
                           r["split"], points(r["seeds"])) for r in rows)
    holdings = {r["id"]: Holding(r["owner"], r["home"] == "yes", r["research_site"]) for r in rows}
    zone_rows = read_csv(source / "zones.csv")
    zones = tuple(Zone(r["id"], r["name"], "", False, False, points(r["seeds"])) for r in zone_rows)
    canals = tuple(Canal(r["id"], r["name"], r["region"], r["zone_a"], r["zone_b"], r["note"])
                   for r in read_csv(source / "canals.csv"))
    overrides = tuple(PartOverride((float(r["lon"]), float(r["lat"])), r["region"], r["reason"])
                      for r in read_csv(source / "part_overrides.csv"))
    owners = tuple(Owner(r["id"], r["name"], r["kind"], r["flagged"] == "yes") for r in read_csv(source / "owners.csv"))
    boxes = tuple(Box(r["id"], r["name"], names(r["powers"]), r["edge"], corners(r["drawn_at"]), r["note"])
                  for r in read_csv(source / "boxes.csv"))
    entries = tuple(Entry(r["box"], r["zone"], int(r["cost"]), r["basis"], r["note"]) for r in read_csv(source / "entries.csv"))
    shapes = Recipe(regions, zones, (), canals, overrides, ())
    return AmericasRecipe(shapes, holdings, owners, boxes, entries, {r["id"]: r["basis"] for r in zone_rows})


def corners(text: str) -> tuple[Point, Point]:
    a, b = points(text)
    return a, b


def recipe_problems(recipe: AmericasRecipe) -> list[str]:
    """Plain-word problems in the recipe itself, before any geometry."""
    owners = {o.id: o for o in recipe.owners}
    zones = {z.id for z in recipe.shapes.zones}
    boxes = {b.id for b in recipe.boxes}
    problems = member_problems(recipe.shapes)
    problems += [f"region {r.id}: continent {r.continent!r} unknown" for r in recipe.shapes.regions
                 if r.continent not in CONTINENTS]
    problems += [f"region {rid}: owner {h.owner!r} unknown" for rid, h in recipe.holdings.items() if h.owner not in owners]
    sites = [rid for rid, h in recipe.holdings.items() if h.research_site]
    if len(sites) != RESEARCH_SITES or any(recipe.holdings[s].owner != "usa" for s in sites):
        problems.append(f"{RESEARCH_SITES} research sites in the USA are needed, found {sites}")
    problems += [f"zone {z}: basis {b!r} is neither text nor design" for z, b in recipe.zone_basis.items()
                 if b not in ("text", "design")]
    for b in recipe.boxes:
        if b.edge not in EDGES or not b.powers or any(owners.get(p, None) is None for p in b.powers):
            problems.append(f"box {b.id}: edge {b.edge!r} or powers {b.powers} unknown")
    for e in recipe.entries:
        if e.box not in boxes or e.zone not in zones or e.cost not in ENTRY_COSTS:
            problems.append(f"entry {e.box} - {e.zone}: unknown box or zone, or a cost not in {ENTRY_COSTS}")
    problems += [f"id {b!r} is both a box and an area" for b in sorted(boxes & (zones | set(recipe.holdings)))]
    return problems


def edge_problems(recipe: AmericasRecipe, edges: dict[str, str]) -> list[str]:
    """Every sea area on a box's edge (``edges``: zone -> west/east, from the shapes) needs exactly
    one entry cost, and only those (4.2: "the number is marked along the map edge for each sea area")."""
    problems = []
    for b in recipe.boxes:
        given = sorted(e.zone for e in recipe.entries if e.box == b.id)
        on_edge = sorted(z for z, edge in edges.items() if edge == b.edge)
        if given != on_edge:
            problems.append(f"box {b.id}: the sea areas on the {b.edge} edge are {on_edge}, the entry costs name {given}")
    return problems
