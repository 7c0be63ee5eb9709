"""``fortress bench``: the project's own speed figures.

Each suite is a function ``run(quick: bool) -> list[Figure]`` in its own module,
registered in ``SUITES``. Timings are medians over repeats (machines here are noisy);
ratios are computed inside one run. Benchmarks report speed, they assert nothing.
"""
from __future__ import annotations

import importlib
import json
import platform
import statistics
import time
from dataclasses import asdict, dataclass
from typing import Callable

import click

SUITES = {
    "engine": "fortress.bench_engine:run",
    "odds": "fortress.odds_bench:run",
    "bots": "fortress.ai.bench:run",
}


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


def _load_suite(name: str):
    module_name, attr = SUITES[name].split(":")
    try:
        return getattr(importlib.import_module(module_name), attr)
    except ModuleNotFoundError:
        return None


@click.command()
@click.option("--only", "only", multiple=True, type=click.Choice(sorted(SUITES)), help="Run only these suites.")
@click.option("--quick", is_flag=True, help="Fewer repeats (a smoke run, not for the record).")
@click.option("--json", "as_json", is_flag=True, help="Print JSON for scripts.")
def bench(only: tuple[str, ...], quick: bool, as_json: bool) -> None:
    """Measure speed: engine, odds calculator and bots (medians; one core)."""
    results: dict[str, list[Figure]] = {}
    for name in only or tuple(SUITES):
        run = _load_suite(name)
        if run is None:
            continue
        if not as_json:
            click.echo(f"== {name}", err=True)
        results[name] = run(quick)
        if not as_json:
            for f in results[name]:
                click.echo(f"{f.name:<66} {f.value:>14,.4g} {f.unit:<12} {f.note}")
    if as_json:
        click.echo(json.dumps({
            "machine": {"python": platform.python_version(), "platform": platform.platform()},
            "suites": {k: [asdict(f) for f in v] for k, v in results.items()},
        }, indent=2))
