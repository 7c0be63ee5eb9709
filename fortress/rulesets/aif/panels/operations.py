"""The operations step (:mod:`fortress.rulesets.aif.operations`) in the dashboard: the chooser
of an operation, and what every page shows. The operation chosen is played in ATTACK!'s own
panels (its attack panel for Move, Attack and Transport, its navigate panel, its battle
decisions), registered by step in :data:`..PANELS`; nothing of them is copied here."""
from __future__ import annotations

import html
from typing import Any

import ipywidgets as W

from fortress.engine.flow import Choose, Pass
from fortress.rulesets.aif.operations import STEPS
from fortress.rulesets.aif.panels.common import Play
from fortress.rulesets.aif.panels.track import TrackPanel
from fortress.rulesets.attack.panels import BattleReport
from fortress.rulesets.attack.panels.common import LABELS


class OperationChooser:
    """The operations step: a button per operation the step offers (ATTACK!'s Move, Attack,
    Navigate, Transport), greyed with the game's reason (``explain``) when not allowed now, and
    Pass."""

    def __init__(self, play: Play) -> None:
        self.play = play
        self.note = W.HTML(_dom_classes=("ft-aif-operations-note",))
        self.buttons = {name: W.Button(description=LABELS[name], layout=W.Layout(width="110px"),
                                       _dom_classes=("ft-aif-operation", f"ft-aif-operation-{name}")) for name in STEPS}
        for name, button in self.buttons.items():
            button.on_click(lambda _b, name=name: self.play(Choose(name)))
        self.passing = W.Button(description="Pass", layout=W.Layout(width="110px"),
                                _dom_classes=("ft-aif-operation", "ft-aif-operation-pass"))
        self.passing.on_click(lambda _b: self.play(Pass()))
        self.widget = W.VBox([self.note, W.HBox([*self.buttons.values(), self.passing],
                                                 layout=W.Layout(flex_flow="row wrap"))],
                             _dom_classes=("ft-aif-operations",))

    def show(self, view: Any, side: str | None) -> bool:
        if side is None:
            return False
        for name, button in self.buttons.items():
            why = view.explain(Choose(name), side)
            button.disabled, button.tooltip = why is not None, why or f"Take the {LABELS[name]} operation now."
        why_not = view.explain(Pass(), side)
        self.passing.disabled, self.passing.tooltip = why_not is not None, why_not or "Take no operation this time."
        self.note.value = (f"<b>{html.escape(view.rules.side_names.get(side, side))}</b>, "
                           f"{html.escape(view.round_label)}: {html.escape(view.reminder())}")
        return True


class Always:
    """What every page shows whatever the step: the battle under way, if any (ATTACK!'s
    :class:`BattleReport`: a battle is public), above the allegiance track (:class:`TrackPanel`)."""

    def __init__(self, play: Play) -> None:
        self.battle, self.track = BattleReport(play), TrackPanel(play)
        self.widget = W.VBox([self.track.widget], _dom_classes=("ft-aif-always",))

    def show(self, view: Any, side: str | None) -> bool:
        fighting = self.battle.show(view, side)
        track = self.track.show(view, side)
        self.widget.children = [part.widget for part, on in ((self.battle, fighting), (self.track, track)) if on]
        return bool(self.widget.children)
