"""The game board: areas (land territories and invasion zones) and who touches whom.

The board is data. It is loaded from the committed files in ``geodata/`` as plain
JSON and CSV (no geopandas, no shapely, no network), or built in memory from
``Area`` records and adjacency pairs for small teaching and test maps.

>>> board = Board.default()
>>> board["seattle"].kind
'city'
>>> board.find("seattle") == board.find("Seattle")
True
"""
from __future__ import annotations

import csv
import json
import os
from collections import deque
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any, Callable, Iterable, Iterator

KINDS = ("city", "mountain", "plain", "zone")
BORDER = "border"  #: the kind of an edge given as a plain pair
INVADERS = ("west", "south", "east")

def _geodata_dir() -> Path:
    """The board files shipped inside the package (``fortress/geodata/board/``, found with
    :mod:`importlib.resources` whatever the install: venv, ``--user``, ``--target``,
    editable); a folder named by ``FORTRESS_GEODATA`` overrides them."""
    from importlib import resources

    if os.environ.get("FORTRESS_GEODATA"):
        return Path(os.environ["FORTRESS_GEODATA"])
    return Path(str(resources.files("fortress") / "geodata" / "board"))


#: Where the committed board lives.
GEODATA_DIR = _geodata_dir()


class BoardError(ValueError):
    """The board files are missing or inconsistent."""


class AreaSet(frozenset[str]):
    """A frozenset of area ids that iterates in sorted order, so everything built by
    walking the board (legal actions, paths) is the same whatever ``PYTHONHASHSEED``."""

    __slots__ = ("_order",)
    _order: tuple[str, ...]

    def __new__(cls, items: Iterable[str] = ()) -> "AreaSet":
        unique = sorted(set(items))
        obj = super().__new__(cls, unique)
        obj._order = tuple(unique)
        return obj

    def __iter__(self) -> Iterator[str]:
        return iter(self._order)


_NONE = AreaSet()  #: no neighbours


@dataclass(frozen=True, slots=True)
class Area:
    """One area of the board: a land territory or an invasion zone."""

    id: str  #: stable slug used by rules, saves and the UI, e.g. "olympic-peninsula"
    name: str  #: display name, e.g. "Olympic Peninsula"
    kind: str  #: "city", "mountain", "plain" or "zone"
    side: str | None = None  #: the Invader owning a zone ("west", "south", "east"), else None
    city: str | None = None  #: the city's name for city territories
    label: tuple[float, float] = (0.0, 0.0)  #: (lat, lon) where unit markers go
    coastal: bool = False  #: touches the sea (an invasion zone at sea or a sea exception)
    region: str = ""  #: broad region named by partisan cards, e.g. "Pacific Northwest"

    @property
    def is_land(self) -> bool:
        return self.kind != "zone"

    @property
    def is_zone(self) -> bool:
        return self.kind == "zone"

    @property
    def is_city(self) -> bool:
        return self.kind == "city"

    @property
    def is_mountain(self) -> bool:
        return self.kind == "mountain"


