"""The world board's sea links on the dashboard's map (:mod:`fortress.ui.world_map`): lanes, the
anchored sea zones and the canals [Map], drawn as on the pictures of docs/board-world.md.

* Lanes: one GeoJSON layer, each lane a dashed grey line through its zones' label points
  (:meth:`fortress.geodata.world_map.WorldMap.lane_line`, the pictures' lines), unbroken across
  the date line; a lane with an end outside the map in play is drawn faint.
* Anchors: an anchor drawn in inline SVG (no icon font) and the zone's name, at its label point.
* Canals: a red diamond and the canal's name (Suez Canal, Panama Canal) at its region's label point.
  An anchor or a canal outside the map in play is faint too.

All of it is static: built once per view (a view's switch moves it, nothing else does), and it
takes no clicks nor hovers (a click on a lane or an anchor lands on the area under it).
"""
from __future__ import annotations

from html import escape
from typing import Any, Callable

import ipyleaflet as L

from fortress.geodata.world_map import VIEWS, WorldMap, canal_names, in_frame

LINKS_PANE = "ft-world-links"
#: over the regions' pane (402); no pointer events on its SVG root nor on its lines
PANE = {LINKS_PANE: {"zIndex": 403, "pointerEvents": "none"}}
LANE, CANAL = "#4d4d4d", "#c0392b"
#: the opacity of a link in the map in play, and of one outside it
SHOWN, FAINT = 0.85, 0.35
#: an anchor, 14 px, in the zones' blue: ring, shank, stock and flukes
ANCHOR_SVG = ("<svg width='14' height='14' viewBox='0 0 16 16' fill='none' stroke='#1d3f66' stroke-width='1.8' "
              "stroke-linecap='round'><circle cx='8' cy='3' r='1.7'/><path d='M8 4.7V14.5M4.5 7h7"
              "M2.5 10.5c1 2.4 3 4 5.5 4s4.5-1.6 5.5-4'/></svg>")
CANAL_SVG = (f"<svg width='12' height='12' viewBox='0 0 12 12'><path d='M6 0.8L11.2 6 6 11.2 0.8 6z' "
             f"fill='{CANAL}' stroke='#fff' stroke-width='1.2'/></svg>")
#: the markers' outer div: no box, no pointer events (also outside the shell's page: a notebook)
CSS = """<style>
.fortress-world .leaflet-marker-icon.leaflet-div-icon { background: transparent; border: none;
    pointer-events: none !important; }
.ft-world-mark { position: absolute; transform: translate(-7px, -7px); white-space: nowrap; font-size: 10px;
    font-style: italic; color: #1d3f66; text-shadow: 0 0 2px #fff, 0 0 2px #fff; pointer-events: none; }
.ft-world-mark svg { vertical-align: middle; }
.ft-world-canal { color: #8e2a20; font-style: normal; font-weight: 600; transform: translate(-6px, -6px); }
</style>"""


def lane_feature(world: WorldMap, lane: Any, shifted: bool, faint: bool) -> dict[str, Any]:
    """One lane as a GeoJSON LineString in a view's frame, named by its ends."""
    name = f"{world.areas[lane.a].name}\u2013{world.areas[lane.b].name}"
    style = {"color": LANE, "weight": 2, "opacity": FAINT if faint else SHOWN, "dashArray": "6 4",
             "interactive": False, "className": f"ft-world-lane ft-world-lane-{lane.a}-{lane.b}"}
    return {"type": "Feature", "id": f"{lane.a}~{lane.b}",
            "properties": {"kind": "lane", "name": name, "via": list(lane.via), "style": style},
            "geometry": {"type": "LineString", "coordinates": [[round(x, 3), round(y, 3)]
                                                               for x, y in world.lane_line(lane, shifted)]}}


class WorldLinks:
    """The lanes' layer and the anchors' and canals' markers of one map; ``layers`` to add to it,
    ``show(view)`` to move them to a view's frame."""

    def __init__(self, world: WorldMap, view: str, in_play: Callable[[str], bool]) -> None:
        self.world, self.in_play = world, in_play
        self.lanes = L.GeoJSON(data=self._lanes_data(view), name="lanes", pane=LINKS_PANE)
        self.anchors = {z: self._marker(z, ANCHOR_SVG, "ft-world-anchor", view)
                        for z in world.of_kind("zone") if world.areas[z].anchored}
        names = canal_names()
        self.canals = {c.via[0]: self._marker(c.via[0], CANAL_SVG, "ft-world-canal", view, names[c.via[0]])
                       for c in world.of_type("canal")}
        self.layers: tuple[L.Layer, ...] = (self.lanes, *self.anchors.values(), *self.canals.values())

    def _lanes_data(self, view: str) -> dict[str, Any]:
        shifted = VIEWS[view][1]
        lanes = self.world.of_type("lane")
        return {"type": "FeatureCollection",
                "features": [lane_feature(self.world, e, shifted, not (self.in_play(e.a) and self.in_play(e.b)))
                             for e in lanes]}

    def _location(self, aid: str, view: str) -> tuple[float, float]:
        lon, lat = in_frame(self.world.areas[aid].label, VIEWS[view][1])
        return lat, lon

    def _marker(self, aid: str, svg: str, css: str, view: str, name: str | None = None) -> L.Marker:
        """A mark at ``aid``'s label point: the symbol and its name (the zone's, or ``name``)."""
        text = escape(name or self.world.areas[aid].name)
        html = f"<div class='ft-world-mark {css}' data-area='{aid}'>{svg} {text}</div>"
        return L.Marker(location=self._location(aid, view), draggable=False, keyboard=False,
                        opacity=self._opacity(aid), icon=L.DivIcon(html=html, icon_size=(0, 0), icon_anchor=(0, 0)))

    def _opacity(self, aid: str) -> float:
        return SHOWN if self.in_play(aid) else FAINT

    def show(self, view: str) -> None:
        """Move everything to ``view``'s frame (and the lanes' faintness to the map in play)."""
        self.lanes.data = self._lanes_data(view)
        for aid, marker in (*self.anchors.items(), *self.canals.items()):
            marker.location, marker.opacity = self._location(aid, view), self._opacity(aid)
