"""``fortress simulate``: bot-versus-bot games, on every local core or a Dask cluster.

    fortress simulate --games 200 --seed 1 --us heuristic --invaders random
    fortress simulate --games 40 --us search --invaders heuristic --budget 2 --json
    fortress simulate --games 1000 --scheduler tcp://10.0.0.5:8786
    fortress simulate --ruleset attack --players 4 --games 40 --bots red=heuristic
"""
from __future__ import annotations

import json

import click

from fortress.engine import rulesets
from fortress.rulesets.america.bots import BOT_NAMES
from fortress.cli.options import AT_LEAST_ONE, POSITIVE, SEED, output_path, scheduler_address, variant_option

BOT = click.Choice(BOT_NAMES)


@click.command()
@click.option("--games", type=AT_LEAST_ONE, default=100, show_default=True, help="Number of games.")
@click.option("--seed", type=SEED, default=0, show_default=True, help="Game i uses seed SEED + i.")
@click.option("--us", "us", type=BOT, default="heuristic", show_default=True, help="Bot for the U.S.")
@click.option("--west", type=BOT, default=None, help="Bot for the Western Invader (default: --invaders).")
@click.option("--south", type=BOT, default=None, help="Bot for the Southern Invader (default: --invaders).")
@click.option("--east", type=BOT, default=None, help="Bot for the Eastern Invader (default: --invaders).")
@click.option("--invaders", type=BOT, default="heuristic", show_default=True, help="Bot for every Invader not set.")
@click.option("--players", type=click.IntRange(2, 8), default=4, show_default=True,
              help="How many play (Fortress America 2 to 4, ATTACK! Deluxe 2 to 6).")
@click.option("--ruleset", default=rulesets.DEFAULT, show_default=True, is_eager=True,
              help="The ruleset; another than Fortress America plays serially with --bots.")
@click.option("--bots", "seat_bots", default="", help="Another ruleset's bots, e.g. 'red=heuristic' (other sides: random).")
@click.option("--workers", type=AT_LEAST_ONE, default=None, help="Local processes (default: every core; 1: serial).")
@click.option("--scheduler", default=None, callback=scheduler_address, help="Dask scheduler address, e.g. tcp://host:8786.")
@click.option("--budget", type=POSITIVE, default=None,
              help="Seconds per key decision for the search bot (default: enough for 24 play-outs on this machine, 2-10 s).")
@click.option("--playouts", type=AT_LEAST_ONE, default=None,
              help="Play-outs per key decision for the search bot, instead of --budget seconds (the same on any machine).")
@click.option("--max-rollouts", type=AT_LEAST_ONE, default=None,
              help="Seeds per searched decision (with a large --budget the search plays the same games on any machine).")
@click.option("--search-workers", type=AT_LEAST_ONE, default=None,
              help="Processes for each search bot's rollouts (default 1; use with --workers 1 to give one game every core).")
@click.option("--csv", "csv_path", type=click.Path(dir_okay=False), default=None, callback=output_path,
              help="Also write one row per game.")
@click.option("--json", "as_json", is_flag=True, help="Print JSON for scripts.")
@click.option("--quiet", is_flag=True, help="No progress bar.")
@variant_option
def simulate(games: int, seed: int, us: str, west: str | None, south: str | None, east: str | None, invaders: str,
             players: int, ruleset: str, seat_bots: str, workers: int | None, scheduler: str | None, budget: float | None,
             playouts: int | None, max_rollouts: int | None, search_workers: int | None, csv_path: str | None, as_json: bool, quiet: bool,
             variants: tuple[str, ...]) -> None:
    """Play bot-versus-bot games and report win rates (Wilson 95% intervals) and speed
    (with --variant individual-victory, also each Invader's individual wins)."""
    from fortress.rulesets.america.bots.simulate import simulate as run

    if ruleset not in rulesets.names():
        raise click.BadParameter(f"unknown ruleset {ruleset[:40]!r}; the rulesets are {', '.join(rulesets.names())}",
                                 param_hint="--ruleset")
    if ruleset != rulesets.DEFAULT:
        click.echo(_seated(games, seed, ruleset, players, seat_bots, variants))
        return
    if players > 4:
        raise click.BadParameter("Fortress America is for 2, 3 or 4 players", param_hint="--players")
    bots = {"us": us, "west": west or invaders, "south": south or invaders, "east": east or invaders}
    search = {k: v for k, v in (("budget", budget), ("playouts", playouts), ("max_rollouts", max_rollouts), ("workers", search_workers))
              if v is not None}
    options = {"search": search} if search else None
    results = run(games, seed, bots, players=players, workers=workers, scheduler=scheduler,
                  progress=not quiet and not as_json and games > 1, options=options, variants=variants)
    if csv_path:
        results.frame.to_csv(csv_path, index=False)
    if as_json:
        click.echo(json.dumps({"summary": results.summary(), "games": results.frame.to_dict("records")}, indent=1))
    else:
        click.echo(results.table())


def _seated(games: int, seed: int, ruleset: str, players: int, bots: str, variants: tuple[str, ...]) -> str:
    """Another ruleset's games, a bot per side (:mod:`fortress.ai.seats`): its win rates per side."""
    from fortress.ai import bot_names
    from fortress.ai.seats import parse, simulate as run_seats

    try:
        rulesets.get(ruleset).seats(players)
    except ValueError as exc:
        raise click.BadParameter(str(exc), param_hint="--players") from None
    try:
        seated = parse(bots)
        known = bot_names(ruleset)
        for side, name in seated.items():
            if name not in known:
                raise ValueError(f"unknown bot {name[:40]!r} for {side[:20]}; choose one of {', '.join(known)}")
        return run_seats(games, seed, ruleset, players, seated, variants).table()
    except ValueError as exc:
        raise click.BadParameter(str(exc), param_hint="--bots") from None
