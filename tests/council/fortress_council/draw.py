"""Draw (a deed): the top card of the deck goes to your secret hand. Everyone sees that you
drew; only you see what."""
from __future__ import annotations

from typing import Any

from fortress.engine.check import Automatic


def enter(g: Any) -> None:
    s, side = g.state, g.acting
    if not s.deck:
        g.emit("draw", f"{g.side_name(side)} would draw, but the deck is empty.", side)
        return
    card = s.deck.pop(0)
    s.hands[side].append(card)
    g.emit("draw", f"{g.side_name(side)} draws a card ({len(s.hands[side])} in hand).", side)
    g.emit("card", f"{g.side_name(side)} draws the {card} ({g.rules.data['cards'][card]}).", side,
           audience=frozenset({side}))


class Rules(Automatic):
    __slots__ = ()
    step = "Draw"


def apply(g: Any, action: Any) -> None:
    g.next_phase()
