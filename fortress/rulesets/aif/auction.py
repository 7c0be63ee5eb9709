"""The auction for sides (§13; the variant "bidding", else passed over): in seat order each
seat (its first power speaks for it) bids one more than the last bid (the first bid is 1) or
passes; a seat may bid again after passing. The auction ends when every other seat has passed
since the last bid (or every seat has passed and nobody bid). The winning bid is added to the
research points the hydrogen bomb needs if the winner holds Allied powers, taken off if Axis.

Ruling: the core seats the players before the game, so each seat bids for the powers it holds
(the text's winner then picks; here its seat is its pick). The arithmetic is the text's. A bid
may not bring the target to the Allies' starting research points or below (ours)."""
from __future__ import annotations

from typing import Any

from fortress.engine.actions import Action, End
from fortress.engine.check import Check
from fortress.engine.flow import Pass
from fortress.rulesets.aif.atomic import hydrogen_target
from fortress.rulesets.aif.common import game_target, handicap, state, tables, target
from fortress.rulesets.aif.state import Bid

Context = Any


def leads(g: Context) -> list[str]:
    """The first power of each seat, in seat order: who bids for it."""
    return [seat[0] for seat in g.rules.seats(g.state.players)]


def enter(g: Context) -> None:
    if "bidding" in g.variants:
        g.state.turn = leads(g)[0]


def highest(g: Context) -> int:
    """The highest bid the target allows: it stays above every side's starting research points
    (the short game's target less our Axis handicap, :func:`..common.target`)."""
    t = tables()
    return game_target(t, "short-game" in g.variants) - max(t.research_start.values()) - 1


class Rules(Check):
    __slots__ = ()

    def candidates(self) -> list[Action]:
        if "bidding" not in self.g.variants:
            return [End()]
        s = state(self.g)
        return [Bid(s.bids[-1][1] + 1 if s.bids else 1), Pass()]

    def reason(self, action: Action) -> str | None:
        g, s = self.g, state(self.g)
        if "bidding" not in g.variants:
            return None if isinstance(action, End) else "Auction: this game has no bidding; it happens by itself."
        if isinstance(action, Pass):
            return None
        wanted = s.bids[-1][1] + 1 if s.bids else 1
        if not isinstance(action, Bid) or type(action.amount) is not int:
            return f"Auction: bid {wanted} ('bid {wanted}') or 'pass'."
        if action.amount != wanted:
            return f"Auction: each bid is one more than the last (13); the next bid is {wanted}."
        if action.amount > highest(g):
            return f"Auction: a bid above {highest(g)} would bring the target to a side's starting points (our ruling)."
        return None


def apply(g: Context, action: Action) -> None:
    s, side = state(g), g.acting
    if isinstance(action, End):
        short = "short-game" in g.variants
        t = tables()
        default = (f", the short game's {hydrogen_target(t, True)} less our Axis handicap of {handicap(t, short)} (design)"
                   if short else "")
        g.emit("auction", f"No auction (the variant 'bidding' is off): the hydrogen bomb needs {target(g)} "
                          f"research points{default}.")
        g.next_phase()
        return
    if isinstance(action, Bid):
        s.bids.append((side, action.amount))
        s.passed = []
        g.emit("bid", f"{g.side_name(side)} bids {action.amount} (the hydrogen bomb would need {target(g)}).", side)
    else:
        s.passed.append(side)
        g.emit("pass", f"{g.side_name(side)} passes.", side)
    seats = leads(g)
    others = [p for p in seats if not s.bids or p != s.bids[-1][0]]
    if all(p in s.passed for p in others):
        _close(g)
        return
    s.turn = seats[(seats.index(side) + 1) % len(seats)]
    if s.bids and s.turn == s.bids[-1][0]:  # the high bidder does not bid against itself
        s.turn = seats[(seats.index(s.turn) + 1) % len(seats)]


def _close(g: Context) -> None:
    s = state(g)
    if s.bids:
        side, bid = s.bids[-1]
        g.emit("auction", f"{g.side_name(side)} wins the auction with {bid}: the hydrogen bomb needs {target(g)} "
                          "research points (13).", side)
    else:
        g.emit("auction", f"Nobody bids: the hydrogen bomb needs {target(g)} research points.")
    g.next_phase()
