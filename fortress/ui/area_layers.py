"""The dashboard's territories as three GeoJSON layers, not one Polygon widget per area
(widget models are what a page's first paint pays for in the browser).

* ``areas``: every territory in its plain look (its holder's fill, a zone's dashes). It is
  sent again only when a holder changes (a capture, another game): rare.
* ``marks``: the territories marked by the game: declared battles, the battle being fought,
  what the bots just did. Sent again when those change (a declaration, a bot's move).
* ``highlights``: the player's selection and the territories where a click acts now. Sent
  again on each click; it is small.

Each layer holds only the areas whose look differs from the layer below, each feature's
look in ``properties.style`` (no ``style_callback``: ipyleaflet copies ``data`` only for
one). The browser draws a layer sent again over everything drawn before it in the same SVG,
so the layers above it are sent again too (they are small), and all of them draw in one
Leaflet pane of their own, under the map's overlays (footholds, the bots' arrows: the pane
:data:`OVERLAYS`). One SVG for all: two panes' SVGs may sit a fraction of a pixel apart,
and a click near a border could then land on the neighbour. Cities come last in every
layer, and a layer that holds a territory holds the cities beside it too: a city is never
under a neighbour's border, and a click on it lands on it.

The backdrop (Canada, Mexico) is one more GeoJSON layer, under the areas, not clickable.
"""
from __future__ import annotations

import json
import logging
from pathlib import Path
from typing import Any, Callable

import ipyleaflet as L

from fortress.engine.board import GEODATA_DIR, Board

log = logging.getLogger(__name__)

Style = tuple[str, float, str, int, str | None]  # fill, fill opacity, border colour, weight, dash
STAGES = ("areas", "marks", "highlights")
AREAS, OVERLAYS = "ft-areas", "ft-overlays"
#: Leaflet panes: the areas' and, over them, the overlays' (under Leaflet's own overlay pane,
#: 400); no pointer events on a pane's SVG root, so it never takes a click aimed at the one below
PANES = {AREAS: {"zIndex": 390, "pointerEvents": "none"}, OVERLAYS: {"zIndex": 395, "pointerEvents": "none"}}
DIGITS = 3  # decimals of a degree kept in the shapes sent (~100 m, a fifth of a pixel at zoom 8)
BACKDROP_BORDER, BACKDROP_FILL = "#9a9a8a", "#e7e4d8"  # Canada and Mexico
BACKDROP_STYLE = {"color": BACKDROP_BORDER, "weight": 1, "fillColor": BACKDROP_FILL, "fillOpacity": 1.0,
                  "interactive": False, "pane": AREAS}


def leaflet_style(style: Style, aid: str) -> dict[str, Any]:
    """A look as Leaflet's path options (the SVG path gets the class ``ft-shape-<area id>``)."""
    fill, opacity, colour, weight, dash = style
    out: dict[str, Any] = {"color": colour, "weight": weight, "opacity": 1.0, "fillColor": fill,
                           "fillOpacity": opacity, "pane": AREAS, "className": f"ft-shape-{aid}"}
    if dash:
        out["dashArray"] = dash
    return out


def rounded(coords: Any) -> Any:
    """GeoJSON coordinates to :data:`DIGITS` decimals (a border shared by two areas stays shared)."""
    if coords and isinstance(coords[0], (int, float)):
        return [round(c, DIGITS) for c in coords]
    return [rounded(c) for c in coords]


def collection(features: list[dict]) -> dict[str, Any]:
    return {"type": "FeatureCollection", "features": features}


def backdrop_features(path: Path | None = None) -> list[dict[str, Any]]:
    """Canada and Mexico's GeoJSON features, those with a geometry; none (and a warning) if the
    file is missing or unreadable."""
    path = path or GEODATA_DIR / "backdrop.geojson"
    try:
        with open(path, encoding="utf-8") as fh:
            features = json.load(fh)["features"]
        return [f for f in features if isinstance(f.get("geometry"), dict) and "coordinates" in f["geometry"]]
    except (OSError, ValueError, KeyError, TypeError, AttributeError) as exc:
        log.warning("backdrop not loaded: %s", exc)
        return []


def backdrop_layer(path: Path | None = None) -> L.GeoJSON | None:
    """Canada and Mexico as one grey, non-interactive layer; None if there is no backdrop."""
    try:
        shapes = [{"type": "Feature", "properties": {"style": BACKDROP_STYLE},
                   "geometry": {"type": f["geometry"]["type"], "coordinates": rounded(f["geometry"]["coordinates"])}}
                  for f in backdrop_features(path)]
    except (KeyError, TypeError) as exc:
        log.warning("backdrop not loaded: %s", exc)
        return None
    return L.GeoJSON(data=collection(shapes), name="backdrop") if shapes else None


