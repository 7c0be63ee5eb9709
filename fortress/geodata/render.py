"""Draw the committed board to a PNG with matplotlib (used by scripts/render_board.py)."""
from __future__ import annotations

import json
from pathlib import Path

import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402
from matplotlib.patches import PathPatch  # noqa: E402
from matplotlib.path import Path as MplPath  # noqa: E402

from fortress.engine.board import GEODATA_DIR  # noqa: E402

FILL = {"city": "#e8b04a", "mountain": "#b59b7c", "plain": "#d9e2b8"}
ZONE_FILL = {"west": "#9cc3e6", "south": "#e6a99c", "east": "#a9d6b5"}
MEXICO_LAND = "#e0c2a8"
SEA, LAKE, BACKDROP = "#dfe9f2", "#c4d8ea", "#efece4"


def _rings(geometry: dict) -> list[list[list[list[float]]]]:
    if geometry["type"] == "Polygon":
        return [geometry["coordinates"]]
    return geometry["coordinates"]


def _patch(geometry: dict, lat0: float = 38.0, **style) -> PathPatch:
    """A compound path (holes included) in a simple equirectangular projection."""
    import math

    k = math.cos(math.radians(lat0))
    verts, codes = [], []
    for poly in _rings(geometry):
        for ring in poly:
            pts = [(x * k, y) for x, y in ring]
            verts += pts
            codes += [MplPath.MOVETO] + [MplPath.LINETO] * (len(pts) - 2) + [MplPath.CLOSEPOLY]
    return PathPatch(MplPath(verts, codes), **style)


def render(directory: Path = GEODATA_DIR, out: Path = Path("docs/board.png"), dpi: int = 110) -> Path:
    """Render board.geojson (and backdrop.geojson) to ``out``."""
    import math

    board = json.loads((directory / "board.geojson").read_text(encoding="utf-8"))
    backdrop_path = directory / "backdrop.geojson"
    backdrop = json.loads(backdrop_path.read_text(encoding="utf-8")) if backdrop_path.exists() else {"features": []}
    k = math.cos(math.radians(38.0))
    fig, ax = plt.subplots(figsize=(22, 13.5))
    ax.set_facecolor(SEA)
    for f in backdrop["features"]:
        color = LAKE if f["properties"].get("kind") == "lake" else BACKDROP
        ax.add_patch(_patch(f["geometry"], facecolor=color, edgecolor="#9a9a9a", linewidth=0.4))
    for f in board["features"]:
        p = f["properties"]
        if p["kind"] == "zone":
            color = MEXICO_LAND if p["id"].startswith("mexico-") else ZONE_FILL[p["side"]]
            edge = {"west": "#2d6ca2", "south": "#a2412d", "east": "#2d8a4a"}[p["side"]]
            ax.add_patch(_patch(f["geometry"], facecolor=color, edgecolor=edge, linewidth=0.8, alpha=0.9))
        else:
            hatch = "^^" if p["kind"] == "mountain" else None
            ax.add_patch(_patch(f["geometry"], facecolor=FILL[p["kind"]], edgecolor="#555555", linewidth=0.6, hatch=hatch))
    for f in board["features"]:
        p = f["properties"]
        lat, lon = p["label"]
        if p["kind"] == "city":
            ax.plot(lon * k, lat, marker="*", color="#8a1c1c", markersize=11, markeredgecolor="white")
            ax.annotate(p["name"], (lon * k, lat), xytext=(0, 7), textcoords="offset points", ha="center",
                        fontsize=8.5, fontweight="bold", color="#5a1010")
        else:
            style = "italic" if p["kind"] == "zone" else "normal"
            name = p["name"].replace(": ", ":\n") if p["kind"] == "zone" else p["name"].replace(" & ", " &\n")
            ax.text(lon * k, lat, name, ha="center", va="center", fontsize=6.8, style=style, color="#222222")
    ax.set_xlim(-127.5 * k, -64.5 * k)
    ax.set_ylim(23.5, 50.0)
    ax.set_aspect("equal")
    ax.set_xticks([])
    ax.set_yticks([])
    ax.set_title("Fortress America: the board", fontsize=16)
    fig.text(0.01, 0.01, board.get("metadata", {}).get("credit", ""), fontsize=8, color="#555555")
    fig.tight_layout()
    out.parent.mkdir(parents=True, exist_ok=True)
    fig.savefig(out, dpi=dpi)
    plt.close(fig)
    return out
