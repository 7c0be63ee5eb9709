"""``fortress bench --only odds``: speed of the exact odds and of Monte Carlo battles.

Times are CPU time of this process (``time.process_time``), so other jobs on a shared
machine disturb them less than wall time. The exact method keeps, between calls, dice
tables and fire paths (by dice multiset, unit types) and each side's transitions and
distributions (``fortress.rulesets.america.odds.exact._SIDES``). Three exact figures, so none flatters:

* *warm*: the same battle again (everything kept: a UI redrawing the same odds);
* *fresh transitions*: sides cleared before each call, dice tables and fire paths kept
  (the earlier headline figure, which memoised transitions within a call only);
* *cold*: everything cleared before each call (``odds.clear_caches``).
"""
from __future__ import annotations

import time
from typing import Callable

from fortress.bench import Figure
from fortress.rulesets.america.battle import Battle, fight, keep_combined_arms
from fortress.engine.dice import Rng
from fortress.rulesets.america.odds import Odds, clear_caches, exact, make_battle
from fortress.rulesets.america.odds.exact import clear_transitions
from fortress.rulesets.america.odds.montecarlo import tally

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


def board_largest() -> tuple[str, str, dict[tuple[str, str], int]]:
    """The largest legal battle on the committed board: the land territory with the most
    neighbours, five mixed units in each neighbour (plus 5 bombers inside)."""
    from fortress.engine.board import Board

    board = Board.default()
    area = max(board.land, key=lambda a: (len(board.neighbours(a)), a))
    out: dict[tuple[str, str], int] = {}
    for i, n in enumerate(board.neighbours(area)):
        for j in range(5):
            token = (MIX[(i + j) % 5] if j < 4 else "infantry", n)
            out[token] = out.get(token, 0) + 1
    return board[area].name, board[area].kind, out


TYPICAL_ATTACK = {"infantry": 2, "mobile": 1, "hovertank": 1, "helicopter": 1}
TYPICAL_DEFENCE = {"infantry": 3, "hovertank": 1, "helicopter": 1}


def _largest() -> Odds:
    return exact(largest_attack(), LARGEST_DEFENCE, "city", bombers_inside=5)


def _typical() -> Odds:
    return exact(TYPICAL_ATTACK, TYPICAL_DEFENCE, "city")


def _mc_rate(base: Battle, n: int) -> float:
    """Seconds for ``n`` Monte Carlo battles, tallied by outcome (``montecarlo.tally``: ``FastBattle``)."""
    start = time.process_time()
    tally(base, n, Rng(1), keep_combined_arms, keep_combined_arms)
    return time.process_time() - start


def _fight_rate(base: Battle, n: int) -> float:
    """Seconds for ``n`` battles of ``fight`` (the game's loop, without tallying)."""
    rng = Rng(1)
    start = time.process_time()
    for _ in range(n):
        fight(base.copy(), rng, keep_combined_arms, keep_combined_arms)
    return time.process_time() - start


def median_cpu(fn, repeats: int) -> float:
    """Median CPU time of this process for one call of ``fn`` (seconds)."""
    times = []
    for _ in range(repeats):
        start = time.process_time()
        fn()
        times.append(time.process_time() - start)
    return sorted(times)[repeats // 2]


def _cleared(clear: Callable[[], None], work: Callable[[], object]) -> Callable[[], object]:
    """``work`` right after ``clear`` (its caches emptied), as one timed call."""
    def call() -> object:
        clear()
        return work()
    return call


def run(quick: bool) -> list[Figure]:
    repeats = 3 if quick else 15
    fresh = median_cpu(_cleared(clear_transitions, _largest), repeats)
    typical_fresh = median_cpu(_cleared(clear_transitions, _typical), repeats)
    cold = median_cpu(_cleared(clear_caches, _largest), repeats)
    typical_cold = median_cpu(_cleared(clear_caches, _typical), repeats)
    largest = median_cpu(_largest, repeats)
    typical = median_cpu(_typical, repeats)
    table = median_cpu(_cleared(clear_transitions, lambda: _typical().outcomes), repeats)
    name, kind, biggest = board_largest()
    board_fresh = median_cpu(_cleared(clear_transitions,
                                       lambda: exact(biggest, LARGEST_DEFENCE, kind, bombers_inside=5)), repeats)
    n = 2_000 if quick else 10_000
    typical_battle = make_battle(TYPICAL_ATTACK, TYPICAL_DEFENCE, "city")
    largest_battle = make_battle(largest_attack(), LARGEST_DEFENCE, "city", bombers_inside=5)
    mc = sorted(_mc_rate(typical_battle, n) for _ in range(repeats))[repeats // 2]
    mc_large = sorted(_mc_rate(largest_battle, n // 10) for _ in range(repeats))[repeats // 2]
    slow = sorted(_fight_rate(typical_battle, n // 4) for _ in range(repeats))[repeats // 2]
    mc10k = mc * 10_000 / n
    return [
        Figure("exact largest 35 v 5 city, fresh transitions", fresh * 1e3, "ms",
               "target < 10 ms; median CPU time"),
        Figure("exact typical 5 v 5 city, fresh transitions", typical_fresh * 1e3, "ms",
               "target < 2 ms; median CPU time"),
        Figure(f"exact largest on this board ({name}, {sum(biggest.values()) + 5} v 5, {kind}), fresh",
               board_fresh * 1e3, "ms", "median CPU time"),
        Figure("exact largest, cold (all caches cleared)", cold * 1e3, "ms", "median CPU time"),
        Figure("exact typical, cold (all caches cleared)", typical_cold * 1e3, "ms", "median CPU time"),
        Figure("exact largest, warm (same battle again)", largest * 1e3, "ms", "median CPU time"),
        Figure("exact typical, warm (same battle again)", typical * 1e3, "ms", "median CPU time"),
        Figure("exact typical, fresh + full outcome table", table * 1e3, "ms", "median CPU time"),
        Figure("Monte Carlo 5 v 5 battles per second (one core)", n / mc, "battles/s", "target >= 50,000"),
        Figure("Monte Carlo 35 v 5 battles per second (one core)", (n // 10) / mc_large, "battles/s"),
        Figure("combat.fight 5 v 5 battles per second (the game's loop)", (n // 4) / slow, "battles/s"),
        Figure("ratio exact 5 v 5 (fresh) / Monte Carlo 10,000 battles", typical_fresh / mc10k, "x", "same run"),
        Figure("ratio exact largest (fresh) / Monte Carlo 10,000 battles", fresh / mc10k, "x", "same run"),
    ]

