"""ATTACK!'s map in the dashboard shell: the world board (:class:`fortress.ui.world_map.WorldBoardMap`),
given to the shell through the ``fortress.dashboards`` entry point (``attack``) and redrawn for
the page's view of the game after every move, with ATTACK!'s own panels (:mod:`.panels`), the
bot that answers the shell's Hint button (the heuristic, :mod:`..heuristic`) and the odds
workbench (:mod:`.panels.workbench`).

The board opens on the view of the game's map [Setup S1]: Western for the western map, Pacific
for the Pacific one, World when both are in play (5-6 players); a new game or a load on another
map turns it to that map's view, while the views the player picks stay between moves.

This module is the ruleset's part of the dashboard: it sits in the UI layer
(``tests/test_layers.py``), so nothing in the engine or the rest of the ruleset imports it.
"""
from __future__ import annotations

from typing import Any

from fortress.rulesets.attack.panels import PANELS
from fortress.rulesets.attack.panels.going import hint_odds
from fortress.rulesets.attack.panels.workbench import OddsWorkbench
from fortress.ui.world_map import WorldBoardMap

#: the world board's view that shows each map of [Setup S1] whole
VIEW_OF_MAP = {"western": "western", "pacific": "pacific", "both": "world"}


class WorldBoard:
    """The world board of one page: ``widget`` to show, ``update(game)`` after each move."""

    def __init__(self, game: Any) -> None:
        self.shown_map: str = game.state.map  #: the game's map the view was last turned to
        self.map = WorldBoardMap(game, view=VIEW_OF_MAP[self.shown_map])
        self.widget = self.map.widget

    def update(self, game: Any) -> None:
        """Draw ``game`` (the page's view of it now): holders, zones, the theatre in play; on
        another map than the last game's, that map's view."""
        self.map.game = game
        if game.state.map != self.shown_map:
            self.shown_map, self.map.selected = game.state.map, None
            self.map.status.value = "Click a region or a sea zone."
            self.map.show(VIEW_OF_MAP[self.shown_map])
        else:
            self.map.redraw()


class Dashboard:
    """What the ``fortress.dashboards`` entry point gives: called with a game, its world board;
    ``panels``, ATTACK!'s own panels by step (:mod:`.panels`); ``hint_bot``, the bot the Hint
    asks, and ``hint_odds``, the odds behind a hinted order; ``workbench``, the odds workbench's
    factory."""

    panels = PANELS
    hint_bot = "heuristic"
    hint_odds = staticmethod(hint_odds)
    workbench = OddsWorkbench

    def __call__(self, game: Any) -> WorldBoard:
        return WorldBoard(game)


world_map = Dashboard()  #: the ``fortress.dashboards`` entry point of ATTACK!
