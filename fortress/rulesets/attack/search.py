"""ATTACK! Deluxe's search bot: flat Monte Carlo over a few candidate actions (issue 37).

At a decision with more than one legal action it takes the heuristic's choice
(:mod:`.heuristic`) and up to ``candidates - 1`` others: one of each other kind of action
(the notation's first word: ``move``, ``end``, ``research``...), then a seeded sample of the
rest. Each candidate is played in the same ``playouts // candidates`` copies (at least one),
each ``game.view(side).determinized(seed)``: the other hands, the deck, the face-down
markers the side has not peeked and the future dice re-drawn, so nothing hidden from the side
is read. In a copy the candidate is applied, then every side is played by the heuristic to
the horizon: the end of the current year, or of the game. A copy's value for the side: its
``returns()`` (+1 best to -1 worst) once the game is over, else its share of the victory
points of the sides in play, scaled to the same range (``2 * share - 1``). The best mean
wins; the heuristic's choice on ties (it is first in the list).

Seeded and reproducible: a decision's seeds come from the bot's seed and the number of
actions played so far, not from how many decisions it made before.
"""
from __future__ import annotations

import random
from typing import Any

from fortress.engine.actions import Action, Surrender
from fortress.rulesets.attack import victory
from fortress.rulesets.attack.heuristic import AttackHeuristic

PLAYOUTS = 12  #: play-outs a decision (shared among the candidates)
CANDIDATES = 3  #: the heuristic's choice and up to this many minus one others
MAX_STEPS = 400  #: a play-out stops after this many actions even before the year ends (a guard)


class AttackSearch:
    """The search bot (see the module docstring)."""

    name = "search"

    def __init__(self, seed: int = 0, playouts: int = PLAYOUTS, candidates: int = CANDIDATES) -> None:
        self.seed = int(seed)
        self.playouts = max(1, int(playouts))
        self.candidates = max(1, int(candidates))
        self.reason = ""

    def choose(self, game: Any) -> Action:
        side = game.side
        view = game.view(side)
        legal = sorted((a for a in view.legal_actions() if not isinstance(a, Surrender)), key=view.sort_key)
        rng = random.Random(f"{self.seed}:{len(game.history)}")
        guide = AttackHeuristic(seed=rng.randrange(2 ** 31))
        first = guide.choose(view)
        options = pick_candidates(first, legal, self.candidates, rng)
        if len(options) <= 1:
            self.reason = f"{guide.reason} (no other candidate: no play-outs)"
            return first
        per = max(1, self.playouts // len(options))
        seeds = [rng.randrange(2 ** 31) for _ in range(per)]
        means = [sum(playout(view, side, a, s) for s in seeds) / per for a in options]
        best = max(range(len(options)), key=lambda i: (means[i], -i))  # ties: the earlier (heuristic first)
        action = options[best]
        made = per * len(options)
        if best == 0:
            self.reason = (f"{game.notation(action)}: the heuristic's choice held its own, mean {means[0]:+.2f} "
                           f"over {made} play-outs of {len(options)} candidates")
        else:
            self.reason = (f"{game.notation(action)}: mean {means[best]:+.2f} against the heuristic's "
                           f"{game.notation(first)} {means[0]:+.2f}, over {made} play-outs of {len(options)} candidates")
        return action


def pick_candidates(first: Action, legal: list[Action], k: int, rng: random.Random) -> list[Action]:
    """``first`` (the heuristic's choice), then one action of each other kind (the first word
    of its notation; kinds in a seeded order, the action within a kind seeded), then a seeded
    sample of the rest, ``k`` in all at most."""
    rest = [a for a in legal if a != first]
    kinds: dict[str, list[Action]] = {}
    for a in rest:
        kinds.setdefault(str(a).split()[0] if str(a) else "", []).append(a)
    first_kind = str(first).split()[0] if str(first) else ""
    order = [k_ for k_ in kinds if k_ != first_kind]
    rng.shuffle(order)
    picked = [first] + [rng.choice(kinds[k_]) for k_ in order]
    others = [a for a in rest if a not in picked]
    rng.shuffle(others)
    return (picked + others)[:k]


def playout(view: Any, side: str, action: Action, seed: int) -> float:
    """``action`` in ``view.determinized(seed)``, then the heuristic for every side to the end of
    the year (or of the game); the value for ``side`` (:func:`value`)."""
    sim = view.determinized(seed)
    year = sim.state.round
    sim.apply(action)
    bot = AttackHeuristic(seed=seed)
    steps = 0
    while not sim.is_over and sim.state.round == year and steps < MAX_STEPS:
        sim.apply(bot.choose(sim))
        steps += 1
    return value(sim, side)


def value(sim: Any, side: str) -> float:
    """``returns()`` once over; else ``2 * share - 1`` of the victory points of the sides in play."""
    if sim.is_over:
        return float(sim.returns()[side])
    s, table = sim.state, sim.rules.tables.victory
    points = {x: victory.points(s, x, table) for x in s.sides}
    total = sum(points.values())
    return 2 * points[side] / total - 1 if total else 0.0
