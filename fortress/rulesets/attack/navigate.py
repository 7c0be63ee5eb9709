"""Navigate [Navigate]: each ship moves one step (a coastline to a bordering zone, or a zone to
a bordering zone; a canal if its region is neutral, yours or permitting [Maps] Canals); a ship
never returns to a coastline. Army units embark onto empty ships in a bordering zone or on
their region's coastline, before or after the ships move (destroyer: infantry or artillery;
battleship: infantry, artillery or tank; carrier: aircraft; submarine: none). Then the naval
battles where ships met another player's; an empty zone is taken without battle (ruling).
A submarine may go back to the coastline of another player's region bordering its zone to carry
out a coastal attack there when the Navigate ends (:func:`.combat.coastal`)."""
from __future__ import annotations

from typing import Any

from fortress.engine.actions import Action, End
from fortress.rulesets.attack import cards, combat, paths, steps, world
from fortress.rulesets.attack.actions import Embark, Sail, Word
from fortress.rulesets.attack.world import COAST


def enter(g: Any) -> None:
    g.state.act = {"moved": {}}


def two_steps(g: Any, key: str) -> bool:
    """Convoy System: every ship may take two steps in this Navigate; Wolf Pack: submarines
    (cards.toml, design)."""
    card = g.state.act.get("card")
    return card == "convoy-system" or (card == "wolf-pack" and key == "submarine")


def can_sail(g: Any, place: str, key: str) -> bool:
    """A ship of ``key`` at ``place`` may still take a step: one not yet moved, or (with the
    card) one that has taken only one."""
    s, side = g.state, g.acting
    here = s.fleet(side, place).get(key, 0)
    once, twice = steps.moved(s, place, key), steps.moved(s, place, key + "+")
    return here - once - twice > 0 or (two_steps(g, key) and once > 0)


def steps_from(s: Any, side: str, place: str) -> list[str]:
    """The zones a ship at ``place`` may move to."""
    g = world.graph_of(s)
    zones = set(g.zones(s.map))
    if place.startswith(COAST):
        near = set(g.coast.get(place[len(COAST):], ()))
    else:
        near = set(g.sea.get(place, ()))
        near |= {z for z, region in g.canals.get(place, ()) if paths.passable(s, region, side) or region in s.neutral
                 or region not in s.control}
    return sorted(near & zones)


def coast_targets(s: Any, side: str, place: str) -> list[str]:
    """Coastlines a submarine in zone ``place`` may return to for a coastal attack: those of
    bordering regions another player holds [Navigate]."""
    if place.startswith(COAST):
        return []
    regions = world.graph_of(s).coast.get(place, frozenset())
    return [COAST + r for r in sorted(regions & paths.in_play(s)) if s.control.get(r) not in (None, side)]


def boardings(g: Any) -> list[Embark]:
    """Every embarking: an army unit in a region onto an empty capable ship bordering it."""
    s, side, gr = g.state, g.acting, world.graph_of(g.state)
    units = g.rules.tables.units
    out = []
    for place, fleet in sorted(s.ships.get(side, {}).items()):
        regions = [place[len(COAST):]] if place.startswith(COAST) else sorted(gr.coast.get(place, ()))
        for ship in sorted(k for k in fleet if "/" not in k):
            for region in regions:
                kinds = sorted(set(s.army(side, region)) & set(units[ship]["carries"]))
                out += [Embark(k, region, ship, place) for k in kinds]
    return out


class Rules(steps.Fighting):
    __slots__ = ()

    def own_candidates(self) -> list[Action]:
        s, side = self.g.state, self.g.acting
        out: list[Action] = []
        for place, fleet in sorted(s.ships.get(side, {}).items()):
            for key in sorted(fleet):
                if can_sail(self.g, place, key):
                    out += [Sail(key, place, z) for z in steps_from(s, side, place)]
                    if key == "submarine":
                        out += [Sail(key, place, c) for c in coast_targets(s, side, place)]
        return out + list(boardings(self.g)) + cards.plays(self.g, "navigate") + [End()]

    def own_reason(self, action: Action) -> str | None:
        g, s, side = self.g, self.g.state, self.g.acting
        if isinstance(action, End):
            return None
        if isinstance(action, Embark):
            if action not in boardings(g):
                return "Navigate: embark an army unit onto an empty ship of yours that can carry it, bordering its region [Navigate]."
            why = steps.occupancy(s, side, action.region, 1)
            return None if why is None else f"Navigate: {why}."
        if isinstance(action, Word) and action.word == "play":
            return cards.reason(g, action, "navigate")
        if not isinstance(action, Sail):
            return "Navigate: 'navigate SHIP FROM TO', 'embark KIND REGION SHIP PLACE' or 'end' [Navigate]."
        if not can_sail(g, action.origin, action.ship):
            return (f"Navigate: no {action.ship} of {g.side_name(side)}'s at {action.origin} that may still move: "
                    "one step each (two with Convoy System, submarines with Wolf Pack) [Navigate].")
        if action.ship == "submarine" and action.dest in coast_targets(s, side, action.origin):
            return None
        if action.dest not in steps_from(s, side, action.origin):
            return f"Navigate: {action.dest} is not one step from {action.origin} (ships never return to a coastline) [Navigate]."
        return None


def apply(g: Any, action: Action) -> None:
    if steps.fight(g, action):
        return
    s, side = g.state, g.acting
    if isinstance(action, Sail):
        here = s.fleet(side, action.origin).get(action.ship, 0)
        once = steps.moved(s, action.origin, action.ship)
        fresh = here - once - steps.moved(s, action.origin, action.ship + "+")
        s.add_ship(side, action.origin, action.ship, -1)
        s.add_ship(side, action.dest, action.ship, 1)
        if fresh > 0:
            steps.mark_moved(s, action.dest, action.ship, 1)
        else:  # a second step (Convoy System, Wolf Pack)
            steps.mark_moved(s, action.origin, action.ship, -1)
            steps.mark_moved(s, action.dest, action.ship + "+", 1)
        if action.dest.startswith(COAST):
            s.act.setdefault("coastal", []).append(action.dest[len(COAST):])
        g.emit("navigate", f"{g.side_name(side)} sails a {action.ship} from {world.place_name(action.origin)} to "
               f"{world.place_name(action.dest)}.", side)
    elif isinstance(action, Word):
        cards.play(g, action)
    elif isinstance(action, Embark):
        s.add_army(side, action.region, action.kind, -1)
        s.add_ship(side, action.place, action.ship, -1)
        s.add_ship(side, action.place, f"{action.ship}/{action.kind}", 1)
        for mark in (action.ship, action.ship + "+"):  # the ship keeps the steps it took
            if steps.moved(s, action.place, mark):
                steps.mark_moved(s, action.place, mark, -1)
                steps.mark_moved(s, action.place, f"{action.ship}/{action.kind}" + mark[len(action.ship):], 1)
                break
        g.emit("embark", f"{g.side_name(side)} embarks {action.kind} from {g.board[action.region].name}.", side)
    else:
        combat.queue(g, side, "naval")
        for region in sorted(set(s.act.get("coastal", []))):
            combat.coastal(g, side, region)
        steps.proceed(g)


auto = steps.auto
