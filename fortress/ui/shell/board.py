"""The shell's board: the ruleset's own map widget, else its picture, else a table.

A ruleset brings a map widget through the ``fortress.dashboards`` entry-point group: its name
(the ruleset's) -> a callable taking a game (the page's view of it) and returning either a
widget or an object whose ``widget`` is one; if that object has ``update(game)``, the shell
calls it after every move, else it calls the factory again. Without one, the shell shows the
ruleset's ``draw`` picture (SVG text), else a table of the board's areas. Below the board: the
ruleset's status lines (its ``describe`` hook, given the page's view).
"""
from __future__ import annotations

import html
import importlib.metadata
from collections.abc import Callable
from typing import Any

import ipywidgets as W

from fortress.engine.game import Game

GROUP = "fortress.dashboards"  #: the entry-point group a ruleset's map widget is found in
_REGISTERED: dict[str, Callable[[Game], Any]] = {}


def register(name: str, factory: Callable[[Game], Any]) -> None:
    """Give ruleset ``name`` the map widget ``factory`` makes (besides the entry points)."""
    _REGISTERED[name] = factory


def unregister(name: str) -> None:
    _REGISTERED.pop(name, None)


def dashboard(name: str) -> Callable[[Game], Any] | None:
    """The map widget factory of ruleset ``name``: registered from code, else its entry point."""
    if name in _REGISTERED:
        return _REGISTERED[name]
    for ep in importlib.metadata.entry_points(group=GROUP, name=name):
        factory: Callable[[Game], Any] = ep.load()
        return factory
    return None


def widget_of(made: Any) -> W.Widget:
    """The widget a factory's result is (or holds as ``widget``)."""
    widget = made if isinstance(made, W.Widget) else getattr(made, "widget", None)
    if not isinstance(widget, W.Widget):
        raise TypeError(f"a dashboard gave {type(made).__name__}, neither a widget nor an object with one")
    return widget


def areas_table(game: Game) -> str:
    """The board's areas (name, kind, neighbours) as an HTML table; "" for a one-area board."""
    board = game.board
    if len(board.areas) < 2:
        return ""
    rows = "".join(
        f"<tr><td>{html.escape(a.name)}</td><td>{html.escape(a.kind)}</td>"
        f"<td>{html.escape(', '.join(sorted(board[n].name for n in board.neighbours(a.id))))}</td></tr>"
        for a in sorted(board.areas.values(), key=lambda a: a.name))
    return ("<table class='ft-shell-areas'><tr><th>area</th><th>kind</th><th>next to</th></tr>"
            f"{rows}</table>")


def status_table(game: Game) -> str:
    """The ruleset's status lines for ``game`` (its ``describe`` hook) as a table: "Name: text"
    lines in two columns, others across."""
    describe = game.rules.describe
    if describe is None:
        return ""
    rows = []
    for line in describe(game).splitlines():
        head, sep, rest = line.partition(": ")
        rows.append(f"<tr><th>{html.escape(head)}</th><td>{html.escape(rest)}</td></tr>" if sep and len(head) < 40
                    else f"<tr><td colspan='2'>{html.escape(line)}</td></tr>")
    return f"<table class='ft-shell-status'>{''.join(rows)}</table>"


class BoardView:
    """The board part of the page, for the page's view of the game."""

    def __init__(self, name: str) -> None:
        self.factory = dashboard(name)
        self.made: Any = None
        self.picture = W.HTML(_dom_classes=("fortress-shell-board",))
        self.status = W.HTML(_dom_classes=("fortress-shell-status",))
        self.widget = W.VBox([self.picture, self.status], layout=W.Layout(width="100%"),  # fills its column
                             _dom_classes=("fortress-shell-board-box",))

    def show(self, game: Game) -> None:
        """Draw ``game`` (the page's view): the map widget updated or made, or the picture."""
        if self.factory is not None:
            self._show_map(game)
        elif game.rules.draw is not None:
            self.picture.value = game.rules.draw(game)
        else:
            self.picture.value = areas_table(game)
        self.status.value = status_table(game)

    def _show_map(self, game: Game) -> None:
        assert self.factory is not None
        if self.made is not None and hasattr(self.made, "update"):
            self.made.update(game)
            return
        old, self.made = self.made, self.factory(game)
        self.widget.children = [widget_of(self.made), self.status]
        if old is not None:
            widget_of(old).close()
