"""The board as an ipyleaflet map: one Polygon per area, one DivIcon marker per area.

Updates are incremental: :meth:`BoardMap.update` computes each area's style and label,
compares with what the browser already has, and sends only the differences (one
``hold_sync`` message per restyled polygon, one new ``DivIcon`` per changed label).
"""
from __future__ import annotations

import json
import logging
from collections import Counter
from dataclasses import dataclass
from functools import partial
from typing import Callable

import ipyleaflet as L
import ipywidgets as W

from fortress.board import GEODATA_DIR, Board
from fortress.ui import theme as T

log = logging.getLogger(__name__)

Style = tuple[str, float, str, int, str | None]  # fill, fill opacity, border colour, weight, dash


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


def _rings(geometry: dict) -> list:
    """GeoJSON (lon, lat) rings -> Leaflet (lat, lon) locations."""
    def ring(r):
        return [(lat, lon) for lon, lat in r]
    if geometry["type"] == "Polygon":
        return [ring(r) for r in geometry["coordinates"]]
    return [[ring(r) for r in poly] for poly in geometry["coordinates"]]


def load_backdrop(path=None) -> list[L.Polygon]:
    """Canada and Mexico as grey, non-interactive shapes; nothing if the file is missing."""
    path = path or GEODATA_DIR / "backdrop.geojson"
    try:
        with open(path, encoding="utf-8") as fh:
            data = json.load(fh)
        features = data["features"]
    except (OSError, ValueError, KeyError) as exc:
        log.warning("backdrop not loaded: %s", exc)
        return []
    out = []
    for f in features:
        try:
            locs = _rings(f["geometry"])
        except (KeyError, TypeError, ValueError):
            continue
        out.append(L.Polygon(locations=locs, color="#9a9a8a", weight=1, fill_color="#e7e4d8", fill_opacity=1.0,
                             name=f.get("properties", {}).get("name", "backdrop"), pointer_events="none"))
    return out


