"""The Game tab is built when first opened (issue 18, Speed: a light first paint)."""
from __future__ import annotations

import ipywidgets as W

from fortress.ui import build_app
from fortress.ui.lazy_tabs import LazyTabs
from tests.test_ui_helpers import buttons, open_tab


def test_the_game_tab_is_built_when_first_opened(tmp_path):
    app = build_app(display_it=False, save_dir=tmp_path)
    assert not buttons(app, "fortress-new-game"), "the Game tab's controls are not in the first paint"
    placeholder = app.tabs.children[app.tabs.titles.index("Game")]
    open_tab(app, "Game")
    assert len(buttons(app, "fortress-new-game")) == 1
    assert placeholder.comm is None, "the empty page is closed"
    page = app.tabs.children[app.tabs.titles.index("Game")]
    open_tab(app, "Log")
    open_tab(app, "Game")
    assert app.tabs.children[app.tabs.titles.index("Game")] is page is app.controls.box, "built once"


def test_asking_for_the_controls_builds_the_game_tab(tmp_path):
    app = build_app(display_it=False, save_dir=tmp_path)
    assert app.controls.box in app.tabs.children and buttons(app, "fortress-new-game")
    assert app.tabs.selected_index == 0, "built, not opened"


def test_a_lazy_page_is_built_once_on_demand():
    made: list[W.HTML] = []

    def make() -> W.HTML:
        made.append(W.HTML("page"))
        return made[-1]
    tabs = LazyTabs([("A", W.HTML("a")), ("B", make)])
    assert not made and not tabs.built("B") and tabs.built("A")
    tabs.tab.selected_index = 1
    assert len(made) == 1 and tabs.tab.children[1] is made[0] and tabs.built("B")
    assert tabs.page("B") is made[0] and len(made) == 1
