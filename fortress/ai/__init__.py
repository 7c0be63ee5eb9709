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
from typing import Any, Protocol

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


def _rules(ruleset: object) -> Any:
    """The :class:`~fortress.engine.rulesets.Ruleset` named or given (None: none)."""
    if ruleset is None or not isinstance(ruleset, str):
        return ruleset
    from fortress.engine import rulesets
    return rulesets.get(ruleset)


def bot_names(ruleset: object = None) -> tuple[str, ...]:
    """The bots a game of ``ruleset`` (a name or a Ruleset; None: the shared bots) may seat:
    the ruleset's own first, then the shared ones it does not replace.

    >>> bot_names("attack")
    ('heuristic', 'search', 'random')
    """
    own = tuple(getattr(_rules(ruleset), "bots", None) or {})
    return own + tuple(n for n in BOT_NAMES if n not in own)


def make_bot(name: str, seed: int = 0, ruleset: object = None, **options) -> Bot:
    """A bot by name ("random", "heuristic", "search"), seeded. With ``ruleset`` (its name or
    the Ruleset) the ruleset's own bot of that name comes first (its ``bots``); "random"
    plays every ruleset."""
    own = getattr(_rules(ruleset), "bots", None) or {}
    if name in own:
        bot: Bot = own[name](seed=whole(seed, "the seed"), **options)
        return bot
    if name not in BOTS:
        known = bot_names(ruleset) if ruleset is not None else BOT_NAMES
        raise ValueError(f"unknown bot {name!r}; choose one of {', '.join(known)}")
    module_name, cls = BOTS[name].split(":")
    return getattr(importlib.import_module(module_name), cls)(seed=whole(seed, "the seed"), **options)
