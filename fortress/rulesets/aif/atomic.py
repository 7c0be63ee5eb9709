"""America in Flames' atomic race (§5.3, §8, §12, §13) and production multiple (§5.2).

Research rolls cost 10 build points less one per research site the side controls; partners
pool build points into a roll; each turn a side scores its highest die. The die is a d10
(derived: §8's race from 20 to 200 in about 26 turns, §13, is impossible on a d6; World in
Flames' die is a d10, which is outside knowledge). Randomness comes only from the generator
passed in (:class:`fortress.engine.dice.Rng` or anything with ``below(n)``):

>>> from fortress.engine.dice import Rng
>>> from fortress.rulesets.aif.tables import load
>>> t = load()
>>> roll_cost(t, 5), roll_cost(t, 0)
(5, 10)
>>> out = research(t, start_points(t), {"allies": 3, "axis": 0}, Rng(1))
>>> out.points["allies"] == 20 + max(out.dice["allies"]), out.points["axis"]
(True, 0)
>>> hydrogen_target(t, bid=18, bid_side="allies"), hydrogen_target(t, short=True)
(218, 150)
"""
from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from typing import Mapping, Protocol, Sequence

from fortress.rulesets.aif.tables import Tables
from fortress.rulesets.aif.track import RuleError


class Dice(Protocol):
    """A seeded generator: ``below(n)`` gives a whole number in ``range(n)``."""

    def below(self, n: int) -> int: ...


@dataclass(frozen=True)
class Research:
    """A production step's research: each side's points after it, and its dice."""

    points: Mapping[str, int]
    dice: Mapping[str, tuple[int, ...]]


def production_multiple(home_attacked: bool) -> Fraction:
    """§5.2: 1 all game, 1.5 in a turn an enemy land unit attacks the power's home country."""
    return Fraction(3, 2) if home_attacked else Fraction(1)


def start_points(t: Tables) -> dict[str, int]:
    """§8: the Allies start with 20 research points, the Axis with 0."""
    return dict(t.research_start)


def sites_held(t: Tables, control: Mapping[str, str], side: str) -> int:
    """How many research sites ``side``'s powers control (``control``: site -> power; a site
    not named is held by the sites' owner, the USA, §5.3)."""
    unknown = set(control) - set(t.research["sites"])
    if unknown:
        raise RuleError(f"5.3: no research site named {sorted(unknown)[0]!r} "
                        f"(sites: {', '.join(t.research['sites'])})")
    owner = t.research["sites_owner"]
    return sum(1 for s in t.research["sites"] if t.side(control.get(s, owner)) == side)


def roll_cost(t: Tables, sites: int) -> int:
    """§5.3: a research roll costs 10 build points, less 1 per research site the side holds."""
    if not 0 <= sites <= len(t.research["sites"]):
        raise RuleError(f"5.3: a side holds 0 to {len(t.research['sites'])} research sites, not {sites}")
    return int(t.research["roll_cost"]) - sites


def buy_rolls(t: Tables, side: str, rolls: Sequence[Mapping[str, int]], sites: int) -> dict[str, int]:
    """§5.3: each roll paid in full by powers of ``side`` (partners may pool). Returns the build
    points each power spends; raises :class:`RuleError` for a roll paid wrongly."""
    cost, spent = roll_cost(t, sites), dict[str, int]()
    for i, roll in enumerate(rolls, 1):
        for power, bp in roll.items():
            if power not in t.powers or t.side(power) != side:
                raise RuleError(f"5.3: only {side} powers pay for {side} research rolls, not {power!r}")
            if isinstance(bp, bool) or not isinstance(bp, int) or bp < 1:
                raise RuleError(f"5.3: a contribution is a whole number of build points of 1 or more, not {bp!r}")
            spent[power] = spent.get(power, 0) + bp
        if sum(roll.values()) != cost:
            raise RuleError(f"5.3: a research roll costs {cost} build points here "
                            f"(10 − {sites} sites held); roll {i} gives {sum(roll.values())}")
    return spent


def research(t: Tables, points: Mapping[str, int], rolls: Mapping[str, int], dice: Dice) -> Research:
    """§8: each side rolls one die per roll bought and adds its highest die to its points."""
    sides = int(t.research["die"])
    rolled: dict[str, tuple[int, ...]] = {}
    for side in ("allies", "axis"):
        n = rolls.get(side, 0)
        if isinstance(n, bool) or not isinstance(n, int) or n < 0:
            raise RuleError(f"8: research rolls are a whole number of 0 or more, not {n!r}")
        rolled[side] = tuple(dice.below(sides) + 1 for _ in range(n))
    new = {s: points[s] + max(rolled[s], default=0) for s in ("allies", "axis")}
    return Research(new, rolled)


def hydrogen_target(t: Tables, short: bool = False, bid: int = 0, bid_side: str | None = None) -> int:
    """The points that give the hydrogen bomb and the win: 200 (§8), 150 in the short game
    (§12); the winning bid added for an Allied pick, subtracted for an Axis one (§13; with the
    short game it changes 150, our ruling)."""
    base = int(t.research["short_game_hydrogen_bomb" if short else "hydrogen_bomb"])
    if bid and bid_side not in ("allies", "axis"):
        raise RuleError("13: a winning bid belongs to the side of the power (or group) its bidder picked")
    return base + (bid if bid_side == "allies" else -bid)


def has_atomic_bomb(t: Tables, points: int) -> bool:
    """§8: 25 research points give the atomic bomb (it matters only with the optional rule)."""
    return points >= int(t.research["atomic_bomb"])


def research_winner(points: Mapping[str, int], target: int, initiative: str) -> str | None:
    """§8: the side whose points reach ``target`` wins. Both in the same step (our ruling): the
    side with more points, then the side with the initiative."""
    done = [s for s in ("allies", "axis") if points[s] >= target]
    if len(done) == 2:
        if points["allies"] == points["axis"]:
            return initiative
        return max(done, key=lambda s: points[s])
    return done[0] if done else None


__all__ = ["Dice", "Research", "buy_rolls", "has_atomic_bomb", "hydrogen_target", "production_multiple", "research",
           "research_winner", "roll_cost", "sites_held", "start_points"]
