"""Winter [Turn] Winter Actions, [Burn Oil]: after Autumn each player in turn may burn oil
(5 oil certificates, not production, and one oil marker removed from a region it holds: the
deposit is spent) and then take one further action not yet taken this year; or pass.

Before that, each player sets or revokes its standing permissions (``grant SIDE``, ``revoke
SIDE``): to cross its sea zones, pass its regions and negotiate across its zones
[Explanations] (design: a standing grant, decided at the player's own Winter decision)."""
from __future__ import annotations

from typing import Any

from fortress.engine import flow
from fortress.engine.actions import Action
from fortress.engine.check import Check
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
        grants = [Word("revoke" if f"{side}>{o}" in s.grants else "grant", (o,)) for o in s.live() if o != side]
        return found + grants + cards.plays(g, "burn") + [flow.Pass()]

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
        if isinstance(action, Word) and action.word in ("grant", "revoke"):
            return grant_reason(g, action)
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
    elif isinstance(action, Word) and action.word in ("grant", "revoke"):
        set_grant(g, side, action)
    else:
        assert isinstance(action, Word)
        region, cost = action.args[0], burn_cost(g)
        s.oil_certs[side] -= cost
        s.oil.remove(region)
        s.burned.append(region)
        s.act["burned"] = True
        g.flow.used.setdefault(side, {})["burn"] = 1
        g.emit("burn", f"{g.side_name(side)} burns oil in {g.board[region].name} ({cost} certificates).", side, (region,))


def grant_reason(g: Any, action: Word) -> str | None:
    s, side, other = g.state, g.acting, action.args[0]
    if other not in s.live() or other == side:
        return f"Permission: {other[:20]} is not another player in the game."
    held = f"{side}>{other}" in s.grants
    if held == (action.word == "grant"):
        return f"Permission: {g.side_name(other)} {'already has' if held else 'has no'} {g.side_name(side)}'s permission."
    return None


def set_grant(g: Any, side: str, action: Word) -> None:
    s, other = g.state, action.args[0]
    if action.word == "grant":
        s.grants.append(f"{side}>{other}")
    else:
        s.grants.remove(f"{side}>{other}")
    verb = "gives" if action.word == "grant" else "withdraws"
    g.emit("permission", f"{g.side_name(side)} {verb} {g.side_name(other)} permission to pass.", side)
