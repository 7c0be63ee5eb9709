"""The player's hand of action cards [Cards]: each card with the action it is played in and its
effect; Play where the legal actions list it (at most one card per action, in the action it
names), greyed otherwise with the game's reason. Only the page's own seat's hand: other hands
are masked in its view."""
from __future__ import annotations

import html
from typing import Any

import ipywidgets as W

from fortress.rulesets.attack.actions import Word
from fortress.rulesets.attack.panels.common import LABELS, Play, discard


class Hand:
    """The acting side's action cards, a row each, Play greyed with the game's reason."""

    def __init__(self, play: Play) -> None:
        self.play = play
        self.rows = W.VBox(_dom_classes=("ft-attack-hand-rows",))
        self.buttons: list[W.Button] = []
        self.widget = W.VBox([W.HTML("<b>Your action cards</b>"), self.rows], _dom_classes=("ft-attack-hand",))

    def show(self, view: Any, side: str | None) -> bool:
        hand = view.state.hands.get(side, []) if side is not None else []
        if not hand:
            return False
        assert side is not None
        discard(self.rows.children)
        self.buttons = []
        rows = []
        for card in hand:
            row = view.rules.tables.cards[card]
            action = Word("play", (card,))
            why = view.explain(action, side)
            button = W.Button(description="Play", layout=W.Layout(width="70px"),
                              disabled=why is not None, tooltip=why or f"Play {row['name']} in this action.",
                              _dom_classes=("ft-attack-play", f"ft-attack-play-{card}"))
            button.on_click(lambda _b, action=action: self.play(action))
            self.buttons.append(button)
            text = (f"<b>{html.escape(row['name'])}</b> ({html.escape(LABELS.get(row['action'], row['action']))}): "
                    f"{html.escape(row['effect'])}")
            rows.append(W.HBox([button, W.HTML(text)]))
        self.rows.children = rows
        return True
