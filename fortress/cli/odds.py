"""``fortress odds``: the odds of one battle, exact or by Monte Carlo.

    fortress odds --attacker "2 infantry, 1 hovertank, 1 helicopter" --defender "2 infantry" --terrain city
"""
from __future__ import annotations

import json
from collections import Counter
from typing import Any

import click

from fortress.rulesets.america.battle import DEFAULT_POLICY, POLICIES
from fortress.cli.options import SEED
from fortress.engine.data import DataError
from fortress.odds import TERRAINS, Odds, exact, monte_carlo, parse_force
from fortress.rulesets.america.tables import default


MAX_RUNS = 1_000_000  #: Monte Carlo battles at most (about 20 s on one core)


def _force(ctx: click.Context, param: click.Parameter, value: str) -> Counter[str]:
    """A force of at most 5 units: one territory's worth (rules: the 5-unit limit)."""
    try:
        force = parse_force(value)
    except DataError:
        raise  # a broken data file: the command's one line (Group), not a usage mistake
    except ValueError as exc:
        raise click.BadParameter(str(exc)[:200]) from None
    limit = default().numbers["unit_limit"]  # units of a side in one territory
    if sum(force.values()) > limit:
        raise click.BadParameter(f"a force is at most {limit} units (one territory's worth); "
                                 f"this one has {sum(force.values())}")
    return force


def _pct(p: float) -> str:
    return f"{100 * p:6.2f}%"


def _interval(odds: Odds, name: str, pct: bool) -> str:
    if name not in odds.intervals:
        return ""
    lo, hi = odds.intervals[name]
    return f"  [{_pct(lo).strip()} .. {_pct(hi).strip()}]" if pct else f"  [{lo:.3f} .. {hi:.3f}]"


def render(odds: Odds, top: int = 8) -> str:
    """A readable table of the figures and the most likely outcomes."""
    head = "exact" if odds.method == "exact" else f"Monte Carlo, {odds.runs:,} runs, {odds.confidence:.1%} intervals"
    lines = [f"Battle odds ({head})"]
    for label, name in (("territory cleared", "p_cleared"), ("attacker destroyed", "p_attacker_destroyed"),
                        ("no attacker left (destroyed or disengaged)", "p_attacker_gone")):
        lines.append(f"  {label:<44}{_pct(getattr(odds, name))}{_interval(odds, name, True)}")
    for label, name in (("expected attacker losses", "attacker_losses"), ("expected defender losses", "defender_losses"),
                        ("expected attackers disengaged", "disengaged"), ("expected defenders retreated", "retreated")):
        lines.append(f"  {label:<44}{getattr(odds, name):7.3f}{_interval(odds, name, False)}")
    for side, by_type in (("attacker", odds.attacker_losses_by_type), ("defender", odds.defender_losses_by_type)):
        if by_type:
            lines.append(f"  {side} losses by type:")
            for t, v in by_type.items():
                lines.append(f"    {t:<42}{v:7.3f}{_interval(odds, f'{side}_losses.{t}', False)}")
    lines.append(f"Most likely outcomes (of {len(odds.outcomes)}):")
    for o, p in odds.outcomes[:top]:
        lines.append(f"  {_pct(p)}  {'CLEARED ' if o.cleared else ''}{o.describe()}")
    return "\n".join(lines)


@click.command()
@click.option("--attacker", "-a", required=True, callback=_force, help='Attacking units, e.g. "2 infantry, 1 hovertank".')
@click.option("--defender", "-d", required=True, callback=_force, help='Defending units, e.g. "2 infantry".')
@click.option("--terrain", "-t", type=click.Choice(TERRAINS), default="plain", show_default=True)
@click.option("--bombers-inside", type=click.IntRange(0, 5), default=0, help="Attacking bombers already in the territory.")
@click.option("--attacker-policy", type=click.Choice(sorted(POLICIES)), default=DEFAULT_POLICY, show_default=True)
@click.option("--defender-policy", type=click.Choice(sorted(POLICIES)), default=DEFAULT_POLICY, show_default=True)
@click.option("--no-retreat", is_flag=True, help="A retreating defender has nowhere to go and is destroyed.")
@click.option("--monte-carlo", "runs", type=click.IntRange(2, MAX_RUNS), default=None,
              help=f"Estimate from this many battles (2 to {MAX_RUNS:,}).")
@click.option("--seed", type=SEED, default=0, show_default=True, help="Seed of the Monte Carlo dice.")
@click.option("--top", type=click.IntRange(min=0), default=8, show_default=True, help="Outcomes to list.")
@click.option("--json", "as_json", is_flag=True, help="Print JSON for scripts.")
def odds(attacker: Counter[str], defender: Counter[str], terrain: str, bombers_inside: int, attacker_policy: str,
         defender_policy: str, no_retreat: bool, runs: int | None, seed: int, top: int, as_json: bool) -> None:
    """Odds of one battle: P(territory cleared), expected losses, likely outcomes."""
    if not attacker and not bombers_inside:
        raise click.BadParameter("the attacker needs at least one unit", param_hint="--attacker")
    kw: dict[str, Any] = dict(bombers_inside=bombers_inside, attacker_policy=attacker_policy, defender_policy=defender_policy,
              retreat_possible=not no_retreat)
    result = (exact(attacker, defender, terrain, **kw) if runs is None
              else monte_carlo(attacker, defender, terrain, runs=runs, seed=seed, **kw))
    click.echo(json.dumps(result.to_dict(top), indent=2) if as_json else render(result, top))
