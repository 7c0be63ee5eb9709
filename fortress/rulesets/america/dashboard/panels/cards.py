"""The Invader Card variant in the dashboard: the hand of the human Invader to move.

Shown under the phase panel while a human Invader decides, and only its own hand (a hand is
seen by its owner only; the others' sizes are public). Each card shows its name, when it is
played and what it does; a card that may be played now gets a Play button, with a choice of
target for a strike (the U.S. unit and territory) or a foothold (the territory). The choices
are the engine's legal ``play`` actions, so the panel never offers what the rules refuse.
"""
from __future__ import annotations

import html

import ipywidgets as W

from fortress.rulesets.america import actions as A
from fortress.rulesets.america.invader_cards import VARIANT
from fortress.engine.rulesets import side_label
from fortress.rulesets.america.units import INVADERS
from fortress.rulesets.america.dashboard.panels.base import Panel


class HandPanel(Panel):
    title = "Your Invader cards"
    css = "fortress-panel-cards"

    @staticmethod
    def shown(game, human: bool) -> bool:
        """The hand is on screen: the game plays the variant and a human Invader decides."""
        return human and VARIANT in game.variants and game.side in INVADERS

    def build(self) -> list[W.Widget]:
        g = self.game
        cards = g.hand(g.side)
        others = ", ".join(f"{side_label(s)} {g.hand_size(s)}" for s in INVADERS if s != g.side)
        out: list[W.Widget] = []
        if not cards:
            out.append(W.HTML("<i>No Invader card in hand: you draw one as each of your Reinforcements begins.</i>"))
        plays = self.legal(A.Play)
        for card in cards:
            text = W.HTML(f"<div class='ft-card'><b>{html.escape(card.name)}</b> "
                          f"<i>(play in {card.when})</i>: {html.escape(card.text)}</div>")
            out.append(text)
            mine = [a for a in plays if a.card == card.id]
            if mine:
                out.append(self._play_row(mine))
        footholds = ", ".join(f"{side_label(s)}: {self.name(a)}" for a, s in g.footholds.items()) or "none"
        out.append(W.HTML(f"<small>Cards held by the others: {others}. Footholds: {footholds}.</small>"))
        return out

    def _play_row(self, plays: list[A.Play]) -> W.Widget:
        """A Play button, with a choice of target when the card has several."""
        if len(plays) == 1 and plays[0].area is None:
            return self.button("Play", plays[0], "fortress-play-card", "success")
        pick = W.Dropdown(options=[(self._target(a), i) for i, a in enumerate(plays)], value=0,
                          layout=W.Layout(width="auto", max_width="100%"))
        pick.add_class("fortress-card-target")
        go = W.Button(description="Play", button_style="success", layout=W.Layout(width="auto"))
        go.add_class("fortress-play-card")
        go.on_click(lambda _b: self.app.act(plays[pick.value]))
        return W.HBox([pick, go])

    def _target(self, play: A.Play) -> str:
        where = self.name(play.area)
        return f"{play.unit} in {where}" if play.unit else where
