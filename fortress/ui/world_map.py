"""ATTACK! Deluxe's world board in the dashboard's map widget (ipyleaflet).

The three views of docs/board-world.md (:data:`fortress.geodata.world_map.VIEWS`): Western, the
native frame; Pacific and World, where every polygon whose centroid lies west of 25°W is shifted
by +360° so the Pacific is whole across the date line. Regions are filled with their holder's
colour (neutral ones plain), sea zones with the colour of the side whose ships hold them; areas
outside the game's theatre ([Setup S1] the map in play) are greyed and take no selection. The name
of the area under the pointer shows above the map, and a click selects a region or a sea zone,
reported in the status line below it. Over them, the sea links (:mod:`fortress.ui.world_links`):
lanes, anchored zones and canals. No basemap: nothing is fetched at run time.

Each area is a layer of its own (zones in a pane under the regions', :mod:`fortress.ui.area_map`): after a move only the areas
whose look changed are sent to the page again, a few KB each, not the whole board (~350 KB).
"""
from __future__ import annotations

from functools import cache
from typing import Any

import ipyleaflet as L
import ipywidgets as W

from fortress.draw import theme as T
from fortress.geodata.world_map import SHIFT_WEST_OF, VIEWS, WorldMap
from fortress.geodata.world_recipe import WORLD_DIR
from fortress.rulesets.attack.world import THEATRE
from fortress.ui.area_layers import rounded
from fortress.ui.area_map import AreaLayers, Bounds, backdrop_data, read_features
from fortress.ui.board_map import TYPICAL_SIZE, fit_view
from fortress.ui.world_links import CSS, PANE, WorldLinks

#: the button labels of the view selector, in the order shown
VIEW_LABELS = {"western": "Western", "pacific": "Pacific", "world": "World"}
#: the six figure colours of [Components]
SIDE_FILL = {"red": "#c0392b", "blue": "#1f5fbf", "green": "#2e8b57", "yellow": "#e6c229",
             "white": "#f7f7f2", "black": "#2b2b2b"}
LAND, OUT_OF_PLAY, ZONE_BORDER = "#efe6cc", "#d9d7d0", "#c0392b"  # zones' red lines, as the pictures
ZONES_PANE, REGIONS_PANE = "ft-world-zones", "ft-world-regions"
#: over the backdrop (Leaflet's overlay pane, 400): zones, then regions; an area drawn again
#: stays at its kind's level
PANES = {ZONES_PANE: {"zIndex": 401}, REGIONS_PANE: {"zIndex": 402}, **PANE}


def ring_centroid_x(ring: list[list[float]]) -> float:
    """The x of a ring's area centroid (shoelace); the mean x for a degenerate ring."""
    area = cx = 0.0
    for (x0, y0), (x1, y1) in zip(ring, ring[1:] + ring[:1]):
        cross = x0 * y1 - x1 * y0
        area += cross
        cx += (x0 + x1) * cross
    return cx / (3 * area) if area else sum(p[0] for p in ring) / len(ring)


def framed(geometry: dict[str, Any], shifted: bool) -> dict[str, Any]:
    """A (Multi)Polygon in a view's frame: each polygon west of 25°W moved by +360° if ``shifted``."""
    polygons = [geometry["coordinates"]] if geometry["type"] == "Polygon" else geometry["coordinates"]
    out = []
    for poly in polygons:
        dx = 360.0 if shifted and ring_centroid_x(poly[0]) < SHIFT_WEST_OF else 0.0
        out.append([[[x + dx, y] for x, y in ring] for ring in poly])
    return {"type": "MultiPolygon", "coordinates": rounded(out)}


def kind_word(kind: str) -> str:
    """An area's kind in words: a region or a sea zone."""
    return "region" if kind == "region" else "sea zone"


def lon_in_view(lon: float, view: str) -> float:
    return lon + 360.0 if VIEWS[view][1] and lon < SHIFT_WEST_OF else lon


@cache
def board_features() -> tuple[tuple[dict[str, Any], ...], tuple[dict[str, Any], ...]]:
    """(the world's region and zone features, the backdrop's), read once per process."""
    return read_features(WORLD_DIR / "world.geojson"), read_features(WORLD_DIR / "backdrop.geojson")


@cache
def shapes(view: str) -> tuple[dict[str, dict[str, Any]], list[dict[str, Any]]]:
    """(each area's geometry in the frame of ``view``, the backdrop's geometries), worked out once."""
    shifted = VIEWS[view][1]
    areas, backdrop = board_features()
    return ({f["properties"]["id"]: framed(f["geometry"], shifted) for f in areas},
            [framed(f["geometry"], shifted) for f in backdrop])


def view_bounds(view: str) -> Bounds:
    """((south, west), (north, east)): the docs' frame of ``view``."""
    _, _, (west, east), (south, north) = VIEWS[view]
    return (south, west), (north, east)


