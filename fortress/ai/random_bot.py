"""The baseline: a uniformly random legal action (never Surrender), seeded."""
from __future__ import annotations

import random

from fortress.actions import Action, Surrender


class RandomBot:
    name = "random"

    def __init__(self, seed: int = 0) -> None:
        self.rng = random.Random(seed)
        self.reason = ""

    def choose(self, game) -> Action:
        options = [a for a in game.legal_actions() if not isinstance(a, Surrender)]
        action = self.rng.choice(options)
        self.reason = f"{action}: picked at random from {len(options)} legal actions."
        return action
