"""Who plays what in America in Flames (§13): the seats for 2 to 6 players, the auction for
them, the order of picks, and the research target the winning bid sets.

§13's example, replayed (four players; the second "Ruedi" of the example who "didn't bid" is
read as Frederic, the one player who did not bid besides Dinah: our ruling):

>>> from fortress.engine.dice import Rng
>>> from fortress.rulesets.aif.tables import load
>>> t = load()
>>> a = Auction(("Dinah", "Marie-Claude", "Frederic", "Ruedi"))
>>> for n in range(1, 19):
...     a = a.bid("Marie-Claude" if n % 2 == 0 else "Ruedi", n)
>>> a.high()
('Marie-Claude', 18)
>>> s = Seating.after(t, a, Rng(3))
>>> s.order[:2]
('Marie-Claude', 'Ruedi')
>>> s = s.pick("Marie-Claude", ("usa",)).pick("Ruedi", ("japan",))
>>> s.target(t)
218
"""
from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Mapping

from fortress.rulesets.aif.atomic import Dice, hydrogen_target
from fortress.rulesets.aif.tables import Tables
from fortress.rulesets.aif.track import RuleError

Group = tuple[str, ...]


def groups(t: Tables, players: int) -> tuple[Group, ...]:
    """§13: the powers (or groups of powers) the players choose among."""
    if players not in t.seats:
        raise RuleError(f"13: America in Flames is for 2 to 6 players, not {players}")
    return t.seats[players]


@dataclass(frozen=True)
class Auction:
    """§13's optional auction: each bid is 1 more than the last, the first is 1; a player may
    bid as often as they like."""

    players: tuple[str, ...]
    bids: tuple[tuple[str, int], ...] = ()

    def bid(self, player: str, amount: int) -> "Auction":
        if player not in self.players:
            raise RuleError(f"13: {player!r} is not a player (players: {', '.join(self.players)})")
        wanted = self.bids[-1][1] + 1 if self.bids else 1
        if amount != wanted:
            raise RuleError(f"13: each bid is 1 more than the last; the next bid is {wanted}, not {amount!r}")
        return replace(self, bids=self.bids + ((player, amount),))

    def high(self) -> tuple[str, int] | None:
        """The winning bidder and bid (None if nobody bid)."""
        return self.bids[-1] if self.bids else None

    def best(self) -> dict[str, int]:
        """Each bidder's highest bid."""
        return {p: n for p, n in self.bids}


def pick_order(auction: Auction, dice: Dice) -> tuple[str, ...]:
    """§13: bidders pick from the highest bid down; the others follow in the order of a die
    each rolls, highest first, rolling again among ties (the example's rolls; our reading of
    "randomly")."""
    best = auction.best()
    bidders = sorted(best, key=lambda p: -best[p])
    return tuple(bidders) + by_dice([p for p in auction.players if p not in best], dice)


def by_dice(players: list[str], dice: Dice) -> tuple[str, ...]:
    """``players`` ordered by a d10 each, highest first; ties roll again among themselves."""
    if len(players) <= 1:
        return tuple(players)
    rolls = {p: dice.below(10) + 1 for p in players}
    out: tuple[str, ...] = ()
    for value in sorted(set(rolls.values()), reverse=True):
        out += by_dice([p for p in players if rolls[p] == value], dice)
    return out


@dataclass(frozen=True)
class Seating:
    """The picks in progress: players in pick order, the groups on offer, the picks made, and
    the winning bid (if any)."""

    order: tuple[str, ...]
    offer: tuple[Group, ...]
    side_of: Mapping[str, str]
    picks: tuple[tuple[str, Group], ...] = ()
    bid: int = 0

    @classmethod
    def open(cls, t: Tables, order: tuple[str, ...], bid: int = 0) -> "Seating":
        """Picks in ``order`` (youngest to oldest without an auction, §13)."""
        if len(set(order)) != len(order):
            raise RuleError(f"13: each player picks once, not {', '.join(order)}")
        return cls(tuple(order), groups(t, len(order)), {p: v.side for p, v in t.powers.items()}, bid=bid)

    @classmethod
    def after(cls, t: Tables, auction: Auction, dice: Dice) -> "Seating":
        """Picks after ``auction``: in :func:`pick_order`, with its winning bid."""
        high = auction.high()
        return cls.open(t, pick_order(auction, dice), high[1] if high else 0)

    def next(self) -> str | None:
        return self.order[len(self.picks)] if len(self.picks) < len(self.order) else None

    def remaining(self) -> tuple[Group, ...]:
        taken = {g for _, g in self.picks}
        return tuple(g for g in self.offer if g not in taken)

    def pick(self, player: str, group: Group) -> "Seating":
        """``player`` takes ``group``; after an auction the second pick must be from the other
        side (§13)."""
        if player != self.next():
            raise RuleError(f"13: it is {self.next()}'s pick, not {player}'s")
        group = tuple(group)
        if group not in self.remaining():
            offer = "; ".join("+".join(g) for g in self.remaining())
            raise RuleError(f"13: {'+'.join(group)} is not on offer (left: {offer})")
        if self.bid and len(self.picks) == 1 and self.side_of[group[0]] == self.side_of[self.picks[0][1][0]]:
            raise RuleError("13: the second pick is from the other side of the first")
        return replace(self, picks=self.picks + ((player, group),))

    def target(self, t: Tables, short: bool = False) -> int:
        """The hydrogen bomb's target: the winning bid counts for the side its bidder picked."""
        if not self.bid and not self.picks:
            return hydrogen_target(t, short)
        side = self.side_of[self.picks[0][1][0]] if self.picks else None
        return hydrogen_target(t, short, self.bid, side)
