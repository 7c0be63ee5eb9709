"""Move [Move]: each army unit moves one region (a land border or an open anchored zone);
embarked units may disembark into a region bordering their ship's zone (Disembarking); every
held region keeps a unit; then the battles where units ended in neutral or enemy regions."""
from __future__ import annotations

from typing import Any

from fortress.engine.actions import Action, End
from fortress.rulesets.attack import cards, combat, paths, steps, world
from fortress.rulesets.attack.actions import Disembark, Go, Word
from fortress.rulesets.attack.world import COAST


def enter(g: Any) -> None:
    g.state.act = {"moved": {}}


def landings(s: Any, side: str) -> list[tuple[str, str, str]]:
    """(ship/cargo, place, region): each loaded ship's possible landings."""
    g, out = world.graph_of(s), []
    play = paths.in_play(s)
    for place, fleet in sorted(s.ships.get(side, {}).items()):
        regions = {place[len(COAST):]} if place.startswith(COAST) else set(g.coast.get(place, ()))
        for key in sorted(k for k in fleet if "/" in k):
            out += [(key, place, r) for r in sorted(regions & play)]
    return out


class Rules(steps.Fighting):
    __slots__ = ()

    def own_candidates(self) -> list[Action]:
        s, side = self.g.state, self.g.acting
        out: list[Action] = []
        for src in sorted(s.armies.get(side, {})):
            targets = paths.move_targets(s, src, side)
            for kind in sorted(s.army(side, src)):
                out += [Go("move", n, kind, src, dst) for dst in targets for n in range(1, steps.free(s, side, src, kind) + 1)]
        out += [Disembark(k, p, r) for k, p, r in landings(s, side)]
        return out + cards.plays(self.g, "move") + [End()]

    def own_reason(self, action: Action) -> str | None:
        s, side = self.g.state, self.g.acting
        if isinstance(action, End):
            return None
        if isinstance(action, Word) and action.word == "play":
            return cards.reason(self.g, action, "move")
        if isinstance(action, Disembark):
            if (action.ship, action.zone, action.region) not in landings(s, side):
                return "Move: disembark a loaded ship of yours into a region bordering its zone ('disembark destroyer/infantry ZONE REGION') [Move]."
            return None
        if not isinstance(action, Go) or action.how != "move":
            return "Move: move army units one region ('move N KIND FROM TO'), disembark, or 'end' [Move]."
        if steps.free(s, side, action.origin, action.kind) < action.n:
            return f"Move: {self.g.side_name(side)} has not {action.n} {action.kind} in {action.origin} that have not moved in this action."
        if action.dest not in paths.move_targets(s, action.origin, side):
            return f"Move: {action.dest} is not one region from {action.origin} by a land border or an open anchored sea zone [Move]."
        why = steps.occupancy(s, side, action.origin, action.n)
        return None if why is None else f"Move: {why}."


def apply(g: Any, action: Action) -> None:
    if steps.fight(g, action):
        return
    s, side = g.state, g.acting
    if isinstance(action, Word):
        cards.play(g, action)
        return
    if isinstance(action, Go):
        s.add_army(side, action.origin, action.kind, -action.n)
        s.add_army(side, action.dest, action.kind, action.n)
        steps.mark_moved(s, action.dest, action.kind, action.n)
        g.emit("move", f"{g.side_name(side)} moves {action.n} {action.kind} from {g.board[action.origin].name} "
               f"to {g.board[action.dest].name}.", side, (action.origin, action.dest))
    elif isinstance(action, Disembark):
        ship, cargo = action.ship.split("/")
        s.add_ship(side, action.zone, action.ship, -1)
        s.add_ship(side, action.zone, ship, 1)
        s.add_army(side, action.region, cargo, 1)
        steps.mark_moved(s, action.region, cargo, 1)
        g.emit("disembark", f"{g.side_name(side)} lands {cargo} in {g.board[action.region].name}.", side, (action.region,))
    else:
        combat.queue(g, side, "army")
        steps.proceed(g)


auto = steps.auto
