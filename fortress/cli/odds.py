"""``fortress odds``: the odds of one battle, exact or by Monte Carlo.

    fortress odds --attacker "2 infantry, 1 hovertank, 1 helicopter" --defender "2 infantry" --terrain city
    fortress odds --ruleset attack --attacker "3 infantry, 1 artillery" --defender "4 infantry"
"""
from __future__ import annotations

import json
from collections import Counter
from typing import Any

import click

from fortress.rulesets.america.battle import DEFAULT_POLICY, POLICIES
from fortress.cli.options import SEED
from fortress.engine.data import DataError
from fortress.rulesets.america.odds import TERRAINS, Odds, exact, monte_carlo, parse_force
from fortress.engine import rulesets
from fortress.rulesets.america.tables import default


MAX_RUNS = 1_000_000  #: Monte Carlo battles at most (about 20 s on one core)


ATTACK = "attack"  #: ATTACK! Deluxe's battles (fortress/rulesets/attack/odds.py)
ATTACK_ONLY = ("casualties_from", "armor_raid", "shock_troops", "wolf_pack")


def _ruleset(ctx: click.Context, param: click.Parameter, value: str) -> str:
    ctx.meta["odds.ruleset"] = value  # read by _force: the forces are the ruleset's units
    return value


def _force(ctx: click.Context, param: click.Parameter, value: str) -> Counter[str]:
    """A force of at most 5 units: one territory's worth (rules: the 5-unit limit); ATTACK!'s
    units up to its own cap."""
    if ctx.meta.get("odds.ruleset") == ATTACK:
        from fortress.rulesets.attack.odds import parse_units

        try:
            return Counter(parse_units(value))
        except ValueError as exc:
            raise click.BadParameter(str(exc)[:200]) from None
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
@click.option("--ruleset", type=click.Choice([rulesets.DEFAULT, ATTACK]), default=rulesets.DEFAULT, show_default=True,
              is_eager=True, callback=_ruleset, help="Whose battle: Fortress America's or ATTACK! Deluxe's.")
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
@click.option("--casualties-from", type=click.Choice(["front", "all"]), default="front", show_default=True,
              help="ATTACK!: hits reach the front only (our ruling) or the reserve too.")
@click.option("--armor-raid", type=click.Choice(["", "reroll", "twice"]), default="", help="ATTACK!: the Armor Raid card.")
@click.option("--shock-troops", type=click.IntRange(0, 2), default=0, help="ATTACK!: Shock Troops' steps (1; Monarchy 2).")
@click.option("--wolf-pack", is_flag=True, help="ATTACK!: Fascism's Wolf Pack (a defending submarine salvo).")
@click.pass_context
def odds(ctx: click.Context, ruleset: str, attacker: Counter[str], defender: Counter[str], terrain: str,
         bombers_inside: int, attacker_policy: str, defender_policy: str, no_retreat: bool, runs: int | None, seed: int,
         top: int, as_json: bool, casualties_from: str, armor_raid: str, shock_troops: int, wolf_pack: bool) -> None:
    """Odds of one battle: P(territory cleared), expected losses, likely outcomes."""
    _only(ctx, ruleset)
    if ruleset == ATTACK:
        from fortress.rulesets.attack.battle import BattleOptions

        options = BattleOptions(casualties_from, shock_troops, armor_raid, wolf_pack)  # type: ignore[arg-type]
        click.echo(_attack(attacker, defender, options, runs, seed, as_json))
        return
    if not attacker and not bombers_inside:
        raise click.BadParameter("the attacker needs at least one unit", param_hint="--attacker")
    kw: dict[str, Any] = dict(bombers_inside=bombers_inside, attacker_policy=attacker_policy, defender_policy=defender_policy,
              retreat_possible=not no_retreat)
    result = (exact(attacker, defender, terrain, **kw) if runs is None
              else monte_carlo(attacker, defender, terrain, runs=runs, seed=seed, **kw))
    click.echo(json.dumps(result.to_dict(top), indent=2) if as_json else render(result, top))


def _only(ctx: click.Context, ruleset: str) -> None:
    """Refuse an option the chosen ruleset's battle does not have."""
    source = click.core.ParameterSource.DEFAULT
    mine = ATTACK_ONLY if ruleset != ATTACK else ("terrain", "bombers_inside", "attacker_policy", "defender_policy",
                                                  "no_retreat", "top")
    for name in mine:
        if ctx.get_parameter_source(name) not in (source, None):
            raise click.UsageError(f"--{name.replace('_', '-')} is not an option of {ruleset}'s battles")


def _attack(attacker: Counter[str], defender: Counter[str], options: Any, runs: int | None, seed: int,
            as_json: bool) -> str:
    """ATTACK! Deluxe's battle odds (fortress/rulesets/attack/odds.py): exact, or Monte Carlo
    when asked or when the exact chain is too big (then it says so)."""
    from dataclasses import asdict

    from fortress.rulesets.attack import odds as attack
    from fortress.rulesets.attack.battle import Battle
    from fortress.rulesets.attack.battle_dice import kind_of

    if not attacker:
        raise click.BadParameter("the attacker needs at least one unit", param_hint="--attacker")
    kind = kind_of({**attacker, **defender})
    try:
        battle = Battle.start(kind, "attacker", dict(attacker), "defender", dict(defender), options=options)
    except ValueError as exc:
        raise click.BadParameter(f"{exc} (one battle is army units only or naval units only)") from None
    result = (attack.odds(battle, runs=20_000, seed=seed) if runs is None
              else attack.monte_carlo(battle, runs, seed))
    if as_json:
        return json.dumps(asdict(result), indent=2)
    head = (f"exact, {result.size:,} states" if result.method == "exact"
            else f"Monte Carlo, {result.size:,} battles, standard error {result.stderr:.2%}")
    lines = [f"ATTACK! {kind} battle odds ({head})"]
    if result.note:
        lines.append(f"  {result.note}")
    lines += [f"  {'attacker wins':<30}{_pct(result.attacker_wins)}", f"  {'defender wins':<30}{_pct(result.defender_wins)}"]
    for role in ("attacker", "defender"):
        left = ", ".join(f"{v:.2f} {t}" for t, v in result.survivors(role).items() if v > 0.0005) or "nothing"
        lines.append(f"  expected {role} survivors: {left}")
    return "\n".join(lines)