class Board:
    """Areas and their adjacency. Immutable once built."""

    def __init__(
        self,
        areas: Iterable[Area],
        edges: Iterable[tuple[str, str] | tuple[str, str, str]],
        geometry: dict[str, dict[str, Any]] | None = None,
        metadata: dict[str, Any] | None = None,
        kinds: Iterable[str] = KINDS,
        edge_kinds: Iterable[str] = (BORDER,),
    ) -> None:
        """``kinds``: the area kinds the board's ruleset knows (Fortress America's by default).
        ``edges``: pairs ``(a, b)`` or typed triples ``(a, b, kind)``, ``kind`` one of
        ``edge_kinds`` (the ruleset's: ATTACK!'s land, coast, sea; a pair is a ``border``);
        a pair of areas may be joined by edges of several kinds."""
        self.areas: dict[str, Area] = {}
        known = frozenset(kinds)
        for area in areas:
            if area.id in self.areas:
                raise BoardError(f"duplicate area id {area.id!r}")
            if area.kind not in known:
                raise BoardError(f"area {area.id!r} has unknown kind {area.kind!r}")
            self.areas[area.id] = area
        links: dict[str, set[str]] = {a: set() for a in self.areas}
        typed: dict[str, dict[str, set[str]]] = {k: {} for k in edge_kinds}
        for edge in edges:
            a, b = edge[0], edge[1]
            kind = edge[2] if len(edge) > 2 else BORDER  # a typed triple
            if a not in links or b not in links:
                raise BoardError(f"adjacency names an unknown area: {a!r} - {b!r}")
            if a == b:
                raise BoardError(f"area {a!r} is listed as adjacent to itself")
            if kind not in typed:
                raise BoardError(f"edge {a!r} - {b!r} has unknown kind {kind!r} (known: {', '.join(typed)})")
            links[a].add(b)
            links[b].add(a)
            typed[kind].setdefault(a, set()).add(b)
            typed[kind].setdefault(b, set()).add(a)
        self._neighbours = {a: AreaSet(n) for a, n in links.items()}
        #: the kinds of edge this board knows, and each kind's neighbours by area
        self.edge_kinds: tuple[str, ...] = tuple(typed)
        self._typed = {k: {a: AreaSet(n) for a, n in by.items()} for k, by in typed.items()}
        self.geometry: dict[str, dict[str, Any]] = geometry or {}
        self.metadata: dict[str, Any] = metadata or {}
        self.ids: tuple[str, ...] = tuple(self.areas)
        self.names: dict[str, str] = {a.id: a.name for a in self.areas.values()}  #: id -> display name
        self.land: tuple[str, ...] = tuple(a.id for a in self.areas.values() if a.is_land)
        self.cities: tuple[str, ...] = tuple(a.id for a in self.areas.values() if a.is_city)
        self.zone_set: frozenset[str] = frozenset(a.id for a in self.areas.values() if a.is_zone)
        self._zones: dict[str | None, tuple[str, ...]] = {}
        self._regions: dict[str, tuple[str, ...]] | None = None
        self._memo: dict[Any, Any] = {}
        self._by_name: dict[str, str] = {}
        for area in self.areas.values():
            for key in {area.id, area.name, area.city or area.id}:
                self._by_name.setdefault(" ".join(key.split()).casefold(), area.id)

    # -- loading ---------------------------------------------------------------
    @classmethod
    def load(cls, directory: str | Path = GEODATA_DIR) -> "Board":
        """Load ``board.geojson`` and ``adjacency.csv`` from ``directory``."""
        directory = Path(directory)
        try:
            with open(directory / "board.geojson", encoding="utf-8") as fh:
                collection = json.load(fh)
            with open(directory / "adjacency.csv", encoding="utf-8", newline="") as fh:
                edges = [(row["a"], row["b"]) for row in csv.DictReader(fh)]
        except FileNotFoundError as exc:
            raise BoardError(f"board file missing: {exc.filename}") from exc
        except (json.JSONDecodeError, KeyError) as exc:
            raise BoardError(f"board file unreadable: {exc}") from exc
        areas, geometry = [], {}
        for feature in collection["features"]:
            p = feature["properties"]
            areas.append(
                Area(
                    id=p["id"],
                    name=p["name"],
                    kind=p["kind"],
                    side=p.get("side"),
                    city=p.get("city"),
                    label=tuple(p["label"]),
                    coastal=bool(p.get("coastal")),
                    region=p.get("region") or "",
                )
            )
            geometry[p["id"]] = feature["geometry"]
        return cls(areas, edges, geometry, collection.get("metadata", {}))

    @staticmethod
    @cache
    def default() -> "Board":
        """The committed board of the United States (loaded once per process)."""
        return Board.load()

    # -- lookup ----------------------------------------------------------------
    def __getitem__(self, area_id: str) -> Area:
        return self.areas[area_id]

    def __contains__(self, area_id: object) -> bool:
        return area_id in self.areas

    def __iter__(self) -> Iterator[Area]:
        return iter(self.areas.values())

    def __len__(self) -> int:
        return len(self.areas)

    def find(self, text: str) -> str:
        """The id of the area called ``text`` (an id, a name or a city name, any case and
        spacing)."""
        key = " ".join(text.split()).casefold()
        if key in self._by_name:
            return self._by_name[key]
        close = [a.name for a in self.areas.values() if key and key in a.name.casefold()]
        hint = f" Did you mean {', '.join(close[:3])}?" if close else ""
        raise KeyError(f"there is no area called {text!r} on this board.{hint}")

    def zones(self, side: str | None = None) -> tuple[str, ...]:
        """Invasion zones, all or those of one Invader (worked out once: a board never changes)."""
        found = self._zones.get(side)
        if found is None:
            found = self._zones[side] = tuple(a.id for a in self.areas.values()
                                              if a.is_zone and (side is None or a.side == side))
        return found

    def regions(self) -> dict[str, tuple[str, ...]]:
        """Land territories grouped by region name (worked out once; treat it as read-only)."""
        if self._regions is None:
            out: dict[str, list[str]] = {}
            for a in self.areas.values():
                if a.is_land:
                    out.setdefault(a.region, []).append(a.id)
            self._regions = {k: tuple(v) for k, v in out.items()}
        return self._regions

    # -- adjacency and paths -----------------------------------------------------
    def neighbours(self, area_id: str, *kinds: str) -> frozenset[str]:
        """The areas joined to ``area_id`` (by an edge of one of ``kinds``, if given).

        >>> b = Board([Area("a", "A", "region"), Area("b", "B", "region"), Area("s", "S", "zone")],
        ...           [("a", "b", "land"), ("a", "s", "coast")], kinds=("region", "zone"),
        ...           edge_kinds=("land", "coast"))
        >>> sorted(b.neighbours("a")), sorted(b.neighbours("a", "coast")), b.kinds_between("a", "b")
        (['b', 's'], ['s'], ('land',))
        """
        if not kinds:
            return self._neighbours[area_id]
        if len(kinds) == 1:
            return self._typed_of(kinds[0]).get(area_id, _NONE)
        return AreaSet(n for k in kinds for n in self._typed_of(k).get(area_id, ()))

    def _typed_of(self, kind: str) -> dict[str, AreaSet]:
        try:
            return self._typed[kind]
        except KeyError:
            raise BoardError(f"this board has no edges of kind {kind!r} (its kinds: {', '.join(self.edge_kinds)})") from None

    def kinds_between(self, a: str, b: str) -> tuple[str, ...]:
        """The kinds of the edges joining ``a`` and ``b`` (none if they are not adjacent)."""
        return tuple(k for k in self.edge_kinds if b in self._typed[k].get(a, ()))

    def adjacent(self, a: str, b: str) -> bool:
        return b in self._neighbours[a]

    def edges(self) -> list[tuple[str, str]]:
        """Each adjacent pair once, sorted."""
        return sorted((a, b) for a, ns in self._neighbours.items() for b in ns if a < b)

    def reachable(
        self, start: str, steps: int, through: Callable[[str], bool] | None = None
    ) -> dict[str, int]:
        """Areas within ``steps`` moves of ``start`` and their distance.

        Intermediate areas must satisfy ``through`` (the start and the end need not).
        """
        dist = {start: 0}
        frontier = deque([start])
        while frontier:
            here = frontier.popleft()
            d = dist[here]
            if d == steps or (d and through is not None and not through(here)):
                continue
            for nxt in self._neighbours[here]:
                if nxt not in dist:
                    dist[nxt] = d + 1
                    frontier.append(nxt)
        return dist

    def flight(self, start: str, steps: int, side: str | None = None) -> tuple[str, ...]:
        """Areas an aircraft of ``side`` reaches from ``start`` within ``steps`` moves, flying
        over any land territory and ``side``'s own zones (rules: Special Unit Abilities),
        nearest first, ``start`` left out. Worked out once per board."""
        key = ("flight", start, steps, side)
        found = self._memo.get(key)
        if found is None:
            areas = self.areas
            reach = self.reachable(start, steps, lambda a: areas[a].kind != "zone" or areas[a].side == side)
            found = self._memo[key] = tuple(a for a in reach if a != start)
        return found

    def memo(self, key: object, make: Callable[["Board"], object]) -> object:
        """``make(board)``, worked out once per board: for facts that depend on the board
        alone (a board never changes), e.g. the rules' tables of actions by area."""
        found = self._memo.get(key)
        if found is None:
            found = self._memo[key] = make(self)
        return found

    def path(self, start: str, goal: str, through: Callable[[str], bool] | None = None) -> list[str] | None:
        """A shortest path from ``start`` to ``goal`` (both included), or None.

        Intermediate areas must satisfy ``through``.
        """
        prev: dict[str, str | None] = {start: None}
        frontier = deque([start])
        while frontier:
            here = frontier.popleft()
            if here == goal:
                out = []
                node: str | None = here
                while node is not None:
                    out.append(node)
                    node = prev[node]
                return out[::-1]
            if here != start and through is not None and not through(here):
                continue
            for nxt in self._neighbours[here]:
                if nxt not in prev:
                    prev[nxt] = here
                    frontier.append(nxt)
        return None
