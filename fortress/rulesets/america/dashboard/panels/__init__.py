"""One small widget class per phase, each wired to the engine through ``legal_actions``."""
from __future__ import annotations

from fortress.rulesets.america.dashboard.panels.base import Panel
from fortress.rulesets.america.dashboard.panels.combat import CombatPanel
from fortress.rulesets.america.dashboard.panels.declare import DeclarePanel
from fortress.rulesets.america.dashboard.panels.generic import GenericPanel
from fortress.rulesets.america.dashboard.panels.invasion import InvasionPanel
from fortress.rulesets.america.dashboard.panels.lasers import LasersPanel
from fortress.rulesets.america.dashboard.panels.maneuver import ManeuverPanel
from fortress.rulesets.america.dashboard.panels.reinforce import ReinforcePanel
from fortress.rulesets.america.dashboard.panels.setup import SetupPanel

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
