"""The map's unit markers as stacked chips, sized with the zoom (and 2x in projector mode),
placed so that no two overlap: a label that would cover another is moved aside and joined
to its territory by a leader line ("a map you can read from the back of the room").

The layout works in Leaflet's pixels at the map's zoom, with each label's size estimated
from its text; :data:`CSS` draws the labels with the very sizes the estimate assumes
(:func:`font_px`), so the estimate and the page agree."""
from __future__ import annotations

import html
import math
from collections import Counter
from dataclasses import dataclass
from typing import Iterator

from fortress.ui import theme as T

REFERENCE_ZOOM = 4.15  # the board fitted in a 1280-1366 px wide window
PROJECTOR = 2.0  # projector mode: counters and their text twice as large
BASE_FONT = 10.0  # px at the reference zoom
ZOOMS = [z / 4 for z in range(12, 33)]  # 3.0 .. 8.0: the zoom steps the CSS knows
CHAR_EM = 0.66  # a bold character's width, in em (generous: an estimate must not fall short)
LINE_EM = 1.3  # a row's height, in em
GAP = 3.0  # px kept free between two labels
NARROW = 600  # px: a map narrower than this (a phone) shows chips without their breakdown
MAX_MOVE = 220.0  # px: how far a label may go from its point (beyond, it takes the least covered spot)
#: the label sizes tried in turn until every label with units finds a free spot (a small map,
#: a crowded board): (share of the size :func:`font_px` gives, chips without their breakdown).
#: A normal label first drops its breakdown (the hover box still tells it), then shrinks to 3/4
#: at most (about 7 px); a projector label keeps its breakdown (the unit types, read from the back
#: of the room: issue 35) down to 2/3 of its size (1.3x a normal one), then drops it and shrinks
#: to 3/5, still 1.2x a normal one. The map carries the step as a CSS class (``ft-s0``, ``ft-s1`` ...).
SHRINK = ((1.0, False), (1.0, True), (0.87, True), (0.75, True))
SHRINK_PROJECTOR = ((1.0, False), (0.87, False), (0.75, False), (0.66, False),
                    (1.0, True), (0.87, True), (0.75, True), (0.66, True), (0.6, True))


def zoom_step(zoom: float) -> float:
    """The zoom the CSS has a rule for, nearest to ``zoom``."""
    return min(ZOOMS, key=lambda z: abs(z - zoom))


def font_px(zoom: float, projector: bool = False, step: int = 0) -> float:
    """Label text size: grows with the zoom (half as fast as the map), 2x in projector mode,
    times the ``step``-th of :func:`shrinks` (a map too crowded for the full size)."""
    scale = min(max(2 ** ((zoom_step(zoom) - REFERENCE_ZOOM) * 0.5), 0.8), 2.0)
    return round(BASE_FONT * scale * (PROJECTOR if projector else 1.0) * shrinks(projector)[step][0], 1)


def shrinks(projector: bool) -> tuple[tuple[float, bool], ...]:
    """The label sizes tried on a crowded map, largest first (:data:`SHRINK`)."""
    return SHRINK_PROJECTOR if projector else SHRINK


def shrink_class(step: int) -> str:
    """The map's CSS class for the ``step``-th label size (``ft-s0``: the full size)."""
    return f"ft-s{step}"


def zoom_class(zoom: float) -> str:
    return f"ft-z{round(zoom_step(zoom) * 100)}"


# -- what a label says --------------------------------------------------------------------------
@dataclass(frozen=True)
class Label:
    """One area's label: its rows of text (for the size estimate) and its HTML."""

    rows: tuple[str, ...]
    html: str
    chips: int = 0  #: sides with units here: a label without any stays on its point (never laid out)

    def size(self, font: float, compact: bool) -> tuple[float, float]:
        """Estimated width and height in px (``compact``: the chips' breakdown hidden, as in
        projector mode and on a narrow map)."""
        rows = [r.split("|")[0] if compact else r.replace("|", "") for r in self.rows]
        width = max(len(r) for r in rows) * CHAR_EM * font + 8
        return width, len(rows) * LINE_EM * font + 4 * len(rows) + 4


