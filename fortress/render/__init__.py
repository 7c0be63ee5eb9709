"""Pictures of a game: the SVG map, for notebooks read without a kernel, and the live map
widget where a kernel runs.

Importing this package inside IPython makes every ``fortress.Game`` display as both
(:func:`register`, :mod:`fortress.render.display`); the engine itself imports nothing from
here. ``game_svg(game)`` gives the SVG text anywhere.
"""
from __future__ import annotations

from typing import Any

from fortress.render.display import game_bundle
from fortress.render.svg import game_svg


def register(ip: Any = None) -> bool:
    """Show ``fortress.Game`` objects in the IPython session ``ip`` (default: the running one)
    as SVG and, in a kernel with widgets, as the map widget (:func:`game_bundle`). A
    formatter, not a ``_repr_mimebundle_`` on the engine, keeps the engine free of drawing
    code. Return whether a session was found."""
    if ip is None:
        try:
            from IPython import get_ipython
        except ImportError:
            return False
        ip = get_ipython()
    if ip is None:
        return False
    ip.display_formatter.mimebundle_formatter.for_type_by_name("fortress.rules.game", "Game", game_bundle)
    return True


register()

__all__ = ["game_bundle", "game_svg", "register"]
