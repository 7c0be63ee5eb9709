"""The map's labels laid out for its size, zoom and mode (a mixin of
:class:`fortress.ui.board_map.BoardMap`): each labelled area's marker HTML placed so that no
two labels overlap and none covers the map's own controls, a size smaller on a crowded map
(:mod:`fortress.ui.labels` does the placing)."""
from __future__ import annotations

import math
from collections import Counter
from typing import TYPE_CHECKING, Any

from fortress.ui import labels as LB
from fortress.ui import theme as T

if TYPE_CHECKING:
    from fortress.engine.board import Board
    from fortress.ui.board_map import MapView

ZOOM_BUTTONS = (52, 80)  # px: the zoom buttons' corner of the map (top left), kept free of labels
TOGGLES = (240, 58)  # px: the Names / Projector / Fit board buttons' corner (top right), kept free of labels
CREDIT = (362, 22)  # px: the data's credit line (bottom left), kept free of labels


def mercator(lat: float, lon: float) -> tuple[float, float]:
    """Web Mercator pixel coordinates at zoom 0 (256 px world), as Leaflet projects."""
    y = math.log(math.tan(math.pi / 4 + math.radians(lat) / 2))
    return 256 * (lon + 180) / 360, 128 * (1 - y / math.pi)


class LabelLayout:
    """The label layout of a map; the map sets these (see :class:`BoardMap`)."""

    board: "Board"
    map: Any
    zoom: float
    names: bool
    projector: bool
    shrink: int
    fitted: tuple[int, int] | None
    has_tools: bool
    has_credit: bool
    _layout: LB.Layout | None
    _layouts: dict[tuple, LB.Layout]

    @staticmethod
    def _units(game) -> dict[str, Counter]:
        by_area: dict[str, Counter] = {}
        for u in game.state.units.values():
            by_area.setdefault(u.area, Counter())[(u.side, u.kind)] += 1
        return by_area

    def _labels(self, game, view: MapView) -> dict[str, str]:
        """Each labelled area's marker HTML, laid out so that no two labels overlap; with names
        on, a name that finds no free spot is left out (the hover box still names it). On a
        map too crowded for that, the labels are laid out again a size smaller
        (:data:`labels.SHRINK`), the map's CSS class saying which size."""
        by_area = self._units(game)
        labs = {a.id: lab for a in self.board
                if (lab := self._label(game, a, by_area.get(a.id, Counter()), view)) is not None}
        unnamed = {aid: self._label(game, self.board[aid], by_area.get(aid, Counter()), view, names=False)
                   for aid in labs} if self.names else {}
        steps = len(LB.shrinks(self.projector))
        for step in range(steps):
            layout, font = self._layout_at(step, labs, unnamed, give_up=step < steps - 1)
            if not layout.crowded:
                break
        self._set_shrink(step)
        compact = self.compact
        out = {}
        for aid, lab in labs.items():
            offset = layout.get(aid, (0.0, 0.0))
            if aid in layout.shrunk:  # placed without its name
                if (short := unnamed[aid]) is None:
                    continue
                lab = short
            out[aid] = LB.positioned(lab, offset, lab.size(font, compact))
        return out

    def _layout_at(self, step: int, labs: dict[str, LB.Label], unnamed: dict[str, LB.Label | None],
                   give_up: bool) -> tuple[LB.Layout, float]:
        """The labels' layout at the ``step``-th size (kept while nothing it reads changes), and
        that size's font (px); ``give_up``: only as far as the first label with no free spot."""
        font, scale = LB.font_px(self.zoom, self.projector, step), 2 ** self.zoom
        compact = self.narrow or LB.shrinks(self.projector)[step][1]  # (CSS: the same)
        sizes = {aid: lab.size(font, compact) for aid, lab in labs.items()}
        units = {aid: size for aid, size in sizes.items() if labs[aid].chips or self.names}  # the rest stay put
        frame = self.view_box(scale)
        key = (round(self.zoom, 2), compact, frame, self.names, give_up, tuple(sorted(units.items())))
        found = self._layouts.get(key)
        if found is None:
            anchors = {aid: self.anchor(aid, scale) for aid in units}
            order = sorted(units, key=lambda a: (not labs[a].chips, -len(labs[a].rows), -self.board[a].label[0],
                                                 self.board[a].label[1]))
            smaller = {aid: lab.size(font, compact) if lab is not None else (0.0, 0.0) for aid, lab in unnamed.items()}
            if len(self._layouts) >= 8:
                self._layouts.clear()
            found = self._layouts[key] = LB.place(anchors, units, order, frame, smaller, self.buttons(frame), give_up)
        self._layout = found
        return found, font

    def buttons(self, frame: LB.Box | None) -> tuple[LB.Box, ...]:
        """Where the map's own controls sit in the view ``frame``: the zoom buttons (top left), the
        Names / Projector toggles (top right) and the credit line (bottom left), those the map
        has; no label covers them."""
        if frame is None:
            return ()
        left, top, right, bottom = frame
        (zw, zh), (tw, th), (cw, ch) = ZOOM_BUTTONS, TOGGLES, CREDIT
        grow = 1.3 if self.projector else 1.0  # the page's text is larger in projector mode
        return ((left, top, left + zw, top + zh),) + (((right - tw * grow, top, right, top + th * grow),)
                                                        if self.has_tools else ()) + \
            (((left, bottom - ch, left + cw, bottom),) if self.has_credit else ())

    def _set_shrink(self, step: int) -> None:
        """The map's CSS class for the label size in use (:func:`labels.shrink_class`)."""
        if step == self.shrink:
            return
        old, new = LB.shrink_class(self.shrink), LB.shrink_class(step)
        self.shrink = step
        if hasattr(self, "map"):  # (the first layout comes before the map: its classes say it)
            self.map.remove_class(old)
            self.map.add_class(new)

    @property
    def font(self) -> float:
        """The labels' font size now (px)."""
        return LB.font_px(self.zoom, self.projector, self._step())

    @property
    def compact(self) -> bool:
        """The chips are drawn without their breakdown now (a phone, a crowded map)."""
        return self.narrow or LB.shrinks(self.projector)[self._step()][1]

    def _step(self) -> int:
        """The label size step in use (within this mode's steps, until the next layout)."""
        return min(self.shrink, len(LB.shrinks(self.projector)) - 1)

    @property
    def narrow(self) -> bool:
        """A map too narrow for the chips' breakdown (a phone): it is shown on hover only."""
        return self.fitted is not None and self.fitted[0] < LB.NARROW

    def view_box(self, scale: float) -> LB.Box | None:
        """The map's view as last fitted, in Leaflet's pixels (None before the browser said its size)."""
        if self.fitted is None:
            return None
        x, y = mercator(*self.map.center)
        w, h = self.fitted
        return (round(x * scale - w / 2), round(y * scale - h / 2), round(x * scale + w / 2), round(y * scale + h / 2))

    def anchor(self, aid: str, scale: float) -> tuple[float, float]:
        """An area's label point in Leaflet's pixels at zoom ``log2(scale)``."""
        x, y = mercator(*self.board[aid].label)
        return x * scale, y * scale

    def offsets(self) -> dict[str, tuple[float, float]]:
        """The last layout: each label's offset (px) from its area's label point."""
        return dict(self._layout) if self._layout is not None else {}

    def _label(self, game, area, units: Counter, view: MapView, names: bool | None = None) -> LB.Label | None:
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
        cls = "fa-m" + (" t" if area.id in view.targets else "") + (" sel" if area.id == view.selected else "")
        return LB.label(area.name, glyphs, units, self.names if names is None else names, cls, area.id)
