"""The world board's recipe (``fortress/geodata/world/source/*.csv``), read into dataclasses.

The recipe is project design for ATTACK! Deluxe's map, which the rulebook does not print: the
rulebook's own names and map facts are kept exactly, the rest is drawn in its 1930s style.
Pure Python (csv only), so the check and the tests can read it without the build tools.
"""
from __future__ import annotations

import csv
from dataclasses import dataclass
from importlib import resources
from pathlib import Path
from typing import cast

WORLD_DIR = Path(str(resources.files("fortress") / "geodata" / "world"))
THEATRES = {"west": ("west",), "pacific": ("pacific",), "both": ("west", "pacific")}
CONTINENTS = ("north-america", "south-america", "europe", "africa", "asia", "oceania")
Point = tuple[float, float]  # (lon, lat)


@dataclass(frozen=True)
class Region:
    """A land region: a union of countries, U.S. states and parts of one split country."""
    id: str
    name: str
    continent: str
    theatre: str  # west / pacific / both
    countries: tuple[str, ...]  # Natural Earth names
    states: tuple[str, ...]  # U.S. state names (us-atlas)
    split: str  # a country cut between regions by seed points ('' if none)
    seeds: tuple[Point, ...]


@dataclass(frozen=True)
class Zone:
    """A sea zone: the Voronoi cells of its seeds (wrapped at ±360°) intersected with the ocean."""
    id: str
    name: str
    theatre: str
    arctic: bool
    anchored: bool
    seeds: tuple[Point, ...]


@dataclass(frozen=True)
class Lane:
    """A sea lane (grey line) from region ``a`` to region ``b`` through ``zones`` in order."""
    id: str
    a: str
    b: str
    zones: tuple[str, ...]
    basis: str  # text (implied by the rulebook) or design
    note: str


@dataclass(frozen=True)
class Canal:
    """A canal: a link between two zones, controlled by ``region``."""
    id: str
    name: str
    region: str
    zone_a: str
    zone_b: str
    note: str


@dataclass(frozen=True)
class PartOverride:
    """The part of any country containing (lon, lat) goes to ``region`` ('' = backdrop)."""
    point: Point
    region: str
    reason: str


@dataclass(frozen=True)
class Recipe:
    regions: tuple[Region, ...]
    zones: tuple[Zone, ...]
    lanes: tuple[Lane, ...]
    canals: tuple[Canal, ...]
    overrides: tuple[PartOverride, ...]
    exceptions: tuple[tuple[str, str, str], ...]  # (a, b, reason)
    separations: tuple[tuple[str, str, str], ...] = ()  # (a, b, reason): touching, yet joined only by a canal


def read_csv(path: Path) -> list[dict[str, str]]:
    if not path.exists():
        return []
    with open(path, encoding="utf-8", newline="") as fh:
        return [{k: (v or "").strip() for k, v in row.items()} for row in csv.DictReader(fh)]


def names(text: str) -> tuple[str, ...]:
    """'a; b' -> ('a', 'b')."""
    return tuple(p.strip() for p in text.split(";") if p.strip())


def points(text: str) -> tuple[Point, ...]:
    """'lon lat; lon lat' -> ((lon, lat), ...)."""
    return tuple(cast(Point, tuple(float(x) for x in p.split())) for p in names(text))


def read_recipe(source: Path = WORLD_DIR / "source") -> Recipe:
    """Every recipe file in ``source``."""
    regions = tuple(
        Region(r["id"], r["name"], r["continent"], r["theatre"], names(r["countries"]), names(r["states"]),
               r["split"], points(r["seeds"]))
        for r in read_csv(source / "regions.csv"))
    zones = tuple(
        Zone(r["id"], r["name"], r["theatre"], r["arctic"] == "yes", r["anchored"] == "yes", points(r["seeds"]))
        for r in read_csv(source / "zones.csv"))
    lanes = tuple(Lane(r["id"], r["a"], r["b"], names(r["zones"]), r["basis"], r["note"])
                  for r in read_csv(source / "lanes.csv"))
    canals = tuple(Canal(r["id"], r["name"], r["region"], r["zone_a"], r["zone_b"], r["note"])
                   for r in read_csv(source / "canals.csv"))
    overrides = tuple(PartOverride((float(r["lon"]), float(r["lat"])), r["region"], r["reason"])
                      for r in read_csv(source / "part_overrides.csv"))
    exceptions = tuple((r["a"], r["b"], r["reason"]) for r in read_csv(source / "adjacency_exceptions.csv"))
    separations = tuple((r["a"], r["b"], r["reason"]) for r in read_csv(source / "separations.csv"))
    return Recipe(regions, zones, lanes, canals, overrides, exceptions, separations)


def recipe_problems(recipe: Recipe) -> list[str]:
    """Plain-word problems in the recipe itself (unknown ids, bad flags), before any geometry."""
    problems = [f"region {r.id}: continent {r.continent!r} unknown" for r in recipe.regions if r.continent not in CONTINENTS]
    areas: list[Region | Zone] = [*recipe.regions, *recipe.zones]
    problems += [f"{a.id}: theatre {a.theatre!r} unknown" for a in areas if a.theatre not in THEATRES]
    return problems + member_problems(recipe)


def member_problems(recipe: Recipe) -> list[str]:
    """The problems any board's recipe can have: members, seeds, links and ids (no theatres)."""
    regions = {r.id for r in recipe.regions}
    zones = {z.id for z in recipe.zones}
    areas: list[Region | Zone] = [*recipe.regions, *recipe.zones]
    problems = [f"region {r.id}: a split needs seed points" for r in recipe.regions if bool(r.split) != bool(r.seeds)]
    problems += [f"region {r.id}: no members" for r in recipe.regions if not (r.countries or r.states or r.split)]
    problems += [f"zone {z.id}: no seed points" for z in recipe.zones if not z.seeds]
    for lane in recipe.lanes:
        if lane.a not in regions or lane.b not in regions or not set(lane.zones) <= zones or not lane.zones:
            problems.append(f"lane {lane.id}: unknown region or zone")
    for c in recipe.canals:
        if c.region not in regions or {c.zone_a, c.zone_b} - zones:
            problems.append(f"canal {c.id}: unknown region or zone")
    canal_pairs = {frozenset((c.zone_a, c.zone_b)) for c in recipe.canals}
    problems += [f"separation {a}-{b}: only two zones joined by a canal may be kept apart"
                 for a, b, _ in recipe.separations if frozenset((a, b)) not in canal_pairs]
    problems += [f"part override at {o.point}: unknown region {o.region!r}" for o in recipe.overrides if o.region and o.region not in regions]
    ids = [a.id for a in areas]
    problems += [f"id {i!r} used twice" for i in sorted(set(ids)) if ids.count(i) > 1]
    return problems
