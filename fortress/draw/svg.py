"""A game drawn as SVG: holders' colours, units, captured cities, declared battles.

Plain text, so it shows wherever a notebook is read (GitHub, nbviewer, an exported page), not
only where a kernel runs the dashboard's widgets, and drawn with no widget library: it is the
``image/svg+xml`` form of ``fortress.Game`` in any notebook (``Game._repr_mimebundle_`` imports
it when a notebook shows a game; :mod:`fortress.render` adds the live map widget).

>>> import fortress
>>> svg = game_svg(fortress.new_game(seed=1))
>>> svg.startswith("<svg") and svg.count("<path") == 118
True
"""
from __future__ import annotations

import math
from html import escape
from typing import TYPE_CHECKING, Any, Iterable, Mapping

from fortress.engine.board import Board
from fortress.geodata import overlays
from fortress.engine.rulesets import side_label
from fortress.draw.theme import BORDER, NEUTRAL, OCEAN, SIDE_COLOURS, SIDE_TAGS, UNIT_ORDER, UNIT_TAGS

if TYPE_CHECKING:
    from fortress.rulesets.america.views import AmericaGame as Game

WIDTH = 900  #: pixels; the height follows the board's shape
CAPTURED = "#000000"


class Projection:
    """Longitude and latitude to SVG pixels (equirectangular, scaled at the board's mid latitude)."""

    def __init__(self, board: Board, width: int = WIDTH, margin: int = 8) -> None:
        lons, lats = zip(*(pt for g in board.geometry.values() for pt in _points(g)))
        self.lon0, self.lat1 = min(lons), max(lats)
        self.kx = math.cos(math.radians((min(lats) + max(lats)) / 2))
        self.scale = (width - 2 * margin) / ((max(lons) - self.lon0) * self.kx)
        self.margin = margin
        self.width, self.height = width, round((self.lat1 - min(lats)) * self.scale + 2 * margin + 22)

    def xy(self, lon: float, lat: float) -> tuple[float, float]:
        return (round(self.margin + (lon - self.lon0) * self.kx * self.scale, 1),
                round(self.margin + 22 + (self.lat1 - lat) * self.scale, 1))

    def path(self, geometry: dict[str, Any]) -> str:
        """An SVG path of the polygon(s), on whole pixels (repeated points dropped: ~4x smaller)."""
        polygons = geometry["coordinates"] if geometry["type"] == "MultiPolygon" else [geometry["coordinates"]]
        rings = []
        for ring in (ring for polygon in polygons for ring in polygon):
            points = [tuple(round(v) for v in self.xy(lon, lat)) for lon, lat in ring]
            kept = [p for i, p in enumerate(points) if i == 0 or p != points[i - 1]]
            rings.append("M" + "L".join(f"{x},{y}" for x, y in kept) + "Z")
        return "".join(rings)


def _points(geometry: dict[str, Any]) -> Iterable[tuple[float, float]]:
    polygons = geometry["coordinates"] if geometry["type"] == "MultiPolygon" else [geometry["coordinates"]]
    for polygon in polygons:
        for ring in polygon:
            yield from ((lon, lat) for lon, lat in ring)


def units_text(counts: Mapping[tuple[str, str], int]) -> str:
    """``W 2I 1T`` per side present: the dashboard's tags."""
    parts = []
    for side in SIDE_COLOURS:
        mine = {kind: n for (s, kind), n in counts.items() if s == side and n}
        if mine:
            parts.append(SIDE_TAGS[side] + " " + " ".join(f"{mine[k]}{UNIT_TAGS[k]}" for k in UNIT_ORDER if k in mine))
    return " ".join(parts)


def game_svg(game: Game, width: int = WIDTH) -> str:
    """The current position as an SVG document (a string), ``width`` pixels wide (100 to
    10,000; ``ValueError`` otherwise)."""
    if isinstance(width, bool) or not isinstance(width, int) or not 100 <= width <= 10_000:
        raise ValueError(f"the picture's width is a whole number of pixels from 100 to 10,000, not {str(width)[:20]}")
    board, proj = game.board, Projection(game.board, width)
    declared, captured = set(game.state.declared), dict(game.state.captured)
    out = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{proj.width}" height="{proj.height}" '
           f'viewBox="0 0 {proj.width} {proj.height}" font-family="sans-serif">',
           f'<rect width="100%" height="100%" fill="{OCEAN}"/>',
           f'<text x="8" y="16" font-size="13">{escape(_title(game))}</text>']
    for aid, area in board.areas.items():
        holder = game.controller(aid)
        fill = SIDE_COLOURS[holder][0] if holder else NEUTRAL
        style = 'stroke-width="2.5" stroke-dasharray="5,3"' if aid in declared else 'stroke-width="0.6"'
        out.append(f'<path d="{proj.path(board.geometry[aid])}" fill="{fill}" fill-opacity="'
                   f'{0.35 if area.is_zone else 0.55}" fill-rule="evenodd" stroke="{CAPTURED if aid in declared else BORDER}" '
                   f'{style}><title>{escape(area.name)}{" (battle declared)" if aid in declared else ""}</title></path>')
    out += [_foothold(game, proj, aid, side) for aid, side in game.footholds.items()]
    for aid, area in board.areas.items():
        x, y = proj.xy(area.label[1], area.label[0])
        if area.is_city:
            out.append(_city(x, y, captured.get(aid)))
        text = units_text(game.units_in(aid))
        if text:
            out.append(f'<text x="{x}" y="{y + 11}" font-size="8" text-anchor="middle" paint-order="stroke" '
                       f'stroke="#fff" stroke-width="2">{escape(text)}</text>')
    out.append("</svg>")
    return "\n".join(out)


def _foothold(game: Game, proj: Projection, aid: str, side: str) -> str:
    """An Invader's foothold overlay over its territory (Invader Card variant), faded while
    another side holds the territory (it works only while its Invader does)."""
    works = game.controller(aid) == side
    name = game.board[aid].name
    return (f'<path class="foothold" d="{proj.path(overlays.placed(game.board, aid, side))}" '
            f'fill="{SIDE_COLOURS[side][0]}" fill-opacity="{0.95 if works else 0.35}" stroke="{CAPTURED}" '
            f'stroke-width="1"><title>{escape(side_label(side))} foothold in {escape(name)}'
            f'{"" if works else " (idle: the territory is lost)"}</title></path>')


def _city(x: float, y: float, by: str | None) -> str:
    """A city: a white disc, or one in the capturing Invader's colour with a black ring."""
    if by:
        return f'<circle cx="{x}" cy="{y}" r="4" fill="{SIDE_COLOURS[by][0]}" stroke="{CAPTURED}" stroke-width="1.5"/>'
    return f'<circle cx="{x}" cy="{y}" r="3" fill="#fff" stroke="{BORDER}" stroke-width="1"/>'


def _title(game: Game) -> str:
    if game.is_over:
        return f"Game over: {game.rules.team_wins(game.winner or '')}, round {game.round}"
    return (f"Round {game.round} · {game.side} · {game.phase} · cities captured {game.cities_captured()}"
            " · dashed: battle declared · ringed disc: captured city")
