"""``fortress geodata build|check``: redraw and validate the board."""
from __future__ import annotations

import json
import time
from pathlib import Path

import click

from fortress.board import GEODATA_DIR
from fortress.cli.options import needs_extra


@click.group()
def geodata() -> None:
    """Build and check the board (geodata/)."""


@geodata.command()
@click.option("--out", "out", type=click.Path(file_okay=False, path_type=Path), default=GEODATA_DIR, show_default=True,
              help="Directory with source/ to build into.")
@click.option("--source-cache", type=click.Path(file_okay=False, path_type=Path), default=None,
              help="Where npm packages are unpacked (default: a temp dir).")
def build(out: Path, source_cache: Path | None) -> None:
    """Rebuild board.geojson, adjacency.csv and backdrop.geojson from Census shapes."""
    start = time.perf_counter()
    with needs_extra("fortress geodata build", "geodata"):
        from fortress.geodata.build import build as run  # geopandas is build-time only

        run(out, source_cache)
    click.echo(f"built {out} in {time.perf_counter() - start:.1f}s")


@geodata.command()
@click.option("--dir", "directory", type=click.Path(file_okay=False, path_type=Path), default=GEODATA_DIR, show_default=True)
@click.option("--json", "as_json", is_flag=True,
              help="Print the report as JSON: each check, what it checks, its status and problems, and the summary.")
def check(directory: Path, as_json: bool) -> None:
    """Validate the board files; exit 1 on any problem."""
    with needs_extra("fortress geodata check", "geodata"):
        from fortress.geodata.check import check_dir, report
    if as_json:
        found = report(directory)
        click.echo(json.dumps(found, indent=2))
        if not found["ok"]:
            raise SystemExit(1)
        return
    problems, summary = check_dir(directory)
    for key, value in summary.items():
        if isinstance(value, dict):
            value = ", ".join(f"{k or '-'}: {v}" for k, v in value.items())
        elif isinstance(value, list):
            value = f"{len(value)} ({', '.join(value)})"
        click.echo(f"{key}: {value}")
    for p in problems:
        click.echo(f"PROBLEM: {p}", err=True)
    click.echo(f"{len(problems)} problem(s)")
    if problems:
        raise SystemExit(1)
