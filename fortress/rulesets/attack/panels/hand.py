"""The player's hand of action cards [Cards]: each card with the action it is played in and its
effect; Play where the legal actions list it (at most one card per action, in the action it
names), greyed otherwise with the game's reason. Only the page's own seat's hand: other hands
are masked in its view. While the seat waits for another's turn its hand stays in view, read-only
(no Play)."""
from __future__ import annotations

import html
from typing import Any

import ipywidgets as W

from fortress.rulesets.attack.actions import Word
from fortress.rulesets.attack.panels.common import LABELS, Play, discard

TITLE = "<b>Your action cards</b>"
WAITING = "<b>Your action cards</b> <small>(played on your turn, in the action each names)</small>"


class Hand:
    """The page's seat's action cards, a row each: Play greyed with the game's reason while it
    acts, no Play while it waits."""

    def __init__(self, play: Play) -> None:
        self.play = play
        self.title = W.HTML(TITLE, _dom_classes=("ft-attack-hand-title",))
        self.rows = W.VBox(_dom_classes=("ft-attack-hand-rows",))
        self.buttons: list[W.Button] = []
        self.widget = W.VBox([self.title, self.rows], _dom_classes=("ft-attack-hand",))

    def show(self, view: Any, side: str | None, viewer: str | None = None) -> bool:
        """``side``'s hand to play (the seat acts), else ``viewer``'s to read (it waits; None: no seat)."""
        owner = side if side is not None else viewer
        cards = view.rules.tables.cards
        hand = [c for c in view.state.hands.get(owner, []) if c in cards] if owner is not None else []  # no masked card
        if not hand:
            return False
        discard(self.rows.children)
        self.buttons = []
        self.title.value = TITLE if side is not None else WAITING
        self.rows.children = [self._row(view, side, card) for card in hand]
        return True

    def _row(self, view: Any, side: str | None, card: str) -> W.Widget:
        """A card's name, action and effect; with Play (greyed with the reason) for the acting seat."""
        row = view.rules.tables.cards[card]
        text = W.HTML(f"<b>{html.escape(row['name'])}</b> ({html.escape(LABELS.get(row['action'], row['action']))}): "
                      f"{html.escape(row['effect'])}", _dom_classes=("ft-attack-card", f"ft-attack-card-{card}"))
        if side is None:
            return W.HBox([text])
        action = Word("play", (card,))
        why = view.explain(action, side)
        button = W.Button(description="Play", layout=W.Layout(width="70px"),
                          disabled=why is not None, tooltip=why or f"Play {row['name']} in this action.",
                          _dom_classes=("ft-attack-play", f"ft-attack-play-{card}"))
        button.on_click(lambda _b, action=action: self.play(action))
        self.buttons.append(button)
        return W.HBox([button, text])
