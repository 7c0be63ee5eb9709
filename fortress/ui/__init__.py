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
    from fortress.ui.app import App


def build_app(display_it: bool = True, save_dir=None) -> App:
    """Build the dashboard; display it (in a notebook) unless ``display_it`` is False."""
    from fortress.ui.app import App

    app = App(save_dir=save_dir)
    if display_it:
        from IPython.display import display
        display(app.root)
    return app


def __getattr__(name: str):
    if name == "App":
        from fortress.ui.app import App
        return App
    raise AttributeError(f"module 'fortress.ui' has no attribute {name!r}")


__all__ = ["App", "build_app"]
