"""The board as an ipyleaflet map: the areas as a few GeoJSON layers
(:mod:`fortress.ui.area_layers`), one DivIcon marker per labelled area.

The first :meth:`BoardMap.update` builds every layer with its final style and label, and
hands them to the map in one message (no widget is created, then restyled). Later updates
are incremental: each area's style and label are compared with what the browser already
has and only the differences are sent (the area layers whose content changed, one
new ``DivIcon`` per changed label, the old one closed: the widget count stays flat over a
game). With ``fit=True`` the view is re-fitted to the whole board whenever the map's size
in the browser changes; with ``defer_labels`` too (the dashboard's page) the first paint is
the areas only and the labels follow once the browser has said the map's size (they are laid
out for it), all new markers in one message. With a ``pool`` (:mod:`fortress.ui.shared_layers`)
the areas are one Polygon each, shared with the kernel's other still maps, so a notebook sends
the board's shapes once.
The labels are laid out by :mod:`fortress.ui.labels` for the map's
zoom (and projector mode): none overlaps another, a label moved aside gets a leader line;
labels take no clicks (a click acts on the territory under the pointer).
"""
from __future__ import annotations

import math
from collections import Counter
from dataclasses import dataclass
from functools import partial
from typing import Callable

import ipyleaflet as L
import ipywidgets as W

from fortress.engine.board import Board
from fortress.geodata import overlays
from fortress.ui import labels as LB
from fortress.ui import theme as T
from fortress.ui.area_layers import OVERLAYS, PANES, AreaLayers, Style, backdrop_layer
from fortress.ui.map_labels import LabelLayout, mercator
from fortress.ui.shared_layers import LayerPool, load_backdrop, rings

@dataclass
class MapView:
    """What the map should show, besides the game: the interface's highlights."""

    selected: str | None = None
    targets: frozenset[str] = frozenset()
    recent: frozenset[str] = frozenset()
    battle: str | None = None


@dataclass
class AreaLook:
    style: Style
    html: str


#: the dashboard map's height: a share of the window, so the legend and tracks below it stay
#: above the fold (1280x720, 1440x900), never the height of the column beside it
MAP_HEIGHT = "clamp(300px, calc(100vh - 356px), 1100px)"  # header, banner, legend and tracks: 356 px
FIT_PADDING = 6  # px kept free around the board when the view is fitted
TYPICAL_SIZE = (800, 480)  # px: the map in a 1280-1366 px wide window, for the view before the first fit


def fit_view(bounds: tuple[tuple[float, float], tuple[float, float]], width: float, height: float,
             snap: float = 0.05) -> tuple[tuple[float, float], float]:
    """Centre and zoom (a multiple of ``snap``) showing ``bounds`` ((south, west), (north, east))
    whole in a ``width`` x ``height`` pixel map, as Leaflet's ``fitBounds`` would."""
    (south, west), (north, east) = bounds
    x0, y0 = mercator(north, west)
    x1, y1 = mercator(south, east)
    scale = min((width - 2 * FIT_PADDING) / (x1 - x0), (height - 2 * FIT_PADDING) / (y1 - y0))
    zoom = math.floor(math.log2(max(scale, 1e-9)) / snap) * snap
    ym = (y0 + y1) / 2
    lat = math.degrees(math.atan(math.sinh(math.pi * (1 - ym / 128))))
    return (round(lat, 4), round((x0 + x1) / 2 * 360 / 256 - 180, 4)), round(zoom, 2)


def board_bounds(board: Board, ids=None) -> tuple[tuple[float, float], tuple[float, float]]:
    """((south, west), (north, east)) around the shapes of the areas ``ids`` (default: all)."""
    lats, lons = [], []

    def walk(coords) -> None:
        if coords and isinstance(coords[0], (int, float)):
            lons.append(coords[0])
            lats.append(coords[1])
        else:
            for c in coords:
                walk(c)
    for aid in board.geometry if ids is None else ids:
        walk(board.geometry[aid]["coordinates"])
    return (min(lats), min(lons)), (max(lats), max(lons))


