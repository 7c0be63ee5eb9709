"""``fortress geodata build|check``: redraw and validate the board."""
from __future__ import annotations

import json
import time
from pathlib import Path

import click

from fortress.engine.board import GEODATA_DIR
from fortress.cli.options import needs_extra


@click.group()
def geodata() -> None:
    """Build and check the board (geodata/)."""


BOARD = click.option("--board", type=click.Choice(["us", "world", "americas"]), default="us", show_default=True,
                     help="us: Fortress America's board (geodata/); world: ATTACK! Deluxe's world map "
                          "(fortress/geodata/world/); americas: America in Flames' board (fortress/geodata/americas/).")


def board_dir(board: str, given: Path | None) -> Path:
    if given is not None:
        return given
    if board == "world":
        from fortress.geodata.world_recipe import WORLD_DIR

        return WORLD_DIR
    if board == "americas":
        from fortress.geodata.americas_recipe import AMERICAS_DIR

        return AMERICAS_DIR
    return GEODATA_DIR


@geodata.command()
@BOARD
@click.option("--out", "out", type=click.Path(file_okay=False, path_type=Path), default=None,
              help=f"Directory with source/ to build into [default: {GEODATA_DIR} for us, the package's "
                   "geodata/world or geodata/americas for world or americas].")
@click.option("--source-cache", type=click.Path(file_okay=False, path_type=Path), default=None,
              help="Where npm packages are unpacked (default: a temp dir).")
@click.option("--pictures", type=click.Path(file_okay=False, path_type=Path), default=Path("docs"), show_default=True,
              help="world, americas: where the board's pictures are drawn.")
def build(board: str, out: Path | None, source_cache: Path | None, pictures: Path) -> None:
    """Rebuild board.geojson, adjacency.csv and backdrop.geojson from Census shapes (--board us), or
    world.geojson (americas.geojson), edges.csv, backdrop.geojson and the pictures from Natural Earth
    (--board world, --board americas)."""
    start = time.perf_counter()
    out = board_dir(board, out)
    if board in ("world", "americas"):
        with needs_extra("fortress geodata build", "geodata"):  # geopandas is build-time only
            if board == "world":
                from fortress.geodata.world_build import build as run_world
            else:
                from fortress.geodata.americas_build import build as run_world
        try:
            run_world(out, source_cache, pictures=pictures)
        except RuntimeError as exc:  # a recipe problem, named in plain words
            raise click.ClickException(str(exc)) from exc
    else:
        with needs_extra("fortress geodata build", "geodata"):
            from fortress.geodata.build import build as run  # geopandas is build-time only
        run(out, source_cache)
    click.echo(f"built {out} in {time.perf_counter() - start:.1f}s")


@geodata.command()
@BOARD
@click.option("--dir", "directory", type=click.Path(file_okay=False, path_type=Path), default=None,
              help=f"The board's directory [default: {GEODATA_DIR} for us, the package's geodata/world or "
                   "geodata/americas for world or americas].")
@click.option("--json", "as_json", is_flag=True,
              help="Print the report as JSON: each check, what it checks, its status and problems, and the summary.")
def check(board: str, directory: Path | None, as_json: bool) -> None:
    """Validate the board files; exit 1 on any problem."""
    with needs_extra("fortress geodata check", "geodata"):
        if board == "world":
            from fortress.geodata.world_check import check_dir, report
        elif board == "americas":
            from fortress.geodata.americas_check import check_dir, report
        else:
            from fortress.geodata.check import check_dir, report
    directory = board_dir(board, directory)
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
