"""Computer players. Every bot uses only the public API (``legal_actions``, ``apply``,
``copy``/``determinized`` for look-ahead) and never sees hidden information.

A bot is any object with ``name``, ``choose(game) -> Action`` and ``reason`` (one
sentence about its last choice, for the game log). This package holds what every ruleset shares
(the random bot, the seats of :mod:`fortress.ai.seats`); a ruleset brings its own bots (its
``bots``: Fortress America's are in :mod:`fortress.rulesets.america.bots`). Make one with
:func:`make_bot`:

>>> import fortress
>>> from fortress.ai import make_bot
>>> game = fortress.new_game(seed=1)
>>> bot = make_bot("random", seed=1)
>>> game.explain(bot.choose(game)) is None
True
"""
from __future__ import annotations

import importlib
from collections.abc import Callable
from typing import Any, Protocol

from fortress.engine.actions import Action
from fortress.engine.dice import whole

#: the bots every ruleset may seat: name -> "module:class"
BOTS = {
    "random": "fortress.ai.random_bot:RandomBot",
}


class Bot(Protocol):
    name: str
    reason: str

    def choose(self, game) -> Action: ...


def in_play(game) -> None:
    """A bot asked to choose in a finished game says so (there is no legal action)."""
    if game.is_over:
        raise ValueError("the game is over: a bot has nothing to choose")


def _rules(ruleset: object) -> Any:
    """The :class:`~fortress.engine.rulesets.Ruleset` named or given (None: the default one)."""
    if not isinstance(ruleset, str) and ruleset is not None:
        return ruleset
    from fortress.engine import rulesets
    return rulesets.get(ruleset)


def bot_names(ruleset: object = None) -> tuple[str, ...]:
    """The bots a game of ``ruleset`` (a name or a Ruleset; None: the default ruleset,
    Fortress America) may seat: the ruleset's own first, then the shared ones it does not replace.

    >>> bot_names("attack"), bot_names()
    (('heuristic', 'search', 'random'), ('heuristic', 'search', 'random'))
    """
    own = tuple(getattr(_rules(ruleset), "bots", None) or {})
    return own + tuple(n for n in BOTS if n not in own)


def _made(found: Callable[..., Any] | str) -> Callable[..., Any]:
    """A ruleset's bot factory: given, or named as ``"module:attr"`` (imported on first use,
    as an entry point is, so a ruleset need not import its bots' layer)."""
    if not isinstance(found, str):
        return found
    module_name, attr = found.split(":")
    made: Callable[..., Any] = getattr(importlib.import_module(module_name), attr)
    return made


def make_bot(name: str, seed: int = 0, ruleset: object = None, **options) -> Bot:
    """A bot by name, seeded: the ruleset's own bot of that name first (its ``bots``; ``ruleset``
    is its name or the Ruleset, None the default ruleset, whose bots are "heuristic" and
    "search"), else a shared one ("random" plays every ruleset)."""
    own = getattr(_rules(ruleset), "bots", None) or {}
    factory = own.get(name) or BOTS.get(name)
    if factory is None:
        raise ValueError(f"unknown bot {name!r}; choose one of {', '.join(bot_names(ruleset))}")
    bot: Bot = _made(factory)(seed=whole(seed, "the seed"), **options)
    return bot
