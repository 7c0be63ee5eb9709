"""The committed world board as plain data: areas, typed edges, and the map facts' graph queries.

Reads ``fortress/geodata/world/world.geojson`` and ``edges.csv`` with the standard library only.
The ATTACK! ruleset will build its board from this; the engine imports none of it yet.
"""
from __future__ import annotations

import csv
import json
from collections import deque
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from fortress.geodata.world_recipe import WORLD_DIR

#: the board's three views (docs/board-world.md), drawn by world_render and the dashboard's
#: map (fortress.ui.world_map): name -> (title, shifted, x limits, y limits). A shifted view
#: moves every polygon whose centroid lies west of SHIFT_WEST_OF by +360°, so the Pacific is whole.
SHIFT_WEST_OF = -25.0
VIEWS = {
    "western": ("Western Theatre", False, (-172.0, 78.0), (-60.0, 84.0)),
    "pacific": ("Pacific Theatre", True, (25.0, 300.0), (-56.0, 84.0)),
    "world": ("The whole world", True, (-25.0, 335.0), (-62.0, 85.0)),
}


@dataclass(frozen=True)
class Area:
    id: str
    name: str
    kind: str  # region / zone
    continent: str  # regions only ('' for zones)
    theatres: tuple[str, ...]
    coastal: bool
    capital_ok: bool  # borders at least one sea zone that is not Arctic [Setup S3]
    arctic: bool
    anchored: bool
    label: tuple[float, float]  # (lat, lon)


@dataclass(frozen=True)
class Edge:
    a: str
    b: str
    type: str  # land / coast / sea / lane / canal / exception
    via: tuple[str, ...]  # a lane's zones, a canal's region
    note: str


@dataclass(frozen=True)
class WorldMap:
    areas: dict[str, Area]
    edges: tuple[Edge, ...]

    @classmethod
    def load(cls, directory: Path = WORLD_DIR) -> "WorldMap":
        features, rows = read_board(directory / "world.geojson", directory / "edges.csv")
        areas = {f["properties"]["id"]: area(f["properties"]) for f in features}
        edges = tuple(Edge(r["a"], r["b"], r["type"], tuple(r["via"].split()), r["note"]) for r in rows)
        return cls(areas, edges)

    def of_kind(self, kind: str) -> list[str]:
        return sorted(i for i, a in self.areas.items() if a.kind == kind)

    def neighbours(self, aid: str, *types: str) -> set[str]:
        """Areas joined to ``aid`` by an edge of one of ``types`` (all types if none given)."""
        out = set()
        for e in self.edges:
            if not types or e.type in types:
                if e.a == aid:
                    out.add(e.b)
                elif e.b == aid:
                    out.add(e.a)
        return out

    def coast_of(self, zone: str) -> set[str]:
        """The regions bordering a sea zone."""
        return self.neighbours(zone, "coast")

    def lanes(self, a: str, b: str) -> list[Edge]:
        return [e for e in self.edges if e.type == "lane" and {e.a, e.b} == {a, b}]

    def anchored_link(self, a: str, b: str) -> list[str]:
        """The anchored zones both regions border: each joins them 'as if they had a sea lane'."""
        return sorted(z for z in self.coast_of_region(a) & self.coast_of_region(b) if self.areas[z].anchored)

    def coast_of_region(self, region: str) -> set[str]:
        return self.neighbours(region, "coast")

    def one_transport(self, a: str, b: str) -> bool:
        """Whether one sea step joins two regions: a lane or a shared anchored zone."""
        return bool(self.lanes(a, b) or self.anchored_link(a, b))

    def lane_stops(self, lane: Edge) -> list[str]:
        """A lane's areas in order: the end region its first zone borders, its zones, the other end."""
        ends = (lane.a, lane.b) if lane.via and lane.a in self.coast_of(lane.via[0]) else (lane.b, lane.a)
        return [ends[0], *lane.via, ends[1]]

    def lane_line(self, lane: Edge, shifted: bool) -> list[tuple[float, float]]:
        """A lane drawn through its areas' label points, as (lon, lat) in a view's frame, unbroken
        across the date line: the pictures' and the dashboard's lanes (docs/board-world.md)."""
        return unwrap([in_frame(self.areas[s].label, shifted) for s in self.lane_stops(lane)])

    def of_type(self, kind: str) -> list[Edge]:
        """The edges of one type (lane, canal, ...), in the table's order."""
        return [e for e in self.edges if e.type == kind]

    def land_distance(self, a: str, b: str) -> int | None:
        """Fewest land borders crossed from region ``a`` to region ``b`` (None if none)."""
        seen, todo = {a: 0}, deque([a])
        while todo:
            here = todo.popleft()
            if here == b:
                return seen[here]
            for nxt in sorted(self.neighbours(here, "land")):
                if nxt not in seen:
                    seen[nxt] = seen[here] + 1
                    todo.append(nxt)
        return None


def in_frame(label: tuple[float, float], shifted: bool) -> tuple[float, float]:
    """A (lat, lon) label point as (lon, lat) in a view's frame: moved by +360° west of
    SHIFT_WEST_OF if the view is ``shifted``."""
    lat, lon = label
    return (lon + 360.0 if shifted and lon < SHIFT_WEST_OF else lon, lat)


def unwrap(points: list[tuple[float, float]]) -> list[tuple[float, float]]:
    """Each point moved by ±360° to lie nearest the one before (lanes across the date line)."""
    out = [points[0]]
    for x, y in points[1:]:
        px = out[-1][0]
        x = min((x - 360.0, x, x + 360.0), key=lambda v: abs(v - px))
        out.append((x, y))
    return out


def canal_names(directory: Path = WORLD_DIR) -> dict[str, str]:
    """Each canal's name by the region holding it (the recipe's ``canals.csv``): Suez, Panama."""
    with open(directory / "source" / "canals.csv", encoding="utf-8", newline="") as fh:
        return {r["region"]: r["name"] for r in csv.DictReader(fh)}


def read_board(shapes: Path, table: Path) -> tuple[list[dict[str, Any]], list[dict[str, str]]]:
    """The features of a board's GeoJSON file and the rows of its edge table."""
    with open(shapes, encoding="utf-8") as fh:
        features: list[dict[str, Any]] = json.load(fh)["features"]
    with open(table, encoding="utf-8", newline="") as fh:
        return features, list(csv.DictReader(fh))


def area(p: dict[str, Any]) -> Area:
    lat, lon = p["label"]
    return Area(p["id"], p["name"], p["kind"], p.get("continent", ""), tuple(p["theatres"]),
                bool(p.get("coastal")), bool(p.get("capital_ok")), bool(p.get("arctic")),
                bool(p.get("anchored")), (lat, lon))
