"""What the shell's GeoJSON board maps share (ATTACK!'s world board, America in Flames' Americas):
each area a GeoJSON layer of its own, its look in ``properties.style``; after a move only the
areas whose look changed are sent again; the name under the pointer above the map; a click
selects an area and the status line says what it is. No basemap: nothing is fetched at run time.

A map using :class:`AreaLayers` sets ``layers``, ``styles``, ``selected``, ``status`` and
``hover``, and says per area its name (``area_name``), its geometry in the frame shown
(``geometry``), its look (``style``), its pane (``pane_of``), whether it is in play
(``in_play``), and what a selection or a click out of play says.
"""
from __future__ import annotations

import json
from functools import cache
from pathlib import Path
from typing import Any

import ipyleaflet as L

from fortress.ui.area_layers import BACKDROP_BORDER, BACKDROP_FILL, collection
from fortress.ui.board_map import TYPICAL_SIZE, fit_view

Bounds = tuple[tuple[float, float], tuple[float, float]]  #: ((south, west), (north, east))
BACKDROP_LOOK = {"color": BACKDROP_BORDER, "weight": 1, "fillColor": BACKDROP_FILL, "fillOpacity": 1.0}


@cache
def read_features(path: Path) -> tuple[dict[str, Any], ...]:
    """A GeoJSON file's features that have a geometry, read once per process."""
    with open(path, encoding="utf-8") as fh:
        return tuple(f for f in json.load(fh)["features"] if f.get("geometry"))


def backdrop_data(geometries: list[dict[str, Any]]) -> dict[str, Any]:
    """The backdrop (land in no area) as one collection, grey, not clickable."""
    return collection([{"type": "Feature", "properties": {"style": BACKDROP_LOOK}, "geometry": g}
                       for g in geometries])


class AreaLayers:
    """The areas of a map, one GeoJSON layer each (a mixin: see the module's docstring)."""

    map: L.Map
    layers: dict[str, L.GeoJSON]
    styles: dict[str, dict[str, Any]]  #: each area's look as last sent
    selected: str | None
    status: Any
    hover: Any

    # -- what the map says per area (the map using the mixin) ---------------------------------
    def area_name(self, aid: str) -> str:
        raise NotImplementedError

    def geometry(self, aid: str) -> dict[str, Any]:
        raise NotImplementedError

    def style(self, aid: str) -> dict[str, Any]:
        raise NotImplementedError

    def pane_of(self, aid: str) -> str:
        raise NotImplementedError

    def frame(self) -> Bounds:
        """The frame the map is fitted to."""
        raise NotImplementedError

    def in_play(self, aid: str) -> bool:
        return True

    def out_of_play_text(self, aid: str) -> str:
        return f"{self.area_name(aid)} is not in play."

    def _selected_text(self, aid: str) -> str:
        raise NotImplementedError

    def after_redraw(self) -> None:
        """What else the map draws again after a move (e.g. units); nothing by default."""

    # -- the layers ---------------------------------------------------------------------------
    def _area_data(self, aid: str) -> dict[str, Any]:
        """``aid``'s layer's data: its shape in the frame shown, in its look now (kept as sent)."""
        style = self.styles[aid] = self.style(aid)
        return collection([{"type": "Feature", "id": aid,
                            "properties": {"id": aid, "name": self.area_name(aid), "style": style},
                            "geometry": self.geometry(aid)}])

    def _area_layer(self, aid: str) -> L.GeoJSON:
        layer = L.GeoJSON(data=self._area_data(aid), name=aid, pane=self.pane_of(aid))
        layer.on_click(self._clicked)
        layer.on_hover(self._hovered)
        return layer

    def features(self) -> list[dict[str, Any]]:
        """Every area's feature as the page has it, in the layers' order."""
        return [layer.data["features"][0] for layer in self.layers.values()]

    def redraw(self) -> None:
        """Draw again the areas whose look changed (after a move: holders), and say the selected
        one's state now."""
        for aid, layer in self.layers.items():
            if self.style(aid) != self.styles[aid]:
                layer.data = self._area_data(aid)
        self.after_redraw()
        if self.selected is not None:
            self.status.value = self._selected_text(self.selected)

    # -- the frame ---------------------------------------------------------------------------
    def fit(self) -> None:
        """Centre and zoom the map on its frame, for the map's size in the browser."""
        size = (round(self.map.right - self.map.left), round(self.map.bottom - self.map.top))
        width, height = size if min(size) > 20 else TYPICAL_SIZE
        centre, zoom = fit_view(self.frame(), width, height, snap=self.map.zoom_snap)
        self.map.center, self.map.zoom = centre, max(zoom, self.map.min_zoom)

    def _resized(self, _change: Any = None) -> None:
        size = (round(self.map.right - self.map.left), round(self.map.bottom - self.map.top))
        if min(size) > 20 and size != getattr(self, "_fitted", None):
            self._fitted = size
            self.fit()

    # -- the pointer ------------------------------------------------------------------------
    def select(self, aid: str) -> None:
        """Select ``aid`` and say what it is; an area out of play is named, not selected."""
        if not self.in_play(aid):
            self.status.value = self.out_of_play_text(aid)
            return
        self.selected = aid
        self.redraw()

    def _clicked(self, **event: Any) -> None:
        aid = (event.get("properties") or {}).get("id")
        if event.get("event") == "click" and aid in self.layers:
            self.select(aid)

    def _hovered(self, **event: Any) -> None:
        aid = (event.get("properties") or {}).get("id")
        if aid in self.layers:
            self.hover.value = self.area_name(aid)
