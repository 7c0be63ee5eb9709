"""America in Flames in the dashboard shell: the Americas map (the committed board of
``fortress/geodata/americas/``: regions, sea areas, the two off-map boxes, the backdrop; nothing
fetched, no tiles), given to the shell through the ``fortress.dashboards`` entry point (``aif``)
with the ruleset's panels (:mod:`.panels`: the allegiance track always, the sealed steps, the
declarations, the auction, the operations in ATTACK!'s own panels and its battles).

Each region is filled by who holds it: a major's home by its power; a flagged minor by the power
its flag favours, the fill stronger the nearer the flag is to Full Ally (:func:`strength`), grey
on 0; a conquered minor by its conqueror. Units (``armies``: holder -> area -> {kind: n}, a holder a
power or a minor at war; ``ships``: power -> place -> {kind: n}, a coast written ``coast:REGION``;
region control in ``control``: region -> holder, as ATTACK!'s state) are drawn as a chip per
holder on the area's label point, named as the game names it (a minor by its name). A click names the area, its holder, a minor's flag and band, and the units.

This module is the ruleset's part of the dashboard: it sits in the UI layer
(``tests/test_layers.py``), so nothing in the engine or the rest of the ruleset imports it.
"""
from __future__ import annotations

import html
import json
from functools import cache
from typing import Any

import ipyleaflet as L
import ipywidgets as W

from fortress.draw import theme as T
from fortress.geodata.americas_map import AmericasMap
from fortress.geodata.americas_recipe import AMERICAS_DIR
from fortress.rulesets.aif.panels import PANELS
from fortress.rulesets.aif.panels.common import POWER_COLOUR, chips_legend, minor_of, power_name, short_name, strength, units_at
from fortress.rulesets.aif.tables import Tables, load
from fortress.rulesets.aif.track import describe
from fortress.ui.area_layers import rounded
from fortress.ui.area_map import AreaLayers, Bounds, backdrop_data, read_features
from fortress.ui.board_map import TYPICAL_SIZE, fit_view

FRAME: Bounds = ((-58.0, -199.0), (80.0, 8.0))  #: the board and both off-map boxes (docs/board-americas.md)
LAND, NEUTRAL, BOX = "#efe6cc", "#bdbdbd", "#d9d9d9"
ZONES_PANE, REGIONS_PANE = "ft-aif-zones", "ft-aif-regions"
PANES = {ZONES_PANE: {"zIndex": 401}, REGIONS_PANE: {"zIndex": 402}}
CSS = """<style>
.ft-aif-units { position: absolute; transform: translate(-50%, -50%); white-space: nowrap; }
/* chips take no clicks: a click acts on the area under the pointer, whose units the status line lists (issue 35) */
.fortress-aif .leaflet-marker-icon, .ft-aif-units, .ft-aif-units span { pointer-events: none !important; }
.ft-aif-units span { display: inline-block; border-radius: 4px; padding: 0 4px; margin: 1px; font: bold 11px sans-serif;
  color: #fff; border: 1px solid #fff; white-space: nowrap; }
.fortress-aif-legend { font-size: 0.85em; color: #444; }
.fortress-aif-status, .fortress-aif-credit { width: 0; min-width: 100%; }  /* long lines wrap: the board's column stays beside the panels */
</style>"""


@cache
def shapes() -> tuple[dict[str, dict[str, Any]], list[dict[str, Any]]]:
    """(each area's geometry, the backdrop's geometries), rounded as sent, worked out once."""
    def plain(g: dict[str, Any]) -> dict[str, Any]:
        return {"type": g["type"], "coordinates": rounded(g["coordinates"])}
    areas = read_features(AMERICAS_DIR / "americas.geojson")
    return ({f["properties"]["id"]: plain(f["geometry"]) for f in areas},
            [plain(f["geometry"]) for f in read_features(AMERICAS_DIR / "backdrop.geojson")])


@cache
def board_credit() -> str:
    """The board's own credit line (its GeoJSON's metadata): which parts are the data's, which ours."""
    with open(AMERICAS_DIR / "americas.geojson", encoding="utf-8") as fh:
        return str(json.load(fh)["metadata"]["credit"])


