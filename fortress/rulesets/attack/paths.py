"""Where army units may go: the graph questions the actions ask, each stated once.

* :func:`sea_open`: a sea zone may be crossed if the side's ships control it, no ships do, or
  its controller has given permission [Explanations] Sea Zones with an Anchor, [Transport].
* :func:`move_targets`: one region by land border or open anchored zone [Move].
* :func:`attack_reach`: regions within a unit's range of a target [Attack] (anchored zones
  cost nothing; ground units pass only through their own or permitting players' regions,
  aircraft over anything; ruling: only aircraft fly over, and none over open sea).
* :func:`transport_reach`: own regions within rail range, at most one sea step (a lane or an
  anchored hop) [Transport], [Research] Rail Transport.
* :func:`negotiable`: neutral regions a side may negotiate with [Negotiate].
"""
from __future__ import annotations

import heapq
from functools import cache
from typing import Any

from fortress.rulesets.attack import world


def sea_open(s: Any, zone: str, side: str) -> bool:
    holder = s.zone_holder(zone)
    if holder is None and any(z.get(zone) for z in s.ships.values()):
        return False  # several players' ships: contested
    return holder is None or s.permits(holder, side)


def passable(s: Any, region: str, side: str) -> bool:
    """A region a ground unit may pass through: its own, or a permitting player's."""
    holder = s.control.get(region)
    return holder is not None and s.permits(holder, side)


def anchored_hops(s: Any, region: str, side: str) -> set[str]:
    g = world.graph_of(s)
    out: set[str] = set()
    for z in g.anchored_zones(region):
        if sea_open(s, z, side):
            out |= g.coast.get(z, frozenset())
    out.discard(region)
    return out


def in_play(s: Any) -> frozenset[str]:
    return _play(s.map)


@cache
def _play(map_name: str) -> frozenset[str]:
    return frozenset(world.in_theatre(map_name, "region"))


def move_targets(s: Any, src: str, side: str) -> list[str]:
    """[Move]: regions one step from ``src``."""
    near = set(world.graph_of(s).land.get(src, ())) | anchored_hops(s, src, side)
    return sorted(near & in_play(s))


def attack_reach(s: Any, target: str, side: str, flier: bool) -> dict[str, int]:
    """Regions of ``side``'s from which a unit reaches ``target``, with the regions it counts
    (land borders; anchored zones free). Searched back from the target: the graph is symmetric."""
    g, play = world.graph_of(s), in_play(s)
    best = {target: 0}
    todo = [(0, target)]
    while todo:
        cost, here = heapq.heappop(todo)
        if cost > best.get(here, 99) or cost >= 3:
            continue
        if here != target and not (flier or passable(s, here, side)):
            continue
        steps = [(r, 1) for r in g.land.get(here, ())]
        steps += [(r, 0) for r in anchored_hops(s, here, side)] if flier or here == target or passable(s, here, side) else []
        for nxt, c in steps:
            if nxt in play and cost + c < best.get(nxt, 99):
                best[nxt] = cost + c
                heapq.heappush(todo, (cost + c, nxt))
    return {r: c for r, c in best.items() if r != target and s.control.get(r) == side}


def transport_reach(s: Any, src: str, side: str, steps: int | None) -> dict[str, int]:
    """Own regions reached from ``src`` within ``steps`` (None: any number), through own regions
    only, using at most one sea step (a lane whose zones are open, or an open anchored zone)."""
    g = world.graph_of(s)
    best: dict[tuple[str, int], int] = {(src, 0): 0}
    todo = [(0, src, 0)]
    while todo:
        cost, here, seas = heapq.heappop(todo)
        if steps is not None and cost >= steps:
            continue
        nexts = [(r, 0) for r in g.land.get(here, ())]
        if seas == 0:
            nexts += [(r, 1) for r in anchored_hops(s, here, side)]
            nexts += [(r, 1) for r, via in g.lanes.get(here, ()) if all(sea_open(s, z, side) for z in via)]
        for nxt, sea in nexts:
            key = (nxt, seas + sea)
            if s.control.get(nxt) == side and cost + 1 < best.get(key, 1 << 30):
                best[key] = cost + 1
                heapq.heappush(todo, (cost + 1, nxt, seas + sea))
    out: dict[str, int] = {}
    for (r, _), c in best.items():
        if r != src:
            out[r] = min(c, out.get(r, c))
    return out


def negotiable(s: Any, side: str) -> list[str]:
    """[Negotiate]: neutral regions adjacent to one of ``side``'s, or joined to one by a sea zone
    both border or a lane, each zone neutral, ``side``'s or permitted (a standing grant)."""
    g = world.graph_of(s)
    found: set[str] = set()
    for region in s.held(side):
        found |= set(g.land.get(region, ()))
        for z in g.coast.get(region, ()):
            if sea_open(s, z, side):
                found |= g.coast.get(z, frozenset())
        found |= {r for r, via in g.lanes.get(region, ()) if all(sea_open(s, z, side) for z in via)}
    return sorted(r for r in found if r in s.neutral)