class AreaLayers:
    """The areas' GeoJSON layers and what each shows. ``order``: the areas bottom to top."""

    def __init__(self, board: Board, order: list[str], on_click: Callable[[str], None],
                 on_hover: Callable[[str | None], None] | None) -> None:
        self.board = board
        self.order = [aid for aid in order if aid in board.geometry]
        self.shapes = {aid: {"type": board.geometry[aid]["type"], "coordinates": rounded(board.geometry[aid]["coordinates"])}
                       for aid in self.order}
        rank = {aid: i for i, aid in enumerate(self.order)}
        self.above = {aid: [n for n in board.neighbours(aid) if board[n].is_city and rank.get(n, -1) > rank[aid]]
                      for aid in self.order}  # the cities beside an area, drawn after it
        self.on_click, self.on_hover = on_click, on_hover
        self.shown: list[dict[str, Style]] = [{} for _ in STAGES]  # each layer's areas and their looks
        self.sent: list[int] = [0 for _ in STAGES]  # how many times each layer's data was sent
        self.version = 0  # in the data sent: a layer sent again with the same areas is still new
        self.layers: tuple[L.GeoJSON, ...] = ()

    def build(self, stages: list[dict[str, Style]]) -> tuple[L.GeoJSON, ...]:
        """The layers, drawn with each area's look at each stage (areas, marks, highlights)."""
        self.shown = [self._content(stages, k) for k in range(len(STAGES))]
        self.layers = tuple(L.GeoJSON(data=self._data(k), name=name) for k, name in enumerate(STAGES))
        for layer in self.layers:
            layer.on_click(self._clicked)
            if self.on_hover is not None:
                layer.on_hover(self._hovered)
        return self.layers

    def draw(self, stages: list[dict[str, Style]]) -> int:
        """Send the layers whose content changed; returns how many areas look different."""
        before = self.looks()
        contents = [self._content(stages, k) for k in range(len(STAGES))]
        lowest = next((k for k, c in enumerate(contents) if c != self.shown[k]), len(STAGES))
        self.version += lowest < len(STAGES)
        for k in range(lowest, len(STAGES)):  # the layers above a layer sent again: drawn over it again
            self.shown[k] = contents[k]
            self.layers[k].data = self._data(k)
            self.sent[k] += 1
        after = self.looks()
        return sum(1 for aid in after if after[aid] != before.get(aid))

    def looks(self) -> dict[str, Style]:
        """Each area's look as drawn (the topmost layer holding it)."""
        out: dict[str, Style] = {}
        for shown in self.shown:
            out.update(shown)
        return out

    def top(self, aid: str) -> L.GeoJSON:
        """The layer a click on ``aid`` lands on (the topmost that holds it)."""
        return next(layer for layer, shown in zip(self.layers[::-1], self.shown[::-1]) if aid in shown)

    def feature(self, aid: str, k: int) -> dict[str, Any]:
        return {"type": "Feature", "id": aid, "properties": {"id": aid, "style": leaflet_style(self.shown[k][aid], aid)},
                "geometry": self.shapes[aid]}

    def _content(self, stages: list[dict[str, Style]], k: int) -> dict[str, Style]:
        """Layer ``k``'s areas in drawing order: those whose look changes at stage ``k`` and
        the cities beside them (all areas for the first layer)."""
        if k == 0:
            return {aid: stages[0][aid] for aid in self.order}
        changed = {aid for aid in self.order if stages[k][aid] != stages[k - 1][aid]}
        more = changed
        while more:  # and the cities beside those, and the smaller cities beside those
            more = {c for aid in more for c in self.above[aid]} - changed
            changed |= more
        return {aid: stages[k][aid] for aid in self.order if aid in changed}

    def _data(self, k: int) -> dict[str, Any]:
        return collection([self.feature(aid, k) for aid in self.shown[k]]) | {"version": self.version}

    def _clicked(self, **event: Any) -> None:
        if event.get("event") == "click" and (aid := _area(event)) is not None:
            self.on_click(aid)

    def _hovered(self, **event: Any) -> None:
        if self.on_hover is not None and event.get("event") == "mouseover":
            self.on_hover(_area(event))


def _area(event: dict[str, Any]) -> str | None:
    """The area a GeoJSON mouse event is about (its feature's ``properties.id``)."""
    props = event.get("properties") or {}
    aid = props.get("id") if isinstance(props, dict) else None
    return aid if isinstance(aid, str) else None
