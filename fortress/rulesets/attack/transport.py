"""Transport [Transport]: army units go from one of your regions to another through your own
regions only (never neutral or enemy land), as far as Rail Transport allows (level 0: 1
region; +1, +2, +3; level 4: any number), using at most one sea step: a sea lane whose zones
are yours, unheld or permitted, or an open anchored zone (ruling: one lane per Transport, a
lane or an anchored hop is one step). Lanes stop at the Panama Canal (the map's lanes do)."""
from __future__ import annotations

from typing import Any

from fortress.engine.actions import Action, End
from fortress.rulesets.attack import cards, paths, steps
from fortress.rulesets.attack.actions import Go, Word


def enter(g: Any) -> None:
    g.state.act = {"moved": {}}


def rail_range(g: Any) -> int | None:
    """Regions a unit may be transported (None: any number) [Research] Rail Transport."""
    level = g.state.tech.get(g.acting, {}).get("rail", 0)
    reach: int = g.rules.tables.economy["effects"]["rail"][level]
    return None if reach == 0 else reach + cards.bonus(g, "railway-mobilisation")


class Rules(steps.Fighting):
    __slots__ = ()

    def own_candidates(self) -> list[Action]:
        g, s, side = self.g, self.g.state, self.g.acting
        out: list[Action] = []
        rng = rail_range(g)
        for src in s.held(side):
            reach = sorted(paths.transport_reach(s, src, side, rng))
            for kind in sorted(s.army(side, src)):
                free = min(steps.free(s, side, src, kind), s.army_size(side, src) - 1)
                out += [Go("transport", n, kind, src, dst) for dst in reach for n in range(1, free + 1)]
        return out + cards.plays(g, "transport") + [End()]

    def own_reason(self, action: Action) -> str | None:
        g, s, side = self.g, self.g.state, self.g.acting
        if isinstance(action, End):
            return None
        if isinstance(action, Word) and action.word == "play":
            return cards.reason(g, action, "transport")
        if not isinstance(action, Go) or action.how != "transport":
            return "Transport: 'transport N KIND FROM TO' between your regions, or 'end' [Transport]."
        if s.control.get(action.origin) != side or s.control.get(action.dest) != side:
            return "Transport: units go from a region you hold to a region you hold [Transport]."
        if steps.free(s, side, action.origin, action.kind) < action.n:
            return f"Transport: {g.side_name(side)} has not {action.n} {action.kind} in {action.origin} to transport."
        rng = rail_range(g)
        if action.dest not in paths.transport_reach(s, action.origin, side, rng):
            far = "any number of regions" if rng is None else f"{rng} region(s)"
            return (f"Transport: {action.dest} is not within {far} of {action.origin} through your own regions "
                    "with at most one sea lane or anchored crossing [Transport].")
        why = steps.occupancy(s, side, action.origin, action.n)
        return None if why is None else f"Transport: {why}."


def apply(g: Any, action: Action) -> None:
    s, side = g.state, g.acting
    if isinstance(action, Go):
        s.add_army(side, action.origin, action.kind, -action.n)
        s.add_army(side, action.dest, action.kind, action.n)
        steps.mark_moved(s, action.dest, action.kind, action.n)
        g.emit("transport", f"{g.side_name(side)} transports {action.n} {action.kind} from "
               f"{g.board[action.origin].name} to {g.board[action.dest].name}.", side, (action.origin, action.dest))
    elif isinstance(action, Word):
        cards.play(g, action)
    else:
        g.next_phase()
