"""ATTACK!'s own panels in the dashboard shell (:mod:`fortress.ui.shell.panel`), given with its
world board through the ``fortress.dashboards`` entry point (:mod:`.dashboard`):

- the **year track**, always: the year and season, who holds the command die, the direction of
  play and the order, and the actions each player has used this year [Turn];
- the **action chooser** (the Spring, Summer, Autumn and Winter steps): the seven actions and
  Winter's Burn Oil as buttons; one the player may not take now is greyed, its hover text the
  game's own reason (``explain``), e.g. an action already used this year;
- the **attack panel** (the Attack step, no battle under way): the target, then how many units
  of each type to send from each region that reaches it, with the odds of the battle
  (:mod:`.odds`) before anything is sent; "Fight" ends the Attack and its battle begins; the
  same for Move and Transport (where to, the units from each region; the odds when the region
  is not the player's, as Move's battles follow it);
- the **build panel** (the Build step): production, oil certificates and the Minerals limit on
  advanced units; converting oil; a row per unit type with its cost, the places it may go
  (the capital, or as far as Factories allows) and Build, greyed with the game's reason;
- the **negotiate panel** (the Negotiate step): the neutral region to look at, then its marker
  (in this seat's view only), the price of influencing it, Influence or Decline;
- the **navigate panel** (the Navigate step, no battle under way): a row per ship that may sail
  with the places one step away, the army units that may embark, the end of the action;
- the **research panel** (the Research step): the levels held, and per technology its next
  level, the retooling the legal actions offer and Research, greyed with the game's reason;
- the **battle** (:mod:`.fight`), while one is under way: on every page the fronts, the
  opening salvo, each fire step's dice matched to the units and the destruction order; for the
  deciding seat its front choice or Fire;
- the **hand** (:mod:`.hand`), always for the page's own seat: its action cards, Play where
  the action allows while it acts, read-only while it waits (never another seat's hand);
  Secret Treaty's discard in the negotiate panel, disembarking in the move panel, the standing
  permissions in Winter's chooser;
- the **odds workbench** (:mod:`.workbench`), beside the panels: any two forces, the options
  a battle takes, the exact odds.

Every panel is shown the page's view of the game (never another seat's hidden markers or cards)
and offers only what ``legal_actions`` lists; a step or moment with no panel here (setup, the
direction, the Oil level's marker) is played in the shell's generic panel. This module sits in the UI
layer with :mod:`.dashboard` (``tests/test_layers.py``).
"""
from __future__ import annotations

from collections.abc import Callable
from typing import Any

import ipywidgets as W

from fortress.rulesets.attack.panels.common import Play
from fortress.rulesets.attack.panels.economy import BuildPanel, ResearchPanel
from fortress.rulesets.attack.panels.fight import BattleDecisions, BattleReport
from fortress.rulesets.attack.panels.going import MAX_STATES, RUNS, AttackPanel, battle_odds
from fortress.rulesets.attack.panels.hand import Hand
from fortress.rulesets.attack.panels.sea import NavigatePanel
from fortress.rulesets.attack.panels.talks import NegotiatePanel
from fortress.rulesets.attack.panels.year import ActionChooser, YearTrack

__all__ = ["MAX_STATES", "PANELS", "RUNS", "ActionChooser", "Always", "AttackPanel", "BattleDecisions", "BattleReport",
           "BuildPanel", "Hand", "NavigatePanel", "NegotiatePanel",
           "Play", "ResearchPanel", "YearTrack", "battle_odds"]


class Always:
    """What every moment shows, each part while it has something to show: the year track, the
    battle under way (:class:`BattleReport`) and the page's own seat's cards (:class:`Hand`:
    to play while it acts, read-only while it waits). ``viewer``: the page's seat, which the
    shell sets before each ``show``."""

    def __init__(self, play: Play) -> None:
        self.track, self.battle, self.hand = YearTrack(play), BattleReport(play), Hand(play)
        self.viewer: str | None = None
        self.widget = W.VBox([self.track.widget, self.battle.widget, self.hand.widget], _dom_classes=("ft-attack-always",))

    def show(self, view: Any, side: str | None) -> bool:
        shown = [self.track.show(view, side), self.battle.show(view, side), self.hand.show(view, side, self.viewer)]
        parts: tuple[Any, ...] = (self.track, self.battle, self.hand)
        self.widget.children = [part.widget for part, on in zip(parts, shown) if on]
        return bool(self.widget.children)


#: the panels ATTACK! gives the shell, by step (``fortress.ui.shell.panel``; "*": always shown)
PANELS: dict[str, Callable[[Play], Any]] = {
    "*": Always, "front": BattleDecisions, "fire": BattleDecisions, "season": ActionChooser, "winter": ActionChooser, "attack": AttackPanel,
    "move": lambda play: AttackPanel(play, "move"), "transport": lambda play: AttackPanel(play, "transport"),
    "navigate": NavigatePanel, "build": BuildPanel,
    "negotiate": NegotiatePanel, "research": ResearchPanel}
