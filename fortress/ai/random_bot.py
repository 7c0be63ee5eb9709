"""The baseline: a uniformly random legal action (never Surrender), seeded.

The options are sorted by notation first: the engine's order of legal actions can
vary between processes (it follows set order), and a seeded bot must not."""
from __future__ import annotations

import random

from fortress.ai import in_play
from fortress.engine.actions import Action, Surrender


class RandomBot:
    name = "random"

    def __init__(self, seed: int = 0) -> None:
        self.rng = random.Random(seed)
        self.reason = ""

    def choose(self, game) -> Action:
        in_play(game)
        options = sorted((a for a in game.legal_actions() if not isinstance(a, Surrender)), key=game.sort_key)
        action = self.rng.choice(options)
        self.reason = f"{game.notation(action)}: picked at random from {len(options)} legal actions."
        return action
