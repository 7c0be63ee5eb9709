"""Winter [Turn] Winter Actions, [Burn Oil]: after Autumn each player in turn may burn oil
(5 oil certificates, not production, and one oil marker removed from a region it holds: the
deposit is spent) and then take one further action not yet taken this year; or pass."""
from __future__ import annotations

from typing import Any

from fortress.rules import flow
from fortress.rules.actions import Action
from fortress.rules.check import Check
from fortress.rulesets.attack import cards
from fortress.rulesets.attack.actions import Word


def enter(g: Any) -> None:
    g.state.act = {}


def burn_cost(g: Any) -> int:
    """5 oil certificates [Burn Oil]; Imperial Reserves lowers it (cards.toml)."""
    base: int = g.rules.tables.number("burn_oil_certificates")
    return base - cards.bonus(g, "imperial-reserves")


class Rules(Check):
    __slots__ = ()

    def candidates(self) -> list[Action]:
        g, s = self.g, self.g.state
        if s.act.get("burned"):
            return [flow.Choose(name) for name in g.turn.by_name["season"].choose]
        side = g.acting
        found: list[Action] = [Word("burn", (r,)) for r in sorted(s.oil) if s.control.get(r) == side]
        return found + cards.plays(g, "burn") + [flow.Pass()]

    def reason(self, action: Action) -> str | None:
        g, s = self.g, self.g.state
        side = g.acting
        if s.act.get("burned"):
            if not isinstance(action, flow.Choose) or action.step not in g.turn.by_name["season"].choose:
                return "Winter: you burned oil; choose one further action ('choose build')."
            if g.flow.used.get(side, {}).get(action.step):
                return f"Winter: {g.side_name(side)} has already taken {action.step} this year [Burn Oil]."
            return None
        if isinstance(action, flow.Pass):
            return None
        if isinstance(action, Word) and action.word == "play":
            return cards.reason(g, action, "burn")
        if not isinstance(action, Word) or action.word != "burn":
            return "Winter: burn oil ('burn REGION', a region of yours with an oil marker) or 'pass'."
        region = action.args[0]
        if region not in s.oil or s.control.get(region) != side:
            return f"Burn Oil: {region} holds no oil marker of {g.side_name(side)}'s [Burn Oil]."
        cost = burn_cost(g)
        if s.oil_certs.get(side, 0) < cost:
            return f"Burn Oil: burning costs {cost} oil certificates; {g.side_name(side)} has {s.oil_certs.get(side, 0)}."
        return None


def apply(g: Any, action: Action) -> None:
    s, side = g.state, g.acting
    if isinstance(action, flow.Pass):
        g.emit("pass", f"{g.side_name(side)} does not burn oil.", side)
        g.next_phase()
    elif isinstance(action, flow.Choose):
        s.act = {}
        flow.choose(g, action)
    elif isinstance(action, Word) and action.word == "play":
        cards.play(g, action)
    else:
        assert isinstance(action, Word)
        region, cost = action.args[0], burn_cost(g)
        s.oil_certs[side] -= cost
        s.oil.remove(region)
        s.burned.append(region)
        s.act["burned"] = True
        g.flow.used.setdefault(side, {})["burn"] = 1
        g.emit("burn", f"{g.side_name(side)} burns oil in {g.board[region].name} ({cost} certificates).", side, (region,))
