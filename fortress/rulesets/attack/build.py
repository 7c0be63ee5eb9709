"""Build [Build]: take the year's income (if not yet taken: 1 production per government marker
and population card, 1 oil certificate per oil marker held), convert oil certificates into
production 1:1 (ruling: only here), and buy units at their cost: basic units without limit,
advanced ones (tank, aircraft; submarine, battleship, carrier) as many per branch as Minerals
allows (level 0: 1; 1: 2; 2: 3; 3: 4 (ruling); 4: any). Army units go to the capital, ships to
its coastline; Factories level L lets them go to your regions up to L regions away (ruling:
counted as in Transport)."""
from __future__ import annotations

from typing import Any

from fortress.engine.actions import Action, End
from fortress.engine.check import Check
from fortress.rulesets.attack import cards, paths, world
from fortress.rulesets.attack.actions import Word
from fortress.rulesets.attack.world import COAST
from fortress.rulesets.attack.year import income


def enter(g: Any) -> None:
    g.state.act = {"advanced": {"army": 0, "naval": 0}}
    income(g, g.acting)


def sites(g: Any) -> list[str]:
    """Regions where ``g.acting`` may place built units."""
    s, side = g.state, g.acting
    cap = s.capital.get(side)
    if cap is None or s.control.get(cap) != side:
        return []
    level = s.tech.get(side, {}).get("factories", 0)
    far = g.rules.tables.economy["effects"]["factories"][level]
    return sorted({cap} | (set(paths.transport_reach(s, cap, side, far)) if far else set()))


def places(g: Any, kind: str) -> list[str]:
    units = g.rules.tables.units
    if units[kind]["branch"] == "army":
        return sites(g)
    gr = world.graph()
    return [COAST + r for r in sites(g) if gr.coast.get(r)]


def advanced_limit(g: Any) -> int | None:
    level = g.state.tech.get(g.acting, {}).get("minerals", 0)
    n: int = g.rules.tables.economy["effects"]["minerals"][level]
    return None if n == 0 else n


class Rules(Check):
    __slots__ = ()

    def candidates(self) -> list[Action]:
        g, s, side = self.g, self.g.state, self.g.acting
        out: list[Action] = [Word("convert", (str(n),)) for n in range(1, s.oil_certs.get(side, 0) + 1)]
        for kind in g.rules.tables.units:
            out += [Word("build", (kind, p)) for p in places(g, kind)]
        return out + cards.plays(g, "build") + [End()]

    def reason(self, action: Action) -> str | None:
        g, s, side = self.g, self.g.state, self.g.acting
        if isinstance(action, End):
            return None
        if not isinstance(action, Word) or action.word not in ("convert", "build", "play"):
            return "Build: 'convert N' oil certificates, 'build KIND PLACE', or 'end' [Build]."
        if action.word == "play":
            return cards.reason(g, action, "build")
        if action.word == "convert":
            n = action.args[0]
            if not n.isdigit() or not 0 < int(n) <= s.oil_certs.get(side, 0):
                return f"Build: {g.side_name(side)} has {s.oil_certs.get(side, 0)} oil certificates to convert [Build]."
            return None
        kind, place = action.args
        units = g.rules.tables.units
        if kind not in units:
            return f"Build: there is no unit {kind[:20]!r}; the units are {', '.join(units)}."
        if place not in places(g, kind):
            where = "the capital" if units[kind]["branch"] == "army" else "the capital's coastline"
            return f"Build: {kind} is placed at {where} (or as far as Factories allows), not {place[:40]} [Build]."
        if s.production.get(side, 0) < units[kind]["cost"]:
            return f"Build: {kind} costs {units[kind]['cost']}; {g.side_name(side)} has {s.production.get(side, 0)} production [Build]."
        limit = advanced_limit(g)
        branch = units[kind]["branch"]
        if units[kind]["advanced"] and limit is not None and s.act["advanced"][branch] >= limit:
            return f"Build: Minerals allows {limit} advanced {branch} unit(s) per Build [Build], [Research]."
        return None


def apply(g: Any, action: Action) -> None:
    s, side = g.state, g.acting
    if isinstance(action, End):
        g.next_phase()
        return
    assert isinstance(action, Word)
    if action.word == "play":
        cards.play(g, action)
        s.production[side] += cards.bonus(g, action.args[0])
    elif action.word == "convert":
        n = int(action.args[0])
        s.oil_certs[side] -= n
        s.production[side] += n
        g.emit("convert", f"{g.side_name(side)} converts {n} oil certificate(s) into production.", side)
    else:
        kind, place = action.args
        unit = g.rules.tables.units[kind]
        s.production[side] -= unit["cost"]
        if unit["advanced"]:
            s.act["advanced"][unit["branch"]] += 1
        if unit["branch"] == "army":
            s.add_army(side, place, kind)
        else:
            s.add_ship(side, place, kind)
        g.emit("build", f"{g.side_name(side)} builds {kind} at {world.place_name(place)}.", side)