class BoardMap(LabelLayout):
    """The map widget and its incremental updates. ``on_click(area_id)`` is called on clicks.

    ``game`` (and ``view``) build the layers at once with their first look; otherwise the
    first :meth:`update` does. ``fit`` re-fits the view to the board when the map is resized.
    With a ``pool`` the areas are the kernel's shared Polygons and clicks are not reported;
    otherwise they are :class:`AreaLayers` (``areas``)."""

    def __init__(self, board: Board, on_click: Callable[[str], None], height: str = "540px",
                 game=None, view: MapView | None = None, fit: bool = False,
                 pool: LayerPool | None = None,
                 on_hover: Callable[[str | None], None] | None = None, tools: L.Control | None = None,
                 defer_labels: bool = False) -> None:
        self.board = board
        self.on_click = on_click
        self.pool = pool
        self.on_hover = on_hover
        self.names = False  # print every territory's name on the map
        self.has_tools = tools is not None  # the Names / Projector toggles in the top right corner
        self.has_credit = bool(board.metadata.get("credit"))  # the data's credit line, bottom left
        self.projector = False  # counters twice as large (the page's CSS class says so too)
        self._drawn: tuple | None = None  # the last (game, view) drawn: redrawn on zoom
        self._layout: LB.Layout | None = None  # the offsets last laid out
        self._layouts: dict[tuple, LB.Layout] = {}  # layouts by what they read (a few: a crowded map tries sizes)
        self.shrink = 0  # the label size in use: labels.shrinks()[shrink] (a crowded map: smaller)
        self.polygons: dict[str, L.Polygon] = {}  # with a pool only
        self.areas = None if pool is not None else AreaLayers(board, [a.id for a in self.stacking()], on_click, on_hover)
        self.markers: dict[str, L.Marker] = {}
        self.footholds: dict[str, L.Polygon] = {}  # Invader Card variant: overlay per territory
        self._looks: dict[str, AreaLook] = {}
        self._blank: L.DivIcon | None = None  # one empty icon shared by every marker with no label
        self._pending: list[L.Marker] = []  # markers made by an update, added to the map at its end
        self.stats: Counter[str] = Counter()  # layers changed and view fits, for the benchmark and tests
        self.bounds = board_bounds(board)
        self.fitted: tuple[int, int] | None = None  # the map size (px) the view was last fitted to
        centre, zoom = fit_view(self.bounds, *TYPICAL_SIZE)  # until the browser tells the real size
        self.zoom = self.zoom_drawn = zoom  # the zoom the labels are sized for (the map's CSS class)
        self._fitting = False
        # with ``fit``: the labels wait for the browser's size (they are laid out for it anyway),
        # so the first paint is the areas only and the labels follow in one message
        self.deferred = defer_labels and fit
        layers = self._build(game, view or MapView()) if game is not None else ()
        credit = board.metadata.get("credit", "")
        controls = (L.ZoomControl(),) + ((L.WidgetControl(widget=W.HTML(f"<small>{credit}</small>"),
                                                           position="bottomleft"),) if credit else ())
        controls += (tools,) if tools is not None else ()
        # everything given at construction: no update message before the first paint.
        # keyboard=False: no tabindex, so a mouse-down never focuses (and scrolls) the map
        self.map = L.Map(layers=layers, controls=controls, zoom_control=False, center=centre, zoom=zoom,
                         zoom_snap=0.05, zoom_delta=0.5, min_zoom=2,  # 2: the whole board on a phone
                         max_zoom=8, attribution_control=False,
                         scroll_wheel_zoom=True, keyboard=False,
                         _dom_classes=("fortress-map", LB.zoom_class(zoom), LB.shrink_class(self.shrink)),
                         layout=W.Layout(height=height, width="100%", flex="0 0 auto"),
                         panes=PANES if self.areas is not None else {})
        if self.areas is not None and on_hover is not None:
            self.map.on_interaction(self._left)  # the pointer left the map: no area under it
        if fit:
            self.map.observe(self._resized, names=["left", "right", "top", "bottom"])
        self.map.observe(self._zoomed, names=["zoom"])

    def _build(self, game, view: MapView) -> tuple:
        """Every layer, drawn as ``game`` and ``view`` want it: backdrop, areas, labels."""
        polygons, texts = [], ({} if self.deferred else self._labels(game, view))
        self._drawn = (game, view)
        stages = self._stages(game, view)
        for area in self.stacking():
            look = AreaLook(stages[2][area.id], texts.get(area.id, ""))
            self._looks[area.id] = look
            if area.id in self.board.geometry and self.areas is None:
                polygons.append(self._polygon(area.id, look.style))
            if look.html:
                self.markers[area.id] = self._marker(area, look.html)
        self.marker_group = L.LayerGroup(layers=tuple(self.markers.values()), name="units")
        if self.areas is not None:
            polygons = list(self.areas.build(stages))
            backdrop = [layer] if (layer := backdrop_layer()) is not None else []
        else:
            backdrop = self.pool.backdrop_layers(load_backdrop) if self.pool is not None else []
        return (*backdrop, *polygons, *self._new_footholds(game), self.marker_group)

    def _stages(self, game, view: MapView) -> list[dict[str, Style]]:
        """Every area's look in the plain map, with the game's marks, with the view's highlights."""
        looks = {area.id: self._style(game, area, view) for area in self.board}
        return [{aid: three[stage] for aid, three in looks.items()} for stage in range(3)]

    def _new_footholds(self, game) -> list[L.Polygon]:
        """Overlays for the footholds placed since the last call (Invader Card variant); each
        drawn faded while another side holds its territory (it works only for its Invader)."""
        new = []
        for aid, side in game.footholds.items():
            opacity = 0.95 if game.controller(aid) == side else 0.35
            poly = self.footholds.get(aid)
            if poly is None:
                poly = self.footholds[aid] = L.Polygon(
                    locations=rings(overlays.placed(self.board, aid, side)), color="#000000", weight=1,
                    fill_color=T.SIDE_COLOURS[side][0], fill_opacity=opacity, name=f"foothold {aid}",
                    pane=OVERLAYS if self.areas is not None else "")  # over the area layers
                poly.on_click(partial(self._clicked, aid))
                new.append(poly)
            elif poly.fill_opacity != opacity:
                poly.fill_opacity = opacity
        return new

    def stacking(self) -> list:
        """The areas bottom to top: zones, then land, then cities (each larger shapes first), so
        a click on a small city is never taken by a neighbour's border drawn over it."""
        def size(area) -> float:
            if area.id not in self.board.geometry:
                return 0.0
            (south, west), (north, east) = board_bounds(self.board, [area.id])
            return (north - south) * (east - west)
        return sorted(self.board, key=lambda a: (not a.is_zone, a.is_city, -size(a)))

    def _polygon(self, aid: str, style: Style) -> L.Polygon:
        """The pool's polygon of ``aid`` in ``style`` (shared with other maps: no listeners of this map's)."""
        assert self.pool is not None
        poly = self.polygons[aid] = self.pool.polygon(aid, style, partial(self._new_polygon, aid, style))
        return poly

    def _new_polygon(self, aid: str, style: Style) -> L.Polygon:
        fill, opacity, colour, weight, dash = style
        return L.Polygon(locations=rings(self.board.geometry[aid]), color=colour, weight=weight, fill_color=fill,
                         fill_opacity=opacity, dash_array=dash, name=aid)

    def _marker(self, area, html: str) -> L.Marker:
        """A label. It takes no clicks nor hovers (theme.CSS: ``pointer-events: none``): a label
        moved aside by the layout may sit over another territory, and a click there acts on
        the territory under the pointer (issue 35)."""
        if self.pool is not None:
            return self.pool.marker(area, html, partial(self._new_marker, area, html))
        return self._new_marker(area, html)

    @staticmethod
    def _new_marker(area, html: str) -> L.Marker:
        return L.Marker(location=tuple(area.label), draggable=False, keyboard=False, title=area.name,
                        icon=L.DivIcon(html=html, icon_size=(0, 0), icon_anchor=(0, 0)))

    def _resized(self, _change=None) -> None:
        """Re-fit the view to the whole board when the map's size in the browser changed."""
        size = (round(self.map.right - self.map.left), round(self.map.bottom - self.map.top))
        same = self.fitted is not None and all(abs(a - b) <= 2 for a, b in zip(size, self.fitted))
        if same and self.names and not self.deferred:
            self.redraw()  # panned: the names are laid out for the view (those off it were left out)
        if min(size) <= 2 * FIT_PADDING or same:
            return  # no room, or the same size (a pan or a zoom by hand, rounding)
        was = self.narrow
        self.fitted = size
        if self.narrow != was:
            (self.map.add_class if self.narrow else self.map.remove_class)("ft-compact")
        self.deferred = False  # the labels can be laid out for this size now
        centre, zoom = fit_view(self.bounds, *size, snap=self.map.zoom_snap)
        self._fitting = True  # the new view goes to the browser first, the labels after
        try:
            with self.map.hold_sync():
                self.map.center, self.map.zoom = centre, min(max(zoom, self.map.min_zoom), self.map.max_zoom)
        finally:
            self._fitting = False
        self.stats["fits"] += 1
        self._zoomed({"new": self.map.zoom})

    def fit_board(self) -> None:
        """Show the whole board again, as large as the map allows (the "Fit board" button):
        after a zoom or a pan by hand."""
        size = self.fitted or TYPICAL_SIZE
        centre, zoom = fit_view(self.bounds, *size, snap=self.map.zoom_snap)
        with self.map.hold_sync():
            self.map.center, self.map.zoom = centre, min(max(zoom, self.map.min_zoom), self.map.max_zoom)

    def _zoomed(self, change) -> None:
        """A new zoom: labels sized for it (the map's CSS class) and laid out again."""
        if self._fitting:
            return
        self.zoom = change["new"]
        old, new = LB.zoom_class(self.zoom_drawn), LB.zoom_class(self.zoom)
        if old != new:
            self.map.remove_class(old)
            self.map.add_class(new)
        self.zoom_drawn = self.zoom
        self.redraw()

    def redraw(self) -> int:
        """Draw the last game and view again (after a change of zoom, names or projector)."""
        return self.update(*self._drawn) if self._drawn is not None and self._looks else 0

    def set_options(self, names: bool | None = None, projector: bool | None = None) -> int:
        """Print the names or not; projector mode or not; the labels are laid out again."""
        self.names = self.names if names is None else names
        self.projector = self.projector if projector is None else projector
        return self.redraw()

    def _clicked(self, aid: str, **event) -> None:
        if event.get("type", "click") == "click":
            self.on_click(aid)

    def _left(self, **event) -> None:
        if event.get("type") == "mouseout" and self.on_hover is not None:
            self.on_hover(None)

    def click(self, aid: str) -> None:
        """Simulate a mouse click on an area (tests), the way the browser would send it."""
        self.mouse(aid, "click")

    def mouse(self, aid: str, kind: str) -> None:
        """Simulate a mouse event (``click``, ``mouseover``) on an area, as the browser sends it."""
        lat, lon = self.board[aid].label
        if self.areas is None:
            self.polygons[aid]._handle_mouse_events(None, {"event": "interaction", "type": kind,
                                                           "coordinates": [lat, lon]}, [])
            return
        layer = self.areas.top(aid)
        feature = next(f for f in layer.data["features"] if f["id"] == aid)
        layer._handle_mouse_events(None, {"event": kind, "feature": feature, "properties": feature["properties"],
                                          "id": aid, "coordinates": [lat, lon]}, [])

    def drawn_style(self, aid: str) -> Style:
        """The look the browser was sent for area ``aid``."""
        if self.areas is None:
            p = self.polygons[aid]
            return p.fill_color, p.fill_opacity, p.color, p.weight, p.dash_array
        return self.areas.looks()[aid]

    # -- drawing --------------------------------------------------------------------------
    def update(self, game, view: MapView) -> int:
        """Bring the map up to date with ``game`` and ``view``; returns how many areas' looks,
        labels and overlays changed."""
        if not self._looks:
            self.map.layers = self._build(game, view)
            return len(self.map.layers)
        if self.deferred and self._drawn is not None and game is not self._drawn[0]:
            self.deferred = False  # another game (started before the browser said its size)
        self._drawn = (game, view)
        texts = {} if self.deferred else self._labels(game, view)
        new = self._new_footholds(game)
        if new:  # drawn over the areas, under the labels
            layers = self.map.layers
            i = layers.index(self.marker_group)
            self.map.layers = layers[:i] + tuple(new) + layers[i:]
        changed = len(new)
        stages = self._stages(game, view)
        if self.areas is not None:
            changed += self.areas.draw(stages)
        for area in self.board:
            look = AreaLook(stages[2][area.id], texts.get(area.id, ""))
            old = self._looks[area.id]
            if old == look:
                continue
            self._looks[area.id] = look
            if old.style != look.style and area.id in self.polygons:  # shared with other maps (a pool):
                old_poly = self.polygons[area.id]  # swap in the pooled layer of the new look
                self.map.substitute(old_poly, self._polygon(area.id, look.style))
                changed += 1
            if old.html != look.html:
                self._relabel(area, look.html)
                changed += 1
        if self._pending:  # new markers join the map in one message
            self.marker_group.layers = self.marker_group.layers + tuple(self._pending)
            self._pending = []
        self.stats["changes"] += changed
        return changed

    def _relabel(self, area, html: str) -> None:
        """A new label: a new icon (Leaflet redraws a marker only for a new icon); the old
        icon is closed, and markers with no label share one empty icon."""
        marker = self.markers.get(area.id)
        if marker is None or self.pool is not None:
            self.markers[area.id] = self._marker(area, html)
            if marker is None:
                self._pending.append(self.markers[area.id])
            else:  # shared with other maps: swap in the pooled marker of the new label
                self.marker_group.substitute(marker, self.markers[area.id])
            return
        old = marker.icon
        if html:
            marker.icon = L.DivIcon(html=html, icon_size=(0, 0), icon_anchor=(0, 0))
        else:
            if self._blank is None:
                self._blank = L.DivIcon(html="", icon_size=(0, 0), icon_anchor=(0, 0))
            marker.icon = self._blank
        if old is not self._blank:
            old.close()

    def _style(self, game, area, view: MapView) -> tuple[Style, Style, Style]:
        """An area's look at each stage: its holder's fill (0), with the game's marks (1:
        declared battles, the battle, recent moves), with the player's highlights (2: targets,
        the selection)."""
        owner = game.controller(area.id)
        fill = T.SIDE_COLOURS.get(owner, (T.NEUTRAL,))[0]
        opacity = 0.28 if area.is_zone else (0.55 if area.is_city else 0.42)
        colour, weight, dash = T.BORDER, 1, ("4 3" if area.is_zone else None)
        plain = fill, opacity, colour, weight, dash
        declared = area.id in game.state.declared
        if declared:
            colour, weight, dash = "#000000", 3, "7 4"
        if area.id in view.recent:
            colour, weight, dash = "#7a6a00", 3, ("7 4" if declared else None)
            opacity = min(opacity + 0.2, 0.9)
        if area.id == view.battle:
            colour, weight, dash = "#000000", 4, None
        marked = fill, opacity, colour, weight, dash
        if area.id in view.targets:
            colour, weight, dash = T.TARGET, 3, ("2 5" if not declared else "7 4")
        if area.id == view.selected:
            colour, weight, dash = T.SELECT, 5, None
        return plain, marked, (fill, opacity, colour, weight, dash)