def chips(units: Counter) -> list[tuple[str, str]]:
    """Per side, a stacked chip: (text row for the estimate, HTML). The chip shows the side's
    tag and how many units it has there, the unit types after it: the breakdown (``W 3 2I 1T``),
    or the type's letter when there is one type (``US 2I``: two infantry). The row's ``|``
    marks where a chip without its breakdown ends."""
    out = []
    for side in ("us", "west", "south", "east"):
        counts = {kind: n for (sd, kind), n in units.items() if sd == side}
        if not counts:
            continue
        total = sum(counts.values())
        bg, fg = T.SIDE_COLOURS[side]
        stack = " s3" if total >= 3 else (" s2" if total == 2 else "")
        kinds = T.unit_summary(counts)
        kinds = kinds.lstrip("0123456789") if len(counts) == 1 else f" {kinds}"
        out.append((f"{T.SIDE_TAGS[side]} {total}|{kinds}",
                    f"<span class='u{stack}' style='background:{bg};color:{fg}'><b>{T.SIDE_TAGS[side]} {total}</b>"
                    f"<span class='k'>{kinds}</span></span>"))
    return out


def label(name: str, glyphs: list[str], units: Counter, names: bool, cls: str, aid: str) -> Label | None:
    """The label of one area (None: nothing to show)."""
    rows: list[str] = []
    parts: list[str] = []
    sides = chips(units)
    if names:
        rows.append(name)
        parts.append(f"<span class='nm'>{html.escape(name)}</span>")
    if glyphs:
        rows.append(" ".join(glyphs) + "  ")
        parts.append(f"<span class='g'>{' '.join(glyphs)}</span>")
    for row, part in sides:
        rows.append(row)
        parts.append(part)
    if not parts and cls == "fa-m":
        return None
    return Label(tuple(rows) or ("  ",), f"<div class='{cls}' data-area='{aid}'{{style}}>{''.join(parts)}</div>",
                 len(sides))


# -- where labels go ----------------------------------------------------------------------------
Box = tuple[float, float, float, float]  # left, top, right, bottom (px)


def _box(x: float, y: float, w: float, h: float) -> Box:
    return x - w / 2, y - h / 2, x + w / 2, y + h / 2


_DIRECTIONS = [(math.cos(2 * math.pi * k / 16), math.sin(2 * math.pi * k / 16)) for k in range(16)]