class WorldBoardMap(AreaLayers):
    """The world board of an ATTACK! game as a map widget: ``widget`` is the view selector, the
    view's title and the name under the pointer, the map and the status line. ``select(area)`` is what a click does."""

    def __init__(self, game: Any, view: str = "western", height: str = "520px") -> None:
        self.game = game
        self.world = WorldMap.load()
        self.selected: str | None = None
        self.view = view
        self.backdrop = L.GeoJSON(data=self._backdrop_data(), name="backdrop")
        self.styles: dict[str, dict[str, Any]] = {}  #: each area's look as last sent
        self.layers = {aid: self._area_layer(aid) for aid in sorted(shapes(view)[0], key=self._order)}
        self.areas = L.LayerGroup(layers=tuple(self.layers.values()), name="areas")
        self.links = WorldLinks(self.world, view, self.in_play)
        self.sea_links = L.LayerGroup(layers=self.links.layers, name="sea links")
        centre, zoom = fit_view(view_bounds(view), *TYPICAL_SIZE, snap=0.25)
        self.map = L.Map(layers=(self.backdrop, self.areas, self.sea_links), center=centre, zoom=zoom,
                         zoom_snap=0.25, panes=PANES,
                         zoom_delta=0.5, min_zoom=1, max_zoom=7, attribution_control=False,
                         scroll_wheel_zoom=True, keyboard=False, world_copy_jump=False,
                         _dom_classes=("fortress-world-map",), layout=W.Layout(height=height, width="100%"))
        self.map.observe(self._resized, names=["left", "right", "top", "bottom"])
        self.views = W.ToggleButtons(options=[(label, key) for key, label in VIEW_LABELS.items()], value=view,
                                     _dom_classes=("fortress-world-views",))
        self.views.observe(lambda change: self.show(change["new"]), names="value")
        self.caption = W.HTML(VIEWS[view][0], _dom_classes=("fortress-world-caption",))
        self.hover = W.HTML("&nbsp;", _dom_classes=("fortress-world-hover",))
        self.status = W.HTML("Click a region or a sea zone.", _dom_classes=("fortress-world-status",))
        title = W.HBox([self.caption, W.HTML("&nbsp;&middot;&nbsp;"), self.hover])
        self.widget = W.VBox([W.HTML(CSS), self.views, title, self.map, self.status], _dom_classes=("fortress-world",))

    # -- what the map shows ---------------------------------------------------------------
    def in_play(self, aid: str) -> bool:
        """Whether ``aid`` lies in the theatre of the game's map (western, pacific or both)."""
        return any(t in THEATRE[self.game.state.map] for t in self.world.areas[aid].theatres)

    def holder(self, aid: str) -> str | None:
        """The side holding a region, or whose ships alone are in a zone; None if no one."""
        s = self.game.state
        side: str | None = s.zone_holder(aid) if self.world.areas[aid].kind == "zone" else s.control.get(aid)
        return side

    def style(self, aid: str) -> dict[str, Any]:
        """The Leaflet look of ``aid``: its holder's fill, greyed out of play, a heavy border selected."""
        area, side = self.world.areas[aid], self.holder(aid)
        zone = area.kind == "zone"
        if not self.in_play(aid):
            fill, opacity = OUT_OF_PLAY, 0.7
        elif side is not None:
            fill, opacity = SIDE_FILL.get(side, T.NEUTRAL), 0.5 if zone else 0.8
        else:
            fill, opacity = (T.OCEAN, 0.8) if zone else (LAND, 1.0)
        chosen = aid == self.selected
        out = {"color": T.SELECT if chosen else ZONE_BORDER if zone else T.BORDER, "weight": 3 if chosen else 1,
               "opacity": 1.0, "fillColor": fill, "fillOpacity": opacity, "className": f"ft-world-{aid}"}
        if zone and not chosen:
            out["dashArray"] = "4 3"
        return out

    def _order(self, aid: str) -> tuple[bool, str]:
        return self.world.areas[aid].kind == "region", aid  # zones first, regions over them

    def _backdrop_data(self) -> dict[str, Any]:
        return backdrop_data(shapes(self.view)[1])

    def area_name(self, aid: str) -> str:
        return self.world.areas[aid].name

    def geometry(self, aid: str) -> dict[str, Any]:
        return shapes(self.view)[0][aid]

    def pane_of(self, aid: str) -> str:
        return ZONES_PANE if self.world.areas[aid].kind == "zone" else REGIONS_PANE

    def out_of_play_text(self, aid: str) -> str:
        area = self.world.areas[aid]
        return f"{area.name} ({kind_word(area.kind)}) is not on the {self.game.state.map} map in play."

    # -- views ------------------------------------------------------------------------------
    def show(self, view: str) -> None:
        """Switch to ``view`` (western, pacific, world): the shapes in its frame, fitted to it."""
        if view not in VIEWS:
            raise ValueError(f"no view {view!r}: the views are {', '.join(VIEWS)}")
        self.view = view
        if self.views.value != view:
            self.views.value = view  # calls show again, with the same view: nothing more happens
        self.backdrop.data = self._backdrop_data()
        for aid, layer in self.layers.items():
            layer.data = self._area_data(aid)
        self.links.show(view)
        with self.map.hold_sync():
            self.fit()
        self.caption.value = VIEWS[view][0]  # last: the page knows the view is drawn by its caption

    def frame(self) -> Bounds:
        return view_bounds(self.view)

    # -- the pointer ------------------------------------------------------------------------
    def _selected_text(self, aid: str) -> str:
        area, side = self.world.areas[aid], self.holder(aid)
        held = f"held by {side.title()}" if side else ("neutral" if area.kind == "region" else "no ships")
        return f"Selected: <b>{area.name}</b> ({kind_word(area.kind)}, {held})"
