"""Quick mode and positions on the real map, for the tutorial."""
from __future__ import annotations

import html
import os
from typing import Any, Iterable

import pandas as pd

from fortress.engine.actions import Action, Surrender
from fortress.engine.board import Board
from fortress.engine.game import IllegalAction
from fortress.engine.rulesets import side_label
from fortress.rulesets.america.units import INVADERS
from fortress.rulesets.america.views import AmericaGame as Game

__all__ = ['quick', 'pick', 'area_id', 'units_table', 'status', 'show', 'Legal', 'legal', 'Printed', 'attempt']


# -- quick mode ---------------------------------------------------------------------------
def quick() -> bool:
    """True under CI or with ``FORTRESS_QUICK=1``: notebooks use small counts.
    ``FORTRESS_QUICK`` set to 0, false, no or off (any case) turns it off, even under CI."""
    flag = os.environ.get("FORTRESS_QUICK", "").strip()
    if flag:
        return flag.lower() not in ("0", "false", "no", "off")
    return bool(os.environ.get("CI"))


def pick(quick_value: Any, full_value: Any) -> Any:
    """``quick_value`` in quick mode, else ``full_value``.

    >>> pick(2, 200) in (2, 200)
    True
    """
    return quick_value if quick() else full_value


# -- positions ----------------------------------------------------------------------------
def area_id(board: Board, name: str) -> str:
    """The id of an area given its name or id (case-insensitive)."""
    return board.find(name)


def _names(areas: str | Iterable[str] | None) -> list[str]:
    """Area names as a list: one name given as a string is one area, not its letters."""
    return [] if areas is None else [areas] if isinstance(areas, str) else list(areas)


def units_table(game: Game, areas: str | Iterable[str] | None = None) -> pd.DataFrame:
    """One row per area (named, or every area with units): holder and the units of each side.
    One area may be given as a string.

    >>> import fortress
    >>> g = fortress.Game.from_position({"units": {"Denver": "2 infantry"}})
    >>> units_table(g, ["Denver"]).loc[0, "units"]
    'U.S.: 2 infantry'
    """
    board = game.board
    if areas is None:
        ids = sorted({u.area for u in game.state.units.values()}, key=lambda a: board[a].name)
    else:
        ids = [board.find(a) for a in _names(areas)]
    rows = []
    for aid in ids:
        area = board[aid]
        here = game.units_in(aid)
        parts = []
        for side in ("us", *INVADERS):
            kinds = [(k, n) for (s, k), n in sorted(here.items()) if s == side]
            if kinds:
                parts.append(f"{side_label(side)}: " + ", ".join(f"{n} {k}" for k, n in kinds))
        marks = []
        if aid in game.state.declared:
            marks.append("declared")
        if aid in game.state.lasers:
            marks.append("laser")
        if aid in game.state.captured:
            marks.append(f"captured by {side_label(game.state.captured[aid])}")
        rows.append({"area": area.name, "kind": "zone" if area.is_zone else area.kind,
                     "held by": side_label(game.controller(aid) or "", "-"),
                     "units": "; ".join(parts) or "-", "marks": ", ".join(marks)})
    return pd.DataFrame(rows, columns=["area", "kind", "held by", "units", "marks"])


def status(game: Game) -> str:
    """One line: round, whose decision, phase (or the result)."""
    if game.is_over:
        return f"Game over: {game.state.result}"
    if game.phase == "setup":
        return f"Setup: {side_label(game.side)} places its starting units."
    return (f"Round {game.round}: {side_label(game.side)} to decide, phase {game.phase} "
            f"({game.reminder()}); cities on the captured track: {game.cities_captured()} of 18.")


def _centre_of(board: Board, ids: list[str]) -> tuple[float, float] | None:
    pts = [board[a].label for a in ids if board[a].label]
    if not pts:
        return None
    return (sum(p[0] for p in pts) / len(pts), sum(p[1] for p in pts) / len(pts))


