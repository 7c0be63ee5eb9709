"""Draw the committed world board's three views to PNGs (the build writes them into docs/).

Western: the native frame. Pacific and whole world: every polygon whose centroid lies west of
25°W is shifted by +360°, so the Pacific is whole.
"""
from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402
import shapely  # noqa: E402
from matplotlib.patches import PathPatch  # noqa: E402
from matplotlib.path import Path as MplPath  # noqa: E402
from shapely.geometry import shape  # noqa: E402

from fortress.geodata.world_map import SHIFT_WEST_OF, VIEWS, WorldMap, in_frame  # noqa: E402
from fortress.geodata.world_recipe import WORLD_DIR  # noqa: E402

CONTINENT_FILL = {"north-america": "#e3c98f", "south-america": "#c9dc9a", "europe": "#e6b8a2",
                  "africa": "#e8d9a8", "asia": "#d4c1de", "oceania": "#a9d3c4"}
SEA, ZONE, ARCTIC, ANCHORED, BACKDROP = "#f4f7fa", "#cfe2f3", "#eaf1f7", "#a8cbe8", "#d8d6d0"


def parts(geometry: dict, shifted: bool) -> list[shapely.Geometry]:
    """The polygons of a geometry, shifted for the Pacific frame and joined again across 180°."""
    out = []
    for p in shapely.get_parts(shape(geometry)):
        if shifted and p.centroid.x < SHIFT_WEST_OF:
            p = shapely.transform(p, lambda c: c + [360.0, 0.0])
        out.append(p)
    return list(shapely.get_parts(shapely.union_all(out))) if shifted else out


def patch(polys: list[shapely.Geometry], **style) -> PathPatch:
    verts: list[tuple[float, float]] = []
    codes: list[Any] = []
    for p in polys:
        for ring in (p.exterior, *p.interiors):
            pts = list(ring.coords)
            verts += pts
            codes += [MplPath.MOVETO] + [MplPath.LINETO] * (len(pts) - 2) + [MplPath.CLOSEPOLY]
    return PathPatch(MplPath(verts, codes), **style)


def render(view: str, directory: Path = WORLD_DIR, out: Path | None = None, dpi: int = 72) -> Path:
    title, shifted, xlim, ylim = VIEWS[view]
    out = out or Path(f"docs/board-world-{view}.png")
    world = json.loads((directory / "world.geojson").read_text(encoding="utf-8"))
    backdrop = json.loads((directory / "backdrop.geojson").read_text(encoding="utf-8"))
    wm = WorldMap.load(directory)
    fig, ax = plt.subplots(figsize=(20, 20 * (ylim[1] - ylim[0]) / (xlim[1] - xlim[0]) + 0.6))
    ax.set_facecolor(SEA)
    for f in backdrop["features"]:
        ax.add_patch(patch(parts(f["geometry"], shifted), facecolor=BACKDROP, edgecolor="#9a9a9a", linewidth=0.3))
    for f in world["features"]:
        p = f["properties"]
        if p["kind"] == "zone":
            fill = ANCHORED if p["anchored"] else ARCTIC if p["arctic"] else ZONE
            ax.add_patch(patch(parts(f["geometry"], shifted), facecolor=fill, edgecolor="#c0392b", linewidth=0.6))
        else:
            ax.add_patch(patch(parts(f["geometry"], shifted), facecolor=CONTINENT_FILL[p["continent"]],
                               edgecolor="#444444", linewidth=0.5))
    draw_links(ax, wm, shifted)
    for a in wm.areas.values():
        x, y = in_frame(a.label, shifted)
        name = a.name + (" \u2693" if a.anchored else "")
        ax.text(x, y, name.replace("-", "-\n") if a.kind == "region" else name, ha="center", va="center",
                fontsize=6.5, style="italic" if a.kind == "zone" else "normal",
                color="#1d3f66" if a.kind == "zone" else "#222222", clip_on=True)
    return save(fig, ax, (xlim, ylim), (f"ATTACK! Deluxe: the world board, {title}", 15), world["metadata"]["credit"],
                out, dpi)


def save(fig, ax, limits: tuple[tuple[float, float], tuple[float, float]], title: tuple[str, int], credit: str,
         out: Path, dpi: int) -> Path:
    """Frame the map (equal degrees, no ticks), title and credit it, and write the PNG."""
    ax.set_xlim(*limits[0])
    ax.set_ylim(*limits[1])
    ax.set_aspect("equal")
    ax.set_xticks([])
    ax.set_yticks([])
    ax.set_title(title[0], fontsize=title[1])
    fig.text(0.01, 0.005, credit, fontsize=7, color="#555555")
    fig.tight_layout()
    out.parent.mkdir(parents=True, exist_ok=True)
    fig.savefig(out, dpi=dpi)
    plt.close(fig)
    return out


def draw_links(ax, wm: WorldMap, shifted: bool) -> None:
    """Lanes as grey lines through their zones' label points; canals as red diamonds."""
    for e in wm.of_type("lane"):
        pts = wm.lane_line(e, shifted)
        ax.plot([x for x, _ in pts], [y for _, y in pts], color="#6b6b6b", linewidth=1.4, alpha=0.8, linestyle="--")
    for e in wm.of_type("canal"):
        x, y = in_frame(wm.areas[e.via[0]].label, shifted)
        ax.plot(x, y, marker="D", color="#c0392b", markersize=7, markeredgecolor="white")


def render_all(directory: Path = WORLD_DIR, docs: Path = Path("docs")) -> list[Path]:
    return [render(view, directory, docs / f"board-world-{view}.png") for view in VIEWS]
