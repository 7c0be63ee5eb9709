"""The minor influence step (§3.3, §3.4, §3.6, §3.7), between production and the end of the
turn: first the automatic influence of the turn's arrow (§3.4), then every power's sealed
influence order, revealed together and applied in §3.6's one global order (ties to the side
with the initiative), then §3.1's end of the step."""
from __future__ import annotations

from typing import Any

from fortress.engine.actions import Action
from fortress.rulesets.aif import politics
from fortress.rulesets.aif.common import InfluenceRules, end_of_step, resolve_influence, state, tables

Context = Any
Rules = InfluenceRules


def month(g: Context) -> str:
    """The turn's name without its year ("Sep/Oct"), as the track's arrows are marked."""
    label: str = g.turn.label(g.state.round)
    return label.split()[0]


def enter(g: Context) -> None:
    s = state(g)
    out = politics.automatic(s.politics, tables(), month(g))
    for line in out.log:
        g.emit("automatic", line)
    s.politics = out.state
    end_of_step(g)


def resolve(g: Context, orders: dict[str, Action]) -> None:
    resolve_influence(g, orders, state(g).initiative)
