"""America in Flames' own panels in the dashboard shell (:mod:`fortress.ui.shell.panel`), given
with its Americas map through the ``fortress.dashboards`` entry point (:mod:`..dashboard`):

- the **allegiance track** (:mod:`.track`), always: every flagged minor's flag in, above or
  below its square, bands, hurdles and turn arrows; the powers' points, the research race;
  above it, while one is under way, the **battle** (ATTACK!'s battle report);
- the **influence order** (:mod:`.orders`; the pre-set-up steps and the minor influence step,
  sealed): levels per minor at the chart's cost (+1 where an enemy land unit stands, §3.6), the total against the points held, Submit;
- the **production order** (:mod:`.orders`, sealed): build points on political points,
  research (a roll's cost) and units (a row per unit type: its cost, how many, where), the
  total against the build points;
- the **declarations** (:mod:`.declare`): declare war, align, atom bomb (the variant) or pass;
- the **auction** (:mod:`.declare`): bid one more, or pass;
- the **operations** (:mod:`.operations`): the chooser of Move, Attack, Navigate, Transport or
  Pass; the operation chosen in ATTACK!'s own panels (:mod:`fortress.rulesets.attack.panels`):
  its attack panel for Move, Attack and Transport (the odds before anything is sent), its
  navigate panel, its battle decisions (fronts, Fire).

Every panel is shown the page's view of the game and offers only what the game's check accepts,
greyed with its reason (``explain``) otherwise; it states no rule. This package sits in the UI
layer with :mod:`..dashboard` (``tests/test_layers.py``).
"""
from __future__ import annotations

from collections.abc import Callable
from typing import Any

from fortress.rulesets.aif.operations import STEPS
from fortress.rulesets.aif.panels.common import Play
from fortress.rulesets.aif.panels.declare import AuctionPanel, DeclarePanel
from fortress.rulesets.aif.panels.orders import InfluencePanel, ProductionPanel
from fortress.rulesets.aif.panels.operations import Always, OperationChooser
from fortress.rulesets.aif.panels.track import TrackPanel
from fortress.rulesets.attack.panels import PANELS as ATTACK_PANELS

__all__ = ["PANELS", "Always", "AuctionPanel", "DeclarePanel", "InfluencePanel", "OperationChooser", "ProductionPanel",
           "TrackPanel"]

#: the operations' own steps and battles (ATTACK!'s steps, played as operations): ATTACK!'s panels
OPERATIONS = (*STEPS, "front", "fire")

#: the panels America in Flames gives the shell, by step or verb ("*": always shown)
PANELS: dict[str, Callable[[Play], Any]] = {
    "*": Always, "auction": AuctionPanel, "pre-set-up": InfluencePanel, "influence": InfluencePanel,
    "production": ProductionPanel, "declare": DeclarePanel, "operations": OperationChooser,
    **{key: ATTACK_PANELS[key] for key in OPERATIONS}}
