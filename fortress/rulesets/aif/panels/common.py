"""What America in Flames' panels and map share: the powers' colours, names, a flag's strength,
the units in an area (when the state has a military), and the data's own source marks (which
parts are the text's and which are ours)."""
from __future__ import annotations

from collections.abc import Callable
from functools import cache
from typing import Any

from fortress.engine.actions import Action
from fortress.rulesets.aif.tables import Minor, Tables, read_raw

Play = Callable[[Action], bool]
#: each power's colour on the map and the track (ours)
POWER_COLOUR = {"usa": "#1f5fbf", "cw": "#b5473a", "france": "#7b5ea7",
                "germany": "#3d3d3d", "italy": "#2e8b57", "japan": "#d08c00"}
#: the mark a cost chart cell carries for where its number comes from (minors.toml cost_source)
SOURCE_MARK = {"text": "", "derived": "†", "bounded": "‡", "ruling": "§", "design": "*"}


def power_name(t: Tables, holder: str) -> str:
    """A power's name, or a minor's (a minor at war holds regions and armies: ``mexico``, Mexico)."""
    if holder in t.powers:
        return t.powers[holder].name
    return t.minors[holder].name if holder in t.minors else holder


#: the chips' short names of the majors (the legend under the map spells them out)
SHORT = {"usa": "USA", "cw": "CW", "france": "Fr", "germany": "Ger", "italy": "Ita", "japan": "Jpn"}


def short_name(t: Tables, holder: str) -> str:
    """A holder's name on a unit chip: a major's :data:`SHORT`, a minor's initials (Central
    America: CA) or its first three letters (Mexico: Mex)."""
    if holder in SHORT:
        return SHORT[holder]
    words = power_name(t, holder).split()
    return "".join(w[0] for w in words) if len(words) > 1 else words[0][:3]


def chips_legend(t: Tables) -> str:
    """The chips' short names in words."""
    return ", ".join(f"{SHORT[p]} {t.powers[p].name}" if SHORT[p] != t.powers[p].name else SHORT[p] for p in SHORT)


def minor_of(t: Tables, owner: str) -> Minor | None:
    """The minor a region belongs to (None for a power's region)."""
    return t.minors.get(owner)


def strength(t: Tables, square: int) -> float:
    """How strongly a flag's favour shows (0 on 0, 1 at Full Ally): its square's share of the side."""
    return min(square, t.full_ally) / t.full_ally


def units_at(state: Any, aid: str) -> dict[str, dict[str, int]]:
    """Each side's units in an area, by kind: armies there and ships there or on its coast
    (``coast:AREA``), read from ``armies`` and ``ships`` when the state has them (empty without)."""
    out: dict[str, dict[str, int]] = {}
    for kind in ("armies", "ships"):
        for side, places in (getattr(state, kind, None) or {}).items():
            for place, counts in places.items():
                if place.split(":")[-1] != aid:
                    continue
                mine = out.setdefault(side, {})
                for unit, n in counts.items():
                    if n:
                        mine[unit] = mine.get(unit, 0) + n
    return {side: c for side, c in out.items() if c}


@cache
def sources() -> dict[str, Any]:
    """The data files as written, for their ``*_source`` marks (never their numbers: those are
    the tables')."""
    return read_raw()


def cost_source(minor: str, power: str) -> str:
    """Where a cost chart cell comes from (minors.toml ``cost_source``)."""
    return str(sources()["minors"][minor]["cost_source"][power])


def chart_counts() -> dict[str, int]:
    """How many cells of the cost chart come from each source."""
    out: dict[str, int] = {}
    for row in sources()["minors"].values():
        for mark in row.get("cost_source", {}).values():
            out[mark] = out.get(mark, 0) + 1
    return out


def cost_legend() -> str:
    """The cost chart's marks in words, with how many cells each has."""
    counts = chart_counts()
    return "cost chart cells: " + ", ".join(
        f"{counts[s]} {s}{' (' + SOURCE_MARK[s] + ')' if SOURCE_MARK[s] else ''}" for s in SOURCE_MARK if s in counts)


def track_legend() -> str:
    """Where the track's parts come from (powers.toml and track.toml marks)."""
    powers, track = sources()["powers"]["powers"], sources()["track"]
    positions = sorted({v.get("position_source", "design") for v in powers.values()})
    hurdles = ", ".join(f"{h['between'][0]}|{h['between'][1]} {h.get('source', 'design')}" for h in track["hurdles"])
    arrows = ", ".join(f"{a['turn']} at {a['square']} {a.get('source', 'design')}" for a in track["arrows"])
    bands = sorted({b.get("source", "design") for b in track["bands"]})
    return (f"flag positions (in/above/below): {'/'.join(positions)}; bands: {'/'.join(bands)}; "
            f"Full Ally square: {track.get('full_ally_source', 'design')}; hurdles: {hurdles}; arrows: {arrows}")


#: the start of the view's refusal of the last sealed order (Game.explain in a view: the other
#: orders are hidden there, so it cannot reveal them); the order itself is judged by the step
def order_reason(view: Any, action: Action, side: str) -> str | None:
    """The game's reason for refusing ``side``'s sealed order (None: the game accepts it),
    judged in the page's view by the step's own check (``order_only``: the last order awaited
    too, which a view cannot carry out since the others' are hidden in it)."""
    why: str | None = view.explain(action, side, order_only=True)
    return why