def _candidates(w: float, h: float) -> Iterator[tuple[float, float]]:
    """Offsets to try, nearest first: the anchor, then rings of 16 directions."""
    yield 0.0, 0.0
    stretch = max(w / h, 1.0) ** 0.5  # wide labels move further sideways than up or down
    step = max(h, 14.0) * 0.55
    for ring in range(1, 1 + min(12, int(MAX_MOVE // step))):
        r = ring * step
        for cx, cy in _DIRECTIONS:
            yield r * cx * stretch, r * cy


_ON_POINT = sorted(((fx, fy) for fx in (0, .15, -.15, .3, -.3, .45, -.45) for fy in (0, .2, -.2, .4, -.4)),
                   key=lambda f: (f[0] ** 2 + f[1] ** 2, f))


def _on_point_candidates(w: float, h: float) -> Iterator[tuple[float, float]]:
    """Offsets at which a w x h box still covers its anchor, nearest first."""
    return ((fx * w, fy * h) for fx, fy in _ON_POINT)


class _Grid:
    """Placed boxes by grid cell, so that a box is checked only against its neighbours."""

    CELL = 96.0

    def __init__(self) -> None:
        self.cells: dict[tuple[int, int], list[Box]] = {}

    def _keys(self, b: Box) -> Iterator[tuple[int, int]]:
        c = self.CELL
        for i in range(math.floor((b[0] - GAP) / c), math.floor((b[2] + GAP) / c) + 1):
            for j in range(math.floor((b[1] - GAP) / c), math.floor((b[3] + GAP) / c) + 1):
                yield i, j

    def near(self, b: Box) -> list[Box]:
        """The placed boxes in the cells ``b`` touches."""
        return list({id(p): p for k in self._keys(b) for p in self.cells.get(k, ())}.values())

    def add(self, b: Box) -> None:
        for k in self._keys(b):
            self.cells.setdefault(k, []).append(b)

    def remove(self, b: Box) -> None:
        for k in self._keys(b):
            self.cells[k].remove(b)


def _covered(box: Box, near: list[Box], enough: float) -> float:
    """How much of ``box`` the boxes ``near`` cover (counting stops past ``enough``): the inner
    loop of the layout, written out for speed."""
    left, top, right, bottom = box[0] - GAP, box[1] - GAP, box[2] + GAP, box[3] + GAP
    cover = 0.0
    for pl, pt, pr, pb in near:
        if pr <= left or right <= pl or pb <= top or bottom <= pt:
            continue
        cover += ((right if right < pr else pr) - (left if left > pl else pl)) * \
            ((bottom if bottom < pb else pb) - (top if top > pt else pt))
        if cover >= enough:
            break
    return cover


def _outside(b: Box, view: Box | None) -> float:
    """How much of box ``b`` falls outside the map's ``view`` (px²)."""
    if view is None:
        return 0.0
    w = max(0.0, min(b[2], view[2]) - max(b[0], view[0]))
    h = max(0.0, min(b[3], view[3]) - max(b[1], view[1]))
    return (b[2] - b[0]) * (b[3] - b[1]) - w * h


def place(anchors: dict[str, tuple[float, float]], sizes: dict[str, tuple[float, float]],
          order: list[str], view: Box | None = None,
          smaller: dict[str, tuple[float, float]] | None = None, blocked: tuple[Box, ...] = (),
          give_up: bool = False) -> Layout:
    """An offset (px) per label so that no two labels' boxes overlap: each label in ``order``
    takes the nearest free spot around its anchor (the least covered one if none is free),
    a spot outside the map's ``view`` counting as covered.

    Labels with a ``smaller`` size (printed names on: the label without its name; (0, 0) for
    a name alone) are first laid out at that size, then each grows to its full size where a
    free spot is left over its own anchor (a name printed aside sat over a neighbouring
    territory, issue 35); those that cannot are in the result's ``shrunk`` (drawn without
    their name). So the names never push a counter onto another. ``blocked``: boxes
    no label may cover (the map's own buttons), taken as placed labels. ``give_up``: stop at
    the first label that finds no free spot (the caller tries a smaller size then)."""
    grid = _Grid()
    for b in blocked:
        grid.add(b)
    out = Layout()
    smaller = smaller or {}
    for aid in order:
        (x, y), (w, h) = anchors[aid], smaller.get(aid, sizes[aid])
        if w > 0 and h > 0:
            (dx, dy), cover = _spot(grid, x, y, w, h, view)
            box = _box(x + dx, y + dy, w, h)
            if cover and _covered(box, grid.near(box), math.inf):  # on another label (not just off the view)
                out.crowded.add(aid)
                if give_up:
                    return out
            out[aid] = (dx, dy)
            grid.add(box)
        else:
            out[aid] = (0.0, 0.0)
    for aid in order:
        if aid not in smaller:
            continue
        (x, y), (w, h), (sw, sh) = anchors[aid], sizes[aid], smaller[aid]
        small = _box(x + out[aid][0], y + out[aid][1], sw, sh)
        if sw > 0 and sh > 0:
            grid.remove(small)
        best, cover = _spot(grid, x, y, w, h, view, own=True)
        if cover == 0:
            out[aid] = best
            grid.add(_box(x + best[0], y + best[1], w, h))
        else:
            out.shrunk.add(aid)
            if sw > 0 and sh > 0:
                grid.add(small)
    return out


class Layout(dict[str, tuple[float, float]]):
    """Offsets by label id; the labels placed at their smaller size (``shrunk``); the labels
    that found no free spot and lie on another (``crowded``)."""

    def __init__(self) -> None:
        super().__init__()
        self.shrunk: set[str] = set()
        self.crowded: set[str] = set()


def on_point(offset: tuple[float, float], w: float, h: float) -> bool:
    """Does a w x h label moved by ``offset`` still cover its anchor (its territory's point)?"""
    return abs(offset[0]) < w / 2 and abs(offset[1]) < h / 2


def _spot(grid: _Grid, x: float, y: float, w: float, h: float, view: Box | None,
          own: bool = False) -> tuple[tuple[float, float], float]:
    """The nearest free offset around (x, y) for a w x h box, or the least covered one; and its
    cover. ``own``: only offsets at which the box still covers (x, y) (a printed name stays on
    its own territory, never over a neighbour's)."""
    reach = MAX_MOVE * 1.5 + max(w, h)
    near = grid.near((x - reach, y - reach, x + reach, y + reach))
    best, best_cover = (0.0, 0.0), math.inf
    for dx, dy in (_on_point_candidates(w, h) if own else _candidates(max(w, 1.0), max(h, 1.0))):
        box = _box(x + dx, y + dy, w, h)
        cover = _outside(box, view) + _covered(box, near, best_cover)
        if cover < best_cover:
            best, best_cover = (dx, dy), cover
            if cover == 0:
                break
    return best, best_cover


def boxes(anchors: dict[str, tuple[float, float]], sizes: dict[str, tuple[float, float]],
          offsets: dict[str, tuple[float, float]]) -> dict[str, Box]:
    """Each label's box once moved by its offset."""
    return {a: _box(anchors[a][0] + offsets[a][0], anchors[a][1] + offsets[a][1], *sizes[a]) for a in offsets}


def positioned(lab: Label, offset: tuple[float, float], size: tuple[float, float]) -> str:
    """The label's HTML at its offset, with a leader line to the anchor once moved off it."""
    dx, dy = round(offset[0]), round(offset[1])
    if not (dx or dy):
        return lab.html.replace("{style}", "")
    if abs(dx) < size[0] / 2 and abs(dy) < size[1] / 2:  # still over its point: no line needed
        return lab.html.replace("{style}", f" style='left:{dx}px;top:{dy}px'")
    lead = (f"<svg class='fa-lead' width='1' height='1'><line x1='0' y1='0' x2='{dx}' y2='{dy}'/>"
            f"<circle cx='0' cy='0' r='3'/></svg>")
    return lead + lab.html.replace("{style}", f" style='left:{dx}px;top:{dy}px'")


def css() -> str:
    """Label sizes per zoom step and mode: the sizes :func:`font_px` gives the layout."""
    rules = []
    for z in ZOOMS:
        cls = zoom_class(z)
        rules.append(f".{cls} .fa-m {{ font-size: {font_px(z)}px; line-height: {LINE_EM}em; }}")
        rules.append(f".fortress-projector .{cls} .fa-m {{ font-size: {font_px(z, True)}px; }}")
        for projector in (False, True):
            outer = ".fortress-projector " if projector else ""
            for step, (scale, _compact) in enumerate(shrinks(projector)):
                if scale != 1.0 or projector:  # (projector: over a normal step's rule of the same class)
                    rules.append(f"{outer}.{cls}.{shrink_class(step)} .fa-m {{ font-size: {font_px(z, projector, step)}px; }}")
    for outer, steps in (("", SHRINK), (".fortress-projector ", SHRINK_PROJECTOR)):  # chips with or without their breakdown
        for show in (True, False):
            picked = [f"{outer}.{shrink_class(step)} .fa-m .u .k" for step, (_s, compact) in enumerate(steps) if compact != show]
            if picked and (outer or not show):
                rules.append(f"{', '.join(picked)} {{ display: {'inline' if show else 'none'}; }}")
    rules.append(".ft-compact .fa-m .u .k { display: none !important; }")  # a phone: never
    return "\n".join(rules)
