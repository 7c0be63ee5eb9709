"""``fortress bench``: the project's own speed figures (suites in :mod:`fortress.bench`)."""
from __future__ import annotations

import json
import platform
from dataclasses import asdict

import click

from fortress.bench import SUITE_NAMES, Figure, suite


@click.command()
@click.option("--only", "only", multiple=True, type=click.Choice(SUITE_NAMES), help="Run only these suites.")
@click.option("--quick", is_flag=True, help="Fewer repeats (a smoke run, not for the record).")
@click.option("--json", "as_json", is_flag=True, help="Print JSON for scripts.")
def bench(only: tuple[str, ...], quick: bool, as_json: bool) -> None:
    """Measure speed: engine, odds calculator and bots (medians; one core)."""
    results: dict[str, list[Figure]] = {}
    for name in only or SUITE_NAMES:
        run = suite(name)
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
