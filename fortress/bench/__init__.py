"""The project's own speed figures (``fortress bench``, :mod:`fortress.cli.bench`).

Each suite is a function ``run(quick: bool) -> list[Figure]`` in its own module of this
package: :mod:`~fortress.bench.engine`, :mod:`~fortress.bench.odds`,
:mod:`~fortress.bench.bots`. Timings are medians over repeats (machines here are noisy);
ratios are computed inside one run. Benchmarks report speed, they assert nothing.
"""
from __future__ import annotations

import statistics
import time
from dataclasses import dataclass
from typing import Callable


@dataclass(frozen=True)
class Figure:
    name: str
    value: float
    unit: str
    note: str = ""


def median_time(fn: Callable[[], object], repeats: int = 7, number: int = 1) -> float:
    """Median wall time of ``number`` calls of ``fn``, per call, over ``repeats`` runs (seconds)."""
    times = []
    for _ in range(repeats):
        start = time.perf_counter()
        for _ in range(number):
            fn()
        times.append((time.perf_counter() - start) / number)
    return statistics.median(times)


SUITE_NAMES = ("engine", "odds", "bots")


def suite(name: str) -> Callable[[bool], list[Figure]]:
    """The ``run`` function of the suite ``name`` (one of :data:`SUITE_NAMES`)."""
    from fortress.bench import bots, engine, odds
    return {"engine": engine.run, "odds": odds.run, "bots": bots.run}[name]
