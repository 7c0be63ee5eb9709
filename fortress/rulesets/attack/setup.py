"""Setup [Setup S1-S6], played as actions: the map and length (the game's options), the order
of choice by two command dice each, each player's government and starting economy card
(``government GOV CARD``), capitals in that order on different continents (``capital
REGION``), starting units moved from the capital into at most two adjacent regions of the same
continent (``deploy KIND REGION``, then ``end``), face-down markers on every other region in
play, and the first player by one command die each."""
from __future__ import annotations

from typing import Any

from fortress.engine.actions import Action, End
from fortress.engine.check import Check
from fortress.rulesets.attack import cards, world
from fortress.rulesets.attack.actions import Capital, Deploy, Government
from fortress.rulesets.attack.world import COAST


def roll_order(g: Any, sides: list[str], dice: int) -> list[str]:
    """``sides`` by their roll of ``dice`` command dice, highest first; ties roll off [Setup S2]."""
    rolls = {s: [sum(g.dice.below(6) + 1 for _ in range(dice))] for s in sides}
    while True:
        ranked = sorted(sides, key=lambda s: rolls[s], reverse=True)
        tied = {tuple(rolls[s]) for s in sides if sum(1 for t in sides if rolls[t] == rolls[s]) > 1}
        if not tied:
            return ranked
        for s in sides:
            if tuple(rolls[s]) in tied:
                rolls[s].append(g.dice.below(6) + 1)


def enter(g: Any) -> None:
    """[Setup S1]: the map by the player count and the options; S2's order of choice."""
    s = g.state
    if s.players >= g.rules.tables.players["both_maps_from"]:
        s.map = "both"
    else:
        s.map = "pacific" if "pacific" in g.variants else "western"
    s.years = 12 if "years-12" in g.variants else 9 if "years-9" in g.variants else 6
    order = roll_order(g, s.live(), 2)
    s.setup = {"stage": "government", "queue": list(order), "order": order}
    s.turn = order[0]
    g.emit("setup", f"The {s.map} map, {s.years} years. Order of choice: {', '.join(g.side_name(x) for x in order)}.")


def adjacent(g: Any, capital: str) -> list[str]:
    """Regions joined to the capital by land, an anchored zone or a lane, on its continent [Setup S3]."""
    gr = world.graph()
    near = set(gr.land.get(capital, ()))
    for z in gr.anchored_zones(capital):
        near |= gr.coast.get(z, frozenset())
    near |= {r for r, _ in gr.lanes.get(capital, ())}
    cont = gr.world.areas[capital].continent
    return sorted(r for r in near - {capital} if gr.world.areas[r].continent == cont)


def capital_sites(g: Any) -> list[str]:
    """Legal capitals: a region in play bordering a non-Arctic zone, nobody's, on a continent no
    earlier capital uses; if none, any continent (ruling)."""
    s, gr = g.state, world.graph()
    free = [r for r in gr.regions(s.map) if gr.world.areas[r].capital_ok and r not in s.control]
    used = {gr.world.areas[c].continent for c in s.capital.values()}
    fresh = [r for r in free if gr.world.areas[r].continent not in used]
    return fresh or free


class Rules(Check):
    __slots__ = ()

    def candidates(self) -> list[Action]:
        g, s = self.g, self.g.state
        stage = s.setup["stage"]
        if stage == "government":
            return [Government(gov, c) for gov, row in g.rules.tables.governments.items() for c in row["start"]]
        if stage == "capital":
            return [Capital(r) for r in capital_sites(g)]
        cap = s.capital[g.acting]
        kinds = sorted(s.army(g.acting, cap))
        return [Deploy(k, r) for r in adjacent(g, cap) for k in kinds] + [End()]

    def reason(self, action: Action) -> str | None:
        g, s = self.g, self.g.state
        stage, side = s.setup["stage"], g.acting
        if stage == "government":
            return self._government(action)
        if stage == "capital":
            if not isinstance(action, Capital) or action.region not in capital_sites(g):
                return "Setup: place your capital in a free region bordering a non-Arctic sea zone, on a continent no other capital uses ('capital REGION') [Setup S3]."
            return None
        cap = s.capital[side]
        if isinstance(action, End):
            return None
        if not isinstance(action, Deploy) or action.region not in adjacent(g, cap):
            return "Setup: deploy units from your capital to a region adjacent to it on its continent ('deploy KIND REGION'), or 'end' [Setup S3]."
        if s.control.get(action.region) not in (None, side):
            return f"Setup: {action.region} is another player's."
        if s.army(side, cap).get(action.kind, 0) < 1 or s.army_size(side, cap) < 2:
            return "Setup: the capital keeps at least one unit, and can only send units it has."
        placed = {r for r in s.held(side) if r != cap}
        if action.region not in placed and len(placed) >= 2:
            return "Setup: starting units go to the capital and two adjacent regions [Setup S3]."
        return None

    def _government(self, action: Action) -> str | None:
        g, s = self.g, self.g.state
        govs = g.rules.tables.governments
        if not isinstance(action, Government) or action.gov not in govs:
            return f"Setup: choose a government and its starting card ('government fascism minerals'); governments: {', '.join(govs)}."
        if action.card not in govs[action.gov]["start"]:
            return f"Setup: {govs[action.gov]['name']} starts with {' or '.join(govs[action.gov]['start'])} [Setup S2]."
        markers = g.rules.tables.markers
        placards = markers["placards_small"] if s.players <= 4 else markers["placards_large"]
        if sum(1 for x in s.government.values() if x == action.gov) >= placards:
            return f"Setup: no {govs[action.gov]['name']} placard is left [Setup S1]."
        return None


