"""The foothold overlays of the Invader Card variant (project design): one shape per Invader,
kept in ``board/footholds.geojson`` in offsets from a territory's label point (degrees of
latitude; east-west offsets are widened by 1/cos(latitude) when placed, so the shape keeps
its proportions). The build writes the file (:func:`write`); the static renderer and the
dashboard map place a shape over its territory with :func:`placed`.

>>> from fortress.engine.board import Board
>>> board = Board.default()
>>> shape = placed(board, board.find("Great Basin"), "west")
>>> shape["type"], len(shape["coordinates"][0])
('Polygon', 11)
"""
from __future__ import annotations

import json
import math
from functools import cache
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from fortress.engine.board import Board

FILE = Path(__file__).resolve().parent / "board" / "footholds.geojson"
#: each Invader's overlay: a star of ``points`` points (outer and inner radius in degrees)
SHAPES = {"west": (5, 0.75, 0.33), "south": (6, 0.75, 0.4), "east": (4, 0.8, 0.3)}


def star(points: int, outer: float, inner: float) -> list[list[float]]:
    """A closed ring of a star, point up, centred on (0, 0), as [dx, dy] pairs."""
    ring = []
    for i in range(2 * points):
        r = outer if i % 2 == 0 else inner
        a = math.pi / 2 + math.pi * i / points
        ring.append([round(r * math.cos(a), 4), round(r * math.sin(a), 4)])
    return ring + [ring[0]]


def collection() -> dict:
    """The three overlays as a GeoJSON FeatureCollection (offsets, not positions)."""
    feats = [{"type": "Feature", "id": side, "properties": {"side": side, "kind": "foothold",
                                                              "units": "degrees from the label point"},
              "geometry": {"type": "Polygon", "coordinates": [star(*shape)]}} for side, shape in SHAPES.items()]
    return {"type": "FeatureCollection",
            "metadata": {"title": "Fortress America: foothold overlays (Invader Card variant, project design)",
                         "generated_by": "fortress geodata build (fortress/geodata/overlays.py)"},
            "features": feats}


def write(path: Path = FILE) -> None:
    """Write the overlays file (the build calls this; the output is deterministic)."""
    path.write_text(json.dumps(collection(), separators=(",", ":")) + "\n", encoding="utf-8")


@cache
def _offsets(path: Path = FILE) -> dict[str, list]:
    data = json.loads(path.read_text(encoding="utf-8"))
    return {f["id"]: f["geometry"]["coordinates"][0] for f in data["features"]}


def placed(board: "Board", area: str, side: str) -> dict:
    """``side``'s overlay over ``area``'s label point, as a GeoJSON Polygon in lon/lat."""
    lat, lon = board[area].label
    widen = 1 / math.cos(math.radians(lat))
    ring = [[round(lon + dx * widen, 4), round(lat + dy, 4)] for dx, dy in _offsets()[side]]
    return {"type": "Polygon", "coordinates": [ring]}
