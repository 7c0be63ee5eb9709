"""The production step (§5.2, §5.3, §8), sealed: each power spends its build points this turn
(:func:`~fortress.rulesets.aif.common.income`, design) on political points at 1 build point
each, on its side's atomic research and on units (:mod:`.buy`, design); unspent build points
are lost (design).
When every order is in they are revealed: the points are saved (§3.5), each side's research
build points, pooled across partners (§5.3), buy as many rolls as they pay for at 10 less one
per research site the side holds (a site changes hands with its region; what is left over is
lost, design), then each side rolls a d10 per roll (seeded) and adds its highest (§8).
200 research points (150 in the short game, changed by the auction's bid) give the hydrogen bomb
and the game; 25 the atomic bomb."""
from __future__ import annotations

from typing import Any

from fortress.engine.actions import Action
from fortress.engine.check import Check
from fortress.rulesets.aif import atomic, buy, military, politics
from fortress.rulesets.aif.common import income, state, tables, target
from fortress.rulesets.aif.state import Produce

Context = Any


def cost(g: Context, side: str) -> int:
    """A research roll's cost for ``side`` (§5.3): 10 less one per research site it holds."""
    t = tables()
    return atomic.roll_cost(t, atomic.sites_held(t, military.research_control(state(g)), side))


class Rules(Check):
    """Listed: each spend of all or none of the build points, with research in whole rolls' worth
    or all of them, and all of them on infantry at the first place a unit may go; any split
    within the income, and any units, are as legal (``reason`` judges it)."""

    __slots__ = ()

    def candidates(self) -> list[Action]:
        g, t = self.g, tables()
        have, roll = income(t, state(g), g.acting), cost(g, t.side(g.acting))
        out: list[Action] = []
        for research in sorted({*range(0, have + 1, roll), have}):
            out += [Produce(0, research)] + ([Produce(have - research, research)] if research < have else [])
        where = buy.places(state(g), g.acting, False)
        infantry = Produce(0, 0, ((have, "infantry", where[0]),)) if where and have else None
        return out + ([infantry] if infantry and self.reason(infantry) is None else [])

    def reason(self, action: Action) -> str | None:
        g = self.g
        if not isinstance(action, Produce) or type(action.points) is not int or type(action.research) is not int \
                or not isinstance(action.units, tuple) or not all(
                    isinstance(u, tuple) and len(u) == 3 and type(u[0]) is int and all(type(x) is str for x in u[1:])
                    for u in action.units):
            return ("Production: 'produce POINTS RESEARCH [N KIND PLACE ...]': build points on political points, "
                    "on research and on units.")
        have = income(tables(), state(g), g.acting)
        if action.points < 0 or action.research < 0:
            return "Production: build points are spent in whole numbers of 0 or more (5.3)."
        why = buy.problem(state(g), g.acting, action.units)
        if why is not None:
            return why
        spent = action.points + action.research + buy.cost(action.units)
        if spent > have:
            return f"Production: {g.side_name(g.acting)} has {have} build points this turn; the order spends {spent}."
        return None


def resolve(g: Context, orders: dict[str, Action]) -> None:
    s, t = state(g), tables()
    pool = {"allies": 0, "axis": 0}
    for side in g.turn.order:
        order = orders.get(side)
        if isinstance(order, Produce):
            s.politics = politics.buy_points(s.politics, t, side, order.points)
            pool[t.side(side)] += order.research
            buy.place(g, side, order.units)
    rolls = {team: pool[team] // cost(g, team) for team in pool}
    for team in pool:
        if pool[team]:
            g.emit("research", f"5.3: the {team.capitalize()} give {pool[team]} build points to research: "
                               f"{rolls[team]} roll(s) at {cost(g, team)}, {pool[team] % cost(g, team)} lost.", None)
    out = atomic.research(t, s.research, rolls, g.dice)
    for team, dice in out.dice.items():
        if dice:
            g.emit("roll", f"8: the {team.capitalize()} roll {', '.join(map(str, dice))}: +{max(dice)}, "
                           f"{out.points[team]} research points.", None, rolls=tuple((team, "d10", str(d)) for d in dice))
    s.research = dict(out.points)
    for team in ("allies", "axis"):
        if team not in s.bomb and atomic.has_atomic_bomb(t, s.research[team]):
            s.bomb.append(team)
            g.emit("atomic", f"8: the {team.capitalize()} have developed the atomic bomb.")
    winner = atomic.research_winner(s.research, target(g), s.initiative)
    if winner is not None:
        g.end_game(winner, f"the {winner.capitalize()} developed the hydrogen bomb ({s.research[winner]} of "
                           f"{target(g)} research points, 8).")
        return
    g.next_phase()
