"""What the steps of America in Flames share: the tables, the hydrogen bomb's target, each
power's income (a stand-in economy, design), and the sealed influence order's check and
resolution (§3.6), used by the pre-set-up steps and the regular minor influence step."""
from __future__ import annotations

from typing import Any, Sequence

from fortress.engine.actions import Action
from fortress.engine.check import Check
from fortress.rulesets.aif import military, politics
from fortress.rulesets.aif.atomic import hydrogen_target, production_multiple
from fortress.rulesets.aif.politics import Order, RuleError
from fortress.rulesets.aif.state import AifState, Influence
from fortress.rulesets.aif.tables import Tables, load

Context = Any  # the game's context (fortress.engine.context.Context)
MAX_LEVELS = 15  #: the most levels a listed order names (the track's squares below Full Ally)


def tables() -> Tables:
    return load()


def state(g: Context) -> AifState:
    s: AifState = g.state
    return s


def target(g: Context) -> int:
    """The research points the hydrogen bomb needs: 200, 150 in the short game (§8, §12), with
    the auction's winning bid added for an Allied bidder or taken off for an Axis one (§13); the
    short game's 150 less ``short_game_default_axis_bid`` (design), with or without an auction."""
    s = state(g)
    side, bid = (g.rules.team_of(s.bids[-1][0]), s.bids[-1][1]) if s.bids else (None, 0)
    return game_target(tables(), "short-game" in g.variants, bid, side)


def handicap(t: Tables, short: bool) -> int:
    """The Axis' handicap in research points: ``short_game_default_axis_bid`` in the short game
    (design, for balance), none in the standard game."""
    return int(t.research["short_game_default_axis_bid"]) if short else 0


def game_target(t: Tables, short: bool, bid: int = 0, side: str | None = None) -> int:
    """§8, §12, §13's target (:func:`..atomic.hydrogen_target`) less the :func:`handicap`."""
    return hydrogen_target(t, short, bid, side) - handicap(t, short)


def income(t: Tables, s: AifState, power: str) -> int:
    """A power's build points this turn (design, the economy): its factories or resources,
    whichever is fewer, in the share of its home regions on the map it still holds (rounded
    down; a power with no home on the map keeps all), times its production multiple (§5.2: 1.5
    in a turn an enemy land unit attacked its home country, rounded down), plus what the minors
    favouring it give by their band (§3.1): half their resources (rounded down) in Half
    Resources, all their resources and factories from Full Production up."""
    p, homes = t.powers[power], military.homes(power)
    base = min(p.factories, p.resources)
    if homes:
        base = base * sum(s.control.get(r) == power for r in homes) // len(homes)
    total = int(base * production_multiple(power in s.attacked))
    for minor, flag in s.politics.flags.items():
        band = t.band(flag.square)
        if flag.power != power or flag.conquered_by or band is None:
            continue
        m = t.minors[minor]
        total += m.resources // 2 if band.resources == "half" else m.resources if band.resources == "all" else 0
        total += m.factories if band.factories else 0
    return total


def presence(g: Context) -> politics.Presence:
    """Where the powers' units stand, for the influence orders (§3.6: +1 a level where an enemy
    land unit stands), worked out once a step: no unit moves in an influence step."""
    if "presence" not in g.memo:
        g.memo["presence"] = military.presence(state(g))
    here: politics.Presence = g.memo["presence"]
    return here


def orders_of(side: str, action: Influence) -> list[Order]:
    return [Order(side, minor, levels) for minor, levels in action.levels]


def shape(action: Action) -> str | None:
    """Why ``action`` is not an influence order at all (None if it is one, well formed)."""
    if not isinstance(action, Influence):
        return "Influence: write your levels per minor ('influence argentina 5 panama 3') or 'influence none'."
    levels = action.levels
    if not isinstance(levels, tuple) or not all(
            isinstance(o, tuple) and len(o) == 2 and type(o[0]) is str and type(o[1]) is int for o in levels):
        return "Influence: an order is pairs of a minor's id and a whole number of levels."
    return None


class InfluenceRules(Check):
    """§3.6: a power's sealed order, levels per flagged minor, within its saved points. Listed:
    the empty order and every order on one minor (1 to 15 levels, as its points allow); an order
    on several minors is as legal (``reason`` judges it) but there are too many to list."""

    __slots__ = ()

    def candidates(self) -> list[Action]:
        s, t, side = state(self.g), tables(), self.g.acting
        out: list[Action] = [Influence(())]
        here = presence(self.g)
        for minor in t.flagged():
            cost = politics.level_cost(t, side, minor, here)
            for n in range(1, min(MAX_LEVELS, s.politics.points[side] // cost) + 1):
                out.append(Influence(((minor, n),)))
        return out

    def reason(self, action: Action) -> str | None:
        bad = shape(action)
        if bad is not None:
            return bad
        assert isinstance(action, Influence)
        s, t = state(self.g), tables()
        try:
            politics.check_orders(s.politics, t, orders_of(self.g.acting, action), presence(self.g))
        except RuleError as exc:
            return str(exc)
        return None


def resolve_influence(g: Context, orders: dict[str, Action], initiative: str) -> None:
    """Every order revealed: points spent as written, then applied in the one global order of
    §3.6; then §3.1's end of the step (neutralisation)."""
    s, t = state(g), tables()
    written: list[Order] = []
    for side in g.turn.order:
        action = orders.get(side)
        if isinstance(action, Influence):
            written += orders_of(side, action)
    out = politics.resolve(s.politics, t, written, initiative, military.presence(s))
    for line in out.log:
        g.emit("influence", line)
    s.politics = out.state
    end_of_step(g)
    g.next_phase()


def end_of_step(g: Context) -> None:
    """§3.1, at the end of any step: an aligned minor below Mobilisation falls neutral, and units
    where they may no longer be leave; minors at war raise their armies (:func:`.military.muster`)."""
    military.step_end(g)


def powers_in(sides: Sequence[str]) -> str:
    names = {p: v.name for p, v in tables().powers.items()}
    return ", ".join(names[p] for p in sides)
