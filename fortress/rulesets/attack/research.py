"""Research [Research]: take the lowest level you lack of one or more technologies (Rail
Transport, Factories, Minerals, Oil: levels 1-4; Population: level 1, any number, while its
stack lasts), one per type per action, retooling one row of the card's units, all from one area
(ruling; economy.toml). A Population card draws an action card; each Oil level places an oil
marker in a region you hold (``oil REGION``)."""
from __future__ import annotations

from typing import Any

from fortress.engine.actions import Action, End
from fortress.engine.check import Check
from fortress.rulesets.attack import cards
from fortress.rulesets.attack.actions import Word
from fortress.rulesets.attack.schemas import RESEARCHABLE


def enter(g: Any) -> None:
    g.state.act = {"done": []}


def allowed(g: Any, tech: str) -> int:
    """Levels of ``tech`` this action may take: one [Research]; Annexation: Population 1 + its
    number (cards.toml); Code Breaking: two levels of as many types as its number."""
    done = g.state.act["done"]
    if tech == "population":
        return 1 + cards.bonus(g, "annexation")
    doubled = {t for t in done if t != "population" and done.count(t) > 1}
    if tech in doubled or len(doubled) < cards.bonus(g, "code-breaking"):
        return 2
    return 1


def level(g: Any, tech: str) -> int:
    """The level ``g.acting`` would take: the lowest it lacks (Population: 1)."""
    return 1 if tech == "population" else g.state.tech.get(g.acting, {}).get(tech, 0) + 1


def stack(tech: str, lv: int) -> str:
    return "population" if tech == "population" else f"{tech}-{lv}"


def payable(s: Any, side: str, area: str, unit: str) -> int:
    """How many ``unit`` may be retooled from ``area``: army units (a held region keeps one),
    or empty ships."""
    if unit in s.armies.get(side, {}).get(area, {}):
        keep = 1 if s.control.get(area) == side else 0
        return int(min(s.army(side, area)[unit], s.army_size(side, area) - keep))
    return int(s.fleet(side, area).get(unit, 0))


def oil_sites(s: Any, side: str) -> list[str]:
    return [r for r in s.held(side) if r not in s.oil]


class Rules(Check):
    __slots__ = ()

    def candidates(self) -> list[Action]:
        g, s, side = self.g, self.g.state, self.g.acting
        if s.act.get("oil_due"):
            return [Word("oil", (r,)) for r in oil_sites(s, side)]
        areas = sorted(set(s.armies.get(side, {})) | set(s.ships.get(side, {})))
        out: list[Action] = []
        for tech in RESEARCHABLE:
            lv = level(g, tech)
            if lv <= 4:
                out += [Word("research", (tech, unit, a)) for unit, _ in g.rules.tables.retool(tech, lv) for a in areas]
        return out + cards.plays(g, "research") + [End()]

    def reason(self, action: Action) -> str | None:
        g, s, side = self.g, self.g.state, self.g.acting
        if s.act.get("oil_due"):
            if isinstance(action, Word) and action.word == "oil" and action.args[0] in oil_sites(s, side):
                return None
            return "Research: place the Oil level's oil marker in a region you hold without one ('oil REGION') [Research]."
        if isinstance(action, End):
            return None
        if isinstance(action, Word) and action.word == "play":
            return cards.reason(g, action, "research")
        if not isinstance(action, Word) or action.word != "research" or action.args[0] not in RESEARCHABLE:
            return f"Research: 'research TECH UNIT AREA' (TECH one of {', '.join(RESEARCHABLE)}), or 'end' [Research]."
        tech, unit, area = action.args
        lv = level(g, tech)
        if s.act["done"].count(tech) >= allowed(g, tech):
            return f"Research: {allowed(g, tech)} level(s) of {tech} in this Research action [Research], [Cards]."
        if lv > 4:
            return f"Research: {g.side_name(side)} has every level of {tech}."
        if s.stacks.get(stack(tech, lv), 0) < 1:
            return f"Research: no {tech} card of level {lv} is left."
        rows = dict(g.rules.tables.retool(tech, lv))
        if unit not in rows:
            return f"Research: {tech} {lv} retools {' or '.join(f'{n} {u}' for u, n in rows.items())} [Research] Retooling."
        if payable(s, side, area, unit) < rows[unit]:
            return f"Research: {area} cannot give {rows[unit]} {unit} for retooling (a held region keeps one unit) [Research]."
        return None


def apply(g: Any, action: Action) -> None:
    s, side = g.state, g.acting
    if isinstance(action, End):
        g.next_phase()
        return
    assert isinstance(action, Word)
    if action.word == "oil":
        place_oil(g, side, action.args[0])
        return
    if action.word == "play":
        cards.play(g, action)
        return
    tech, unit, area = action.args
    lv = level(g, tech)
    n = dict(g.rules.tables.retool(tech, lv))[unit]
    if unit in s.armies.get(side, {}).get(area, {}):
        s.add_army(side, area, unit, -n)
    else:
        s.add_ship(side, area, unit, -n)
    s.stacks[stack(tech, lv)] -= 1
    s.act["done"].append(tech)
    g.emit("research", f"{g.side_name(side)} researches {g.rules.tables.economy[tech]['name']} {lv}, retooling {n} {unit}.", side)
    if tech == "population":
        s.population[side] = s.population.get(side, 0) + 1
        cards.draw(g, side, "a Population card")
    else:
        s.tech[side][tech] = lv
    if tech == "oil" and oil_sites(s, side) and s.oil_supply > 0:
        s.act["oil_due"] = True


def place_oil(g: Any, side: str, region: str) -> None:
    s = g.state
    s.oil.append(region)
    if region in s.burned:
        s.burned.remove(region)
    s.oil_supply -= 1
    s.act["oil_due"] = False
    g.emit("oil", f"{g.side_name(side)} places an oil marker in {g.board[region].name}.", side, (region,))
