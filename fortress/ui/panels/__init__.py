"""One small widget class per phase, each wired to the engine through ``legal_actions``."""
from __future__ import annotations

from fortress.ui.panels.base import Panel
from fortress.ui.panels.combat import CombatPanel
from fortress.ui.panels.declare import DeclarePanel
from fortress.ui.panels.generic import GenericPanel
from fortress.ui.panels.invasion import InvasionPanel
from fortress.ui.panels.lasers import LasersPanel
from fortress.ui.panels.maneuver import ManeuverPanel
from fortress.ui.panels.reinforce import ReinforcePanel
from fortress.ui.panels.setup import SetupPanel

#: phase name -> panel class (phases not listed use the generic panel)
PANELS: dict[str, type[Panel]] = {
    "setup": SetupPanel,
    "reinforcements": ReinforcePanel,
    "declare": DeclarePanel,
    "maneuvers": ManeuverPanel,
    "lasers": LasersPanel,
    "combat": CombatPanel,
    "invasion": InvasionPanel,
}

__all__ = ["PANELS", "Panel", "GenericPanel"]
