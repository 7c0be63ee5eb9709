"""Individual Invader Victory (rules: Special Rules, "Individual Invader Victory Variant":
after a collective Invader win, individual Invaders compete on the cities captured).

A game plays it with ``new_game(variants={"individual-victory"})``. ``game.winner`` stays
the collective result; ``game.ranking`` ranks the Invaders once the Invaders have won, and
the log announces it after the victory. The captured-city track credits each city to the
Invader that took it (:mod:`fortress.rulesets.america.phases.capture`), so the first measure is the
cities each has on the track when the game ends. Ties (project ruling: the text gives no
tie-break): more territories held (land areas under its control, zones not counted), then
more units on the board, then the earlier in the turn order (West, South, East).

>>> import fortress
>>> game = fortress.Game.from_position({"turn": "east", "phase": "declare", "round": 3,
...     "control": {"west": ["Seattle", "Portland"], "east": ["Boston"]},
...     "captured": {"Seattle": "west", "Portland": "west", "Boston": "east"},
...     "units": {"Seattle": "west: 2 infantry", "Boston": "east: 1 infantry"}},
...     variants={"individual-victory"})
>>> _ = game.apply("surrender")  # East concedes: the U.S. wins, nobody is ranked
>>> game.winner, game.ranking
('us', ())
>>> [(s.place, s.side, s.cities) for s in standings(game.state, game.board)]
[(1, 'west', 2), (2, 'east', 1), (3, 'south', 0)]
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Mapping

from fortress.rulesets.america.units import INVADERS

if TYPE_CHECKING:
    from fortress.engine.board import Board
    from fortress.engine.context import Context

VARIANT = "individual-victory"
#: the measures, in the order they rank (each: more is better); the turn order breaks the last tie
MEASURES = ("cities", "territories", "units")
_ORDINALS = ("1st", "2nd", "3rd")


@dataclass(frozen=True)
class Standing:
    """One Invader's place in the individual ranking and what it was ranked on."""

    place: int  #: 1 is the individual winner
    side: str
    cities: int  #: cities credited to it on the captured-city track
    territories: int  #: land areas it controls
    units: int  #: its units on the board


def standings(state: Any, board: "Board") -> tuple[Standing, ...]:
    """Every Invader ranked, best first (the measures of :data:`MEASURES`, then turn order)."""
    def measures(side: str) -> tuple[int, int, int]:
        cities = sum(1 for credited in state.captured.values() if credited == side)
        territories = sum(1 for area, held in state.control.items() if held == side and not board[area].is_zone)
        units = sum(1 for u in state.units.values() if u.side == side)
        return cities, territories, units

    counted = {side: measures(side) for side in INVADERS}
    order = sorted(INVADERS, key=lambda side: tuple(-n for n in counted[side]))  # stable: turn order last
    return tuple(Standing(i, side, *counted[side]) for i, side in enumerate(order, 1))


def ranking(g: "Context") -> tuple[Standing, ...]:
    """The individual ranking if the game plays the variant and the Invaders have won, else ()."""
    if VARIANT not in g.variants or g.state.winner != g.tables.numbers["victory"]["cities_team"]:
        return ()
    return standings(g.state, g.board)


def describe(ranked: tuple[Standing, ...], names: Mapping[str, str]) -> str:
    """The ranking in a sentence (sides named by ``names``, the ruleset's ``side_names``); a
    measure is shown where it told tied Invaders apart."""
    parts = []
    for s in ranked:
        tied = [o for o in ranked if o is not s and o.cities == s.cities]
        shown = [_count(s.cities, "city", "cities")]
        if tied:
            shown.append(_count(s.territories, "territory", "territories"))
        if any(o.territories == s.territories for o in tied):
            shown.append(_count(s.units, "unit", "units"))
        if any((o.territories, o.units) == (s.territories, s.units) for o in tied):
            shown.append("tie broken by turn order")
        parts.append(f"{_ORDINALS[s.place - 1]} {names.get(s.side, s.side)} ({', '.join(shown)})")
    return "Individual Invader Victory: " + "; ".join(parts) + "."


def _count(n: int, one: str, many: str) -> str:
    return f"{n} {one if n == 1 else many}"


def announce(g: "Context") -> None:
    """The game is over: with the variant on and an Invader win, the log gives the ranking."""
    ranked = ranking(g)
    if ranked:
        g.emit("ranking", describe(ranked, g.rules.side_names), ranked[0].side)
