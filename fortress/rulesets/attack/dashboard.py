"""ATTACK!'s map in the dashboard shell: the world board (:class:`fortress.ui.world_map.WorldBoardMap`),
given to the shell through the ``fortress.dashboards`` entry point (``attack``) and redrawn for
the page's view of the game after every move.

This module is the ruleset's part of the dashboard: it sits in the UI layer
(``tests/test_layers.py``), so nothing in the engine or the rest of the ruleset imports it.
"""
from __future__ import annotations

from typing import Any

from fortress.ui.world_map import WorldBoardMap


class WorldBoard:
    """The world board of one page: ``widget`` to show, ``update(game)`` after each move."""

    def __init__(self, game: Any) -> None:
        self.map = WorldBoardMap(game)
        self.widget = self.map.widget

    def update(self, game: Any) -> None:
        """Draw ``game`` (the page's view of it now): holders, zones, the theatre in play."""
        self.map.game = game
        self.map.redraw()


def world_map(game: Any) -> WorldBoard:
    """The ``fortress.dashboards`` entry point of ATTACK!: its world board for ``game``."""
    return WorldBoard(game)
