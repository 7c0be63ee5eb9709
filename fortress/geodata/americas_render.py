"""Draw the committed Americas board to a PNG (the build writes it into docs/).

Regions coloured by owner (the USA, the Commonwealth, France and the Netherlands, and each
flagged minor), sea areas blue (the supplement's names darker), research sites as stars, the
Panama Canal as a red diamond, off-map boxes beyond the edges with each edge sea area's entry
cost marked on the map edge, as the supplement describes the printed maps.
"""
from __future__ import annotations

import json
from pathlib import Path

import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402
import shapely  # noqa: E402
from shapely.geometry import LineString, shape  # noqa: E402

from fortress.geodata.americas_map import AmericasMap  # noqa: E402
from fortress.geodata.americas_recipe import AMERICAS_DIR  # noqa: E402
from fortress.geodata.world_render import BACKDROP, SEA, ZONE, parts, patch, save  # noqa: E402

POWER_FILL = {"usa": "#bfa9de", "cw": "#e8b4b4", "france": "#8fd1c4", "netherlands": "#f3a35f"}
MINOR_FILLS = ("#e3c98f", "#c9dc9a", "#d8e6a8", "#f0d9a0", "#cfe0b5", "#e6d2a8", "#bfd8a0", "#ead9b8")
TEXT_ZONE = "#a8cbe8"
XLIM, YLIM = (-201.0, 10.0), (-60.0, 86.0)


def fill(owner: str, minors: list[str]) -> str:
    return POWER_FILL.get(owner) or MINOR_FILLS[minors.index(owner) % len(MINOR_FILLS)]


def render(directory: Path = AMERICAS_DIR, out: Path = Path("docs/board-americas.png"), dpi: int = 72) -> Path:
    board = json.loads((directory / "americas.geojson").read_text(encoding="utf-8"))
    backdrop = json.loads((directory / "backdrop.geojson").read_text(encoding="utf-8"))
    am = AmericasMap.load(directory)
    minors = sorted({a.owner for a in am.areas.values() if a.kind == "region"} - set(POWER_FILL))
    fig, ax = plt.subplots(figsize=(20, 20 * (YLIM[1] - YLIM[0]) / (XLIM[1] - XLIM[0]) + 0.6))
    ax.set_facecolor(SEA)
    for f in backdrop["features"]:
        ax.add_patch(patch(parts(f["geometry"], False), facecolor=BACKDROP, edgecolor="#9a9a9a", linewidth=0.3))
    geoms = {}
    for f in board["features"]:
        p = f["properties"]
        geoms[p["id"]] = shape(f["geometry"])
        if p["kind"] == "zone":
            style = {"facecolor": TEXT_ZONE if p["basis"] == "text" else ZONE, "edgecolor": "#c0392b", "linewidth": 0.6}
        elif p["kind"] == "box":
            style = {"facecolor": "#d9d9d9", "edgecolor": "#333333", "linewidth": 1.2}
        else:
            style = {"facecolor": fill(p["owner"], minors), "edgecolor": "#444444",
                     "linewidth": 1.2 if p["home"] else 0.5}
        ax.add_patch(patch(parts(f["geometry"], False), **style))
    draw_marks(ax, am, geoms)
    for a in am.areas.values():
        lat, lon = a.label
        ax.text(lon, lat, label(a.name, a.kind, a.powers), ha="center", va="center", fontsize=7,
                style="italic" if a.kind == "zone" else "normal", color="#1d3f66" if a.kind == "zone" else "#222222")
    title = ("America in Flames: the board for the Americas (thick borders: home countries; "
             "\u2605 research sites; numbers on the edges: entry costs from the boxes)", 13)
    return save(fig, ax, (XLIM, YLIM), title, board["metadata"]["credit"], out, dpi)


def label(name: str, kind: str, powers: tuple[str, ...]) -> str:
    if kind == "box":
        return f"{name}\n(off the map)"
    return name.replace(" ", "\n") if kind == "region" and len(name) > 12 else name


def draw_marks(ax, am: AmericasMap, geoms: dict[str, shapely.Geometry]) -> None:
    """Research sites, the canal, and each box's entry costs on the map edge with a line to the box."""
    for a in am.areas.values():
        if a.research_site:
            lat, lon = a.label
            ax.plot(lon + 1.5, lat - 1.5, marker="*", color="#b8860b", markersize=11, markeredgecolor="black")
            ax.text(lon + 2.3, lat - 1.5, a.research_site, fontsize=6, va="center")
    for e in am.edges:
        if e.type == "canal":
            lat, lon = am.areas[e.via].label
            ax.plot(lon, lat - 0.8, marker="D", color="#c0392b", markersize=7, markeredgecolor="white")
    west, _, east, _ = shapely.union_all([g for i, g in geoms.items() if am.areas[i].kind != "box"]).bounds
    for box in am.of_kind("box"):
        bx = geoms[box].centroid
        x = west if am.areas[box].edge == "west" else east
        for zone, cost in sorted(am.entry_costs(box).items()):
            seg = shapely.intersection(geoms[zone].boundary, LineString([(x, -90), (x, 90)]))
            y = seg.centroid.y
            ax.plot([bx.x, x], [bx.y, y], color="#6b6b6b", linewidth=0.8, linestyle="--")
            ax.text(x, y, str(cost), ha="center", va="center", fontsize=9, fontweight="bold",
                    bbox={"boxstyle": "circle", "facecolor": "white", "edgecolor": "#333333"})
