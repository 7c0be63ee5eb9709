"""Bid (a sealed step): every councillor bids coins unseen; when all bids are in they are
revealed together and resolved highest first (ties: earlier in the turn order): the highest
bidder pays its bid and wins the season's favour."""
from __future__ import annotations

from typing import Any

from fortress.engine.actions import Action
from fortress.engine.check import Check
from fortress_council.state import Bid


class Rules(Check):
    __slots__ = ()

    def candidates(self) -> list[Action]:
        return [Bid(n) for n in range(self.g.state.coins[self.g.acting] + 1)]

    def reason(self, action: Action) -> str | None:
        g = self.g
        if not isinstance(action, Bid):
            return "Bid: give a sealed bid of coins ('bid N'; 'bid 0' bids nothing)."
        coins = g.state.coins[g.acting]
        if not 0 <= action.coins <= coins:
            return f"Bid: {g.side_name(g.acting)} has {coins} coins to bid."
        return None


def resolve(g: Any, orders: dict[str, Action]) -> None:
    """The bids in the order Council resolves them: highest first, then the turn order."""
    order = g.turn.order
    bids = sorted(((a.coins, s) for s, a in orders.items() if isinstance(a, Bid)),
                  key=lambda b: (-b[0], order.index(b[1])))
    if bids and bids[0][0] > 0:
        coins, side = bids[0]
        s = g.state
        s.coins[side] -= coins
        s.points[side] += g.rules.data["prize"]
        g.emit("favour", f"{g.side_name(side)} wins the season's favour for {coins} coins: {s.points[side]} point(s).",
               side)
    else:
        g.emit("favour", "Nobody bid: the season's favour goes to nobody.")
    g.next_phase()
