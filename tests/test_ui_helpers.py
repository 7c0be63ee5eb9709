"""Helpers for the widget tests: find widgets by CSS class, click them, build apps."""
from __future__ import annotations

from datetime import datetime, timezone

import ipywidgets as W

import fortress
from fortress.ui import build_app


def walk(widget):
    yield widget
    for child in getattr(widget, "children", ()) or ():
        yield from walk(child)


def find(widget, css: str) -> list:
    return [w for w in walk(widget) if css in getattr(w, "_dom_classes", ())]


def buttons(app, css: str) -> list[W.Button]:
    return [b for b in find(app.root, css) if isinstance(b, W.Button)]


def press(app, css: str, index: int = 0) -> None:
    found = buttons(app, css)
    assert found, f"no button .{css} on screen; panel: {app.panel_box.children}"
    found[index].click()


def open_tab(app, title: str) -> None:
    """Select a tab as a click on its title does (the Game tab is built when first opened)."""
    app.tabs.selected_index = app.tabs.titles.index(title)


def new_app(tmp_path, seats=None, seed=1, players=4, setup="balanced"):
    app = build_app(display_it=False, save_dir=tmp_path)
    game = fortress.new_game(seed, players=players, setup=setup)
    app.start(game, seats or {})
    return app


def upload(app, data: bytes, name: str = "g.json") -> None:
    """Load ``data`` as a file chosen with the Load button does."""
    app.controls.upload.value = ({"name": name, "type": "application/json", "size": len(data),
                                  "content": memoryview(data), "last_modified": datetime.now(timezone.utc)},)


def declarable(app) -> str:
    """The first territory (by id) the side to move may declare and one of its units can reach:
    a click declares it at once (one no unit can reach asks for a second click)."""
    g = app.game
    return next(a for a in sorted(app.current_panel().targets()) if g.could_attack(a))
