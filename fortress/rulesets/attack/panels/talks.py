"""The negotiate panel [Negotiate]."""
from __future__ import annotations

import html
from typing import Any

import ipywidgets as W

from fortress.engine.actions import End
from fortress.rulesets.attack import negotiate
from fortress.rulesets.attack.actions import Word
from fortress.rulesets.attack.panels.common import Play, discard


class NegotiatePanel:
    """The Negotiate step: the neutral region to look at; once looked at, its marker (this
    seat's view alone holds it), what influencing costs (:func:`.negotiate.cost`), Influence
    (greyed with the game's reason) or Decline."""

    def __init__(self, play: Play) -> None:
        self.play = play
        self.note = W.HTML(_dom_classes=("ft-attack-negotiate-note",))
        self.region = W.Dropdown(description="region", layout=W.Layout(width="100%"),
                                 _dom_classes=("ft-attack-negotiate-region",))
        self.look = W.Button(description="Look at its marker", button_style="primary",
                             _dom_classes=("ft-attack-look",))
        self.look.on_click(lambda _b: self.region.value is not None and self.play(self.region.value))
        self.influence = W.Button(description="Influence", button_style="primary", _dom_classes=("ft-attack-influence",))
        self.influence.on_click(lambda _b: self.play(Word("influence")))
        self.decline = W.Button(description="Decline", _dom_classes=("ft-attack-decline",))
        self.decline.on_click(lambda _b: self.play(Word("decline")))
        self.done = W.Button(description="No negotiation (end)", _dom_classes=("ft-attack-negotiate-end",))
        self.done.on_click(lambda _b: self.play(End()))
        self.choosing = W.VBox([self.region, W.HBox([self.look, self.done])])
        self.deciding = W.HBox([self.influence, self.decline])
        self.discards = W.HBox(_dom_classes=("ft-attack-discards",))
        self.widget = W.VBox([W.HTML("<b>Negotiate</b>"), self.note, self.choosing, self.deciding, self.discards],
                             _dom_classes=("ft-attack-negotiate",))

    def show(self, view: Any, side: str | None) -> bool:
        s = view.state
        if side is None:
            return False
        discards = [a for a in view.legal_actions(side) if isinstance(a, Word) and a.word == "discard"]
        region = s.act.get("region")
        self.choosing.layout.display = "none" if region or discards else ""
        self.deciding.layout.display = "" if region and not discards else "none"
        self._discards(view, discards)
        if discards:
            self.note.value = "Secret Treaty: you drew two cards; keep one and discard the other."
            return True
        if region:
            marker = view.rules.tables.governments[s.neutral[region]]["name"]
            price = negotiate.cost(view.ctx, region)
            why = view.explain(Word("influence"), side)
            self.influence.disabled, self.influence.tooltip = why is not None, why or ""
            self.influence.description = f"Influence ({price} production)"
            self.note.value = (f"The marker of <b>{html.escape(view.board[region].name)}</b> is "
                               f"<b>{html.escape(marker)}</b> (only you see it): influencing costs {price} "
                               f"production; you have {s.production.get(side, 0)}.")
            return True
        looks = [a for a in view.legal_actions(side) if isinstance(a, Word) and a.word == "negotiate"]
        self.region.options = [(view.board[a.args[0]].name, a) for a in looks]
        self.region.value = looks[0] if looks else None
        self.look.disabled = not looks
        self.note.value = ("Look secretly at a neutral neighbour's marker." if looks else
                           "No neutral region is next to yours: end the Negotiate action.")
        return True



    def _discards(self, view: Any, discards: list[Word]) -> None:
        """Secret Treaty's choice [Cards]: a Discard button per card the legal actions name."""
        discard(self.discards.children)
        buttons = []
        for action in discards:
            button = W.Button(description=f"Discard {view.rules.tables.cards[action.args[0]]['name']}",
                              layout=W.Layout(width="auto"), _dom_classes=("ft-attack-discard",))
            button.on_click(lambda _b, action=action: self.play(action))
            buttons.append(button)
        self.discards.children = buttons
