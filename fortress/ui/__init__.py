"""The browser dashboard (ipywidgets + ipyleaflet, served by Voila).

>>> from fortress.ui import build_app
>>> app = build_app(display_it=False)
>>> app.game.phase
'declare'

The widgets are imported on first use, not with this package: ``fortress serve`` starts
its kernels as ``python -m fortress.ui.kernel``, and ipywidgets imported before the
kernel exists would never register its comm target.
"""
from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from fortress.rulesets.america.dashboard.app import App


def build_app(display_it: bool = True, save_dir=None, store=None, query: dict[str, str] | None = None):
    """Build the dashboard; display it (in a notebook) unless ``display_it`` is False.

    On a shared game store (``store``, else ``FORTRESS_STORE``: ``fortress serve`` sets it)
    the page's query (``query``, else the page's address) picks what it shows: ``seat=TOKEN``
    that seat's game, ``code=ABC123`` a free seat of that game, ``teacher=TOKEN`` the
    teacher's view (:mod:`fortress.rulesets.america.dashboard.teacher`, which is then returned instead of an App).
    A preheated kernel (``fortress serve --preheat``) builds the dashboard before it waits for
    its page's query, so a seat link it serves only opens its game (issue 35, item 11)."""
    from fortress.store import StoreError
    from fortress.rulesets.america.dashboard import classroom
    from fortress.rulesets.america.dashboard.app import App
    from fortress.ui import pages

    unreachable = ""
    if store is None:
        try:
            store = pages.store_from_env()
        except StoreError as exc:  # the page still opens, for a game of its own, and says why
            unreachable = f"Classroom play is off on this page: {exc}. Reload the page to try again."
    made, made_widgets = None, []
    if query is None and store is not None and pages.preheated():  # built while no page waits for it
        with pages.built_before_query() as made_widgets:
            made = App(save_dir=save_dir, store=store, defer_labels=display_it)
    query = query if query is not None else (pages.page_query() if store is not None else {})
    if store is not None and "teacher" in query:
        for widget in made_widgets:  # else the teacher's page would be sent the dashboard's widgets
            widget.close()
        return teacher_page(store, query["teacher"], display_it)
    app = made or App(save_dir=save_dir, store=store, defer_labels=display_it)  # labels once the page says its size
    if unreachable:
        app.say(unreachable)
    if store is not None:
        classroom.open_from_query(app, query)
    if display_it:
        from IPython.display import display
        display(app.root)
        if store is not None:
            app.follow_store()
    return app


def teacher_page(store, token: str, display_it: bool = False):
    """The teacher's view of ``store`` (every ruleset's games) for the right ``token``, else a
    one-line refusal: what ``?teacher=TOKEN`` opens on any page of ``fortress serve``."""
    from fortress.rulesets.america.dashboard.teacher import build_teacher
    return build_teacher(store, token, display_it)


def __getattr__(name: str):
    if name == "App":
        from fortress.rulesets.america.dashboard.app import App
        return App
    raise AttributeError(f"module 'fortress.ui' has no attribute {name!r}")


__all__ = ["App", "build_app"]
