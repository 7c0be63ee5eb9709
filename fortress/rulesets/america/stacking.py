"""The 5-unit limit (rules: "5 Unit Limit: No more than 5 units in any territory/invasion
zone at end of an action (exception: bombing ability)").

Project ruling: the limit holds at the end of a phase action. In Maneuvers a
place may hold more than 5 of a side's units for a while (a swap between two full
territories), but Maneuvers, Invasion and Reinforcements end only with every place
within the limit; ``end`` is refused with a reason naming each over-full place
(:func:`end_refusal`, read by each of those phases' ``Rules.reason``). A bomber that
bombs keeps its place in the territory it came from (the bombing exception: up to 5
bombers over a target, ``bombing_limit``).

Invasion, partisan placements, Invader reinforcements and retreats cannot be undone by a
later move of the same action (an invading unit moves once, nothing moves while units
are placed, a retreat is a single step), so they stay within the limit as they go.
"""
from __future__ import annotations

from typing import Any, Iterable, Mapping


# The limits are the ruleset's numbers (rules.toml ``unit_limit``, ``bombing_limit``): a step
# reads them from its context (``g.unit_limit``, ``g.tables.numbers``) and passes them here.


def loads(state: Any, side: str) -> dict[str, int]:
    """Units of ``side`` counting toward the limit in each place (a bombing bomber
    counts where it came from)."""
    load: dict[str, int] = {}
    for u in state.units.values():
        if u.side == side:
            area = u.origin if u.origin is not None else u.area
            load[area] = load.get(area, 0) + 1
    return load


def over_limit(load: Mapping[str, int], limit: int) -> list[tuple[str, int]]:
    """The places over ``limit`` and what each holds, in name order of their ids."""
    return sorted((area, n) for area, n in load.items() if n > limit)


def describe(board: Any, over: Iterable[tuple[str, int]]) -> str:
    """'Coast (6 units) and Hills (7 units)'."""
    names = [f"{board[area].name} ({n} units)" for area, n in over]
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]


def end_refusal(board: Any, step: str, load: Mapping[str, int], limit: int, fix: str = "") -> str | None:
    """Why ``step`` may not end with these loads, naming each place over ``limit`` and then
    ``fix``, what to do about it (None: every place is within the limit)."""
    over = over_limit(load, limit)
    if not over:
        return None
    return (f"{step}: {describe(board, over)} {'is' if len(over) == 1 else 'are'} over the {limit}-unit "
            f"limit, which holds at the end of {step}" + (f"; {fix}." if fix else "."))


