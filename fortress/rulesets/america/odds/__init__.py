"""Fortress America's battle odds: the exact distribution of one battle's outcomes, and a
Monte Carlo check. Its ruleset names this package as its ``odds``, so :mod:`fortress.odds`
(``exact``, ``monte_carlo``, ``for_game``, ``parse_force``) answers with it for its games.

A Fortress America battle is one round (rules: Combat Resolution), so its outcomes
are few and the exact answer is cheap. The calculator owns no rules: it drives
:class:`fortress.rulesets.america.battle.Battle`, the state machine the game plays, with every
possible roll instead of a random one (see docs/odds.md).

This package is the calculator's face; the work is done in

* :mod:`fortress.rulesets.america.odds.forces` -- input: forces, terrains, policies, the battle;
* :mod:`fortress.rulesets.america.odds.exact` -- the exact method;
* :mod:`fortress.rulesets.america.odds.bound` -- a cheap upper bound on P(cleared);
* :mod:`fortress.rulesets.america.odds.montecarlo` -- Monte Carlo (the battles of ``fight``, over counts by ``FastBattle``);
* :mod:`fortress.rulesets.america.odds.report` -- outcomes, the ``Odds`` summary (intervals: :mod:`fortress.odds.intervals`).

>>> o = exact({"infantry": 1}, {"infantry": 1}, "plain")
>>> round(o.p_cleared * 4)   # P(attacker still fighting) * P(hit, CA or retreat) = 1/2 * 1/2
1
"""
from __future__ import annotations

from typing import TYPE_CHECKING

from fortress.rulesets.america.battle import DEFAULT_POLICY, Battle, Policy
from fortress.rulesets.america.odds.bound import cleared_at_most
from fortress.rulesets.america.odds.exact import (FACTORABLE, cache_bytes, clear_caches, dice_key, factored_odds, final_states, odds_of, resolve,
                                 roll_table, state_key, step_table, successors)
from fortress.rulesets.america.odds.forces import BATTLE_AREA, FROM, TERRAINS, Units, make_battle, parse_force, policy, tokens
from fortress.rulesets.america.odds.montecarlo import simulate_odds
from fortress.odds.intervals import normal_interval, wilson, z_value
from fortress.rulesets.america.odds.report import PROBABILITIES, SUMMARY, Count, Odds, Outcome, outcome_of, summarise

if TYPE_CHECKING:
    from fortress.rulesets.america.views import AmericaGame as Game

__all__ = [
    "BATTLE_AREA", "FACTORABLE", "FROM", "PROBABILITIES", "SUMMARY", "TERRAINS", "Count", "Odds", "Outcome", "Units",
    "cache_bytes", "clear_caches", "cleared_at_most", "dice_key", "exact", "factored_odds", "final_states", "for_game", "make_battle", "monte_carlo",
    "normal_interval", "odds_of", "outcome_of", "parse_force", "policy", "resolve", "roll_table", "simulate_odds",
    "state_key", "step_table", "successors", "summarise", "tokens", "wilson", "z_value",
]


def exact(attackers: Units, defenders: Units, terrain: str = "plain", *, bombers_inside: int = 0,
          attacker_policy: str | Policy = DEFAULT_POLICY, defender_policy: str | Policy = DEFAULT_POLICY,
          retreat_possible: bool = True) -> Odds:
    """Exact odds: ``exact({"infantry": 2, "hovertank": 1}, {"infantry": 2}, "city")``.

    Forces map unit types (or tokens ``(type, where)``) to counts; ``bombers_inside``
    adds attacking bombers already in the territory. When ``retreat_possible`` is
    False a retreating defender is destroyed (``Battle.destroy_retreated``).
    """
    battle = make_battle(attackers, defenders, terrain, bombers_inside=bombers_inside)
    return odds_of(battle, attacker_policy=attacker_policy, defender_policy=defender_policy,
                   retreat_possible=retreat_possible)


def monte_carlo(attackers: Units, defenders: Units, terrain: str = "plain", *, runs: int = 10_000, seed: int = 0,
                bombers_inside: int = 0, attacker_policy: str | Policy = DEFAULT_POLICY,
                defender_policy: str | Policy = DEFAULT_POLICY, retreat_possible: bool = True,
                confidence: float = 0.95) -> Odds:
    """Monte Carlo estimate of the same figures as :func:`exact`, with confidence intervals."""
    battle = make_battle(attackers, defenders, terrain, bombers_inside=bombers_inside)
    return simulate_odds(battle, runs, seed, attacker_policy=attacker_policy, defender_policy=defender_policy,
                         retreat_possible=retreat_possible, confidence=confidence)


# -- live game ---------------------------------------------------------------------------
def for_game(game: Game, area: str, method: str = "exact", *, attacker_policy: str | Policy = DEFAULT_POLICY,
             defender_policy: str | Policy = DEFAULT_POLICY, retreat_possible: bool = True,
             runs: int = 10_000, seed: int = 0) -> Odds:
    """Odds of attacking ``area`` now with every unit of the side to move that can join.

    Uses the engine's contract: ``game.attack_forces(area)`` and
    ``game.defence_forces(area)`` (tokens -> counts; bombers inside keyed with
    ``where == area``), ``game.board[area].kind`` and ``game.tables`` (the ruleset's units
    and dice).
    """
    try:
        kind = game.board[area].kind
    except KeyError:  # a name, not an id (an unknown one: KeyError in words, with close names)
        area = game.board.find(area)
        kind = game.board[area].kind
    battle = Battle(area, kind, dict(game.attack_forces(area)), dict(game.defence_forces(area)),
                    game.tables)
    if method == "exact":
        return odds_of(battle, attacker_policy=attacker_policy, defender_policy=defender_policy,
                       retreat_possible=retreat_possible)
    if method in ("monte-carlo", "mc"):
        return simulate_odds(battle, runs, seed, attacker_policy=attacker_policy, defender_policy=defender_policy,
                             retreat_possible=retreat_possible)
    raise ValueError(f"unknown method {method!r}: 'exact' or 'monte-carlo'")
