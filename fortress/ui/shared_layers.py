"""Map layers shared by every still map of a kernel, so the board's shapes travel once.

A notebook that shows a dozen positions (``H.show`` in the tutorial) drew a dozen boards of
~120 polygons each, and every polygon carries its area's outline: stored with its widget
state, the executed tutorial was 14.3 MB. A widget model can be shown in any number of maps
(each map draws its own view of it), so maps built over a :class:`LayerPool` take each area's
polygon from the pool, one model per (area, look), and each label marker likewise, one per
(area, label): the outline of an area that looks alike in every map is sent once, and a map
only adds a model for an area that looks different. Pooled layers are never restyled (another
map shows them): a map that changes swaps an area's layer for the pooled one of its new look.
They report no clicks, so pooled maps are for showing positions, not for playing.
"""
from __future__ import annotations

import weakref
from pathlib import Path
from typing import TYPE_CHECKING, Any, Callable, TypeVar

import ipyleaflet as L

from fortress.engine.board import Area, Board
from fortress.ui.area_layers import BACKDROP_BORDER, BACKDROP_FILL, backdrop_features

if TYPE_CHECKING:
    from fortress.ui.area_layers import Style


def rings(geometry: dict[str, Any]) -> list[Any]:
    """GeoJSON (lon, lat) rings -> Leaflet (lat, lon) locations."""
    def ring(r: list[list[float]]) -> list[tuple[float, float]]:
        return [(lat, lon) for lon, lat in r]
    if geometry["type"] == "Polygon":
        return [ring(r) for r in geometry["coordinates"]]
    return [[ring(r) for r in poly] for poly in geometry["coordinates"]]


def load_backdrop(path: Path | None = None) -> list[L.Polygon]:
    """Canada and Mexico as grey, non-interactive shapes (pooled maps); nothing if the file is missing."""
    out = []
    for f in backdrop_features(path):
        try:
            locs = rings(f["geometry"])
        except (KeyError, TypeError, ValueError):
            continue
        out.append(L.Polygon(locations=locs, color=BACKDROP_BORDER, weight=1, fill_color=BACKDROP_FILL, fill_opacity=1.0,
                             name=f.get("properties", {}).get("name", "backdrop"), pointer_events="none"))
    return out


class LayerPool:
    """One kernel's layer models for one board, keyed by what they look like."""

    def __init__(self) -> None:
        self.polygons: dict[tuple[str, Style], L.Polygon] = {}
        self.markers: dict[tuple[str, str], L.Marker] = {}
        self.backdrop: list[L.Polygon] | None = None

    def polygon(self, aid: str, style: Style, make: Callable[[], L.Polygon]) -> L.Polygon:
        """The pooled polygon of area ``aid`` drawn with ``style`` (``make`` builds it once)."""
        return _pooled(self.polygons, (aid, style), make)

    def marker(self, area: Area, html: str, make: Callable[[], L.Marker]) -> L.Marker:
        """The pooled label marker of ``area`` showing ``html``."""
        return _pooled(self.markers, (area.id, html), make)

    def backdrop_layers(self, make: Callable[[], list[L.Polygon]]) -> list[L.Polygon]:
        """Canada and Mexico, built once."""
        if self.backdrop is None or any(_closed(p) for p in self.backdrop):
            self.backdrop = make()
        return self.backdrop


def _closed(widget: Any) -> bool:
    """A widget closed by hand (``close_all``) has no comm: it cannot be shown again."""
    return getattr(widget, "comm", None) is None


K = TypeVar("K")
V = TypeVar("V")


def _pooled(table: dict[K, V], key: K, make: Callable[[], V]) -> V:
    layer = table.get(key)
    if layer is None or _closed(layer):
        layer = table[key] = make()
    return layer


_POOLS: "weakref.WeakKeyDictionary[Board, LayerPool]" = weakref.WeakKeyDictionary()


def pool_for(board: Board) -> LayerPool:
    """The kernel's pool for ``board`` (made on first use, gone with the board)."""
    pool = _POOLS.get(board)
    if pool is None:
        pool = _POOLS[board] = LayerPool()
    return pool
