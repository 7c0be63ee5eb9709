"""The browser dashboard (ipywidgets + ipyleaflet, served by Voila).

>>> from fortress.ui import build_app
>>> app = build_app(display_it=False)
>>> app.game.phase
'declare'
"""
from __future__ import annotations

from fortress.ui.app import App


def build_app(display_it: bool = True, save_dir=None) -> App:
    """Build the dashboard; display it (in a notebook) unless ``display_it`` is False."""
    app = App(save_dir=save_dir)
    if display_it:
        from IPython.display import display
        display(app.root)
    return app


__all__ = ["App", "build_app"]