def show(game: Game, highlight: str | Iterable[str] = (), selected: str | None = None, battle: str | None = None,
         height: str = "420px", zoom: float | None = None, table: bool = True):
    """The position on the real board widget (``fortress.ui.board_map.BoardMap``), zoomed
    on ``highlight`` (area names, or one name), with a status line and (``table``) the units of those areas below.
    Every map shown shares the kernel's layers (:mod:`fortress.ui.shared_layers`), so an
    executed notebook stores each area's shape once per look, not once per map.
    Returns the widget; the last expression of a cell displays it."""
    import ipywidgets as W

    from fortress.ui.board_map import BoardMap, MapView
    from fortress.ui.shared_layers import pool_for
    from fortress.ui.theme import style_widget

    board = game.board
    ids = [board.find(a) for a in _names(highlight)]
    sel = board.find(selected) if selected else None
    bat = board.find(battle) if battle else None
    bmap = BoardMap(board, on_click=lambda aid: None, height=height, game=game,
                    view=MapView(selected=sel, targets=frozenset(ids), battle=bat), pool=pool_for(board))
    centre = _centre_of(board, ids + ([sel] if sel else []))
    if centre:
        bmap.map.center = centre
        bmap.map.zoom = zoom or 5.5
    parts: list = [style_widget(), W.HTML(f"<b>{html.escape(status(game))}</b>"), bmap.map]
    if table and ids:
        parts.append(W.HTML(units_table(game, ids).to_html(index=False)))
    box = W.VBox(parts)
    box.add_class("fortress-app")
    box.board_map = bmap  # for tests and for students who want to redraw
    return box


class Legal(list):
    """The first legal actions; it shows how many more were left out (``more``)."""

    more = 0

    def __repr__(self) -> str:
        if not self.more:
            return super().__repr__()
        return f"{super().__repr__()}\n... and {self.more} more (H.legal(game, limit=None) shows all)"

    def _repr_pretty_(self, p, cycle) -> None:
        p.text(repr(self))


def legal(game: Game, verb: str | None = None, limit: int | None = 12) -> Legal:
    """The legal actions now in notation (of one ``verb``, e.g. "move", any case), sorted;
    Surrender left out. At most ``limit``: the list then shows how many more there are."""
    want = verb.strip().lower() if verb else None
    out = sorted(game.notation(a) for a in game.legal_actions()
                 if not isinstance(a, Surrender) and (want is None or a.verb == want))
    shown = Legal(out if limit is None else out[:limit])
    shown.more = len(out) - len(shown)
    return shown


class Printed(str):
    """A message :func:`attempt` has printed: a notebook does not show it a second time."""

    def _ipython_display_(self) -> None:
        pass


def attempt(game: Game, text: str | Action, quiet: bool = False) -> str:
    """Try an action: if legal, apply it and report what happened; if not, say why (the
    engine's reason, naming the rule). Returns the message; unless ``quiet`` it is printed,
    and returned as a :class:`Printed` string, which a cell ending with it does not show again."""
    reason = game.explain(text)
    if isinstance(text, Action):
        try:
            text = game.notation(text)
        except IllegalAction:  # not well formed (explain said why): name it as it prints
            shown = repr(text)
            text = shown if len(shown) <= 80 else shown[:80] + "..."
    if reason is not None:
        msg = f"Not legal: {text}\n  why: {reason}"
    else:
        try:
            events = game.apply(text)
        except IllegalAction as exc:  # explain and apply agree; kept for safety
            msg = f"Not legal: {text}\n  why: {exc.reason}"
        else:
            lines = [e.text for e in events if e.kind != "phase"] or ["(nothing visible happened)"]
            msg = f"Legal: {text}\n" + "\n".join(f"  - {t}" for t in lines) + f"\n  now: {status(game)}"
    if quiet:
        return msg
    print(msg)
    return Printed(msg)


