"""``search``: determinized flat Monte Carlo over turn plans, with heuristic rollouts.

The decision that shapes a turn is which territories to fight for and how hard. At the
first Declare decision of each of its turns the bot considers a handful of *plans*,
each a setting of the heuristic's knobs (declare threshold, attack threshold, how many
units follow into new ground). For each plan it plays the rest of the round many times
in determinized copies (``game.determinized``: the undrawn partisan cards and future
dice re-drawn, so nothing hidden is seen), its own side following the plan and every
other side the heuristic, and scores the position reached with a static evaluation
(cities captured, the value of each camp's forces, a win or loss). Plans share
determinization seeds (common random numbers) and are sampled by successive halving
within the time ``budget``. The best plan then drives the heuristic for the rest of
that turn; every other decision (placements, casualties, retreats...) is the
heuristic's, answered in milliseconds.
"""
from __future__ import annotations

import random
import time

from fortress.actions import Action, Surrender
from fortress.ai.common import VALUE
from fortress.ai.heuristic import HeuristicBot
from fortress.state import RULES
from fortress.units import INVADERS, US

#: name -> heuristic knobs (see :class:`HeuristicBot`); "fortify" and "counter-attack" matter to the U.S. only
PLANS: dict[str, dict] = {
    "balanced": {},
    "aggressive": {"declare": 0.15, "attack": 0.2},
    "cautious": {"declare": 0.5, "attack": 0.6},
    "spread out": {"fill": 1},
    "mass up": {"fill": 5},
    "fortify": {"declare": 0.6, "attack": 0.7, "guard": 1.5, "retake": 1.0},
    "counter-attack": {"guard": 0.25, "retake": 4.0},
}
WIN = 100.0


def evaluate(game, camp: str) -> float:
    """Static value of ``game`` for ``camp`` ("us" or "invaders"): the invaders' progress
    toward the captured-city target plus a small weight on the balance of forces."""
    if game.is_over:
        value = WIN if game.winner == "invaders" else -WIN
    else:
        s = game.state
        inv = us = 0
        for u in s.units.values():
            if u.side == US:
                us += VALUE[u.kind]
            else:
                inv += VALUE[u.kind]
        reserves = sum(VALUE[k] * n for side in INVADERS if side not in s.out for k, n in s.reserves[side].items())
        value = 3.0 * len(s.captured) + 0.1 * (inv + 0.5 * reserves - us)
        value += 2.0 * len(s.captured) * s.round / RULES["rounds"]  # late captures count more
    return value if camp == "invaders" else -value


class SearchBot:
    """Flat Monte Carlo over :data:`PLANS` at each turn's first Declare decision."""

    name = "search"

    def __init__(self, seed: int = 0, budget: float | None = 2.0, max_rollouts: int = 400) -> None:
        self.rng = random.Random(seed)
        self.budget = 2.0 if budget is None else budget
        self.max_rollouts = max_rollouts
        self.reason = ""
        self.default = HeuristicBot(seed=seed)
        self.turn_bot: HeuristicBot | None = None
        self.turn_key: tuple | None = None
        self.last_search: dict = {}

    def choose(self, game) -> Action:
        key = (game.round, game.state.turn)
        if game.side == game.state.turn and game.phase == "declare" and self.turn_key != key:
            self.turn_key, self.turn_bot = key, self._search(game)
        bot = self.turn_bot if (self.turn_key == key and game.side == game.state.turn) else self.default
        action = bot.choose(game)
        if isinstance(action, Surrender):  # the heuristic never surrenders; keep it that way
            action = next(a for a in game.legal_actions() if not isinstance(a, Surrender))
        self.reason = bot.reason
        if bot is self.turn_bot and self.last_search.get("plan"):
            self.reason = f"{bot.reason.rstrip('.')} ({self.last_search['plan']} plan, {self.last_search['why']})."
        return action

    # -- the search ------------------------------------------------------------------------
    def _search(self, game) -> HeuristicBot:
        deadline = time.perf_counter() + self.budget
        side = game.side
        camp = "us" if side == US else "invaders"
        plans = [p for p in PLANS if camp == "us" or "guard" not in PLANS[p]]
        totals = dict.fromkeys(plans, 0.0)
        counts = dict.fromkeys(plans, 0)
        seeds = [self.rng.getrandbits(62) for _ in range(self.max_rollouts)]
        alive, i, batch = list(plans), 0, 0
        while i < len(seeds) and time.perf_counter() < deadline:
            for plan in alive:  # each plan meets the same determinization (common random numbers)
                totals[plan] += self._rollout(game, side, camp, plan, seeds[i])
                counts[plan] += 1
                if time.perf_counter() >= deadline:
                    break
            i += 1
            batch += 1
            if batch >= 3 and len(alive) > 2:  # successive halving: drop the weaker half
                alive = sorted(alive, key=lambda p: -totals[p] / max(counts[p], 1))[: max(2, len(alive) // 2)]
                batch = 0
        best = max(plans, key=lambda p: (counts[p] == max(counts.values()), totals[p] / max(counts[p], 1)))
        mean = totals[best] / max(counts[best], 1)
        runs = sum(counts.values())
        self.last_search = {"plan": best, "rollouts": runs, "value": mean,
                            "why": f"best of {len(plans)} plans over {runs} rollouts, value {mean:+.1f}"}
        return HeuristicBot(seed=self.rng.getrandbits(32), **PLANS[best])

    def _rollout(self, game, side: str, camp: str, plan: str, seed: int) -> float:
        """Play ``plan`` for ``side`` to the end of its turn, the heuristic elsewhere, until
        ``side``'s next turn; return the evaluation for ``camp``."""
        sim = game.determinized(seed)
        start = sim.round
        own = HeuristicBot(seed=seed, **PLANS[plan])
        other = HeuristicBot(seed=seed + 1)
        while not sim.is_over:
            turn = sim.state.turn
            if sim.round > start and turn == side:
                break
            bot = own if (turn == side and sim.round == start and sim.side == side) else other
            sim.apply(bot.choose(sim))
        return evaluate(sim, camp)
