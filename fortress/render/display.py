"""A Game's notebook display: the SVG map everywhere, and the live map widget where a kernel
can show widgets.

The bundle carries both forms; each reader takes the richest it can show. JupyterLab,
Notebook and Voila with a live kernel show the widget (``H.show``'s map, sharing the
kernel's layers); GitHub, nbviewer and nbconvert show the SVG (nbconvert skips a widget view
whose state was not saved with the notebook). The engine knows nothing of this:
:func:`fortress.render.register` installs :func:`game_bundle` as IPython's formatter.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any

from fortress.draw.svg import game_svg

if TYPE_CHECKING:
    from fortress.rulesets.america.views import AmericaGame as Game

WIDGET_VIEW = "application/vnd.jupyter.widget-view+json"


def widgets_live() -> bool:
    """True inside a running Jupyter kernel with ipywidgets and ipyleaflet installed."""
    from importlib.util import find_spec

    if any(find_spec(name) is None for name in ("ipykernel", "ipywidgets", "ipyleaflet")):
        return False
    from ipykernel.kernelbase import Kernel

    return bool(Kernel.initialized())


def game_widget(game: Game) -> Any:
    """The game on the board widget with its status line (:func:`fortress.notebook_helpers.show`)."""
    from fortress.notebook_helpers.lessons import show

    return show(game, table=False)


def game_bundle(game: Game) -> dict[str, Any]:
    """The display forms of ``game``: plain text, the SVG map and, where widgets are live, the
    widget view."""
    data: dict[str, Any] = {"text/plain": repr(game), "image/svg+xml": game_svg(game)}
    if widgets_live():
        data[WIDGET_VIEW] = game_widget(game)._repr_mimebundle_()[WIDGET_VIEW]
    return data