class AmericasBoardMap(AreaLayers):
    """The Americas map of a game: ``widget`` is the name under the pointer, the map, the status
    line and the board's credit; ``select(area)`` is what a click does."""

    def __init__(self, game: Any, height: str = "520px") -> None:
        self.game, self.tables, self.board = game, load(), AmericasMap.load()
        self.selected: str | None = None
        self.styles: dict[str, dict[str, Any]] = {}
        self.layers = {aid: self._area_layer(aid) for aid in sorted(shapes()[0], key=self._order)}
        self.backdrop = L.GeoJSON(data=backdrop_data(shapes()[1]), name="backdrop")
        self.areas = L.LayerGroup(layers=tuple(self.layers.values()), name="areas")
        self.drawn_units: dict[str, str] = {}  #: each area's unit chips as last drawn
        self.units = L.LayerGroup(layers=(), name="units")
        centre, zoom = fit_view(FRAME, *TYPICAL_SIZE, snap=0.25)
        self.map = L.Map(layers=(self.backdrop, self.areas, self.units), center=centre, zoom=zoom, zoom_snap=0.25,
                         panes=PANES, zoom_delta=0.5, min_zoom=1, max_zoom=7, attribution_control=False,
                         scroll_wheel_zoom=True, keyboard=False, world_copy_jump=False,
                         _dom_classes=("fortress-aif-map",), layout=W.Layout(height=height, width="100%"))
        self.map.observe(self._resized, names=["left", "right", "top", "bottom"])
        self.hover = W.HTML("&nbsp;", _dom_classes=("fortress-aif-hover",))
        self.status = W.HTML("Click a region, a sea area or an off-map box.", _dom_classes=("fortress-aif-status",))
        legend = W.HTML(f"<div class='fortress-aif-legend'>Map: {html.escape(board_credit())}. Fill: the power a "
                        "flag favours, stronger nearer Full Ally; grey: neutral on 0. Chips: units per holder "
                        f"({html.escape(chips_legend(self.tables))}; a minor's army by its initials); "
                        "click an area for its units by kind.</div>",
                        _dom_classes=("fortress-aif-credit",))
        self.after_redraw()
        self.widget = W.VBox([W.HTML(CSS), self.hover, self.map, self.status, legend], _dom_classes=("fortress-aif",))

    # -- who holds what -------------------------------------------------------------------------
    def holder(self, aid: str) -> tuple[str | None, float]:
        """The power an area is filled by, and how strongly (1: fully): control first (a region
        taken in war), then a home's power, a minor's conqueror or favoured power (by its flag);
        a box by its first power; (None, 0) for a neutral minor or a sea area."""
        area, s = self.board.areas[aid], self.game.state
        taken = getattr(s, "control", {}).get(aid)
        if taken is not None:
            return taken, 1.0
        if area.kind == "box":
            return area.powers[0], 0.5
        if area.kind != "region":
            return None, 0.0
        if area.owner in self.tables.powers:
            return area.owner, 1.0
        flag = s.politics.flags.get(area.owner)
        if flag is None or (flag.conquered_by is None and flag.power is None):
            return None, 0.0
        return flag.conquered_by or flag.power, 1.0 if flag.conquered_by else strength(self.tables, flag.square)

    def style(self, aid: str) -> dict[str, Any]:
        """The Leaflet look of ``aid``: its holder's fill, as strong as its flag; a heavy border selected."""
        kind, (power, share) = self.board.areas[aid].kind, self.holder(aid)
        if power is not None:
            fill, opacity = POWER_COLOUR.get(power, NEUTRAL), 0.15 + 0.75 * share
        elif kind == "region":
            fill, opacity = (NEUTRAL if self.board.areas[aid].flagged else LAND), 1.0
        else:
            fill, opacity = (T.OCEAN, 0.8) if kind == "zone" else (BOX, 1.0)
        chosen = aid == self.selected
        out = {"color": T.SELECT if chosen else "#c0392b" if kind == "zone" else T.BORDER,
               "weight": 3 if chosen else 1, "opacity": 1.0, "fillColor": fill, "fillOpacity": opacity,
               "className": f"ft-aif-{aid}"}
        if kind == "zone" and not chosen:
            out["dashArray"] = "4 3"
        return out

    # -- the mixin's hooks ----------------------------------------------------------------------
    def area_name(self, aid: str) -> str:
        return self.board.areas[aid].name

    def geometry(self, aid: str) -> dict[str, Any]:
        return shapes()[0][aid]

    def pane_of(self, aid: str) -> str:
        return REGIONS_PANE if self.board.areas[aid].kind == "region" else ZONES_PANE

    def frame(self) -> Bounds:
        return FRAME

    def _order(self, aid: str) -> tuple[bool, str]:
        return self.board.areas[aid].kind == "region", aid  # sea areas and boxes first, regions over them

    def after_redraw(self) -> None:
        """Draw again the unit chips of the areas whose units changed."""
        t, s = self.tables, self.game.state
        chips = {aid: chip_html(t, here) for aid in self.board.areas if (here := units_at(s, aid))}
        if chips == self.drawn_units:
            return
        self.drawn_units = chips
        markers = []
        for aid, text in chips.items():
            lat, lon = self.board.areas[aid].label
            markers.append(L.Marker(location=(lat, lon), draggable=False, title=self.area_name(aid),
                                    icon=L.DivIcon(html=f"<div class='ft-aif-units'>{text}</div>", icon_size=(0, 0),
                                                   icon_anchor=(0, 0))))
        self.units.layers = tuple(markers)

    def _selected_text(self, aid: str) -> str:
        area, t, s = self.board.areas[aid], self.tables, self.game.state
        power, _share = self.holder(aid)
        kind = {"region": "region", "zone": "sea area", "box": "off-map box"}[area.kind]
        parts = [f"<b>{html.escape(area.name)}</b> ({kind})"]
        minor = minor_of(t, area.owner)
        if minor is not None:
            flag = s.politics.flags[minor.id]
            band = t.band(flag.square)
            parts.append(f"{html.escape(minor.name)}: {html.escape(describe(t, flag))}"
                         + (f", band {html.escape(band.name)}" if band and not flag.conquered_by else "")
                         + (", aligned" if flag.aligned and not flag.conquered_by else ""))
        elif power is not None:
            parts.append(f"held by {html.escape(power_name(t, power))}")
        here = units_at(s, aid)
        parts.append("units: " + ("; ".join(f"{html.escape(power_name(t, p))} "
                                            + ", ".join(f"{n} {html.escape(k)}" for k, n in sorted(c.items()))
                                            for p, c in here.items()) if here else "none"))
        return "Selected: " + " · ".join(parts)


def chip_html(t: Tables, here: dict[str, dict[str, int]]) -> str:
    """An area's units as one chip per holder (its short name and count; a click on the area lists
    them by kind)."""
    return "".join(f"<span style='background:{POWER_COLOUR.get(p, NEUTRAL)}'>"
                   f"{html.escape(short_name(t, p))} {sum(c.values())}</span>" for p, c in here.items())


class AmericasBoard:
    """The Americas map of one page: ``widget`` to show, ``update(game)`` after each move."""

    def __init__(self, game: Any) -> None:
        self.map = AmericasBoardMap(game)
        self.widget = self.map.widget

    def update(self, game: Any) -> None:
        self.map.game = game
        self.map.redraw()


class Dashboard:
    """What the ``fortress.dashboards`` entry point gives: called with a game, its Americas map;
    ``panels``, the ruleset's panels by step (:mod:`.panels`); ``hint_bot``, the bot the
    shell's Hint asks (the heuristic, :mod:`..heuristic`)."""

    panels = PANELS
    hint_bot = "heuristic"

    def __call__(self, game: Any) -> AmericasBoard:
        return AmericasBoard(game)


americas_map = Dashboard()  #: the ``fortress.dashboards`` entry point of America in Flames
