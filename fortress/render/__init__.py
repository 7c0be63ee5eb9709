"""Pictures of a game: the SVG map, for notebooks read without a kernel, and the live map
widget where a kernel runs.

A ``fortress.Game`` shows as its SVG map in any notebook by itself (``Game._repr_mimebundle_``,
drawn by :mod:`fortress.draw.svg`); importing this package inside IPython makes every Game
display as both (:func:`register`, :mod:`fortress.render.display`). The engine imports
nothing from here. ``game_svg(game)`` gives the SVG text anywhere.
"""
from __future__ import annotations

from typing import Any

from fortress.render.display import game_bundle
from fortress.draw.svg import game_svg


def register(ip: Any = None) -> bool:
    """Show ``fortress.Game`` objects in the IPython session ``ip`` (default: the running one)
    as SVG and, in a kernel with widgets, as the map widget (:func:`game_bundle`). A
    formatter, since the engine's own ``_repr_mimebundle_`` (the SVG alone) may not import the
    dashboard's widgets. Return whether a session was found."""
    if ip is None:
        try:
            from IPython import get_ipython
        except ImportError:
            return False
        ip = get_ipython()
    if ip is None:
        return False
    ip.display_formatter.mimebundle_formatter.for_type_by_name("fortress.engine.game", "Game", game_bundle)
    return True


register()

__all__ = ["game_bundle", "game_svg", "register"]
