"""What ATTACK!'s panels share: how a panel plays, the actions' labels, a menu of actions."""
from __future__ import annotations

from collections.abc import Callable
from typing import Any

import ipywidgets as W

from fortress.engine.actions import Action
from fortress.ui.shell.panel import discard

__all__ = ["discard"]  # (the shell's, for the widgets a panel makes for one move)

Play = Callable[[Action], bool]
ACTIONS = ("move", "attack", "navigate", "transport", "negotiate", "build", "research")  #: [Turn]
LABELS = {"move": "Move", "attack": "Attack", "navigate": "Navigate", "transport": "Transport",
          "negotiate": "Negotiate", "build": "Build", "research": "Research", "burn": "Burn Oil"}
WAYS = {"cw": "clockwise", "ccw": "counterclockwise"}


def menu(play: Play, label: str, button: str, css: str, width: str = "220px") -> tuple[W.Dropdown, W.Button]:
    """A dropdown of actions (``ft-attack-CSS``) and a button that plays the chosen one."""
    actions = W.Dropdown(description=label, layout=W.Layout(width=width), _dom_classes=(f"ft-attack-{css}",))
    go = W.Button(description=button, _dom_classes=(f"ft-attack-{css}-go",))
    go.on_click(lambda _b: None if actions.value is None else play(actions.value))
    return actions, go


def names(view: Any, sides: list[str]) -> str:
    return ", ".join(view.rules.side_names.get(s, s) for s in sides)


