"""``fortress bench --only odds``: speed of the exact odds and of Monte Carlo battles.

Exact times memoise transitions within a call only; the per-multiset dice tables
(``odds_exact.step_table``) stay warm between calls, as they would in a game. The "cold"
figure clears them before each call.
"""
from __future__ import annotations

import time

from fortress.bench import Figure, median_time
from fortress.combat import Battle, fight, keep_combined_arms
from fortress.dice import Rng
from fortress.odds import clear_caches, exact, make_battle
from fortress.odds_mc import tally

MIX = ("infantry", "mobile", "hovertank", "helicopter", "bomber")
#: Five defenders, one of each type, in a city.
LARGEST_DEFENCE = {t: 1 for t in MIX}


def largest_attack() -> dict[tuple[str, str], int]:
    """Six adjacent territories of five mixed units each (5 bombers inside come apart)."""
    out: dict[tuple[str, str], int] = {}
    for i in range(6):
        for j in range(5):
            token = (MIX[(i + j) % 5] if j < 4 else "infantry", f"adjacent-{i}")
            out[token] = out.get(token, 0) + 1
    return out


TYPICAL_ATTACK = {"infantry": 2, "mobile": 1, "hovertank": 1, "helicopter": 1}
TYPICAL_DEFENCE = {"infantry": 3, "hovertank": 1, "helicopter": 1}


def _largest() -> object:
    return exact(largest_attack(), LARGEST_DEFENCE, "city", bombers_inside=5)


def _typical() -> object:
    return exact(TYPICAL_ATTACK, TYPICAL_DEFENCE, "city")


def _mc_rate(base: Battle, n: int) -> float:
    """Seconds for ``n`` Monte Carlo battles, tallied by outcome (``odds_mc.tally``: the fast path)."""
    start = time.perf_counter()
    tally(base, n, Rng(1), keep_combined_arms, keep_combined_arms)
    return time.perf_counter() - start


def _fight_rate(base: Battle, n: int) -> float:
    """Seconds for ``n`` battles of ``combat.fight`` (the game's loop, without tallying)."""
    rng = Rng(1)
    start = time.perf_counter()
    for _ in range(n):
        fight(base.copy(), rng, keep_combined_arms, keep_combined_arms)
    return time.perf_counter() - start


def run(quick: bool) -> list[Figure]:
    repeats = 3 if quick else 9
    largest = median_time(_largest, repeats)
    typical = median_time(_typical, repeats)
    cold = median_time(lambda: (clear_caches(), _largest()), repeats)
    table = median_time(lambda: _typical().outcomes, repeats)
    n = 2_000 if quick else 10_000
    typical_battle = make_battle(TYPICAL_ATTACK, TYPICAL_DEFENCE, "city")
    largest_battle = make_battle(largest_attack(), LARGEST_DEFENCE, "city", bombers_inside=5)
    mc = sorted(_mc_rate(typical_battle, n) for _ in range(repeats))[repeats // 2]
    mc_large = sorted(_mc_rate(largest_battle, n // 10) for _ in range(repeats))[repeats // 2]
    slow = sorted(_fight_rate(typical_battle, n // 4) for _ in range(repeats))[repeats // 2]
    mc10k = mc * 10_000 / n
    return [
        Figure("exact, largest battle (35 v 5, city), median", largest * 1e3, "ms", "target < 10 ms"),
        Figure("exact, typical 5 v 5 (city), median", typical * 1e3, "ms", "target < 2 ms"),
        Figure("exact, largest battle, cold dice tables, median", cold * 1e3, "ms"),
        Figure("exact, 5 v 5 with full outcome table, median", table * 1e3, "ms"),
        Figure("Monte Carlo 5 v 5 battles per second (one core)", n / mc, "battles/s", "target >= 50,000"),
        Figure("Monte Carlo 35 v 5 battles per second (one core)", (n // 10) / mc_large, "battles/s"),
        Figure("combat.fight 5 v 5 battles per second (the game's loop)", (n // 4) / slow, "battles/s"),
        Figure("ratio exact 5 v 5 / Monte Carlo 10,000 battles", typical / mc10k, "x", "same run"),
        Figure("ratio exact largest / Monte Carlo 10,000 battles", largest / mc10k, "x", "same run"),
    ]

