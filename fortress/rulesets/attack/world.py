"""The world board for ATTACK! Deluxe: the core's :class:`~fortress.engine.board.Board` (areas by id
and name, for notation and views) built from :class:`fortress.geodata.world_map.WorldMap`,
and the typed graph the rules ask [Maps], [Explanations]: land borders, coasts, sea borders,
lanes (with the zones they cross), canals (with their region), anchored zones. The same graph
is built for America in Flames' Americas map (:func:`americas_graph`, the map ``americas``):
land, coast and sea edges, its off-map boxes as zones joined to their edge zones by sea, the
Panama Canal; no lanes and no anchored zones there (design). :func:`graph_of` picks a state's."""
from __future__ import annotations

from dataclasses import dataclass, field
from functools import cache

from typing import Any, Generic, TypeVar

from fortress.engine.board import Area, Board
from fortress.geodata.americas_map import AmericasMap
from fortress.geodata.world_map import WorldMap

COAST = "coast:"  #: a coastline's id: ``coast:REGION`` (ships built wait there [Build])
KINDS = ("region", "zone")
EDGE_KINDS = ("land", "coast", "sea")  #: the board's typed edges (lanes and canals: :class:`Graph`)
THEATRE = {"western": ("west",), "pacific": ("pacific",), "both": ("west", "pacific")}
AMERICAS = "americas"  #: America in Flames' map (:func:`americas_graph`)


M = TypeVar("M", WorldMap, AmericasMap)


@dataclass(frozen=True)
class Graph(Generic[M]):
    """The typed edges, by area, and the area facts the rules read (of the world, or the Americas)."""

    world: M
    land: dict[str, frozenset[str]] = field(default_factory=dict)
    coast: dict[str, frozenset[str]] = field(default_factory=dict)  # region <-> zone, both ways
    sea: dict[str, frozenset[str]] = field(default_factory=dict)
    lanes: dict[str, tuple[tuple[str, tuple[str, ...]], ...]] = field(default_factory=dict)
    canals: dict[str, tuple[tuple[str, str], ...]] = field(default_factory=dict)  # zone -> (zone, region)

    def regions(self, map_name: str) -> list[str]:
        """The regions in play on ``map_name`` (western, pacific or both) [Setup S1]."""
        return list(in_theatre(map_name, "region"))

    def zones(self, map_name: str) -> list[str]:
        return list(in_theatre(map_name, "zone"))

    def anchored(self, zone: str) -> bool:
        return getattr(self.world.areas[zone], "anchored", False)  # the Americas have none

    def anchored_zones(self, region: str) -> list[str]:
        return sorted(z for z in self.coast.get(region, ()) if self.anchored(z))


@cache
def graph() -> Graph[WorldMap]:
    """The world's typed graph, built once per process."""
    return _graph(WorldMap.load(), {})


@cache
def americas_graph() -> Graph[AmericasMap]:
    """The Americas' typed graph (America in Flames), built once per process: a box edge is a
    sea edge (a box is a zone off the map)."""
    return _graph(AmericasMap.load(), {"box": "sea"})


def graph_of(s: Any) -> Graph[Any]:
    """The graph of the map a state plays on (``s.map``)."""
    return americas_graph() if s.map == AMERICAS else graph()


def _graph(world: M, alias: dict[str, str]) -> Graph[M]:
    sets: dict[str, dict[str, set[str]]] = {"land": {}, "coast": {}, "sea": {}}
    lanes: dict[str, list[tuple[str, tuple[str, ...]]]] = {}
    canals: dict[str, list[tuple[str, str]]] = {}
    for e in world.edges:
        kind = alias.get(e.type, e.type)
        if kind in sets:
            sets[kind].setdefault(e.a, set()).add(e.b)
            sets[kind].setdefault(e.b, set()).add(e.a)
        elif e.type == "lane":
            lanes.setdefault(e.a, []).append((e.b, tuple(e.via)))
            lanes.setdefault(e.b, []).append((e.a, tuple(e.via)))
        elif e.type == "canal":
            via = e.via if isinstance(e.via, str) else e.via[0]
            canals.setdefault(e.a, []).append((e.b, via))
            canals.setdefault(e.b, []).append((e.a, via))

    def frozen(d: dict[str, set[str]]) -> dict[str, frozenset[str]]:
        return {k: frozenset(v) for k, v in d.items()}
    return Graph(world, frozen(sets["land"]), frozen(sets["coast"]), frozen(sets["sea"]),
                 {k: tuple(sorted(v)) for k, v in lanes.items()}, {k: tuple(sorted(v)) for k, v in canals.items()})


@cache
def in_theatre(map_name: str, kind: str) -> tuple[str, ...]:
    """The areas of ``kind`` on ``map_name``, worked out once (the Americas: every area of the
    kind; its boxes count as zones)."""
    if map_name == AMERICAS:
        areas = americas_graph().world.areas.values()
        return tuple(sorted(a.id for a in areas if a.kind == kind or (kind == "zone" and a.kind == "box")))
    keep = THEATRE[map_name]
    return tuple(sorted(a.id for a in graph().world.areas.values()
                        if a.kind == kind and any(t in keep for t in a.theatres)))


@cache
def board() -> Board:
    """The whole world as a core board (areas by id and name); the map in play is an option."""
    g = graph()
    areas = [Area(a.id, a.name, a.kind, label=a.label, coastal=a.coastal) for a in g.world.areas.values()]
    edges = sorted({(*sorted((e.a, e.b)), e.type) for e in g.world.edges if e.type in EDGE_KINDS})
    return Board(areas, [(a, b, kind) for a, b, kind in edges], metadata={"title": "ATTACK! Deluxe: the world"},
                 kinds=KINDS, edge_kinds=EDGE_KINDS)


def place_name(area: str) -> str:
    """An area's name in texts; a coastline as 'the coast of REGION'."""
    areas: dict[str, Any] = {**americas_graph().world.areas, **graph().world.areas}
    if area.startswith(COAST):
        return f"the coast of {areas[area[len(COAST):]].name}"
    return areas[area].name if area in areas else area
