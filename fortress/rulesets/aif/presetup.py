"""The two pre-set-up minor influence steps (§3.3, §3.5, §3.6; §12): a sealed step played twice
before the first turn. Each time every power gets its pre-set-up political points (the Axis
twice as many in the short game), added to those it saved; each writes its influence levels per
minor unseen; when all are in they are revealed and applied in §3.6's one global order, the Axis
winning ties (they hold the initiative before set-up). No automatic influence: these steps have
no turn (our ruling)."""
from __future__ import annotations

from typing import Any

from fortress.engine.actions import Action
from fortress.rulesets.aif import politics
from fortress.rulesets.aif.common import InfluenceRules, resolve_influence, state, tables

Context = Any
Rules = InfluenceRules


def enter(g: Context) -> None:
    s, t = state(g), tables()
    s.politics = politics.presetup(s.politics, t, short="short-game" in g.variants)
    gains = ", ".join(f"{t.powers[p].name} {n}" for p, n in s.politics.points.items())
    g.emit("points", f"Pre-set-up influence step {g.flow.rep + 1} of 2 (3.5): political points now {gains}.")


def resolve(g: Context, orders: dict[str, Action]) -> None:
    resolve_influence(g, orders, "axis")
