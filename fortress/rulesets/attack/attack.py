"""Attack [Attack]: army units move into ONE neutral or enemy region and fight for it (Bombing
Run: a second region, with other units; Democracy: a third).
Infantry and artillery reach 1 region, tanks and aircraft 3; anchored zones on the way do not
count; tanks (ruling: every ground unit) need an unbroken line of their own or permitting
players' regions and open anchored zones; aircraft fly over anything but open sea (ruling).
No disembarking; every held region keeps a unit; units from several regions may join."""
from __future__ import annotations

from typing import Any

from fortress.engine.actions import Action, End
from fortress.rulesets.attack import cards, combat, paths, steps, world
from fortress.rulesets.attack.actions import Go, Word


def enter(g: Any) -> None:
    g.state.act = {"moved": {}, "targets": []}


def most_targets(g: Any) -> int:
    """One region [Attack]; Bombing Run adds its number (Democracy: two more; cards.toml)."""
    return 1 + cards.bonus(g, "bombing-run")


def ranges(g: Any) -> dict[str, int]:
    r = g.rules.tables.rules["numbers"]["attack_range"]
    return {k: v for k, v in r.items() if k != "source"}


def sources(g: Any, target: str, kind: str) -> list[str]:
    """``g.acting``'s regions from which ``kind`` reaches ``target`` in this Attack."""
    s, side = g.state, g.acting
    reach = paths.attack_reach(s, target, side, kind == "aircraft")
    return sorted(r for r, cost in reach.items() if cost <= ranges(g)[kind])


def targets(g: Any) -> list[str]:
    """Neutral or enemy regions in play within 3 regions of one of ``g.acting``'s."""
    s, side = g.state, g.acting
    if len(s.act["targets"]) >= most_targets(g):
        return list(s.act["targets"])
    gr, play = world.graph_of(s), paths.in_play(s)
    near: set[str] = set()
    for region in s.held(side):
        ring = {region}
        for _ in range(3):
            ring = {n for r in ring for n in gr.land.get(r, ())} | {n for r in ring for n in paths.anchored_hops(s, r, side)}
            near |= ring
    return sorted(r for r in near & play if s.control.get(r) != side)


class Rules(steps.Fighting):
    __slots__ = ()

    def own_candidates(self) -> list[Action]:
        g, s, side = self.g, self.g.state, self.g.acting
        out: list[Action] = []
        for target in targets(g):
            for kind in ranges(g):
                for src in sources(g, target, kind):
                    free = min(steps.free(s, side, src, kind), s.army_size(side, src) - 1)
                    out += [Go("attack", n, kind, src, target) for n in range(1, free + 1)]
        return out + cards.plays(self.g, "attack") + [End()]

    def own_reason(self, action: Action) -> str | None:
        g, s, side = self.g, self.g.state, self.g.acting
        if isinstance(action, End):
            return None
        if isinstance(action, Word) and action.word == "play":
            return cards.reason(self.g, action, "attack")
        if not isinstance(action, Go) or action.how != "attack" or action.kind not in ranges(g):
            return "Attack: send army units against one region ('attack N KIND FROM TARGET'), or 'end' [Attack]."
        chosen = s.act["targets"]
        if action.dest not in chosen and len(chosen) >= most_targets(g):
            return (f"Attack: this Attack's target is {', '.join(chosen)}; you may attack only a single region "
                    "(Bombing Run: a second) [Attack].")
        if s.control.get(action.dest) == side or action.dest not in paths.in_play(s):
            return f"Attack: {action.dest} is not a neutral or enemy region in play [Attack]."
        if steps.free(s, side, action.origin, action.kind) < action.n:
            return f"Attack: {g.side_name(side)} has not {action.n} {action.kind} in {action.origin} [Attack]."
        if action.origin not in sources(g, action.dest, action.kind):
            rng = ranges(g)[action.kind]
            return (f"Attack: {action.kind} in {action.origin} cannot reach {action.dest}: range {rng}, "
                    "through your own or permitting regions and open anchored zones (aircraft fly over) [Attack].")
        why = steps.occupancy(s, side, action.origin, action.n)
        return None if why is None else f"Attack: {why}."


def apply(g: Any, action: Action) -> None:
    if steps.fight(g, action):
        return
    s, side = g.state, g.acting
    if isinstance(action, Word):
        cards.play(g, action)
        return
    if isinstance(action, Go):
        if action.dest not in s.act["targets"]:
            s.act["targets"].append(action.dest)
        s.add_army(side, action.origin, action.kind, -action.n)
        s.add_army(side, action.dest, action.kind, action.n)
        steps.mark_moved(s, action.dest, action.kind, action.n)
        g.emit("attack", f"{g.side_name(side)} sends {action.n} {action.kind} from {g.board[action.origin].name} "
               f"against {g.board[action.dest].name}.", side, (action.origin, action.dest))
        return
    combat.queue(g, side, "army")
    steps.proceed(g)


auto = steps.auto