def apply(g: Any, action: Action) -> None:
    s, side = g.state, g.acting
    if isinstance(action, Government):
        take_government(g, side, action)
    elif isinstance(action, Capital):
        found_capital(g, side, action.region)
    elif isinstance(action, Deploy):
        cap = s.capital[side]
        s.add_army(side, cap, action.kind, -1)
        s.add_army(side, action.region, action.kind)
        s.control[action.region] = side
        g.emit("deploy", f"{g.side_name(side)} deploys {action.kind} to {g.board[action.region].name}.", side, (action.region,))
        return
    _next(g)


def take_government(g: Any, side: str, action: Government) -> None:
    """[Setup S2]: the government's materials (markers.toml ``[start]``) and its economy card."""
    s, start = g.state, g.rules.tables.markers["start"]
    s.government[side] = action.gov
    s.tech[side] = {"rail": 0, "factories": 0, "minerals": 0, "oil": 0, action.card: 1}
    s.stacks[f"{action.card}-1"] -= 1
    for _ in range(g.rules.tables.markers["per_player"]):
        kind = action.gov if action.gov in s.pool else s.pool[0]
        s.pool.remove(kind)
        s.taken.append(kind)
    s.markers[side] = g.rules.tables.markers["per_player"]
    s.production[side], s.oil_certs[side] = start["production_certificates"], start["oil_certificates"]
    g.emit("government", f"{g.side_name(side)} takes {g.rules.tables.governments[action.gov]['name']} "
           f"with {g.rules.tables.economy[action.card]['name']} 1.", side)
    for _ in range(start["action_cards"]):
        cards.draw(g, side, "starting card")


def found_capital(g: Any, side: str, region: str) -> None:
    """[Setup S3]: the capital, its oil marker, every starting unit there, ships on its coastline."""
    s, start = g.state, g.rules.tables.markers["start"]
    s.capital[side], s.control[region] = region, side
    s.oil.append(region)
    s.oil_supply -= start["oil_markers"]
    for kind, n in start["units"].items():
        if g.rules.tables.units[kind]["branch"] == "army":
            s.add_army(side, region, kind, n)
        else:
            s.add_ship(side, COAST + region, kind, n)
    g.emit("capital", f"{g.side_name(side)} places its capital in {g.board[region].name}.", side, (region,))


def _next(g: Any) -> None:
    s = g.state
    queue = s.setup["queue"]
    queue.pop(0)
    if queue:
        s.turn = queue[0]
        return
    stage = {"government": "capital", "capital": "deploy", "deploy": ""}[s.setup["stage"]]
    if stage:
        s.setup["stage"], s.setup["queue"] = stage, list(s.setup["order"])
        s.turn = s.setup["order"][0]
        return
    finish(g)


def finish(g: Any) -> None:
    """[Setup S4-S5]: face-down markers on every unheld region in play; the first player."""
    s = g.state
    g.dice.shuffle(s.pool)
    for region in world.graph().regions(s.map):
        if region not in s.control and s.pool:
            s.neutral[region] = s.pool.pop()
    s.first = roll_order(g, s.live(), 1)[0]
    s.order = [s.first]
    s.setup = {"stage": "done"}
    g.emit("setup", f"{len(s.neutral)} neutral regions; {g.side_name(s.first)} rolls highest and plays first.")
    g.next_phase()


def drop(g: Any, side: str) -> None:
    """``side`` left the game during setup: the others go on without it."""
    s = g.state
    s.setup["order"] = [x for x in s.setup["order"] if x != side]
    queue = s.setup["queue"]
    if queue and queue[0] == side:
        _next(g)
    else:
        s.setup["queue"] = [x for x in queue if x != side]
