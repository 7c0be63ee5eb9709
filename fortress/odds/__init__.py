"""Battle odds, for any ruleset that brings a calculator: "what happens if I attack here?".

A ruleset names the package of its calculator as its ``odds`` (Fortress America's:
:mod:`fortress.rulesets.america.odds`, exact over every roll of its one-round battle, and Monte
Carlo); the functions here find it through the game's ruleset, or the one named (default:
Fortress America), as :func:`fortress.ai.make_bot` finds a ruleset's bots. What every ruleset
shares, the confidence intervals, is :mod:`fortress.odds.intervals`.

>>> o = exact({"infantry": 1}, {"infantry": 1}, "plain")
>>> round(o.p_cleared * 4)   # P(attacker still fighting) * P(hit, CA or retreat) = 1/2 * 1/2
1
>>> calculator().__name__
'fortress.rulesets.america.odds'
"""
from __future__ import annotations

import importlib
from types import ModuleType
from typing import Any

from fortress.odds.intervals import normal_interval, wilson, z_value

__all__ = ["calculator", "exact", "for_game", "monte_carlo", "normal_interval", "parse_force", "wilson", "z_value"]


def calculator(ruleset: object = None) -> ModuleType:
    """The odds package of ``ruleset`` (its name or the Ruleset; None: the default ruleset),
    imported on first use; ``ValueError`` for a ruleset without one."""
    from fortress.engine import rulesets
    rules: Any = ruleset if ruleset is not None and not isinstance(ruleset, str) else rulesets.get(ruleset)
    if not getattr(rules, "odds", None):
        raise ValueError(f"{rules.title or rules.name} has no odds calculator")
    return importlib.import_module(rules.odds)


def exact(attackers: Any, defenders: Any, terrain: str = "plain", *, ruleset: object = None, **options: Any) -> Any:
    """Exact odds of a battle, by ``ruleset``'s calculator: Fortress America's
    ``exact({"infantry": 2, "hovertank": 1}, {"infantry": 2}, "city")`` (docs/odds.md)."""
    return calculator(ruleset).exact(attackers, defenders, terrain, **options)


def monte_carlo(attackers: Any, defenders: Any, terrain: str = "plain", *, ruleset: object = None,
                **options: Any) -> Any:
    """Monte Carlo estimate of the figures of :func:`exact`, with confidence intervals."""
    return calculator(ruleset).monte_carlo(attackers, defenders, terrain, **options)


def parse_force(text: str, *, ruleset: object = None) -> Any:
    """A force written as text (``"2 infantry, a hovertank"``), read by ``ruleset``'s calculator."""
    return calculator(ruleset).parse_force(text)


def for_game(game: Any, area: str, method: str = "exact", **options: Any) -> Any:
    """Odds of attacking ``area`` now in ``game``, by its ruleset's calculator (Fortress
    America's: every unit of the side to move that can join; ``method`` "exact" or "monte-carlo")."""
    return calculator(game.rules).for_game(game, area, method, **options)
