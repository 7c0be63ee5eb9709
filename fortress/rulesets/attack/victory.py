"""Victory [Objective], [End], [Victory]: points for regions, sea zones, capitals, population
cards and technology levels (victory.toml, design) at the end of the last year, or as soon as
a battle that captured a capital ends; a player who lost its capital scores nothing (ruling)."""
from __future__ import annotations

from typing import Any

from fortress.rulesets.attack import world


#: what counts, as victory.toml names it (each entry's points are the table's)
COUNTED = ("region", "sea_zone", "capital", "population_card", "technology_level")


def tally(state: Any, side: str) -> dict[str, int]:
    """What ``side`` holds that scores, by victory.toml's entries (all 0 once it is out)."""
    if side in state.out or side not in state.sides:
        return dict.fromkeys(COUNTED, 0)
    return {"region": len(state.held(side)),
            "sea_zone": sum(1 for z in world.graph().zones(state.map) if state.zone_holder(z) == side),
            "capital": sum(1 for r in state.capital.values() if state.control.get(r) == side),
            "population_card": state.population.get(side, 0),
            "technology_level": sum(state.tech.get(side, {}).values())}


def points(state: Any, side: str, table: dict[str, Any]) -> int:
    """``side``'s victory points: each counted thing times its entry in ``table`` (0 once it is out)."""
    return int(sum(n * table[k] for k, n in tally(state, side).items()))


def scores(g: Any) -> dict[str, float]:
    table = g.rules.tables.victory
    return {side: float(points(g.state, side, table)) for side in g.rules.sides}


def score_parts(g: Any) -> dict[str, dict[str, int]]:
    """Each side's :func:`tally` (``Game.score_parts``): to weigh them by another table."""
    return {side: tally(g.state, side) for side in g.rules.sides}


def _key(g: Any, side: str) -> tuple[int, ...]:
    """Points, then the tie-breaks of victory.toml: capitals, regions, certificates (design)."""
    s, table = g.state, g.rules.tables.victory
    caps = sum(1 for r in s.capital.values() if s.control.get(r) == side)
    certs = s.production.get(side, 0) + s.oil_certs.get(side, 0)
    return (points(s, side, table), caps, len(s.held(side)), certs)


def finish(g: Any, why: str) -> None:
    """The game ends now: the most points wins."""
    live = g.state.live()
    best = max(live, key=lambda side: _key(g, side))
    table = ", ".join(f"{g.side_name(x)} {points(g.state, x, g.rules.tables.victory)}" for x in live)
    g.end_game(best, f"the most victory points at {why} ({table}).")


def capital_lost(g: Any, loser: str, taker: str) -> None:
    """[Dice&Cards] Capital: "If your capital falls, you are out of the game and the war is over"."""
    s = g.state
    if loser not in s.out:
        s.out.append(loser)
        g.emit("out", f"{g.side_name(loser)} loses its capital to {g.side_name(taker)}: it is out and scores nothing.", loser)
    s.act["game_over"] = True
