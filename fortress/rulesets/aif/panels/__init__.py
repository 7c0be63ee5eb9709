"""America in Flames' own panels in the dashboard shell (:mod:`fortress.ui.shell.panel`), given
with its Americas map through the ``fortress.dashboards`` entry point (:mod:`..dashboard`):

- the **allegiance track** (:mod:`.track`), always: every flagged minor's flag in, above or
  below its square, bands, hurdles and turn arrows; the powers' points, the research race;
- the **influence order** (:mod:`.orders`; the pre-set-up steps and the minor influence step,
  sealed): levels per minor at the chart's cost, the total against the points held, Submit;
- the **production order** (:mod:`.orders`, sealed): build points on political points and
  research, a roll's cost;
- the **declarations** (:mod:`.declare`): declare war, align, atom bomb (the variant) or pass;
- the **auction** (:mod:`.declare`): bid one more, or pass.

Every panel is shown the page's view of the game and offers only what the game's check accepts,
greyed with its reason (``explain``) otherwise; it states no rule. This package sits in the UI
layer with :mod:`..dashboard` (``tests/test_layers.py``).
"""
from __future__ import annotations

from collections.abc import Callable
from typing import Any

from fortress.rulesets.aif.panels.common import Play
from fortress.rulesets.aif.panels.declare import AuctionPanel, DeclarePanel
from fortress.rulesets.aif.panels.orders import InfluencePanel, ProductionPanel
from fortress.rulesets.aif.panels.track import TrackPanel

__all__ = ["PANELS", "AuctionPanel", "DeclarePanel", "InfluencePanel", "ProductionPanel", "TrackPanel"]

#: the panels America in Flames gives the shell, by step ("*": always shown)
PANELS: dict[str, Callable[[Play], Any]] = {
    "*": TrackPanel, "auction": AuctionPanel, "pre-set-up": InfluencePanel, "influence": InfluencePanel,
    "production": ProductionPanel, "declare": DeclarePanel}
