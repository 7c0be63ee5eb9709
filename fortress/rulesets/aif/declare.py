"""Declarations of war (§3.2, §3.5, §3.7), with alignment (§3.1) and, in the variant
"atomic-bomb", atom bombs (§10.7(c)): each power takes one of these actions or passes. The step
is played twice a turn: first by the powers of the side with the initiative, then by the other
side's (design: the text's turn order is World in Flames'). A power of the side not playing
the step now has nothing to decide."""
from __future__ import annotations

from typing import Any

from fortress.engine.actions import Action, End
from fortress.engine.check import Check
from fortress.engine.flow import Pass
from fortress.rulesets.aif import military, politics
from fortress.rulesets.aif.common import end_of_step, state, tables
from fortress.rulesets.aif.politics import Outcome, Politics, RuleError
from fortress.rulesets.aif.state import Align, Bomb, Declare
from fortress.rulesets.aif.tables import Tables, other
from fortress.rulesets.aif.track import Flag, jump_to_full_ally

Context = Any


def playing(g: Context) -> str:
    """The side playing the step now: the initiative's in its first time a turn, then the other."""
    first: str = state(g).initiative
    return first if g.flow.rep == 0 else other(first)


def bomb(s: Politics, t: Tables, power: str, minor: str) -> Outcome:
    """§10.7(c): the minor becomes a Full Ally of a power of the other side as if war were
    declared on it (§3.2: the power it favours there, else the cheapest), even if it is the
    bomber's own Full Ally; the other side gets §3.5's points (as for a declaration, our ruling)."""
    if minor not in t.minors or not t.minors[minor].flagged:
        raise RuleError(f"10.7(c): only a minor with a flag on the track may be bombed here, not {minor[:40]!r}")
    flag, side = s.flags[minor], t.side(power)
    if flag.conquered_by:
        raise RuleError(f"10.7(c): {t.minors[minor].name} is conquered; its flag never moves again")
    if flag.power is not None and t.side(flag.power) != side and flag.square >= t.full_ally:
        raise RuleError(f"10.7(c): {t.minors[minor].name} is already a Full Ally of the other side")
    flags: dict[str, Flag] = dict(s.flags)
    moves = jump_to_full_ally(t, flags, minor, other(side), "war",
                              f"10.7(c): {t.powers[power].name} drops an atom bomb on {t.minors[minor].name}",
                              s.conquered)
    gains = {p: n for p, n in politics.war_points(t, minor, power).items() if p not in s.conquered}
    points = {p: n + gains.get(p, 0) for p, n in s.points.items()}
    log = [m.text for m in moves] + [f"3.5: {t.powers[p].name} gets {n} political points" for p, n in gains.items()]
    return Outcome(Politics(flags, points, s.conquered), tuple(moves), tuple(log))


def outcome(g: Context, action: Action) -> Outcome:
    """What the action does; raises :class:`RuleError` (the rule, in words) if it may not."""
    s, t, power = state(g), tables(), g.acting
    if isinstance(action, Declare) and type(action.minor) is str:
        if action.minor not in t.minors:
            raise RuleError(f"3.2: no minor named {action.minor[:40]!r}")
        return politics.declare_war(s.politics, t, power, action.minor, military.presence(s))
    if isinstance(action, Align) and type(action.minor) is str:
        if action.minor not in t.minors:
            raise RuleError(f"3.1: no minor named {action.minor[:40]!r}")
        out = politics.align(s.politics, t, power, action.minor)
        if out.state == s.politics:
            raise RuleError(f"3.1: {t.minors[action.minor].name} is aligned already")
        return out
    if isinstance(action, Bomb) and type(action.minor) is str:
        if "atomic-bomb" not in g.variants:
            raise RuleError("10.7(c): atom bombs are dropped only with the optional rule (variant 'atomic-bomb')")
        if t.side(power) not in s.bomb:
            raise RuleError(f"8: the {t.side(power).capitalize()} have not developed the atomic bomb "
                            f"({s.research[t.side(power)]} of 25 research points)")
        return bomb(s.politics, t, power, action.minor)
    raise RuleError("Declarations: 'declare MINOR', 'align MINOR', 'bomb MINOR' (variant) or 'pass'.")


class Rules(Check):
    __slots__ = ()

    def candidates(self) -> list[Action]:
        g, t = self.g, tables()
        if t.side(g.acting) != playing(g):
            return [End()]
        minors = t.flagged()
        bombs = [Bomb(m) for m in minors] if "atomic-bomb" in g.variants else []
        return [*(Declare(m) for m in minors), *(Align(m) for m in minors), *bombs, Pass()]

    def reason(self, action: Action) -> str | None:
        g, t = self.g, tables()
        if t.side(g.acting) != playing(g):
            return None if isinstance(action, End) else \
                f"Declarations: the {playing(g).capitalize()} declare now; {g.side_name(g.acting)} has nothing to do."
        if isinstance(action, Pass):
            return None
        try:
            outcome(g, action)
        except RuleError as exc:
            return str(exc)
        return None


def apply(g: Context, action: Action) -> None:
    s, side = state(g), g.acting
    if isinstance(action, Pass):
        g.emit("pass", f"{g.side_name(side)} passes.", side)
    elif not isinstance(action, End):
        out = outcome(g, action)
        for line in out.log:
            g.emit("war", line, side)
        s.politics = out.state
        end_of_step(g)
    g.next_phase()
