"""The committed Americas board as plain data: areas (regions, sea areas, off-map boxes) and
typed edges, read with the standard library only. The America in Flames ruleset builds its board
and ATTACK!'s graph for it from this (``fortress.rulesets.attack.world.americas_graph``).
"""
from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any

from fortress.geodata.americas_recipe import AMERICAS_DIR
from fortress.geodata.world_map import read_board


@dataclass(frozen=True)
class Area:
    id: str
    name: str
    kind: str  # region / zone / box
    owner: str  # regions: the power or minor it belongs to ('' otherwise)
    flagged: bool  # regions of a flagged minor (3.1)
    home: bool  # part of its owner's home country
    research_site: str  # '' if none (5.3)
    edge: str  # zones on a map edge and boxes: west / east ('' otherwise)
    powers: tuple[str, ...]  # boxes: the powers off the map there (4.2)
    label: tuple[float, float]  # (lat, lon)


@dataclass(frozen=True)
class Edge:
    a: str
    b: str
    type: str  # land / coast / sea / canal / box
    via: str  # a canal's region
    cost: int | None  # a box edge's entry cost (4.2)
    note: str


@dataclass(frozen=True)
class AmericasMap:
    areas: dict[str, Area]
    edges: tuple[Edge, ...]

    @classmethod
    def load(cls, directory: Path = AMERICAS_DIR) -> "AmericasMap":
        features, rows = read_board(directory / "americas.geojson", directory / "edges.csv")
        areas = {f["properties"]["id"]: area(f["properties"]) for f in features}
        edges = tuple(Edge(r["a"], r["b"], r["type"], r["via"], int(r["cost"]) if r["cost"] else None, r["note"])
                      for r in rows)
        return cls(areas, edges)

    def of_kind(self, kind: str) -> list[str]:
        return sorted(i for i, a in self.areas.items() if a.kind == kind)

    def neighbours(self, aid: str, *types: str) -> set[str]:
        """Areas joined to ``aid`` by an edge of one of ``types`` (all types if none given)."""
        return {e.b if e.a == aid else e.a for e in self.edges
                if aid in (e.a, e.b) and (not types or e.type in types)}

    def held_by(self, owner: str) -> list[str]:
        """The regions of a power or minor."""
        return sorted(i for i, a in self.areas.items() if a.kind == "region" and a.owner == owner)

    def entry_costs(self, box: str) -> dict[str, int]:
        """The sea areas a box opens on, with the cost to pass between them (4.2)."""
        return {e.b if e.a == box else e.a: e.cost for e in self.edges
                if e.type == "box" and box in (e.a, e.b) and e.cost is not None}

    def canal(self, region: str) -> tuple[str, str] | None:
        """The two sea areas a region's canal joins, if it has one."""
        found = [(e.a, e.b) for e in self.edges if e.type == "canal" and e.via == region]
        return found[0] if found else None


def area(p: dict[str, Any]) -> Area:
    lat, lon = p["label"]
    return Area(p["id"], p["name"], p["kind"], p.get("owner", ""), bool(p.get("flagged")), bool(p.get("home")),
                p.get("research_site", ""), p.get("edge", ""), tuple(p.get("powers", ())), (lat, lon))
