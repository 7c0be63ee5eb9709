"""Static pictures of a game (SVG), for notebooks read without a kernel.

Importing this package inside IPython makes every ``fortress.Game`` display as its SVG map
(:func:`register`); the engine itself imports nothing from here. ``game_svg(game)`` gives
the text anywhere.
"""
from __future__ import annotations

from typing import Any

from fortress.render.svg import game_svg


def register(ip: Any = None) -> bool:
    """Show ``fortress.Game`` objects as SVG in the IPython session ``ip`` (default: the
    running one). A formatter, not a ``_repr_svg_`` on the engine, keeps the engine free of
    drawing code. Return whether a session was found."""
    if ip is None:
        try:
            from IPython import get_ipython
        except ImportError:
            return False
        ip = get_ipython()
    if ip is None:
        return False
    ip.display_formatter.formatters["image/svg+xml"].for_type_by_name("fortress.rules.game", "Game", game_svg)
    return True


register()

__all__ = ["game_svg", "register"]
