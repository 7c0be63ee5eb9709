"""Monte Carlo odds: many battles with seeded dice, with confidence intervals.

The battles are those of ``fight``; for the named policies they are played by
:class:`fortress.rulesets.america.battle_counts.FastBattle`, the same battle over unit counts, which draws
the same numbers from the same ``Rng`` and reaches the same end (``tests/test_odds_mc.py``).
"""
from __future__ import annotations

import math
from collections import Counter

from fortress.rulesets.america.battle import DEFAULT_POLICY, Battle, Policy, Token, fight
from fortress.rulesets.america.battle_counts import FastBattle
from fortress.engine.dice import Rng
from fortress.rulesets.america.odds.forces import policy
from fortress.odds.intervals import wilson, z_value
from fortress.rulesets.america.odds.report import (PROBABILITIES, Count, Odds, Outcome, _destroy_retreats, outcome_of,
                                                   summarise)


def simulate_odds(battle: Battle, runs: int, seed: int = 0, *, attacker_policy: str | Policy = DEFAULT_POLICY,
                  defender_policy: str | Policy = DEFAULT_POLICY, retreat_possible: bool = True,
                  confidence: float = 0.95) -> Odds:
    """Monte Carlo odds of ``battle``: ``runs`` games of ``fight`` with ``Rng(seed)``
    (played by ``FastBattle`` when it covers the battle and the policies)."""
    if runs < 2:
        raise ValueError("Monte Carlo needs at least 2 runs")
    att, dfn = policy(attacker_policy), policy(defender_policy)
    freq = tally(battle, runs, Rng(seed), att, dfn, retreat_possible)
    est = summarise({o: n / runs for o, n in freq.items()}, "monte-carlo", runs=runs, confidence=confidence)
    z = z_value(confidence)
    intervals = {}
    for name in est.figures():
        values = [(_figure(o, name), n) for o, n in freq.items()]
        if name in PROBABILITIES:
            intervals[name] = wilson(sum(v * n for v, n in values), runs, z)
        else:
            intervals[name] = _normal_interval(values, runs, z)
    return Odds(**{**{k: getattr(est, k) for k in Odds.__dataclass_fields__}, "intervals": intervals,
                   "table": lambda: {o: n / runs for o, n in freq.items()}})


def tally(battle: Battle, runs: int, rng: Rng, attacker: Policy, defender: Policy,
          retreat_possible: bool = True) -> Counter:
    """How many of ``runs`` battles (dice from ``rng``) end in each ``Outcome``."""
    fast = FastBattle.compile(battle, attacker, defender)
    if fast is None:
        freq: Counter = Counter()
        for _ in range(runs):
            b = fight(battle.copy(), rng, attacker, defender)
            if not retreat_possible and b.retreated:
                _destroy_retreats(b)
            freq[outcome_of(b)] += 1
        return freq
    ends: dict[tuple, int] = {}
    play = fast.play
    for _ in range(runs):
        a, d, dis, ret = play(rng)
        key = (*a, -1, *d, -1, *dis, -1, *ret)
        ends[key] = ends.get(key, 0) + 1
    na, nd = len(fast.a0), len(fast.d0)
    out: Counter = Counter()
    for key, n in ends.items():
        a, d = list(key[:na]), list(key[na + 1:na + 1 + nd])
        dis, ret = list(key[na + nd + 2:2 * na + nd + 2]), list(key[2 * na + nd + 3:])
        out[_outcome(fast, a, d, dis, ret, retreat_possible)] += n
    return out


def _normal_interval(values: list[tuple[float, int]], n: int, z: float) -> tuple[float, float]:
    """Normal interval of a mean from (value, number of runs with it) pairs."""
    s = sum(v * k for v, k in values)
    s2 = sum(v * v * k for v, k in values)
    mean = s / n
    var = max(0.0, (s2 - n * mean * mean) / (n - 1)) if n > 1 else 0.0
    half = z * math.sqrt(var / n)
    return (mean - half, mean + half)


def _figure(o: Outcome, name: str) -> float:
    """The value of one summary figure for a single outcome."""
    if name.startswith("attacker_losses."):
        return dict(o.attackers_lost).get(name.split(".", 1)[1], 0)
    if name.startswith("defender_losses."):
        return dict(o.defenders_lost).get(name.split(".", 1)[1], 0)
    return summarise({o: 1.0}).__getattribute__(name)


def _outcome(fast: FastBattle, a: list[int], d: list[int], dis: list[int], ret: list[int],
             retreat_possible: bool = True) -> Outcome:
    """The ``Outcome`` of a final state of ``FastBattle.play``."""
    a_lost = [n0 - n - k for n0, n, k in zip(fast.a0, a, dis)]
    d_lost = [n0 - n - k for n0, n, k in zip(fast.d0, d, ret)]
    if not retreat_possible:
        d_lost, ret = [x + y for x, y in zip(d_lost, ret)], [0] * len(ret)
    at, dt = fast.a_tokens, fast.d_tokens
    return Outcome(_count(at, a), _count(dt, d), _count(at, dis), _count(dt, ret), _count(at, a_lost),
                   _count(dt, d_lost))


def _count(tokens: list[Token], counts: list[int]) -> Count:
    c: dict[str, int] = {}
    for (t, _w), n in zip(tokens, counts):
        if n:
            c[t] = c.get(t, 0) + n
    return tuple(sorted(c.items()))