class BoardMap:
    """The map widget and its incremental updates. ``on_click(area_id)`` is called on clicks."""

    def __init__(self, board: Board, on_click: Callable[[str], None], height: str = "540px") -> None:
        self.board = board
        self.on_click = on_click
        self.map = L.Map(layers=(), center=(38.0, -97.3), zoom=4.15, zoom_snap=0.05, zoom_delta=0.5,
                         min_zoom=3, max_zoom=8, attribution_control=False, scroll_wheel_zoom=True,
                         layout=W.Layout(height=height, width="100%"))
        self.map.add_class("fortress-map")
        self.polygons: dict[str, L.Polygon] = {}
        self.markers: dict[str, L.Marker] = {}
        self._looks: dict[str, AreaLook] = {}
        for shape in load_backdrop():
            self.map.add(shape)
        for area in sorted(board, key=lambda a: not a.is_zone):  # zones below land: land wins clicks
            self._add_area(area.id)
        self.marker_group = L.LayerGroup(layers=tuple(self.markers.values()), name="units")
        self.map.add(self.marker_group)
        credit = board.metadata.get("credit", "")
        if credit:
            self.map.add(L.WidgetControl(widget=W.HTML(f"<small>{credit}</small>"), position="bottomleft"))
        self.stats: Counter[str] = Counter()  # messages sent, for the benchmark

    def _add_area(self, aid: str) -> None:
        geometry = self.board.geometry.get(aid)
        area = self.board[aid]
        if geometry:
            poly = L.Polygon(locations=_rings(geometry), color=T.BORDER, weight=1, fill_color=T.NEUTRAL,
                             fill_opacity=0.5, name=aid)
            poly.on_click(partial(self._clicked, aid))
            self.polygons[aid] = poly
            self.map.add(poly)
        self.markers[aid] = L.Marker(location=tuple(area.label), draggable=False, keyboard=False,
                                     icon=L.DivIcon(html="", icon_size=(0, 0), icon_anchor=(0, 0)), title=area.name)

    def _clicked(self, aid: str, **event) -> None:
        if event.get("type", "click") == "click":
            self.on_click(aid)

    def click(self, aid: str) -> None:
        """Simulate a mouse click on an area (tests), the way the browser would send it."""
        lat, lon = self.board[aid].label
        self.polygons[aid]._handle_mouse_events(None, {"event": "interaction", "type": "click",
                                                       "coordinates": [lat, lon]}, [])

    # -- drawing --------------------------------------------------------------------------
    def update(self, game, view: MapView) -> int:
        """Bring the map up to date with ``game`` and ``view``; returns how many layers changed."""
        by_area: dict[str, Counter] = {}
        for u in game.state.units.values():
            by_area.setdefault(u.area, Counter())[(u.side, u.kind)] += 1
        changed = 0
        for area in self.board:
            look = AreaLook(self._style(game, area, view), self._html(game, area, by_area.get(area.id, Counter()), view))
            old = self._looks.get(area.id)
            if old is not None and old == look:
                continue
            self._looks[area.id] = look
            if (old is None or old.style != look.style) and area.id in self.polygons:
                self._restyle(self.polygons[area.id], look.style)
                changed += 1
            if old is None or old.html != look.html:
                self.markers[area.id].icon = L.DivIcon(html=look.html, icon_size=(0, 0), icon_anchor=(0, 0))
                changed += 1
        self.stats["changes"] += changed
        return changed

    @staticmethod
    def _restyle(poly: L.Polygon, style: Style) -> None:
        fill, opacity, colour, weight, dash = style
        with poly.hold_sync():
            poly.fill_color, poly.fill_opacity, poly.color, poly.weight = fill, opacity, colour, weight
            poly.dash_array = dash

    def _style(self, game, area, view: MapView) -> Style:
        owner = game.controller(area.id)
        fill = T.SIDE_COLOURS.get(owner, (T.NEUTRAL,))[0]
        opacity = 0.28 if area.is_zone else (0.55 if area.is_city else 0.42)
        colour, weight, dash = T.BORDER, 1, ("4 3" if area.is_zone else None)
        declared = area.id in game.state.declared
        if declared:
            colour, weight, dash = "#000000", 3, "7 4"
        if area.id in view.recent:
            colour, weight, dash = "#7a6a00", 3, ("7 4" if declared else None)
            fill, opacity = fill, min(opacity + 0.2, 0.9)
        if area.id == view.battle:
            colour, weight, dash = "#000000", 4, None
        if area.id in view.targets:
            colour, weight, dash = T.TARGET, 3, ("2 5" if not declared else "7 4")
        if area.id == view.selected:
            colour, weight, dash = T.SELECT, 5, None
        return fill, opacity, colour, weight, dash

    def _html(self, game, area, units: Counter, view: MapView) -> str:
        s = game.state
        glyphs = []
        if area.is_city:
            glyphs.append(T.GLYPH_CITY)
        if area.is_mountain:
            glyphs.append(T.GLYPH_MOUNTAIN)
        if area.id in s.lasers:
            glyphs.append(T.GLYPH_LASER)
        if area.id in s.targeted:
            glyphs.append(T.GLYPH_TARGET)
        if area.id in s.declared:
            glyphs.append(T.GLYPH_BATTLE)
        if area.id in s.captured:
            glyphs.append("\u2691" + T.SIDE_TAGS.get(s.captured[area.id], ""))
        rows = []
        for side in ("us", "west", "south", "east"):
            counts = {kind: n for (sd, kind), n in units.items() if sd == side}
            if counts:
                bg, fg = T.SIDE_COLOURS[side]
                rows.append(f"<span class='u' style='background:{bg};color:{fg}'>{T.SIDE_TAGS[side]} "
                            f"{T.unit_summary(counts)}</span>")
        cls = "fa-m" + (" t" if area.id in view.targets else "") + (" sel" if area.id == view.selected else "")
        if not rows and not glyphs and cls == "fa-m":
            return ""
        head = f"<span class='g'>{' '.join(glyphs)}</span>" if glyphs else ""
        return f"<div class='{cls}' data-area='{area.id}'>{head}{''.join(rows)}</div>"
