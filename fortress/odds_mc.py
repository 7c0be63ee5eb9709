"""Monte Carlo odds: many battles with seeded dice, with confidence intervals."""
from __future__ import annotations

from collections import Counter
from typing import Iterable

from fortress.combat import DEFAULT_POLICY, Battle, Policy, fight
from fortress.dice import Rng
from fortress.odds_forces import policy
from fortress.odds_report import (PROBABILITIES, Odds, Outcome, _destroy_retreats, normal_interval, outcome_of,
                                  summarise, wilson, z_value)


def simulate_odds(battle: Battle, runs: int, seed: int = 0, *, attacker_policy: str | Policy = DEFAULT_POLICY,
                  defender_policy: str | Policy = DEFAULT_POLICY, retreat_possible: bool = True,
                  confidence: float = 0.95) -> Odds:
    """Monte Carlo odds of ``battle``: ``runs`` games of ``combat.fight`` with ``Rng(seed)``."""
    if runs < 2:
        raise ValueError("Monte Carlo needs at least 2 runs")
    att, dfn = policy(attacker_policy), policy(defender_policy)
    rng = Rng(seed)
    freq: Counter = Counter()
    for _ in range(runs):
        b = fight(battle.copy(), rng, att, dfn)
        if not retreat_possible and b.retreated:
            _destroy_retreats(b)
        freq[outcome_of(b)] += 1
    est = summarise({o: n / runs for o, n in freq.items()}, "monte-carlo", runs=runs, confidence=confidence)
    z = z_value(confidence)
    intervals = {}
    for name in est.figures():
        values = [_figure(o, name) for o in freq]
        if name in PROBABILITIES:
            intervals[name] = wilson(sum(v * freq[o] for v, o in zip(values, freq)), runs, z)
        else:
            intervals[name] = normal_interval(_repeat(values, freq.values()), runs, z)
    return Odds(**{**{k: getattr(est, k) for k in Odds.__dataclass_fields__}, "intervals": intervals,
                   "table": lambda: {o: n / runs for o, n in freq.items()}})


def _repeat(values: list[float], counts: Iterable[int]) -> Iterable[float]:
    for v, n in zip(values, counts):
        yield from [v] * n


def _figure(o: Outcome, name: str) -> float:
    """The value of one summary figure for a single outcome."""
    if name.startswith("attacker_losses."):
        return dict(o.attackers_lost).get(name.split(".", 1)[1], 0)
    if name.startswith("defender_losses."):
        return dict(o.defenders_lost).get(name.split(".", 1)[1], 0)
    return summarise({o: 1.0}).__getattribute__(name)
