"""The political allegiance track (America in Flames §3.1, §3.4, §3.6, §3.7): flags, how they
move, whom they favour, and the secondary moves of lightning flashes.

A flag stands on square 0, on 1-15 of one side, or on that side's Full Ally square; it
favours one major power (in, above or below the square, §3.1) except on 0. Its signed
position counts Allied squares up and Axis squares down:

>>> from fortress.rulesets.aif.tables import load
>>> t = load()
>>> signed(t, Flag(5, "germany")), signed(t, Flag(6, "usa")), signed(t, Flag())
(-5, 6, 0)
>>> walk(t, -5, "allies", 2, cap=15)  # §3.6: crossing the 4|5 hurdle downward takes both levels
(-4, 0)
"""
from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Literal

from fortress.rulesets.aif.tables import Tables

Cause = Literal["influence", "secondary", "automatic", "war", "entry", "partner", "neutral", "conquest"]


class RuleError(ValueError):
    """An order or action the rules forbid; the message starts with the rule's section."""


@dataclass(frozen=True)
class Flag:
    """One minor's flag: its square on its side (0 to Full Ally), the power it favours (None
    only on 0), whether it is aligned (declared on that side: announced at Mobilisation, at
    war, or a Full Ally), and who conquered it (then it never moves again, §3.1)."""

    square: int = 0
    power: str | None = None
    aligned: bool = False
    conquered_by: str | None = None


@dataclass(frozen=True)
class Move:
    """A flag's move, with the rule that made it and the arithmetic in words."""

    minor: str
    before: Flag
    after: Flag
    cause: Cause
    text: str


def signed(t: Tables, flag: Flag) -> int:
    """The flag's square counted up for the Allies and down for the Axis."""
    if flag.power is None:
        return 0
    return flag.square if t.side(flag.power) == "allies" else -flag.square


def frozen(t: Tables, flag: Flag) -> bool:
    """A Full Ally's or a conquered minor's flag never moves again (§3.1)."""
    return flag.conquered_by is not None or flag.square >= t.full_ally


def walk(t: Tables, pos: int, toward: str, budget: int, cap: int) -> tuple[int, int]:
    """Spend ``budget`` levels (or secondary squares) moving ``pos`` towards ``toward``'s end:
    each square costs 1, except crossing a hurdle downward (towards 0), which costs 2 (§3.6,
    §3.7); the flag stops at square ``cap`` of a side. Returns the new position and the levels
    left unused (lost)."""
    step = 1 if toward == "allies" else -1
    while budget > 0:
        upward = pos == 0 or (pos > 0) == (step > 0)
        if upward:
            if abs(pos) + 1 > cap:
                break
            cost = 1
        else:
            cost = 2 if abs(pos) - 1 in t.hurdles else 1
            if cost > budget:
                break
        budget -= cost
        pos += step
    return pos, budget


def cheapest(t: Tables, minor: str, side: str, conquered: frozenset[str] = frozenset()) -> str | None:
    """The power of ``side`` with the lowest political cost for ``minor``, then the most
    factories (§3.2, §3.7); conquered powers are passed over; None if none is left."""
    able = [p for p in t.side_powers(side) if p not in conquered]
    if not able:
        return None
    return min(able, key=lambda p: (t.minors[minor].cost[p], -t.powers[p].factories, list(t.powers).index(p)))


def settle(t: Tables, flag: Flag, pos: int, chooser: str | None) -> Flag:
    """The flag at signed ``pos``: it keeps its favour unless it left or passed 0, when it
    favours ``chooser`` (§3.1: favour changes only through 0). A flag that reaches or passes 0
    is no longer aligned."""
    start = signed(t, flag)
    if pos == 0:
        return replace(flag, square=0, power=None, aligned=False)
    crossed = start == 0 or (start > 0) != (pos > 0)
    power = chooser if crossed else flag.power
    return replace(flag, square=abs(pos), power=power, aligned=flag.aligned and not crossed)


def describe(t: Tables, flag: Flag) -> str:
    """``0``, ``Germany +5``, ``Full Ally of the USA`` or ``conquered by Germany``."""
    if flag.conquered_by:
        return f"conquered by {t.powers[flag.conquered_by].name}"
    if flag.power is None:
        return "0"
    name = t.powers[flag.power].name
    return f"Full Ally of {name}" if flag.square >= t.full_ally else f"{name} +{flag.square}"


def secondary(t: Tables, flags: dict[str, Flag], minor: str, moved: int, cause: Cause,
              conquered: frozenset[str] = frozenset()) -> list[Move]:
    """§3.7: when ``minor``'s flag, marked with a lightning flash, moves ``moved`` squares
    (signed, + towards the Allies) for a ``cause`` of ``flash_triggers`` (track.toml), each
    minor on its back moves a third of that, rounded down, the other way. A flag leaving 0
    favours that side's cheapest power. These moves cause no further moves and, like influence,
    never reach Full Ally (our ruling). ``flags`` is updated."""
    squares = abs(moved) // 3
    if not t.minors[minor].flash or squares == 0 or cause not in t.flash_triggers:
        return []
    toward = "axis" if moved > 0 else "allies"
    moves = []
    for target in t.minors[minor].back:
        before = flags[target]
        if frozen(t, before):
            continue
        pos, _ = walk(t, signed(t, before), toward, squares, cap=t.full_ally - 1)
        after = settle(t, before, pos, cheapest(t, target, toward, conquered))
        if after != before:
            flags[target] = after
            moves.append(Move(target, before, after, "secondary",
                              f"3.7: {t.minors[minor].name}'s flash moves {t.minors[target].name} {squares} the "
                              f"other way (a third of {abs(moved)}): {describe(t, before)} → {describe(t, after)}"))
    return moves


def jump_to_full_ally(t: Tables, flags: dict[str, Flag], minor: str, side: str, cause: Cause, rule: str,
                      conquered: frozenset[str] = frozenset()) -> list[Move]:
    """§3.2: the flag goes to ``side``'s Full Ally square: of the power it favours if that
    power is of ``side``, else of ``side``'s cheapest power; then its flash acts (§3.7)."""
    before = flags[minor]
    favoured = before.power is not None and t.side(before.power) == side
    power = before.power if favoured else cheapest(t, minor, side, conquered)
    after = Flag(t.full_ally, power, aligned=True)
    flags[minor] = after
    moved = signed(t, after) - signed(t, before)
    moves = [Move(minor, before, after, cause,
                  f"{rule}: {t.minors[minor].name} {describe(t, before)} → {describe(t, after)}")]
    return moves + secondary(t, flags, minor, moved, cause, conquered)
