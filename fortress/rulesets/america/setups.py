"""Starting positions: named presets and a seeded random setup (rules: Setup 2-3).

Presets are rules of thumb applied to whatever board is loaded, so they are short
and readable:

* ``balanced``: units are dealt round-robin, strongest first, over the cities (U.S.)
  and the zones (Invaders) in board order.
* ``coastal``: like ``balanced`` but the U.S. deals its strongest units to the cities
  next to an invasion zone first.
* ``random``: every placement is a seeded random legal choice.
"""
from __future__ import annotations

import random
from typing import TYPE_CHECKING, Mapping

from fortress.rulesets.america.actions import Place

if TYPE_CHECKING:
    from fortress.engine.game import Game

PRESETS = ("balanced", "coastal", "random")


def _deal(kinds: dict[str, int], slots: list[str], values: Mapping[str, int]) -> list[tuple[str, str]]:
    """Deal units (strongest first, by their ``values``) round-robin over ``slots``."""
    units = [k for k in sorted(kinds, key=lambda k: -values[k]) for _ in range(kinds[k])]
    return [(unit, slots[i % len(slots)]) for i, unit in enumerate(units)]


def _us_order(game: "Game", preset: str) -> list[str]:
    cities = list(game.board.cities)
    if preset == "coastal":
        near = {c for c in cities if any(game.board[n].is_zone for n in game.board.neighbours(c))}
        cities.sort(key=lambda c: c not in near)
    return cities


def plan(game: "Game", preset: str) -> list[tuple[str, str]]:
    """The placements of a preset as (unit, area) pairs in the order they are applied."""
    if preset not in ("balanced", "coastal"):
        raise ValueError(f"unknown setup {preset!r}; choose one of {', '.join(PRESETS)} or None")
    rules = game.rules.data
    values = game.tables.values
    cities = _us_order(game, preset)
    if not cities:
        raise ValueError(f"setup {preset!r} places the U.S. units in cities, and this board has none; use setup=None")
    placements = _deal(dict(rules["pool"]), cities * rules["us"]["units_per_city"], values)
    for side in game.rules.teams["invaders"]:
        zones = list(game.board.zones(side))
        if not zones:
            raise ValueError(f"setup {preset!r}: this board has no invasion zone for {game.rules.side_names[side]}; "
                             "use setup=None")
        placements += _deal(dict(rules["invader"]["start"]), zones, values)
    return placements


def apply_setup(game: "Game", preset: str) -> None:
    """Play the whole setup phase of ``game`` with a preset or a seeded random choice."""
    if preset == "random":
        chooser = random.Random(game.state.seed)
        while game.phase == "setup":
            game.apply(chooser.choice(game.legal_actions()[:-1]))
        return
    for unit, area in plan(game, preset):
        game.apply(Place(unit, area))
