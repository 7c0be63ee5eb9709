"""Computer players. Every bot uses only the public API (``legal_actions``, ``apply``,
``copy``/``determinized`` for look-ahead) and never sees hidden information.

A bot is any object with ``name``, ``choose(game) -> Action`` and ``reason`` (one
sentence about its last choice, for the game log). Make one with :func:`make_bot`:

>>> import fortress
>>> from fortress.ai import make_bot
>>> game = fortress.new_game(seed=1)
>>> bot = make_bot("random", seed=1)
>>> game.explain(bot.choose(game)) is None
True
"""
from __future__ import annotations

import importlib
from typing import Protocol

from fortress.engine.actions import Action
from fortress.engine.dice import whole

#: bot name -> "module:class"
BOTS = {
    "random": "fortress.ai.random_bot:RandomBot",
    "heuristic": "fortress.ai.heuristic:HeuristicBot",
    "search": "fortress.ai.search:SearchBot",
}
BOT_NAMES = tuple(BOTS)


class Bot(Protocol):
    name: str
    reason: str

    def choose(self, game) -> Action: ...


def make_bot(name: str, seed: int = 0, **options) -> Bot:
    """A bot by name ("random", "heuristic", "search"), seeded."""
    if name not in BOTS:
        raise ValueError(f"unknown bot {name!r}; choose one of {', '.join(BOT_NAMES)}")
    module_name, cls = BOTS[name].split(":")
    return getattr(importlib.import_module(module_name), cls)(seed=whole(seed, "the seed"), **options)
