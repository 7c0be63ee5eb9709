"""Shared helpers for ATTACK!'s rule tests: a game past setup, a board cleared to a small
position, units placed by hand, an action started for the side to move."""
from __future__ import annotations

from typing import Any

import fortress


def after_setup(players: int = 2, seed: int = 3, variants: tuple[str, ...] = ()) -> Any:
    """A game whose setup was played with each step's first legal action."""
    g = fortress.new_game(seed=seed, players=players, ruleset="attack", setup=None, variants=variants)
    while g.phase == "setup":
        g.apply(g.legal_actions()[0])
    return g


def cleared(players: int = 2, seed: int = 3) -> Any:
    """After setup, with the board emptied: no units, no regions held, no oil, every region in
    play neutral (face-down fascism markers), no cards in hand; year 1's direction chosen."""
    g = after_setup(players, seed)
    g.apply("direction cw")
    s = g.state
    for side in s.sides:
        s.armies[side], s.ships[side], s.hands[side] = {}, {}, []
    s.control, s.oil = {}, []
    from fortress.rulesets.attack import world
    s.neutral = {r: "fascism" for r in world.graph().regions(s.map)}
    return g


def put(g: Any, side: str, region: str, **units: int) -> None:
    """``side`` holds ``region`` with these army units."""
    s = g.state
    s.control[region] = side
    s.neutral.pop(region, None)
    for kind, n in units.items():
        s.add_army(side, region, kind, n)


def ships(g: Any, side: str, place: str, **keys: int) -> None:
    for key, n in keys.items():
        g.state.add_ship(side, place, key.replace("__", "/"), n)


def start(g: Any, action: str) -> str:
    """The side to move chooses ``action``; returns that side."""
    side: str = g.side
    g.apply(f"choose {action}")
    return side


def to_winter(g: Any) -> None:
    """Every decision ends its step or takes the first choice, until Winter."""
    while g.state.season != "Winter":
        legal = [str(a) for a in g.legal_actions()]
        g.apply("end" if "end" in legal else legal[0])


def with_capital(region: str = "new-england") -> tuple[Any, Any, str]:
    """A cleared game whose side to move has its capital in ``region``, held by one infantry."""
    g = cleared()
    side: str = g.side
    g.state.capital[side] = region
    put(g, side, region, infantry=1)
    return g, g.state, side


def two_sides() -> tuple[Any, Any, str, str]:
    """A cleared game, its state, the side to move and another side."""
    g = cleared()
    side: str = g.side
    other = next(x for x in g.state.sides if x != side)
    return g, g.state, side, other
